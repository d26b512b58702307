"""Conquest by occupation at the winter check (T5.7, T7.7), the sack's −10 in it (T5.3) and a
coalition's choice of holder (T5.5), read from the Tarentine map.

Figures from the start data (provinces.csv): Paestum is Magna Graecia's, loyalty 3; Corfinium
Magna Graecia's, loyalty 15; Brundisium Magna Graecia's, loyalty 5. The winter die is 8
(nothing happens, T5.6), so the check is the only thing that moves provinces.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.ledger.conquest import occupations
from assistant.ledger.events import (
    ArmyMoved,
    Event,
    TreasuryAdjusted,
    TreatyMade,
    TurnAdvanced,
    WarDeclared,
)
from assistant.ledger.map_war import sack_event
from assistant.ledger.record import winter_event
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME

QUIET = 8
"""T5.6: 8–10, nothing happens."""


def campaign(path: Path, **prestige: int) -> CampaignStore:
    scenario = load_scenario(
        "tarentine", prestige={name.replace("_", " "): pp for name, pp in prestige.items()}
    )
    return CampaignStore.create(path, scenario, rules=ONE_AT_A_TIME)


def to_winter(store: CampaignStore) -> None:
    """End turns until the winter (T5.1); the referee fills every treasury, so the upkeep
    (T6.2, before the check) disbands nobody."""
    while not store.state().is_winter:
        store.append(TurnAdvanced())
    for name, nation in store.state().nations.items():
        if nation.player:
            store.append(TreasuryAdjusted(nation=name, pe=500, note="a rich year"))


def winter(store: CampaignStore) -> str:
    return store.append(winter_event(store.state(), ScriptedDice([QUIET]))).summary


def march(store: CampaignStore, army: str, *route: str) -> None:
    """``army`` marches along ``route``, one province a turn (T7.3)."""
    for step, province in enumerate(route):
        if step:
            store.append(TurnAdvanced())
        store.append(ArmyMoved(army=army, to=province))


@pytest.fixture
def rome_in_paestum(tmp_path: Path) -> Iterator[CampaignStore]:
    """Rome I (4 PM) marches Roma → Capua → Neapolis → Paestum, turns 1–3."""
    with campaign(tmp_path / "c.castra") as store:
        march(store, "Rome I", "Capua", "Neapolis", "Paestum")
        yield store


@pytest.mark.parametrize(
    ("declared", "holder", "words"),
    [
        pytest.param(
            True,
            "Rome",
            "control check Paestum: Magna Graecia 3 v Rome 4, Rome takes it",
            id="T5.7-held-all-summer-at-war-conquered-4-v-3",
        ),
        pytest.param(False, "Magna Graecia", "", id="T5.7-T7.10-neither-no-check"),
    ],
)
def test_t5_7_a_province_held_through_the_summer_by_a_nation_at_war_is_checked(
    rome_in_paestum: CampaignStore, declared: bool, holder: str, words: str
) -> None:
    if declared:
        rome_in_paestum.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    to_winter(rome_in_paestum)
    summary = winter(rome_in_paestum)
    state = rome_in_paestum.state()
    assert state.control["Paestum"] == holder
    if words:
        assert words in summary
        assert state.loyalty("Paestum") == 0 and "Paestum" in state.loyalty_spent
        assert "Paestum" in state.ever_lost, "T4.3: no longer own since the start"
    else:
        assert "control check Paestum" not in summary
        assert state.loyalty("Paestum") == 3, "no check: the loyalty is whole"


def test_t5_7_the_controllers_army_standing_there_prevents_the_check(
    rome_in_paestum: CampaignStore,
) -> None:
    rome_in_paestum.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    # Pyrrhus, Magna Graecia's ally (T5.5), stands in Paestum too: it is not occupied.
    rome_in_paestum.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    assert [o.province for o in occupations(rome_in_paestum.state())] == ["Paestum"]
    rome_in_paestum.append(TurnAdvanced())
    rome_in_paestum.append(ArmyMoved(army="Pyrrhus I", to="Heraclea"))
    rome_in_paestum.append(TurnAdvanced())
    rome_in_paestum.append(ArmyMoved(army="Pyrrhus I", to="Paestum"))
    assert occupations(rome_in_paestum.state()) == []


@pytest.mark.parametrize(
    ("sacked", "holder", "words"),
    [
        pytest.param(
            True,
            "Rome",
            # Magna Graecia −3 PP for the city sacked (T4.2) + loyalty −10 = −13.
            "control check Brundisium: Magna Graecia -13 v Rome 1, Rome takes it",
            id="T5.3-T5.7-sacked-by-the-owners-ally-loyalty-minus-10",
        ),
        pytest.param(
            False,
            "Magna Graecia",
            "control check Brundisium: Magna Graecia 5 v Rome 1, Magna Graecia keeps it",
            id="T5.7-not-sacked-loyalty-5",
        ),
    ],
)
def test_t5_3_the_sacks_minus_10_counts_in_the_control_check(
    tmp_path: Path, sacked: bool, holder: str, words: str
) -> None:
    with campaign(tmp_path / "c.castra") as store:
        store.append(WarDeclared(nation="Rome", on="Magna Graecia"))
        if sacked:
            # Pyrrhus, of Magna Graecia's side, sacks the Greek city he stands in.
            store.append(sack_event(store.state(), "Brundisium", "Pyrrhus"))
        store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
        march(store, "Rome II", "Canova", "Brundisium")
        to_winter(store)
        summary = winter(store)
        assert words in summary
        assert store.state().control["Brundisium"] == holder


@pytest.mark.parametrize(
    ("rome_pp", "senones_pp", "rome_i", "holder", "words"),
    [
        pytest.param(
            10, 0, True, "Rome", "Magna Graecia 15 v Rome 16, Rome takes it",
            id="T5.5-more-pm-holds-coalition-pm-add-up",
        ),
        pytest.param(
            0, 14, False, "Senones", "Magna Graecia 15 v Senones 16, Senones takes it",
            id="T5.5-equal-pm-more-pp-holds",
        ),
        pytest.param(
            14, 0, False, "Rome", "Magna Graecia 15 v Rome 16, Rome takes it",
            id="T5.5-equal-pm-rome-more-pp",
        ),
        pytest.param(
            0, 0, False, "Magna Graecia", "Magna Graecia 15 v Rome 2, Magna Graecia keeps it",
            id="T5.7-coalition-too-weak",
        ),
    ],
)  # fmt: skip
def test_t5_5_a_coalition_occupying_together_chooses_by_pm_then_pp(
    tmp_path: Path, rome_pp: int, senones_pp: int, rome_i: bool, holder: str, words: str
) -> None:
    with campaign(tmp_path / "c.castra", Rome=rome_pp, Senones=senones_pp) as store:
        setup: list[Event] = [
            TreatyMade(parties=["Rome", "Senones"], terms="against the Greeks"),
            WarDeclared(nation="Rome", on="Magna Graecia"),
            WarDeclared(nation="Senones", on="Magna Graecia"),
            ArmyMoved(army="Magna Graecia III", to="Maleventum"),
            ArmyMoved(army="Rome II", to="Corfinium"),
        ]
        for event in setup:
            store.append(event)
        if rome_i:
            store.append(ArmyMoved(army="Rome I", to="Corfinium"))
        march(store, "Senones II", "Firnum Picenum", "Interamna", "Corfinium")
        (found,) = [o for o in occupations(store.state()) if o.province == "Corfinium"]
        assert found.coalition == (
            ["Senones", "Rome"] if holder == "Senones" else ["Rome", "Senones"]
        )
        to_winter(store)
        summary = winter(store)
        assert "control check Corfinium: " + words in summary
        assert store.state().control["Corfinium"] == holder


def test_t5_7_cli_control_lists_the_occupations_and_winter_refuses_typed_pm(
    rome_in_paestum: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    rome_in_paestum.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    path = str(rome_in_paestum.path)
    assert main(["campaign", "control", "--file", path, "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["occupied"]
    assert (entry["province"], entry["controller"], entry["occupier"]) == (
        "Paestum",
        "Magna Graecia",
        "Rome",
    )
    assert (entry["stationed_pm"], entry["loyalty"], entry["pm_to_keep"]) == (4, 3, 3)
    to_winter(rome_in_paestum)
    before = len(rome_in_paestum.events())
    code = main(["campaign", "winter", "--file", path, "--dice", "8", "--stationed", "Paestum:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "T7.8" in err
    assert len(rome_in_paestum.events()) == before
