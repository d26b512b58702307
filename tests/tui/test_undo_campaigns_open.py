"""The app opens any campaign the ledger accepts: after undos anywhere (issue 10, item 1) the
Campaign, History and Journal screens show it instead of crashing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import TreasuryAdjusted, TurnAdvanced
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE
from tests.unit.test_ledger_undo import random_campaign

SCREENS = ("campaign", "history", "journal")
"""The screens that read the whole record."""


async def _visit(path: Path) -> list[str]:
    """Open the app on ``path`` and go to each screen that reads the record; the screens
    it showed."""
    shown = []
    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=SIZE) as pilot:
            for mode in SCREENS:
                await app.switch_mode(mode)
                await pilot.pause()
                shown.append(type(app.screen).__name__)
    return shown


def test_the_app_opens_a_campaign_whose_turn_and_its_event_were_both_undone(
    campaign_path: Path,
) -> None:
    with CampaignStore.create(campaign_path, load_scenario("tarentine")) as store:
        store.append(TurnAdvanced())
        store.append(TreasuryAdjusted(nation="Rome", pe=5, note="x"))
        store.undo("a")
        store.undo("b")
    assert asyncio.run(_visit(campaign_path)) == [
        "CampaignScreen",
        "HistoryScreen",
        "JournalScreen",
    ]


@settings(
    max_examples=8,  # each example starts the app three times over
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_app_opens_any_campaign_with_undos(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    path = random_campaign(tmp_path_factory.mktemp("app-undo"), data)
    assert len(asyncio.run(_visit(path))) == len(SCREENS)
