"""The sandbox's models move from the ``judgeapp`` app to this one without touching a row.

The tables were created by judgeapp's migrations 0001-0002; this migration only
records the models in the sandbox's state (``database_operations`` is empty),
judgeapp 0003 drops them from judgeapp's state, and 0002 here renames the tables
to the sandbox's own names.  Content types follow, so admin history and
permissions keep pointing at the same models.
"""
import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import judgeapp.sandbox.models

MOVED_MODELS = ("scenario", "scenariosnapshot")


def content_types_move(apps, schema_editor, source="judgeapp", target="sandbox"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED_MODELS:
        if not ContentType.objects.filter(app_label=target, model=model).exists():
            ContentType.objects.filter(app_label=source, model=model).update(app_label=target)


def content_types_move_back(apps, schema_editor):
    content_types_move(apps, schema_editor, source="sandbox", target="judgeapp")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("judgeapp", "0002_scenario_player_tokens"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Scenario",
                    fields=[
                        ("id", models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ("share_token", models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                                         help_text="Unguessable token of the read-only share link.",
                                                         max_length=64, unique=True)),
                        ("owner_token", models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                                         help_text="Secret that proves ownership; kept in the "
                                                                   "creator's session.", max_length=64)),
                        ("player0_token", models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                                           help_text="Unguessable token of player 0's private link.",
                                                           max_length=64, unique=True)),
                        ("player1_token", models.CharField(default=judgeapp.sandbox.models._token, editable=False,
                                                           help_text="Unguessable token of player 1's private link.",
                                                           max_length=64, unique=True)),
                        ("example", models.SlugField(blank=True, help_text="Slug of the example it was started from.",
                                                     max_length=80)),
                        ("title", models.CharField(blank=True, max_length=200)),
                        ("question", models.TextField(blank=True,
                                                      help_text="The ruling question this scenario settles.")),
                        ("description", models.TextField(blank=True)),
                        ("tags", models.JSONField(blank=True, default=list)),
                        ("clauses", models.JSONField(blank=True, default=list,
                                                     help_text="Linked clause numbers (vg-cr-it-2.2).")),
                        ("status", models.CharField(choices=[("draft", "being set up"), ("started", "started")],
                                                    default="draft", max_length=10)),
                        ("definition", models.JSONField(help_text="Starting position, engine scenario format.")),
                        ("expectations", models.JSONField(blank=True, default=list)),
                        ("tree", models.JSONField(blank=True, help_text="Timeline JSON without states.", null=True)),
                        ("last_run", models.JSONField(blank=True, help_text="Result of the last expectations run.",
                                                      null=True)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        ("forked_from", models.ForeignKey(blank=True, null=True,
                                                          on_delete=django.db.models.deletion.SET_NULL,
                                                          related_name="forks", to="sandbox.scenario")),
                        ("owner", models.ForeignKey(blank=True, null=True,
                                                    on_delete=django.db.models.deletion.SET_NULL,
                                                    related_name="sandbox_scenarios", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "judgeapp_scenario",
                        "ordering": ["-updated"],
                        "indexes": [models.Index(fields=["example"], name="sandbox_scenario_example_idx")],
                    },
                ),
                migrations.CreateModel(
                    name="ScenarioSnapshot",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("node", models.PositiveIntegerField()),
                        ("state", models.TextField()),
                        ("scenario", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                       related_name="snapshots", to="sandbox.scenario")),
                    ],
                    options={
                        "db_table": "judgeapp_scenariosnapshot",
                        "constraints": [models.UniqueConstraint(fields=("scenario", "node"),
                                                                name="sandbox_snapshot_unique_node")],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_move, content_types_move_back),
    ]
