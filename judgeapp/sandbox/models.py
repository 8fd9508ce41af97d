"""Sandbox scenarios: a board set up by a judge, its history tree and the ruling it documents.

A :class:`Scenario` keeps

* ``definition``: the starting position in the engine's scenario format
  (``judgeapp-scenario/1``, docs/scenarios.md) without script or expectations;
* ``expectations``: the ``expect`` list of that format (the regression test);
* ``tree``: the engine Timeline's JSON (``engine.Timeline.to_json()``) *without
  the per-node states*: node ids, parents, actions, events, children, cursor.

The state of each node is a :class:`ScenarioSnapshot` row, one per node, so a
step reads one state and writes one, and a page reads the log without parsing
every state of the history (a 500-event Timeline JSON with states is ~14 MB).
The state's text itself is a :class:`GameStateText`, stored once under its
SHA-256 however many nodes and scenarios reach it: a fork adds one small row
per node and shares its parent's states instead of copying them (a 517-step
history is ~15 MB of state text, a fork of it ~40 KB).

The engine's compact Timeline form (``to_json(compact=True)``: root state plus
actions, a checkpoint state every 50 nodes) is not used for storage: it stores
no events, so showing a log means replaying the whole history (~27 ms for a
500-event game, on top of the page's own work: over the 50 ms budget), reading
one node replays up to 49 actions, and the sandbox's "run to the next
decision" nodes have no action to replay.  Exports use the scenario format.
"""
from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.db import models

from judgeapp.fastjson import FastJSONField


def _token() -> str:
    return secrets.token_urlsafe(24)


class Scenario(models.Model):
    """One sandbox scenario: position, history tree, ruling metadata, owner."""

    class Status(models.TextChoices):
        DRAFT = "draft", "being set up"
        STARTED = "started", "started"

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
    tags = models.JSONField(default=list, blank=True)
    clauses = models.JSONField(default=list, blank=True, help_text="Linked clause numbers (vg-cr-it-2.2).")

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    definition = models.JSONField(help_text="Starting position, engine scenario format.")
    expectations = models.JSONField(default=list, blank=True)
    tree = FastJSONField(null=True, blank=True, help_text="Timeline JSON without states.")
    last_run = models.JSONField(null=True, blank=True, help_text="Result of the last expectations run.")

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["example"], name="sandbox_scenario_example_idx")]

    def __str__(self) -> str:
        return self.title or f"scenario {self.id}"


class GameStateText(models.Model):
    """One game state's canonical engine JSON, stored once and shared by every snapshot that reaches it.

    Rows no snapshot refers to any more (after a reset or a prune) are removed by
    ``manage.py prune_scenarios``.
    """

    digest = models.CharField(max_length=64, primary_key=True, help_text="SHA-256 of the text.")
    text = models.TextField()

    @staticmethod
    def digest_of(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @classmethod
    def stored(cls, text: str) -> str:
        """Store ``text`` unless it is already stored; returns its digest."""
        digest = cls.digest_of(text)
        cls.objects.bulk_create([cls(digest=digest, text=text)], ignore_conflicts=True)
        return digest

    def __str__(self) -> str:
        return self.digest[:12]


class SnapshotQuerySet(models.QuerySet):
    def state_text(self, *, scenario, node: int) -> str | None:
        """The state at ``node`` of ``scenario`` as canonical JSON (None when there is no such node)."""
        return self.filter(scenario=scenario, node=node).values_list("state__text", flat=True).first()


class ScenarioSnapshot(models.Model):
    """The game state at one node of a scenario's timeline."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="snapshots")
    node = models.PositiveIntegerField()
    state = models.ForeignKey(GameStateText, on_delete=models.PROTECT, related_name="snapshots")

    objects = SnapshotQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scenario", "node"], name="sandbox_snapshot_unique_node")]

    def __str__(self) -> str:
        return f"{self.scenario_id} node {self.node}"
