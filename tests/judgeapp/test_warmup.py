"""What a server's worker loads as it starts (judgeapp/warmup.py)."""
from __future__ import annotations

import gc

import pytest
from django.urls import clear_url_caches, get_resolver

from judgeapp import warmup


@pytest.fixture(autouse=True)
def _collector_restored():
    """The warm-up freezes what is loaded; the test process's collector is given it all back."""
    yield
    gc.unfreeze()


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


def test_what_the_warm_up_loaded_is_left_out_of_the_garbage_collector(monkeypatch):
    monkeypatch.setattr(warmup, "search_warm", lambda: None)
    gc.unfreeze()
    warmup.worker_warm()
    frozen = gc.get_freeze_count()
    assert frozen > 1000  # the URL map, the views, the modules: walked by no full collection after this
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
