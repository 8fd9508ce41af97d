"""The snippet under a hit: the best window of the clause text, escaped, the query's words in <mark>."""
from __future__ import annotations

import html
import re

from ..parsers.icons import with_placeholders
from .analysis import LANGUAGES, fold, stem

_SNIPPET_CHARS = 240


_TOKEN_SPAN = re.compile(r"\w+")


_MARKDOWN_LITTER = re.compile(r"\*\*|__|</?u>")


def snippet_html(fields: dict, exact: set[str], stems: dict[str, set[str]] | set) -> str:
    """The best window of the clause text, escaped, with the query's words in <mark>."""
    # Snippets are plain text: Markdown emphasis and underline tags would show as litter; lost
    # icons are named as the reader names them, never left as "()".
    # A heading without words of its own shows the first words under it.
    lang = fields.get("language") if fields.get("language") in LANGUAGES else None
    raw = fields.get("text_raw") or fields.get("preview") or fields.get("title_raw") or ""
    text = _MARKDOWN_LITTER.sub("", with_placeholders(raw, language=fields.get("language") or "en"))
    lang_stems = stems.get(lang, set()) if isinstance(stems, dict) and lang else set()
    spans = []
    for match in _TOKEN_SPAN.finditer(text):
        folded = fold(match.group())
        if folded in exact or (lang and lang_stems and stem(folded, lang) in lang_stems):
            spans.append((match.start(), match.end()))
    start, end = _window(text, spans)
    pieces = []
    cursor = start
    for s, e in spans:
        if s < start or e > end:
            continue
        pieces.append(html.escape(text[cursor:s]))
        pieces.append(f"<mark>{html.escape(text[s:e])}</mark>")
        cursor = e
    pieces.append(html.escape(text[cursor:end]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + "".join(pieces).strip() + suffix


def _window(text: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    if len(text) <= _SNIPPET_CHARS:
        return 0, len(text)
    best, best_count = 0, -1
    for s, _ in spans:
        begin = max(0, s - 60)
        count = sum(1 for a, b in spans if a >= begin and b <= begin + _SNIPPET_CHARS)
        if count > best_count:
            best, best_count = begin, count
    if best > 0:
        space = text.find(" ", best)
        best = space + 1 if 0 <= space < best + 20 else best
    end = min(len(text), best + _SNIPPET_CHARS)
    if end < len(text):
        space = text.rfind(" ", best, end)
        end = space if space > best + _SNIPPET_CHARS // 2 else end
    return best, end
