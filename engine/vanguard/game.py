"""Creating games (a fresh game from two decks, or a state positioned at a phase), and where a game stands."""

from __future__ import annotations

from ..core.cards import names_over, parse_deck
from ..core import schema
from ..core.errors import DefinitionError
from ..core.text import say
from ..turns import turn_points
from .cards import Card
from .state import PHASES, GameState

PHASE_TASKS = {
    "stand": ["stand_phase", "draw_phase", "ride_phase", "main_phase", "battle_phase", "end_phase"],
    "draw": ["draw_phase", "ride_phase", "main_phase", "battle_phase", "end_phase"],
    "ride": ["ride_phase", "main_phase", "battle_phase", "end_phase"],
    "main": ["main_phase", "battle_phase", "end_phase"],
    "battle": ["battle_phase", "end_phase"],
    "end": ["end_phase"],
}


def deck_problems(deck: list[Card]) -> list[tuple[str, str]]:
    """Deck construction problems (5.2.2) as (message, citation key); [] for a legal deck.  Each message names its
    clause: it is what a judge reads when a scenario's deck breaks the rule."""
    from .citations import cite

    def clause(key: str) -> str:
        return cite(key).number

    out = []
    if len(deck) != 50:
        out.append((say("a deck has exactly 50 cards, not %(count)s (%(clause)s)", count=len(deck),
                        clause=clause("DECK_SIZE")), "DECK_SIZE"))
    if any(c.type == "g_unit" for c in deck):
        out.append((say("a main deck holds only normal and trigger units (%(clause)s)", clause=clause("DECK_SIZE")),
                    "DECK_SIZE"))
    for n, count in names_over(deck, 4):
        out.append((say("%(count)s copies of %(card)s: at most four cards with the same name (%(clause)s)",
                        count=count, card=n, clause=clause("DECK_COPIES")), "DECK_COPIES"))
    triggers = sum(1 for c in deck if c.trigger != "none")
    if triggers != 16:
        out.append((say("a deck has exactly 16 trigger units, not %(count)s (%(clause)s)", count=triggers,
                        clause=clause("DECK_TRIGGERS")), "DECK_TRIGGERS"))
    heals = sum(1 for c in deck if c.trigger == "heal")
    if heals > 4:
        out.append((say("%(count)s heal triggers: at most four (%(clause)s)", count=heals,
                        clause=clause("DECK_HEALS")), "DECK_HEALS"))
    sentinels = sum(1 for c in deck if c.has("sentinel"))
    if sentinels > 4:
        out.append((say("%(count)s sentinels: at most four (%(clause)s)", count=sentinels,
                        clause=clause("DECK_SENTINELS")), "DECK_SENTINELS"))
    return out


def new_game(decks: list[list[dict | Card]], seed: int = 0, first_player: int | None = None,
             validate: bool = True) -> GameState:
    """A game before setup: each deck is a list of card objects (JSON dicts or Cards).

    Ids are generated (``p0-00``...) when a dict has none.  The first grade 0
    card of each list becomes the first vanguard (5.4.3).  With ``validate``
    each deck must satisfy 5.2.2 (a DefinitionError names the rule broken).  Call
    :func:`engine.advance` to shuffle, draw and reach the first decision.
    """
    if len(decks) != 2:
        raise DefinitionError("decks", say("a game is played with exactly two decks"))
    cards: dict[str, Card] = {}
    vanguards = []
    parsed: dict[str, Card] = {}
    for p, deck in enumerate(decks):
        ids = parse_deck(p, deck, Card, Card.from_json, cards, parsed)  # each card owned by its deck's player
        if validate:
            problems = deck_problems([cards[c] for c in ids])
            if problems:
                raise DefinitionError(f"decks[{p}]", problems[0][0])
        first_vg = next((c for c in ids if cards[c].grade == 0), None)
        if first_vg is None:
            raise DefinitionError(f"decks[{p}]", say("a deck needs a grade 0 card for the first vanguard (5.4.3)"))
        vanguards.append(first_vg)
    st = GameState.empty(cards, seed)
    for p in (0, 1):
        st.zones[p]["deck"] = [c for c in cards if cards[c].owner == p]
    st.rebuild_locations()
    st.agenda = [{"t": "setup", "vanguards": vanguards, "first_player": first_player}]
    return st


def position_at(st: GameState, phase: str) -> GameState:
    """Set the agenda so the current turn continues from the start of ``phase``."""
    schema.string(phase, "phase", PHASE_TASKS)
    st.phase = phase
    st.step = None
    vg = st.vanguard(st.turn_player)
    # A position starting mid-turn takes its current vanguard as the one held since the start of the turn (A24).
    st.turn_start_grade = st.cards[vg].grade if vg else 0
    st.agenda = []
    tasks = [{"t": t} for t in PHASE_TASKS[phase]]
    for t in reversed(tasks):
        st.agenda.append(t)
    return st


def position(st: GameState) -> dict:
    """Where the game stands, in Vanguard's words: turn, turn player, phase, step, battles so far, a battle running."""
    return {"turn": st.turn, "turn_player": st.turn_player, "phase": st.phase, "step": st.step,
            "battles": st.battles_this_turn, "in_battle": st.battle is not None}


#: the named points a game can be run to: the end of this step, phase, battle and turn
STOP_POINTS = turn_points("battle", "battles", "in_battle", PHASES[:PHASES.index("battle") + 1])

__all__ = ["new_game", "position_at", "position", "deck_problems", "PHASES", "STOP_POINTS"]
