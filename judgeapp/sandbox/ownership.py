"""Who may change a board: the owner token kept in the browser's session (or sent as X-Sandbox-Owner), the
owning user or staff; and how many boards one browser session may make."""
from __future__ import annotations

from secrets import compare_digest

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from . import validation
from .models import Scenario

SESSION_KEY = "sandbox_owner_tokens"
MAX_REMEMBERED = 200


def _django_request(request):
    return getattr(request, "_request", request)


SESSION_MADE_KEY = "sandbox_boards_made"


def session_boards_check(request) -> None:
    """Refuse a new board (403) once this browser session has made settings.SANDBOX_MAX_BOARDS_PER_OWNER of
    them.  A client without the session cookie is held by its address's rate limits instead."""
    req = _django_request(request)
    most = settings.SANDBOX_MAX_BOARDS_PER_OWNER
    if req.session.get(SESSION_MADE_KEY, 0) >= most:
        raise validation.SandboxError("scenario", gettext("this browser has already made %(most)s boards, the most "
                                                          "one visitor may keep: go on with "
                                                          "the ones you have") % {"most": most}, status=403)


def owner_remember(request, scenario: Scenario) -> None:
    """Keep the scenario's owner token in this session (the creator can edit it from this browser), and count
    the board among those this session made (:func:`session_boards_check`)."""
    req = _django_request(request)
    tokens = dict(req.session.get(SESSION_KEY, {}))
    if str(scenario.id) not in tokens:
        req.session[SESSION_MADE_KEY] = req.session.get(SESSION_MADE_KEY, 0) + 1
    tokens.pop(str(scenario.id), None)
    tokens[str(scenario.id)] = scenario.owner_token
    req.session[SESSION_KEY] = dict(list(tokens.items())[-MAX_REMEMBERED:])


def owner_check(request, scenario: Scenario) -> bool:
    """Staff, the owning user, or a session / X-Sandbox-Owner header holding the owner token."""
    req = _django_request(request)
    user = getattr(req, "user", None)
    if user is not None and user.is_authenticated and (user.is_staff or scenario.owner_id == user.id):
        return True
    for token in (req.session.get(SESSION_KEY, {}).get(str(scenario.id)), req.headers.get("X-Sandbox-Owner")):
        # compare_digest takes only ASCII text; a header may carry any byte: not a token, then.
        if isinstance(token, str) and token and token.isascii() and compare_digest(token, scenario.owner_token):
            return True
    return False


def player_urls(request, scenario: Scenario) -> dict[str, str]:
    """Each player's private link, keyed by their view (for the owner to send to each player)."""
    return {"p0": request.build_absolute_uri(reverse("sandbox-player", args=[scenario.player0_token])),
            "p1": request.build_absolute_uri(reverse("sandbox-player", args=[scenario.player1_token]))}


def remembered_ids(request) -> list[str]:
    """The scenarios this browser's session created or imported, newest first (also the home page's recent boards)."""
    return list(reversed(list(request.session.get(SESSION_KEY, {}))))
