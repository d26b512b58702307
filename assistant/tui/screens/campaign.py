"""The Campaign screen: where the campaign stands, and the referee's turn-by-turn actions.

It shows the turn and date, every nation's forces, decimated PM (with the winter they expire,
T2.5), treasury, prestige and VP, and the latest events; its keys open small forms to end the
turn, resolve the winter turn, rebuild decimated PM, order recruits and undo the last event.
Every number comes from the ledger's glance of the campaign (:mod:`assistant.ledger.glance`,
kept with every event), translated here when shown: the first frame reads it with the standard
library before the ledger is open, and every change re-reads it from the store. Every change is
an event the ledger judges: this screen adds no rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from armylists.names import nation_name
from armylists.scenario_texts import scenario_text
from assistant.ledger.glance import RECENT_EVENTS, read_only, stored_glance
from assistant.ledger.paths import campaign_path
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.glance_table import GlanceColumn, GlanceTable
from assistant.tui.widgets.header import CastraHeader
from converters.errors import FieldError
from converters.i18n import (
    N_,
    NP_,
    _,
    ngettext,
    translate_recorded,
)

if TYPE_CHECKING:
    from textual.widgets import DataTable

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
    "morale_pips",
    "nation_options",
    "parse_tribute",
    "pe_listing",
    "phase_lines",
    "phase_text",
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


MAX_MORALE = 6
"""D1: morale runs from 0 to 6 (a display bound for the pips, not a rule applied here)."""
EVENT_WIDTH = 88
"""Room for an event's summary at 120 columns (the History shows it in full)."""


def campaign_heading(store: Any) -> str:
    """E.g. "Tarentine Wars · Turn 3, May 278 BC (1st fortnight)"."""
    state = store.state()
    return f"{scenario_text(state.scenario.title)} · {translate_recorded(state.date)}"


def morale_pips(morale: int) -> str:
    """Morale as six pips, e.g. ``●●●○○○ 3``."""
    shown = max(0, min(MAX_MORALE, morale))
    return "●" * shown + "○" * (MAX_MORALE - shown) + f" {morale}"


def decimated_text(batches: Sequence[Mapping[str, Any]]) -> str:
    """Decimated PM (``pm``, ``expires``) with the turn they expire, e.g. "2 (to t13), 1 (to
    t26)"; "—" for none."""
    if not batches:
        return "—"
    # Batches decimated on different turns may expire at the same winter: one figure for each
    # winter ("2 (to t13)", not "1 (to t13), 1 (to t13)", issue 27).
    by_expiry: dict[Any, int] = {}
    for batch in batches:
        by_expiry[batch["expires"]] = by_expiry.get(batch["expires"], 0) + int(batch["pm"])
    parts = []
    for expires, pm in by_expiry.items():
        until = " " + _("(to t{turn})").format(turn=expires) if expires is not None else ""
        parts.append(f"{pm}{until}")
    return ", ".join(parts)


def _training_text(batches: Sequence[Mapping[str, Any]]) -> str:
    if not batches:
        return "—"
    parts = []
    for batch in batches:
        what = []
        if batch["land_pm"]:
            what.append(f"{batch['land_pm']}L")
        if batch["naval_pm"]:
            what.append(f"{batch['naval_pm']}N")
        parts.append(f"{'+'.join(what)} t{batch['arrives']}")
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


def phase_lines(phase: Mapping[str, Any]) -> list[str]:
    """T5.2, D6: the phase (``castra campaign show --json``'s ``"phase"``) and each thing left
    to do in it, in ``campaign show``'s words: the Campaign screen and the Map say them alike."""
    heading = _("Phase: {name} ({rule})").format(
        name=translate_recorded(phase["name"]), rule=phase["rule"]
    )
    return [heading, *(translate_recorded(item) for item in phase["left"])]


