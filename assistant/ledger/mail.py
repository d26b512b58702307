"""Orders by mail (T7.3): a player's copy of the campaign, and the signed orders file it sends
back to the referee.

A Tarentine campaign is often played over days: the referee sends each player a copy of the
campaign (:func:`player_events`: only what that nation may see, :func:`~assistant.ledger.orders.
may_see`), the player enters its orders in its own Castra, and sends back a small JSON file of
them signed with its nation's key (HMAC-SHA256). The referee receives every order (T7.3): the
import checks the signature, the campaign, the turn and every order against the true campaign
before it seals any of them, and refuses the whole file in one line otherwise.

The keys are derived from one random secret kept in the referee's campaign file (never in an
export, never in a copy), so the referee can print them again at any time and nothing else
needs keeping safe. The copy keeps only a check of its nation's key, so a player who mistypes
it is told at once, not by the referee days later.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from assistant.ledger.events import (
    CampaignCreated,
    Event,
    NoOrders,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    SealedOrder,
    Undone,
)
from assistant.ledger.orders_seen import force_of, may_see
from converters.errors import field_error
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import CampaignStore, StoredEvent

__all__ = [
    "MOST_ORDERS",
    "MOST_ORDERS_BYTES",
    "ORDERS_FORMAT",
    "CopyMark",
    "copy_mark",
    "key_check",
    "nation_keys",
    "normal_key",
    "orders_document",
    "orders_to_seal",
    "parse_orders",
    "player_events",
]

ORDERS_FORMAT = "castra-orders"
"""The ``format`` field of an orders file."""
ORDERS_VERSION = 1
"""The layout of the orders file this Castra writes and reads."""
MOST_ORDERS_BYTES = 64 * 1024
"""The largest orders file read: a nation's orders for a turn take a few hundred bytes."""
MOST_ORDERS = 200
"""The most orders one file may hold (one per force)."""
SECRET_KEY = "mail_secret"
"""The ``meta`` key of the referee's secret the nations' keys are derived from."""
_KEY_BYTES = 15
"""A key's length: 120 bits, 24 letters and digits in base 32."""
_FIELDS = {"format", "version", "campaign", "nation", "turn", "orders", "signature"}
_ORDER_ADAPTER: TypeAdapter[SealedOrder] = TypeAdapter(SealedOrder)


class CopyMark(BaseModel):
    """What marks a campaign file as a player's copy (kept beside its record)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nation: str
    """The nation it is the copy of."""
    campaign: str
    """The campaign it was made from (:meth:`CampaignStore.campaign_id`)."""
    turn: int
    """The turn it was made at."""
    key_check: str
    """The sha256 of the nation's key (the key itself is never in the copy)."""


PLAYER_COPY_KEY = "player_copy"
"""The ``meta`` key marking a player's copy: its nation and campaign (:class:`CopyMark`)."""


def copy_mark(text: str | None) -> CopyMark | None:
    """The mark kept in a file's ``meta`` (None: the referee's own campaign)."""
    if text is None:
        return None
    return CopyMark.model_validate_json(text)


def refused(field: str, message: str, **values: Any) -> Exception:
    from assistant.ledger.errors import LedgerFieldError

    return LedgerFieldError(field, message, **values)


# ---- keys -----------------------------------------------------------------------------------


def _secret(store: CampaignStore, *, make: bool = True) -> bytes | None:
    """The referee's secret, made on first use (one for the campaign) unless not ``make``."""
    kept = store.read_meta(SECRET_KEY)
    if kept is None and make:
        kept = store.write_meta(SECRET_KEY, secrets.token_hex(32), keep=True)
    return None if kept is None else bytes.fromhex(kept)


def _key(secret: bytes, campaign: str, nation: str) -> str:
    digest = hmac.new(secret, f"castra-orders\n{campaign}\n{nation}".encode(), hashlib.sha256)
    text = base64.b32encode(digest.digest()[:_KEY_BYTES]).decode()
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def nation_keys(store: CampaignStore, *, make: bool = True) -> dict[str, str]:
    """Each nation with a player → its key (the referee's campaign only); none when no key
    was ever given and not ``make``."""
    if store.seat is not None:
        raise refused(
            "keys",
            N_("this is {nation}'s copy: only the referee's campaign holds the keys"),
            nation=store.seat,
        )
    state = store.state()
    secret = _secret(store, make=make)
    if secret is None:
        return {}
    campaign = store.campaign_id()
    return {
        name: _key(secret, campaign, name)
        for name, nation in state.nations.items()
        if nation.player and not nation.unplayed
    }


