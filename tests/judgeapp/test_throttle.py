"""Rate-limit counters in a shared SQLite file: every process that opens the file sees the same counts."""
import time

import pytest
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
