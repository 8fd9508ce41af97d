"""The translator's workbench: side-by-side comparison, terminology QA, exports, new versions."""
from __future__ import annotations

import csv
import datetime as dt
import io

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from judgeapp.errors import InvalidRequest, NotFound

from .. import selectors
from ..models import AlignedPair, ChangeReport, Document, Game
from ..parsers import FAMILIES
from ..services import DocumentSpec, RulesImportError, published_slug_message, ruleset_import
from . import alignment as aligning
from . import changes, exports, terminology

PAGE_SIZE = 150


def _documents(request: HttpRequest, left: str, right: str):
    try:
        a = selectors.document_get(slug=left, user=request.user)
        b = selectors.document_get(slug=right, user=request.user)
    except selectors.DocumentNotFound as error:
        raise NotFound(str(error)) from None
    if a.game_id != b.game_id:
        raise InvalidRequest(f"{a.slug} and {b.slug} are documents of different games; compare two documents of one game")
    return a, b


def _link(slug: str, clause) -> str:
    if clause is None:
        return ""
    if clause.number and clause.stable_id == clause.number:
        return f"/rules/{slug}/{clause.number}/"
    return f"/rules/{slug}/id/{clause.stable_id}/"


def compare_page(request: HttpRequest, left: str, right: str) -> HttpResponse:
    a, b = _documents(request, left, right)
    status = request.GET.get("status", "")
    if status and status not in dict(AlignedPair.STATUS_CHOICES):
        raise InvalidRequest(f"unknown status {status!r}")
    section = request.GET.get("section", "").strip()
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    pairs = aligning.alignment_pairs(alignment=stored, status=status, section=section)
    page = Paginator(pairs, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [
        {"pair": p, "left_url": _link(a.slug, p.left_clause), "right_url": _link(b.slug, p.right_clause)}
        for p in page.object_list
    ]
    sections = list(a.clauses.filter(kind="section").values_list("number", "title"))
    return render(
        request,
        "rulesdb/compare.html",
        {
            "left": a, "right": b, "rows": rows, "page": page, "status": status, "section": section,
            "counts": aligning.alignment_counts(alignment=stored), "statuses": [s for s, _ in AlignedPair.STATUS_CHOICES],
            "sections": sections,
        },
    )


def compare_terminology(request: HttpRequest, left: str, right: str) -> HttpResponse:
    a, b = _documents(request, left, right)
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    issues = terminology.terminology_check(alignment=stored)
    if request.GET.get("format") == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["english_id", "english_number", "italian_id", "italian_number", "term", "kind", "detail"])
        for i in issues:
            writer.writerow([i.english_id, i.english_number, i.italian_id, i.italian_number, i.term, i.kind, i.detail])
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="terminology-{a.slug}-{b.slug}.csv"'
        return response
    return render(
        request,
        "rulesdb/compare_terminology.html",
        {"left": a, "right": b, "issues": issues, "by_term": terminology.terminology_by_term(issues)},
    )


def compare_export(request: HttpRequest, left: str, right: str, fmt: str) -> HttpResponse:
    a, b = _documents(request, left, right)
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    if fmt == "csv":
        response = HttpResponse(exports.alignment_csv(alignment=stored), content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse(exports.alignment_xliff(alignment=stored), content_type="application/xliff+xml")
    response["Content-Disposition"] = f'attachment; filename="{a.slug}--{b.slug}.{"csv" if fmt == "csv" else "xlf"}"'
    return response


class UploadForm(forms.Form):
    file = forms.FileField()
    game = forms.ChoiceField(choices=())
    kind = forms.ChoiceField(choices=[("cr", "comprehensive rules"), ("playbook", "playbook")])
    language = forms.CharField(max_length=8)
    version = forms.CharField(max_length=20)
    slug = forms.RegexField(
        regex=r"^[a-z0-9][a-z0-9.\-]*$", max_length=60, help_text="e.g. vg-cr-it-2.3 (letters, digits, dots, hyphens)"
    )
    date = forms.DateField(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in Game.objects.all()]

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if Document.objects.published().filter(slug=slug).exists():
            raise forms.ValidationError(published_slug_message(slug))
        return slug


_DEFAULT_FAMILY = {("vanguard", "cr"): "vanguard-cr", ("vanguard", "playbook"): "vanguard-playbook",
                   ("weiss-schwarz", "cr"): "weiss-cr", ("altered", "cr"): "altered-cr"}


@staff_member_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        family = _DEFAULT_FAMILY.get((data["game"], data["kind"]), "")
        spec = DocumentSpec(
            slug=data["slug"], game=data["game"], kind=data["kind"], language=data["language"],
            version=data["version"], family=family, date=data["date"] or dt.date.today(),
            file=data["file"].name,
        )
        try:
            document = ruleset_import(spec=spec, data=data["file"].read(), published=False)
        except RulesImportError as error:
            form.add_error("file", f"{data['file'].name}: {error}")
        else:
            report = ChangeReport.objects.filter(new=document).first()
            if report is None:
                return redirect(f"/rules/{document.slug}/")
            return redirect("compare-changes", report_id=report.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "rulesdb/upload.html", {"form": form, "families": sorted(FAMILIES)}, status=status)


def change_report(request: HttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(ChangeReport.objects.select_related("old", "new"), pk=report_id)
    if not report.new.published and not request.user.is_staff:
        raise NotFound("no such change report")
    if request.GET.get("format") == "tsv":
        return HttpResponse("\n".join(changes.changes_tsv(changes=report.changes)) + "\n", content_type="text/tab-separated-values; charset=utf-8")
    counts = {kind: sum(1 for c in report.changes if c["change"] == kind) for kind in changes.CHANGE_KINDS}
    return render(request, "rulesdb/changes.html", {"report": report, "counts": counts})


@staff_member_required
@require_POST
def change_report_publish(request: HttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(ChangeReport, pk=report_id)
    changes.change_report_publish(report=report, reviewer=request.user.get_username())
    return redirect("compare-changes", report_id=report.pk)
