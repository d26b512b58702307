"""Snapshots of the battle desk, the dice battle, the ghost and the army journal at 120 × 40.

Each is filled in as a player would leave it mid-use, with the fixtures' fixed seed and a fresh
campaign, so the picture is the same on every run. Update with ``--snapshot-update`` and look at
the report before accepting a change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Select

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE, settle

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def _fill(pilot: Any, values: dict[str, str]) -> None:
    for widget_id, value in values.items():
        widget = pilot.app.screen.query_one(widget_id)
        if isinstance(widget, Select | Input):
            widget.value = value
        await pilot.pause()


async def heraclea_on_the_desk(pilot: Any) -> None:
    """The battle desk after Heraclea (FOG): Rome 4 PM beats Pyrrhus 2 PM, the preview shown."""
    await pilot.press("b")
    await pilot.pause()
    await _fill(
        pilot,
        {
            "#a1-nation": "Rome",
            "#a1-pm": "4",
            "#b1-nation": "Pyrrhus",
            "#b1-pm": "2",
            "#a1-battle_groups": "12",
            "#a1-broken": "2",
            "#b1-battle_groups": "10",
            "#b1-broken": "5",
            "#b1-fragmented": "2",
            "#winner": "a",
            "#place": "Heraclea",
        },
    )
    pilot.app.screen.query_one("#preview-table").focus()
    await pilot.pause()


async def a_round_at_panormus(pilot: Any) -> None:
    """The dice battle after its first round: Rome 5 PM against Carthage 4 PM (T3.1)."""
    await pilot.press("d")
    await pilot.pause()
    await _fill(
        pilot,
        {"#dice-side-a": "Rome 5", "#dice-side-b": "Carthage 4", "#dice-place": "Panormus"},
    )
    pilot.app.screen.query_one("#dice-rounds").focus()
    await pilot.press("f5", "f6")
    await settle(pilot)


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
def test_battle_desk_snapshot(app: Any, snap_compare: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=heraclea_on_the_desk)


@pytest.mark.armies_at("Panormus", "Rome", "Carthage")
def test_dice_battle_snapshot(app: Any, snap_compare: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=a_round_at_panormus)


def test_naval_battle_with_capture_snapshot(app: Any, snap_compare: Any) -> None:
    """Two fleets at sea (T3.6, T3.7): A seeks battle, f9 rolls the interception, f6 fights the
    battle to the end, and the winner's capture dice are shown with the result."""

    async def run_before(pilot: Any) -> None:
        await pilot.press("d")
        await pilot.pause()
        await _fill(
            pilot,
            {"#dice-side-a": "Rome 2", "#dice-side-b": "Carthage 4", "#dice-place": "Fretum"},
        )
        pilot.app.screen.query_one("#dice-naval", Checkbox).value = True
        await pilot.pause()
        pilot.app.screen.query_one("#dice-rounds").focus()
        for key in ("f9", *["f6"] * 10):
            battle = pilot.app.screen.battle
            if battle is not None and battle.over:
                break
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_ghost_screen_snapshot(app: Any, snap_compare: Any) -> None:
    async def run_before(pilot: Any) -> None:
        await pilot.press("g")
        await pilot.pause()
        pilot.app.screen.query_one("#pp-table").focus()
        await pilot.press("f6")
        await pilot.app.workers.wait_for_complete()
        await _fill(pilot, {"#gr-fatigue": "9", "#gf-fatigue": "2", "#gf-units-lost": "1"})
        pilot.app.screen.query_one("#pp-table").focus()
        for key in ("f7", "f8"):
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_journal_snapshot(tmp_path: Path, snap_compare: Any) -> None:
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    app = make_app(store, seed=SEED)

    async def run_before(pilot: Any) -> None:
        await pilot.press("j")
        await pilot.pause()

    try:
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
    finally:
        store.close()
