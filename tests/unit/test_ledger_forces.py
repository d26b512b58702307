"""T7.2–T7.5: the ledger knows where every army and fleet stands; map orders the rules forbid
are refused with one line naming the rule, and nothing is written."""

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
    ForceRenamed,
    ForcesMerged,
    ForceSplit,
    RecruitmentOrdered,
    TroopsLanded,
    TurnAdvanced,
)
from assistant.ledger.state import CampaignState, LedgerError
from assistant.ledger.store import CampaignStore
from tests.battle_places import ONE_AT_A_TIME


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "map.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        yield opened


def where(state: CampaignState) -> dict[str, tuple[str, int]]:
    return {f.name: (f.province, f.pm) for f in state.forces.values()}


def refused(store: CampaignStore, event: Event, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert len(store.events()) == before, "nothing written"


def test_t7_2_start_table_placed_in_named_armies_and_fleets(store: CampaignStore) -> None:
    state = store.state()
    for nation in state.nations.values():
        armies = [f for f in state.forces.values() if f.nation == nation.name and f.kind == "army"]
        fleets = [f for f in state.forces.values() if f.nation == nation.name and f.kind == "fleet"]
        assert sum(f.pm for f in armies) == nation.land_pm, nation.name
        assert sum(f.pm for f in fleets) == nation.naval_pm, nation.name
    placed = where(state)
    assert placed["Rome I"] == ("Roma", 4)
    assert placed["Rome fleet I"] == ("Roma", 2)
    assert placed["Rome II"] == ("Arpi", 1)
    assert placed["Neutral I"] == ("Messana", 1), "Messana's neutral garrison"
    assert state.forces["Senones III"].paid_by == "Magna Graecia", "T5.5 mercenaries"


def test_t7_3_an_army_marches_one_province_a_turn_by_road(store: CampaignStore) -> None:
    stored = store.append(ArmyMoved(army="Rome I", to="Capua"))
    assert "Roma to Capua" in stored.summary
    assert where(store.state())["Rome I"] == ("Capua", 4)
    refused(store, ArmyMoved(army="Rome I", to="Neapolis"), "already moved", "T7.3")
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome I", to="Maleventum"))
    assert "mountain road (T3.2)" in store.history()[-1].summary


@pytest.mark.parametrize(
    ("event", "words"),
    [
        pytest.param(
            ArmyMoved(army="Rome I", to="Neapolis"),
            ("no road joins Roma and Neapolis", "Capua"),
            id="T7.3-neighbour-by-road-only",
        ),
        pytest.param(
            ArmyMoved(army="Rome IV", to="Messana"),
            ("no road", "T7.3"),
            id="T7.3-no-road-across-the-strait",
        ),
        pytest.param(
            ArmyMoved(army="Rome fleet I", to="Capua"),
            ("army:", "fleet"),
            id="T7.3-a-fleet-does-not-march",
        ),
        pytest.param(
            ArmyMoved(army="Rome IX", to="Capua"), ("army:", "Rome IX"), id="unknown-army"
        ),
        pytest.param(
            ArmyMoved(army="Rome I", to="Atlantis"), ("to:", "Atlantis"), id="unknown-province"
        ),
        pytest.param(
            FleetSailed(fleet="Rome fleet I", to="Falerii"),
            ("no sea route", "T7.3"),
            id="T7.3-fleets-only-in-maritime-provinces",
        ),
        pytest.param(
            FleetSailed(fleet="Rome fleet I", to="Neapolis", via=["Aleria"]),
            ("no sea stretch or crossing joins Roma and Aleria",),
            id="T7.3-open-sea-only-by-crossing",
        ),
        pytest.param(
            FleetSailed(fleet="Rome fleet I", to="Arpi"),
            ("sea stretches", "at most 8", "T3.7"),
            id="T3.7-at-most-8-stretches",
        ),
        pytest.param(
            FleetSailed(fleet="Rome fleet I", to="Capua", carry=["Rome I"]),
            ("4 land PM need 4 naval PM", "has 2"),
            id="T7.3-one-naval-pm-per-land-pm",
        ),
        pytest.param(
            FleetSailed(fleet="Rome fleet I", to="Capua", carry=["Rome II"]),
            ("stands in Arpi",),
            id="T7.3-troops-start-with-the-fleet",
        ),
        pytest.param(
            FleetSailed(fleet="Carthage fleet I", to="Utica", carry=["Carthage I"], land=True),
            ("only Pyrrhus may land at Utica", "T7.3"),
            id="T7.3-african-coast-only-pyrrhus",
        ),
        pytest.param(
            ForceSplit(force="Rome II", pm=1), ("pm:", "1 to 0"), id="T7.2-split-keeps-one"
        ),
        pytest.param(
            ForcesMerged(force="Rome II", into="Rome III"),
            ("must be two armies of Rome in one province",),
            id="T7.2-merge-in-one-province",
        ),
        pytest.param(
            ForceRenamed(force="Rome I", name="Rome II"), ("already taken",), id="T7.2-names-unique"
        ),
    ],
)
def test_map_orders_the_rules_forbid_are_refused(
    store: CampaignStore, event: Event, words: tuple[str, ...]
) -> None:
    refused(store, event, *words)


def test_t7_3_troops_sail_with_their_fleet_and_landing_ends_its_move(store: CampaignStore) -> None:
    store.append(ForceSplit(force="Rome I", pm=2))
    assert where(store.state())["Rome V"] == ("Roma", 2)
    refused(
        store,
        FleetSailed(fleet="Rome fleet I", to="Capua", carry=["Rome I", "Rome V"]),
        "4 land PM need 4 naval PM",
    )
    store.append(FleetSailed(fleet="Rome fleet I", to="Neapolis", carry=["Rome V"], land=True))
    state = store.state()
    assert where(state)["Rome V"] == ("Neapolis", 2)
    assert where(state)["Rome fleet I"] == ("Neapolis", 2)
    assert state.forces["Rome V"].aboard is None
    refused(store, FleetSailed(fleet="Rome fleet I", to="Capua"), "already moved")
    refused(store, ArmyMoved(army="Rome V", to="Capua"), "already moved")


def test_t7_3_an_army_that_marched_cannot_embark_the_same_turn(store: CampaignStore) -> None:
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    refused(
        store,
        FleetSailed(fleet="Magna Graecia fleet I", to="Croton", carry=["Pyrrhus I"]),
        "moved this turn",
        "start the turn with the fleet",
    )


def test_t7_3_troops_aboard_land_next_turn_where_the_fleet_is(store: CampaignStore) -> None:
    store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Tarentum", carry=["Pyrrhus I"]))
    state = store.state()
    assert state.forces["Pyrrhus I"].aboard == "Pyrrhus fleet I"
    refused(store, ArmyMoved(army="Pyrrhus I", to="Heraclea"), "aboard")
    store.append(TurnAdvanced())
    store.append(TroopsLanded(army="Pyrrhus I"))
    assert where(store.state())["Pyrrhus I"] == ("Tarentum", 2)
    refused(store, FleetSailed(fleet="Pyrrhus fleet I", to="Heraclea"), "already moved")


def test_t7_3_pyrrhus_may_land_in_africa(store: CampaignStore) -> None:
    store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Tarentum", carry=["Pyrrhus I"]))
    store.append(TurnAdvanced())
    # Tarentum → Heraclea → Croton → Rhegium → Messana → Panormus → Lilybaeum → Cartago: 7.
    stored = store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Cartago", land=True))
    assert "landed Pyrrhus I" in stored.summary
    assert where(store.state())["Pyrrhus I"] == ("Cartago", 2)


def test_t7_2_rename_split_and_merge(store: CampaignStore) -> None:
    store.append(ForceRenamed(force="Rome I", name="Consular army"))
    store.append(ForceSplit(force="Consular army", pm=1, name="Praetor"))
    state = store.state()
    assert where(state)["Consular army"] == ("Roma", 3)
    assert where(state)["Praetor"] == ("Roma", 1)
    store.append(ForcesMerged(force="Praetor", into="Consular army"))
    assert "Praetor" not in store.state().forces
    assert where(store.state())["Consular army"] == ("Roma", 4)


def test_t7_4_battle_losses_come_off_the_armies_standing_there(store: CampaignStore) -> None:
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Pyrrhus I", to="Canova"))
    battle = BattleRecorded(
        place="Canova",
        resolution="manual",
        winner="b",
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=1, pm_lost=1),
            ContingentResult(side="b", nation="Pyrrhus", pm=2, pm_lost=0),
        ],
    )
    stored = store.append(battle)
    assert "Rome II −1 PM at Canova" in stored.summary
    state = store.state()
    assert "Rome II" not in state.forces, "an army with no PM left is gone"
    assert where(state)["Rome I"] == ("Roma", 4), "Roma's legions untouched"


