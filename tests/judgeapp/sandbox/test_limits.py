"""Limits on anonymous writes: rate limits (429 with Retry-After) that bind without a cookie or with the owner
header, forks that share states, pruning what nobody changed or opened (and giving the space back), CSRF; bounded
sizes (texts, scripts, states, a board's history, storage) refused before anything is stored."""
import ipaddress
import json
import os
import subprocess
import sys
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from judgeapp.sandbox import housekeeping, selectors, services
from judgeapp.sandbox.models import GameStateText, Scenario, ScenarioSnapshot
from tests.judgeapp.sandbox.test_api import API, board, post
from tests.judgeapp.sandbox.test_concurrency import DAMAGE

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def tight_limits(settings):
    cache.clear()
    # windows are aligned to the clock (throttle.rate_limit_check): an hour's, not a minute's, so that a test's few
    # requests fall in one window (with a minute's, one run in ~60 crossed into the next and got 200 for its 429)
    settings.RATE_LIMITS = {"scenario-create": (2, 3600), "scenario-fork": (1, 3600), "scenario-import": (1, 3600),
                            "scenario-step": (3, 3600)}
    yield settings.RATE_LIMITS
    cache.clear()


def test_creating_over_the_limit_is_a_429_with_retry_after_and_saves_nothing(client, tight_limits):
    assert post(client, API, {"scenario": board()}).status_code == 201  # counted on the address; opens a session
    for _ in range(2):
        assert post(client, API, {"scenario": board()}).status_code == 201
    before = Scenario.objects.count()
    refused = post(client, API, {"scenario": board()})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0 and "at most 2 new boards per hour" in refused.json()["message"]
    assert Scenario.objects.count() == before


def test_steps_forks_and_imports_have_their_own_budgets_on_the_api_and_the_pages(client, tight_limits):
    sid = post(client, API, {"scenario": board()}).json()["id"]
    statuses = [post(client, f"{API}{sid}/answer/", {"action": DAMAGE, "then": "none"}).status_code
                for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    page = client.post(f"/sandbox/{sid}/play/", {"op": "step", "mode": "event"})
    assert page.status_code == 429 and page["Retry-After"] and "steps and answers" in page.content.decode()
    assert post(client, f"{API}{sid}/fork/", {}).status_code == 201
    assert client.post(f"/sandbox/{sid}/fork/").status_code == 429
    export = client.get(f"{API}{sid}/export/").json()
    assert post(client, API, export).status_code == 201
    assert post(client, API, export).status_code == 429


def test_clients_without_cookies_share_one_visitors_budget_per_address(tight_limits, settings):
    settings.RATE_LIMIT_ADDRESS_FACTOR = 3
    statuses = [post(Client(), API, {"scenario": board()}).status_code for _ in range(4)]
    assert statuses == [201] * 2 + [429] * 2  # not the address's three visitors' worth
    assert post(Client(), API, {"scenario": board()}, REMOTE_ADDR="192.0.2.50").status_code == 201


def test_the_owner_header_does_not_escape_the_limits(tight_limits, settings):
    settings.RATE_LIMIT_ADDRESS_FACTOR = 3
    created = post(Client(), API, {"scenario": board()}).json()
    sid, token = created["id"], created["owner_token"]

    def answer(**meta):  # a script: no cookies, the owner token in the header
        return post(Client(), f"{API}{sid}/answer/", {"action": DAMAGE, "then": "none"}, HTTP_X_SANDBOX_OWNER=token,
                    **meta).status_code

    assert [answer() for _ in range(4)] == [200, 200, 200, 429]
    # From another address the board's token has spent its budget all the same.
    assert answer(REMOTE_ADDR="192.0.2.51") == 429


def test_behind_the_trusted_proxy_each_visitor_has_its_own_budget_and_a_forged_header_buys_nothing(
        tight_limits, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("127.0.0.1")]

    def create(**meta) -> int:
        return post(Client(), API, {"scenario": board()}, **meta).status_code

    assert [create(HTTP_X_FORWARDED_FOR="203.0.113.1") for _ in range(3)] == [201, 201, 429]
    assert create(HTTP_X_FORWARDED_FOR="203.0.113.2") == 201
    forged = [create(REMOTE_ADDR="198.51.100.4", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}") for i in range(10, 13)]
    assert forged == [201, 201, 429]


def test_each_browser_session_has_its_own_budget(tight_limits):
    first, second = Client(), Client()
    for c in (first, second):
        c.get("/")  # no session yet: both would count against one address
    sid = post(first, API, {"scenario": board()}).json()["id"]
    post(second, API, {"scenario": board()})
    for _ in range(3):
        assert post(first, f"{API}{sid}/answer/", {"action": DAMAGE, "then": "none"}).status_code == 200
    assert post(first, f"{API}{sid}/answer/", {"action": DAMAGE, "then": "none"}).status_code == 429
    other = post(second, API, {"scenario": board()}).json()["id"]
    assert post(second, f"{API}{other}/answer/", {"action": DAMAGE, "then": "none"}).status_code == 200


def test_a_fork_shares_its_parents_states_instead_of_copying_them():
    scenario = services.scenario_create(definition=board(), start=True)
    for count in range(6):
        services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=count), then="none")
    texts = GameStateText.objects.count()
    forks = [services.scenario_fork(scenario=scenario) for _ in range(10)]
    assert GameStateText.objects.count() == texts
    assert all(f.snapshots.count() == scenario.snapshots.count() == 7 for f in forks)
    # The fork reads the same states, and goes its own way from there.
    assert services.scenario_state(scenario=forks[0]).to_json() == services.scenario_state(scenario=scenario).to_json()
    services.scenario_undo(scenario=forks[0])
    services.scenario_act(scenario=forks[0], action=dict(DAMAGE, count=5), then="none")
    assert Scenario.objects.get(pk=scenario.pk).tree["current"] == 6
    # A reset of the parent leaves the forks' history whole, events included.
    events_before = [n.events for n in services.timeline_export(scenario=forks[1]).nodes]
    services.scenario_reset(scenario=scenario)
    assert [n.events for n in services.timeline_export(scenario=forks[1]).nodes] == events_before
    assert sum(len(events) for events in events_before) >= 6