def normal_key(text: str) -> str | None:
    """A key as typed (any case, with or without dashes or spaces) as printed; None if it
    cannot be one."""
    letters = "".join(text.split()).replace("-", "").upper()
    if len(letters) != 24 or any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in letters):
        return None
    return "-".join(letters[i : i + 4] for i in range(0, 24, 4))


def key_check(key: str) -> str:
    """What a copy keeps to tell a mistyped key (a hash: the key cannot be read from it)."""
    return hashlib.sha256(f"castra-key-check\n{key}".encode()).hexdigest()


# ---- the player's copy ------------------------------------------------------------------------


def player_events(
    events: Sequence[StoredEvent], nation: str, sealed: Collection[tuple[int, int]] = ()
) -> list[tuple[int, Event]]:
    """The record ``nation``'s player may hold: every event in force that :func:`may_see`
    lets it read (not another nation's answer to a meeting whose answers are still
    ``sealed``, T3.0), numbered afresh from 1 (a gap would count the orders left out).

    Undone events and their undos are left out whole: an undone resolution would carry every
    nation's orders of its turn, and because undo takes back the last event in force, the
    events left replay exactly to the campaign as it stands."""
    undone = {stored.event.target for stored in events if isinstance(stored.event, Undone)}
    in_force = [
        stored.event
        for stored in events
        if stored.id not in undone and not isinstance(stored.event, Undone)
    ]
    revealed = {
        event.turn
        for event in in_force
        if isinstance(event, OrdersResolved) and event.turn is not None
    }
    kept = [event for event in in_force if may_see(nation, event, revealed, sealed)]
    if not kept or not isinstance(kept[0], CampaignCreated):  # pragma: no cover - by the store
        raise refused("events", N_("the campaign has no creation event"))
    return list(enumerate(kept, start=1))


def copy_meta(store: CampaignStore, nation: str) -> dict[str, str]:
    """The mark of ``nation``'s copy of the campaign in ``store`` (the referee's)."""
    standing = store.state().nations.get(nation)
    if standing is None or not standing.player or standing.unplayed:
        raise refused(
            "nation",
            N_("{nation} has no player: it has no copy to play (T4.4)"),
            nation=nation,
        )
    keys = nation_keys(store)
    mark = CopyMark(
        nation=nation,
        campaign=store.campaign_id(),
        turn=store.state().turn,
        key_check=key_check(keys[nation]),
    )
    return {PLAYER_COPY_KEY: mark.model_dump_json()}


# ---- the orders file --------------------------------------------------------------------------


