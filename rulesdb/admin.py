"""Admin: the bilingual glossary is edited here; documents are read-only records of imports."""
from django.contrib import admin

from .models import BilingualTerm, ChangeReport, Document, Game


@admin.register(BilingualTerm)
class BilingualTermAdmin(admin.ModelAdmin):
    list_display = ("english", "italian", "forbidden", "game")
    list_filter = ("game",)
    search_fields = ("english", "italian")


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("slug", "game", "language", "version", "date", "published")
    list_filter = ("game", "language", "published")
    readonly_fields = ("source_sha256", "imported_at", "report")


admin.site.register(Game)
admin.site.register(ChangeReport)
