"""Admin: the bilingual glossary and the search synonyms are edited here; documents are
read-only records of imports. Search picks up an edit at once in this process, and within
30 seconds in the others."""
from django.contrib import admin

from .models import BilingualTerm, ChangeReport, Document, Game, QADismissal, SearchSynonym


@admin.register(BilingualTerm)
class BilingualTermAdmin(admin.ModelAdmin):
    list_display = ("english", "italian", "forbidden", "context", "game")
    list_filter = ("game",)
    search_fields = ("english", "italian")


@admin.register(QADismissal)
class QADismissalAdmin(admin.ModelAdmin):
    """Dismissed translation QA findings (the QA page lists and undoes them too)."""

    list_display = ("key", "reason", "dismissed_by", "created_at", "english", "italian")
    search_fields = ("key", "reason")


@admin.register(SearchSynonym)
class SearchSynonymAdmin(admin.ModelAdmin):
    list_display = ("__str__", "language", "game", "note")
    list_filter = ("language", "game")
    search_fields = ("terms", "note")


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("slug", "game", "language", "version", "date", "published")
    list_filter = ("game", "language", "published")
    # Publishing runs the version pipeline (publication.document_publish): done from the change
    # report's page, never by ticking a box here.
    readonly_fields = ("source_sha256", "imported_at", "report", "published")


admin.site.register(Game)
admin.site.register(ChangeReport)
