"""Sandbox pages: plain forms that work without JavaScript (static/judgeapp/sandbox.js swaps them in place).

Every POST changes one scenario through one service and redirects back to the
page (post/redirect/get); on an error the page is rendered again with the
message naming the field, or the engine's "why not" with its clause.
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext
from functools import wraps
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

import engine
from judgeapp import throttle
from judgeapp.errors import NotFound
from judgeapp.caches import ByteLRU, json_weight

from . import answers, expectations, games, registers, selectors, services, validation, wording
from .board_setup import setting_fields
from .example_names import example_names
from .example_text import example_text
from .fragments import board_page, card_options_html, decision_html, decision_menus, log_html
from .housekeeping import scenario_opened
from .setup_steps import setup_context
from .ownership import owner_check, owner_remember, player_urls, remembered_ids, session_boards_check
from .models import Scenario

def board_form(view):
    """A board's form address (``…/play/``, ``…/save/``) takes forms only. Visited (a phone's Back or reload after a
    refusal was shown there, an address copied from the bar) it leads to the board, never to a "not allowed" page."""
    @wraps(view)
    def wrapped(request: HttpRequest, scenario_id, *args, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return redirect("sandbox-detail", scenario_id)
        return view(request, scenario_id, *args, **kwargs)
    return wrapped


def _scenario(scenario_id, *, for_write: bool = False) -> Scenario:
    try:
        scenario = selectors.scenario_get(scenario_id=scenario_id, for_write=for_write)
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    scenario_opened(scenario=scenario)  # kept from the daily prune while someone opens it
    wording.game_is(games.slug_of(scenario.definition))  # the page names things in this board's game's words
    return scenario


def _view_of(request) -> str:
    view = request.GET.get("view") or request.POST.get("view") or "judge"
    return view if view in selectors.VIEWS else "judge"


def _back(scenario: Scenario, view: str, anchor: str = "") -> HttpResponse:
    url = reverse("sandbox-detail", args=[scenario.id])
    if view != "judge":
        url += f"?view={view}"
    return redirect(url + anchor)


def _log_with_html(scenario, view: str = "judge", state=None) -> tuple[list[dict], str]:
    """The event log as ``view`` may read it and its HTML: a function of the saved tree,
    rebuilt only when the scenario changes (its `updated` time), not on every page view."""
    key = (scenario.pk, scenario.updated, scenario.tree["current"], view, get_language())  # words in its language
    cached = _LOG_CACHE.get(key)
    if cached is None:
        events = selectors.log_view(scenario=scenario, view=view, state=state, seats=True)
        cached = (events, log_html(events))
        _LOG_CACHE.put(key, cached)
    return cached


# Bounded in bytes (judgeapp/caches.py): the log's views share their citations, the HTML is its length.
_LOG_CACHE = ByteLRU("logs", lambda entry: json_weight(entry[0]) + len(entry[1]))


# ---------------------------------------------------------------- page context
def _detail_context(request, scenario: Scenario, *, view: str, readonly: bool, error=None, refused=None) -> dict:
    wording.game_is(games.slug_of(scenario.definition))
    first = scenario.definition.get("first_player", 0) if isinstance(scenario.definition, dict) else 0
    ctx: dict = {"scenario": scenario, "view": view, "readonly": readonly, "error": error, "refused": refused,
                 "views": [("judge", gettext("Judge")), ("p0", wording.seat_words(0, first)),
                           ("p1", wording.seat_words(1, first))],
                 "clause_links": clause_links(scenario.definition, scenario.clauses),
                 **answers.ask_context(scenario.definition, scenario.question)}
    ctx.update(game_context(scenario.definition))
    if not readonly:
        ctx["share_url"] = request.build_absolute_uri(reverse("sandbox-shared", args=[scenario.share_token]))
        if view == "judge":
            ctx["player_urls"] = player_urls(request, scenario)
    ctx["card_names"] = {e.get("id"): e.get("name", "") for _, _, _, e in services.definition_entries(
        scenario.definition) if isinstance(e, dict)}
    ctx["run_checks"] = run_checks(scenario, ctx["card_names"])
    if scenario.status == Scenario.Status.DRAFT or not scenario.tree:
        ctx["board"] = selectors.draft_board_view(definition=scenario.definition, view=view)
        ctx["draft"] = True
        ctx["builder"] = not readonly
        board_page(ctx["board"])  # no controls on the tiles: removing a card is the builder's (setup_views.py)
        if not readonly:
            ctx.update(setup_context(request, scenario, cards=view == "judge"))  # a player's view names no card
        ctx["settings"] = {k: scenario.definition.get(k) for k in (*setting_fields(scenario.definition), "phase")}
        return ctx
    state = selectors.state_get(scenario=scenario)
    ctx.update(
        board=selectors.board_view(state=state, view=view),
        decision=selectors.decision_view(state=state, view=view),
        history=selectors.history_view(scenario=scenario),
        branches=selectors.branch_list(scenario=scenario),
        cards=sorted(((cid, c.name, c.owner) for cid, c in state.cards.items()), key=lambda t: (t[2], t[0])),
        can_step=state.pending is None and not state.outcome and bool(state.agenda),
        current=scenario.tree["current"],
    )
    board_page(ctx["board"])
    ctx["outcome_text"] = wording.outcome_text(state.outcome, getattr(state, "first_player", 0))
    if ctx["decision"]:
        ctx["decision_general"], ctx["decision_groups"] = decision_menus(state, ctx["decision"])
        ctx["decision_html"] = decision_html(ctx["decision_general"], ctx["decision_groups"])
    ctx["log"], ctx["log_html"] = _log_with_html(scenario, view, state)
    ctx["answer"] = answers.answer_view(scenario=scenario, state=state, refused=refused)
    # Judge actions name every card, hidden ones included: offered in the judge view only.
    ctx["judge_tools"] = view == "judge" and not readonly
    ctx["card_options"] = card_options_html(ctx["cards"], first) if ctx["judge_tools"] else ""
    modes = dict(ctx["choices"].get("step_modes", ()))  # a run's point in the game's words
    for item in ctx["history"]:
        item["label"] = selectors.action_label(state, item["action"], view) if item["action"] else (
            modes.get(item["mode"], gettext("Run on")) if item["mode"] else gettext("The board as set up"))
    for item in ctx["branches"]:
        item["label"] = (selectors.action_label(state, item["last_action"], view) if item["last_action"]
                         else gettext("no choice"))
    return ctx


def clause_links(definition: dict, numbers) -> list[dict]:
    """Reader links for a scenario's clause numbers, in its game's rules."""
    document = games.for_definition(definition).RULES_DOCUMENT
    return [selectors.citation_view({"document": document, "number": n}) for n in numbers]


def game_context(definition: dict) -> dict:
    """What the pages draw differently for a board's game: its name, stylesheets, form choices, builder and judge
    tools (a game without templates of its own uses the shared ones)."""
    board_game = games.for_definition(definition)
    ctx = {"game": board_game.SLUG, "game_title": board_game.TITLE, "choices": board_game.FORM_CHOICES,
           "stylesheets": board_game.STYLESHEETS}
    if board_game.TEMPLATES:
        ctx.update(builder_template=f"{board_game.TEMPLATES}/_builder.html",
                   judge_template=f"{board_game.TEMPLATES}/_judge.html")
    return ctx


def run_checks(scenario: Scenario, names: dict) -> list[dict]:
    """The last run's checks as sentences: the runner checks the expectations in order, one check each."""
    checks = (scenario.last_run or {}).get("checks", [])
    exp = scenario.expectations
    same = len(checks) == len(exp)
    return [{"passed": c["passed"], "detail": c["detail"],
             "text": wording.expectation_text(exp[i], names) if same else wording.judge_text(c["label"])}
            for i, c in enumerate(checks)]


