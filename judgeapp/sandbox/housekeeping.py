"""Housekeeping writes: what ``manage.py prune_scenarios`` removes, and why the rest is kept."""
from __future__ import annotations

from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from .models import GameStateText, Scenario, ScenarioSnapshot


def scenario_prune(*, older_than_days: int, now=None) -> dict[str, int]:
    """Delete unsaved anonymous boards untouched for ``older_than_days``, then expired sessions and state texts
    no snapshot uses any more.  Unsaved: no owning user, no title and no ruling question (a board a judge
    named or asked a question on is a ruling someone may link to, and is kept).  Returns the counts."""
    now = now or timezone.now()
    cutoff = now - timezone.timedelta(days=older_than_days)
    stale = Scenario.objects.filter(owner__isnull=True, title="", question="", updated__lt=cutoff)
    scenarios = 0
    while True:  # in batches: a long-unpruned table never holds one huge transaction
        ids = list(stale.values_list("pk", flat=True)[:500])
        if not ids:
            break
        with transaction.atomic():
            ScenarioSnapshot.objects.filter(scenario_id__in=ids).delete()
            scenarios += Scenario.objects.filter(pk__in=ids).delete()[1].get(Scenario._meta.label, 0)
    sessions = Session.objects.filter(expire_date__lt=now).delete()[0]
    texts = GameStateText.objects.filter(snapshots__isnull=True, event_snapshots__isnull=True).delete()[0]
    return {"scenarios": scenarios, "sessions": sessions, "state_texts": texts}

