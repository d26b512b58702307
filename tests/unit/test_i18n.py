"""Castra in Italian (issue 14): the catalogue, the choice of language, and what stays neutral.

The catalogue is guarded from the source: every message the code marks (``_``, ``ngettext``,
``N_``) must have an Italian translation with the same placeholders, and the compiled ``.mo``
that ships must be the one its ``.po`` compiles to. The language comes from ``--lang``,
``CASTRA_LANG``, the player's saved choice, then the locale. Recorded text (the ghost's reasons,
the rules' explanations, dice purposes) is stored and put in JSON in English and translated
only where it is shown, so ``--json`` output is the same in both languages.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import string
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from assistant.cli import interface_language, main
from converters.i18n import (
    _,
    choose_language,
    current_language,
    format_campaign_date,
    format_number,
    format_percent,
    set_language,
)

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "converters" / "locale" / "it" / "LC_MESSAGES" / "castra.po"
MO = PO.with_suffix(".mo")
PACKAGES = ("converters", "armylists", "ghost", "assistant")


def _catalogue() -> Any:
    with PO.open("rb") as handle:
        return read_po(handle, locale="it")


KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}
"""Babel's keywords plus ``NP_`` (a key's label with its context), as babel.cfg lists them."""


def _marked_in_source() -> set[tuple[str | None, str | tuple[str, ...]]]:
    """Every message the code marks for translation, with its context, as ``pybabel extract``
    finds it."""
    found: set[tuple[str | None, str | tuple[str, ...]]] = set()
    for package in PACKAGES:
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / package), method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


def _brace_fields(text: str) -> set[str]:
    try:
        return {name for _t, name, _s, _c in string.Formatter().parse(text) if name is not None}
    except ValueError:  # a literal brace (JSON example in a help text): no fields
        return set()


def _percent_fields(text: str) -> list[str]:
    return re.findall(r"%(?:\(\w+\))?[sr]", text)


# -- the catalogue ------------------------------------------------------------------------------


def test_every_marked_message_has_an_italian_translation() -> None:
    catalogue = _catalogue()
    translated = {
        (message.context, message.id if isinstance(message.id, str) else tuple(message.id))
        for message in catalogue
        if message.id
        and not message.fuzzy
        and all(message.string if isinstance(message.string, tuple) else (message.string,))
    }
    missing = sorted(map(str, _marked_in_source() - translated))
    assert not missing, f"{len(missing)} messages lack an Italian translation: {missing[:20]}"


def test_every_translation_keeps_its_placeholders() -> None:
    wrong = []
    for message in _catalogue():
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for translated in strings:
            source = ids[-1] if len(ids) > 1 else ids[0]
            if _brace_fields(translated) != _brace_fields(source) or sorted(
                _percent_fields(translated)
            ) != sorted(_percent_fields(source)):
                wrong.append((source, translated))
    assert not wrong, wrong


def test_the_shipped_mo_is_its_po_compiled() -> None:
    """The .mo is committed (a fresh clone works without a build step); it must not drift."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(), use_fuzzy=False)
    assert MO.read_bytes() == compiled.getvalue(), (
        "converters/locale/it/LC_MESSAGES/castra.mo is stale: run "
        "`pybabel compile -d converters/locale -D castra` (docs/translating.md)"
    )


def test_italian_plurals_follow_the_count() -> None:
    from converters.i18n import ngettext

    set_language("it")
    assert ngettext("{hits} hit", "{hits} hits", 1).format(hits=1) == "1 colpo"
    assert ngettext("{hits} hit", "{hits} hits", 2).format(hits=2) == "2 colpi"


# -- choosing the language ----------------------------------------------------------------------

