"""What a player may record, and what is kept of each player beside the record (T7.3).

The referee receives every order and records everything (T7.3); a player — one nation's copy
of the campaign sent by mail, or one nation's session in ``castra serve --players`` — gives
and withdraws its own nation's sealed orders and nothing else. The rule sits here, at the
ledger's door (:meth:`~assistant.ledger.store.CampaignStore.append`), so no screen or command
has to remember it: whatever a player's key or command asks for, the ledger refuses it in one
line and writes nothing.

What a seat may do is decided here once (:func:`seat_may`), for the ledger's door and for the
app alike: the app offers a player only the screens and keys this says yes to, and the ledger
refuses the rest, so a key the app forgot to hide is still refused.

Each player's language (its turn packet is written in it, and its seat in ``serve --players``
speaks it) is kept beside the record too: it is no event of the game, and undo must not change
it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from assistant.ledger.events import Event, MeetingAnswered, NoOrders, OrderGiven, OrderWithdrawn
from assistant.tokens import new_token
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.store import CampaignStore

__all__ = [
    "LANGUAGES",
    "LANGUAGES_KEY",
    "PLAYER_ACTS",
    "PLAYER_SCREENS",
    "REFEREE_SEAT",
    "SEALED_ACTS",
    "SESSIONS_KEY",
    "Unread",
    "act_of",
    "check_seat",
    "issue_sessions",
    "keep_sessions",
    "languages",
    "new_sessions",
    "players_of",
    "refuse_undo",
    "rotate_session",
    "seat_may",
    "session_hashes",
    "session_matches",
    "set_language",
]

LANGUAGES_KEY = "player_languages"
"""The ``meta`` key of each nation's language (JSON: nation → ``en`` or ``it``)."""
LANGUAGES = ("en", "it")
"""The languages a player's packet may be written in."""


def refused(field: str, message: str, **values: str) -> Exception:
    from assistant.ledger.errors import LedgerFieldError

    return LedgerFieldError(field, message, **values)


def players_of(store: CampaignStore) -> list[str]:
    """The nations with a player (T4.4), in the scenario's order."""
    return [
        name
        for name, nation in store.state().nations.items()
        if nation.player and not nation.unplayed
    ]


PLAYER_SCREENS = ("campaign", "map", "history", "chronicle", "annibui")
"""The screens a player's session may visit (T7.3): the public board (the Campaign screen's
nations, the Map, the public events of the History), the Chronicle, and ANNI BUI's sums, which
write nothing. The battle desk, the dice battle, the ghost, the journal and the Bellum
standings record battles and moves: the referee's."""

PLAYER_ACTS = frozenset({"order", "withdraw", "answer", "hand_in", "read"})
"""What a player may do besides visiting its screens (T7.3): give its own sealed orders
(``order``; recruitment is one under sealed orders), withdraw them, answer seek or avoid for its
own side of a meeting (``answer``, T3.0), say it gives no orders this turn (``hand_in``), and read
(move, scroll, write the report of what it may read). Everything else — recording or undoing an
event, a battle, the resolution, the winter, a rule, war or a treaty outside its orders,
choosing who enters, opening another file — is the referee's."""


SEALED_ACTS = frozenset({"order", "withdraw", "hand_in"})
"""A player's acts that exist only under sealed orders (T7.3): under house rule ``orders =
immediate`` an order is carried out as it is given — a move or a recruitment recorded at once,
the referee's — and there is nothing to withdraw or hand in."""


def seat_may(seat: str | None, act: str, *, sealed: bool = True) -> bool:
    """T7.3: whether ``seat`` (a nation's player; None: the referee, who may do everything) may
    ``act``: one of :data:`PLAYER_SCREENS` or :data:`PLAYER_ACTS`, or anything else a
    screen's key or a command does (the referee's); not one of :data:`SEALED_ACTS` in a
    campaign whose orders are not ``sealed`` (house rule ``orders = immediate``). The app hides
    what this refuses; the ledger refuses it (:func:`check_seat`)."""
    if seat is None:
        return True
    if not sealed and act in SEALED_ACTS:
        return False
    return act in PLAYER_ACTS or act in PLAYER_SCREENS


