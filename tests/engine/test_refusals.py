"""Every refusal of both engines cites the most specific rule: never only the general play-timing clause
(Vanguard 8.4.2.2, Weiss Schwarz 4.5.3) where a specific rule forbids the answer.

The walk plays seeded random games and, at every decision, offers answers of
every kind with random cards and arguments (most of them illegal), then
checks each refusal; the scenarios' refusals are checked too. The general
clause is left only where no rule of the game is about the answer: a card
that does not exist, an answer when no decision is asked.
"""

import random
from pathlib import Path

import pytest

import engine.vanguard as vanguard
import engine.weiss as weiss
from benchmarks.engine import GAMES, MAX_DECISIONS
from engine.core.errors import IllegalActionError
from engine.core.scenario import load_scenario, run_scenario
from engine.vanguard.actions import CIRCLES
from engine.weiss.actions import ATTACK_TYPES, SLOTS

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# game -> (its module, its general play-timing clause, its scenarios)
ENGINES = {
    "Cardfight!! Vanguard": (vanguard, "8.4.2.2", sorted(SCENARIOS.glob("*.json"))),
    "Weiss Schwarz": (weiss, "4.5.3", sorted((SCENARIOS / "weiss").glob("*.json"))),
}
# the only situations no specific rule is about
NO_SPECIFIC_RULE = ("unknown card", "no decision is pending", "no choice is offered")
ARGUMENT_VALUES = {
    "ability": lambda rnd, cards: rnd.randint(0, 2), "standby": lambda rnd, cards: rnd.randint(0, 6),
    "cards": lambda rnd, cards: rnd.sample(cards, rnd.randint(0, 2)), "player": lambda rnd, cards: rnd.randint(0, 1),
    "slot": lambda rnd, cards: rnd.choice(SLOTS), "to": lambda rnd, cards: rnd.choice(SLOTS),
    "from": lambda rnd, cards: rnd.choice(SLOTS), "circle": lambda rnd, cards: rnd.choice(CIRCLES),
    "column": lambda rnd, cards: rnd.choice(("left", "right")), "type": lambda rnd, cards: rnd.choice(ATTACK_TYPES),
}


def answers(module, state, rnd: random.Random, tries: int = 3) -> list:
    """Answers of every kind a player can give, with random cards and arguments."""
    action_class, cards, out = module.Action, sorted(state.cards), []
    for kind, (required, optional) in action_class.SPECS.items():
        if kind.startswith("judge") or kind == "concede":
            continue
        for _ in range(tries):
            data = {"kind": kind}
            for key in required + tuple(k for k in optional if rnd.random() < 0.5):
                if key in ("card", "target", "boost"):
                    data[key] = rnd.choice(cards)
                elif key in ARGUMENT_VALUES:
                    data[key] = ARGUMENT_VALUES[key](rnd, cards)
            try:
                out.append(action_class.from_json(data))
            except ValueError:  # arguments that do not fit each other (a move between one position)
                continue
    return out


def general_refusals(game: str, games: int) -> tuple[int, list]:
    """(refusals seen, those citing only the general clause for a reason a specific rule governs)."""
    module, general, _ = ENGINES[game]
    make, deck, advance_, play_, _, policy_ = GAMES[game]
    seen, bad = 0, []
    for g in range(1, games + 1):
        rnd = random.Random(g)
        state, _ = advance_(make([deck(g * 2), deck(g * 2 + 1)], seed=g))
        for _ in range(MAX_DECISIONS):
            if state.outcome:
                break
            for action in answers(module, state, rnd):
                if action in state.pending.options:
                    continue
                try:
                    module.apply(state, action)
                except IllegalActionError as exc:
                    seen += 1
                    if exc.citation.number == general and not exc.reason.startswith(NO_SPECIFIC_RULE):
                        bad.append((state.pending.kind, action.to_json(), exc.reason))
            state, _ = play_(state, policy_(rnd, state))
    return seen, bad


@pytest.mark.parametrize("game", ENGINES)
def test_no_refusal_of_a_random_walk_cites_only_the_general_clause(game):
    seen, bad = general_refusals(game, 3)
    assert seen > 1000, "the walk must try many illegal answers"
    assert bad[:5] == []


@pytest.mark.parametrize("game", ENGINES)
def test_no_refusal_of_a_scenario_cites_only_the_general_clause(game):
    _, general, paths = ENGINES[game]
    bad = [(path.name, r["reason"]) for path in paths for r in run_scenario(load_scenario(path)).refusals
           if r.get("citation", {}).get("number") == general and not r["reason"].startswith(NO_SPECIFIC_RULE)]
    assert bad == []


@pytest.mark.parametrize("game", ENGINES)
def test_the_general_clause_is_left_for_an_unknown_card(game):
    # the walk can see the general clause: a card that does not exist is refused with it
    module, general, _ = ENGINES[game]
    make, deck, advance_, *_ = GAMES[game]
    state, _ = advance_(make([deck(2), deck(3)], seed=1))
    kind = "choose" if "choose" in module.Action.SPECS else "clock"
    with pytest.raises(IllegalActionError) as err:
        module.apply(state, module.Action.make(kind, card="no-such-card"))
    assert err.value.citation.number == general
