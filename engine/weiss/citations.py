"""The single registry of every Weiss Schwarz rules clause the engine cites.

Each entry maps a stable key (used in code) to a :class:`Citation` of the
Italian fan translation ``ws-cr-it`` (clause numbers as printed) and a few
words the clause's text must contain.  ``tests/engine/test_citations.py``
checks every number and its words against the vendored text and the parser,
and ``tests/engine/test_citations_loaded.py`` against the loaded database.

Where the translation is garbled or misnumbered (6.6.1.1 names the Attack
Phase inside the Climax Phase, 7.7.1.3 returns to 7.7.1.2), the entry cites
the clause as printed and the reading taken is in
docs/engine-assumptions-weiss.md.
"""

from __future__ import annotations

from ..core.citations import Citation, ClauseRef, lookups

DOCUMENT = "ws-cr-it"


def _c(number: str, *words: str) -> ClauseRef:
    return ClauseRef(Citation(DOCUMENT, number), tuple(words))


REGISTRY: dict[str, ClauseRef] = {
    # 1 - winning, losing, golden rules
    "LOSE_ENDS_GAME": _c("1.2.1", "finisce immediatamente"),
    "DRAW_GAME": _c("1.2.3", "pareggio"),
    "CONCEDE": _c("1.2.4", "arrendersi"),
    # 2 - card attributes
    "COUNTER_ICON": _c("2.8.2", "Counter"),
    "COUNTER_IN_MAIN": _c("2.8.2.1", "Main Phase"),
    # 3 - areas
    "SHUFFLE": _c("3.2.4", "rimescolato"),
    "HAND_LIMIT": _c("3.3.3.1", "limite"),
    "MARKER_AREA": _c("3.7.2", "Area Nascosta"),
    "MARKERS_FOLLOW": _c("3.7.3.1", "muovi tutti i Marker"),
    "MARKERS_TO_WAITING_ROOM": _c("3.7.3.2", "Waiting Room"),
    "MARKER_CHARACTER": _c("3.7.4", "Personaggio con Marker"),
    "CLOCK_TOP": _c("3.8.2", "in cima"),
    "STOCK_TOP": _c("3.10.2", "dalla cima"),
    "MEMORY_AREA": _c("3.12.1", "Memory"),
    "EVENT_TO_WAITING_ROOM": _c("3.13.1.1", "Carta Evento"),
    "TRIG_TO_STOCK": _c("3.13.1.2", "Stock Area"),
    "DMG_TO_CLOCK": _c("3.13.1.3", "Clock Area"),
    "DMG_CLOCK_ORDER": _c("3.13.1.3.1", "stesso ordine"),
    "BRAINSTORM_RESOLUTION": _c("3.13.1.4", "Brainstorm"),
    # 4 - general concepts
    "PLAY_TIMING": _c("4.5.3", "passare"),
    "STAND": _c("4.6.1.1", "Standing"),
    "REST": _c("4.6.1.2", "Resting"),
    "REVERSE": _c("4.6.1.3", "sottosopra"),
    "DRAW": _c("4.7.2", "pesca una carta"),
    "DRAW_N": _c("4.7.3", "quel numero di volte"),
    "DRAW_UP_TO": _c("4.7.4", "fino a"),
    "LOOK_TOP": _c("4.8.1", "Guarda"),
    "DMG_REVEAL": _c("4.9.1.1", "Resolution Area"),
    "DMG_CANCEL": _c("4.9.1.2", "Cancellazione dei Danni"),
    "DMG_TO_CLOCK_END": _c("4.9.1.3", "Clock Area"),
    "NOT_DAMAGE": _c("4.9.2", "non è un Processo dei Danni"),
    "DMG_SOURCE_ATTACK": _c("4.10.1.1", "Fonte del Danno"),
    "DMG_SOURCE_EFFECT": _c("4.10.1.2", "Fonte di Danno"),
    # 5 - preparing the game
    "SETUP_SHUFFLE": _c("5.2.1.2", "mischia"),
    "SETUP_FIRST_PLAYER": _c("5.2.1.3", "casualmente"),
    "SETUP_HAND": _c("5.2.1.4", "5 carte"),
    "SETUP_REFRESH_POINT": _c("5.2.1.5", "Refresh Point"),
    "SETUP_START": _c("5.2.1.6", "giocatore di turno"),
    # 6 - the turn
    "TURN_ORDER": _c("6.1.1", "Turno"),
    "STAND_PHASE_START": _c("6.2.1.1", "Stand Phase"),
    "STAND_PHASE": _c("6.2.1.2", "mette in Stand"),
    "DRAW_PHASE_START": _c("6.3.1.1", "Draw Phase"),
    "DRAW_PHASE": _c("6.3.1.2", "pesca una carta"),
    "CLOCK_PHASE_START": _c("6.4.1.1", "Clock Phase"),
    "CLOCK_PHASE": _c("6.4.1.2", "pesca due carte"),
    "MAIN_PHASE_START": _c("6.5.1.1", "Main Phase"),
    "MAIN_PLAY_TIMING": _c("6.5.1.2", "Play Timing"),
    "MAIN_PLAY_CHARACTER": _c("6.5.1.2.1", "Posizione dello Stage"),
    "MAIN_PLAY_EVENT": _c("6.5.1.2.2", "Carta Evento"),
    "MAIN_ACT": _c("6.5.1.2.3", "Abilità Attivate"),
    "MAIN_MOVE": _c("6.5.1.2.4", "scambia"),
    "MAIN_END": _c("6.5.1.2.5", "Climax Phase"),
    "CLIMAX_PHASE_START": _c("6.6.1.1", "Check Timing"),
    "CLIMAX_ONLY": _c("6.6.1.2.1", "Carte Climax"),
    "CLIMAX_ONCE": _c("6.6.1.2.2", "solo uno"),
    "END_PHASE_START": _c("6.8.1.1", "End Phase"),
    "END_HAND_LIMIT": _c("6.8.1.2", "limite"),
    "END_CLIMAX": _c("6.8.1.3", "Climax Area"),
    "END_OF_TURN_EXPIRY": _c("6.8.1.4", "fino alla fine del turno"),
    "NEXT_TURN": _c("6.8.1.5", "nuovo giocatore di turno"),
    # 7 - attack and battle
    "ATTACK_STANDING_CENTER": _c("7.1.1", "Center Stage"),
    "ATTACK_PHASE_START": _c("7.2.1.1", "Attack Phase"),
    "DECLARATION_STEP_START": _c("7.2.1.2", "Attack Declaration Step"),
    "CHOOSE_ATTACKER": _c("7.2.1.3", "Encore Step"),
    "FIRST_TURN_ONE_ATTACK": _c("7.2.1.3.1", "primo turno"),
    "ATTACK_KIND": _c("7.2.1.4", "Tipo di Attacco"),
    "DIRECT_ATTACK": _c("7.2.1.4.1", "Attacco Diretto"),
    "SIDE_ATTACK": _c("7.2.1.4.2", "Attacco Laterale"),
    "ATTACK_KIND_FIXED": _c("7.2.1.4.3", "Tipo di Attacco"),
    "FRONT_ATTACKED": _c("7.2.1.5.1", "Attacco Frontale"),
    "ATTACKER_REST": _c("7.2.1.5.3", "Rest"),
    "DECLARATION_END": _c("7.2.1.6", "Trigger Step"),
    "TRIG_STEP_START": _c("7.3.1.1", "Trigger Step"),
    "TRIG_CHECK": _c("7.3.1.2", "Stock Area"),
    "TRIG_NONE": _c("7.3.1.2.1", "Non avviene nulla"),
    "TRIG_SOUL": _c("7.3.1.2.2", "obbligatorio"),
    "TRIG_WIND": _c("7.3.1.2.3", "Wind"),
    "TRIG_BAG": _c("7.3.1.2.4", "Bag"),
    "TRIG_GATE": _c("7.3.1.2.5", "Gate"),
    "TRIG_BOOK": _c("7.3.1.2.6", "Book"),
    "TRIG_FLAME": _c("7.3.1.2.7", "Flame"),
    "TRIG_FLAME_ONCE": _c("7.3.1.2.7.1", "Damage Step"),
    "TRIG_TREASURE": _c("7.3.1.2.8", "Treasure"),
    "TRIG_TREASURE_HAND": _c("7.3.1.2.8.1", "obbligatorio"),
    "TRIG_PANTS": _c("7.3.1.2.9", "Pants"),
    "TRIG_STEP_END": _c("7.3.1.3", "Counter Step"),
    "COUNTER_STEP_START": _c("7.4.1.1", "Counter Step"),
    "COUNTER_PLAY_TIMING": _c("7.4.1.2", "Play Timing"),
    "COUNTER_ONLY": _c("7.4.1.2.1", "Counter"),
    "COUNTER_ONCE": _c("7.4.1.2.2", "solo 1"),
    "COUNTER_STEP_END": _c("7.4.1.3", "Damage Step"),
    "DMG_STEP_START": _c("7.5.1.1", "Damage Step"),
    "DEAL_SOUL_DAMAGE": _c("7.5.1.2", "Soul"),
    "ZERO_SOUL": _c("7.5.1.2.1", "0 o inferiore"),
    "ATTACKER_GONE": _c("7.5.1.2.2", "lasciato lo Stage"),
    "DMG_STEP_END": _c("7.5.1.3", "Attacco Frontale"),
    "BATTLE_STEP_START": _c("7.6.1.1", "Battle Step"),
    "BATTLE_COMPARE": _c("7.6.1.2", "Reverse"),
    "BATTLE_NO_COMPARE": _c("7.6.1.3", "non comparano"),
    "BATTLE_STEP_END": _c("7.6.2", "Attack Declaration Step"),
    "ENCORE_STEP_START": _c("7.7.1.1", "Encore Step"),
    "ENCORE_TURN_PLAYER": _c("7.7.1.2", "giocatore di turno"),
    "ENCORE_NON_TURN_PLAYER": _c("7.7.1.3", "giocatore non di turno"),
    "ENCORE_STEP_END": _c("7.7.1.4", "End Phase"),
    # 8 - playing and resolving
    "ACT": _c("8.1.1.1", "Play Timing"),
    "AUTO": _c("8.1.1.2", "automaticamente"),
    "CONTINUOUS_EFFECT": _c("8.2.1.2", "durata"),
    "REPLACEMENT_EFFECT": _c("8.2.1.3.1", "invece"),
    "COST_ALL_OR_NOTHING": _c("8.4.2.2", "parte del Costo"),
    "STOCK_COST": _c("8.4.3", "Stock Area"),
    "CT_TURN_PLAYER": _c("8.5.1.2", "giocatore di turno"),
    "CT_NON_TURN_PLAYER": _c("8.5.1.3", "giocatore non di turno"),
    "COLOUR_REQUIREMENT": _c("8.6.2.1.1", "Colore"),
    "LEVEL_ZERO_NO_COLOUR": _c("8.6.2.1.1.1", "Livello 0"),
    "LEVEL_REQUIREMENT": _c("8.6.2.1.2", "Livello"),
    "CLIMAX_NO_LEVEL": _c("8.6.2.1.2.1", "Climax"),
    "PAY_COST": _c("8.6.2.3", "Costi"),
    "CHOICE_REQUIRED": _c("8.6.2.2", "devi fare quella scelta"),
    "PLACE_CHARACTER": _c("8.6.2.4.1", "Azione Arbitraria"),
    "EVENT_RESOLVES": _c("8.6.2.4.2", "Resolution Area"),
    "CLIMAX_RESOLVES": _c("8.6.2.4.3", "Climax Area"),
    "ABILITY_RESOLVES": _c("8.6.2.4.4", "risolvine"),
    "CHOOSE_MANDATORY": _c("8.6.3.1", "Non puoi decidere di non scegliere"),
    "CHOOSE_UP_TO": _c("8.6.3.1.1", "fino a"),
    "CHOOSE_AS_MANY_AS_POSSIBLE": _c("8.6.3.1.2", "più scelte possibili"),
    "CHOICE_IMPOSSIBLE": _c("8.6.3.1.3", "nessuna scelta"),
    "AUTO_AT_CHECK_TIMING": _c("8.7.1", "Check Timing"),
    "STANDBY": _c("8.7.2", "in attesa"),
    "STANDBY_ORDER": _c("8.7.3.1", "ordine"),
    "STANDBY_COST_DECLINED": _c("8.7.3.2.1", "cancellata"),
    "AUTO_CARD_MOVED": _c("8.7.7", "fallisce"),
    "REPLACEMENT_APPLIES": _c("8.10.1", "al posto"),
    "REPLACED_NEVER_HAPPENS": _c("8.10.1.1", "non avviene"),
    # 9 - rule actions
    "RULE_ACTION_INTERRUPT": _c("9.1.2.1", "Interruzione"),
    "INTERRUPT_ORDER": _c("9.1.2.1.1", "ordine"),
    "RULE_ACTION_CHECK": _c("9.1.2.2", "Controllo"),
    "REFRESH_CONDITION": _c("9.2.1", "Deck Area"),
    "REFRESH": _c("9.2.2", "Punto Riordino"),
    "REFRESH_LOSS": _c("9.2.2.1", "perde la partita"),
    "REFRESH_NOT_DURING_COST": _c("9.2.3", "Costo"),
    "LEVEL_UP_CONDITION": _c("9.3.1", "7 o più carte"),
    "LEVEL_UP": _c("9.3.2", "Level Area"),
    "LEVEL_UP_NOT_DURING_COST": _c("9.3.3", "Costo"),
    "LOSS_CHECK": _c("9.4.1", "Azione Arbitraria di Controllo"),
    "LOSS_LEVEL_FOUR": _c("9.4.1.1", "4 o più carte"),
    "POWER_ZERO": _c("9.5.1", "Power 0"),
    "OVERLAPPING_CHARACTERS": _c("9.6.1", "più di 1 personaggio"),
    "OVERLAPPING_CLIMAX": _c("9.7.1", "Climax"),
    "MARKER_UNASSIGNED": _c("9.8.1", "assegnato"),
    "REFRESH_POINT": _c("9.9.1", "Punti Riordino"),
    # 10 - keywords
    "ALARM_AUTO": _c("10.1.2", "AUTO Alarm"),
    "ENCORE_KEYWORD": _c("10.2.2", "Encore"),
    "ENCORE_RULE": _c("10.2.3", "Encore"),
    "BOND": _c("10.4.2", "Bond"),
    "BACKUP_FROM_HAND": _c("10.5.1", "dalla mano"),
    "BODYGUARD": _c("10.6.2", "Attacco Frontale"),
    "CHANGE": _c("10.8.1", "Change"),
    "CHANGE_MISSING": _c("10.8.3", "il rimpiazzo non avviene"),
    "CHANGE_PLACED": _c("10.8.4", "Change"),
    "MEMORY_AUTO": _c("10.9.2", "AUTO Memory"),
    "EXPERIENCE_AUTO": _c("10.10.2", "AUTO Experience"),
    "SHIFT": _c("10.11.2", "Shift"),
    "SHIFT_NO_CARD": _c("10.11.3.2", "stesso colore"),
    "BACKUP": _c("10.5.2", "Backup"),
    "BRAINSTORM": _c("10.7.3", "Resolution Area"),
}

# Deck construction (5.1.2): cited by the errors of new_game(validate=True), never by an event of a game.
DECK_CONSTRUCTION: dict[str, ClauseRef] = {
    "DECK_SIZE": _c("5.1.2.1", "50 carte"),
    "DECK_COPIES": _c("5.1.2.2", "4 copie"),
    "DECK_CLIMAX": _c("5.1.2.3", "8 o meno"),
}
# Every clause the engine cites anywhere; the corpus tests check all of them.
ALL_CLAUSES: dict[str, ClauseRef] = {**REGISTRY, **DECK_CONSTRUCTION}
cite, cites = lookups(REGISTRY, ALL_CLAUSES)
