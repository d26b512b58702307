"""Every screen, form and dialog of the app, in Italian at 80×24 and 120×40, with no English
word on it (issue 25, "done means": the whole-screen check over every screen in the Pilot tests).

"Every" is checked, not hoped for: the screens are the app's ``Screen`` classes, found by
importing every module of ``assistant.tui``; each is reached by keys in :data:`LOOKS` (the
screen shown then must be that class), or named in :data:`SCANNED_ELSEWHERE` or
:data:`NOT_SHOWN_ON_ITS_OWN` with why. A new screen class that is in none of them fails
:func:`test_every_screen_class_is_looked_at_in_italian`.

A look also goes beyond the first frame where a user does: the ANNI BUI tabs, the ghost's turn
(f5–f10), the desk after Heraclea and its recovery roll, the Chronicle's map and charts, the
winter form's die asked for in physical-dice mode. The English words are those of
:mod:`tests.english_words` with the whitelist of :mod:`tests.tui.test_i18n_app` (names, keys,
data shown on purpose: what a referee typed, the army lists' published names, the ANNI BUI
roster's English column).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Input

from armylists.scenarios import bellum_scenario, load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from converters.i18n import set_language
from tests.tui.conftest import SEED, settle
from tests.tui.test_i18n_app import (
    _army_list_words,
    _data_words,
    _english_only_words,
    _screen_text,
    _words,
)

Step = str | Callable[[Any], Awaitable[None]]
"""A key pressed, or a coroutine given the pilot (fill a form, pick a province)."""


@dataclass(frozen=True)
class Look:
    """One screen (or one state of it) as a user reaches it."""

    where: str
    """What the user would call it."""
    steps: tuple[Step, ...]
    """From the screen the look before left (the Campaign screen first)."""
    screen: str
    """The ``Screen`` class the app shows then."""
    leave: tuple[str, ...] = ()
    """Keys that close it (escape for a form)."""
    cut: tuple[str, ...] = ()
    """Italian words a form's edge cuts on the screen behind it, exactly as drawn ("Macedon █"
    is "Macedonia" under the form at 80 columns), not taken for English words."""
    dialog_only: bool = False
    """Whether only the dialog's own words are read (a dialog over a screen whose English is
    another change's to remove, :data:`LEFT_TO_OTHERS`)."""
    asks: bool = False
    """Whether a worker is waiting on it for an answer (a die typed in), so that the look
    cannot wait for every worker to finish."""


def _rules(ruleset: str) -> Callable[[Any], Awaitable[None]]:
    """The desk's Rules chosen (T1.1-T1.7): its budgets, results and preview change with it."""

    async def choose(pilot: Any) -> None:
        from textual.widgets import Select

        pilot.app.screen.query_one("#ruleset", Select).value = ruleset
        await pilot.pause()

    return choose


def _select(province: str) -> Callable[[Any], Awaitable[None]]:
    async def select(pilot: Any) -> None:
        pilot.app.screen.selected = province
        await pilot.pause()

    return select


async def _heraclea_on_the_desk(pilot: Any) -> None:
    from tests.tui.test_snapshots_battle import heraclea_on_the_desk

    await heraclea_on_the_desk(pilot)


async def _set_up(pilot: Any, a: str, b: str, place: str, *, naval: bool = False) -> None:
    """The dice battle's set-up typed as an Italian player types it (the seed's names), the
    focus left on the rounds so that the f-keys play (T3.1, T3.6)."""
    from textual.widgets import Checkbox

    screen = pilot.app.screen
    for field, value in {"#dice-side-a": a, "#dice-side-b": b, "#dice-place": place}.items():
        screen.query_one(field, Input).value = value
    screen.query_one("#dice-naval", Checkbox).value = naval
    await pilot.pause()
    screen.query_one("#dice-rounds").focus()


async def _a_round_at_heraclea(pilot: Any) -> None:
    """Rome 4 PM against Pyrrhus 2 at Heraclea, one round rolled (T3.1)."""
    await _set_up(pilot, "Roma 4", "Pirro 2", "Heraclea")
    await pilot.press("f5", "f6")


