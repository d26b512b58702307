"""Moving around the app by keyboard: screens, help, forms that hold the focus, quitting."""

from __future__ import annotations

from typing import Any

import pytest
from textual.binding import Binding
from textual.widgets import Static

from assistant.tui.app import NAVIGATION
from assistant.tui.screens.annibui import AnniBuiScreen
from assistant.tui.screens.battle_desk import BattleDeskScreen
from assistant.tui.screens.bellum import BellumScreen
from assistant.tui.screens.campaign import CampaignScreen, RebuildForm
from assistant.tui.screens.dice_battle import DiceBattleScreen
from assistant.tui.screens.ghost import GhostScreen
from assistant.tui.screens.help import HelpScreen
from assistant.tui.screens.history import HistoryScreen
from assistant.tui.screens.journal import JournalScreen

SIZE = (120, 40)

SCREEN_KEYS = [
    ("c", CampaignScreen),
    ("b", BattleDeskScreen),
    ("d", DiceBattleScreen),
    ("g", GhostScreen),
    ("j", JournalScreen),
    ("h", HistoryScreen),
    ("a", AnniBuiScreen),
    ("s", BellumScreen),
]


async def test_the_app_opens_on_the_campaign_screen(app: Any) -> None:
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, CampaignScreen)
        assert app.sub_title == "campaign.castra · rolled dice (seed 2024)"


@pytest.mark.parametrize(("key", "screen_class"), SCREEN_KEYS, ids=[k for k, _ in SCREEN_KEYS])
async def test_each_navigation_key_opens_its_screen(app: Any, key: str, screen_class: type) -> None:
    async with app.run_test(size=SIZE) as pilot:
        if key == "c":
            await pilot.press("h")
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen_class)


def test_every_screen_has_a_navigation_key() -> None:
    assert [key for key, _, _ in NAVIGATION] == [key for key, _ in SCREEN_KEYS]


async def test_leaving_a_screen_and_coming_back_keeps_its_state(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down")  # the Senones' row
        campaign = app.screen
        await pilot.press("h", "c")
        assert app.screen is campaign
        assert campaign.query_one("#nations").cursor_row == 2


async def test_navigation_waits_while_a_form_is_open(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "shift+tab")  # rebuild form, focus on the nation choice
        await pilot.press("h", "b", "f1", "p")
        assert isinstance(app.screen, RebuildForm)
        assert not app.dice.physical
        await pilot.press("escape")
        assert isinstance(app.screen, CampaignScreen)


async def test_help_lists_every_key_of_every_screen_and_escape_returns(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "f1")
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(str(block.content) for block in app.screen.query(Static))
        screens = [("Everywhere", type(app)), *app.help_screens()]
        for title, screen_class in screens:
            for binding in Binding.make_bindings(screen_class.__dict__.get("BINDINGS", [])):
                if binding.description:
                    assert binding.description in text, f"{title}: {binding.key}"
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_question_mark_opens_help_and_a_screen_key_closes_it(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("g")
        assert isinstance(app.screen, GhostScreen)
        await pilot.press("c")
        assert isinstance(app.screen, CampaignScreen), "help was closed, not left behind"


async def test_p_switches_physical_dice_and_the_header_says_so(app: Any) -> None:
    from assistant.tui.widgets.header import CastraHeader

    async with app.run_test(size=SIZE) as pilot:
        header = app.screen.query_one(CastraHeader)
        await pilot.press("p")
        assert app.dice.physical
        assert header.render().plain == "Campaign — campaign.castra · physical dice"
        await pilot.press("p")
        assert not app.dice.physical
        assert header.render().plain == "Campaign — campaign.castra · rolled dice (seed 2024)"
        await pilot.press("h")
        assert app.screen.query_one(CastraHeader).render().plain.startswith("History — ")


async def test_q_quits(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_a_newly_created_campaign_is_announced(
    store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant.tui.app import make_app
    from tests.tui.conftest import notices_of

    app = make_app(store, seed=1, campaign_note="New Tarentine Wars campaign created at X")
    notices = notices_of(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.sub_title.startswith("campaign.castra (new)")
        assert notices == ["New Tarentine Wars campaign created at X"]


@pytest.mark.parametrize("mode", [mode for _, mode, _ in NAVIGATION])
async def test_every_footer_key_fits_in_120_columns(app: Any, mode: str) -> None:
    """Each screen's footer shows all its keys, Quit last, within the 120-column terminal the
    app is designed for: a key cut off at the edge is a key the player cannot see."""
    from assistant.tui.widgets.footer import CastraFooter

    async with app.run_test(size=(120, 40)) as pilot:
        await app.switch_mode(mode)
        await pilot.pause()
        footer = app.screen.query_one(CastraFooter)
        line = footer.render()
        assert line.cell_len <= footer.content_size.width, f"{mode}: {line.plain!r}"
        words = line.plain.split()
        assert words[-7:] == ["f1", "Help", "p", "Real", "dice", "q", "Quit"], "Quit is last"
        assert "c b d g j h a s Screens" in line.plain


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("mode", [mode for _, mode, _ in NAVIGATION])
async def test_at_80_columns_every_footer_key_is_on_screen(
    app: Any, mode: str, language: str
) -> None:
    """Issue 11: at 80×24 no key is cut off at the right edge, in either language. Issue 25:
    nor shown without its word; the keys that do not fit are left out, app-wide ones first,
    and Help says "More keys" (tests/tui/test_footer_80x24.py checks each word and Help)."""
    from assistant.tui.widgets.footer import CastraFooter
    from converters.i18n import set_language

    set_language(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.switch_mode(mode)
        await pilot.pause()
        footer = app.screen.query_one(CastraFooter)
        line = footer.render()
        assert line.cell_len <= footer.content_size.width, f"{mode}: {line.plain!r}"
        assert "…" not in line.plain
        shown, _separator = footer.fitted()
        for entry in shown:
            assert entry.description, f"{mode}: a key without its word in {line.plain!r}"
            for _key, shown_as, _enabled in entry.keys:
                assert shown_as in line.plain.split(), f"{mode}: {shown_as} missing"
        assert "f1" in line.plain.split(), "Help is always there"


async def test_clicking_a_key_in_the_footer_presses_it(app: Any) -> None:
    """The footer is also a row of buttons: a click on "h" goes to the History."""
    from assistant.tui.widgets.footer import CastraFooter

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(CastraFooter)
        column = footer.render().plain.index("c b d g j h") + len("c b d g j ")
        await pilot.click(CastraFooter, offset=(footer.styles.padding.left + column, 0))
        await pilot.pause()
        assert app.current_mode == "history"


async def test_a_form_shows_its_own_keys_in_the_footer(app: Any) -> None:
    """A form covers the screen's footer with its own: Escape cancels, ctrl+s records."""
    from assistant.tui.widgets.footer import CastraFooter

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        footer = app.screen.query_one(CastraFooter)
        assert footer.render().plain.split() == ["esc", "Cancel", "^s", "Record"]
        assert footer.region.bottom == 40, "at the bottom, over the Campaign screen's footer"


# Issue 11: a shift+tab out of a text field landed on a checkbox, and typing "Carthage 200"
# then switched screens four times (c, a, h, g) and put the rest into the ghost's fields. A
# one-letter screen key never fires while a form field has focus; Escape leaves the field.
async def test_one_letter_keys_wait_while_a_form_field_has_focus(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#dice-place").focus()
        await pilot.press("shift+tab")
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id != "dice-place"
        await type_text(pilot, "Carthage 200")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape", "c")
        await pilot.pause()
        assert type(app.screen).__name__ == "CampaignScreen"
