"""The Campaign screen of a Macedon vs Persia campaign shows the armies on the map: where each
stands, its morale, its season-long action and, cut off, the turn it dies (D10–D13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    DbaMoved,
    LoyaltyChanged,
    SpecialActionOrdered,
    TurnAdvanced,
)
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def army_rows(screen: Any) -> dict[str, list[str]]:
    table = screen.query_one("#map-armies", DataTable)
    found = {}
    for index in range(table.row_count):
        cells = [str(cell) for cell in table.get_row_at(index)]
        found[cells[0]] = cells
    return found


def _campaign_with_a_cut_off_army(tmp_path: Path) -> CampaignStore:
    """Two turns of moves: Macedon 4 ends in Lydia with Hellespontine Phrygia behind it gone
    over to Persia (D13), Macedon 5 still at sea, Macedon 6 busy on works."""
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    store.append(DbaMoved(army="Macedon 5", move="landing", to="Caria"))
    store.append(SpecialActionOrdered(army="Macedon 6", action="works"))
    store.append(DbaMoved(army="Persia 2", move="retreat", to="Greater Phrygia"))
    store.append(DbaMoved(army="Persia 3", move="retreat", to="Paphlagonia"))
    store.append(TurnAdvanced())
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Lydia"))
    store.append(DbaMoved(army="Persia 4", move="retreat", to="Caria"))
    store.append(
        LoyaltyChanged(province="Hellespontine Phrygia", side="Macedon", by=-1, note="roll")
    )
    store.append(TurnAdvanced())
    return store


async def test_d10_d13_campaign_screen_shows_positions_morale_actions_and_deadlines(
    tmp_path: Path,
) -> None:
    store = _campaign_with_a_cut_off_army(tmp_path)
    app = make_app(store, seed=SEED)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            rows = army_rows(pilot.app.screen)
            assert rows["Alexander"][2] == "Macedonia" and rows["Alexander"][3].endswith(" 6")
            assert rows["Persia 2"][2] == "Greater Phrygia" and rows["Persia 2"][3].endswith(" 2")
            assert "Caria" in rows["Macedon 5"][2] and "turn 7" in rows["Macedon 5"][2]
            assert rows["Macedon 6"][4] == "works to turn 4"
            # Macedon 4 stands in Lydia; Hellespontine Phrygia behind it has gone over: cut off.
            assert rows["Macedon 4"][5] == "CUT OFF: dies turn 6"
            assert rows["Alexander"][5] == "supplied"
    finally:
        store.close()


async def test_the_armies_sides_are_said_in_italian(tmp_path: Path) -> None:
    """Issue 25: the Side column names Macedonia, as seed 003 writes it, not the key Macedon,
    and each army is named as Italian says it ("Alessandro", "Macedonia 4", D1)."""
    from converters.i18n import set_language

    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    set_language("it")
    app = make_app(store, seed=SEED)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            rows = army_rows(app.screen)
    finally:
        store.close()
    assert rows["Alessandro"][1] == "Macedonia" and rows["Dario"][1] == "Persia"
    assert {cells[1] for cells in rows.values()} == {"Macedonia", "Persia"}
    assert {f"Macedonia {n}" for n in range(2, 9)} | {f"Persia {n}" for n in range(2, 9)} < set(
        rows
    )
    assert not any(name.startswith("Macedon ") for name in rows)
