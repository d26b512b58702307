"""What the ANNI BUI calculator and the Bellum standings look like at 120×40.

Fixed seed, fixed campaign contents and a frozen ledger clock (see conftest), so each picture
is the same on every run. Update with ``pytest tests/tui --snapshot-update`` and look at them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from armylists.scenarios import bellum_scenario
from assistant.ledger.record import centres_event
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE


@pytest.fixture
def bellum_app(tmp_path: Path) -> Iterator[Any]:
    """A Bellum game (Rome: the Scipii) with two years recorded: Carthage leads, the Gauls and
    the Germans are level on centres and separated by the sum of the years (B2)."""
    store = CampaignStore.create(tmp_path / "bellum.castra", bellum_scenario("scipii"), who="Ref")
    years = [
        {"Carthage": 8, "Gauls": 4, "Germans": 6},
        {"Carthage": 10, "Gauls": 6, "Germans": 6},
    ]
    for year, changed in enumerate(years, start=1):
        held = {power: changed.get(power, 4) for power in store.state().scenario.nations}
        store.append(centres_event(store.state(), year, held, who="Ref"))
    yield make_app(store, seed=SEED)
    store.close()


def _press(*keys: str) -> list[str]:
    return [{" ": "space", ",": "comma", "+": "plus"}.get(key, key) for key in keys]


def test_annibui_discipline_check_of_the_seed(snap_compare: Any, app: Any) -> None:
    """A4, the seed's example: 8 units, 4 lost, DIS 5 holds."""
    assert snap_compare(app, terminal_size=SIZE, press=["a", "f5", "8", "tab", "4", "tab", "5"])


def test_annibui_order_priced_from_the_roster(snap_compare: Any, app: Any) -> None:
    """A1: five swordsmen ACF+1 RES+2 and a tower, against a treasury of 150."""

    async def order(pilot: Any) -> None:
        await pilot.press("a")
        await pilot.pause()
        pilot.app.screen.query_one("#annibui-roster").focus()
        await pilot.press("enter", "5", "tab", *_press(*"ACF+1, RES+2"))
        pilot.app.screen.query_one("#army-building-1").choose("Torre")
        pilot.app.screen.query_one("#army-treasury").focus()
        await pilot.press("1", "5", "0")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=order)


def test_annibui_fire_at_a_ship_is_refused_inline(snap_compare: Any, app: Any) -> None:
    """A2: archers cannot hit galleys; the reason is under the targets."""

    async def fire(pilot: Any) -> None:
        await pilot.press("a", "f3")
        await pilot.pause()
        pilot.app.screen.query_one("#fire-shooters-1").choose("Arcieri")
        pilot.app.screen.query_one("#fire-targets-1").choose("Galee")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=fire)


def test_bellum_standings_after_two_years(snap_compare: Any, bellum_app: Any) -> None:
    assert snap_compare(bellum_app, terminal_size=SIZE, press=["s"])


def test_bellum_year_form_refuses_a_missing_power(snap_compare: Any, bellum_app: Any) -> None:
    """Year 3 with every field emptied but the first: the ledger names who is missing."""

    async def empty_year(pilot: Any) -> None:
        await pilot.press("s", "y")
        await pilot.pause()
        for number in range(1, 13):
            pilot.app.screen.query_one(f"#centres-{number}").value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()

    assert snap_compare(bellum_app, terminal_size=SIZE, run_before=empty_year)


def test_bellum_screen_in_a_tarentine_campaign(snap_compare: Any, app: Any) -> None:
    assert snap_compare(app, terminal_size=SIZE, press=["s"])
