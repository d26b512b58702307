"""The Campaign screen: where the campaign stands, and the referee's turn-by-turn actions.

It shows the turn and date, every nation's forces, decimated PM (with the winter they expire,
T2.5), treasury, prestige and VP, and the latest events; its keys open small forms to end the
turn, resolve the winter turn, rebuild decimated PM, order recruits and undo the last event.
Every number comes from the ledger's replayed state and every change is an event the ledger
judges: this screen adds no rules.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.coordinate import Coordinate
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from assistant.tui.glance import campaign_file, read_glance, write_glance
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.glance_table import GlanceColumn, GlanceTable
from assistant.tui.widgets.header import CastraHeader
from converters.errors import FieldError
from converters.i18n import N_, _, current_language, ngettext, translate_recorded

if TYPE_CHECKING:
    from assistant.tui.screens.campaign_forms import (
        AdvanceTurnForm,
        RebuildForm,
        RecruitForm,
        WinterTurnForm,
    )

__all__ = [
    "LOADING",
    "AdvanceTurnForm",
    "CampaignScreen",
    "RebuildForm",
    "RecruitForm",
    "WinterTurnForm",
    "campaign_heading",
    "decimated_text",
    "house_rules_text",
    "nation_options",
    "parse_tribute",
    "pe_listing",
    "tribute_text",
]

LOADING = N_("Loading campaign…")
"""What the heading says from the first frame until the campaign file is open."""
_FORMS = {"AdvanceTurnForm", "RebuildForm", "RecruitForm", "WinterTurnForm"}


def __getattr__(name: str) -> Any:
    # The forms need pydantic (via LedgerForm): they are imported when first asked for, so the
    # first frame does not wait for them (see assistant.tui.screens.campaign_forms).
    if name in _FORMS:
        return getattr(importlib.import_module("assistant.tui.screens.campaign_forms"), name)
    missing = f"module {__name__!r} has no attribute {name!r}"  # Python's own words
    raise AttributeError(missing)


RECENT_EVENTS = 12
"""How many of the latest events the Campaign screen lists."""
EVENT_WIDTH = 88
"""Room for an event's summary at 120 columns (the History shows it in full)."""


def campaign_heading(store: Any) -> str:
    """E.g. "Tarentine Wars · Turn 3, May 278 BC (1st fortnight)"."""
    state = store.state()
    return f"{scenario_text(state.scenario.title)} · {translate_recorded(state.date)}"


def decimated_text(nation: Any) -> str:
    """Decimated PM with the turn they expire, e.g. "2 (to t13), 1 (to t26)"; "—" for none."""
    if not nation.decimated:
        return "—"
    parts = []
    for batch in nation.decimated:
        until = (
            " " + _("(to t{turn})").format(turn=batch.expires) if batch.expires is not None else ""
        )
        parts.append(f"{batch.pm}{until}")
    return ", ".join(parts)


def _training_text(nation: Any) -> str:
    if not nation.training:
        return "—"
    parts = []
    for batch in nation.training:
        what = []
        if batch.land_pm:
            what.append(f"{batch.land_pm}L")
        if batch.naval_pm:
            what.append(f"{batch.naval_pm}N")
        parts.append(f"{'+'.join(what)} t{batch.arrives}")
    return ", ".join(parts)


NATION_ROOM = 21
"""Columns the nations table keeps for a nation's name ("Neutral (no player)", longest shipped)."""


def fitting_headings(headings: list[str], width: int) -> list[str]:
    """The nations table's headings, each on one line when the table then fits ``width``
    columns; else every heading of several words on two lines (issue 11: Italian "P.M.
    terrestri" at 80 columns), so every column stays readable without scrolling sideways."""
    # A column is its widest line plus a cell's padding on each side; numbers are narrower.
    one_line = NATION_ROOM + 2 + sum(len(heading) + 2 for heading in headings[1:])
    if one_line <= width:
        return headings
    return [headings[0]] + [heading.replace(" ", "\n", 1) for heading in headings[1:]]


