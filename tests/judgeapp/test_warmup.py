"""What a server's worker loads as it starts (judgeapp/warmup.py)."""
from __future__ import annotations

from django.urls import clear_url_caches, get_resolver

from judgeapp import warmup


def test_a_starting_worker_loads_the_url_map_and_the_search_index(monkeypatch):
    warmed = []
    # The search's own warm-up is tested with the search (tests/rulesdb/search/test_selectors.py).
    monkeypatch.setattr(warmup, "search_warm", lambda: warmed.append("search"))
    clear_url_caches()
    assert not get_resolver()._populated
    warmup.worker_warm()
    assert get_resolver()._populated  # the table `reverse` reads, built before any request asks
    assert warmed == ["search"]


def test_a_failing_warm_up_still_lets_go_of_its_database_connection(monkeypatch):
    closed = []
    monkeypatch.setattr(warmup, "search_warm", lambda: 1 / 0)
    monkeypatch.setattr(warmup.connections, "close_all", lambda: closed.append(True))
    try:
        warmup.worker_warm()
    except ZeroDivisionError:
        pass
    assert closed == [True]
