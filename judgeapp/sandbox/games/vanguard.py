"""Vanguard in the sandbox: the plug-in (judgeapp/sandbox/games/__init__.py) of the first game.

Its builder and judge tools are in templates/sandbox/vanguard/, its mat is drawn by the shared stylesheet
(static/judgeapp/sandbox.css); its set-up pieces are in ``vanguard_setup.py``, its board and words in ``vanguard_views.py``, its one-line
card grammar in ``vanguard_cards.py`` and its builder's and judge actions' forms in ``vanguard_forms.py``.
"""
from __future__ import annotations

import sys

from django.utils.translation import gettext, gettext_lazy, gettext_noop

from engine.vanguard.abilities import (ATTACKED, CALL_SOURCES, GIVEN_KEYWORDS, MOVE_TO, CIRCLE_KINDS, CONDITION_KINDS, COST_KINDS, DURATIONS, EFFECT_KINDS,
                                       KEYWORD_STATES, TARGETS, TIMINGS)
from engine.vanguard.condition_format import COUNT_ZONES
from engine.vanguard.actions import ALL_ZONES, CIRCLES, MODIFIER_DURATIONS, STATS, ZONES
from engine.vanguard.cards import KEYWORDS, TRIGGERS
from engine.vanguard.scenario import EXPECTATIONS, SCENARIO_PHASES
from engine.vanguard.why_not import refused_options  # noqa: F401  (the decision view's why-not)

from .. import games, scenario_templates, wording
from .vanguard_answers import QUESTION_POINT, QUESTIONS, answer_line  # noqa: F401  (ask, answer, stop)
from .vanguard_cards import card_from_line  # noqa: F401  (the one-line card grammar)
from .vanguard_presets import PRESETS  # noqa: F401  (its ready boards)
from . import vanguard_forms
from .vanguard_forms import card_from_form, judge_action_build  # noqa: F401  (the builder's and judge tools' forms)
from .vanguard_views import ZONE_LABELS
from .turn_words import position_words  # noqa: F401  (the board heading)
from .vanguard_words import SENTENCE_WORDS, TRIGGER_NAMES, WORDS_TABLES, expectation_text  # noqa: F401  (its words)
from .vanguard_setup import (board_checks, card_add, card_clean, definition_blank, definition_entries,  # noqa: F401
                             definition_from_state, definition_remove, duplicate_zone)
from .vanguard_views import (EN_DOCUMENT, PUBLIC_EVENT_KINDS, source_link,  # noqa: F401
                              PUBLIC_MOVE_ZONES, ability_text, action_label, card_of,  # noqa: F401
                             assumption_list, board_view, card_visible, draft_board_view, place_of)

SLUG = "vanguard"
TITLE = "Cardfight!! Vanguard"
RULES_DOCUMENT = "vg-cr-it-2.2"
TEMPLATES = "sandbox/vanguard"  # its partials: the builder, the judge actions, its readings
STYLESHEETS: tuple[str, ...] = ()  # static/judgeapp/sandbox.css draws its mat
ASSUMPTIONS_TEMPLATE = "sandbox/vanguard/_assumptions.html"  # its section of the readings page
NUMBER_EXPECTATIONS = ("power", "critical")  # expectations whose ``equals`` is a number
MAT_TEMPLATE = "sandbox/vanguard/_mat.html"  # the shared mat, with the face-up damage count
NEW_BUTTON = {"label": gettext_lazy("New scenario"), "id": "sb-new"}
#: the sandbox's run modes -> the engine's stop points (engine/vanguard/game.py)
STEP_POINTS = {"step": "step", "phase": "phase", "battle": "battle", "turn": "turn"}
PLACE_NAMES = wording.Names(ALL_ZONES, SLUG)  # in the page's language when read


TRIGGER_WORDS = TRIGGER_NAMES  # as the rules name them


