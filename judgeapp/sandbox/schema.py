"""OpenAPI description of the sandbox API (judgeapp/sandbox/api.py); prose in docs/sandbox-api.md.

The serializers here only describe bodies for drf-spectacular: the views validate
input with judgeapp.sandbox.services (errors name the field) and build their answers
with judgeapp.sandbox.selectors.
"""
from __future__ import annotations

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers

from . import games, validation

TAG = "sandbox"
STEP_MODES = games.step_modes()


# ---------------------------------------------------------------- errors
class SandboxInvalidSerializer(serializers.Serializer):
    error = serializers.ChoiceField(choices=["invalid"])
    field = serializers.CharField(help_text="Path of the offending field, e.g. scenario.players[0].hand[1].grade, "
                                            "action.card, body, view; empty when the whole body is at fault.")
    message = serializers.CharField()


class SandboxCitationSerializer(serializers.Serializer):
    document = serializers.CharField(help_text="Document slug, e.g. vg-cr-it-2.2.")
    number = serializers.CharField(help_text="Clause number in that document.")
    en_number = serializers.CharField(allow_null=True, help_text="The matching clause of the English rules.")


class SandboxRefusedSerializer(serializers.Serializer):
    error = serializers.ChoiceField(choices=["refused"])
    reason = serializers.CharField(help_text="Why the rules forbid the action.")
    action = serializers.JSONField(help_text="The refused action, normalised.")
    citation = SandboxCitationSerializer(allow_null=True, help_text="The clause that forbids it.")


class SandboxErrorSerializer(serializers.Serializer):
    error = serializers.ChoiceField(choices=["not_found", "forbidden"])
    message = serializers.CharField()


class SandboxBusySerializer(serializers.Serializer):
    error = serializers.ChoiceField(choices=["busy"])
    message = serializers.CharField(help_text="For the visitor: nothing was changed, try again in a few seconds.")


def _strings() -> str:
    """The text bounds every string of a body meets (validation.json_length_check), in words."""
    own = ", ".join(f"{key} {limit}" for key, limit in validation.STRING_LIMITS.items())
    return (f"Every string in it at most {validation.STRING_LIMIT} characters ({own}), every key (a template's "
            f"name...) at most {validation.KEY_LIMIT}; the board at most {validation.MAX_CARDS} cards once counts "
            f"are expanded and {settings.SANDBOX_MAX_STATE_BYTES // 1024} KB as stored JSON (413).")


# ---------------------------------------------------------------- requests
class ScenarioCreateSerializer(serializers.Serializer):
    scenario = serializers.JSONField(help_text="The starting position in the engine's scenario format "
                                               "(docs/scenarios.md) without script, metadata or expect. " + _strings())
    game = serializers.ChoiceField(choices=[slug for slug, _ in games.choices()], required=False,
                                   default=games.default_slug(),
                                   help_text="The board's game; without scenario, a blank board of it.")
    title = serializers.CharField(required=False, max_length=200)
    question = serializers.CharField(required=False, max_length=4000, help_text="The ruling question.")
    description = serializers.CharField(required=False, max_length=20000)
    tags = serializers.ListField(child=serializers.CharField(max_length=40), required=False, max_length=20)
    clauses = serializers.ListField(child=serializers.CharField(max_length=40), required=False, max_length=50,
                                    help_text="Clause numbers of the Italian rules, e.g. 7.4.1.")
    expectations = serializers.ListField(child=serializers.JSONField(), required=False, max_length=100,
                                         help_text="The scenario format's expect items.")
    start = serializers.BooleanField(required=False, default=True,
                                     help_text="Validate and start at once (default); false keeps a draft.")


class ScenarioUpdateSerializer(serializers.Serializer):
    title = serializers.CharField(required=False, max_length=200)
    question = serializers.CharField(required=False, max_length=4000)
    description = serializers.CharField(required=False, max_length=20000)
    tags = serializers.ListField(child=serializers.CharField(max_length=40), required=False, max_length=20)
    clauses = serializers.ListField(child=serializers.CharField(max_length=40), required=False, max_length=50)
    expectations = serializers.ListField(child=serializers.JSONField(), required=False, max_length=100)
    definition = serializers.JSONField(required=False, help_text="A new starting position: drafts only (send "
                                                                 "status \"draft\" with it to reset a started one). "
                                                                 + _strings())
    status = serializers.ChoiceField(choices=["draft", "started"], required=False,
                                     help_text="draft: back to set-up (discards the history); started: validate "
                                               "and start.")


