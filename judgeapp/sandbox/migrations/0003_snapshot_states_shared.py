"""Snapshot states move to GameStateText, one row per distinct state, so forks share their parent's states.

Three migrations, each its own transaction (PostgreSQL refuses to alter a table
with pending deferred-constraint checks from rows updated in the same
transaction): 0003 adds the table and the reference, 0004 fills them,
0005 drops the old column.
"""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0002_scenario_tables_renamed"),
    ]

    operations = [
        migrations.CreateModel(
            name="GameStateText",
            fields=[
                ("digest", models.CharField(help_text="SHA-256 of the text.", max_length=64, primary_key=True,
                                            serialize=False)),
                ("text", models.TextField()),
            ],
        ),
        migrations.RenameField(model_name="scenariosnapshot", old_name="state", new_name="state_text"),
        migrations.AlterField(model_name="scenariosnapshot", name="state_text", field=models.TextField(null=True)),
        migrations.AddField(
            model_name="scenariosnapshot",
            name="state",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name="snapshots", to="sandbox.gamestatetext"),
        ),
    ]
