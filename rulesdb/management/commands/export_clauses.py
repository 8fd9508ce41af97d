"""export_clauses SLUG: TSV of every clause in document order (format: docs/commands.md)."""

from rulesdb import selectors

from ._document_arg import document_from_slug
from ._export import ExportCommand


class Command(ExportCommand):
    help = "Print the clauses of a document as TSV: id, number, parent, kind, title, text."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--include-unprinted", action="store_true",
            help="Also list derived headings and clauses whose number was inferred (not printed in the source).",
        )

    def handle(self, *args, **options):
        document = document_from_slug(options["slug"])
        for row in selectors.clauses_tsv(
            document=document, include_unprinted=options["include_unprinted"]
        ):
            self.stdout.write(row)
