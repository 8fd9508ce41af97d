"""The clause database: games, documents, clauses, references, glossary.

Clauses are stored as printed. A clause's `stable_id` is separate from its
displayed number so that two clauses printed with the same number stay
distinct and links survive renumbering between versions.
"""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class Game(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    code = models.CharField(max_length=10, unique=True, help_text="Prefix of document slugs, e.g. `vg`.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DocumentQuerySet(models.QuerySet):
    def published(self) -> "DocumentQuerySet":
        return self.filter(published=True)

    def visible_to(self, user) -> "DocumentQuerySet":
        """What `user` may read: drafts (unpublished uploads under review) are for staff only."""
        if user is not None and user.is_active and user.is_staff:
            return self.all()
        return self.published()

    def in_series(self, series: str) -> "DocumentQuerySet":
        """Every version of one game/kind/language, newest first (`vg-cr-it`)."""
        return self.filter(series=series).order_by("-date", "-imported_at")


class Document(models.Model):
    KIND_CHOICES = [("cr", gettext_lazy("comprehensive rules")), ("playbook", gettext_lazy("playbook"))]

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="documents")
    slug = models.SlugField(max_length=60, unique=True)
    series = models.SlugField(
        max_length=60, help_text="Slug without the version (`vg-cr-it`); versionless URLs follow the newest."
    )
    kind = models.CharField(max_length=20, choices=KIND_CHOICES)
    language = models.CharField(max_length=8)
    version = models.CharField(max_length=20, blank=True)
    date = models.DateField(null=True, blank=True)
    title = models.CharField(max_length=200)
    family = models.CharField(max_length=40, help_text="Parser family (rulesdb.parsers.FAMILIES).")
    source_file = models.CharField(max_length=200)
    source_sha256 = models.CharField(max_length=64)
    credit = models.CharField(max_length=300, blank=True)
    published = models.BooleanField(default=True)
    imported_at = models.DateTimeField(auto_now=True)
    report = models.JSONField(default=dict, blank=True, help_text="Import report: where every source line went.")

    objects = DocumentQuerySet.as_manager()

    class Meta:
        ordering = ["game__name", "kind", "language", "-date"]

    def __str__(self) -> str:
        return self.slug


class Clause(models.Model):
    KIND_CHOICES = [
        (k, k) for k in ("section", "heading", "rule", "note", "example", "qa", "glossary", "changelog")
    ]

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="clauses")
    stable_id = models.CharField(max_length=80)
    number = models.CharField(
        max_length=40, blank=True, db_index=True,
        help_text="The clause's address: its number as printed, except for a misprinted number (see printed_number).",
    )
    printed_number = models.CharField(
        max_length=40, blank=True,
        help_text="Set only when the printed number contradicts the heading the clause is printed under: "
        "the page shows it with a note, and `number` is the address the clause has under that heading.",
    )
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    order = models.PositiveIntegerField(help_text="Position in the document as printed.")
    depth = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=12, choices=KIND_CHOICES)
    title = models.CharField(max_length=500, blank=True)
    text = models.TextField(blank=True, help_text="Markdown.")
    line_start = models.PositiveIntegerField()
    line_end = models.PositiveIntegerField()
    defines_term = models.CharField(max_length=200, blank=True)
    ORIGIN_CHOICES = [
        ("printed", "printed in the source"),
        ("derived", "heading derived from the numbering"),
        ("inferred", "number inferred from the sequence"),
    ]
    origin = models.CharField(
        max_length=8, choices=ORIGIN_CHOICES, default="printed",
        help_text="Derived headings and inferred numbers are not printed: exports of printed rules leave them out.",
    )

    class Meta:
        ordering = ["document", "order"]
        constraints = [
            models.UniqueConstraint(fields=["document", "stable_id"], name="clause_unique_stable_id"),
            models.UniqueConstraint(fields=["document", "order"], name="clause_unique_order"),
        ]
        indexes = [models.Index(fields=["document", "number"], name="clause_doc_number")]

    def __str__(self) -> str:
        return f"{self.document.slug} {self.number or self.stable_id}"

    @property
    def shown_number(self) -> str:
        """The number the page prints for this clause (a misprint as printed)."""
        return self.printed_number or self.number


class Reference(models.Model):
    """A clause number written in a clause's text, resolved within its document."""

    source = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="references")
    raw = models.CharField(max_length=200, help_text="The reference as written, e.g. `(sezione 3.5)`.")
    target_number = models.CharField(max_length=40)
    target = models.ForeignKey(
        Clause, null=True, blank=True, on_delete=models.SET_NULL, related_name="cited_by"
    )
    start = models.PositiveIntegerField(help_text="Offset of the number in the source clause text.")
    end = models.PositiveIntegerField()

    class Meta:
        ordering = ["source", "start"]
        constraints = [
            models.UniqueConstraint(fields=["source", "start"], name="reference_unique_position"),
        ]

    @property
    def dangling(self) -> bool:
        return self.target_id is None


class GlossaryTerm(models.Model):
    term = models.CharField(max_length=200)
    folded = models.CharField(max_length=200, db_index=True, help_text="Lower case, no accents: for matching.")
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="glossary")
    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="defined_terms")

    class Meta:
        ordering = ["document", "folded"]
        constraints = [
            models.UniqueConstraint(fields=["document", "clause", "term"], name="glossary_unique_term_clause"),
        ]

    def __str__(self) -> str:
        return self.term


