"""Generated next versions (benchmarks/_synthetic_versions.py), a few representative ones: the change report
says exactly what the generator changed, and once published the site follows it (old pages through
renumbering, clause history, counterparts kept and flagged). benchmarks/versions.py runs every variant of
every source with several seeds and prints precision and recall per kind of change."""
from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from benchmarks._synthetic_versions import variant_make
from benchmarks._version_checks import counterparts, report_score, site_check
from rulesdb import publication
from rulesdb.models import ChangeReport, Document
from rulesdb.selectors import current_versions
from rulesdb.services import SOURCES_DIR, DocumentSpec, manifest_load, ruleset_import

pytestmark = pytest.mark.django_db


def _draft(old_slug: str, name: str, seed: int, version: str):
    old = Document.objects.get(slug=old_slug)
    spec = next(s for s in manifest_load()[1] if s.slug == old_slug)
    variant = variant_make(old, (SOURCES_DIR / spec.file).read_text(encoding="utf-8"), name, seed=seed)
    new = ruleset_import(spec=DocumentSpec(
        slug=f"{old_slug}-next", game=spec.game, kind=spec.kind, language=spec.language, version=version,
        family=spec.family, title=spec.title, date=dt.date(2026, 1, 15)), data=variant.text.encode("utf-8"), published=False)
    return old, new, variant


@pytest.mark.parametrize("old_slug, name, seed, version", [
    ("vg-cr-it-2.2", "everything", 1, "2.3"),   # rewordings, split, merge, section inserted and moved, noise
    ("vg-cr-en-1.48", "everything", 2, "1.49"),  # the same on the English rules: an English 1.49
    ("ws-cr-it", "renumbering", 1, "2"),       # renumbered with the citations left as printed
    ("altered-cr-it", "noise", 1, "2"),        # a new extraction only: nothing to report
])
def test_change_report_of_a_generated_version_is_exact(old_slug, name, seed, version):
    _, new, variant = _draft(old_slug, name, seed, version)
    score = report_score(variant, ChangeReport.objects.get(new=new).changes)
    assert score.missed == [] and score.false_rows == []
    if name == "noise":
        assert score.reported == 0
    else:
        kinds = {kind for kind, (expected, _) in score.found.items() if expected}
        assert len(kinds) >= (10 if name == "everything" else 2), kinds


EVERY_CHECK = ("old page links the renumbered clause", "old page links the renumbered clause (HTML)",
               "old page says removed in the new version", "history of a reworded clause shows the diff",
               "counterpart of a reworded or removed clause flagged", "unchanged clause keeps its counterpart",
               "home jump keeps the number in the new version",
               "search: the series answers from the new version only, each clause once",
               "flagged counterpart marked in the CSV export", "flagged counterpart listed by the compare filter")


@pytest.mark.parametrize("old_slug, name, seed, version, checks", [
    ("vg-cr-it-2.2", "everything", 1, "2.3", EVERY_CHECK),
    ("vg-cr-en-1.48", "everything", 1, "1.49", EVERY_CHECK),
    # A rule citing a renumbered section, its words unchanged (EN 10.7.1.1.1 printed twice, the second
    # citing 1.3.2, now 1.2.2): the change report's reference row does not cost it its counterpart.
    ("vg-cr-en-1.48", "renumbering", 3, "1.49", EVERY_CHECK[:2] + EVERY_CHECK[5:7]),
])
def test_published_generated_version_is_followed_by_the_site(old_slug, name, seed, version, checks, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "search"  # built at the first search, after the publication
    old, new, variant = _draft(old_slug, name, seed, version)
    other = current_versions(game_id=old.game_id, kind="cr", exclude_language=old.language)[0]
    before = counterparts(old, other)
    publication.document_publish(document=new, reviewer="editor")
    tally, misses = site_check(old, new, variant, Client(), before, other)
    assert misses == {}
    for check in checks:
        assert tally[check][0] > 0 and tally[check][1] == tally[check][0], (check, tally[check])
