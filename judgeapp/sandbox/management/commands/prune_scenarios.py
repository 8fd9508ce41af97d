"""manage.py prune_scenarios [--days N] [--no-vacuum]: remove the boards nobody changed or opened for N days
(forks included), expired sessions and unused states, then give the space back (docs/deploy.md: daily)."""
from django.core.management.base import BaseCommand, CommandError

from judgeapp.sandbox import housekeeping


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


class Command(BaseCommand):
    help = ("Delete sandbox boards no user owns that nobody has changed or opened for --days days (default 60), "
            "forks included, expired sessions and stored states no board uses; then VACUUM the database to give "
            "the space back. Run it daily.")

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=60,
                            help="Boards changed or opened within this many days are kept (default 60).")
        parser.add_argument("--no-vacuum", action="store_true",
                            help="Delete only; leave the freed space inside the database file.")

    def handle(self, *args, days: int, no_vacuum: bool, **options):
        if days < 1:
            raise CommandError("--days must be at least 1")
        counts = housekeeping.scenario_prune(older_than_days=days)
        self.stdout.write(f"removed {counts['scenarios']} boards not changed or opened for {days} days "
                          f"({counts['forks']} of them forks), {counts['sessions']} expired sessions, "
                          f"{counts['state_texts']} stored states no board uses")
        if no_vacuum:
            return
        compaction = housekeeping.database_compact()
        if not compaction.done:
            self.stdout.write(compaction.note)
        elif compaction.before is not None and compaction.after is not None:
            self.stdout.write(f"database {_megabytes(compaction.before)} -> {_megabytes(compaction.after)}: "
                              f"{_megabytes(max(0, compaction.before - compaction.after))} reclaimed")
