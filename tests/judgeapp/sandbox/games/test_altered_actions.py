"""judgeapp.sandbox.games.altered_actions: the options of a decision in words."""
from engine.altered import Action, advance, play
from judgeapp.sandbox.games.altered_actions import action_label
from tests.engine.altered.helpers import position


def test_a_ceased_tokens_reactions_are_named_by_the_token():
    # 2.1.d, 6.3.e: the token has ceased to exist while its two "when I leave an expedition" reactions wait
    leave = [{"timing": "reaction", "trigger": "on_leave_expedition", "effects": [{"kind": kind, "count": 1}]}
             for kind in ("draw", "resupply")]
    sprite = {"id": "tk", "name": "Sprite", "type": "token", "forest": 1, "mountain": 1, "water": 1, "abilities": leave}
    recall = {"id": "r", "name": "Recall", "type": "spell", "abilities": [
        {"timing": "effect", "effects": [{"kind": "send", "to": "hand", "target": "choose_own"}]}]}
    state, _ = advance(position({"hand": [recall], "hero_expedition": [sprite]}))
    state, _ = play(state, Action.make("play", card="r"))
    state, _ = play(state, Action.make("choose", card="tk"))
    assert "tk" in state.gone and state.pending.kind == "order"
    labels = {action_label(state, o.to_json(), decision="order") for o in state.pending.options}
    assert labels == {"Play the reaction of Sprite"}
