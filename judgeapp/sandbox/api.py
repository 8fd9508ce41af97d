"""The sandbox JSON API under /api/v1/scenarios/: create, read, update, fork, step, answer, undo, run, export.

Anyone can create a scenario and read one by id (in any view, the judge's
included); a player's private link (``scenarios/player/<token>/``) reads it in
that player's view only and names nothing that leads elsewhere.  Changing it needs the
owner's session (the owner token is kept in the session of the creator), the
token in an ``X-Sandbox-Owner`` header, or a staff login.  Bodies are JSON
of at most 1 MB, nested at most 24 levels; every error is JSON naming the
field: ``{"error": "invalid", "field": "scenario.players[0].hand[1].grade",
"message": "..."}`` (400, or 413 for size); a refused game action is 409 with
the engine's reason and clause.
"""
from __future__ import annotations


from django.conf import settings
from django.urls import path
from django.utils.translation import get_language, gettext
from drf_spectacular.utils import OpenApiResponse, OpenApiTypes, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import APIException, PermissionDenied
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BrowsableAPIRenderer
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp import throttle
from judgeapp.errors import VisitorError
from judgeapp.caches import ByteLRU, json_weight
from judgeapp.fastjson import FastJSONRenderer

from . import schema as doc
from . import games, selectors, services, validation, wording
from .housekeeping import scenario_opened
from .ownership import owner_check, owner_remember, player_urls, session_boards_check

CREATE_FIELDS = ("scenario", "game", "title", "question", "description", "tags", "clauses", "expectations", "start")
UPDATE_FIELDS = ("title", "question", "description", "tags", "clauses", "expectations", "definition", "status")


class SandboxAPIError(VisitorError, APIException):
    """Carries a SandboxError (or any body written for the visitor) with its own status code (and ``wait``:
    a Retry-After header)."""

    def __init__(self, body: dict, code: int = 400, wait: int | None = None):
        self.status_code = code
        self.detail = body
        self.wait = wait


def _invalid(field: str, message: str, code: int = 400) -> SandboxAPIError:
    return SandboxAPIError({"error": "invalid", "field": field, "message": message}, code)


