"""The card helpers both games share (engine/core/cards.py, engine/core/board.py)."""
import pytest

from engine import weiss
from engine.vanguard import new_game as vanguard_new_game
from engine.core.board import locations
from engine.core.modifiers import remove_modifier
from engine.core.cards import names_over
from engine.core.errors import DefinitionError, IllegalActionError
from engine.vanguard.sample import generated_deck as vanguard_deck
from engine.weiss.sample import generated_deck as weiss_deck


@pytest.mark.parametrize("make, deck", [(vanguard_new_game, vanguard_deck), (weiss.new_game, weiss_deck)])
def test_a_mirror_match_gives_each_player_their_own_cards(make, deck):
    """The same deck list for both players: identical printed cards are parsed once, yet owned by their deck's player."""
    st = make([deck(7), deck(7)], seed=1)
    assert [len(st.zones[p]["deck"]) for p in (0, 1)] == [50, 50]
    assert all(st.cards[c].owner == p for p in (0, 1) for c in st.zones[p]["deck"])


def test_names_over_counts_copies_by_name():
    class C:
        def __init__(self, name):
            self.name = name

    deck = [C("b")] * 5 + [C("a")] * 4 + [C("c")] * 6
    assert names_over(deck, 4) == [("b", 5), ("c", 6)]


def test_locations_index_and_its_errors():
    cards = {"x": object(), "y": object()}
    assert locations([{"deck": ["x"]}, {"hand": ["y"]}], cards) == {"x": (0, "deck"), "y": (1, "hand")}
    with pytest.raises(DefinitionError, match="more than one zone"):
        locations([{"deck": ["x", "x"]}, {"hand": ["y"]}], cards)
    with pytest.raises(DefinitionError, match="cards in no zone: y"):
        locations([{"deck": ["x"]}, {}], cards)


def test_remove_modifier_refuses_an_unknown_number():
    class M:
        def __init__(self, order):
            self.order = order

    class S:
        modifiers = [M(1), M(2)]

    state = S()
    remove_modifier(state, "2")
    assert [m.order for m in state.modifiers] == [1]
    with pytest.raises(IllegalActionError):
        remove_modifier(state, 5)
