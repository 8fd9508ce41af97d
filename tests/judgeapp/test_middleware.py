"""The admin login throttle: attempts counted before the password is checked, per user name and per address."""
import ipaddress
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory

from judgeapp import throttle
from judgeapp.middleware import AdminLoginThrottleMiddleware

LOGIN = "/admin/login/"


class CountingBackend:
    """An authentication backend that refuses every password, slowly, and counts how often it was asked."""

    checks = 0
    lock = threading.Lock()

    def authenticate(self, request, username=None, password=None, **kwargs):
        with CountingBackend.lock:
            CountingBackend.checks += 1
        time.sleep(0.02)  # a real hash takes time: the window a read-check-write throttle leaves open
        return None

    def get_user(self, user_id):
        return None


@pytest.fixture
def counters(settings, tmp_path):
    settings.RATE_LIMIT_DB = str(tmp_path / "counts.sqlite3")
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("127.0.0.1")]
    return settings


def _stored_count(settings, key: str) -> int:
    with sqlite3.connect(settings.RATE_LIMIT_DB) as connection:
        row = connection.execute("SELECT n FROM counts WHERE key = ?", (f"attempt:{throttle._hashed(key)}",)).fetchone()
    return row[0] if row else 0


def _keys(username: str, **meta) -> tuple[str, str]:
    return AdminLoginThrottleMiddleware.keys(RequestFactory().post(LOGIN, {"username": username}, **meta))


def test_forty_parallel_wrong_passwords_are_all_counted_and_at_most_five_checked(counters):
    counters.AUTHENTICATION_BACKENDS = [f"{__name__}.CountingBackend"]
    CountingBackend.checks = 0
    start = threading.Barrier(40)

    def guess(n: int) -> int:
        client = Client()
        start.wait()
        return client.post(LOGIN, {"username": "boss", "password": f"guess-{n}"}).status_code

    with ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(guess, range(40)))
    assert CountingBackend.checks <= counters.ADMIN_LOGIN_MAX_FAILURES
    assert statuses.count(429) == 40 - CountingBackend.checks and statuses.count(200) == CountingBackend.checks
    user_key, address_key = _keys("boss")
    assert _stored_count(counters, user_key) == 40 and _stored_count(counters, address_key) == 40


@pytest.mark.django_db
def test_a_success_clears_its_user_names_count_and_the_address_keeps_its_failures(client, counters):
    User.objects.create_superuser("boss", password="right-password")
    for username in ("boss", "boss", "boss", "other", "other"):
        assert client.post(LOGIN, {"username": username, "password": "wrong"}).status_code == 200
    assert client.post(LOGIN, {"username": "boss", "password": "right-password"}).status_code == 302
    boss, address = _keys("boss")
    other, _ = _keys("other")
    assert _stored_count(counters, boss) == 0 and _stored_count(counters, other) == 2
    assert _stored_count(counters, address) == 5


@pytest.mark.django_db
def test_an_address_guessing_at_many_names_is_stopped(client, counters):
    counters.ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS = 6
    guesser = "198.51.100.4"
    statuses = [client.post(LOGIN, {"username": f"name{i}", "password": "x"}, REMOTE_ADDR=guesser).status_code
                for i in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    # Behind the trusted proxy, another visitor has an address of its own ...
    assert client.post(LOGIN, {"username": "name9", "password": "x"}, REMOTE_ADDR="127.0.0.1",
                       HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 200
    # ... and a client forging the header from elsewhere does not.
    refused = client.post(LOGIN, {"username": "name9", "password": "x"}, REMOTE_ADDR=guesser,
                          HTTP_X_FORWARDED_FOR="203.0.113.6")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
