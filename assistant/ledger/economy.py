"""The money and PM a referee or a nation spends and adjusts: the treasury and prestige
corrected by hand, forces adjusted, a province passed by the referee, decimated PM rebuilt
(T2.5) and recruits ordered (T6.1) — each as check, evolve and describe
(:mod:`assistant.ledger.family`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from assistant.ledger import recruitment
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import (
    ForcesAdjusted,
    PmRebuilt,
    PrestigeAdjusted,
    ProvinceTaken,
    RecruitmentOrdered,
    TreasuryAdjusted,
)
from assistant.ledger.family import Family, need_note
from assistant.ledger.forces import board_of
from assistant.ledger.models import NationState, Recruits
from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "FORCES_ADJUSTED",
    "PM_REBUILT",
    "PRESTIGE_ADJUSTED",
    "PROVINCE_TAKEN",
    "RECRUITMENT_ORDERED",
    "TREASURY_ADJUSTED",
    "arrival",
    "check_treasury_bound",
]


def check_treasury_bound(state: CampaignData, nation: NationState, pe: int, field: str) -> None:
    """T7.8: no treasury above the campaign's bound (10,000 PE unless the data says).

    A check of new events only, so a campaign file recorded before the bound keeps opening."""
    economy = state.scenario.economy
    if economy is None or pe <= 0:
        return
    if nation.treasury + pe > economy.max_treasury_pe:
        raise LedgerFieldError(
            field,
            N_("{nation} would hold {total} PE; no treasury holds more than {bound} PE (T7.8)"),
            nation=nation.name,
            total=nation.treasury + pe,
            bound=f"{economy.max_treasury_pe:,}",
        )


# ---- the treasury and prestige corrected --------------------------------------------------


def _recheck_treasury(state: CampaignData, event: TreasuryAdjusted) -> None:
    nation = state.nation(event.nation)
    need_note(event.note)
    if nation.treasury + event.pe < 0:
        raise LedgerFieldError(
            "pe",
            N_("{name} has {treasury} PE; cannot take {pe}"),
            name=nation.name,
            treasury=nation.treasury,
            pe=-event.pe,
        )


def _check_treasury(state: CampaignData, event: TreasuryAdjusted) -> None:
    _recheck_treasury(state, event)
    check_treasury_bound(state, state.nations[event.nation], event.pe, "pe")


def _evolve_treasury(state: CampaignData, event: TreasuryAdjusted, _event_id: int) -> int:
    nation = state.nations[event.nation]
    nation.treasury += event.pe
    return nation.treasury


def _describe_treasury(event: TreasuryAdjusted, treasury: int) -> sd.Said:
    return sd.said(
        N_("{nation} treasury {pe} PE → {treasury} PE"),
        nation=sd.nation(event.nation),
        pe=sd.Signed(value=event.pe),
        treasury=treasury,
    )


TREASURY_ADJUSTED = Family(
    _check_treasury, _evolve_treasury, _describe_treasury, recheck=_recheck_treasury
)


def _check_prestige(state: CampaignData, event: PrestigeAdjusted) -> None:
    state.nation(event.nation)
    need_note(event.note)


def _evolve_prestige(state: CampaignData, event: PrestigeAdjusted, _event_id: int) -> int:
    nation = state.nations[event.nation]
    nation.prestige += event.pp
    return nation.prestige


def _describe_prestige(event: PrestigeAdjusted, prestige: int) -> sd.Said:
    return sd.said(
        N_("{nation} prestige {pp} PP → {prestige} PP"),
        nation=sd.nation(event.nation),
        pp=sd.Signed(value=event.pp),
        prestige=prestige,
    )


PRESTIGE_ADJUSTED = Family(_check_prestige, _evolve_prestige, _describe_prestige)


# ---- forces adjusted, a province passed ---------------------------------------------------


def _check_forces(state: CampaignData, event: ForcesAdjusted) -> None:
    nation = state.nation(event.nation)
    need_note(event.note)
    if event.land_pm == 0 and event.naval_pm == 0:
        raise LedgerFieldError("land_pm", N_("give a land or naval PM change"))
    if nation.land_pm + event.land_pm < 0:
        raise LedgerFieldError(
            "land_pm",
            N_("{name} has {land_pm} land PM"),
            name=nation.name,
            land_pm=nation.land_pm,
        )
    if nation.naval_pm + event.naval_pm < 0:
        raise LedgerFieldError(
            "naval_pm",
            N_("{name} has {naval_pm} naval PM"),
            name=nation.name,
            naval_pm=nation.naval_pm,
        )


def _evolve_forces(state: CampaignData, event: ForcesAdjusted, _event_id: int) -> None:
    nation = state.nations[event.nation]
    nation.land_pm += event.land_pm
    nation.naval_pm += event.naval_pm


def _describe_forces(event: ForcesAdjusted, _happened: None) -> sd.Said:
    return sd.said(
        N_("{nation} forces {land} land, {naval} naval PM"),
        nation=sd.nation(event.nation),
        land=sd.Signed(value=event.land_pm),
        naval=sd.Signed(value=event.naval_pm),
    )


FORCES_ADJUSTED = Family(_check_forces, _evolve_forces, _describe_forces)


def _check_taken(state: CampaignData, event: ProvinceTaken) -> None:
    names = {province.name for province in state.scenario.provinces}
    if event.province not in names:
        raise LedgerFieldError(
            "province",
            N_("not a province of this scenario: {province!r}"),
            province=event.province,
        )
    state.nation(event.nation)


def _evolve_taken(state: CampaignData, event: ProvinceTaken, _event_id: int) -> None:
    state.control[event.province] = event.nation


def _describe_taken(event: ProvinceTaken, _happened: None) -> sd.Said:
    return sd.said(
        N_("{province} now held by {nation}"),
        province=sd.province(event.province),
        nation=sd.nation(event.nation),
    )


PROVINCE_TAKEN = Family(_check_taken, _evolve_taken, _describe_taken)


# ---- decimated PM rebuilt (T2.5) ----------------------------------------------------------


def _rebuild_cost(state: CampaignData, event: PmRebuilt) -> int:
    return state.economy().rebuild_cost * event.pm


def _check_rebuild(state: CampaignData, event: PmRebuilt) -> None:
    state.economy()
    nation = state.nation(event.nation)
    if nation.decimated_pm < event.pm:
        raise LedgerFieldError(
            "pm",
            N_(
                "{name} has {decimated_pm} decimated PM that can still be rebuilt (asked "
                "{pm}; T2.5: up to and including the next winter turn)"
            ),
            name=nation.name,
            decimated_pm=nation.decimated_pm,
            pm=event.pm,
        )
    cost = _rebuild_cost(state, event)
    if nation.treasury < cost:
        raise LedgerFieldError(
            "pm",
            N_("rebuilding {pm} PM costs {cost} PE; {name} has {treasury} PE (T2.5)"),
            pm=event.pm,
            cost=cost,
            name=nation.name,
            treasury=nation.treasury,
        )


def _evolve_rebuild(state: CampaignData, event: PmRebuilt, _event_id: int) -> int:
    nation = state.nations[event.nation]
    cost = _rebuild_cost(state, event)
    nation.treasury -= cost
    nation.land_pm += event.pm
    left = event.pm
    for batch in nation.decimated:
        taken = min(batch.pm, left)
        batch.pm -= taken
        left -= taken
    nation.decimated = [batch for batch in nation.decimated if batch.pm]
    return cost


def _describe_rebuild(event: PmRebuilt, cost: int) -> sd.Said:
    return sd.said(
        N_("{nation} rebuilt {pm} decimated PM for {cost} PE"),
        nation=sd.nation(event.nation),
        pm=event.pm,
        cost=cost,
    )


PM_REBUILT = Family(_check_rebuild, _evolve_rebuild, _describe_rebuild)


# ---- recruits ordered (T6.1) --------------------------------------------------------------


class Ordered(NamedTuple):
    """What a recruitment cost and when it arrives."""

    cost: int
    arrives: int


def arrival(state: CampaignData, ordered: int) -> int:
    """T6.1: 4 turns after the order; training that ends in winter deploys in spring."""
    economy = state.economy()
    calendar = state.scenario.calendar
    arrives = ordered + economy.recruit_delay_turns
    if not calendar.winter_turn:
        return arrives
    of_year = calendar.turn_of_year(ordered)
    if of_year + economy.recruit_delay_turns > calendar.turns_per_year:
        return (calendar.year_index(ordered) + 1) * calendar.year_length + 1
    return arrives


def _deployed_in(state: CampaignData, event: RecruitmentOrdered) -> str:
    """T6.1: where the recruits deploy: the army they join's province, else the one named
    (a refusal when the army named is not one of the nation's, there)."""
    return recruitment.check_join(state, event) if event.join else event.province


def _recruit_cost(state: CampaignData, event: RecruitmentOrdered) -> int:
    economy = state.economy()
    return economy.land_pm_cost * event.land_pm + economy.naval_pm_cost * event.naval_pm


def _check_recruit(state: CampaignData, event: RecruitmentOrdered) -> None:
    state.economy()
    nation = state.nation(event.nation)
    if not nation.player:
        raise LedgerFieldError(
            "nation", N_("{name} is not a player nation and cannot recruit"), name=nation.name
        )
    if nation.unplayed:
        raise LedgerFieldError(
            "nation",
            N_("{name} has no player: it recruits nothing (T4.4)"),
            name=nation.name,
        )
    if event.land_pm + event.naval_pm == 0:
        raise LedgerFieldError("land_pm", N_("order at least one land or naval PM"))
    province = _deployed_in(state, event)
    if province:
        holder = state.control.get(province)
        if holder is None:
            raise LedgerFieldError(
                "province",
                N_("not a province of this scenario: {province!r}"),
                province=province,
            )
        if holder != nation.name:
            raise LedgerFieldError(
                "province",
                N_(
                    "recruits deploy in a controlled province; {province} is held by {holder} "
                    "(T6.1)"
                ),
                province=province,
                holder=holder,
            )
        board = board_of(state.scenario)
        if event.naval_pm and board is not None and not board.place(province).maritime:
            raise LedgerFieldError(
                "province",
                N_(
                    "a fleet is launched only in a maritime province; {province} has no coast "
                    "(T6.1)"
                ),
                province=province,
            )
    cost = _recruit_cost(state, event)
    if nation.treasury < cost:
        raise LedgerFieldError(
            "land_pm",
            N_(
                "{land_pm} land and {naval_pm} naval PM cost {cost} PE; {name} has {treasury} "
                "PE (T6.1)"
            ),
            land_pm=event.land_pm,
            naval_pm=event.naval_pm,
            cost=cost,
            name=nation.name,
            treasury=nation.treasury,
        )


def _evolve_recruit(state: CampaignData, event: RecruitmentOrdered, _event_id: int) -> Ordered:
    nation = state.nations[event.nation]
    cost = _recruit_cost(state, event)
    arrives = arrival(state, state.turn)
    nation.treasury -= cost
    nation.training.append(
        Recruits(
            land_pm=event.land_pm,
            naval_pm=event.naval_pm,
            ordered=state.turn,
            arrives=arrives,
            province=_deployed_in(state, event),
            join=event.join,
        )
    )
    return Ordered(cost, arrives)


def _describe_recruit(event: RecruitmentOrdered, ordered: Ordered) -> sd.Said:
    return sd.said(
        N_(
            "{nation} ordered {land} land and {naval} naval PM for {cost} PE, arriving turn "
            "{arrives}"
        ),
        nation=sd.nation(event.nation),
        land=event.land_pm,
        naval=event.naval_pm,
        cost=ordered.cost,
        arrives=ordered.arrives,
    )


RECRUITMENT_ORDERED = Family(_check_recruit, _evolve_recruit, _describe_recruit)
