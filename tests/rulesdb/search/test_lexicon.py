"""The word list learned from the aligned translation (rulesdb.search.lexicon)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb import search
from rulesdb.search.index import index_path
from rulesdb.search.analysis import terms
from rulesdb.search.lexicon import WORDS_PATH, lexicon_learn, lexicon_load, lexicon_with_table, words_table
from rulesdb.search.searchers import searcher_borrow

pytestmark = pytest.mark.django_db


def test_words_that_keep_appearing_in_aligned_pairs_translate_each_other():
    pairs = [
        ("en", "The character leaves the stage.", "it", "Il personaggio lascia lo stage."),
        ("en", "If a card leaves the field, nothing happens.", "it", "Se una carta lascia il terreno, non accade nulla."),
        ("en", "When the unit leaves the circle.", "it", "Quando l'unità lascia il cerchio."),
        ("en", "Draw a card.", "it", "Pesca una carta."),
    ]
    lexicon = lexicon_learn(pairs)
    assert lexicon["en"]["leav"][0][0] == "lasc"
    assert lexicon["it"]["lasc"][0][0] == "leav"
    assert "draw" not in lexicon["en"]  # seen together once: not enough


def test_the_index_is_built_with_its_word_list(search_index):
    with searcher_borrow() as searcher:
        lexicon = lexicon_load(index_path(searcher.index_key))
    assert len(lexicon["en"]) > 100 and len(lexicon["it"]) > 100
    assert lexicon["en"]["damag"][0][0] == "dann"


def test_english_words_search_the_italian_only_rules(search_index):
    # Weiss Schwarz has no English text here: "power" reaches "Power"/"Forza", "end" "fine".
    results = search.clause_search(query="climax at the end of the turn", document="ws-cr-it")
    assert "6.8.1.3" in {h.stable_id for h in results.hits[:5]}


def test_the_word_table_translates_both_ways_and_replaces_what_was_learned():
    table = words_table()
    assert "rimozion" in {other for other, _ in table["en"]["remov"]}
    assert "remov" in {other for other, _ in table["it"]["rimozion"]}
    learned = {"it": {"prim": [("befor", 0.6)]}, "en": {}}
    merged = lexicon_with_table(learned, table)
    assert merged["it"]["prim"][0][0] == "first"
    assert learned["it"]["prim"] == [("befor", 0.6)]  # the learned list itself is left alone


def test_the_word_table_never_translates_a_word_into_its_opposite():
    antonyms = json.loads((Path(__file__).parent / "antonyms.json").read_text(encoding="utf-8"))
    groups = json.loads(WORDS_PATH.read_text(encoding="utf-8"))
    for group in groups:
        for lang in ("en", "it"):
            stems = {s for word in group[lang] for s in terms(word, lang)}
            for a, b in antonyms[lang]:
                if set(terms(a, lang)) == set(terms(b, lang)):
                    continue  # "attacking"/"attacked": one stem, which a table of stems cannot tell apart
                assert not ({*terms(a, lang)} <= stems and {*terms(b, lang)} <= stems), (group, a, b)


def test_an_italian_question_finds_a_rule_only_the_english_text_has(search_index):
    # The Italian 2.2 rules have no removal zone; the English 1.48 rules do (4.12).
    results = search.clause_search(query="zona di rimozione", document="")
    assert {"4.12", "4.12.1"} & {h.stable_id for h in results.hits[:3] if h.document == "vg-cr-en-1.48"}
