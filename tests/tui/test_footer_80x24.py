"""At 80×24 every key the footer shows keeps its word, in both languages (issue 25, review L3).

A key without its word ("f7") says nothing to a player who has not learnt it. When a screen's
keys and words do not fit 80 columns, the footer leaves keys out — the app-wide ones first
(Quit, real dice, the screen keys), then the screen's own from the right — and Help, always
there, says "More keys": F1 lists every key left out, with its word. The check reads the line
the footer draws, on every screen, Help and the forms, in English and Italian.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from assistant.tui.app import NAVIGATION, make_app
from assistant.tui.screens.help import key_sections
from assistant.tui.widgets.footer import APP_KEY, HELP_KEY, CastraFooter, FooterEntry
from converters.i18n import _, set_language
from tests.tui.conftest import SEED, settle

pytestmark = pytest.mark.orders_immediate

SCREENS: dict[str, tuple[str, ...]] = {
    **{title: (key,) for key, _mode, title in NAVIGATION},
    "Chronicle": ("o",),
    "Map": ("m",),
    "Help": ("f1",),
    "Advance-turn form": ("n",),
    "Recruit form": ("t",),
    "March form": ("m", "v"),
    "Sail form": ("m", "f"),
}
"""Each screen or form, by the keys that open it from the Campaign screen."""


def _said(entry: FooterEntry) -> str:
    """An entry as the footer writes it: its keys, then its word."""
    return " ".join(shown for _key, shown, _enabled in entry.keys) + f" {entry.description}"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_every_key_in_the_footer_keeps_its_word_at_80x24(
    store: Any, screen: str, language: str
) -> None:
    set_language(language)
    app = make_app(store, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in SCREENS[screen]:
            await pilot.press(key)
            await settle(pilot)
        footer = app.screen.query_one(CastraFooter)
        assert footer.region.bottom == 24 and footer.region.width == 80
        drawn = footer.render().plain
        assert cell_len(drawn) <= footer.content_size.width, drawn
        shown, _separator = footer.fitted()
        assert shown, "the footer shows some keys"
        for entry in shown:
            assert entry.description, f"{screen}: a key without its word in {drawn!r}"
            assert _said(entry) in drawn, f"{screen}: {_said(entry)!r} not in {drawn!r}"
        every = footer.entries()
        left_out = [entry for entry in every if entry not in shown and entry.place != HELP_KEY]
        helped = [entry for entry in shown if entry.place == HELP_KEY]
        if left_out and helped:
            assert helped[0].description == _("More keys"), drawn
        # What the footer leaves out, F1 lists with its word.
        listed = " ".join(f"{keys} {said}" for _title, rows in key_sections(app)
                          for keys, said in rows)  # fmt: skip
        for entry in left_out:
            for _key, shown_as, _enabled in entry.keys:
                assert shown_as in listed, f"{screen}: {shown_as} neither shown nor in Help"
            if len(entry.keys) == 1:
                assert entry.description in listed, f"{screen}: {entry.description!r} not in Help"


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_app_wide_keys_give_way_before_the_screen_s_own(
    store: Any, language: str
) -> None:
    """The Chronicle's keys at 80 columns: its own keys come first, Quit and the screen keys
    go; at 120 columns every key is there with its word."""
    set_language(language)
    app = make_app(store, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        footer = app.screen.query_one(CastraFooter)
        shown, _separator = footer.fitted()
        every = footer.entries()
        assert len(shown) < len(every)
        assert all(entry.place != APP_KEY for entry in shown)
        assert shown[0] == every[0], "the screen's first key stays"
    app = make_app(store, seed=SEED)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        footer = app.screen.query_one(CastraFooter)
        assert footer.fitted()[0] == footer.entries()
