"""A citation matched by the clause a scenario names: the Italian number, or "en:" and the English one."""

from engine.core.citations import Citation


def test_a_bare_number_is_the_cited_number_and_en_is_the_english_match():
    c = Citation("vg-cr-it-2.2", "7.3.1.3", "7.4.1.3")
    assert c.matches("7.3.1.3") and c.matches("en:7.4.1.3")
    # the English number written bare is another Italian clause, and the Italian one is not an English number
    assert not c.matches("7.4.1.3") and not c.matches("en:7.3.1.3")


def test_a_citation_without_an_english_match_matches_no_en_clause():
    c = Citation("ws-cr-it", "7.4.1.2", None)
    assert c.matches("7.4.1.2") and not c.matches("en:7.4.1.2") and not c.matches("en:")