class LimitedJSONParser(BaseParser):
    """JSON bodies up to validation.MAX_BODY_BYTES, depth-checked; never a RecursionError or a 500."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        if stream is None:
            return {}
        raw = stream.read(validation.MAX_BODY_BYTES + 1)
        try:
            return validation.json_parse(raw, "body")
        except validation.SandboxError as exc:
            raise _invalid(exc.field, exc.message, exc.status) from None


def _fields(data, allowed: tuple[str, ...]) -> dict:
    if not isinstance(data, dict):
        raise _invalid("body", gettext("expected a JSON object"))
    for key in data:
        if key not in allowed:
            raise _invalid(str(key)[:60], gettext("unknown field (allowed: %(names)s)") % {"names": ', '.join(allowed)})
    return data


def view_param(request) -> str:
    """The ``view`` query parameter: judge (default), p0 or p1."""
    view = request.query_params.get("view", "judge") if hasattr(request, "query_params") else "judge"
    if view not in selectors.VIEWS:
        raise _invalid("view", gettext("expected one of %(names)s") % {"names": ', '.join(selectors.VIEWS)})
    return view


def scenario_json(request, scenario, *, full: bool = True, view: str = "judge", owner: bool | None = None) -> dict:
    """The API representation of a scenario: board, decision and log as ``view`` may see them.

    A player view (p0, p1) leaves out what only the judge may read: the starting
    definition (hands and decks), the expectations and their last run.  ``owner``
    overrides the request's ownership (a player link never acts as the owner).
    """
    owner = owner_check(request, scenario) if owner is None else owner
    out = {
        "id": str(scenario.id), "url": request.build_absolute_uri(f"/sandbox/{scenario.id}/"),
        "status": scenario.status, "title": scenario.title, "question": scenario.question,
        "description": scenario.description, "tags": scenario.tags, "clauses": scenario.clauses,
        "example": scenario.example, "forked_from": str(scenario.forked_from_id) if scenario.forked_from_id else None,
        "definition": scenario.definition, "expectations": scenario.expectations, "last_run": scenario.last_run,
        "owner": owner, "updated": scenario.updated.isoformat(), "view": view,
        "game": games.slug_of(scenario.definition),
    }
    if view != "judge":
        for key in ("definition", "expectations", "last_run"):
            del out[key]
    if owner:
        out["share_url"] = request.build_absolute_uri(f"/sandbox/s/{scenario.share_token}/")
        out["player_urls"] = player_urls(request, scenario)
    if full and scenario.tree:
        out.update(_play_json(scenario, view))
    return out


# Fields of the detail answer that lead from a player link to the judge view: the id (and the
# permalink in `url`) reads the scenario in any view, a fork has the same hands as its parent,
# an example's page shows its whole starting position.
PLAYER_LINK_OMITTED = ("id", "forked_from", "example")


def player_link_json(request, scenario, *, view: str) -> dict:
    """A scenario as a player's private link shows it: the detail answer in that player's view,
    never as the owner (no share or player links), without the fields that lead to the judge view;
    ``url`` is the private page."""
    out = scenario_json(request, scenario, view=view, owner=False)
    for key in PLAYER_LINK_OMITTED:
        del out[key]
    out["url"] = player_urls(request, scenario)[view]
    return out


# Bounded in bytes (judgeapp/caches.py): a board's answer shares its citation views with the others.
_PLAY_CACHE = ByteLRU("answers", json_weight)


def _play_json(scenario, view: str = "judge") -> dict:
    """Board, decision, log, history and branches: a function of the saved tree, so
    rebuilt only when the scenario changes (`updated`), not on every read."""
    key = (scenario.pk, scenario.updated, scenario.tree["current"], view, get_language())  # labels in its language
    cached = _PLAY_CACHE.get(key)
    if cached is not None:
        return cached
    state = selectors.state_get(scenario=scenario)
    decision = selectors.decision_view(state=state, view=view)
    history = selectors.history_view(scenario=scenario)
    branches = selectors.branch_list(scenario=scenario)
    if view != "judge":
        # Past choices may name hidden cards (a mulligan, a judge's move): a redacted label instead.
        for item in history:
            action = item.pop("action")
            item["label"] = selectors.action_label(state, action, view) if action else None
        for item in branches:
            action = item.pop("last_action")
            item["last_label"] = selectors.action_label(state, action, view) if action else None
    play = {
        "current": scenario.tree["current"],
        "board": selectors.board_view(state=state, view=view),
        "decision": decision,
        "legal_actions": ([a.to_json() for a in games.rules(state).legal_actions(state)]
                          if view == "judge" or (decision and decision["mine"]) else []),
        # Why not: the answers a judge might expect that the rules forbid, with the reason and the clause.
        "refused": [{"action": r["action"], "label": r["label"], "reason": r["reason"], "citation": r["citation"]}
                    for r in (decision or {}).get("refused", [])],
        "log": selectors.log_view(scenario=scenario, view=view, state=state),
        "history": history,
        "branches": branches,
    }
    _PLAY_CACHE.put(key, play)
    return play


def _node_json(request, scenario, node: dict) -> dict:
    """A step's or an answer's response: the new node's events, then the scenario (both as ``view`` sees them)."""
    view = view_param(request)
    events = node.get("events")  # a new point brings its events; a point reused is read back
    if events is None:
        events = selectors.node_events(scenario=scenario, nodes=[node["id"]]).get(node["id"], [])
    if view != "judge":
        events = selectors.events_view(events=events, view=view, state=selectors.state_get(scenario=scenario))
    return {"node": node["id"], "events": events, **scenario_json(request, scenario, view=view)}