def _aged(*scenarios, opened=None, days: int = 40):
    """Make ``scenarios`` last changed ``days`` ago and last opened on ``opened`` (None: never)."""
    Scenario.objects.filter(pk__in=[s.pk for s in scenarios]).update(
        updated=timezone.now() - timedelta(days=days), last_opened=opened)


def test_prune_removes_boards_nobody_changed_or_opened_forks_and_named_ones_included(django_user_model):
    stale = services.scenario_create(definition=board(), start=True)
    services.scenario_act(scenario=stale, action=DAMAGE, then="none")
    named = services.scenario_create(definition=board(), start=True, meta={"title": "Ruling on boost"})
    fork = services.scenario_fork(scenario=named)
    opened_long_ago = services.scenario_create(definition=board(), meta={"question": "Does it hit?"})
    opened_lately = services.scenario_create(definition=board(), start=True, meta={"question": "Does it hit?"})
    owned = services.scenario_create(definition=board(), owner=django_user_model.objects.create(username="j"))
    fresh = services.scenario_create(definition=board())
    _aged(stale, named, fork, owned)
    _aged(opened_long_ago, opened=timezone.localdate() - timedelta(days=35))
    _aged(opened_lately, opened=timezone.localdate() - timedelta(days=5))
    only_stale = set(stale.snapshots.values_list("state_id", flat=True)) - set(
        ScenarioSnapshot.objects.exclude(scenario=stale).values_list("state_id", flat=True))
    out = StringIO()
    call_command("prune_scenarios", "--days", "30", stdout=out)
    kept = set(Scenario.objects.values_list("pk", flat=True))
    assert not {stale.pk, named.pk, fork.pk, opened_long_ago.pk} & kept
    assert {opened_lately.pk, owned.pk, fresh.pk} <= kept
    assert only_stale and not GameStateText.objects.filter(digest__in=only_stale).exists()
    assert "removed 4 boards not changed or opened for 30 days (1 of them forks)" in out.getvalue()
    assert services.scenario_state(scenario=Scenario.objects.get(pk=opened_lately.pk))


