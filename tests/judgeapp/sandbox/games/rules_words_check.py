"""Finding a game word in the clause its plug-in's table cites (shared by the games' word tests)."""
from __future__ import annotations

import re

from rulesdb.models import Clause


def _plain(text: str) -> str:
    """Clause text as words: Markdown emphasis, quotes and line breaks out, one space between words, lower case."""
    text = re.sub(r"[*_`“”\"’]", " ", text.replace("’", "'"))
    return " ".join(text.split()).lower()


def clause_text(document: str, number: str) -> str:
    clause = Clause.objects.filter(document__slug=document, number=number).first()
    assert clause is not None, f"{document} has no clause {number}"
    return _plain(f"{clause.title} {clause.text}")


def misplaced(table: dict, document: str, language: str) -> list[str]:
    """The entries whose word in ``language`` ("it" or "en") is not in the clause of ``document`` they cite."""
    wrong = []
    for identifier, word in table.items():
        text, number = (word.it, word.it_clause) if language == "it" else (word.en, word.en_clause)
        if number is None:
            continue
        if _plain(text) not in clause_text(document, number):
            wrong.append(f"{identifier}: “{text}” not in {document} {number}")
    return wrong
