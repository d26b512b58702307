"""The one table from an event's type to its family, and the steps every event goes
through around its family's own (:mod:`assistant.ledger.family`).

Every event first passes the campaign's gate — a finished campaign takes only notes, a Bellum
game only its years, an event belongs to the current turn and to a phase the turn can reach
(T5.2, D6) — then its family's check. Evolving moves the campaign to the event's phase, runs
the family's evolve and keeps the map in step (PM gained or lost without a place of their own
go on or off the map, T7.2; sieges with nobody left outside end, T7.6; the Senones' provinces
pass, T7.9). Describing is the family's words, and the map's after them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from assistant.ledger import (
    battles,
    centres,
    dba_map,
    economy,
    invasions,
    map_war,
    naval,
    notes,
    orders,
    phases,
    raiders,
    relations,
    turns,
    winter,
    withdrawal,
)
from assistant.ledger import forces as map_rules
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import (
    ArmyMobilised,
    ArmyMoved,
    ArmyRetreated,
    BattleRecorded,
    CampaignCreated,
    CentresRecorded,
    CityShutIn,
    DbaMoved,
    Event,
    FleetRetreated,
    FleetSailed,
    ForcedMarch,
    ForceRenamed,
    ForcesAdjusted,
    ForcesMerged,
    ForceSplit,
    GhostBattleFinished,
    InterceptionRolled,
    LoyaltyChanged,
    MeetingAnswered,
    NoOrders,
    NoteAdded,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    PlayerChanged,
    PmRebuilt,
    PrestigeAdjusted,
    ProvinceSacked,
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
    Undone,
    WarDeclared,
    WinterResolved,
    WithdrawalPursued,
)
from assistant.ledger.family import Family
from converters.i18n import N_
from converters.said import Said, clauses, listing, said

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = ["FAMILIES", "Evolved", "check", "describe", "evolve", "recheck"]

FAMILIES: dict[type[Event], Family[Any, Any]] = {
    BattleRecorded: battles.BATTLE_RECORDED,
    PmRebuilt: economy.PM_REBUILT,
    RecruitmentOrdered: economy.RECRUITMENT_ORDERED,
    TreasuryAdjusted: economy.TREASURY_ADJUSTED,
    PrestigeAdjusted: economy.PRESTIGE_ADJUSTED,
    ForcesAdjusted: economy.FORCES_ADJUSTED,
    ProvinceTaken: economy.PROVINCE_TAKEN,
    TurnAdvanced: turns.TURN_ADVANCED,
    WinterResolved: winter.WINTER_RESOLVED,
    ForcedMarch: battles.FORCED_MARCH,
    TacticalRetreat: battles.TACTICAL_RETREAT,
    CentresRecorded: centres.CENTRES_RECORDED,
    RuleChanged: notes.RULE_CHANGED,
    ArmyMoved: map_rules.ARMY_MOVED,
    FleetSailed: map_rules.FLEET_SAILED,
    TroopsLanded: orders.TROOPS_LANDED,
    ForceRenamed: map_rules.FORCE_RENAMED,
    ForceSplit: map_rules.FORCE_SPLIT,
    ForcesMerged: map_rules.FORCES_MERGED,
    CityShutIn: map_war.CITY_SHUT_IN,
    SiegeLifted: map_war.SIEGE_LIFTED,
    ProvinceSacked: map_war.PROVINCE_SACKED,
    TreatyMade: map_war.TREATY_MADE,
    TreatyBroken: map_war.TREATY_BROKEN,
    WarDeclared: relations.WAR_DECLARED,
    ArmyRetreated: map_war.ARMY_RETREATED,
    FleetRetreated: naval.FLEET_RETREATED,
    InterceptionRolled: naval.INTERCEPTION_ROLLED,
    OrderGiven: orders.ORDER_GIVEN,
    OrderWithdrawn: orders.ORDER_WITHDRAWN,
    OrdersResolved: orders.ORDERS_RESOLVED,
    MeetingAnswered: orders.MEETING_ANSWERED,
    NoOrders: orders.NO_ORDERS,
    PlayerChanged: orders.PLAYER_CHANGED,
    WithdrawalPursued: withdrawal.WITHDRAWAL_PURSUED,
    DbaMoved: invasions.DBA_MOVED,
    SideDone: invasions.SIDE_DONE,
    SpecialActionOrdered: dba_map.SPECIAL_ACTION,
    ArmyMobilised: dba_map.ARMY_MOBILISED,
    LoyaltyChanged: dba_map.LOYALTY_CHANGED,
    NoteAdded: notes.NOTE_ADDED,
    GhostBattleFinished: notes.GHOST_BATTLE_FINISHED,
}
"""Every event the ledger replays, by its type (the creation and undo are the replay's own)."""


class Evolved(NamedTuple):
    """What an event did: its family's account, and the map's own moves after it."""

    happened: Any
    map_moves: tuple[Said, ...]


def _gate(state: CampaignData, event: Event) -> Family[Any, Any]:
    """The refusals every event meets before its family's; its family."""
    if state.finished and not isinstance(event, NoteAdded | GhostBattleFinished | Undone):
        if state.scenario.bellum is not None:
            raise LedgerFieldError(
                "year",
                N_("{bellum_over}; only notes can be added"),
                bellum_over=centres.bellum_over(state),
            )
        if state.winners:
            raise LedgerFieldError(
                "turn",
                N_(
                    "the campaign is over: {winners} won a strategic victory (T5.8); only "
                    "notes and undo are accepted"
                ),
                winners=", ".join(state.winners),
            )
        raise LedgerFieldError("turn", N_("the campaign is over; only notes can be added"))
    if state.scenario.bellum is not None and not isinstance(
        event, CentresRecorded | NoteAdded | GhostBattleFinished | Undone | CampaignCreated
    ):
        raise LedgerFieldError(
            "kind",
            N_(
                "a Bellum game records the supply centres held each year (castra campaign "
                "centres) and notes, not {kind}"
            ),
            kind=event.kind,
        )
    if not isinstance(event, BattleRecorded) and event.turn not in (None, state.turn):
        raise LedgerFieldError(
            "turn", N_("this event belongs to the current turn {turn}"), turn=state.turn
        )
    if isinstance(event, TurnAdvanced):
        phases.check_end_of_turn(state)
    else:
        _sealed_moves_only(state, event)
        phases.check_admit(state, event)
    if isinstance(event, CampaignCreated):
        raise LedgerFieldError("kind", N_("a campaign is created only once"))
    if isinstance(event, Undone):
        raise LedgerFieldError("kind", N_("undo is applied by the store, not replayed"))
    family = FAMILIES.get(type(event))
    if family is None:  # pragma: no cover - every event type has its family (a test)
        raise LedgerFieldError("kind", N_("unknown event {event!r}"), event=event)
    return family


def _sealed_moves_only(state: CampaignData, event: Event) -> None:
    """T7.3: under house rule ``orders = sealed`` marches and voyages are orders, carried
    out together by ``castra campaign resolve``, never one at a time."""
    if (
        isinstance(event, ArmyMoved | FleetSailed)
        and state.rules.orders == "sealed"
        and phases.phases_of(state) is phases.TARENTINE
    ):
        raise LedgerFieldError(
            "orders",
            N_(
                "moves are sealed orders in this campaign (T7.3): give the order, then "
                "carry out every nation's together (resolve); house rule orders = "
                "immediate moves at once"
            ),
        )


def check(state: CampaignData, event: Event) -> None:
    """Refuse a new ``event`` with a :class:`LedgerError` if it cannot happen now."""
    _gate(state, event).check(state, event)


def recheck(state: CampaignData, event: Event) -> None:
    """Refuse a recorded ``event`` that could not have been recorded (on replay)."""
    _gate(state, event).replay_check(state, event)


def evolve(state: CampaignData, event: Event, event_id: int) -> Evolved:
    """Change ``state`` in place by a checked ``event``; what it did."""
    if not isinstance(event, TurnAdvanced):
        phases.enter(state, event)
    happened = FAMILIES[type(event)].evolve(state, event, event_id)
    moves: list[Said] = []
    if state.forces or state.map_note or map_rules.board_of(state.scenario) is not None:
        # PM gained or lost without a place of their own go on or off the map (T7.2).
        hint = event.place if isinstance(event, BattleRecorded) else None
        if isinstance(event, RecruitmentOrdered | PmRebuilt):
            hint = None
        moves = map_rules.sync(state, hint)
        if isinstance(event, BattleRecorded):
            # T7.9: the Ligurian raiders back to strength after a win, gone at their first defeat
            moves += raiders.after_battle(state, event)
        moves += map_war.lifted_by_themselves(state)
        moves += map_war.senones_provinces(state)
        for province in state.scenario.provinces:
            held = state.control.get(province.name, province.homeland)
            if held != province.homeland and province.name not in state.ever_lost:
                state.ever_lost.append(province.name)
    state.last_event_id = event_id
    return Evolved(happened, tuple(moves))


MAP_MOVES = N_("map: {moves}")
"""The map's own moves after an event's (T7.2, T7.6, T7.9)."""


def describe(event: Event, evolved: Evolved) -> Said:
    """What ``event`` did, as the history says it."""
    told = FAMILIES[type(event)].describe(event, evolved.happened)
    if evolved.map_moves:
        moves = said(MAP_MOVES, moves=listing(evolved.map_moves))
        return clauses(told, moves)
    return told