def _render_detail(request, scenario, *, error=None, refused=None, status=200) -> HttpResponse:
    view = _view_of(request)
    readonly = not owner_check(request, scenario)
    ctx = _detail_context(request, scenario, view=view, readonly=readonly, error=error, refused=refused)
    return render(request, "sandbox/detail.html", ctx, status=status)


def _fail(request, scenario, exc) -> HttpResponse:
    if isinstance(exc, validation.ActionRefused):
        state = selectors.state_get(scenario=scenario)
        reason, reason_lang, assumptions = selectors.reason_view(exc.reason, state)
        refused = {"reason": reason, "reason_lang": reason_lang, "assumptions": assumptions, "action": exc.action,
                   "label": selectors.action_label(state, exc.action, _view_of(request),
                                                   state.pending.kind if state and state.pending else None)
                   if state else "",
                   "citation": selectors.citation_view(exc.citation.to_json()) if exc.citation else None}
        return _render_detail(request, scenario, refused=refused, status=409)
    if isinstance(exc, validation.ScenarioConflict):
        scenario.refresh_from_db()
        return _render_detail(request, scenario, error={"field": "", "message": exc.message}, status=409)
    return _render_detail(request, scenario, error={"field": exc.field, "message": exc.message}, status=exc.status)


def _owned(request, scenario_id) -> Scenario | HttpResponse:
    scenario = _scenario(scenario_id, for_write=True)
    if not owner_check(request, scenario):
        return HttpResponseForbidden(gettext("Only the owner of this scenario (or staff) can change it: fork it to "
                                                 "make your own copy."), content_type="text/plain")
    return scenario


