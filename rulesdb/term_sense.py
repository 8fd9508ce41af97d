"""Whether a glossary word found in a clause is used in its glossary entry's sense (rendering.glossary_spans).

A document whose source does not mark its glossary words has them found by their spelling, and a spelling has
several senses: the English Vanguard rules' "the game ends in a draw" (1.2.3) is not "Draw", the action of
drawing cards (10.2), and "the Memory Area" (3.12) is a zone, not the keyword Memory (10.9).  Two signs in the
words around a match say it is another sense; both are read from the document itself, never from a list of words
for one game:

* the match is part of a longer name the document gives one of its own clauses ("Draw Phase", "Encore Step",
  "Attack and Battle"): those words name that clause, not the glossary word;
* one word follows a determiner ("a draw", "the bind zone") where the entry defines a verb, an action ('"To draw"
  is a specific action'; an Italian infinitive), and its own text never puts a determiner before the word: the
  sentence uses a noun of another meaning;
* the entry names what its action is done to, in brackets ('"To lose (abilities)"', '"Dare (abilità)"', '"To place
  on (a circle)"'), and none of those words follows the match in its sentence: "lose the game", "take place".

The capitalisation of the match says nothing here: the rules write "Draw" in a heading and "draw" in a sentence
for the same action.
"""
from __future__ import annotations

import re

from .glossary_matching import _folded_match, glossary_matcher  # the same spellings as the links
from .parsers.base import fold

