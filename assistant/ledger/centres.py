"""Bellum's years (B1, B2): the supply centres each power held at the end of a year, the
standings and the end of the game — as check, evolve and describe
(:mod:`assistant.ledger.family`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from assistant.ledger.errors import LedgerError, LedgerFieldError
from assistant.ledger.events import CentresRecorded
from assistant.ledger.family import Family
from converters import said as sd
from converters.bellum import Standings, standings, victory_said
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = ["CENTRES_RECORDED", "bellum_over"]


def bellum_over(state: CampaignData) -> str:
    """Why a Bellum game is over, in words (B1)."""
    result = state.bellum_standings()
    victory = None if result is None else result.victory
    if victory is not None:
        return N_("the game is over: {victory}").format(victory=victory_said(victory).english())
    return N_("the game is over: year {year} was the last (B1)").format(year=state.bellum_years)


def _table(state: CampaignData, event: CentresRecorded) -> dict[str, list[int]]:
    """Each power's centres, year 1 first, with the year ``event`` records."""
    powers = state.scenario.nations
    held_now = {power: event.centres.get(power, 0) for power in powers}
    return {power: [*state.centres.get(power, []), held_now[power]] for power in powers}


def _standings(state: CampaignData, event: CentresRecorded) -> Standings:
    setup = state.scenario.bellum
    assert setup is not None
    return standings(_table(state, event), setup.rules, sovereign=event.sovereign)


def _check_centres(state: CampaignData, event: CentresRecorded) -> None:
    """B1, B2: the centres each power held at the end of the next year."""
    setup = state.scenario.bellum
    if setup is None:
        raise LedgerFieldError(
            "kind",
            N_("supply centres are recorded only in a Bellum game (castra campaign new bellum)"),
        )
    rules = setup.rules
    done = state.bellum_years
    if event.year != done + 1:
        raise LedgerFieldError(
            "year",
            N_(
                "the next year to record is {done} (got {year}); years are recorded in order, "
                "1 to {last_year}"
            ),
            done=done + 1,
            year=event.year,
            last_year=rules.last_year,
        )
    powers = state.scenario.nations
    for power, held in event.centres.items():
        if power not in state.nations:
            raise LedgerFieldError(
                "centres",
                N_("unknown power {power!r}; the powers are {powers}"),
                power=power,
                powers=", ".join(powers),
            )
        if held < 0:
            raise LedgerFieldError(
                "centres",
                N_("{power} = {held}; a power holds 0 centres or more"),
                power=power,
                held=held,
            )
    previous = {power: row[-1] for power, row in state.centres.items() if row}
    missing = [
        power
        for power in powers
        if power not in event.centres and (not done or previous.get(power, 0) > 0)
    ]
    if missing:
        raise LedgerFieldError(
            "centres",
            N_(
                "give every power's centres at the end of year {year}; missing {missing} "
                "(only a power already at 0 may be left out)"
            ),
            year=event.year,
            missing=", ".join(missing),
        )
    held_now = {power: event.centres.get(power, 0) for power in powers}
    total = sum(held_now.values())
    if total > rules.supply_centres:
        raise LedgerFieldError(
            "centres",
            N_(
                "year {year} adds up to {total}, more than the map's {supply_centres} supply "
                "centres (B1)"
            ),
            year=event.year,
            total=total,
            supply_centres=rules.supply_centres,
        )
    try:
        _standings(state, event)
    except ValueError as error:
        raise LedgerError(str(error)) from None


class Year(NamedTuple):
    """A year recorded: the standings after it, and its year BC."""

    result: Standings
    year_bc: int


def _evolve_centres(state: CampaignData, event: CentresRecorded, _event_id: int) -> Year:
    table = _table(state, event)
    result = _standings(state, event)
    state.centres = table
    if event.sovereign is not None:
        state.sovereign = event.sovereign
    if result.status != "in progress":
        state.finished = True
    else:
        state.turn += 1
    return Year(result, state.scenario.calendar.start_year_bc - (event.year - 1))


def _describe_centres(event: CentresRecorded, year: Year) -> sd.Said:
    result = year.result
    held = sd.listing(
        sd.said("{power} {centres}", power=sd.nation(row.power), centres=row.centres)
        for row in result.rows
        if row.centres > 0
    )
    told = [
        sd.said(
            N_("year {year} ({year_bc} BC) centres: {held}"),
            year=event.year,
            year_bc=year.year_bc,
            held=held,
        )
    ]
    victory = result.victory
    if victory is not None:
        told.append(sd.said(N_("{victory}: the game is over"), victory=victory_said(victory)))
    elif result.status == "ended":
        first = result.rows[0]
        if first.decided_by == "draw":
            level = next(group for group in result.draws if first.power in group)
            told.append(
                sd.said(
                    N_("the game is over: {powers} draw for first place (B2)"),
                    powers=sd.listing(sd.nation(power) for power in level),
                )
            )
        else:
            told.append(
                sd.said(
                    N_(
                        "the game is over: {power} first with {centres} centres, decided by "
                        "{decided_by} (B2)"
                    ),
                    power=sd.nation(first.power),
                    centres=first.centres,
                    decided_by=first.decided,
                )
            )
    return sd.clauses(*told)


CENTRES_RECORDED = Family(_check_centres, _evolve_centres, _describe_centres)
