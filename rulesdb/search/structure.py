"""What the clause structure says about a clause, learned at index time: the clauses that only
describe a term (its name, its icon, what kind of ability it is) rather than say what it does.

A term's defining heading ("7.4.1 Difensore", "11.3 Intercept", "2.6 Scudo") has siblings
defined the same way ("Eterno", "Gigante"; "Boost", "Restraint"; "Forza", "Critico"). Words
found under many siblings of one family are how that family describes its terms
("è un'abilità passiva che appare sui Personaggi", "is indicated by the icon", "is an
ability"); a clause under one of those headings made of little else describes the term, and
the clause beside it that has words of its own ("non può muoversi in avanti durante il
Crepuscolo") says what it does. No list of clauses: the families and their words are counted
from each document's own structure, so a new document or version is read the same way.
"""
from __future__ import annotations

import re

from .analysis import WORD_RE, fold, stem, terms
from .vocabulary import FUNCTION_WORDS, QUESTION_WORDS

_FAMILY_MIN = 4
"""Sibling headings needed to tell a family's usual words from a term's own."""


_FAMILY_SHARE = 0.2
"""A word under at least this share of a family's headings (and three of them) is the family's."""


_DESCRIPTIVE_SHARE = 0.9
"""A clause whose words (besides the term) are at least this share the family's only describes."""


_TITLE_WORDS = 5
"""A heading with a longer title names a topic, not a term."""


def _content(text: str, lang: str | None, exclude: set[str]) -> set[str]:
    words = [w for w in WORD_RE.findall(text) if len(w) > 2 and fold(w) not in FUNCTION_WORDS | QUESTION_WORDS]
    forms = set(terms(" ".join(words), lang)) if lang else {fold(w) for w in words}
    return forms - exclude


def descriptive_clauses(clauses: list[dict], lang: str | None) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
    """clause id -> (its term's words, the family words it is made of), for each clause that only
    describes its term.

    `clauses`: one document's clauses as dicts with id, parent_id, kind, title, text."""
    children: dict[int, list[dict]] = {}
    for clause in clauses:
        if clause["parent_id"] is not None:
            children.setdefault(clause["parent_id"], []).append(clause)
    families: dict[int | None, list[tuple[dict, set[str]]]] = {}
    for clause in clauses:
        rules = [c for c in children.get(clause["id"], ()) if c["kind"] == "rule" and c["text"]]
        if clause["kind"] not in ("heading", "section") or not rules:
            continue
        title_words = WORD_RE.findall(clause["title"] or "")
        if 0 < len(title_words) <= _TITLE_WORDS:
            term = set(terms(clause["title"], lang)) | {fold(w) for w in title_words}
        elif not title_words and len(rules) >= 2:
            # An untitled heading (Altered's "7.4.1"): its term is what every rule under it names.
            term = set.intersection(*(_content(c["text"], lang, set()) for c in rules))
            if not term or len(term) > 2:
                continue
        else:
            continue
        families.setdefault(clause["parent_id"], []).append((clause, term))
    found: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    for headings in families.values():
        if len(headings) < _FAMILY_MIN:
            continue
        own: dict[int, dict[int, set[str]]] = {}
        spread: dict[str, int] = {}
        for heading, term in headings:
            rules = [c for c in children[heading["id"]] if c["kind"] == "rule" and c["text"]]
            own[heading["id"]] = {c["id"]: _content(c["text"], lang, term) for c in rules}
            for word in set().union(*own[heading["id"]].values()):
                spread[word] = spread.get(word, 0) + 1
        floor = max(3, _FAMILY_SHARE * len(headings))
        usual = {word for word, count in spread.items() if count >= floor}
        for heading, term in headings:
            for clause_id, words in own[heading["id"]].items():
                shared = words & usual
                if len(words) >= 2 and len(shared) >= _DESCRIPTIVE_SHARE * len(words):
                    found[clause_id] = (frozenset(term), frozenset(shared))
    return found


_QUOTES = {'"': '"', "“": "”", "«": "»", "‘": "’", "'": "'"}
"""Opening quote -> its closing one (an apostrophe inside “Frase d’Effetto” closes nothing)."""


_DEFINING_RE = {
    "en": re.compile(
        r"\b(?:is|are)\s+(?:collectively\s+|respectively\s+|also\s+)?(?:called|referred\s+to\s+as|known\s+as)\s+"
        r"(?:collectively\s+|respectively\s+)?"
        r"(?:(?:an?|the|your)\s+)?(?P<term>[^.,;:()\n]+)",
        re.IGNORECASE,
    ),
    "it": re.compile(
        r"\b(?:è|sono|viene|vengono)\s+(?:collettivamente\s+|rispettivamente\s+|anche\s+)?"
        r"(?:chiamat[oaie]|dett[oaie]|definit[oaie]\s+come)\s+(?:collettivamente\s+|rispettivamente\s+)?"
        r"(?:(?:un|uno|una|il|lo|la|i|gli|le)\s+|l['’])?(?P<term>[^.,;:()\n]+)"
        r"|\bsi\s+chiama(?:no)?\s+(?:(?:un|uno|una|il|lo|la|i|gli|le)\s+|l['’])?(?P<term2>[^.,;:()\n]+)",
        re.IGNORECASE,
    ),
}
"""Where a rule names what it defines: "... is called a column", "... è chiamato “Turno”"."""