def test_opening_a_board_anywhere_notes_the_day_once(client):
    scenario = services.scenario_create(definition=board(), start=True)
    share, player = scenario.share_token, scenario.player0_token
    for url in (f"/sandbox/{scenario.pk}/", f"{API}{scenario.pk}/", f"/sandbox/s/{share}/",
                f"/sandbox/player/{player}/", f"{API}player/{player}/", f"{API}{scenario.pk}/export/"):
        _aged(scenario)
        assert client.get(url).status_code == 200, url
        assert Scenario.objects.get(pk=scenario.pk).last_opened == timezone.localdate(), url
    # Opened today already: a read writes nothing.
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/sandbox/{scenario.pk}/").status_code == 200
    assert not [q for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    # Noting the day changes nothing a writer or a cached page depends on.
    _aged(scenario)
    before = Scenario.objects.get(pk=scenario.pk)
    housekeeping.scenario_opened(scenario=before)
    after = Scenario.objects.get(pk=scenario.pk)
    assert after.last_opened == timezone.localdate()
    assert (after.updated, after.revision) == (before.updated, before.revision)


def test_prune_keeps_the_events_of_kept_boards_and_removes_the_others():
    stale = services.scenario_create(definition=board(), start=True)
    services.scenario_act(scenario=stale, action=dict(DAMAGE, count=2), then="none")
    kept = services.scenario_create(definition=board(), start=True, meta={"title": "Kept"})
    services.scenario_act(scenario=kept, action=dict(DAMAGE, count=3), then="none")
    _aged(stale)
    _aged(kept, opened=timezone.localdate())
    stale_events = set(stale.snapshots.exclude(events=None).values_list("events_id", flat=True))
    kept_events = set(kept.snapshots.exclude(events=None).values_list("events_id", flat=True))
    assert stale_events and kept_events and not stale_events & kept_events
    call_command("prune_scenarios", "--days", "30", stdout=StringIO())
    assert not GameStateText.objects.filter(digest__in=stale_events).exists()
    assert GameStateText.objects.filter(digest__in=kept_events).count() == len(kept_events)
    log = selectors.log_view(scenario=kept)
    assert log and log[-1]["node"] == 1


PRUNE_ON_A_FILE = """
import django, os
django.setup()
from datetime import timedelta
from io import StringIO
from django.core.management import call_command
from django.utils import timezone
from judgeapp.sandbox import services
from judgeapp.sandbox.models import Scenario

call_command("migrate", verbosity=0)
board = services.scenario_create(definition=BOARD, start=True)
for count in range(40):
    services.scenario_act(scenario=board, action=dict(DAMAGE, count=count % 6), then="none")
for _ in range(30):
    services.scenario_fork(scenario=board)
Scenario.objects.update(updated=timezone.now() - timedelta(days=90), last_opened=None)
kept = services.scenario_create(definition=BOARD)
path = os.path.join(os.environ["JUDGEAPP_VAR_DIR"], "judgeapp.sqlite3")
size = lambda: sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))
before = size()
out = StringIO()
call_command("prune_scenarios", "--days", "60", stdout=out)
print(before, size(), Scenario.objects.count(), Scenario.objects.filter(pk=kept.pk).count())
print(out.getvalue())
"""


def test_prune_gives_the_space_back_on_a_database_file(tmp_path):
    script = PRUNE_ON_A_FILE.replace("BOARD", repr(board())).replace("DAMAGE", repr(DAMAGE))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUDGEAPP_", "DATABASE_URL"))}
    env.update(JUDGEAPP_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="judgeapp.settings.test")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    first, report = result.stdout.split("\n", 1)
    before, after, left, kept = map(int, first.split())
    assert (left, kept) == (1, 1)
    assert after < before * 0.7, (before, after)
    assert "removed 31 boards not changed or opened for 60 days (30 of them forks)" in report
    assert "reclaimed" in report and "MB ->" in report


def test_an_api_write_with_the_session_cookie_needs_the_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    browser.get("/sandbox/")  # a page visit sets the CSRF cookie
    token = browser.cookies["csrftoken"].value
    # No session yet: nothing a cross-site form could borrow; the create opens the owner's session.
    created = post(browser, API, {"scenario": board()})
    assert created.status_code == 201 and "sessionid" in browser.cookies
    sid = created.json()["id"]
    # With the owner's session cookie alone (what a cross-site form post sends) nothing changes ...
    refused = post(browser, f"{API}{sid}/step/", {"mode": "event"})
    assert refused.status_code == 403 and "CSRF" in refused.json()["message"]
    assert post(browser, API, {"scenario": board()}).status_code == 403
    assert Scenario.objects.get(pk=sid).tree["current"] == 0
    # ... the token, or the owner header without the cookie, does.
    assert post(browser, f"{API}{sid}/step/", {"mode": "event"}, HTTP_X_CSRFTOKEN=token).status_code == 200
    script = Client(enforce_csrf_checks=True)
    owner = created.json()["owner_token"]
    assert post(script, f"{API}{sid}/undo/", {}, HTTP_X_SANDBOX_OWNER=owner).status_code == 200


def test_the_owner_header_never_stands_in_for_the_csrf_token_beside_the_session_cookie():
    browser = Client(enforce_csrf_checks=True)
    created = post(browser, API, {"scenario": board()})
    sid, owner = created.json()["id"], created.json()["owner_token"]
    assert "sessionid" in browser.cookies
    # A forged request rides on the victim's cookie: whatever header it adds, no CSRF token, no change.
    for header in ("anything", owner):
        refused = post(browser, f"{API}{sid}/step/", {"mode": "event"}, HTTP_X_SANDBOX_OWNER=header)
        assert refused.status_code == 403 and "CSRF" in refused.json()["message"]
    assert post(browser, API, {"scenario": board()}, HTTP_X_SANDBOX_OWNER=owner).status_code == 403
    assert Scenario.objects.get(pk=sid).tree["current"] == 0
    # Without the cookie the token alone decides: a wrong one is refused as not the owner.
    script = Client(enforce_csrf_checks=True)
    wrong = post(script, f"{API}{sid}/step/", {"mode": "event"}, HTTP_X_SANDBOX_OWNER="anything")
    assert wrong.status_code == 403 and wrong.json()["error"] == "forbidden" and "CSRF" not in wrong.json()["message"]
    assert post(script, f"{API}{sid}/step/", {"mode": "event"}, HTTP_X_SANDBOX_OWNER=owner).status_code == 200


# ---------------------------------------------------------------- bounded sizes: refused before anything is stored
def _rows() -> tuple[int, int, int]:
    return Scenario.objects.count(), ScenarioSnapshot.objects.count(), GameStateText.objects.count()


def _script(actions: int) -> list[dict]:
    return [{"do": dict(DAMAGE, count=i % 2)} for i in range(actions)]


def test_an_oversized_template_name_card_name_or_title_is_refused_naming_the_field_and_nothing_is_stored(client):
    before = _rows()
    long_template = board(templates={"t" * 61: {"name": "Unit", "grade": 1, "power": 8000}})
    assert_field(post(client, API, {"scenario": long_template}), "scenario.templates", "longer than 60")
    long_name = board(templates={"unit": {"name": "x" * 201, "grade": 1, "power": 8000}})
    long_name["players"][1]["deck"] = [{"template": "unit", "count": 60}]
    assert_field(post(client, API, {"scenario": long_name}), "scenario.templates.unit.name", "longer than 200")
    assert_field(post(client, API, {"scenario": board(), "title": "x" * 201}), "title", "longer than 200")
    imported = dict(board(script=_script(2)), metadata={"title": "t", "question": "q" * 4001})
    assert_field(post(client, API, imported), "metadata.question", "longer than 4000")
    page = client.post("/sandbox/import/", {"json": json.dumps(long_name)})
    assert page.status_code == 400 and "longer than 200 characters" in page.content.decode()
    assert _rows() == before


def test_a_long_string_in_an_action_is_refused(client):
    sid = post(client, API, {"scenario": board()}).json()["id"]
    answer = post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "c" * 300,
                                                             "zone": "drop"}})
    assert_field(answer, "action.card", "longer than 200")
    assert len(Scenario.objects.get(pk=sid).tree["nodes"]) == 1


