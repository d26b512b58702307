"""Battles on the map: what a side may field where it fights (T7.4), where a beaten fleet goes
(T3.7, T7.5) and a naval interception recorded as its own event (T3.6). Each refusal names the
rule and the field, and writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    ArmyMoved,
    BattleRecorded,
    ContingentResult,
    Event,
    FleetSailed,
    TurnAdvanced,
)
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_cli import run


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "war.castra", load_scenario("tarentine")) as opened:
        yield opened


def refused(store: CampaignStore, event: Event, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)
    assert len(store.events()) == before


def rome_before_tarentum(store: CampaignStore) -> None:
    """Turn 1: Rome II marches to Canova and Rome fleet I (2 naval PM) sails round the toe to
    Tarentum; turn 2: Rome II before Tarentum. There stand Rome 1 land PM and 2 naval PM,
    Magna Graecia 3 land and 2 naval, the Senones' 1 in Greek pay (T5.5)."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(FleetSailed(fleet="Rome fleet I", to="Tarentum"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))


def battle(*contingents: ContingentResult, place: str = "Tarentum", **fields: object) -> Event:
    return BattleRecorded(
        place=place,
        resolution="naval" if any(c.naval_pm for c in contingents) else "manual",
        winner="b",
        contingents=list(contingents),
        **fields,  # type: ignore[arg-type]
    )


def land(side: str, nation: str, pm: int) -> ContingentResult:
    return ContingentResult(side=side, nation=nation, pm=pm)  # type: ignore[arg-type]


def naval(side: str, nation: str, pm: int) -> ContingentResult:
    return ContingentResult(side=side, nation=nation, pm=0, naval_pm=pm)  # type: ignore[arg-type]


# ---- T7.4: a side fields what stands at the battle's province ------------------------------


@pytest.mark.parametrize(
    ("contingents", "words"),
    [
        pytest.param(
            (land("a", "Rome", 2), land("b", "Magna Graecia", 3)),
            ("contingents.pm:", "Rome has 1 land PM standing at Tarentum (fielded 2, T7.4)"),
            id="attacker-beyond-its-army",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 4)),
            ("Magna Graecia has 3 land PM standing at Tarentum (fielded 4",),
            id="defender-beyond-its-army",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 2), land("b", "Magna Graecia", 2)),
            ("Magna Graecia has 3 land PM standing at Tarentum (fielded 4",),
            id="one-nations-contingents-added-up",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 3), land("b", "Senones", 2)),
            ("Senones has 1 land PM standing at Tarentum (fielded 2",),
            id="mercenaries-against-their-own-nation",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Pyrrhus", 2)),
            ("Pyrrhus has 0 land PM standing at Tarentum (fielded 2",),
            id="an-ally-not-there",
        ),
        pytest.param(
            (naval("a", "Rome", 3), naval("b", "Magna Graecia", 2)),
            ("contingents.naval_pm:", "Rome has 2 naval PM standing at Tarentum (fielded 3"),
            id="naval-beyond-its-fleet",
        ),
        pytest.param(
            (naval("a", "Rome", 2), naval("b", "Pyrrhus", 2)),
            ("Pyrrhus has 0 naval PM standing at Tarentum (fielded 2",),
            id="a-fleet-elsewhere",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 3)),
            ("place:", "Asculum is no province of the map", "T7.4"),
            id="no-province-of-the-map",
        ),
    ],
)
def test_t7_4_a_battle_fields_no_more_than_stands_at_its_province(
    store: CampaignStore, contingents: tuple[ContingentResult, ...], words: tuple[str, ...]
) -> None:
    rome_before_tarentum(store)
    place = "Asculum" if "place:" in words else "Tarentum"
    refused(store, battle(*contingents, place=place), *words)


def test_t7_4_what_stands_there_fights_mercenaries_with_their_paymasters(
    store: CampaignStore,
) -> None:
    rome_before_tarentum(store)
    stored = store.append(
        battle(land("a", "Rome", 1), land("b", "Magna Graecia", 3), land("b", "Senones", 1))
    )
    assert stored.summary.startswith("battle of Tarentum")
    fleets = store.append(battle(naval("a", "Rome", 2), naval("b", "Magna Graecia", 2)))
    assert fleets.summary.startswith("battle of Tarentum")


def test_t7_4_a_battle_of_an_earlier_turn_is_checked_for_its_place_only(
    store: CampaignStore,
) -> None:
    """Reading (docs/rules.md T7.4): the forces have moved since, so the PM in play bound it."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Pyrrhus I", to="Canova"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    refused(store, battle(land("a", "Rome", 1), land("b", "Pyrrhus", 2), place="Canova"), "T7.4")
    stored = store.append(
        battle(land("a", "Rome", 1), land("b", "Pyrrhus", 2), place="Canova", turn=1)
    )
    assert stored.summary.startswith("battle of Canova (turn 1")


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ("--side-a", "Rome:2", "--side-b", "Magna Graecia:3"),
            "--side-a: Rome has 1 land PM standing at Tarentum (fielded 2, T7.4)",
        ),
        (
            ("--side-a", "Rome:1", "--side-b", "Magna Graecia:3", "--side-b", "Pyrrhus:1"),
            "--side-b: Pyrrhus has 0 land PM standing at Tarentum (fielded 1, T7.4)",
        ),
        (
            ("--system", "naval", "--side-a", "Rome:0", "--side-b", "Magna Graecia:0",
             "--fleet", "Rome:3", "--fleet", "Magna Graecia:2"),  # fmt: skip
            "--fleet: Rome has 2 naval PM standing at Tarentum (fielded 3, T7.4)",
        ),
    ],
)
def test_t7_4_the_command_line_names_the_flag_and_writes_nothing(
    store: CampaignStore,
    capsys: pytest.CaptureFixture[str],
    flags: tuple[str, ...],
    message: str,
) -> None:
    rome_before_tarentum(store)
    before = len(store.events())
    code, out, err = run(
        capsys, "campaign", "record", "--file", str(store.path), "--place", "Tarentum",
        "--winner", "b", *flags,
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err == f"castra: error: {message}\n"
    assert len(store.events()) == before


def test_t7_4_a_place_off_the_map_is_refused_by_its_flag(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(
        capsys, "campaign", "record", "--file", str(store.path), "--place", "Asculum",
        "--winner", "b", "--side-a", "Rome:1", "--side-b", "Magna Graecia:1",
    )  # fmt: skip
    assert code == 2
    assert err.startswith("castra: error: --place: Asculum is no province of the map")
    assert err.count("\n") == 1
