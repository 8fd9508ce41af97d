"""Section 7: the attack phase's steps in the order the rules give them, and the encore step.

attack declaration (7.2: attacker, front/side/direct), trigger step (7.3: the trigger check and every icon), counter
step (7.4: front attacks only), damage step (7.5: soul damage, a damage process per 4.9), battle step (7.6: front
attacks only), back to the declaration; then the encore step (7.7).
"""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from ..core.events import cite_last
from .characteristics import cannot_be_chosen_by, forbidden_plays, play_problem, power, soul, stat
from .check_timing import begin_abilities, phase_start
from .choices import choose_one
from .citations import cite, cites
from .declaring import attack_options, bodyguard, first_turn_blocked  # noqa: F401  (the declaration's choices)
from .costs import can_pay, pay_task
from .effects import damage_task
from .primitives import (CHECK_TIMING, action_replaced, add_modifier, add_standby, area_changed, deck_top, draw, emit,
                         handler, move, name, trigger, trigger_others)
from .leaving import to_waiting_room
from .replacing import moved_instead, replacement_for
from .state import GameState

ATTACK_TASKS = ("trigger_step", "counter_step", "damage_step", "battle_step", "attack_end")


@handler("attack_phase")
def _attack_phase(state, task, answer, events):
    """6.7.1 / 7.2.1.1: the attack phase; 'at the beginning of the attack phase' abilities."""
    phase_start(state, events, "begin_attack", "ATTACK_PHASE_START")
    push(state, CHECK_TIMING, {"t": "declaration"})
    return None


def step_abilities(state: GameState, events: list, timing: str, key: str) -> bool:
    """'At the beginning of the <step>' abilities of the turn player's cards go on stand-by (7.2.1.2, 7.3.1.1,
    7.4.1.1, 7.5.1.1, 7.6.1.1; whose they are: assumption W4); True when some did."""
    return begin_abilities(state, events, timing, key)


def step_begins(state: GameState, task: dict, events: list, timing: str, key: str) -> bool:
    """The step's 'at the beginning' abilities; True when some went on stand-by: the check timing the text
    gives then runs first, and the step goes on after it (its task again, marked as begun)."""
    if task.get("begun") or not step_abilities(state, events, timing, key):
        return False
    push(state, CHECK_TIMING, {**task, "begun": True})
    return True


@handler("declaration")
def _declaration(state, task, answer, events):
    """7.2.1.3-7.2.1.5: choose a standing center stage character and the attack type, or go to the encore step."""
    p = state.turn_player
    state.step = "declaration"
    if answer is None and step_begins(state, task, events, "begin_declaration", "DECLARATION_STEP_START"):
        return None
    if answer is None:
        if first_turn_blocked(state):
            emit(events, "no_attack", say("the first player's first turn: only one attack"), ("FIRST_TURN_ONE_ATTACK",), p)
            return None
        opts = attack_options(state)
        if not opts:
            emit(events, "no_attack", say("no character can attack: on to the encore step"), ("CHOOSE_ATTACKER",), p)
            return None
        return Decision("attack", p, say("choose an attacking character and the attack type, or pass to the encore step"),
                        tuple(opts) + (Action.make("pass"),), cite("CHOOSE_ATTACKER"))
    if answer.kind == "pass":
        emit(events, "no_attack", say("player %(player)s does not attack: on to the encore step", player=p), ("CHOOSE_ATTACKER",
                                                                                            "PLAY_TIMING"), p)
        return None
    _declare(state, events, answer.card, answer.get("type"))
    push(state, CHECK_TIMING, *({"t": t} for t in ATTACK_TASKS))
    return None


