"""The vocabulary of Altered abilities as data: the timings, triggers, targets, costs, effect steps, conditions and
continuous effects a scenario may write, each with the clause of the rules' words it stands for, and the reading of
a condition (6.5.c).  ``abilities.py`` parses abilities with it; the sandbox names each value in the rules' words
(judgeapp/sandbox/games/altered_words.py, altered_cards.py).
"""

from __future__ import annotations

from ..core import schema
from ..core.errors import DefinitionError
from ..core.text import say

TIMINGS = ("reaction", "quick", "support", "effect", "passive")
#: 7.1.1 (enter play, played from hand, from Reserve), the atomic instants of 4.2.b, "when you sacrifice a Character"
TRIGGERS = ("on_enter", "from_hand", "from_reserve", "at_noon", "at_dusk", "at_night", "on_sacrifice",
            # "after [a daily effect]" (4.2.d's note): Succeed, Prepare, Draw, Expand, Progress, Rest, Clean-up
            "after_succeed", "after_prepare", "after_draw", "after_expand", "after_progress", "after_rest",
            "after_cleanup",
            "on_leave_landmarks",  # "when I leave your Landmark zone" (6.3.e)
            "on_fail_forward",  # "when my expedition fails to move forward" (7.5.3.a, 4.2.4.g, 7.4.1.c)
            "on_sacrificed",  # "when I am sacrificed": it finds me in the discard pile (2.1.e)
            "on_join_expedition",  # "when I join an expedition": played, created, put into play, switched (7.5.4)
            "on_leave_expedition",  # "when I leave an expedition": sent, sacrificed, at Rest, switched (7.5.5)
            # "when I go to the Reserve from the Expedition zone": left it and is in the Reserve now (7.5.5.a, 7.5.4.a)
            "on_to_reserve",
            # "when I become [status]" (7.5.2.a: had it not before the event, has it after; entering a zone with it)
            "on_become_exhausted", "on_become_fleeting", "on_become_asleep", "on_become_anchored",
            # "when you play a card / a Character / a Spell / a Permanent": its controller's play of a card (6.3.b);
            # an object reacts only to cards played while it is in play (6.3.d), so never to its own play
            "on_you_play", "on_you_play_character", "on_you_play_spell", "on_you_play_permanent",
            # "when your opponent plays a card / a Character / ...": the other player's play (7.2.2.a)
            "on_opponent_plays", "on_opponent_plays_character", "on_opponent_plays_spell", "on_opponent_plays_permanent",
            # "when my expedition moves forward because of Forest / Mountain / Water" at Progress (4.2.4.h, AL27)
            "on_forward_forest", "on_forward_mountain", "on_forward_water",
            # "when another Character joins my expedition": played, created, put into play or switched into it (7.5.4)
            "on_other_joins",
            # "when another Character leaves my expedition": sent, sacrificed, at Rest or switched out of it (7.5.5)
            "on_other_leaves",
            # "when I become Boosted": from no boost counter to some (2.4.4.a-b), or entering play with them (7.5.2.a)
            "on_become_boosted")
TARGETS = ("self", "choose_own", "choose_opponent", "choose_any", "each_own", "each_opponent",
           "choose_in_play",  # a Character or Permanent in play, either player's (2.2.1.h)
           "each_mine", "each_facing",  # each Character in my expedition / the expedition facing me (7.2.1.a)
           "choose_own_reserve")  # a card in your Reserve ("return a card from your Reserve to your hand")
DURATIONS = ("turn", "afternoon", "day")  # 2.2.13.a
STAT_NAMES = ("forest", "mountain", "water", "all")
STATUSES = ("anchored", "asleep", "fleeting", "exhausted")
COSTS = {"mana": ("count",), "exhaust_self": (), "discard_self": (),  # 1.2.5.e, 7.1.4.a, 7.1.4.b
         "spend": ("name", "count"),  # 2.5.g, 7.3.21
         "hand_to_reserve": ()}  # 6.1.d: "put a card from your hand into the Reserve" as part of a cost
