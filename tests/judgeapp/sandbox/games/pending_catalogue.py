"""The Italian catalogue as the lead's merge will make it: locale/it's entries, and the Italian of the strings an
engineer's branch added in locale/pending/*.po (docs/translations.md) where the catalogue has none yet.

A test that reads a new string in Italian passes on the branch that adds it and after the merge alike (the pending
files are then gone and the catalogue has the entries)."""
from __future__ import annotations

from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

LOCALE = Path(settings.BASE_DIR) / "locale"


def pending_entries() -> dict[str, polib.POEntry]:
    """msgid -> its entry in the pending files (translated ones only)."""
    out = {}
    for path in sorted((LOCALE / "pending").glob("*.po")) if (LOCALE / "pending").is_dir() else ():
        if path.name.endswith("-js.po"):
            continue
        for entry in polib.pofile(str(path)):
            if (entry.msgstr or any(entry.msgstr_plural.values())) and not entry.obsolete:
                out.setdefault(entry.msgid, entry)
    return out


def italian(msgid: str) -> str | None:
    """The Italian of ``msgid`` in the catalogue or, failing that, in a pending file."""
    for entry in polib.pofile(str(LOCALE / "it" / "LC_MESSAGES" / "django.po")):
        if entry.msgid == msgid and entry.msgstr and not entry.obsolete and "fuzzy" not in entry.flags:
            return entry.msgstr
    found = pending_entries().get(msgid)
    return found.msgstr if found else None


@pytest.fixture
def merged_catalogue(tmp_path):
    """LOCALE_PATHS pointed at a copy of the catalogues with the pending entries added, compiled."""
    for language in ("it", "en"):
        (tmp_path / language / "LC_MESSAGES").mkdir(parents=True)
        for domain in ("django", "djangojs"):
            po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
            if language == "it" and domain == "django":
                known = {(e.msgctxt, e.msgid) for e in po if e.msgstr}
                for msgid, entry in pending_entries().items():
                    if (entry.msgctxt, msgid) not in known:  # a context makes another entry of the same words
                        po.append(polib.POEntry(msgid=msgid, msgstr=entry.msgstr, flags=list(entry.flags),
                                                msgctxt=entry.msgctxt, msgid_plural=entry.msgid_plural,
                                                msgstr_plural=dict(entry.msgstr_plural)))
            po.save_as_mofile(str(tmp_path / language / "LC_MESSAGES" / f"{domain}.mo"))
    from judgeapp.sandbox import engine_words, wording

    def forget() -> None:  # sentences worked out with the other catalogue
        engine_words._in_language.cache_clear()
        wording._SENTENCES.clear()

    forget()
    with override_settings(LOCALE_PATHS=[tmp_path]):
        yield
    forget()
    translation.activate(settings.LANGUAGE_CODE)
