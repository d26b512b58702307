"""The ANNI BUI screen (key a): a referee prices an order and settles a battle turn from the keys.

Each flow is what a referee does answering a player's mail; the expected numbers are worked
out here from docs/rules.md section A (and the seed's own example for A4), not read off the screen.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from armylists.annibui import unit_type
from assistant.tui.widgets.annibui_lines import UnitLine
from tests.tui.conftest import SIZE


def _text(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def _error(app: Any, selector: str) -> str:
    """The error line's text, or "" when it is hidden."""
    line = app.screen.query_one(selector, Static)
    return str(line.render()) if line.has_class("-shown") else ""


async def _discipline(
    app: Any, pilot: Any, type_text: Any, units: str, lost: str, dis: str
) -> None:
    await pilot.press("a", "f5")
    await pilot.pause()
    for value in (units, lost, dis):
        await type_text(pilot, value)
        await pilot.press("tab")
    await pilot.pause()


A4_SEED_EXAMPLE = [
    # (units, lost, DIS, captain, withdrawal, needs, outcome)
    pytest.param(
        "8", "4", "5", False, "none", "5", "HOLDS", id="A4-seed-8-units-4-lost-DIS-5-holds"
    ),
    pytest.param("8", "4", "4", False, "none", "5", "FLEES", id="A4-seed-DIS-4-is-short-flees"),
    pytest.param("8", "4", "4", True, "none", "5", "HOLDS", id="A4-captain-adds-1-holds"),
    pytest.param("8", "4", "5", False, "army", "5", "FLEES", id="A4-withdrawal-costs-1-flees"),
    pytest.param("8", "3", "4", False, "none", "3.75", "HOLDS", id="A4-37.5pc-needs-3.75-DIS-4"),
]


