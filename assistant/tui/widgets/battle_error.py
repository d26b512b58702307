"""The inline error line shown under a field of the battle, dice and ghost screens.

It takes no room while there is nothing to say, so a form with no mistakes stays compact, and it
appears right under the field that needs fixing as soon as there is.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


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
