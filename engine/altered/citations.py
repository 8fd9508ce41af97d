"""The single registry of every Altered rules clause the engine cites.

Each entry maps a stable key to a :class:`Citation` of the Italian community
translation ``altered-cr-it`` (clause numbers as the parser reads them,
letters included: ``4.2.5.d``) and words its text must contain;
tests/engine/test_citations.py checks them against the vendored text
and the parser, tests/engine/test_citations_loaded.py against the loaded database and the
scenarios.  Where the text is damaged and the engine had to choose a reading,
the event also names an assumption of docs/engine-assumptions-altered.md.
"""

from __future__ import annotations

from ..core.citations import Citation, ClauseRef, lookups

DOCUMENT = "altered-cr-it"


def _c(number: str, *words: str) -> ClauseRef:
    return ClauseRef(Citation(DOCUMENT, number), tuple(words))


REGISTRY: dict[str, ClauseRef] = {
    # 1 - the game, its day and how it is won
    "COST_IN_FULL": _c("1.2.5.c", "per intero"),
    "MANA_COST": _c("1.2.5.e", "Orbe di Mana"),
    "OPTIONAL_STEP": _c("1.2.6.c", "puoi"),
    "FIRST_DAY": _c("1.3.1.d", "sei carte"),
    "AFTERNOON_PASSED": _c("1.3.2.d", "non può prendere più turni"),
    "WIN_DISTANCE": _c("1.3.3.b", "distanza"),
    "TIEBREAK_REGION_TYPES": _c("1.3.3.e", "più tipi di Regione"),
    "INITIATIVE": _c("1.4.5.a", "iniziativa"),
    # 2 - objects, statuses, counters
    "TOKEN_CEASES": _c("2.1.d", "cessa di esistere"),
    "DURATION": _c("2.2.13.a", "questo Pomeriggio"),
    "NEW_ZONE_NO_STATUS": _c("2.4.1.b", "non ha alcuno stato"),
    "EXHAUSTED": _c("2.4.5.a", "Esaurito"),
    "FLEETING_FROM_RESERVE": _c("2.4.6.a", "Fugace"),
    "FLEETING_JOINS": _c("2.4.6.b", "Fugace"),
    "FLEETING_TO_DISCARD": _c("2.4.6.c", "mazzo degli Scarti"),
    "FLEETING_SPELL_KEYWORD": _c("2.4.6.e", "Fugace"),
    "FLEETING_SPELL_DISCARD": _c("2.4.6.f", "mazzo degli Scarti"),
    "COUNTERS_LOST": _c("2.5.i", "perde tutti i suoi contatori"),
    "BOOST_COUNTER": _c("2.5.1.b", "aggiunge 1"),
    # 3 - zones
    "DECK_EMPTY_RESHUFFLE": _c("3.2.2.d", "mescola le carte nel mazzo degli Scarti"),
    "SWITCH_SAME_ZONE": _c("3.2.4.d", "non cambia zona"),
    "MANA_FACE_DOWN": _c("3.2.9.b", "a faccia in giù"),
    "MANA_PAYS": _c("3.2.9.f", "esaurendo"),
    # 4 - the game's start and the day
    "SETUP_FIRST_PLAYER": _c("4.1.g", "primo giocatore"),
    "SETUP_SHUFFLE": _c("4.1.i", "mescola"),
    "SETUP_NOON": _c("4.1.j", "Mezzogiorno"),
    "DAY_PHASES": _c("4.2.a", "cinque fasi"),
    "PHASE_REACTIONS": _c("4.2.b", "Reazioni"),
    "SUCCEED": _c("4.2.1.b", "primo giocatore"),
    "PREPARE": _c("4.2.1.c", "prepara"),
    "DRAW_TWO": _c("4.2.1.d", "due carte"),
    "EXPAND": _c("4.2.1.e", "zona Mana"),
    "NOON": _c("4.2.2.a", "Mezzogiorno"),
    "AFTERNOON": _c("4.2.3.a", "turni"),
    "FIRST_TURN": _c("4.2.3.b", "primo turno"),
    "TURN": _c("4.2.3.c", "azione rapida"),
    "DUSK": _c("4.2.4.a", "crepuscolo"),
    "PROGRESS": _c("4.2.4.b", "in avanti"),
    "PROGRESS_TIE": _c("4.2.4.c", "pareggio"),
    "PROGRESS_ZERO": _c("4.2.4.d", "statistica di 0"),
    "PROGRESS_ONCE": _c("4.2.4.e", "una volta"),
    "PROGRESS_SIMULTANEOUS": _c("4.2.4.f", "simultaneamente"),
    "FAILS_TO_MOVE": _c("4.2.4.g", "non riesce a muoversi in avanti"),
    "NIGHT": _c("4.2.5.a", "notte"),
    "REST": _c("4.2.5.b", "Riserva"),
    "CLEANUP": _c("4.2.5.c", "limite Riserva"),
    "NO_HERO_LIMITS": _c("4.2.5.d", "uguali a 2"),
    "WIN_MEET": _c("4.3.a", "stessa regione"),
    "WIN_CROSS": _c("4.3.b", "incrociano"),
    "TIEBREAK_START": _c("4.3.c", "spareggi"),
    "ARENA": _c("4.3.d", "spareggi"),
    "ARENA_NO_MOVE": _c("4.3.g", "non possono muoversi"),
    "TIEBREAK_PROGRESS": _c("4.3.h", "più statistiche"),
    "CHECK_REACTIONS": _c("4.4.b", "Emblema-Reazione"),
    # 5, 6 - playing cards and quick actions, costs, effects
    "PLAY_IN_TURN": _c("5.1.1.b", "carta o un'azione rapida"),
    "DECLARATION_LEGAL": _c("5.1.2.c", "controlla se la dichiarazione è legale"),
    "TARGET_DECLARED": _c("5.2.3.b", "deve essere scelto un oggetto"),
    "CHOOSE_EXPEDITION": _c("5.2.1.a", "Spedizioni"),
    "CHARACTER_FLEETING": _c("5.2.1.b", "Riserva"),
    "CHARACTER_JOINS": _c("5.2.1.c", "Spedizione scelta"),
    "PERMANENT_JOINS": _c("5.2.2.a", "Punto di Riferimento"),
    "SPELL_TO_RESERVE": _c("5.2.3.j", "Riserva"),
    "QUICK_EXHAUST": _c("5.3.c", "esaurendo"),
    "COST_REFUSED": _c("6.4.c", "per intero"),
    "OPTIONAL": _c("6.5.b", "Puoi"),
    "PART_IMPOSSIBLE": _c("6.5.f", "ignorata"),
    # 7 - symbols, rule words and keywords
    "ON_ENTER": _c("7.1.1.a", "entro in gioco"),
    "FROM_HAND": _c("7.1.1.b", "Mano"),
    "FROM_RESERVE": _c("7.1.1.c", "Riserva"),
    "SUPPORT_DISCARD": _c("7.1.4.b", "Scartami dalla Riserva"),
    "TOKEN": _c("7.3.3.a", "gettone"),
    "DISCARD": _c("7.3.4.a", "mazzo degli Scarti"),
    "DRAW": _c("7.3.5.a", "Mano"),
    "EXHAUST": _c("7.3.6.a", "Esaurito"),
    "GAIN_COUNTERS": _c("7.3.7.a", "contatori"),
    "GAIN_STATUS": _c("7.3.8.a", "stato"),
    "STATUS_ONCE": _c("7.3.8.b", "non può guadagnare nuovamente"),
    "LOSE_STATUS": _c("7.3.9.a", "perde uno stato"),
    "MOVE_BACK": _c("7.3.10.a", "indietro"),
    "MOVE_BACK_HOME": _c("7.3.10.b", "non succede nulla"),
    "MOVE_FORWARD": _c("7.3.11.a", "in avanti"),
    "REVEAL_TUMULT": _c("7.3.11.b", "rivelata"),
    "MOVE_FORWARD_END": _c("7.3.11.c", "non succede nulla"),
    "ARENA_BACK": _c("7.3.10.c", "nell'Arena"),
    "ARENA_FORWARD": _c("7.3.11.d", "nell'Arena"),
    "READY": _c("7.3.12.a", "Esaurito"),
    "SEND_SYNONYMS": _c("7.3.15.b", "sinonimi"),
    "RESUPPLY": _c("7.3.16.a", "Rifornimento"),
    "RESUPPLY_EMPTY": _c("7.3.16.b", "Mazzo vuoto"),
    "SABOTAGE": _c("7.3.18.a", "Sabotaggio"),
    "SACRIFICE": _c("7.3.19.a", "sacrificare"),
    "SEND": _c("7.3.20.a", "Inviare"),
    "SWITCH": _c("7.3.22.a", "Scambiare spedizioni"),
    "SWITCH_JOINS": _c("7.3.22.b", "Non lascia né si unisce alla zona Spedizione"),
    "DEFENDER": _c("7.4.1.b", "Difensore"),
    "DEFENDER_ANY_REASON": _c("7.4.1.d", "qualsiasi ragione"),
    "ETERNAL": _c("7.4.2.b", "riposo"),
    "GIANT": _c("7.4.3.b", "entrambe le spedizioni"),
    "GIANT_STATS": _c("7.4.3.e", "ciascuna delle spedizioni"),
    "GIANT_TIEBREAK": _c("7.4.3.i", "due volte"),
    "SEASONED": _c("7.4.4.b", "mantiene i suoi incrementi"),
    "TOUGH": _c("7.4.5.c", "costano X in più"),
    "CONCEDE": _c("1.2.1.a", "partecipante"),
    "CONDITIONAL": _c("6.5.c", "condizionali"),
    "SPEND_COUNTERS": _c("7.3.21.a", "spende"),
    "SPEND_NOT_MORE": _c("2.5.g", "almeno [X]"),
    "AFTER_YOU": _c("7.3.2.a", "Dopo di te"),
    "AFTER_YOU_NOT_PASS": _c("7.3.2.b", "non è passare"),
    "QUICK_HUNDRED": _c("5.3.d", "100 volte"),
    # passive abilities, ongoing emblems, conditions, modes, internal actions, costs (the vocabulary of 2.3, 6)
    "PASSIVE_CHARACTERISTICS": _c("2.3.1.j", "modificate da tutte"),
    "PASSIVE_CONTINUOUS": _c("2.3.1.i", "continuamente"),
    "PASSIVE_ORDER": _c("2.3.1.m", "timestamp e dipendenza"),
    "DEPENDS_EXISTENCE": _c("2.3.2.d", "rimuoverebbe l'esistenza"),
    "DEPENDS_APPLIES": _c("2.3.2.e", "cambia ciò a cui"),
    "DEPENDS_DOES": _c("2.3.2.f", "cambia ciò che"),
    "DEPENDENCY": _c("2.3.2.g", "chiusura transitiva"),
    "REGION_TYPES": _c("2.2.2.p", "guadagnare o perdere tipi"),
    "EMBLEM_ONGOING": _c("2.2.2.m", "In Corso"),
    "EMBLEM_DURATION": _c("2.2.13.c", "durata"),
    "COST_CHANGE": _c("2.2.10.j", "modificare il modo"),
    "IS_A_TYPE": _c("2.2.1.i", "indipendentemente dalla sua posizione"),
    "SUBTYPE_IN_PLAY": _c("2.2.2.n", "oggetto in gioco"),
    "MODAL": _c("6.5.e", "Scegli uno"),
    "INTERNAL_ACTION": _c("6.5.g", "azione interna"),
    "INTERNAL_DECLINED": _c("6.4.f", "viene ignorata"),
    "COST_ONE_STEP": _c("6.1.d", "singola fase"),
    "REACTION_COST": _c("5.5.d", "senza pagare"),
    "REACTION_COST_REFUSED": _c("6.4.g", "cessa di esistere"),
    "GRANTED": _c("2.3.1.j", "modificate da tutte"),
    "NEW_OBJECT": _c("2.1.c", "nuovo oggetto"),
    "QUICK_LIMIT": _c("1.4.6.b", "cento volte"),
}
# Deck construction (1.1.4): cited by the errors of new_game(validate=True), never by an event of a game.
DECK_CONSTRUCTION: dict[str, ClauseRef] = {
    "DECK_ONE_HERO": _c("1.1.4.b", "esattamente 1 Eroe"),
    "DECK_SIZE": _c("1.1.4.c", "39 carte"),
    "DECK_COPIES": _c("1.1.4.e", "3 carte con lo stesso nome"),
}
ALL_CLAUSES: dict[str, ClauseRef] = {**REGISTRY, **DECK_CONSTRUCTION}
cite, cites = lookups(REGISTRY, ALL_CLAUSES)
