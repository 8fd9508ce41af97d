"""The games the sandbox hosts: one plug-in per game, registered by slug.

A board's game is its definition's ``"game"`` field (the scenario format's;
a definition naming none, or naming one the sandbox does not host, belongs to
the engine's game that reads files naming no game).  Each game brings one
plug-in (:class:`SandboxGame`: a module or object with the attributes listed
there) and registers it with :func:`register`; ``installed.py`` imports the
plug-ins of this installation the first time a game is looked up, as
``engine/installed.py`` does for the engines.  The shared modules (services,
selectors, views, api, schema) and the shared templates ask this registry for
every piece that differs between games and never name one (enforced by
tests/judgeapp/sandbox/games/test_registry.py).
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol

from engine.core import games as engine_games

# the module whose import registers every installed plug-in (kept as a name: this frame imports no game)
INSTALLED = "judgeapp.sandbox.games.installed"


class SandboxGame(Protocol):
    """What the sandbox needs from one game: a module (or object) with the names in :data:`REQUIRED`
    (``games/weiss.py`` is a complete example, tests/judgeapp/sandbox/tiny_game/sandbox.py a small one).

    Words: ``SLUG``, ``TITLE``, ``NEW_BUTTON`` (the index's "new board" button: label and element id),
    ``RULES_DOCUMENT`` (the slug of the rules it cites), ``STYLESHEETS`` (static paths its mat needs),
    ``TEMPLATES`` (its template folder holding ``_builder.html`` and ``_judge.html``, or "" for none),
    ``ASSUMPTIONS_TEMPLATE`` (its section of the readings page, or ""), ``FORM_CHOICES`` (the builder's and
    judge tools' choices: zones, phases, step_modes...), ``SCENARIO_PHASES``, ``PLACE_NAMES`` (zone -> words).
    Set-up: ``definition_blank``, ``definition_entries``, ``card_add``, ``definition_remove``, ``card_clean``,
    ``duplicate_zone``, ``board_checks``, ``definition_from_state``, ``card_from_line`` (the one-line card
    grammar), ``card_from_form``.
    Play: ``STEP_POINTS`` (the sandbox's run modes -> the engine's stop point names).
    Views: ``board_view``, ``draft_board_view``, ``position_words`` (the board heading), ``card_tile`` (what a
    card's tile shows: the presenter of templates/sandbox/_card.html), ``card_visible``, ``PUBLIC_EVENT_KINDS`` and ``PUBLIC_MOVE_ZONES`` (what a player's log may name),
    ``action_label``, ``place_of``, ``refused_options``, ``judge_action_build``, ``ability_text``,
    ``source_link`` (a scenario's source), ``assumption_list``.
    Optional: ``QUESTIONS``, ``QUESTION_POINT`` and ``answer_line`` (ask, answer, stop: judgeapp/sandbox/answers.py),
    ``card_of`` (the card of an option that names none), ``MAT_TEMPLATE`` (a player's half of its mat, default
    templates/sandbox/_mat.html), ``CARD_TEMPLATE`` (its card tile, drawn from ``card_tile``'s dict and the card view,
    default templates/sandbox/_card.html), ``EN_DOCUMENT`` (its English rules beside the cited ones), ``WORDS_TABLES`` (its identifiers in
    words, merged into wording.py's vocabulary), ``SENTENCE_WORDS`` (parameter -> value -> its words, for the
    engine's sentences: engine_words.py), ``expectation_text`` (its expectations as sentences),
    ``NUMBER_EXPECTATIONS`` and ``TEXT_EXPECTATIONS`` (expectation kinds whose ``equals`` is a number, a word),
    ``SETTING_FIELDS`` (its draft's numeric settings, name -> (lowest, highest); default seed, turn, turn player and
    first player: a game without turns names its own),
    ``SEATS_BY_NUMBER`` (True: the pages name its players "player 1" and "player 2", for a game whose first player
    changes during the game; default: the first and the second player),
    ``SETUP_FIELDS`` and ``setup_apply(definition, data) -> definition`` (set-up fields of its own builder, posted
    with ``op=game_setup``: a draft changed by them, a SandboxError for a visitor's mistake),
    ``PRESETS`` (its ready boards, built from its own blank board, card grammar and ``card_add``; offered first
    when a board is created: games/preset_boards.py).
    """

    SLUG: str
    TITLE: str

    def board_view(self, *, state: Any, view: str = "judge") -> dict: ...


REQUIRED = (
    "SLUG", "TITLE", "NEW_BUTTON", "RULES_DOCUMENT", "STYLESHEETS", "TEMPLATES", "ASSUMPTIONS_TEMPLATE",
    "FORM_CHOICES", "SCENARIO_PHASES", "PLACE_NAMES", "STEP_POINTS", "PUBLIC_EVENT_KINDS", "PUBLIC_MOVE_ZONES",
    "definition_blank", "definition_entries", "card_add", "definition_remove", "card_clean", "duplicate_zone",
    "board_checks", "definition_from_state", "card_from_line", "card_from_form", "board_view", "draft_board_view",
    "position_words", "card_tile", "card_visible", "action_label", "place_of", "refused_options",
    "judge_action_build", "ability_text", "source_link", "assumption_list",
)


PLUGINS: dict[str, Any] = {}


def register(plugin: Any) -> Any:
    """Host a game: ``plugin`` provides the :class:`SandboxGame` pieces; its engine must be registered too."""
    missing = [name for name in REQUIRED if not hasattr(plugin, name)]
    if missing:
        raise TypeError(f"a sandbox game needs {', '.join(missing)} (see judgeapp.sandbox.games.SandboxGame)")
    _loaded()  # the installed games first: a game registered by a test joins them rather than replacing them
    slug = plugin.SLUG
    if slug in PLUGINS and PLUGINS[slug] is not plugin:
        raise ValueError(f"a sandbox game is already registered as {slug!r}")
    engine_games.get(slug)  # DefinitionError when no engine plays it
    PLUGINS[slug] = plugin
    return plugin


def unregister(slug: str) -> None:
    """Stop hosting a game (tests that plug a game in take it out again)."""
    PLUGINS.pop(slug, None)


_INSTALLED_LOADED: list[bool] = []


def _loaded() -> dict[str, Any]:
    """The registry, the installed plug-ins imported first (once: each registers itself on import)."""
    if not _INSTALLED_LOADED:
        _INSTALLED_LOADED.append(True)
        importlib.import_module(INSTALLED)
    return PLUGINS


def slugs() -> list[str]:
    """The hosted games' slugs, in registration order (cheap: no sorting)."""
    return list(_loaded())


def hosted() -> list[Any]:
    """Every hosted game's plug-in, the default (the engine's reader of unlabelled files) first."""
    default = default_slug()
    return sorted(_loaded().values(), key=lambda p: p.SLUG != default)


def choices() -> tuple[tuple[str, str], ...]:
    """(slug, title) of every game a board can be created for, the default first."""
    return tuple((p.SLUG, p.TITLE) for p in hosted())


def titles() -> dict[str, str]:
    return dict(choices())


def default_slug() -> str:
    """The game of a definition naming none: the engine's reader of files that name no game."""
    return engine_games.unlabelled_slug()


def get(slug: str | None) -> Any:
    """The plug-in of ``slug`` (the default game's for None or a game not hosted)."""
    found = _loaded()
    return found[slug] if isinstance(slug, str) and slug in found else found[default_slug()]


def slug_of(definition) -> str:
    """The game of a definition (the default when it names none, or one the sandbox does not host)."""
    game = definition.get("game") if isinstance(definition, dict) else None
    return game if isinstance(game, str) and game in _loaded() else default_slug()


def for_definition(definition) -> Any:
    return get(slug_of(definition))


def rules(state) -> engine_games.Game:
    """The engine game that plays ``state`` (its step, advance, apply, legal_actions, run_to and action class)."""
    return engine_games.for_state(state)


def for_state(state) -> Any:
    return get(engine_games.for_state(state).slug)


def state_from_json(text: str):
    """A stored canonical state, of whichever game wrote it (its format marker says which: far cheaper than
    parsing twice)."""
    default = None
    for plugin in _loaded().values():
        state_class = engine_games.get(plugin.SLUG).state_class
        if f'"format":"{state_class.FORMAT}"' in text:
            return state_class.from_json(text)
        if plugin.SLUG == default_slug():
            default = state_class
    return default.from_json(text)


def action_class(definition):
    """The action class of a definition's game (parses and normalises answers and judge actions)."""
    return engine_games.get(slug_of(definition)).action_class


def step_modes() -> tuple[str, ...]:
    """Every run mode some hosted game offers ("event", "decision", then the games' own, in order)."""
    out = ["event", "decision"]
    for plugin in hosted():
        out.extend(m for m in plugin.STEP_POINTS if m not in out)
    return tuple(out)


def presets(slug: str | None) -> tuple:
    """The ready boards of a game (games/preset_boards.py), the one most questions start from first; none for a game
    that offers none."""
    return tuple(getattr(get(slug), "PRESETS", ()))


def stylesheets() -> list[str]:
    """The static stylesheets of every hosted game's mat (a page may show boards of several games)."""
    out: list[str] = []
    for plugin in hosted():
        out.extend(s for s in plugin.STYLESHEETS if s not in out)
    return out


def assumptions() -> list[dict]:
    """Every hosted game's assumptions register: its title, slug and readings (each with its editions: the pages
    pick the page's language, registers.in_page_language)."""
    return [{"slug": p.SLUG, "title": p.TITLE, "assumptions": p.assumption_list(),
             "template": p.ASSUMPTIONS_TEMPLATE} for p in hosted()]