def from_node_field() -> serializers.IntegerField:
    return serializers.IntegerField(required=False, min_value=0, max_value=1000,
                                    help_text="The history point you were looking at (`current`). When given and the "
                                              "history has moved on since (another writer), nothing runs: 409 with "
                                              "error \"conflict\" and the current point.")


class ScenarioStepSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=STEP_MODES, required=False, default="event",
                                   help_text="How far to run: one event, to the next decision, or to the end of the "
                                             "step, phase, battle or turn.")
    from_node = from_node_field()


class ScenarioAnswerSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text="An engine action: {kind, ...}; one of the current legal_actions, or a "
                                             "judge action (judge_move, judge_add_modifier, judge_remove_modifier, "
                                             "judge_set_damage, judge_standby) or concede at any time.")
    then = serializers.ChoiceField(choices=STEP_MODES + ("none",), required=False, default="decision",
                                   help_text="Run on after the answer (default: to the next decision); none stops.")
    from_node = from_node_field()


class ScenarioUndoSerializer(serializers.Serializer):
    node = serializers.IntegerField(required=False, min_value=0,
                                    help_text="Go to this point of the history; without it, step back one point.")
    from_node = from_node_field()


# ---------------------------------------------------------------- responses
class ScenarioSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField(help_text="The scenario's page (permalink).")
    game = serializers.ChoiceField(choices=[slug for slug, _ in games.choices()], help_text="The board's game.")
    status = serializers.ChoiceField(choices=["draft", "started"])
    title = serializers.CharField()
    question = serializers.CharField()
    description = serializers.CharField()
    tags = serializers.ListField(child=serializers.CharField())
    clauses = serializers.ListField(child=serializers.CharField())
    example = serializers.CharField(help_text="Slug of the example it was started from, or empty.")
    forked_from = serializers.UUIDField(allow_null=True)
    definition = serializers.JSONField(required=False, help_text="Starting position (judge view only).")
    expectations = serializers.ListField(child=serializers.JSONField(), required=False,
                                         help_text="Judge view only.")
    last_run = serializers.JSONField(required=False, allow_null=True, help_text="Judge view only.")
    owner = serializers.BooleanField(help_text="Whether this request may change the scenario.")
    updated = serializers.DateTimeField()
    view = serializers.ChoiceField(choices=["judge", "p0", "p1"])
    share_url = serializers.URLField(required=False, help_text="Read-only link (owners only).")
    player_urls = serializers.DictField(child=serializers.URLField(), required=False,
                                        help_text="Each player's private link, keyed p0 and p1 (owners only): "
                                                  "that player's view, read-only, naming no id or other link.")
    owner_token = serializers.CharField(required=False, help_text="Only in the 201 answer of a create, import or "
                                                                  "fork: send it as X-Sandbox-Owner to edit later.")
    current = serializers.IntegerField(required=False, help_text="The current point of the history (started).")
    board = serializers.JSONField(required=False, help_text="Both players' zones and circles as the view sees "
                                                            "them (hidden cards are {hidden: true}).")
    decision = serializers.JSONField(required=False, allow_null=True,
                                     help_text="The pending decision: kind, player, prompt, options (the deciding "
                                               "player's and the judge's views only), citation.")
    legal_actions = serializers.ListField(child=serializers.JSONField(), required=False,
                                          help_text="Answers to the decision (empty for the other player's view).")
    refused = serializers.ListField(
        child=serializers.JSONField(), required=False,
        help_text="Why not: answers a judge might expect at this decision that the rules forbid (ride or call each "
                  "hand card, attack with or at each unit, boost, guard, intercept, swap a column): each "
                  "{action, label, reason, citation {document, number, en_number, href, preview}}. Sending one is a "
                  "409 with the same reason. Empty for the other player's view.")
    log = serializers.ListField(child=serializers.JSONField(), required=False,
                                help_text="Events to the current point with reader links; redacted in player views.")
    history = serializers.ListField(child=serializers.JSONField(), required=False)
    branches = serializers.ListField(child=serializers.JSONField(), required=False)


