"""Scenario.last_opened: the day a board was last opened, for prune_scenarios.

Boards that exist already are left without a day (nobody is known to have opened them since the
upgrade); new boards start with the day they are made.  So the field is added empty, then given
its default, which Django applies when it saves a row and the database never sees (no table
rebuild on SQLite)."""
import django.utils.timezone
from django.db import migrations, models

HELP = "The last day anyone opened the board (its page, the API, a link)."


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0009_scenario_fields_fast_json"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenario",
            name="last_opened",
            field=models.DateField(blank=True, editable=False, help_text=HELP, null=True),
        ),
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name="scenario",
                name="last_opened",
                field=models.DateField(blank=True, default=django.utils.timezone.localdate, editable=False,
                                       help_text=HELP, null=True),
            ),
        ]),
    ]
