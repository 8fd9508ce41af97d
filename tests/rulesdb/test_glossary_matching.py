"""rulesdb/glossary_matching.py: a glossary term's spellings, as the reader's links and the sense checks see them."""
from __future__ import annotations

from rulesdb import glossary_matching


def test_term_forms_split_alternatives_and_skip_short_halves():
    assert glossary_matching._term_forms("Attivare/Mettere a Riposo") == ["Attivare", "Mettere a Riposo"]
    assert glossary_matching._term_forms("Girare a faccia in su/giù") == ["Girare a faccia in su"]