def test_a_script_over_the_bound_is_refused_before_anything_is_replayed_or_stored(client, settings):
    settings.SANDBOX_MAX_SCRIPT_ACTIONS = 10
    before = _rows()
    assert_field(post(client, API, board(script=_script(11))), "scenario.script", "at most 10")
    split = board(script=_script(6), branches=[{"script": _script(3)}, {"script": _script(3)}])
    assert_field(post(client, API, split), "scenario.branches[1].script", "at most 10")
    assert _rows() == before
    assert post(client, API, board(script=_script(10))).status_code == 201


def test_a_count_expanded_template_over_the_state_bound_is_refused(client, settings):
    settings.SANDBOX_MAX_STATE_BYTES = 20 * 1024
    before = _rows()
    expanded = board(templates={"unit": {"name": "A unit with a long name " * 6, "grade": 1, "power": 8000}})
    expanded["players"][1]["deck"] = [{"template": "unit", "count": 60}, {"template": "unit", "count": 60}]
    body = assert_field(post(client, API, {"scenario": expanded}), "scenario.players", "at most 20 KB", 413)
    assert "card data" in body["message"]
    assert _rows() == before


def test_a_history_over_the_board_bound_refuses_the_next_point(client, settings):
    sid = post(client, API, {"scenario": board()}).json()["id"]
    settings.SANDBOX_MAX_BOARD_BYTES = Scenario.objects.get(pk=sid).tree.get("stored", 0) + 6000
    statuses = [post(client, f"{API}{sid}/answer/", {"action": dict(DAMAGE, count=i % 3), "then": "none"}).status_code
                for i in range(6)]
    assert 200 in statuses and statuses[-1] == 413
    nodes = len(Scenario.objects.get(pk=sid).tree["nodes"])
    assert ScenarioSnapshot.objects.filter(scenario_id=sid).count() == nodes


