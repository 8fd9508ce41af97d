"""Vanguard abilities as card text (judgeapp/sandbox/games/vanguard_ability_text.py): in English as the cards read,
and in Italian on an Italian page (it stayed English there: "[AUTO] When this unit attacks: stand all your
rear-guards."), with the Italian rules' words for costs and keywords."""
import re

from django.utils import translation

from judgeapp.sandbox.games.vanguard_ability_text import ability_text
from tests.judgeapp.test_i18n import ENGLISH_WORDS, WORD

EVERYTHING = {
    "timing": "on_attack", "optional": True, "once_per_turn": True,
    "conditions": [{"kind": "limit_break", "count": 4}, {"kind": "circle", "circle": "vanguard"},
                   {"kind": "count", "player": "opponent", "zone": "damage", "min": 4},
                   {"kind": "count", "player": "self", "zone": "rear_guards", "max": 2}],
    "cost": [{"kind": "counter_blast", "count": 1}, {"kind": "discard", "count": 2}, {"kind": "rest_self"}],
    "effects": [{"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_battle"},
                {"kind": "critical", "amount": 1, "target": "all_own_rear_guards", "duration": "end_of_turn"},
                {"kind": "draw", "count": 1}, {"kind": "retire", "target": "choose_opponent_rear_guard"},
                {"kind": "call", "source": "drop"}, {"kind": "cannot_be_hit", "target": "guarded_unit"}],
}


def test_an_ability_reads_as_english_card_text():
    assert ability_text({"timing": "act", "cost": [{"kind": "counter_blast", "count": 1}],
                         "effects": [{"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"}]}
                        ) == "[ACT] [Counter Blast 1] this unit gets +5000 power until end of turn."


def test_an_ability_reads_as_italian_card_text_on_an_italian_page():
    with translation.override("it"):
        assert ability_text({"timing": "act", "cost": [{"kind": "counter_blast", "count": 1}], "effects": [
            {"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"}]}
        ) == "[ACT] [Contrattacco 1] questa unità ottiene +5000 di forza fino alla fine del turno."
        assert ability_text({"timing": "on_attack", "effects": [{"kind": "stand", "target": "all_own_rear_guards"}]}
                            ) == "[AUTO] Quando questa unità attacca: risveglia tutte le tue retroguardie."
        assert "ottengono +1 di critico" in ability_text(EVERYTHING)  # several targets: the plural verb
        text = ability_text(EVERYTHING)
    words = {w for w in re.findall(WORD, text.replace("Limit Break", "")) if w.lower() in ENGLISH_WORDS}
    assert not words and "[AUTO] Quando" in text and "(una volta per turno)" in text, text


def test_a_kind_the_renderer_does_not_know_shows_its_fields():
    with translation.override("it"):
        assert "mate=Blaster" in ability_text({"timing": "on_ride", "effects": [{"kind": "legion", "mate": "Blaster"}]})


def test_every_automatic_timing_reads_as_words_not_as_its_name():
    from engine.vanguard.abilities import AUTO_TIMINGS

    for timing in AUTO_TIMINGS:
        text = ability_text({"timing": timing, "effects": [{"kind": "draw", "count": 1}]})
        assert text.startswith("[AUTO] ") and timing.upper() not in text, text


def test_turn_conditions_and_the_soul_self_cost_read_as_words():
    text = ability_text({"timing": "act", "conditions": [{"kind": "own_turn"}], "cost": [{"kind": "soul_self"}],
                         "effects": [{"kind": "draw", "count": 1}]})
    assert "during your turn" in text and "put this unit into your soul" in text, text
    assert "during your opponent's turn" in ability_text(
        {"timing": "cont", "conditions": [{"kind": "opponent_turn"}],
         "effects": [{"kind": "power", "amount": 5000, "target": "self"}]})


def test_a_revealed_condition_reads_as_words():
    text = ability_text({"timing": "on_drive_check", "conditions": [{"kind": "revealed", "grade": 3, "trigger": "any"}],
                         "effects": [{"kind": "draw", "count": 1}]})
    assert "reveals a trigger unit" in text and "reveals a grade 3 card" in text and "revealed" not in text, text


def test_an_effect_that_ends_the_game_reads_as_words():
    text = ability_text({"timing": "act", "effects": [{"kind": "lose_game", "player": "opponent"},
                                                      {"kind": "win_game", "player": "self"},
                                                      {"kind": "extra_turn", "player": "self"},
                                                      {"kind": "cancel_triggers", "player": "opponent",
                                                       "duration": "end_of_battle"}]})
    assert "your opponent loses the game" in text and "you win the game" in text, text
    assert "you get an extra turn" in text and "player=" not in text, text
    assert "cancel your opponent's trigger effects until end of battle" in text, text


def test_cannot_use_abilities_reads_as_words():
    text = ability_text({"timing": "act", "effects": [{"kind": "cannot_use_abilities", "target": "choose_opponent_unit",
                                                       "duration": "end_of_turn"}]})
    assert "cannot use its abilities until end of turn" in text and "cannot_use" not in text, text


def test_the_sixth_rounds_words_read_as_card_text():
    with translation.override("en"):
        assert ability_text({"timing": "on_your_unit_hit", "conditions": [{"kind": "battle_number", "min": 2}],
                             "effects": [{"kind": "deal_damage", "count": 1, "player": "opponent"}]}) == (
            "[AUTO] When a unit of yours hits, if in the battle number 2 of the turn or a later one: "
            "deal 1 damage to your opponent's vanguard.")
        assert "battle number 1 of the turn" in ability_text(
            {"timing": "act", "conditions": [{"kind": "battle_number", "min": 1, "max": 1}],
             "effects": [{"kind": "deal_damage", "count": 2, "player": "self"}]})


