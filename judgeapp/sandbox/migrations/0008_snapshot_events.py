"""Each node's events move from the history tree to its snapshot row (as a shared text, like the
states); the tree keeps each node's ``event_count``.  Backward, the events go back into the tree.
One scenario at a time, so a large history never loads with the others."""
import hashlib
import json

import django.db.models.deletion
from django.db import migrations, models


def _text(events: list) -> str:
    return json.dumps(events, ensure_ascii=False, separators=(",", ":"))


def events_to_snapshots(apps, schema_editor):
    Scenario = apps.get_model("sandbox", "Scenario")
    Snapshot = apps.get_model("sandbox", "ScenarioSnapshot")
    Text = apps.get_model("sandbox", "GameStateText")
    for pk in Scenario.objects.exclude(tree=None).values_list("pk", flat=True).iterator():
        scenario = Scenario.objects.get(pk=pk)
        tree = scenario.tree
        if not isinstance(tree, dict):
            continue
        for node in tree.get("nodes", []):
            events = node.pop("events", None)
            if events is None:
                continue
            node["event_count"] = len(events)
            if events:
                text = _text(events)
                digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
                Text.objects.bulk_create([Text(digest=digest, text=text)], ignore_conflicts=True)
                Snapshot.objects.filter(scenario_id=pk, node=node["id"]).update(events_id=digest)
        Scenario.objects.filter(pk=pk).update(tree=tree)


def events_to_tree(apps, schema_editor):
    Scenario = apps.get_model("sandbox", "Scenario")
    Snapshot = apps.get_model("sandbox", "ScenarioSnapshot")
    for pk in Scenario.objects.exclude(tree=None).values_list("pk", flat=True).iterator():
        tree = Scenario.objects.get(pk=pk).tree
        if not isinstance(tree, dict):
            continue
        texts = dict(Snapshot.objects.filter(scenario_id=pk).exclude(events=None).values_list("node", "events__text"))
        for node in tree.get("nodes", []):
            node.pop("event_count", None)
            node["events"] = json.loads(texts[node["id"]]) if node["id"] in texts else []
        Scenario.objects.filter(pk=pk).update(tree=tree)
    Snapshot.objects.update(events=None)


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0007_scenario_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenariosnapshot",
            name="events",
            field=models.ForeignKey(
                blank=True, help_text="The engine's events from the parent node to this one (a JSON list).",
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="event_snapshots",
                to="sandbox.gamestatetext"),
        ),
        migrations.RunPython(events_to_snapshots, events_to_tree),
    ]