def _declare(state: GameState, events: list, attacker: str, kind: str) -> None:
    p = state.turn_player
    guard = bodyguard(state, 1 - p)
    opposite = state.opposite(attacker)
    defender = guard if guard is not None else opposite
    state.attacks_this_turn += 1
    state.attack = {"number": state.attacks_this_turn, "attacker": attacker, "slot": state.loc[attacker][1],
                    "type": kind, "defender": defender if kind == "front" else None,
                    "defender_slot": state.loc[defender][1] if defender else None, "opposite": opposite,
                    "countered": False}
    state.rested.add(attacker)
    keys = {"direct": ("ATTACK_KIND", "DIRECT_ATTACK"), "side": ("ATTACK_KIND", "SIDE_ATTACK"),
            "front": ("ATTACK_KIND", "FRONT_ATTACKED")}[kind]
    if guard is not None:
        keys += ("BODYGUARD",)
    emit(events, "attack", (say("%(card)s makes a %(kind)s attack on %(target)s", card=name(state, attacker), kind=kind, target=name(state, defender))
          if defender else say("%(card)s makes a %(kind)s attack", card=name(state, attacker), kind=kind)), keys + ("ATTACKER_REST",), p, attacker=attacker,
         type=kind, opposite=opposite, target=defender if kind != "direct" else None,  # 7.2.1.5.2: "attacked"
         number=state.attacks_this_turn)
    if kind == "direct":
        m = add_modifier(state, attacker, "soul", 1, "end_of_turn", "direct attack")
        emit(events, "modifier", say("direct attack: %(card)s gets +1 soul until the end of the turn", card=name(state, attacker)),
             ("DIRECT_ATTACK",), p, card=attacker, modifier=m.order)
    elif kind == "side":
        level = stat(state, defender, "level")
        if level > 0:
            m = add_modifier(state, attacker, "soul", -level, "end_of_turn", "side attack")
            emit(events, "modifier", say("side attack: %(card)s gets -%(level)s soul (the opposing character is level %(level)s)",
                     card=name(state, attacker), level=level), ("SIDE_ATTACK", "ATTACK_KIND_FIXED"), p, card=attacker,
                 modifier=m.order)
    trigger(state, events, "on_attack", attacker)
    trigger_others(state, events, "on_other_attack", attacker)  # "when another of your characters attacks"
    if kind == "front":  # "when this card is front attacked": the attacked character's, played after the attacker's
        trigger(state, events, "on_front_attacked", defender)


@handler("trigger_step")
def _trigger_step(state, task, answer, events):
    """7.3.1.2: the trigger check - the top card into the resolution area, its icons, then into the stock."""
    state.step = "trigger"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("the trigger step begins"), ("DECLARATION_END", "TRIG_STEP_START"), p)
    if step_begins(state, task, events, "begin_trigger", "TRIG_STEP_START"):
        return None
    def announce(c):  # logged before the refresh the emptied deck starts (9.2.1), as it happens
        icons = state.cards[c].triggers
        text = say("trigger check: %(card)s (%(icons)s)", card=name(state, c), icons=", ".join(icons)) if icons \
            else say("trigger check: %(card)s (no icon)", card=name(state, c))
        emit(events, "trigger_check", text, ("TRIG_CHECK",) + (() if icons else ("TRIG_NONE",)), p, card=c, icons=list(icons))
    card_id = deck_top(state, p, "resolution", events, announce=announce)
    if card_id is None:
        return None
    icons = state.cards[card_id].triggers
    push(state, *({"t": "icon", "p": p, "icon": icon, "card": card_id} for icon in icons),
         {"t": "trigger_to_stock", "p": p, "card": card_id}, CHECK_TIMING)
    return None


@handler("trigger_to_stock")
def _trigger_to_stock(state, task, answer, events):
    """3.13.1.2: the trigger card goes face down into the stock (unless a Treasure took it to the hand)."""
    card_id = task["card"]
    if state.loc[card_id][1] == "resolution":
        move(state, card_id, "stock", task["p"], top=True)
        emit(events, "stock", say("%(card)s goes into the stock", card=name(state, card_id)), ("TRIG_CHECK", "TRIG_TO_STOCK"),
             task["p"], card=card_id)
        area_changed(state, card_id, "resolution", events)  # 8.7.4: "when this card is put into your stock"
    return None


def _attacker_on_stage(state: GameState) -> str | None:
    a = state.attack["attacker"] if state.attack else None
    return a if a and state.loc[a] == (state.turn_player, state.attack["slot"]) else None


