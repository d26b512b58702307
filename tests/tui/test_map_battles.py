"""T7.4 in the app: the battle desk and the dice battle say, as the player types the place,
when a side fields more than its nation has standing there, and record nothing."""

from __future__ import annotations

from typing import Any

from tests.tui.conftest import SIZE, fill
from tests.tui.test_battle_desk import choose, open_desk, set_sides, text
from tests.tui.test_dice_battle import open_dice, tick


async def test_t7_4_the_desk_bounds_each_side_by_what_stands_at_the_place(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        events = len(app.ledger.store.history())
        screen = await open_desk(pilot)
        await set_sides(pilot, type_text, ("Rome", "4"), ("Pyrrhus", "2"))
        await choose(pilot, "#winner", "Rome", "a")
        # No place yet: only the PM in play bound the sides (Rome 7, Pyrrhus 2).
        assert "standing" not in text(screen, "#a1-error") + text(screen, "#b1-error")
        # Rome I's 4 PM stand at Roma; Pyrrhus' army is at Brundisium.
        await fill(pilot, "#place", "Roma", type_text)
        assert "standing" not in text(screen, "#a1-error")
        assert text(screen, "#b1-error") == (
            "PM: Pyrrhus has 0 land PM standing at Roma (fielded 2, T7.4)"
        )
        await fill(pilot, "#place", "Brundisium", type_text)
        assert text(screen, "#a1-error") == (
            "PM: Rome has 0 land PM standing at Brundisium (fielded 4, T7.4)"
        )
        assert "standing" not in text(screen, "#b1-error")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert text(screen, "#record-error").startswith("Nothing recorded: PM: Rome has 0")
        assert len(app.ledger.store.history()) == events


async def test_t7_4_the_dice_battle_bounds_fleets_by_what_sails_at_the_place(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Magna Graecia 2", type_text)
        await tick(pilot, "#dice-naval")
        await fill(pilot, "#dice-place", "Tarentum", type_text)
        # Magna Graecia fleet I lies at Tarentum; Rome fleet I is still at Roma.
        assert str(screen.query_one("#dice-setup-error").render()) == (
            "side A: Rome has 0 naval PM standing at Tarentum (fielded 2, T7.4)"
        )
        await fill(pilot, "#dice-place", "Roma", type_text)
        assert str(screen.query_one("#dice-setup-error").render()) == (
            "side B: Magna Graecia has 0 naval PM standing at Roma (fielded 2, T7.4)"
        )
