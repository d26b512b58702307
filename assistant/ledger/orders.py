"""Sealed orders in the ledger: given, withdrawn, carried out together, and who may see them
(T5.2, T7.3, T7.4, T3.0).

Under house rule ``orders = sealed`` a march or a voyage is not carried out when it is typed: it
is an order of its nation (:class:`~assistant.ledger.events.OrderGiven`), checked at once
against the map as it stood at the start of the turn, and kept until the referee carries every
order out together (:class:`~assistant.ledger.events.OrdersResolved`), which reveals them all
and lists every meeting (T7.4). The orders are ordinary events in the log — so undo and replay
need nothing new — and :func:`~assistant.ledger.orders_seen.may_see` is the one rule of who may
read them before then: the referee always, a nation only its own (it and what else only reads
the orders sit in :mod:`assistant.ledger.orders_seen`, which reads none of the rules here).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from assistant.ledger import economy, map_war, relations
from assistant.ledger import forces as map_rules
from assistant.ledger.events import (
    ArmyMoved,
    Event,
    FleetSailed,
    ForceMoved,
    InterceptionRolled,
    MarchOrder,
    Meeting,
    MeetingAnswered,
    NoOrders,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    PlayerChanged,
    RecruitmentOrdered,
    RecruitOrder,
    SealedOrder,
    TreatyMade,
    TreatyOrder,
    TroopsLanded,
    VoyageOrder,
    WarDeclared,
    WarOrder,
)
from assistant.ledger.family import Family
from assistant.ledger.models import MeetingState, Phase
from assistant.ledger.orders_seen import (
    RECRUITS,
    REFEREE,
    force_of,
    handed_in,
    may_see,
    meetings_summary,
    orders_of,
    sealed_answers,
)
from converters import said as sd
from converters.i18n import N_
from converters.meetings import Mover, carry_out
from converters.tribute import at_war

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "MEETING_ANSWERED",
    "NO_ORDERS",
    "ORDERS_RESOLVED",
    "ORDER_GIVEN",
    "ORDER_WITHDRAWN",
    "PLAYER_CHANGED",
    "RECRUITS",
    "REFEREE",
    "TROOPS_LANDED",
    "MeetingState",
    "check_interception",
    "diplomacy_for",
    "force_of",
    "handed_in",
    "may_see",
    "meetings_summary",
    "order_for",
    "orders_of",
    "recruitment_for",
    "resolution",
    "sealed_answers",
]


def refused(field: str, message: str, **values: Any) -> Exception:
    from assistant.ledger.errors import LedgerFieldError

    return LedgerFieldError(field, message, **values)


def _ordered_forces(state: CampaignData) -> dict[str, str]:
    """Force → the nation whose order moves it (carried armies count as ordered)."""
    taken: dict[str, str] = {}
    for nation, orders in state.orders.items():
        for order in orders:
            if isinstance(order, RecruitOrder | TreatyOrder | WarOrder):
                continue
            taken[force_of(order)] = nation
            if isinstance(order, VoyageOrder):
                for army in order.carry:
                    taken[army] = nation
    return taken


def _need_sealed(state: CampaignData) -> None:
    if state.rules.orders != "sealed":
        raise refused(
            "orders",
            N_(
                "this campaign moves at once (house rule orders = immediate, T7.3): "
                "there are no sealed orders"
            ),
        )


def order_for(
    state: CampaignData, order: SealedOrder, nation: str | None = None, **fields: Any
) -> OrderGiven | None:
    """T7.3: the event a march or voyage becomes in this campaign — under house rule ``orders =
    sealed``, an order of ``nation`` (default: the force's own nation); None when the campaign
    moves at once (``immediate``, or no Tarentine board), so the caller records the move itself.
    The command line and the Map screen both ask this."""
    from assistant.ledger.phases import TARENTINE, phases_of

    if state.rules.orders != "sealed" or phases_of(state) is not TARENTINE:
        return None
    if nation is None:
        force = state.forces.get(force_of(order))
        nation = force.nation if force is not None else ""
    return OrderGiven(nation=nation, order=order, **fields)


def recruitment_for(
    state: CampaignData, event: RecruitmentOrdered
) -> OrderGiven | RecruitmentOrdered:
    """T5.2 phase 1, T7.3: what a recruitment becomes in this campaign — under house rule
    ``orders = sealed``, a sealed order of its nation, paid when the orders are carried out;
    else (``immediate``, no Tarentine board, or the winter turn, which has no orders to carry
    out together) the recruitment itself, paid at once. The command line and the app's form
    both ask this."""
    from assistant.ledger.phases import TARENTINE, phases_of

    if state.rules.orders != "sealed" or phases_of(state) is not TARENTINE or state.is_winter:
        return event
    order = RecruitOrder(
        land_pm=event.land_pm, naval_pm=event.naval_pm, province=event.province, join=event.join
    )
    return OrderGiven(
        nation=event.nation, order=order, turn=event.turn, who=event.who, note=event.note
    )


def _recruitment(nation: str, order: RecruitOrder) -> RecruitmentOrdered:
    return RecruitmentOrdered(
        nation=nation,
        land_pm=order.land_pm,
        naval_pm=order.naval_pm,
        province=order.province,
        join=order.join,
    )


def _check_recruits(state: CampaignData, orders: dict[str, list[SealedOrder]]) -> None:
    """T6.1: every recruitment order in ``orders`` can be paid, one after another, from its
    nation's treasury as it stands (checked on a copy: nothing is paid)."""
    if not any(isinstance(o, RecruitOrder) for listed in orders.values() for o in listed):
        return  # nothing to pay: no copy of the whole campaign to make (benchmarks/turn.py)
    work = state.model_copy(deep=True)
    family = economy.RECRUITMENT_ORDERED
    for nation in sorted(orders):
        for order in orders[nation]:
            if isinstance(order, RecruitOrder):
                recruitment = _recruitment(nation, order)
                family.check(work, recruitment)
                family.evolve(work, recruitment, 0)


def _treaty_event(order: TreatyOrder) -> TreatyMade:
    return TreatyMade(
        parties=order.parties,
        terms=order.terms,
        alliance=order.alliance,
        imposed_by=order.imposed_by,
        pp=order.pp,
    )


def _check_diplomacy(state: CampaignData, nation: str, order: TreatyOrder | WarOrder) -> None:
    """T7.3, T7.10: a treaty or a declaration of war handed in sealed (phase 2), checked now
    as it would be recorded at once — then again, with every order, when carried out."""
    key = force_of(order)
    if any(force_of(o) == key for orders in state.orders.values() for o in orders):
        raise refused(
            "parties" if isinstance(order, TreatyOrder) else "on",
            N_("{order} is already ordered this turn: one order each (T7.3)"),
            order=key,
        )
    if isinstance(order, WarOrder):
        relations.WAR_DECLARED.check(state, WarDeclared(nation=nation, on=order.on))
        return
    if nation not in order.parties:
        raise refused(
            "nation",
            N_("{nation} is no party to the treaty: a party hands it in (T7.3, T7.10)"),
            nation=nation,
        )
    map_war.TREATY_MADE.check(state, _treaty_event(order))


def diplomacy_for(
    state: CampaignData, order: TreatyOrder | WarOrder, nation: str, **fields: Any
) -> OrderGiven | None:
    """T7.3: the event a treaty or a declaration of war becomes — under house rule ``orders =
    sealed`` (Tarentine board), an order of ``nation`` for phase 2; None: recorded at once."""
    from assistant.ledger.phases import TARENTINE, phases_of

    if state.rules.orders != "sealed" or phases_of(state) is not TARENTINE or state.is_winter:
        return None  # T5.1: a winter turn moves nothing, so nothing waits to be carried out
    return OrderGiven(nation=nation, order=order, **fields)


def _check_given(state: CampaignData, event: OrderGiven) -> None:
    """T7.3: a nation's order for one of its forces, checked when given: its own force, one
    order per force, and every movement rule (a neighbour by road, at most 8 stretches, the
    fleet's room, the landing coast) against the map as it stood at the start of the turn."""
    _need_sealed(state)
    nation = state.nation(event.nation)
    order = event.order
    if isinstance(order, RecruitOrder):
        if state.is_winter:
            raise refused(
                "orders",
                N_("in the winter turn recruits are ordered at once (castra campaign recruit)"),
            )
        _check_recruits(state, {nation.name: [*state.orders.get(nation.name, []), order]})
        return
    if not nation.player or nation.unplayed:
        raise refused(
            "nation",
            N_("{nation} has no player: it gives no orders, its forces stand (T4.4)"),
            nation=nation.name,
        )
    if isinstance(order, TreatyOrder | WarOrder):
        _check_diplomacy(state, nation.name, order)
        return
    name = force_of(order)
    force = state.forces.get(name)
    if force is not None and nation.name not in (force.nation, force.paid_by):
        raise refused(
            "army" if isinstance(order, MarchOrder) else "fleet",
            N_("{force} is a force of {owner}, not of {nation}: a nation orders its own (T7.3)"),
            force=name,
            owner=force.nation,
            nation=nation.name,
        )
    taken = _ordered_forces(state)
    moved = [name, *(order.carry if isinstance(order, VoyageOrder) else [])]
    for each in moved:
        if each in taken:
            raise refused(
                "carry" if each != name else ("army" if isinstance(order, MarchOrder) else "fleet"),
                N_("{force} already has an order this turn: one order per force (T7.3)"),
                force=each,
            )
    if isinstance(order, MarchOrder):
        map_rules.check_march(state, ArmyMoved(army=order.army, to=order.to))
    else:
        map_rules.check_voyage(
            state,
            FleetSailed(
                fleet=order.fleet, to=order.to, via=order.via, carry=order.carry, land=order.land
            ),
        )


def _evolve_given(state: CampaignData, event: OrderGiven, _event_id: int) -> None:
    state.orders.setdefault(event.nation, []).append(event.order)


def _describe_given(event: OrderGiven, _happened: None) -> sd.Said:
    order = event.order
    who = sd.nation(event.nation)
    if isinstance(order, RecruitOrder):
        return sd.said(
            N_("sealed order of {nation}: {land} land and {naval} naval PM to recruit (T6.1)"),
            nation=who,
            land=order.land_pm,
            naval=order.naval_pm,
        )
    if isinstance(order, WarOrder):
        return sd.said(
            N_("sealed order of {nation}: war declared on {on}"),
            nation=who,
            on=sd.nation(order.on),
        )
    if isinstance(order, TreatyOrder):
        return sd.said(
            N_("sealed order of {nation}: a treaty with {parties}"),
            nation=who,
            parties=sd.listing(sd.nation(p) for p in order.parties if p != event.nation),
        )
    if isinstance(order, MarchOrder):
        return sd.said(
            N_("sealed order of {nation}: {army} to march to {to}"),
            nation=who,
            army=sd.force(order.army, event.nation, "army"),
            to=sd.province(order.to),
        )
    return sd.said(
        N_("sealed order of {nation}: {fleet} to sail to {to}"),
        nation=who,
        fleet=sd.force(order.fleet, event.nation, "fleet"),
        to=sd.province(order.to),
    )


ORDER_GIVEN = Family(_check_given, _evolve_given, _describe_given)


def _check_withdrawn(state: CampaignData, event: OrderWithdrawn) -> None:
    """T7.3: a nation takes back its order for one force before they are carried out."""
    _need_sealed(state)
    nation = state.nation(event.nation)
    orders = state.orders.get(nation.name, [])
    found = [o for o in orders if force_of(o) == event.force]
    if not found:
        raise refused(
            "force",
            N_("{nation} has no order for {force}; its orders: {choices}"),
            nation=nation.name,
            force=event.force,
            choices=", ".join(force_of(o) for o in orders) or "-",
        )


def _evolve_withdrawn(state: CampaignData, event: OrderWithdrawn, _event_id: int) -> None:
    orders = state.orders.get(event.nation, [])
    state.orders[event.nation] = [o for o in orders if force_of(o) != event.force]
    if not state.orders[event.nation]:
        del state.orders[event.nation]


def _describe_withdrawn(event: OrderWithdrawn, _happened: None) -> sd.Said:
    return sd.said(
        N_("{nation} withdrew its order for {force}"),
        nation=sd.nation(event.nation),
        force=sd.force(event.force, event.nation),
    )


ORDER_WITHDRAWN = Family(_check_withdrawn, _evolve_withdrawn, _describe_withdrawn)


def _check_no_orders(state: CampaignData, event: NoOrders) -> None:
    """T7.3: a nation says it gives no orders this turn (its forces stand): refused while it
    has orders in (withdrawing them says the same), and said once a turn."""
    _need_sealed(state)
    nation = state.nation(event.nation)
    if not nation.player or nation.unplayed:
        raise refused(
            "nation",
            N_("{nation} has no player: it gives no orders, its forces stand (T4.4)"),
            nation=nation.name,
        )
    if state.orders.get(nation.name):
        raise refused(
            "nation",
            N_("{nation} has orders in this turn: withdraw them to give none (T7.3)"),
            nation=nation.name,
        )
    if state.no_orders.get(nation.name) == state.turn:
        raise refused(
            "nation",
            N_("{nation} has already said it gives no orders this turn (T7.3)"),
            nation=nation.name,
        )


def _evolve_no_orders(state: CampaignData, event: NoOrders, _event_id: int) -> None:
    state.no_orders[event.nation] = state.turn


def _describe_no_orders(event: NoOrders, _happened: None) -> sd.Said:
    return sd.said(
        N_("{nation} gives no orders this turn: its forces stand (T7.3)"),
        nation=sd.nation(event.nation),
    )


NO_ORDERS = Family(_check_no_orders, _evolve_no_orders, _describe_no_orders)
"""T7.3: a nation hands in no orders (:func:`handed_in`)."""


def resolution(state: CampaignData, **fields: Any) -> OrdersResolved:
    """T7.3, T7.4: every order revealed and carried out together, as one event (its results
    computed here from the orders in, never from the order they were entered in)."""
    _need_sealed(state)
    board = map_rules.board_of(state.scenario)
    if board is None:  # pragma: no cover - sealed orders need the map (phases_of)
        raise refused("kind", N_("this campaign has no map"))
    orders = {
        force_of(o): o
        for nation in sorted(state.orders)
        for o in state.orders[nation]
        if not isinstance(o, RecruitOrder)
    }
    # The armies already aboard each fleet, in the ledger's order (read once, not per voyage).
    already_aboard: dict[str, list[str]] = {}
    for force in state.forces.values():
        if force.aboard is not None:
            already_aboard.setdefault(force.aboard, []).append(force.name)
    carried: dict[str, tuple[str, bool]] = {}
    for voyage in orders.values():
        if isinstance(voyage, VoyageOrder):
            for name in already_aboard.get(voyage.fleet, []):
                carried[name] = (voyage.fleet, voyage.land)
            for army in voyage.carry:
                carried[army] = (voyage.fleet, voyage.land)
    movers: list[Mover] = []
    for force in map_rules.on_map(state):
        order = orders.get(force.name)
        route = [force.province]
        way: Literal["road", "mountain"] | None = None
        if isinstance(order, MarchOrder):
            route.append(order.to)
            found = board.land_way(force.province, order.to)
            way = "mountain" if found == "mountain" else "road" if found == "road" else None
        elif isinstance(order, VoyageOrder):
            if order.via:
                route += [*order.via, order.to]
            else:
                route = board.shortest_sea_route(force.province, order.to) or [*route, order.to]
        aboard, lands = carried.get(force.name, (force.aboard, False))
        movers.append(
            Mover(
                name=force.name,
                side=force.paid_by or force.nation,
                kind=force.kind,
                route=route,
                aboard=aboard,
                lands=lands,
                way=way,
            )
        )
    # T5.2: phase 2 comes before the movement: the treaties handed in ally their parties now
    groups = map_rules.alliances(state) + [
        list(o.parties) for o in orders.values() if isinstance(o, TreatyOrder) and o.alliance
    ]

    @functools.cache
    def hostile(a: str, b: str) -> bool:
        # asked for every pair of forces at every step: answered once per pair of nations
        return at_war(a, b, groups)

    outcome = carry_out(movers, hostile)
    moves = []
    for mover in movers:
        if mover.name not in orders and mover.name not in carried:
            continue
        force = state.forces[mover.name]
        moves.append(
            ForceMoved(
                force=mover.name,
                nation=force.nation,
                start=force.province,
                end=outcome.ends[mover.name],
                route=mover.route if mover.kind == "fleet" else [],
                way=_way(mover, outcome),
                aboard=outcome.aboard.get(mover.name),
                stopped=mover.name in outcome.stopped,
            )
        )
    meetings = [
        Meeting(
            number=number,
            province=found.province,
            at_sea=found.at_sea,
            forces=found.forces,
            nations=[state.forces[name].nation for name in found.forces],
            crossing=found.crossing,
            arrivals=dict(found.arrivals),
        )
        for number, found in enumerate(outcome.meetings, start=1)
    ]
    return OrdersResolved(
        orders={nation: list(state.orders[nation]) for nation in sorted(state.orders)},
        moves=moves,
        meetings=meetings,
        **fields,
    )


def _way(mover: Mover, outcome: Any) -> str:
    if mover.kind == "fleet":
        return "sea" if outcome.ends[mover.name] != mover.route[0] else "stood"
    if mover.aboard is not None:
        return "sea" if outcome.aboard.get(mover.name) else "landing"
    return mover.way or "stood"


def _check_resolved(state: CampaignData, event: OrdersResolved) -> None:
    """T7.3: carry out every order at once; the event must say exactly what the orders in
    give (it is built by :func:`resolution`)."""
    _need_sealed(state)
    if state.orders_resolved_turn == state.turn:
        raise refused("orders", N_("this turn's orders are already carried out (T7.3)"))
    expected = resolution(state)
    if (event.orders, event.moves, event.meetings) != (
        expected.orders,
        expected.moves,
        expected.meetings,
    ):
        raise refused(
            "orders",
            N_("the orders carried out differ from the orders given: resolve them again (T7.3)"),
        )
    _check_recruits(state, event.orders)
    for nation, order in _diplomacy(event):
        # T5.2 phase 2, before the movement (already in the meetings found, above)
        if isinstance(order, WarOrder):
            relations.WAR_DECLARED.check(state, WarDeclared(nation=nation, on=order.on))
        else:
            map_war.TREATY_MADE.check(state, _treaty_event(order))


def _diplomacy(event: OrdersResolved) -> list[tuple[str, TreatyOrder | WarOrder]]:
    return [
        (nation, order)
        for nation in sorted(event.orders)
        for order in event.orders[nation]
        if isinstance(order, TreatyOrder | WarOrder)
    ]


class CarriedOut(NamedTuple):
    """What the orders carried out did besides moving: each recruitment and each treaty or
    declaration of war, as the event it would have been and what its family did."""

    done: tuple[tuple[Family[Any, Any], Event, Any], ...]


def _evolve_resolved(state: CampaignData, event: OrdersResolved, event_id: int) -> CarriedOut:
    done: list[tuple[Family[Any, Any], Event, Any]] = []
    for nation in sorted(event.orders):
        for order in event.orders[nation]:
            if isinstance(order, RecruitOrder):
                recruitment = _recruitment(nation, order)
                happened = economy.RECRUITMENT_ORDERED.evolve(state, recruitment, event_id)
                done.append((economy.RECRUITMENT_ORDERED, recruitment, happened))
    for nation, order in _diplomacy(event):
        if isinstance(order, WarOrder):
            war = WarDeclared(nation=nation, on=order.on)
            done.append((relations.WAR_DECLARED, war, relations.WAR_DECLARED.evolve(state, war, 0)))
        else:
            treaty = _treaty_event(order)
            made = map_war.TREATY_MADE.evolve(state, treaty, event_id)
            done.append((map_war.TREATY_MADE, treaty, made))
    carriers = {
        army: voyage.fleet
        for orders in event.orders.values()
        for voyage in orders
        if isinstance(voyage, VoyageOrder)
        for army in voyage.carry
    }
    for move in event.moves:
        force = state.forces[move.force]
        if move.end != force.province or move.way != "stood":
            force.came_from = force.province
            force.moved = state.turn
        if force.kind == "army" and move.way == "landing":
            # T7.5: a beaten lander goes back aboard the fleet that landed it
            force.landed_from = carriers.get(force.name, force.aboard)
        force.province = move.end
        if force.kind == "army":
            force.aboard = move.aboard
    state.orders = {}
    state.meetings = [MeetingState(meeting=m) for m in event.meetings]
    state.orders_resolved_turn = state.turn
    state.phase = Phase.naval_battles
    return CarriedOut(tuple(done))


def _describe_resolved(event: OrdersResolved, carried: CarriedOut) -> sd.Said:
    moved = [m for m in event.moves if m.end != m.start or m.way != "stood"]
    told = [
        sd.said(N_("orders carried out together (T7.3): {moved} force(s) moved"), moved=len(moved))
    ]
    said = [family.describe(done, happened) for family, done, happened in carried.done]
    recruited = [
        s
        for (f, _e, _h), s in zip(carried.done, said, strict=True)
        if f is economy.RECRUITMENT_ORDERED
    ]
    diplomacy = [
        s
        for (f, _e, _h), s in zip(carried.done, said, strict=True)
        if f is not economy.RECRUITMENT_ORDERED
    ]
    told += recruited + diplomacy
    if event.meetings:
        meetings = sd.listing(
            (
                sd.said(
                    "{province} ({forces})",
                    province=sd.province(m.province),
                    forces=sd.listing(sd.force(f) for f in m.forces),
                )
                for m in event.meetings
            ),
            "; ",
        )
        told.append(sd.said(N_("meetings (T7.4): {meetings}"), meetings=meetings))
    return sd.clauses(*told)


ORDERS_RESOLVED = Family(_check_resolved, _evolve_resolved, _describe_resolved)


def _meeting_of(state: CampaignData, event: MeetingAnswered) -> MeetingState | None:
    return next((m for m in state.meetings if m.meeting.number == event.meeting), None)


def _check_answered(state: CampaignData, event: MeetingAnswered) -> None:
    """T3.0, T7.4: each side says seek or avoid. Neither seeks: no battle, both stay (the
    meeting is settled). One or both seek: a battle follows (at sea, an interception first if
    only one seeks, T3.6). A player answers for its own side only (``nation``), once."""
    found = _meeting_of(state, event)
    if found is None:
        raise refused(
            "meeting",
            N_("no meeting {number} this turn; meetings: {choices}"),
            number=event.meeting,
            choices=", ".join(str(m.meeting.number) for m in state.meetings) or "-",
        )
    if found.seek is not None:
        raise refused("meeting", N_("meeting {number} is already answered"), number=event.meeting)
    for nation in [*event.seek, *([event.nation] if event.nation is not None else [])]:
        if nation not in found.meeting.nations:
            raise refused(
                "seek",
                N_("{nation} is not in meeting {number}: {nations}"),
                nation=nation,
                number=event.meeting,
                nations=", ".join(dict.fromkeys(found.meeting.nations)),
            )
    if event.nation is None:
        return
    if set(event.seek) - {event.nation}:
        raise refused(
            "seek",
            N_("{nation} answers for its own side of meeting {number} only (T3.0)"),
            nation=event.nation,
            number=event.meeting,
        )
    if event.nation in found.answers:
        raise refused(
            "meeting",
            N_("{nation} has answered meeting {number} already"),
            nation=event.nation,
            number=event.meeting,
        )


def _evolve_answered(state: CampaignData, event: MeetingAnswered, _event_id: int) -> str:
    found = _meeting_of(state, event)
    assert found is not None  # checked
    if event.nation is not None:
        found.answers[event.nation] = bool(event.seek)
        if set(found.meeting.nations) - set(found.answers):
            return found.province  # T3.0: the other sides have still to say
        seek = [nation for nation, seeks in found.answers.items() if seeks]
    else:
        seek = list(event.seek)
    found.seek = sorted(set(seek))
    found.settled = not seek
    return found.province


def _describe_answered(event: MeetingAnswered, province: str) -> sd.Said:
    if event.nation is not None:
        if event.seek:
            return sd.said(
                N_("meeting at {province}: {nation} seeks battle (T3.0)"),
                province=sd.province(province),
                nation=sd.nation(event.nation),
            )
        return sd.said(
            N_("meeting at {province}: {nation} avoids battle (T3.0)"),
            province=sd.province(province),
            nation=sd.nation(event.nation),
        )
    if not event.seek:
        return sd.said(
            N_("meeting at {province}: neither side seeks battle; no battle, both stay (T3.0)"),
            province=sd.province(province),
        )
    return sd.said(
        N_("meeting at {province}: {nations} seek battle (T3.0)"),
        province=sd.province(province),
        nations=sd.listing(sd.nation(n) for n in sorted(set(event.seek))),
    )


MEETING_ANSWERED = Family(_check_answered, _evolve_answered, _describe_answered)


def found_by_landing(state: CampaignData, army: str) -> None:
    """T5.2 phase 6, T7.4: troops landed after the naval battles meet the hostile armies
    ashore where they land (one land meeting per province, the landing its approach, T3.2)."""
    if state.orders_resolved_turn != state.turn:
        return
    state.landed.append(army)
    landed = state.forces[army]
    groups = map_rules.alliances(state)
    ashore = [
        f
        for f in map_rules.on_map(state)
        if f.kind == "army" and f.aboard is None and f.province == landed.province
    ]
    side = landed.paid_by or landed.nation
    if not any(at_war(side, f.paid_by or f.nation, groups) for f in ashore):
        return
    names = sorted(f.name for f in ashore)
    for meeting in state.meetings:
        found = meeting.meeting
        if not found.at_sea and not found.crossing and found.province == landed.province:
            arrivals = {**found.arrivals, **dict.fromkeys(state.landed, "landing")}
            meeting.meeting = found.model_copy(
                update={
                    "forces": names,
                    "nations": [state.forces[n].nation for n in names],
                    "arrivals": {n: arrivals.get(n, "stood") for n in names},
                }
            )
            meeting.settled = False
            return
    state.meetings.append(
        MeetingState(
            meeting=Meeting(
                number=len(state.meetings) + 1,
                province=landed.province,
                at_sea=False,
                forces=names,
                nations=[state.forces[n].nation for n in names],
                arrivals={n: "landing" if n in state.landed else "stood" for n in names},
            )
        )
    )


def check_battle_meets(
    state: CampaignData, place: str, nations: Iterable[str], *, naval: bool = False
) -> None:
    """T7.4: once the orders are carried out, a battle before the retreats is fought only where
    forces meet, between the nations of that meeting (a second battle after the retreats,
    T4.3, is not bound to a meeting). T3.6: at sea, when one side sought battle and the other
    avoided it, the naval battle follows only an interception that caught."""
    from assistant.ledger.phases import TARENTINE, Phase

    if (
        state.rules.orders != "sealed"
        or state.orders_resolved_turn != state.turn
        or state.phase not in TARENTINE
        or TARENTINE.index(state.phase) >= TARENTINE.index(Phase.retreats)
    ):
        return
    fought = set(nations)
    there = [m for m in state.meetings if m.province == place]
    if naval:
        _check_intercepted(
            state, [m for m in there if m.at_sea and fought <= set(m.meeting.nations)]
        )
    if any(fought <= set(m.meeting.nations) for m in there):
        return
    raise refused(
        "place",
        N_("no meeting at {place} this turn between {nations}; meetings: {choices} (T7.4)"),
        place=place,
        nations=", ".join(sorted(fought)),
        choices="; ".join(
            f"{m.province} ({', '.join(dict.fromkeys(m.meeting.nations))})" for m in state.meetings
        )
        or "-",
    )


def _check_intercepted(state: CampaignData, found: list[MeetingState]) -> None:
    """T3.6: a one-sided meeting at sea comes to battle only once the avoider is caught."""
    for meeting in found:
        seek = set(meeting.seek or [])
        avoiders = [n for n in meeting.meeting.forces if state.forces.get(n) is not None
                    and state.forces[n].nation not in seek]  # fmt: skip
        if not seek or not avoiders:
            continue
        rolled = any(
            tried.turn == state.turn and tried.target in avoiders for tried in state.interceptions
        )
        if meeting.settled or not rolled:
            raise refused(
                "place",
                N_(
                    "meeting {number} at {place}: {seek} sought battle, the others avoided it; "
                    "a naval battle follows only an interception that caught (castra campaign "
                    "intercept, T3.6)"
                ),
                number=meeting.meeting.number,
                place=meeting.province,
                seek=", ".join(sorted(seek)),
            )


def settle_by_battle(state: CampaignData, place: str, nations: Iterable[str]) -> None:
    """A battle recorded at a meeting's place between its nations settles it (T7.4); on the
    Macedon map an invasion's meeting once no armies of both sides stand there (D8)."""
    if state.dba_map is not None:
        from assistant.ledger.invasions import recheck

        recheck(state)
        return
    fought = set(nations)
    for meeting in state.meetings:
        if (
            not meeting.settled
            and meeting.province == place
            and fought <= set(meeting.meeting.nations)
        ):
            meeting.settled = True
            return


def check_interception(state: CampaignData, event: InterceptionRolled) -> None:
    """T3.6, T7.4: once the orders are carried out, an interception is rolled only at a meeting
    at sea where the seeker's nation said it seeks battle and the target's that it avoids it."""
    if state.rules.orders != "sealed" or state.orders_resolved_turn != state.turn:
        return
    fleet = state.forces.get(event.fleet)
    target = state.forces.get(event.target)
    if fleet is None or target is None:
        return  # the interception's own check names the fleet
    there = [
        m
        for m in state.meetings
        if m.at_sea and m.province == event.province and {fleet.name, target.name} <= set(m.forces)
    ]
    if not there:
        raise refused(
            "target",
            N_("{fleet} and {target} did not meet at {province} this turn (T7.4, T3.6)"),
            fleet=fleet.name,
            target=target.name,
            province=event.province,
        )
    meeting = there[0]
    if meeting.seek is None:
        raise refused(
            "target",
            N_(
                "meeting {number}: say first which nations seek battle (castra campaign "
                "answer, T3.0)"
            ),
            number=meeting.meeting.number,
        )
    if fleet.nation not in meeting.seek or target.nation in meeting.seek:
        raise refused(
            "target",
            N_(
                "an interception is rolled only when {fleet}'s side seeks battle and "
                "{target}'s avoids it (T3.6); battle sought by: {seek}"
            ),
            fleet=fleet.name,
            target=target.name,
            seek=", ".join(meeting.seek) or "-",
        )


def settle_by_interception(state: CampaignData, province: str, caught: bool) -> None:
    """T3.6: an avoiding fleet not intercepted goes on: the meeting at sea is settled."""
    if caught:
        return
    for meeting in state.meetings:
        if meeting.at_sea and not meeting.settled and meeting.province == province:
            meeting.settled = True
            return


def _check_player_changed(state: CampaignData, event: PlayerChanged) -> None:
    """T4.4: a nation loses its player or gets one back (its orders given this turn are
    withdrawn with it)."""
    nation = state.nation(event.nation)
    if not nation.player:
        raise refused(
            "nation",
            N_("{nation} is no player nation: its forces are the Neutral holders' (T4.4)"),
            nation=nation.name,
        )
    if nation.unplayed == (not event.player):
        raise refused(
            "nation",
            N_("{nation} already has a player")
            if event.player
            else N_("{nation} already has no player"),
            nation=nation.name,
        )


def _evolve_player_changed(state: CampaignData, event: PlayerChanged, _event_id: int) -> None:
    nation = state.nations[event.nation]
    nation.unplayed = not event.player
    if not event.player:
        state.orders.pop(nation.name, None)


def _describe_player_changed(event: PlayerChanged, _happened: None) -> sd.Said:
    if event.player:
        return sd.said(N_("{nation} has a player again (T4.4)"), nation=sd.nation(event.nation))
    return sd.said(
        N_("{nation} has no player from now on: its forces stand and defend (T4.4)"),
        nation=sd.nation(event.nation),
    )


PLAYER_CHANGED = Family(_check_player_changed, _evolve_player_changed, _describe_player_changed)


def _evolve_landed(state: CampaignData, event: TroopsLanded, event_id: int) -> map_rules.Landed:
    """T7.3, T7.4: the troops land; under sealed orders they meet the hostile armies ashore
    (:func:`found_by_landing`)."""
    landed = map_rules.TROOPS_LANDED.evolve(state, event, event_id)
    if state.rules.orders == "sealed":
        found_by_landing(state, event.army)
    return landed


TROOPS_LANDED = Family(
    map_rules.TROOPS_LANDED.check, _evolve_landed, map_rules.TROOPS_LANDED.describe
)
"""A landing (:data:`assistant.ledger.forces.TROOPS_LANDED`) with its meeting ashore."""
