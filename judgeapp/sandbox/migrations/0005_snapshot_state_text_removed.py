"""The snapshot's own copy of its state goes: the shared GameStateText holds it."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0004_snapshot_states_filled"),
    ]

    operations = [
        migrations.RemoveField(model_name="scenariosnapshot", name="state_text"),
        migrations.AlterField(
            model_name="scenariosnapshot",
            name="state",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="snapshots",
                                    to="sandbox.gamestatetext"),
        ),
    ]
