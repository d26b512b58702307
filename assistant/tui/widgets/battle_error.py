"""The inline error line shown under a field of the battle, dice and ghost screens.

It takes no room while there is nothing to say, so a form with no mistakes stays compact, and it
appears right under the field that needs fixing as soon as there is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.visual import VisualType
from textual.widgets import Static

from converters.i18n import _

if TYPE_CHECKING:
    from assistant.ledger.store import StoredEvent


class FieldError(Static):
    """A one-line (or more) error under a field; hidden while empty."""

    def __init__(self, *, id: str | None = None, classes: str = "error") -> None:
        super().__init__("", id=id, classes=classes)
        self.display = False

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=layout)
        self.display = bool(str(content))


class FieldNote(FieldError):
    """A line of information under a field (e.g. the dice just rolled); hidden while empty."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="note")


def nothing_recorded(why: str) -> str:
    """A refused record, in the player's language: nothing was written to the campaign."""
    return _("Nothing recorded: {why}").format(why=why)


def recorded_line(stored: StoredEvent) -> str:
    """The line shown once a battle is in the campaign: what the ledger said of it, in the
    reader's language."""
    from converters.said import shown

    return _("[b]Recorded:[/b] {summary}").format(summary=shown(stored.said, stored.summary))


def type_the_place() -> str:
    """A battle refused for want of a place (the battle desk's and the dice battle's field)."""
    return _("place: type where the battle was fought (a province or city)")
