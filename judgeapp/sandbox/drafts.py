"""A board definition read before it is checked (a draft may hold anything): entries and card counts.

Shared by the sandbox's services and selectors and by every game's module (games/), which is why it
imports none of them.
"""
from __future__ import annotations


def draft_entry(entry, templates: dict) -> tuple[dict | None, int]:
    """A draft's card entry with its template's fields filled in, and how many copies it stands for
    ((None, 0) for an entry that is not a card: a draft may hold anything until it is checked)."""
    if isinstance(entry, str):
        entry = {"template": entry}
    if not isinstance(entry, dict):
        return None, 0
    data = dict(templates.get(entry.get("template"), {}) if isinstance(entry.get("template"), str) else {})
    data.update(entry)
    count = data.get("count", 1)
    return data, count if isinstance(count, int) and 0 < count <= 60 else 1


def card_count(entries) -> int:
    """How many cards (player, place, index, entry) tuples stand for: an entry's ``count``, else one."""
    total = 0
    for _, _, _, entry in entries:
        count = entry.get("count", 1) if isinstance(entry, dict) else 1
        total += count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 1
    return total


def next_card_id(entries, player: int) -> str:
    """The first free id of ``player``'s cards ("p0-1", "p0-2", ...) among (player, place, index, entry) tuples."""
    used = {e.get("id") for _, _, _, e in entries if isinstance(e, dict)}
    n = 1
    while f"p{player}-{n}" in used:
        n += 1
    return f"p{player}-{n}"
