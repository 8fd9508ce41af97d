"""The Playbook's outline: its headings in reading order, which rulesdb.parsers.playbook expects to
find (a heading that does not turn up, or turns up out of order, fails the import)."""
from __future__ import annotations

from dataclasses import dataclass

@dataclass(frozen=True)
class Heading:
    """One expected heading of the document, in reading order."""

    depth: int
    """1 chapter, 2 section, 3 sub-section, 0 glossary entry (depth from its parent)."""
    title: str
    """The heading as printed (the line, or the start of the line)."""
    kind: str = "heading"
    inline_text: bool = False
    """The rest of the printed line after the title is body text."""
    next_line: str = ""
    """The heading continues on the next non-blank line (joined to the title)."""
    term: str = ""
    """For glossary entries: the term defined."""
    anchor: str = ""
    """The printed heading was lost: the section starts at this body line, and
    `title` is supplied from the table of contents."""
    glossary_chapter: bool = False
    """Chapter laid out as `term` line / definition paragraph pairs."""


def _c(title: str, **kw) -> Heading:
    return Heading(1, title, "section", **kw)


def _s(title: str, **kw) -> Heading:
    return Heading(2, title, **kw)


def _ss(title: str, **kw) -> Heading:
    return Heading(3, title, **kw)


def _g(title: str, term: str) -> Heading:
    return Heading(0, title, "glossary", term=term)


OUTLINE: tuple[Heading, ...] = (
    _c("Riguardo questo Playbook"),
    _c("Gioca rispettando le regole e divertiti!"),
    _c("Come leggere una carta"),
    _s("Come leggere un Testo Abilità", inline_text=True),
    _s("Icone che appaiono nei testi abilità"),
    _c("Icone"),
    _s("Icone Talento"),
    _s("Icone Innesco"),
    _s("Icone che indicano il tipo di abilità"),
    _s("Icone che rappresentano azioni speciali"),
    _c("Parti del Campo da Gioco"),
    _c("Regole per costruire un deck"),
    _s("Costruisci un deck bilanciato"),
    _c("Differenza nei Testi Abilità"),
    _c("Ordine di un Cardfight"),
    _s("Preparati al Cardfight"),
    _s("Ordine del turno"),
    _s("Condizioni di vittoria"),
    _s("Ordine della Fase di Battaglia"),
    _s("Preparati a Combattere"),
    _s("Fase di Risveglio"),
    _s("Fase di Pescata"),
    _ss("Sottofase di pescata"),
    _ss("Sottofase di Ausilio G"),
    _s("Fase di convocazione"),
    _ss("Sottofase di convocazione"),
    _ss("Sottofase di trascendenza"),
    _s("Fase Principale"),
    _s("Fase di Battaglia"),
    _ss("Sottofase Iniziale"),
    # Heading lost next to the flowchart of the start step (TOC: "20 Sottofase di Attacco").
    _ss("Sottofase di Attacco", anchor="- All'inizio della sottofase di attacco"),
    _ss("Sottofase di Guardia"),
    _ss("Sottofase di Assalto"),
    _ss("Sottofase del Danno"),
    _ss("Sottofase di Chiusura"),
    _s("Fase Finale"),
    _c("Le Basi e Definizioni"),
    _s("Le Basi"),
    _s("Testi delle carte e zone"),
    _s("Muovere carte durante un cardifight"),
    _s("Ordine delle carte"),
    _s("Convocare o schierare tramite meccanica di gioco e tramite gli effetti delle carte"),
    _c("Gestire più Meccaniche e Abilità"),
    _s("Esempio di risoluzione di più abilità automatiche"),
    _c("Glossario dei termini importanti"),
    _g("Cos'è la trascendenza?", "trascendenza"),
    _g("Cosa vuol dire eliminare?", "eliminare"),
    _g("Cos'è la Legion?", "Legion"),
    _g("Cosa vuol dire bloccare?", "bloccare"),
    _g("Zone Pubbliche e Zone Nascoste", "Zone Pubbliche e Zone Nascoste"),
    _c("Domande Frequenti"),
    _s("Il timing di quando gli effetti delle abilità sono generati"),
    _s("Pagare il costo"),
    _s("Inoltre controlla il sito ufficiale per le carte e le regole!!"),
    # "Carte Specifiche": one box per card, titled with the card's name.
    _s("Miss Foschia, Indovina del Tempo"),
    _s("Blackboi, Metalborg"),
    _s("Drago Assalto Temerario"),
    _s("Distruttore Tirapugni Big Bang, Picchiatore"),
    _s('"Omega" Glendios, Star-vader'),
    _s("Dracoragazzo Elmo d'Uovo, Eradicatore"),
    _s("Sovrano Draconico (BT15-004)"),
    _s("Blaster Joker, Star-vader"),
    _s('"Controllo d\'Assalto!!!" "Controllo del Danno!!!" Cardfight Q&A'),
    _s("Altro", next_line="Cardfight Q&A"),
    _c("Regole da Torneo"),
    _c('Termini usati in "Cardfight!! Vanguard"', glossary_chapter=True),
)
