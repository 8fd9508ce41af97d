"""manage.py prune_scenarios [--days N]: remove unsaved anonymous boards, expired sessions, unused states."""
from django.core.management.base import BaseCommand, CommandError

from judgeapp.sandbox import housekeeping


class Command(BaseCommand):
    help = ("Delete sandbox boards with no owning user, no title and no ruling question that nobody has touched "
            "for --days days (default 30), expired sessions, and stored states no board uses. Run it daily.")

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=30, help="Age in days of the oldest board kept (default 30).")

    def handle(self, *args, days: int, **options):
        if days < 1:
            raise CommandError("--days must be at least 1")
        counts = housekeeping.scenario_prune(older_than_days=days)
        self.stdout.write(f"pruned {counts['scenarios']} boards, {counts['sessions']} expired sessions, "
                          f"{counts['state_texts']} unused stored states")
