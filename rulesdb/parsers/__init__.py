"""Document parsers, one per document family.

Each module exposes `parse(text: str, *, language: str) -> ParseResult`
(see `base.py` for the contract). `PARSERS` maps the family name stored in
the manifest to that function.
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable

from .base import ParseResult

FAMILIES = {
    "vanguard-cr": "rulesdb.parsers.vanguard",
    "vanguard-playbook": "rulesdb.parsers.playbook",
    "weiss-cr": "rulesdb.parsers.weiss",
    "altered-cr": "rulesdb.parsers.altered",
}


def parser_for(family: str) -> Callable[..., ParseResult]:
    """The parse function of a family; KeyError names the unknown family."""
    if family not in FAMILIES:
        raise KeyError(f"unknown document family {family!r}; known: {', '.join(sorted(FAMILIES))}")
    return import_module(FAMILIES[family]).parse
