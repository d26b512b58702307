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
