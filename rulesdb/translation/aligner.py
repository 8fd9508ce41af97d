"""The pairing algorithm of rulesdb.translation.alignment, on `Node`s (no database).

Hierarchically, from the sections down: the children of two aligned clauses are
aligned by a monotone sequence alignment (Needleman-Wunsch with a same-number
bonus); children left over on both sides are then paired by content regardless
of order (moved keyword abilities); clauses still unpaired anywhere are paired by
content across parents (a rule moved to another heading), with a stricter threshold.
"""
from __future__ import annotations

import difflib
from collections import defaultdict

from .signals import Node, similarity

# Kinds that may be paired with each other.
_KIND_CLASS = {
    "section": "section",
    "heading": "unit",
    "rule": "unit",
    "qa": "unit",
    "glossary": "unit",
    "changelog": "unit",
    "note": "remark",
    "example": "remark",
}

class Aligner:
    def __init__(self, *, same_language: bool):
        self.same_language = same_language
        self.threshold = 0.30 if same_language else 0.12
        self.number_bonus = 0.25 if same_language else 0.22
        self.number_content = 0.12
        """Content similarity from which the same number earns its whole bonus."""
        self.number_floor = 0.3
        """Share of the same-number bonus earned with no shared content at all."""
        self.anchor_floor = 0.25 if same_language else 0.15
        self.min_content = 0.3
        self.descend_weak = self.min_content if same_language else 0.15
        """A pair below this content similarity may give way to a deeper clause (`descend`)."""
        self.anchor_margin = 0.10 if same_language else 0.06
        self.matched: dict[int, Node] = {}
        self.matched_right: dict[int, Node] = {}
        self.scores: dict[int, float] = {}
        self.seeded: list[tuple[Node, Node]] = []

    def seed(self, pairs: list[tuple[Node, Node, float]]) -> None:
        """Pairs known before aligning (an unchanged clause keeps its counterpart across versions)."""
        for a, b, score in pairs:
            if a.id in self.matched or b.id in self.matched_right:
                continue
            self._pair(a, b, score)
            self.seeded.append((a, b))

    @staticmethod
    def _compatible(a: Node, b: Node) -> bool:
        return _KIND_CLASS.get(a.kind) == _KIND_CLASS.get(b.kind)

    def _anchors(self, content: list[list[float]]) -> list[tuple[int, int]]:
        n, m = len(content), len(content[0])
        if n < 2 and m < 2:
            return []
        best_j = [max(range(m), key=lambda j: content[i][j]) for i in range(n)]
        best_i = [max(range(n), key=lambda i: content[i][j]) for j in range(m)]
        anchors = []
        for i, j in enumerate(best_j):
            value = content[i][j]
            if best_i[j] != i or value < self.threshold + self.anchor_floor:
                continue
            runner_row = max((content[i][k] for k in range(m) if k != j), default=0.0)
            runner_col = max((content[k][j] for k in range(n) if k != i), default=0.0)
            if value - max(runner_row, runner_col) >= self.anchor_margin:
                anchors.append((i, j))
        return anchors

    def _prior(self, a: Node, b: Node, value: float) -> float:
        if value < 0:
            return value
        if self.same_language and value < self.min_content:
            return -1.0  # another text under the same number: removed + added, not reworded
        if a.number and a.number == b.number:
            # The same number is evidence only next to some shared content:
            # a clause inserted before it shifts every later number.
            value += self.number_bonus * (self.number_floor + (1 - self.number_floor) * min(1.0, value / self.number_content))
        elif not a.number and not b.number:
            value += self.number_bonus / 2
        value += 0.08 * (1 - abs(a.position - b.position))
        return value

    def _pair(self, a: Node, b: Node, score: float) -> None:
        self.matched[a.id] = b
        self.matched_right[b.id] = a
        self.scores[a.id] = score

    def siblings(self, left: list[Node], right: list[Node]) -> list[tuple[Node, Node]]:
        """Monotone alignment first, then leftovers paired by content in any order."""
        if not left or not right:
            return []
        n, m = len(left), len(right)
        content = [[similarity(a, b) if self._compatible(a, b) else -1.0 for b in right] for a in left]
        matrix = [[self._prior(a, b, content[i][j]) for j, b in enumerate(right)] for i, a in enumerate(left)]
        threshold = self.threshold
        # Anchors: mutual best matches by content alone, clearly ahead of the
        # runner-up on both sides, hold even when they cross (moved clauses).
        anchors = self._anchors(content)
        if anchors:
            for i, j in anchors:
                for jj in range(m):
                    if jj != j:
                        matrix[i][jj] = -1.0
                for ii in range(n):
                    if ii != i:
                        matrix[ii][j] = -1.0
        best = [[0.0] * (m + 1) for _ in range(n + 1)]
        move = [[0] * (m + 1) for _ in range(n + 1)]
        for i in range(1, n + 1):
            row, prev, scores = best[i], best[i - 1], matrix[i - 1]
            for j in range(1, m + 1):
                choice, value = 1, prev[j]
                if row[j - 1] > value:
                    choice, value = 2, row[j - 1]
                gain = scores[j - 1] - threshold
                if gain > 0 and prev[j - 1] + gain > value:
                    choice, value = 3, prev[j - 1] + gain
                row[j] = value
                move[i][j] = choice
        pairs = []
        i, j = n, m
        while i > 0 and j > 0:
            choice = move[i][j]
            if choice == 3:
                pairs.append((i - 1, j - 1))
                i, j = i - 1, j - 1
            elif choice == 1:
                i -= 1
            else:
                j -= 1
        used_left = {p[0] for p in pairs}
        used_right = {p[1] for p in pairs}
        candidates = sorted(
            (
                (matrix[i][j], i, j)
                for i in range(n)
                if i not in used_left
                for j in range(m)
                if j not in used_right and matrix[i][j] > threshold + 0.05
            ),
            reverse=True,
        )
        for value, i, j in candidates:
            if i in used_left or j in used_right:
                continue
            used_left.add(i)
            used_right.add(j)
            pairs.append((i, j))
        result = []
        for i, j in pairs:
            self._pair(left[i], right[j], matrix[i][j])
            result.append((left[i], right[j]))
        return result

    def descend(self, nodes: list[Node], by_id: dict, mine: dict, theirs: dict, *, swap: bool) -> None:
        """Re-pair a leaf paired on weak evidence (mostly its number) with a deeper clause it matches much better.

        Siblings are aligned with siblings; a rule the other text printed one
        level deeper (IT 4.6.9 = EN 4.6.8.2) is only seen here: among the
        unpaired clauses below the counterpart of its parent.
        """
        moves = []
        for x in nodes:
            y = mine.get(x.id)
            parent = by_id.get(x.parent_id)
            if y is None or x.children or parent is None or parent.id not in mine:
                continue
            current = similarity(x, y)
            if current >= self.descend_weak:
                continue
            best, best_value = None, 0.0
            stack = [g for child in mine[parent.id].children for g in child.children]
            while stack:
                z = stack.pop()
                stack.extend(z.children)
                if z.id in theirs or not self._compatible(x, z):
                    continue
                value = similarity(x, z)
                if value > best_value:
                    best, best_value = z, value
            if best is not None and best_value >= self.threshold + 0.12 and best_value >= 2 * current + 0.05:
                moves.append((best_value, x, y, best))
        for value, x, y, z in sorted(moves, key=lambda m: -m[0]):
            if mine.get(x.id) is not y or z.id in theirs:
                continue
            del theirs[y.id]
            if swap:
                self.scores.pop(y.id, None)
                self._pair(z, x, value)
            else:
                self._pair(x, z, value)

    @staticmethod
    def _ancestors(node: Node, by_id: dict[int, Node]) -> set[int]:
        found = set()
        parent = by_id.get(node.parent_id)
        while parent is not None and parent.id not in found:
            found.add(parent.id)
            parent = by_id.get(parent.parent_id)
        return found

    def _matched_ancestor(self, node: Node, by_id: dict[int, Node]) -> int | None:
        """Id of the counterpart of the node's nearest aligned ancestor."""
        seen = set()
        parent = by_id.get(node.parent_id)
        while parent is not None and parent.id not in seen:
            if parent.id in self.matched:
                return self.matched[parent.id].id
            seen.add(parent.id)
            parent = by_id.get(parent.parent_id)
        return None

    def run(self, left_roots: list[Node], right_roots: list[Node], left_by_id: dict, right_by_id: dict):
        left_all = sorted(left_by_id.values(), key=lambda n: n.order)
        right_all = sorted(right_by_id.values(), key=lambda n: n.order)
        # Pairs carried over from the previous version (seeded before run) stay; their children
        # and everything else are aligned as usual.
        queue = list(self.seeded) + self.siblings(
            [n for n in left_roots if n.id not in self.matched], [n for n in right_roots if n.id not in self.matched_right]
        )
        while queue:
            a, b = queue.pop()
            queue.extend(self.siblings(
                [c for c in a.children if c.id not in self.matched],
                [c for c in b.children if c.id not in self.matched_right],
            ))
        self.descend(left_all, left_by_id, self.matched, self.matched_right, swap=False)
        self.descend(right_all, right_by_id, self.matched_right, self.matched, swap=True)
        # Across parents: what is still alone on both sides, stricter threshold.
        left_rest = [n for n in left_all if n.id not in self.matched]
        right_rest = [n for n in right_all if n.id not in self.matched_right]
        if left_rest and right_rest and len(left_rest) * len(right_rest) <= 400_000:
            by_class: dict[str, list[Node]] = defaultdict(list)
            for node in right_rest:
                by_class[_KIND_CLASS.get(node.kind, "")].append(node)
            candidates = []
            far, near = self.threshold + 0.25, self.threshold + 0.12
            right_ancestors = {b.id: self._ancestors(b, right_by_id) for b in right_rest}
            for a in left_rest:
                home = self._matched_ancestor(a, left_by_id)
                for b in by_class.get(_KIND_CLASS.get(a.kind, ""), []):
                    value = similarity(a, b) + (self.number_bonus if a.number and a.number == b.number else 0)
                    # Under the counterpart of its nearest aligned ancestor: a
                    # rule regrouped within its heading needs less evidence.
                    floor = near if home is not None and home in right_ancestors[b.id] else far
                    if value > floor:
                        candidates.append((value, a.order, b.order, a, b))
            candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
            new_pairs = []
            for value, _, _, a, b in candidates:
                if a.id in self.matched or b.id in self.matched_right:
                    continue
                self._pair(a, b, value)
                new_pairs.append((a, b))
            queue = new_pairs
            while queue:
                a, b = queue.pop()
                queue.extend(self.siblings(
                    [c for c in a.children if c.id not in self.matched],
                    [c for c in b.children if c.id not in self.matched_right],
                ))


def word_diff(old: str, new: str) -> list:
    """Word-level diff: [["=", "words"], ["-", "removed"], ["+", "added"], ...]."""
    a, b = old.split(), new.split()
    ops = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(["=", " ".join(a[i1:i2])])
            continue
        if i2 > i1:
            ops.append(["-", " ".join(a[i1:i2])])
        if j2 > j1:
            ops.append(["+", " ".join(b[j1:j2])])
    return ops