CHOICES = [
    # (--lang, environment, saved in the app, language)
    ("it", {}, None, "it"),
    ("en", {"CASTRA_LANG": "it", "LANG": "it_IT.UTF-8"}, "it", "en"),
    (None, {"CASTRA_LANG": "it"}, "en", "it"),
    (None, {"LANG": "it_IT.UTF-8"}, "en", "en"),
    (None, {"LANG": "it_IT.UTF-8"}, None, "it"),
    (None, {"LANG": "de_DE.UTF-8"}, None, "en"),
    (None, {"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, None, "en"),
    (None, {"LANGUAGE": "fr:it", "LANG": "en_GB.UTF-8"}, None, "it"),
    (None, {"CASTRA_LANG": "klingon", "LANG": "it_IT.UTF-8"}, None, "it"),
    (None, {}, None, "en"),
]


@pytest.mark.parametrize(("flag", "environ", "saved", "expected"), CHOICES)
def test_language_comes_from_flag_env_saved_choice_then_locale(
    flag: str | None, environ: dict[str, str], saved: str | None, expected: str
) -> None:
    assert choose_language(flag, environ, saved) == expected


def test_the_app_choice_is_read_from_the_settings_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant.settings import save_setting

    assert interface_language([]) == "en"
    assert save_setting("language", "it")
    assert interface_language(["budget", "fog", "1", "1"]) == "it"
    assert interface_language(["--lang", "en", "budget"]) == "en"
    monkeypatch.setenv("CASTRA_LANG", "en")
    assert interface_language([]) == "en"


def test_a_broken_settings_file_is_no_settings() -> None:
    from assistant.settings import settings_path

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{not json", encoding="utf-8")
    assert interface_language([]) == "en"


# -- numbers and dates --------------------------------------------------------------------------


def test_campaign_dates_and_numbers_in_each_language() -> None:
    set_language("en")
    assert format_campaign_date(278, 4) == "April 278 BC"
    assert format_percent(Fraction(1, 8)) == "12.5%"
    set_language("it")
    assert format_campaign_date(278, 4) == "aprile 278 a.C."
    assert format_campaign_date(277, 9, 15) == "15 settembre 277 a.C."
    assert format_percent(Fraction(1, 8)) == "12,5%"
    assert format_number(1234.5) == "1.234,5"
    assert format_number(-3, signed=True) == "-3"
    assert format_number(0, signed=True) == "+0"


# -- recorded text ------------------------------------------------------------------------------


# What the ledger recorded is a description (converters.said), rendered in the reader's language
# when shown; every key is checked by tests/unit/test_said_keys.py. These are the sentences an
# Italian reader used to see read back from English, said now from their descriptions.


def test_an_older_ghost_reason_reads_with_its_fragments_and_decimals_in_italian() -> None:
    """A reason an older Castra stored in English is read once by its template (G3.2): in
    Italian its gap has a decimal comma and its verdict the seed's words."""
    from converters.said import render
    from converters.upcast import upcast

    reason = (
        "Gap -12.5% crossed the -10% threshold against the ghost: 1d6 2+1 = 3, "
        "3 or less: manoeuvre/defence."
    )
    said = upcast(reason)
    shown = render(said, "it")
    assert "-12,5%" in shown
    assert "manovra/difesa" in shown
    assert "Giocatore Fantasma" in shown
    assert render(said, "en") == reason


@pytest.mark.parametrize(
    ("amounts", "italian"),
    [
        (
            {"Rome": 25, "Carthage": 21, "Senones": 2},
            "tributo Roma 25 PE, Cartagine 21 PE, Senoni 2 PE",
        ),
        ({"Rome": 25, "Magna Graecia": 14}, "tributo Roma 25 PE, Magna Grecia 14 PE"),
        ({"Magna Graecia": 14, "Pyrrhus": 0}, "tributo Magna Grecia 14 PE, Pirro 0 PE"),
        # A club's own nations are its own words.
        ({"Black Band": 3, "Red Legion": 2}, "tributo Black Band 3 PE, Red Legion 2 PE"),
    ],
)
def test_a_turns_tribute_names_each_nation_in_italian(
    amounts: dict[str, int], italian: str
) -> None:
    """T5.3: the tribute line of a turn's end, each nation (of one word or several) said on
    its own."""
    from assistant.ledger.turns import pe_list
    from converters.said import render, said

    line = said("tribute {amounts}", amounts=pe_list(amounts))
    assert render(line, "it") == italian
    assert render(line, "en") == "tribute " + ", ".join(f"{n} {pe} PE" for n, pe in amounts.items())


def test_a_loyalty_change_reads_in_italian(tmp_path: Path) -> None:
    """D14: the ledger's line of a loyalty change, the province in Italian ("Tracia")."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.events import LoyaltyChanged
    from assistant.ledger.store import CampaignStore
    from converters.said import render

    with CampaignStore.create(tmp_path / "m.castra", load_scenario("macedon")) as store:
        store.append(LoyaltyChanged(province="Thrace", side="Macedon", by=-1, note="revolt"))
        entry = store.history()[-1]
    assert entry.said is not None
    assert entry.summary.startswith("Thrace: Macedon loyalty -1 → ")
    assert render(entry.said, "it").startswith("Tracia: fedeltà ")


def test_a_campaigns_title_reads_in_the_seeds_words_or_the_clubs(tmp_path: Path) -> None:
    """The creation's line: a shipped title in its seed's Italian (issue 14), a club's own
    title as the club typed it."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.store import CampaignStore
    from converters.said import render

    shipped = load_scenario("tarentine")
    own = shipped.model_copy(update={"title": "The Samnite Wars, 343–341 BC"})
    shown = []
    for name, scenario in (("shipped", shipped), ("own", own)):
        with CampaignStore.create(tmp_path / f"{name}.castra", scenario) as store:
            said = store.history()[0].said
        assert said is not None
        shown.append(render(said, "it"))
    assert shown[0].startswith("campagna creata: Le Guerre Tarantine, 278–273 a.C.")
    assert shown[1].startswith("campagna creata: The Samnite Wars, 343–341 BC")


def test_a_referees_own_words_are_shown_as_typed() -> None:
    from converters.said import render, said, typed

    note = "Rome bribed the Samnites (agreed at the club, 3 May)"
    assert render(said("note: {note}", note=typed(note)), "it") == f"nota: {note}"


# -- the command line in Italian ------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_and_argparse_words_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "it", "losses", "fog", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: castra losses fog")
    assert "\nopzioni:\n" in out
    assert "mostra questo aiuto ed esce" in out
    assert "gruppi di battaglia schierati" in out


def test_argparse_errors_in_italian_name_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(
            ["--lang", "it", "losses", "fog", "--pm", "3", "--battle-groups", "4", "--outcome", "x"]
        )
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert err.strip() == (
        "castra losses fog: errore: argomento --outcome: scelta non valida: 'x' "
        "(scegli tra 'won', 'lost', 'draw')"
    )


def test_castra_lang_reaches_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CASTRA_LANG", "it")
    code, out, _err = _run(capsys, "budget", "dba", "2", "2")
    assert code == 0
    assert "12 elementi" in out
    assert current_language() == "it"


def test_budget_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(
        capsys, "--lang", "it", "budget", "fog", "3", "1", "--cap", "800", "--nation-a", "Rome"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Field of Glory: 400 punti per PM"
    assert "3 PM → 800 punti (da 1200)" in lines[1]
    # Issue 14: seed 000 calls the nation Roma; its key stays Rome (--json, the army list).
    assert lines[1].split()[:2] == ["A", "Roma"]
    assert lines[-2] == "Risolvere ai dadi (T3):"
    assert lines[-1] == "  - T1.8: la parte B ha meno di 2 PM (1)"


def test_a_dice_battle_names_the_seeds_nations_in_italian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 14: the sides and their contingents read Roma, Cartagine, Siracusa (seed 000)."""
    code, out, _err = _run(
        capsys, "--lang", "it", "battle", "3", "3", "--a-name", "Rome", "--b-name", "Carthage",
        "--b-allies", "Carthage=2,Syracuse=1", "--seed", "3",
        "--a-retreat-at", "1", "--b-retreat-at", "1",
    )  # fmt: skip
    assert code == 0
    assert out.startswith("Roma: 3 PM") and "· Cartagine: 3 PM" in out.splitlines()[0]
    assert "    Siracusa: persi 1 su 1; rimasti: 0" in out
    assert not any(name in out for name in ("Rome", "Carthage", "Syracuse"))


def test_losses_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(
        capsys, "--lang", "it", "losses", "fog", "--pm", "3", "--battle-groups", "6",
        "--broken", "2", "--outcome", "lost",
    )  # fmt: skip
    assert code == 0
    first, second = out.splitlines()
    assert first == "Perdite FOG (sconfitto): 3 PM × 5 ÷ 6 → 3 PM persi, restano 0 PM"
    assert second.startswith("Decimati (T2.5): 3 PM, ciascuno ricostituibile")


def test_ghost_replay_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    example = ROOT / "docs" / "examples" / "ghost-battle.json"
    code, out, _err = _run(capsys, "--lang", "it", "ghost", "replay", str(example))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Ordine iniziale: 1d6 ")
    assert any(line.startswith("Turno 1: gap ") for line in lines)
    assert lines[-1].startswith("Ordine finale: ")
    english = ("order stands", "threshold", "countdown", "units lost")
    assert not [line for line in lines if any(words in line for words in english)]


@pytest.mark.parametrize("house_rule", ["sign_inversion", "threshold_cross"])
def test_ghost_replay_in_italian_under_each_order_change_rule(
    capsys: pytest.CaptureFixture[str], house_rule: str
) -> None:
    """G3.2 with the H option order_change: the reasons (and the note naming the house rule)
    read in Italian, however long the "where" inside them."""
    example = ROOT / "docs" / "examples" / "ghost-battle.json"
    code, out, _err = _run(
        capsys, "--lang", "it", "ghost", "replay", str(example), "--rule",
        f"order_change={house_rule}",
    )  # fmt: skip
    assert code == 0
    note = f" (regola della casa order_change = {house_rule})"
    if house_rule != "sign_inversion":
        assert note in out
    english = ("order stands", "threshold", "house rule", "since the order")
    lines = out.replace(note, "").splitlines()
    assert not [line for line in lines if any(words in line for words in english)]


# -- JSON is the same in both languages ---------------------------------------------------------


def _centres_file(tmp_path: Path) -> str:
    path = tmp_path / "centres.json"
    path.write_text(json.dumps({"Rome": [3, 4], "Carthage": [4, 5]}), encoding="utf-8")
    return str(path)


JSON_COMMANDS: dict[str, list[str]] = {
    "annibui units": ["annibui", "units"],
    "annibui cost": ["annibui", "cost", "--unit", "5:spadaccini:ACF+1", "--treasury", "10"],
    "annibui fire": ["annibui", "fire", "--shooters", "6:arcieri", "--targets", "4:spadaccini"],
    "annibui melee": [
        "annibui", "melee", "--attackers", "5:spadaccini", "--defenders", "4:spadaccini",
    ],
    "annibui discipline": ["annibui", "discipline", "--units", "8", "--lost", "4", "--dis", "3"],
    "annibui income": ["annibui", "income", "--cities", "2", "--killed", "3"],
    "annibui map": ["annibui", "map", "--players", "3", "--units", "6"],
    "battle": ["battle", "3", "2", "--seed", "7", "--a-retreat-at", "0", "--b-retreat-at", "0"],
    "bellum standings": ["bellum", "standings", "{centres}"],
    "bellum powers": ["bellum", "powers", "--faction", "julii"],
    "budget": ["budget", "dba", "1", "5", "--city", "--nation-a", "Rome"],
    "ghost new": ["ghost", "new", "--side", "north", "--dice", "3,5"],
    "ghost replay": ["ghost", "replay", "{battle}"],
    "ghost pp": ["ghost", "pp", "{pp}"],
    "ghost clock": ["ghost", "clock", "--personality", "prudent", "--dice", "2,5", "--roll", "3"],
    "losses fog": ["losses", "fog", "--pm", "3", "--battle-groups", "6", "--broken", "2",
                   "--outcome", "lost"],
    "losses dbm": ["losses", "dbm", "--pm", "3", "--total-eleq", "12", "--eliminated", "4",
                   "--outcome", "won"],
    "losses dbmm": ["losses", "dbmm", "--pm", "3", "--bases", "12", "--killed", "4", "--broken",
                    "2", "--outcome", "lost"],
    "losses dba": ["losses", "dba", "--pm", "2", "--elements", "12", "--lost", "5",
                   "--outcome", "lost"],
    "losses recovery": ["losses", "recovery", "--pm", "2", "--bases", "12", "--destroyed", "2",
                        "--routed", "2", "--seed", "3"],
    "intercept": ["intercept", "3", "2", "--carried", "1", "--dice", "4",
                  "--rule", "interception=at_least"],
    "morale": ["morale", "--morale", "3", "--lost", "6", "--enemy-lost", "2", "--roll", "5"],
    "odds": ["odds", "3", "2"],
    "prestige": ["prestige", "--event", "city-sacked", "--actor", "Rome", "--at-peace"],
    "sheet": ["sheet", "fog", "3", "2", "--format", "md", "--out", "{sheet}"],
}  # fmt: skip
"""One invocation of every command outside ``campaign`` with ``--json``."""

CROSSING = [
    ["campaign", "move", "Rome I", "--to", "Corfinium"],
    ["campaign", "move", "Magna Graecia III", "--to", "Roma"],
]
"""T7.4: sealed orders that cross on the mountain road between Roma and Corfinium."""

CAMPAIGN_JSON_COMMANDS: dict[str, tuple[str, list[list[str]], list[str]]] = {
    "campaign new": ("", [], ["campaign", "new", "tarentine"]),
    "campaign rules": ("tarentine", [], ["campaign", "rules"]),
    "campaign rule": ("tarentine", [], ["campaign", "rule", "control_tie", "owner",
                                        "--reason", "club vote"]),
    "campaign show": ("tarentine", [], ["campaign", "show"]),
    "campaign centres": ("bellum", [], ["campaign", "centres", "--year", "1", "--centres",
                                         "Rome=4", "Carthage=5", "Greek Cities=3", "Gauls=2",
                                         "Germans=2", "Seleucids=4", "Egypt=4", "Iberians=2",
                                         "Britons=1", "Numidians=2", "Macedonians=3",
                                         "Scythians=1", "Parthians=2"]),
    "campaign record": ("tarentine", [["campaign", "move", "Rome II", "--to", "Corfinium"]],
                        ["campaign", "record", "--place", "Corfinium", "--winner", "a",
                         "--side-a", "Rome:1", "--side-b", "Magna Graecia:1",
                         "--pm-lost", "Magna Graecia:1"]),
    "campaign rebuild": ("tarentine", [
        ["campaign", "move", "Rome II", "--to", "Corfinium"],
        ["campaign", "record", "--place", "Corfinium", "--winner", "b", "--side-a", "Rome:1",
         "--side-b", "Magna Graecia:1", "--pm-lost", "Rome:1"],
        ["campaign", "treasury", "--nation", "Rome", "--pe", "30", "--note", "loan"],
    ], ["campaign", "rebuild", "--nation", "Rome"]),
    "campaign recruit": ("tarentine", [
        ["campaign", "treasury", "--nation", "Rome", "--pe", "30", "--note", "loan"],
    ], ["campaign", "recruit", "--nation", "Rome", "--land", "1"]),
    "campaign advance": ("tarentine", [], ["campaign", "advance"]),
    "campaign winter": ("winter", [], ["campaign", "winter", "--seed", "1"]),
    "campaign control": ("tarentine", [], ["campaign", "control"]),
    "campaign map": ("macedon", [], ["campaign", "map"]),
    "campaign tribute": ("tarentine", [], ["campaign", "tribute"]),
    "campaign move": ("tarentine", [], ["campaign", "move", "Rome I", "--to", "Capua"]),
    "campaign action": ("macedon", [], ["campaign", "action", "Macedon 4", "works"]),
    "campaign mobilise": ("macedon", [], ["campaign", "mobilise", "Thrace", "--side",
                                          "Macedon", "--army", "Macedon 9"]),
    "campaign loyalty": ("macedon", [], ["campaign", "loyalty", "Thrace", "--side", "Macedon",
                                         "--by", "1", "--note", "bribe"]),
    "campaign pairing": ("macedon", [
        ["campaign", "move", "Macedon 4", "--to", "Hellespontine Phrygia", "--how", "invasion"],
    ], ["campaign", "pairing", "Hellespontine Phrygia"]),
    "campaign sail": ("tarentine", [["campaign", "split", "Rome I", "--pm", "1"]],
                      ["campaign", "sail", "Rome fleet I", "--to", "Capua", "--carry", "Rome V",
                       "--land"]),
    "campaign land": ("tarentine", [
        ["campaign", "split", "Rome I", "--pm", "1"],
        ["campaign", "sail", "Rome fleet I", "--to", "Capua", "--carry", "Rome V"],
    ], ["campaign", "land", "Rome V"]),
    "campaign rename": ("tarentine", [], ["campaign", "rename", "Rome II", "--name", "Arpi"]),
    "campaign split": ("tarentine", [], ["campaign", "split", "Rome I", "--pm", "1"]),
    "campaign merge": ("tarentine", [["campaign", "split", "Rome I", "--pm", "1"]],
                       ["campaign", "merge", "Rome V", "--into", "Rome I"]),
    "campaign siege": ("tarentine", [["campaign", "move", "Rome IV", "--to", "Croton"]],
                       ["campaign", "siege", "Croton"]),
    "campaign lift": ("tarentine", [["campaign", "move", "Rome IV", "--to", "Croton"],
                                    ["campaign", "siege", "Croton"]],
                      ["campaign", "lift", "Croton"]),
    "campaign sack": ("tarentine", [], ["campaign", "sack", "Tarentum", "--nation", "Senones"]),
    "campaign treaty": ("tarentine", [], ["campaign", "treaty", "--party", "Rome", "--party",
                                          "Carthage", "--terms", "friendship"]),
    "campaign break": ("tarentine", [
        ["campaign", "treaty", "--party", "Rome", "--party", "Carthage", "--terms", "peace"],
    ], ["campaign", "break", "1", "--nation", "Rome"]),
    "campaign declare-war": ("tarentine", [], ["campaign", "declare-war", "Rome", "--on",
                                               "Carthage"]),
    "campaign victory": ("tarentine", [], ["campaign", "victory"]),
    "campaign fall-back": ("tarentine", [], ["campaign", "fall-back", "Rome II"]),
    "campaign intercept": ("tarentine", [["campaign", "sail", "Rome fleet I", "--to", "Tarentum"]],
                           ["campaign", "intercept", "Rome fleet I", "--target",
                            "Magna Graecia fleet I", "--dice", "3"]),
    "campaign treasury": ("tarentine", [], ["campaign", "treasury", "--nation", "Rome", "--pe",
                                            "5", "--note", "gift"]),
    "campaign prestige": ("tarentine", [], ["campaign", "prestige", "--nation", "Rome", "--pp",
                                            "1", "--note", "games"]),
    "campaign forces": ("tarentine", [], ["campaign", "forces", "--nation", "Rome", "--land",
                                          "1", "--note", "levy"]),
    "campaign take": ("tarentine", [], ["campaign", "take", "--province", "Canova", "--nation",
                                        "Rome"]),
    "campaign march": ("macedon", [], ["campaign", "march", "--army", "Macedon 4", "--loyalty",
                                       "4"]),
    "campaign retreat": ("macedon", [], ["campaign", "retreat", "--army", "Macedon 4"]),
    "campaign note": ("tarentine", [], ["campaign", "note", "hello"]),
    "campaign undo": ("tarentine", [["campaign", "note", "hello"]],
                      ["campaign", "undo", "--reason", "oops"]),
    "campaign history": ("tarentine", [["campaign", "advance"]], ["campaign", "history"]),
    "campaign export": ("tarentine", [], ["campaign", "export", "-"]),
    "campaign import": ("", [], ["campaign", "import", "{export}"]),
    "report": ("tarentine", [["campaign", "advance"]], ["report", "--turn", "1"]),
    "campaign orders": ("sealed", [["campaign", "move", "Rome I", "--to", "Capua"]],
                        ["campaign", "orders", "Rome"]),
    "campaign resolve": ("sealed", CROSSING, ["campaign", "resolve"]),
    "campaign meetings": ("sealed", [*CROSSING, ["campaign", "resolve"]],
                          ["campaign", "meetings"]),
    "campaign answer": ("sealed", [*CROSSING, ["campaign", "resolve"]],
                        ["campaign", "answer", "1", "--seek", "Rome"]),
    "campaign player": ("sealed", [], ["campaign", "player", "Senones", "--none"]),
    "campaign players": ("sealed", [], ["campaign", "players", "Rome", "--lang", "it"]),
    "campaign done": ("macedon", [], ["campaign", "done", "Macedon"]),
    "campaign withdraw": ("sealed", [*CROSSING, ["campaign", "resolve"],
                                     ["campaign", "answer", "1", "--seek", "Magna Graecia"]],
                          ["campaign", "withdraw", "1", "--dice", "5"]),
}  # fmt: skip
"""Every command that reads or writes a campaign, with ``--json``: the template campaign it
starts from (``""``: none), the commands that set the scene (run in English), the command."""


def _json_commands() -> set[str]:
    """Every (sub)command the parser knows that offers ``--json``."""
    from assistant.cli import build_parser

    return {
        " ".join(path)
        for path, parser in build_parser().commands()
        if any("--json" in action.option_strings for action in parser.arguments)
    }


def test_every_json_command_is_compared() -> None:
    assert _json_commands() == set(JSON_COMMANDS) | set(CAMPAIGN_JSON_COMMANDS)


@pytest.mark.parametrize("command", sorted(JSON_COMMANDS))
def test_json_output_is_the_same_in_both_languages(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = {
        "{centres}": _centres_file(tmp_path),
        "{battle}": str(ROOT / "docs" / "examples" / "ghost-battle.json"),
        "{pp}": str(ROOT / "docs" / "examples" / "ghost-pp.json"),
        "{sheet}": str(tmp_path / "sheet.md"),
    }
    argv = [files.get(word, word) for word in JSON_COMMANDS[command]]
    outputs = []
    for language in ("en", "it"):
        code, out, err = _run(capsys, "--lang", language, *argv, "--json")
        assert code == 0, err
        json.loads(out)
        outputs.append(out)
    assert outputs[0] == outputs[1]


def test_campaign_show_in_italian_and_its_json_unchanged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    campaign = str(tmp_path / "tarentine.castra")
    assert main(["campaign", "new", "tarentine", "--file", campaign]) == 0
    capsys.readouterr()
    outputs = []
    for language in ("en", "it"):
        code, out, _err = _run(capsys, "--lang", language, "campaign", "show", "--file", campaign,
                               "--json")  # fmt: skip
        assert code == 0
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    code, out, _err = _run(capsys, "--lang", "it", "campaign", "show", "--file", campaign)
    lines = out.splitlines()
    # The title on a line of its own, the date under it (80 columns, issue 25).
    assert lines[:2] == ["Le Guerre Tarantine, 278–273 a.C.",
                         "Turno 1, aprile 278 a.C. (1ª quindicina), su 65 turni"]  # fmt: skip
    rome = next(line for line in lines if line.strip().startswith("Roma "))  # the seed's name
    assert rome.split()[1:] == ["7", "2", "0", "16", "0"]
    heading = next(line for line in lines if line.strip().startswith("Nazione"))
    assert all(word in heading for word in ("PM terrestri", "PM navali", "Decimati", "PE", "PP"))


@pytest.fixture(scope="module")
def campaign_templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The campaigns the campaign commands start from (made once; each run copies them)."""
    folder = tmp_path_factory.mktemp("templates")
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        # T7.3: the commands about something else move one at a time (orders = immediate)
        one_at_a_time = ["--rule", "orders=immediate"]
        for name, scenario in (
            ("tarentine", ["tarentine", *one_at_a_time]),
            ("macedon", ["macedon", *one_at_a_time]),
            ("bellum", ["bellum", "--faction", "scipii"]),
            ("winter", ["tarentine", *one_at_a_time]),
            ("sealed", ["tarentine"]),
        ):
            assert main(["campaign", "new", *scenario, "--file", str(folder / name)]) == 0
        for _turn in range(12):  # the Tarentine Wars' first winter is turn 13
            assert main(["campaign", "advance", "--file", str(folder / "winter")]) == 0
        export = ["campaign", "export", "--file", str(folder / "tarentine")]
        assert main([*export, str(folder / "export.json")]) == 0
    return folder


WHEN = re.compile(r'"when": "[^"]*"')
"""The wall clock at which an event was recorded: the one thing two runs may not share."""


@pytest.mark.parametrize("command", sorted(CAMPAIGN_JSON_COMMANDS))
def test_campaign_json_is_the_same_in_both_languages(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, campaign_templates: Path
) -> None:
    """Each language starts from the same copy of the campaign, in the same folder, so every
    byte but the clock must match."""
    template, scene, argv = CAMPAIGN_JSON_COMMANDS[command]
    folder = tmp_path / "run"
    campaign = folder / "campaign.castra"
    argv = [str(campaign_templates / "export.json") if w == "{export}" else w for w in argv]
    outputs = []
    for language in ("en", "it"):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        if template:
            shutil.copy(campaign_templates / template, campaign)
        for words in scene:
            assert main([*words, "--file", str(campaign)]) == 0
        capsys.readouterr()
        code, out, err = _run(capsys, "--lang", language, *argv, "--file", str(campaign), "--json")
        assert code == 0, err
        if argv[-1] != "-":
            json.loads(out)
        outputs.append(WHEN.sub('"when": ""', out))
    assert outputs[0] == outputs[1]


def test_a_keys_label_is_read_in_its_own_context() -> None:
    """ "March" the key marches an army (Marcia); "March" in a recorded date is the month."""
    from converters.i18n import key_label

    set_language("it")
    try:
        assert key_label("March") == "Marcia"
        assert format_campaign_date(278, 3) == "marzo 278 a.C."
        assert key_label("Map") == "Mappa", "a label without a context reads as before"
    finally:
        set_language("en")
    assert key_label("March") == "March"


def test_an_upkeep_line_says_what_it_disbanded_in_italian(tmp_path: Path) -> None:
    """T6.2: the winter's upkeep line says what an unpaid upkeep disbanded, each kind in
    Italian ("3 unità terrestri")."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.events import TurnAdvanced
    from assistant.ledger.record import winter_event
    from assistant.ledger.store import CampaignStore
    from converters.dice import ScriptedDice
    from converters.said import clauses_of, render

    with CampaignStore.create(tmp_path / "w.castra", load_scenario("tarentine")) as store:
        while not store.state().is_winter:
            store.append(TurnAdvanced())
        store.append(winter_event(store.state(), ScriptedDice([8])))
        said = store.history()[-1].said
    assert said is not None
    unpaid = [line for line in clauses_of(said) if "disbanded" in line.english()]
    assert unpaid, "the first winter finds a nation that cannot pay its upkeep"
    english = unpaid[0].english()
    assert " upkeep " in english and " land" in english
    italian = render(unpaid[0], "it")
    assert " mantenimento " in italian and "sciolti: " in italian
    assert "unità terrestri" in italian and "land" not in italian


def test_a_sentence_worded_in_english_in_a_worker_leaves_the_screen_italian(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25: the ledger words its English summary (``Said.english()``) in a worker thread
    (the Chronicle is told in one) while the app draws its screens in Italian. Halfway through
    the worker's English sentence the drawing thread still reads Italian: the Chronicle's header
    once said "Chronicle" in an Italian app because the switch to English was the whole
    process's."""
    import threading

    from converters import wording
    from converters.said import said

    halfway = threading.Event()
    carry_on = threading.Event()
    shown = wording._shown

    def slow(value: Any) -> str:
        halfway.set()
        assert carry_on.wait(10)
        return shown(value)

    monkeypatch.setattr(wording, "_shown", slow)
    set_language("it")
    english: list[str] = []
    worker = threading.Thread(target=lambda: english.append(said("Chronicle").english()))
    worker.start()
    try:
        assert halfway.wait(10)
        assert (current_language(), _("Chronicle")) == ("it", "Cronaca")
    finally:
        carry_on.set()
        worker.join(10)
    assert english == ["Chronicle"]
    assert _("Chronicle") == "Cronaca"
