"""Relevance of clause search on judge questions.

Two sets, same format: tests/rulesdb/search/search_questions.json (written while the
ranking was tuned) and search_questions_holdout.json (written afterwards, from
the texts, before looking at how the ranking does on them: the check that the
ranking generalises rather than fits its own questions). Each question lists
every clause that answers it (`document:stable_id`); the test prints MRR@5 and
recall@10 of each set and requires MRR@5 >= 0.8 and recall@10 >= 0.9 on both.
search_questions_final.json, written last, is checked for well-formedness and
reported by benchmarks/search.py, not asserted (26 questions: one is 0.04).
search_questions_dev.json (110) and search_questions_blind.json (49) were written
blind by other writers, from the rules text without running the search; they are
harder (longer, more specific questions, more Weiss Schwarz and Altered). The dev
set was then used for tuning, the blind set measured once after. They are held
to floors a little under what they measure (0.64 and 0.64 when added; 0.69 and 0.67 after the coordination change;
0.746 and 0.694 after the cross-language pass), so a change that loses ground on them fails; they are below the 0.8 target.
Don't tune the ranking on single held-out questions: when the ranking changes,
write new held-out questions too.

search_questions_new.json (98) was written blind from the rules texts before the
cross-language, judges' words and language/game-sense work of issue 25 (Italian and
English, all three games, numbers, keywords, paraphrases, typos, cross-language,
judges' words; each question labelled with its kind), never tuned on, and measured once
at the end; its floor, like the dev and blind ones, sits a little under that measure.
Every set is reported by kind of question (`benchmarks.search.question_kind`); the
cross-language questions of all sets together are held above the 0.75 target, at a floor a little under
what they measure (0.787 after the cross-language pass; it was 0.724). The new set was looked at (by
kind, and its misses) during that pass, so it is no longer unseen: a later change needs a new blind set.

search_questions_unseen.json (112) is that new blind set: written from the rules texts after the issue 25
work (answers found in the corpus, not with the search), committed, then measured once: MRR@5 0.767,
recall@10 0.911 (cross-language 0.719, judges' words 0.604). Its misses then led to three fixes of whole
classes (a number beside a game's name, two letters swapped in a short word, the community's names of Weiss
Schwarz's trigger icons and a few more judges' words): 0.797 / 0.929 after them, so it is no longer unseen
either; its floor sits a little under that.

search_questions_dev2.json (140) and search_questions_fresh.json (100) were written blind at the same time by
two other writers, from the rules texts. dev2 was then studied by class of miss (an everyday word table for
English questions over the Italian-only rules and back, `rulesdb/sources/search-words.json`; more judges'
words; a glossary term's printed forms searched as the term): 0.689 -> 0.743. fresh was measured once after
that work: MRR@5 0.716, recall@10 0.860 (judges' words 0.28, cross-language 0.725), under the 0.85 target;
its judges'-word misses were then read (no guard, pool, ETB's Italian wording: 0.724), so it too is no
longer unseen. Both are held to floors a little under what they measure.

Three more sets were written blind by other writers during the fourth pass (judges' words no rule prints
searched as what they stand for, a game named with its judges' word keeping that game's reading, unknown
words corrected before searching, untranslated games' rules not held back for English questions, numbers
beside a document's name). dev3 (126) was studied by class of miss. closing (100) was measured once in the
middle of the pass: MRR@5 0.765, recall@10 0.950. last (100) once after most of it: 0.707 / 0.860. end (100)
once after all of it: 0.746 / 0.870 (cross-language 0.589, judges' words 0.656, paraphrase 0.660), the
after the changes made until then, under the 0.85 target. closing, last and end were looked at after their
measurement, and led to two more changes (an English word searched as the loanword the Italian rules print:
cross-language questions of every set 0.719 -> 0.747; 91 more judges' words, each kept only where it cost none
of the questions it touches). wrap (100), written blind meanwhile by a seventh writer, was measured once after
them: MRR@5 0.763, recall@10 0.900 (cross-language 0.750, judges' words 0.456, paraphrase 0.751), the session's
closing figure.

The fifth pass had four more writers, each steered away from every earlier set's clauses and wordings (the
sets grew harder as the well-known rules were used up). dev4 (120) and dev5 (120) were studied by class of
miss: a rule opening with its term defines it; a four-letter word with two letters swapped is corrected; a
word the rules hyphenate, typed as one, is read as its two words; words of two meanings that shared a stem are
kept apart (cerchio/cercare, partita/parte, mana/mano, guardia/guardare); "vanguard" naming the game weighs
little; Italian elided question words ("cos'è") weigh as little words; the first rule under a heading the
query names; 78 more judges' words and 159 more everyday words, each kept only where it cost none of the
questions it touches. sealed (100) was measured once in the middle of the pass: MRR@5 0.732 (0.747 /
recall@10 0.910 after two more judges' words). coda (100) once after the pass's last change: MRR@5 0.670,
recall@10 0.860 (cross-language 0.522, judges' words 0.417, paraphrase 0.661, typo 0.600), the pass's
closing figure, under the 0.85 target. floor (100), written blind after that change about what comes up at
tables (earlier sets' topics allowed, not their questions), was measured once with no change between: MRR@5
0.645, recall@10 0.870 (judges' words 0.433, paraphrase 0.588, keyword 0.605, cross-language 0.738); one
of its misses was a bug ("domanda 33 playbook" did not read as the Playbook's Q33), fixed after: 0.655 / 0.880.
The sixth pass (a rule that says its term is a kind of its own noun defines it; an English keyword typed in an
Italian question reads as the Italian term; everyday words are no longer "corrected" to a rule's word) ended with
table (100), written blind like floor and measured once: MRR@5 0.590, recall@10 0.850 (cross-language 0.45,
paraphrase 0.43, judges' words 0.37); 0.593 / 0.860 after reading "+5k" as 5000, the only change after it.
"""
from __future__ import annotations