@handler("icon")
def _icon(state, task, answer, events):
    """7.3.1.2.2-7.3.1.2.9: one trigger icon."""
    p, icon, trig = task["p"], task["icon"], task["card"]
    key = f"TRIG_{icon.upper()}"
    if icon == "soul":
        a = _attacker_on_stage(state)
        if a:
            m = add_modifier(state, a, "soul", 1, "end_of_turn", trig)
            emit(events, "modifier", say("soul icon: %(card)s gets +1 soul this turn", card=name(state, a)), (key,), p, card=a,
                 modifier=m.order)
        return None
    if icon == "flame":
        a = state.attack["attacker"] if state.attack else None
        if a and a not in state.shots:
            state.shots.append(a)
        emit(events, "flame", say("flame icon: when %(card)s's next damage is cancelled, deal 1 damage", card=name(state, a)), (key,),
             p, card=a)
        return None
    if icon == "treasure" and not task.get("taken"):
        if state.loc[trig][1] == "resolution":
            move(state, trig, "hand")
            emit(events, "treasure", say("treasure icon: %(card)s goes into the hand", card=name(state, trig)),
                 (key, "TRIG_TREASURE_HAND"), p, card=trig)
        push(state, {**task, "taken": True})
        return None
    return _optional_icon(state, task, answer, events, icon, key)


def _optional_icon(state, task, answer, events, icon, key):
    p = task["p"]
    if icon in ("bag", "book", "treasure"):
        if icon in ("bag", "treasure") and not state.zones[p]["deck"]:
            return None
        if answer is None:
            prompt = (say("%(icon)s icon: draw a card?", icon=icon) if icon == "book" else
                      say("%(icon)s icon: put the top card of your deck into your stock?", icon=icon))
            return Decision("use", p, prompt, (Action.make("accept"), Action.make("pass")), cite(key))
        if answer.kind == "pass":
            emit(events, "icon_declined", say("player %(player)s does not use the %(icon)s icon", player=p, icon=icon),
                 (key,), p)
        elif icon == "book":
            draw(state, p, events, (key,))
        else:
            deck_top(state, p, "stock", events, top=True, announce=lambda c: emit(
                events, "stock_charge", say("%(icon)s icon: the top card of the deck goes into the stock", icon=icon), (key,), p,
                card=c))
        return None
    if icon == "wind":  # the icon's effect is the turn player's (7.3.1.2): "cannot be chosen by ..." holds (W34)
        cands, dest_text = [c for c in state.characters(1 - p) if not cannot_be_chosen_by(state, c, p)], "its owner's hand"
    else:  # gate: a character, pants: a climax, from the waiting room
        wanted = "character" if icon == "gate" else "climax"
        cands = [c for c in state.zones[p]["waiting_room"] if state.cards[c].type == wanted]
        dest_text = "the hand"
    chosen, decision = choose_one({"p": p}, answer, cands, (say("%(icon)s icon: choose a card to return to its owner's hand, or pass", icon=icon)
                                  if icon == "wind" else
                                  say("%(icon)s icon: choose a card to return to the hand, or pass", icon=icon)), key, optional=True)
    if decision:
        return decision
    if chosen:
        instead = icon == "wind" and replacement_for(state, chosen, "bounce") is not None  # its own, 8.10.1 (W40)
        if not instead:
            move(state, chosen, "hand", events=events)
        emit(events, icon, (say("%(icon)s icon: %(card)s returns to its owner's hand", icon=icon, card=name(state, chosen))
                          if icon == "wind" else
                          say("%(icon)s icon: %(card)s returns to the hand", icon=icon, card=name(state, chosen))), (key,), p, card=chosen)
        if instead:
            moved_instead(state, chosen, "bounce", events)
    elif cands:
        emit(events, "icon_declined", say("player %(player)s does not use the %(icon)s icon", player=p, icon=icon),
             (key,), p)
    return None


# ---------------------------------------------------------------- 7.4 counter step
@handler("counter_step")
def _counter_step(state, task, answer, events):
    """7.3.1.3 / 7.4.1: only a front attack has a counter step."""
    if not state.attack or state.attack["type"] != "front":
        return None
    state.step = "counter"
    emit(events, "step", say("a front attack: the counter step begins"), ("TRIG_STEP_END", "COUNTER_STEP_START"),
         state.turn_player)
    step_abilities(state, events, "begin_counter", "COUNTER_STEP_START")  # played at 7.4.1.1's check timing below
    push(state, CHECK_TIMING, {"t": "counter_decision"}, CHECK_TIMING)
    return None


def counter_options(state: GameState) -> list[Action]:
    q = 1 - state.turn_player
    opts = []
    for c in state.zones[q]["hand"]:
        card = state.cards[c]
        if card.type == "event" and card.counter and play_problem(state, q, c) is None:
            opts.append(Action.make("counter", card=c))
        for ab in card.abilities:
            if ab.timing == "backup" and backup_problem(state, q, c) is None:
                opts.append(Action.make("backup", card=c))
    return opts


