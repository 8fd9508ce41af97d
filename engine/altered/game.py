"""New Altered games: two decks, each with its hero (1.1.4), put in place as 4.1 says; deck construction checked."""

from __future__ import annotations

from ..core.cards import names_over, parse_decks
from .cards import Card
from .citations import cite
from .state import GameState


def deck_problems(deck: list[Card]) -> list[tuple[str, str]]:
    """Constructed-deck problems (1.1.4) as (message, citation key); [] for a legal deck."""
    out = []
    heroes = sum(1 for c in deck if c.type == "hero")
    if heroes != 1:
        out.append((f"a deck has exactly 1 hero, not {heroes}", "DECK_ONE_HERO"))
    others = len(deck) - heroes
    if others < 39:
        out.append((f"a deck has at least 39 cards besides its hero, not {others}", "DECK_SIZE"))
    for n, count in names_over([c for c in deck if c.type != "hero"], 3):
        out.append((f"{count} cards named {n!r}: at most 3", "DECK_COPIES"))
    return out


def new_game(decks: list[list[dict | Card]], seed: int = 0, first_player: int | None = None,
             validate: bool = True) -> GameState:
    """A game before setup: each deck a list of card objects, its hero among them (ids ``p0-00``... when missing)."""
    cards, st_zones = parse_decks(decks, Card, Card.from_json, deck_problems if validate else None,
                                  lambda key: cite(key).number)
    st = GameState.empty(cards, seed)
    for p, ids in enumerate(st_zones):
        st.zones[p]["hero"] = [c for c in ids if cards[c].type == "hero"][:1]  # 4.1.h
        st.zones[p]["deck"] = [c for c in ids if c not in st.zones[p]["hero"]]
    st.rebuild_locations()
    st.agenda = [{"t": "setup", "first_player": first_player}]
    return st
