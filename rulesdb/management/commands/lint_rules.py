"""lint_rules SLUG: clause counts by kind and depth, and numbering anomalies with their lines."""

from rulesdb import lint

from ._document_arg import document_from_slug
from ._export import ExportCommand


class Command(ExportCommand):
    help = "Report clause counts (by kind and depth) and anomalies: misprinted numbers, duplicates, out-of-order numbers, gaps, missing parents, lists announced and lost, misdirected and dangling references; derived and inferred clauses."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, **options):
        document = document_from_slug(options["slug"])
        report = lint.document_lint(document=document)
        out = self.stdout
        out.write(f"document\t{document.slug}")
        out.write(f"clauses\t{sum(report.by_kind.values())}")
        for kind, count in sorted(report.by_kind.items()):
            out.write(f"kind\t{kind}\t{count}")
        for depth, count in sorted(report.by_depth.items()):
            out.write(f"depth\t{depth}\t{count}")
        for (kind, depth), count in sorted(report.by_kind_depth.items()):
            out.write(f"kind-depth\t{kind}\t{depth}\t{count}")
        dropped = document.report.get("dropped", [])
        out.write(f"lines\ttotal {document.report.get('total_lines', 0)}\tclaimed {document.report.get('claimed', 0)}"
                  f"\tdropped {len(dropped)}\tlost {len(document.report.get('lost', []))}")
        out.write(f"lost-icons\t{document.report.get('lost_icons', 0)}")
        out.write(f"anomalies\t{len(report.anomalies)}")
        for anomaly in report.anomalies:
            out.write(f"{anomaly.kind}\t{anomaly.number}\tline {anomaly.line}\t{anomaly.detail}")
        out.write(f"unprinted\t{len(report.unprinted)}")
        for clause in report.unprinted:
            if clause.origin == "derived":
                detail = f"heading derived from the numbering: {clause.title or '(untitled)'}"
            else:
                detail = "number inferred from the sequence; printed without one"
            out.write(f"{clause.origin}\t{clause.number}\tline {clause.line_start}\t{detail}")
