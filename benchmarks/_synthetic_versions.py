"""Synthetic next versions of a vendored rules document, and what each one changed.

A generator edits the source text the way a publisher's next edition (and a new PDF extraction)
would, and records what it did, so the change report of the imported version can be scored against
it: rewordings of several sizes (one word, a phrase, most of a sentence, a single number,
punctuation only), a heading retitled, a clause deleted while other clauses still cite it, a clause
split in two and two clauses merged (their later siblings renumbered), a whole section inserted
(everything after it renumbered, and the references to the renumbered clauses updated), a section
moved to the end of its parent, and noise only (heading levels, bullets, sentences broken across
lines and page breaks), which must report nothing.

Edits touch only lines that belong to one clause and clauses whose number is printed once at the
start of their line, so what the generator knows is what the text says. Used by
benchmarks/versions.py (every variant of every source) and tests/rulesdb/test_versions_generated.py
(a few), which score them with benchmarks/_version_checks.py. Needs Django set up and the old document
imported.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from benchmarks._synthetic_source import PREFIX as _PREFIX
from benchmarks._synthetic_source import Source

Row = tuple
"""("changed", old, new) / ("added", "", new) / ("removed", old, "") / ("moved", old, new, reworded)
/ ("reference", old, new, target number): a change-report row reduced to what it claims."""

_WORD = re.compile(r"[^\W\d_]{5,}")
_NEW_WORDS = {
    "it": ("sempre", "eventualmente", "immediatamente", "comunque", "Turno", "carta"),
    "en": ("always", "eventually", "immediately", "however", "turn", "card"),
}
_NEW_TEXT = {
    "it": ("Regole Sperimentali Aggiuntive",
           "Durante il torneo, ciascun giocatore annota i punti ottenuti dopo ogni partita giocata.",
           "Se un giocatore abbandona la partita, il suo avversario vince quella partita senza altre verifiche."),
    "en": ("Additional Experimental Rules",
           "During the tournament, each player writes down the points obtained after every game played.",
           "If a player leaves the game, their opponent wins that game without further checks."),
}
_PHRASE = {"it": "salvo diversa indicazione", "en": "unless stated otherwise"}


@dataclass
class Expect:
    """One thing the version did, and the report rows that say it (any one of the alternatives)."""

    kind: str
    alternatives: list[frozenset]


@dataclass
class Variant:
    name: str
    text: str
    expects: list[Expect]
    numbers: dict[str, str | None]
    """Old stable id -> its number in the new version (None: removed), for every numbered clause."""
    changed: set[str]
    """Old stable ids whose words changed."""
    added: list[str]
    ambiguous: set[str] = field(default_factory=set)
    """Old stable ids of split and merged clauses: which half or which of the two carries the clause
    on is the aligner's call (the expectations accept either)."""


def bump(number: str, delta: int) -> str:
    """The sibling `delta` places after `number` (digits count, letter suffixes go through the alphabet)."""
    head, _, last = number.rpartition(".")
    last = str(int(last) + delta) if last.isdigit() else chr(ord(last) + delta)
    return f"{head}.{last}" if head else last


