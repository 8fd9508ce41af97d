"""judgeapp.sandbox.engine_words: the engine's sentences (log, decision prompts, why-not reasons) in the page's language.

An Italian board of each game is played at random for a while and every sentence the engine said, asked or
refused is read back in Italian: none may be left in English (issue 28)."""
import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from lxml import html as lxml_html

from engine import altered
from engine.altered.sample import generated_deck
from engine.altered.why_not import refused_options
from engine.core.scenario import load_scenario, run_scenario
from engine.core.text import say, say_n
from judgeapp.sandbox import engine_words, games, selectors, services, wording

from .games.pending_catalogue import merged_catalogue  # noqa: F401  (a fixture: a branch's pending Italian counts)

pytestmark = pytest.mark.django_db
FIELD = re.compile(r"%\((\w+)\)s")
GAMES = ("vanguard", "weiss-schwarz")


@pytest.fixture(scope="module", autouse=True)
def compiled_messages(django_db_blocker):
    """The .mo files are built, not committed."""
    call_command("compilemessages", verbosity=0)
    yield


@pytest.fixture
def italian():
    with translation.override("it"):
        yield
    wording.game_is(None)


def test_a_stored_sentence_finds_its_template_again_the_most_specific_first():
    assert engine_words.parse("player 1 calls Starter to back_right") == (
        "player %(player)s calls %(card)s to %(circle)s", {"player": "1", "card": "Starter", "circle": "back_right"})
    # both templates make this sentence; the one with more fixed words is the one the engine said
    assert engine_words.parse("Finale goes from the climax area to the waiting room")[0] == (
        "%(card)s goes from the climax area to the waiting room")
    assert engine_words.parse("Knight (6000) battles Rookie (2000): Knight and Rookie reversed")[1] == {
        "card": "Knight", "power": "6000", "target": "Rookie", "target_power": "2000"}
    assert engine_words.parse("a sentence the engine never says") is None


def test_every_template_the_engine_says_is_translated_with_the_same_fields(merged_catalogue, italian):
    templates = engine_words.templates()
    assert len(templates) > 250
    pairs = engine_words._said()[1]
    for template in templates:  # a form of a sentence whose noun agrees with its count: through ngettext
        count = 1 if pairs.get(template, (None,))[0] == template else 2
        translated = engine_words.in_catalogue(template, {"count": count})
        assert translated != template or not re.search("[A-Za-z]{2,}", FIELD.sub("", template)), template
        assert set(FIELD.findall(translated)) == set(FIELD.findall(template)), template


def test_a_count_meeting_a_noun_agrees_with_it_in_italian_stored_or_not(merged_catalogue, italian):
    """The Altered log's "draws 1 card" / "draws 2 cards" (engine.core.text.say_n) through ngettext: never the
    "carta/e" of one sentence for every count, fresh or read back from a history's plain English."""
    wording.game_is("altered")
    from engine.core.text import say_n
    one = say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", 1, player=0)
    two = say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", 2, player=0)
    assert engine_words.sentence(one) == ("il giocatore 0 pesca 1 carta", None)
    assert engine_words.sentence(two) == ("il giocatore 0 pesca 2 carte", None)
    assert engine_words.sentence(str(two)) == ("il giocatore 0 pesca 2 carte", None)
    assert engine_words.sentence("Scout gains 1 boost counter")[0] == "Scout guadagna 1 incremento"
    assert engine_words.parse("player 0 draws 1 card") == ("player %(player)s draws %(count)s card",
                                                          {"player": "0", "count": "1"})


def test_game_words_inside_a_sentence_are_the_italian_rules_words(italian):
    wording.game_is("vanguard")
    assert engine_words.sentence("player 1 calls Starter to back_right") == (
        "il giocatore 1 chiama Starter nel cerchio posteriore destro", None)
    assert engine_words.sentence(say("%(card)s's %(trigger)s trigger resolves", card="Heal", trigger="heal"))[0] == (
        "si risolve l'innesco di Heal (cura)")
    wording.game_is("weiss-schwarz")
    assert engine_words.sentence("Knight makes a front attack on Rookie")[0] == "Knight effettua un Attacco Frontale su Rookie"
    assert engine_words.sentence("the climax phase begins")[0] == "inizia la Climax Phase"
    assert engine_words.sentence("trigger check: Finale (soul, wind)")[0] == "Trigger Check: Finale (Soul, Wind)"


