"""judgeapp/sandbox/apps.py: what the sandbox connects when the site starts."""
import pytest

from judgeapp.sandbox import wording

pytestmark = pytest.mark.django_db


def test_a_board_page_leaves_no_game_named_after_its_request(client):
    """A page that shows an Altered board names Altered for its words; code that ran after it in the same context
    (a test calling a presenter) read "Player 2" where the default game says "Second player" (last stop's CI)."""
    wording.game_is(None)
    response = client.get("/sandbox/examples/altered-example-alice-after-you/")
    assert response.status_code == 200
    assert wording.current_game() is None
