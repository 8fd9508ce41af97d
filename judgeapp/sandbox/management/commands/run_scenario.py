"""``python manage.py run_scenario FILE... [--json]``: run rules-engine scenarios.

A thin wrapper: all the work is in :mod:`engine.scenario` (which also runs
without Django as ``python -m engine.scenario``).
"""

from django.core.management.base import BaseCommand, CommandError

from engine.core.scenario import run_files


class Command(BaseCommand):
    help = "Run engine scenarios (of any installed game); prints each expectation and exits non-zero on failure."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="scenario JSON files")
        parser.add_argument("--json", action="store_true", help="print the final states and event logs as JSON")

    def handle(self, *args, **options):
        self.stdout.ending = ""  # print() already ends lines
        code = run_files(options["files"], options["json"], self.stdout)
        if code:
            raise CommandError("one or more scenarios failed")