def test_a_sentence_without_a_template_or_a_translation_stays_english_and_says_so(italian):
    assert engine_words.sentence("a sentence the engine never says") == ("a sentence the engine never says", "en")
    # words added after a template's sentence: no template says all of it
    assert engine_words.sentence("player 0 draws a card: Knight")[1] == "en"


def test_a_sentence_with_a_note_in_brackets_is_translated_in_its_two_parts(italian):
    """The site walk found "13000 vs 0: the attack hits (X is deleted: its original power is 0)" in English on an
    Italian log, unmarked: a template of fields only ("%(card)s: %(value)s %(card2)s") had matched all of it."""
    wording.game_is("vanguard")
    deleted = say("%(card)s is deleted: its original power is 0", card="Knight")
    text = str(say("%(ap)s vs %(dp)s: the attack hits", ap=13000, dp=0)) + f" ({deleted})"
    assert engine_words.sentence(text) == ("13000 contro 0: l'attacco colpisce (Knight è eliminata: la sua forza "
                                           "originale è 0)", None)
    # a note no template says: the whole sentence stays English and the page marks it so
    assert engine_words.sentence("13000 vs 0: the attack hits (something new)")[1] == "en"


def test_a_template_of_fields_only_matches_only_with_a_word_of_the_game(italian):
    """Weiss Schwarz's "%(card)s: %(value)s %(card2)s" (what an ability's effect does to a card) showed the effect's
    identifier ("to waiting room"), and read lazily took "to" for the effect."""
    wording.game_is("weiss-schwarz")
    assert engine_words.sentence("Alpha: to waiting room Beta") == ("Alpha: manda nella Waiting Room Beta", None)
    assert engine_words.sentence("Alpha: bounce Beta Gamma") == ("Alpha: rimanda nella Mano Beta Gamma", None)
    assert engine_words.sentence("Alpha: something else entirely")[1] == "en"


def test_a_refusal_and_a_prompt_name_the_players_as_the_board_does(italian):
    """A Weiss Schwarz refusal said "e il giocatore 0 è di livello 1" (the why-not of a card of too high a level)."""
    from types import SimpleNamespace

    wording.game_is("weiss-schwarz")
    reason = "Hero is level 2 and player 0 is level 1"
    template = engine_words.parse(reason)
    assert template is not None, "the engine's sentence changed: pick another refusal naming a player"
    text, lang, _codes = selectors.reason_view(reason, SimpleNamespace(first_player=0))
    assert lang is None and "giocatore 0" not in text and "primo giocatore" in text, text


def test_an_english_page_shows_the_engine_sentence_as_it_is():
    with translation.override("en"):
        assert engine_words.sentence("player 1 calls Starter to back_right") == (
            "player 1 calls Starter to " + wording.words("back_right"), None)


def _played_board(slug: str, steps: int, seed: int, seen: list | None = None):
    """A board of the game's first ready position, played ``steps`` random legal answers on; each decision's view
    (its prompt and why-not reasons, in the active language) is added to ``seen``."""
    plugin = games.get(slug)
    scenario = services.scenario_create(definition=services.definition_preset(slug, plugin.PRESETS[0].slug), start=True)
    rnd = random.Random(seed)
    for _ in range(steps):
        state = selectors.state_get(scenario=scenario)
        if state.outcome:
            break
        if state.pending is None:  # the procedure runs on to the next decision
            services.scenario_step(scenario=scenario, mode="decision")
            scenario.refresh_from_db()
            continue
        if seen is not None:
            seen.append(selectors.decision_view(state=state))
        legal = games.rules(state).legal_actions(state)
        services.scenario_act(scenario=scenario, action=rnd.choice(legal).to_json())
        scenario.refresh_from_db()
    return scenario


