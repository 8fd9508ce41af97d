"""align_documents LEFT RIGHT: compute and store the alignment now, print the counts by status."""
from django.core.management.base import BaseCommand, CommandError

from rulesdb.translation import alignment

from ._document_arg import document_from_slug


class Command(BaseCommand):
    help = "Compute and store the alignment of two documents of one game; print the pairs by status."

    def add_arguments(self, parser):
        parser.add_argument("left")
        parser.add_argument("right")

    def handle(self, *args, **options):
        left = document_from_slug(options["left"])
        right = document_from_slug(options["right"])
        try:
            stored = alignment.alignment_compute(left=left, right=right)
        except alignment.AlignmentError as error:
            raise CommandError(str(error)) from None
        for status, count in alignment.alignment_counts(alignment=stored).items():
            self.stdout.write(f"{status}\t{count}")