def act_of(event: Event) -> str:
    """What recording ``event`` is, in :func:`seat_may`'s words."""
    if isinstance(event, OrderGiven):
        return "order"
    if isinstance(event, OrderWithdrawn):
        return "withdraw"
    if isinstance(event, MeetingAnswered) and event.nation is not None:
        return "answer"
    if isinstance(event, NoOrders):
        return "hand_in"
    return "record"


def check_seat(seat: str, event: Event) -> None:
    """Refuse ``event`` unless :func:`seat_may` lets ``seat`` record it and it is ``seat``'s
    own (T7.3): the rest is the referee's."""
    if not seat_may(seat, act_of(event)):
        raise refused(
            "kind",
            N_(
                "{seat}'s player gives and withdraws {seat}'s sealed orders only; the referee "
                "records everything else (T7.3)"
            ),
            seat=seat,
        )
    nation = event.nation if isinstance(event, OrderGiven | OrderWithdrawn | NoOrders) else None
    if isinstance(event, MeetingAnswered):
        nation = event.nation
    if nation != seat:
        raise refused(
            "nation",
            N_("{seat} gives only its own orders, not {nation}'s (T7.3)"),
            seat=seat,
            nation=str(nation),
        )


def refuse_undo(seat: str) -> None:
    """A player never undoes: it withdraws its order instead (T7.3)."""
    raise refused(
        "undo",
        N_("{seat}'s player does not undo: withdraw an order instead; undo is the referee's"),
        seat=seat,
    )


def languages(store: CampaignStore) -> dict[str, str]:
    """Each nation's language as kept with the campaign (nations not set: none)."""
    found = _text_map(store.read_meta(LANGUAGES_KEY))
    return {nation: lang for nation, lang in found.items() if lang in LANGUAGES}


def set_language(store: CampaignStore, nation: str, language: str) -> None:
    """Keep ``language`` as ``nation``'s (the nation already checked against the campaign)."""
    if language not in LANGUAGES:
        raise refused(
            "lang",
            N_("one of {choices} (got {lang!r})"),
            choices=", ".join(LANGUAGES),
            lang=language,
        )
    kept = languages(store)
    kept[nation] = language
    store.write_meta(LANGUAGES_KEY, json.dumps(kept, sort_keys=True))


# ---- player sessions: one token per seat, kept hashed ------------------------------------------

SESSIONS_KEY = "session_tokens"
"""The ``meta`` key of each seat's session token, hashed (JSON: seat → sha256)."""
REFEREE_SEAT = "*referee*"
"""The referee's seat among the session tokens (no nation is so named)."""


def _digest(token: str) -> str:
    return hashlib.sha256(f"castra-session\n{token}".encode()).hexdigest()


def session_hashes(store: CampaignStore) -> dict[str, str]:
    """Each seat with a session token → the token's hash."""
    return _text_map(store.read_meta(SESSIONS_KEY))


def _text_map(text: str | None) -> dict[str, str]:
    """A JSON object of texts kept beside the record (anything else in it is ignored)."""
    if text is None:
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {str(key): value for key, value in found.items() if isinstance(value, str)}


def issue_sessions(store: CampaignStore, seats: list[str]) -> dict[str, str]:
    """A new token for each of ``seats`` that has none yet (those that have one keep it: their
    players' addresses survive a restart), kept hashed; the new tokens, to print once."""
    fresh = new_sessions(store, seats)
    keep_sessions(store, fresh)
    return fresh


def new_sessions(store: CampaignStore, seats: list[str]) -> dict[str, str]:
    """A new token for each of ``seats`` without one, not kept yet (:func:`keep_sessions`)."""
    kept = session_hashes(store)
    return {seat: new_token() for seat in seats if seat not in kept}


def keep_sessions(store: CampaignStore, fresh: dict[str, str]) -> None:
    """Keep the hashes of ``fresh`` tokens with the campaign (one transaction)."""
    if fresh:
        kept = session_hashes(store)
        kept.update({seat: _digest(token) for seat, token in fresh.items()})
        store.write_meta(SESSIONS_KEY, json.dumps(kept, sort_keys=True))


