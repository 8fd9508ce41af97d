"""Reading the environment: each refusal is one line naming the variable and what it expects."""
import pytest

from judgeapp.settings.env import ConfigurationError, env_flag, env_float, env_int, secret_key_weakness


def test_whole_numbers(monkeypatch):
    assert env_int("JUDGEAPP_X", 7) == 7
    monkeypatch.setenv("JUDGEAPP_X", " 12 ")
    assert env_int("JUDGEAPP_X", 7, minimum=1) == 12
    for bad, expects in (("abc", "whole number of 1 or more"), ("0", "of 1 or more"), ("1.5", "whole number"),
                         ("99", "from 1 to 10")):
        monkeypatch.setenv("JUDGEAPP_X", bad)
        with pytest.raises(ConfigurationError) as refused:
            env_int("JUDGEAPP_X", 7, minimum=1, maximum=10 if bad == "99" else None)
        message = str(refused.value)
        assert message.startswith("judgeapp: JUDGEAPP_X must be") and expects in message and "\n" not in message


def test_numbers(monkeypatch):
    monkeypatch.setenv("JUDGEAPP_Y", "2.5")
    assert env_float("JUDGEAPP_Y", 1.0, positive=True) == 2.5
    for bad in ("nan", "inf", "-inf", "0", "-2", "two"):
        monkeypatch.setenv("JUDGEAPP_Y", bad)
        with pytest.raises(ConfigurationError, match="JUDGEAPP_Y must be a number above 0"):
            env_float("JUDGEAPP_Y", 1.0, positive=True)


def test_flags(monkeypatch):
    assert env_flag("JUDGEAPP_Z") is False and env_flag("JUDGEAPP_Z", default=True) is True
    for value, expected in (("1", True), ("ON", True), ("yes", True), ("0", False), ("off", False), ("", False)):
        monkeypatch.setenv("JUDGEAPP_Z", value)
        assert env_flag("JUDGEAPP_Z", default=not expected) is expected
    monkeypatch.setenv("JUDGEAPP_Z", "maybe")
    with pytest.raises(ConfigurationError, match="JUDGEAPP_Z must be 1 or 0"):
        env_flag("JUDGEAPP_Z")


def test_a_refusal_stops_the_process_without_a_traceback():
    assert issubclass(ConfigurationError, SystemExit)
    assert ConfigurationError("X must be").code == "judgeapp: X must be"


def test_secret_key_weakness():
    strong = "q7-Vd0S_3kLw9zP1xR8mN2bT5yH4cJ6fG0aE9uI7oK3sD1lZ8vB2nM5xC4qW6eR0tY"
    assert secret_key_weakness(strong) is None
    assert "shorter" in secret_key_weakness(strong[:49])
    assert "different characters" in secret_key_weakness("abcd" * 20)
    assert "development key" in secret_key_weakness("django-insecure-" + strong)
