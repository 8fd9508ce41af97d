"""Cards from data, for every game: decks parsed once per printed card, deck name counts, scenario card entries.

Each game's card class is a frozen dataclass with ``id`` and ``owner`` fields and a
``from_json(data, path, owner=...)`` parser; these helpers take that parser as an argument.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from . import schema
from .errors import DefinitionError

Parse = Callable[..., Any]  # parse(data, path, owner=player) -> card


def parse_deck(player: int, deck: list[Any], card_class: type, parse: Parse, cards: dict[str, Any],
               parsed: dict[str, Any]) -> list[str]:
    """Add one deck's cards (card objects or JSON dicts; ids ``p0-00``... generated when missing) to ``cards``.

    Identical printed cards are parsed once (``parsed``, shared by both decks), then given their own id and
    owner.  Returns the deck's ids in order.
    """
    ids = []
    for i, raw in enumerate(deck):
        if isinstance(raw, card_class):
            card = raw
        else:
            data = dict(raw)
            card_id = data.pop("id", None) or f"p{player}-{i:02d}"
            key = repr(data)  # equal texts parse once (a dict written in another key order just parses again)
            if key not in parsed:
                parsed[key] = parse({**data, "id": card_id}, f"decks[{player}][{i}]", owner=player)
            card = replace(parsed[key], id=card_id, owner=player)
        if card.id in cards:
            raise DefinitionError(f"decks[{player}][{i}].id", f"duplicate card id {card.id!r}")
        cards[card.id] = card
        ids.append(card.id)
    return ids


def parse_decks(decks: list[list[Any]], card_class: type, parse: Parse,
                problems: Callable[[list[Any]], list[tuple[str, str]]] | None,
                rule: Callable[[str], str]) -> tuple[dict[str, Any], list[list[str]]]:
    """Exactly two decks parsed (:func:`parse_deck`): (every card by id, each deck's ids in order).

    With ``problems`` (a game's deck-construction check: (message, citation key) pairs), a deck's first
    problem raises a DefinitionError naming its rule, ``rule(key)`` giving the clause as written.
    """
    if len(decks) != 2:
        raise DefinitionError("decks", "expected exactly two decks")
    cards: dict[str, Any] = {}
    parsed: dict[str, Any] = {}
    deck_ids = []
    for p, deck in enumerate(decks):
        ids = parse_deck(p, deck, card_class, parse, cards, parsed)
        if problems:
            found = problems([cards[c] for c in ids])
            if found:
                message, key = found[0]
                raise DefinitionError(f"decks[{p}]", f"{message} ({rule(key)})")
        deck_ids.append(ids)
    return cards, deck_ids


def names_over(deck: list[Any], limit: int) -> list[tuple[str, int]]:
    """(name, copies) of every name with more than ``limit`` cards in ``deck``, by name."""
    names: dict[str, int] = {}
    for c in deck:
        names[c.name] = names.get(c.name, 0) + 1
    return [(n, count) for n, count in sorted(names.items()) if count > limit]


def entry_data(entry: Any, path: str, templates: dict, card_fields: tuple[str, ...],
               entry_fields: tuple[str, ...]) -> tuple[dict, dict, int]:
    """A scenario's card entry read: (the entry as an object, the card's data with its template, count).

    An entry is a template name or an object of card fields (``card_fields``) and entry fields
    (``entry_fields``: template, count, statuses...); its own fields override the template's.
    """
    if isinstance(entry, str):
        entry = {"template": entry}
    if not isinstance(entry, dict):
        raise DefinitionError(path, f"expected a template name or a card object, got {schema.describe(entry)}")
    for key in entry:
        if key not in entry_fields and key not in card_fields:
            raise DefinitionError(schema.join(path, key), "unknown field")
    data: dict = {}
    if "template" in entry:
        tname = schema.string(entry["template"], schema.join(path, "template"))
        if tname not in templates:
            raise DefinitionError(schema.join(path, "template"), f"unknown template {tname!r}")
        tmpl = templates[tname]
        if not isinstance(tmpl, dict):
            raise DefinitionError(f"templates.{tname}", f"expected an object, got {schema.describe(tmpl)}")
        data.update(tmpl)
    data.update({k: v for k, v in entry.items() if k not in entry_fields})
    count = schema.integer(entry.get("count", 1), schema.join(path, "count"), 1, 60)
    return entry, data, count


def entry_cards(data: dict, count: int, path: str, player: int, zone: str, index: int, parse: Parse,
                cards: dict[str, Any], each: Callable[[Any], None] | None = None) -> list[str]:
    """The ids of the ``count`` cards of one entry, added to ``cards``: ``<id>`` or ``<id>-<n>`` (default
    ``p0-zone-3``); ``each(card)`` (the entry's statuses) runs as each card is added."""
    base_id = data.get("id") or f"p{player}-{zone}-{index}"
    out = []
    for n in range(count):
        d = dict(data)
        d["id"] = base_id if count == 1 else f"{base_id}-{n}"
        card = parse(d, path, owner=player)
        if card.id in cards:
            raise DefinitionError(schema.join(path, "id"), f"duplicate card id {card.id!r}")
        cards[card.id] = card
        if each is not None:
            each(card)
        out.append(card.id)
    return out


def card_identity(data: Any, path: str, owner: int | None, card_fields: tuple[str, ...],
                  required: tuple[str, ...]) -> tuple[int, str]:
    """The checked fields of a card's JSON and its (owner, id), the start of every game's card parser.

    ``owner`` comes from context (a scenario's player) or, when None, from the data.
    """
    if owner is None:
        card_fields, required = card_fields + ("owner",), required + ("owner",)
    schema.obj(data, path, required, card_fields)
    if owner is None:
        owner = schema.integer(data["owner"], schema.join(path, "owner"), 0, 1)
    card_id = schema.string(data["id"], schema.join(path, "id"))
    if not card_id:
        raise DefinitionError(schema.join(path, "id"), "a card id cannot be empty")
    return owner, card_id
