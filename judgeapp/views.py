"""Site pages that are not about one app: the home page (the front door) and the favicon
(the error pages are judgeapp/errors.py)."""
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext

from judgeapp.errors import InvalidRequest
from judgeapp.sandbox import selectors as sandbox_selectors
from judgeapp.sandbox.ownership import remembered_ids
from rulesdb import selectors

RECENT_BOARDS = 5
EXAMPLES_SHOWN = 6


def home(request: HttpRequest) -> HttpResponse:
    """The three jobs: read the rules, rule on a board, compare languages and versions.
    `?doc=SLUG&n=NUMBER` is the home page's jump box: one form for every document."""
    documents = list(selectors.document_list())
    if "doc" in request.GET:
        return _jump(request, documents)
    games: dict = {}
    # Each series once, its current version: the list and the jump box follow a publication.
    current = _current_by_series(documents)
    for document in documents:
        if current[document.series] is document:
            games.setdefault(document.game, []).append(document)
    boards = sandbox_selectors.scenario_list_by_ids(ids=remembered_ids(request)[:50]).order_by("-updated")
    examples = sandbox_selectors.example_list_each_game_in_turn()
    return render(request, "home.html", {
        "games": games,
        "comparisons": selectors.document_comparisons(documents=documents),
        "boards": list(boards[:RECENT_BOARDS]),
        "examples": examples[:EXAMPLES_SHOWN],
        "example_count": len(examples),
    })


def _current_by_series(documents) -> dict:
    """Series -> its current version among the (published) documents: the newest by date, then by import."""
    return {d.series: d for d in sorted(documents, key=lambda d: (d.date is not None, d.date, d.imported_at))}


def _jump(request: HttpRequest, documents) -> HttpResponse:
    slug = request.GET.get("doc", "")
    # A series (the home page's choice: its current version when the jump is answered) or a version.
    if slug not in {document.slug for document in documents} | {document.series for document in documents}:
        raise InvalidRequest(gettext("choose one of the listed documents to go to a clause"))
    # A series jumps in its current version, also when its first version is named as the series (ws-cr-it):
    # that name stays the old version's address once a newer one is published.
    newest = _current_by_series(documents)
    if slug in newest:
        slug = newest[slug].slug
    url = reverse("rulesdb:jump", args=[slug])
    number = request.GET.get("n", "").strip()
    return redirect(f"{url}?{urlencode({'n': number})}" if number else reverse("rulesdb:document", args=[slug]))


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links: send them to the 32 px PNG icon."""
    return HttpResponsePermanentRedirect(static("judgeapp/icons/icon-32.png"))

