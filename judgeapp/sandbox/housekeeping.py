"""Housekeeping writes: when a board was last opened, what ``manage.py prune_scenarios`` removes and why
the rest is kept, and giving the space back.

What is kept.  Nothing marks a board as one to keep: every change is saved as it is
made (``updated``), the ruling's title and question too (the ruling form's Save), and
a fork copies its parent's title and question, so a title says nothing about whether
anyone still wants the board.  What does is that someone changed it or opened it
lately: its page, its share or player link, the API, an export, a fork of it.  So a board is removed when it has no owning user (a staff
member's or a logged-in user's boards are kept with their account), nobody changed it
for N days and nobody opened it for N days; forks, examples started and named rulings
alike.  A ruling linked from elsewhere stays as long as someone follows the link once
in N days.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from django.contrib.sessions.models import Session
from django.db import DatabaseError, connections, transaction
from django.db.models import Q
from django.utils import timezone

from judgeapp.write_queue import queue_for

from .models import GameStateText, Scenario, ScenarioSnapshot

logger = logging.getLogger(__name__)


def scenario_opened(*, scenario: Scenario) -> None:
    """Note that ``scenario`` was opened today: one small UPDATE on its first opening of the day, nothing
    after.  It leaves ``updated`` and ``revision`` alone (nothing of the board changed), so no cached
    page and no step planned beside it is disturbed."""
    today = timezone.localdate()
    if scenario.last_opened == today:
        return
    try:
        with transaction.atomic():  # queued for the write lock like every write (judgeapp/write_queue.py)
            Scenario.objects.filter(pk=scenario.pk).exclude(last_opened=today).update(last_opened=today)
    except DatabaseError:
        # The page is what the visitor asked for; tomorrow's first opening notes it again.
        logger.warning("could not note that scenario %s was opened", scenario.pk, exc_info=True)
        return
    scenario.last_opened = today


def scenario_prune(*, older_than_days: int, now=None) -> dict[str, int]:
    """Delete the boards no user owns that nobody changed or opened for ``older_than_days``, then expired
    sessions and stored states no board uses any more.  Returns the counts (``forks``: how many of the
    boards removed were forks)."""
    now = now or timezone.now()
    cutoff = now - timezone.timedelta(days=older_than_days)
    stale = Scenario.objects.filter(owner__isnull=True, updated__lt=cutoff).filter(
        Q(last_opened__isnull=True) | Q(last_opened__lt=timezone.localdate(cutoff)))
    scenarios = forks = 0
    while True:  # in batches: a long-unpruned table never holds one huge transaction
        batch = list(stale.values_list("pk", "forked_from_id")[:500])
        if not batch:
            break
        ids = [pk for pk, _ in batch]
        with transaction.atomic():
            ScenarioSnapshot.objects.filter(scenario_id__in=ids).delete()
            scenarios += Scenario.objects.filter(pk__in=ids).delete()[1].get(Scenario._meta.label, 0)
        forks += sum(1 for _, parent in batch if parent is not None)
    sessions = Session.objects.filter(expire_date__lt=now).delete()[0]
    texts = GameStateText.objects.filter(snapshots__isnull=True, event_snapshots__isnull=True).delete()[0]
    return {"scenarios": scenarios, "forks": forks, "sessions": sessions, "state_texts": texts}


@dataclass
class Compaction:
    """What giving the space back did: the database's size before and after (bytes; None when unknown)."""

    done: bool
    before: int | None = None
    after: int | None = None
    note: str = ""


def _sqlite_size(path: str) -> int:
    return sum(os.path.getsize(p) for p in (path, f"{path}-wal") if os.path.exists(p))


PRUNED_TABLES = (Scenario, ScenarioSnapshot, GameStateText, Session)


def database_compact(*, using: str = "default") -> Compaction:
    """Give the space of deleted rows back: SQLite's ``VACUUM`` rewrites the file without its free pages
    (then the write-ahead log is emptied into it and truncated), PostgreSQL's ``VACUUM`` makes the pruned
    tables' dead rows reusable and returns empty pages at their ends.  Neither runs inside a transaction.

    SQLite's VACUUM holds the write lock while it copies the file (about a second per 100 MB) and needs
    as much free disk again; it waits its turn in the write queue like every writer."""
    connection = connections[using]
    if connection.in_atomic_block:
        return Compaction(False, note="not compacted: VACUUM cannot run inside a transaction")
    if connection.vendor == "sqlite":
        if connection.is_in_memory_db():
            return Compaction(False, note="not compacted: the database is in memory")
        path = connection.settings_dict["NAME"]
        before = _sqlite_size(path)
        queue = queue_for(path)
        queue.acquire()
        try:
            with connection.cursor() as cursor:
                cursor.execute("VACUUM")
                cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except DatabaseError:
            # A writer outside the queue held the lock past the busy timeout: the rows are gone all
            # the same, and tomorrow's run gives their space back.
            logger.warning("VACUUM of %s failed", path, exc_info=True)
            return Compaction(False, before, note="not compacted: the database was busy; the next run will")
        finally:
            queue.release()
        return Compaction(True, before, _sqlite_size(path))
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            before = cursor.fetchone()[0]
            for model in PRUNED_TABLES:
                cursor.execute(f"VACUUM (ANALYZE) {connection.ops.quote_name(model._meta.db_table)}")
            cursor.execute("SELECT pg_database_size(current_database())")
            after = cursor.fetchone()[0]
        return Compaction(True, before, after)
    return Compaction(False, note=f"not compacted: no compaction known for {connection.vendor}")
