"""A recorded year of every event kind, for the chronicle's test of issue 21 item 3.

A Tarentine year on the map (T7): Rome II sacks Canova (T5.3), the Greeks shut themselves in
Tarentum (T5.4, T7.6) and throw the assault back; Rome splits a legion, ships it to Capua,
lands it and renames it (T7.2, T7.3); Magna Graecia takes Rhegium by assault (T7.5); a treaty
is made and broken (T7.10, T4.2); a Roman fleet sails on Tarentum, fails to intercept, loses
a naval battle and retreats (T3.6, T3.7); decimated PM are rebuilt and recruits arrive (T2.5,
T6.1); a siege is lifted; the winter's coup at Rhegium acts on the map (T5.6, T7.9) and its
control checks run (T5.7). A prestige award typed by mistake is undone and a ghost battle is
kept. Every turn ends as ``castra campaign advance`` ends it, tribute and siege costs computed
from the map. A turn by the book records sealed orders, their meeting (settled by a withdrawal
under pursuit) and a declaration of war (T5.2, T7.3, T7.4, T7.10, T3.0), a Macedon season
the D5, D6, D10–D14 kinds, and a Bellum year its centres (B1): together they use every kind
the ledger has.
"""

from __future__ import annotations

from pathlib import Path

from armylists.scenarios import bellum_scenario, load_scenario
from assistant.ledger.events import (
    ArmyMobilised,
    ArmyMoved,
    ArmyRetreated,
    BattleRecorded,
    CityShutIn,
    ContingentResult,
    DbaMoved,
    FleetRetreated,
    FleetSailed,
    ForcedMarch,
    ForceRenamed,
    ForcesAdjusted,
    ForcesMerged,
    ForceSplit,
    GhostBattleFinished,
    LoyaltyChanged,
    MarchOrder,
    MeetingAnswered,
    NoOrders,
    NoteAdded,
    OrderGiven,
    OrderWithdrawn,
    PlayerChanged,
    PmRebuilt,
    PrestigeAdjusted,
    ProvinceTaken,
    RecruitmentOrdered,
    RuleChanged,
    SideDone,
    SiegeLifted,
    SpecialActionOrdered,
    TacticalRetreat,
    TreasuryAdjusted,
    TreatyBroken,
    TreatyMade,
    TroopsLanded,
    TurnAdvanced,
    VoyageOrder,
    WarDeclared,
)
from assistant.ledger.map_war import sack_event, turn_end_collection
from assistant.ledger.naval import interception_event
from assistant.ledger.orders import resolution
from assistant.ledger.record import centres_event, winter_event
from assistant.ledger.store import CampaignStore
from assistant.ledger.withdrawal import withdrawal_event
from converters.dice import ScriptedDice
from converters.house_rules import HouseRules
from ghost.battle import GhostBattle, TurnLosses
from ghost.generals import GeneralProfile
from tests.battle_places import ONE_AT_A_TIME

__all__ = ["bellum_year", "macedon_season", "sealed_turn", "tarentine_year"]


def _advance(store: CampaignStore) -> None:
    """End the turn as ``castra campaign advance`` does: tribute and siege costs from the map."""
    collection = turn_end_collection(store.state())
    tribute, costs = collection if collection is not None else ({}, {})
    store.append(TurnAdvanced(tribute=tribute, siege_costs=costs, who="Referee"))


def _manual(place: str, winner: str, *lines: ContingentResult, **facts: bool) -> BattleRecorded:
    return BattleRecorded(
        place=place, resolution="manual", winner=winner, contingents=list(lines), **facts
    )