WHERE = ("hero", "companion", "each", "mine")
# effect kind -> (required parameters, optional parameters)
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # with opponent, the other player does it: "your opponent draws a card / sacrifices a Character" (7.2.2.a)
    "draw": (("count",), ("optional", "each_player", "opponent")),
    "resupply": (("count",), ("optional", "each_player", "opponent")),
    "boost": (("count",), ("target", "optional", "which")),
    "stat": (("stat", "amount", "duration"), ("target", "optional", "which")),
    "switch": ((), ("target", "optional", "which")),
    "send": (("to",), ("target", "optional", "which", "position", "depth")),  # to the deck: at a position (3.2.2.c)
    "sacrifice": ((), ("each_player", "optional", "opponent")),
    "sabotage": ((), ("optional",)),
    "token": (("name", "forest", "mountain", "water"), ("where", "keywords", "count", "optional", "abilities")),
    "ready_mana": (("count",), ("optional",)),
    "exhaust_mana": (("count",), ("optional", "opponent")),
    "status": (("status",), ("target", "optional", "which")),
    "move": (("expedition", "direction"), ("opponent", "optional")),
    "counters": (("name", "count"), ("target", "optional", "which")),
    "remove_counters": (("name", "count"), ("target", "optional", "which")),  # 2.5.f: all of them if it has X or fewer
    "after_you": ((), ()),
    "put": (("to",), ("optional", "opponent", "random", "each_player")),  # "put a card from your hand into the Reserve" (2.2.1.i),
    # discard it, into Mana; with opponent, a card of the opponent's hand, revealed to the step's controller who
    # chooses; with random, one at random from the hand it names, no one choosing (3.2.5.c)
    # an ongoing emblem (2.2.2.m, 2.2.13.b, 2.2.13.c); with a target, its effects for that object alone
    "ongoing": (("duration", "effects"), ("target",)),
    "internal": (("cost", "effects"), ()),  # "you may pay [cost] to [effect]" (5.4, 6.5.g)
    "put_in_play": (("from",), ("where", "optional")),  # a character of the hand or Reserve joins an expedition
    "activate": (("trigger",), ("optional",)),  # "activate the [trigger] of target Permanent you control" (7.3.1)
    "lose_status": (("status",), ("target", "optional", "which")),  # 7.3.9
    "play_free": (("from",), ("type", "optional")),  # "you may play a [type] from your hand for free" (7.3.14.a)
    "roll": ((), ()),  # "roll a die": the steps after it may read the result (7.3.13.a, 7.3.13.b)
    # "look at the top [count] cards of your deck, put [take] (of a type) into your hand, the rest at the bottom"
    "look": (("count",), ("take", "to", "type", "up_to", "rest", "optional")),  # 3.1.3.f, 3.2.2.c
}
#: what a target must be beside its kind ("target Character with Hand Cost 3 or less", "target Exhausted Character",
#: "each Animal you control"): its printed Hand cost (2.2.6.a), a subtype as passives leave it (2.2.2.a, 2.3.1.j),
#: a status it has (2.4.1.a; Boosted while it has boosts, 2.4.4.a); a target without a suitable object cannot be
#: declared (5.2.3.b)
WHICH = ("hand_cost_at_most", "subtype", "status")
CONDITIONS = ("first_player", "not_first_player")  # 6.5.c: "if you are (not) the first player"
#: conditions of a step only (not of a cost): "if you do" (6.5.d: the step before was done)
STEP_CONDITIONS = CONDITIONS + ("did",)
#: "move my expedition", "my other expedition", "the expedition facing me": read from the object with the ability
#: (a Giant's: 7.4.3.f-h), besides the hero and companion expeditions named
MOVE_EXPEDITIONS = ("hero", "companion", "mine", "other", "facing")
#: a condition as an object (its optional fields): how many objects a player controls (2.2.2.n), what the object
#: the step before moved is (2.2.1.i, 2.2.2.o), the region where the object with the ability is ("if I am in Forest")
CONDITION_FIELDS = {"controls": ("at_least", "subtype"), "it_is": ("subtype",), "in_region": (),
                    # a status the object with a "when I am sacrificed" reaction had as it left play (AL20)
                    "was": (), "was_not": (),
                    # the result of the die rolled by a step before of the same effect (7.3.13.b)
                    "roll_at_least": (), "roll_at_most": (), "roll_in": (),
                    # "if my expedition is ahead / behind": farther from its home region than the one facing it, or
                    # less far, or as far ("level") (1.3.3.b, 7.4.3.f; assumption AL28)
                    "expedition_is": (),
                    # "if I am Boosted / Exhausted / ...": a status the object with the ability has now (2.4.4.a)
                    "i_am": ()}