class _Base(APIView):
    parser_classes = [LimitedJSONParser]
    # Staff and owning users log in with the session (CSRF enforced for them); anonymous owners prove
    # ownership per scenario with the token in their session or the X-Sandbox-Owner header.
    authentication_classes = [SessionAuthentication]
    # orjson: a long history's log makes answers large (judgeapp/fastjson.py)
    renderer_classes = [FastJSONRenderer, BrowsableAPIRenderer]
    permission_classes: list = []
    takes_view = True  # a player link's view is its player's: the view parameter is ignored there

    def initial(self, request, *args, **kwargs):
        length = request.META.get("CONTENT_LENGTH") or "0"
        if length.isdigit() and int(length) > validation.MAX_BODY_BYTES:
            raise _invalid("body", gettext("larger than %(max_body_bytes)s KB") % {
                "max_body_bytes": validation.MAX_BODY_BYTES // 1024}, 413)
        if request.method not in SAFE_METHODS:
            self._csrf_check(request)
        super().initial(request, *args, **kwargs)
        if self.takes_view:
            view_param(request)  # an unknown view is refused before anything changes

    @staticmethod
    def _csrf_check(request) -> None:
        """A write that carries the session cookie must carry the CSRF token too, whatever else it sends:
        the cookie may prove ownership (or a staff login), and a browser sends it with any cross-site
        form or request.  Only a write without the cookie is not asked for one: nothing a browser adds on
        its own then speaks for the writer, so a change needs the owner token in the X-Sandbox-Owner
        header (a script's way), which another site cannot know; a create or fork owes nothing to anyone.
        The header never stands in for the token beside the cookie: the cookie would then decide
        ownership with any header value, and the header would be all a forged request had to add."""
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return
        try:
            SessionAuthentication().enforce_csrf(request)
        except PermissionDenied:
            raise SandboxAPIError({"error": "forbidden", "message": gettext(
                "CSRF check failed: a write made with the session cookie needs the X-CSRFToken header (or use "
                "the X-Sandbox-Owner header without the cookie)")}, 403) from None

    @staticmethod
    def _rate_limit(request, scope: str) -> None:
        try:
            throttle.rate_limit_check(request, scope)
        except throttle.RateLimited as exc:
            raise SandboxAPIError({"error": "rate_limited", "message": exc.message}, 429,
                                  wait=exc.retry_after) from None

    def _scenario(self, scenario_id, *, edit: bool = False):
        try:
            scenario = selectors.scenario_get(scenario_id=scenario_id, for_write=edit)
        except selectors.ScenarioNotFound as exc:
            raise SandboxAPIError({"error": "not_found", "message": str(exc)}, 404) from None
        scenario_opened(scenario=scenario)  # kept from the daily prune while someone opens it
        wording.game_is(games.slug_of(scenario.definition))  # its labels in this game's words
        if edit and not owner_check(self.request, scenario):
            raise SandboxAPIError({"error": "forbidden", "message": gettext(
                "only the owner (their session or the X-Sandbox-Owner token) or staff can change this scenario; "
                "fork it instead")}, 403)
        return scenario

    def _call(self, fn, **kwargs):
        try:
            return fn(**kwargs)
        except validation.SandboxError as exc:
            raise _invalid(exc.field, exc.message, exc.status) from None
        except (validation.ActionRefused, validation.ScenarioConflict) as exc:
            raise SandboxAPIError(exc.to_json(), 409) from None

    def _created(self, request, scenario) -> Response:
        owner_remember(request, scenario)
        body = scenario_json(request, scenario)
        body["owner_token"] = scenario.owner_token
        return Response(body, status=status.HTTP_201_CREATED)


class ScenarioListView(_Base):
    @extend_schema(
        tags=[doc.TAG], request=doc.ScenarioCreateSerializer,
        responses={201: OpenApiResponse(doc.ScenarioSerializer, description="The new scenario, with its owner_token."),
                   **doc.errors(400, 403, 413, 503)},
        summary="Create or import a scenario",
        description="Create: {scenario: <starting position in the engine's scenario format>, title, question, "
                    "description, tags, clauses, expectations, start}. Import: a body that is itself a whole "
                    "scenario file (it has \"format\"; metadata, script and expect included) is loaded and its "
                    "script replayed. Anyone may create; the answer carries owner_token, and the creating session "
                    "is remembered as the owner. At most 200 cards, "
                    f"{settings.SANDBOX_MAX_SCRIPT_ACTIONS} script actions (the script and its branches together), "
                    "100 expectations; every text bounded (see the scenario field and docs/sandbox-api.md).")
    def post(self, request):
        data = request.data
        if isinstance(data, dict) and "format" in data:
            self._rate_limit(request, "scenario-import")
            self._call(session_boards_check, request=request)
            scenario = self._call(services.scenario_import, data=data, owner=request.user)
            return self._created(request, scenario)
        data = _fields(data, CREATE_FIELDS)
        self._rate_limit(request, "scenario-create")
        if "game" in data:
            data["scenario"] = _with_game(data.get("scenario"), data["game"])
        if "scenario" not in data:
            raise _invalid("scenario", gettext("required field is missing"))
        start = data.get("start", True)
        if not isinstance(start, bool):
            raise _invalid("start", gettext("expected true or false"))
        definition = data["scenario"]
        self._call(services.definition_check, data=definition)
        if isinstance(definition, dict) and ("script" in definition or "metadata" in definition
                                             or "expect" in definition):
            raise _invalid("scenario", gettext("script, metadata and expect belong in an import body (the whole "
                                               "scenario file as the body) or in the top-level fields"))
        meta = {k: data[k] for k in ("title", "question", "description", "tags", "clauses") if k in data}
        self._call(session_boards_check, request=request)
        scenario = self._call(services.scenario_create, definition=definition, meta=meta,
                              expectations=data.get("expectations") or [], owner=request.user, start=start)
        return self._created(request, scenario)


def _with_game(definition, game):
    """The creation body's ``game`` put into its starting position (a blank board of that game when there is none)."""
    if not isinstance(game, str) or game not in games.titles():
        raise _invalid("game", gettext("expected one of %(names)s") % {"names": ', '.join(games.titles())})
    if definition is None:
        return services.definition_blank(game)
    if isinstance(definition, dict) and definition.get("game", games.default_slug()) != game:
        if "game" in definition:
            raise _invalid("game", gettext("the scenario is a %(definition)s position, not %(game)s") % {
                "definition": definition['game'], "game": game})
        definition = dict(definition, game=game)
    return definition


class ScenarioDetailView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.VIEW], responses={200: doc.ScenarioSerializer, **doc.errors(400, 404)},
        summary="Read a scenario",
        description="Metadata, and once started the board, pending decision, legal actions, event log (with reader "
                    "links for every cited clause), history and branches, as the view may see them. Anyone with the "
                    "id may read.")
    def get(self, request, scenario_id):
        return Response(scenario_json(request, self._scenario(scenario_id), view=view_param(request)))

    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.VIEW, doc.OWNER], request=doc.ScenarioUpdateSerializer,
        responses={200: doc.ScenarioSerializer, **doc.errors(400, 403, 404, 413, 503)},
        summary="Update a scenario (owner or staff)",
        description="Any subset of the fields: metadata, expectations, the starting position (drafts only) or "
                    "status (draft resets to set-up and discards the history; started validates and starts). "
                    "Everything is validated before anything is written. PUT is the same as PATCH.")
    def patch(self, request, scenario_id):
        scenario = self._scenario(scenario_id, edit=True)
        data = _fields(request.data, UPDATE_FIELDS)
        meta = {k: data[k] for k in ("title", "question", "description", "tags", "clauses") if k in data}
        clean_meta = self._call(services.meta_clean, data=meta, partial=True)
        expectations = None
        if "expectations" in data:
            definition = data.get("definition", scenario.definition)
            expectations = self._call(services.expectations_clean, definition=definition,
                                      expectations=data["expectations"], field="expectations")
        if "status" in data and data["status"] not in ("draft", "started"):
            raise _invalid("status", gettext("expected draft or started"))
        if "definition" in data:
            if data.get("status") != "draft" and scenario.status != "draft":
                raise _invalid("definition", gettext("the scenario has started: send status “draft” to return to "
                                                     "set-up"))
            self._call(services.definition_check, data=data["definition"], field="definition")
        # Everything is validated: now write.
        if clean_meta:
            services.meta_update(scenario=scenario, data=clean_meta)
        if expectations is not None:
            scenario.expectations = expectations
            scenario.save(update_fields=["expectations", "updated"])
        if data.get("status") == "draft" and scenario.status != "draft":
            services.scenario_reset(scenario=scenario)
        if "definition" in data:
            self._call(services.definition_replace, scenario=scenario, definition=data["definition"])
        if data.get("status") == "started" and scenario.status != "started":
            self._call(services.scenario_start, scenario=scenario)
        return Response(scenario_json(request, scenario, view=view_param(request)))

    put = patch