def rate_limited(scope: str):
    """Count the page's write against the client's ``scope`` budget (judgeapp/throttle.py); over it, a 429 page."""
    def wrap(view):
        @wraps(view)
        def limited(request, *args, **kwargs):
            if request.method == "POST":
                try:
                    throttle.rate_limit_check(request, scope)
                except throttle.RateLimited as exc:
                    response = render(request, "429.html", {"message": exc.message}, status=429)
                    response["Retry-After"] = str(exc.retry_after)
                    return response
            return view(request, *args, **kwargs)
        return limited
    return wrap


# ---------------------------------------------------------------- pages
@require_GET
def sandbox_index(request: HttpRequest) -> HttpResponse:
    return _index(request)


def _index(request, *, error=None, status=200, raw="") -> HttpResponse:
    mine = selectors.scenario_list_by_ids(ids=remembered_ids(request)[:50])
    examples = selectors.example_list()
    groups = [{"game": slug, "title": title, "examples": [e for e in examples if e["game"] == slug]}
              for slug, title in games.choices()]
    # A new board: each game's ready boards first (one tap), then its empty board.
    new_boards = [p.NEW_BUTTON | {"game": p.SLUG, "title": p.TITLE, "presets": games.presets(p.SLUG)}
                  for p in games.hosted()]
    return render(request, "sandbox/index.html", {"examples": examples, "example_groups": groups, "mine": mine,
                                                  "games": games.choices(), "new_boards": new_boards, "error": error,
                                                  "raw": raw},
                  status=status)


