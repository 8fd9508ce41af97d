"""The single registry of every Vanguard rules clause the engine cites.

Each entry maps a stable key (used in code) to a :class:`Citation` of the
Italian 2.2 text (the primary document), the matching clause of the English
1.48 text where one exists, and a few words that the Italian clause's text
must contain.  ``tests/engine/vanguard/test_citations.py`` reads the vendored corpus and
checks every number and its words, so a renumbering in a future text fails
loudly instead of producing silently wrong citations.

Where the Italian numbering is defective (duplicated clause numbers under the
keyword headings of section 11), the entry cites the unambiguous heading
number instead; the assumptions register (docs/engine-assumptions.md) says
which entries do so and why.
"""

from __future__ import annotations

from ..core.citations import Citation, ClauseRef, lookups

IT_DOCUMENT = "vg-cr-it-2.2"
EN_DOCUMENT = "vg-cr-en-1.48"


def _c(number: str, en: str | None, *words: str) -> ClauseRef:
    return ClauseRef(Citation(IT_DOCUMENT, number, en), tuple(words))


REGISTRY: dict[str, ClauseRef] = {
    # Section 1 - winning, losing, golden rules
    "LOSE_ENDS_GAME": _c("1.2.1", "1.2.1", "perde"),
    "LOSS_AT_CHECK_TIMING": _c("1.2.2", "1.2.2", "Condizioni di Sconfitta"),
    "WIN_LOSS_BY_EFFECT": _c("1.2.5", "1.2.5", "Effetti", "prima di un"),
    "CANCEL_TRIGGERS": _c("12.3.1", "12.3.1", "annulla gli effetti degli inneschi"),
    "CANCEL_TRIGGERS_WHOLE": _c("12.3.2", "12.3.2", "parzialmente"),
    "EXTRA_TURN": _c("12.4.1", "12.4.1", "turno addizionale", "immediatamente"),
    "EXTRA_TURNS_ORDER": _c("12.4.2", "12.4.2", "risolto per ultimo"),
    "LOSS_CONDITION_DAMAGE": _c("1.2.2.1", "1.2.2.1", "sei o più carte nella sua Zona Danni"),
    "LOSS_CONDITION_DECK": _c("1.2.2.2", "1.2.2.2", "non ha carte nel suo Deck"),
    "DRAW_GAME": _c("1.2.3", "1.2.3", "pareggio"),
    "CONCEDE": _c("1.2.4", "1.2.4", "concede"),
    "IMPOSSIBLE_ACTION": _c("1.3.2", "1.3.2", "non succede nulla"),
    # Section 2 - characteristics
    "TRIGGER_CRITICAL": _c("2.8.1.1.2", "2.8.1.1.2", "Innesco Critico"),
    "TRIGGER_DRAW": _c("2.8.1.1.3", None, "Innesco Pescata"),
    "TRIGGER_STAND": _c("2.8.1.1.4", "2.8.1.1.4", "Innesco Risveglio"),
    "TRIGGER_HEAL": _c("2.8.1.1.5", "2.8.1.1.5", "Innesco Cura"),
    "TRIGGER_ORDER": _c("2.8.2", "2.8.2", "ordine"),
    "DRIVE_BASE": _c("2.16.2", "2.16.2", "valore base"),
    # Section 3 - basic concepts
    "UNITS_NOT_LOCKED": _c("3.8.1", "3.8.1", "escluse le carte Bloccate"),
    "SHIELD_ZERO": _c("3.11.2", "3.11.2", "Scudo pari a zero"),
    "GUARDIAN_SHIELD_ADDS": _c("3.11.3", "3.11.3", "somma degli Scudi"),
    "GUARDIAN_NO_LIMIT": _c("3.11.4", "3.11.4", "limite"),
    # Section 4 - zones
    "GUARDIAN_PLACED_RESTING": _c("4.6.5.1", "4.6.5.1", "Riposo"),
    "REAR_GUARD_PLACED_STANDING": _c("4.6.6.1", "4.6.6.1", "stato attivo"),
    "REAR_GUARD_MOVE_ORIENTATION": _c("4.6.6.2", "4.6.6.2", "stesso orientamento"),
    "ONE_CARD_PER_CIRCLE": _c("4.6.9", "4.6.8.2", "una sola carta"),
    "DRIVE_CARD_TO_TRIGGER_ZONE": _c("4.10.2", "4.10.2", "Zona Innesco"),
    "DAMAGE_CARD_TO_TRIGGER_ZONE": _c("4.10.3", "4.10.3", "Zona Danni"),
    # Section 5 - setup
    "SETUP_FIRST_VANGUARD": _c("5.4.3", "5.4.3", "grado 0"),
    "SETUP_SHUFFLE": _c("5.4.3.1", "5.4.3.1", "mischia"),
    "SETUP_FIRST_PLAYER": _c("5.4.3.2", "5.4.3.2", "casuale"),
    "SETUP_HAND": _c("5.4.4", "5.4.3.4", "cinque carte"),
    # Section 6 - turn procedure
    "STAND_UP": _c("6.1.1", "6.1.1", "Vanguard a Faccia in Su"),
    "PHASE_ORDER": _c("6.2.2", "6.2.2", "ordine"),
    "STAND_PHASE": _c("6.3.1.2", "6.3.1.2", "risveglia tutte"),
    "DRAW_PHASE": _c("6.4.1.1.2", "6.4.1.1.2", "pesca una Carta"),
    "G_ASSIST": _c("6.4.1.2.3", "6.4.1.2.1.2", "Ausilio G"),
    "G_ASSIST_CONDITIONS": _c("6.4.1.2.3.2", "6.4.1.2.2", "tre seguenti condizioni"),
    "G_ASSIST_REVEAL_HAND": _c("6.4.1.2.3.4", "6.4.1.2.4", "rivela la sua mano"),
    "G_ASSIST_SEARCH": _c("6.4.1.2.3.5", "6.4.1.2.5", "MASSIMO DI 7"),
    "RIDE_ONCE_PER_TURN": _c("6.5.1.1.2", "6.5.1.1.2", "una volta per turno"),
    "RIDE_ONLY_VANGUARD_CIRCLE": _c("6.5.1.1.3", "6.5.1.1.3", "Cerchio del Vanguard"),
    "STRIDE_STEP": _c("6.5.1.2.2", "6.5.1.2.2", "Trascendenza"),
    "MAIN_PLAY_TIMING": _c("6.6.1.2", "6.6.1.2", "play timing"),
    "MAIN_NORMAL_CALL": _c("6.6.1.2.1", "6.6.1.2.1", "Schieramento normale"),
    "MAIN_ONLY_REAR_GUARD": _c("6.6.1.2.1.1", "6.6.1.2.1.1", "Cerchio della Retroguardia"),
    "MAIN_ACT": _c("6.6.1.2.2", "6.6.1.2.2", "abilità attivate"),
    "MAIN_MOVE_COLUMN": _c("6.6.1.2.3", "6.6.1.2.3", "Colonna"),
    "MAIN_END": _c("6.6.1.3", "6.6.1.3", "fase di Battaglia"),
    "UNLOCK_AT_END_PHASE": _c("6.8.1.1.2", "6.8.1.1.2", "Sblocca"),
    "UNDELETE_AT_END_PHASE": _c("6.8.1.1.3", "6.8.1.1.2", "Eliminate"),
    "END_OF_TURN_EXPIRY": _c("6.8.1.3", "6.8.1.4", "fino alla fine del turno"),
    "NEXT_TURN": _c("6.8.1.4", "6.8.1.5", "nuovo Giocatore di Turno"),
    "END_PHASE_G_UNITS": _c("6.8.1.1.1", "6.8.1.1.1", "Unità G"),
    # Section 7 - battle (Italian 7.2-7.7 = English 7.3-7.8)
    "START_STEP_CHOICE": _c("7.2.1.2", "7.3.1.2", "attaccare"),
    "START_STEP_NO_ATTACK": _c("7.2.1.2.2", "7.3.1.2.2", "Fase Finale"),
    "FIRST_TURN_NO_ATTACK": _c("7.2.1.3", "7.3.1.3", "primo turno"),
    "BATTLE_BEGINS": _c("7.3.1.1", "7.4.1.1", "Battaglia inizia"),
    "CHOOSE_ATTACKER": _c("7.3.1.3", "7.4.1.3", "linea frontale"),
    "CHOOSE_TARGET": _c("7.3.1.4", "7.4.1.6", "linea frontale"),
    "BOOST": _c("7.3.1.6", "7.4.1.10", "supporti"),
    "ATTACK_TRIGGERS": _c("7.3.1.8", "7.4.1.12", "quando l'Unità Attacca"),
    "GUARD_PASS": _c("7.4.1.2.1", "7.5.1.2.1", "passare"),
    "GUARD_AUTO_PASS": _c("7.4.1.2.1.1", "7.5.1.2.1.1", "passare"),
    "GUARD_CALL": _c("7.4.1.2.2", "7.5.1.2.2", "Cerchio del Guardiano"),
    "GUARD_INTERCEPT": _c("7.4.1.2.3", "7.5.1.2.4", "Cerchio del guardiano"),
    "GUARD_LOOP": _c("7.4.1.3", "7.5.1.2.5", "7.4.1.2"),
    "DRIVE_CHECK": _c("7.5.1.2", "7.6.1.2", "Controllo di Assalto"),
    "DRIVE_REVEAL": _c("7.5.1.2.3", "7.6.1.2.3", "Zona Innesco"),
    "DRIVE_TRIGGER_CLAN": _c("7.5.1.2.4", "7.6.1.2.4", "stesso clan"),
    "DRIVE_CHECK_TIMING": _c("7.5.1.2.5", "7.6.1.2.5", "check timing"),
    "DRIVE_TO_HAND": _c("7.5.1.2.6", "7.6.1.2.6", "mano"),
    "DRIVE_REPEAT": _c("7.5.1.3", "7.6.1.3", "Verifiche di Assalto"),
    "HIT": _c("7.6.1.2", "7.7.1.2", "Forza"),
    "NO_COMPARISON": _c("7.6.1.3", "7.7.1.3", "non ha colpito"),
    "ATTACKED_UNIT_LEFT": _c("7.3.1.4.2", "7.4.1.8.1", "il processo della battaglia continua"),
    "ATTACKER_LEFT": _c("7.3.1.4.3", "7.4.1.8.2", "lasciare la sua attuale posizione"),
    "BOOSTER_LEFT": _c("7.3.1.6.1.1", "7.4.1.10.1.1", "esce dal suo Cerchio Originale"),
    "DEAL_DAMAGE": _c("7.6.1.5", "7.7.1.5", "Critico"),
    "ZERO_CRITICAL": _c("7.6.1.5.1", "7.7.1.5.1", "non infligge danno"),
    "NO_DAMAGE_CHECK_REAR_GUARD": _c("7.6.1.7", None, "Controllo del Danno"),
    "HIT_EVENT": _c("7.6.1.9", "7.7.1.7", "Colpire"),
    "ON_HIT_STANDBY": _c("7.6.1.9.1", "7.7.1.7", "quando l'attacco colpisce"),
    "RETIRE_GUARDIANS": _c("7.6.1.10", "7.7.1.9", "guardiani"),
    "BATTLE_ENDS": _c("7.7.1.2", "7.8.1.2", "fino alla fine della Battaglia"),
    "RETURN_TO_START_STEP": _c("7.7.1.4", "7.8.1.4", "Sottofase Iniziale"),
    # Section 8 - playing and resolving
    "CHECK_TIMING": _c("8.4.1", "8.4.1", "check timing"),
    "CHECK_RULE_ACTIONS_FIRST": _c("8.4.1.1", "8.4.1.1", "Azioni delle Regole"),
    "CHECK_TURN_PLAYER_AUTO": _c("8.4.1.2", "8.4.1.2", "Giocatore di turno"),
    "CHECK_NON_TURN_PLAYER_AUTO": _c("8.4.1.3", "8.4.1.3", "Giocatore non di turno"),
    "PLAY_TIMING": _c("8.4.2.2", "8.4.2.2", "Azione"),
    "PLAY_TIMING_PASS": _c("8.4.2.3", "8.4.2.3", "non fare nulla"),
    "CONTINUOUS_EFFECT": _c("8.2.1.2", "8.2.1.2", "Effetti Continui"),
    "CHOOSE_ON_RESOLUTION": _c("8.5.4", "8.5.4", "effettui la scelta"),
    "CHOOSE_WHILE_POSSIBLE": _c("8.5.4.1", "8.5.4.1", "Non puoi non effettuare una scelta"),
    # an ACT's [zone] (8.1.1.1.1) and its "if (requirement)" (8.1.1.1.2) are what stop it when unmet
    "ACT_ZONE": _c("8.1.1.1.1", "8.1.1.1.1", "indica la Zona nella quale l"),
    "ACT_REQUIREMENT": _c("8.1.1.1.2", "8.1.1.1.2", "requisito"),
    "AUTO_CARD_MOVED": _c("8.6.8", "8.6.8", "fallisce la risoluzione"),
    "ACT_NOT_USABLE_REST_OF_TURN": _c("8.1.1.1.2.1", "8.1.1.1.2.1", "non può essere usata per il resto di quel turno"),
    "AUTO_NOT_USABLE_REST_OF_TURN": _c("8.1.1.2.3.1", "8.1.1.2.3.1", "non può essere usata per il resto del turno"),
    "AUTO_UNPAID_RESTRICTION_APPLIES": _c("3.1.1.5.2", "3.1.1.5.2", "Se lo fai"),
    "RIDE_STANDING": _c("8.5.1.2", "8.5.1.2", "Attivo"),
    "RIDE_GRADE": _c("8.5.2.1.1.1", "8.5.2.1.1.1", "grado+1"),
    "CALL_GRADE": _c("8.5.2.1.1.2", "8.5.2.1.1.2", "inferiore o uguale"),
    "STRIDE_GRADE": _c("8.5.2.1.1.3", "8.5.2.1.1.3", "grado 3 o superiore"),
    "GUARD_ONLY_GUARDIAN_CIRCLE": _c("8.5.2.2.1.1", "8.5.2.2.1.1", "Cerchio del Guardiano"),
    "COST_ALL_OR_NOTHING": _c("8.5.2.3", "8.5.2.3", "costo"),
    "RIDE_RESOLVES": _c("8.5.3.1", "8.5.3.1", "Anima"),
    "CALL_RESOLVES": _c("8.5.3.2", "8.5.3.2", "Cerchio della Retroguardia"),
    "GUARD_RESOLVES": _c("8.5.3.3", "8.5.3.3", "Riposo"),
    "ABILITY_RESOLVES": _c("8.5.3.5", "8.5.3.5", "effetti"),
    "CHOICE_IMPOSSIBLE": _c("8.5.4.1.3", "8.5.4.1.3", "ignorati"),
    "AUTO_STANDBY": _c("8.6.2", "8.6.2", "stand by"),
    "AUTO_MUST_PLAY": _c("8.6.3.1", "8.6.3.1", "non puoi scegliere di non giocarle"),
    "AUTO_COST": _c("8.6.4", "8.6.4", "costo"),
    # Section 9 - rule actions
    "RULE_ACTIONS_AT_CHECK_TIMING": _c("9.1.2", "9.1.2", "check timing"),
    "RULE_ACTIONS_SIMULTANEOUS": _c("9.1.3", "9.1.3", "contemporaneamente"),
    "LOSS_DAMAGE": _c("9.2.2", "9.2.2", "6 o più"),
    "LOSS_DECK": _c("9.2.3", "9.2.3", "Deck"),
    "LOSS_NO_VANGUARD": _c("9.2.4", "9.2.4", "Anima"),
    "OVERLOAD_VANGUARD": _c("9.3.1", "9.3.1", "Anima"),
    "OVERLOAD_REAR_GUARD": _c("9.3.6", "9.3.6", "Zona Scarti"),
    "ILLEGAL_GUARDIAN": _c("9.4.1", "9.4.1", "Cerchio del Guardiano"),
    "NO_VANGUARD": _c("9.5.1", "9.5.1", "Anima"),
    "DAMAGE_PROCESS": _c("9.6.1", "9.6.1", "processo del Danno"),
    "DAMAGE_REDUCE": _c("9.6.2", "9.6.2", "Riduci"),
    "DAMAGE_REVEAL": _c("9.6.3", "9.6.3", "Zona Innesco"),
    "DAMAGE_CHECK": _c("9.6.4", "9.6.4", "Controllo del Danno"),
    "DAMAGE_TRIGGER_CLAN": _c("9.6.5", "9.6.5", "stesso clan"),
    "DAMAGE_TO_ZONE": _c("9.6.6", "9.6.6", "Zona Danni"),
    "DAMAGE_REPEAT": _c("9.6.7", "9.6.7", "9.6.2"),
    # Section 10 - specific actions
    "DRAW": _c("10.2.1", "10.2.1", "Pescare"),
    "DISCARD": _c("10.3.1", "10.3.1", "Scartare"),
    "DISCARD_COST": _c("10.3.1.1", "10.3.1.1", "costo"),
    "RETIRE": _c("10.4.1", "10.4.1", "Ritirare"),
    "RIDE": _c("10.6.1", "10.6.1", "Cerchio del Vanguard"),
    "PLACED_ON_CIRCLE": _c("10.5.1.1", "10.5.1.1", "indipendentemente"),
    "CALL": _c("10.7.1", "10.7.1", "Schierare"),
    "NORMAL_CALL_TIMING": _c("10.7.1.2", "10.7.1.2", "Fase Principale", "Schieramento Normale"),
    "DELETED_UNIT": _c("10.26.3", "10.26.3", "forza originale"),
    "DELETED_RIDDEN_OVER": _c("10.26.11", "10.26.11", "anima a faccia in su"),
    "SUPERIOR_CALL": _c("10.7.1.3", "10.7.1.3", "Schieramento Superiore"),
    "CALL_OVER_UNIT_RETIRES": _c("10.7.1.5", None, "ritirate"),
    "HEAL": _c("10.8.1", "10.8.1", "Curare"),
    "SHUFFLE": _c("10.11.1", "10.11.1", "Mischiare"),
    "STAND_REST": _c("10.12.1", "10.12.1", "Attivare"),
    # a counter blast paid as a cost (10.16.1; 10.16.1.1 is only the form with a requirement after "-")
    "COUNTER_BLAST": _c("10.16.1", "10.16.1", "faccia in giù", "Costo"),
    "COUNTER_CHARGE": _c("10.17.1", "10.30.1", "Contro-Carica"),
    "SOUL_BLAST": _c("10.18.1", "10.17.1", "Anima"),
    "COST_INTO_SOUL": _c("4.7.1", "4.7.1", "Alcune Carte andranno in questa Zona"),
    "SOUL_CHARGE": _c("10.19.1", "10.18.1", "Carica dell'Anima"),
    "BIND": _c("10.20.1", "10.19.1", "Confinamento"),
    "LOCKED_NO_CHARACTERISTICS": _c("10.24.3", "10.22.3", "perde tutte le caratteristiche"),
    "LOCKED_NO_STAND_OR_REST": _c("10.24.4", "10.22.4", "non hanno uno stato che sia Attivo o a Riposo"),
    "LOCKED_CIRCLE": _c("4.6.7", "4.6.7", "Bloccato"),
    "UNLOCK_STANDS": _c("10.25.3", "10.24.3", "Attivo"),
    "MOVE": _c("10.31.2", "10.32.1", "Mosse"),
    "DAMAGE_DEALT": _c("10.32.1", None, "infliggi"),
    "STRIDE": _c("10.28.1", "10.28.1", "unità G"),
    "STRIDE_ORIENTATION": _c("10.28.3.1.1", "10.28.3.1.1", "stesso orientamento"),
    "HEART": _c("10.28.3.2", None, "Cuore"),
    "HEART_POWER": _c("10.28.3.3", None, "forza"),
    "G_UNIT_TO_G_ZONE": _c("10.28.4", "4.6.9", "Zona G"),
    "HEART_ENDS": _c("10.28.5", None, "Cuore"),
    "RETIRED": _c("10.4.2", "10.4.2", "Ritirata"),
    "ZONE_CHANGE_FROM_FIELD": _c("8.6.5.1.2", "8.6.5.1.2", "mentre la carta era sul terreno"),
    "AUTO_REQUIREMENT": _c("8.1.1.2.3", "8.1.1.2.3", "anche se il requisito non è soddisfatto"),
    "AUTO_REQUIREMENT_PART": _c("8.1.1.2.3.2", "8.1.1.2.3.2", "prima del"),
    "HEART_PLACED": _c("10.29.6", "10.27.6", "Posizionata"),
    "COUNTER_BLAST_EFFECT": _c("10.16.1.2", "10.16.1.2", "non può essere eseguita"),
    "STRIDE_IS_NOT_RIDE": _c("10.28.6", "10.28.5", "Convocazione"),
    "HEART_STANDING": _c("10.29.2", "10.27.2", "posizione attiva"),
    # Section 12 - other rules
    "CANNOT_USE_ACT": _c("12.2.1.1", "12.2.1.1", "non puoi giocarla"),
    # Section 11 - keywords (see the assumptions register for the headings)
    "KW_BOOST": _c("11.1", "11.4.1", "Supporto"),
    "KW_INTERCEPT": _c("11.2", "11.3.1", "Intercetto"),
    "KW_DRIVE_ABILITY_MAX": _c("11.3.2", "11.2.2", "incremento maggiore"),
    "KW_TWIN_DRIVE": _c("11.4.1", "11.2.3.1", "Doppio Assalto"),
    "KW_TRIPLE_DRIVE": _c("11.4", "11.2.4.1", "Triplo Assalto"),
    "KW_RESIST": _c("11.5", "11.13.1", "Resistenza"),
    "KW_RESTRAINT": _c("11.6", "11.5.1", "Vincolo"),
    "KW_LIMIT_BREAK": _c("11.7.1", "11.6.1", "Limit break"),
    "KW_LIMIT_BREAK_AUTO": _c("11.7.3.2.1", "11.6.3.2.1", "non si innescherà"),
    "KW_FORERUNNER": _c("11.8.1", "11.7.1", "Precursore"),
    "KW_LORD": _c("11.9.1", "11.8.1", "Signore"),
    "STRIDE_DEFAULT_COST": _c("11.12.3.1", None, "somma"),
    "KW_GENERATION_BREAK": _c("11.14.1", "11.12.1", "Generation Break"),
    # G guardians (IT 7.4.1.2.4 and 11.13 = EN 7.5.1.2.3 and 11.14; see assumption A25)
    "GUARD_G_GUARDIAN": _c("7.4.1.2.4", "7.5.1.2.3", "Guardiano G", "Grado 3"),
    "KW_G_GUARDIAN": _c("11.13.1", "11.14.1", "Guardiano G"),
    "G_GUARDIAN_CALL": _c("11.13.2", "11.14.2", "costo", "Zona G"),
    "G_ZONE_FACE_UP": _c("4.11.3", "4.11.3", "faccia in su"),
    # Legion (IT 10.27 = EN 10.25; see assumption A26)
    "LEGION_ATTACK_REST_BOTH": _c("10.27.5", "10.25.5", "riposo", "Legion Mate"),
    "LEGION_POWER": _c("10.27.6", "10.25.6", "somma", "Legion Mate", "supportante"),
    "LEGION_ATTACKED": _c("10.27.8", "10.25.8", "attaccata", "Legion Leader"),
    "LEGION_RIDE_GRADE": _c("10.27.9", "10.25.9", "Legion Leader"),
    "LEGION_MATE_CANNOT_ATTACK": _c("10.27.15", "10.25.15", "non può attaccare"),
    "LEGION_DRIVE": _c("2.16.1.1", None, "Legion Leader"),
    "LEGION_DRIVE_UNIT": _c("7.5.1.2.1", "7.6.1.2.1", "Legion Leader"),
    "LEGION_ATTACKER_BOTH": _c("7.3.1.3", "7.4.1.3", "entrambe le unità"),
    "LEGION_TARGET_NOT_MATE": _c("7.3.1.4", "7.4.1.6", "Legion Mate"),
    "LEGION_BOOST_BOTH": _c("7.3.1.6", "7.4.1.10", "entrambe le unità"),
    "LEGION_HIT_COMBINED": _c("7.6.1.2", "7.7.1.2", "forza combinata"),
    "LEGION_LEADER_CRITICAL": _c("7.6.1.5", "7.7.1.5", "Critico del \"Legion Leader\""),
    "LEGION_RIDE_OVER": _c("10.6.1.2", "10.6.1.2", "Legion Mate", "anima"),
    "LEGION_HEARTS": _c("10.29.4", "10.27.4", "Cuore", "Legion"),
    # Timings "at the beginning of <phase>", "when the attack does not hit", "at the end of the battle" (A27)
    "BEGIN_STAND_PHASE": _c("6.3.1.1", "6.3.1.1", "all'inizio del Turno"),
    "BEGIN_DRAW_PHASE": _c("6.4.1.1.1", "6.4.1.1.1", "all'inizio della Fase di Pescaggio"),
    "BEGIN_RIDE_PHASE": _c("6.5.1.1.1", "6.5.1.1.1", "all'inizio della fase di Convocazione"),
    "BEGIN_MAIN_PHASE": _c("6.6.1.1", "6.6.1.1", "all'inizio della fase principale"),
    "BEGIN_END_PHASE": _c("6.8.1.2", "6.8.1.3", "all'inizio della fase finale"),
    "ON_NO_HIT_STANDBY": _c("7.6.1.9.2", "7.7.1.7", "non colpisce"),
    "END_OF_BATTLE_STANDBY": _c("7.7.1.1", "7.8.1.1", "alla fine della battaglia"),
    "BEGIN_GUARD_STEP": _c("7.4.1.1", "7.5.1.1", "all'inizio della Sottofase di Difesa"),
    "BEGIN_DRIVE_STEP": _c("7.5.1.1", "7.6.1.1", "all'inizio della Sottofase di assalto"),
    "BEGIN_DAMAGE_STEP": _c("7.6.1.1", "7.7.1.1", "all'inizio della sottofase del danno"),
}


# Deck construction (5.2.2): cited by the errors of new_game(validate=True), never by an event of a game.
DECK_CONSTRUCTION: dict[str, ClauseRef] = {
    "DECK_SIZE": _c("5.2.2.1", "5.2.2.1", "50 carte"),
    "DECK_COPIES": _c("5.2.2.2", "5.2.2.2", "quattro copie"),
    "DECK_TRIGGERS": _c("5.2.2.3", "5.2.2.3", "sedici"),
    "DECK_HEALS": _c("5.2.2.4", "5.2.2.4", "Innesco Cura"),
    "DECK_SENTINELS": _c("5.2.2.5", "5.2.2.5", "Sentinella"),
}
# Every clause the engine cites anywhere; the corpus tests check all of them.
ALL_CLAUSES: dict[str, ClauseRef] = {**REGISTRY, **DECK_CONSTRUCTION}
cite, cites = lookups(REGISTRY, ALL_CLAUSES)