import pytest

from benchmarks.search import (
    KINDS,
    blind_load,
    dev2_load,
    dev3_load,
    dev_load,
    closing_load,
    end_load,
    last_load,
    wrap_load,
    dev4_load,
    sealed_load,
    dev5_load,
    coda_load,
    floor_load,
    table_load,
    gavel_load,
    docket_load,
    verdict_load,
    ledger_load,
    tally_load,
    final_load,
    fresh_load,
    holdout_load,
    new_load,
    question_kind,
    questions_load,
    relevance_by_kind,
    relevance_measure,
    unseen_load,
    whoosh_engine,
)
from rulesdb import search
from rulesdb.models import Clause

pytestmark = pytest.mark.django_db

ALL_SETS = (questions_load, holdout_load, final_load, dev_load, blind_load, new_load, unseen_load, dev2_load, fresh_load,
            dev3_load, closing_load, last_load, end_load, wrap_load, dev4_load, sealed_load, dev5_load, coda_load,
            floor_load, table_load, gavel_load, docket_load, verdict_load, ledger_load, tally_load)


@pytest.mark.parametrize(
    "load",
    [questions_load, holdout_load, final_load, dev_load, blind_load, new_load, unseen_load, dev2_load, fresh_load,
     dev3_load, closing_load, last_load, end_load, wrap_load, dev4_load, sealed_load, dev5_load, coda_load,
     floor_load, table_load, gavel_load, docket_load, verdict_load, ledger_load, tally_load],
    ids=["tuned", "holdout", "final", "dev", "blind", "new", "unseen", "dev2", "fresh", "dev3", "closing", "last", "end",
         "wrap", "dev4", "sealed", "dev5", "coda", "floor", "table", "gavel", "docket", "verdict", "ledger", "tally"],
)
def test_the_questions_are_well_formed_and_their_answers_exist(load):
    questions = load()
    assert len(questions) >= 20
    known = {f"{d}:{s}" for d, s in Clause.objects.values_list("document__slug", "stable_id")}
    english = sum(1 for q in questions if q.get("lang") == "en" or any(a.startswith("vg-cr-en") for a in q["answers"]))
    assert english >= min(8, len(questions) // 4)
    for item in questions:
        assert item["q"].strip() and item["answers"], item
        missing = [a for a in item["answers"] if a not in known]
        assert not missing, (item["q"], missing)


def test_the_held_out_questions_are_new():
    seen = {q["q"].casefold() for q in questions_load()}
    for later in (holdout_load(), final_load(), dev_load(), blind_load(), new_load(), unseen_load(), dev2_load(), fresh_load(),
                  dev3_load(), closing_load(), last_load(), end_load(), wrap_load(), dev4_load(),
                  sealed_load(), dev5_load(), coda_load(), floor_load(), table_load(), gavel_load(), docket_load(),
                  verdict_load(), ledger_load(), tally_load()):
        assert not [q["q"] for q in later if q["q"].casefold() in seen]
        seen |= {q["q"].casefold() for q in later}


def _seeded():
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    glossary_seed()
    synonyms_seed()


def _relevance(load) -> tuple[float, float, list]:
    """MRR@5, recall@10 and misses of one question set, with the search vocabulary seeded;
    prints them, and the set by kind of question."""
    _seeded()
    try:
        engine = whoosh_engine()
        questions = load()
        mrr, recall, misses = relevance_measure(engine, questions)
        kinds = relevance_by_kind(engine, questions)
    finally:
        search.glossary_cache_clear()
    print(f"\nsearch relevance ({load.__name__}): MRR@5 = {mrr:.3f}, recall@10 = {recall:.3f}, {len(misses)} not first")
    for kind, (n, kind_mrr, kind_recall) in kinds.items():
        print(f"  {kind:<15} {n:>3} questions: MRR@5 = {kind_mrr:.3f}, recall@10 = {kind_recall:.3f}")
    return mrr, recall, misses


@pytest.mark.parametrize("load", [questions_load, holdout_load], ids=["tuned", "holdout"])
def test_judge_questions_find_their_clauses(search_index, load):
    mrr, recall, misses = _relevance(load)
    for question, rank in misses:
        print(f"  rank {rank or '>5'}: {question}")
    assert mrr >= 0.85
    assert recall >= 0.95  # 0.975 and 0.983 measured


@pytest.mark.parametrize(
    "load, floor, recall_floor",
    [
        (dev_load, 0.83, 0.95), (blind_load, 0.75, 0.93), (new_load, 0.87, 0.96), (unseen_load, 0.89, 0.95),
        (dev2_load, 0.83, 0.93), (fresh_load, 0.85, 0.96), (dev3_load, 0.86, 0.95), (closing_load, 0.86, 0.96),
        (last_load, 0.85, 0.96), (end_load, 0.81, 0.95), (wrap_load, 0.80, 0.94), (dev4_load, 0.76, 0.92),
        (sealed_load, 0.85, 0.97), (dev5_load, 0.73, 0.94), (coda_load, 0.80, 0.91), (floor_load, 0.80, 0.95),
        (table_load, 0.70, 0.93), (gavel_load, 0.78, 0.91), (docket_load, 0.76, 0.90),
        (verdict_load, 0.82, 0.96), (ledger_load, 0.82, 0.94), (tally_load, 0.83, 0.92),
    ],
    ids=["dev", "blind", "new", "unseen", "dev2", "fresh", "dev3", "closing", "last", "end", "wrap", "dev4", "sealed",
         "dev5", "coda", "floor", "table", "gavel", "docket", "verdict", "ledger", "tally"],
)
def test_questions_written_blind_hold_their_ground(search_index, load, floor, recall_floor):
    """Regression floors under the harder sets' measured MRR@5 and recall@10 (dev 0.746/0.900, blind
    0.684/0.857, new 0.846/0.959, unseen 0.835/0.964, dev2 0.800/0.907, fresh 0.770/0.887, dev3 0.799/0.968,
    closing 0.765/0.940, last 0.732/0.900, end 0.769/0.890, wrap 0.763/0.900 after the third and fourth passes;
    blind lost 0.010 to them; dev4 0.685/0.883, sealed 0.747/0.910, dev5 0.657/0.858, coda 0.670/0.860, floor
    0.655/0.880 after the fifth; table 0.593/0.860 after the sixth; with the rulings' questions indexed, blind
    0.705/0.837, table 0.634; the seventh pass's blind set gavel 0.694/0.840, 0.664 without the rulings'
    questions; with the questions written for the search indexed, every set rose: dev 0.851/0.973, blind
    0.839/1.000, new 0.885/0.990, unseen 0.921/1.000, dev2 0.886/0.971, fresh 0.880/0.990, dev3 0.919/0.992,
    closing 0.901/0.980, last 0.871/0.990, end 0.866/0.980, wrap 0.846/0.980, dev4 0.831/0.967, sealed
    0.877/0.990, dev5 0.787/0.967, coda 0.838/0.950, floor 0.858/0.980, table 0.750/0.960, gavel 0.786/0.910; the
    eighth pass's blind set docket 0.767/0.927 measured once, 0.777/0.938 after a number typed after its word,
    "regola 7.4.3 i", was read as the number; with each question matched whole and a fourth round of whole
    questions, gavel 0.809/0.940, table 0.807/0.960, docket 0.793/0.938; the ninth pass's blind set verdict
    0.806/0.989 measured once, 0.827/1.000 after a number typed with commas among words, "WS 9,6,1", was read as
    the number; the tenth pass's blind set ledger 0.836/0.978 measured once; with the second opinion on the
    candidates fused (plain.py), verdict 0.857/1.000, docket 0.804/0.917, ledger 0.849/0.978; with a quoted phrase
    no clause prints searched with its words apart, docket 0.815/0.927; the eleventh pass's blind set tally
    0.862/0.956 measured once),
    about 0.03 under what they measure."""
    mrr, recall, _ = _relevance(load)
    assert mrr >= floor
    assert recall >= recall_floor


@pytest.mark.parametrize(
    "load",
    [new_load, unseen_load, dev2_load, fresh_load, dev3_load, closing_load, last_load, end_load, wrap_load, dev4_load,
     sealed_load, dev5_load, coda_load, floor_load, table_load, gavel_load, docket_load, verdict_load, ledger_load,
     tally_load],
    ids=["new", "unseen", "dev2", "fresh", "dev3", "closing", "last", "end", "wrap", "dev4", "sealed", "dev5", "coda",
         "floor", "table", "gavel", "docket", "verdict", "ledger", "tally"],
)
def test_every_kind_is_labelled_in_the_sets_written_blind(load):
    kinds = {question_kind(q) for q in load()}
    assert kinds == set(KINDS)
    assert {q.get("lang") for q in load()} >= {"it", "en"}


def test_cross_language_questions_find_their_clauses(search_index):
    """English questions over Italian-only rules (and back), pooled from every set: above the 0.75
    target, at a floor a little under what they measure. The first six sets' measured 0.787 (0.797 with the word
    table, 0.822 after the fourth pass); all 21 sets' 363: 0.689, 0.694 with the rulings' questions indexed, 0.851
    with the questions written for the search. Still missed most: English questions answered only by the Italian
    Playbook's Q&A."""
    questions = [q for load in ALL_SETS for q in load() if question_kind(q) == "cross-language"]
    assert len(questions) >= 300
    _seeded()
    try:
        mrr, recall, misses = relevance_measure(whoosh_engine(), questions)
    finally:
        search.glossary_cache_clear()
    print(f"\ncross-language questions ({len(questions)}): MRR@5 = {mrr:.3f}, recall@10 = {recall:.3f}")
    assert mrr >= 0.80
    assert recall >= 0.93
