"""rulesdb/search/rows.py: what the index holds per clause, read from the database."""
from __future__ import annotations

import pytest

from rulesdb.search.rows import index_rows

pytestmark = pytest.mark.django_db


def test_index_rows_carry_the_counterpart_and_the_heading(search_index):
    rows = {(r["document"], r["stable_id"]): r for r in index_rows()}
    english = rows[("vg-cr-en-1.48", "11.3.1")]
    assert english["aligned_language"] == "it" and "Intercetto" in english["aligned"] or "intercett" in english["aligned"].casefold()
    assert english["parent_number"] == "11.3"
    assert rows[("altered-cr-it", "7.4.1.b")]["aligned"] == ""  # no translation of Altered here


def test_each_series_newest_version_comes_first():
    import datetime as dt
    from types import SimpleNamespace

    from rulesdb.search.rows import current_first

    def doc(slug, series, year):
        return SimpleNamespace(slug=slug, series=series, date=dt.date(year, 1, 1), imported_at=dt.datetime(2026, 1, 1))

    ordered = current_first([doc("vg-cr-it-2.1", "vg-cr-it", 2021), doc("ws-cr-it", "ws-cr-it", 2020), doc("vg-cr-it-2.2", "vg-cr-it", 2023)])
    assert [d.slug for d in ordered] == ["ws-cr-it", "vg-cr-it-2.2", "vg-cr-it-2.1"]
