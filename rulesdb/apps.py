"""App configuration: what runs after every import (search index, translations' alignment)."""
from django.apps import AppConfig


def alignments_refresh_after_import(document) -> None:
    """Align a published rules document with its translations, so the reader's
    other-language link never computes an alignment inside a page view."""
    from . import alignment
    from .models import Document

    if not document.published or document.kind != "cr":
        return
    others = Document.objects.published().filter(game=document.game, kind="cr").exclude(language=document.language)
    for other in others:
        left, right = (document, other) if document.language == "it" else (other, document)
        alignment.alignment_compute(left=left, right=right)


class RulesdbConfig(AppConfig):
    name = "rulesdb"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import search, services

        for hook in (search.index_refresh_after_import, alignments_refresh_after_import):
            if hook not in services.post_import_hooks:
                services.post_import_hooks.append(hook)
