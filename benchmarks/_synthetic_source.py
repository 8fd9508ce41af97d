"""The old document as benchmarks/_synthetic_versions.py sees it before editing its source: clauses,
which source lines each one owns, which clauses cite and are cited."""
from __future__ import annotations

import re

PREFIX = re.compile(r"^[\s#>*-]*")
"""What a source line prints before a clause number: bullets, heading marks, indentation."""


class Source:
    """The old document as the generator sees it: clauses, line ownership, references."""

    def __init__(self, document, text: str):
        from rulesdb.models import Reference

        self.document = document
        self.language = document.language
        self.lines = text.split("\n")
        self.clauses = list(document.clauses.order_by("order").values(
            "id", "stable_id", "number", "printed_number", "parent_id", "kind", "title", "text",
            "line_start", "line_end", "origin", "depth"))
        self.by_id = {c["id"]: c for c in self.clauses}
        self.children: dict[int | None, list[dict]] = {}
        for c in self.clauses:
            self.children.setdefault(c["parent_id"], []).append(c)
        counts: dict[str, int] = {}
        for c in self.clauses:
            counts[c["number"]] = counts.get(c["number"], 0) + 1
        self.unique = {n for n, k in counts.items() if n and k == 1}
        self.owners: dict[int, set[int]] = {}
        for c in self.clauses:
            if c["origin"] != "derived":
                for line in range(c["line_start"], c["line_end"] + 1):
                    self.owners.setdefault(line, set()).add(c["id"])
        self.refs = list(Reference.objects.filter(source__document=document).values(
            "source_id", "raw", "target_number", "target_id"))
        self.cited = {r["target_id"] for r in self.refs if r["target_id"]}
        self.citing = {r["source_id"] for r in self.refs}

    def subtree(self, clause: dict) -> list[dict]:
        found = [clause]
        for child in self.children.get(clause["id"], []):
            found.extend(self.subtree(child))
        return found

    def own_lines(self, clause: dict) -> bool:
        return all(self.owners.get(line, set()) <= {clause["id"]} for line in range(clause["line_start"], clause["line_end"] + 1))

    def starts_line(self, clause: dict) -> bool:
        """Printed once, at the start of its own first line, as a number this generator can rewrite."""
        if clause["number"] not in self.unique or clause["printed_number"] or clause["origin"] != "printed":
            return False
        line = self.lines[clause["line_start"] - 1]
        rest = line[PREFIX.match(line).end():]
        return re.match(re.escape(clause["number"]) + r"(?![\w])", rest) is not None

    def span(self, clauses: list[dict]) -> tuple[int, int] | None:
        """The lines of a subtree when they are contiguous and its own."""
        start = min(c["line_start"] for c in clauses if c["origin"] != "derived")
        end = max(c["line_end"] for c in clauses if c["origin"] != "derived")
        ids = {c["id"] for c in clauses}
        if any(not (self.owners.get(line, set()) <= ids) for line in range(start, end + 1)):
            return None
        return start, end

    def numbered_children(self, parent: dict) -> list[dict]:
        return [c for c in self.children.get(parent["id"], []) if c["number"] and c["kind"] not in ("note", "example")]

    def leaf(self, clause: dict) -> bool:
        return not self.children.get(clause["id"])
