"""The turn as one reader may see it: whose sealed orders are hidden, what the orders did, and the
battle a meeting opens (T7.3, T7.4, T3.2).

The Campaign screen and the Map show a turn to whoever sits at the keyboard: the referee, or a
nation entering its sealed orders. :func:`~assistant.ledger.orders.may_see` is the one rule of
who may read an event; this module applies it to the stored log (which events a nation may not
read yet), finds the turn's carrying-out of the orders (what every force did), and gives the
battle a meeting opens with its forces, place and approach filled in — so the screens read the
ledger's answers and add no rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from assistant.ledger import forces as map_rules
from assistant.ledger.events import OrdersResolved, Undone
from assistant.ledger.orders import may_see, refused
from converters.i18n import N_
from converters.meetings import MeetingBattle, meeting_battle
from converters.tribute import Troops

if TYPE_CHECKING:
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import StoredEvent

__all__ = ["battle_of_meeting", "hidden_from", "last_resolution", "revealed_turns"]


def _in_force(events: Iterable[StoredEvent]) -> list[StoredEvent]:
    listed = list(events)
    undone = {stored.event.target for stored in listed if isinstance(stored.event, Undone)}
    return [s for s in listed if s.id not in undone and not isinstance(s.event, Undone)]


def revealed_turns(events: Iterable[StoredEvent]) -> set[int]:
    """T7.3: the turns whose sealed orders are carried out (an ``OrdersResolved`` not undone)."""
    return {
        stored.event.turn or 0
        for stored in _in_force(events)
        if isinstance(stored.event, OrdersResolved)
    }


def hidden_from(viewer: str | None, events: Iterable[StoredEvent]) -> set[int]:
    """The ids of the events ``viewer`` (a nation; None: the referee) may not read yet:
    another nation's sealed orders of a turn not yet carried out (:func:`may_see`)."""
    listed = list(events)
    revealed = revealed_turns(listed)
    return {s.id for s in listed if not may_see(viewer, s.event, revealed)}


def last_resolution(events: Iterable[StoredEvent], turn: int) -> OrdersResolved | None:
    """T7.3: the orders carried out on ``turn`` (what every force did), if they were."""
    found = [
        stored.event
        for stored in _in_force(events)
        if isinstance(stored.event, OrdersResolved) and stored.event.turn == turn
    ]
    return found[-1] if found else None


def battle_of_meeting(state: CampaignState, number: int) -> MeetingBattle:
    """T7.4, T3.2: the battle meeting ``number`` of this turn opens: its forces as they stand
    now on their sides, its place, and how the attacker came (refused, naming the meeting, if
    there is none)."""
    found = next((m for m in state.meetings if m.meeting.number == number), None)
    if found is None:
        raise refused(
            "meeting",
            N_("no meeting {number} this turn; meetings: {choices}"),
            number=number,
            choices=", ".join(str(m.meeting.number) for m in state.meetings) or "-",
        )
    meeting = found.meeting
    troops = [
        (
            Troops(nation=force.nation, pm=force.pm, paid_by=force.paid_by),
            meeting.arrivals.get(force.name, "stood"),
        )
        for name in meeting.forces
        if (force := state.forces.get(name)) is not None
    ]
    province = meeting.province
    homeland = next((p.homeland for p in state.scenario.provinces if p.name == province), "")
    return meeting_battle(
        province,
        meeting.at_sea,
        troops,
        state.control.get(province, homeland),
        map_rules.alliances(state),
    )