def phase_text(phase: Mapping[str, Any] | None) -> str:
    """The phase and what is left in it as lines under the status ("" for a campaign without a
    turn by the book)."""
    if not phase:
        return ""
    heading, *left = phase_lines(phase)
    return "\n" + "\n".join([heading, *("  " + item for item in left)])


def house_rules_text(changed: Mapping[str, Any]) -> str:
    """docs/rules.md H: the campaign's options that differ from the defaults (``changed``), as
    one line under the status ("" when it plays every default reading)."""
    if not changed:
        return ""
    listed = ", ".join(f"{name} = {value}" for name, value in changed.items())
    return "\n" + _("House rules: {listed} (castra campaign rules lists them all)").format(
        listed=listed
    )


def relations_text(relations: Sequence[Mapping[str, str]]) -> str:
    """T7.10: the nations at war and those allied by treaty, as one line under the status
    ("" while every pair is as at the start)."""
    if not relations:
        return ""
    words = {"at_war": _("at war"), "allied": _("allied")}
    listed = ", ".join(
        _("{a}–{b} {relation}").format(
            a=nation_name(row["a"]), b=nation_name(row["b"]), relation=words[row["relation"]]
        )
        for row in relations
    )
    return "\n" + _("Relations (T7.10): {listed}").format(listed=listed)


def tribute_text(tribute: Mapping[str, int]) -> str:
    """T5.3: each nation's ``tribute`` if the turn ended now, as one line under the status, in
    a campaign with a map ("" without one, or on a winter turn, when none is collected)."""
    if not tribute:
        return ""
    return "\n" + _("Tribute this turn (T5.3), PE: {listed}").format(listed=pe_listing(tribute))


def pe_listing(amounts: Mapping[str, int]) -> str:
    """``{"Rome": 25, "Carthage": 21}`` → ``"Rome 25 · Carthage 21"``."""
    return " · ".join(f"{nation_name(name)} {pe}" for name, pe in amounts.items())


def nation_options(state: Any, *, players_only: bool = True) -> list[tuple[str, str]]:
    """(label, value) of the nations a form offers: those with a player unless told otherwise."""
    return [
        (nation_name(name), name)
        for name, nation in state.nations.items()
        if nation.player or not players_only
    ]


Cell = str | Text
Row = tuple[str | None, list[Cell]]
"""A table row: its key (the nation or army; None for an event) and its cells."""


def _fill(table: DataTable[Any], rows: list[Row]) -> None:
    """Put ``rows`` in ``table`` in place of what it had, the cursor staying on its row."""
    row = table.cursor_row
    table.clear()
    for key, cells in rows:
        table.add_row(*cells, key=key)
    if table.row_count:
        table.move_cursor(row=min(row, table.row_count - 1))


class Drawn(NamedTuple):
    """What the Campaign screen shows of a glance, in the interface's language."""

    heading: str
    status: str
    uses_pm: bool
    """Whether nations count PM (else armies' morale, D1)."""
    nations: list[Row]
    map_armies: list[Row] | None
    """Macedon vs Persia's armies on the map (D10–D13); None in a campaign without a map."""
    events: list[Row]


