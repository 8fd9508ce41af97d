"""Every distinct snapshot state is stored once under its SHA-256 and each snapshot points at it.

Backward, the text is copied back into each snapshot.  Batched, so a large
history never loads into memory at once.
"""
import hashlib

from django.db import migrations

BATCH = 200


def states_share(apps, schema_editor):
    Snapshot = apps.get_model("sandbox", "ScenarioSnapshot")
    Text = apps.get_model("sandbox", "GameStateText")
    last = 0
    while True:
        rows = list(Snapshot.objects.filter(pk__gt=last).order_by("pk").values_list("pk", "state_text")[:BATCH])
        if not rows:
            return
        digests = {}
        for pk, text in rows:
            digests[pk] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        Text.objects.bulk_create([Text(digest=digests[pk], text=text) for pk, text in rows], ignore_conflicts=True)
        for pk, _ in rows:
            Snapshot.objects.filter(pk=pk).update(state_id=digests[pk])
        last = rows[-1][0]


def states_unshare(apps, schema_editor):
    Snapshot = apps.get_model("sandbox", "ScenarioSnapshot")
    for snapshot in Snapshot.objects.select_related("state").iterator(chunk_size=BATCH):
        Snapshot.objects.filter(pk=snapshot.pk).update(state_text=snapshot.state.text)


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0003_snapshot_states_shared"),
    ]

    operations = [
        migrations.RunPython(states_share, states_unshare),
    ]
