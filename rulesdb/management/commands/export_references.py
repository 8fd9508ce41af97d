"""export_references SLUG: TSV of every reference (format: docs/commands.md)."""

from rulesdb import selectors

from ._document_arg import document_from_slug
from ._export import ExportCommand


class Command(ExportCommand):
    help = "Print the references of a document as TSV: source_id, source_number, raw, target_number, resolved_id."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, **options):
        document = document_from_slug(options["slug"])
        for row in selectors.references_tsv(document=document):
            self.stdout.write(row)
