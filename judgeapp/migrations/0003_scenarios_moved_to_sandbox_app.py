"""The scenario models now belong to the sandbox app (judgeapp.sandbox, label ``sandbox``).

State only: the tables stay as they are here and are adopted by
sandbox 0001, which must run first so no row is ever without a model.
"""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("judgeapp", "0002_scenario_player_tokens"),
        ("sandbox", "0001_scenarios_adopted_from_judgeapp"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="ScenarioSnapshot"),
                migrations.DeleteModel(name="Scenario"),
            ],
        ),
    ]
