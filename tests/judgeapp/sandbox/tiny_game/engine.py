"""Reveal, a game defined only for the tests: the engine half of the proof that a third game plugs in.

Two players each hold a deck of numbered cards.  Each round both reveal the top card of their deck,
player 0 first; the higher number wins both cards (a tie: each keeps its own).  When a deck is empty
after a round, the player who won more cards wins the game.  Its rules are the test document
``tiny-reveal-rules`` (see ``RULES`` below; the tests load it into the reader).

It plugs into ``engine/core`` exactly as a real game does (docs/adding-a-game.md): a card, a state,
an action class, one agenda, a driver, citations, a position and a stop point, a part of the scenario
format, and one :func:`engine.core.games.register` call.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import games, schema
from engine.core.actions import SHARED_KINDS
from engine.core.actions import Action as CoreAction
from engine.core.agenda import Agenda, push
from engine.core.citations import Citation, ClauseRef, lookups
from engine.core.decisions import Decision
from engine.core.driver import Driver, StopPoint
from engine.core.errors import DefinitionError
from engine.core.events import emitter
from engine.core.judge import apply_judge_action
from engine.core.scenario import SHARED_EXPECTATIONS, ScenarioRules, read_board
from engine.core.state import GameStateBase

SLUG = "reveal"
DOCUMENT = "tiny-reveal-rules"
#: the test document: clause number -> text (the tests load it as a rules document)
RULES = {
    "1": "Game structure",
    "1.1": "Each player has a deck of numbered cards.",
    "1.2": "In each round player 0 reveals the top card of their deck first, then player 1.",
    "2": "Rounds",
    "2.1": "A revealed card is put face up in front of its owner.",
    "2.2": "The player who revealed the higher number wins both revealed cards; on a tie each keeps their own.",
    "3": "End of the game",
    "3.1": "When a deck is empty at the end of a round, the player who won more cards wins the game.",
}
REGISTRY = {key: ClauseRef(Citation(DOCUMENT, number), ()) for key, number in
            (("order", "1.2"), ("reveal", "2.1"), ("win_round", "2.2"), ("end", "3.1"), ("CONCEDE", "3.1"))}
cite, cites = lookups(REGISTRY, REGISTRY)
emit = emitter(cites)
ZONES = ("deck", "revealed", "won")


@dataclass(frozen=True)
class Card:
    id: str
    owner: int
    name: str
    value: int

    def to_json(self) -> dict:
        return {"id": self.id, "owner": self.owner, "name": self.name, "value": self.value}

    @classmethod
    def from_json(cls, data: dict, path: str = "card", owner: int | None = None) -> "Card":
        schema.obj(data, path, ("name", "value"), ("id", "owner"))
        owner = data.get("owner", owner)
        return cls(str(data.get("id", "x")), owner if isinstance(owner, int) else 0,
                   schema.string(data["name"], schema.join(path, "name")),
                   schema.integer(data["value"], schema.join(path, "value"), 0, 99))


class Modifier:  # Reveal has no continuous effects: the state's modifiers list stays empty
    @classmethod
    def from_json(cls, data):
        raise DefinitionError("modifiers", "Reveal has no modifiers")


class Action(CoreAction, specs={"reveal": (("card",), ()), **SHARED_KINDS}):
    __slots__ = ()


@dataclass(eq=False, kw_only=True)
class GameState(GameStateBase):
    cards: dict = field(default_factory=dict)
    zones: list = field(default_factory=list)
    round: int = 1

    FORMAT, CARD, MODIFIER, ACTION = "tiny-reveal-state/1", Card, Modifier, Action
    ZONES, BOARD, BOARD_KEY, POSITION = ZONES, (), "table", ("round",)

    def clone(self) -> "GameState":
        return GameState.from_json(self.to_json())


AGENDA = Agenda(SLUG)


@AGENDA.handler("round")
def _round(state, task, answer, events):
    push(state, {"t": "reveal", "player": 0}, {"t": "reveal", "player": 1}, {"t": "compare"})


@AGENDA.handler("reveal")
def _reveal(state, task, answer, events):
    player = task["player"]
    if answer is None:
        return Decision("reveal", player, f"player {player}: reveal the top card of your deck",
                        (Action.make("reveal", card=state.zones[player]["deck"][0]),), cite("order"))
    card = state.zones[player]["deck"].pop(0)
    state.zones[player]["revealed"].append(card)
    state.loc[card] = (player, "revealed")
    emit(events, "reveal", f"player {player} reveals {state.cards[card].name}", ("reveal",), player, card=card)
    return None


@AGENDA.handler("compare")
def _compare(state, task, answer, events):
    shown = [state.zones[p]["revealed"][-1] for p in (0, 1)]
    values = [state.cards[c].value for c in shown]
    winner = None if values[0] == values[1] else values.index(max(values))
    for p in (0, 1):
        for card in state.zones[p]["revealed"]:
            keeper = p if winner is None else winner
            state.zones[keeper]["won"].append(card)
            state.loc[card] = (keeper, "won")
        state.zones[p]["revealed"].clear()
    text = "a tie: each keeps their card" if winner is None else f"player {winner} wins the round"
    emit(events, "round_won", text, ("win_round",), winner)
    if any(not state.zones[p]["deck"] for p in (0, 1)):
        won = [len(state.zones[p]["won"]) for p in (0, 1)]
        best = None if won[0] == won[1] else won.index(max(won))
        state.outcome = {"winner": best, "draw": best is None, "losers": [] if best is None else [1 - best],
                         "reason": "MORE_CARDS"}
        emit(events, "game_over", f"the game is over: {won[0]} cards to {won[1]}", ("end",))
        return None
    state.round += 1
    push(state, {"t": "round"})
    return None


def explain(state, action):
    """Why an answer is refused: revealing out of turn breaks 1.2, revealing another card than the top one 2.1."""
    if action.kind == "reveal" and state.pending is not None and action.card in state.loc:
        owner = state.loc[action.card][0]
        if owner != state.pending.player:
            return f"player {state.pending.player} reveals first this round, not player {owner}", "order"
        return "only the top card of a deck is revealed", "reveal"
    return "that is not an answer to this decision", "order"


def apply_judge(state, action):
    return apply_judge_action(state, action, {}, emit, lambda s, ev: None)


DRIVER = Driver(AGENDA, apply_judge, explain, cite)


def position(state) -> dict:
    return {"round": state.round}


POINTS = (StopPoint("round", "the end of this round", lambda start, now: start["round"] != now["round"]),)


def _read_player(state, player, data, templates):
    schema.obj(data, f"players[{player}]", (), ZONES)
    for zone in ZONES:
        for i, entry in enumerate(schema.array(data.get(zone, []), f"players[{player}].{zone}")):
            path = f"players[{player}].{zone}[{i}]"
            card = Card.from_json(schema.obj(entry, path, ("id", "name", "value"), ()), path, owner=player)
            if card.id in state.cards:
                raise DefinitionError(f"{path}.id", f"card {card.id!r} appears twice")
            state.cards[card.id] = card
            state.zones[player][zone].append(card.id)


def load_position(data: dict):
    state = read_board(data, GameState, lambda name, t: None, _read_player)
    state.round = schema.integer(data.get("round", 1), "round", 1, 99)
    push(state, {"t": "round"})
    return state


def evaluate(e, state, events):
    raise DefinitionError("expect", "Reveal has no expectations of its own")


SCENARIOS = ScenarioRules(("seed", "templates", "players", "round"), ("players",), dict(SHARED_EXPECTATIONS),
                          load_position, lambda e, path: None, evaluate)


def register() -> games.Game:
    """Plug Reveal into the engine (idempotent: the same Game object every time)."""
    return games.GAMES.get(SLUG) or games.register(games.Game(
        slug=SLUG, title="Reveal", state_class=GameState, action_class=Action, advance=DRIVER.advance,
        step=DRIVER.step, apply=DRIVER.apply, play=DRIVER.play, legal_actions=DRIVER.legal_actions,
        scenarios=SCENARIOS, citations=REGISTRY, document=DOCUMENT, position=position, points=POINTS))