def test_a_timed_trigger_reads_as_card_text():
    with translation.override("en"):
        assert ability_text({"timing": "on_call", "effects": [
            {"kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "retire", "target": "self"}]}]}) == (
            "[AUTO] When this unit is called: at the end of the turn, retire this unit.")


def test_keyword_states_the_deck_bottom_and_if_you_do_read_as_words():
    text = ability_text({"timing": "on_attack", "optional": True, "conditions": [{"kind": "brave"}],
                         "effects": [{"kind": "retire", "target": "choose_own_rear_guard"},
                                     {"kind": "become", "state": "engorged", "target": "self", "if_done": True},
                                     {"kind": "deck_bottom", "target": "self"}]})
    assert "if you do, this unit becomes engorged until end of turn" in text, text
    assert "on the bottom of its owner's deck" in text and "Brave" in text and "_" not in text, text
    for cond in ({"kind": "state", "state": "blazing", "unit": "own_vanguard"}, {"kind": "more_rear_guards"},
                 {"kind": "rear_guard_power", "min": 15000}, {"kind": "battle", "target": "vanguard", "hit": False},
                 {"kind": "thunderstrike", "count": 2}, {"kind": "oracle"}):
        shown = ability_text({"timing": "cont", "conditions": [cond], "effects": [
            {"kind": "power", "amount": 5000, "target": "self"}]})
        assert "_" not in shown and "=" not in shown, shown


def test_harmony_and_bloom_read_as_words():
    text = ability_text({"timing": "on_other_placed", "conditions": [{"kind": "placed_unit", "same_column": True,
                                                                      "name": "Flower", "circle": "rear_guard"}],
                         "effects": [{"kind": "become", "state": "harmony", "target": "placed_unit"}]})
    assert "another unit of yours is placed" in text and "in harmony" in text and "Flower" in text, text
    assert "_" not in text and "=" not in text, text


def test_the_tenth_rounds_words_read_as_card_text():
    with translation.override("en"):
        text = ability_text({"timing": "act", "cost": [{"kind": "soul_blast", "count": 1, "grade": 1}],
                             "effects": [{"kind": "unlock", "count": 1},
                                         {"kind": "discard", "count": 1, "player": "opponent", "at_random": True},
                                         {"kind": "effect_attack", "attacker": "self",
                                          "target": "choose_opponent_back_row"}]})
        assert "- grade 1 card" in text and "unlock 1 of your locked cards" in text, text
        assert "at random" in text and "back-row rear-guards" in text and "_" not in text, text
        assert ability_text({"timing": "on_put_into_soul", "effects": [{"kind": "draw", "count": 1}]}).startswith(
            "[AUTO] When this card is put into the soul")
        assert ability_text({"timing": "begin_start_step", "effects": [{"kind": "draw", "count": 1}]}).startswith(
            "[AUTO] At the beginning of the start step")
        assert "“Boss”" in ability_text({"timing": "act", "cost": [{"kind": "counter_blast", "count": 1, "name": "Boss"}],
                                          "effects": [{"kind": "draw", "count": 1}]})


def test_a_call_reads_with_what_it_asks_of_the_card_and_a_search_call_and_the_new_effects_read_as_words():
    with translation.override("en"):
        assert ability_text({"timing": "act", "effects": [{"kind": "call", "source": "drop", "max_grade": 1}]}) == \
            "[ACT] call a card from your drop zone to (RC) (grade 1 or less)."
        text = ability_text({"timing": "act", "effects": [{"kind": "declare_name"},
                                                          {"kind": "call", "source": "deck", "name_declared": True},
                                                          {"kind": "change_attacked", "target": "self"}]})
        assert "declare a card name" in text and "search your deck for up to one card, call it" in text
        assert "(with the declared name)" in text and "becomes the attacked unit" in text
        assert ability_text({"timing": "cont", "effects": [{"kind": "retire_instead", "to": "soul", "optional": True}]}) \
            == "[CONT] if this unit would be retired, you may put it into your soul instead."


def test_up_to_reads_as_card_text():
    with translation.override("en"):
        text = ability_text({"timing": "act", "effects": [{"kind": "retire", "target": "choose_opponent_rear_guard",
                                                           "up_to": True}]})
    assert "up to 1 of your opponent's rear-guards" in text, text


def test_a_rest_rear_guards_cost_reads_as_card_text():
    with translation.override("en"):
        text = ability_text({"timing": "act", "cost": [{"kind": "rest_rear_guard", "count": 2}],
                             "effects": [{"kind": "draw", "count": 1}]})
    assert text == "[ACT] [rest 2 of your rear-guards] draw 1 card.", text


def test_a_call_of_several_cards_names_how_many_and_up_to():
    # "call two cards from your drop zone" / "call up to two cards from your soul": the number is never dropped
    two = ability_text({"timing": "act", "effects": [{"kind": "call", "source": "drop", "count": 2}]})
    assert "call 2 cards from your drop zone to (RC)" in two
    up_to = ability_text({"timing": "act", "effects": [{"kind": "call", "source": "soul", "count": 2, "up_to": True}]})
    assert "call up to 2 cards from your soul to (RC)" in up_to
    one = ability_text({"timing": "act", "effects": [{"kind": "call", "source": "soul"}]})
    assert "call a card from your soul to (RC)" in one
