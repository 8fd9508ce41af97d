"""The questions asked of a clause, matched whole at rerank.

Each clause's questions (the rulings', those written for the search, and the whole questions of
`asked.WHOLE_PATH`) are stored one a line (`index`: `questions`). The word fields count a query word found
in any of them; here a clause gains by the one question that has most of the query's words, each weighed
by its IDF: the judge asked, in other words or the same, what was asked of that clause.
"""
from __future__ import annotations

import sys

from .query import QueryPlan

_W_ONE_QUESTION = 4.0
_ONE_QUESTION_POWER = 4
"""A clause one of whose questions has the query's words gains up to 1 + 4 times, by the share of them it has,
to the fourth power: a paraphrase of a question asked of it. Measured with the 2,479 rulings and 25,749 written
questions, all 21 sets MRR@5 0.859 -> 0.872 (the hardest four, gavel, table, dev5 and coda: 0.790 -> 0.811;
judges' words 0.757 -> 0.783). Hardest four: 1 + 1 x share^2 0.799, 2 x ^2 0.802, 4 x ^2 0.805, 4 x ^4 0.811,
4 x ^6 0.811, 8 x ^6 0.805; all 21: 3 x ^3 0.870, 4 x ^5 0.872, 6 x ^5 0.870. Scaling a question's share by how
much of the question the query covers (as a Dice coefficient would) lost 0.008-0.014, and counting the clause's
own words with each question lost 0.008. With the 8,620 whole questions of `asked.WHOLE_PATH` added, 0.874 at
4 x ^4 (3 x ^4 0.872, 6 x ^4 0.874, 4 x ^3 0.872, 4 x ^5 0.873)."""


def question_masks(fields: dict) -> dict[str, int]:
    """Each form of the words of the questions asked of a clause -> the questions that have it, as bits
    (`questions`, one line a question); made once per index, when its stored fields are read
    (`ranking.IndexData`)."""
    masks = fields.get("_question_masks")
    if masks is None:
        masks = {}
        # The text is dropped once read, and each form is the one string every clause shares ("carta" is
        # in thousands of clauses' questions): the maps of an index then take 21 MB, not 45 MB.
        for bit, line in enumerate(fields.pop("questions", "").split("\n")):
            for form in line.split():
                form = sys.intern(form)
                masks[form] = masks.get(form, 0) | 1 << bit
        fields["_question_masks"] = masks
    return masks


def _one_question_share(fields: dict, plan: QueryPlan) -> float:
    """The largest share of the query's words, each weighed by its IDF, that one question asked of the
    clause has (a ruling's or one written for the search)."""
    masks = question_masks(fields)
    if not masks:
        return 0.0
    found = []  # (weight, the questions that have the word)
    for options, weight in zip(plan.word_forms, plan.word_weights):
        mask = 0
        for form in options & masks.keys():
            mask |= masks[form]
        if mask:
            found.append((weight, mask))
    if not found:
        return 0.0
    return _best_together(sorted(found, reverse=True)) / sum(plan.word_weights)


def _best_together(found: list[tuple[float, int]]) -> float:
    """The largest sum of weights of words that one question has together: `found` is (weight, the questions
    that have the word as bits), heaviest first. A search over the words, each kept or left, that stops where
    the words left cannot beat the best sum found: a few steps for a query's handful of words, where going
    through the questions one by one took as many steps as the clause has questions (hundreds)."""
    every = -1
    for _, mask in found:
        every &= mask
    if every:  # one question has every word: most often so
        return sum(weight for weight, _ in found)
    rest = [0.0] * (len(found) + 1)
    for i in range(len(found) - 1, -1, -1):
        rest[i] = rest[i + 1] + found[i][0]
    best = 0.0

    def visit(i: int, together: int, total: float) -> None:
        nonlocal best
        if total > best:
            best = total
        if i == len(found) or total + rest[i] <= best:
            return
        weight, mask = found[i]
        both = together & mask
        if both:
            visit(i + 1, both, total + weight)
        visit(i + 1, together, total)

    visit(0, -1, 0.0)  # -1: every bit set, the questions of no word yet
    return best


def one_question_factor(fields: dict, plan: QueryPlan) -> float:
    """What a clause's score is multiplied by for its best question's share of the query (1 for none)."""
    share = _one_question_share(fields, plan)
    return 1 + _W_ONE_QUESTION * share**_ONE_QUESTION_POWER if share else 1.0
