"""The campaign ledger: an append-only event log, replayed into the campaign state (pure).

``CampaignStore.open(path)`` / ``CampaignStore.create(path, scenario)`` give a campaign file;
``store.state()`` is the campaign as it stands (:class:`CampaignState`), ``store.append(event)``
records one of the events of :mod:`assistant.ledger.events` (refused with :class:`LedgerError`,
nothing written, when impossible), ``store.undo(reason)``, ``store.history()`` and
``store.export_document()`` / ``CampaignStore.import_document(doc, path)``.
:mod:`assistant.ledger.record` builds battle and winter events through the converters.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from assistant.ledger.events import EVENT_ADAPTER, Event
    from assistant.ledger.paths import default_campaign_path
    from assistant.ledger.state import CampaignState, LedgerError, replay
    from assistant.ledger.store import (
        CampaignFileError,
        CampaignStore,
        HistoryEntry,
        StoredEvent,
    )

# Imported when first asked for: the app's first frame reads the campaign's glance
# (:mod:`assistant.ledger.glance`, standard library only) without loading pydantic and the
# models these names bring.
_HOMES = {
    "EVENT_ADAPTER": "events",
    "Event": "events",
    "default_campaign_path": "paths",
    "CampaignState": "state",
    "LedgerError": "state",
    "replay": "state",
    "CampaignFileError": "store",
    "CampaignStore": "store",
    "HistoryEntry": "store",
    "StoredEvent": "store",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        missing = f"module {__name__!r} has no attribute {name!r}"  # Python's own words
        raise AttributeError(missing)
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "EVENT_ADAPTER",
    "CampaignFileError",
    "CampaignState",
    "CampaignStore",
    "Event",
    "HistoryEntry",
    "LedgerError",
    "StoredEvent",
    "default_campaign_path",
    "replay",
]
