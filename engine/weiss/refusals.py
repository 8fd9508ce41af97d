"""Explaining refusals: why an answer is not legal now, as (reason, citation key)."""

from __future__ import annotations

from ..core.text import say
from .actions import CENTER_STAGE, Action
from .counter_step import backup_problem
from .declaring import attack_options, attack_types, bodyguard, first_turn_blocked, forbidden
from .characteristics import cannot_move, play_problem
from .citations import ALL_CLAUSES, cite
from .phases import act_problem
from .state import GameState

# clause number -> its registry key, to cite the clause a decision was asked under
KEY_OF = {ref.citation.number: key for key, ref in reversed(list(ALL_CLAUSES.items()))}


def decision_key(decision) -> str:
    """The registry key of the clause the decision cites (the general play-timing clause when it cites none)."""
    return KEY_OF.get(decision.citation.number, "PLAY_TIMING") if decision.citation else "PLAY_TIMING"


def explain(state: GameState, action: Action) -> tuple[str, str]:
    """Why ``action`` is not legal now: (reason, registry key); the first matching check gives the most specific clause."""
    decision = state.pending
    card = state.cards.get(action.card) if action.card else None
    if action.card and card is None:
        return f"unknown card {action.card!r}", "PLAY_TIMING"
    if decision is None:
        return _between_decisions(state, action, card)
    player = decision.player
    in_hand = card is not None and state.loc[action.card] == (player, "hand")
    kind = action.kind
    if kind == "play" and card is not None and card.type == "climax" and decision.kind == "attack" and in_hand \
            and not state.climax_played and state.attacks_this_turn == 0 and state.attack is None:
        # the climax phase just ended without asking when no climax could be played (6.6.1.2.1): a climax's play
        # is answered as that phase would have answered it, by what stops it (its colour, 8.6.2.1.1)
        problem = play_problem(state, player, card.id)
        if problem:
            return problem
    if kind == "play" and card is not None:
        reason = _play_reason(state, decision.kind, player, card, in_hand)
        if reason:
            return reason
    if kind == "attack":
        return _attack_reason(state, decision.kind, action)
    if kind in ("counter", "backup"):
        return _counter_reason(state, decision.kind, player, action, card, in_hand)
    if kind == "act" and decision.kind == "main":
        problem = act_problem(state, action.card, action.get("ability"))
        if problem:
            return problem
    if kind == "act" and decision.kind == "counter":
        return _act_in_counter_step(card)
    if kind == "act" and decision.kind not in ("main", "counter"):
        return say("ACT abilities are played in your main phase's play timing"), "MAIN_ACT"
    if kind == "resolve" and decision.kind != "order":
        return say("a stand-by automatic ability is played at a check timing, when its controller is asked which to play"), "AUTO_AT_CHECK_TIMING"
    if kind == "pass" and decision.kind == "replacement":
        return say("a replacement effect that is not optional applies: choose which one"), "REPLACEMENT_APPLIES"
    if kind == "replacement" and decision.kind != "replacement":
        return (say("a replacement effect is chosen only when a character that has several would go from the stage "
                    "to the waiting room"), "REPLACEMENT_ORDER_CARD")
    if kind == "mulligan" and decision.kind != "mulligan":
        return say("cards are put back and redrawn only while preparing the game"), "SETUP_HAND"
    if kind == "pass" and decision.kind == "choose" and decision.citation \
            and decision.citation.number == cite("CHOOSE_AS_MANY_AS_POSSIBLE").number:
        return say("a choice that can be made must be made"), "CHOOSE_MANDATORY"
    if kind == "pass" and decision.kind == "cost":
        return say("the choices a cost asks must be made once the card or ability is played"), "CHOICE_REQUIRED"
    if kind == "move":
        if decision.kind != "main":
            return say("characters change stage positions only in your main phase"), "MAIN_MOVE"
        if not state.zones[player][action.get("from")] and not state.zones[player][action.get("to")]:
            return say("neither stage position has a character: there is nothing to move"), "MAIN_MOVE"
        stuck = [c for s in (action.get("from"), action.get("to")) if s in state.zones[player]
                 for c in state.zones[player][s] if cannot_move(state, c)]
        if stuck:
            return (say("an effect says %(card)s cannot move to another position, and an effect that stops an action "
                        "wins over the rules", card=state.cards[stuck[0]].name), "STOP_WINS")
    if kind == "clock" and decision.kind != "clock":
        return say("a card is put into the clock this way only in the clock phase"), "CLOCK_PHASE"
    # no rule names this answer: the clause that asks the pending decision says what may be answered
    return say("%(action)s is not among the legal answers to the pending %(kind)s decision of player %(player)s", action=action, kind=decision.kind, player=player), \
        decision_key(decision)


