"""One contingent on the battle desk: who fights and, after the game, what it lost.

The battle desk shows one card per contingent (T1.5: allies are contingents of their own). The
card holds the nation and PM used for the budgets (T1) and the result fields of every ruleset
(T2.1 FOG battle groups, T2.2 DBM ElEq, T2.3 DBA elements, T2.6 recovery bases); the desk shows
only the row of the ruleset in play. The card only gathers what the player typed: every number
derived from it comes from the converters.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from armylists.names import nation_name
from assistant.tui.widgets.battle_error import FieldError, FieldNote
from assistant.tui.widgets.tick_box import TickBox
from converters.i18n import N_, _

Side = Literal["a", "b"]
ResultMode = Literal["fog", "dbm", "dbmm", "dba", "dice", "recovery"]

RESULT_ROWS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # (field id, label shown, what the player types) per ruleset; the ids are the converters'
    # argument names so an error naming the field points at the right input.
    "fog": (
        ("battle_groups", N_("BGs"), N_("battle groups fielded")),
        ("broken", N_("broken"), N_("BGs broken, routed, destroyed or off table")),
        ("fragmented", N_("frag"), N_("BGs fragmented")),
        ("attrition", N_("AP"), N_("attrition points total (optional)")),
    ),
    "dbm": (
        ("total_eleq", N_("ElEq"), N_("total ElEq of the contingent")),
        ("eliminated", N_("elim."), N_("ElEq eliminated")),
        ("demoralised", N_("demor."), N_("ElEq demoralised, not eliminated")),
    ),
    "dbmm": (
        ("dbmm_bases", N_("bases"), N_("bases fielded")),
        ("killed", N_("killed"), N_("bases killed")),
        ("broken_bases", N_("broken"), N_("bases of its broken units not killed")),
    ),
    "dba": (
        ("elements", N_("fielded"), N_("elements fielded")),
        ("lost", N_("lost"), N_("elements lost")),
    ),
    "recovery": (
        ("bases", N_("bases"), N_("bases fielded")),
        ("destroyed", N_("destr."), N_("bases destroyed")),
        ("routed", N_("routed"), N_("bases in routed units")),
    ),
}
"""The typed fields of each ruleset's result form (labels and hints translated where shown)."""

LEDGER_NAMES = {"dbmm_bases": "bases"}
"""A field whose id differs from the ledger's name for it (the recovery row has "bases" too)."""

RESULT_FLAGS: dict[str, tuple[tuple[str, str], ...]] = {
    "fog": (("camp_sacked", N_("camp sacked")),),
    "recovery": (("commander_killed", N_("commander killed")), ("allied", N_("allied"))),
}
"""The yes/no fields of each ruleset's result form."""