def backup_problem(state: GameState, player: int, card_id: str) -> tuple[str, str] | None:
    ab = next((a for a in state.cards[card_id].abilities if a.timing == "backup"), None)
    if ab is None:
        return say("%(card)s has no backup", card=name(state, card_id)), "BACKUP"
    if "backup" in forbidden_plays(state, player):
        return say("an effect says player %(player)s cannot play backup, and an effect that stops an action wins over "
                   "the rules", player=player), "STOP_WINS"
    if state.level(player) < ab.level:
        return say("backup of %(card)s needs level %(level)s (player %(player)s is level %(level2)s)", card=name(state, card_id), level=ab.level, player=player, level2=state.level(player)), "BACKUP"
    if not can_pay(state, player, ab.cost, card_id):
        return say("the cost of %(card)s's backup cannot be paid", card=name(state, card_id)), "COST_ALL_OR_NOTHING"
    return None


@handler("counter_decision")
def _counter_decision(state, task, answer, events):
    """7.4.1.2: the defender may play one counter event or one backup (7.4.1.2.1-7.4.1.2.2)."""
    q = 1 - state.turn_player
    if answer is None:
        opts = counter_options(state)
        if not opts:
            # nothing 7.4.1.2.1 lets the defender play: the play timing passes, and the log says so
            emit(events, "counter_pass", say("player %(player)s has no counter event or backup to play", player=q), ("COUNTER_ONLY",), q)
            return None
        return Decision("counter", q, say("play a counter event or a backup, or pass"), tuple(opts) + (Action.make("pass"),),
                        cite("COUNTER_ONLY"))
    if answer.kind == "pass":
        emit(events, "counter_pass", say("player %(player)s does not counter", player=q), ("COUNTER_PLAY_TIMING",), q)
        return None
    state.attack["countered"] = True
    if answer.kind == "counter":
        emit(events, "counter", say("player %(player)s plays the counter event %(card)s", player=q, card=name(state, answer.card)),
             ("COUNTER_ONLY", "COUNTER_ONCE", "COUNTER_ICON"), q, card=answer.card)
        from .phases import play_event_tasks

        push(state, *play_event_tasks(state, q, answer.card))
        return None
    ab = next(a for a in state.cards[answer.card].abilities if a.timing == "backup")
    move(state, answer.card, "waiting_room")
    emit(events, "backup", say("player %(player)s uses %(card)s's backup: +%(n)s power", player=q, card=name(state, answer.card), n=ab.amount),
         ("BACKUP", "COUNTER_ONLY", "COUNTER_ONCE"), q, assumptions=("W9",), card=answer.card,
         target=state.attack.get("defender"))
    area_changed(state, answer.card, "hand", events)  # 8.7.4: the card's own "from your hand into your waiting room"
    push(state, *([pay_task(q, answer.card, ab.cost)] if ab.cost else []),
         {"t": "backup_power", "p": q, "amount": ab.amount, "card": answer.card})
    return None


@handler("backup_power")
def _backup_power(state, task, answer, events):
    d = state.attack.get("defender") if state.attack else None
    if d and state.on_stage(d):
        m = add_modifier(state, d, "power", task["amount"], "end_of_turn", task["card"])
        emit(events, "modifier", say("backup: %(card)s gets +%(n)s power this turn", card=name(state, d), n=task["amount"]), ("BACKUP",),
             task["p"], card=d, modifier=m.order)
    return None


# ---------------------------------------------------------------- 7.5 damage step
@handler("damage_step")
def _damage_step(state, task, answer, events):
    """7.5.1.2: deal damage equal to the attacking character's soul."""
    state.step = "damage"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("the damage step begins"), ("DMG_STEP_START",) + (
            ("COUNTER_STEP_END",) if state.attack and state.attack["type"] == "front" else ("TRIG_STEP_END",)), p)
    if step_begins(state, task, events, "begin_damage", "DMG_STEP_START"):
        return None
    a = _attacker_on_stage(state)
    tasks: list[dict] = []
    if a is None:
        emit(events, "no_damage", say("the attacking character left the stage or moved: no damage"), ("ATTACKER_GONE",), p)
    else:
        n = soul(state, a)
        if n <= 0:
            emit(events, "no_damage", say("%(card)s has %(n)s soul: no damage", card=name(state, a), n=n), ("ZERO_SOUL",), p)
        else:
            emit(events, "deal_damage", say("%(card)s deals %(n)s damage", card=name(state, a), n=n), ("DEAL_SOUL_DAMAGE",
                                                                               "DMG_SOURCE_ATTACK"), p, count=n)
            tasks.append(damage_task(1 - p, n, a))
    push(state, *tasks, CHECK_TIMING)
    return None