async def _pick(pilot: Any) -> None:
    """Macedon 4 against Persia 3, Macedon 5 against Persia 2, and the desk opened (D8)."""
    from textual.widgets import Select

    first, second = (
        field for field in pilot.app.screen.query(Select) if (field.id or "").startswith("army-")
    )
    first.value, second.value = "Persia 3", "Persia 2"
    await pilot.pause()
    await pilot.press("ctrl+s")


async def _two_fleets_at_sea(pilot: Any) -> None:
    """Rome 2 naval PM against Carthage 4 at Fretum (T3.6, T3.7)."""
    await _set_up(pilot, "Roma 2", "Cartagine 4", "Fretum", naval=True)


async def _to_the_end(pilot: Any) -> None:
    """Rounds until the battle is over (the winner's capture dice, T3.7)."""
    for _round in range(10):
        battle = pilot.app.screen.battle
        if battle is not None and battle.over:
            return
        await pilot.press("f6")
        await settle(pilot)


async def _enter_as_rome(pilot: Any) -> None:
    """The "who enters" list (T7.3) opened with e; the list itself is the look."""
    await pilot.press("e")


def _played(path: Path) -> CampaignStore:
    """Heraclea fought and the turn ended (the shared Italian snapshots' campaign)."""
    from tests.battle_places import tarentine_meeting_at
    from tests.tui.test_snapshots_shell import a_battle_and_a_turn

    store = CampaignStore.create(
        path, tarentine_meeting_at("Heraclea", "Rome", "Pyrrhus"), who="Referee"
    )
    a_battle_and_a_turn(store)
    return store


def _fresh(path: Path) -> CampaignStore:
    """The Tarentine Wars at turn 1 (T5.5's forces and treasuries)."""
    return CampaignStore.create(path, load_scenario("tarentine"), who="Referee")


def _winter(path: Path) -> CampaignStore:
    """Turn 13, the first winter (T5.1)."""
    from tests.tui.test_campaign_flows import play_to_the_first_winter

    store = CampaignStore.create(path, load_scenario("tarentine"), who="Referee")
    play_to_the_first_winter(store)
    return store


def _met(path: Path) -> CampaignStore:
    """Rome I and Magna Graecia III have met (T7.4): the meeting each side answers (T3.0)."""
    from tests.tui.player_campaign import met_campaign

    return CampaignStore.open(met_campaign(path.parent))


def _bellum(path: Path) -> CampaignStore:
    return CampaignStore.create(path, bellum_scenario("julii"), who="Referee")


def _macedon_pairing(path: Path) -> CampaignStore:
    """Two Macedonian armies against two Persian ones in Hellespontine Phrygia (D8)."""
    from tests.tui.test_campaign_turn_macedon import equal_numbers

    store = CampaignStore.create(path, load_scenario("macedon"))
    equal_numbers(store)
    return store


CAMPAIGNS: dict[str, Callable[[Path], CampaignStore]] = {
    "played": _played,
    "ghost": _played,
    "ghost dialog": _played,
    "at sea": _fresh,
    "winter": _winter,
    "met": _met,
    "bellum": _bellum,
    "macedon": _macedon_pairing,
}