class ScenarioPlayerView(_Base):
    takes_view = False

    @extend_schema(
        tags=[doc.TAG], parameters=[doc.PLAYER_TOKEN], responses={200: doc.ScenarioPlayerSerializer,
                                                                  **doc.errors(404)},
        summary="Read a scenario through a player's private link",
        description="The same answer as reading the scenario with view=p0 or view=p1, for the player the token "
                    "belongs to, whatever the view parameter says; it never names the scenario's id, its "
                    "forked_from or example, or any link or token (owner is always false, url is the private "
                    "page). An unknown token is a 404.")
    def get(self, request, token):
        try:
            scenario, view = selectors.scenario_get_for_player(token=token)
        except selectors.ScenarioNotFound as exc:
            raise SandboxAPIError({"error": "not_found", "message": str(exc)}, 404) from None
        scenario_opened(scenario=scenario)
        return Response(player_link_json(request, scenario, view=view))


class ScenarioForkView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID], request=None,
        responses={201: OpenApiResponse(doc.ScenarioSerializer, description="The copy, with its owner_token."),
                   **doc.errors(403, 404, 503)},
        summary="Fork a scenario",
        description="A copy (position, history, metadata) owned by the caller; anyone may fork.")
    def post(self, request, scenario_id):
        scenario = self._scenario(scenario_id)
        self._rate_limit(request, "scenario-fork")
        self._call(session_boards_check, request=request)
        return self._created(request, self._call(services.scenario_fork, scenario=scenario, owner=request.user))


