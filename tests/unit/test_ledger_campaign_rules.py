"""The campaign by the rulebook on the Tarentine map (issue 23): a fallen city's survivors made
prisoners (T7.5), a beaten lander going back aboard and home (T4.3, T7.5, T3.7), the retreat
labels naming who holds each province. Refusals name the rule and write nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    ArmyMoved,
    ArmyRetreated,
    BattleRecorded,
    CityShutIn,
    ContingentResult,
    FleetSailed,
    ForcesAdjusted,
    ForceSplit,
    TurnAdvanced,
)
from assistant.ledger.forces import map_summary
from assistant.ledger.map_war import retreats
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from tests.battle_places import ONE_AT_A_TIME


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "rules.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        yield opened


def land_pm_at(store: CampaignStore, province: str) -> dict[str, int]:
    forces = map_summary(store.state()).provinces[province].forces
    return {nation: pm.land for nation, pm in forces.items() if pm.land}


# ---- T7.5: a city taken by assault takes its survivors prisoner ---------------------------


def rome_assaults_tarentum(store: CampaignStore, mg_lost: int) -> str:
    """Rome II before Tarentum (turn 2); inside Magna Graecia 3, the Senones' 1 in its pay
    and Pyrrhus 1; the assault is won and nothing typed about prisoners."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ForceSplit(force="Pyrrhus I", pm=1))
    store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(CityShutIn(province="Tarentum"))
    battle = BattleRecorded(
        place="Tarentum",
        resolution="manual",
        winner="a",
        city_assault=True,
        city_taken=True,
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=1),
            ContingentResult(side="b", nation="Magna Graecia", pm=3, pm_lost=mg_lost),
            ContingentResult(side="b", nation="Senones", pm=1),
            ContingentResult(side="b", nation="Pyrrhus", pm=1),
        ],
    )
    return store.append(battle).summary


@pytest.mark.parametrize(
    ("mg_lost", "prisoners"),
    [
        pytest.param(0, 5, id="T7.5-every-defender-left-is-a-prisoner"),
        pytest.param(1, 4, id="T7.5-the-lost-are-decimated-the-rest-prisoners"),
        pytest.param(3, 2, id="T7.5-magna-graecia-wiped-out-its-allies-taken"),
    ],
)
def test_t7_5_a_city_taken_by_assault_takes_its_survivors_prisoner_with_nothing_typed(
    store: CampaignStore, mg_lost: int, prisoners: int
) -> None:
    before = store.state()
    summary = rome_assaults_tarentum(store, mg_lost)
    state = store.state()
    assert f"{prisoners} PM left in Tarentum taken prisoner by Rome (T7.5)" in summary
    assert state.nations["Rome"].prisoners_held == prisoners
    assert land_pm_at(store, "Tarentum") == {"Rome": 1}, "nobody of the defence is left"
    assert state.nations["Magna Graecia"].decimated_pm == mg_lost
    lost = {
        "Magna Graecia": 3,
        "Senones": 1,
        "Pyrrhus": 1,
    }
    for nation, pm in lost.items():
        assert state.nations[nation].land_pm == before.nations[nation].land_pm - pm
    # The map and the nations' PM agree (T7.2): nothing left for sync to move.
    for nation in lost:
        on_map = sum(f.pm for f in state.forces.values() if f.nation == nation and f.kind == "army")
        assert on_map == state.nations[nation].land_pm


# ---- T4.3, T7.5, T3.7: a beaten lander goes back aboard and sails home ----------------------


def pyrrhus_lands_at_arpi_and_loses(store: CampaignStore) -> None:
    store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Arpi", carry=["Pyrrhus I"], land=True))
    store.append(
        BattleRecorded(
            place="Arpi",
            resolution="manual",
            winner="b",
            contingents=[
                ContingentResult(side="a", nation="Pyrrhus", pm=2, pm_lost=1),
                ContingentResult(side="b", nation="Rome", pm=1),
            ],
        )
    )


def test_t7_5_a_beaten_lander_goes_back_aboard_and_sails_home(store: CampaignStore) -> None:
    pyrrhus_lands_at_arpi_and_loses(store)
    (option,) = retreats(store.state(), "Pyrrhus I")
    assert (option.province, option.aboard, option.holder) == (
        "Brundisium",
        "Pyrrhus fleet I",
        "Magna Graecia",
    )
    assert option.holding == "neutral", "an ally's province (T4.3)"
    stored = store.append(ArmyRetreated(army="Pyrrhus I", to="Brundisium"))
    assert "went back aboard Pyrrhus fleet I at Arpi and sailed to Brundisium (T7.5)" in (
        stored.summary
    )
    forces = store.state().forces
    assert forces["Pyrrhus I"].province == forces["Pyrrhus fleet I"].province == "Brundisium"
    assert forces["Pyrrhus I"].aboard is None