class InputProblem(ValueError):
    """What the player typed in one field cannot be used; ``field`` names it (the message is
    already in the player's language)."""

    def __init__(self, *, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def read_count(
    text: str, field: str, *, halves: bool = False, optional: bool = False
) -> Fraction | None:
    """A count typed into a field: a whole number ≥ 0 (or a half, where ElEq or PM allow it).

    This is input parsing only; whether the count makes sense for the rule is the converters'
    question. ``field`` is the label the player reads (already translated).
    """
    typed = text.strip()
    if not typed:
        if optional:
            return None
        raise InputProblem(field=field, message=_("{field}: required").format(field=field))
    allowed = _("a whole or half number ≥ 0") if halves else _("a whole number ≥ 0")
    refusal = _("{field}: {allowed} (got {typed!r})").format(
        field=field, allowed=allowed, typed=typed
    )
    try:
        value = Fraction(typed)
    except (ValueError, ZeroDivisionError):
        raise InputProblem(field=field, message=refusal) from None
    if value < 0 or (value * (2 if halves else 1)).denominator != 1:
        raise InputProblem(field=field, message=refusal)
    return value


class ContingentCard(Vertical):
    """One contingent's nation and PM, and its result fields for the ruleset in play."""

    def __init__(
        self,
        side: Side,
        number: int,
        nations: list[str],
        *,
        nation: str | None = None,
        pm: str = "",
    ) -> None:
        super().__init__(id=f"card-{side}{number}", classes="contingent")
        self.side: Side = side
        self.number = number
        self._nations = nations
        self._nation = nation
        self._pm = pm
        self.dropped = False
        """Set when the card is being removed (an ally dropped): the desk no longer reads it."""
        self._shown = {"available": "", "note": "", "error": ""}
        """What the desk last asked the card to show; composed in if it arrives before the
        card's fields exist, so an update never races the card's own mounting."""

    @property
    def ready(self) -> bool:
        """Whether every field of the card exists and it is not being removed.

        A card's direct children exist before the fields inside its rows (each row composes
        its own children as it mounts), so a card is ready only once it is mounted, which
        Textual marks after its whole subtree has composed and mounted.
        """
        return not self.dropped and self.is_mounted and self.is_attached

    @property
    def tag(self) -> str:
        """How the desk names this contingent: A1, A2 (an ally), B1 …"""
        return f"{self.side.upper()}{self.number}"

    def compose(self) -> ComposeResult:
        prefix = f"{self.side}{self.number}"
        with Horizontal(classes="who"):
            yield Label(self.tag, classes="tag")
            nation_value: str | object = (
                self._nation if self._nation in self._nations else Select.NULL
            )
            yield Select(
                [(nation_name(name), name) for name in self._nations],
                prompt=_("nation"),
                value=nation_value,
                compact=True,
                id=f"{prefix}-nation",
                classes="nation",
            )
            yield Label(_("PM"), classes="field-label")
            # The label says PM: a "PM" placeholder beside it read "PM PM".
            yield Input(self._pm, placeholder="?", compact=True, id=f"{prefix}-pm", classes="pm")
            yield Label("", id=f"{prefix}-available", classes="available")
        for mode, fields in RESULT_ROWS.items():
            with Horizontal(classes=f"result result-{mode}"):
                for field, label, hint in fields:
                    yield Label(_(label), classes="field-label")
                    yield Input(
                        placeholder="",
                        tooltip=_(hint),
                        compact=True,
                        id=f"{prefix}-{field}",
                        classes="count",
                    )
                for field, label in RESULT_FLAGS.get(mode, ()):
                    yield TickBox(_(label), id=f"{prefix}-{field}", compact=True)
        yield FieldNote(id=f"{prefix}-note")
        yield FieldError(id=f"{prefix}-error")

    def on_mount(self) -> None:
        # The whole card exists now: show what the desk said while it was being built.
        for part, message in self._shown.items():
            self._show(part, message)

    def show_mode(self, mode: ResultMode) -> None:
        """Show the result row of the ruleset in play (none for a dice battle)."""
        for row in self.query(".result"):
            row.display = row.has_class(f"result-{mode}")

    def text(self, field: str) -> str:
        """What is typed in one of the card's inputs."""
        return self.query_one(f"#{self.side}{self.number}-{field}", Input).value

    def flag(self, field: str) -> bool:
        """Whether one of the card's check boxes is ticked."""
        return self.query_one(f"#{self.side}{self.number}-{field}", Checkbox).value

    @property
    def nation(self) -> str | None:
        """The nation chosen, or None."""
        value = self.query_one(f"#{self.side}{self.number}-nation", Select).value
        return value if isinstance(value, str) else None

    def pm(self) -> Fraction:
        """The contingent's PM as typed (whole, or a half for an empty city's garrison, T1.4)."""
        value = read_count(self.text("pm"), _("PM"), halves=True)
        assert value is not None
        return value

    def figures(self, mode: str) -> dict[str, object]:
        """The table figures as typed for the ruleset in play (the ledger's field names)."""
        typed: dict[str, object] = {}
        for field, _label, _hint in RESULT_ROWS.get(mode, ()):
            value = self.text(field).strip()
            if value:
                typed[LEDGER_NAMES.get(field, field)] = value
        for field, _label in RESULT_FLAGS.get(mode, ()):
            typed[field] = self.flag(field)
        return typed

    def show_available(self, land_pm: int | None, place: str | None = None) -> None:
        """Show how many land PM the chosen nation can field: in play, or standing at
        ``place`` (T7.4)."""
        said = "" if land_pm is None else _("of {pm}").format(pm=land_pm)
        self._show("available", said)
        # The card has room for "of 7" only: the place is in the tooltip.
        where = self.query(f"#{self.side}{self.number}-available")
        if where:
            where.first().tooltip = (
                _("of {pm} at {place}").format(pm=land_pm, place=place)
                if land_pm is not None and place
                else None
            )

    def show_note(self, message: str) -> None:
        """Show what was rolled for this contingent (empty to clear)."""
        self._show("note", message)

    def show_error(self, message: str) -> None:
        """Show a problem with this contingent's fields under them (empty to clear)."""
        self._show("error", message)

    def _show(self, part: str, message: str) -> None:
        """Remember ``message`` and put it on screen if that label exists yet.

        The desk refreshes on every keystroke, and an ally's card may be half-composed (just
        added) or half-removed (just dropped) at that moment: then the label is missing, and
        the text is kept for compose rather than raising NoMatches.
        """
        self._shown[part] = message
        for label in self.query(f"#{self.side}{self.number}-{part}"):
            if isinstance(label, Static):
                label.update(message)
