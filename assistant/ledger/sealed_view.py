"""The turn as one reader may see it: whose sealed orders are hidden, what the orders did, and
each order in words (T7.3, T7.4).

The Campaign screen and the Map show a turn to whoever sits at the keyboard: the referee, or a
nation entering its sealed orders. :func:`~assistant.ledger.orders_seen.may_see` is the one rule of
who may read an event; this module applies it to the stored log (which events a nation may not
read yet) and finds the turn's carrying-out of the orders (what every force did), so the screens
read the ledger's answers and add no rules. :func:`order_words` says an order as both the
command line and the app show it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from assistant.ledger.events import OrdersResolved, Undone
from assistant.ledger.orders_seen import may_see
from converters.i18n import _
from converters.province_names import province_name

if TYPE_CHECKING:
    from assistant.ledger.events import SealedOrder
    from assistant.ledger.read_models import MeetingSummary
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import StoredEvent

__all__ = [
    "hidden_from",
    "last_resolution",
    "meeting_cells",
    "order_words",
    "pairing_words",
    "revealed_turns",
]


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


def hidden_from(
    viewer: str | None,
    events: Iterable[StoredEvent],
    sealed: Collection[tuple[int, int]] = (),
) -> set[int]:
    """The ids of the events ``viewer`` (a nation; None: the referee) may not read yet:
    another nation's sealed orders of a turn not yet carried out, and its answer to a meeting
    whose answers are still ``sealed`` (:func:`~assistant.ledger.orders_seen.sealed_answers`), by
    :func:`may_see`."""
    listed = list(events)
    revealed = revealed_turns(listed)
    return {s.id for s in listed if not may_see(viewer, s.event, revealed, sealed)}


def last_resolution(events: Iterable[StoredEvent], turn: int) -> OrdersResolved | None:
    """T7.3: the orders carried out on ``turn`` (what every force did), if they were."""
    found = [
        stored.event
        for stored in _in_force(events)
        if isinstance(stored.event, OrdersResolved) and stored.event.turn == turn
    ]
    return found[-1] if found else None


def _shown(state: CampaignState, name: str) -> str:
    """A force as the reader names it ("Roma I", T7.2; "Macedonia 2", D1); a name a referee
    typed as typed."""
    from converters.force_names import shown_army, shown_name

    force = state.forces.get(name)
    if force is not None:
        return shown_name(name, force.nation, force.kind)
    army = state.armies.get(name)
    if army is not None:
        return shown_army(name, army.nation)
    # A force gone since the order (a packet of an earlier turn): its generated name still reads.
    return shown_army(shown_name(name))


def order_words(order: SealedOrder, state: CampaignState, *, withdrawable: bool = True) -> str:
    """A sealed order in the interface's language, as ``castra campaign orders``, the Campaign
    screen and a turn packet say it (T7.3, T7.10, T6.1); a war or treaty says the key that
    withdraws it unless not ``withdrawable`` (a packet tells a turn already played)."""
    from armylists.names import nation_name

    if order.kind == "war":
        if not withdrawable:
            return _("declares war on {on}").format(on=nation_name(order.on))
        return _("declares war on {on} (withdraw: {key})").format(
            on=nation_name(order.on), key=f"war:{order.on}"
        )
    if order.kind == "treaty":
        parties = ", ".join(nation_name(p) for p in order.parties)
        if not withdrawable:
            return _("a treaty with {parties}: {terms}").format(parties=parties, terms=order.terms)
        return _("a treaty with {parties}: {terms} (withdraw: {key})").format(
            parties=parties,
            terms=order.terms,
            key="treaty:" + "+".join(sorted(order.parties)),
        )
    if order.kind == "march":
        return _("{army} marches to {to}").format(army=_shown(state, order.army), to=order.to)
    if order.kind == "recruit":
        line = _("recruits {land} land and {naval} naval PM").format(
            land=order.land_pm, naval=order.naval_pm
        )
        if order.province:
            line += " " + _("at {province}").format(province=order.province)
        if order.join:
            line += " " + _("joining {army}").format(army=_shown(state, order.join))
        return line
    line = _("{fleet} sails to {to}").format(fleet=_shown(state, order.fleet), to=order.to)
    if order.via:
        line += " " + _("via {via}").format(via=" → ".join(order.via))
    if order.carry:
        line += " " + _("carrying {armies}").format(
            armies=", ".join(_shown(state, army) for army in order.carry)
        )
    if order.land:
        line += " " + _("and lands them")
    return line


def meeting_cells(meeting: MeetingSummary, ask: str) -> list[str]:
    """A meeting of ``castra campaign meetings`` in words: its number, where (at sea or
    on land, and the road or stretch of a crossing), its forces and how far it is settled
    (``ask`` for one not answered yet: the command or key that answers it; a meeting some sides
    have answered says which, never their answers) (T7.4, T3.0)."""
    from armylists.names import nation_name
    from converters.force_names import shown_army, shown_name

    where = province_name(meeting.province)
    if meeting.crossing:
        where = _("{province} (crossing {a}–{b})").format(
            province=where, a=meeting.crossing[0], b=meeting.crossing[1]
        )
    kind = _("at sea") if meeting.at_sea else _("on land")
    if meeting.settled:
        status = _("settled")
    elif meeting.seek is None and meeting.answered:
        # T3.0: who has answered, never what: the answers are sealed until every side has.
        waiting = [n for n in dict.fromkeys(meeting.nations) if n not in meeting.answered]
        status = _("answered by {done}, not yet by {waiting}: {ask}").format(
            done=", ".join(nation_name(n) for n in meeting.answered),
            waiting=", ".join(nation_name(n) for n in waiting),
            ask=ask,
        )
    elif meeting.seek is None:
        status = ask
    else:
        status = _("battle sought by {nations}").format(
            nations=", ".join(nation_name(n) for n in meeting.seek)
        )
    forces = ", ".join(
        # A Tarentine force (T7.2) or a Macedon vs Persia army met by an invasion (D1).
        f"{shown_army(shown_name(name, nation), nation)} ({nation_name(nation)})"
        for name, nation in zip(meeting.forces, meeting.nations, strict=False)
    )
    return [str(meeting.number), f"{kind}, {where}", forces, status]


def pairing_words(pair: Sequence[str], queue: Sequence[str]) -> str:
    """D8: the game of an invasion meeting to play now, and who the winner fights next, as
    ``castra campaign meetings`` and the Campaign screen say it."""
    from converters.force_names import shown_army

    # The armies as the reader names them ("Macedonia 2", D1).
    text = _("D8: {a} fights {d}").format(a=shown_army(pair[0]), d=shown_army(pair[1]))
    if queue:
        text += ", " + _("then the winner against {queue}").format(
            queue=", ".join(shown_army(name) for name in queue)
        )
    return str(text)