def _body(document: dict[str, Any]) -> bytes:
    body = {key: value for key, value in document.items() if key != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def _signature(document: dict[str, Any], key: str) -> str:
    return hmac.new(key.encode(), _body(document), hashlib.sha256).hexdigest()


def orders_document(store: CampaignStore, key: str) -> dict[str, Any]:
    """The orders file of a player's copy: its nation's orders this turn, signed with ``key``
    (checked against the copy's mark first)."""
    mark = copy_mark(store.read_meta(PLAYER_COPY_KEY))
    if mark is None:
        raise refused(
            "file",
            N_(
                "not a player's copy: the referee's campaign seals orders as they are given "
                "(a player's copy: castra campaign export --for NATION)"
            ),
        )
    typed = normal_key(key)
    if typed is None or not hmac.compare_digest(key_check(typed), mark.key_check):
        raise refused(
            "key",
            N_("not {nation}'s key: type it as the referee gave it (24 letters and digits)"),
            nation=mark.nation,
        )
    state = store.state()
    orders = state.orders.get(mark.nation, [])
    document: dict[str, Any] = {
        "format": ORDERS_FORMAT,
        "version": ORDERS_VERSION,
        "campaign": mark.campaign,
        "nation": mark.nation,
        "turn": state.turn,
        "orders": [order.model_dump(mode="json") for order in orders],
    }
    document["signature"] = _signature(document, typed)
    return document


def parse_orders(data: bytes) -> dict[str, Any]:
    """An orders file's bytes as a document of the right shape (size, JSON, its fields)."""
    if len(data) > MOST_ORDERS_BYTES:
        raise refused(
            "file",
            N_("larger than {most} KiB: not an orders file"),
            most=MOST_ORDERS_BYTES // 1024,
        )
    try:
        document = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise refused("file", N_("nested too deep: not an orders file")) from None
    except (UnicodeDecodeError, ValueError):
        raise refused("file", N_("not JSON (cut short or damaged?): not an orders file")) from None
    if not isinstance(document, dict) or document.get("format") != ORDERS_FORMAT:
        raise refused(
            "format", N_("not a Castra orders file (format {format})"), format=ORDERS_FORMAT
        )
    missing = sorted(_FIELDS - document.keys())
    extra = sorted(document.keys() - _FIELDS)
    if missing or extra:
        raise refused(
            "file",
            N_("fields missing: {missing}; fields not expected: {extra}"),
            missing=", ".join(missing) or "-",
            extra=", ".join(extra) or "-",
        )
    if document["version"] != ORDERS_VERSION or isinstance(document["version"], bool):
        raise refused(
            "version",
            N_("{version!r} is not a version this Castra reads ({known})"),
            version=document["version"],
            known=ORDERS_VERSION,
        )
    for name, kind in (("campaign", str), ("nation", str), ("signature", str), ("orders", list)):
        if not isinstance(document[name], kind):
            raise refused(name, N_("not of the right kind in an orders file"))
    turn = document["turn"]
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise refused("turn", N_("a whole number, 1 or more (got {turn!r})"), turn=turn)
    if len(document["orders"]) > MOST_ORDERS:
        raise refused("orders", N_("more than {most} orders"), most=MOST_ORDERS)
    return document


def refuse_a_copy(store: CampaignStore) -> None:
    """Orders files are sealed in the referee's campaign, never in a player's copy."""
    if store.seat is not None:
        raise refused(
            "file",
            N_("this is {nation}'s copy: orders files are imported into the referee's campaign"),
            nation=store.seat,
        )


def orders_to_seal(
    store: CampaignStore, document: dict[str, Any], *, who: str = "", note: str = ""
) -> tuple[str, list[Event]]:
    """T7.3: the events that seal a player's orders file in the referee's campaign — the
    nation's orders this turn become exactly the file's — after checking its campaign, its
    signature with the nation's key, its turn and every order against the campaign as it
    stands. Any refusal is one line naming what is wrong; nothing is written here."""
    refuse_a_copy(store)
    if document["campaign"] != store.campaign_id():
        raise refused(
            "campaign", N_("these orders are for another campaign, not this one: nothing sealed")
        )
    state = store.state()
    nation = document["nation"]
    # A campaign whose keys were never given has signed nothing: nothing is made here.
    keys = nation_keys(store, make=False)
    if nation not in keys:
        raise refused(
            "nation",
            N_("{nation} is no nation with a player in this campaign"),
            nation=nation[:40],
        )
    if not hmac.compare_digest(_signature(document, keys[nation]), document["signature"]):
        raise refused(
            "signature",
            N_(
                "does not match {nation}'s key: the file was changed after it was signed, or "
                "signed with another nation's key; nothing sealed"
            ),
            nation=nation,
        )
    if document["turn"] != state.turn:
        raise refused(
            "turn",
            N_("these orders are for turn {given}; the campaign is at turn {turn}: nothing sealed"),
            given=document["turn"],
            turn=state.turn,
        )
    orders = []
    for number, raw in enumerate(document["orders"]):
        try:
            orders.append(_ORDER_ADAPTER.validate_python(raw, strict=True))
        except ValidationError as error:
            raise refused(
                f"orders[{number}]", N_("{reason}"), reason=field_error(error).text()
            ) from None
    return nation, _sealing(state, nation, orders, who=who, note=note)


def _sealing(
    state: CampaignState, nation: str, orders: list[SealedOrder], *, who: str, note: str
) -> list[Event]:
    """The withdrawals and orders that make ``nation``'s orders ``orders``, each checked in
    turn against the campaign (a refusal names the order's place in the file)."""
    from assistant.ledger.errors import LedgerError

    present = state.orders.get(nation, [])
    events: list[Event] = [
        OrderWithdrawn(nation=nation, force=force_of(order), turn=state.turn, who=who, note=note)
        for order in present
        if order not in orders
    ]
    places = {}
    for number, order in enumerate(orders):
        if order in present:
            continue
        try:
            given = OrderGiven(nation=nation, order=order, turn=state.turn, who=who, note=note)
        except (ValidationError, ValueError) as error:
            # A name longer than any the ledger keeps (check_lengths) is refused here.
            reason = field_error(error).text() if isinstance(error, ValidationError) else error
            raise refused(f"orders[{number}]", N_("{reason}"), reason=str(reason)) from None
        places[len(events)] = number
        events.append(given)
    if not orders and state.no_orders.get(nation) != state.turn:
        # T7.3 (Reading): a signed file of no orders is the nation saying it gives none.
        events.append(NoOrders(nation=nation, turn=state.turn, who=who, note=note))
    work = state.model_copy(deep=True)
    for position, event in enumerate(events):
        try:
            work.check(event)
        except (LedgerError, ValueError) as error:
            # ValueError: a name longer than any the ledger keeps (check_lengths).
            place = f"orders[{places[position]}]" if position in places else "orders"
            raise refused(place, N_("{reason}"), reason=str(error)) from None
        work.apply(event, work.last_event_id + 1)
    return events