def card_tile(c: dict) -> dict:
    """What a card's tile shows (templates/sandbox/_card.html): its name on one line, its stats on two (grade
    and power; shield, critical, trigger, status, each with its icon), its abilities."""
    if c["hidden"]:
        return {"hidden": True, "classes": "sb-card sb-back" + (" sb-rested" if c["rested"] else ""),
                "back": gettext("face down") if c["face_down"] else gettext("hidden")}
    classes = "sb-card" + (" sb-rested" if c["rested"] else "") + (" sb-facedown" if c["face_down"] else "")
    if c["trigger"] != "none":
        classes += f" sb-trig-{c['trigger']}"
    kw = ", " + ", ".join(wording.words(k) for k in c["keywords"]) if c["keywords"] else ""
    notes = c.get("ability_notes") or [""] * len(c["abilities"])
    abilities = "".join("; " + str(a) + (f" (“{n}”)" if n else "") for a, n in zip(c["abilities"], notes))
    base = f" ({c['base_power']})" if c.get("base_power") is not None and c["power"] != c["base_power"] else ""
    meta = []  # numbers as text: a template would format them for the page's language
    if c["shield"]:
        meta.append({"icon": "shield", "label": gettext("shield"), "text": str(c["shield"])})
    if c["critical"] != 1:
        meta.append({"icon": "critical", "label": gettext("critical"), "text": str(c["critical"])})
    if c["trigger"] != "none":
        meta.append({"text": str(TRIGGER_WORDS.get(c["trigger"], c["trigger"]))})
    if c["rested"]:
        meta.append({"icon": "rest", "text": gettext("rest")})
    if c["face_down"]:
        meta.append({"text": gettext("face down")})
    title = c["name"] + ": " + gettext("grade %(grade)s, power %(power)s, shield %(shield)s") % {
        "grade": c["grade"], "power": c["power"], "shield": c["shield"]} + kw + abilities
    return {"hidden": False, "classes": classes, "name": c["name"], "stats": f"G{c['grade']} · {c['power']}",
            "base": base, "after": "", "meta": meta, "title": title, "abilities": [str(a) for a in c["abilities"]]}


FORM_CHOICES = {
    "zones": [(z, ZONE_LABELS[z]) for z in CIRCLES + ZONES],
    "all_zones": [(z, ZONE_LABELS[z]) for z in ALL_ZONES],
    "templates": scenario_templates.template_choices(),
    "triggers": TRIGGERS, "keywords": KEYWORDS, "phases": SCENARIO_PHASES, "timings": TIMINGS,
    "conditions": CONDITION_KINDS, "circle_kinds": CIRCLE_KINDS, "costs": COST_KINDS,
    # every effect of the format: a slot has a field for each parameter (a state, a player, a grade), and a timed
    # trigger takes the slots after it (vanguard_forms.EFFECT_PARAMS)
    "effects": EFFECT_KINDS, "states": KEYWORD_STATES, "attacked": ATTACKED, "move_to": MOVE_TO, "given_keywords": GIVEN_KEYWORDS,
    "targets": TARGETS, "durations": DURATIONS, "sources": CALL_SOURCES, "stats": STATS,
    # "+2000 for each card in (whose) (zone)": the per select's pairs (vanguard_forms._per_from_form)
    "per_zones": [(p, z) for p in vanguard_forms.PER_PLAYERS for z in COUNT_ZONES],
    "modifier_durations": MODIFIER_DURATIONS, "expectations": list(EXPECTATIONS),
    "slots": {group: range(1, n + 1) for group, n in vanguard_forms.ABILITY_SLOTS.items()}, "step_modes": [
        ("event", gettext_lazy("The next event only")), ("decision", gettext_lazy("To the next decision")),
        ("step", gettext_lazy("To the end of the step")), ("phase", gettext_lazy("To the end of the phase")),
        ("battle", gettext_lazy("To the end of the battle")), ("turn", gettext_lazy("To the end of the turn"))],
}




games.register(sys.modules[__name__])