class ScenarioStepView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.VIEW, doc.OWNER], request=doc.ScenarioStepSerializer,
        responses={200: doc.ScenarioNodeSerializer, **doc.errors(400, 403, 404, 409, 413, 503)},
        summary="Run the engine (owner or staff)",
        description="Runs from the current point: one event, to the next decision, or to the end of the step, "
                    "phase, battle or turn. 400 (field mode) when a decision is pending, the game is over or nothing "
                    "is left to run. Running the same way again from a point reuses the existing child point.")
    def post(self, request, scenario_id):
        scenario = self._scenario(scenario_id, edit=True)
        self._rate_limit(request, "scenario-step")
        data = _fields(request.data, ("mode", "from_node"))
        node = self._call(services.scenario_step, scenario=scenario, mode=data.get("mode", "event"),
                          from_node=data.get("from_node"))
        return Response(_node_json(request, scenario, node))


class ScenarioAnswerView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.VIEW, doc.OWNER], request=doc.ScenarioAnswerSerializer,
        responses={200: doc.ScenarioNodeSerializer, **doc.errors(400, 403, 404, 409, 413, 503)},
        summary="Answer the decision or take a judge action (owner or staff)",
        description="The answer becomes a new point of the history (a new branch when the current point already "
                    "has children). An action the rules forbid is a 409 with the engine's reason and clause; "
                    "nothing is saved.")
    def post(self, request, scenario_id):
        scenario = self._scenario(scenario_id, edit=True)
        self._rate_limit(request, "scenario-step")
        data = _fields(request.data, ("action", "then", "from_node"))
        if "action" not in data:
            raise _invalid("action", gettext("required field is missing"))
        node = self._call(services.scenario_act, scenario=scenario, action=data["action"],
                          then=data.get("then", "decision"), from_node=data.get("from_node"))
        return Response(_node_json(request, scenario, node))