@pytest.mark.parametrize(
    ("units", "lost", "dis", "captain", "withdrawal", "needs", "outcome"), A4_SEED_EXAMPLE
)
async def test_A4_discipline_check_from_the_keyboard(
    app: Any,
    type_text: Any,
    units: str,
    lost: str,
    dis: str,
    captain: bool,
    withdrawal: str,
    needs: str,
    outcome: str,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await _discipline(app, pilot, type_text, units, lost, dis)
        if captain:
            app.screen.query_one("#discipline-captain").focus()
            await pilot.press("space")
        if withdrawal != "none":
            app.screen.query_one("#discipline-withdrawal", Select).value = withdrawal
        await pilot.pause()
        result = _text(app, "#discipline-result")
        assert f"lost {lost} of {units} units".casefold() in result.casefold()
        assert f"needs DIS ≥ {needs}" in result
        assert f"The army {outcome}" in result


async def test_A4_more_lost_than_the_army_had_is_refused_under_the_field(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await _discipline(app, pilot, type_text, "8", "9", "5")
        assert "lost: between 0 and the army's 8 units" in _error(app, "#discipline-lost-error")
        assert "HOLDS" not in _text(app, "#discipline-result")
        # Correcting the field clears the error and shows the check.
        app.screen.query_one("#discipline-lost", Input).focus()
        await pilot.press("backspace", "4")
        await pilot.pause()
        assert _error(app, "#discipline-lost-error") == ""
        assert "The army HOLDS" in _text(app, "#discipline-result")


async def test_A1_order_picked_from_the_roster_is_priced(app: Any, type_text: Any) -> None:
    swordsmen = unit_type("Spadaccini")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        roster = app.screen.query_one("#annibui-roster")
        roster.focus()
        await pilot.press("enter")  # the first row: Spadaccini
        await pilot.pause()
        await type_text(pilot, "5")
        await pilot.press("tab")
        await type_text(pilot, "ACF+1, RES+2")
        await pilot.pause()
        line = app.screen.query_one("#army-unit-1", UnitLine)
        assert line.type_name == "Spadaccini"
        # The stats beside the line include the increments (A1).
        stats = str(line.query_one(".annibui-stats", Static).render())
        assert f"ACF {swordsmen.acf + 1}" in stats and f"RES {swordsmen.res + 2}" in stats
        # A1: +1 cost per ability point, so each costs base + 3; five of them.
        each = swordsmen.cost + 3
        result = _text(app, "#army-result")
        assert f"5 × Spadaccini (ACF+1 RES+2): {each} each = {5 * each}" in result
        assert f"Total cost (A1): {5 * each}" in result
        # A treasury short of the total refuses the order, with the reason.
        app.screen.query_one("#army-treasury", Input).focus()
        await type_text(pilot, str(5 * each - 1))
        await pilot.pause()
        result = _text(app, "#army-result")
        assert "Order REFUSED" in result and f"treasury holds only {5 * each - 1}" in result


async def test_A1_unknown_ability_is_shown_on_its_line(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#annibui-roster").focus()
        await pilot.press("enter", "tab")
        await type_text(pilot, "ATT+1")
        await pilot.pause()
        error = str(app.screen.query_one("#army-unit-1 .annibui-line-error", Static).render())
        assert "ability: one of MOV M" in error.replace("increments: ", "ability: ")
        assert "Fix the line marked in red" in _text(app, "#army-result")


async def test_A2_ranged_fire_hits_are_AB_times_shooters_minus_DB_times_targets(
    app: Any, type_text: Any
) -> None:
    archers, swordsmen = unit_type("Arcieri"), unit_type("Spadaccini")
    assert archers.ab is not None and swordsmen.db is not None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "f3")
        await pilot.pause()
        app.screen.query_one("#fire-shooters-1", UnitLine).choose("Arcieri")
        app.screen.query_one("#fire-targets-1", UnitLine).choose("Spadaccini")
        await pilot.pause()
        app.screen.query_one("#fire-shooters-1 .annibui-count", Input).focus()
        await type_text(pilot, "10")
        app.screen.query_one("#fire-targets-1 .annibui-count", Input).focus()
        await type_text(pilot, "4")
        await pilot.pause()
        hits = max(archers.ab * 10 - swordsmen.db * 4, 0)
        result = _text(app, "#fire-result")
        assert f"= {hits} hits" in result
        assert f"Spadaccini: {min(hits, 4)} of 4 killed" in result


async def test_A2_shooting_at_a_ship_is_refused_under_the_targets(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "f3")
        await pilot.pause()
        app.screen.query_one("#fire-shooters-1", UnitLine).choose("Arcieri")
        app.screen.query_one("#fire-targets-1", UnitLine).choose("Galee")
        await pilot.pause()
        assert "targets: Galee cannot be hit by shooters" in _error(app, "#fire-targets-error")


async def test_A5_income_of_a_turn(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "f6")
        await pilot.pause()
        for selector, value in (
            ("#income-cities", "2"),
            ("#income-killed", "3"),
            ("#income-fled", "2"),
        ):
            field = app.screen.query_one(selector, Input)
            field.focus()
            await pilot.press("backspace")
            await type_text(pilot, value)
        await pilot.pause()
        # A5: 50 per city, 100 for the capital (1 by default), 10 per kill, 5 per fled unit.
        assert "Income this turn (A5): 240" in _text(app, "#income-result")


async def test_A3_melee_against_foot_counts_ACF_minus_the_defenders_RES(
    app: Any, type_text: Any
) -> None:
    knights, swordsmen = unit_type("Cav. Pes."), unit_type("Spadaccini")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "f4")
        await pilot.pause()
        app.screen.query_one("#melee-attackers-1", UnitLine).choose("Cav. Pes.")
        app.screen.query_one("#melee-defenders-1", UnitLine).choose("Spadaccini")
        await pilot.pause()
        app.screen.query_one("#melee-attackers-1 .annibui-count", Input).focus()
        await type_text(pilot, "3")
        app.screen.query_one("#melee-defenders-1 .annibui-count", Input).focus()
        await type_text(pilot, "4")
        await pilot.pause()
        # A3: swordsmen are foot, so the knights' ACF counts; every defender's RES is deducted.
        hits = max(knights.acf * 3 - swordsmen.res * 4, 0)
        result = _text(app, "#melee-result")
        assert f"against foot: Σ ACF {knights.acf * 3} − Σ RES {swordsmen.res * 4}" in result
        assert f"= {hits} hits" in result
        assert f"Spadaccini: {min(hits, 4)} of 4 killed" in result


@pytest.mark.parametrize("typed", ["1.5", "abc"])
async def test_number_fields_keep_what_was_typed_and_refuse_what_is_no_number(
    app: Any, type_text: Any, typed: str
) -> None:
    """Issue 27 item 3: a count, a field of its own (A4) and the treasury keep "1.5" and
    "abc" as typed, say so under them, and no result is computed from them."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "f5")
        await pilot.pause()
        await type_text(pilot, typed)
        await pilot.pause()
        assert app.screen.query_one("#discipline-units", Input).value == typed
        assert _error(app, "#discipline-units-error") == (f"units: a whole number (got '{typed}')")
        assert _text(app, "#discipline-result") == "Fix the field marked in red to see the result."
        treasury = app.screen.query_one("#army-treasury", Input)
        treasury.value = typed
        await pilot.pause()
        assert treasury.value == typed
        assert "a whole number" in _error(app, "#army-treasury-error")
        treasury.value = ""
        line = app.screen.query_one("#army-unit-1", UnitLine)
        line.choose("Spadaccini")
        line.query_one(".annibui-count", Input).value = typed
        await pilot.pause()
        assert line.query_one(".annibui-count", Input).value == typed
        assert f"a whole number (got '{typed}')" in _error(app, "#army-unit-1 .annibui-line-error")
        assert _text(app, "#army-result") == "Fix the line marked in red to see the result."
        line.query_one(".annibui-count", Input).value = "2"
        treasury.value = "100"
        await pilot.pause()
        assert _error(app, "#army-unit-1 .annibui-line-error") == ""
        assert "Fix" not in _text(app, "#army-result")
