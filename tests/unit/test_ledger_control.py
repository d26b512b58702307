"""T5.7 in the ledger: the winter control check of provinces held by another nation than their
homeland, with the PM stationed typed by the referee — the check as winters recorded before the
map's occupation reading (issue 23: ``tests/unit/test_ledger_conquest.py``) replay it.

Figures from the start data (provinces.csv): Heraclea belongs to Magna Graecia, loyalty 10,
3 PE; Tarentum to Magna Graecia, loyalty 15, 5 PE; Canova is Neutral. Pyrrhus starts with the
PP set at creation (T5.5: 0 unless set); the winter die is 8 (nothing happens, T5.6) so the
check is the only thing that moves provinces.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.ledger.events import ProvinceTaken, TurnAdvanced, WinterResolved
from assistant.ledger.record import winter_event
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import Roll, ScriptedDice

QUIET = 8
"""T5.6: 8–10, nothing happens."""
HERACLEA_PE = 3
"""Heraclea's value (provinces.csv), counted in the VP of whoever controls it (T5.8)."""


def campaign(path: Path, pyrrhus_pp: int = 5) -> CampaignStore:
    scenario = load_scenario("tarentine", prestige={"Pyrrhus": pyrrhus_pp})
    return CampaignStore.create(path, scenario)


def recorded_winter(stationed: dict[str, int] | None = None) -> WinterResolved:
    """A winter as recorded before the occupation reading: the PM stationed typed, no
    ``occupation`` flag (T5.7)."""
    roll = Roll(sides=10, value=QUIET, purpose="T5.6 winter event")
    return WinterResolved(rolls=[roll], stationed=dict(stationed or {}))


def to_next_winter(store: CampaignStore) -> None:
    """End turns until the next unresolved winter (T5.1); tribute keeps every PM paid."""
    while True:
        state = store.state()
        if state.is_winter and state.turn not in state.winters_resolved:
            return
        store.append(TurnAdvanced(tribute={name: 40 for name in state.scenario.nations}))


@pytest.fixture
def heraclea_taken(tmp_path: Path) -> Iterator[CampaignStore]:
    """Pyrrhus (5 PP) has taken Heraclea from Magna Graecia (0 PP); it is winter turn 13."""
    with campaign(tmp_path / "t57.castra") as store:
        store.append(ProvinceTaken(province="Heraclea", nation="Pyrrhus", note="after Heraclea"))
        to_next_winter(store)
        yield store


def test_occupied_lists_the_province_with_both_sides_figures(
    heraclea_taken: CampaignStore,
) -> None:
    (entry,) = heraclea_taken.state().occupied()
    assert (entry.province, entry.homeland, entry.holder) == (
        "Heraclea",
        "Magna Graecia",
        "Pyrrhus",
    )
    assert (entry.loyalty, entry.owner_pp, entry.occupier_pp) == (10, 0, 5)
    assert entry.pm_to_keep == 5, "10 v 5: five PM make a tie, which the occupier wins"


def test_a_neutral_province_taken_is_not_occupied(tmp_path: Path) -> None:
    # Reading: the seed's check is for a territory belonging to another *nation*.
    with campaign(tmp_path / "c.castra") as store:
        store.append(ProvinceTaken(province="Canova", nation="Rome", note="marched in"))
        assert store.state().occupied() == []


@pytest.mark.parametrize(
    ("stationed", "holder"),
    [
        pytest.param({}, "Magna Graecia", id="T5.7-no-pm-named-owner-10-beats-5"),
        pytest.param({"Heraclea": 4}, "Magna Graecia", id="T5.7-owner-10-beats-9"),
        pytest.param({"Heraclea": 5}, "Pyrrhus", id="T5.7-tie-10-10-occupier-keeps"),
        pytest.param({"Heraclea": 6}, "Pyrrhus", id="T5.7-occupier-11-beats-10"),
    ],
)
def test_T5_7_winter_check_decides_control_and_the_vp_follow(
    heraclea_taken: CampaignStore, stationed: dict[str, int], holder: str
) -> None:
    before = heraclea_taken.state()
    stored = heraclea_taken.append(recorded_winter(stationed))
    state = heraclea_taken.state()
    assert state.control["Heraclea"] == holder
    assert "Heraclea" in state.loyalty_spent and state.loyalty("Heraclea") == 0
    kept = "Pyrrhus keeps it" if holder == "Pyrrhus" else "Magna Graecia takes it back"
    pm = stationed.get("Heraclea", 0)
    assert f"control check Heraclea: Magna Graecia 10 v Pyrrhus {5 + pm}, {kept}" in stored.summary
    # T5.8 (after T5.7): Heraclea's 3 PE count for whoever holds it once the check is done.
    for nation in ("Pyrrhus", "Magna Graecia"):
        others = before.controlled_value(nation) - (HERACLEA_PE if nation == "Pyrrhus" else 0)
        nation_state = state.nations[nation]
        expected = (
            others
            + (HERACLEA_PE if nation == holder else 0)
            + nation_state.land_pm
            + nation_state.naval_pm
            + nation_state.prestige
        )
        assert nation_state.victory_points == expected


