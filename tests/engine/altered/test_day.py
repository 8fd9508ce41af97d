"""engine.altered.day: the daily effects; the reactions "after [a daily effect]" (4.2.d's note) trigger once,
when that daily effect is over - after both players' Expand and after the whole Clean-up."""
import engine

from .helpers import position


def _landmark(trigger):
    return {"id": "lh", "name": "Lighthouse", "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
            "abilities": [{"timing": "reaction", "trigger": trigger, "effects": [{"kind": "draw", "count": 1}]}]}


def _deck(p):
    return [{"id": f"{p}{i}", "name": "W", "type": "character", "hand_cost": 1, "reserve_cost": 1,
             "forest": 1, "mountain": 1, "water": 1} for i in range(8)]


def _run(state, stop_phase):
    log = []
    while state.phase != stop_phase and not state.outcome:
        if state.pending is not None:
            state, events = engine.apply(state, state.pending.options[-1])
        else:
            state, events = engine.advance(state)
        log += events
    return state, log


def test_after_expand_triggers_once_when_both_players_have_expanded():
    state = position({"deck": _deck("a"), "landmarks": [_landmark("after_expand")]}, {"deck": _deck("b")},
                     phase="morning", first_player=0)
    state, log = _run(state, "afternoon")
    reactions = [e for e in log if e.kind == "reaction"]
    assert len(reactions) == 1
    expands = [i for i, e in enumerate(log) if e.kind == "expand"]
    assert len(expands) == 2 and log.index(reactions[0]) > expands[-1]


def test_after_cleanup_triggers_once_and_an_instant_without_such_reaction_triggers_nothing():
    state = position({"deck": _deck("a"), "landmarks": [_landmark("after_cleanup")]}, {"deck": _deck("b")},
                     phase="night", first_player=1)
    state, log = _run(state, "morning")
    assert [e.data["card"] for e in log if e.kind == "reaction"] == ["lh"]
    other = position({"deck": _deck("a"), "landmarks": [_landmark("after_rest")]}, {"deck": _deck("b")},
                     phase="morning", first_player=0)
    _, log = _run(other, "afternoon")
    assert not [e for e in log if e.kind == "reaction"]


def test_rest_reads_every_characters_fate_before_any_moves():
    # 4.2.5.b, 6.1.f: all at once - Elder's "your other Characters have Eternal" and "... Seasoned" hold for the
    # whole Rest although Elder itself, listed first, goes to the Reserve
    from .helpers import character
    elder = character("eld", abilities=[{"timing": "passive", "effects": [
        {"kind": "keyword", "keyword": "eternal", "to": {"who": "own_others", "subtype": "Spirito"}},
        {"kind": "keyword", "keyword": "seasoned", "to": {"who": "own_others"}}]}])
    state = position({"hero_expedition": [elder, character("spirit", subtypes=["Spirito"]), character("vet", boost=2)]},
                     phase="night", first_player=0)
    state, events = engine.advance(state)  # on to the next decision: day 3's first turn
    assert (state.day, state.phase) == (3, "afternoon")
    assert state.loc["eld"] == (0, "reserve") and state.loc["spirit"] == (0, "hero_expedition")
    assert state.loc["vet"] == (0, "reserve") and state.boosts("vet") == 2


def test_a_passive_ability_changes_the_limits_clean_up_reads_never_below_zero():
    from engine.altered.day import limits

    def limit(zone, amount, **extra):
        return {"id": f"{zone}{amount}", "name": "L", "type": "permanent", "abilities": [
            {"timing": "passive", "effects": [{"kind": "limit", "zone": zone, "amount": amount, **extra}]}]}
    state = position({"hero": [{"id": "h", "name": "H", "type": "hero", "reserve_limit": 3, "landmark_limit": 1}],
                      "landmarks": [limit("reserve", 2), limit("landmarks", -5, opponent=True)]})
    assert limits(state, 0) == (5, 1)  # the opponent's lowering is not mine
    assert limits(state, 1) == (2, 0)  # no hero: 2 and 2 (4.2.5.d), lowered by 5 to 0, not below


def _tower(i):
    return {"id": i, "name": "Tower", "type": "permanent", "hand_cost": 1, "reserve_cost": 1}


def test_clean_up_over_both_limits_gives_each_count_its_own_noun_form():
    # two counts in one prompt: "the 1 object" for the landmarks must not read "the 1 objects" because the
    # Reserve's count is 2 (each part its own say_n, so each language's plural rule reads its own count)
    hero = {"id": "h", "name": "H", "type": "hero", "reserve_limit": 2, "landmark_limit": 1}
    state = engine.advance(position({"hero": [hero], "reserve": [_deck("r")[i] for i in range(3)],
                                     "landmarks": [_tower("l1"), _tower("l2")]}, {},
                                    phase="night", passed=[True, True], first_player=0))[0]
    prompt = state.pending.prompt
    assert state.pending.kind == "cleanup"
    assert prompt == "choose the 2 objects you keep in your reserve and the 1 object you keep in your landmarks"
    assert prompt.params["count"] == 2 and prompt.params["keep2"].params["count"] == 1
