"""A small modal form that writes one event to the campaign ledger, or nothing.

Each form names its fields; the ledger (or the event model) judges the input. A refusal comes
back as one line starting with the field's name (``"pm: Rome has 0 decimated PM …"``) and is
shown under that field; the form stays open with what the player typed, and nothing is written
(the store appends each event in one transaction). On success the form closes with the ledger's
own summary of what happened, which the screen that opened it passes up in a message.
"""

from __future__ import annotations

import sqlite3
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from assistant.tui.errors import describe, field_of
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.footer import CastraFooter
from converters.i18n import N_, _

__all__ = ["LedgerForm"]


class LedgerForm(ModalScreen[str | None]):
    """Base of the campaign forms: fields, inline errors, Enter records, Escape cancels.

    Subclasses give ``FORM_TITLE``, yield their fields from :meth:`compose_fields` (with
    :meth:`field`) and build the event in :meth:`build_event`; :meth:`record` records it.
    """

    FORM_TITLE: ClassVar[str] = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.field_labels: dict[str, str] = {}
        """Each field's label, so a refusal names the field as the form shows it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "record", N_("Record")),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Label(_(self.FORM_TITLE), classes="dialog-title")
            yield from self.compose_fields()
            yield Static("", id="form-error", classes="error field-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Record"), id="record", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        # The form's own keys, over the screen's footer (whose keys wait until it closes).
        yield CastraFooter()

    def compose_fields(self) -> ComposeResult:
        """The form's fields (use :meth:`field`)."""
        yield from ()

    def field(self, name: str, label: str, widget: Widget) -> ComposeResult:
        """A labelled field with its own error line; ``widget`` gets the id ``name``."""
        widget.id = name
        self.field_labels[name] = label
        yield Label(label, classes="field-label")
        yield widget
        yield Static("", id=f"{name}-error", classes="error field-error")

    def build_event(self) -> Any:
        """The event to append, from the fields (may raise ValueError naming the field)."""
        raise NotImplementedError

    def record(self, event: Any) -> str:
        """Record ``event`` through the ledger service (which tells every screen); return the
        ledger's summary of it (raises on refusal)."""
        return castra_app(self).ledger.record(event).summary

    # -- reading fields -------------------------------------------------------------------------

    def text(self, name: str) -> str:
        """The stripped text of Input ``name``."""
        return self.query_one(f"#{name}", Input).value.strip()

    def choice(self, name: str) -> str | None:
        """The chosen value of Select ``name`` (None when nothing is chosen)."""
        value = self.query_one(f"#{name}", Select).value
        return None if value is Select.NULL else str(value)

    def who(self) -> str:
        """The "who" field, remembered for the next form."""
        who = self.text("who")
        castra_app(self).ledger.last_who = who
        return who

    def who_input(self) -> Input:
        return Input(value=castra_app(self).ledger.last_who, placeholder=_("your name (optional)"))

    def who_then_note(self) -> ComposeResult:
        """The two fields every campaign form ends with: who records it, and a note."""
        yield from self.field("who", _("Who"), self.who_input())
        yield from self.field("note", _("Note"), Input(placeholder=_("optional")))

    # -- acting -----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        # Typing starts in the first text field (a nation is preselected from the table), so
        # Enter records at once; shift+tab reaches a choice above it.
        fields = self.query(Input)
        if fields:
            fields.first().focus()

    def clear_errors(self) -> None:
        for error in self.query(".field-error").results(Static):
            error.update("")
            error.remove_class("-shown")

    def say(self, message: str, field: str | None = None) -> None:
        """Show ``message`` under ``field`` (or under the whole form)."""
        line = self.query_one(f"#{field}-error" if field else "#form-error", Static)
        line.update(message)
        line.add_class("-shown")

    def show_error(self, error: Exception) -> None:
        """Put the refusal under its field (or under the form when it names none)."""
        field, message = field_of(error), describe(error, self.field_labels)
        target = self.query(f"#{field}-error") if field else None
        if target:
            self.say(message, field)
            widget = self.query(f"#{field}")
            if widget:
                widget.first().focus()
        else:
            self.say(message)

    def action_record(self) -> None:
        self.clear_errors()
        try:
            summary = self.record(self.build_event())
        except (ValueError, LookupError) as error:  # the ledger's refusals are ValueErrors
            self.show_error(error)
            return
        except (sqlite3.Error, OSError) as error:  # a locked or vanished file: say so, keep going
            self.say(f"file: the campaign could not be written ({error}); nothing was recorded")
            return
        self.dismiss(summary or "recorded")

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_record()

    @on(Button.Pressed, "#record")
    def _record_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_record()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()
