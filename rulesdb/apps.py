"""App configuration: registers the search index refresh after every import."""
from django.apps import AppConfig


class RulesdbConfig(AppConfig):
    name = "rulesdb"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import search, services

        if search.index_refresh_after_import not in services.post_import_hooks:
            services.post_import_hooks.append(search.index_refresh_after_import)
