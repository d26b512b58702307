"""A yes/no question before something that cannot be taken back (e.g. discarding a battle)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from assistant.tui.widgets.footer import CastraFooter
from converters.i18n import N_, _

__all__ = ["ConfirmScreen"]


class ConfirmScreen(ModalScreen[bool]):
    """Ask ``question``; dismisses with True for y, False for n or Escape."""

    # Marked, not translated: the footer says each key's label in the language in force when
    # it is drawn (translated here, at import, "Yes" stayed in the language of the first use).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, title: str, question: str) -> None:
        super().__init__()
        self.title_text = title
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.question, id="confirm-question")
            yield Static(_("y: yes · n or Escape: no"), classes="hint")
        yield CastraFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
