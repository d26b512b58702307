"""A turn packet: one turn told from one nation's side, for its player (T7.3, T7.4).

After every turn the referee sends each player a packet: its orders as given and what became
of each, its meetings and how they were answered, its battles, its money and prestige at the
close of the turn, then the turn's public chronicle and the board as it closed — never another
nation's orders, revealed or not (each player sees what they did on the board). It is the
public report (:mod:`assistant.chronicle.story`) gathered for that nation, with its own part
first, and is rendered by the same templates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylists.names import nation_name
from assistant.chronicle.story import (
    BattleStory,
    Chronicle,
    NationFigures,
    PacketSection,
    PlayerPacket,
    gather,
    report_scope,
)
from assistant.ledger.events import (
    ForceMoved,
    MarchOrder,
    Meeting,
    MeetingAnswered,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    SealedOrder,
    Undone,
    VoyageOrder,
)
from assistant.ledger.orders_seen import force_of
from assistant.ledger.players import players_of
from assistant.ledger.sealed_view import order_words
from converters.force_names import shown_army, shown_name
from converters.i18n import _
from converters.province_names import province_name

if TYPE_CHECKING:
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import CampaignStore, StoredEvent

__all__ = ["packet_from", "packet_of", "players_of"]


def packet_of(store: CampaignStore, nation: str, turn: int | None = None) -> Chronicle:
    """``nation``'s packet for ``turn`` (default: the last turn something was recorded in)."""
    return packet_from(store.events(), store.state(), nation, turn)


def packet_from(
    events: list[StoredEvent], state: CampaignState, nation: str, turn: int | None = None
) -> Chronicle:
    """:func:`packet_of` from the events and state already read (the app's Chronicle screen
    gathers off its thread from what it read on it)."""
    scope = report_scope(state, events, turn=turn)
    from assistant.ledger.orders_seen import sealed_answers

    chronicle = gather(events, scope, viewer=nation, sealed=sealed_answers(state))
    told = next((story for story in chronicle.turns if story.turn == scope.first_turn), None)
    in_force = _in_force(events, scope.first_turn)
    resolution = next((e for e in reversed(in_force) if isinstance(e, OrdersResolved)), None)
    if resolution is not None:
        orders = resolution.orders.get(nation, [])
    elif state.turn == scope.first_turn:
        orders = list(state.orders.get(nation, []))
    else:
        orders = _given(in_force, nation)
    sections = [
        PacketSection(heading=_("Its orders, and what became of them (T7.3)"), lines=[
            _order_result(order, resolution, state) for order in orders
        ]),
        PacketSection(
            heading=_("Its meetings (T7.4)"),
            lines=_meetings(nation, resolution, in_force),
        ),
        PacketSection(
            heading=_("Its battles"),
            lines=_battles(nation, told.battles if told is not None else []),
        ),
        PacketSection(
            heading=_("Its money and prestige at the close of the turn"),
            lines=_figures(nation, told.figures if told is not None else []),
        ),
    ]  # fmt: skip
    packet = PlayerPacket(
        nation=nation,
        title=_("{nation}'s turn {turn}").format(nation=nation_name(nation), turn=scope.first_turn),
        sections=sections,
    )
    return chronicle.model_copy(update={"packet": packet})


def _in_force(events: list[StoredEvent], turn: int) -> list[object]:
    undone = {stored.event.target for stored in events if isinstance(stored.event, Undone)}
    return [
        stored.event
        for stored in events
        if stored.id not in undone
        and not isinstance(stored.event, Undone)
        and stored.event.turn == turn
    ]


def _given(events: list[object], nation: str) -> list[SealedOrder]:
    """The orders ``nation`` gave in a turn whose orders were never carried out."""
    orders: list[SealedOrder] = []
    for event in events:
        if isinstance(event, OrderGiven) and event.nation == nation:
            orders.append(event.order)
        elif isinstance(event, OrderWithdrawn) and event.nation == nation:
            orders = [o for o in orders if force_of(o) != event.force]
    return orders


def _moved(move: ForceMoved) -> str:
    # Said of an army or a fleet alike: Italian words it in the present ("giunge a"), which
    # agrees with esercito and flotta both.
    if move.stopped:
        return _("stopped at {end}: met another fleet on the way (T7.4)").format(end=move.end)
    if move.end == move.start:
        return _("stayed at {end}").format(end=move.end)
    return _("ended at {end}").format(end=move.end)


def _order_result(
    order: SealedOrder, resolution: OrdersResolved | None, state: CampaignState
) -> str:
    # One wording of an order for the command line, the app and the packet (its route too).
    text = order_words(order, state, withdrawable=False)
    if resolution is None:
        return text + " — " + _("not carried out yet")
    if not isinstance(order, MarchOrder | VoyageOrder):
        return text + " — " + _("carried out with every order (T7.3)")
    move = next((m for m in resolution.moves if m.force == force_of(order)), None)
    return text + " — " + (_moved(move) if move is not None else _("not carried out"))


def _meeting_text(meeting: Meeting) -> str:
    where = _("at sea") if meeting.at_sea else _("on land")
    forces = ", ".join(
        # A Tarentine force (T7.2) or a Macedon vs Persia army (D1) as the reader names it.
        f"{shown_army(shown_name(name, nation), nation)} ({nation_name(nation)})"
        for name, nation in zip(meeting.forces, meeting.nations, strict=False)
    )
    return f"{meeting.number}. {where}, {province_name(meeting.province)}: {forces}"


def _meetings(nation: str, resolution: OrdersResolved | None, events: list[object]) -> list[str]:
    if resolution is None:
        return []
    answers: dict[int, list[str]] = {}
    sides: dict[int, dict[str, bool]] = {}
    for event in events:
        if isinstance(event, MeetingAnswered) and event.nation is None:
            answers[event.meeting] = list(event.seek)
        elif isinstance(event, MeetingAnswered) and event.nation is not None:
            # T3.0: one side's answer; the meeting is answered once every side has said.
            sides.setdefault(event.meeting, {})[event.nation] = bool(event.seek)
    lines = []
    for meeting in resolution.meetings:
        if nation not in meeting.nations:
            continue
        line = _meeting_text(meeting)
        said = sides.get(meeting.number, {})
        answer = answers.get(meeting.number)
        if answer is None and said and set(meeting.nations) <= set(said):
            answer = [side for side, seeks in said.items() if seeks]
        if answer is None:
            line += " — " + _("seek or avoid battle: not answered yet")
        elif answer:
            line += " — " + _("battle sought by {nations}").format(
                nations=", ".join(nation_name(n) for n in answer)
            )
        else:
            line += " — " + _("neither side sought battle: no battle (T3.0)")
        lines.append(line)
    return lines


def _battles(nation: str, battles: list[BattleStory]) -> list[str]:
    return [
        _("battle of {place}: {outcome}").format(place=battle.place, outcome=battle.outcome)
        for battle in battles
        if nation in battle.side_a or nation in battle.side_b
    ]


def _figures(nation: str, figures: list[NationFigures]) -> list[str]:
    found = next((f for f in figures if f.nation == nation), None)
    if found is None:
        return []
    return [
        _("treasury {treasury} PE, prestige {prestige} PP").format(
            treasury=found.treasury, prestige=found.prestige
        ),
        _("land {land} PM, naval {naval} PM, decimated {decimated} PM").format(
            land=found.land_pm, naval=found.naval_pm, decimated=found.decimated
        ),
    ]
