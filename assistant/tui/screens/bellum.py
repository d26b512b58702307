"""The Bellum standings: who leads the 13 powers, and the form that records each year's centres.

A Bellum game (docs/rules.md section B) is scored once a year from the supply centres each power
holds. This screen shows the ranking the ledger computes (B1 victory at 30 centres or by
proclamation, B2 tie-break over the last 5, 10, 15 and all years) and records the next year
through the ledger, which judges it; in any other campaign it says how to start a Bellum game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Select, Static

from armylists.names import nation_name
from armylists.scenario_texts import scenario_text
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.ledger_form import LedgerForm
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from converters.i18n import N_, _
from converters.said import render

__all__ = ["BellumScreen", "BellumYearForm", "standings_status"]

NOT_BELLUM = N_(
    "This campaign ({title}) is not a Bellum game: it has no supply centres to rank.\n"
    "To play Bellum, start one from the command line and open it:\n"
    "  castra campaign new bellum --faction julii --file bellum.castra\n"
    "  castra --campaign bellum.castra\n"
    "(--faction chooses who leads Rome, B3: bruti, scipii or julii.)"
)


def standings_status(state: Any) -> str:
    """One line on where the game stands: won, drawn, over, or the ranking so far (B1, B2)."""
    setup = state.scenario.bellum
    result = state.bellum_standings()
    rules = setup.rules
    if result is None:
        return _(
            "No year recorded yet: press y to record the centres held at the end of year 1. "
            "{victory} centres win (B1)."
        ).format(victory=rules.victory_centres)
    victory = result.victory
    if victory is not None:
        from converters.bellum import victory_said

        text = _("{victory}. The game is over.").format(victory=render(victory_said(victory)))
    elif result.status == "ended":
        text = _("Year {year} played: the game is over; this is the final ranking (B2).").format(
            year=result.years
        )
    else:
        text = _(
            "After year {year} of {last}: the ranking so far (B2); {victory} centres win (B1). "
            "Press y to record year {next}."
        ).format(
            year=result.years,
            last=rules.last_year,
            victory=rules.victory_centres,
            next=result.years + 1,
        )
    for group in result.draws:
        if result.status == "in progress":
            draw = _("Level so far: {powers} through every tie-break (B2).")
        else:
            draw = _("Draw: {powers} through every tie-break (B2).")
        text += "\n" + draw.format(powers=", ".join(map(nation_name, group)))
    return text


def _window_heading(window: str) -> str:
    """A tie-break column's heading (B2): "last 5 years" → "Last 5", "all years" → "All"."""
    years = window.removeprefix("last ").removesuffix(" years")
    if years.isdigit():
        return _("Last {years}").format(years=years)
    return _("All")