LOOKS: dict[str, tuple[Look, ...]] = {
    "played": (
        Look("Campaign: who enters (T7.3)", (_enter_as_rome,), "EnteringForm", ("escape",)),
        Look("Declare war form (T7.10)", ("W",), "DeclareWarForm", ("escape",)),
        Look("ANNI BUI: army", ("a", "f2"), "AnniBuiScreen"),
        Look("ANNI BUI: fire", ("f3",), "AnniBuiScreen"),
        Look("ANNI BUI: melee", ("f4",), "AnniBuiScreen"),
        Look("ANNI BUI: discipline", ("f5",), "AnniBuiScreen"),
        Look("ANNI BUI: income", ("f6",), "AnniBuiScreen"),
        Look("Journal: forced march", ("j", "f7"), "JournalScreen"),
        Look("Journal: tactical retreat", ("f8",), "JournalScreen"),
        Look("Chronicle: map of the turn", ("o", "f4"), "ChronicleScreen"),
        Look("Chronicle: story, whole campaign", ("f4", "f7"), "ChronicleScreen"),
        Look("Chronicle: next chart", ("f9",), "ChronicleScreen"),
        Look("Chronicle: a nation's packet", ("f3",), "ChronicleScreen"),
        Look("History: undo form", ("h", "u"), "UndoForm", ("escape",)),
        Look("Map: retreat form", ("m", _select("Rhegium"), "r"), "RetreatForm", ("escape",)),
        Look("Battle desk after Heraclea", ("c", _heraclea_on_the_desk), "BattleDeskScreen"),
        Look("Battle desk: recovery rolled (T2.6)", ("f6",), "BattleDeskScreen"),
        Look("Battle desk: DBM results (T1.2, T2.2)", (_rules("dbm"),), "BattleDeskScreen"),
        Look("Battle desk: DBMM results", (_rules("dbmm"),), "BattleDeskScreen"),
        Look("Battle desk: DBA results (T1.3, T2.3)", (_rules("dba"),), "BattleDeskScreen"),
        Look("Battle desk: FOG again, an ally for A", (_rules("fog"), "f2"), "BattleDeskScreen"),
        Look(
            "Battle desk: ally dropped, record refused (T7.4)", ("f4", "ctrl+r"), "BattleDeskScreen"
        ),
        Look("Dice battle after a round", ("d", _a_round_at_heraclea), "DiceBattleScreen"),
        Look("Dice battle: next round", ("f6",), "DiceBattleScreen"),
    ),
    "ghost": (
        Look("Ghost: general rolled (G1)", ("g", "f5"), "GhostScreen"),
        Look("Ghost: battle opened", ("f6",), "GhostScreen"),
        Look("Ghost: the ghost's turn (G3)", ("f7",), "GhostScreen"),
        Look("Ghost: PP allocated", ("f8",), "GhostScreen"),
        Look("Ghost: clock (G4.4)", ("f9",), "GhostScreen"),
        Look("Ghost: turn ended", ("f10",), "GhostScreen"),
        Look("Ghost: new battle? (confirm)", ("ctrl+n",), "ConfirmScreen", ("escape",)),
    ),
    "ghost dialog": (
        Look(
            "Ghost: new battle? (the dialog itself)",
            ("g", "f5", "f6", "ctrl+n"),
            "ConfirmScreen",
            ("escape",),
            dialog_only=True,
        ),
    ),
    "at sea": (
        Look(
            "Dice battle at sea: interception (T3.6)",
            ("d", _two_fleets_at_sea, "f9"),
            "DiceBattleScreen",
        ),
        Look("Dice battle at sea: the end, captures (T3.7)", (_to_the_end,), "DiceBattleScreen"),
    ),
    "winter": (
        Look("Winter-turn form (T5.6, T5.7)", ("p", "w"), "WinterTurnForm"),
        Look("Die entry for the winter d10", ("ctrl+s",), "DieEntryScreen", ("escape",), asks=True),
    ),
    "met": (Look("Meeting: seek or avoid (T3.0)", ("y",), "AnswerForm", ("escape",)),),
    "bellum": (
        Look("Campaign screen of a Bellum game", ("c",), "CampaignScreen"),
        Look("Bellum standings of a Bellum game", ("s",), "BellumScreen"),
        Look("Bellum year form (B1, B2)", ("y",), "BellumYearForm", ("escape",)),
    ),
    "macedon": (
        Look("Pairing form (D8)", ("f",), "PairingForm", cut=("Macedon █",)),
        Look("Battle desk on the first picked game (D8, D2)", (_pick,), "BattleDeskScreen"),
    ),
}
"""Per campaign, the looks in the order a user goes through them (one app run each)."""

