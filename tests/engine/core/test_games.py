"""The seam between engine/core and the games: core knows no game, a game plugs in by registering."""

import ast
import copy
import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import engine
from engine import vanguard
from engine.core import games
from engine.core.actions import Action as CoreAction
from engine.core.agenda import Agenda, legal_actions, push
from engine.core.decisions import Decision
from engine.core.errors import DefinitionError, IllegalActionError
from engine.core.events import Event
from engine.core.scenario import ScenarioRules, load_scenario, run_scenario
from engine.core.timeline import Timeline
from engine.vanguard.sample import generated_deck

ENGINE = Path(engine.__file__).resolve().parent
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
EXAMPLES = Path(__file__).resolve().parents[3] / "judgeapp" / "sandbox" / "examples"
"""The Playbook's questions as scenarios: kept once, as the sandbox's examples."""


def imported_modules(path: Path) -> set[str]:
    """Absolute names of the engine modules ``path`` imports (module level or inside functions)."""
    package = ".".join(path.relative_to(ENGINE.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.split(".")[0] == "engine"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_core_imports_no_game():
    for path in sorted((ENGINE / "core").glob("*.py")):
        bad = {m for m in imported_modules(path) if not m.startswith("engine.core")}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_no_circular_imports_between_engine_modules():
    modules = {module_name(p): p for p in ENGINE.rglob("*.py")}
    graph = {name: {m for m in imported_modules(p) if m in modules and m != name} for name, p in modules.items()}
    # a package's __init__ may import its own modules (re-exports); a module importing its package is not a cycle
    graph = {n: {m for m in deps if not n.startswith(m + ".")} for n, deps in graph.items()}
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(dep):] + [dep]))
            if dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_vanguard_is_registered_and_the_default():
    game = games.get(None)
    assert game.slug == "vanguard" and games.get("vanguard") is game
    assert game.state_class is vanguard.GameState and game.action_class is vanguard.Action
    assert games.for_state(vanguard.new_game([generated_deck(1), generated_deck(2)])) is game


def test_a_scenario_may_name_its_game():
    data = json.loads((EXAMPLES / "playbook-q17.json").read_text(encoding="utf-8"))
    assert "game" not in data
    plain = run_scenario(copy.deepcopy(data))
    named = run_scenario({**data, "game": "vanguard"})
    assert load_scenario({**data, "game": "vanguard"}).game == "vanguard"
    assert plain.passed and named.passed
    assert [e.to_json() for e in plain.events] == [e.to_json() for e in named.events]


@pytest.mark.parametrize("value", ["weiss", 3, None])
def test_an_unknown_game_is_refused_naming_the_field(value):
    data = json.loads((EXAMPLES / "playbook-q17.json").read_text(encoding="utf-8"))
    data["game"] = value
    if value is None:  # null means the default game
        assert load_scenario(data).game == "vanguard"
        return
    with pytest.raises(DefinitionError) as err:
        load_scenario(data)
    assert str(err.value).startswith("game: unknown game")


# ---------------------------------------------------------------- a second game plugs in
class CoinAction(CoreAction):
    __slots__ = ()
    SPECS = {"heads": ((), ()), "tails": ((), ()), "concede": (("player",), ())}
    JUDGE_KINDS = frozenset({"concede"})

    @classmethod
    def parse_argument(cls, kind, key, value, path):
        return value


@dataclass
class CoinState:
    """A two-call game: each player calls a coin; the state has only what the runner needs."""

    calls: list = field(default_factory=list)
    agenda: list = field(default_factory=list)
    pending: Decision | None = None
    outcome: dict | None = None
    cards: dict = field(default_factory=dict)

    def clone(self):
        return CoinState(list(self.calls), list(self.agenda), self.pending, self.outcome, dict(self.cards))


COIN = Agenda("coin")


@COIN.handler("call")
def _call(state, task, answer, events):
    if answer is None:
        options = (CoinAction.make("heads"), CoinAction.make("tails"))
        return Decision("call", task["player"], "call the coin", options)
    state.calls.append(answer.kind)
    events.append(Event("called", f"player {task['player']} calls {answer.kind}", player=task["player"]))
    return None


@COIN.handler("finish")
def _finish(state, task, answer, events):
    state.outcome = {"winner": 0 if state.calls[0] == state.calls[1] else 1}
    events.append(Event("finished", "the game is over"))


def coin_apply(state, action):
    return COIN.answer(state, action, lambda s, a: (f"{a} is not a coin call", None))


@pytest.fixture
def coin_game():
    def load_position(data):
        state = CoinState()
        push(state, {"t": "call", "player": 0}, {"t": "call", "player": 1}, {"t": "finish"})
        return state

    def evaluate(e, state, events):
        return state.calls == e["calls"], f"calls {state.calls}"

    rules = ScenarioRules(("rounds",), (), {"winner": ((("equals",), ("reason",))), "calls": (("calls",), ())},
                          load_position, lambda e, path: None, evaluate)
    game = games.register(games.Game("coin", "Coin", CoinState, CoinAction, COIN.advance, COIN.step, coin_apply,
                                     lambda s, a: COIN.answer_and_advance(coin_apply, s, a), legal_actions, rules))
    yield game
    del games.GAMES["coin"]


def test_a_second_game_runs_through_the_shared_runner(coin_game):
    scenario = {"format": "judgeapp-scenario/1", "game": "coin", "rounds": 1,
                "script": [{"do": {"kind": "heads"}}, {"refuse": {"kind": "concede", "player": 0}},
                           {"do": {"kind": "heads"}}],
                "expect": [{"expect": "calls", "calls": ["heads", "heads"]}, {"expect": "winner", "equals": 0}]}
    result = run_scenario(scenario)
    assert [c.passed for c in result.checks] == [True, True, True]  # concede is refused: not a pending answer
    assert [e.kind for e in result.events] == ["called", "called", "finished"]
    with pytest.raises(DefinitionError) as err:
        load_scenario({**scenario, "players": []})
    assert str(err.value).startswith("players: unknown field")


def test_a_second_game_gets_undo_and_branches(coin_game):
    state, _ = COIN.advance(load_scenario({"format": "judgeapp-scenario/1", "game": "coin"}).state)
    timeline = Timeline(state, advance_first=False)
    timeline.play(CoinAction.make("heads"))
    timeline.undo()
    timeline.play(CoinAction.make("tails"))
    assert len(timeline.nodes[0].children) == 2 and timeline.state.calls == ["tails"]
    with pytest.raises(IllegalActionError):
        coin_apply(timeline.state, CoinAction.make("concede", player=0))


def test_no_engine_module_is_over_500_lines():
    long = {p.relative_to(ENGINE).as_posix(): n for p in ENGINE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert not long, long