CONTROLS = ("landmarks", "characters")
#: continuous effects of passive abilities and ongoing emblems (2.2.10.j, 2.3.1.g): kind -> (required, optional)
PASSIVES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "stat": (("stat", "amount"), ("to", "if")),
    "keyword": (("keyword",), ("to", "if")),  # "all Elementals have Giant" (2.3.2.e)
    "subtype": (("subtype",), ("to", "if")),  # "all Characters are Elementals" (2.3.2.e)
    "lose_abilities": ((), ("to", "if")),  # "all other characters lose their abilities" (2.3.2.d)
    "region_types": (("types",), ("if",)),  # "all regions are Forest and lose their other types" (2.2.2.p)
    "no_progress": ((), ("if",)),  # "the expeditions cannot move forward" (2.2.2.m)
    # "the next card you play costs 1 less" (2.2.13.c); of a type or subtype ("the next Bureaucrat you play"),
    # played from the hand or the Reserve only
    "cost": (("amount",), ("next", "opponent", "if", "type", "from", "subtype")),
    # "the next Character you play this turn gains 1 boost" (Apprendista di Haven, 2.2.10.d); without next: each
    "boost_played": (("count",), ("next", "from", "if")),
    "grant": (("ability",), ("to", "if")),  # "your characters have '[reaction]'" (Haven, 2.1.c)
    "stop_triggers": (("triggers",), ("to", "if")),  # "the [triggers] of characters facing me do not activate" (7.3.1.e)
    # "roll one more die and choose one" (extra), "you may add 1 to your roll" (modify): its controller's rolls (7.3.13.c)
    "dice": ((), ("extra", "modify", "if")),
    # "if I would go to [would], go to [goes] instead": the object's own replacement modifier (6.2.b, 6.2.j); with
    # ``to``, another object's for the characters it names ("if a Character you control would go to ...")
    "instead": (("would", "goes"), ("if", "to")),
    # "your Reserve / landmark limit is increased by 1" (4.2.5.d's note: the limits may change); with ``opponent``, the
    # other player's: read at Clean-up (4.2.5.c)
    "limit": (("zone", "amount"), ("opponent", "if")),
    # an additive modifier (6.2.c): "if a Character you control would gain boosts, it also gains 1 boost"
    "also_boost": (("count",), ("to", "if")),
    # any additive modifier of the step in which an object gains something (6.2.c): "if a Character you control would
    # gain boosts / [name] counters / a status, it also [then]" - then: one atomic action on it, a boost, counters, a
    # status or a statistic change for a duration
    "also": (("gains", "then"), ("to", "if", "name", "status")),
    # a replacement modifier of a whole step (6.2.b, 6.2.e.1): "if you would [step], [effects] instead" - its
    # controller's steps of that kind, or with ``opponent`` the other player's (step_replacement.py)
    "replace_step": (("step", "effects"), ("opponent", "if")),
}
#: the steps a "replace_step" modifier may name: the kinds of step, but "discard" for what the rules call discarding
#: (7.3.4.a: moving a card or object from its zone to the discard pile: a card of a hand discarded, an object sent to
#: the discard pile, a sacrifice, 7.3.19.a, a sabotage, 7.3.18.a; AL33), never "put", which also puts a card of the
#: hand into the Reserve or the Mana zone, not discarding it
REPLACEABLE = tuple(k for k in EFFECTS if k != "put") + ("discard",)
#: what an object gains that an "also" modifier waits for, and what it adds to that step (a step on the object itself)
ALSO_GAINS = ("boost", "counters", "status")
ALSO_ADDS = ("boost", "counters", "status", "stat", "ongoing")  # ongoing: "it also gains Defender this turn"
#: whom a passive effect applies to: characters in the expeditions, one's own or not, optionally of a subtype
WHO = ("self", "others", "all", "own", "own_others", "opponent", "facing")  # facing: the opponent's same expedition
PASSIVE_KEYWORDS = ("defender", "eternal", "giant", "seasoned")
SEND_TO = ("reserve", "hand", "discard", "deck")
PUT_TO = ("reserve", "discard", "mana")  # where a card of the hand is put: Reserve, discarded (7.3.4.a), Mana (3.2.9.b)
DECK_POSITIONS = ("top", "bottom")  # 3.2.2.b: a card of the deck is placed from its top or its bottom


def parse_condition(data, path: str, words: tuple = STEP_CONDITIONS):
    """6.5.c: a condition word, or an object: ``{"controls": "landmarks", "at_least": 2}`` (2.2.2.n),
    ``{"it_is": "permanent"}`` (the object the step before moved, 2.2.1.i), ``{"in_region": "forest"}``,
    ``{"roll_at_least": 5}`` (the die rolled before, 7.3.13.b)."""
    if isinstance(data, str):
        return schema.string(data, path, words)
    if not isinstance(data, dict) or len(set(data) & set(CONDITION_FIELDS)) != 1:
        raise DefinitionError(path, say("expected a condition the scenario format knows, by its name or with its value"))
    if words is CONDITIONS and any(k.startswith("roll") for k in data):
        raise DefinitionError(path, say("a die's result is a condition of a step after the roll (7.3.13.b)"))
    key = next(k for k in data if k in CONDITION_FIELDS)
    schema.obj(data, path, (key,), CONDITION_FIELDS[key])
    if key in ("roll_at_least", "roll_at_most"):
        return {key: schema.integer(data[key], schema.join(path, key), 1, 6)}
    if key == "roll_in":
        results = schema.array(data[key], schema.join(path, key))
        if not results:
            raise DefinitionError(schema.join(path, key), say("expected the results (1 to 6) for which the step happens"))
        return {key: tuple(schema.integer(r, schema.join(path, key), 1, 6) for r in results)}
    # "it_is": "card" for any type: "if it is an Animal" is {"it_is": "card", "subtype": "Animal"} (2.2.2.o)
    choices = {"controls": CONTROLS, "it_is": ("character", "spell", "permanent", "card"), "in_region": STAT_NAMES[:3],
               "was": STATUSES, "was_not": STATUSES, "expedition_is": ("ahead", "behind", "level"),
               "i_am": ("boosted",) + STATUSES}
    out = {key: schema.string(data[key], schema.join(path, key), choices[key])}
    if "at_least" in data:
        out["at_least"] = schema.integer(data["at_least"], schema.join(path, "at_least"), 0, 99)
    if "subtype" in data:  # "if you control an Animal": of that subtype (2.2.2.a), as passives leave it (2.3.1.j)
        out["subtype"] = schema.string(data["subtype"], schema.join(path, "subtype"))
    return out