def _between_decisions(state: GameState, action: Action, card) -> tuple[str, str]:
    """Where nobody decides (a scenario's stop point): what the rules would say to this play or attack now
    (docs/scenarios.md: a refusal at a stop point answers the situation of the player who acted)."""
    player = card.owner if card is not None else state.turn_player
    if action.kind == "attack" and state.phase == "attack" and state.attack is None and state.step != "encore" \
            and not first_turn_blocked(state) and action not in attack_options(state):
        # a stop before or at an attack declaration step: answered as that declaration would answer it
        return _attack_reason(state, "attack", action)
    if action.kind == "attack":
        reason = _attack_reason(state, None, action)
        if reason[1] != "CHOOSE_ATTACKER":
            return reason
    in_hand = card is not None and state.loc[card.id] == (player, "hand")
    if action.kind == "play" and card is not None:
        reason = _play_reason(state, None, player, card, in_hand)
        if reason and reason[1] == "CLIMAX_ONCE":
            return reason
        if player == state.turn_player and state.phase in ("main", "climax") and state.attack is None:
            # a stop in the main or climax phase (the climax phase's play timing is skipped when no climax can be
            # played, 6.6.1.2.1): answered as that phase's play timing would answer it
            reason = _play_reason(state, state.phase, player, card, in_hand)
            if reason:
                return reason
    if action.kind in ("counter", "backup", "play") and card is not None and _counter_timing_ahead(state, player):
        # a stop at the counter step, whose play timing the engine skips when the defender has nothing it may play
        # (7.4.1.2): answered as that play timing would answer it
        if action.kind == "play":
            return _play_reason(state, "counter", player, card, in_hand)
        return _counter_reason(state, "counter", player, action, card, in_hand)
    if action.kind == "act" and card is not None and _counter_timing_ahead(state, player):
        return _act_in_counter_step(card)
    if action.kind == "act" and not (player == state.turn_player and state.phase == "main" and state.attack is None):
        # a stop elsewhere (the encore step, the end phase, the opponent's turn): no play timing there lets an ACT
        # ability be played, only the turn player's main phase does (6.5.1.2.3)
        return say("ACT abilities are played in your main phase's play timing"), "MAIN_ACT"
    if action.kind == "clock" and not (state.phase == "clock" and player == state.turn_player
                                       and any(t.get("t") == "clock_decision" for t in state.agenda)):
        # 6.4.1.2: one card, once, in the turn player's clock phase; a stop after it (or elsewhere) is answered so
        if state.phase == "clock" and player == state.turn_player:
            return say("in the clock phase only one card can be put from the hand into the clock"), "CLOCK_PHASE"
        return say("a card is put into the clock this way only in the clock phase"), "CLOCK_PHASE"
    if action.kind in ("counter", "backup") and card is not None:
        # outside the counter step's play timing: 7.4.1.2 (one played already: 7.4.1.2.2; a backup: 10.5.2)
        return _counter_reason(state, None, player, action, card, in_hand)
    return say("no decision is pending: call advance() to run the game to the next decision"), "PLAY_TIMING"


def _act_in_counter_step(card) -> tuple[str, str]:
    """7.4.1.2.1: in the counter step only counter events and ACT abilities with the counter icon (a backup, played
    from the hand) may be played; an ACT ability of a character on the stage has no counter icon."""
    return (say("in the counter step only counter events and abilities with the counter icon can be played; "
                "%(card)s's ability has no counter icon", card=card.name), "COUNTER_ONLY")


def _counter_timing_ahead(state: GameState, player: int) -> bool:
    """The defender's counter step of this front attack has begun or is next, and nothing was played in it."""
    attack = state.attack
    if not attack or attack.get("type") != "front" or attack.get("countered") or player == state.turn_player:
        return False
    if state.step == "counter":
        return any(task.get("t") == "counter_decision" for task in state.agenda)
    return bool(state.agenda) and state.agenda[-1].get("t") == "counter_step"


