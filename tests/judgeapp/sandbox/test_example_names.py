"""judgeapp/sandbox/example_names.py: the worked examples' made-up card names in the page's language (site-walk3)."""
import pytest
from django.utils import translation

from judgeapp.sandbox import selectors
from judgeapp.sandbox.example_names import MADE_UP, _card_objects, example_names


def test_a_made_up_name_is_said_in_the_pages_language_and_a_real_cards_name_stays():
    with translation.override("it"):
        weiss = example_names(selectors.example_get(slug="weiss-level-requirement"))
        medusa = example_names(selectors.example_get(slug="altered-example-medusa-finds-herself-in-the-discard-pile"))
    assert weiss["templates"]["filler"]["name"] == "Carta riempitiva"
    assert "Medusa di Luna" in {c.get("name") for c in _card_objects(medusa)}
    with translation.override("en"):
        assert example_names(selectors.example_get(slug="weiss-level-requirement"))["templates"]["filler"]["name"] == "Filler"
    assert selectors.example_get(slug="weiss-level-requirement")["templates"]["filler"]["name"] == "Filler"  # a copy


def test_every_made_up_name_names_a_card_of_an_example():
    names = {c.get("name") for e in selectors.example_list()
             for c in _card_objects(selectors.example_get(slug=e["slug"]))}
    assert sorted(MADE_UP - names) == []


@pytest.mark.django_db
def test_the_italian_example_page_and_the_board_opened_from_it_name_the_plain_cards_in_italian(client):
    page = client.get("/sandbox/examples/weiss-level-requirement/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Carta riempitiva" in page and ">Filler<" not in page
    opened = client.post("/sandbox/examples/weiss-level-requirement/", HTTP_ACCEPT_LANGUAGE="it")
    board = client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Carta riempitiva" in board and ">Filler<" not in board