@require_POST
@rate_limited("scenario-create")
def sandbox_new(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game") or games.default_slug()
    if game not in games.titles():
        return _index(request, error={"field": "game", "message": gettext("no game “%(game)s” in the sandbox") % {
            "game": game[:40]}}, status=400)
    try:
        session_boards_check(request)
        preset = request.POST.get("preset")
        definition = services.definition_preset(game, preset) if preset else services.definition_blank(game)
        scenario = services.scenario_create(definition=definition, owner=request.user)
    except validation.SandboxError as exc:  # storage full
        return _index(request, error={"field": exc.field, "message": exc.message}, status=exc.status)
    owner_remember(request, scenario)
    return redirect("sandbox-detail", scenario.id)


@require_POST
@rate_limited("scenario-import")
def sandbox_import(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > validation.MAX_BODY_BYTES:
            return _index(request, error={"field": "file", "message": gettext("larger than 1024 KB")}, status=413)
        raw = upload.read()
    else:
        raw = request.POST.get("json", "")
    try:
        if not raw or not raw.strip():
            raise validation.SandboxError("json", gettext("paste a scenario or choose a file"))
        data = validation.json_parse(raw, "json")
        wording.game_is(games.slug_of(data))  # an error names the fields in the pasted game's words
        session_boards_check(request)
        scenario = services.scenario_import(data=data, owner=request.user)
    except validation.SandboxError as exc:
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        return _index(request, error={"field": exc.field, "message": exc.message}, status=exc.status,
                      raw=text[:20000])
    owner_remember(request, scenario)
    return redirect("sandbox-detail", scenario.id)


@require_GET
def sandbox_detail(request: HttpRequest, scenario_id) -> HttpResponse:
    return _render_detail(request, _scenario(scenario_id))


@require_GET
def sandbox_shared(request: HttpRequest, token: str) -> HttpResponse:
    try:
        scenario = selectors.scenario_get_shared(token=token)
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    scenario_opened(scenario=scenario)
    ctx = _detail_context(request, scenario, view=_view_of(request), readonly=True)
    ctx["shared"] = True
    return render(request, "sandbox/detail.html", ctx)


@require_GET
def sandbox_player(request: HttpRequest, token: str) -> HttpResponse:
    """A player's private link: that player's view, read-only, whatever the query string says."""
    try:
        scenario, view = selectors.scenario_get_for_player(token=token)
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    scenario_opened(scenario=scenario)
    ctx = _detail_context(request, scenario, view=view, readonly=True)
    # The template leaves out everything that names the scenario (id, permalink, export, fork,
    # compare, view switcher): from them a player could reach the judge view.
    ctx["player_link"] = True
    return render(request, "sandbox/detail.html", ctx)


@board_form
@rate_limited("scenario-step")
def sandbox_play(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _owned(request, scenario_id)
    if isinstance(scenario, HttpResponse):
        return scenario
    op = request.POST.get("op")
    from_node = request.POST.get("from_node")  # the point the page showed: a stale page is a conflict
    try:
        if op == "step":
            services.scenario_step(scenario=scenario, mode=request.POST.get("mode", "event"), from_node=from_node)
        elif op == "answer":
            action = validation.json_parse(request.POST.get("action", ""), "action")
            # Ask, answer, stop: running on to the next decision is the judge's choice (run_on), never the default.
            then = ("none" if request.POST.get("pause") else "decision" if request.POST.get("run_on")
                    else request.POST.get("then") or answers.question_mode(scenario.definition, scenario.question))
            services.scenario_act(scenario=scenario, action=action, then=then, from_node=from_node)
        elif op == "judge":
            action = games.for_definition(scenario.definition).judge_action_build(request.POST)
            services.scenario_act(scenario=scenario, action=action, then="none")
        elif op == "undo":
            services.scenario_undo(scenario=scenario, from_node=from_node)
        elif op == "goto":
            services.scenario_goto(scenario=scenario, node=request.POST.get("node", ""))
        else:
            raise validation.SandboxError("op", gettext("unknown operation"))
    except (validation.SandboxError, validation.ActionRefused, validation.ScenarioConflict) as exc:
        return _fail(request, scenario, exc)
    return _back(scenario, _view_of(request))


@board_form
def sandbox_save(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _owned(request, scenario_id)
    if isinstance(scenario, HttpResponse):
        return scenario
    data = {k: request.POST[k] for k in ("title", "question", "description", "tags", "clauses") if k in request.POST}
    asked = request.POST.get("ask", "")
    if asked:  # one of the game's common questions, picked from the list: its words in the page's language
        data["question"] = answers.question_text(scenario.definition, asked) or data.get("question", "")
    try:
        services.meta_update(scenario=scenario, data=data)
    except validation.SandboxError as exc:
        return _fail(request, scenario, exc)
    return _back(scenario, _view_of(request), "#board" if "title" not in data else "#ruling")


@board_form
def sandbox_expect(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _owned(request, scenario_id)
    if isinstance(scenario, HttpResponse):
        return scenario
    op = request.POST.get("op")
    try:
        if op == "add":
            expectations.expectation_add(scenario=scenario, data=request.POST)
        elif op == "remove":
            expectations.expectation_remove(scenario=scenario, index=request.POST.get("index", ""))
        elif op == "run":
            services.scenario_run(scenario=scenario)
        else:
            raise validation.SandboxError("op", gettext("unknown operation"))
    except validation.SandboxError as exc:
        return _fail(request, scenario, exc)
    return _back(scenario, _view_of(request), "#expectations")


@board_form
@rate_limited("scenario-fork")
def sandbox_fork(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _scenario(scenario_id)
    try:
        session_boards_check(request)
        fork = services.scenario_fork(scenario=scenario, owner=request.user)
    except validation.SandboxError as exc:  # storage full
        return _render_detail(request, scenario, error={"field": exc.field, "message": exc.message},
                              status=exc.status)
    owner_remember(request, fork)
    return redirect("sandbox-detail", fork.id)


@require_GET
def sandbox_export(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _scenario(scenario_id)
    response = JsonResponse(services.scenario_export(scenario=scenario), json_dumps_params={"indent": 1,
                                                                                           "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="scenario-{scenario.id}.json"'
    return response


@require_GET
def sandbox_compare(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _scenario(scenario_id)
    if not scenario.tree:
        raise NotFound(gettext("the scenario has not started"))
    sides = []
    for key in ("a", "b"):
        try:
            node = validation.int_clean(request.GET.get(key, ""), key, 0, len(scenario.tree["nodes"]) - 1)
        except validation.SandboxError:
            return render(request, "400.html", {"message": gettext("choose two branches to compare")}, status=400)
        state = selectors.state_get(scenario=scenario, node=node)
        sides.append({"node": node, "board": board_page(selectors.board_view(state=state)),
                      "log": selectors.log_view(scenario=scenario, node=node, state=state, seats=True), "key": key.upper(),
                      "outcome": state.outcome})
    # Events common to both branches are shown once; each side lists what differs.
    common = 0
    for ea, eb in zip(sides[0]["log"], sides[1]["log"]):
        if ea["node"] != eb["node"]:
            break
        common += 1
    for side in sides:
        side["only_html"] = log_html(side["log"][common:])
    return render(request, "sandbox/compare.html", {"scenario": scenario, "sides": sides, "common": common,
                                                    "stylesheets": games.for_definition(scenario.definition).STYLESHEETS,
                                                    "common_html": log_html(sides[0]["log"][:common])})


@rate_limited("scenario-create")
def sandbox_example(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        data = example_names(selectors.example_get(slug=slug))  # its plain cards named in the page's language
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    wording.game_is(games.slug_of(data))
    if request.method == "POST":
        try:
            session_boards_check(request)
            # the board opened keeps the example's words in the language it was opened in
            text = example_text(data.get("metadata", {}))
            data["metadata"] = {**data.get("metadata", {}), **{k: text[k] for k in ("title", "question", "description")
                                                               if text[k]}}
            scenario = services.scenario_import(data=data, owner=request.user, example=slug)
        except validation.SandboxError as exc:  # storage full
            return _index(request, error={"field": exc.field, "message": exc.message}, status=exc.status)
        services.scenario_goto(scenario=scenario, node=0)  # the example opens at its start
        owner_remember(request, scenario)
        return redirect("sandbox-detail", scenario.id)
    loaded = engine.load_scenario(data)
    return render(request, "sandbox/example.html", {
        "slug": slug, "data": data, "metadata": data.get("metadata", {}),
        "text": example_text(data.get("metadata", {})),  # title, question, description in the page's language
        "board": board_page(selectors.board_view(state=loaded.state)), "expectations": data.get("expect", []),
        "source": source_link(data, data.get("metadata", {}).get("playbook", "")),
        "card_names": {cid: c.name for cid, c in loaded.state.cards.items()},
        "clause_links": clause_links(data, data.get("metadata", {}).get("clauses", [])), **game_context(data)})


@require_GET
def sandbox_assumptions(request: HttpRequest) -> HttpResponse:
    """The engine's readings where the rules are unclear (docs/engine-assumptions.md), one anchor each (#A4)."""
    return render(request, "sandbox/assumptions.html", {
        "registers": [dict(game, assumptions=registers.in_page_language(game["assumptions"]))
                      for game in games.assumptions()]})


@require_GET
def sandbox_ruling(request: HttpRequest, scenario_id, node: int) -> HttpResponse:
    """One branch as a printable ruling: question, starting board, every event with its clauses (IT and EN),
    the readings relied on, the outcome; its URL is the permalink."""
    scenario = _scenario(scenario_id)
    if not scenario.tree or node >= len(scenario.tree["nodes"]):
        raise NotFound(gettext("no such point in this scenario's history"))
    start = selectors.state_get(scenario=scenario, node=0)
    end = selectors.state_get(scenario=scenario, node=node)
    ruling = selectors.ruling_view(scenario=scenario, node=node)
    answer = answers.answer_view(scenario=scenario, state=end, node=node)
    metadata = scenario.definition.get("metadata", {}) if isinstance(scenario.definition, dict) else {}
    return render(request, "sandbox/ruling.html", {
        "scenario": scenario, "node": node, "board": board_page(selectors.board_view(state=start)),
        "final": board_page(selectors.board_view(state=end)),
        "outcome_text": wording.outcome_text(end.outcome, getattr(end, "first_player", 0)),
        "events": ruling["events"], "assumptions": ruling["assumptions"], "answer": answer,
        "source": source_link(scenario.definition, metadata.get("playbook", "")),
        "clause_links": clause_links(scenario.definition, scenario.clauses), **game_context(scenario.definition),
        "permalink": request.build_absolute_uri(reverse("sandbox-ruling", args=[scenario.id, node]))})


def source_link(definition, source: str) -> dict | None:
    """A scenario's source (metadata.playbook) as a link into the reader, in its game's terms."""
    return games.for_definition(definition).source_link(source)