def parse_tribute(text: str) -> dict[str, int]:
    """``"Rome 12, Magna Graecia 5"`` → ``{"Rome": 12, "Magna Graecia": 5}`` (T5.3 tribute).

    Only the shape is checked here; the ledger checks the nations and amounts.
    """
    tribute: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _space, amount = part.rpartition(" ")
        if not name.strip() or not amount.lstrip("-").isdigit():
            raise FieldError(
                field="tribute",
                message=_(
                    "write each nation and its PE, e.g. Rome 12, Magna Graecia 5 (got {part!r})"
                ),
                part=part,
            )
        tribute[name.strip()] = int(amount)
    return tribute


def house_rules_text(rules: Any) -> str:
    """docs/rules.md H: the campaign's options that differ from the defaults, as one line under the
    status ("" when it plays every default reading)."""
    changed = rules.changed()
    if not changed:
        return ""
    listed = ", ".join(f"{name} = {value}" for name, value in changed.items())
    return "\n" + _("House rules: {listed} (castra campaign rules lists them all)").format(
        listed=listed
    )


def tribute_text(state: Any) -> str:
    """T5.3: each nation's tribute if the turn ended now, as one line under the status, in a
    campaign with a map ("" without one, or on a winter turn, when none is collected)."""
    from assistant.ledger.map_war import turn_end_collection

    collection = turn_end_collection(state)
    if not collection or not collection[0]:
        return ""
    return "\n" + _("Tribute this turn (T5.3), PE: {listed}").format(
        listed=pe_listing(collection[0])
    )


def nation_name(name: str) -> str:
    """:func:`armylists.names.nation_name`, imported when first needed: importing
    :mod:`armylists` loads its pydantic loader, which the first frame does without."""
    from armylists.names import nation_name as named

    return named(name)


def scenario_text(text: str) -> str:
    """:func:`armylists.scenario_texts.scenario_text` (a scenario's title, a winter event),
    imported when first needed for the same reason as :func:`nation_name`."""
    from armylists.scenario_texts import scenario_text as worded

    return worded(text)


def pe_listing(amounts: dict[str, int]) -> str:
    """``{"Rome": 25, "Carthage": 21}`` → ``"Rome 25 · Carthage 21"``."""
    return " · ".join(f"{nation_name(name)} {pe}" for name, pe in amounts.items())


def nation_options(state: Any, *, players_only: bool = True) -> list[tuple[str, str]]:
    """(label, value) of the nations a form offers: those with a player unless told otherwise."""
    return [
        (nation_name(name), name)
        for name, nation in state.nations.items()
        if nation.player or not players_only
    ]


def _uses_pm(state: Any) -> bool:
    """Whether the campaign counts nations' PM (Tarentine Wars) or armies' morale (Macedon vs
    Persia, D1), as ``castra campaign show`` decides."""
    return state.scenario.economy is not None or not state.armies


