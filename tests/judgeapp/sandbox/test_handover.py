"""Handing a board over (judgeapp/sandbox/handover.py): the QR codes of the read-only and private links, drawn
as SVG by this server, and a 404 in the visitor's words for a token that opens nothing."""
import json

import pytest

from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_answers import BOARD

pytestmark = pytest.mark.django_db


def test_each_link_has_its_qr_code_as_svg_and_the_board_offers_copy_and_share(client):
    url = client.post("/sandbox/import/", {"json": json.dumps(BOARD)})["Location"]
    scenario = Scenario.objects.get()
    page = client.get(url).content.decode()
    for token, route in ((scenario.share_token, "s"), (scenario.player0_token, "player"),
                         (scenario.player1_token, "player")):
        qr = f"/sandbox/{route}/{token}/qr.svg"
        assert qr in page
        response = client.get(qr)
        assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
        body = response.content.decode()
        assert body.lstrip().startswith("<svg") and "<path" in body
    assert page.count('class="sb-copy"') == 3 and page.count("data-share=") == 3
    assert "Private link for the first player" in page and "Private link for the second player" in page


def test_two_links_make_two_codes(client):
    client.post("/sandbox/import/", {"json": json.dumps(BOARD)})
    scenario = Scenario.objects.get()
    first = client.get(f"/sandbox/player/{scenario.player0_token}/qr.svg").content
    second = client.get(f"/sandbox/player/{scenario.player1_token}/qr.svg").content
    assert first != second


def test_an_unknown_token_is_a_404_without_a_code(client):
    for url in ("/sandbox/s/nothing-here/qr.svg", "/sandbox/player/nothing-here/qr.svg"):
        response = client.get(url)
        assert response.status_code == 404 and b"<svg" not in response.content[:200]