_OPENING_RE = {
    "en": re.compile(r"\s*[“\"]?(?:(?:the|an?)\s+)?(?P<term>[^.,;:\n“”\"]{2,50}?)[”\"]?\s+(?:is|are)\s+(?:an?\s|the\s|\w+\s+(?:that|which|where|in|of|used)\s)", re.IGNORECASE),
    "it": re.compile(
        r"\s*[“\"«]?(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l['’])?(?P<term>[^.,;:\n“”\"«»]{2,50}?)[”\"»]?\s+(?:è|sono)\s+"
        r"(?:(?:il|lo|la|i|gli|le|un|uno|una)\s|l['’]|un['’]|\w+\s+(?:che|in|di|usat\w+)\s)",
        re.IGNORECASE,
    ),
}
"""A rule that opens with the term and says what it is: "The check timing is the time ...", "Gli Effetti
ad Uso Singolo sono effetti che ...", "Un evento è un cambiamento ...", "“Pescare (carte)” è un'azione che ..."
(a quoted term, with what it takes in brackets)."""


_GENUS_RE = {
    "en": re.compile(r"\s*[“\"]?(?:(?:the|an?)\s+)?(?P<term>[^.,;:\n“”\"]{2,50}?)[”\"]?\s+(?:is|are)\s+(?:an?\s+)?(?P<genus>\w+)",
                     re.IGNORECASE),
    "it": re.compile(
        r"\s*[“\"«]?(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l['’])?(?P<term>[^.,;:\n“”\"«»]{2,50}?)[”\"»]?\s+(?:è|sono)\s+"
        r"(?:(?:un|uno|una)\s+|un['’])?(?P<genus>\w+)",
        re.IGNORECASE,
    ),
}
"""A rule that opens with a term of several words and names its kind by the term's own noun: "Le Azioni
Arbitrarie sono azioni effettuate ...", "Rule actions are actions made ..." (a definition by genus, with
no article before the kind)."""


_CONDITION_RE = re.compile(
    r"(?:if|when|while|whenever|each|every|all|any|this|that|these|those|se|quando|mentre|ogni|ciascun\w*|tutt\w*|"
    r"quest\w*|quell\w*|non|not|no)\b", re.IGNORECASE)
"""An opening that is a condition or a quantifier ("If a unit is ...", "Ogni giocatore è ...") names no term."""


_NOT_A_NAME = frozenset({"non", "not", "there", "it", "they", "ci", "esso", "essa"})
"""Words no term's name holds: "La Rarità non è ...", "There are ..." say something, they name nothing."""


_DEFINED_WORDS = 4
"""A longer name after "is called" is a description, not a term."""


def defined_term(text: str, lang: str | None) -> list[str]:
    """The words of the term a clause defines by naming it ("Each pair of circles ... is called a
    column" defines "column"), the first it names, or by opening with it ("The check timing is the
    time ...", "Un evento è un cambiamento ..."); [] when it names none. The clause that says what a
    term is answers a question that is only the term, before the rules that use it."""
    pattern = _DEFINING_RE.get(lang or "")
    match = pattern.search(text or "") if pattern else None
    if not match:
        opening = _OPENING_RE.get(lang or "")
        match = opening.match(text or "") if opening else None
        if not match:
            return _genus_term(text, lang)
        if _CONDITION_RE.match(match.group("term")):
            return []
        # The whole opening is the name ("giocatore di turno"): no clause joins it to another.
        words = WORD_RE.findall(match.group("term"))
        named = len(words) <= _DEFINED_WORDS and not {w.lower() for w in words} & _NOT_A_NAME
        return words if named else []
    term = (match.group("term") if match.groupdict().get("term") else match.groupdict().get("term2") or "").strip()
    if term[:1] in _QUOTES:
        # A quoted name: up to its closing quote ("is called the “source of damage”").
        closing = term.find(_QUOTES[term[0]], 1)
        term = term[1:closing if closing > 0 else len(term)]
    else:
        # Unquoted: up to the first word that joins another clause ("a column and ...").
        term = re.split(r"\s(?:and|or|e|o|ed|if|se|when|quando|while|mentre|that|che|which|in|of|di|for|per)\s", term)[0]
    words = WORD_RE.findall(term)
    return words if 0 < len(words) <= _DEFINED_WORDS else []


def _genus_term(text: str, lang: str | None) -> list[str]:
    """The term of an opening definition by genus ("Le Azioni Arbitrarie sono azioni ..."): a name of two to
    `_DEFINED_WORDS` words, one of which is the kind it is said to be; [] otherwise ("Il giocatore è obbligato")."""
    match = _GENUS_RE[lang].match(text or "") if lang in _GENUS_RE else None
    if not match or _CONDITION_RE.match(match.group("term")):
        return []
    words = WORD_RE.findall(match.group("term"))
    if not 2 <= len(words) <= _DEFINED_WORDS or {w.lower() for w in words} & _NOT_A_NAME:
        return []
    return words if stem(match.group("genus"), lang) in {stem(w, lang) for w in words} else []