LEFT_TO_OTHERS: dict[str, str] = {}
"""Runs known to find English that another change removes: each fails (strictly) until then,
and passes, so fails, once it is gone, when the mark is to be removed."""

SCANNED_ELSEWHERE = {
    "CampaignScreen": "test_i18n_app::test_every_scanned_screen_shows_only_italian (c)",
    "MapScreen": "test_i18n_app::test_every_scanned_screen_shows_only_italian (m)",
    "HistoryScreen": "test_i18n_app::test_every_scanned_screen_shows_only_italian (h)",
    "HelpScreen": "test_i18n_app::test_every_scanned_screen_shows_only_italian (f1)",
    "BellumScreen": "test_i18n_app::test_every_scanned_screen_shows_only_italian (s)",
    "AdvanceTurnForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (c n)",
    "RebuildForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (c r)",
    "RecruitForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (c t)",
    "MarchForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (m v)",
    "SailForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (m f)",
    "SiegeForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (m i)",
    "SackForm": "test_i18n_app::test_every_scanned_screen_shows_only_italian (m k)",
    "DbaMoveForm": "test_i18n_app::test_the_macedon_maps_order_forms_show_only_italian (v)",
    "DbaActionForm": "test_i18n_app::test_the_macedon_maps_order_forms_show_only_italian (a)",
    "DbaMobiliseForm": "test_i18n_app::test_the_macedon_maps_order_forms_show_only_italian (z)",
    "DbaLoyaltyForm": "test_i18n_app::test_the_macedon_maps_order_forms_show_only_italian (y)",
}
"""Classes whose Italian scan at both sizes is another test's (that test checks the class)."""

NOT_SHOWN_ON_ITS_OWN = {
    "LedgerForm": "the base of every form that records an event; never opened itself",
    "ProvinceOrderForm": "the base of the Map's order forms; never opened itself",
    "_DbaForm": "the base of the Macedon map's D10-D14 forms; never opened itself",
}
"""Classes that are no screen a user sees, with why."""


def _own_text(app: Any) -> str:
    """The words of the screen on top only: its texts and its footer's keys."""
    from textual.widgets import Static

    from assistant.tui.widgets.footer import CastraFooter

    parts = [str(widget.render()) for widget in app.screen.query(Static)]
    parts += [str(footer.render()) for footer in app.screen.query(CastraFooter)]
    return "\n".join(parts)


def screen_classes() -> dict[str, type]:
    """Every ``Screen`` class defined in ``assistant.tui``, by name."""
    import assistant.tui

    found: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(assistant.tui.__path__, "assistant.tui."):
        module = importlib.import_module(module_info.name)
        for name, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Screen) and value.__module__ == module.__name__:
                found[name] = value
    return found


def test_every_screen_class_is_looked_at_in_italian() -> None:
    """Issue 25: a screen, form or dialog added to the app is scanned in Italian at both sizes
    (here or in the test named for it), or said here to be no screen of its own."""
    looked = {look.screen for looks in LOOKS.values() for look in looks}
    accounted = looked | set(SCANNED_ELSEWHERE) | set(NOT_SHOWN_ON_ITS_OWN)
    classes = set(screen_classes())
    assert classes - accounted == set(), "screens nobody scans in Italian"
    assert accounted - classes == set(), "listed, but no such screen class"


