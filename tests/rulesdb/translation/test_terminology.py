"""Translation QA: stems in both languages, whole words, glossary senses, the CAT-tool checks, and the
precision of the findings against a sample judged by reading both texts (data/qa_judgements.tsv)."""
from pathlib import Path

import pytest
from django.core.cache import cache

from rulesdb.management.commands.seed_glossary import glossary_seed
from rulesdb.models import BilingualTerm, Clause, Document
from rulesdb.translation import terminology
from rulesdb.translation.alignment import alignment_get_or_compute
from rulesdb.translation import term_matching
from rulesdb.translation.term_matching import term_used
from rulesdb.translation.terminology import qa_run, terminology_by_term

pytestmark = pytest.mark.django_db
JUDGEMENTS = Path(__file__).parent / "data" / "qa_judgements.tsv"


@pytest.fixture
def findings():
    glossary_seed()
    cache.clear()
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    return qa_run(alignment=alignment_get_or_compute(left=it, right=en))


@pytest.mark.parametrize(
    "phrase,text,language",
    [
        ("perdere", "se perdi la partita", "it"),
        ("muovere", "muovi la carta", "it"),
        ("schierare", "le unità schierate", "it"),
        ("cerchio", "nei cerchi", "it"),
        ("pescare", "la Pescata", "it"),
        ("schierare", "lo Schieramento Superiore", "it"),
        ("bloccare", "una carta bloccata", "it"),
        ("unità attaccante", "le Unità Attaccanti", "it"),
        ("cerchio della retroguardia", "nel Cerchio di Retroguardia", "it"),
        ("rear-guard", "two rear-guards", "en"),
        ("soul blast", "Soul Blasts", "en"),
        ("ability", "abilities", "en"),
    ],
)
def test_inflected_and_derived_forms_match(phrase, text, language):
    assert term_used(phrase, text, language=language)


def test_whole_words_only():
    assert not term_used("guard", "a rear-guard", language="en")
    assert not term_used("guard", "your rear- guard's power", language="en")  # broken at a line end
    assert term_used("guard", "the guard step", language="en")
    assert not term_used("drive", "overdrive", language="en")
    assert not term_used("guardia", "la retroguardia", language="it")


def test_a_phrase_does_not_run_across_punctuation():
    assert not term_used("end phase", "then that play timing ends, and the phase advances", language="en")
    assert term_used("end phase", "at the end phase", language="en")


def test_no_guard_finding_inside_rear_guard_and_draw_the_tie_is_not_pescare(findings):
    assert not [f for f in findings if f.term == "guard" and f.check == "missing"]
    # 1.2.3 "the game ends in a draw" / "termina in un pareggio": the glossary's sense `draw (result)`.
    assert not [f for f in findings if f.english_id == "1.2.3"]
    term = BilingualTerm.objects.get(game__slug="vanguard", english="draw (result)")
    assert term_matching.english_terms_used([term, BilingualTerm.objects.get(game__slug="vanguard", english="draw")],
                                            term_matching.tokens("the game ends in a draw", "en")) == [term]


def test_numbers_references_and_icons_of_a_cat_tool(findings):
    keys = {f.key for f in findings}
    assert "numbers|8, 16|5.3.2|5.3.2" in keys  # a G deck of 8 cards in Italian, 16 in English
    # 4.10.2: the English cites its 7.5.1 (the guard step, Italian 7.4.1), the Italian its 7.5 (the drive step).
    refs = next(f for f in findings if f.key == "references|7.5.1|4.10.2|4.10.2")
    assert "7.4.1" in refs.detail and "7.6" in refs.detail
    assert "icons|CONT, ACT, AUTO|11.26.1.1|11.26.1.1" in keys
    # One English term rendered several ways: the Italian says Deck, and mazzo in 3.13.3.2.
    assert "inconsistent|deck|3.13.3.2|3.13.3.2" in keys