def _play_reason(state: GameState, decision: str, player: int, card, in_hand: bool) -> tuple[str, str] | None:
    if card.type == "climax" and state.climax_played and decision != "main" and player == state.turn_player:
        return say("only one climax can be played in the climax phase"), "CLIMAX_ONCE"
    if decision == "main" and card.type == "climax":
        return say("a climax is played only in the climax phase"), "CLIMAX_ONLY"
    if decision == "climax" and card.type != "climax":
        return say("in the climax phase only a climax can be played"), "CLIMAX_ONLY"
    if decision == "counter":
        return say("in the counter step only counter events and backups can be played"), "COUNTER_ONLY"
    # 6.5.1.2.1 / 6.5.1.2.2 / 6.6.1.2.1: a character, an event or a climax is played from the hand, in its phase
    key = {"character": "MAIN_PLAY_CHARACTER", "event": "MAIN_PLAY_EVENT"}.get(card.type, "CLIMAX_ONLY")
    if decision not in ("main", "climax"):
        return say("cards are played from the hand only in your main or climax phase"), key
    if not in_hand:
        return say("%(card)s is not in player %(player)s's hand", card=card.name, player=player), key
    return play_problem(state, player, card.id)


def _attack_reason(state: GameState, decision: str, action: Action) -> tuple[str, str]:
    if decision != "attack":
        if state.phase == "attack" and first_turn_blocked(state):
            return say("on the first player's first turn only one attack can be made"), "FIRST_TURN_ONE_ATTACK"
        return say("attacks are declared only in the attack declaration step"), "CHOOSE_ATTACKER"
    card_id = action.card
    p = state.turn_player
    where = state.loc.get(card_id)
    if where is None or where[0] != p or where[1] not in CENTER_STAGE:
        return say("only your characters in the center stage can attack"), "ATTACK_STANDING_CENTER"
    if card_id in state.rested or card_id in state.reversed:
        return say("%(card)s is not standing; only standing characters attack", card=state.cards[card_id].name), "ATTACK_STANDING_CENTER"
    cannot = forbidden(state, card_id)
    allowed = attack_types(state, card_id)
    kind = action.get("type")
    # 1.3.3 governs an attack the rules allow and an effect stops; one the rules do not allow (a side attack against a
    # bodyguard, a direct attack with a character opposite) is refused by the rule, whatever the effects say
    if kind in allowed and kind in cannot or kind is None and cannot.issuperset(allowed):
        return (say("an effect says %(card)s cannot make this attack, and an effect that stops an action wins over the "
                    "rules", card=state.cards[card_id].name), "STOP_WINS")
    guard = bodyguard(state, 1 - p)
    if guard is not None:
        return (say("%(card)s has bodyguard in the center middle position: every attack is a front attack against it", card=state.cards[guard].name), "BODYGUARD")
    if state.opposite(card_id) is None:
        return say("with no character opposite, the attack is a direct attack"), "DIRECT_ATTACK"
    return say("with a character opposite, choose a front or a side attack"), "SIDE_ATTACK"


def _counter_reason(state: GameState, decision: str, player: int, action: Action, card,
                    in_hand: bool) -> tuple[str, str]:
    if decision != "counter":
        if state.attack and state.attack.get("countered"):
            return say("only one action can be taken in the counter step"), "COUNTER_ONCE"
        if state.attack and state.attack.get("type") != "front" and player != state.turn_player:
            # 7.3.1.3: only a front attack has a counter step; this one goes from the trigger step to the damage step
            return say("a side or direct attack has no counter step: nothing can be played against it"), "TRIG_STEP_END"
        if action.kind == "backup":
            # 10.5.2: the backup's own text says when it may be played, more precisely than the counter step's 7.4.1.2
            return say("a backup can be played only during the opponent's counter step"), "BACKUP"
        return say("counter events and backups are played only in the opponent's counter step (front attacks)"), \
            "COUNTER_PLAY_TIMING"
    if not in_hand:
        # 10.5.1: a backup is played from the hand; 7.4.1.2.1: so is a counter event
        return say("%(card)s is not in player %(player)s's hand", card=card.name, player=player), "BACKUP_FROM_HAND" if action.kind == "backup" else "COUNTER_ONLY"
    if action.kind == "backup" and action.get("target") is not None:
        target = action.get("target")
        if target not in state.cards or state.loc[target][0] != player or not state.attack \
                or state.attack.get("defender") != target:
            what = state.cards[target].name if target in state.cards else repr(target)
            return say("a backup chooses a character player %(player)s controls that was attacked; %(what)s was not", player=player, what=what), "BACKUP"
    if action.kind == "backup":
        return backup_problem(state, player, card.id) or ("not a legal backup now", "BACKUP")
    if card.type != "event" or not card.counter:
        return say("%(card)s is not an event with the counter icon", card=card.name), "COUNTER_ONLY"
    return play_problem(state, player, card.id) or ("not a legal counter now", "COUNTER_ONLY")
