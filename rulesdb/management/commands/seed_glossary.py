"""seed_glossary: load the bilingual glossary (English → Italian game terms) into BilingualTerm.

The glossary files are `rulesdb/sources/glossary-<game slug>.json`, one per
game, each a JSON list of entries:

    [
      {
        "english": "drive check",
        "italian": ["controllo d'assalto", "verificare l'assalto"],
        "forbidden": [],
        "note": ""
      }
    ]

- `english`: the term as the English rules print it (unique per game).
- `italian`: accepted Italian translations, the preferred one first.
- `forbidden`: Italian variants found in the Italian texts that translators
  must not use any more (search still finds them, QA flags them).
- `note`: free text for translators (optional).
- `context`: English phrases that tell this sense of a word apart
  (optional): `draw (result)` with `["ends in a draw"]` is matched only
  there, so translation QA does not read that draw as pescare. The part in
  brackets only names the sense.
- `forms`: Italian forms a stemmer cannot relate to their word, mapped to
  the accepted translation they are a form of (optional):
  `{"mosso": "muovere"}`, an irregular participle; `{"combattere":
  "battaglia"}`, the verb of a noun. QA counts them as that translation.

Search uses the table for cross-language query expansion; translation QA
reads the same table. The admin edits the table; this command creates or
updates the entries of the files (by game and English term) and never
deletes an entry added in the admin.

It also loads the search synonyms, `rulesdb/sources/search-synonyms.json`, into
SearchSynonym: words a judge types that the rules say otherwise, in one
language, for every game:

    [{"language": "en", "terms": ["tap", "rest"], "note": "Magic's word for resting a card"},
     {"language": "en", "game": "vanguard", "terms": ["CB", "counter blast"], "note": "judges' shorthand"}]

- `language`: `it` or `en`; `terms`: two or more words or phrases, any of
  which also searches for the others; `game` (optional): the slug of the game
  whose players say it (judges' words), so a query using it ranks that game's
  rules first. An entry is matched to the database by its language, game and
  first term. No group may hold a word and its opposite (stand and rest, win
  and lose): tests/rulesdb/search/antonyms.json lists the pairs a test checks.

With `--if-empty`, the groups of the file that the table lacks are added (a
new release's judges' words reach a running site) and existing ones are left
as edited; to retire a group for good, delete it in the admin and from the file.
"""
from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rulesdb import search
from rulesdb.models import BilingualTerm, Game, SearchSynonym
from rulesdb.services import SOURCES_DIR


def glossary_files() -> dict[str, Path]:
    """Game slug → its glossary file."""
    return {p.stem.removeprefix("glossary-"): p for p in sorted(SOURCES_DIR.glob("glossary-*.json"))}


def glossary_entries_read(path: Path) -> list[dict]:
    """The entries of one glossary file, checked; raises ValueError saying what is wrong."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path.name}: expected a JSON list of entries")
    entries, seen = [], set()
    for i, entry in enumerate(data, start=1):
        english = str(entry.get("english", "")).strip() if isinstance(entry, dict) else ""
        italian = entry.get("italian") if isinstance(entry, dict) else None
        forbidden = entry.get("forbidden", []) if isinstance(entry, dict) else None
        if not english or not isinstance(italian, list) or not italian or not isinstance(forbidden, list):
            raise ValueError(f"{path.name}: entry {i} needs 'english' and a non-empty 'italian' list")
        if english.casefold() in seen:
            raise ValueError(f"{path.name}: entry {i}: {english!r} is listed twice")
        seen.add(english.casefold())
        entries.append(
            dict(
                english=english,
                italian=[str(t).strip() for t in italian if str(t).strip()],
                forbidden=[str(t).strip() for t in forbidden if str(t).strip()],
                note=str(entry.get("note", ""))[:300],
                context=[str(t).strip() for t in entry.get("context", []) if str(t).strip()],
                forms={str(k).strip(): str(v).strip() for k, v in dict(entry.get("forms", {})).items() if str(k).strip()},
            )
        )
    return entries


SYNONYMS_FILE = "search-synonyms.json"


def synonyms_read(path: Path) -> list[dict]:
    """The entries of the synonyms file, checked; raises ValueError naming the entry at fault."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path.name}: expected a JSON list of entries")
    languages = {code for code, _ in SearchSynonym.LANGUAGE_CHOICES}
    entries, seen = [], set()
    for i, entry in enumerate(data, start=1):
        if not isinstance(entry, dict):
            raise ValueError(f"{path.name}: entry {i} is not an object")
        language = entry.get("language")
        terms = entry.get("terms")
        if language not in languages:
            raise ValueError(f"{path.name}: entry {i}: language must be one of {sorted(languages)}")
        if not isinstance(terms, list) or len([t for t in terms if str(t).strip()]) < 2:
            raise ValueError(f"{path.name}: entry {i}: 'terms' must list at least two words or phrases")
        terms = [str(t).strip() for t in terms if str(t).strip()]
        game = entry.get("game") or ""
        if not isinstance(game, str):
            raise ValueError(f"{path.name}: entry {i}: 'game' must be a game's slug")
        key = (language, game, terms[0].casefold())
        if key in seen:
            raise ValueError(f"{path.name}: entry {i}: {terms[0]!r} ({language}) is listed twice")
        seen.add(key)
        entries.append(dict(language=language, game=game, terms=terms, note=str(entry.get("note", ""))[:300]))
    return entries