class ScenarioUndoView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.VIEW, doc.OWNER], request=doc.ScenarioUndoSerializer,
        responses={200: doc.ScenarioSerializer, **doc.errors(400, 403, 404, 409, 413, 503)},
        summary="Undo, or go to any point (owner or staff)",
        description="Without a body, steps back to the parent point; {node: n} moves to any point of any branch. "
                    "Nothing is deleted: stepping again from an earlier point starts a branch.")
    def post(self, request, scenario_id):
        scenario = self._scenario(scenario_id, edit=True)
        self._rate_limit(request, "scenario-step")
        data = _fields(request.data, ("node", "from_node"))
        if "node" in data:
            self._call(services.scenario_goto, scenario=scenario, node=data["node"])
        else:
            self._call(services.scenario_undo, scenario=scenario, from_node=data.get("from_node"))
        return Response(scenario_json(request, scenario, view=view_param(request)))


class ScenarioRunView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID, doc.OWNER], request=None,
        responses={200: doc.ScenarioRunSerializer, **doc.errors(403, 404, 503)},
        summary="Re-run the expectations (owner or staff)",
        description="Exports the scenario, replays it with the engine and checks every expectation; the result is "
                    "kept as last_run. No expectations is a failure (a regression test needs at least one).")
    def post(self, request, scenario_id):
        scenario = self._scenario(scenario_id, edit=True)
        return Response(services.scenario_run(scenario=scenario))


class ScenarioExportView(_Base):
    @extend_schema(
        tags=[doc.TAG], parameters=[doc.SCENARIO_ID],
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="A scenario file "
                                                        "(docs/scenarios.md): metadata, position, the script to the "
                                                        "current point, expectations."), **doc.errors(404)},
        summary="Export in the engine's scenario format",
        description="Downloadable (Content-Disposition: attachment); POST it to /api/v1/scenarios/ to import it, "
                    "or run it with the engine's scenario runner.")
    def get(self, request, scenario_id):
        scenario = self._scenario(scenario_id)
        response = Response(services.scenario_export(scenario=scenario))
        response["Content-Disposition"] = f'attachment; filename="scenario-{scenario.id}.json"'
        return response


urlpatterns = [
    path("scenarios/", ScenarioListView.as_view(), name="sandbox-api-list"),
    path("scenarios/player/<str:token>/", ScenarioPlayerView.as_view(), name="sandbox-api-player"),
    path("scenarios/<str:scenario_id>/", ScenarioDetailView.as_view(), name="sandbox-api-detail"),
    path("scenarios/<str:scenario_id>/fork/", ScenarioForkView.as_view(), name="sandbox-api-fork"),
    path("scenarios/<str:scenario_id>/step/", ScenarioStepView.as_view(), name="sandbox-api-step"),
    path("scenarios/<str:scenario_id>/answer/", ScenarioAnswerView.as_view(), name="sandbox-api-answer"),
    path("scenarios/<str:scenario_id>/undo/", ScenarioUndoView.as_view(), name="sandbox-api-undo"),
    path("scenarios/<str:scenario_id>/run/", ScenarioRunView.as_view(), name="sandbox-api-run"),
    path("scenarios/<str:scenario_id>/export/", ScenarioExportView.as_view(), name="sandbox-api-export"),
]
