"""The Italian snapshots, read as text (issue 25): no English word in any of them, and one at
80×24 for every screen of the app, the battle desk and the dice battle in use included.

An Italian snapshot is one whose test says so in its name ("…in_italian…"), as every test
that opens the app in Italian for a picture is named. Its text is what the SVG draws; the words
only English uses are :mod:`tests.english_words`' with the whitelist of
:mod:`tests.tui.test_i18n_app` (names, keys, the ANNI BUI roster's English column, the army
lists' published names), and what a player typed into the picture, given per snapshot in
:data:`TYPED`, exactly as typed.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen

from assistant.tui.app import make_app
from converters.i18n import _, set_language
from tests.tui.test_i18n_app import _army_list_words, _english_only_words, _words
from tests.tui.test_italian_every_screen import screen_classes

SNAPSHOTS = Path(__file__).parent / "__snapshots__"

ITALIAN = sorted(path for path in SNAPSHOTS.glob("*/*.svg") if "italian" in path.name)
"""Every Italian snapshot."""

TYPED = {
    "test_dice_battle_in_italian_at_80x24.svg": ("Rome 5", "Carthage 4"),
    # The referee's note of the story campaign (tests.chronicle_story), shown as typed.
    "test_snapshot_chronicle_in_italian_at_80x24.svg": ("Spring: envoys from Rome to Pyrrhus",),
}
"""What a player typed into a picture (the set-up's contingents, a note): shown as typed."""

AT_80X24 = {
    "AnniBuiScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[a].svg",
    "BattleDeskScreen": "test_i18n_app/test_battle_desk_in_italian[80x24].svg",
    "BellumScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[s].svg",
    "CampaignScreen": "test_i18n_app/test_campaign_screen_in_italian[80x24].svg",
    "ChronicleScreen": "test_chronicle_screen/test_snapshot_chronicle_in_italian_at_80x24.svg",
    "DiceBattleScreen": "test_i18n_app/test_dice_battle_in_italian_at_80x24.svg",
    "GhostScreen": "test_i18n_app/test_ghost_screen_in_italian[80x24].svg",
    "HelpScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[f1].svg",
    "HistoryScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[h].svg",
    "JournalScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[j].svg",
    "MapScreen": "test_i18n_app/test_each_screen_in_italian_at_80x24[m].svg",
}
"""Each screen's Italian picture at 80×24 (the desk and the dice battle in use)."""


def svg_text(path: Path) -> str:
    """What the picture draws, line by line (a line's runs apart, as a footer's key and label
    are)."""
    svg = path.read_text(encoding="utf-8")
    lines: dict[float, list[str]] = {}
    for found in re.finditer(r'<text[^>]*?y="([\d.]+)"[^>]*>(.*?)</text>', svg, flags=re.DOTALL):
        run = html.unescape(re.sub(r"<[^>]+>", "", found.group(2))).replace("\xa0", " ")
        lines.setdefault(float(found.group(1)), []).append(run)
    return "\n".join(" ".join(lines[y]) for y in sorted(lines))


def _roster_words() -> set[str]:
    """The ANNI BUI roster's English column (data shown on purpose, review §4.1 item 11)."""
    from armylists.annibui import buildings, unit_types

    names = [unit.english for unit in unit_types()] + [work.english for work in buildings()]
    return _words(" ".join(names))


def test_the_italian_snapshots_are_found() -> None:
    """The scan below reads something: the pictures of AT_80X24 are among them."""
    assert {SNAPSHOTS / name for name in AT_80X24.values()} <= set(ITALIAN)


@pytest.mark.parametrize("path", ITALIAN, ids=[path.name for path in ITALIAN])
def test_no_italian_snapshot_shows_an_english_word(path: Path) -> None:
    """Issue 25: every Italian picture, read as text, has no word only English uses."""
    english_only = _english_only_words() - _army_list_words() - _roster_words()
    text = svg_text(path)
    for typed in TYPED.get(path.name, ()):
        assert typed in text, f"{typed!r} is no longer typed into {path.name}"
        text = text.replace(typed, " ")
    text = re.sub(r"--[\w-]+", " ", text)  # a flag is the same in every language
    # The header names the campaign file ("story.castra"), as its owner named it.
    text = re.sub(r"—\s+\S+\.castra\s", " ", text, count=1)
    assert not _words(text) & english_only, path.name


def test_every_screen_has_an_italian_snapshot_at_80x24() -> None:
    """Issue 25 item 5: each screen of the app (every ``Screen`` class that is no form or
    dialog over another) has its Italian picture at 80×24, and that picture is of it: its
    header names the screen in Italian and it is 80 columns wide."""
    screens = {
        name: klass
        for name, klass in screen_classes().items()
        if not issubclass(klass, ModalScreen)
    }
    assert set(screens) == set(AT_80X24)
    set_language("it")
    try:
        for name, file in AT_80X24.items():
            header = svg_text(SNAPSHOTS / file).splitlines()[0]
            assert header.startswith(f"{_(screens[name].TITLE)} — "), (name, header)
            assert 'viewBox="0 0 994' in (SNAPSHOTS / file).read_text(encoding="utf-8"), file
    finally:
        set_language("en")


FORM_KEYS = {
    "AdvanceTurnForm": ("c", "n"),
    "RebuildForm": ("c", "r"),
    "RecruitForm": ("c", "t"),
    "UndoForm": ("c", "u"),
    "DeclareWarForm": ("c", "W"),
    "MarchForm": ("m", "v"),
    "SailForm": ("m", "f"),
    "SiegeForm": ("m", "i"),
    "SackForm": ("m", "k"),
}
"""The Tarentine forms pictured in Italian at 80×24 on the shared campaign (keys that open
each; the winter form has its own picture, in winter)."""


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize("form", list(FORM_KEYS))
def test_each_form_in_italian_at_80x24(snap_compare: Any, store: Any, form: str) -> None:
    """Issue 25 (review §4.2): each form in Italian at 80×24 after Heraclea and a turn: look at
    each picture for a cut label, a footer key without its label, or an English word."""
    from tests.tui.conftest import SEED, settle
    from tests.tui.test_snapshots_shell import a_battle_and_a_turn

    a_battle_and_a_turn(store)
    set_language("it")

    async def open_it(pilot: Any) -> None:
        for key in FORM_KEYS[form]:
            await pilot.press(key)
            await settle(pilot)
        assert type(pilot.app.screen).__name__ == form

    assert snap_compare(make_app(store, seed=SEED), terminal_size=(80, 24), run_before=open_it)


NO_PICTURE_YET = {
    name: "scanned for English as text at both sizes (test_italian_every_screen); no picture yet"
    for name in (
        "EnteringForm",
        "AnswerForm",
        "PairingForm",
        "RetreatForm",
        "ConfirmScreen",
        "DieEntryScreen",
        "BellumYearForm",
        "DbaMoveForm",
        "DbaActionForm",
        "DbaMobiliseForm",
        "DbaLoyaltyForm",
    )
} | {
    "LedgerForm": "the base of every form; never opened itself",
    "ProvinceOrderForm": "the base of the Map's order forms; never opened itself",
    "_DbaForm": "the base of the Macedon map's D10-D14 forms; never opened itself",
}
"""Forms and dialogs without an Italian picture, with why."""


def test_every_form_and_dialog_has_an_italian_snapshot_at_80x24_or_says_why() -> None:
    """Issue 25 item 5, the forms: each form or dialog (a ``ModalScreen`` class) has its
    Italian picture at 80×24 (:data:`FORM_KEYS`, the winter form's), or is in
    :data:`NO_PICTURE_YET` with why; every picture named is there."""
    forms = {name for name, klass in screen_classes().items() if issubclass(klass, ModalScreen)}
    pictured = {*FORM_KEYS, "WinterTurnForm"}
    assert forms == pictured | set(NO_PICTURE_YET)
    assert not pictured & set(NO_PICTURE_YET)
    folder = SNAPSHOTS / "test_italian_snapshots"
    for form in FORM_KEYS:
        assert (folder / f"test_each_form_in_italian_at_80x24[{form}].svg").is_file(), form
    assert (folder / "test_winter_form_in_italian_at_80x24.svg").is_file()


def test_winter_form_in_italian_at_80x24(snap_compare: Any, store: Any) -> None:
    """The first winter's form in Italian at 80×24 (T5.6, T5.7, T6.2): its first label whole
    (review §4.2, L6: "…quale naz" was cut), the upkeep in Italian nations' names."""
    from tests.tui.conftest import SEED, settle
    from tests.tui.test_campaign_flows import play_to_the_first_winter

    play_to_the_first_winter(store)
    set_language("it")

    async def open_it(pilot: Any) -> None:
        await pilot.press("w")
        await settle(pilot)
        assert type(pilot.app.screen).__name__ == "WinterTurnForm"

    assert snap_compare(make_app(store, seed=SEED), terminal_size=(80, 24), run_before=open_it)
