"""The small forms on a draft board's card tiles (remove, duplicate), shared by every game's tiles."""
from __future__ import annotations

from html import escape


def card_edit_forms(c: dict, remove: tuple[str, str]) -> str:
    """A draft card's remove and duplicate buttons (``remove``: the build URL and the CSRF token)."""
    url, token = remove
    hidden = (f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(str(token))}">'
              f'<input type="hidden" name="card" value="{escape(str(c["id"]))}">')
    return (f'<form method="post" action="{escape(str(url))}" class="sb-remove" data-sb>{hidden}'
            f'<input type="hidden" name="op" value="remove">'
            f'<button type="submit" aria-label="Remove {escape(str(c["name"]))}">×</button></form>'
            f'<form method="post" action="{escape(str(url))}" class="sb-dup" data-sb>{hidden}'
            f'<input type="hidden" name="op" value="duplicate">'
            f'<button type="submit" aria-label="Duplicate {escape(str(c["name"]))}">+1</button></form>')