@pytest.mark.parametrize("slug", GAMES)
def test_an_italian_board_logs_asks_and_refuses_in_italian(slug, italian):
    wording.game_is(slug)
    seen: list = []
    scenario = _played_board(slug, steps=40, seed=3, seen=seen)
    prompts = [(d["prompt"], d["prompt_lang"]) for d in seen]
    reasons = [(r["reason"], r["reason_lang"]) for d in seen for r in d["refused"]]
    assert len(prompts) >= 30 and len(reasons) >= 30, (len(prompts), len(reasons))
    assert [text for text, lang in prompts + reasons if lang] == []
    # the page: the log and the decision panel carry no English sentence (nothing marked lang="en")
    page = Client(HTTP_ACCEPT_LANGUAGE="it").get(f"/sandbox/{scenario.pk}/")
    assert page.status_code == 200
    tree = lxml_html.fromstring(page.content.decode())
    parts = {"log": tree.xpath("//li[contains(@class, 'sb-event')]"),
             "prompt": tree.xpath("//p[contains(@class, 'sb-prompt')]"),
             "why not": tree.xpath("//span[contains(@class, 'sb-why')]")}
    assert len(parts["log"]) > 40 and parts["prompt"], {k: len(v) for k, v in parts.items()}
    for part, elements in parts.items():
        english = [e.text_content() for e in elements if e.xpath(".//*[@lang='en']")]
        assert english == [], (part, english[:5])


@pytest.mark.parametrize("slug", GAMES)
def test_a_player_view_of_the_log_is_italian_and_still_hides_what_the_player_may_not_see(slug, italian):
    scenario = _played_board(slug, steps=30, seed=5)
    state = selectors.state_get(scenario=scenario)
    wording.game_is(slug)
    log = selectors.log_view(scenario=scenario, view="p1", state=state)
    assert log and all(e["lang"] is None for e in log), [e["text"] for e in log if e["lang"]][:5]
    draws = [(e["player"], e["text"]) for e in log if e["kind"] == "draw"]
    assert draws
    for player, text in draws:  # the opponent's draws name no card, the viewer's own name theirs
        assert text == "il giocatore 0 pesca una carta" if player == 0 else text.startswith("il giocatore 1 pesca una carta: ")


def test_a_check_without_a_trigger_reads_as_its_own_sentence_not_as_a_trigger_named_no(italian):
    wording.game_is("vanguard")
    assert engine_words.parse("damage check: Rookie (no trigger)") == ("damage check: %(card)s (no trigger)",
                                                                        {"card": "Rookie"})
    assert engine_words.sentence("drive check 1 of 2: Rookie (no trigger)") == (
        "Controllo di Assalto 1 di 2: Rookie (nessun innesco)", None)


def test_a_translated_refusal_names_its_reading_beside_it_not_inside_it(italian):
    wording.game_is("vanguard")
    reason = say("%(card)s does not have boost (assumption A5)", card="Rookie")
    assert selectors.reason_view(reason) == ("Rookie non ha Supporto", None, ["A5"])
    with translation.override("en"):
        assert selectors.reason_view(reason) == ("Rookie does not have boost", None, ["A5"])


def test_a_translated_sentence_names_the_players_by_seat(italian):
    wording.game_is("weiss-schwarz")
    text, lang = engine_words.sentence(say("player %(player)s does not attack: on to the encore step", player=1))
    assert lang is None
    assert wording.seat_text(text, 1, translated=True) == "il primo giocatore non attacca: si passa all'Encore Step"
    assert wording.seat_text(text, 0, translated=True) == "il secondo giocatore non attacca: si passa all'Encore Step"
    with translation.override("en"):
        assert wording.seat_text("player 1 does not attack", 1, translated=True) == "the first player does not attack"


# ---------------------------------------------------------------- Altered
ALTERED_SOURCES = sorted((Path(settings.BASE_DIR) / "tests" / "scenarios" / "altered").glob("*.json")) + sorted(
    (Path(settings.BASE_DIR) / "judgeapp" / "sandbox" / "examples").glob("altered-*.json"))


