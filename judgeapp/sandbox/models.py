"""Sandbox scenarios: a board set up by a judge, its history tree and the ruling it documents.

A :class:`Scenario` keeps

* ``definition``: the starting position in the engine's scenario format
  (``judgeapp-scenario/1``, docs/scenarios.md) without script or expectations;
* ``expectations``: the ``expect`` list of that format (the regression test);
* ``tree``: the engine Timeline (``engine.Timeline``) *without the per-node
  states and events*: node ids, parents, actions, children, each node's
  ``event_count`` and run (``mode``), and the cursor.  judgeapp/sandbox/history.py
  is the one adapter that reads it as a Timeline and writes it back.

The state of each node and its events are a :class:`ScenarioSnapshot` row, one
per node, so a step reads one state and writes one, a page reads the log of the
current line without parsing every state or every branch of the history (a
500-event Timeline JSON with states is ~14 MB), and the tree a step reads and
writes whole stays small.
The state's text (and the events' text) is a :class:`GameStateText`, stored once under its
SHA-256 however many nodes and scenarios reach it: a fork adds one small row
per node and shares its parent's states instead of copying them (a 517-step
history is ~15 MB of state text, a fork of it ~40 KB).

The engine's compact Timeline form (``to_json(compact=True)``: root state plus
actions, a checkpoint state every 50 nodes) is not used for storage: it stores
no events, so showing a log means replaying the whole history (~27 ms for a
500-event game, on top of the page's own work: over the 50 ms budget), reading
one node replays up to 49 actions.  Exports use the scenario format, with the
history's points in order (``Timeline.points_json()``).
"""
from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from judgeapp.fastjson import FastJSONField


def _token() -> str:
    return secrets.token_urlsafe(24)


class Scenario(models.Model):
    """One sandbox scenario: position, history tree, ruling metadata, owner."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("being set up")
        STARTED = "started", _("started")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    share_token = models.CharField(max_length=64, unique=True, default=_token, editable=False,
                                   help_text="Unguessable token of the read-only share link.")
    owner_token = models.CharField(max_length=64, default=_token, editable=False,
                                   help_text="Secret that proves ownership; kept in the creator's session.")
    # One private link per player (/sandbox/player/<token>/): always that player's view, read-only,
    # and naming nothing (id, other tokens) that would lead to the judge view.
    player0_token = models.CharField(max_length=64, unique=True, default=_token, editable=False,
                                     help_text="Unguessable token of player 0's private link.")
    player1_token = models.CharField(max_length=64, unique=True, default=_token, editable=False,
                                     help_text="Unguessable token of player 1's private link.")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="sandbox_scenarios")
    forked_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks")
    example = models.SlugField(max_length=80, blank=True, help_text="Slug of the example it was started from.")

    title = models.CharField(max_length=200, blank=True)
    question = models.TextField(blank=True, help_text="The ruling question this scenario settles.")
    description = models.TextField(blank=True)
    tags = FastJSONField(default=list, blank=True)
    clauses = FastJSONField(default=list, blank=True, help_text="Linked clause numbers (vg-cr-it-2.2).")

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    definition = FastJSONField(help_text="Starting position, engine scenario format.")
    expectations = FastJSONField(default=list, blank=True)
    tree = FastJSONField(null=True, blank=True, help_text="Timeline JSON without states.")
    last_run = FastJSONField(null=True, blank=True, help_text="Result of the last expectations run.")

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # A day, not a time: a read writes it at most once a day (housekeeping.scenario_opened); what a
    # prune asks is only whether anyone opened the board within the last N days.
    last_opened = models.DateField(null=True, blank=True, editable=False, default=timezone.localdate,
                                   help_text="The last day anyone opened the board (its page, the API, a link).")
    revision = models.PositiveBigIntegerField(
        default=0, editable=False,
        help_text="Counts the saved changes: a step computed without the lock is kept only if this is unchanged.")

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["example"], name="sandbox_scenario_example_idx")]

    def __str__(self) -> str:
        return self.title or f"scenario {self.id}"

    def save(self, *args, **kwargs):
        """Every save of an existing scenario counts one more revision, in the database itself
        (``revision + 1``): history_writes.scenario_write commits a step planned without the lock only
        while the revision it read is still the saved one."""
        if self._state.adding:
            return super().save(*args, **kwargs)
        self.revision = models.F("revision") + 1
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = [*kwargs["update_fields"], "revision"]
        try:
            super().save(*args, **kwargs)
        finally:
            del self.revision  # read again from the database when next needed


class GameStateText(models.Model):
    """One game state's canonical engine JSON (or one node's events), stored once and shared by every
    snapshot that reaches it.

    Rows no snapshot refers to any more (after a reset or a prune) are removed by
    ``manage.py prune_scenarios``.
    """

    digest = models.CharField(max_length=64, primary_key=True, help_text="SHA-256 of the text.")
    text = models.TextField()

    @staticmethod
    def digest_of(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @classmethod
    def store_many(cls, texts: list[tuple[str | None, str | None]]) -> None:
        """Store each (text, digest) not stored yet, in one statement; (None, None) pairs are skipped."""
        rows = {digest: text for text, digest in texts if digest is not None}
        cls.objects.bulk_create([cls(digest=d, text=t) for d, t in rows.items()], ignore_conflicts=True)

    def __str__(self) -> str:
        return self.digest[:12]


class SnapshotQuerySet(models.QuerySet):
    def state_text(self, *, scenario, node: int) -> str | None:
        """The state at ``node`` of ``scenario`` as canonical JSON (None when there is no such node)."""
        return self.filter(scenario=scenario, node=node).values_list("state__text", flat=True).first()


class ScenarioSnapshot(models.Model):
    """One node of a scenario's timeline: the game state there, and the events that led to it."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="snapshots")
    node = models.PositiveIntegerField()
    state = models.ForeignKey(GameStateText, on_delete=models.PROTECT, related_name="snapshots")
    # Events are kept here, not in the tree: the tree is read and written whole by every step, and
    # the events are nearly all of its size (a 260-point history: 230 KB with them).
    events = models.ForeignKey(GameStateText, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="event_snapshots",
                               help_text="The engine's events from the parent node to this one (a JSON list).")

    objects = SnapshotQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scenario", "node"], name="sandbox_snapshot_unique_node")]

    def __str__(self) -> str:
        return f"{self.scenario_id} node {self.node}"
