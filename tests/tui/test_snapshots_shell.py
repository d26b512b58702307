"""What the Campaign, History, Help, form and die-entry screens look like at 120×40.

Fixed seed, fixed campaign contents and a frozen ledger clock (see conftest), so each picture
is the same on every run. Update with ``pytest tests/tui --snapshot-update`` and look at them.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.ledger.events import (
    BattleRecorded,
    ContingentResult,
    TurnAdvanced,
)

SIZE = (120, 40)


def a_battle_and_a_turn(store: Any) -> None:
    """Heraclea (Rome beats Pyrrhus, both lose PM), then the turn ends with tribute. The test
    marks its campaign ``armies_at`` Heraclea, where the battle is fought (T7.4)."""
    store.append(
        BattleRecorded(
            place="Heraclea",
            resolution="manual",
            winner="b",
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=4, pm_lost=2),
                ContingentResult(side="b", nation="Pyrrhus", pm=2, pm_lost=1),
            ],
            prestige={"Pyrrhus": 3, "Rome": -3},
            who="Referee",
            note="Pyrrhus' elephants",
        )
    )
    store.append(TurnAdvanced(tribute={"Rome": 6, "Carthage": 5}, who="Referee"))


def test_campaign_screen_at_the_start(snap_compare: Any, app: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
def test_campaign_screen_with_decimated_pm(snap_compare: Any, app: Any) -> None:
    a_battle_and_a_turn(app.ledger.store)
    assert snap_compare(app, terminal_size=SIZE)


def test_advance_turn_form(snap_compare: Any, app: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE, press=["n"])


def test_refused_rebuild_shows_the_ledgers_reason_under_the_field(
    snap_compare: Any, app: Any
) -> None:
    assert snap_compare(app, terminal_size=SIZE, press=["r", "ctrl+s"])


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
def test_history_after_an_undo(snap_compare: Any, app: Any) -> None:
    a_battle_and_a_turn(app.ledger.store)
    app.ledger.store.undo("tribute was counted twice", who="Referee")
    assert snap_compare(app, terminal_size=SIZE, press=["h"])


def test_help_screen(snap_compare: Any, app: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE, press=["f1"])


def test_die_entry_in_physical_dice_mode(snap_compare: Any, app: Any) -> None:
    for _ in range(12):
        app.ledger.store.append(TurnAdvanced())

    async def roll_the_winter_die(pilot: Any) -> None:
        await pilot.press("p", "w", "ctrl+s")
        await pilot.pause()
        await pilot.press("1", "2", "enter")  # a d10 cannot show 12

    assert snap_compare(app, terminal_size=SIZE, run_before=roll_the_winter_die)


@pytest.mark.orders_immediate
def test_winter_form_lists_the_occupied_provinces_t5_7(snap_compare: Any, app: Any) -> None:
    """T5.7, T7.7: Rome II stands in Canova (Neutral) all summer; Magna Graecia III, at war
    with Rome, in Rome's Arpi once Rome II has left it."""
    from assistant.ledger.events import ArmyMoved, WarDeclared

    app.ledger.store.append(ArmyMoved(army="Rome II", to="Canova", who="Referee"))
    app.ledger.store.append(WarDeclared(nation="Magna Graecia", on="Rome", who="Referee"))
    app.ledger.store.append(ArmyMoved(army="Magna Graecia III", to="Arpi", who="Referee"))
    for _ in range(12):
        app.ledger.store.append(TurnAdvanced())
    assert snap_compare(app, terminal_size=SIZE, press=["w"])
