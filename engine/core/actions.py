"""Actions: a player's answer to a Decision, or a judge's intervention.

An action is a kind plus a few named arguments; its JSON form is a flat
object, e.g. ``{"kind": "call", "card": "p0-12", "circle": "front_left"}``.
This base class knows the shape; each game subclasses it with the kinds it
accepts (``SPECS``; the answers every game has are in ``SHARED_KINDS``),
the names its zone, stat and duration arguments take, and how each of its own
arguments is checked (``parse_argument``)::

    class Action(CoreAction, specs=SPECS, zones=ALL_ZONES, stats=STATS, durations=DURATIONS): ...

The judge actions (``JUDGE_KINDS``) are the kinds named ``judge_...`` and ``concede``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import schema
from .errors import DefinitionError


#: the answers every game has: choosing one card or several, the stand-by ability to play next, conceding
SHARED_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "choose": (("card",), ()),
    "choose_cards": (("cards",), ()),
    # the stand-by ability to play next: its number, or (in a scenario, where the number cannot be known
    # before the run) the card it belongs to, with the ability's index when the card has several waiting
    "resolve": ((), ("standby", "card", "ability")),
    "concede": (("player",), ()),
}


def judge_kinds(specs: dict) -> frozenset[str]:
    """The judge actions among ``specs``' kinds: ``judge_...`` and ``concede`` (taken at any time)."""
    return frozenset(k for k in specs if k.startswith("judge_")) | {"concede"}


def _check_resolve(args: dict, path: str) -> None:
    if ("standby" in args) == ("card" in args):
        raise DefinitionError(path, "a resolve names the stand-by ability by its number (standby) or by its card (card)")
    if "ability" in args and "card" not in args:
        raise DefinitionError(schema.join(path, "ability"), "ability (the index of the card's ability) goes with card")


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any, is_object: bool = False) -> Any:
    """The JSON value of a frozen argument (``is_object``: it was an object, frozen to sorted pairs)."""
    if is_object and isinstance(value, tuple):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """An immutable, hashable action; ``args`` is a sorted tuple of (name, value)."""

    kind: str
    args: tuple = ()

    # kind -> (required args, optional args); filled by each game's subclass
    SPECS: ClassVar[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    JUDGE_KINDS: ClassVar[frozenset[str]] = frozenset()
    OBJECT_ARGUMENTS: ClassVar[frozenset[str]] = frozenset()  # arguments whose JSON value is an object
    # the names a zone, modifier stat and modifier duration argument may take; set by each game's subclass
    ZONE_NAMES: ClassVar[tuple[str, ...]] = ()
    STAT_NAMES: ClassVar[tuple[str, ...]] = ()
    DURATION_NAMES: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, specs: dict | None = None, zones: tuple[str, ...] = (), stats: tuple[str, ...] = (),
                          durations: tuple[str, ...] = (), objects: frozenset[str] = frozenset()):
        """A game's action class names its kinds and argument names as class keywords (see the module docstring)."""
        # no super() call: the slotted dataclass is a new class, which the zero-argument form does not see
        if specs is not None:
            cls.SPECS, cls.JUDGE_KINDS = specs, judge_kinds(specs)
            cls.ZONE_NAMES, cls.STAT_NAMES, cls.DURATION_NAMES = zones, stats, durations
            cls.OBJECT_ARGUMENTS = objects

    @classmethod
    def make(cls, kind: str, **args: Any) -> "Action":
        if "cards" in args:
            args["cards"] = tuple(sorted(args["cards"]))
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in args.items() if v is not None)))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    @property
    def card(self) -> str | None:
        return self.get("card")

    @property
    def is_judge(self) -> bool:
        return self.kind in self.JUDGE_KINDS

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for k, v in self.args:
            out[k] = _thaw(v, k in self.OBJECT_ARGUMENTS)
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "action") -> "Action":
        if not isinstance(data, dict):
            raise DefinitionError(path, f"expected an object, got {schema.describe(data)}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in cls.SPECS:
            raise DefinitionError(schema.join(path, "kind"),
                                  f"unknown action kind {schema.describe(kind)} (known: {', '.join(cls.SPECS)})")
        required, optional = cls.SPECS[kind]
        schema.obj(data, path, ("kind",) + required, optional)
        args: dict = {}
        for key in required + optional:
            if key in data:
                args[key] = cls.parse_argument(kind, key, data[key], schema.join(path, key))
        if kind == "resolve":
            _check_resolve(args, path)
        cls.check_arguments(kind, args, path)
        return cls.make(kind, **args)

    @classmethod
    def parse_argument(cls, kind: str, key: str, value: Any, path: str) -> Any:
        """The checked value of one argument.

        The arguments every game spells alike are checked here; a game's subclass
        checks its own keys and hands the rest to this method.
        """
        if key == "modifier" and isinstance(value, int) and not isinstance(value, bool):
            return str(value)  # modifier ids are their time stamps; accept the number too
        if key in ("card", "modifier"):
            return schema.string(value, path)
        if key == "cards":
            return [schema.string(v, schema.join(path, i)) for i, v in enumerate(schema.array(value, path))]
        if key == "player":
            return schema.integer(value, path, 0, 1)
        if key in ("ability", "standby", "position", "count"):
            return schema.integer(value, path, 0)
        if key == "amount":
            return schema.integer(value, path, -100000, 100000)
        if key == "zone" and cls.ZONE_NAMES:
            return schema.string(value, path, cls.ZONE_NAMES)
        if key == "stat" and cls.STAT_NAMES:
            return schema.string(value, path, cls.STAT_NAMES)
        if key == "duration" and cls.DURATION_NAMES:
            return schema.string(value, path, cls.DURATION_NAMES)
        raise DefinitionError(path, "unknown argument")

    @classmethod
    def check_arguments(cls, kind: str, args: dict, path: str) -> None:
        """Checks that involve several arguments together (none by default)."""

    def __str__(self) -> str:
        rest = ", ".join(f"{k}={_thaw(v, k in self.OBJECT_ARGUMENTS)}" for k, v in self.args)
        return f"{self.kind}({rest})"
