"""Site-wide request guards that run before any view: the security policy header, HEAD as GET,
over-size chunked bodies, text that is not valid Unicode, and the admin login throttle."""
from __future__ import annotations

import io
import json
import time

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from . import throttle
from .client_address import client_address
from .errors import error_response
from .text_checks import json_invalid_field, text_invalid
from .write_queue import waited_by_this_thread

# Every page loads its scripts and styles from /static/; nothing inline. The API browsers
# (Swagger UI) build their styles at run time, so only there may styles be inline.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
API_BROWSER_POLICY = CONTENT_SECURITY_POLICY.replace(
    "style-src 'self'", "style-src 'self' 'unsafe-inline'"
) + "; worker-src 'self' blob:"
API_BROWSER_PATHS = ("/api/docs/try/",)  # /api/docs/ itself is plain HTML


def speak_visitors_language(request: HttpRequest) -> None:
    """The middlewares above LocaleMiddleware answer before it has chosen the language: choose it the
    same way (language cookie, then Accept-Language) before writing their words."""
    translation.activate(translation.get_language_from_request(request))


def bad_request(request: HttpRequest, message: str, status: int = 400, **extra) -> HttpResponse:
    """A 4xx before any view: JSON ``{"detail": ...}`` under /api/, the site's error page elsewhere."""
    return error_response(request, status, message, **extra)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            policy = API_BROWSER_POLICY if request.path.startswith(API_BROWSER_PATHS) else CONTENT_SECURITY_POLICY
            response["Content-Security-Policy"] = policy
        return response


class ServerTimingMiddleware:
    """``Server-Timing: cpu;dur=<ms>, queue;dur=<ms>``: the CPU time this request took in its thread
    (the view and every middleware after this one) and the time it waited for a database's write
    lock (judgeapp/write_queue.py). Only when settings.prod is given JUDGEAPP_SERVER_TIMING=1."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started, wall = time.thread_time(), time.perf_counter()
        waited_by_this_thread(reset=True)
        response = self.get_response(request)
        waited, held = waited_by_this_thread()
        response["Server-Timing"] = (f"cpu;dur={(time.thread_time() - started) * 1000:.2f}, "
                                     f"app;dur={(time.perf_counter() - wall) * 1000:.2f}, "
                                     f"queue;dur={waited * 1000:.2f}, lock;dur={held * 1000:.2f}")
        return response


class HeadAsGetMiddleware:
    """HEAD answers what GET would, without the body, on every route: views declared GET-only
    (``require_GET``, ``@api_view(["GET"])``) would otherwise answer 405."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        request.META["REQUEST_METHOD"] = "GET"
        response = self.get_response(request)
        if not response.streaming:
            response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response


try:  # what gunicorn's chunked reader raises on a bad chunk size or terminator
    from gunicorn.http.errors import ParseException as _ServerParseError
except ImportError:  # another server: its reader raises OSError or ValueError
    _ServerParseError = ValueError
# A chunked body that ends before its last chunk (the client went away: OSError, gunicorn's NoMoreData)
# or whose framing is malformed.
BODY_READ_ERRORS = (OSError, ValueError, _ServerParseError)