@handler("damage")
def _damage(state, task, answer, events):
    """4.9.1: one card of a damage process - reveal it; a climax cancels (4.9.1.2); after n cards, to the clock."""
    p, n, i = task["p"], task["n"], task["i"]
    if i == 0 and action_replaced(state, p, "damage"):  # nothing is revealed: not cancelled, not dealt (8.10.1.1)
        return None
    card_id = deck_top(state, p, "resolution", events, refresh_now=False)
    if card_id is None:
        return None
    emit(events, "damage_reveal", say("damage %(i)s/%(n)s: %(card)s", i=i + 1, n=n, card=name(state, card_id)), ("DMG_REVEAL",), p, card=card_id)
    revealed = [c for c in state.zones[p]["resolution"] if state.cards[c].type != "event"]
    if state.cards[card_id].type == "climax":
        for c in revealed:
            move(state, c, "waiting_room")
        emit(events, "damage_cancelled", say("%(card)s is a climax: the damage is cancelled; %(n)s card(s) go to the waiting room", card=name(state, card_id),
                 n=len(revealed)), ("DMG_CANCEL",), p, cards=revealed,
             source=task["source"])
        _damage_done(state, events, task, cancelled=True)
        return None
    if i + 1 >= n:
        for c in revealed:
            move(state, c, "clock")
        emit(events, "damage_taken", say("player %(player)s takes %(n)s damage: %(cards)s card(s) into the clock", player=p, n=n, cards=len(revealed)),
             ("DMG_TO_CLOCK_END", "DMG_TO_CLOCK", "DMG_CLOCK_ORDER"), p, cards=revealed,
             source=task["source"])
        for c in revealed:  # 8.7.4: "when this card is put into your clock" by the damage, from the resolution area
            area_changed(state, c, "resolution", events)
        _damage_done(state, events, task, cancelled=False)
        return None
    push(state, {**task, "i": i + 1})
    return None


def _damage_done(state: GameState, events: list, task: dict, cancelled: bool) -> None:
    """7.3.1.2.7.1: a pending Flame ability is used up by its attacker's next damage, cancelled or not."""
    source = task["source"]
    if source in state.shots:
        # the attacker's next damage, whether an effect's before the damage step or the damage step's own,
        # uses the Flame ability up: it takes effect if that damage is cancelled, and never again
        state.shots.remove(source)
        if cancelled:
            add_standby(state, events, source, "shot", {}, player=state.cards[source].owner, label="flame icon")
            cite_last(events, cites("TRIG_FLAME", "TRIG_FLAME_ONCE"))
        else:
            emit(events, "flame_spent", say("%(card)s's damage was not cancelled: the Flame icon's ability is used up",
                     card=name(state, source)), ("TRIG_FLAME_ONCE",), state.cards[source].owner, card=source)
    if task.get("effect") is True:  # the Flame icon's damage: not damage the attacker's own text deals
        return
    if cancelled and state.on_stage(source):
        before = len(events)
        trigger(state, events, "on_cancel", source)
        if task.get("effect") and len(events) > before:  # the damage of one of this card's abilities (W37)
            cite_last(events, cites("DMG_SOURCE_EFFECT", "DMG_SOURCE_IS_THE_CARD"), ("W37",))


