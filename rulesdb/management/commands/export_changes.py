"""export_changes OLD NEW: TSV of what changed between two versions (format: docs/commands.md)."""
from django.core.management.base import CommandError

from rulesdb.translation import changes

from ._document_arg import document_from_slug
from ._export import ExportCommand


class Command(ExportCommand):
    help = "Print the changes between two versions of a document as TSV: change, old_number, new_number, detail."

    def add_arguments(self, parser):
        parser.add_argument("old")
        parser.add_argument("new")

    def handle(self, *args, **options):
        old = document_from_slug(options["old"])
        new = document_from_slug(options["new"])
        if old.game_id != new.game_id or old.language != new.language:
            raise CommandError(f"{old.slug} and {new.slug} are not versions of one document (game and language differ)")
        for row in changes.changes_tsv(changes=changes.changes_compute(old=old, new=new)):
            self.stdout.write(row)
