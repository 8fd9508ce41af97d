"""Per-process caches bounded in bytes (judgeapp/caches.py), and the sandbox's caches that use them."""
import pytest

from judgeapp.caches import ByteLRU


@pytest.fixture
def budget(settings):
    settings.SANDBOX_CACHE_BYTES = {**settings.SANDBOX_CACHE_BYTES, "test": 8000}


def test_a_cache_keeps_at_most_its_bytes_least_recently_used_out_first(budget):
    cache = ByteLRU("test", len)
    for n in range(20):
        cache.put(n, "x" * 900)
        assert cache.bytes <= 8000
    assert len(cache) == 8 and cache.get(0) is None and cache.get(19) == "x" * 900
    cache.get(12)  # used again: kept over 13 when the next one comes in
    cache.put("new", "y" * 900)
    assert cache.get(12) is not None and cache.get(13) is None


def test_a_value_larger_than_an_eighth_of_the_cache_is_not_kept(budget):
    cache = ByteLRU("test", len)
    cache.put("small", "s" * 100)
    cache.put("huge", "h" * 1001)
    assert cache.get("huge") is None and cache.get("small") == "s" * 100


def test_a_size_given_by_the_caller_is_the_one_counted(budget):
    cache = ByteLRU("test", lambda value: 1)
    cache.put("parsed", [1, 2, 3], size=900)
    assert cache.bytes == 900


@pytest.mark.django_db
def test_the_sandbox_caches_stay_within_their_bytes_however_large_the_boards(client, settings):
    from judgeapp.sandbox import api, selectors, views
    from tests.judgeapp.sandbox.test_api import API, board, post

    settings.SANDBOX_CACHE_BYTES = {"event_lists": 400_000, "logs": 400_000, "answers": 800_000, "sentences": 20_000}
    named = board()
    for player in named["players"]:
        player["deck"] = [dict(card, name=f"{'A long card name ' * 11}{i}") for i, card in enumerate(player["deck"])]
    for _ in range(6):
        sid = post(client, API, {"scenario": named}).json()["id"]
        for card in ("b-d0", "b-d1", "b-d2"):  # judge moves: events naming the long-named cards
            answer = post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": card,
                                                                      "zone": "drop"}, "then": "none"})
            assert answer.status_code == 200
        assert client.get(f"{API}{sid}/").status_code == 200 and client.get(f"/sandbox/{sid}/").status_code == 200
    for cache in (selectors._EVENT_LISTS, views._LOG_CACHE, api._PLAY_CACHE):
        assert 0 < cache.bytes <= cache.max_bytes, cache.name
