"""Who may read the sealed orders and what the turn's orders and meetings are, read without
the rules that carry them out (T7.3, T7.4, T3.0).

:mod:`assistant.ledger.orders` gives, withdraws and carries out the orders with the rules of
every family they touch (a march's, a treaty's, a recruitment's); what a screen or an orders
file only reads of them is here, so that the app's launch, a player's copy and an orders file
read none of those rules (issue 21: the app's launch). The orders module offers every name
here as its own too.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from assistant.ledger.events import (
    Event,
    MarchOrder,
    MeetingAnswered,
    OrderGiven,
    OrderWithdrawn,
    RecruitOrder,
    SealedOrder,
    VoyageOrder,
    WarOrder,
)
from assistant.ledger.read_models import MeetingSummary

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "RECRUITS",
    "REFEREE",
    "force_of",
    "handed_in",
    "may_see",
    "meetings_summary",
    "orders_of",
    "sealed_answers",
]

REFEREE: None = None
"""The viewer who sees every order (the referee receives them all, T7.3)."""

RECRUITS = "recruits"
"""What a nation's recruitment orders are called where a force's name would be (``campaign
orders NATION --withdraw recruits``, T5.2 phase 1)."""


def force_of(order: SealedOrder) -> str:
    """The force an order moves — :data:`RECRUITS` for a recruitment order; for an order of
    phase 2, what names it instead, as ``campaign orders NATION --withdraw`` takes it:
    "war:ENEMY", "treaty:A+B" (T7.10)."""
    if isinstance(order, RecruitOrder):
        return RECRUITS
    if isinstance(order, MarchOrder):
        return order.army
    if isinstance(order, VoyageOrder):
        return order.fleet
    if isinstance(order, WarOrder):
        return f"war:{order.on}"
    return "treaty:" + "+".join(sorted(order.parties))


def handed_in(state: CampaignData) -> set[str]:
    """T7.3 (Reading): the nations that have handed in their orders this turn: those with at
    least one sealed order in, and those that said they give none (:class:`NoOrders`) — names
    only, which every player may know. Withdrawing a nation's last order takes it out again,
    unless it said "no orders" this turn."""
    given = {nation for nation, orders in state.orders.items() if orders}
    said = {nation for nation, turn in state.no_orders.items() if turn == state.turn}
    return given | said


def orders_of(state: CampaignData, viewer: str | None) -> dict[str, list[SealedOrder]]:
    """The orders waiting to be carried out that ``viewer`` may see: the referee every
    nation's, a nation only its own (:func:`may_see`)."""
    return {
        nation: list(orders)
        for nation, orders in state.orders.items()
        if viewer is REFEREE or viewer == nation
    }


def sealed_answers(state: CampaignData) -> set[tuple[int, int]]:
    """T3.0, T7.4 (Reading): the meetings of this turn, as (turn, number), whose seek-or-avoid
    answers are still sealed: a side has answered in its own session or copy and another has
    not yet. Each side declares blind, as it gives its orders (T7.3); once every side has
    answered (or the referee answered for all, or the meeting was settled otherwise) the answers
    are public."""
    return {
        (state.turn, m.meeting.number)
        for m in state.meetings
        if m.answers and m.seek is None and not m.settled
    }


def may_see(
    viewer: str | None,
    event: Event,
    revealed_turns: Iterable[int],
    sealed: Collection[tuple[int, int]] = (),
) -> bool:
    """The one visibility rule (T7.3, T3.0): who may read ``event``. The referee (``None``)
    reads everything; a nation reads every event but another nation's sealed orders of a turn
    whose orders are not yet carried out (``revealed_turns``: the turns with an
    :class:`OrdersResolved` in force), and another nation's answer to a meeting whose answers
    are still ``sealed`` (:func:`sealed_answers`)."""
    if viewer is REFEREE:
        return True
    if isinstance(event, OrderGiven | OrderWithdrawn):
        return event.nation == viewer or event.turn in set(revealed_turns)
    if isinstance(event, MeetingAnswered) and event.nation not in (None, viewer):
        return (event.turn or 0, event.meeting) not in sealed
    return True


def meetings_summary(state: CampaignData) -> list[MeetingSummary]:
    """The meetings found this turn, sea first (``castra campaign meetings --json``); with
    ``answered``, the sides that have answered seek or avoid in their own sessions or copies
    so far — their names only, which every player may know: the answers stay sealed until
    every side has answered (:func:`sealed_answers`, T3.0)."""
    from assistant.ledger.invasions import pairing_of

    return [
        MeetingSummary(
            number=m.meeting.number,
            province=m.meeting.province,
            at_sea=m.meeting.at_sea,
            forces=tuple(m.meeting.forces),
            nations=tuple(m.meeting.nations),
            crossing=tuple(m.meeting.crossing),
            arrivals=dict(m.meeting.arrivals),
            seek=None if m.seek is None else tuple(m.seek),
            settled=m.settled,
            pairing=pairing_of(state, m),
            answered=tuple(sorted(m.answers)),
        )
        for m in state.meetings
    ]
