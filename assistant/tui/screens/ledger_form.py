"""A small modal form that writes one event to the campaign ledger, or nothing.

Each form names its fields; the ledger (or the event model) judges the input. A refusal comes
back as one line starting with the field's name (``"pm: Rome has 0 decimated PM …"``) and is
shown under that field; the form stays open with what the player typed, and nothing is written
(the store appends each event in one transaction). On success the form closes with the ledger's
own summary of what happened, which the screen that opened it passes up in a message.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from armylists.names import find_name, nation_name, nearest_name
from assistant.settings import save_setting, saved_player
from assistant.tui.errors import describe, field_of, number_refusal
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.footer import CastraFooter
from converters.errors import FieldError
from converters.i18n import N_, _, current_language
from converters.province_names import province_name

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["LedgerForm", "open_form"]

FILLED = "Input, Select, Checkbox"
"""The widgets whose values a kept form puts back as it composed them."""


class LedgerForm(ModalScreen[str | None]):
    """Base of the campaign forms: fields, inline errors, Enter records, Escape cancels.

    Subclasses give ``FORM_TITLE``, yield their fields from :meth:`compose_fields` (with
    :meth:`field`) and build the event in :meth:`build_event`; :meth:`record` records it.
    """

    FORM_TITLE: ClassVar[str] = ""
    KEPT: ClassVar[bool] = False
    """The form is kept installed once composed and shown again, refilled, while what it was
    composed from holds (:func:`open_form`): a form whose fields are all it keeps."""
    RECORD_LABEL: ClassVar[str] = N_("Record")
    """The button's label: what Enter does (a form that writes nothing says what it does)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.field_labels: dict[str, str] = {}
        """Each field's label, so a refusal names the field as the form shows it."""
        self.kept_for: Hashable = None
        """What a kept form was composed from (:func:`open_form`)."""
        self._filled: list[tuple[Input | Select[Any] | Checkbox, Any]] = []
        """Each field with the value it was composed with."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "record", N_("Record")),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            # Docked: it stays at the top however far the form is scrolled (issue 27).
            yield Static("", id="form-summary", classes="error field-error")
            yield Label(_(self.FORM_TITLE), classes="dialog-title")
            yield from self.compose_fields()
            yield Static("", id="form-error", classes="error field-error")
            with Horizontal(classes="buttons"):
                yield Button(_(self.RECORD_LABEL), id="record", variant="primary")
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

    def number_input(self, value: str = "", **kwargs: Any) -> Input:
        """A field for a whole number. What is typed stays as typed ("1.5" is not turned into
        15, nor "abc" into nothing); what is not a whole number is refused under the field as
        it is typed, and by Record."""
        field = Input(value=value, **kwargs)
        field.add_class("whole-number")
        return field

    def number_refusal(self, field: Input) -> FieldError | None:
        """Why ``field``'s text is not a whole number (None when it is one, or empty)."""
        return number_refusal(field.value, field.id or "")

    def named(self, field: str, typed: str, names: Iterable[str], *, army: bool = False) -> str:
        """``typed`` as one of ``names`` (a province, or with ``army`` an army or fleet), in any
        case and either language; a refusal under ``field`` naming the nearest name else."""
        listed = list(names)
        found = find_name(typed, listed)
        if found is not None:
            return found
        nearest = nearest_name(typed, listed)
        if army:
            message = (
                _("no army or fleet is called {typed!r}: did you mean {name}?")
                if nearest
                else _("no army or fleet is called {typed!r}")
            )
        else:
            message = (
                _("no province is called {typed!r}: did you mean {name}?")
                if nearest
                else _("no province is called {typed!r}")
            )
        if nearest is None:
            shown = ""
        elif army:
            from converters.force_names import shown_army, shown_name

            # A Tarentine force (T7.2) or a Macedon army (D1), as the reader names it.
            shown = shown_name(nearest)
            shown = shown_army(nearest) if shown == nearest else shown
        else:
            shown = province_name(nearest)
        raise FieldError(field, message, typed=typed.strip(), name=shown)

    def build_event(self) -> Any:
        """The event to append, from the fields (may raise ValueError naming the field)."""
        raise NotImplementedError

    def record(self, event: Any) -> str:
        """Record ``event`` through the ledger service (which tells every screen); return the
        ledger's summary of it in the reader's language (raises on refusal)."""
        from converters.said import shown

        stored = castra_app(self).ledger.record(event)
        return shown(stored.said, stored.summary)

    # -- reading fields -------------------------------------------------------------------------

    def text(self, name: str) -> str:
        """The stripped text of Input ``name``."""
        return self.query_one(f"#{name}", Input).value.strip()

    def choice(self, name: str) -> str | None:
        """The chosen value of Select ``name`` (None when nothing is chosen)."""
        value = self.query_one(f"#{name}", Select).value
        return None if value is Select.NULL else str(value)

    def who(self) -> str:
        """The "who" field. The player's name comes from their settings, never from what the
        last form held; a name changed here is the player's name from now on. A player's
        session signs with its nation and keeps nothing: the settings are the referee's
        machine's (``castra serve --players``)."""
        who = self.text("who")
        if castra_app(self).ledger.player is None and who != saved_player():
            save_setting("player", who)
        return who

    def who_input(self) -> Input:
        return Input(value=signature(self), placeholder=_("your name (optional)"))

    def who_then_note(self) -> ComposeResult:
        """The two fields every campaign form ends with: who records it, and a note."""
        yield from self.field("who", _("Who"), self.who_input())
        yield from self.field("note", _("Note"), Input(placeholder=_("optional")))

    # -- acting -----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._filled = [
            (field, field.value)
            for field in self.query(FILLED).results()
            if isinstance(field, Input | Select | Checkbox)
        ]
        self._focus_first()

    def _focus_first(self) -> None:
        # The hand starts on the form's first field, a choice or a text; on a form with only
        # Who and Note, on Record: a key pressed twice ("n" "n") is then no one's name.
        for field in self.query("Input, Select"):
            if field.id not in ("who", "note") and field.focusable:
                field.focus()
                return
        self.query_one("#record", Button).focus()

    def refill(self) -> None:
        """As when first shown: every field as it was composed, no refusal said, scrolled to
        the top, the hand on the first field (a kept form shown again)."""
        for field, value in self._filled:
            field.value = value
        self.clear_errors()
        summary = self.query_one("#form-summary", Static)
        summary.update("")
        summary.remove_class("-shown")
        self.query_one(VerticalScroll).scroll_home(animate=False)
        self._focus_first()

    def error_line(self, field: str) -> str:
        """The id of the line under which ``field``'s refusal is said."""
        return f"{field}-error"

    def clear_error(self, field: str) -> None:
        """Take ``field``'s refusal away (it was changed: the refusal may no longer hold)."""
        for line in self.query(f"#{self.error_line(field)}").results(Static):
            line.update("")
            line.remove_class("-shown")

    def clear_errors(self) -> None:
        for error in self.query(".field-error").results(Static):
            error.update("")
            error.remove_class("-shown")

    def say(self, message: str, field: str | None = None) -> None:
        """Show ``message`` under ``field`` (or under the whole form)."""
        line = self.query_one(f"#{self.error_line(field)}" if field else "#form-error", Static)
        line.update(message)
        line.add_class("-shown")

    def show_error(self, error: Exception) -> None:
        """Put the refusal under its field (or under the form when it names none), in one
        line at the top of the form too, and bring it into sight: in a form taller than the
        screen it may be below the fold."""
        field, message = field_of(error), describe(error, self.field_labels)
        target = self.query(f"#{self.error_line(field)}") if field else None
        if target:
            self.say(message, field)
            widget = self.query(f"#{field}")
            if widget:
                widget.first().focus()
        else:
            self.say(message)
        summary = self.query_one("#form-summary", Static)
        summary.update(_("Nothing recorded: {why}").format(why=message))
        summary.add_class("-shown")
        where = f"#{self.error_line(field)}" if target and field else "#form-error"
        line = self.query_one(where, Static)
        self.call_after_refresh(self.query_one(VerticalScroll).scroll_to_widget, line)

    def action_record(self) -> None:
        self.clear_errors()
        for field in self.query(".whole-number").results(Input):
            refusal = self.number_refusal(field)
            if refusal is not None:
                self.show_error(refusal)
                return
        try:
            summary = self.record(self.build_event())
        except (ValueError, LookupError) as error:  # the ledger's refusals are ValueErrors
            self.show_error(error)
            return
        except (sqlite3.Error, OSError) as error:  # a locked or vanished file: say so, keep going
            from converters.system_errors import system_reason

            self.say(
                _(
                    "file: the campaign could not be written ({reason}); nothing was recorded"
                ).format(reason=system_reason(error))
            )
            return
        self.dismiss(summary or "recorded")

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Changed)
    @on(Select.Changed)
    def _field_changed(self, event: Input.Changed | Select.Changed) -> None:
        """A changed field loses its refusal; a number field says at once what is not one."""
        field = event.control
        if not field.id or field.id not in self.field_labels:
            return
        self.clear_error(field.id)
        # Several number fields may share one line (the Bellum centres): the line keeps saying
        # what is still wrong in any of them, the field just changed first.
        line = self.error_line(field.id)
        sharing = [
            other
            for other in self.query(".whole-number").results(Input)
            if other.id and self.error_line(other.id) == line
        ]
        sharing.sort(key=lambda other: other is not field)
        for other in sharing:
            refusal = self.number_refusal(other)
            if refusal is not None:
                self.say(describe(refusal, self.field_labels), other.id)
                return

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


