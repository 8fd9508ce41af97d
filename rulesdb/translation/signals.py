"""The signals two clauses are compared by, for rulesdb.translation.alignment.

Every clause of a document becomes a `Node` carrying a bag of weighted tokens:
referenced clause numbers, numbers in the text, and words (same language) or
language-independent concepts (across languages: the game's bilingual glossary
and a fallback lexicon, else a 4-letter stem that catches cognates). A heading's
bag also holds its subtree's, so two headings align when their rules do; tokens
are weighted by rarity (IDF). `similarity` is the cosine of two bags.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..models import BilingualTerm, Document, Reference

# A fallback English/Italian lexicon of Vanguard rules vocabulary, merged with
# the BilingualTerm rows of the game: general words the glossary does not hold
# (step, phase, choose) matter as much as the game's terms for aligning text.
_LEXICON: list[tuple[str, str]] = [
    ("step", "sottofase"), ("phase", "fase"), ("battle", "battaglia combattere"), ("attack", "attacco attaccare attaccante"),
    ("attacking", "attaccante"), ("guard", "difesa"), ("guardian", "guardiano"), ("drive", "assalto"),
    ("damage", "danno danni"), ("close", "chiusura"), ("start", "iniziale inizio"), ("stand", "risveglio attivo attiva"),
    ("rest", "riposo"), ("draw", "pescare pescata"), ("ride", "convocare convocazione"), ("call", "schierare schieramento"),
    ("main", "principale"), ("end", "finale fine"), ("turn", "turno"), ("player", "giocatore"),
    ("opponent", "avversario"), ("unit", "unità"), ("card", "carta carte"), ("hand", "mano"), ("drop", "scarti"),
    ("soul", "anima"), ("bind", "confinamento confinare"), ("trigger", "innesco"), ("critical", "critico"),
    ("power", "forza potere"), ("shield", "scudo"), ("grade", "grado"), ("boost", "supporto supportare supportante"),
    ("intercept", "intercetto"), ("circle", "cerchio"), ("rear-guard", "retroguardia"), ("field", "terreno"),
    ("zone", "zona"), ("ability", "abilità"), ("abilities", "abilità"), ("effect", "effetto"), ("automatic", "automatica"),
    ("continuous", "continuo continua"), ("activated", "attivata"), ("cost", "costo"), ("counter", "contro"),
    ("blast", "contrattacco"), ("charge", "carica"), ("heal", "curare"), ("retire", "ritirare"),
    ("discard", "scartare"), ("place", "piazzare posizionare"), ("reveal", "rivelare"), ("search", "cercare"),
    ("shuffle", "mischiare"), ("face", "faccia"), ("check", "verificare"), ("give", "dare"),
    ("lose", "perdere"), ("losing", "perdere"), ("get", "ottenere"), ("declare", "dichiarare"), ("lock", "bloccare"),
    ("unlock", "sbloccare"), ("delete", "eliminare"), ("heart", "cuore"), ("move", "muovere"),
    ("deal", "infliggere"), ("owner", "proprietario"), ("master", "controllore"), ("race", "razza"),
    ("nation", "nazione"), ("name", "nome"), ("text", "testo"), ("type", "tipo"), ("icon", "icona"),
    ("rarity", "rarità"), ("resist", "resistenza"), ("restraint", "vincolo"), ("forerunner", "precursore"),
    ("lord", "signore"), ("sentinel", "sentinella"), ("brave", "audace"), ("oracle", "oracolo"),
    ("unite", "legame"), ("blaze", "ardente"), ("afterimage", "residua"), ("engorge", "divorare"),
    ("shadowstitch", "ombra"), ("thunderstrike", "folgore"), ("rush", "impeto"), ("burst", "esplosione"),
    ("darkness", "oscurità"), ("leap", "cronobalzo"), ("hollow", "spettro"), ("harmony", "armonia"),
    ("wave", "ondata"), ("success", "successo"), ("bloom", "fioritura"), ("loop", "ciclo"),
    ("extra", "addizionale addizionali"), ("win", "vincere"), ("number", "numero"), ("choose", "scegliere sceglie"),
    ("chosen", "scelta scelto"), ("top", "cima"), ("bottom", "fondo"), ("random", "casualmente"),
    ("each", "ogni"), ("resolve", "risolvi risolvere"), ("beginning", "inizio"), ("until", "fino"),
    ("same", "stesso stessa"), ("different", "diverso diversa"), ("first", "primo prima"), ("second", "secondo"),
    ("both", "entrambi"), ("one", "uno una"), ("two", "due"), ("three", "tre"), ("four", "quattro"),
    ("five", "cinque"), ("six", "sei"), ("seven", "sette"), ("put", "mettere metti"), ("stride", "trascendere trascendenza"),
    ("game", "gioco partita"), ("deck", "mazzo"), ("look", "guardare"), ("source", "fonte"), ("random", "caso"),
    ("orientation", "orientamento"), ("preparing", "preparazione"), ("procedure", "procedura"),
    ("rule", "regola regole"), ("action", "azione azioni"), ("specific", "specifica specifiche"),
    ("keyword", "chiave"), ("cannot", "impossibile"), ("abilities", "abilità"), ("general", "generale"),
    ("declare", "dichiara"), ("overloaded", "sovraccarico"), ("illegal", "illegali"), ("process", "processo"),
    ("collection", "collezione"), ("artist", "artista"), ("golden", "oro"), ("winning", "vincere"),
    ("concepts", "concetti"), ("characteristic", "caratteristica"), ("status", "stato"), ("looking", "guardare"),
    ("drawing", "pescare"), ("random", "casualmente"), ("types", "tipologie"), ("circles", "cerchio"),
    ("removal", "rimozione"), ("categories", "categorie"), ("category", "categorie"), ("active", "attivi"),
    ("inactive", "inattivi"), ("applying", "applicare"), ("final", "finali"), ("information", "informazioni"),
    ("twin", "doppio"), ("triple", "triplo"), ("when", "quando"), ("equal", "uguale"), ("increase", "aumenta"),
]

_WORD = re.compile(r"[^\W\d_][\w'’-]*", re.UNICODE)
_NUMBER_TOKEN = re.compile(r"[+-]?\d+(?:[.,]\d{3})*")
# An elided article or preposition (`dell'`, `un'`, `l'`) before a word, a possessive `'s` after it.
_ELISION = re.compile(r"^[^\W\d_]{1,5}'(?=[^\W\d_]{3})|'s$")
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])- (?=[^\W\d_])")
_REFERENCE_LIKE = re.compile(r"\d+(?:\.\d+)+\.?")
_STOP = {
    "the", "and", "that", "this", "with", "from", "into", "then", "than", "have", "been", "will", "which", "there",
    "their", "these", "those", "other", "only", "also", "such", "they", "when", "does", "what",
    "della", "delle", "dello", "degli", "nella", "nelle", "nello", "negli", "alla", "alle", "allo", "agli",
    "dalla", "dalle", "sulla", "sulle", "questa", "questo", "queste", "questi", "quella", "quello", "come",
    "sono", "essere", "viene", "vengono", "allora", "anche", "oppure", "ogni", "tutte", "tutti", "loro",
    "dove", "quale", "quali", "perché", "pero", "però", "dopo", "prima", "fino", "senza",
}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch)).replace("’", "'")


def _lexicon_words(text: str) -> list[str]:
    return [w.replace("-", "") for w in fold(text).replace("'", " ").split()]


@dataclass
class Node:
    id: int
    stable_id: str
    number: str
    parent_id: int | None
    order: int
    kind: str
    title: str
    text: str
    children: list["Node"] = field(default_factory=list)
    own: Counter = field(default_factory=Counter)
    bag: dict = field(default_factory=dict)
    """token -> weight (IDF applied)."""
    norm: float = 0.0
    title_tokens: frozenset = frozenset()
    depth: int = 0
    length: int = 0
    position: float = 0.0
    """Relative position among its siblings, 0..1."""

    @property
    def label(self) -> str:
        return self.number or self.stable_id


@dataclass
class PairResult:
    left: Node | None
    right: Node | None
    status: str
    score: float
    diff: list = field(default_factory=list)


class Lexicon:
    """Word prefix -> concept, per language, from BilingualTerm rows plus the fallback list.

    A text word is looked up by its longest prefix (8 letters down to 5) that
    a lexicon word starts with, so `guardiano`/`guardian` (guardian) and
    `guardia`/`guard` stay apart although they share five letters. A hyphened
    compound is one word (`rear-guard` = `rearguard`).
    """

    SHORTEST, LONGEST = 5, 8

    def __init__(self, pairs: list[tuple[str, list[str]]]):
        self.by_language: dict[str, dict[str, str]] = {"en": {}, "it": {}}
        self.short: dict[str, dict[str, str]] = {"en": {}, "it": {}}
        """Lexicon words under five letters, found again with an inflection (`cards`, `rules`)."""
        for english, italians in pairs:
            words = _lexicon_words(english)
            if not words:
                continue
            concept = words[-1] if len(words) == 1 else "".join(words)
            if len(words) > 1:
                self._add("en", "".join(words), concept)
            for word in words:
                if len(word) >= 3:
                    self._add("en", word, concept)
            for italian in italians:
                for word in _lexicon_words(italian):
                    if len(word) >= 3 and word not in _STOP:
                        self._add("it", word, concept)

    def _add(self, language: str, word: str, concept: str) -> None:
        table = self.by_language[language]
        if len(word) < self.SHORTEST:
            self.short[language].setdefault(word, concept)
        for k in range(min(self.SHORTEST, len(word)), min(self.LONGEST, len(word)) + 1):
            table.setdefault(word[:k], concept)

    def concept(self, word: str, language: str) -> str | None:
        """The concept of a text word; a word of the other language (a loanword: `Deck` in Italian) counts too."""
        languages = (language, "en") if language != "en" else ("en",)
        for lang in languages:
            table = self.by_language.get(lang, {})
            for k in range(min(self.LONGEST, len(word)), min(self.SHORTEST, len(word)) - 1, -1):
                found = table.get(word[:k])
                if found:
                    return found
            short = self.short.get(lang, {})
            for k in range(min(self.SHORTEST - 1, len(word) - 1), 2, -1):
                if len(word) - k <= 3 and word[:k] in short:
                    return short[word[:k]]
        return None

    @classmethod
    def for_game(cls, game_id: int) -> "Lexicon":
        pairs = [(en, it.split()) for en, it in _LEXICON]
        # Senses told apart by context (`draw (result)`) serve the terminology QA, not the aligner.
        for term in BilingualTerm.objects.filter(game_id=game_id).only("english", "italian", "context"):
            if not term.context:
                pairs.append((term.english, list(term.italian)))
        return cls(pairs)


def _tokens(text: str, *, language: str, lexicon: Lexicon | None, refs: list[str]) -> Counter:
    """Signals of one clause: `r:` referenced numbers, `n:` other numbers, words/concepts."""
    bag: Counter = Counter()
    for ref in refs:
        bag["r:" + ref] += 1
    # A word hyphenated across a line break (`rear- guard's`) is one word.
    stripped = _LINE_HYPHEN.sub("-", _REFERENCE_LIKE.sub(" ", text))
    for match in _NUMBER_TOKEN.finditer(stripped):
        bag["n:" + re.sub(r"[.,]", "", match.group(0)).lstrip("+")] += 1
    folded = fold(stripped)
    for match in _WORD.finditer(folded):
        word = _ELISION.sub("", match.group(0).strip("'-"))
        if len(word) < 3 or word in _STOP:
            continue
        if lexicon is None:
            bag["w:" + word] += 1
            continue
        word = word.replace("-", "")
        concept = lexicon.concept(word, language)
        if concept:
            bag["c:" + concept] += 1
        elif len(word) >= 4:
            bag["p:" + word[:4]] += 1
    return bag


def load_nodes(document: Document) -> tuple[list[Node], dict[int, Node]]:
    rows = document.clauses.order_by("order").values_list(
        "id", "stable_id", "number", "parent_id", "order", "kind", "title", "text", "depth"
    )
    nodes = []
    for *values, depth in rows:
        node = Node(*values)
        node.depth = depth
        nodes.append(node)
    by_id = {n.id: n for n in nodes}
    # A heading printed with nothing under it, followed by deeper clauses the
    # numbering filed elsewhere (IT `11.1 Supporto` then `11.2.1`; `10.30
    # Oscurità` then `11.30.1`): for aligning, those clauses are its content.
    has_children = {n.parent_id for n in nodes}
    for prev, node in zip(nodes, nodes[1:]):
        if (
            prev.kind == "heading"
            and prev.id not in has_children
            and node.parent_id != prev.id
            and node.kind in ("rule", "heading")
            and node.depth > prev.depth
        ):
            node.parent_id = prev.id
    roots = []
    for node in nodes:
        parent = by_id.get(node.parent_id)
        (parent.children if parent else roots).append(node)
    return roots, by_id


def clause_references(document: Document) -> dict[int, list[str]]:
    refs: dict[int, list[str]] = defaultdict(list)
    for source_id, target in Reference.objects.filter(source__document=document).values_list(
        "source_id", "target_number"
    ):
        refs[source_id].append(target)
    return refs


def prepare_signals(nodes: dict[int, Node], roots: list[Node], *, language, lexicon, refs) -> None:
    for node in nodes.values():
        node.own = _tokens(f"{node.title} {node.text}", language=language, lexicon=lexicon, refs=refs.get(node.id, []))
        if node.title and node.kind in ("section", "heading"):
            # A heading's title names its subject, even when the printed
            # numbering filed its rules under the wrong heading.
            node.title_tokens = frozenset(_tokens(node.title, language=language, lexicon=lexicon, refs=[]))
        node.length = len(node.text) + len(node.title)

    def subtree(node: Node) -> Counter:
        total = Counter(node.own)
        for child in node.children:
            child_bag = subtree(child)
            for token, count in child_bag.items():
                total[token] += count * 0.5
        node.bag = total  # raw counts for now; weighted later
        return total

    for root in roots:
        subtree(root)
    for siblings in [roots] + [n.children for n in nodes.values()]:
        count = len(siblings)
        for index, node in enumerate(siblings):
            node.position = index / (count - 1) if count > 1 else 0.5


def weigh_signals(all_nodes: list[Node]) -> None:
    df: Counter = Counter()
    for node in all_nodes:
        df.update(node.own.keys())
    total = len(all_nodes) + 1
    for node in all_nodes:
        weighted = {}
        for token, count in node.bag.items():
            kind = token[0]
            base = {"r": 2.0, "n": 1.6}.get(kind, 1.0)
            idf = math.log(total / (1 + df.get(token, 0))) + 0.5
            weighted[token] = base * idf * (1 + math.log(count)) if count >= 1 else base * idf * count
        node.bag = weighted
        node.norm = sum(weighted.values())


def similarity(a: Node, b: Node) -> float:
    """Weighted Dice of the two bags, damped when lengths disagree."""
    if not a.norm or not b.norm:
        return 0.0
    small, large = (a.bag, b.bag) if len(a.bag) <= len(b.bag) else (b.bag, a.bag)
    shared = sum(min(weight, large[token]) for token, weight in small.items() if token in large)
    dice = 2 * shared / (a.norm + b.norm)
    if a.length and b.length:
        ratio = min(a.length, b.length) / max(a.length, b.length)
        dice *= 0.75 + 0.25 * ratio
    if a.title_tokens and b.title_tokens:
        title = 2 * len(a.title_tokens & b.title_tokens) / (len(a.title_tokens) + len(b.title_tokens))
        dice = 0.6 * dice + 0.4 * title
    return dice