def synonyms_seed(*, if_empty: bool = False) -> int | None:
    """Create or update SearchSynonym rows from the synonyms file; None when skipped."""
    path = SOURCES_DIR / SYNONYMS_FILE
    if not path.exists():
        return None
    entries = synonyms_read(path)
    games = {g.slug: g for g in Game.objects.all()}
    unknown = sorted({e["game"] for e in entries if e["game"] and e["game"] not in games})
    if unknown:
        raise ValueError(f"{path.name}: no game {', '.join(unknown)}; load the documents first (load_rules)")
    existing = {
        (s.language, s.game.slug if s.game else "", s.terms[0].casefold()): s
        for s in SearchSynonym.objects.select_related("game")
        if s.terms
    }
    written = 0
    with transaction.atomic():
        for entry in entries:
            key = (entry["language"], entry["game"], entry["terms"][0].casefold())
            row = existing.get(key)
            if row is not None and if_empty:
                continue  # edited in the admin, perhaps: left alone
            row = row or SearchSynonym(language=entry["language"], game=games.get(entry["game"]))
            row.terms, row.note = entry["terms"], entry["note"]
            row.save()
            written += 1
    search.glossary_cache_clear()
    return None if if_empty and not written else written


def glossary_seed(*, if_empty: bool = False) -> dict[str, int]:
    """Create or update BilingualTerm rows from every glossary file; returns game → entries written."""
    written: dict[str, int] = {}
    for game_slug, path in glossary_files().items():
        try:
            game = Game.objects.get(slug=game_slug)
        except Game.DoesNotExist:
            raise ValueError(f"{path.name}: no game {game_slug!r}; load the documents first (load_rules)") from None
        if if_empty and BilingualTerm.objects.filter(game=game).exists():
            continue
        entries = glossary_entries_read(path)
        with transaction.atomic():
            for entry in entries:
                BilingualTerm.objects.update_or_create(
                    game=game,
                    english=entry["english"],
                    defaults={k: entry[k] for k in ("italian", "forbidden", "note", "context", "forms")},
                )
        written[game_slug] = len(entries)
    search.glossary_cache_clear()
    return written


class Command(BaseCommand):
    help = "Load the bilingual glossary files (rulesdb/sources/glossary-*.json) and the search synonyms into the database."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true",
            help="Skip a game that already has glossary entries; add only the synonym groups the table lacks.",
        )

    def handle(self, *args, **options):
        try:
            written = glossary_seed(if_empty=options["if_empty"])
            synonyms = synonyms_seed(if_empty=options["if_empty"])
        except (ValueError, json.JSONDecodeError) as error:
            raise CommandError(str(error)) from None
        if not written:
            self.stdout.write("glossary already loaded; nothing to do")
        for game, count in written.items():
            self.stdout.write(f"{game}: {count} glossary entries")
        if synonyms is None:
            self.stdout.write("search synonyms already loaded; nothing to do")
        else:
            self.stdout.write(f"{synonyms} search synonym groups")
        if written:
            self.stdout.write(f"translation QA computed for {qa_warm()} aligned pair(s) of documents")


def qa_warm() -> int:
    """Compute the translation QA of the stored English/Italian alignments with the glossary just
    written, so the QA pages answer from the cache instead of the first visitor waiting for it."""
    from rulesdb.models import Alignment
    from rulesdb.translation import terminology

    warmed = 0
    for alignment in Alignment.objects.select_related("left", "right"):
        if {alignment.left.language, alignment.right.language} == {"en", "it"}:
            terminology.qa_run(alignment=alignment)
            warmed += 1
    return warmed