def _altered_sentences():
    """(what, sentence, the decision it belongs to or None) for every event text, decision prompt and refusal of
    seeded random Altered games (generated decks with abilities) and of every Altered scenario and example."""
    for seed in range(8):
        rnd = random.Random(seed)
        state, events = altered.advance(altered.new_game([generated_deck(seed), generated_deck(seed + 3)], seed=seed))
        for _ in range(300):
            yield from (("event", e.text, None) for e in events)
            if state.outcome or state.pending is None:
                break
            yield "prompt", state.pending.prompt, state
            yield from (("refusal", reason, None) for _action, reason, _c in refused_options(state))
            state, events = altered.play(state, rnd.choice(altered.legal_actions(state)))
    for path in ALTERED_SOURCES:
        yield from (("event", e.text, None) for e in run_scenario(load_scenario(path)).events)


def test_every_altered_sentence_has_a_template_found_again_from_its_stored_english():
    """Each sentence the Altered engine says, asks or refuses is made from a template the catalogue holds, and the
    plain string a history stores finds that template again: none reaches an Italian page in English."""
    templates, seen, untemplated, lost = set(engine_words.templates()), set(), [], []
    for what, text, _state in _altered_sentences():
        template = getattr(text, "template", None)
        if template not in templates:
            untemplated.append((what, str(text)))
            continue
        seen.add(template)
        if engine_words.parse(str(text)) != (template, {k: str(v) for k, v in text.params.items()}):
            lost.append((what, str(text), engine_words.parse(str(text))))
    assert untemplated == [] and lost == [], (untemplated[:5], lost[:5])
    assert len(seen) >= 75, len(seen)  # the games and scenarios still reach most of the engine's sentences


def test_an_altered_region_of_no_type_is_said_with_a_template_of_its_own():
    untyped = {"types": [], "revealed": True}
    data = {"format": "judgeapp-scenario/2", "game": "altered", "phase": "dusk", "day": 2, "first_player": 0,
            "players": [{}, {}], "track": [untyped] + [{"types": ["forest"], "revealed": True}] * 6 + [untyped]}
    _state, events = altered.advance(load_scenario(data).state)
    said = [e.text for e in events if e.kind == "no_progress"]
    assert len(said) == 4 and "player 0's hero expedition () fails to move forward" in said
    for text in said:
        assert engine_words.parse(str(text)) == (text.template, {k: str(v) for k, v in text.params.items()}), text


def test_every_altered_option_label_is_in_italian(italian):
    wording.game_is("altered")
    plugin, english = games.get("altered"), []
    same = {"No"}  # the one answer Italian writes as English does
    for what, _text, state in _altered_sentences():
        if what != "prompt":
            continue
        for action in altered.legal_actions(state):
            label = plugin.action_label(state, action.to_json(), decision=state.pending.kind)
            with translation.override("en"):
                if label not in same and label == plugin.action_label(state, action.to_json(),
                                                                      decision=state.pending.kind):
                    english.append(label)
    assert english == [], english[:5]