def rotate_session(store: CampaignStore, seat: str) -> str:
    """Replace ``seat``'s token: the old address stops working at once."""
    token = new_token()
    kept = session_hashes(store)
    kept[seat] = _digest(token)
    store.write_meta(SESSIONS_KEY, json.dumps(kept, sort_keys=True))
    return token


def session_matches(path: Path, seat: str, given: str | None) -> bool:
    """Whether ``given`` is ``seat``'s token now, read from the campaign file at ``path`` (a
    plain read of its ``meta`` table, made for each request, so a rotated token is refused at
    once); compared in constant time."""
    if not given:
        return False
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            row = connection.execute(
                "SELECT value FROM meta WHERE key = ?", (SESSIONS_KEY,)
            ).fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    expected = _text_map(None if row is None else str(row[0])).get(seat)
    if expected is None:
        return False
    return hmac.compare_digest(_digest(given), expected)


def hidden_from(
    seat: str, events: list[tuple[int, Event]], sealed: Collection[tuple[int, int]] = ()
) -> set[int]:
    """The ids of the events ``seat``'s player may not read (:func:`~assistant.ledger.orders.
    may_see`: another nation's sealed orders of a turn not yet carried out, another nation's
    answer to a meeting whose answers are still ``sealed``), and the undos of them."""
    return set(Unread(seat=seat).taking(events, sealed).hidden)


class Unread(BaseModel):
    """What one nation's player may not read of a campaign's events up to :attr:`last_id`
    (:func:`hidden_from`), kept so that the events recorded since are the only ones read
    again: a player's session and the History read a long campaign's log once, then a few
    events a change (issue 26).

    Only the events another nation's player could be kept from (those it may not read while no
    turn's orders are carried out, :func:`~assistant.ledger.orders_seen.may_see`), the carryings-out
    and the undos are kept; which are hidden follows from them whatever the order they came in."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    """The nation reading (T7.3)."""
    last_id: int = 0
    """The last event taken in."""
    sealed: tuple[tuple[int, Event], ...] = ()
    """The events hidden from the seat while their turn's orders are not carried out, and
    the other sides' answers to meetings (hidden while their meeting's answers are sealed)."""
    resolutions: tuple[tuple[int, int | None], ...] = ()
    """Each carrying-out of the orders, with its turn."""
    undos: tuple[tuple[int, int], ...] = ()
    """Each undo, with the event it cancelled."""
    hidden: frozenset[int] = frozenset()
    """The ids the seat may not read."""

    def taking(
        self, events: Iterable[tuple[int, Event]], answers: Collection[tuple[int, int]] = ()
    ) -> Unread:
        """These with ``events`` taken in (those after :attr:`last_id`, oldest first);
        ``answers``: the meetings whose answers are sealed now (T3.0,
        :func:`~assistant.ledger.orders_seen.sealed_answers`)."""
        from assistant.ledger.events import OrdersResolved, Undone
        from assistant.ledger.orders_seen import may_see

        sealed, resolutions, undos = list(self.sealed), list(self.resolutions), list(self.undos)
        last = self.last_id
        for event_id, event in events:
            if event_id <= last:
                continue
            last = event_id
            if isinstance(event, OrdersResolved):
                resolutions.append((event_id, event.turn))
            elif isinstance(event, Undone):
                undos.append((event_id, event.target))
            elif not may_see(self.seat, event, ()) or (
                # T3.0: another side's answer, sealed while its meeting is being answered
                isinstance(event, MeetingAnswered) and event.nation not in (None, self.seat)
            ):
                sealed.append((event_id, event))
        undone = {target for _id, target in undos}
        revealed = {
            turn for event_id, turn in resolutions if event_id not in undone and turn is not None
        }
        hidden = {
            event_id
            for event_id, event in sealed
            if not may_see(self.seat, event, revealed, answers)
        }
        # An undone resolution carried every order of its turn.
        hidden |= {event_id for event_id, _turn in resolutions if event_id in undone}
        hidden |= {event_id for event_id, target in undos if target in hidden}
        return Unread(
            seat=self.seat,
            last_id=last,
            sealed=tuple(sealed),
            resolutions=tuple(resolutions),
            undos=tuple(undos),
            hidden=frozenset(hidden),
        )