class CampaignScreen(Screen[None]):
    """Turn, date, nations and recent events; keys for the referee's actions."""

    _kept_glance: dict[str, Any] | None = None
    _uses_pm = True
    """Whether the nations table counts PM (else armies' morale, D1), as last drawn."""

    TITLE = N_("Campaign")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "advance", N_("Next turn")),
        Binding("w", "winter", N_("Winter turn")),
        Binding("r", "rebuild", N_("Rebuild")),
        Binding("t", "recruit", N_("Recruit")),
        Binding("u", "undo", N_("Undo")),
    ]

    def compose(self) -> ComposeResult:
        # The nations and events tables come with the campaign (see _tables): until the file
        # is open they would be empty, and leaving them out of the first frame has it drawn
        # about 15 ms sooner (benchmarks/startup.py).
        yield CastraHeader()
        yield Vertical(
            Static(id="campaign-heading"),
            Static(id="campaign-status"),
            id="campaign-body",
        )
        yield CastraFooter()

    def on_mount(self) -> None:
        ledger = castra_app(self).ledger
        ledger.follow(self, self.refresh_from_store)
        if ledger.error is not None:
            self.show_campaign_error(ledger.error)
        elif ledger.store is None:
            # The first frame: the app opens the campaign file once this screen is up. Until
            # then it shows the campaign as it was last shown, if the file has not moved on.
            glance = read_glance(campaign_file(ledger.path), current_language())
            if glance is None or not self._show_glance(glance):
                self.query_one("#campaign-heading", Static).update(_(LOADING))
        else:
            self.refresh_from_store()

    def _tables(self, uses_pm: bool) -> tuple[DataTable[Any], DataTable[Any]]:
        """The nations (or armies, ``uses_pm`` False) and recent-events tables, added below the
        heading the first time. The caller says which: a kept glance has no campaign open."""
        existing = self.query("#nations")
        if existing:
            return existing.first(DataTable), self.query_one("#recent-events", DataTable)
        stand_ins = self.query(GlanceTable)
        self._uses_pm = uses_pm
        nations: DataTable[Any] = DataTable(id="nations", cursor_type="row", zebra_stripes=True)
        title, headings = self._nations_headings(uses_pm)
        nations.header_height = max(heading.count("\n") + 1 for heading in headings)
        nations.add_columns(*headings)
        events: DataTable[Any] = DataTable(id="recent-events", cursor_type="row")
        for label, width in self._events_columns():
            events.add_column(label, width=width)
        if stand_ins:
            # The first frame's glance (see _show_glance) gives way to the tables themselves.
            body = self.query_one("#campaign-body", Vertical)
            body.mount(nations, after=self.query_one("#nations-glance"))
            body.mount(events, after=self.query_one("#recent-events-glance"))
            stand_ins.remove()
        else:
            self.query_one("#campaign-body", Vertical).mount_all(
                [
                    Static(title, classes="section-title"),
                    nations,
                    Static(_("Recent events"), classes="section-title"),
                    events,
                ]
            )
        if self.focused is None:
            nations.focus()  # as when a screen opens: the arrow keys move through the nations
        return nations, events

    def _nations_headings(self, uses_pm: bool) -> tuple[str, list[str]]:
        """The nations table's title and headings: nations' PM, or armies' morale (D1)."""
        if not uses_pm:
            return _("Armies (morale 0–6, D1)"), [_("Army"), _("Side"), _("Morale"), _("Status")]
        # Short headings so that treasury, prestige and VP fit 80 columns (issue 11); the
        # turns in brackets say when decimated PM expire and recruits arrive.
        headings = [
            _("Nation"),
            _("Land PM"),
            _("Naval PM"),
            _("Decimated"),
            _("Training"),
            _("PE"),
            _("PP"),
            _("VP"),
        ]
        return _("Nations"), fitting_headings(headings, self.size.width - 2)

    @staticmethod
    def _events_columns() -> list[tuple[str, int]]:
        """The recent events' headings and widths."""
        return [
            ("#", 4),
            (_("Turn"), max(4, len(_("Turn")))),
            (_("Event"), EVENT_WIDTH),
            (_("Who"), 10),
        ]

    def on_screen_resume(self) -> None:
        # Another screen (or another process) may have written to the ledger meanwhile.
        if self.is_mounted:
            self.refresh_from_store()

    def show_campaign_error(self, message: str) -> None:
        """The campaign file could not be opened: say why, in place of the campaign."""
        self.query_one("#campaign-heading", Static).update(_("The campaign could not be opened"))
        status = self.query_one("#campaign-status", Static)
        status.update(message + "\n" + _("Press q to quit; nothing was written to the file."))
        status.add_class("error")

    def refresh_from_store(self) -> None:
        """Re-read the ledger and redraw everything on the screen (nothing until it is open)."""
        ledger = castra_app(self).ledger
        if ledger.error is not None:
            self.show_campaign_error(ledger.error)
        store = ledger.store
        if store is None:
            return
        state = store.state()
        calendar = state.scenario.calendar
        self.query_one("#campaign-heading", Static).update(
            f"{scenario_text(state.scenario.title)} — {translate_recorded(state.date)}  ·  "
            + _("turn {turn} of {total}").format(turn=state.turn, total=calendar.total_turns)
        )
        self.query_one("#campaign-status", Static).update(
            self._status(state) + house_rules_text(state.rules) + tribute_text(state)
        )
        nations, events = self._tables(_uses_pm(state))
        if _uses_pm(state):
            self._fill_nations(nations, state)
        else:
            self._fill_armies(nations, state)
        if state.dba_map is not None:
            self._fill_map_armies(self._map_armies_table(nations), state)
        self._fill_events(events, store)
        self._keep_glance(store.path, state.last_event_id)

    def _map_armies_table(self, nations: DataTable[Any]) -> DataTable[Any]:
        """Macedon vs Persia: the armies on the map, below the nations (added once)."""
        existing = self.query("#map-armies")
        if existing:
            return existing.first(DataTable)
        armies: DataTable[Any] = DataTable(id="map-armies", cursor_type="row", zebra_stripes=True)
        armies.add_columns(_("Army"), _("Side"), _("Where"), _("Morale"), _("Busy"), _("Supply"))
        title = Static(_("Armies on the map (D10–D13)"), classes="section-title")
        body = self.query_one("#campaign-body", Vertical)
        body.mount(title, after=nations)
        body.mount(armies, after=title)
        return armies

    def _fill_map_armies(self, table: DataTable[Any], state: Any) -> None:
        from assistant.ledger.dba_map import summary
        from assistant.tui.screens.journal import morale_pips  # pydantic: not for the first frame

        row = table.cursor_row
        table.clear()
        armies: dict[str, dict[str, Any]] = summary(state)["armies"]  # type: ignore[assignment]
        for name, army in armies.items():
            where = army["province"] or _("at sea → {to} (turn {turn})").format(
                to=army["landing_at"], turn=army["lands_on"]
            )
            busy = (
                _("{action} to turn {turn}").format(action=army["action"], turn=army["action_ends"])
                if army["action"]
                else ""
            )
            if army["deadline"] is not None:
                supply = Text(
                    _("CUT OFF: dies turn {turn}").format(turn=army["deadline"]), style="bold red"
                )
            else:
                supply = Text(_("supplied") if army["supplied"] else _("no line"))
            table.add_row(
                name, army["side"], where, morale_pips(army["morale"]), busy, supply, key=name
            )
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    # -- the glance: this screen's text kept in the file for the next start ------------------

    def _glance(self) -> dict[str, Any]:
        """What the screen shows now, as plain data (see :mod:`assistant.tui.glance`)."""
        tables = {}
        for table in self.query(DataTable).results(DataTable):
            rows = []
            for index in range(table.row_count):
                key = table.coordinate_to_cell_key(Coordinate(index, 0)).row_key.value
                cells = [
                    [cell.plain, str(cell.style), True]
                    if isinstance(cell, Text)
                    else [str(cell), "", False]
                    for cell in table.get_row_at(index)
                ]
                rows.append({"key": key, "cells": cells})
            tables[str(table.id)] = rows
        return {
            "heading": str(self.query_one("#campaign-heading", Static).content),
            "status": str(self.query_one("#campaign-status", Static).content),
            "uses_pm": self._uses_pm,
            "tables": tables,
            "language": current_language(),
        }

    def _show_glance(self, glance: dict[str, Any]) -> bool:
        """Show a kept glance; False (nothing shown) if it does not fit this screen."""
        try:
            rows = {
                name: [
                    [
                        Text(plain, style=style, no_wrap=True, overflow="ellipsis")
                        if rich
                        else plain
                        for plain, style, rich in row["cells"]
                    ]
                    for row in glance["tables"][name]
                ]
                for name in ("nations", "recent-events")
            }
            heading = str(glance["heading"])
            status = str(glance["status"])
            uses_pm = bool(glance["uses_pm"])
        except (KeyError, TypeError, ValueError):
            return False
        self.query_one("#campaign-heading", Static).update(heading)
        self.query_one("#campaign-status", Static).update(status)
        title, headings = self._nations_headings(uses_pm)
        nations = GlanceTable(
            [GlanceColumn(heading) for heading in headings],
            rows["nations"],
            header_height=max(heading.count("\n") + 1 for heading in headings),
            zebra_stripes=True,
            focused=True,
            id="nations-glance",
        )
        events = GlanceTable(
            [GlanceColumn(label, width) for label, width in self._events_columns()],
            rows["recent-events"],
            id="recent-events-glance",
        )
        self.query_one("#campaign-body", Vertical).mount_all(
            [
                Static(title, classes="section-title"),
                nations,
                Static(_("Recent events"), classes="section-title"),
                events,
            ]
        )
        return True

    def _keep_glance(self, path: Any, event_id: int) -> None:
        glance = self._glance()
        if glance != self._kept_glance:
            self._kept_glance = glance
            self._write_glance(Path(path), glance, event_id)

    @work(thread=True, exclusive=True, group="glance")
    def _write_glance(self, path: Path, glance: dict[str, Any], event_id: int) -> None:
        write_glance(path, glance, event_id)

    def _status(self, state: Any) -> str:
        if state.finished:
            return _("The campaign is over (T5.1); only notes can be added.")
        if state.is_winter and state.turn not in state.winters_resolved:
            return _(
                "Winter turn: press w to resolve it (upkeep, winter event, control checks, VP), "
                "then n."
            )
        if state.is_winter:
            return _("Winter resolved: press n to start the spring.")
        battles = ngettext("{count} battle recorded", "{count} battles recorded", state.battles)
        return (
            battles.format(count=state.battles)
            + " · "
            + _(
                "n ends this turn · r rebuilds decimated PM (20 PE, until the next winter) · "
                "t orders recruits"
            )
        )

    def _fill_nations(self, table: DataTable[Any], state: Any) -> None:
        row = table.cursor_row
        table.clear()
        for name, nation in state.nations.items():
            shown = nation_name(name)
            label = shown if nation.player else _("{name} (no player)").format(name=shown)
            if nation.away:
                label += " " + _("(away)")
            table.add_row(
                label,
                str(nation.land_pm),
                str(nation.naval_pm),
                decimated_text(nation),
                _training_text(nation),
                str(nation.treasury),
                str(nation.prestige),
                "—" if nation.victory_points is None else str(nation.victory_points),
                key=name,
            )
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def _fill_armies(self, table: DataTable[Any], state: Any) -> None:
        """D1: each army with its side and morale, as ``castra campaign show`` lists them."""
        from converters.i18n import _

        row = table.cursor_row
        table.clear()
        for name, army in state.armies.items():
            status = _("leader") if army.leader else ""
            if not army.alive:
                status = _("destroyed")
            table.add_row(
                name, army.nation, str(army.morale) if army.alive else "—", status, key=name
            )
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rebuilding and recruiting are PM economy (T6): a campaign of armies has neither."""
        if action in ("rebuild", "recruit"):
            store = castra_app(self).ledger.store
            return store is None or _uses_pm(store.state())
        return True

    def _fill_events(self, table: DataTable[Any], store: Any) -> None:
        table.clear()
        for entry in reversed(store.history()[-RECENT_EVENTS:]):
            style = "dim strike" if entry.undone_by is not None else ""
            table.add_row(
                str(entry.id),
                str(entry.turn or ""),
                Text(
                    translate_recorded(str(entry.summary)),
                    style=style,
                    no_wrap=True,
                    overflow="ellipsis",
                ),
                Text(entry.who or "—", no_wrap=True, overflow="ellipsis"),
            )

    # -- actions ---------------------------------------------------------------------------

    def _open(self, form_name: str, *args: Any) -> None:
        # A key pressed while the file is still opening is carried out once it is open (a
        # fraction of a second); with no campaign (the file could not be opened) never.
        def open_form() -> None:
            if self.app.screen is not self:
                return  # the player moved on meanwhile
            module = "history" if form_name == "UndoForm" else "campaign_forms"
            form_class = getattr(
                importlib.import_module(f"assistant.tui.screens.{module}"), form_name
            )
            form: ModalScreen[str | None] = form_class(*args)
            # The form records through the ledger service, which tells every screen.
            self.app.push_screen(form)

        castra_app(self).ledger.when_loaded(open_form)

    def action_advance(self) -> None:
        self._open("AdvanceTurnForm")

    def action_winter(self) -> None:
        self._open("WinterTurnForm")

    def action_rebuild(self) -> None:
        self._open("RebuildForm", self._selected_nation())

    def action_recruit(self) -> None:
        self._open("RecruitForm", self._selected_nation())

    def action_undo(self) -> None:
        self._open("UndoForm")

    def _selected_nation(self) -> str | None:
        tables = self.query("#nations")
        if not tables:
            return None
        table = tables.first(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None