class ScenarioPlayerSerializer(ScenarioSerializer):
    """A player link's answer: no field that leads to the judge view (api.PLAYER_LINK_OMITTED)."""

    id = None
    forked_from = None
    example = None
    share_url = None
    player_urls = None
    owner_token = None
    owner = serializers.BooleanField(help_text="Always false: a player link never changes the scenario.")
    url = serializers.URLField(help_text="The player's private page.")


class ScenarioNodeSerializer(ScenarioSerializer):
    node = serializers.IntegerField(help_text="The point the request created (or reused).")
    events = serializers.ListField(child=serializers.JSONField(), help_text="The events of that point.")


class ScenarioRunCheckSerializer(serializers.Serializer):
    label = serializers.CharField()
    passed = serializers.BooleanField()
    detail = serializers.CharField()


class ScenarioRunSerializer(serializers.Serializer):
    passed = serializers.BooleanField()
    error = serializers.CharField(allow_null=True)
    checks = ScenarioRunCheckSerializer(many=True)


# ---------------------------------------------------------------- shared pieces
VIEW = OpenApiParameter(
    "view", OpenApiTypes.STR, OpenApiParameter.QUERY, enum=["judge", "p0", "p1"], required=False,
    description="Whose view: judge (default: everything) or a player's (p0, p1): the opponent's hand, every deck "
                "and face-down cards are hidden, the log is redacted, and definition, expectations and last_run are "
                "left out. Any other value is a 400 before anything changes.")
SCENARIO_ID = OpenApiParameter("scenario_id", OpenApiTypes.UUID, OpenApiParameter.PATH,
                               description="The scenario's id (a malformed id is a 404 like an unknown one).")
PLAYER_TOKEN = OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH,
                                description="A player's private token (from player_urls); an unknown one is a 404.")
OWNER = OpenApiParameter(
    "X-Sandbox-Owner", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="The scenario's owner token (given once, in the 201 answer that created it). Not needed in the "
                "creator's browser session or for staff.")

INVALID = OpenApiResponse(SandboxInvalidSerializer, description="Invalid input, naming the field.", examples=[
    OpenApiExample("invalid card", value={"error": "invalid", "field": "scenario.players[0].hand[0].grade",
                                          "message": "expected integer 0-4, got 9"}, status_codes=["400"])])
TOO_LARGE = OpenApiResponse(SandboxInvalidSerializer, description=(
    "Too large, naming the field: the body over 1 MB (\"body\"), the board's state over "
    f"{settings.SANDBOX_MAX_STATE_BYTES // 1024} KB of JSON (\"scenario.players\", or \"log\" for a step), the "
    f"board's stored history over {settings.SANDBOX_MAX_BOARD_BYTES // 2**20} MB (\"log\")."))
BUSY = OpenApiResponse(SandboxBusySerializer, description=(
    f"The write waited {settings.WRITE_LOCK_WAIT_SECONDS:g} s for the database, or held it past "
    f"{settings.WRITE_LOCK_HOLD_SECONDS:g} s: nothing was changed; a Retry-After header says when to try again."))
REFUSED = OpenApiResponse(SandboxRefusedSerializer, description="The engine refused the action: reason and clause.",
                          examples=[OpenApiExample("refused", status_codes=["409"], value={
                              "error": "refused",
                              "reason": "ride is not a legal answer to the pending attack decision of player 0",
                              "action": {"kind": "ride", "card": "a-d2"},
                              "citation": {"document": "vg-cr-it-2.2", "number": "8.4.2.2",
                                           "en_number": "8.4.2.2"}})])
FORBIDDEN = OpenApiResponse(
    PolymorphicProxySerializer(component_name="SandboxForbidden", resource_type_field_name=None,
                               serializers=[SandboxErrorSerializer, SandboxInvalidSerializer]),
    description="Not the owner (session, X-Sandbox-Owner or staff): error \"forbidden\"; or storage full (the "
                f"database over its bound, or a signed-in owner or browser session with "
                f"{settings.SANDBOX_MAX_BOARDS_PER_OWNER} boards already): error \"invalid\" with the message.")
NOT_FOUND = OpenApiResponse(SandboxErrorSerializer, description="No scenario with this id.")


def errors(*codes: int) -> dict:
    table = {400: INVALID, 403: FORBIDDEN, 404: NOT_FOUND, 409: REFUSED, 413: TOO_LARGE, 503: BUSY}
    return {code: table[code] for code in codes}
