"""vanguard_amount_text.py: "+2000 power for each card in your soul" as card text, the parsed form (a list of one
count) and the written one (an object) alike."""
from django.utils import translation

from judgeapp.sandbox.games.vanguard_ability_text import ability_text
from judgeapp.sandbox.games.vanguard_amount_text import per_text


def test_a_count_of_units_and_a_count_of_cards_in_a_zone_read_as_card_text():
    with translation.override("en"):
        assert per_text([{"kind": "count", "min": 0, "player": "self", "zone": "rear_guards"}]) == \
            " for each of your rear-guards"
        assert per_text({"player": "opponent", "zone": "drop", "grade": 3}).startswith(
            " for each card in your opponent's ")
        assert per_text({"player": "opponent", "zone": "drop", "grade": 3}).endswith(" (grade 3)")
        assert per_text(None) == ""


def test_the_ability_reads_its_amount_for_each():
    with translation.override("en"):
        text = ability_text({"timing": "cont", "effects": [{"kind": "power", "target": "self", "amount": 3000,
                                                            "per": {"player": "self", "zone": "rear_guards"}}]})
    assert text == "[CONT] this unit gets +3000 power for each of your rear-guards.", text