def test_altered_sentences_read_with_the_italian_rules_words(merged_catalogue, italian):
    wording.game_is("altered")
    cases = {
        say("Day %(day)s: %(phase)s", day=2, phase="Dusk"): "Giorno 2: Crepuscolo",
        say("player %(player)s plays %(card)s from the %(source)s for %(cost)s mana (Fleeting)", player=0,
            card="Kitsune", source="reserve", cost=1): "il giocatore 0 gioca Kitsune dalla Riserva per 1 mana (Fugace)",
        say("%(card)s joins the %(expedition)s expedition", card="Kitsune", expedition="companion"):
            "Kitsune entra nella spedizione partener",
        say("player %(player)s's %(expedition)s expedition moves %(direction)s to region %(region)s (%(types)s)",
            player=1, expedition="hero", direction="forward", region=3, types="forest, water"):
            "la spedizione eroe del giocatore 1 si muove in avanti alla regione 3 (Foresta, Acqua)",
        say("player %(player)s's %(expedition)s expedition (%(stats)s) wins on %(won)s and moves forward", player=0,
            expedition="companion", stats="mountain 3, water 1", won="mountain"):
            "la spedizione partener del giocatore 0 (Montagna 3, Acqua 1) vince in Montagna e si muove in avanti",
        say("%(card)s is %(status)s: it stays and loses %(status)s", card="Rock", status="anchored"):
            "Rock è Ancorato: resta e perde lo stato Ancorato",
        say("%(card)s gets %(amount)s %(stat)s this %(duration)s", card="Kitsune", amount="+1", stat="forest",
            duration="afternoon"): "Kitsune ottiene +1 a Foresta per questo Pomeriggio",
        say("%(card)s's reaction triggers (%(when)s)", card="Aloe Vera", when="at noon"):
            "si innesca la reazione di Aloe Vera (a Mezzogiorno)",
        say("choose the %(count)s objects you keep in your %(zone)s", count=2, zone="landmarks"):
            "scegli i 2 oggetti che tieni nella tua Zona Punto di Riferimento",
        say_n("%(card)s costs %(cost)s mana from the %(source)s and only %(count)s mana orb is ready",
              "%(card)s costs %(cost)s mana from the %(source)s and only %(count)s mana orbs are ready", 1,
              card="Kitsune", cost=3, source="hand"): "Kitsune costa 3 mana dalla Mano e solo 1 Orbe di Mana è pronto",
    }
    for text, italian_text in cases.items():
        assert engine_words.sentence(text) == (italian_text, None), text
        assert engine_words.sentence(str(text)) == (italian_text, None), text  # as a history stores it
    with translation.override("en"):  # the English page shows the engine's sentence as it is
        assert engine_words.sentence(next(iter(cases)))[0] == "Day 2: Dusk"


def test_an_italian_altered_board_logs_asks_and_refuses_in_italian(merged_catalogue, italian):
    wording.game_is("altered")
    seen: list = []
    scenario = _played_board("altered", steps=40, seed=3, seen=seen)
    texts = [(d["prompt"], d["prompt_lang"]) for d in seen] + [(r["reason"], r["reason_lang"]) for d in seen
                                                                for r in d["refused"]]
    assert len(seen) >= 20 and len(texts) > len(seen), len(texts)
    assert [text for text, lang in texts if lang] == []
    state = selectors.state_get(scenario=scenario)
    for view in ("judge", "p1"):  # a player's view is translated too, then redacted
        log = selectors.log_view(scenario=scenario, view=view, state=state)
        assert len(log) > 30 and [e["text"] for e in log if e["lang"]] == [], view


def test_an_effect_in_force_at_the_start_names_its_status_in_words():
    """A starting "cannot use its abilities" is a status, not "+1 no_abilities" (the scenario format's modifiers)."""
    wording.game_is("vanguard")
    events = run_scenario(Path(settings.BASE_DIR) / "tests" / "scenarios" /
                          "outsider6-unit-that-cannot-use-its-abilities-from-an-earlier-effect-does-not-trigger.json").events
    text = next(e.text for e in events if e.kind == "effect_in_force")
    with translation.override("en"):
        shown = engine_words.sentence(text)[0]
    wording.game_is(None)
    assert "cannot use its abilities" in shown and "no_abilities" not in shown and "+1" not in shown, shown


def test_every_sentence_the_engines_log_ask_or_lose_by_is_said_with_a_template():
    """An event's text, a decision's prompt and a loss's reason written as an f-string or a bare string reached an
    Italian judge in English ("G assist reveals 3 card(s)…", "stride a G unit … or pass", "draw a card? (1 of up to
    2 drawn)", "… is deleted: its original power is 0"): the sandbox finds a sentence's translation by its template."""
    import ast

    argument = {"emit": 2, "Decision": 2, "lose": 4}
    found = []
    for path in sorted((Path(settings.BASE_DIR) / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in argument:
                args = node.args
                at = argument[node.func.id]
                if len(args) > at and (isinstance(args[at], (ast.JoinedStr, ast.BinOp)) or (
                        isinstance(args[at], ast.Constant) and isinstance(args[at].value, str))):
                    found.append(f"{path.relative_to(settings.BASE_DIR)}:{node.lineno}: {ast.unparse(args[at])[:80]}")
    assert found == []
