"""``{% card_tile %}`` (judgeapp/sandbox/templatetags/sandbox_tiles.py): tiles kept once rendered, by
what they are drawn from."""
from django.template import engines

from judgeapp.sandbox.templatetags import sandbox_tiles

TILE = {"hidden": False, "classes": "sb-card", "title": "Knight: <b>", "name": "Knight <i>", "stats": "G1 · 8000",
        "base": "", "after": "", "meta": [{"icon": "shield", "label": "shield", "text": "5000"}], "abilities": []}
PAGE = engines["django"].from_string("{% load sandbox_tiles %}{% for c in cards %}{% card_tile c %}{% endfor %}")


def _board() -> dict:
    return {"card_template": "sandbox/_card.html", "icon_sprite": "/static/icons.svg"}


def test_a_started_boards_tile_is_rendered_once_and_escaped():
    sandbox_tiles._tile.cache_clear()
    cards = [{"id": "a-1", "name": "Knight <i>", "tile": TILE}, {"id": "a-2", "name": "Knight <i>", "tile": TILE}]
    html = PAGE.render({"board": _board(), "cards": cards})
    assert html.count('<div class="sb-card"') == 2 and "<i>" not in html and "Knight &lt;i&gt;" in html
    assert 'title="Knight: &lt;b&gt;"' in html and '<use href="/static/icons.svg#shield">' in html
    assert 'role="img" aria-label="shield"' in html and "sb-remove" not in html
    PAGE.render({"board": _board(), "cards": cards})
    info = sandbox_tiles._tile.cache_info()
    assert (info.misses, info.hits) == (2, 2)  # two cards, each kept after its first page


def test_a_hidden_card_is_a_back_with_nothing_of_the_card():
    sandbox_tiles._tile.cache_clear()
    html = PAGE.render({"board": _board(), "cards": [{"tile": {"hidden": True, "classes": "sb-card sb-back",
                                                               "back": "face down"}}]})
    assert html == '<div class="sb-card sb-back" title="hidden card">face down</div>'