class BellumScreen(Screen[None]):
    """The standings table of a Bellum campaign; y records the next year's centres."""

    TITLE = N_("Bellum standings")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "record_year", N_("Record year")),
    ]

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        with Vertical(id="bellum-body"):
            yield Static(id="bellum-heading")
            yield Static(id="bellum-status")
            yield DataTable(id="bellum-standings", cursor_type="row", zebra_stripes=True)
        yield CastraFooter()

    def on_mount(self) -> None:
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    def refresh_from_store(self) -> None:
        """Re-read the ledger and redraw the heading, the outcome and the table."""
        store = castra_app(self).ledger.store
        if store is None:  # the campaign file is still being opened
            return
        state = store.state()
        setup = state.scenario.bellum
        heading = self.query_one("#bellum-heading", Static)
        status = self.query_one("#bellum-status", Static)
        table = self.query_one("#bellum-standings", DataTable)
        if setup is None:
            heading.update(_("Bellum standings"))
            status.update(_(NOT_BELLUM).format(title=scenario_text(state.scenario.title)))
            table.display = False
            return
        rome = setup.rome
        year_bc = state.scenario.calendar.start_year_bc - state.bellum_years + 1
        when = (
            _("after year {year} ({year_bc} BC)").format(year=state.bellum_years, year_bc=year_bc)
            if state.bellum_years
            else _("before year 1 ({year_bc} BC)").format(
                year_bc=state.scenario.calendar.start_year_bc
            )
        )
        start = _("Rome's start centres (B3): {centres}").format(
            centres=", ".join(rome.start_centres)
        )
        heading.update(f"{scenario_text(state.scenario.title)} — {when}  ·  {start}")
        status.update(standings_status(state))
        self._fill(table, state)

    def _fill(self, table: DataTable[Any], state: Any) -> None:
        rules = state.scenario.bellum.rules
        windows = [f"last {w} years" for w in rules.tie_break_windows] + ["all years"]
        if not table.columns:
            table.add_column(_("Rank"), width=4)
            table.add_column(_("Power"), width=13)
            table.add_column(_("Centres"), width=7)
            for window in windows:
                table.add_column(_window_heading(window), width=7)
            table.add_column(_("Decided by"), width=13)
            table.add_column(_("Status"), width=22)
        table.clear()
        result = state.bellum_standings()
        if result is None:
            for power in state.scenario.nations:
                table.add_row(
                    "—", nation_name(power), "—", *("—" for _window in windows), "—", "", key=power
                )
            return
        winners = set(result.victory.powers) if result.victory is not None else set()
        drawn = {power for group in result.draws for power in group}
        for row in result.rows:
            if row.power in winners:
                status = _("sovereign (wins)") if row.decided_by == "sovereign" else _("winner")
            elif row.power in drawn:
                status = _("level") if result.status == "in progress" else _("draw")
            elif not row.survived:
                status = _("eliminated")
            else:
                status = ""
            sums = [
                Text(
                    str(row.sums[w]) if w in row.sums else "—",
                    style="bold underline" if row.decided_by == w else "",
                )
                for w in windows
            ]
            table.add_row(
                str(row.rank),
                Text(nation_name(row.power), style="bold" if row.power in winners else ""),
                str(row.centres),
                *sums,
                render(row.decided),
                status,
                key=row.power,
            )

    def action_record_year(self) -> None:
        store = castra_app(self).ledger.store
        if store is None:
            return
        state = store.state()
        if state.scenario.bellum is None:
            self.notify(
                _("Not a Bellum game: start one with castra campaign new bellum --faction …"),
                severity="warning",
            )
            return

        self.app.push_screen(BellumYearForm())


class BellumYearForm(LedgerForm):
    """B1, B2: the supply centres each power held at the end of the next year (Enter records).

    The fields start at last year's numbers, so only the powers that gained or lost centres
    need typing. A power already at 0 may be left empty; the ledger refuses a missing power,
    a total above the map's 90 centres, or a year after the game has ended.
    """

    FORM_TITLE = N_("Record a Bellum year (B1, B2)")

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        self.year = state.bellum_years + 1
        """The year this form records: the next one after those in the ledger."""
        year_bc = state.scenario.calendar.start_year_bc - (self.year - 1)
        previous = {power: row[-1] for power, row in state.centres.items() if row}
        yield Static(
            _("Centres held at the end of year {year} ({year_bc} BC), per power:").format(
                year=self.year, year_bc=year_bc
            ),
            classes="hint",
        )
        self.powers = list(state.scenario.nations)
        """The powers, in the order of the fields."""
        with Grid(id="bellum-centres"):
            for number, power in enumerate(self.powers):
                yield Label(nation_name(power), classes="bellum-power")
                held = self.number_input(
                    str(previous[power]) if power in previous else "",
                    id=f"centres-{number}",
                    compact=True,
                    classes="bellum-held",
                )
                # A refusal names the power, under the grid (one line for all of them).
                self.field_labels[f"centres-{number}"] = nation_name(power)
                yield held
        yield Static("", id="centres-error", classes="error field-error")
        yield from self.field(
            "sovereign",
            _("Sovereign proclaimed by every surviving player (B1)"),
            Select(
                [(nation_name(power), power) for power in self.powers],
                prompt=_("— nobody"),
                compact=True,
            ),
        )
        who = self.who_input()
        who.compact = True
        yield from self.field("who", _("Who"), who)
        yield from self.field("note", _("Note"), Input(placeholder=_("optional"), compact=True))

    def error_line(self, field: str) -> str:
        return "centres-error" if field.startswith("centres-") else super().error_line(field)

    def build_event(self) -> Any:
        from assistant.ledger.record import centres_event

        centres: dict[str, int] = {}
        for number, power in enumerate(self.powers):
            held = self.text(f"centres-{number}")
            if held:
                centres[power] = int(held)
        state = castra_app(self).ledger.state()
        return centres_event(
            state,
            self.year,
            centres,
            sovereign=self.choice("sovereign"),
            who=self.who(),
            note=self.text("note"),
        )