def tarentine_year(path: Path) -> CampaignStore:
    """The Tarentine year at ``path``, through the winter into spring, open (the caller
    closes it)."""
    # Each move carried out at once (house rule orders = immediate, T7.3); the sealed orders
    # are the next campaign's.
    rules = HouseRules(orders="immediate")
    store = CampaignStore.create(path, load_scenario("tarentine"), who="Referee", rules=rules)
    # Turn 1: Rome II sacks neutral Canova (+6 PE); a loan, an omen, a treaty, a note.
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(sack_event(store.state(), "Canova", "Rome"))
    store.append(TreasuryAdjusted(nation="Carthage", pe=5, note="Punic loan"))
    store.append(PrestigeAdjusted(nation="Syracuse", pp=-1, note="omens"))
    store.append(PrestigeAdjusted(nation="Rome", pp=3, note="typed by mistake"))
    store.undo("typo")
    store.append(NoteAdded(note="Pyrrhus lands at Tarentum"))
    store.append(TreatyMade(parties=["Rome", "Carthage"], terms="mutual help against Pyrrhus"))
    _advance(store)
    # Turn 2: the siege of Tarentum; a legion shipped to Capua.
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(RecruitmentOrdered(nation="Rome", land_pm=1, province="Roma", note="new legion"))
    store.append(CityShutIn(province="Tarentum"))
    store.append(ForceSplit(force="Rome I", pm=2, name="Rome V"))
    store.append(FleetSailed(fleet="Rome fleet I", to="Capua", carry=["Rome V"]))
    store.append(TroopsLanded(army="Rome V"))
    store.append(ForceRenamed(force="Rome V", name="Legio Campana"))
    _advance(store)
    # Turn 3: the assault thrown back, Rhegium taken, a treaty broken.
    store.append(
        _manual(
            "Tarentum",
            "b",
            ContingentResult(side="a", nation="Rome", pm=1),
            ContingentResult(side="b", nation="Magna Graecia", pm=3, pm_lost=1),
            ContingentResult(side="b", nation="Senones", pm=1),
            city_assault=True,
        )
    )
    store.append(ArmyRetreated(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Magna Graecia II", to="Rhegium"))
    store.append(
        _manual(
            "Rhegium",
            "a",
            ContingentResult(side="a", nation="Magna Graecia", pm=1),
            ContingentResult(side="b", nation="Rome", pm=1, prisoners=1),
            city_assault=True,
            city_taken=True,
        )
    )
    store.append(ProvinceTaken(province="Sena", nation="Rome", note="Senones submit"))
    store.append(ForcesAdjusted(nation="Etruscans", land_pm=1, note="levy"))
    store.append(TreatyBroken(treaty=1, nation="Rome"))
    _advance(store)
    # Turn 4: the fleets (T3.6, T3.7).
    store.append(RuleChanged(name="interception", value="at_least", reason="T3.6 as written"))
    store.append(FleetSailed(fleet="Rome fleet I", to="Tarentum"))
    store.append(
        interception_event(
            store.state(), "Rome fleet I", "Magna Graecia fleet I", ScriptedDice([3])
        )
    )
    store.append(
        BattleRecorded(
            place="Tarentum",
            resolution="naval",
            winner="b",
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=0, naval_pm=2, naval_lost=1),
                ContingentResult(side="b", nation="Magna Graecia", pm=0, naval_pm=2),
            ],
        )
    )
    store.append(FleetRetreated(fleet="Rome fleet I", to="Capua"))
    store.append(ForceSplit(force="Rome I", pm=1))
    _advance(store)
    # Turn 5: a merge, a rebuild, a siege begun and lifted; a ghost battle kept.
    store.append(ForcesMerged(force="Rome IV", into="Rome I"))
    store.append(PmRebuilt(nation="Magna Graecia", pm=1))
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(CityShutIn(province="Tarentum"))
    store.append(SiegeLifted(province="Tarentum", note="a sortie drove them off"))
    ghost = GhostBattle(GeneralProfile(quality="good"), strength=60, units=10)
    ghost.open(ScriptedDice([2]))
    ghost.start_turn(TurnLosses(gr_loss=6, gf_loss=0, units_lost=0), ScriptedDice([]))
    store.append(GhostBattleFinished(battle=ghost.state.model_dump(mode="json")))
    while store.state().turn < 13:
        _advance(store)
    # The winter: die 4, the coup at Rhegium (T5.6, T7.9); the control checks from the map.
    store.append(winter_event(store.state(), ScriptedDice([4])))
    _advance(store)
    return store


def sealed_turn(path: Path) -> CampaignStore:
    """A Tarentine turn by the book (T5.2, T7.3, T7.4, T7.10, T4.4): sealed orders given, one
    withdrawn, carried out together, the meeting they make answered; a declaration of war;
    the Senones left without a player."""
    store = CampaignStore.create(path, load_scenario("tarentine"), who="Referee")
    store.append(WarDeclared(nation="Rome", on="Carthage", note="the Punic treaty is over"))
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(
        OrderGiven(nation="Magna Graecia", order=MarchOrder(army="Magna Graecia III", to="Roma"))
    )
    store.append(OrderGiven(nation="Rome", order=VoyageOrder(fleet="Rome fleet I", to="Capua")))
    store.append(OrderWithdrawn(nation="Rome", force="Rome fleet I"))
    store.append(NoOrders(nation="Carthage"))  # T7.3: Carthage hands in no orders
    store.append(resolution(store.state()))
    # T3.0: Magna Graecia seeks battle; Rome I withdraws under one pursuit roll (a 4 misses)
    store.append(MeetingAnswered(meeting=1, seek=["Magna Graecia"]))
    store.append(withdrawal_event(store.state(), 1, ScriptedDice([4])))
    store.append(PlayerChanged(nation="Senones", player=False, note="the Senones' player left"))
    _advance(store)
    return store


def macedon_season(path: Path) -> CampaignStore:
    """Two Macedon turns with every kind of its own (D5, D10–D14), open."""
    store = CampaignStore.create(path, load_scenario("macedon"), who="Referee", rules=ONE_AT_A_TIME)
    store.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    store.append(SpecialActionOrdered(army="Macedon 6", action="works"))
    store.append(ArmyMobilised(side="Macedon", province="Hellas", army="Hellenic levy"))
    store.append(ForcedMarch(army="Macedon 2", loyalty=4))
    store.append(TacticalRetreat(army="Macedon 3"))
    store.append(SideDone(side="Macedon"))  # D6: the initiative side has moved
    _advance(store)
    store.append(
        LoyaltyChanged(province="Hellespontine Phrygia", side="Macedon", by=-1, note="roll")
    )
    _advance(store)
    return store


def bellum_year(path: Path) -> CampaignStore:
    """A Bellum game's first year of centres (B1), open."""
    store = CampaignStore.create(path, bellum_scenario("scipii"), who="Referee")
    powers = store.state().scenario.nations
    store.append(centres_event(store.state(), 1, {power: 4 for power in powers}))
    return store
