"""The adopted tables take the sandbox app's own names (judgeapp_* -> sandbox_*); rows are untouched."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("sandbox", "0001_scenarios_adopted_from_judgeapp"),
        ("judgeapp", "0003_scenarios_moved_to_sandbox_app"),
    ]

    operations = [
        migrations.AlterModelTable(name="scenario", table=None),
        migrations.AlterModelTable(name="scenariosnapshot", table=None),
    ]
