"""engine.altered.scenario: the position's fields that only Altered has."""
import pytest

from engine.core.errors import DefinitionError

from .helpers import character, position


def landmark(cid, **extra):
    return {"id": cid, "name": cid, "type": "permanent", "hand_cost": 1, "reserve_cost": 1, **extra}


def test_entered_gives_an_object_in_play_its_timestamp_and_the_others_come_before():
    state = position({"landmarks": [landmark("late", entered=2), landmark("plain")]},
                     {"landmarks": [landmark("early", entered=1)]})
    assert state.since.get("late") == 2 and state.since.get("early") == 1 and state.since.get("plain", 0) == 0


@pytest.mark.parametrize("zone", ["hand", "reserve", "discard"])
def test_entered_is_refused_for_a_card_not_in_play(zone):
    with pytest.raises(DefinitionError, match="entered"):
        position({zone: [character("c", entered=1)]})


def test_random_cards_name_cards_of_the_scenario_and_are_kept_in_the_state_json():
    state = position({"hand": [character("c")]}, random_cards=["c"])
    assert state.at_random == ["c"] and type(state).from_json(state.to_json()).at_random == ["c"]
    with pytest.raises(DefinitionError, match="taken at random"):
        position({"hand": [character("c")]}, random_cards=["nobody"])


def _run_keyword(keyword, absent=False, lost=False):
    import engine
    opponent = {"landmarks": [{"id": "sil", "name": "Silence", "type": "permanent", "abilities": [
        {"timing": "passive", "effects": [{"kind": "lose_abilities", "to": {"who": "opponent"}}]}]}]} if lost else {}
    expect = {"expect": "keyword", "card": "g", "keyword": keyword, **({"absent": True} if absent else {})}
    return engine.run_scenario({"format": "judgeapp-scenario/2", "game": "altered", "phase": "afternoon", "day": 2,
                                "players": [{"hero_expedition": [character("g", keywords=["giant"])]}, opponent],
                                "expect": [expect]}).passed


def test_the_keyword_expectation_reads_printed_and_lost_keywords_and_can_fail():
    assert _run_keyword("giant") and not _run_keyword("giant", absent=True)
    assert not _run_keyword("defender") and _run_keyword("defender", absent=True)
    assert _run_keyword("giant", absent=True, lost=True)  # a keyword is an ability: lost with them (1.2.4.b)
    with pytest.raises(DefinitionError, match="keyword"):
        _run_keyword("flying")


def _run(players, expect, **top):
    import engine
    return engine.run_scenario({"format": "judgeapp-scenario/2", "game": "altered", "phase": "afternoon", "day": 2,
                                "players": players, "expect": [expect], **top}).passed


SHAPER = character("s", abilities=[{"timing": "passive", "effects": [
    {"kind": "subtype", "subtype": "Elementale", "to": {"who": "own"}}]}], subtypes=["Mago"])
KRAKEN = character("k", abilities=[{"timing": "passive", "effects": [{"kind": "region_types", "types": ["water"]}]}])


@pytest.mark.parametrize("expect, passed", [
    ({"expect": "subtype", "card": "s", "subtype": "Mago"}, True),  # printed
    ({"expect": "subtype", "card": "s", "subtype": "Elementale"}, True),  # given in play
    ({"expect": "subtype", "card": "s", "subtype": "Elementale", "absent": True}, False),
    ({"expect": "subtype", "card": "r", "subtype": "Elementale"}, False),  # not in the Reserve
])
def test_the_subtype_expectation_reads_printed_and_given_subtypes(expect, passed):
    assert _run([{"hero_expedition": [SHAPER], "reserve": [character("r")]}, {}], expect) is passed


@pytest.mark.parametrize("players, kind, passed", [
    ([{}, {}], "forest", True), ([{"hero_expedition": [KRAKEN]}, {}], "forest", False),
    ([{"hero_expedition": [KRAKEN]}, {}], "water", True)])
def test_the_region_type_expectation_reads_the_region_as_passives_leave_it(players, kind, passed):
    assert _run(players, {"expect": "region_type", "player": 1, "expedition": "hero", "type": kind}) is passed
    with pytest.raises(DefinitionError, match="type"):
        _run(players, {"expect": "region_type", "player": 1, "expedition": "hero", "type": "sky"})


HERO = {"id": "h", "name": "Hero", "type": "hero", "reserve_limit": 3, "landmark_limit": 2}
CELLAR = {"id": "cellar", "name": "Cellar", "type": "permanent", "abilities": [
    {"timing": "passive", "effects": [{"kind": "limit", "zone": "reserve", "amount": 2}]}]}


@pytest.mark.parametrize("me, zone, equals, passed", [
    ({}, "reserve", 2, True), ({}, "landmarks", 2, True),  # no Hero: 2 and 2 (4.2.5.d)
    ({"hero": [HERO]}, "reserve", 3, True), ({"hero": [HERO]}, "reserve", 2, False),
    ({"hero": [HERO], "landmarks": [CELLAR]}, "reserve", 5, True), ({"hero": [HERO], "landmarks": [CELLAR]},
                                                                     "landmarks", 2, True)])
def test_the_limit_expectation_reads_the_heros_limits_as_passives_change_them(me, zone, equals, passed):
    assert _run([me, {}], {"expect": "limit", "player": 0, "zone": zone, "equals": equals}) is passed


def test_the_limit_expectation_names_the_reserve_or_the_landmarks_only():
    with pytest.raises(DefinitionError, match="zone"):
        _run([{}, {}], {"expect": "limit", "player": 0, "zone": "hand", "equals": 2})


@pytest.mark.parametrize("zone, equals, passed", [("hero_expedition", 2, True), ("hero_expedition", 0, False),
                                                   ("reserve", 0, True)])  # Resistente works only in play (7.4.5)
def test_the_tough_expectation_reads_resistente_as_it_works_now(zone, equals, passed):
    assert _run([{zone: [character("t", tough=2)]}, {}], {"expect": "tough", "card": "t", "equals": equals}) is passed