def test_identical_and_untranslated_segments(findings):
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    en_text = Clause.objects.get(document=en, number="5.3.2").text
    Clause.objects.filter(document=it, number="5.3.2").update(text=en_text)
    Clause.objects.filter(document=it, number="5.2.1").update(
        text="Each player prepares his or her own deck before the game, and the cards of the deck are shuffled."
    )
    cache.clear()
    found = {f.key: f for f in qa_run(alignment=alignment_get_or_compute(left=it, right=en))}
    assert "identical|a g deck must|5.3.2|5.3.2" in found
    assert any(k.startswith("untranslated|") and k.endswith("|5.2.1|5.2.1") for k in found)


def test_uncertain_pairs_are_not_compared(findings):
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    alignment = alignment_get_or_compute(left=it, right=en)
    uncertain = {p.order for p in alignment.pairs.filter(score__lt=terminology.UNCERTAIN_SCORE)}
    assert uncertain and not [f for f in findings if f.pair_order in uncertain]


def test_findings_group_by_check_then_term(findings):
    grouped = terminology.findings_grouped(findings)
    assert list(grouped)[0] == "missing"
    assert all(f.term == term for terms in grouped.values() for term, found in terms.items() for f in found)
    assert terminology_by_term([f for f in findings if f.check == "missing"])


def _judgements() -> dict[str, tuple[bool, str]]:
    judged = {}
    for line in JUDGEMENTS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, verdict, reason = line.split("\t")
        assert verdict in ("true", "false") and reason.strip(), line
        judged[key] = (verdict == "true", reason)
    return judged


def test_precision_against_findings_judged_by_reading_both_texts(findings):
    judged = _judgements()
    shown = [f.key for f in findings]
    sample = [key for key in shown if key in judged]
    # The sample is the QA's own output, not a choice among it: nearly every finding shown is judged.
    unjudged = [key for key in shown if key not in judged]
    assert len(sample) >= 100 and len(sample) >= 0.9 * len(shown), (
        f"{len(sample)} of {len(shown)} findings judged; read both texts and judge these in "
        f"{JUDGEMENTS.name}: " + "; ".join(unjudged[:30])
    )
    true = sum(judged[key][0] for key in sample)
    precision = true / len(sample)
    assert precision >= 0.95, f"{true}/{len(sample)} = {precision:.3f}: " + "; ".join(
        f"{key} ({judged[key][1]})" for key in sample if not judged[key][0]
    )


def test_cached_findings_follow_a_new_alignment_and_a_glossary_edit(findings):
    from rulesdb.translation.alignment import alignment_compute

    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    assert "numbers|8, 16|5.3.2|5.3.2" in {f.key for f in findings}
    Clause.objects.filter(document=it, number="5.3.2").update(
        text="Un G Deck deve essere costituito da un minimo di 0 a un massimo di 16 carte."
    )
    # What an import does: the alignment is computed again, and the cached findings are not reused.
    keys = {f.key for f in qa_run(alignment=alignment_compute(left=it, right=en))}
    assert "numbers|8, 16|5.3.2|5.3.2" not in keys
    term = BilingualTerm.objects.get(game__slug="vanguard", english="power")
    term.italian = ["forza", "potere"]
    term.save()
    again = {f.key for f in qa_run(alignment=alignment_get_or_compute(left=it, right=en))}
    assert "missing|power|11.37.1|11.37.1" in keys and "missing|power|11.37.1|11.37.1" not in again


def test_seed_glossary_computes_the_qa_so_the_page_does_not(monkeypatch):
    from django.core.management import call_command

    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    alignment = alignment_get_or_compute(left=it, right=en)
    cache.clear()
    call_command("seed_glossary")

    def computed_again(*args):
        raise AssertionError("the QA page computed the findings the command should have")

    monkeypatch.setattr(terminology, "_compute", computed_again)
    assert qa_run(alignment=alignment)