# Words before a noun (articles, demonstratives, possessives, quantifiers), and the Italian articles joined to a
# preposition ("nella", "dell’"): a word after one of them is a noun.
DETERMINERS = {
    "en": frozenset("a an the this that these those each every any no another its his her their your my our".split()),
    "it": frozenset("il lo la i gli le un uno una questo questa questi queste quello quella quelli quelle ogni "
                    "nessun nessuno nessuna del dello della dei degli delle al allo alla ai agli alle dal dallo "
                    "dalla dai dagli dalle nel nello nella nei negli nelle sul sullo sulla sui sugli sulle suo sua "
                    "suoi sue tuo tua tuoi tue".split()),
}
ELIDED = re.compile(r"(?:l|un|dell|all|dall|nell|sull|quell|quest)['’]$", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# Words of a clause title looked for around a match: a title longer than this is a sentence, not a name.
MAX_NAME_WORDS = 4


def other_sense(index, text: str, start: int, end: int, term) -> bool:
    """Whether the match ``text[start:end]`` of glossary ``term`` is a word of another sense (see the module)."""
    return (_in_a_clause_name(index, text, start, end, term) or _noun_of_a_verb(index, text, start, end, term)
            or _without_its_object(index, text, start, end, term))


def _titles(index) -> frozenset[str]:
    """The folded titles of the document's clauses of two to MAX_NAME_WORDS words."""
    cached = index.cache.get("term_sense_titles")
    if cached is None:
        cached = frozenset(fold(" ".join(_WORD.findall(c.title))) for c in index.clauses
                           if c.title and 2 <= len(_WORD.findall(c.title)) <= MAX_NAME_WORDS)
        index.cache["term_sense_titles"] = cached
    return cached


def _in_a_clause_name(index, text: str, start: int, end: int, term) -> bool:
    """The match with the words next to it (no punctuation between) spells another clause's title."""
    own = index.by_id.get(term.clause_id)
    own_title = fold(" ".join(_WORD.findall(own.title))) if own is not None and own.title else ""
    before = _words_before(text, start)
    after = _words_after(text, end)
    match = " ".join(_WORD.findall(text[start:end]))
    titles = _titles(index)
    for left in range(len(before) + 1):
        for right in range(len(after) + 1):
            if not left and not right:
                continue
            words = before[len(before) - left:] + [match] + after[:right]
            if len(words) > MAX_NAME_WORDS:
                continue
            name = fold(" ".join(words))
            if name in titles and name != own_title:
                return True
    return False


def _words_before(text: str, start: int) -> list[str]:
    """Up to MAX_NAME_WORDS - 1 words right before ``start``, separated by spaces only."""
    words: list[str] = []
    at = start
    while len(words) < MAX_NAME_WORDS - 1:
        found = re.search(r"([^\W_]+(?:['’-][^\W_]+)*)[ \t]+$", text[:at])
        if not found:
            break
        words.insert(0, found.group(1))
        at = found.start(1)
    return words


def _words_after(text: str, end: int) -> list[str]:
    """Up to MAX_NAME_WORDS - 1 words right after ``end``, separated by spaces only."""
    words: list[str] = []
    at = end
    while len(words) < MAX_NAME_WORDS - 1:
        found = re.match(r"[ \t]+([^\W_]+(?:['’-][^\W_]+)*)", text[at:])
        if not found:
            break
        words.append(found.group(1))
        at += found.end(1)
    return words


def _after_a_determiner(text: str, start: int, language: str) -> bool:
    before = text[:start]
    if ELIDED.search(before):
        return True
    found = re.search(r"([^\W_]+)\s+$", before)
    return bool(found) and found.group(1).lower() in DETERMINERS.get(language, DETERMINERS["en"])


def _noun_of_a_verb(index, text: str, start: int, end: int, term) -> bool:
    """One word used as a noun where the entry defines a verb and never uses the word after a determiner.  A name
    of several words ("drive check") has one sense; so has a noun entry ("Legion")."""
    language = (index.language or "en")[:2]
    if len(_WORD.findall(text[start:end])) != 1 or not _after_a_determiner(text, start, language):
        return False
    return _entry_defines_a_verb(index, term, text[start:end], language) and not _entry_uses_as_noun(index, term,
                                                                                                    language)


def _entry_defines_a_verb(index, term, word: str, language: str) -> bool:
    """The entry is an action: its English text says "to draw" (the rules define an action as '"To draw" is a
    specific action'); an Italian glossary word is an infinitive (Pescare, Schierare)."""
    if language == "it":
        return bool(re.search(r"(?:are|ere|ire|rre)$", word, re.IGNORECASE))
    said = re.compile(r"(?<!\w)to\s+" + re.escape(word) + r"(?!\w)", re.IGNORECASE)
    return any(said.search(clause.text) for clause in _entry_clauses(index, term.clause_id))


def _entry_uses_as_noun(index, term, language: str) -> bool:
    """Whether the text of ``term``'s entry (its clause and the clauses under it) puts a determiner before it."""
    cache = index.cache.setdefault("term_sense_nouns", {})
    if term.pk in cache:
        return cache[term.pk]

    pattern, by_form = glossary_matcher(index)
    found = False
    for clause in _entry_clauses(index, term.clause_id):
        for source in (clause.title or "", clause.text):
            for m in pattern.finditer(source):
                if by_form.get(_folded_match(m.group(0))) is term and _after_a_determiner(source, m.start(), language):
                    found = True
                    break
    cache[term.pk] = found
    return found


def _entry_clauses(index, clause_id: int):
    clause = index.by_id.get(clause_id)
    if clause is None:
        return
    todo = [clause]
    while todo:
        clause = todo.pop()
        yield clause
        todo.extend(index.children.get(clause.pk, ()))


def _without_its_object(index, text: str, start: int, end: int, term) -> bool:
    """The entry is an action and says what it is done to, and no such word follows the match in its sentence."""
    word = text[start:end]
    language = (index.language or "en")[:2]
    objects = _entry_objects(index, term, word)
    if not objects or not _entry_defines_a_verb(index, term, word, language):  # a keyword's brackets are its values
        return False
    sentence = re.split(r"[.;:!?]", text[end:], maxsplit=1)[0]
    return not any(fold(w).startswith(stem) for w in _WORD.findall(sentence) for stem in objects)


def _entry_objects(index, term, word: str) -> tuple[str, ...]:
    """The stems of the words the entry puts in brackets after ``word`` where it quotes it ('"To lose (abilities)"'
    gives "abilit"); none when the entry quotes no such thing."""
    cache = index.cache.setdefault("term_sense_objects", {})
    key = (term.pk, fold(word))
    if key not in cache:
        said = re.compile(r"[\"“](?:to\s+)?" + re.escape(word) + r"(?:\s+[^\W\d_]+)?\s*\(([^()]{1,40})\)",
                          re.IGNORECASE)
        language = (index.language or "en")[:2]
        skip = DETERMINERS.get(language, DETERMINERS["en"])
        stems = set()
        for clause in _entry_clauses(index, term.clause_id):
            for found in said.finditer(clause.text):
                stems.update(_stem(fold(w)) for w in _WORD.findall(found.group(1)) if w.lower() not in skip)
        cache[key] = tuple(sorted(stems))
    return cache[key]


def _stem(word: str) -> str:
    """Enough of a word to find its plural and singular alike ("abilities", "ability" -> "abilit")."""
    return word[:max(4, len(word) - 3)]