@pytest.fixture
def campaign(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[CampaignStore]:
    store = CAMPAIGNS[request.param](tmp_path / "campagna.castra")
    yield store
    store.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(
    "campaign",
    [
        pytest.param(
            name,
            marks=[pytest.mark.xfail(strict=True, reason=LEFT_TO_OTHERS[name])]
            if name in LEFT_TO_OTHERS
            else [],
        )
        for name in LOOKS
    ],
    indirect=True,
)
async def test_every_screen_form_and_dialog_shows_only_italian(
    campaign: CampaignStore, request: pytest.FixtureRequest, size: tuple[int, int]
) -> None:
    """Each look of :data:`LOOKS` in Italian: the screen the keys reach is the class named, and
    its text holds no word only English uses, outside names, keys, and what someone typed."""
    looks = LOOKS[request.node.callspec.params["campaign"]]
    english_only = _english_only_words() - _data_words(campaign) - _army_list_words()
    set_language("it")
    try:
        app = make_app(campaign, seed=SEED)
        found: dict[str, list[str]] = {}
        async with app.run_test(size=size) as pilot:
            for look in looks:
                # A letter goes to the focused field, if any, as it does for a user, who
                # leaves the field first: the letters below are the screens' keys.
                app.screen.set_focus(None)
                await pilot.pause()
                for step in look.steps:
                    if isinstance(step, str):
                        await pilot.press(step)
                    else:
                        await step(pilot)
                    await (pilot.pause(0.2) if look.asks else settle(pilot))
                assert type(app.screen).__name__ == look.screen, look.where
                # What the user typed, and the campaign file's name in the sub-title.
                typed = " ".join(field.value for field in app.screen.query(Input))
                typed += " " + app.ledger.file_name
                shown = _own_text(app) if look.dialog_only else _screen_text(app)
                for cut in look.cut:
                    shown = shown.replace(cut, " ")
                left = _words(shown) & english_only - _words(typed)
                if left:
                    found[look.where] = sorted(left)
                for key in look.leave:
                    await pilot.press(key)
                    await settle(pilot)
    finally:
        set_language("en")
    assert not found, f"at {size}, English words on screen: {found}"


def _rule_keys() -> set[str]:
    """The house rules' names and values (docs/rules.md H), which Help lists as the keys
    ``castra campaign rule NAME VALUE`` takes, the same in every language."""
    from typing import get_args

    from converters.house_rules import OPTION_RULE, HouseRules

    keys = [
        key
        for name in OPTION_RULE
        for key in (name, *get_args(HouseRules.model_fields[name].annotation))
    ]
    return _words(" ".join(keys).replace("_", " "))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_players_session_shows_only_italian(tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 25, T7.3: Rome's session of a served campaign (``castra serve --players``), in
    Italian, at both sizes: every screen and form it reaches, with what each holds scrolled out
    of sight too (Help's house rules), has no word only English uses."""
    from tests.tui.player_campaign import seat_app, served_campaign, visit

    english_only = _english_only_words()  # before the switch: it says the nations in both
    set_language("it")
    try:
        app, store = seat_app(served_campaign(tmp_path))
        with store:
            english_only -= _data_words(store) | _words(Path(store.path).name) | _rule_keys()
            seen = await visit(app, size)
    finally:
        set_language("en")
    found = {where: sorted(_words(text) & english_only) for where, text in seen}
    assert len(seen) > 10
    # Too short for the word check: the house rules' values are keys, "or" between them is not.
    assert "at_most  (T3.6; at_most o at_least)" in dict(seen)["help"]
    assert not {where: left for where, left in found.items() if left}, f"at {size}"


@pytest.mark.parametrize(
    ("read_in", "shown_in", "yes"), [("it", "en", "y Yes"), ("en", "it", "y Sì")]
)
async def test_the_confirm_dialog_s_keys_are_said_in_the_language_shown(
    tmp_path: Path, read_in: str, shown_in: str, yes: str
) -> None:
    """Issue 25: the dialog's footer says its keys in the language the app shows, whichever
    language its module was first read in (its key labels were translated once, on import:
    read by an Italian session, an English one said "y Sì")."""
    import assistant.tui.screens.confirm as confirm
    from assistant.tui.widgets.footer import CastraFooter

    store = _played(tmp_path / "campagna.castra")
    try:
        set_language(read_in)
        importlib.reload(confirm)
        set_language(shown_in)
        app = make_app(store, seed=SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            for key in ("g", "f5", "f6", "ctrl+n"):
                await pilot.press(key)
                await settle(pilot)
            assert type(app.screen).__name__ == "ConfirmScreen"
            footer = str(app.screen.query_one(CastraFooter).render())
    finally:
        set_language("en")
        store.close()
    assert yes in footer, footer
