"""Physical-dice mode: the dialog where the player types the face of a real die.

A face the die cannot show is refused inline and asked again, never accepted; Escape abandons
the roll (the screen that asked records nothing).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from assistant.tui.widgets.footer import CastraFooter

__all__ = ["DieEntryScreen"]


class DieEntryScreen(ModalScreen[int | None]):
    """Ask for one die's face: 1..sides, validated inline; dismisses with the face or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel roll"),
        Binding("enter", "submit", "Enter face", show=True),
    ]

    def __init__(self, sides: int, purpose: str) -> None:
        super().__init__()
        self.sides = sides
        self.purpose = purpose

    def compose(self) -> ComposeResult:
        with Vertical(id="die-entry", classes="dialog"):
            yield Label(f"Roll a d{self.sides}", classes="dialog-title")
            yield Static(self.purpose, id="die-purpose")
            yield Input(
                placeholder=f"face shown, 1–{self.sides}",
                restrict=r"\d*",
                max_length=3,
                id="die-face",
            )
            yield Static("", id="die-error", classes="error field-error")
            yield Static("Enter: record the face · Escape: abandon this roll", classes="hint")
        yield CastraFooter()

    def on_mount(self) -> None:
        self.query_one("#die-face", Input).focus()

    @on(Input.Submitted, "#die-face")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        """Accept the typed face if the die can show it; otherwise say why and ask again."""
        field = self.query_one("#die-face", Input)
        typed = field.value.strip()
        if typed.isdigit() and 1 <= int(typed) <= self.sides:
            self.dismiss(int(typed))
            return
        shown = repr(typed) if typed else "nothing"
        error = self.query_one("#die-error", Static)
        error.update(f"face: a d{self.sides} shows 1 to {self.sides} (got {shown}); roll again")
        error.add_class("-shown")
        field.value = ""
        field.focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
