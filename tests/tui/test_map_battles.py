"""T7.4 in the app: the battle desk and the dice battle say, as the player types the place,
when a side fields more than its nation has standing there, and record nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui.conftest import SIZE, fill
from tests.tui.test_battle_desk import choose, open_desk, set_sides, text
from tests.tui.test_dice_battle import open_dice, tick

pytestmark = pytest.mark.orders_immediate
"""These tests move forces one act at a time (house rule orders = immediate, T7.3)."""


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
            "Side A: Rome has 0 naval PM standing at Tarentum (fielded 2, T7.4)"
        )
        await fill(pilot, "#dice-place", "Roma", type_text)
        assert str(screen.query_one("#dice-setup-error").render()) == (
            "Side B: Magna Graecia has 0 naval PM standing at Roma (fielded 2, T7.4)"
        )


def _options(form: Any) -> list[tuple[str, str]]:
    """The retreat form's destinations as offered: (label, province), in order."""
    return list(form.offered)


async def test_t3_7_t4_3_the_retreat_form_offers_only_the_allowed_provinces_in_order(
    app: Any, store: Any
) -> None:
    """Rome fleet I sails on Tarentum (T7.3) and loses: the form on Tarentum offers Magna
    Graecia's beaten fleet Brundisium then Heraclea (its own, one stretch away, board order),
    Rome's fleet only Roma, where it sailed from (T3.7); recording moves it."""
    from textual.widgets import Select

    from assistant.ledger.events import FleetSailed

    store.append(FleetSailed(fleet="Rome fleet I", to="Tarentum"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Tarentum"
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        form.query_one("#force", Select).value = "Magna Graecia fleet I"
        await pilot.pause()
        assert [value for _label, value in _options(form)] == ["Brundisium", "Heraclea"]
        form.query_one("#force", Select).value = "Rome fleet I"
        await pilot.pause()
        assert [value for _label, value in _options(form)] == ["Roma"]
        form.query_one("#to", Select).value = "Roma"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ledger.state().forces["Rome fleet I"].province == "Roma"
        assert store.events()[-1].event.kind == "fleet_retreated"


async def test_t4_3_the_retreat_form_words_an_armys_choices(app: Any, store: Any) -> None:
    """Rome IV (1 PM) at Rhegium, a defender: Ipponio, Magna Graecia's and free of enemies,
    first; then Croton, where Magna Graecia II's 1 PM may fight a second battle (T4.3)."""
    from textual.widgets import Select

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Rhegium"
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        form.query_one("#force", Select).value = "Rome IV"
        await pilot.pause()
        assert _options(form) == [
            ("Ipponio (enemy, held by Magna Graecia)", "Ipponio"),
            ("Croton (enemy, held by Magna Graecia) — a second battle may follow", "Croton"),
        ]
