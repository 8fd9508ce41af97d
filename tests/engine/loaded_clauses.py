"""The clause database as loaded, for the tests that check a game's citation registry against it."""
from engine.core.scenario import load_scenario, run_scenario
from rulesdb.models import Clause
from rulesdb.parsers.base import fold


def loaded_texts(slug):
    """Clause number -> folded "title text" of each loaded clause with that number in document ``slug``."""
    texts = {}
    for number, title, text in Clause.objects.filter(document__slug=slug).values_list("number", "title", "text"):
        texts.setdefault(number, []).append(fold(f"{title} {text}"))
    return texts


def wording_problems(registry, slug):
    """Each registry entry whose clause is not loaded in ``slug``, or whose loaded text lacks one of its words."""
    loaded = loaded_texts(slug)
    problems = []
    for key, entry in registry.items():
        number = entry.citation.number
        if number not in loaded:
            problems.append(f"{key}: {slug} {number} is not a loaded clause")
            continue
        for word in entry.words:
            if not any(fold(word) in text for text in loaded[number]):
                problems.append(f"{key}: {slug} {number} does not say {word!r}")
    return problems


def uncited_entries(registry, scenarios):
    """Each registry entry ("KEY number") that no run of the scenarios cites (an event, a refusal or a
    decision): a registry entry no scenario shows is dead. ``scenarios``: a folder, or a list of files."""
    cited = set()
    for path in (sorted(scenarios.glob("*.json")) if hasattr(scenarios, "glob") else scenarios):
        cited |= run_scenario(load_scenario(path)).cited_numbers()
    return sorted(f"{key} {entry.citation.number}" for key, entry in registry.items()
                  if entry.citation.number not in cited)
