"""One line of an ANNI BUI order or battle group: a unit type (or building), a count, increments.

The referee reads a player's mail line by line — "5 spadaccini, +1 ACF +2 RES" — so the ANNI
BUI screen is built from these lines. Each shows the chosen type's stats with the increments
already added, so the referee sees what he is pricing or fighting with, and its own error line
for what cannot be read. The line only reads what was typed; every sum is
:mod:`converters.annibui`'s.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Select, Static

from assistant.tui.errors import whole_number
from converters.errors import FieldError
from converters.i18n import N_, _

__all__ = ["BuildingLine", "UnitLine", "unit_stats_text"]


def _stat(value: int | None) -> str:
    return "–" if value is None else str(value)


def unit_stats_text(unit: Any) -> str:
    """A unit's stats on one line: "MOV 2/3 ACF 3 ACC 2 AB – TB – DB 1 RES 2 DIS 5 · 17"."""
    return (
        f"MOV {unit.mov_m}/{unit.mov_b} ACF {unit.acf} ACC {unit.acc} AB {_stat(unit.ab)} "
        f"TB {_stat(unit.tb)} DB {_stat(unit.db)} RES {unit.res} DIS {unit.dis} "
        f"TRAS {unit.tras} · " + _("cost {cost}").format(cost=unit.cost)
    )


def _count(text: str, field: str) -> int:
    count = whole_number(text, field)
    if count is None:
        return 1
    if count < 1:
        raise FieldError(field=field, message=_("how many, at least 1 (got {count})"), count=count)
    return count


class _Line(Vertical):
    """A type, a count, increments, the stats and an error line under them."""

    KIND = N_("unit")

    def __init__(self, options: list[tuple[str, str]], *, id: str) -> None:
        super().__init__(id=id, classes="annibui-line")
        self._options = options

    def compose(self) -> ComposeResult:
        with Horizontal(classes="annibui-line-fields"):
            yield Select(
                self._options, prompt=f"— {_(self.KIND)}", compact=True, classes="annibui-type"
            )
            yield Input(
                placeholder="1",
                compact=True,
                classes="annibui-count",
            )
            yield Input(
                placeholder=_(self.INCREMENTS_HINT), compact=True, classes="annibui-increments"
            )
            yield Static("", classes="annibui-stats")
        yield Static("", classes="error field-error annibui-line-error")

    INCREMENTS_HINT = N_("e.g. ACF+1, RES+2")

    # -- what the screen sets and reads -----------------------------------------------------------

    @property
    def type_name(self) -> str | None:
        value = self.query_one(".annibui-type", Select).value
        return None if value is Select.NULL else str(value)

    def choose(self, name: str) -> None:
        """Put the type called ``name`` on this line (from the roster)."""
        self.query_one(".annibui-type", Select).value = name

    def _texts(self) -> tuple[str, str]:
        return (
            self.query_one(".annibui-count", Input).value.strip(),
            self.query_one(".annibui-increments", Input).value,
        )

    def show(self, stats: str = "", error: str = "") -> None:
        """The stats beside the fields, and ``error`` (or nothing) under them."""
        self.query_one(".annibui-stats", Static).update(stats)
        line = self.query_one(".annibui-line-error", Static)
        line.update(error)
        line.set_class(bool(error), "-shown")


class UnitLine(_Line):
    """A unit type from the roster, how many, and the ability increments they are bought with."""

    def read(self, field: str) -> tuple[Any, int, dict[str, int]] | None:
        """(unit type, count, increments), or None when no type is chosen; ValueError naming
        ``field`` for what cannot be read (the error is also shown on the line)."""
        from armylists.annibui import unit_type
        from converters.annibui import parse_increments

        name = self.type_name
        if name is None:
            self.show()
            return None
        unit = unit_type(name)
        count_text, increments_text = self._texts()
        try:
            count = _count(count_text, field)
            increments = parse_increments(increments_text, field)
            stats = unit.with_increments(increments)
        except ValueError as error:
            self.show(unit_stats_text(unit), str(error))
            raise
        self.show(unit_stats_text(stats))
        return unit, count, increments

    def troop(self, field: str) -> Any | None:
        """The line as a battle group (stats with increments), or None when empty."""
        from converters.annibui import Troop

        read = self.read(field)
        if read is None:
            return None
        unit, count, increments = read
        return Troop(unit=unit.with_increments(increments), count=count)


class BuildingLine(_Line):
    """A building, how many, and its RES/ATT/DIS increments (A1)."""

    KIND = N_("building")
    INCREMENTS_HINT = N_("e.g. RES+5, ATT+1")

    def read(self, field: str) -> Any | None:
        """A :class:`converters.annibui.BuildingOrder`, or None when no building is chosen."""
        from armylists.annibui import building
        from converters.annibui import BuildingOrder, parse_increments

        name = self.type_name
        if name is None:
            self.show()
            return None
        work = building(name)
        base = f"RES {work.res} ATT {_stat(work.att)} DIS {_stat(work.dis)} " + _(
            "(range) · cost {cost}"
        ).format(cost=work.cost)
        count_text, increments_text = self._texts()
        try:
            count = _count(count_text, field)
            increments = parse_increments(increments_text, field, building=True)
        except ValueError as error:
            self.show(base, str(error))
            raise
        self.show(base)
        return BuildingOrder(building=work, count=count, **increments)