def test_T5_7_loyalty_spent_is_0_at_the_next_winter(heraclea_taken: CampaignStore) -> None:
    # First winter: 5 PM make the tie, Pyrrhus keeps Heraclea and its loyalty is spent.
    heraclea_taken.append(recorded_winter({"Heraclea": 5}))
    heraclea_taken.append(TurnAdvanced())
    to_next_winter(heraclea_taken)
    (entry,) = heraclea_taken.state().occupied()
    assert (entry.loyalty, entry.loyalty_spent, entry.pm_to_keep) == (0, True, 0)
    # Second winter, no PM stationed: 0 + 0 v 5 + 0; with the old loyalty 10 it would be lost.
    stored = heraclea_taken.append(recorded_winter())
    assert heraclea_taken.state().control["Heraclea"] == "Pyrrhus"
    assert "Magna Graecia 0 v Pyrrhus 5, Pyrrhus keeps it" in stored.summary


def test_T5_7_a_province_taken_back_and_retaken_still_has_loyalty_0(
    heraclea_taken: CampaignStore,
) -> None:
    heraclea_taken.append(recorded_winter())
    assert heraclea_taken.state().control["Heraclea"] == "Magna Graecia"
    assert heraclea_taken.state().occupied() == []
    heraclea_taken.append(TurnAdvanced())
    heraclea_taken.append(ProvinceTaken(province="Heraclea", nation="Pyrrhus", note="again"))
    to_next_winter(heraclea_taken)
    heraclea_taken.append(recorded_winter())
    assert heraclea_taken.state().control["Heraclea"] == "Pyrrhus", "0 + 0 v 5: kept"


def test_T5_7_undo_restores_control_and_loyalty(heraclea_taken: CampaignStore) -> None:
    heraclea_taken.append(recorded_winter())
    assert heraclea_taken.state().control["Heraclea"] == "Magna Graecia"
    heraclea_taken.undo("Pyrrhus had 5 PM there after all")
    state = heraclea_taken.state()
    assert state.control["Heraclea"] == "Pyrrhus"
    assert state.loyalty_spent == [] and state.loyalty("Heraclea") == 10
    assert state.turn not in state.winters_resolved
    # Reopened from the file, the replay agrees.
    path = heraclea_taken.path
    with CampaignStore.open(path) as again:
        assert again.state().control["Heraclea"] == "Pyrrhus"
        assert again.state().loyalty("Heraclea") == 10


@pytest.mark.parametrize(
    ("stationed", "message"),
    [
        pytest.param({"Atlantis": 2}, "stationed: not a province", id="unknown-province"),
        pytest.param(
            {"Roma": 2}, "stationed: Roma is not occupied (held by its homeland Rome)",
            id="T5.7-held-by-its-homeland",
        ),
        pytest.param(
            {"Canova": 2}, "stationed: Canova is not occupied (its homeland is Neutral",
            id="T5.7-neutral-homeland",
        ),
        pytest.param({"Heraclea": -1}, "stationed: Heraclea: PM 0 or more", id="negative-pm"),
    ],
)  # fmt: skip
def test_refused_stationed_pm_leave_the_log_untouched(
    heraclea_taken: CampaignStore, stationed: dict[str, int], message: str
) -> None:
    events = len(heraclea_taken.events())
    before = heraclea_taken.state().model_dump()
    dice = ScriptedDice([QUIET])
    with pytest.raises(LedgerError, match="^" + re.escape(message)):
        winter_event(heraclea_taken.state(), dice, stationed=stationed)
    assert dice.used == 0, "refused before the winter die is rolled"
    # The same event built by hand (die included) is refused by the ledger itself.
    roll = Roll(sides=10, value=QUIET, purpose="T5.6 winter event")
    with pytest.raises(LedgerError, match="^" + re.escape(message)):
        heraclea_taken.append(WinterResolved(rolls=[roll], stationed=stationed))
    assert len(heraclea_taken.events()) == events
    assert heraclea_taken.state().model_dump() == before


