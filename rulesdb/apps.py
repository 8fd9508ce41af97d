"""App configuration: what runs after every import (change report, search index, translations' alignment),
and after an edit of the search vocabulary (glossary, synonyms)."""
from django.apps import AppConfig


def alignments_refresh_after_import(document) -> None:
    """Align a published rules document with its translations, so the reader's
    other-language link never computes an alignment inside a page view."""
    from .models import Document
    from .translation import alignment, terminology

    if not document.published or document.kind != "cr":
        return
    others = Document.objects.published().filter(game=document.game, kind="cr").exclude(language=document.language)
    for other in others:
        left, right = (document, other) if document.language == "it" else (other, document)
        # The translation QA of the new alignment too: its page then answers from the cache.
        terminology.qa_run(alignment=alignment.alignment_compute(left=left, right=right))


def change_report_after_import(document) -> None:
    """An unpublished new version gets a change report against the newest published
    version of its series, for staff to review."""
    from .translation.changes import change_report_create

    if not document.published:
        change_report_create(new=document)


def search_vocabulary_changed(sender, **kwargs) -> None:
    """A glossary term or synonym was saved or deleted (the admin): search reads them again."""
    from . import search

    search.glossary_cache_clear()


class RulesdbConfig(AppConfig):
    name = "rulesdb"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from . import search, services
        from .models import BilingualTerm, SearchSynonym

        for model in (BilingualTerm, SearchSynonym):
            post_save.connect(search_vocabulary_changed, sender=model, dispatch_uid=f"search-vocabulary-save-{model.__name__}")
            post_delete.connect(search_vocabulary_changed, sender=model, dispatch_uid=f"search-vocabulary-delete-{model.__name__}")
        for hook in (change_report_after_import, search.index_refresh_after_import, alignments_refresh_after_import):
            if hook not in services.post_import_hooks:
                services.post_import_hooks.append(hook)
