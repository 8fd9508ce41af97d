"""Rate-limit counters in a shared SQLite file: every process that opens the file sees the same counts; the
budgets a request counts against (session, sessionless address, owner token, address)."""
import ipaddress
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory

from judgeapp import throttle


def test_counters_are_shared_between_stores_on_one_file_and_reset_with_the_window(tmp_path):
    path = str(tmp_path / "counts.sqlite3")
    first, second = throttle.SQLiteCounters(path), throttle.SQLiteCounters(path)  # two workers
    assert [first.count("k", 600, 60), second.count("k", 600, 60), first.count("k", 600, 60)] == [1, 2, 3]
    assert second.count("other", 600, 60) == 1
    assert first.count("k", 660, 60) == 1  # a new window starts again at one


def test_the_check_counts_in_the_file_when_one_is_configured(tmp_path, settings):
    settings.RATE_LIMIT_DB = str(tmp_path / "counts.sqlite3")
    settings.RATE_LIMITS = {"scenario-step": (2, 3600)}
    settings.RATE_LIMIT_ADDRESS_FACTOR = 1
    request = RequestFactory().post("/", REMOTE_ADDR="192.0.2.7")
    throttle.rate_limit_check(request, "scenario-step")
    throttle.rate_limit_check(request, "scenario-step")
    with pytest.raises(throttle.RateLimited) as refused:
        throttle.rate_limit_check(request, "scenario-step")
    assert refused.value.retry_after >= 1 and "at most 2 steps and answers per hour" in refused.value.message
    assert throttle.SQLiteCounters(settings.RATE_LIMIT_DB).count(
        f"rate:scenario-step:{throttle.client_keys(request)[0][0]}", int(time.time()) // 3600 * 3600,
        3600) == 4


# ------------------------------------------------------------------ whose budget a request spends
@pytest.fixture
def limits(settings, tmp_path):
    settings.RATE_LIMIT_DB = str(tmp_path / "counts.sqlite3")
    settings.RATE_LIMITS = {"scenario-create": (2, 3600)}
    settings.RATE_LIMIT_ADDRESS_FACTOR = 3
    settings.RATE_LIMIT_SESSIONLESS_FACTOR = 1
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("127.0.0.1")]
    return settings


def _request(remote="192.0.2.7", session_key=None, **meta):
    request = RequestFactory().post("/", REMOTE_ADDR=remote, **meta)
    request.session = SessionStore(session_key=session_key)
    return request


def _allowed(make_request, times: int) -> int:
    """How many of ``times`` requests made by ``make_request()`` pass the create limit."""
    allowed = 0
    for _ in range(times):
        try:
            throttle.rate_limit_check(make_request(), "scenario-create")
            allowed += 1
        except throttle.RateLimited:
            pass
    return allowed


def _session() -> str:
    session = SessionStore()
    session["sandbox_owner_tokens"] = {}
    session.create()
    return session.session_key


def test_requests_without_a_session_share_one_visitors_budget_per_address(limits):
    # The address's budget would allow six; without a cookie an address is one visitor.
    assert _allowed(lambda: _request(), 6) == 2
    assert _allowed(lambda: _request("192.0.2.8"), 6) == 2  # another address is another visitor


@pytest.mark.django_db
def test_a_cookie_naming_no_session_counts_as_no_cookie(limits):
    invented = iter(f"invented-session-{i:04d}" for i in range(100))
    assert _allowed(lambda: _request(session_key=next(invented)), 6) == 2


@pytest.mark.django_db
def test_each_session_has_its_own_budget_and_all_of_an_address_share_its_budget(limits):
    first, second, third, fourth, fifth = (_session() for _ in range(5))
    assert _allowed(lambda: _request(session_key=first), 4) == 2
    assert _allowed(lambda: _request(session_key=second), 4) == 2
    assert _allowed(lambda: _request(session_key=third), 4) == 2
    # Three visitors' worth (RATE_LIMIT_ADDRESS_FACTOR) is all the address gets, however many sessions.
    assert _allowed(lambda: _request(session_key=fourth), 4) == 0
    assert _allowed(lambda: _request("192.0.2.99", session_key=fifth), 4) == 2


@pytest.mark.django_db
def test_an_owner_token_has_one_visitors_budget_whoever_sends_it(limits):
    token = "owner-token-of-one-board"
    addresses = iter(f"192.0.2.{i}" for i in range(10, 60))
    # From ever new addresses and sessions, the token's own budget still binds.
    assert _allowed(lambda: _request(next(addresses), session_key=_session(), HTTP_X_SANDBOX_OWNER=token), 5) == 2
    # Spent: a visitor that stops sending it is counted as itself again.
    assert _allowed(lambda: _request(next(addresses), session_key=_session()), 1) == 1


def test_behind_the_trusted_proxy_each_forwarded_client_is_its_own_visitor(limits):
    assert _allowed(lambda: _request("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.1"), 4) == 2
    assert _allowed(lambda: _request("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.2"), 4) == 2
    # A client that forwards for itself, from an address no proxy is at, is its own address whatever it says.
    spoofed = iter(f"203.0.113.{i}" for i in range(100, 200))
    assert _allowed(lambda: _request("198.51.100.4", HTTP_X_FORWARDED_FOR=next(spoofed)), 6) == 2
    # ... and what it wrote before the proxy's hop is not believed either.
    assert _allowed(lambda: _request("127.0.0.1", HTTP_X_FORWARDED_FOR=f"{next(spoofed)}, 203.0.113.3"), 6) == 2


def test_an_ipv6_network_of_64_is_one_address(limits):
    hosts = iter(f"2001:db8:0:1::{i:x}" for i in range(1, 100))
    assert _allowed(lambda: _request(next(hosts)), 6) == 2
    assert _allowed(lambda: _request("2001:db8:0:2::1"), 6) == 2


def test_attempts_count_atomically_in_a_window_opened_by_the_first(tmp_path, settings):
    settings.RATE_LIMIT_DB = str(tmp_path / "counts.sqlite3")
    counted = []
    with ThreadPoolExecutor(8) as pool:
        counted = list(pool.map(lambda _: throttle.attempt_count("login:someone", 900)[0], range(40)))
    assert sorted(counted) == list(range(1, 41))
    throttle.attempt_uncount("login:someone")
    count, wait = throttle.attempt_count("login:someone", 900)
    assert count == 40 and 1 <= wait <= 900
    throttle.attempt_forget("login:someone")
    assert throttle.attempt_count("login:someone", 900)[0] == 1
    store = throttle.SQLiteCounters(settings.RATE_LIMIT_DB)
    assert store.attempt("k", 1000, 60) == (1, 1000)
    assert store.attempt("k", 1059, 60) == (2, 1000)
    assert store.attempt("k", 1060, 60) == (1, 1060)  # the window has passed: a new one opens
