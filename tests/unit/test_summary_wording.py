"""Issue 27 item 12: the ledger's summaries as a club reads them — sides A and B, the rules as
their books spell them, one minus sign, one figure per winter, singular and plural, and a sack
that says toward whom its province's loyalty falls (T2.5, T4.1, T5.3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import ArmyMoved, BattleRecorded, ContingentResult
from assistant.ledger.map_war import sack_event
from assistant.ledger.read_models import DecimatedGlance
from assistant.ledger.store import CampaignStore
from assistant.tui.screens.campaign import decimated_text
from tests.battle_places import ONE_AT_A_TIME, tarentine_meeting_at


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    created = CampaignStore.create(
        tmp_path / "c.castra", tarentine_meeting_at("Heraclea", "Rome", "Pyrrhus")
    )
    yield created
    created.close()


def test_a_battle_names_side_b_and_fog_as_the_desk_does_with_one_minus_sign(
    store: CampaignStore,
) -> None:
    stored = store.append(
        BattleRecorded(
            place="Heraclea",
            resolution="fog",
            winner="b",
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=3, pm_lost=1),
                ContingentResult(side="b", nation="Pyrrhus", pm=2, pm_lost=1),
            ],
            prestige={"Rome": -1, "Pyrrhus": 1},
        )
    )
    assert stored.summary.startswith("battle of Heraclea (turn 1, FoG): side B won")
    assert "prestige Rome −1, Pyrrhus +1" in stored.summary
    assert "-" not in stored.summary.replace("—", ""), "no hyphen for a minus"


def test_batches_expiring_at_the_same_winter_are_one_figure() -> None:
    batches = [DecimatedGlance(1, 13), DecimatedGlance(1, 13), DecimatedGlance(2, 26)]
    assert decimated_text(batches) == "2 (to t13), 2 (to t26)"
    assert decimated_text([]) == "—"


@pytest.mark.parametrize(
    ("lost", "said"), [(1, "1 decimated PM expires"), (2, "2 decimated PM expire")]
)
def test_one_decimated_pm_expires_and_two_expire(
    store: CampaignStore, lost: int, said: str
) -> None:
    """T2.5: PM decimated on turn 1 and not rebuilt are gone at the winter turn 13."""
    from assistant.ledger.events import TurnAdvanced
    from assistant.ledger.record import winter_event
    from converters.dice import ScriptedDice

    store.append(
        BattleRecorded(
            place="Heraclea",
            resolution="manual",
            winner="a",
            contingents=[
                ContingentResult(side="a", nation="Pyrrhus", pm=2),
                ContingentResult(side="b", nation="Rome", pm=3, pm_lost=lost),
            ],
        )
    )
    store.append(TurnAdvanced(tribute={"Rome": 300, "Pyrrhus": 300}))
    while not store.state().is_winter:
        store.append(TurnAdvanced())
    stored = store.append(winter_event(store.state(), ScriptedDice([8])))
    assert f"Rome: {said}" in stored.summary


def test_a_sack_says_toward_whom_the_loyalty_falls(tmp_path: Path) -> None:
    store = CampaignStore.create(
        tmp_path / "s.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    )
    try:
        store.append(ArmyMoved(army="Rome II", to="Canova"))
        stored = store.append(sack_event(store.state(), "Canova", "Rome"))
        assert "Rome sacked Canova: +6 PE, its loyalty toward Rome −10 (T5.3)" in stored.summary
    finally:
        store.close()