class CampaignScreen(Screen[None]):
    """Turn, date, nations and recent events; keys for the referee's actions."""

    _uses_pm = True
    """Whether the nations table counts PM (else armies' morale, D1), as last drawn: rebuilding
    and recruiting are offered only then."""

    TITLE = N_("Campaign")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "advance", N_("Next turn")),
        Binding("w", "winter", NP_("key", "Winter turn")),
        Binding("r", "rebuild", N_("Rebuild")),
        Binding("t", "recruit", N_("Recruit")),
        Binding("u", "undo", N_("Undo")),
    ]

    def compose(self) -> ComposeResult:
        # The first frame: the app opens the campaign file once this screen is up. Until then
        # the screen shows the glance the ledger keeps in the file, if it is current, composed
        # with the screen so that it is laid out once (benchmarks/startup.py); the tables come
        # with the campaign (see _tables).
        yield CastraHeader()
        heading, status, shown = Static(id="campaign-heading"), Static(id="campaign-status"), []
        ledger = castra_app(self).ledger
        if ledger.store is None and ledger.error is None:
            glance = read_only(campaign_path(ledger.path), stored_glance, None)
            try:
                drawn = self._drawn(glance) if glance is not None else None
            except (KeyError, TypeError, ValueError, AttributeError):
                drawn = None  # a glance is checked for its stamp, not trusted for its contents
            if drawn is None:
                heading.update(_(LOADING))
            else:
                heading.update(drawn.heading)
                status.update(drawn.status)
                shown = self._stand_ins(drawn)
        yield Vertical(heading, status, *shown, id="campaign-body")
        yield CastraFooter()

    @property
    def shows_glance(self) -> bool:
        """Whether the screen shows the campaign from the file's glance (its first frame)."""
        return bool(self.query(GlanceTable))

    def on_mount(self) -> None:
        ledger = castra_app(self).ledger
        ledger.follow(self, self.refresh_from_store)
        if ledger.error is not None:
            self.show_campaign_error(ledger.error)
        elif ledger.store is not None:
            self.refresh_from_store()

    def _tables(self, uses_pm: bool) -> tuple[DataTable[Any], DataTable[Any]]:
        """The nations (or armies, ``uses_pm`` False) and recent-events tables, added below the
        heading the first time, in place of the first frame's stand-ins if they are there."""
        # DataTable is imported with the campaign: the first frame draws stand-ins.
        from textual.widgets import DataTable

        existing = self.query("#nations")
        if existing:
            return existing.first(DataTable), self.query_one("#recent-events", DataTable)
        if uses_pm != self._uses_pm:
            self._uses_pm = uses_pm
            self.refresh_bindings()
        title, headings = self._nations_headings(uses_pm)
        nations: DataTable[Any] = DataTable(id="nations", cursor_type="row", zebra_stripes=True)
        nations.header_height = max(heading.count("\n") + 1 for heading in headings)
        nations.add_columns(*headings)
        events: DataTable[Any] = DataTable(id="recent-events", cursor_type="row")
        for label, width in self._events_columns():
            events.add_column(label, width=width)
        body = self.query_one("#campaign-body", Vertical)
        stand_ins = self.query("#nations-glance, #recent-events-glance")
        if stand_ins:
            # The first frame's glance gives way to the tables themselves, in the same places.
            body.mount(nations, after=self.query_one("#nations-glance"))
            body.mount(events, after=self.query_one("#recent-events-glance"))
            stand_ins.remove()
        else:
            body.mount_all(
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
        # Composed before the screen has a size, the first frame goes by the app's.
        width = self.size.width or self.app.size.width
        return _("Nations"), fitting_headings(headings, width - 2)

    @staticmethod
    def _events_columns() -> list[tuple[str, int]]:
        """The recent events' headings and widths."""
        return [
            ("#", 4),
            (_("Turn"), max(4, len(_("Turn")))),
            (_("Event"), EVENT_WIDTH),
            (_("Who"), 10),
        ]

    @staticmethod
    def _map_armies_headings() -> list[str]:
        return [_("Army"), _("Side"), _("Where"), _("Morale"), _("Busy"), _("Supply")]

    def show_campaign_error(self, message: str) -> None:
        """The campaign file could not be opened: say why, in place of the campaign (and of
        the glance the first frame drew from it)."""
        self.query("#campaign-body > .section-title, #campaign-body > GlanceTable").remove()
        self.query_one("#campaign-heading", Static).update(_("The campaign could not be opened"))
        status = self.query_one("#campaign-status", Static)
        status.update(message + "\n" + _("Press q to quit; nothing was written to the file."))
        status.add_class("error")

    def refresh_from_store(self) -> None:
        """Re-read the ledger and redraw everything on the screen (nothing until it is open)."""
        ledger = castra_app(self).ledger
        if ledger.error is not None:
            self.show_campaign_error(ledger.error)
        if ledger.store is not None:
            glance = ledger.store.glance()
            self.show(glance)

    def _drawn(self, glance: Mapping[str, Any]) -> Drawn:
        """What the screen shows of ``glance`` (:func:`assistant.ledger.glance.campaign_glance`),
        in the interface's language; every row is made before any is shown."""
        heading = (
            f"{scenario_text(glance['title'])} — {translate_recorded(glance['date'])}  ·  "
            + _("turn {turn} of {total}").format(turn=glance["turn"], total=glance["total_turns"])
        )
        status = (
            self._status(glance)
            + ("" if glance["finished"] else phase_text(glance["phase"]))
            + house_rules_text(glance["house_rules"])
            + relations_text(glance["relations"])
            + tribute_text(glance["tribute"])
        )
        uses_pm = bool(glance["uses_pm"])
        return Drawn(
            heading=heading,
            status=status,
            uses_pm=uses_pm,
            nations=(
                self._nation_rows(glance["nations"])
                if uses_pm
                else self._army_rows(glance["armies"])
            ),
            map_armies=(
                self._map_army_rows(glance["map_armies"]) if glance["map_armies"] else None
            ),
            events=self._event_rows(glance["recent"]),
        )

    def show(self, glance: Mapping[str, Any]) -> None:
        """Draw the campaign from its ``glance`` in the tables (the campaign file is open)."""
        drawn = self._drawn(glance)
        nations, events = self._tables(drawn.uses_pm)
        _fill(nations, drawn.nations)
        if drawn.map_armies is not None:
            _fill(self._map_armies_table(nations), drawn.map_armies)
        _fill(events, drawn.events)
        self.query_one("#campaign-heading", Static).update(drawn.heading)
        self.query_one("#campaign-status", Static).update(drawn.status)

    def _stand_ins(self, drawn: Drawn) -> list[Widget]:
        """The first frame's tables: GlanceTables, drawn as the DataTables that replace them
        once the file is open will be (the nations focused, as they will be)."""
        self._uses_pm = drawn.uses_pm
        title, headings = self._nations_headings(drawn.uses_pm)
        shown: list[Widget] = [
            Static(title, classes="section-title"),
            GlanceTable(
                [GlanceColumn(heading) for heading in headings],
                [cells for _key, cells in drawn.nations],
                header_height=max(heading.count("\n") + 1 for heading in headings),
                zebra_stripes=True,
                focused=True,
                keys=[key for key, _cells in drawn.nations],
                id="nations-glance",
            ),
        ]
        if drawn.map_armies is not None:
            shown += [
                Static(_("Armies on the map (D10–D13)"), classes="section-title"),
                GlanceTable(
                    [GlanceColumn(heading) for heading in self._map_armies_headings()],
                    [cells for _key, cells in drawn.map_armies],
                    zebra_stripes=True,
                    id="map-armies-glance",
                ),
            ]
        shown += [
            Static(_("Recent events"), classes="section-title"),
            GlanceTable(
                [GlanceColumn(label, width) for label, width in self._events_columns()],
                [cells for _key, cells in drawn.events],
                id="recent-events-glance",
            ),
        ]
        return shown

    def _map_armies_table(self, nations: DataTable[Any]) -> DataTable[Any]:
        """Macedon vs Persia: the armies on the map, below the nations (added once)."""
        from textual.widgets import DataTable

        existing = self.query("#map-armies")
        if existing:
            return existing.first(DataTable)
        armies: DataTable[Any] = DataTable(id="map-armies", cursor_type="row", zebra_stripes=True)
        armies.add_columns(*self._map_armies_headings())
        body = self.query_one("#campaign-body", Vertical)
        stand_in = self.query("#map-armies-glance")
        if stand_in:
            body.mount(armies, after=stand_in.first())
            stand_in.remove()
            return armies
        title = Static(_("Armies on the map (D10–D13)"), classes="section-title")
        body.mount(title, after=nations)
        body.mount(armies, after=title)
        return armies

    @staticmethod
    def _map_army_rows(armies: Mapping[str, Any]) -> list[Row]:
        rows: list[Row] = []
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
            rows.append(
                (name, [name, army["side"], where, morale_pips(army["morale"]), busy, supply])
            )
        return rows

    def _status(self, glance: Mapping[str, Any]) -> str:
        if glance["winners"]:
            return _(
                "Strategic victory (T5.8): {winners}; the campaign is over, only notes and undo "
                "can be added."
            ).format(winners=", ".join(nation_name(n) for n in glance["winners"]))
        if glance["finished"]:
            return _("The campaign is over (T5.1); only notes can be added.")
        if glance["is_winter"] and not glance["winter_resolved"]:
            return _(
                "Winter turn: press w to resolve it (upkeep, winter event, control checks, VP), "
                "then n."
            )
        if glance["is_winter"]:
            return _("Winter resolved: press n to start the spring.")
        count = int(glance["battles"])
        battles = ngettext("{count} battle recorded", "{count} battles recorded", count)
        if not glance["uses_pm"]:
            # A campaign of armies (Macedon vs Persia) has no PM to rebuild or recruit (T6):
            # r and t are not its keys, so they are not its hints either.
            return battles.format(count=count) + " · " + _("n ends this turn")
        return (
            battles.format(count=count)
            + " · "
            + _(
                "n ends this turn · r rebuilds decimated PM (20 PE, until the next winter) · "
                "t orders recruits"
            )
        )

    @staticmethod
    def _nation_rows(nations: Sequence[Mapping[str, Any]]) -> list[Row]:
        rows: list[Row] = []
        for nation in nations:
            name = nation["name"]
            shown = nation_name(name)
            label = shown if nation["player"] else _("{name} (no player)").format(name=shown)
            if nation["away"]:
                label += " " + _("(away)")
            points = nation["victory_points"]
            cells: list[Cell] = [
                label,
                str(nation["land_pm"]),
                str(nation["naval_pm"]),
                decimated_text(nation["decimated"]),
                _training_text(nation["training"]),
                str(nation["treasury"]),
                str(nation["prestige"]),
                "—" if points is None else str(points),
            ]
            rows.append((name, cells))
        return rows

    @staticmethod
    def _army_rows(armies: Sequence[Mapping[str, Any]]) -> list[Row]:
        """D1: each army with its side and morale, as ``castra campaign show`` lists them."""
        rows: list[Row] = []
        for army in armies:
            status = _("leader") if army["leader"] else ""
            if not army["alive"]:
                status = _("destroyed")
            morale = str(army["morale"]) if army["alive"] else "—"
            rows.append((army["name"], [army["name"], army["nation"], morale, status]))
        return rows

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rebuilding and recruiting are PM economy (T6): a campaign of armies has neither (as
        the screen last drew it, its first frame included)."""
        if action in ("rebuild", "recruit"):
            return self._uses_pm
        return True

    @staticmethod
    def _event_rows(recent: Sequence[Mapping[str, Any]]) -> list[Row]:
        rows: list[Row] = []
        for entry in reversed(recent[-RECENT_EVENTS:]):
            style = "dim strike" if entry["undone"] else ""
            summary = Text(
                translate_recorded(str(entry["summary"])),
                style=style,
                no_wrap=True,
                overflow="ellipsis",
            )
            who = Text(entry["who"] or "—", no_wrap=True, overflow="ellipsis")
            rows.append((None, [str(entry["id"]), str(entry["turn"] or ""), summary, who]))
        return rows

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
        from textual.widgets import DataTable

        tables = self.query("#nations")
        if not tables:
            # Before the file is open: the nation under the cursor the first frame draws.
            stand_ins = self.query("#nations-glance")
            keys = stand_ins.first(GlanceTable).keys if stand_ins else []
            return keys[0] if keys else None
        table = tables.first(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None
