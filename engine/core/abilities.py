"""The part of an ability every game has alike: a condition, cost or effect as a kind and its parameters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Part:
    """One condition, cost or effect: a kind plus its parameters (immutable).

    ``params`` is a sorted tuple of (name, value); a game subclass names in
    ``OBJECT_PARAMS`` the parameters kept frozen as (name, value) tuples, which
    the JSON form shows as objects again.
    """

    kind: str
    params: tuple = ()

    OBJECT_PARAMS: ClassVar[frozenset[str]] = frozenset()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for k, v in self.params:
            out[k] = dict(v) if k in self.OBJECT_PARAMS else v
        return out
