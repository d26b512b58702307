"""The campaign ledger: an append-only event log, replayed into the campaign state (pure).

``CampaignStore.open(path)`` / ``CampaignStore.create(path, scenario)`` give a campaign file;
``store.state()`` is the campaign as it stands (:class:`CampaignState`), ``store.append(event)``
records one of the events of :mod:`assistant.ledger.events` (refused with :class:`LedgerError`,
nothing written, when impossible), ``store.undo(reason)``, ``store.history()`` and
``store.export_document()`` / ``CampaignStore.import_document(doc, path)``.
:mod:`assistant.ledger.record` builds battle and winter events through the converters.
"""

from __future__ import annotations

from assistant.ledger.events import EVENT_ADAPTER, Event
from assistant.ledger.paths import default_campaign_path
from assistant.ledger.state import CampaignState, LedgerError, replay
from assistant.ledger.store import (
    CampaignFileError,
    CampaignStore,
    HistoryEntry,
    StoredEvent,
)

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