def open_form(app: App[Any], form_class: type[ModalScreen[str | None]], *args: Any) -> None:
    """Show a ``form_class(*args)``. A kept form (:attr:`LedgerForm.KEPT`) is composed once
    and installed; opened again with the same arguments, language and reader, before anything
    else is recorded, the same form is shown, refilled: composing a form and styling its
    widgets anew was most of what opening one cost (issue 26). Anything else composes anew."""
    if not (issubclass(form_class, LedgerForm) and form_class.KEPT):
        app.push_screen(form_class(*args))
        return
    ledger = castra_app(app.screen).ledger
    state = ledger.state()
    key = (args, current_language(), ledger.player, ledger.viewer, state.last_event_id)
    name = f"kept-form-{form_class.__name__}"
    if app.is_screen_installed(name):
        kept = app.get_screen(name)
        if isinstance(kept, LedgerForm) and kept.kept_for == key:
            kept.refill()
            app.push_screen(name)
            return
        app.uninstall_screen(name)
        kept.remove()  # composed from what no longer holds
    form = form_class(*args)
    assert isinstance(form, LedgerForm)
    form.kept_for = key
    app.install_screen(form, name)
    app.push_screen(name)


def signature(node: Any) -> str:
    """Who an act is signed by: a player's session signs with its nation as its player reads it
    ("Roma" in an Italian seat, T7.3), so the History's "Who" shows the player's own word; the
    referee's machine signs with the saved player's name."""
    player = castra_app(node).ledger.player
    if player is not None:
        return nation_name(player)
    return saved_player()
