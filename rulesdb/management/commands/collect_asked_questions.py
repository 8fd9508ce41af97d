"""collect_asked_questions: gather the rulings' questions into rulesdb/sources/search-asked.json (rulesdb.search.asked)."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulesdb.search.asked import ASKED_PATH, asked_collect, asked_documents

DEFAULT_FOLDERS = ("tests/scenarios", "judgeapp/sandbox/examples")


class Command(BaseCommand):
    help = ("Collect the questions the ruling scenarios and worked examples decide, with the clauses they name, "
            "into the search's table of questions asked (rebuild the index afterwards).")

    def add_arguments(self, parser):
        parser.add_argument("folders", nargs="*", help=f"Folders of ruling files (default: {', '.join(DEFAULT_FOLDERS)}).")
        parser.add_argument("--output", default=str(ASKED_PATH), help="Where to write the table.")
        parser.add_argument("--check", action="store_true",
                            help="Write nothing; fail if the table is not what the folders hold now.")

    def handle(self, *args, **options):
        base = Path(settings.BASE_DIR)
        folders = [Path(f) if Path(f).is_absolute() else base / f for f in (options["folders"] or DEFAULT_FOLDERS)]
        missing = [str(f) for f in folders if not f.is_dir()]
        if missing:
            raise CommandError(f"no such folder: {', '.join(missing)}")
        documents = asked_documents()
        if not documents:
            raise CommandError("no rules are loaded: a ruling's clause numbers need their game's document (load_rules first)")
        table = asked_collect(folders, documents)
        # One question a line: a new ruling is a one-line change in review.
        lines = ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in table["questions"])
        text = f'{{"format": {json.dumps(table["format"])}, "questions": [\n{lines}\n]}}\n'
        output = Path(options["output"])
        if options["check"]:
            if not output.exists() or output.read_text(encoding="utf-8") != text:
                raise CommandError(f"{output} is not up to date: run manage.py collect_asked_questions")
            self.stdout.write(f"{output}: up to date ({len(table['questions'])} questions)")
            return
        output.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {len(table['questions'])} questions to {output}")
