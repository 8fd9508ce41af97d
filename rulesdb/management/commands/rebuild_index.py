"""rebuild_index: rebuild the search index into a fresh directory and swap it in."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from rulesdb import search


class Command(BaseCommand):
    help = "Rebuild the clause search index (atomically replaces the current one)."

    def add_arguments(self, parser):
        parser.add_argument("--if-missing", action="store_true", help="Do nothing when an index already exists.")

    def handle(self, *args, **options):
        if options["if_missing"] and search.index_exists():
            self.stdout.write(f"search index present in {search.index_root()}; nothing to do")
            return
        info = search.index_rebuild()
        self.stdout.write(f"indexed {info.clauses} clauses in {info.seconds:.1f} s into {info.path}")
