"""T5.6, T7.9: the winter events act on the map — provinces, forces, treasury and VP — and
twice where the rulebook says what a second time does (the coup at Messana, Pyrrhus back with
+5 PP); the Ligurian raiders are restored to 2 PM after each win and removed at their first
defeat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import Scenario, load_scenario
from assistant.ledger.events import BattleRecorded, ContingentResult, TurnAdvanced
from assistant.ledger.record import winter_event
from assistant.ledger.state import CampaignState
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME, tarentine_starting
from tests.unit.test_ledger_map_war import at, to_winter


def open_store(tmp_path: Path, scenario: Scenario) -> CampaignStore:
    return CampaignStore.create(tmp_path / "winter.castra", scenario, rules=ONE_AT_A_TIME)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with open_store(tmp_path, load_scenario("tarentine")) as opened:
        to_winter(opened)
        yield opened


def next_winter(store: CampaignStore) -> None:
    store.append(TurnAdvanced())
    while not store.state().is_winter:
        store.append(TurnAdvanced())


def vp_as_counted(state: CampaignState, nation: str) -> int:
    """T5.8: PE of the provinces controlled + PM + PP."""
    it = state.nations[nation]
    return state.controlled_value(nation) + it.land_pm + it.naval_pm + it.prestige


def test_t7_9_the_coup_takes_rhegium_then_messana_then_nothing(store: CampaignStore) -> None:
    rome_before = store.state().nations["Rome"].land_pm
    stored = store.append(winter_event(store.state(), ScriptedDice([4])))
    state = store.state()
    assert state.control["Rhegium"] == "Neutral", "Rhegium is a neutral state"
    assert at(store, "Rhegium") == {"Neutral": {"land": 2, "naval": 0}}
    assert state.nations["Rome"].land_pm == rome_before - 1, "Rome IV (1 PM) destroyed"
    assert "Rome IV" not in state.forces
    assert state.nations["Rome"].victory_points == vp_as_counted(state, "Rome")
    assert "Rhegium is a neutral state (T7.9)" in stored.summary
    # The second time at Messana: its neutral garrison (1 PM) destroyed, 2 PM hold it.
    next_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([4])))
    state = store.state()
    assert at(store, "Messana") == {"Neutral": {"land": 2, "naval": 0}}
    assert state.control["Messana"] == "Neutral"
    assert at(store, "Rhegium") == {"Neutral": {"land": 2, "naval": 0}}, "Rhegium stays"
    # A third time is nothing (T5.6): Messana and Rhegium as they were.
    next_winter(store)
    third = store.append(winter_event(store.state(), ScriptedDice([4])))
    assert "has happened twice: nothing" in third.summary
    assert at(store, "Messana") == {"Neutral": {"land": 2, "naval": 0}}


def test_t7_9_the_coup_is_ignored_where_more_than_2_pm_stand(tmp_path: Path) -> None:
    # Rome IV (1 PM) and 3 PM more: 4 PM stand at Rhegium.
    with open_store(tmp_path, tarentine_starting(("Rome", "Rhegium", 3))) as store:
        to_winter(store)
        stored = store.append(winter_event(store.state(), ScriptedDice([4])))
        state = store.state()
        assert state.control["Rhegium"] == "Rome"
        assert at(store, "Rhegium") == {"Rome": {"land": 4, "naval": 0}}
        assert "coup at Rhegium ignored: 4 PM stand there (T7.9)" in stored.summary


def test_t7_9_ptolemy_sends_2_pm_each_time_to_tarentum(store: CampaignStore) -> None:
    for times in (1, 2):
        before = store.state().nations["Pyrrhus"].land_pm
        store.append(winter_event(store.state(), ScriptedDice([3])))
        state = store.state()
        assert state.nations["Pyrrhus"].land_pm == before + 2
        assert at(store, "Tarentum")["Pyrrhus"] == {"land": 2 * times, "naval": 0}
        assert state.nations["Pyrrhus"].victory_points == vp_as_counted(state, "Pyrrhus")
        next_winter(store)


def test_t7_9_the_storm_strikes_the_most_naval_pm_each_time(store: CampaignStore) -> None:
    naval = {n: x.naval_pm for n, x in store.state().nations.items()}
    store.append(winter_event(store.state(), ScriptedDice([7])))
    assert store.state().nations["Carthage"].naval_pm == naval["Carthage"] - 2
    next_winter(store)
    # Carthage (2 left) now ties Rome and Magna Graecia (2 each): the referee names one.
    store.append(winter_event(store.state(), ScriptedDice([7]), storm_nation="Rome"))
    state = store.state()
    assert state.nations["Rome"].naval_pm == naval["Rome"] - 2
    assert "Rome fleet I" not in state.forces


def test_t7_9_the_senones_annex_a_second_cisalpine_province(store: CampaignStore) -> None:
    store.append(winter_event(store.state(), ScriptedDice([6]), annex="Boii"))
    next_winter(store)
    store.append(winter_event(store.state(), ScriptedDice([6]), annex="Verona"))
    state = store.state()
    assert (state.control["Boii"], state.control["Verona"]) == ("Senones", "Senones")
    assert state.nations["Senones"].victory_points == vp_as_counted(state, "Senones")


def ligurian_battle(winner: str, neutral_lost: int, etruscans_lost: int) -> BattleRecorded:
    neutral = 2
    return BattleRecorded(
        place="Ligures (est)",
        resolution="manual",
        winner=winner,
        contingents=[
            ContingentResult(side="a", nation="Neutral", pm=neutral, pm_lost=neutral_lost),
            ContingentResult(side="b", nation="Etruscans", pm=1, pm_lost=etruscans_lost),
        ],
    )


def test_t7_9_the_ligurians_are_restored_after_each_win_and_gone_at_their_first_defeat(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path, tarentine_starting(("Etruscans", "Ligures (est)", 2))) as store:
        to_winter(store)
        store.append(winter_event(store.state(), ScriptedDice([5])))
        raiders = store.state().ligurians
        assert raiders is not None and store.state().forces[raiders].pm == 2
        store.append(TurnAdvanced())
        # A win, losing 1 PM: back to 2 PM (T7.9).
        won = store.append(ligurian_battle("a", neutral_lost=1, etruscans_lost=0))
        assert store.state().forces[raiders].pm == 2
        assert f"the Ligurians won: {raiders} back to 2 PM (T7.9)" in won.summary
        store.append(TurnAdvanced())
        again = store.append(ligurian_battle("a", neutral_lost=1, etruscans_lost=1))
        assert store.state().forces[raiders].pm == 2, "after each win"
        assert "back to 2 PM" in again.summary
        neutral_before = store.state().nations["Neutral"].land_pm
        store.append(TurnAdvanced())
        # Their first defeat: every Ligurian PM leaves the map.
        lost = store.append(ligurian_battle("b", neutral_lost=1, etruscans_lost=0))
        state = store.state()
        assert raiders not in state.forces and state.ligurians is None
        assert at(store, "Ligures (est)") == {"Etruscans": {"land": 1, "naval": 0}}
        assert state.nations["Neutral"].land_pm == neutral_before - 2
        assert f"the Ligurians are beaten: {raiders} leaves the map (T7.9)" in lost.summary
