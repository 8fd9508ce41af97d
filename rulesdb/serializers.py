"""Shapes of the reader's JSON API (rulesdb/api.py). Read-only: they describe
dictionaries the API views build from the per-document index."""
from rest_framework import serializers


class DocumentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    series = serializers.CharField(help_text="Versionless slug: `/rules/<series>/` follows the newest version.")
    game = serializers.CharField()
    kind = serializers.CharField()
    language = serializers.CharField()
    version = serializers.CharField(allow_blank=True)
    date = serializers.DateField(allow_null=True)
    title = serializers.CharField()
    credit = serializers.CharField(allow_blank=True)
    clause_count = serializers.IntegerField()
    url = serializers.CharField(help_text="The reader page.")


class ClauseSummarySerializer(serializers.Serializer):
    number = serializers.CharField(
        allow_blank=True, help_text="The clause's address; as printed except for a misprinted number."
    )
    printed_number = serializers.CharField(
        allow_blank=True,
        help_text="Empty, or the number as printed when it contradicts the heading the clause is printed under.",
    )
    stable_id = serializers.CharField()
    kind = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    url = serializers.CharField()


class ReferenceSerializer(serializers.Serializer):
    raw = serializers.CharField(help_text="As written, e.g. `(sezione 3.5)`.")
    target_number = serializers.CharField()
    target_url = serializers.CharField(allow_null=True, help_text="Null when the reference is dangling.")
    start = serializers.IntegerField(help_text="Offset of the number in the clause text.")
    end = serializers.IntegerField()


class ClauseSerializer(ClauseSummarySerializer):
    document = serializers.CharField()
    text = serializers.CharField(
        allow_blank=True,
        help_text="Markdown as extracted, with icons the extraction lost named as in the reader (`[icona]`).",
    )
    parent = ClauseSummarySerializer(allow_null=True)
    children = ClauseSummarySerializer(many=True)
    duplicates = ClauseSummarySerializer(many=True, help_text="Other clauses printed with the same number.")
    references = ReferenceSerializer(many=True)
    cited_by = ClauseSummarySerializer(many=True)


class GlossaryEntrySerializer(serializers.Serializer):
    term = serializers.CharField()
    clause = ClauseSummarySerializer()


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class DiffOpSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=["=", "-", "+"], help_text="`=` kept, `-` removed, `+` added.")
    words = serializers.CharField()


class ChangeEntrySerializer(serializers.Serializer):
    change = serializers.CharField(help_text="added, removed, changed or moved.")
    old_number = serializers.CharField(allow_blank=True)
    new_number = serializers.CharField(allow_blank=True)
    detail = serializers.CharField(allow_blank=True)


class HistoryStepSerializer(serializers.Serializer):
    document = serializers.CharField(help_text="The version's slug.")
    version = serializers.CharField(allow_blank=True)
    date = serializers.DateField(allow_null=True)
    current = serializers.BooleanField(help_text="Whether this is the series' current version.")
    status = serializers.CharField(
        help_text="as printed, first printed here, unchanged, reworded, renumbered, renumbered and reworded, removed, not yet printed."
    )
    clause = ClauseSummarySerializer(allow_null=True, help_text="Null when this version does not print the clause.")
    text = serializers.CharField(allow_blank=True)
    diff = DiffOpSerializer(many=True, help_text="Word diff from the previous version's text; empty when unchanged.")
    change = ChangeEntrySerializer(allow_null=True, help_text="The change-report entry that recorded this step.")


class ClauseHistorySerializer(serializers.Serializer):
    series = serializers.CharField()
    steps = HistoryStepSerializer(many=True, help_text="Oldest version first.")