def test_t6_1_recruits_deploy_in_a_controlled_province_free_of_enemies(
    store: CampaignStore,
) -> None:
    store.append(RecruitmentOrdered(nation="Etruscans", land_pm=0, naval_pm=1))
    for _ in range(4):
        store.append(TurnAdvanced())
    state = store.state()
    # Faesulae (5 PE) is the Etruscans' most valuable province but landlocked; Cosa (4 PE,
    # listed before Tarquinii) is the next and maritime: the new ship joins the fleet there.
    assert where(state)["Etruscans fleet I"] == ("Cosa", 2)


def test_t6_1_a_fleet_is_launched_only_in_a_maritime_province(store: CampaignStore) -> None:
    """T6.1 (issue 13, correction 7): naval PM ordered for a landlocked province are refused
    when ordered, naming the province; a coastal one takes them."""
    refused(
        store,
        RecruitmentOrdered(nation="Etruscans", naval_pm=1, province="Faesulae"),
        "province:",
        "maritime",
        "Faesulae",
    )
    store.append(RecruitmentOrdered(nation="Etruscans", naval_pm=1, province="Cosa"))


def test_an_old_campaign_file_gets_its_forces_from_the_start_table(tmp_path: Path) -> None:
    before_the_map = load_scenario("tarentine").model_copy(update={"board": None})
    with CampaignStore.create(tmp_path / "old.castra", before_the_map, rules=ONE_AT_A_TIME) as old:
        state = old.state()
        assert where(state)["Rome I"] == ("Roma", 4)
        assert "made before the map" in old.history()[0].summary
        old.append(ArmyMoved(army="Rome I", to="Capua"))
        assert where(old.state())["Rome I"] == ("Capua", 4)


def test_a_dba_campaign_refuses_pm_map_orders(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "m.castra", load_scenario("macedon")) as macedon:
        assert macedon.state().forces == {}
        refused(macedon, ArmyMoved(army="Alexander", to="Lydia"), "kind:", "D10")
