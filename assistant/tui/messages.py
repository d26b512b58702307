"""Messages screens post upward when something happened, named as past events.

Attributes go down, messages go up: the app's ledger service
(:class:`assistant.tui.ledger_service.LedgerService`) posts a :class:`LedgerChanged` (or a
subclass such as :class:`BattleRecorded`) to the app for every event it records; the app says
what happened and publishes the message on ``ledger.changed``, to which every screen showing
campaign data subscribes. The app's handler is ``@on(LedgerChanged)``, so subclasses added here
are handled with no more wiring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from assistant.ledger.store import CampaignStore, StoredEvent

__all__ = [
    "BattleRecorded",
    "CampaignFailed",
    "CampaignOpened",
    "DiceModeChanged",
    "EventUndone",
    "LedgerChanged",
    "ReportWritten",
    "TurnAdvanced",
]


class LedgerChanged(Message):
    """Something was written to (or undone in) the campaign ledger."""

    def __init__(self, summary: str = "", stored: StoredEvent | None = None) -> None:
        super().__init__()
        self.summary = summary
        """One line for the user, e.g. "Turn 2 (15 April 278 BC)"; empty for no notice."""
        self.stored = stored
        """The event as the ledger stored it (None when the campaign file was just opened)."""


class TurnAdvanced(LedgerChanged):
    """The campaign moved on by a turn (or through the winter turn)."""


class BattleRecorded(LedgerChanged):
    """A battle's result (table or dice) was recorded into the campaign."""


class EventUndone(LedgerChanged):
    """The last event was undone, with a reason."""


class DiceModeChanged(Message):
    """Physical-dice mode was switched on or off."""

    def __init__(self, physical: bool) -> None:
        super().__init__()
        self.physical = physical
        """True when every roll is now asked of the player."""


class ReportWritten(Message):
    """A report or a battle sheet was written to ``path``, or could not be (``error``)."""

    def __init__(self, path: object, error: str | None = None) -> None:
        super().__init__()
        self.path = path
        """Where it went (or was meant to go): a ``pathlib.Path``."""
        self.error = error
        """Why it could not be written, in one line; None when it was."""


class CampaignOpened(Message):
    """The campaign file was opened (by the app's opening worker, off the app's thread)."""

    def __init__(self, store: CampaignStore, note: str | None) -> None:
        super().__init__()
        self.store = store
        """The open campaign."""
        self.note = note
        """E.g. that the file was just created; None for nothing to say."""


class CampaignFailed(Message):
    """The campaign file could not be opened."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason
        """Why, in one line (the ledger's own words)."""
