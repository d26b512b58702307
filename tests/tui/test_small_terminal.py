"""At 60×20 every screen scrolls rather than clips (issue 11).

A laptop's terminal split beside the rules PDF is often smaller than 80×24. No part of a screen
may then be cut off without a way to reach it: any container whose content is taller than its
room must scroll. (80×24 itself has a snapshot of each screen in test_snapshots_80x24.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.tui.app import NAVIGATION
from tests.tui.conftest import settle

SMALL = (60, 20)


@pytest.mark.parametrize("key", [key for key, _mode, _title in NAVIGATION])
async def test_every_container_taller_than_its_room_scrolls(app: Any, key: str) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press(key)
        await settle(pilot)
        clipped = [
            f"{widget!r}: {widget.virtual_size.height} rows in "
            f"{widget.scrollable_content_region.height}"
            for widget in app.screen.walk_children()
            if widget.display
            and widget.children
            and widget.virtual_size.height > widget.scrollable_content_region.height
            and not widget.allow_vertical_scroll
        ]
        assert clipped == []


async def test_the_campaign_screen_scrolls_to_its_recent_events(app: Any) -> None:
    """The Campaign screen at 60×20: the nations fill it; the recent events are reached by
    scrolling, not lost below the footer."""
    from textual.widgets import DataTable

    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        body = app.screen.query_one("#campaign-body")
        events = app.screen.query_one("#recent-events", DataTable)
        assert events.region.height > 0 or body.max_scroll_y > 0
        body.scroll_end(animate=False)
        await pilot.pause()
        assert events.region.height >= 3
        assert events.region.bottom <= body.region.bottom