def test_winters_recorded_before_t5_7_replay_as_they_were(
    heraclea_taken: CampaignStore, tmp_path: Path
) -> None:
    """An export from before T5.7: its winter event has no ``stationed`` field."""
    heraclea_taken.append(recorded_winter())
    document = heraclea_taken.export_document()
    winter = document["events"][-1]["event"]
    assert winter["kind"] == "winter_resolved"
    del winter["stationed"]
    # The field removed by hand breaks the export's chain: imported on trust.
    with CampaignStore.import_document(document, tmp_path / "old.castra", trust=True) as old:
        state = old.state()
        # No check ran: Pyrrhus still holds Heraclea, its loyalty is whole, and the VP count
        # Heraclea for Pyrrhus as they did when that winter was recorded.
        assert state.control["Heraclea"] == "Pyrrhus"
        assert state.loyalty_spent == []
        (entry,) = old.history()[-1:]
        assert "control check" not in entry.summary
        pyrrhus = state.nations["Pyrrhus"]
        assert pyrrhus.victory_points == (
            state.controlled_value("Pyrrhus") + pyrrhus.land_pm + pyrrhus.naval_pm + 5
        )
        assert state.controlled_value("Pyrrhus") == HERACLEA_PE


# ---- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def cli_campaign(heraclea_taken: CampaignStore) -> str:
    return str(heraclea_taken.path)


def test_cli_control_lists_the_provinces_occupied_on_the_map(
    cli_campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """T5.7, T7.7: with the map, the check is made where a nation at war with the controller
    stands; Pyrrhus holding Heraclea with no enemy there has nothing to fear."""
    code, out, err = run(capsys, "campaign", "control", "--file", cli_campaign, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    assert data["winter"] is True
    assert data["occupied"] == []
    code, out, _ = run(capsys, "campaign", "control", "--file", cli_campaign)
    assert code == 0 and "No occupied provinces" in out


def test_cli_winter_checks_what_stands_on_the_map(
    heraclea_taken: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """T5.7, T7.7: Pyrrhus' 3 new PM deploy in Heraclea, his most valuable province (T6.1);
    no enemy of his stands there, so there is no check and he keeps it without typing a PM."""
    from assistant.ledger.events import ForcesAdjusted

    heraclea_taken.append(ForcesAdjusted(nation="Pyrrhus", land_pm=3, note="Epirote levies"))
    code, out, err = run(
        capsys, "campaign", "winter", "--file", str(heraclea_taken.path), "--dice", str(QUIET),
        "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["event"]["occupation"] is True and data["event"]["stationed"] is None
    assert "control check" not in data["summary"]
    assert data["state"]["nations"]["Pyrrhus"]["victory_points"] is not None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("Heraclea", "--stationed: give PROVINCE:PM", id="no-pm"),
        pytest.param("Heraclea:two", "--stationed: Heraclea: not a number", id="not-a-number"),
        pytest.param("Heraclea:-1", "--stationed: Heraclea: 0 or more", id="negative"),
        pytest.param("Heraclea:5", "--stationed: read from the map", id="T7.8-never-typed"),
    ],
)
def test_cli_bad_stationed_is_one_line_exit_2_and_nothing_written(
    cli_campaign: str, capsys: pytest.CaptureFixture[str], value: str, expected: str
) -> None:
    with CampaignStore.open(cli_campaign) as store:
        events = len(store.events())
    code, out, err = run(
        capsys, "campaign", "winter", "--file", cli_campaign, "--dice", str(QUIET),
        "--stationed", value,
    )  # fmt: skip
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and expected in err
    with CampaignStore.open(cli_campaign) as store:
        assert len(store.events()) == events
