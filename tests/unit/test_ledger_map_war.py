"""War on the map in the ledger: sieges (T7.6, T5.4), sacks (T5.3, T4.2), treaties (T7.10),
retreats (T4.3, T7.5), a city taken by assault (T7.5), the winter's events on the map and the
Senones' provinces (T7.9). Refusals name the rule and write nothing."""

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
    Event,
    ForceSplit,
    PrestigeAdjusted,
    SiegeLifted,
    TreasuryAdjusted,
    TreatyBroken,
    TreatyMade,
    TurnAdvanced,
)
from assistant.ledger.forces import map_summary, tribute_now
from assistant.ledger.map_war import retreats, sack_event, siege_costs
from assistant.ledger.record import winter_event
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "war.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        yield opened


def refused(store: CampaignStore, event: Event, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)
    assert len(store.events()) == before


def at(store: CampaignStore, province: str) -> dict[str, dict[str, int]]:
    forces = map_summary(store.state()).provinces[province].forces
    return {nation: pm.to_json() for nation, pm in forces.items()}


def rome_at_tarentum(store: CampaignStore) -> None:
    """Turn 1: Pyrrhus I into Tarentum, Rome II to Canova; turn 2: Rome II before Tarentum."""
    store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))


def test_t7_6_a_city_holds_at_most_its_value_in_pm(store: CampaignStore) -> None:
    rome_at_tarentum(store)
    # Inside: Magna Graecia 3, the Senones' 1 in its pay, Pyrrhus 2 = 6 > Tarentum's 5 PE.
    refused(store, CityShutIn(province="Tarentum"), "at most 5 PM", "6 PM", "T7.6")
    store.append(ForceSplit(force="Pyrrhus I", pm=1))
    store.append(ArmyMoved(army="Pyrrhus II", to="Heraclea"))
    stored = store.append(CityShutIn(province="Tarentum"))
    assert "shut in by Magna Graecia (5 PM inside) against Rome II" in stored.summary
    state = store.state()
    assert "Tarentum" not in tribute_now(state).of("Magna Graecia"), "T5.4 besieged: nobody"
    # T5.4: 1 PE per PM per turn, both sides; Magna Graecia pays for its mercenaries too.
    assert siege_costs(state) == {"Magna Graecia": 4, "Pyrrhus": 1, "Rome": 1}


@pytest.mark.parametrize(
    ("event", "words"),
    [
        pytest.param(CityShutIn(province="Canova"), ("no city", "T7.6"), id="T7.6-only-cities"),
        pytest.param(CityShutIn(province="Croton"), ("no enemy army",), id="T7.6-no-besieger"),
        pytest.param(SiegeLifted(province="Croton"), ("not besieged",), id="T7.6-lift-what"),
        pytest.param(TreatyBroken(treaty=1, nation="Rome"), ("treaty:",), id="T7.10-no-treaty"),
        pytest.param(
            TreatyMade(parties=["Rome", "Rome"], terms="x"), ("each nation signs once",),
            id="T7.10-parties",
        ),
        pytest.param(
            TreatyMade(parties=["Rome", "Carthage"], terms="x", pp=3), ("pp:", "T4.2"),
            id="T4.2-pp-only-for-an-imposed-peace",
        ),
        pytest.param(
            ArmyRetreated(army="Rome I", to=None), ("may still retreat",),
            id="T4.3-no-early-surrender",
        ),
    ],
)  # fmt: skip
def test_war_orders_the_rules_forbid_are_refused(
    store: CampaignStore, event: Event, words: tuple[str, ...]
) -> None:
    refused(store, event, *words)


def test_t7_5_a_city_taken_by_assault_changes_hands_with_its_prestige_and_prisoners(
    store: CampaignStore,
) -> None:
    rome_at_tarentum(store)
    store.append(ForceSplit(force="Pyrrhus I", pm=1))
    store.append(ArmyMoved(army="Pyrrhus II", to="Heraclea"))
    store.append(CityShutIn(province="Tarentum"))
    battle = BattleRecorded(
        place="Tarentum",
        resolution="manual",
        winner="a",
        city_assault=True,
        city_taken=True,
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=1),
            ContingentResult(side="b", nation="Magna Graecia", pm=3, prisoners=3),
            ContingentResult(side="b", nation="Senones", pm=1, prisoners=1),
            ContingentResult(side="b", nation="Pyrrhus", pm=1, prisoners=1),
        ],
    )
    stored = store.append(battle)
    assert "Tarentum taken by Rome: Rome +3, Magna Graecia -3 PP" in stored.summary
    state = store.state()
    assert state.control["Tarentum"] == "Rome"
    assert state.besieged == [], "the siege ends with the city"
    assert (state.nations["Rome"].prestige, state.nations["Magna Graecia"].prestige) == (3, -3)
    assert state.nations["Rome"].prisoners_held == 5
    assert at(store, "Tarentum") == {
        "Rome": {"land": 1, "naval": 0},
        "Magna Graecia": {"land": 0, "naval": 2},
    }


