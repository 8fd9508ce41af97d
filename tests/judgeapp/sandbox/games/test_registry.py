"""The sandbox as a host of games (judgeapp/sandbox/games/): the registry, and the shared frame naming no game."""
import re
from pathlib import Path

import pytest

from engine.core import games as engine_games
from engine.core.errors import DefinitionError
from judgeapp.sandbox import games

ROOT = Path(__file__).resolve().parents[4]
SANDBOX = ROOT / "judgeapp" / "sandbox"
TEMPLATES = ROOT / "templates" / "sandbox"


def game_names() -> set[str]:
    """Every hosted game's slug, title, plug-in modules, engine package and stylesheets."""
    names = set()
    for plugin in games.hosted():
        module = plugin.__name__.rsplit(".", 1)[-1]
        engine_package = engine_games.get(plugin.SLUG).state_class.__module__.split(".")[1]
        names.update({plugin.SLUG, plugin.TITLE, module, engine_package})
        names.update(Path(css).name for css in plugin.STYLESHEETS)
        names.update(Path(css).stem for css in plugin.STYLESHEETS)
    return names


def shared_files() -> list[Path]:
    """The frame: the sandbox's own modules (not games/), its commands and template tags, its shared templates
    (not a game's folder)."""
    files = [p for p in SANDBOX.rglob("*.py") if "games" not in p.relative_to(SANDBOX).parts
             and "migrations" not in p.parts]
    return files + sorted(TEMPLATES.glob("*.html"))


def test_the_names_looked_for_are_the_hosted_games():
    names = {n.lower() for n in game_names()}
    assert {"vanguard", "weiss-schwarz", "weiss", "weiss schwarz", "sandbox-weiss.css"} <= names


def test_no_shared_module_or_template_names_a_game():
    pattern = re.compile("|".join(re.escape(n) for n in sorted(game_names(), key=len, reverse=True)), re.IGNORECASE)
    found = []
    for path in shared_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not found, "a shared module names a game (its plug-in should say it):\n" + "\n".join(found)


def test_the_scan_would_see_a_game_named_in_a_shared_module(tmp_path):
    # the check can fail: the same pattern finds a slug, a module and a stylesheet in a line of code
    pattern = re.compile("|".join(re.escape(n) for n in game_names()), re.IGNORECASE)
    assert pattern.search('from engine.vanguard import power')
    assert pattern.search("<link href=\"{% static 'judgeapp/sandbox-weiss.css' %}\">")


def test_no_sandbox_module_is_over_500_lines():
    long = {str(p.relative_to(ROOT)): n for p in SANDBOX.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert not long, long


def test_a_definition_naming_no_game_or_an_unknown_one_is_the_default_games():
    assert games.slug_of({}) == games.default_slug() == engine_games.unlabelled_slug()
    assert games.slug_of({"game": "chess"}) == games.default_slug()
    assert games.slug_of({"game": "weiss-schwarz"}) == "weiss-schwarz"


def test_registering_a_game_the_engine_does_not_play_is_refused():
    plugin = type("Plugin", (), {name: None for name in games.REQUIRED})()
    plugin.SLUG = "no-such-engine"
    with pytest.raises(DefinitionError):
        games.register(plugin)
    assert "no-such-engine" not in games.titles()


def test_a_plugin_missing_a_piece_is_refused_naming_it():
    plugin = type("Plugin", (), {name: None for name in games.REQUIRED if name != "card_tile"})()
    with pytest.raises(TypeError, match="card_tile"):
        games.register(plugin)


def test_each_game_runs_its_own_modes_to_its_own_stop_points():
    for plugin in games.hosted():
        points = {p.name for p in engine_games.get(plugin.SLUG).points}
        assert set(plugin.STEP_POINTS.values()) <= points, plugin.SLUG
        assert [m for m, _ in plugin.FORM_CHOICES["step_modes"]] == ["event", "decision", *plugin.STEP_POINTS]


def test_a_game_registered_before_any_lookup_joins_the_installed_ones(monkeypatch, settings):
    from tests.judgeapp.sandbox.tiny_game import sandbox as reveal_sandbox

    import sys

    monkeypatch.setattr(games, "_INSTALLED_LOADED", [])
    monkeypatch.setattr(games, "PLUGINS", {})
    for plugin in ("installed", "vanguard", "weiss"):  # imported afresh, as in a new process
        monkeypatch.delitem(sys.modules, f"judgeapp.sandbox.games.{plugin}", raising=False)
        monkeypatch.delattr(games, plugin, raising=False)
    reveal_sandbox.register()
    try:
        assert set(games.titles()) == {"vanguard", "weiss-schwarz", "reveal"}
    finally:
        reveal_sandbox.unregister()
