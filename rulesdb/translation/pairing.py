"""Pairing the clauses of two documents of one game, computed and not stored.

The text signals come from rulesdb.translation.signals and the pairing algorithm from
rulesdb.translation.aligner; rulesdb.translation.alignment stores the result, and
rulesdb.translation.changes reads two versions' pairs as a change report.
"""
from __future__ import annotations

from collections import defaultdict

from ..models import Document
from .aligner import Aligner, word_diff
from .signals import Lexicon, Node, PairResult, clause_references, load_nodes, prepare_signals, weigh_signals

def _full_text(node: Node) -> str:
    return f"{node.title}\n{node.text}".strip()


class AlignmentError(ValueError):
    """Two documents that cannot be aligned (different games)."""


def documents_align(
    *, left: Document, right: Document, seeds: dict[int, tuple[int, float]] | None = None
) -> list[PairResult]:
    """Compute (without storing) the alignment of two documents of one game. `seeds` (left clause id
    -> (right clause id, score)) are pairs kept as they are: the aligner pairs only the rest."""
    if left.game_id != right.game_id:
        raise AlignmentError(f"{left.slug} and {right.slug} are documents of different games; align versions or translations of one game")
    same_language = left.language == right.language
    left_roots, left_nodes = load_nodes(left)
    right_roots, right_nodes = load_nodes(right)
    lexicon = None if same_language else Lexicon.for_game(left.game_id)
    left_refs, right_refs = clause_references(left), clause_references(right)

    def align(refs: dict[int, list[str]]) -> Aligner:
        prepare_signals(left_nodes, left_roots, language=left.language, lexicon=lexicon, refs=refs)
        prepare_signals(right_nodes, right_roots, language=right.language, lexicon=lexicon, refs=right_refs)
        weigh_signals(list(left_nodes.values()) + list(right_nodes.values()))
        aligner = Aligner(same_language=same_language)
        aligner.seed([
            (left_nodes[a], right_nodes[b], score) for a, (b, score) in (seeds or {}).items()
            if a in left_nodes and b in right_nodes
        ])
        aligner.run(left_roots, right_roots, left_nodes, right_nodes)
        return aligner

    aligner = align(left_refs)
    # Second pass: a reference to 7.3.1.3 on the left is a reference to its
    # counterpart's number on the right (7.4.1.3), which the right text cites.
    number_map = {
        left_nodes[a_id].number: b.number
        for a_id, b in aligner.matched.items()
        if left_nodes[a_id].number and b.number and left_nodes[a_id].number != b.number
    }
    if number_map:
        mapped = {cid: [number_map.get(t, t) for t in targets] for cid, targets in left_refs.items()}
        aligner = align(mapped)
    left_list = sorted(left_nodes.values(), key=lambda n: n.order)
    right_list = sorted(right_nodes.values(), key=lambda n: n.order)

    results: list[PairResult] = []
    # Left pre-order; each right-only clause goes after the pair holding the right clause before it.
    right_only_after: dict[int | None, list[Node]] = defaultdict(list)
    last_matched_left: int | None = None
    for node in right_list:
        partner = aligner.matched_right.get(node.id)
        if partner is not None:
            last_matched_left = partner.id
        else:
            right_only_after[last_matched_left].append(node)

    def right_only(node: Node) -> PairResult:
        return PairResult(None, node, "right-only", 0.0)

    results.extend(right_only(n) for n in right_only_after.get(None, []))
    for node in left_list:
        partner = aligner.matched.get(node.id)
        if partner is None:
            results.append(PairResult(node, None, "left-only", 0.0))
        else:
            score = min(1.0, max(0.0, aligner.scores[node.id]))
            same_number = (node.number or node.stable_id) == (partner.number or partner.stable_id)
            if same_language:
                old, new = _full_text(node), _full_text(partner)
                if not same_number:
                    status = "renumbered"
                else:
                    status = "unchanged" if old.split() == new.split() else "changed"
                diff = [] if old.split() == new.split() else word_diff(old, new)
                results.append(PairResult(node, partner, status, score, diff))
            else:
                results.append(PairResult(node, partner, "same" if same_number else "renumbered", score))
        results.extend(right_only(n) for n in right_only_after.get(node.id, []))
    return results

