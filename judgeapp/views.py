"""Site pages that are not about one app: home and error pages."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rulesdb import selectors


def home(request: HttpRequest) -> HttpResponse:
    documents = selectors.document_list()
    games: dict = {}
    for document in documents:
        games.setdefault(document.game, []).append(document)
    return render(request, "home.html", {"games": games})


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return render(request, "404.html", {"message": str(exception) if exception else ""}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "500.html", status=500)


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    return render(request, "400.html", {"message": str(exception) if exception else ""}, status=400)
