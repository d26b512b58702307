"""What a player may record, and what is kept of each player beside the record (T7.3).

The referee receives every order and records everything (T7.3); a player — one nation's copy
of the campaign sent by mail, or one nation's session in ``castra serve --players`` — gives
and withdraws its own nation's sealed orders and nothing else. The rule sits here, at the
ledger's door (:meth:`~assistant.ledger.store.CampaignStore.append`), so no screen or command
has to remember it: whatever a player's key or command asks for, the ledger refuses it in one
line and writes nothing.

Each player's language (the turn packet is written in it) is kept beside the record too: it is
no event of the game, and undo must not change it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from assistant.ledger.events import Event, OrderGiven, OrderWithdrawn
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.store import CampaignStore

__all__ = [
    "LANGUAGES",
    "LANGUAGES_KEY",
    "check_seat",
    "languages",
    "refuse_undo",
    "set_language",
]

LANGUAGES_KEY = "player_languages"
"""The ``meta`` key of each nation's language (JSON: nation → ``en`` or ``it``)."""
LANGUAGES = ("en", "it")
"""The languages a player's packet may be written in."""


def refused(field: str, message: str, **values: str) -> Exception:
    from assistant.ledger.errors import LedgerFieldError

    return LedgerFieldError(field, message, **values)


def check_seat(seat: str, event: Event) -> None:
    """Refuse ``event`` unless it is ``seat``'s own order given or withdrawn (T7.3): the rest
    is the referee's."""
    if isinstance(event, OrderGiven | OrderWithdrawn):
        if event.nation != seat:
            raise refused(
                "nation",
                N_("{seat} gives only its own orders, not {nation}'s (T7.3)"),
                seat=seat,
                nation=event.nation,
            )
        return
    raise refused(
        "kind",
        N_(
            "{seat}'s player gives and withdraws {seat}'s sealed orders only; the referee "
            "records everything else (T7.3)"
        ),
        seat=seat,
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
    text = store.read_meta(LANGUAGES_KEY)
    if text is None:
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {
        str(nation): str(lang)
        for nation, lang in found.items()
        if isinstance(lang, str) and lang in LANGUAGES
    }


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
