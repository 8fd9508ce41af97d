"""The search vocabulary: judges' words per game, never an antonym among a word's synonyms."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb import search
from rulesdb.models import SearchSynonym
from rulesdb.search.analysis import terms
from rulesdb.search.vocabulary import FUNCTION_WORDS, Expansion, GlossaryEntry, games_named, term_sequence, word_weight
from rulesdb.services import SOURCES_DIR

pytestmark = pytest.mark.django_db

ANTONYMS = json.loads((Path(__file__).parent / "antonyms.json").read_text(encoding="utf-8"))
"""Per language, pairs of words that say opposite things in the rules (stand/rest, face up/face
down, front/back row, win/lose): no synonym group may hold both."""


@pytest.fixture
def vocabulary(search_index):
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    glossary_seed()
    synonyms_seed()
    yield
    search.glossary_cache_clear()


def _contains(term: str, word: str, lang: str) -> bool:
    """`word` (one or more words) appears in `term` as a run of whole words, stems compared."""
    have, want = terms(term, lang), terms(word, lang)
    return bool(want) and any(have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1))


def antonyms_in(group_terms: list[str], lang: str) -> list[tuple[str, str]]:
    """The antonym pairs a synonym group would equate: a term holding one side and another the other."""
    found = []
    for a, b in ANTONYMS[lang]:
        with_a = {t for t in group_terms if _contains(t, a, lang)}
        with_b = {t for t in group_terms if _contains(t, b, lang)}
        # "stand up" holds "stand"; a term holding both sides ("winning and losing") equates nothing.
        if with_a - with_b and with_b - with_a:
            found.append((a, b))
    return found


def test_the_antonym_check_catches_a_group_that_equates_opposites():
    assert ("win", "lose") in antonyms_in(["win", "victory", "lose"], "en")
    assert antonyms_in(["girare", "a faccia in su", "a faccia in giù"], "it") == [("faccia in su", "faccia in giù")]
    assert antonyms_in(["tap", "rest"], "en") == []


def test_the_synonym_file_never_maps_a_word_to_its_opposite():
    groups = json.loads((SOURCES_DIR / "search-synonyms.json").read_text(encoding="utf-8"))
    assert len(groups) >= 40
    bad = [(g["terms"], antonyms_in(g["terms"], g["language"])) for g in groups if antonyms_in(g["terms"], g["language"])]
    assert not bad


def test_the_synonym_table_never_maps_a_word_to_its_opposite(vocabulary):
    rows = list(SearchSynonym.objects.all())
    assert rows
    assert not [(row.terms, antonyms_in(row.terms, row.language)) for row in rows if antonyms_in(row.terms, row.language)]


def test_every_game_has_judges_words(vocabulary):
    games = set(SearchSynonym.objects.exclude(game=None).values_list("game__slug", flat=True))
    assert games == {"vanguard", "weiss-schwarz", "altered"}


@pytest.mark.parametrize(
    "query, expected",
    [
        # Judges' shorthand reaches the rules' words, and through the glossary their translation.
        ("CB cost", {"vg-cr-en-1.48:10.16.1", "vg-cr-it-2.2:10.16.1"}),
        ("PG", {"vg-cr-en-1.48:11.9.1", "vg-cr-it-2.2:11.10.1", "vg-cr-it-2.2:11.10", "vg-cr-en-1.48:11.9"}),
        ("CX phase", {"ws-cr-it:6.6.1", "ws-cr-it:6.6"}),
        # A character "KO'd" in battle is put in Reverse (Weiss Schwarz 4.6.1.3, 7.6.1.2).
        ("KO weiss", {"ws-cr-it:4.6.1.3", "ws-cr-it:7.6.1.2"}),
    ],
)
def test_judges_words_find_the_rules_terms(vocabulary, query, expected):
    results = search.clause_search(query=query)
    assert {f"{h.document}:{h.stable_id}" for h in results.hits[:3]} & expected, [h.stable_id for h in results.hits[:5]]


def test_a_judges_word_reaches_the_italian_rules_through_the_glossary(vocabulary):
    results = search.clause_search(query="CB", document="vg-cr-it-2.2")
    assert "contrattacco" in results.expanded_terms
    assert results.hits[0].number.startswith("10.16")


def test_a_judges_word_of_one_game_ranks_that_games_rules_first(vocabulary):
    # "tap" is Magic's word: Weiss Schwarz and Vanguard rest, Altered exhausts; "ETB" only Altered's.
    results = search.clause_search(query="ETB")
    assert results.hits and {h.game for h in results.hits[:3]} == {"altered"}


def test_a_judges_word_of_another_game_is_not_expanded_there(vocabulary):
    results = search.clause_search(query="tap", document="altered-cr-it")
    assert "exhaust" in results.expanded_terms or "esaurire" in results.expanded_terms


def test_games_named_by_judges_words_only():
    vanguard = GlossaryEntry("vanguard", ("cb",), "en", "en", ("counter blast",), "CB", synonym=True, judges_game="vanguard")
    shared = GlossaryEntry("weiss-schwarz", ("conced",), "it", "en", ("concede",), "concedere")
    assert games_named([Expansion(vanguard, 0, 1)]) == {"vanguard"}
    assert games_named([Expansion(shared, 0, 1)]) == frozenset()  # a glossary term names no game
    weiss = GlossaryEntry("weiss-schwarz", ("cx",), "en", "en", ("climax",), "CX", synonym=True, judges_game="weiss-schwarz")
    assert games_named([Expansion(vanguard, 0, 1), Expansion(weiss, 1, 2)]) == frozenset()


def test_seed_adds_the_groups_the_table_lacks_and_keeps_edited_ones(vocabulary):
    from django.core.management import call_command

    row = SearchSynonym.objects.get(language="en", game__slug="vanguard", terms__0="CB")
    row.note = "edited in the admin"
    row.save()
    SearchSynonym.objects.filter(language="en", game__slug="vanguard", terms__0="SB").delete()
    call_command("seed_glossary", "--if-empty")
    assert SearchSynonym.objects.get(pk=row.pk).note == "edited in the admin"
    assert SearchSynonym.objects.filter(language="en", game__slug="vanguard", terms__0="SB").exists()


def _printed(text: str) -> str:
    return " ".join(text.casefold().replace("\u2019", "'").split())


def test_every_everyday_phrase_translates_to_words_the_italian_rules_print():
    from rulesdb.search.vocabulary import PHRASES_PATH

    corpus = _printed(" ".join(p.read_text(encoding="utf-8") for p in SOURCES_DIR.glob("*-it*.txt")))
    table = json.loads(PHRASES_PATH.read_text(encoding="utf-8"))
    assert table
    for item in table:
        assert item["note"].strip(), item["english"]  # where the Italian wording comes from
        for italian in item["italian"]:
            assert _printed(italian) in corpus, (item["english"], italian)


def test_everyday_phrases_are_english_to_italian_glossary_entries(vocabulary):
    from rulesdb.search.vocabulary import phrase_entries

    entries = phrase_entries()
    # One entry per game and English term as the query stems it ("runs out" is "run out").
    assert len({(e.game, e.source) for e in entries}) == len(entries)
    run_out = [e for e in entries if e.source == tuple(terms("runs out", "en"))]
    assert {(e.source_lang, e.target_lang, e.synonym) for e in run_out} == {("en", "it", False)}
    assert "non ha più carte" in {t for e in run_out for t in e.targets}
    found = search.clause_search(query="the deck runs out").expanded_terms
    assert "non ha più carte" in found


@pytest.mark.parametrize("query, expected", [("rested character", "4.6.1.2"), ("reversed character", "4.6.1.3")])
def test_an_orientation_in_english_finds_the_weiss_schwarz_state_the_italian_rules_name_in_english(
    vocabulary, query, expected
):
    # 4.6.1: "Resting ... è chiamato 'mettere in Rest'": the glossary's rest -> "mettere in Rest", "Resting".
    results = search.clause_search(query=query, document="ws-cr-it")
    assert results.hits[0].stable_id == expected, [h.stable_id for h in results.hits[:3]]


def test_pronouns_and_auxiliaries_weigh_like_function_words(search_index):
    from rulesdb.search.searchers import searcher_borrow

    # "when does it start": the rules never say "it" about what is asked; "tiebreaker" and "start" tell.
    assert {"it", "they", "this", "has", "esso", "questo", "viene"} <= FUNCTION_WORDS
    assert {"not", "non", "may", "if", "se"}.isdisjoint(FUNCTION_WORDS)  # they change a ruling
    with searcher_borrow() as searcher:
        reader = searcher.reader()
        assert word_weight("it", reader, "en") < word_weight("start", reader, "en")


def test_a_terms_sequence_needs_two_words_that_are_not_function_words():
    assert term_sequence("controllo del danno", "it") == [" controll del dann "]
    assert term_sequence("primo giocatore", "it") == [" prim giocator "]
    assert term_sequence("a faccia in su", "it") == []  # one telling word: no words side by side


def test_a_glossary_terms_printed_forms_are_searched_as_the_term(vocabulary):
    # The Vanguard glossary's "drive check" is "controllo d'assalto"; 10.14 prints the action as "Verificare
    # l'Assalto", a form the glossary records: the English term finds that heading in the Italian rules.
    results = search.clause_search(query="drive check", document="vg-cr-it-2.2")
    assert "verificare l'assalto" in results.expanded_terms
    assert {"10.14", "10.14.1"} & {h.stable_id for h in results.hits[:3]}


def test_a_game_named_with_its_judges_word_keeps_that_games_reading_only(vocabulary):
    # "tap" is Altered's "esaurire"; Magic's and Vanguard's "rest" ("riposo") is not searched beside it.
    results = search.clause_search(query="tap a character altered")
    assert "esaurire" in results.expanded_terms
    assert "riposo" not in results.expanded_terms and "rest" not in results.expanded_terms
    # Without the game's name both readings stay.
    assert "riposo" in search.clause_search(query="tap a character").expanded_terms


@pytest.mark.parametrize("query, expected", [
    ("top check weiss", {"ws-cr-it:7.3.1.2", "ws-cr-it:7.3.1"}),  # the trigger step's top card
    ("tappato weiss", {"ws-cr-it:4.6.1.2"}),  # an inflected judges' word: Resting
    ("quando ho priorità", {"ws-cr-it:4.5", "vg-cr-it-2.2:3.6", "ws-cr-it:4.5.1"}),  # Magic's priority: play timing
])
def test_a_judges_word_no_rule_prints_finds_what_it_stands_for(vocabulary, query, expected):
    results = search.clause_search(query=query)
    assert {f"{h.document}:{h.stable_id}" for h in results.hits[:2]} & expected, [h.stable_id for h in results.hits[:5]]


def test_a_games_name_that_is_also_its_term_weighs_little_where_it_names_the_game():
    from rulesdb.search.vocabulary import game_names_weighed

    vanguard = frozenset({"vanguard"})
    weighed = game_names_weighed(["stand", "phase", "vanguard", "cosa", "succede"], [3.4, 3.4, 2.3, 0.3, 0.3], vanguard)
    assert weighed[2] < 1 and weighed[:2] == [3.4, 3.4]
    # The unit: after a possessive, or before what the judge asks about it.
    assert game_names_weighed(["stand", "my", "vanguard"], [3.4, 0.3, 2.3], vanguard)[2] == 2.3
    assert game_names_weighed(["deleted", "vanguard", "power"], [5.0, 2.3, 2.0], vanguard)[1] == 2.3
    # No game named: nothing changes.
    assert game_names_weighed(["mulligan", "vanguard"], [6.0, 2.3], frozenset()) == [6.0, 2.3]


def test_an_english_keyword_in_an_italian_question_reads_as_the_italian_rules_term(vocabulary):
    # The Italian card says "Audace", the community says "brave": no Italian rule prints "brave".
    results = search.clause_search(query="brave con quante carte in mano è attivo")
    assert "audace" in {t.lower() for t in results.expanded_terms}
    assert {"11.15.1", "11.15.1.1"} & {h.stable_id for h in results.hits[:3] if h.document == "vg-cr-it-2.2"}


def test_a_word_the_questions_language_prints_is_not_read_as_the_other_languages_term(vocabulary):
    from rulesdb.search.searchers import searcher_borrow
    from rulesdb.search.vocabulary import glossary_expand_typed

    with searcher_borrow() as searcher:
        # "stand" is printed in the Italian Weiss Schwarz rules: an Italian question keeps it as typed.
        expansions = glossary_expand_typed(["fase", "stand"], "it", searcher.reader())
    assert all(e.entry.source_lang == "it" for e in expansions)
