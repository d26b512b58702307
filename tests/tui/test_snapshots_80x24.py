"""Every top-level screen at 80×24, the terminal a player often has at the table (issue 11).

80×24 is a first-class size: each picture must show the screen usable (its keys in the footer,
its main figures on screen or reachable by scrolling). Same seed, campaign and frozen clock as
the 120×40 snapshots; update with ``--snapshot-update`` and look at each picture.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.tui.app import NAVIGATION
from tests.tui.conftest import settle
from tests.tui.test_snapshots_shell import a_battle_and_a_turn

SIZE = (80, 24)


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize(("key", "mode"), [(key, mode) for key, mode, _ in NAVIGATION])
def test_each_screen_at_80x24(snap_compare: Any, app: Any, key: str, mode: str) -> None:
    a_battle_and_a_turn(app.ledger.store)

    async def open_and_settle(pilot: Any) -> None:
        # The dice battle's odds come from a worker: the picture is taken once it has posted,
        # so it never depends on which finished first.
        await pilot.press(key)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=open_and_settle)


# Issue 11: at 80×24 nothing is cut: the nations table (treasury, prestige and VP on the right)
# fits without scrolling sideways, and the ghost's order of battle shows its longest line whole.
async def test_80x24_the_nations_table_and_the_order_of_battle_are_whole(app: Any) -> None:
    from textual.widgets import DataTable, TextArea

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        nations = app.screen.query_one("#nations", DataTable)
        assert nations.virtual_size.width <= nations.scrollable_content_region.width
        await pilot.press("g")
        await pilot.pause()
        army = app.screen.query_one("#ghost-army", TextArea)
        longest = max(len(line) for line in army.text.splitlines())
        assert army.scrollable_content_region.width > longest


# At 60×20 the screens scroll rather than clip: every pane's last line can be scrolled to.
@pytest.mark.parametrize(("key", "pane"), [("b", "#desk"), ("d", "#dice"), ("g", "#ghost")])
async def test_60x20_screens_scroll_rather_than_clip(app: Any, key: str, pane: str) -> None:
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        scroll = app.screen.query_one(pane)
        # Either it all fits, or the pane scrolls over what does not.
        assert scroll.virtual_size.height <= scroll.region.height or scroll.max_scroll_y > 0
        scroll.scroll_end(animate=False)
        await pilot.pause()
        last = list(scroll.children)[-1]
        assert last.region.bottom <= scroll.region.bottom


# Issue 11: the dice battle's set-up at 80 columns cut its approach picker and the naval tick;
# Italian words are longer still. Every picker shows its longest choice, every label ends
# inside the set-up's border, in both languages.
@pytest.mark.parametrize("language", ["en", "it"])
async def test_80x24_the_dice_set_up_is_whole(store: Any, language: str) -> None:
    from textual.widgets import Checkbox, Select

    from assistant.tui.app import make_app
    from assistant.tui.screens.dice_battle import APPROACHES, SEEKERS
    from converters.i18n import _, set_language
    from tests.tui.conftest import SEED

    set_language(language)
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#dice-naval", Checkbox).value = True  # the interception row too
        await pilot.pause()
        setup = app.screen.query_one("#dice-setup")
        inside = setup.content_region
        for widget in setup.query("Label, Select, Checkbox, Input"):
            if widget.display:
                assert widget.region.right <= inside.right, f"{widget} is cut at the right"
        for widget in setup.query(Checkbox):
            shown = str(widget.label)
            assert widget.region.width >= len(shown) + 4, f"{shown!r} is cut"
        for picker, choices in (("#dice-approach", APPROACHES), ("#dice-seeks", SEEKERS)):
            longest = max(len(_(name)) for name, _key in choices)
            assert app.screen.query_one(picker, Select).region.width >= longest + 3, picker


# Issue 11: the Italian nations table at 80×24 was cut at the right ("Neutral (senza
# giocatore)", "PM terrestri"): every column is readable without scrolling sideways.
@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
async def test_80x24_the_italian_nations_table_is_whole(store: Any) -> None:
    from textual.widgets import DataTable

    from assistant.tui.app import make_app
    from converters.i18n import set_language
    from tests.tui.conftest import SEED

    a_battle_and_a_turn(store)  # decimated PM with the turn they expire: the widest cells
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        nations = app.screen.query_one("#nations", DataTable)
        assert nations.virtual_size.width <= nations.scrollable_content_region.width
        headings = [str(column.label) for column in nations.columns.values()]
        assert "PM\nterrestri" in headings  # two lines, not cut
        assert nations.header_height == 2
