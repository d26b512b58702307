"""Issue 11, "at the table": focus is always visible and a checkbox reads ticked by its shape.

Each screen is walked with Tab: every widget that takes the focus must look different focused
from unfocused (its background or its outline), so a player always sees where the keys go.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Select

from assistant.tui.app import NAVIGATION
from assistant.tui.widgets.tick_box import TICKED, UNTICKED, TickBox
from tests.tui.conftest import SIZE


def _look(widget: Any) -> tuple[str, str]:
    styles = widget.styles
    return (str(widget.rich_style), str(styles.outline))


@pytest.mark.parametrize("key", [key for key, mode, _ in NAVIGATION if mode != "campaign"])
async def test_every_focusable_widget_shows_its_focus(app: Any, key: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        screen = app.screen
        widgets = [widget for widget in screen.query("*") if widget.focusable]
        for number, widget in enumerate(widgets[:25]):
            if len(widgets) > 1:
                widgets[number - 1 if number else -1].focus()  # the keys somewhere else
            else:
                screen.set_focus(None)
            await pilot.pause()
            assert not widget.has_focus
            target = widget.query_one("SelectCurrent") if isinstance(widget, Select) else widget
            unfocused = _look(target)
            widget.focus()
            await pilot.pause()
            assert _look(target) != unfocused, f"{type(widget).__name__}#{widget.id} on {key}"


async def test_a_checkbox_reads_ticked_or_unticked_by_shape(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        box = app.screen.query_one("#dice-pyrrhus", TickBox)
        assert UNTICKED + " Pyrrhus" in str(box.render()) or TICKED not in str(box.render())
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert box.value and TICKED in str(box.render())