class Generator:
    """Builds one variant: edits are applied to `cells` (each original line's replacement lines)."""

    def __init__(self, source: Source, seed: int):
        self.s = source
        self.random = random.Random(seed)
        self.cells: list[list[str]] = [[line] for line in source.lines]
        self.numbers: dict[str, str | None] = {c["stable_id"]: c["number"] for c in source.clauses if c["number"]}
        self.changed: set[str] = set()
        self.kind_of: dict[str, str] = {}
        self.added: list[tuple[str, str]] = []
        self.explicit: list[Expect] = []
        self.skip: set[str] = set()
        """Clauses whose rows an explicit expectation states (split and merged clauses)."""
        self.touched: set[int] = set()
        self.updated_refs: set[tuple[int, str]] = set()

    # -- choosing clauses -----------------------------------------------------------------
    def _free(self, clauses: list[dict]) -> bool:
        return not any(c["id"] in self.touched for c in clauses)

    def _take(self, clauses: list[dict]) -> None:
        self.touched.update(c["id"] for c in clauses)

    def _pick(self, test, count: int = 1) -> list[dict]:
        candidates = [c for c in self.s.clauses if c["number"] and self._free([c]) and test(c)]
        self.random.shuffle(candidates)
        chosen = []
        for c in candidates:
            if len(chosen) == count:
                break
            if self._free([c]):
                chosen.append(c)
                self._take([c])
        return chosen

    def _editable(self, c: dict) -> bool:
        return (c["kind"] not in ("note", "example") and self.s.starts_line(c) and self.s.own_lines(c)
                and c["id"] not in self.s.cited)

    # -- line edits -----------------------------------------------------------------------
    def _first(self, c: dict) -> str:
        return self.cells[c["line_start"] - 1][0]

    def _set_first(self, c: dict, line: str) -> None:
        self.cells[c["line_start"] - 1][0] = line

    def _body_start(self, line: str, number: str) -> int:
        at = _PREFIX.match(line).end() + len(number)
        return at + len(re.match(r"\.?\s*", line[at:]).group())

    def _renumber_line(self, c: dict, new: str) -> None:
        line = self._first(c)
        at = _PREFIX.match(line).end()
        assert line[at:].startswith(c["number"]), (line, c["number"])
        self._set_first(c, line[:at] + new + line[at + len(c["number"]):])

    def _change(self, c: dict, kind: str) -> None:
        self.changed.add(c["stable_id"])
        self.kind_of.setdefault(c["stable_id"], kind)

    def reword(self, size: str) -> None:
        """size: "word" (one word), "phrase" (a phrase inserted), "most" (most words replaced)."""
        words = _NEW_WORDS[self.s.language]
        for c in self._pick(lambda c: self._editable(c) and len(_WORD.findall(c["text"])) >= 6):
            line = self._first(c)
            body = self._body_start(line, c["number"])
            found = list(_WORD.finditer(line, body))
            if not found:
                continue
            if size == "word":
                w = self.random.choice(found)
                line = line[:w.start()] + self.random.choice([x for x in words if x != w.group()]) + line[w.end():]
            elif size == "phrase":
                w = found[len(found) // 2]
                line = line[:w.end()] + ", " + _PHRASE[self.s.language] + "," + line[w.end():]
            else:
                for w in reversed(found[: max(2, len(found) * 2 // 3)]):
                    line = line[:w.start()] + self.random.choice(words) + line[w.end():]
            self._set_first(c, line)
            self._change(c, f"reworded ({size})")

    def number_changed(self) -> None:
        """A single number of the text, e.g. 8 cards become 9 (not a clause number or reference)."""
        def has_number(c):
            return self._editable(c) and re.search(r"(?<![\w.])\d(?![\w.])", self._first(c)[self._body_start(self._first(c), c["number"]):])
        for c in self._pick(has_number):
            line = self._first(c)
            body = self._body_start(line, c["number"])
            m = re.search(r"(?<![\w.])(\d)(?![\w.])", line[body:])
            at = body + m.start(1)
            self._set_first(c, line[:at] + str((int(m.group(1)) + 1) % 10) + line[at + 1:])
            self._change(c, "number changed")

    def punctuation(self) -> None:
        """Punctuation only: a comma becomes a semicolon, or a comma is added after a word."""
        for c in self._pick(lambda c: self._editable(c) and len(_WORD.findall(c["text"])) >= 6):
            line = self._first(c)
            body = self._body_start(line, c["number"])
            comma = line.find(", ", body)
            if comma > 0:
                line = line[:comma] + ";" + line[comma + 1:]
            else:
                w = list(_WORD.finditer(line, body))[2]
                line = line[:w.end()] + "," + line[w.end():]
            self._set_first(c, line)
            self._change(c, "punctuation only")

    def retitle(self) -> None:
        def heading(c):
            return c["kind"] in ("heading", "section") and c["title"] and self.s.starts_line(c) and self.s.own_lines(c) \
                and c["title"] in self._first(c)
        for c in self._pick(heading):
            line = self._first(c)
            at = line.rfind(c["title"])
            new_title = f"{c['title']} {_NEW_WORDS[self.s.language][4]}"
            self._set_first(c, line[:at] + new_title + line[at + len(c["title"]):])
            self._change(c, "heading retitled")

    def delete_cited(self) -> None:
        """A clause that other clauses cite, deleted; its number left as a gap, the citations kept."""
        def deletable(c):
            return (c["id"] in self.s.cited and self.s.leaf(c) and self.s.starts_line(c) and self.s.own_lines(c)
                    and c["kind"] not in ("note", "example", "section", "heading"))
        for c in self._pick(deletable):
            for line in range(c["line_start"], c["line_end"] + 1):
                self.cells[line - 1] = []
            self.numbers[c["stable_id"]] = None
            self.kind_of[c["stable_id"]] = "deleted (cited elsewhere)"

    # -- structure ------------------------------------------------------------------------
    def _siblings_after(self, parent: dict, at: int) -> list[dict]:
        return self.s.numbered_children(parent)[at:]

    def _renumberable(self, clauses: list[dict]) -> bool:
        return all(self.s.starts_line(d) for c in clauses for d in self.s.subtree(c) if d["number"]) and self._free(
            [d for c in clauses for d in self.s.subtree(c)])

    def _renumber(self, siblings: list[dict], delta: int, kind: str) -> None:
        for c in siblings:
            new = bump(c["number"], delta)
            for d in self.s.subtree(c):
                if d["number"]:
                    number = new + d["number"][len(c["number"]):]
                    self._renumber_line(d, number)
                    self.numbers[d["stable_id"]] = number
                    self.kind_of.setdefault(d["stable_id"], kind)
            self._take(self.s.subtree(c))

    def _family_ok(self, parent: dict, siblings: list[dict]) -> bool:
        """Siblings numbered parent.1, parent.2… in order, so a bump lands on a free number."""
        expected = [f"{parent['number']}.{c['number'].rsplit('.', 1)[-1]}" for c in siblings]
        if [c["number"] for c in siblings] != expected:
            return False
        lasts = [c["number"].rsplit(".", 1)[-1] for c in siblings]
        if all(x.isdigit() for x in lasts):
            return [int(x) for x in lasts] == list(range(int(lasts[0]), int(lasts[0]) + len(lasts)))
        return all(len(x) == 1 for x in lasts) and [ord(x) for x in lasts] == list(range(ord(lasts[0]), ord(lasts[0]) + len(lasts)))

    def _parents(self, min_children: int) -> list[dict]:
        found = [p for p in self.s.clauses if p["number"] and p["number"] in self.s.unique
                 and len(self.s.numbered_children(p)) >= min_children
                 and self._family_ok(p, self.s.numbered_children(p))]
        self.random.shuffle(found)
        # Sections other clauses cite first: their renumbering is what references have to follow.
        cited = {p["id"]: any(d["id"] in self.s.cited for d in self.s.subtree(p)[1:]) for p in found}
        return sorted(found, key=lambda p: not cited[p["id"]])

    def split(self) -> None:
        """A rule printed on one line split in two at a sentence; its later siblings renumbered."""
        for parent in self._parents(2):
            kids = self.s.numbered_children(parent)
            for i, c in enumerate(kids):
                if not (self._editable(c) and self.s.leaf(c) and c["line_start"] == c["line_end"]) or c["id"] in self.s.citing:
                    continue
                line = self._first(c)
                body = self._body_start(line, c["number"])
                cuts = [m.end() for m in re.finditer(r"[.;:] (?=[A-ZÀ-Ý])", line[body:])]
                if not cuts or not self._renumberable(kids[i + 1:]) or not self._free([c]):
                    continue
                cut = body + cuts[len(cuts) // 2]
                first, rest = line[:cut].rstrip(), line[cut:]
                prefix = line[:_PREFIX.match(line).end()]
                dot = "." if line[_PREFIX.match(line).end() + len(c["number"]):][:1] == "." else ""
                new = bump(c["number"], 1)
                self._renumber(kids[i + 1:], 1, "split: later siblings renumbered")
                self._set_first(c, first)
                self.cells[c["line_start"] - 1].extend(["", f"{prefix}{new}{dot} {rest}"])
                self._take([c])
                self.skip.add(c["stable_id"])
                self.changed.add(c["stable_id"])
                self.numbers[c["stable_id"]] = c["number"]
                self.explicit.append(Expect("split in two", [
                    frozenset({("changed", c["number"], c["number"]), ("added", "", new)}),
                    frozenset({("moved", c["number"], new, True), ("added", "", c["number"])}),
                ]))
                return

    def merge(self) -> None:
        """Two sibling rules merged into the first; the later siblings renumbered."""
        for parent in self._parents(3):
            kids = self.s.numbered_children(parent)
            for i in range(len(kids) - 1):
                a, b = kids[i], kids[i + 1]
                if not all(self._editable(c) and self.s.leaf(c) and c["id"] not in self.s.citing for c in (a, b)) \
                        or not self._free([a, b]):
                    continue
                if not self._renumberable(kids[i + 2:]):
                    continue
                line = self._first(b)
                body = self._body_start(line, b["number"])
                rest = line[body:].lstrip(". ")
                self._renumber(kids[i + 2:], -1, "merge: later siblings renumbered")
                self._set_first(b, rest)
                self._take([a, b])
                self.skip.update({a["stable_id"], b["stable_id"]})
                self.changed.add(a["stable_id"])
                self.numbers[b["stable_id"]] = None
                self.explicit.append(Expect("two merged", [
                    frozenset({("changed", a["number"], a["number"]), ("removed", b["number"], "")}),
                    frozenset({("moved", b["number"], a["number"], True), ("removed", a["number"], "")}),
                ]))
                return

    def insert_section(self, *, update_refs: bool) -> None:
        """A new heading with two rules inserted among its siblings; everything after renumbered."""
        title, text1, text2 = _NEW_TEXT[self.s.language]
        for parent in self._parents(3):
            kids = self.s.numbered_children(parent)
            at = len(kids) // 2
            target = kids[at]
            grand = self.s.numbered_children(target)
            if not grand or not self._renumberable(kids[at:]) or self.s.span(self.s.subtree(target)) is None:
                continue
            line = self._first(target)
            prefix = line[:_PREFIX.match(line).end()]
            child_line = self._first(grand[0])
            child_prefix = child_line[:_PREFIX.match(child_line).end()]
            dot = "." if line[_PREFIX.match(line).end() + len(target["number"]):][:1] == "." else ""
            number = target["number"]
            children = [f"{number}.{x}" for x in (("1", "2") if grand[0]["number"][-1].isdigit() else ("a", "b"))]
            self._renumber(kids[at:], 1, "section inserted: later sections renumbered")
            self.cells[target["line_start"] - 1][:0] = [
                f"{prefix}{number}{dot} {title}", "", f"{child_prefix}{children[0]}{dot} {text1}", "",
                f"{child_prefix}{children[1]}{dot} {text2}", ""]
            for n in [number, *children]:
                self.added.append((n, "section inserted"))
            if update_refs:
                self._update_references()
            return

    def move_section(self) -> None:
        """A section moved to the end of its parent: it and the siblings after it renumbered."""
        for parent in self._parents(3):
            kids = self.s.numbered_children(parent)
            at = len(kids) // 3
            moved, after = kids[at], kids[at + 1:]
            if not after or not self._renumberable(kids[at:]):
                continue
            span = self.s.span(self.s.subtree(moved))
            last = self.s.span(self.s.subtree(kids[-1]))
            if span is None or last is None:
                continue
            new_number = kids[-1]["number"]
            self._renumber(after, -1, "section moved: siblings renumbered")
            for d in self.s.subtree(moved):
                if d["number"]:
                    number = new_number + d["number"][len(moved["number"]):]
                    self._renumber_line(d, number)
                    self.numbers[d["stable_id"]] = number
                    self.kind_of[d["stable_id"]] = "section moved"
            self._take(self.s.subtree(moved))
            block = [line for i in range(span[0], span[1] + 1) for line in self.cells[i - 1]]
            for i in range(span[0], span[1] + 1):
                self.cells[i - 1] = []
            self.cells[last[1] - 1].extend(["", *block])
            return

    def _update_references(self) -> None:
        """Every reference to a renumbered clause rewritten to its new number, where the citing
        clause's lines are its own (else it stays as printed, and the report's reference row is expected)."""
        by_id = self.s.by_id
        for ref in self.s.refs:
            target = by_id.get(ref["target_id"])
            source = by_id[ref["source_id"]]
            if target is None or not target["number"] or not source["number"]:
                continue  # a note's or example's citation stays as printed: its row is expected below
            new = self.numbers.get(target["stable_id"])
            if new is None or new == target["number"] or ref["target_number"] != target["number"]:
                continue
            if not self.s.own_lines(source) or (source["id"], ref["target_number"]) in self.updated_refs:
                continue
            pattern = re.compile(r"(?<![\w.])" + re.escape(ref["target_number"]) + r"(?!\w|\.\w)")
            done = False
            for line in range(source["line_start"], source["line_end"] + 1):
                cell = self.cells[line - 1]
                for k, text in enumerate(cell):
                    start = self._body_start(text, source["number"]) if line == source["line_start"] and k == 0 and source["number"] and text[_PREFIX.match(text).end():].startswith(source["number"]) else 0
                    replaced = text[:start] + pattern.sub(new, text[start:])
                    if replaced != text:
                        cell[k] = replaced
                        done = True
            if done:
                self.updated_refs.add((source["id"], ref["target_number"]))
                self._change(source, "references updated to renumbered targets")

    def noise(self, count: int = 6) -> None:
        """What a new extraction does: heading levels and bullets changed, sentences broken across
        lines and across a page break (the rest after a blank line behind a bullet). No change to report."""
        for c in self._pick(lambda c: self.s.starts_line(c) and self.s.own_lines(c), count):
            line = self._first(c)
            prefix_end = _PREFIX.match(line).end()
            prefix, rest = line[:prefix_end], line[prefix_end:]
            if prefix.startswith("#"):
                hashes = len(prefix) - len(prefix.lstrip("#"))
                self._set_first(c, ("#" * (hashes + 1 if hashes < 4 else hashes - 1)) + prefix.lstrip("#") + rest)
            elif prefix.strip().startswith("-"):
                self._set_first(c, rest)
            else:
                self._set_first(c, "- " + rest)
        long_lines = lambda c: self._editable(c) and self.s.leaf(c) and len(self._first(c)) > 120
        for i, c in enumerate(self._pick(long_lines, count)):
            line = self._first(c)
            words = [m.start() for m in re.finditer(r" (?=[a-zà-ù]{3,})", line[60:])]
            if not words:
                continue
            cut = 60 + words[len(words) // 2]
            tail = line[cut + 1:]
            self._set_first(c, line[:cut])
            self.cells[c["line_start"] - 1].extend([tail] if i % 2 == 0 else ["", "- " + tail])

    # -- what the report should say -------------------------------------------------------
    def variant(self, name: str) -> Variant:
        expects = list(self.explicit)
        by_id = self.s.by_id
        by_sid = {c["stable_id"]: c for c in self.s.clauses}
        for c in self.s.clauses:
            sid = c["stable_id"]
            if not c["number"] or sid in self.skip:
                continue
            new = self.numbers[sid]
            kind = self.kind_of.get(sid, "")
            if new is None:
                expects.append(Expect(kind, [frozenset({("removed", c["number"], "")})]))
            elif new != c["number"]:
                expects.append(Expect(kind, [frozenset({("moved", c["number"], new, sid in self.changed)})]))
            elif sid in self.changed:
                expects.append(Expect(kind, [frozenset({("changed", c["number"], new)})]))
        for number, kind in self.added:
            expects.append(Expect(kind, [frozenset({("added", "", number)})]))
        # References left as printed whose target moved or vanished.
        # Numbers now printed by another clause than before: a renumbered one, or a new one.
        incoming = {n for sid, n in self.numbers.items() if n and n != by_sid[sid]["number"]}
        incoming.update(n for n, _ in self.added)
        seen = set()
        for ref in self.s.refs:
            target, source = by_id.get(ref["target_id"]), by_id[ref["source_id"]]
            if target is None or (source["id"], ref["target_number"]) in self.updated_refs:
                continue
            if source["stable_id"] in self.skip or self.numbers.get(source["stable_id"], "") is None:
                continue
            if target["number"] != ref["target_number"]:
                continue  # resolved to another number than printed (a fallback): not this oracle's to say
            if self.numbers.get(target["stable_id"]) == ref["target_number"] and ref["target_number"] not in incoming:
                continue
            old_label = source["number"] or source["stable_id"]
            new_label = self.numbers.get(source["stable_id"]) or old_label
            if not source["number"]:  # a note or example: labelled by its clause's id, renumbered with it
                owner, _, suffix = old_label.partition("~")
                if not self.numbers.get(owner, owner):
                    continue
                new_label = f"{self.numbers.get(owner, owner)}~{suffix}"
            key = ("reference", old_label, new_label, ref["target_number"])
            if key not in seen:
                seen.add(key)
                kind = self.kind_of.get(target["stable_id"], "?")
                expects.append(Expect(f"reference kept: {kind}", [frozenset({key})]))
        text = "\n".join(line for cell in self.cells for line in cell)
        return Variant(name, text, expects, dict(self.numbers), set(self.changed), [n for n, _ in self.added], set(self.skip))


VARIANTS = ("rewordings", "structure", "renumbering", "noise", "everything")


def variant_make(document, text: str, name: str, seed: int = 1) -> Variant:
    """One named variant of `document` (imported from `text`)."""
    g = Generator(Source(document, text), seed)
    if name in ("rewordings", "everything"):
        for size in ("word", "word", "phrase", "most"):
            g.reword(size)
        g.number_changed()
        g.number_changed()
        g.punctuation()
        g.punctuation()
        g.retitle()
        g.delete_cited()
    if name in ("structure", "everything"):
        g.split()
        g.merge()
        g.insert_section(update_refs=True)
        g.move_section()
    if name == "renumbering":
        g.insert_section(update_refs=False)  # the citations of the renumbered clauses left as printed
        g.move_section()
    if name in ("noise", "everything"):
        g.noise()
    return g.variant(name)
