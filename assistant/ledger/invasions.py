"""Macedon vs Persia: an invasion into enemy armies is a meeting that needs its battle (D6,
D8, D10), and a side says when its manoeuvres are done (D6 phase 2).

An army that invades a province where enemy armies stand does not take it: a battle is due
there (D10). The seed's turn lets nothing else happen before it is fought — yet the ledger
used to let such an invasion sit unfought for turns. Here the invasion becomes one of the
turn's meetings (the same list as the Tarentine ones, so the turn's phases, ``campaign
meetings`` and the app read it alike): settled only once no armies of both sides stand in the
province any more — after D8's games, one after the other, the winner against the next army —
so the turn cannot end while it is unsettled (D6 Reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.ledger.events import DbaMoved, Meeting, SideDone
from assistant.ledger.orders import MeetingState
from converters.dba_campaign import RuleBroken, battle_pairing
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.state import CampaignState

__all__ = ["found_by_invasion", "pairing_of", "recheck", "side_done"]


def _both_there(state: CampaignState, province: str) -> bool:
    if state.dba_map is None:
        return False
    sides = {army.side for army in state.dba_map.at(province)}
    return len(sides) > 1


def found_by_invasion(state: CampaignState, event: DbaMoved) -> None:
    """D10, D6: an invasion that found enemy armies is a meeting of every army there; any
    move may settle one (the defenders' tactical retreat, D5)."""
    recheck(state)
    if event.move != "invasion" or state.dba_map is None or not _both_there(state, event.to):
        return
    here = state.dba_map.at(event.to)
    for meeting in state.meetings:
        if meeting.province == event.to and not meeting.settled:
            names = sorted({*meeting.forces, *(a.name for a in here)})
            meeting.meeting = meeting.meeting.model_copy(
                update={
                    "forces": names,
                    "nations": [state.dba_map.armies[n].side for n in names],
                    "arrivals": {**meeting.meeting.arrivals, event.army: "invasion"},
                }
            )
            return
    names = sorted(a.name for a in here)
    state.meetings.append(
        MeetingState(
            meeting=Meeting(
                number=len(state.meetings) + 1,
                province=event.to,
                at_sea=False,
                forces=names,
                nations=[state.dba_map.armies[n].side for n in names],
                arrivals={n: "invasion" if n == event.army else "stood" for n in names},
            ),
            seek=sorted({state.dba_map.armies[event.army].side}),
        )
    )


def recheck(state: CampaignState) -> None:
    """D6, D8: an invasion meeting is settled once no armies of both sides stand there (the
    games fought, or an army gone by a tactical retreat, D5)."""
    if state.dba_map is None:
        return
    for meeting in state.meetings:
        if not meeting.settled and not _both_there(state, meeting.province):
            meeting.settled = True


def pairing_of(state: CampaignState, meeting: MeetingState) -> dict[str, Any] | None:
    """D8: who fights whom now at an unsettled invasion meeting (the invader's side attacks);
    None when settled, off the Macedon map, or when the attacker must pick (equal numbers)."""
    if state.dba_map is None or meeting.settled:
        return None
    invaders = [n for n, way in meeting.meeting.arrivals.items() if way == "invasion"]
    if not invaders or invaders[0] not in state.dba_map.armies:
        return None
    side = state.dba_map.armies[invaders[0]].side
    here = state.dba_map.at(meeting.province)
    try:
        found = battle_pairing(
            [a.name for a in here if a.side == side], [a.name for a in here if a.side != side]
        )
    except RuleBroken:
        return None
    return found.model_dump()


def side_done(state: CampaignState, event: SideDone, apply: bool) -> str:
    """D6 phase 2: the side with the initiative has moved all the armies it will and says it
    is done; then the other side moves and says so too (the battles follow). Under house rule
    ``orders = immediate`` the order of the two is not refused."""
    from assistant.ledger.phases import Phase
    from assistant.ledger.state import LedgerFieldError

    if state.dba_map is None:
        raise LedgerFieldError("side", N_("only the Macedon vs Persia map moves side by side (D6)"))
    if event.side not in state.dba_map.sides:
        raise LedgerFieldError(
            "side",
            N_("{side} is no side of this campaign: {sides}"),
            side=event.side,
            sides=", ".join(state.dba_map.sides),
        )
    first = event.side == state.initiative
    sealed = state.rules.orders == "sealed"
    if sealed and not first and state.phase in (None, Phase.initiative, Phase.first_side_moves):
        raise LedgerFieldError(
            "side",
            N_("{first} has the initiative: it says it is done first (D6 phase 2)"),
            first=state.initiative or "-",
        )
    if apply:
        state.phase = Phase.second_side_moves if first else Phase.battles
    if first:
        return N_("{side} has done its manoeuvres (D6 phase 2): {other} moves now").format(
            side=event.side, other=state.dba_map.enemy(event.side)
        )
    return N_("{side} has done its manoeuvres (D6 phase 2): the battles follow").format(
        side=event.side
    )
