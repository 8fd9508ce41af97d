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