# ---------------------------------------------------------------- 7.6 battle step
@handler("battle_step")
def _battle_step(state, task, answer, events):
    """7.6.1.2: compare power; the lower is reversed, both on a tie (7.6.1.3: not if either moved or left)."""
    if not state.attack or state.attack["type"] != "front":
        return None
    state.step = "battle"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("a front attack: the battle step begins"), ("DMG_STEP_END", "BATTLE_STEP_START"), p)
    if step_begins(state, task, events, "begin_battle", "BATTLE_STEP_START"):
        return None
    a, d = state.attack["attacker"], state.attack["defender"]
    if _attacker_on_stage(state) is None or state.loc.get(d) != (1 - p, state.attack["defender_slot"]):
        emit(events, "no_battle", say("a character in the battle left the stage or moved: no comparison"),
             ("BATTLE_NO_COMPARE",), p)
        push(state, CHECK_TIMING)
        return None
    pa, pd = power(state, a), power(state, d)
    lower = [c for c, mine, theirs in ((a, pa, pd), (d, pd, pa)) if mine <= theirs]
    # 1.3.2.1: a loser already reversed (a reversed character can be front attacked) is not reversed again,
    # so nothing "becomes reversed" and no ability waiting for that goes on stand-by
    losers = [c for c in lower if c not in state.reversed]
    for c in losers:
        state.rested.discard(c)
        state.reversed.add(c)
    names = dict(card=name(state, a), power=pa, target=name(state, d), target_power=pd)
    if len(losers) == 2:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(card)s and %(target)s reversed", **names)
    elif losers:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(loser)s reversed",
                   loser=name(state, losers[0]), **names)
    else:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(loser)s was already reversed and "
                   "is not reversed again", loser=name(state, lower[0]), **names)
    keys = ("BATTLE_COMPARE", "REVERSE") + (("ALREADY_IN_THAT_STATE",) if len(losers) < len(lower) else ())
    emit(events, "battle", text, keys, p, attacker_power=pa, defender_power=pd, reversed=losers)
    for c in losers:
        trigger(state, events, "on_reverse", c)
        trigger(state, events, "on_reverse_opponent", d if c == a else a)
    push(state, CHECK_TIMING)
    return None


@handler("attack_end")
def _attack_end(state, task, answer, events):
    """7.5.1.3 / 7.6.2: the attack sub-phase ends; back to the attack declaration step."""
    front = state.attack is not None and state.attack["type"] == "front"
    emit(events, "attack_end", say("the attack sub-phase ends: back to the attack declaration step"),
         ("BATTLE_STEP_END",) if front else ("DMG_STEP_END",), state.turn_player)
    state.attack = None
    state.step = None
    push(state, CHECK_TIMING, {"t": "declaration"})
    return None


# ---------------------------------------------------------------- 7.7 encore step
@handler("encore_step")
def _encore_step(state, task, answer, events):
    """7.7.1.1: 'at the beginning of the encore step' abilities, then reversed characters to the waiting room."""
    state.attack = None
    phase_start(state, events, "begin_encore", "ENCORE_STEP_START")
    push(state, CHECK_TIMING, {"t": "encore_player", "p": state.turn_player})
    return None


@handler("encore_player")
def _encore_player(state, task, answer, events):
    """7.7.1.2-7.7.1.4: the turn player, then the other, put one reversed character at a time into the waiting room."""
    p = task["p"]
    reversed_ = [c for c in state.characters(p) if c in state.reversed]
    if not reversed_:
        if p == state.turn_player:
            push(state, {"t": "encore_player", "p": 1 - p})
        else:
            push(state, CHECK_TIMING, {"t": "encore_end"})  # 7.7.1.4: a check timing, then look again
        return None
    key = "ENCORE_TURN_PLAYER" if p == state.turn_player else "ENCORE_NON_TURN_PLAYER"
    chosen, decision = choose_one({"p": p}, answer, reversed_, say("encore step: choose a reversed character to put into the waiting room"),
                                  key)
    if decision:
        return decision
    emit(events, "encore_step", say("%(card)s is reversed and goes to the waiting room", card=name(state, chosen)), (key,), p,
         assumptions=("W7",) if p != state.turn_player else (), card=chosen)
    to_waiting_room(state, chosen, events)
    # 7.7.1.2 / 7.7.1.3: a check timing (its encore among the stand-by abilities), then back to 7.7.1.2
    push(state, CHECK_TIMING, {"t": "encore_player", "p": state.turn_player})
    return None


@handler("encore_end")
def _encore_end(state, task, answer, events):
    """7.7.1.4: after its check timing, reversed characters left -> back to 7.7.1.2, otherwise on to the end phase."""
    if any(c in state.reversed for p in (0, 1) for c in state.characters(p)):
        push(state, {"t": "encore_player", "p": state.turn_player})
        return None
    emit(events, "encore_end", say("the encore step ends"), ("ENCORE_STEP_END",), state.turn_player)
    return None