def test_t7_5_a_lander_whose_fleet_is_gone_surrenders(store: CampaignStore) -> None:
    pyrrhus_lands_at_arpi_and_loses(store)
    store.append(ForcesAdjusted(nation="Pyrrhus", naval_pm=-2, note="fleet burnt on the beach"))
    assert retreats(store.state(), "Pyrrhus I") == []
    with pytest.raises(LedgerError, match="Brundisium"):
        store.append(ArmyRetreated(army="Pyrrhus I", to="Brundisium"))
    stored = store.append(ArmyRetreated(army="Pyrrhus I"))
    assert "surrendered at Arpi to Rome: prisoners (T4.3)" in stored.summary


def test_t4_3_retreat_labels_say_who_holds_each_province(store: CampaignStore) -> None:
    """Rome II, beaten at Arpi by Pyrrhus, falls back: Corfinium is Magna Graecia's."""
    store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Arpi", carry=["Pyrrhus I"], land=True))
    store.append(
        BattleRecorded(
            place="Arpi",
            resolution="manual",
            winner="a",
            contingents=[
                ContingentResult(side="a", nation="Pyrrhus", pm=2),
                ContingentResult(side="b", nation="Rome", pm=1),
            ],
        )
    )
    holders = {o.province: o.holder for o in retreats(store.state(), "Rome II")}
    assert holders == {"Corfinium": "Magna Graecia", "Canova": "Neutral", "Maleventum": "Neutral"}


# ---- T5.5, T6.2: the Senones at Tarentum are in Greek pay --------------------------------


def winter_with_treasuries(store: CampaignStore, **treasury: int) -> str:
    """To the winter (T5.1), each nation's treasury set as given (others left), die 8."""
    from assistant.ledger.events import TreasuryAdjusted
    from assistant.ledger.record import winter_event
    from converters.dice import ScriptedDice

    while not store.state().is_winter:
        store.append(TurnAdvanced())
    for name, pe in treasury.items():
        nation = name.replace("_", " ")
        has = store.state().nations[nation].treasury
        store.append(TreasuryAdjusted(nation=nation, pe=pe - has, note="set for the test"))
    return store.append(winter_event(store.state(), ScriptedDice([8]))).summary


@pytest.mark.parametrize(
    ("rule", "mg_pe", "senones_pe", "mg_paid", "senones_paid", "mercenaries_left"),
    [
        # Magna Graecia 5 land + 2 naval + the Senones' 1 in its pay = 8 × 12; the Senones
        # keep their own 2 PM (Mutina, Sena): 24.
        pytest.param("employer", 500, 500, 96, 24, 1, id="T5.5-employer-pays-the-mercenaries"),
        pytest.param("own", 500, 500, 84, 36, 1, id="T5.5-H-own-the-senones-pay-their-own"),
        # 90 PE pays its own 7 PM (84): the mercenaries are the first disbanded.
        pytest.param("employer", 90, 500, 84, 24, 0, id="T5.5-unpaid-mercenaries-disbanded-first"),
        # The Senones' own debt touches nothing of what Magna Graecia pays for.
        pytest.param("employer", 500, 0, 96, 0, 1, id="T5.5-senones-debt-spares-the-mercenaries"),
    ],
)  # fmt: skip
def test_t5_5_mercenaries_in_greek_pay_at_the_winter_upkeep(
    store: CampaignStore,
    rule: str,
    mg_pe: int,
    senones_pe: int,
    mg_paid: int,
    senones_paid: int,
    mercenaries_left: int,
) -> None:
    from assistant.ledger.events import RuleChanged

    if rule != "employer":
        store.append(RuleChanged(name="mercenary_upkeep", value=rule, reason="club vote"))
    assert store.state().upkeep("Magna Graecia") == (96 if rule == "employer" else 84)
    summary = winter_with_treasuries(store, Magna_Graecia=mg_pe, Senones=senones_pe)
    state = store.state()
    assert state.nations["Magna Graecia"].treasury == mg_pe - mg_paid, summary
    assert state.nations["Senones"].treasury == senones_pe - senones_paid, summary
    mercenaries = sum(f.pm for f in state.forces.values() if f.paid_by == "Magna Graecia")
    assert mercenaries == mercenaries_left
    senones_on_map = sum(f.pm for f in state.forces.values() if f.nation == "Senones")
    assert senones_on_map == state.nations["Senones"].land_pm


@pytest.mark.parametrize(("rule", "payer"), [("employer", "Magna Graecia"), ("own", "Senones")])
def test_t5_4_t5_5_the_employer_pays_the_mercenaries_siege_costs(
    store: CampaignStore, rule: str, payer: str
) -> None:
    from assistant.ledger.events import RuleChanged
    from assistant.ledger.map_war import siege_costs

    if rule != "employer":
        store.append(RuleChanged(name="mercenary_upkeep", value=rule, reason="club vote"))
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ForceSplit(force="Magna Graecia I", pm=1))
    store.append(ArmyMoved(army="Magna Graecia IV", to="Heraclea"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(CityShutIn(province="Tarentum"))
    costs = siege_costs(store.state())
    assert costs.get("Senones", 0) == (1 if payer == "Senones" else 0)
    assert costs["Magna Graecia"] == 2 + (1 if payer == "Magna Graecia" else 0)
