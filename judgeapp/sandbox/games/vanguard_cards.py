"""A card from a one-line description, as a judge would say it: "G3 13000 twin", "G1 8000 shield 10000",
"crit", "10 fillers", "Blaster Blade G2 10000 intercept rested".

Grade, power, shield, trigger, keywords, status and a count in any order; whatever is not one of those is
the name.  What is not said takes the usual value for the grade (a vanilla unit, as the templates).  What is
said twice (two grades, two triggers), out of range ("G5") or is no word at all ("·", "-") is refused with
the words it could not read, so a line never silently becomes a card its writer did not mean; several cards
in one line are split by card_lines.py first.
"""
from __future__ import annotations

import re

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from ..scenario_templates import PERFECT_GUARD
from ..validation import SandboxError
from .vanguard_words import TRIGGER_NAMES

DEFAULT_CLAN = "Royal Paladin"  # as the builder form: triggers need the vanguard's clan (7.5.1.2.4)
POWER = {0: 6000, 1: 8000, 2: 10000, 3: 13000, 4: 15000}
SHIELD = {0: 10000, 1: 5000, 2: 5000, 3: 0, 4: 0}
KEYWORDS_BY_GRADE = {0: ["boost"], 1: ["boost"], 2: ["intercept"], 3: ["twin_drive"], 4: []}
TRIGGERS = {"crit": "critical", "critical": "critical", "draw": "draw", "heal": "heal", "stand": "stand"}
KEYWORDS = {"boost": "boost", "intercept": "intercept", "twin": "twin_drive", "triple": "triple_drive",
            "sentinel": "sentinel", "restraint": "restraint", "resist": "resist", "forerunner": "forerunner",
            "lord": "lord"}
FILLER = ("filler", "fillers")
NUMBER = re.compile(r"^(\d+)(k?)$")
SKIP = {"drive", "trigger", "power", "grade", "unit", "units", "copies", "copy", "card", "cards"}


def _amount(token: str) -> int | None:
    match = NUMBER.match(token)
    if not match:
        return None
    value = int(match.group(1))
    return value * 1000 if match.group(2) else value


def card_from_line(line: str) -> tuple[dict, int]:
    """(card object of the scenario format without id, number of copies) from a one-line description."""
    text = (line or "").strip()
    if not text:
        raise SandboxError("line", gettext("describe the card, e.g. “G3 13000 twin”, “G1 shield 10000” or “10 "
                                           "fillers”"))
    if len(text) > 200:
        raise SandboxError("line", gettext("a card description is at most 200 characters"))
    tokens = re.findall(r"[^\s,;]+", text)
    grade = power = shield = critical = None
    trigger, keywords, name, count, flags, filler, perfect = None, [], [], None, {}, False, False

    def once(what: str, old, new, raw: str):
        """``new``, unless the line already said ``what``: then the line is refused naming both."""
        if old is not None and old != new:
            raise SandboxError("line", _("“%(raw)s”: the card already has a %(what)s (%(old)s); write one card at "
                                         "a time, or separate cards with “·” or “;”")
                               % {"raw": raw, "what": what, "old": old})
        return new

    i = 0
    while i < len(tokens):
        raw = tokens[i]
        tok = raw.lower()
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if not re.search(r"\w", tok):
            raise SandboxError("line", _("“%(raw)s” is not understood: write the card's grade (G3), power (13000), "
                                         "shield (shield 10000), trigger (crit, draw, heal, stand), keywords and a "
                                         "count (10 fillers); other words are its name") % {"raw": raw})
        if re.fullmatch(r"g(?:rade)?([0-4])", tok):
            grade = once(_("grade"), grade, int(tok[-1]), raw)
        elif tok in ("g", "grade") and re.fullmatch(r"[0-4]", nxt):
            grade, i = once(_("grade"), grade, int(nxt), raw), i + 1
        elif re.fullmatch(r"g(?:rade)?\d+", tok) or (tok in ("g", "grade") and re.fullmatch(r"\d+", nxt)):
            raise SandboxError("line", _("“%(raw)s”: a grade is 0 to 4") % {"raw": raw})
        elif tok in ("shield", "sh", "s") and _amount(nxt) is not None:
            shield, i = once(_("shield"), shield, _amount(nxt), raw), i + 1
        elif re.fullmatch(r"(?:sh|s)\d+k?", tok):
            shield = once(_("shield"), shield, _amount(tok.lstrip("sh")), raw)
        elif re.fullmatch(r"[x×]\d+|\d+[x×]", tok):
            count = once(_("number of copies"), count, int(tok.strip("x×")), raw)
        elif re.fullmatch(r"(?:c|★)\d", tok):
            critical = once(_("critical"), critical, int(tok[1:]), raw)
        elif _amount(tok) is not None:
            value = _amount(tok)
            after = tokens[i + 2].lower() if i + 2 < len(tokens) else ""
            if nxt in ("shield", "sh") and _amount(after) is None:  # "10000 shield", not "8000 shield 10000"
                shield, i = once(_("shield"), shield, value, raw), i + 1
            elif value < 100 and power is None:
                count = once(_("number of copies"), count, value, raw)
            else:
                power = once(_("power"), power, value, raw)
        elif tok in TRIGGERS:
            trigger = once(_("trigger"), trigger, TRIGGERS[tok], raw)
        elif tok in KEYWORDS:
            keywords.append(KEYWORDS[tok])
        elif tok in ("pg", "perfect"):
            perfect = True
        elif tok in FILLER:
            filler = True
        elif tok in ("rested", "rest"):
            flags["rested"] = True
        elif tok in ("facedown", "face-down"):
            flags["face_down"] = True
        elif tok not in SKIP and tok not in ("guard",):
            name.append(raw)
        i += 1
    count = 1 if count is None else count
    if not 1 <= count <= 60:
        raise SandboxError("line", gettext("between 1 and 60 copies"))
    grade = (0 if trigger else 1) if grade is None else grade
    card: dict = {"name": " ".join(name)[:100], "grade": grade,
                  "power": power if power is not None else (5000 if trigger else POWER[grade]),
                  "shield": shield if shield is not None else (15000 if trigger else (0 if perfect else SHIELD[grade])),
                  "clan": DEFAULT_CLAN}
    if critical is not None:
        card["critical"] = critical
    if trigger:
        card["trigger"] = trigger
    if perfect:
        keywords.append("sentinel")
        card["abilities"] = [PERFECT_GUARD]
    card["keywords"] = sorted(set(keywords or KEYWORDS_BY_GRADE[grade]))
    if not card["name"]:  # named in the judge's language as the board is made (it is the board's data from then on)
        card["name"] = (gettext("Filler") if filler else capfirst(str(TRIGGER_NAMES[trigger])) if trigger in TRIGGER_NAMES
                        else gettext("Perfect guard") if perfect else gettext("Grade %(grade)s unit") % {"grade": grade})
    card.update(flags)
    return card, count
