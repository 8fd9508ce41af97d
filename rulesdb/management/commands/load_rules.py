"""load_rules: import the vendored documents, or one new document/version from a file."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulesdb import services


class Command(BaseCommand):
    help = "Load the vendored rule documents (all by default), or import --file as a new document or version."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # `--version V` names the document version (an interface); it replaces
        # Django's own --version flag for this command.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help="Vendored document slugs (default: all).")
        parser.add_argument("--if-missing", action="store_true", help="Skip documents already loaded.")
        parser.add_argument("--file", help="Import this file instead of a vendored document.")
        parser.add_argument("--slug")
        parser.add_argument("--game", help="Game slug: vanguard, weiss-schwarz, altered.")
        parser.add_argument("--language")
        parser.add_argument("--version", dest="doc_version", default="")
        parser.add_argument("--kind", choices=["cr", "playbook"])
        parser.add_argument("--family", help="Parser family (default: from game and kind).")
        parser.add_argument("--date", help="Publication date, YYYY-MM-DD.")
        parser.add_argument("--title", default="")
        parser.add_argument("--unpublished", action="store_true", help="Import for review; not shown until published.")

    def handle(self, *args, **options):
        try:
            if options["file"]:
                document = self._import_file(options)
                self.stdout.write(f"{document.slug}: {document.clauses.count()} clauses")
                return
            for document in services.vendored_load(slugs=options["slugs"], if_missing=options["if_missing"]):
                self.stdout.write(f"{document.slug}: {document.clauses.count()} clauses")
        except services.RulesImportError as error:
            where = f"{options['file']}:{error.line}: " if options.get("file") and error.line else ""
            if not options.get("file") and error.line:
                where = f"line {error.line}: "
            raise CommandError(f"{where}{error.message}") from None

    def _import_file(self, options) -> "services.Document":
        missing = [f"--{name}" for name in ("slug", "game", "language", "kind") if not options[name]]
        if missing:
            raise CommandError(f"--file needs {', '.join(missing)}")
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        family = options["family"] or _default_family(options["game"], options["kind"])
        date = None
        if options["date"]:
            try:
                date = dt.date.fromisoformat(options["date"])
            except ValueError:
                raise CommandError(f"--date {options['date']!r}: expected YYYY-MM-DD") from None
        spec = services.DocumentSpec(
            slug=options["slug"],
            game=options["game"],
            kind=options["kind"],
            language=options["language"],
            version=options["doc_version"],
            family=family,
            title=options["title"],
            date=date,
            file=path.name,
        )
        size = path.stat().st_size
        limit = services.settings.RULES_MAX_UPLOAD_BYTES
        if size > limit:
            raise CommandError(f"{path}: the file is {size / 1_048_576:.1f} MB; the limit is {limit / 1_048_576:.1f} MB")
        try:
            return services.ruleset_import(spec=spec, data=path.read_bytes(), published=not options["unpublished"])
        except services.RulesImportError as error:
            raise CommandError(f"{path}:{error.line}: {error.message}" if error.line else f"{path}: {error.message}") from None


def _default_family(game: str, kind: str) -> str:
    families = {
        ("vanguard", "cr"): "vanguard-cr",
        ("vanguard", "playbook"): "vanguard-playbook",
        ("weiss-schwarz", "cr"): "weiss-cr",
        ("altered", "cr"): "altered-cr",
    }
    if (game, kind) not in families:
        raise CommandError(f"no parser for game {game!r} kind {kind!r}; pass --family")
    return families[(game, kind)]
