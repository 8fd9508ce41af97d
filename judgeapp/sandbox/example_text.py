"""An example's words a judge reads (title, question, description) in the page's language.

An example file writes them in English (metadata.title, .question, .description: exports, imports and the API
read these) and in Italian beside them (metadata.title_it, .question_it, .description_it); a field without its
Italian stays English and the page marks it so (``<field>_lang``)."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language

from engine.core.scenario_format import METADATA_LANGUAGES, TRANSLATED_METADATA

SOURCE_LANGUAGE = "en"


def page_language() -> str:
    return (get_language() or settings.LANGUAGE_CODE).split("-")[0]


def example_text(metadata: dict, language: str | None = None) -> dict:
    """{"title", "question", "description"} in ``language`` (the page's by default), each with ``<field>_lang``:
    None when it is in that language, else the language it is still in (English). A description that repeats the
    title (most Playbook files) repeats it in every language."""
    language = language or page_language()
    out: dict = {}
    for key in TRANSLATED_METADATA:
        english = metadata.get(key) or ""
        translated = metadata.get(f"{key}_{language}") if language in METADATA_LANGUAGES else None
        if not translated and key == "description" and english and english == metadata.get("title"):
            translated = metadata.get(f"title_{language}") if language in METADATA_LANGUAGES else None
        if translated:
            out[key], out[f"{key}_lang"] = translated, None
        else:
            out[key] = english
            out[f"{key}_lang"] = None if language == SOURCE_LANGUAGE or not english else SOURCE_LANGUAGE
    out["description_repeats_title"] = out["description"] == out["title"]
    return out


def untranslated(metadata: dict, language: str) -> list[str]:
    """The English fields of an example that have no ``language`` edition (what a translator still owes)."""
    text = example_text(metadata, language)
    return [key for key in TRANSLATED_METADATA if text[f"{key}_lang"]]
