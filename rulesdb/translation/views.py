"""The translator's workbench: side-by-side comparison, terminology QA, exports, new versions."""
from __future__ import annotations

import csv
import datetime as dt
import io

from django import forms
from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.utils.html import escape
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from judgeapp.errors import InvalidRequest, NotFound

from .. import selectors
from ..models import AlignedPair, ChangeReport, CounterpartFlag, Document, Game
from ..parsers import FAMILIES
from ..publication import document_pipeline_run, document_publish, document_unpublish
from ..services import DocumentSpec, RulesImportError, published_slug_message, ruleset_prepare, ruleset_store
from . import alignment as aligning
from . import changes, exports, freshness, qa, terminology

PAGE_SIZE = 150
STALE = "may need updating"
"""The compare filter of pairs with a counterpart flag (translation.freshness)."""


def _documents(request: HttpRequest, left: str, right: str):
    try:
        a = selectors.document_get(slug=left, user=request.user)
        b = selectors.document_get(slug=right, user=request.user)
    except selectors.DocumentNotFound as error:
        raise NotFound(str(error)) from None
    if a.game_id != b.game_id:
        raise InvalidRequest(gettext("%(left)s and %(right)s are documents of different games; compare two documents "
                                     "of one game.") % {"left": a.slug, "right": b.slug})
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
    if status and status not in dict(AlignedPair.STATUS_CHOICES) and status not in ("uncertain", STALE):
        raise InvalidRequest(gettext("There is no status “%(status)s”; pick one of the list.") % {"status": status[:40]})
    section = request.GET.get("section", "").strip()
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    flags = {**freshness.flags_active(document=a), **freshness.flags_active(document=b)}
    if status == STALE:
        # Pairs with a clause whose counterpart changed in a newer version of the other language.
        pairs = aligning.alignment_pairs(alignment=stored, section=section).filter(
            Q(left_clause_id__in=list(flags)) | Q(right_clause_id__in=list(flags))
        )
    elif status == "uncertain":
        # The pairs a translator should check first: found, but with little evidence they say the same.
        pairs = aligning.alignment_pairs(alignment=stored, section=section).filter(
            status__in=("same", "renumbered"), score__lt=aligning.UNCERTAIN_SCORE
        )
    else:
        pairs = aligning.alignment_pairs(alignment=stored, status=status, section=section)
    page = Paginator(pairs, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [
        {
            "pair": p, "left_url": _link(a.slug, p.left_clause), "right_url": _link(b.slug, p.right_clause),
            "uncertain": a.language != b.language and aligning.pair_uncertain(status=p.status, score=p.score),
            "flag": flags.get(p.left_clause_id) or flags.get(p.right_clause_id),
        }
        for p in page.object_list
    ]
    sections = list(a.clauses.filter(kind="section").values_list("number", "title"))
    return render(
        request,
        "rulesdb/compare.html",
        {
            "left": a, "right": b, "rows": rows, "page": page, "status": status, "section": section,
            "counts": aligning.alignment_counts(alignment=stored),
            "statuses": [s for s, _ in AlignedPair.STATUS_CHOICES] + (["uncertain", STALE] if a.language != b.language else []),
            "sections": sections,
        },
    )


QA_PAGE_SIZE = 40


def _qa(request: HttpRequest, left: str, right: str):
    a, b = _documents(request, left, right)
    try:
        return a, b, qa.qa_view(left=a, right=b)
    except qa.QAError as error:
        raise InvalidRequest(str(error)) from None


def _finding_row(view, a, b, finding) -> dict:
    """A finding with the links the page shows: both clauses and the pair."""
    return {
        "finding": finding,
        "english_url": _link(view.english.slug, _Ref(finding.english_id, finding.english_number)),
        "italian_url": _link(view.italian.slug, _Ref(finding.italian_id, finding.italian_number)),
        "pair_url": reverse("compare-pair", args=[a.slug, b.slug, finding.pair_order]),
        "label": terminology.CHECK_LABELS[finding.check],
    }


class _Ref:
    """What _link needs of a clause, from a finding's ids."""

    def __init__(self, stable_id: str, number: str):
        self.stable_id, self.number = stable_id, number


def compare_terminology(request: HttpRequest, left: str, right: str) -> HttpResponse:
    """The translation QA of two documents: findings grouped by check and term, paginated."""
    a, b, view = _qa(request, left, right)
    check, term = request.GET.get("check", ""), request.GET.get("term", "").strip()
    if check and check not in terminology.CHECKS:
        raise InvalidRequest(gettext("There is no QA check called “%(check)s”; pick one of the list.") % {"check": check[:40]})
    findings = [f for f in view.findings if (not check or f.check == check) and (not term or f.term == term)]
    if request.GET.get("format") == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["check", "term", "english_number", "italian_number", "english_id", "italian_id", "detail", "key"])
        for f in findings:
            writer.writerow([f.check, f.term, f.english_number, f.italian_number, f.english_id, f.italian_id, f.detail, f.key])
        return _csv_response(out.getvalue(), f"qa-{a.slug}--{b.slug}.csv")
    counts = {c: 0 for c in terminology.CHECKS}
    for f in view.findings:
        counts[f.check] += 1
    page = Paginator(findings, QA_PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [_finding_row(view, a, b, f) for f in page.object_list]
    return render(
        request,
        "rulesdb/compare_terminology.html",
        {
            "left": a, "right": b, "view": view, "rows": rows, "page": page, "check": check, "term": term,
            "counts": [(c, terminology.CHECK_LABELS[c], n) for c, n in counts.items() if n],
            "total": len(view.findings), "shown": len(findings), "checks": terminology.CHECK_LABELS,
            "dismiss_next": request.get_full_path(),
        },
    )


def compare_pair(request: HttpRequest, left: str, right: str, order: int) -> HttpResponse:
    """One aligned pair with both texts in full, its QA findings and how sure the alignment is."""
    a, b = _documents(request, left, right)
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    pair = stored.pairs.select_related("left_clause", "right_clause").filter(order=order).first()
    if pair is None:
        raise NotFound(gettext("There is no such pair in this comparison."))
    rows, dismissed = [], []
    if {a.language, b.language} == {"en", "it"}:
        view = qa.qa_view(left=a, right=b)
        rows = [_finding_row(view, a, b, f) for f in view.findings if f.pair_order == order]
        dismissed = [view.dismissed[f.key] for f in view.reported if f.pair_order == order and f.key in view.dismissed]
    return render(
        request,
        "rulesdb/compare_pair.html",
        {
            "left": a, "right": b, "pair": pair, "rows": rows, "dismissed": dismissed,
            "uncertain": aligning.pair_uncertain(status=pair.status, score=pair.score),
            "left_url": _link(a.slug, pair.left_clause), "right_url": _link(b.slug, pair.right_clause),
            "dismiss_next": request.get_full_path(),
        },
    )


def _safe_next(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}) and target.startswith("/compare/"):
        return target
    return fallback


