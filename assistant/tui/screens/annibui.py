"""The ANNI BUI referee's desk: price a creation order and settle a battle turn by plain sums.

ANNI BUI (docs/rules.md section A) is played by mail; the referee answers each letter with a cost,
a volley, a melee, a discipline check or the turn's income. This screen does those sums live
as the fields change — one tab per rule — with every number from :mod:`converters.annibui`
and the roster from :mod:`armylists.annibui`. What cannot be read is said under its field;
nothing here is written to the campaign ledger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Checkbox,
    DataTable,
    Input,
    Label,
    Select,
    Static,
    TabbedContent,
    TabPane,
)

from assistant.tui.errors import whole_number
from assistant.tui.widgets.annibui_lines import BuildingLine, UnitLine
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from assistant.tui.widgets.tick_box import TickBox
from converters.errors import FieldError
from converters.i18n import N_, _, ngettext

__all__ = ["AnniBuiScreen"]

UNIT_LINES = 4
"""Unit lines of a creation order (A1)."""
BUILDING_LINES = 2
"""Building lines of a creation order (A1)."""
GROUP_LINES = 3
"""Lines per group in a volley or melee (A2, A3): front line first."""

TABS = (
    ("army", N_("Army cost (A1)"), "#army-unit-1"),
    ("fire", N_("Fire (A2)"), "#fire-shooters-1"),
    ("melee", N_("Melee (A3)"), "#melee-attackers-1"),
    ("discipline", N_("Discipline (A4)"), "#discipline-units"),
    ("income", N_("Income (A5)"), "#income-cities"),
)
"""(tab id, title, first field) of each tab, in order."""

_WITHDRAWALS = [
    (N_("no voluntary withdrawal"), "none"),
    (N_("part of the army withdrew (−1)"), "army"),
    (N_("the captain withdrew with them (−2)"), "captain"),
]
_VERSUS = [
    (N_("by the defenders' front line"), "auto"),
    (N_("ACF: against foot"), "foot"),
    (N_("ACC: against cavalry"), "cavalry"),
]


def _field(message: str) -> str:
    """``"lost: between …"`` → ``"lost"``."""
    head, colon, _rest = message.partition(":")
    return head.strip() if colon and " " not in head.strip() else ""


def _whole(text: str, field: str) -> int | None:
    """A typed whole number, None when empty; what is not one ("1.5", "abc") is refused under
    ``field`` as typed, never read as another number."""
    return whole_number(text, field)


class AnniBuiScreen(Screen[None]):
    """Army cost (A1), fire (A2), melee (A3), discipline (A4) and income (A5), live."""

    TITLE = N_("ANNI BUI")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "show_tab('army')", N_("Army")),
        Binding("f3", "show_tab('fire')", N_("Fire")),
        Binding("f4", "show_tab('melee')", N_("Melee")),
        Binding("f5", "show_tab('discipline')", N_("Discipline")),
        Binding("f6", "show_tab('income')", N_("Income")),
        Binding("escape", "leave_field", N_("Leave field"), show=False),
    ]

    def compose(self) -> ComposeResult:
        from armylists.annibui import buildings, unit_types

        unit_options = [(f"{u.name} ({u.english})", u.name) for u in unit_types()]
        building_options = [(f"{b.name} ({b.english})", b.name) for b in buildings()]
        yield CastraHeader()
        with TabbedContent(id="annibui-tabs"):
            with TabPane(_("Army cost (A1)"), id="army"), VerticalScroll():
                yield DataTable(id="annibui-roster", cursor_type="row", zebra_stripes=True)
                yield Static(
                    _(
                        "Order: type, count (empty = 1), increments — enter on the roster adds a "
                        "line"
                    ),
                    classes="section-title",
                )
                for number in range(1, UNIT_LINES + 1):
                    yield UnitLine(unit_options, id=f"army-unit-{number}")
                for number in range(1, BUILDING_LINES + 1):
                    yield BuildingLine(building_options, id=f"army-building-{number}")
                with Horizontal(classes="annibui-row"):
                    yield Label(_("Joining an army with"), classes="annibui-label")
                    yield Input(
                        placeholder=_("its increments, e.g. AB+1 (empty: a new army)"),
                        id="army-increments",
                        compact=True,
                    )
                    yield Label(_("Treasury"), classes="annibui-label")
                    yield Input(
                        placeholder=_("optional"),
                        id="army-treasury",
                        compact=True,
                    )
                yield Static("", id="army-increments-error", classes="error field-error")
                yield Static("", id="army-treasury-error", classes="error field-error")
                yield Static("", id="army-result", classes="annibui-result")
            with TabPane(_("Fire (A2)"), id="fire"), VerticalScroll():
                yield from self._group(
                    "fire-shooters", _("Shooters (ranged or engines)"), unit_options
                )
                yield from self._group("fire-targets", _("Targets, front line first"), unit_options)
                with Horizontal(classes="annibui-row"):
                    yield TickBox(
                        _("shooters on walls (+1 AB, +1 TB)"), id="fire-walls", compact=True
                    )
                    yield Label(_("Distance (squares)"), classes="annibui-label")
                    yield Input(placeholder=_("optional"), id="fire-distance", compact=True)
                yield Static("", id="fire-walls-error", classes="error field-error")
                yield Static("", id="fire-distance-error", classes="error field-error")
                yield Static("", id="fire-result", classes="annibui-result")
            with TabPane(_("Melee (A3)"), id="melee"), VerticalScroll():
                yield from self._group("melee-attackers", _("Attackers"), unit_options)
                yield from self._group(
                    "melee-defenders", _("Defenders, front line first"), unit_options
                )
                with Horizontal(classes="annibui-row"):
                    yield Label(_("Count"), classes="annibui-label")
                    yield Select(
                        [(_(said), value) for said, value in _VERSUS],
                        value="auto",
                        allow_blank=False,
                        id="melee-versus",
                        compact=True,
                    )
                    yield TickBox(
                        _("counterattack on gliders that dived last turn"),
                        id="melee-counterattack",
                        compact=True,
                    )
                yield Static("", id="melee-result", classes="annibui-result")
            with TabPane(_("Discipline (A4)"), id="discipline"), VerticalScroll():
                yield Static(
                    _("After losses an army needs DIS ≥ percentage lost ÷ 10, or it flees (A4)."),
                    classes="hint",
                )
                yield from self._number("discipline-units", _("Units before the losses"))
                yield from self._number("discipline-lost", _("Units lost"))
                yield from self._number("discipline-dis", _("The army's DIS"))
                with Horizontal(classes="annibui-row"):
                    yield TickBox(
                        _("the captain is with the army (+1)"),
                        id="discipline-captain",
                        compact=True,
                    )
                yield Static("", id="discipline-captain-error", classes="error field-error")
                with Horizontal(classes="annibui-row"):
                    yield Label(_("Withdrawal"), classes="annibui-label")
                    yield Select(
                        [(_(said), value) for said, value in _WITHDRAWALS],
                        value="none",
                        allow_blank=False,
                        id="discipline-withdrawal",
                        compact=True,
                    )
                yield Static("", id="discipline-result", classes="annibui-result")
            with TabPane(_("Income (A5)"), id="income"), VerticalScroll():
                yield from self._number("income-cities", _("Cities held (not the capital)"), "0")
                yield from self._number("income-capitals", _("Capitals held"), "1")
                yield from self._number("income-killed", _("Enemy units killed"), "0")
                yield from self._number("income-fled", _("Enemy units that fled"), "0")
                yield Static("", id="income-result", classes="annibui-result")
        yield CastraFooter()

    def _group(self, name: str, title: str, options: list[tuple[str, str]]) -> ComposeResult:
        yield Static(title, classes="section-title")
        for number in range(1, GROUP_LINES + 1):
            yield UnitLine(options, id=f"{name}-{number}")
        yield Static("", id=f"{name}-error", classes="error field-error")

    def _number(self, name: str, label: str, value: str = "") -> ComposeResult:
        with Horizontal(classes="annibui-row"):
            yield Label(label, classes="annibui-label annibui-wide-label")
            yield Input(value=value, id=name, compact=True)
        yield Static("", id=f"{name}-error", classes="error field-error")

    def on_mount(self) -> None:
        from armylists.annibui import unit_types
        from converters.annibui import ABILITIES, UNIT_CLASS_NAMES

        roster = self.query_one("#annibui-roster", DataTable)
        roster.add_columns(
            _("Unit"), _("English"), _("Class"), "MOV M", "MOV B", "ACF", "ACC", "AB", "TB", "DB",
            "RES", "DIS", "TRAS", _("Cost"),
        )  # fmt: skip
        for unit in unit_types():
            roster.add_row(
                unit.name,
                unit.english,
                _(UNIT_CLASS_NAMES[unit.unit_class]),
                *("–" if unit.ability(a) is None else str(unit.ability(a)) for a in ABILITIES),
                str(unit.cost),
                key=unit.name,
            )
        self.recompute()

    # -- keys -------------------------------------------------------------------------------------

    def action_show_tab(self, tab: str) -> None:
        self.query_one("#annibui-tabs", TabbedContent).active = tab
        first = {tab_id: field for tab_id, _title, field in TABS}[tab]
        target = self.query_one(first)
        if isinstance(target, UnitLine):
            target = target.query_one(Select)
        self.call_after_refresh(target.focus)

    def action_leave_field(self) -> None:
        self.query_one("#annibui-tabs", TabbedContent).query_one("Tabs").focus()

    @on(DataTable.RowSelected, "#annibui-roster")
    def _add_from_roster(self, event: DataTable.RowSelected) -> None:
        """Enter on a roster row puts that unit on the first free order line."""
        name = event.row_key.value
        for line in self.query(UnitLine):
            if line.id and line.id.startswith("army-unit-") and line.type_name is None:
                line.choose(str(name))
                line.query_one(".annibui-count", Input).focus()
                return
        self.notify(_("Every order line is taken: clear one first (choose '— unit')."))

    # -- live results -----------------------------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self.recompute()

    def recompute(self) -> None:
        """Every tab's result from its fields (each is a handful of additions)."""
        if not self.is_mounted:
            return
        for compute, result_id in (
            (self._army, "#army-result"),
            (self._fire, "#fire-result"),
            (self._melee, "#melee-result"),
            (self._discipline, "#discipline-result"),
            (self._income, "#income-result"),
        ):
            self._show(compute, result_id)

    def _show(self, compute: Callable[[], str], result_id: str) -> None:
        prefix = result_id.removeprefix("#").removesuffix("-result")
        for error in self.query(f"#{prefix} .field-error").results(Static):
            if error.id is not None:  # a line's own error is set by the line
                error.update("")
                error.remove_class("-shown")
        try:
            text = compute()
        except ValueError as error:
            message = str(error)
            field = _field(message)
            if field == "line":
                text = _("Fix the line marked in red to see the result.")
            elif self._say(prefix, _FIELD_TARGETS.get(field, field), message):
                text = _("Fix the field marked in red to see the result.")
            else:
                text = message
        self.query_one(result_id, Static).update(text)

    def _say(self, prefix: str, field: str, message: str) -> bool:
        """Put ``message`` under the field it names; False when there is no such field."""
        target = self.query(f"#{prefix}-{field}-error")
        if not field or not target:
            return False
        line = target.first(Static)
        line.update(message)
        line.add_class("-shown")
        return True

    def _text(self, widget_id: str) -> str:
        return self.query_one(widget_id, Input).value

    def _lines(self, prefix: str, field: str) -> list[Any]:
        """The battle group of ``prefix``'s lines; the first unreadable line raises."""
        troops = []
        problem: ValueError | None = None
        for line in self.query(UnitLine):
            if not (line.id or "").startswith(f"{prefix}-"):
                continue
            try:
                troop = line.troop(field)
            except ValueError as error:
                problem = problem or error
                continue
            if troop is not None:
                troops.append(troop)
        if problem is not None:
            raise FieldError(field="line", message="{problem}", problem=problem)  # shown already
        return troops

    # A1 -------------------------------------------------------------------------------------------

    def _army(self) -> str:
        from armylists.annibui import rates
        from converters.annibui import UnitOrder, army_budget, budget_lines, parse_increments

        units = []
        works = []
        problem: ValueError | None = None
        for line in self.query(UnitLine):
            if not (line.id or "").startswith("army-unit-"):
                continue
            try:
                read = line.read("increments")
            except ValueError as error:
                problem = problem or error
                continue
            if read is not None:
                unit, count, increments = read
                units.append(UnitOrder(unit=unit, count=count, increments=increments))
        for bline in self.query(BuildingLine):
            try:
                order = bline.read("buildings")
            except ValueError as error:
                problem = problem or error
                continue
            if order is not None:
                works.append(order)
        army_text = self._text("#army-increments")
        army = parse_increments(army_text, "increments") if army_text.strip() else None
        treasury = _whole(self._text("#army-treasury"), "treasury")
        if problem is not None:
            raise FieldError(field="line", message="{problem}", problem=problem)
        if not units and not works:
            return _("Choose unit types (or buildings) to price an order (A1).")
        budget = army_budget(units, works, army_increments=army, treasury=treasury, rates=rates())
        return "\n".join(budget_lines(budget))

    # A2, A3 ---------------------------------------------------------------------------------------

    def _fire(self) -> str:
        from armylists.annibui import rates
        from converters.annibui import casualty_lines, engine_fire, ranged_fire

        shooters = self._lines("fire-shooters", "shooters")
        targets = self._lines("fire-targets", "targets")
        distance = _whole(self._text("#fire-distance"), "distance")
        walls = self.query_one("#fire-walls", Checkbox).value
        if not shooters or not targets:
            return _("Choose the shooters and their targets (A2).")
        kinds = {troop.unit.fire for troop in shooters}
        if kinds == {"engine"}:
            if walls:
                raise FieldError(
                    field="walls",
                    message=_("only ranged shooters (archers …) get the wall bonus"),
                )
            result = engine_fire(shooters, targets, distance=distance)
            formula = _("AB × engines {attack}").format(attack=result.attack)
        elif "engine" in kinds:
            raise FieldError(
                field="shooters",
                message=_(
                    "ranged units and engines shoot with different sums (A2); "
                    "work them out one after the other"
                ),
            )
        else:
            result = ranged_fire(
                shooters, targets, on_walls=walls, distance=distance, rates=rates()
            )
            formula = _("AB × shooters {attack} − DB × targets {defence}").format(
                attack=result.attack, defence=result.defence
            )
        hits = ngettext("{hits} hit", "{hits} hits", result.hits).format(hits=result.hits)
        fire = _("Engine fire (A2)") if result.kind == "engine" else _("Ranged fire (A2)")
        lines = [f"{fire}: {formula} = {hits}"]
        if result.out_of_range:
            lines.append(
                "  "
                + _("out of range, not shooting: {units}").format(
                    units=", ".join(result.out_of_range)
                )
            )
        lines += casualty_lines(result)
        lines.append(_("Killed or destroyed: {killed}").format(killed=result.killed))
        return "\n".join(lines)

    def _melee(self) -> str:
        from converters.annibui import casualty_lines, melee

        attackers = self._lines("melee-attackers", "attackers")
        defenders = self._lines("melee-defenders", "defenders")
        if not attackers or not defenders:
            return _("Choose the attackers and the defenders (A3).")
        versus = self.query_one("#melee-versus", Select).value
        result = melee(
            attackers,
            defenders,
            versus=None if versus in ("auto", Select.NULL) else versus,  # type: ignore[arg-type]
            counterattack=self.query_one("#melee-counterattack", Checkbox).value,
        )
        value = "ACC" if result.versus == "cavalry" else "ACF"
        against = (
            _("Melee (A3) against cavalry")
            if result.versus == "cavalry"
            else _("Melee (A3) against foot")
        )
        hits = ngettext("{hits} hit", "{hits} hits", result.hits).format(hits=result.hits)
        lines = [
            f"{against}: Σ {value} {result.attack} − Σ RES {result.defence} = {hits}",
            *casualty_lines(result),
            _("Killed or destroyed: {killed}").format(killed=result.killed),
        ]
        return "\n".join(lines)

    # A4 -------------------------------------------------------------------------------------------

    def _discipline(self) -> str:
        from armylists.annibui import rates
        from converters.annibui import discipline_check, discipline_lines, discipline_need

        units = _whole(self._text("#discipline-units"), "units")
        lost = _whole(self._text("#discipline-lost"), "lost")
        discipline = _whole(self._text("#discipline-dis"), "dis")
        withdrawal = self.query_one("#discipline-withdrawal", Select).value
        if units is None or lost is None:
            return _("Give the army's units before the losses and the units lost (A4).")
        check = discipline_check(
            units,
            lost,
            discipline if discipline is not None else 0,
            captain=self.query_one("#discipline-captain", Checkbox).value,
            withdrawal=withdrawal if isinstance(withdrawal, str) else "none",  # type: ignore[arg-type]
            rates=rates(),
        )
        if discipline is None:
            return "\n".join(
                [discipline_need(check), _("Give the army's DIS to see whether it holds.")]
            )
        return "\n".join(discipline_lines(check))

    # A5 -------------------------------------------------------------------------------------------

    def _income(self) -> str:
        from armylists.annibui import rates
        from converters.annibui import turn_income

        income = turn_income(
            cities=_whole(self._text("#income-cities"), "cities") or 0,
            capitals=_whole(self._text("#income-capitals"), "capitals") or 0,
            killed=_whole(self._text("#income-killed"), "killed") or 0,
            fled=_whole(self._text("#income-fled"), "fled") or 0,
            rates=rates(),
        )
        return "\n".join(
            [
                "{:<10}{:>5} → {:>6}".format(_("cities"), income.cities, income.from_cities),
                "{:<10}{:>5} → {:>6}".format(_("capitals"), income.capitals, income.from_capitals),
                "{:<10}{:>5} → {:>6}".format(_("killed"), income.killed, income.from_killed),
                "{:<10}{:>5} → {:>6}".format(_("fled"), income.fled, income.from_fled),
                _("Income this turn (A5): {total}").format(total=income.total),
            ]
        )


# Converter messages name a field; the error line it belongs under, where the names differ.
_FIELD_TARGETS = {"engines": "shooters"}
