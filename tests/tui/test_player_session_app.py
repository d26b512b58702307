"""A player's session in the app (issue 24 item 1, T7.3): opened as Rome, no screen ever shows
another nation's sealed order, and the ledger refuses what is the referee's.

The referee entered an order of Carthage and one of Rome; Rome's app visits every screen, and
the whole text of each (an SVG export of what the player sees) never holds Carthage's order,
while the referee's app, on the same file, shows it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import MarchOrder, OrderGiven
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE

SCREENS = ["c", "h", "m", "o", "j", "g", "b", "d", "a", "s"]
"""Every screen's key (Campaign, History, Map, Chronicle, Journal, Ghost, Battle desk, Dice
battle, ANNI BUI, Bellum standings)."""

CARTHAGE = (
    "sealed order of Carthage",
    "Carthage I to march to Utica",
    "Carthage I marches to Utica",
)


def _screen_text(app: Any) -> str:
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", run)) for run in runs).replace("\xa0", " ")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    file = tmp_path / "served.castra"
    with CampaignStore.create(file, load_scenario("tarentine")) as store:
        store.append(OrderGiven(nation="Carthage", order=MarchOrder(army="Carthage I", to="Utica")))
        store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    return file


async def _every_screen(store: CampaignStore) -> str:
    app = make_app(store, seed=SEED)
    shown = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in SCREENS:
            await pilot.press(key)
            await pilot.pause()
            shown.append(_screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
    return "\n".join(shown)


@pytest.mark.parametrize("size", [SIZE], ids=["80x24"])
async def test_t7_3_a_players_screens_never_show_another_nations_order(
    path: Path, size: tuple[int, int]
) -> None:
    with CampaignStore.open(path) as rome:
        rome.seat = "Rome"
        seen = await _every_screen(rome)
    for phrase in CARTHAGE:
        assert phrase not in seen, phrase
    assert "Rome" in seen
    with CampaignStore.open(path) as referee:
        whole = await _every_screen(referee)
    assert any(phrase in whole for phrase in CARTHAGE), "the referee's app shows it"
