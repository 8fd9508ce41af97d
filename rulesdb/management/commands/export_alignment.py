"""export_alignment LEFT RIGHT: TSV of the clause alignment of two documents (format: docs/commands.md)."""
from django.core.management.base import CommandError

from rulesdb.translation import alignment

from ._document_arg import document_from_slug
from ._export import ExportCommand


class Command(ExportCommand):
    help = "Print the alignment of two documents of one game as TSV: left_id, left_number, right_id, right_number, status, score."

    def add_arguments(self, parser):
        parser.add_argument("left")
        parser.add_argument("right")

    def handle(self, *args, **options):
        left = document_from_slug(options["left"])
        right = document_from_slug(options["right"])
        try:
            rows = alignment.alignment_tsv(left=left, right=right)
        except alignment.AlignmentError as error:
            raise CommandError(str(error)) from None
        for row in rows:
            self.stdout.write(row)