@staff_member_required
@require_POST
def compare_dismiss(request: HttpRequest, left: str, right: str) -> HttpResponse:
    """Staff dismiss a QA finding with a reason."""
    a, b = _documents(request, left, right)
    try:
        qa.qa_dismiss(left=a, right=b, key=request.POST.get("key", ""), reason=request.POST.get("reason", ""),
                      user=request.user.get_username())
    except qa.QAError as error:
        return render(request, "rulesdb/compare_qa_error.html", {"left": a, "right": b, "message": str(error),
                      "back": _safe_next(request, reverse("compare-terminology", args=[a.slug, b.slug]))}, status=400)
    return redirect(_safe_next(request, reverse("compare-terminology", args=[a.slug, b.slug])))


@staff_member_required
@require_POST
def compare_dismissal_undo(request: HttpRequest, left: str, right: str, dismissal_id: int) -> HttpResponse:
    """Staff restore a dismissed finding: it is listed again."""
    a, b = _documents(request, left, right)
    try:
        qa.qa_dismissal_undo(left=a, right=b, dismissal_id=dismissal_id)
    except qa.QAError as error:
        raise InvalidRequest(str(error)) from None
    return redirect(_safe_next(request, reverse("compare-dismissed", args=[a.slug, b.slug])))


def compare_dismissed(request: HttpRequest, left: str, right: str) -> HttpResponse:
    """The QA findings staff dismissed, with who, when and why; staff can undo each."""
    a, b = _documents(request, left, right)
    try:
        english, italian = qa.qa_languages(left=a, right=b)
    except qa.QAError as error:
        raise InvalidRequest(str(error)) from None
    page = Paginator(qa.qa_dismissals(english=english, italian=italian), QA_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "rulesdb/compare_dismissed.html", {"left": a, "right": b, "page": page,
                                                              "checks": terminology.CHECK_LABELS})


