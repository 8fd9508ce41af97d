"""App configuration: what runs after an edit of the search vocabulary (glossary, synonyms).

What follows an import or a publication (change report, alignments, search index) is no signal:
the services call publication.document_pipeline_run."""
from django.apps import AppConfig


def search_vocabulary_changed(sender, **kwargs) -> None:
    """A glossary term or synonym was saved or deleted (the admin): search reads them again."""
    from . import search

    search.glossary_cache_clear()


class RulesdbConfig(AppConfig):
    name = "rulesdb"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from .models import BilingualTerm, SearchSynonym

        for model in (BilingualTerm, SearchSynonym):
            post_save.connect(search_vocabulary_changed, sender=model, dispatch_uid=f"search-vocabulary-save-{model.__name__}")
            post_delete.connect(search_vocabulary_changed, sender=model, dispatch_uid=f"search-vocabulary-delete-{model.__name__}")
