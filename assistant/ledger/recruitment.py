"""Recruits deployed where they were ordered, and held after winter training (T6.1).

Before this module, the province a recruitment order named was stored and never used: when the
PM arrived, the map put them in the nation's most valuable province, merged into the army there,
and that army could march at once. The revised reading of T6.1 deploys them in the province the
order names, as a new army (or joined to the army the order names, if it stands there), and only
falls back to the most valuable eligible province — saying so — when the ordered one is no longer
the nation's or holds enemy armies. Troops that finished training in winter deploy on the first
spring turn and may not move that turn: the forces they stand in are *held* (``Force.held``), and
:func:`assistant.ledger.forces.refuse_if_held` is the one check a march, a voyage, a sealed
order or a carry asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.ledger import forces as map_rules
from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.events import RecruitmentOrdered
    from assistant.ledger.models import CampaignData, NationState, Recruits

__all__ = ["arrive", "check_join", "from_winter_training"]


def check_join(state: CampaignData, event: RecruitmentOrdered) -> str:
    """T6.1: the army a recruitment order names must be an army of the ordering nation; it
    gives the province when the order names none. Returns the province they deploy in."""
    from assistant.ledger.errors import LedgerFieldError

    army = state.forces.get(event.join)
    if army is None or army.kind != "army" or army.nation != event.nation:
        choices = sorted(
            f.name for f in state.forces.values() if f.nation == event.nation and f.kind == "army"
        )
        raise LedgerFieldError(
            "join",
            N_("{nation} has no army called {army!r}; its armies: {choices} (T6.1)"),
            nation=event.nation,
            army=event.join,
            choices=", ".join(choices) or "-",
        )
    if event.province and army.province != event.province:
        raise LedgerFieldError(
            "join",
            N_("{army} stands in {there}, not in {province}: recruits join an army there (T6.1)"),
            army=army.name,
            there=army.province,
            province=event.province,
        )
    return event.province or army.province


def from_winter_training(state: CampaignData, batch: Recruits) -> bool:
    """T6.1: the batch's training ran through a winter (it deploys on the first spring turn)."""
    calendar = state.scenario.calendar
    if not calendar.winter_turn:
        return False
    return calendar.year_index(batch.ordered) < calendar.year_index(batch.arrives)


def arrive(state: CampaignData, nation: NationState, batch: Recruits) -> list[sd.Said]:
    """T6.1: ``batch`` finishes training: its PM are in play and, on a campaign with a map,
    deploy where the order said (see the module's docstring). Returns what the history says
    of each deployment."""
    nation.land_pm += batch.land_pm
    nation.naval_pm += batch.naval_pm
    board = map_rules.board_of(state.scenario)
    if board is None or not (state.forces or state.map_note):
        return []
    held = from_winter_training(state, batch)
    lines: list[sd.Said] = []
    kinds: tuple[tuple[map_rules.ForceKind, int], ...] = (
        ("army", batch.land_pm),
        ("fleet", batch.naval_pm),
    )
    for kind, pm in kinds:
        if not pm:
            continue
        where = map_rules.deploy_province(state, board, nation.name, kind, batch.province or None)
        if batch.province and where != batch.province:
            lines.append(
                sd.said(
                    N_(
                        "recruits ordered for {ordered} deploy at {province}: {ordered} is no "
                        "longer held or has enemy armies (T6.1)"
                    ),
                    ordered=sd.province(batch.province),
                    province=sd.province(where),
                )
            )
        if not batch.province:
            # No province in the order: where the map always put them, with the force there.
            lines.append(map_rules.deploy_at(state, nation.name, kind, pm, where))
            standing = map_rules.force_standing(state, nation.name, kind, where)
            name = standing.name if standing is not None else None
        else:
            name = _deploy(
                state, nation.name, kind, pm, where, batch.join if kind == "army" else ""
            )
            lines.append(map_rules.deployed(name, nation.name, kind, pm, where))
        if held and name is not None:
            state.forces[name].held = state.turn
            lines.append(
                sd.said(
                    N_("{force} out of winter training: it cannot move this turn (T6.1)"),
                    force=sd.force(name, nation.name, kind),
                )
            )
    return lines


def _deploy(
    state: CampaignData, nation: str, kind: map_rules.ForceKind, pm: int, where: str, join: str
) -> str:
    """A new army (fleet) at ``where``, or the PM join ``join`` if it stands there ashore."""
    army = state.forces.get(join) if join else None
    if (
        army is not None
        and army.nation == nation
        and army.province == where
        and army.aboard is None
        and army.paid_by is None
    ):
        army.pm += pm
        return army.name
    name = map_rules.default_name(state.forces, nation, kind)
    state.forces[name] = map_rules.Force(name=name, nation=nation, kind=kind, province=where, pm=pm)
    return name
