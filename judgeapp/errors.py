"""What an error answer says, on pages and in the API.

An answer says what happened in words written for the visitor and nothing more: an exception's
text can name a setting, a server path, a URL pattern or a query (Django's "not found" dump lists
every route it tried), so it goes to the log, never into the answer.  Each status has one fixed
message (:data:`MESSAGES`); the only other words an error answer may carry are those the project
wrote for the visitor, raised as a :class:`VisitorError` (``NotFound("There is no document …")``,
``InvalidRequest("choose one of the listed documents …")``) or put into an answer by the view.

Pages get the site's error page for the status; under ``/api/`` the answer is JSON
``{"detail": "..."}`` with the same words.
"""
from __future__ import annotations

from django.core.exceptions import BadRequest, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions as api_exceptions
from rest_framework.views import exception_handler as drf_exception_handler

class _InActiveLanguage(dict):
    """status -> words marked for translation, read (as str) in the active language: the request's,
    chosen by LocaleMiddleware."""

    def __getitem__(self, status):
        return str(super().__getitem__(status))

    def get(self, status, default=None):
        return self[status] if status in self else default


#: The visitor-facing message of each error status (the message catalogue: one key per status).
MESSAGES = _InActiveLanguage({
    400: _("The request could not be understood: check the address and what was sent."),
    403: _("You may not do this here."),
    404: _("There is nothing at this address."),
    405: _("This address does not accept this kind of request."),
    406: _("This address cannot answer in the format asked for."),
    413: _("What was sent is too large."),
    415: _("This address does not accept what was sent in that format."),
    429: _("Too many requests: wait a moment and try again."),
    500: _("Something went wrong on our side. The error has been logged."),
    503: _("The site is busy: try again in a moment."),
})
_CSRF_MESSAGE = _("The form could not be checked as coming from this site (it may have been open too long, or "
                 "cookies are off): go back, reload the page and try again.")
TITLES = _InActiveLanguage({400: _("Bad request"), 403: _("Forbidden"), 404: _("Not found"), 405: _("Not allowed"),
          406: _("Not acceptable"), 413: _("Too large"), 415: _("Unsupported format"), 429: _("Too many requests"),
          500: _("Server error"), 503: _("Unavailable")})


def __getattr__(name: str):
    """``CSRF_MESSAGE``: the CSRF failure's words in the active language."""
    if name == "CSRF_MESSAGE":
        return str(_CSRF_MESSAGE)
    raise AttributeError(name)


JSON_TEXT = {"ensure_ascii": False}  # the words as written (“…”), as the API's own answers give them


def message_for(status: int) -> str:
    """The fixed message of ``status`` (any other client error shares 400's, any server error 500's),
    in the active language."""
    return MESSAGES.get(status) or MESSAGES[500 if status >= 500 else 400]


class VisitorError(Exception):
    """An exception whose text the project wrote for the visitor: error answers show it.  The text of
    any other exception (Django's, a library's, Python's) stays out of every answer."""


class NotFound(VisitorError, Http404):
    """A 404 whose message says what is missing (``There is no document “x”.``)."""


class InvalidRequest(VisitorError, BadRequest):
    """A 400 whose message says what to send instead."""


def visitor_message(exception: BaseException | None, status: int) -> str:
    if isinstance(exception, VisitorError) and str(exception):
        return str(exception)
    return message_for(status)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def error_response(request: HttpRequest, status: int, message: str | None = None, **extra) -> HttpResponse:
    """The answer for an error: JSON ``{"detail": message, **extra}`` under /api/, else the error page
    (``404.html``, ``400.html``… or the shared ``error.html``).  ``message`` must be words written for
    the visitor; None gives the status's fixed message."""
    message = str(message or message_for(status))
    if is_api(request):
        return JsonResponse({"detail": message, **extra}, status=status, json_dumps_params=JSON_TEXT)
    context = {"message": message, "status": status, "title": TITLES.get(status, TITLES[400])}
    html = render_to_string([f"{status}.html", "error.html"], context, request=request)
    return HttpResponse(html, status=status)


class ErrorBodyMiddleware:
    """An error answer that has no body (a bare 405 from ``require_GET``, an empty 403) gets its status's
    page or JSON; its headers (``Allow``, ``Retry-After``, cookies) stay."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code >= 400 and not response.streaming and not response.content:
            filled = error_response(request, response.status_code)
            response.content = filled.content
            response["Content-Type"] = filled["Content-Type"]
            if response.has_header("Content-Length"):  # set on the way out by CommonMiddleware
                response["Content-Length"] = str(len(response.content))
        return response


# ---------------------------------------------------------------- Django's error handlers (judgeapp/urls.py)
def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    """handler400: a BadRequest or SuspiciousOperation (an unknown Host header, a body over the upload
    limit, too many form fields, a malformed cookie or file name…)."""
    if isinstance(exception, RequestDataTooBig):
        return error_response(request, 413)
    return error_response(request, 400, visitor_message(exception, 400))


def permission_denied(request: HttpRequest, exception=None) -> HttpResponse:
    return error_response(request, 403, visitor_message(exception, 403))


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return error_response(request, 404, visitor_message(exception, 404))


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a plain page that needs no database, no context processor and no URL resolving,
    so that it renders whatever broke.  A write that gave up for its bounds where no middleware's
    process_exception sees it (the session save) is the busy answer, 503 with Retry-After."""
    import sys

    from judgeapp.write_queue import busy_response, is_write_bound_error

    if is_write_bound_error(sys.exc_info()[1]):
        return busy_response(request)
    if is_api(request):
        return JsonResponse({"detail": MESSAGES[500]}, status=500, json_dumps_params=JSON_TEXT)
    return HttpResponse(render_to_string("500.html", {"message": MESSAGES[500]}), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: Django's page names the setting to change and why the check failed."""
    return error_response(request, 403, str(_CSRF_MESSAGE))


# ---------------------------------------------------------------- the API's (REST_FRAMEWORK EXCEPTION_HANDLER)
def api_exception_handler(exc: Exception, context: dict):
    """DRF's handler, with the words of every answer it makes replaced by the status's fixed message
    unless they were written for the visitor: a field's validation messages, and a VisitorError's (the
    sandbox's ``{"error", "field", "message"}`` bodies are one).  DRF's own details can carry an
    exception's text (a JSON parser's, a CSRF check's reason)."""
    shown = isinstance(exc, (VisitorError, api_exceptions.ValidationError))
    if isinstance(exc, Http404):
        exc = api_exceptions.NotFound(visitor_message(exc, 404))
    response = drf_exception_handler(exc, context)
    if response is None or shown:
        return response
    response.data = {"detail": message_for(response.status_code)}
    return response