def test_t7_5_only_side_a_winning_an_assault_takes_a_city(store: CampaignStore) -> None:
    battle = BattleRecorded(
        place="Canova",
        resolution="manual",
        winner="a",
        city_taken=True,
        city_assault=True,
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=1),
            ContingentResult(side="b", nation="Pyrrhus", pm=1),
        ],
    )
    refused(store, battle, "city_taken: Canova is no city")


def test_t5_3_sacking_pays_three_times_and_the_province_pays_nothing_after(
    store: CampaignStore,
) -> None:
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    event = sack_event(store.state(), "Canova", "Rome")
    assert event.pe == 6, "T5.3: 3 × Canova's 2 PE"
    stored = store.append(event)
    assert "Rome sacked Canova: +6 PE" in stored.summary
    state = store.state()
    assert state.nations["Rome"].treasury == 16 + 6
    assert state.sacked == ["Canova"] and state.sacked_by == {"Canova": ["Rome"]}
    assert not any(p.name == "Canova" and p.pe for p in tribute_now(state).provinces)
    with pytest.raises(LedgerError, match="already sacked"):
        sack_event(state, "Canova", "Rome")
    with pytest.raises(LedgerError, match="no army of Carthage"):
        sack_event(state, "Roma", "Carthage")
    with pytest.raises(LedgerError, match="held from the start"):
        sack_event(state, "Roma", "Rome")


def test_t7_10_a_treaty_made_then_broken_costs_5_pp(store: CampaignStore) -> None:
    stored = store.append(
        TreatyMade(parties=["Rome", "Carthage"], terms="mutual help against Pyrrhus")
    )
    assert stored.summary.startswith("treaty 1 (alliance): Rome, Carthage")
    # Allied now: Rome's army in Carthaginian Panormus would not be an enemy there.
    from assistant.ledger.forces import alliances

    assert ["Rome", "Carthage"] in alliances(store.state())
    refused(store, TreatyBroken(treaty=1, nation="Syracuse"), "only a party")
    store.append(TreatyBroken(treaty=1, nation="Rome"))
    state = store.state()
    assert state.nations["Rome"].prestige == -5
    assert ["Rome", "Carthage"] not in alliances(state)
    refused(store, TreatyBroken(treaty=1, nation="Carthage"), "already broken")


def test_t4_2_an_imposed_peace_moves_its_prestige(store: CampaignStore) -> None:
    store.append(
        TreatyMade(
            parties=["Rome", "Etruscans"], terms="Etruria pays", alliance=False,
            imposed_by="Rome", pp=3,
        )
    )  # fmt: skip
    nations = store.state().nations
    assert (nations["Rome"].prestige, nations["Etruscans"].prestige) == (3, -3)


def test_t4_3_retreats_offered_in_the_seeds_order(store: CampaignStore) -> None:
    store.append(ArmyMoved(army="Magna Graecia II", to="Rhegium"))
    # Rome IV defends Rhegium: its road neighbours are Croton and Ipponio, both Greek (enemy)
    # and now empty: offered in the board's order.
    assert [o.province for o in retreats(store.state(), "Rome IV")] == ["Croton", "Ipponio"]
    # Magna Graecia II attacked from Croton: it may only go back there (T4.3).
    assert [o.province for o in retreats(store.state(), "Magna Graecia II")] == ["Croton"]
    refused(store, ArmyRetreated(army="Rome IV", to="Roma"), "Croton, Ipponio", "T4.3")
    stored = store.append(ArmyRetreated(army="Rome IV", to="Ipponio"))
    assert stored.summary == "Rome IV retreated from Rhegium to Ipponio"


def to_winter(store: CampaignStore) -> None:
    # Every PM paid; Rome the richest, so no treasury's strategic victory (T5.8) ends it.
    for nation in store.state().scenario.nations:
        pe = 5000 if nation == "Rome" else 500
        store.append(TreasuryAdjusted(nation=nation, pe=pe, note="keep every PM paid"))
    while not store.state().is_winter:
        store.append(TurnAdvanced())