def _csv_response(text: str, filename: str) -> HttpResponse:
    """CSV for spreadsheets and CAT tools: UTF-8 with a byte-order mark, or Excel on Windows garbles è and à."""
    response = HttpResponse(("\ufeff" + text).encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def compare_export(request: HttpRequest, left: str, right: str, fmt: str) -> HttpResponse:
    a, b = _documents(request, left, right)
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    if fmt == "csv":
        return _csv_response(exports.alignment_csv(alignment=stored), f"{a.slug}--{b.slug}.csv")
    response = HttpResponse(exports.alignment_xliff(alignment=stored), content_type="application/xliff+xml")
    response["Content-Disposition"] = f'attachment; filename="{a.slug}--{b.slug}.xlf"'
    return response


_SLUG_HELP = gettext_lazy("e.g. vg-cr-it-2.3 (letters, digits, dots, hyphens)")
_SLUG_INVALID = gettext_lazy("Use lower-case letters, digits, dots and hyphens only, starting with a letter or digit.")


class XliffImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"),
                           help_text=gettext_lazy("The XLIFF exported from this comparison, with its targets translated."))
    version = forms.CharField(label=gettext_lazy("Version"), max_length=20,
                              help_text=gettext_lazy("The new version's label, e.g. 2.3"))
    slug = forms.RegexField(
        label=gettext_lazy("Address name"), regex=r"^[a-z0-9][a-z0-9.\-]*$", max_length=60, help_text=_SLUG_HELP,
        error_messages={"invalid": _SLUG_INVALID},
    )

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if Document.objects.published().filter(slug=slug).exists():
            raise forms.ValidationError(published_slug_message(slug))
        return slug


@staff_member_required
@require_http_methods(["GET", "POST"])
def compare_xliff_import(request: HttpRequest, left: str, right: str) -> HttpResponse:
    """Staff bring a translated XLIFF back: the right-hand document's new draft version, then its change report."""
    a, b = _documents(request, left, right)
    form = XliffImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            document = exports.xliff_import(
                data=data["file"].read(settings.RULES_MAX_UPLOAD_BYTES + 1), left=a, right=b,
                version=data["version"], slug=data["slug"],
            )
        except (exports.XliffImportError, RulesImportError) as error:
            form.add_error("file", str(error))
        else:
            report = ChangeReport.objects.filter(new=document).first()
            if report is None:
                return redirect(f"/rules/{document.slug}/")
            return redirect("compare-changes", report_id=report.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "rulesdb/xliff_import.html", {"form": form, "left": a, "right": b}, status=status)


class UploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"), help_text=gettext_lazy("The rules as a UTF-8 text file."))
    series = forms.ChoiceField(
        choices=(), required=False, label=gettext_lazy("New version of"),
        help_text=gettext_lazy("The document this file updates: the fields below default to its current version's."),
    )
    title = forms.CharField(label=gettext_lazy("Title"), max_length=200, required=False,
                            help_text=gettext_lazy("As the document names itself; default: the current version's title."))
    credit = forms.CharField(label=gettext_lazy("Credit"), max_length=300, required=False,
                             help_text=gettext_lazy("Who wrote or translated it; default: the current version's credit."))
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=())
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=Document.KIND_CHOICES)
    language = forms.CharField(label=gettext_lazy("Language"), max_length=8,
                               help_text=gettext_lazy("Its code, e.g. it or en"))
    version = forms.CharField(label=gettext_lazy("Version"), max_length=20)
    slug = forms.RegexField(
        label=gettext_lazy("Address name"), regex=r"^[a-z0-9][a-z0-9.\-]*$", max_length=60, help_text=_SLUG_HELP,
        error_messages={"invalid": _SLUG_INVALID},
    )
    date = forms.DateField(label=gettext_lazy("Date"), required=False,
                           help_text=gettext_lazy("The version's date (YYYY-MM-DD); default: today."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in Game.objects.all()]
        self.current = {d.series: d for d in _current_documents()}
        self.fields["series"].choices = [("", gettext("a new document"))] + [
            (series, f"{d.title} ({aligning.document_label(d)})") for series, d in sorted(self.current.items())
        ]

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if Document.objects.published().filter(slug=slug).exists():
            raise forms.ValidationError(published_slug_message(slug))
        return slug

    def clean(self):
        data = super().clean()
        current = self.current.get(data.get("series") or "")
        if current is not None:
            data["title"] = data.get("title") or current.title
            data["credit"] = data.get("credit") or current.credit
        return data


def _current_documents() -> list[Document]:
    current: dict[str, Document] = {}
    for document in Document.objects.published().select_related("game").order_by("series", "-date", "-imported_at"):
        current.setdefault(document.series, document)
    return list(current.values())


def _upload_initial(series: str) -> dict:
    """The form's defaults for a new version of `series`: its current version's fields."""
    current = Document.objects.published().select_related("game").in_series(series).first()
    if current is None:
        return {}
    return {
        "series": series, "title": current.title, "credit": current.credit, "game": current.game.slug,
        "kind": current.kind, "language": current.language, "date": dt.date.today(),
    }


_DEFAULT_FAMILY = {("vanguard", "cr"): "vanguard-cr", ("vanguard", "playbook"): "vanguard-playbook",
                   ("weiss-schwarz", "cr"): "weiss-cr", ("altered", "cr"): "altered-cr"}


@staff_member_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    """Staff upload a new version. The file is checked first (a refusal is a 400 with the form);
    then the page streams each step of the import as it starts (storing, the change report) and
    ends with the link to the review."""
    form = UploadForm(request.POST or None, request.FILES or None, initial=_upload_initial(request.GET.get("series", "")))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        family = _DEFAULT_FAMILY.get((data["game"], data["kind"]), "")
        spec = DocumentSpec(
            slug=data["slug"], game=data["game"], kind=data["kind"], language=data["language"],
            version=data["version"], family=family, date=data["date"] or dt.date.today(),
            file=data["file"].name, title=data["title"], credit=data["credit"],
        )
        try:
            prepared = ruleset_prepare(spec=spec, data=data["file"].read(), published=False)
        except RulesImportError as error:
            form.add_error("file", f"{data['file'].name}: {error}")
        else:
            response = StreamingHttpResponse(_upload_progress(request, prepared, translation.get_language()),
                                             content_type="text/html; charset=utf-8")
            # `make serve`'s nginx buffers what gunicorn answers; this header has it pass each step on as it comes
            response["X-Accel-Buffering"] = "no"
            return response
    status = 400 if request.method == "POST" else 200
    return render(request, "rulesdb/upload.html", {"form": form, "families": sorted(FAMILIES)}, status=status)


def _upload_progress(request: HttpRequest, prepared, language: str):
    """The streamed import page: its head, one line per step as it starts, then where to go next; in the
    visitor's language (the lines are made after the view has returned)."""
    with translation.override(language):
        yield from _upload_steps(request, prepared)


def _upload_steps(request: HttpRequest, prepared):
    head, tail = render_to_string("rulesdb/upload_progress.html", {"title": prepared.spec.title or prepared.spec.slug},
                                  request=request).split("<!--steps-->")
    yield head + " " * 1024  # browsers render a streamed page once they have some bytes
    done = escape(gettext("done"))
    yield f"<li>{escape(gettext('Checking the file:'))} {done}</li><li>{escape(gettext('Storing the clauses…'))}"
    try:
        document = ruleset_store(prepared, pipeline=False)
    except RulesImportError as error:
        refused = gettext("refused: %(reason)s") % {"reason": error}
        yield f' <strong class="error">{escape(refused)}</strong></li></ol>'
        back = escape(gettext("Back to the upload form"))
        yield '<p><a href="' + reverse("compare-upload") + f'">{back}</a></p>' + tail
        return
    comparing = escape(gettext("Comparing with the current version (this takes the longest)…"))
    yield f" {done}</li><li>{comparing}"
    document_pipeline_run(document)
    yield f" {done}</li>"
    report = ChangeReport.objects.filter(new=document).first()
    target = reverse("compare-changes", args=[report.pk]) if report else f"/rules/{document.slug}/"
    label = escape(gettext("Review the change report") if report else gettext("Read the imported document"))
    imported = escape(gettext("Imported."))
    yield (f'<li>{imported}</li></ol><p class="upload-done"><a href="{target}" id="upload-next">{label}</a></p>'
           f'<meta http-equiv="refresh" content="1;url={target}">' + tail)


def change_report(request: HttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(ChangeReport.objects.select_related("old", "new"), pk=report_id)
    if not report.new.published and not request.user.is_staff:
        raise NotFound(gettext("There is no such change report."))
    if request.GET.get("format") == "tsv":
        return HttpResponse("\n".join(changes.changes_tsv(changes=report.changes)) + "\n", content_type="text/tab-separated-values; charset=utf-8")
    counts = {kind: sum(1 for c in report.changes if c["change"] == kind) for kind in changes.CHANGE_KINDS}
    return render(request, "rulesdb/changes.html", {"report": report, "counts": counts})


@staff_member_required
@require_http_methods(["GET", "POST"])
def change_report_publish(request: HttpRequest, report_id: int) -> HttpResponse:
    """Publishing asks first: the confirmation page says what publishing changes; its form
    (confirm=yes) publishes through publication.document_publish."""
    report = get_object_or_404(ChangeReport.objects.select_related("old", "new"), pk=report_id)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        if not report.new.published:
            document_publish(document=report.new, reviewer=request.user.get_username())
        return redirect("compare-changes", report_id=report.pk)
    counts = {kind: sum(1 for c in report.changes if c["change"] == kind) for kind in changes.CHANGE_KINDS}
    return render(request, "rulesdb/publish_confirm.html", {"report": report, "counts": counts, "action": "publish"})


@staff_member_required
@require_http_methods(["GET", "POST"])
def change_report_unpublish(request: HttpRequest, report_id: int) -> HttpResponse:
    """Take a published version back to draft (confirmed like publishing): its series falls back
    to the version before it."""
    report = get_object_or_404(ChangeReport.objects.select_related("old", "new"), pk=report_id)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        if report.new.published:
            document_unpublish(document=report.new)
        return redirect("compare-changes", report_id=report.pk)
    counts = {kind: sum(1 for c in report.changes if c["change"] == kind) for kind in changes.CHANGE_KINDS}
    return render(request, "rulesdb/publish_confirm.html", {"report": report, "counts": counts, "action": "unpublish"})


def _flag_back(request: HttpRequest, flag) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}) and target.startswith("/"):
        return target
    clause = flag.clause
    return _link(flag.document.slug, clause)


@staff_member_required
@require_POST
def flag_dismiss(request: HttpRequest, flag_id: int) -> HttpResponse:
    """Staff judge that a flagged clause needs no update, with their reason (undoable)."""
    flag = get_object_or_404(CounterpartFlag.objects.select_related("clause", "document"), pk=flag_id)
    try:
        freshness.flag_dismiss(flag=flag, user=request.user.get_username(), reason=request.POST.get("reason", ""))
    except freshness.FlagError as error:
        raise InvalidRequest(str(error)) from None
    return redirect(_flag_back(request, flag))


@staff_member_required
@require_POST
def flag_restore(request: HttpRequest, flag_id: int) -> HttpResponse:
    """Undo a dismissal: the clause is flagged again."""
    flag = get_object_or_404(CounterpartFlag.objects.select_related("clause", "document"), pk=flag_id)
    freshness.flag_restore(flag=flag)
    return redirect(_flag_back(request, flag))
