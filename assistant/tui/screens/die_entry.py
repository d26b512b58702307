"""Physical-dice mode: the dialog where the player types the face of a real die.

It asks for a die the table has (a d3 is a d6 halved, see :func:`converters.dice.table_die`)
and takes the face as soon as it is typed when no longer face could follow (a d6's 4; a d12's
1 waits for Enter or a second digit). A face the die cannot show is refused inline and asked
again, never accepted; Escape abandons the roll (the screen that asked records nothing).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from assistant.tui.dice import ROLLED_AT
from assistant.tui.errors import number_refusal
from assistant.tui.widgets.footer import CastraFooter
from converters.dice import TableDie, shown_purpose, table_die
from converters.i18n import N_, _
from converters.said import Said, render

__all__ = ["DieEntryScreen"]


class DieEntryScreen(ModalScreen[int | None]):
    """Ask for one die's face: 1..sides, validated inline; dismisses with the face or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel roll")),
        Binding("enter", "submit", N_("Enter face"), show=True),
    ]

    def __init__(self, sides: int, purpose: Said) -> None:
        super().__init__()
        self.sides = sides
        self.told = purpose
        """What the die is for, as data."""
        self.purpose = purpose.english()
        """What the die is for, in English (as the session's log keeps it)."""
        self.table_die = table_die(sides)
        """The die the player actually rolls for a d``sides``."""
        self._answered = False
        self._refused_number = False
        """The error line says the text is no number (it goes once the text is one)."""

    def compose(self) -> ComposeResult:
        rolled = self.table_die.rolled
        with Vertical(id="die-entry", classes="dialog"):
            yield Label(_("Roll a d{sides}").format(sides=rolled), classes="dialog-title")
            yield Static(purpose_text(self.told), id="die-purpose")
            how = how_to_read(self.table_die)
            if how:
                yield Static(how, id="die-how", classes="hint")
            yield Input(
                placeholder=_("face shown, 1–{sides}").format(sides=rolled),
                id="die-face",
            )
            yield Static("", id="die-error", classes="error field-error")
            yield Static(
                _("Type the face · Enter for a two-digit face · Escape: abandon this roll"),
                classes="hint",
            )
        yield CastraFooter()

    def on_mount(self) -> None:
        self.query_one("#die-face", Input).focus()

    @on(Input.Changed, "#die-face")
    def _typed(self, event: Input.Changed) -> None:
        """Take the face at once when no longer face of the die could start with it, and refuse
        at once one the die cannot show ("7" on a d6, "11" on a d10); a digit that could start
        a longer face ("1" on a d10) waits for the next one, or for Enter."""
        typed = event.value.strip()
        if self._no_number(typed):
            return
        rolled = self.table_die.rolled
        if typed.isdigit() and (
            int(typed) > rolled or (int(typed) >= 1 and int(typed) * 10 > rolled)
        ):
            self.action_submit()

    @on(Input.Submitted, "#die-face")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        """Accept the typed face if the die can show it; otherwise say why and ask again."""
        if self._answered:
            return
        field = self.query_one("#die-face", Input)
        typed = field.value.strip()
        if self._no_number(typed):
            field.focus()
            return
        rolled = self.table_die.rolled
        error = self.query_one("#die-error", Static)
        if typed.isdigit() and 1 <= int(typed) <= rolled:
            face = self.table_die.face(int(typed))
            if face is not None:
                self._answered = True
                self.dismiss(face)
                return
            error.update(
                _("a {face} counts for nothing on a d{sides}: roll again").format(
                    face=typed, sides=self.sides
                )
            )
        else:
            shown = repr(typed) if typed else _("nothing")
            error.update(
                _("face: a d{sides} shows 1 to {sides} (got {shown}); roll again").format(
                    sides=rolled, shown=shown
                )
            )
        error.add_class("-shown")
        field.value = ""
        field.focus()

    def _no_number(self, typed: str) -> bool:
        """Refuse inline, keeping it as typed, what is no whole number ("1.5" is not face 15,
        "abc" not an empty face); True when refused. A refusal said for that reason goes when
        the text becomes a number again (one for an impossible face stays until replaced)."""
        error = self.query_one("#die-error", Static)
        refusal = number_refusal(typed, "face")
        if refusal is None:
            if self._refused_number:
                self._refused_number = False
                error.update("")
                error.remove_class("-shown")
            return False
        self._refused_number = True
        error.update(
            _(
                "face: a d{sides} shows a whole number, 1 to {sides} (got {shown}); type it again"
            ).format(sides=self.table_die.rolled, shown=repr(typed))
        )
        error.add_class("-shown")
        return True

    def action_cancel(self) -> None:
        if not self._answered:
            self._answered = True
            self.dismiss(None)


def how_to_read(die: TableDie) -> str:
    """How the rolled table die gives the asked die's face, in a line ("" when read as is)."""
    if die.per_face == 2:
        return _("and halve it, rounding up: that is the d{sides}").format(sides=die.sides)
    if die.per_face > 2:
        ranges = ", ".join(
            f"{(face - 1) * die.per_face + 1}–{face * die.per_face} → {face}"
            for face in range(1, die.sides + 1)
        )
        return _("and read it as a d{sides}: {ranges}").format(sides=die.sides, ranges=ranges)
    again = die.rerolled_from
    if again is None:
        return ""
    faces = str(again) if again == die.rolled else f"{again}–{die.rolled}"
    return _("as a d{sides}: roll again on {faces}").format(sides=die.sides, faces=faces)


def purpose_text(purpose: Said) -> str:
    """What the die is for, in the player's language: where in the app it is rolled, as the
    screen names it, then what the rules roll it for, said from its description ("Battaglia
    ai dadi: T3.1 round 1, A")."""
    if purpose.key != ROLLED_AT:
        return shown_purpose(purpose)
    where = purpose.values["where"]
    rolled = purpose.values["purpose"]
    assert isinstance(where, Said) and isinstance(rolled, Said)
    return f"{render(where)}: {shown_purpose(rolled)}"
