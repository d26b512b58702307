"""The ledger keeps Macedon vs Persia on the map (D9–D14): moves, actions, loyalty, supply and
the armies' journals; every refusal one line naming the rule, nothing written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger import CampaignStore, dba_map
from assistant.ledger.events import (
    ArmyMobilised,
    BattleRecorded,
    DbaMoved,
    Event,
    LoyaltyChanged,
    SpecialActionOrdered,
    TurnAdvanced,
)
from assistant.ledger.record import dba_campaign_battle
from assistant.ledger.state import CampaignState, LedgerError
from converters.dba_campaign import status
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "m.castra", load_scenario("macedon"), rules=ONE_AT_A_TIME
    ) as opened:
        yield opened


def refused(store: CampaignStore, event: Event, rule: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    message = str(caught.value)
    assert message.startswith(rule) and "\n" not in message, message
    assert len(store.events()) == before, "nothing written"


def where(store: CampaignStore, army: str) -> str | None:
    board = store.state().dba_map
    assert board is not None
    return board.armies[army].province


def test_d9_armies_start_on_the_map_within_what_provinces_feed(store: CampaignStore) -> None:
    board = store.state().dba_map
    assert board is not None
    assert where(store, "Alexander") == "Macedonia" and where(store, "Darius") == "Babylonia"
    assert len(board.armies) == 16
    assert board.provinces["Lydia"].loyalty == {"Persia": 3, "Macedon": 2}


@pytest.mark.parametrize(
    ("event", "rule"),
    [
        (DbaMoved(army="Alexander", move="redeploy", to="Lydia"), "D10"),
        (DbaMoved(army="Macedon 4", move="redeploy", to="Hellespontine Phrygia"), "D10"),
        # D5: morale 3 may force-march from Hellas (loyalty 2); Macedonia is full (D7).
        (DbaMoved(army="Macedon 8", move="forced-march", via="Thessaly", to="Macedonia"), "D7"),
        (DbaMoved(army="Macedon 6", move="redeploy", to="Macedonia"), "D7"),
        (DbaMoved(army="Persia 2", move="redeploy", to="Thrace"), "D10"),
        (SpecialActionOrdered(army="Alexander", action="break-off"), "D11"),
        (ArmyMobilised(side="Persia", province="Thrace", army="Levy"), "D11"),
        (LoyaltyChanged(province="Thrace", side="Macedon", by=1), "note:"),
        (
            LoyaltyChanged(province="Macedonia", side="Macedon", by=-1, roll=True, note="roll 1"),
            "D12",
        ),
        (DbaMoved(army="Nobody", move="redeploy", to="Thrace"), "army:"),
    ],
)
def test_illegal_moves_refused_naming_the_rule(
    store: CampaignStore, event: Event, rule: str
) -> None:
    refused(store, event, rule)


def test_d10_d13_an_invasion_cut_off_dies_after_a_season_in_its_journal(
    store: CampaignStore,
) -> None:
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    # The two satraps stand there: a battle is due; they decline it and fall back.
    store.append(DbaMoved(army="Persia 2", move="retreat", to="Greater Phrygia"))
    store.append(DbaMoved(army="Persia 3", move="retreat", to="Paphlagonia"))
    state = store.state()
    assert state.dba_map is not None
    assert state.dba_map.provinces["Hellespontine Phrygia"].controller == "Macedon"
    assert state.armies["Persia 2"].morale == 2
    assert "D5" in state.armies["Persia 2"].journal[-1].reason
    store.append(TurnAdvanced())
    # Macedon 4 holds Hellespontine Phrygia at loyalty 1, next to Thrace: supplied.
    assert store.state().dba_map.armies["Macedon 4"].cut_off_since is None  # type: ignore[union-attr]
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Lydia"))
    store.append(DbaMoved(army="Persia 4", move="retreat", to="Caria"))
    store.append(
        LoyaltyChanged(province="Hellespontine Phrygia", side="Macedon", by=-1, note="roll 2")
    )
    store.append(TurnAdvanced())
    army = store.state().armies["Macedon 4"]
    assert "cut off" in army.journal[-1].reason and army.alive
    for _ in range(3):
        store.append(TurnAdvanced())
    army = store.state().armies["Macedon 4"]
    assert not army.alive and "dies cut off" in army.journal[-1].reason


def test_d11_d12_mobilisation_devastates_and_six_turns_later_the_province_is_rebel(
    store: CampaignStore,
) -> None:
    store.append(ArmyMobilised(side="Macedon", province="Hellas", army="Hellenic levy"))
    state = store.state()
    assert state.dba_map is not None and status(state.dba_map, "Hellas") == "devastated"
    for _ in range(3):
        store.append(TurnAdvanced())
    assert not store.state().armies["Hellenic levy"].alive
    for _ in range(3):
        store.append(TurnAdvanced())
    state = store.state()
    assert state.dba_map is not None
    assert status(state.dba_map, "Hellas") == "rebel"  # Macedon 8 still stands there


def test_d11_works_recorded_and_replayed(store: CampaignStore) -> None:
    store.append(SpecialActionOrdered(army="Macedon 4", action="works"))
    refused(store, DbaMoved(army="Macedon 4", move="redeploy", to="Macedonia"), "D11")
    for _ in range(3):
        store.append(TurnAdvanced())
    state = store.state()
    assert state.dba_map is not None
    assert state.dba_map.provinces["Thrace"].loyalty["Macedon"] == 6


def battle(state: CampaignState, place: str, a: str, b: str, winner: str) -> BattleRecorded:
    """An ordinary defeat (two elements lost by the loser, one by the winner): no die (D3)."""
    return dba_campaign_battle(
        state,
        place=place,
        army_a=a,
        army_b=b,
        winner=winner,  # type: ignore[arg-type]
        lost_a=1 if winner == "a" else 2,
        lost_b=2 if winner == "a" else 1,
        dice=ScriptedDice([]),
    )


@pytest.mark.parametrize(
    ("winner", "moved", "province", "holder"),
    [
        ("a", "Persia 2", "Greater Phrygia", "Macedon"),  # D2: the beaten defender retreats
        ("b", "Macedon 4", "Thrace", "Persia"),  # D2: the beaten attacker falls back
    ],
)
def test_d2_a_recorded_battle_moves_the_armies(
    store: CampaignStore, winner: str, moved: str, province: str, holder: str
) -> None:
    store.append(DbaMoved(army="Persia 3", move="redeploy", to="Paphlagonia"))
    store.append(TurnAdvanced())
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    state = store.state()
    event = battle(state, "Hellespontine Phrygia", "Macedon 4", "Persia 2", winner)
    said = store.append(event).summary
    assert f"{moved} " in said and province in said
    assert where(store, moved) == province
    board = store.state().dba_map
    assert board is not None and board.provinces["Hellespontine Phrygia"].controller == holder


def test_story_of_a_campaign_season(store: CampaignStore) -> None:
    """Issue 16's "done means": a landing of 3 + n turns, an invasion of an empty province,
    works completed and broken off, a mobilisation whose province turns rebel six turns
    later, an army cut off that dies after a season, and a D8 pairing."""

    def advance(times: int = 1) -> None:
        for _ in range(times):
            store.append(TurnAdvanced())

    # Turn 1, Macedon first (D6): Persia holds all three key ports, so the landing takes 6.
    store.append(DbaMoved(army="Macedon 5", move="landing", to="Caria"))
    assert store.state().dba_map.armies["Macedon 5"].lands_on == 7  # type: ignore[union-attr]
    store.append(SpecialActionOrdered(army="Macedon 6", action="works"))
    store.append(SpecialActionOrdered(army="Macedon 7", action="works"))
    store.append(ArmyMobilised(side="Macedon", province="Hellas", army="Hellenic levy"))
    store.append(DbaMoved(army="Persia 2", move="redeploy", to="Greater Phrygia"))
    store.append(DbaMoved(army="Persia 3", move="redeploy", to="Paphlagonia"))
    refused(store, DbaMoved(army="Macedon 4", move="redeploy", to="Macedonia"), "D10: Macedon")
    advance()
    # Turn 2: the satraps have left the Granicus: the invasion takes it without battle.
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    store.append(SpecialActionOrdered(army="Macedon 7", action="break-off"))
    store.append(DbaMoved(army="Persia 4", move="redeploy", to="Caria"))
    state = store.state()
    assert state.dba_map is not None
    assert state.dba_map.provinces["Hellespontine Phrygia"].controller == "Macedon"
    advance()
    # Turn 3: the Thracian chiefs rise (D14); Thrace turns rebel and, empty, is lost.
    store.append(
        LoyaltyChanged(province="Thrace", side="Macedon", by=-4, note="Thracian chiefs rise")
    )
    advance()
    state = store.state()
    assert state.dba_map is not None
    thessaly = state.dba_map.provinces["Thessaly"]
    assert thessaly.loyalty["Macedon"] == 6, "Macedon 6's works done; Macedon 7's forfeit"
    assert state.dba_map.provinces["Thrace"].controller is None
    assert not state.armies["Hellenic levy"].alive
    cut_off = state.armies["Macedon 4"]
    assert "cut off" in cut_off.journal[-1].reason and "turn 7" in cut_off.journal[-1].reason
    advance(2)
    assert status(store.state().dba_map, "Hellas") == "devastated"  # type: ignore[arg-type]
    advance()
    # Turn 7: a season after being cut off Macedon 4 dies; Hellas has recovered into revolt;
    # the landing arrives on Caria, where two Persian armies stand: D8 pairs the games.
    state = store.state()
    assert state.dba_map is not None
    assert not state.armies["Macedon 4"].alive
    assert "dies cut off" in state.armies["Macedon 4"].journal[-1].reason
    assert status(state.dba_map, "Hellas") == "rebel"
    assert state.dba_map.armies["Macedon 5"].province == "Caria"
    found = dba_map.pairing(state, "Caria", None)
    assert found.pairs == [("Macedon 5", "Persia 4")] and found.queue == ["Persia 5"]
    # D2, D8: Macedon 5 beats Persia 4, which retreats (Greater Phrygia: Persia's loyalty 4
    # beats Lydia's and Lycia's 3); Persia 5 still holds Caria, so it does not pass yet. The
    # winner fights the next, loses, and with the sea at its back (D10) ceases to exist.
    store.append(battle(state, "Caria", "Macedon 5", "Persia 4", "a"))
    state = store.state()
    assert state.dba_map is not None
    assert state.dba_map.armies["Persia 4"].province == "Greater Phrygia"
    assert state.dba_map.provinces["Caria"].controller == "Persia"
    store.append(battle(state, "Caria", "Macedon 5", "Persia 5", "b"))
    state = store.state()
    assert not state.armies["Macedon 5"].alive
    assert "nowhere to retreat" in state.armies["Macedon 5"].journal[-1].reason
    assert state.dba_map is not None and state.dba_map.armies["Persia 5"].province == "Caria"