class ChunkedBodyLimitMiddleware:
    """A body sent without Content-Length (chunked) is read here, up to the upload limit:
    beyond it the answer is 413; within it the view sees the body (Django alone reads it as empty).
    A body cut short or with a malformed chunk is a 400."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        chunked = "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not meta.get("CONTENT_LENGTH"):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            try:
                body = meta["wsgi.input"].read(limit + 1)
            except BODY_READ_ERRORS:
                speak_visitors_language(request)
                return bad_request(request, gettext("The request body did not arrive whole (it ended early or a "
                                                    "chunk was malformed): send it again."))
            if len(body) > limit:
                speak_visitors_language(request)
                return bad_request(request, gettext("The request body is larger than %(megabytes)s MB.")
                                   % {"megabytes": limit // (1024 * 1024)}, 413)
            meta["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))
        return self.get_response(request)


def _json_text_invalid_field(text: bytes | str, path: str) -> str | None:
    try:
        data = json.loads(text or "null")
    except (ValueError, RecursionError):
        return None  # not JSON: the view says so
    return json_invalid_field(data, path)


class ValidUnicodeMiddleware:
    """Text with a NUL or a lone UTF-16 surrogate, in the address, a query-string value, a form
    field or anywhere in a JSON body (keys too), is refused with a 400 naming the field before any
    view runs: SQLite would store it and every later answer would fail to encode; PostgreSQL
    refuses NUL with a server error."""

    FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = self._invalid_field(request)
        if field:
            speak_visitors_language(request)
            message = gettext("“%(field)s” holds characters that are not valid text (a NUL or a lone surrogate).") % {
                "field": field}
            return bad_request(request, message, field=field)
        return self.get_response(request)

    def _invalid_field(self, request: HttpRequest) -> str | None:
        if text_invalid(request.path):
            return "address"
        for key, values in request.GET.lists():
            if text_invalid(key):
                return "a query parameter name"
            if any(text_invalid(v) for v in values):
                return key
        content_type = request.content_type or ""
        length = request.META.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            return None  # the view refuses the size with its own message (413)
        if request.method == "POST" and content_type in self.FORM_TYPES:
            return self._invalid_form_field(request)
        if content_type == "application/json" or content_type.endswith("+json"):
            return _json_text_invalid_field(request.body, "")
        return None

    @staticmethod
    def _invalid_form_field(request: HttpRequest) -> str | None:
        """Form fields, and JSON carried in a form (a pasted or uploaded scenario): its escapes
        (``"\\ud800"``) are valid text until parsed."""
        for key, values in request.POST.lists():
            if text_invalid(key):
                return "a form field name"
            for value in values:
                if text_invalid(value):
                    return key
                if value.lstrip()[:1] in ("{", "["):
                    found = _json_text_invalid_field(value, key)
                    if found:
                        return found
        for key, upload in request.FILES.items():
            if upload.name.endswith(".json") and upload.size <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
                found = _json_text_invalid_field(upload.read(), key)
                upload.seek(0)
                if found:
                    return found
        return None


class AdminLoginThrottleMiddleware:
    """Admin login attempts are counted before the password is checked, per user name and per
    address (the client's, judgeapp/client_address.py): past ADMIN_LOGIN_MAX_FAILURES for a name, or
    ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS for an address, within ADMIN_LOGIN_WINDOW seconds of the first,
    an attempt is a 429 and no password is checked until the window passes.

    Counting first, in one atomic statement (judgeapp/throttle.py: the SQLite counters every worker
    shares), is what makes the bound hold for attempts sent all at once: a count read before the
    check and written after it let 40 parallel guesses through 36 checks.  A successful login clears
    its user name's count and takes itself back from the address's; the address keeps its failures,
    so a valid account cannot be used to reset an address that guesses at others."""

    def __init__(self, get_response):
        self.get_response = get_response

    @staticmethod
    def keys(request: HttpRequest) -> tuple[str, str]:
        """The counters of the attempt's user name and of its address."""
        username = request.POST.get("username", "")[:150].lower()
        address = throttle.address_bucket(client_address(request))
        return f"admin-login:user:{username}", f"admin-login:address:{address}"

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST" or request.path != "/admin/login/":
            return self.get_response(request)
        user_key, address_key = self.keys(request)
        window = settings.ADMIN_LOGIN_WINDOW
        user_count, user_wait = throttle.attempt_count(user_key, window)
        address_count, address_wait = throttle.attempt_count(address_key, window)
        waits = [wait for count, limit, wait in (
            (user_count, settings.ADMIN_LOGIN_MAX_FAILURES, user_wait),
            (address_count, settings.ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS, address_wait)) if count > limit]
        if waits:
            retry = max(waits)
            response = bad_request(request, ngettext("Too many failed logins: try again in %(seconds)d second.",
                                                     "Too many failed logins: try again in %(seconds)d seconds.",
                                                     retry) % {"seconds": retry}, 429)
            response["Retry-After"] = str(retry)
            return response
        response = self.get_response(request)
        if response.status_code == 302 and request.user.is_authenticated:
            throttle.attempt_forget(user_key)
            throttle.attempt_uncount(address_key)
        return response