def test_a_full_database_refuses_new_boards_and_points_but_not_reading(client, settings):
    from judgeapp.sandbox import storage

    created = post(client, API, {"scenario": board()}).json()
    settings.SANDBOX_MAX_DATABASE_BYTES = 0
    storage.forget()
    before = _rows()
    refused = post(client, API, {"scenario": board()})
    assert refused.status_code == 403 and "storage is full" in refused.json()["message"]
    assert post(client, f"{API}{created['id']}/answer/", {"action": DAMAGE}).status_code == 403
    assert post(client, f"{API}{created['id']}/fork/", {}).status_code == 403
    assert client.get(f"{API}{created['id']}/").status_code == 200
    assert _rows() == before


def test_a_signed_in_owner_keeps_at_most_the_bound_of_boards(client, settings, django_user_model):
    settings.SANDBOX_MAX_BOARDS_PER_OWNER = 2
    judge = django_user_model.objects.create_user("judge", password="x")
    for _ in range(2):
        services.scenario_create(definition=board(), owner=judge)
    before = _rows()
    with pytest.raises(services.SandboxError) as refused:
        services.scenario_create(definition=board(), owner=judge)
    assert refused.value.status == 403 and "2 boards" in refused.value.message
    client.force_login(judge)
    page = client.post("/sandbox/new/")
    assert page.status_code == 403 and "2 boards" in page.content.decode()
    assert _rows() == before


def assert_field(response, field: str, message_part: str, status: int = 400) -> dict:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert body["field"] == field and message_part in body["message"], body
    return body


def test_an_import_that_would_store_more_than_a_board_may_is_refused_before_it_replays(client, settings):
    settings.SANDBOX_MAX_BOARD_BYTES = 40_000
    before = _rows()
    refused = assert_field(post(client, API, board(script=_script(20))), "scenario.script", "a board stores at most", 413)
    assert "20 actions on this board" in refused["message"]
    assert _rows() == before


def test_a_browser_session_makes_at_most_the_bound_of_boards(client, settings):
    settings.SANDBOX_MAX_BOARDS_PER_OWNER = 2
    sid = post(client, API, {"scenario": board()}).json()["id"]
    assert client.post("/sandbox/new/").status_code == 302
    before = _rows()
    refused = post(client, API, {"scenario": board()})
    assert refused.status_code == 403 and "already made 2 boards" in refused.json()["message"]
    assert post(client, f"{API}{sid}/fork/", {}).status_code == 403
    assert client.post("/sandbox/new/").status_code == 403
    assert client.post("/sandbox/import/", {"json": json.dumps(board())}).status_code == 403
    assert _rows() == before
    assert post(Client(), API, {"scenario": board()}).status_code == 201  # another browser: its own count


def test_a_repeated_loop_counts_every_round_against_the_script_bound(client, settings):
    settings.SANDBOX_MAX_SCRIPT_ACTIONS = 10
    before = _rows()
    looped = board(script=[{"repeat": {"times": 6, "script": _script(2)}}])
    assert_field(post(client, API, looped), "scenario.script", "at most 10")
    assert _rows() == before


def test_a_translated_title_question_or_description_has_the_limit_of_the_field_it_translates(client):
    """Playbook Q11 and Q12 could not be opened from their example pages: their Italian descriptions ran past the
    200 characters of any other string."""
    imported = dict(board(script=_script(2)), metadata={"title": "t", "description": "d" * 300,
                                                       "description_it": "d" * 300, "title_it": "t" * 200})
    assert post(client, API, imported).status_code == 201
    too_long = dict(board(script=_script(2)), metadata={"title": "t", "title_it": "t" * 201})
    assert_field(post(client, API, too_long), "metadata.title_it", "longer than 200")
