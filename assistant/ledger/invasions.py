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

from typing import TYPE_CHECKING

from assistant.ledger import dba_map
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import DbaMoved, Meeting, SideDone
from assistant.ledger.family import Family
from assistant.ledger.models import MeetingState, Phase
from assistant.ledger.read_models import PairingSummary
from converters import said as sd
from converters.dba_campaign import RuleBroken, battle_pairing
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = ["DBA_MOVED", "SIDE_DONE", "found_by_invasion", "pairing_of", "recheck"]


def _both_there(state: CampaignData, province: str) -> bool:
    if state.dba_map is None:
        return False
    sides = {army.side for army in state.dba_map.at(province)}
    return len(sides) > 1


def found_by_invasion(state: CampaignData, event: DbaMoved) -> None:
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


def recheck(state: CampaignData) -> None:
    """D6, D8: an invasion meeting is settled once no armies of both sides stand there (the
    games fought, or an army gone by a tactical retreat, D5)."""
    if state.dba_map is None:
        return
    for meeting in state.meetings:
        if not meeting.settled and not _both_there(state, meeting.province):
            meeting.settled = True


def pairing_of(state: CampaignData, meeting: MeetingState) -> PairingSummary | None:
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
    return PairingSummary(pairs=tuple(found.pairs), queue=tuple(found.queue))


def _check_side_done(state: CampaignData, event: SideDone) -> None:
    """D6 phase 2: the side with the initiative has moved all the armies it will and says it
    is done; then the other side moves and says so too (the battles follow). Under house rule
    ``orders = immediate`` the order of the two is not refused."""
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


def _evolve_side_done(state: CampaignData, event: SideDone, _event_id: int) -> str | None:
    """The phase the side's word moves the campaign to; the other side, if it moves now."""
    first = event.side == state.initiative
    state.phase = Phase.second_side_moves if first else Phase.battles
    assert state.dba_map is not None  # checked
    return state.dba_map.enemy(event.side) if first else None


def _describe_side_done(event: SideDone, other: str | None) -> sd.Said:
    if other is not None:
        return sd.said(
            N_("{side} has done its manoeuvres (D6 phase 2): {other} moves now"),
            side=sd.nation(event.side),
            other=sd.nation(other),
        )
    return sd.said(
        N_("{side} has done its manoeuvres (D6 phase 2): the battles follow"),
        side=sd.nation(event.side),
    )


SIDE_DONE = Family(_check_side_done, _evolve_side_done, _describe_side_done)


def _evolve_moved(state: CampaignData, event: DbaMoved, event_id: int) -> sd.Said:
    """D10, D8: the move, then the meeting an invasion into enemy armies makes."""
    words: sd.Said = dba_map.DBA_MOVED.evolve(state, event, event_id)
    found_by_invasion(state, event)
    return words


DBA_MOVED = Family(dba_map.DBA_MOVED.check, _evolve_moved, dba_map.DBA_MOVED.describe)
"""An army's move on Macedon vs Persia's map (:data:`assistant.ledger.dba_map.DBA_MOVED`)
with the invasion's meeting it finds."""
