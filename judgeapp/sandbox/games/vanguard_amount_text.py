"""What a Vanguard amount is multiplied by, as card text: "+2000 power for each card in your soul" (an effect's
``per``, a count of cards; engine/vanguard/condition_format.parse_per), in the page's language."""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from .. import wording

# the counts that are units, one sentence each (the others are "a card in (zone)")
UNIT_COUNTS = {("self", "rear_guards"): gettext_noop("for each of your rear-guards"),
               ("self", "units"): gettext_noop("for each of your units"),
               ("opponent", "rear_guards"): gettext_noop("for each of your opponent's rear-guards"),
               ("opponent", "units"): gettext_noop("for each of your opponent's units")}


def per_text(per) -> str:
    """" for each card in your soul", or "" without a ``per`` (as parsed: a list of its one count, or the object)."""
    count = per[0] if isinstance(per, (list, tuple)) and per and isinstance(per[0], dict) else per
    if not isinstance(count, dict):
        return ""
    who, zone = count.get("player"), str(count.get("zone", ""))
    if (who, zone) in UNIT_COUNTS:
        text = gettext(UNIT_COUNTS[who, zone])
    else:
        text = (gettext("for each card in your %(zone)s") if who == "self"
                else gettext("for each card in your opponent's %(zone)s")) % {"zone": wording.words(zone)}
    which = ([gettext("grade %(grade)s") % {"grade": count["grade"]}] if isinstance(count.get("grade"), int) else []) + (
        [gettext("named “%(name)s”") % {"name": count["name"]}] if count.get("name") else [])
    return " " + text + (f" ({', '.join(which)})" if which else "")
