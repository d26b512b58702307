"""Messages screens post upward when something happened, named as past events.

Attributes go down, messages go up: a screen that writes to the campaign ledger posts a
:class:`LedgerChanged` (or a subclass such as :class:`BattleRecorded`); it bubbles to the app,
which asks every screen showing campaign data to re-read the store. The app's handler is
``@on(LedgerChanged)``, so subclasses added here by any screen are handled with no more wiring.
"""

from __future__ import annotations

from textual.message import Message

__all__ = [
    "BattleRecorded",
    "DiceModeChanged",
    "EventUndone",
    "LedgerChanged",
    "ReportWritten",
    "TurnAdvanced",
]


class LedgerChanged(Message):
    """Something was written to (or undone in) the campaign ledger."""

    def __init__(self, summary: str = "") -> None:
        super().__init__()
        self.summary = summary
        """One line for the user, e.g. "Turn 2 (15 April 278 BC)"; empty for no notice."""


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
