"""Issue 11, "at the table": the words a player reads between moves read right.

"−0 PM" for a contingent that lost nothing, "1 dice" for a side down to one die, and "PM PM"
where a PM field's placeholder repeated its label.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

from assistant.ledger.events import BattleRecorded, ContingentResult
from tests.tui.conftest import SIZE, fill


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_a_contingent_that_lost_nothing_reads_no_pm_lost(app: Any) -> None:
    app.ledger.store.append(
        BattleRecorded(
            place="Heraclea",
            resolution="manual",
            winner="a",
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=3, pm_lost=0),
                ContingentResult(side="b", nation="Carthage", pm=4, pm_lost=2),
            ],
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        events = app.screen.query_one("#recent-events", DataTable)
        latest = str(events.get_row_at(0)[2])
        assert "Heraclea" in latest
        assert "−0" not in latest and "Rome no PM lost" in latest
        assert "Carthage −2 PM" in latest


async def test_a_side_with_one_die_reads_1_die(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        await fill(pilot, "#dice-side-a", "Rome 1", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 2", type_text)
        await pilot.press("f5")
        await pilot.pause()
        side_a = str(screen.query_one("#dice-side-a-state", Static).render())
        side_b = str(screen.query_one("#dice-side-b-state", Static).render())
        assert "1 die," in side_a and "1 dice" not in side_a
        assert "2 dice," in side_b


async def test_a_pm_field_does_not_read_pm_pm(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        for field in app.screen.query("Input.pm").results(Input):
            assert field.placeholder != "PM"
