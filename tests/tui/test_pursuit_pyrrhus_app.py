"""T3.2 on the app's `z` (Fall back): where Pyrrhus leads in person — one of his armies in the
meeting — the pursuers' one roll hits on 4+, as ``campaign withdraw`` rolls it, and each die
the app asks for or rolls says so in its purpose. At 80×24 in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.ledger.events import MarchOrder, MeetingAnswered, OrderGiven, WithdrawalPursued
from assistant.ledger.orders import resolution
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from converters.i18n import set_language
from tests.battle_places import tarentine_starting
from tests.tui.conftest import SEED


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.fixture
def pyrrhus_met(tmp_path: Path) -> Iterator[CampaignStore]:
    """Pyrrhus I (2 PM) and Rome I cross on the mountain road and meet at Roma; Pyrrhus seeks
    battle, Rome avoids it (T3.0, T7.4)."""
    scenario = tarentine_starting(("Pyrrhus", "Corfinium", 2))
    store = CampaignStore.create(tmp_path / "p.castra", scenario)
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(OrderGiven(nation="Pyrrhus", order=MarchOrder(army="Pyrrhus I", to="Roma")))
    store.append(resolution(store.state()))
    store.append(MeetingAnswered(meeting=1, seek=["Pyrrhus"]))
    yield store
    store.close()


async def test_t3_2_fall_back_rolls_the_pursuit_with_pyrrhus_plus_one(
    pyrrhus_met: CampaignStore, language: str
) -> None:
    app = make_app(pyrrhus_met, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await app.workers.wait_for_complete()
        await pilot.pause()
    (withdrawal,) = [
        s.event for s in pyrrhus_met.events() if isinstance(s.event, WithdrawalPursued)
    ]
    assert withdrawal.pyrrhus_leads
    faces = [roll.value for roll in withdrawal.rolls]
    assert len(faces) == 2, "one die per pursuing PM"
    assert withdrawal.lost == {"Rome I": min(4, sum(face >= 4 for face in faces))}
    assert all(roll.purpose.endswith("hits on 4+ (T3.1, T3.2)") for roll in withdrawal.rolls)
    assert pyrrhus_met.state().meetings[0].settled


async def test_t3_2_the_meetings_dice_battle_opens_with_pyrrhus_leading(
    pyrrhus_met: CampaignStore, language: str
) -> None:
    from textual.widgets import Checkbox

    app = make_app(pyrrhus_met, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert type(app.screen).__name__ == "DiceBattleScreen"
        assert app.screen.query_one("#dice-pyrrhus", Checkbox).value
