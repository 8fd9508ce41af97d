"""Each scenario gets two private player links (player0_token, player1_token).

A callable default on AddField is evaluated once for the whole table, so the
fields are added nullable, every existing row is given its own tokens, and only
then are they made unique and required.
"""
import secrets

from django.db import migrations, models

import judgeapp.sandbox.models

BATCH = 500


def tokens_fill(apps, schema_editor):
    Scenario = apps.get_model("judgeapp", "Scenario")
    batch = []
    for scenario in Scenario.objects.only("pk").iterator(chunk_size=BATCH):
        scenario.player0_token = secrets.token_urlsafe(24)
        scenario.player1_token = secrets.token_urlsafe(24)
        batch.append(scenario)
        if len(batch) >= BATCH:
            Scenario.objects.bulk_update(batch, ["player0_token", "player1_token"])
            batch = []
    if batch:
        Scenario.objects.bulk_update(batch, ["player0_token", "player1_token"])


class Migration(migrations.Migration):

    dependencies = [
        ("judgeapp", "0001_scenario_and_snapshots"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenario",
            name="player0_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="scenario",
            name="player1_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(tokens_fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="scenario",
            name="player0_token",
            field=models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                   help_text="Unguessable token of player 0's private link.", max_length=64,
                                   unique=True),
        ),
        migrations.AlterField(
            model_name="scenario",
            name="player1_token",
            field=models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                   help_text="Unguessable token of player 1's private link.", max_length=64,
                                   unique=True),
        ),
    ]