class TermLink(models.Model):
    """A word the source marked as a glossary link (Altered's stray `i`)."""

    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="term_links")
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    surface = models.CharField(max_length=200)
    term = models.ForeignKey(GlossaryTerm, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["clause", "start"]
        constraints = [models.UniqueConstraint(fields=["clause", "start"], name="termlink_unique_position")]


class BilingualTerm(models.Model):
    """One game term in English with its Italian translation(s): shared by
    cross-language search (query expansion) and terminology QA."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bilingual_terms")
    english = models.CharField(max_length=120)
    italian = models.JSONField(default=list, help_text="Accepted Italian translations; the first is preferred.")
    forbidden = models.JSONField(default=list, blank=True, help_text="Italian variants translators must not use.")
    note = models.CharField(max_length=300, blank=True)
    context = models.JSONField(
        default=list, blank=True,
        help_text="English phrases that tell this sense apart (`ends in a draw` for draw, the result); "
        "when given, the term is matched only inside them.",
    )
    forms = models.JSONField(
        default=dict, blank=True,
        help_text="Italian forms a stemmer cannot relate to their word, each with the accepted translation it is a form of "
        "(`{\"mosso\": \"muovere\"}`).",
    )

    class Meta:
        ordering = ["game", "english"]
        constraints = [models.UniqueConstraint(fields=["game", "english"], name="bilingualterm_unique_english")]

    def __str__(self) -> str:
        return f"{self.english} → {', '.join(self.italian)}"


class SearchSynonym(models.Model):
    """Words a judge types that the rules say otherwise, in one language: slang from other
    games ("tap" for "rest", "cimitero" for "zona scarti") and everyday paraphrases ("flip",
    "turn face up"). Typing any term of the group also searches for the others."""

    LANGUAGE_CHOICES = [("it", "Italian"), ("en", "English")]

    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES)
    game = models.ForeignKey(
        Game,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="search_synonyms",
        help_text="The game whose players say it (judges' words: \"PG\", \"CB\"); empty for every game. "
        "A query using a game's words ranks that game's rules first.",
    )
    terms = models.JSONField(default=list, help_text="Two or more words or phrases that mean the same here.")
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["language", "game", "id"]

    def __str__(self) -> str:
        return f"{self.language}: {' = '.join(self.terms)}"


class Alignment(models.Model):
    """A computed clause-by-clause alignment of two documents of one game."""

    left = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+")
    right = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+")
    computed_at = models.DateTimeField(auto_now=True)
    left_sha256 = models.CharField(max_length=64, help_text="Source hash the alignment was computed from.")
    right_sha256 = models.CharField(max_length=64)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["left", "right"], name="alignment_unique_pair")]


class AlignedPair(models.Model):
    STATUS_CHOICES = [
        (s, s) for s in ("same", "renumbered", "left-only", "right-only", "unchanged", "changed")
    ]

    alignment = models.ForeignKey(Alignment, on_delete=models.CASCADE, related_name="pairs")
    order = models.PositiveIntegerField()
    left_clause = models.ForeignKey(Clause, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    right_clause = models.ForeignKey(Clause, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=12, choices=STATUS_CHOICES)
    score = models.FloatField(default=0.0)
    diff = models.JSONField(default=list, blank=True, help_text="Word-level diff for same-language pairs.")

    class Meta:
        ordering = ["alignment", "order"]
        constraints = [models.UniqueConstraint(fields=["alignment", "order"], name="alignedpair_unique_order")]


class ChangeReport(models.Model):
    """What changed between two versions of a document, reviewed by staff before publishing."""

    old = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+")
    new = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="change_reports")
    created_at = models.DateTimeField(auto_now_add=True)
    changes = models.JSONField(default=list, help_text="[{change, old_number, new_number, detail, ...}]")
    reviewed_by = models.CharField(max_length=150, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]


class QADismissal(models.Model):
    """A translation QA finding staff judged not to be a problem, with their reason; deleting the row
    undoes the dismissal. Kept per pair of documents (whichever side the compare page shows first)."""

    english = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+")
    italian = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=400, help_text="The finding's key: check|term|English id|Italian id.")
    reason = models.CharField(max_length=300)
    dismissed_by = models.CharField(max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["english", "italian", "key"], name="qadismissal_unique_key")]

    def __str__(self) -> str:
        return f"{self.key}: {self.reason}"


class CounterpartFlag(models.Model):
    """A clause whose counterpart in another language changed in a newer version: its text may
    need updating. Raised when that version is published; it lapses when a newer version of the
    flagged clause's language is published (the flag is deleted), and staff may dismiss it
    (undoable: the dismissal fields are cleared)."""

    CHANGE_CHOICES = [("reworded", "reworded"), ("removed", "removed")]

    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="freshness_flags")
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+", help_text="The flagged clause's document.")
    raised_by = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="+", help_text="The new version whose change raised the flag.")
    changed_clause = models.ForeignKey(
        Clause, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The counterpart as the new version prints it (empty when it was removed).",
    )
    old_number = models.CharField(max_length=80, help_text="The changed counterpart's number in the previous version.")
    change = models.CharField(max_length=10, choices=CHANGE_CHOICES)
    detail = models.CharField(max_length=400, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    dismissed_by = models.CharField(max_length=150, blank=True)
    dismissed_at = models.DateTimeField(null=True, blank=True)
    dismiss_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["document", "clause__order"]
        constraints = [models.UniqueConstraint(fields=["clause", "raised_by"], name="counterpartflag_unique_clause_version")]

    def __str__(self) -> str:
        return f"{self.clause}: counterpart {self.change} in {self.raised_by.slug}"
