"""Admin for sandbox scenarios: metadata editable, engine data read-only."""
from django.contrib import admin

from .models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "example", "owner", "updated")
    list_filter = ("status",)
    search_fields = ("title", "question", "description")
    readonly_fields = ("id", "share_token", "forked_from", "definition", "tree", "last_run", "created", "updated")
    exclude = ("owner_token",)
