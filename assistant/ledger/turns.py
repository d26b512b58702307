"""The end of a turn (T5.1–T5.4, T6.1, D6): the tribute collected and the siege costs paid,
the initiative, the next turn's first phase, sacked provinces paying again in spring, recruits
arriving and, on Macedon vs Persia's map, the turn closed there — as check, evolve and describe
(:mod:`assistant.ledger.family`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from assistant.ledger import dba_map, phases, recruitment
from assistant.ledger.economy import check_treasury_bound
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import TurnAdvanced
from assistant.ledger.family import Family
from assistant.ledger.models import Recruits
from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = ["TURN_ADVANCED", "pe_list"]


class Arrived(NamedTuple):
    """Recruits that arrived at the start of a turn (T6.1)."""

    nation: str
    land_pm: int
    naval_pm: int


class Advanced(NamedTuple):
    """What the end of a turn did: the turn ended, the date now, the recruits arrived and the
    map's own end of turn (D9–D13), as its lines."""

    ended: int
    date: sd.Said
    arrived: tuple[Arrived, ...]
    on_the_map: tuple[sd.Said, ...]
    deployed: tuple[sd.Said, ...] = ()


def _recheck_turn(state: CampaignData, event: TurnAdvanced) -> None:
    _refusals(state, event, bounded=False)


def _check_turn(state: CampaignData, event: TurnAdvanced) -> None:
    _refusals(state, event, bounded=True)


def _refusals(state: CampaignData, event: TurnAdvanced, *, bounded: bool) -> None:
    """The turn's refusals, with T7.8's treasury bound on the tribute when ``bounded`` (a new
    event; a recorded one keeps opening, see :func:`check_treasury_bound`)."""
    calendar = state.scenario.calendar
    if state.is_winter and state.turn not in state.winters_resolved:
        raise LedgerFieldError("turn", N_("resolve the winter turn first (castra campaign winter)"))
    if state.turn >= calendar.total_turns:
        raise LedgerFieldError("turn", N_("{turn} is the campaign's last turn"), turn=state.turn)
    for name, pe in event.tribute.items():
        nation = state.nation(name, "tribute")
        if pe < 0:
            raise LedgerFieldError(
                "tribute", N_("{name} collects 0 PE or more (got {pe})"), name=name, pe=pe
            )
        if bounded:
            check_treasury_bound(state, nation, pe, "tribute")
    for name, pe in event.siege_costs.items():
        state.nation(name, "siege_costs")
        if pe < 0:
            raise LedgerFieldError(
                "siege_costs", N_("{name} pays 0 PE or more (got {pe})"), name=name, pe=pe
            )


def _set_initiative(state: CampaignData) -> None:
    attacker = state.scenario.attacker
    if attacker is None or len(state.scenario.nations) != 2:
        return
    from converters.morale import initiative

    first, second = state.scenario.nations
    victories: list[tuple[str, Any]] = list(state.victories_this_turn)
    state.initiative = initiative(victories, sides=(first, second), attacker=attacker).side
    state.victories_this_turn = []


def _evolve_turn(state: CampaignData, event: TurnAdvanced, event_id: int) -> Advanced:
    calendar = state.scenario.calendar
    for name, pe in event.tribute.items():
        state.nations[name].treasury += pe
    for name, pe in event.siege_costs.items():
        state.nations[name].treasury = max(0, state.nations[name].treasury - pe)
    _set_initiative(state)
    phases.start_turn(state)
    state.meetings = []
    state.landed = []
    state.turn += 1
    if calendar.turn_of_year(state.turn) == 1:
        state.sacked = []  # T5.3: no tribute from a sacked province until spring
    arrived: list[Arrived] = []
    deployed: list[sd.Said] = []  # T6.1: where each batch stands now
    for nation in state.nations.values():
        keep: list[Recruits] = []
        for batch in nation.training:
            if batch.arrives <= state.turn:
                deployed += recruitment.arrive(state, nation, batch)
                arrived.append(Arrived(nation.name, batch.land_pm, batch.naval_pm))
            else:
                keep.append(batch)
        nation.training = keep
    on_the_map = dba_map.end_of_turn(state, event_id)
    date = calendar.said(state.turn)
    return Advanced(state.turn - 1, date, tuple(arrived), tuple(on_the_map), tuple(deployed))


def pe_list(amounts: dict[str, int]) -> sd.Listing:
    """ "Rome 12 PE, Carthage 8 PE": each nation's PE, as tribute and siege costs list them."""
    return sd.listing(
        sd.said(N_("{nation} {pe} PE"), nation=sd.nation(n), pe=pe) for n, pe in amounts.items()
    )


def _describe_turn(event: TurnAdvanced, advanced: Advanced) -> sd.Said:
    told: list[sd.Said] = [
        sd.said(N_("turn {turn} ended"), turn=advanced.ended),
        sd.said(N_("now {date}"), date=advanced.date),
    ]
    if event.tribute:
        told.append(sd.said(N_("tribute {amounts}"), amounts=pe_list(event.tribute)))
    if event.siege_costs:
        told.append(sd.said(N_("siege costs (T5.4) {amounts}"), amounts=pe_list(event.siege_costs)))
    if advanced.arrived:
        batches = sd.listing(
            sd.said(
                N_("{nation} +{land} land, +{naval} naval"),
                nation=sd.nation(batch.nation),
                land=batch.land_pm,
                naval=batch.naval_pm,
            )
            for batch in advanced.arrived
        )
        told.append(sd.said(N_("recruits arrived: {batches}"), batches=batches))
        told += advanced.deployed
    told += advanced.on_the_map
    return sd.clauses(*told)


TURN_ADVANCED = Family(_check_turn, _evolve_turn, _describe_turn, recheck=_recheck_turn)