def test_t7_9_ptolemys_pm_appear_at_tarentum(store: CampaignStore) -> None:
    to_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([3])))
    assert at(store, "Tarentum")["Pyrrhus"] == {"land": 2, "naval": 0}


def test_t7_9_pyrrhus_leaves_the_map_and_returns_at_tarentum_with_5_pp(
    store: CampaignStore,
) -> None:
    to_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([1])))
    state = store.state()
    assert "Pyrrhus" not in at(store, "Brundisium")
    assert (
        tribute_now(state)
        .provinces[[p.name for p in state.scenario.provinces].index("Brundisium")]
        .pe
        == 2
    )
    store.append(TurnAdvanced())
    refused(store, ArmyMoved(army="Pyrrhus I", to="Canova"), "away in Greece", "T7.9")
    for _ in range(12):
        store.append(TurnAdvanced())
    assert store.state().is_winter
    upkeep_before = store.state().nations["Pyrrhus"].treasury
    store.append(winter_event(store.state(), ScriptedDice([2])))
    state = store.state()
    assert state.nations["Pyrrhus"].treasury == upkeep_before, "no upkeep while away (T7.9)"
    assert state.nations["Pyrrhus"].prestige == 5
    assert at(store, "Tarentum")["Pyrrhus"] == {"land": 2, "naval": 2}


def test_t7_9_the_coup_at_rhegium_destroys_the_pm_there(store: CampaignStore) -> None:
    to_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([4])))
    state = store.state()
    assert state.control["Rhegium"] == "Neutral"
    assert at(store, "Rhegium") == {"Neutral": {"land": 2, "naval": 0}}
    assert state.nations["Rome"].land_pm == 6, "Rome IV (1 PM) destroyed"


def test_t7_9_ligurian_raiders_appear_on_the_ligurian_coast(store: CampaignStore) -> None:
    to_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([5])))
    assert at(store, "Ligures (est)") == {"Neutral": {"land": 2, "naval": 0}}


def test_t7_9_the_senones_annex_a_cisalpine_province_of_their_choice(
    store: CampaignStore,
) -> None:
    to_winter(store)
    with pytest.raises(LedgerError, match="annex: the Senones annex one Cisalpine province"):
        store.append(winter_event(store.state(), ScriptedDice([6])))
    refused(store, winter_event(store.state(), ScriptedDice([6]), annex="Roma"), "Boii")
    store.append(winter_event(store.state(), ScriptedDice([6]), annex="Boii"))
    assert store.state().control["Boii"] == "Senones"


def test_t7_9_senones_provinces_pass_at_their_pp_thresholds(store: CampaignStore) -> None:
    stored = store.append(PrestigeAdjusted(nation="Senones", pp=10, note="Rome sacked"))
    assert "Insubres becomes Gallic" in stored.summary
    control = store.state().control
    assert (control["Insubres"], control["Boii"], control["Taurini"]) == (
        "Senones",
        "Senones",
        "Neutral",
    )
    store.append(PrestigeAdjusted(nation="Senones", pp=5, note="more"))
    assert store.state().control["Taurini"] == "Senones"


@pytest.mark.parametrize(
    ("senones_city", "greek_pp"),
    [("no_change", 0), ("owner_loses", -3)],
)
def test_t4_2_the_senones_taking_a_city_on_the_map_follow_the_house_rule(
    tmp_path: Path, senones_city: str, greek_pp: int
) -> None:
    """T4.2 house rule ``senones_city``: the map's city-taken award (T7.5) consults it too —
    by default nobody's prestige moves; ``owner_loses`` costs the city's owner 3 PP."""
    from converters.house_rules import HouseRules

    rules = HouseRules.model_validate({"senones_city": senones_city, "orders": "immediate"})
    with CampaignStore.create(
        tmp_path / "senones.castra", load_scenario("tarentine"), rules=rules
    ) as opened:
        opened.append(
            BattleRecorded(
                place="Tarentum",
                resolution="manual",
                winner="a",
                city_assault=True,
                city_taken=True,
                contingents=[
                    ContingentResult(side="a", nation="Senones", pm=1),
                    ContingentResult(side="b", nation="Magna Graecia", pm=1, prisoners=1),
                ],
            )
        )
        state = opened.state()
    assert state.control["Tarentum"] == "Senones"
    assert state.nations["Senones"].prestige == 0
    assert state.nations["Magna Graecia"].prestige == greek_pp
