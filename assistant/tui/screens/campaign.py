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
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from armylists.names import nation_name
from armylists.scenario_texts import scenario_text
from assistant.ledger.glance import RECENT_EVENTS, read_only, stored_glance
from assistant.ledger.paths import campaign_path
from assistant.ledger.read_models import (
    DbaArmyOnMap,
    DecimatedGlance,
    Glance,
    GlanceArmy,
    GlanceNation,
    PhaseSummary,
    RecentEvent,
    RelationPair,
    TrainingGlance,
)
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
)
from converters.province_names import province_name
from converters.wording import render_data

if TYPE_CHECKING:
    from textual.widgets import DataTable

    from assistant.tui.screens.campaign_forms import (
        AdvanceTurnForm,
        DeclareWarForm,
        RebuildForm,
        RecruitForm,
        WinterTurnForm,
    )

__all__ = [
    "LOADING",
    "AdvanceTurnForm",
    "CampaignScreen",
    "DeclareWarForm",
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
    "phase_for_viewer",
    "phase_lines",
    "phase_text",
    "tribute_text",
]

LOADING = N_("Loading campaign…")
"""What the heading says from the first frame until the campaign file is open."""
_FORMS = {"AdvanceTurnForm", "DeclareWarForm", "RebuildForm", "RecruitForm", "WinterTurnForm"}
_FORM_MODULES = {"UndoForm": "history", "EnteringForm": "turn_panel", "AnswerForm": "turn_panel"}
"""Where a form lives when not in ``campaign_forms`` (each imported when first opened)."""
_ACTS = {
    "advance": "advance",
    "winter": "winter",
    "rebuild": "rebuild",
    "recruit": "order",  # T5.2 phase 1: a sealed order of the nation
    "undo": "undo",
    "enter_as": "enter_as",
    "resolve": "resolve",
    "withdraw": "withdraw",
    "answer": "answer",
    "no_orders": "hand_in",
    "withdraw_meeting": "record",
    "meeting_battle": "battle",
    "declare_war": "war",
    "side_done": "record",  # D6: the referee's, as the ledger says
}
"""What each of the screen's keys does, in :func:`assistant.ledger.players.seat_may`'s words."""


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
    from converters.said import render  # the state is open: pydantic is loaded

    state = store.state()
    return f"{scenario_text(state.scenario.title)} · {render(state.date_said)}"


def morale_pips(morale: int) -> str:
    """Morale as six pips, e.g. ``●●●○○○ 3``."""
    shown = max(0, min(MAX_MORALE, morale))
    return "●" * shown + "○" * (MAX_MORALE - shown) + f" {morale}"


def decimated_text(batches: Sequence[DecimatedGlance]) -> str:
    """Decimated PM (``pm``, ``expires``) with the turn they expire, e.g. "2 (to t13), 1 (to
    t26)"; "—" for none."""
    if not batches:
        return "—"
    # Batches decimated on different turns may expire at the same winter: one figure for each
    # winter ("2 (to t13)", not "1 (to t13), 1 (to t13)", issue 27).
    by_expiry: dict[Any, int] = {}
    for batch in batches:
        by_expiry[batch.expires] = by_expiry.get(batch.expires, 0) + batch.pm
    parts = []
    for expires, pm in by_expiry.items():
        until = " " + _("(to t{turn})").format(turn=expires) if expires is not None else ""
        parts.append(f"{pm}{until}")
    return ", ".join(parts)


def _training_text(batches: Sequence[TrainingGlance]) -> str:
    if not batches:
        return "—"
    parts = []
    for batch in batches:
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


def phase_lines(phase: PhaseSummary) -> list[str]:
    """T5.2, D6: the phase (``castra campaign show --json``'s ``"phase"``) and each thing left
    to do in it, as the ledger says them and ``campaign show`` renders them: the Campaign
    screen and the Map say them alike."""
    return phase.lines()


def phase_text(phase: PhaseSummary | None) -> str:
    """The phase and what is left in it as lines under the status ("" for a campaign without a
    turn by the book)."""
    if not phase:
        return ""
    heading, *left = phase_lines(phase)
    return "\n" + "\n".join([heading, *("  " + item for item in left)])


def phase_for_viewer(ledger: Any) -> Any:
    """The phase and what is left in it as the one at the keyboard may read it (T7.3): every
    nation's sealed orders counted for the referee; a nation entering its orders counts its
    own; a player none (its panel lists them, and carrying them out is the referee's)."""
    from assistant.ledger.phases import phase_summary

    state = ledger.state()
    viewer = ledger.viewer
    if viewer is None:
        return phase_summary(state)
    own = state.orders.get(viewer, [])
    orders = {} if ledger.player is not None or not own else {viewer: own}
    return phase_summary(state.model_copy(update={"orders": orders}))


def house_rules_text(changed: Mapping[str, Any]) -> str:
    """docs/rules.md H: the campaign's options that differ from the defaults (``changed``), as
    one line under the status ("" when it plays every default reading)."""
    if not changed:
        return ""
    listed = ", ".join(f"{name} = {value}" for name, value in changed.items())
    return "\n" + _("House rules: {listed} (castra campaign rules lists them all)").format(
        listed=listed
    )


def relations_text(relations: Sequence[RelationPair]) -> str:
    """T7.10: the nations at war and those allied by treaty, as one line under the status
    ("" while every pair is as at the start)."""
    if not relations:
        return ""
    words = {"at_war": _("at war"), "allied": _("allied")}
    listed = ", ".join(
        _("{a}–{b} {relation}").format(
            a=nation_name(row.a), b=nation_name(row.b), relation=words[row.relation]
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


def _fill(table: DataTable[Any], rows: list[Row], height: int | None = 1) -> None:
    """Put ``rows`` in ``table`` in place of what it had, the cursor staying on its row
    (``height`` None: each row as tall as its cells' lines)."""
    row = table.cursor_row
    table.clear()
    for key, cells in rows:
        table.add_row(*cells, key=key, height=height)
    if table.row_count:
        table.move_cursor(row=min(row, table.row_count - 1))


class TurnKeys(NamedTuple):
    """Which of the turn's keys the Campaign screen offers, read from the glance (T5.2)."""

    giving: bool = False
    """Sealed orders are being given (T5.2 phases 1–3, house rule ``orders = sealed``)."""
    carried_out: bool = False
    """This turn's sealed orders are carried out: phase 1's recruiting waits a turn."""
    unsettled: bool = False
    """A meeting found this turn waits for its answer or its battle (T7.4)."""
    invasions: bool = False
    """Macedon vs Persia: an invasion into enemy armies waits for its battles (D6, D8)."""
    sides_move: bool = False
    """Macedon vs Persia: a side is still to move and say it is done (D6 phase 2)."""


ORDERS_WINDOW = ("recruitment", "alliances", "movement")
"""T5.2 phases 1–3, by the glance's phase keys (``assistant.ledger.phases.ORDERS_WINDOW``)."""
MANOEUVRES = ("initiative", "first_side_moves", "second_side_moves")
"""D6 phases 1–2, by the glance's phase keys: a side still moves and says it is done."""


def turn_keys(glance: Glance) -> TurnKeys:
    """The turn's keys a ``glance`` calls for (the ledger's phase and meetings, T5.2, T7.4)."""
    phase = glance.phase
    if phase is None or glance.finished or phase.orders != "sealed":
        return TurnKeys()
    tarentine = glance.uses_pm and phase.key != "winter"
    macedon = not glance.uses_pm
    return TurnKeys(
        giving=tarentine and phase.key in ORDERS_WINDOW,
        carried_out=tarentine and phase.key not in ORDERS_WINDOW,
        unsettled=tarentine and bool(glance.unsettled_meetings),
        invasions=macedon and bool(glance.unsettled_meetings),
        sides_move=macedon and phase.key in MANOEUVRES,
    )


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
        # T7.3, T7.4: a turn by the book; each key is offered only in its phase, and e, x and
        # i stay off the footer (120 columns are full; the turn panel's title and F1 name them).
        Binding(
            "e", "enter_as", N_("Who enters"), show=False, tooltip=N_("Which nation enters (T7.3)")
        ),
        Binding("v", "resolve", N_("Resolve"), tooltip=N_("Carry out every sealed order (T7.3)")),
        Binding(
            "x", "withdraw", N_("Withdraw"), show=False, tooltip=N_("The order under the cursor")
        ),
        Binding("y", "answer", N_("Answer"), tooltip=N_("Each side seeks or avoids battle")),
        Binding(
            "z",
            "withdraw_meeting",
            N_("Fall back"),
            show=False,
            tooltip=N_("The side that avoids battle withdraws under one pursuit roll (T3.0)"),
        ),
        Binding("f", "meeting_battle('desk')", N_("Battle"), tooltip=N_("The meeting's battle")),
        Binding(
            "i",
            "meeting_battle('dice')",
            N_("By dice"),
            show=False,
            tooltip=N_("The meeting by dice"),
        ),
        # Shift+W, War beside w, Winter: e is the sealed orders' "who enters" (T7.3). Off the
        # footer, which 120 columns already fill; F1 lists it.
        Binding("W", "declare_war", N_("War"), show=False, tooltip=N_("Declare war (T7.10)")),
        # T7.3: a nation that gives no orders this turn says so, and has handed in.
        Binding(
            "N", "no_orders", N_("No orders"), tooltip=N_("This nation gives no orders (T7.3)")
        ),
        # D6 phase 2, Macedon vs Persia: shift+d, "done", as shift+w is War (d is the Dice
        # battle everywhere). Its campaign has no sealed orders' keys, so the footer has room.
        Binding("D", "side_done", N_("Done"), tooltip=N_("The side moving now is done (D6)")),
    ]

    _turn_parts: dict[str, Widget] | None = None
    """The turn panel's widgets by id, once added (see _show_turn)."""
    _turn_keys = TurnKeys()
    """The turn's keys on offer, as the screen last drew the glance (its first frame too)."""
    _turn: Any = None
    """The turn's sealed orders and meetings as last drawn (``turn_panel.TurnView``), or None
    before the file is open: the turn's keys are offered only in their phase."""

    def compose(self) -> ComposeResult:
        # The first frame: the app opens the campaign file once this screen is up. Until then
        # the screen shows the glance the ledger keeps in the file, if it is current, composed
        # with the screen so that it is laid out once (benchmarks/startup.py); the tables come
        # with the campaign (see _tables).
        yield CastraHeader()
        heading, status, shown = Static(id="campaign-heading"), Static(id="campaign-status"), []
        ledger = castra_app(self).ledger
        # A player's session (its seat known now) waits for its own store: the file's glance
        # is the referee's, with every nation's recent orders (T7.3).
        if ledger.store is None and ledger.error is None and ledger.seat is None:
            kept = read_only(campaign_path(ledger.path), stored_glance, None)
            try:
                glance = Glance.from_json(kept) if kept is not None else None
                drawn = self._drawn(glance) if glance is not None else None
                keys = turn_keys(glance) if glance is not None else TurnKeys()
            except (KeyError, TypeError, ValueError, AttributeError):
                drawn = None  # a glance is checked for its stamp, not trusted for its contents
            if drawn is None:
                heading.update(_(LOADING))
            else:
                self._turn_keys = keys
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

        from assistant.tui.widgets.steady_table import SteadyTable

        existing = self.query("#nations")
        if existing:
            return existing.first(DataTable), self.query_one("#recent-events", DataTable)
        if uses_pm != self._uses_pm:
            self._uses_pm = uses_pm
            self.refresh_bindings()
        title, headings = self._nations_headings(uses_pm)
        nations: DataTable[Any] = SteadyTable(id="nations", cursor_type="row", zebra_stripes=True)
        nations.header_height = max(heading.count("\n") + 1 for heading in headings)
        nations.add_columns(*headings)
        events: DataTable[Any] = SteadyTable(id="recent-events", cursor_type="row")
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
            # As when a screen opens: the arrow keys move through the nations. Not scrolled into
            # view: the first frame (its glance, focused alike) did not scroll either.
            nations.focus(scroll_visible=False)
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
            events = ledger.store.events() if ledger.viewer is not None else []
            if events:
                # T7.3, T3.0: a nation at the keyboard does not read another's sealed orders,
                # nor its answer to a meeting not every side has answered yet.
                from assistant.ledger.orders_seen import sealed_answers
                from assistant.ledger.sealed_view import hidden_from

                hidden = hidden_from(ledger.viewer, events, sealed_answers(ledger.state()))
                glance = glance._replace(
                    recent=tuple(e for e in glance.recent if e.id not in hidden),
                    phase=self._phase_for_viewer(),
                )
            self.show(glance)
            # The turn panel reads the events only for what this turn's sealed orders did,
            # once they are carried out (T7.3): reading all 10,000 on every change made each
            # record ten times slower (benchmarks/table.py).
            state = ledger.state()
            done = state.rules.orders == "sealed" and state.orders_resolved_turn == state.turn
            self._show_turn(events or (ledger.store.events() if done else []))

    def _phase_for_viewer(self) -> Any:
        return phase_for_viewer(castra_app(self).ledger)

    def _drawn(self, glance: Glance) -> Drawn:
        """What the screen shows of ``glance`` (:func:`assistant.ledger.glance.glance_of`),
        in the interface's language; every row is made before any is shown."""
        heading = f"{scenario_text(glance.title)} — {render_data(glance.date_said)}  ·  " + _(
            "turn {turn} of {total}"
        ).format(turn=glance.turn, total=glance.total_turns)
        status = (
            self._status(glance)
            + ("" if glance.finished else phase_text(glance.phase))
            + ("\n  " + self._giving_hint() if turn_keys(glance).giving else "")
            + (
                "\n  " + _("D: the side moving now says it is done (D6 phase 2)")
                if turn_keys(glance).sides_move
                else ""
            )
            + house_rules_text(glance.house_rules)
            + relations_text(glance.relations)
            + tribute_text(glance.tribute)
        )
        uses_pm = glance.uses_pm
        return Drawn(
            heading=heading,
            status=status,
            uses_pm=uses_pm,
            nations=(
                self._nation_rows(glance.nations) if uses_pm else self._army_rows(glance.armies)
            ),
            map_armies=self._map_army_rows(glance.map_armies) if glance.map_armies else None,
            events=self._event_rows(glance.recent),
        )

    def _offer_turn_keys(self, glance: Glance) -> None:
        keys = turn_keys(glance)
        if keys != self._turn_keys:
            self._turn_keys = keys
            self.refresh_bindings()

    def show(self, glance: Glance) -> None:
        """Draw the campaign from its ``glance`` in the tables (the campaign file is open)."""
        drawn = self._drawn(glance)
        self._offer_turn_keys(glance)
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

        from assistant.tui.widgets.steady_table import SteadyTable

        existing = self.query("#map-armies")
        if existing:
            return existing.first(DataTable)
        armies: DataTable[Any] = SteadyTable(id="map-armies", cursor_type="row", zebra_stripes=True)
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
    def _map_army_rows(armies: Mapping[str, DbaArmyOnMap]) -> list[Row]:
        from converters.force_names import shown_army  # pydantic: not in the first frame

        rows: list[Row] = []
        for name, army in armies.items():
            where = province_name(army.province or "") or _("at sea → {to} (turn {turn})").format(
                to=province_name(army.landing_at or ""), turn=army.lands_on
            )
            busy = (
                _("{action} to turn {turn}").format(action=_(army.action), turn=army.action_ends)
                if army.action
                else ""
            )
            if army.deadline is not None:
                supply = Text(
                    _("CUT OFF: dies turn {turn}").format(turn=army.deadline), style="bold red"
                )
            else:
                supply = Text(_("supplied") if army.supplied else _("no line"))
            rows.append(
                (
                    name,
                    [
                        shown_army(name, army.side),
                        nation_name(army.side),
                        where,
                        morale_pips(army.morale),
                        busy,
                        supply,
                    ],
                )
            )
        return rows

    def _giving_hint(self) -> str:
        """What the keys of the orders are, for the referee or for a player (T7.3)."""
        if castra_app(self).ledger.player is not None:
            return _(
                "your orders: v and f on the Map give them, x withdraws, N: none this turn; "
                "the referee carries them out (T7.3)"
            )
        return _("e: who enters the sealed orders · v: carry them all out (T7.3)")

    def _status(self, glance: Glance) -> str:
        if castra_app(self).ledger.player is not None and not glance.winners:
            # T7.3: a player's session records nothing but its orders: the referee's keys
            # (n, w, r) are not its, so neither are their hints.
            if glance.finished:
                return _("The campaign is over (T5.1).")
            count = int(glance.battles)
            return ngettext("{count} battle recorded", "{count} battles recorded", count).format(
                count=count
            )
        if glance.winners:
            return _(
                "Strategic victory (T5.8): {winners}; the campaign is over, only notes and undo "
                "can be added."
            ).format(winners=", ".join(nation_name(n) for n in glance.winners))
        if glance.finished:
            return _("The campaign is over (T5.1); only notes can be added.")
        if glance.is_winter and not glance.winter_resolved:
            return _(
                "Winter turn: press w to resolve it (upkeep, winter event, control checks, VP), "
                "then n."
            )
        if glance.is_winter:
            return _("Winter resolved: press n to start the spring.")
        count = glance.battles
        battles = ngettext("{count} battle recorded", "{count} battles recorded", count)
        if not glance.uses_pm:
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
    def _nation_rows(nations: Sequence[GlanceNation]) -> list[Row]:
        rows: list[Row] = []
        for nation in nations:
            name = nation.name
            shown = nation_name(name)
            label = shown if nation.player else _("{name} (no player)").format(name=shown)
            if nation.away:
                label += " " + _("(away)")
            points = nation.victory_points
            cells: list[Cell] = [
                label,
                str(nation.land_pm),
                str(nation.naval_pm),
                decimated_text(nation.decimated),
                _training_text(nation.training),
                str(nation.treasury),
                str(nation.prestige),
                "—" if points is None else str(points),
            ]
            rows.append((name, cells))
        return rows

    @staticmethod
    def _army_rows(armies: Sequence[GlanceArmy]) -> list[Row]:
        """D1: each army with its side and morale, as ``castra campaign show`` lists them."""
        from converters.force_names import shown_army  # pydantic: not in the first frame

        rows: list[Row] = []
        for army in armies:
            status = _("leader") if army.leader else ""
            if not army.alive:
                status = _("destroyed")
            morale = str(army.morale) if army.alive else "—"
            side = nation_name(army.nation)
            shown = shown_army(army.name, army.nation)
            rows.append((army.name, [shown, side, morale, status]))
        return rows

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rebuilding and recruiting are PM economy (T6): a campaign of armies has neither (as
        the screen last drew it, its first frame included). The sealed orders' keys are there
        while the orders are given (T5.2 phases 1–3), the meetings' while one is unsettled,
        as the glance says (so the first frame offers the same keys)."""
        keys = self._turn_keys
        if not castra_app(self).ledger.may(self.act_for(action, parameters)):
            return False  # T7.3: not a player's (assistant.ledger.players.seat_may)
        if action == "no_orders":
            return keys.giving and castra_app(self).ledger.viewer is not None
        if action in ("rebuild", "recruit"):
            # T5.2 phase 1: once this turn's orders are carried out, recruiting waits a turn.
            return self._uses_pm and not keys.carried_out
        if action == "declare_war":
            # T7.10: relations are the Tarentine map's; a campaign of armies has none.
            return self._uses_pm
        if action == "winter":
            # T5.5: the winter turn is the Tarentine year's; D6's turns run on with no winter.
            return self._uses_pm
        if action in ("enter_as", "resolve"):
            return keys.giving
        if action == "withdraw":
            return keys.giving and bool(self._turn is not None and self._turn.orders)
        if action == "answer":
            return keys.unsettled
        if action == "meeting_battle":
            # D2: an invasion's battle is one DBA game on the desk, never the T3 dice battle.
            return keys.unsettled or (keys.invasions and parameters != ("dice",))
        if action == "side_done":
            return keys.sides_move
        if action == "withdraw_meeting":
            return keys.unsettled and bool(self._turn is not None and self._turn.withdrawable)
        return True

    @staticmethod
    def act_for(action: str, parameters: tuple[object, ...]) -> str:
        """What the key for ``action`` does, in :func:`~assistant.ledger.players.seat_may`'s
        words: a player's session offers only a player's keys (T7.3)."""
        return _ACTS.get(action, "read")

    @staticmethod
    def _event_rows(recent: Sequence[RecentEvent]) -> list[Row]:
        rows: list[Row] = []
        for entry in reversed(recent[-RECENT_EVENTS:]):
            style = "dim strike" if entry.undone else ""
            summary = Text(
                render_data(entry.said) if entry.said else entry.summary,
                style=style,
                no_wrap=True,
                overflow="ellipsis",
            )
            who = Text(entry.who or "—", no_wrap=True, overflow="ellipsis")
            rows.append((None, [str(entry.id), str(entry.turn or ""), summary, who]))
        return rows

    # -- actions ---------------------------------------------------------------------------

    def _show_turn(self, events: Sequence[Any]) -> None:
        """T7.3, T7.4: the sealed orders the one at the keyboard may see, what the orders did,
        and the meetings, below the status (added the first time there is something to show)."""
        from assistant.tui.screens.turn_panel import turn_view

        ledger = castra_app(self).ledger
        handed = ledger.store.handed_in() if ledger.store is not None else None
        view = turn_view(ledger.state(), events, ledger.viewer, handed)
        before, self._turn = self._turn, view
        if before is None or bool(before.orders) != bool(view.orders):
            self.refresh_bindings()
        self._draw_turn(view)

    def _draw_turn(self, view: Any, *, said: bool = False) -> None:
        """Draw ``view`` (a ``turn_panel.TurnView``), the panel added the first time there is
        something to show or a line to say (``said``); a player's whenever it gives orders,
        so it sees its own and who has not handed in (T7.3)."""
        from textual.widgets import DataTable

        from assistant.tui.screens.turn_panel import orders_title, waiting_line

        player = castra_app(self).ledger.player is not None
        shows = view.orders or view.moves or view.meetings or said or (player and view.giving)
        if not shows and not self._turn_parts:
            return
        if self._turn_parts is None:
            orders: DataTable[Any] = DataTable(id="orders", cursor_type="row")
            orders.add_columns(_("Nation"), _("Force"), _("Order"))
            meetings: DataTable[Any] = DataTable(id="meetings", cursor_type="row")
            if view.invasions:
                meetings.add_columns("#", _("Where"), _("Next game (D8)"), _("Armies"))
            else:
                meetings.add_columns("#", _("Where"), _("Forces"), _("Answer"))
            parts: dict[str, Widget] = {
                "orders-title": Static("", id="orders-title", classes="section-title"),
                "orders": orders,
                "handed-in": Static("", id="handed-in"),
                "turn-said": Static("", id="turn-said"),
                "moves-title": Static(
                    _("What the orders did (T7.3)"), id="moves-title", classes="section-title"
                ),
                "moves": Static("", id="moves"),
                "meetings-title": Static("", id="meetings-title", classes="section-title"),
                "meetings": meetings,
            }
            self._turn_parts = parts
            self.query_one("#campaign-body", Vertical).mount(
                Vertical(*parts.values(), id="turn"), after=self.query_one("#campaign-status")
            )
        parts = self._turn_parts
        assert parts is not None
        cast("Static", parts["meetings-title"]).update(
            _("Invasions into enemy armies (D8, D10) · f: the battle desk of the next game")
            if view.invasions
            else _("Meetings (T7.4), sea first")
        )
        cast("Static", parts["orders-title"]).update(orders_title(view, player=player))
        cast("Static", parts["handed-in"]).update(waiting_line(view))
        _fill(
            cast("DataTable[Any]", parts["orders"]),
            [
                (f"{nation}\x1f{force}", [nation_name(nation), force, line])
                for nation, force, line in view.orders
            ],
        )
        cast("Static", parts["moves"]).update("\n".join(view.moves))
        if view.invasions:
            # D8: the game and the armies a line each, so 80 columns show the pairing whole.
            _fill(
                cast("DataTable[Any]", parts["meetings"]),
                [
                    (str(number), [Text(cell.replace(", ", ",\n")) for cell in cells])
                    for number, cells in view.meetings
                ],
                height=None,
            )
        else:
            _fill(
                cast("DataTable[Any]", parts["meetings"]),
                [(str(number), [Text(cell) for cell in cells]) for number, cells in view.meetings],
            )
        parts["handed-in"].display = view.giving
        shown = {
            "orders": view.giving and (bool(view.orders) or player),
            "moves": bool(view.moves),
            "meetings": bool(view.meetings),
        }
        for name, display in shown.items():
            parts[name].display = parts[f"{name}-title"].display = display

    def say_turn(self, message: str, *, refused: bool = False) -> None:
        """One line under the orders: a refusal naming its rule, or what was done."""
        if not self._turn_parts and self._turn is not None:
            self._draw_turn(self._turn, said=True)
        if not self._turn_parts:
            self.notify(message, severity="error" if refused else "information")
            return
        said = cast("Static", self._turn_parts["turn-said"])
        said.update(message)
        said.set_class(refused, "error")

    def _open(self, form_name: str, *args: Any) -> None:
        # A key pressed while the file is still opening is carried out once it is open (a
        # fraction of a second); with no campaign (the file could not be opened) never.
        def open_form() -> None:
            if self.app.screen is not self:
                return  # the player moved on meanwhile
            module = _FORM_MODULES.get(form_name, "campaign_forms")
            form_class = getattr(
                importlib.import_module(f"assistant.tui.screens.{module}"), form_name
            )
            from assistant.tui.screens.ledger_form import open_form

            # The form records through the ledger service, which tells every screen.
            open_form(self.app, form_class, *args)

        castra_app(self).ledger.when_loaded(open_form)

    def action_advance(self) -> None:
        self._open("AdvanceTurnForm")

    def action_winter(self) -> None:
        self._open("WinterTurnForm")

    def action_rebuild(self) -> None:
        self._open("RebuildForm", self._selected_nation())

    def action_recruit(self) -> None:
        self._open("RecruitForm", self._selected_nation())

    def action_declare_war(self) -> None:
        self._open("DeclareWarForm", self._selected_nation())

    def action_undo(self) -> None:
        self._open("UndoForm")

    def action_enter_as(self) -> None:
        self._open("EnteringForm")

    def _row_under_cursor(self, table_id: str) -> str | None:
        from textual.widgets import DataTable

        tables = self.query(table_id)
        table = tables.first(DataTable) if tables else None
        if table is None or not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def _record_turn(self, build: Any) -> None:
        """Record the event ``build()`` makes; a refusal is said in one line, nothing written."""
        ledger = castra_app(self).ledger
        try:
            stored = ledger.record(build())
        except (ValueError, LookupError) as error:
            from assistant.tui.errors import describe

            self.say_turn(describe(error), refused=True)
            return
        from converters.said import shown

        self.say_turn(shown(stored.said, stored.summary))

    def action_withdraw(self) -> None:
        """T7.3: the order under the cursor is withdrawn (by its nation, before the orders are
        carried out)."""
        from assistant.ledger.events import OrderWithdrawn

        row = self._row_under_cursor("#orders")
        if row is None:
            return
        nation, force = row.split("\x1f", 1)
        from assistant.tui.screens.ledger_form import signature

        who = signature(self)
        self._record_turn(lambda: OrderWithdrawn(nation=nation, force=force, who=who))

    def action_resolve(self) -> None:
        """T7.3: every sealed order revealed and carried out together (``castra campaign
        resolve``'s ledger call); the screen then says what every force did."""
        from assistant.ledger.orders import resolution
        from assistant.settings import saved_player

        ledger = castra_app(self).ledger
        self._record_turn(lambda: resolution(ledger.state(), who=saved_player()))

    def action_side_done(self) -> None:
        """D6 phase 2: the side moving now (a side at the keyboard: its own) has moved all its
        armies and says so (``castra campaign done SIDE``'s event); the ledger refuses a side
        out of its turn, in one line naming the rule."""
        from assistant.ledger.events import SideDone
        from assistant.settings import saved_player

        ledger = castra_app(self).ledger
        side = ledger.viewer or (self._turn.moving if self._turn is not None else None)
        if side is None:
            return
        self._record_turn(lambda: SideDone(side=side, who=saved_player()))

    def _meeting_number(self) -> int | None:
        row = self._row_under_cursor("#meetings")
        return int(row) if row is not None else None

    def action_answer(self) -> None:
        number = self._meeting_number()
        if number is None:
            return
        ledger = castra_app(self).ledger
        if ledger.player is not None:
            # T3.0: a player answers for its own side, once: a meeting it is not in, or has
            # answered, is refused in the ledger's one line before any form opens.
            from assistant.ledger.events import MeetingAnswered

            try:
                ledger.check(MeetingAnswered(meeting=number, nation=ledger.player))
            except (ValueError, LookupError) as error:
                from assistant.tui.errors import describe

                self.say_turn(describe(error), refused=True)
                return
        self._open("AnswerForm", number)

    def action_no_orders(self) -> None:
        """T7.3: the nation at the keyboard gives no orders this turn (it has handed in)."""
        from assistant.ledger.events import NoOrders

        ledger = castra_app(self).ledger
        nation = ledger.viewer
        if nation is not None:
            from assistant.tui.screens.ledger_form import signature

            who = signature(self)
            self._record_turn(lambda: NoOrders(nation=nation, who=who))

    def action_withdraw_meeting(self) -> None:
        """T3.0, T7.4: the avoiding side of the meeting under the cursor (else the first that
        may) withdraws under one pursuit roll of the app's dice (``castra campaign withdraw``'s
        ledger call); a refusal is said in one line."""
        if self._turn is None or not self._turn.withdrawable:
            return
        number = self._meeting_number()
        if number not in self._turn.withdrawable:
            number = self._turn.withdrawable[0]
        self._withdraw_under_pursuit(castra_app(self).ledger.state(), number)

    @work(thread=True, exclusive=True, group="meeting-withdrawal")
    def _withdraw_under_pursuit(self, state: Any, number: int) -> None:
        """In a worker: physical dice block on the player's typed faces (``assistant.tui.dice``)."""
        from assistant.ledger.withdrawal import withdrawal_event
        from assistant.settings import saved_player
        from assistant.tui.dice import RollCancelled
        from assistant.tui.errors import describe
        from converters.said import said

        dice = castra_app(self).dice_for(
            said(N_("Withdrawal from meeting {number}"), number=number)
        )
        try:
            event = withdrawal_event(state, number, dice, who=saved_player())
        except (ValueError, LookupError) as error:
            self.app.call_from_thread(self.say_turn, describe(error), refused=True)
            return
        except RollCancelled as error:  # Escape at a physical die: nothing recorded
            self.app.call_from_thread(self.say_turn, str(error), refused=True)
            return
        self.app.call_from_thread(self._record_turn, lambda: event)

    async def action_meeting_battle(self, how: str) -> None:
        """T7.4: the battle desk (or the dice battle) for the meeting under the cursor, with its
        forces, place and approach filled in (at sea, the dice battle: fleets, T3.6)."""
        from fractions import Fraction

        from assistant.ledger.meeting_battle import meeting_prefill

        number = self._meeting_number()
        if number is None:
            return
        ledger = castra_app(self).ledger
        if ledger.state().dba_map is not None:
            from assistant.tui.screens.turn_panel import invasion_desk

            refused = await invasion_desk(self, number, "campaign")
            if refused is not None:
                self.say_turn(refused, refused=True)
            return
        try:
            battle = meeting_prefill(ledger.state(), number)
        except ValueError as error:
            from assistant.tui.errors import describe

            self.say_turn(describe(error), refused=True)
            return
        by_dice = how == "dice" or battle.naval
        occasion = f"meeting:{ledger.state().turn}:{number}"

        def build() -> Screen[None]:
            if by_dice:
                from assistant.tui.screens.dice_battle import DiceBattleScreen

                return DiceBattleScreen(
                    side_a=[(n, Fraction(pm)) for n, pm in battle.side_a],
                    side_b=[(n, Fraction(pm)) for n, pm in battle.side_b],
                    place=battle.place,
                    naval=battle.naval,
                    approach=battle.approach,
                    back_to="campaign",
                    pyrrhus=battle.pyrrhus_leads,
                )
            from assistant.tui.screens.battle_desk import BattleDeskScreen

            return BattleDeskScreen(
                battle.side_a,
                battle.side_b,
                place=battle.place,
                landing=battle.approach == "landing",
                back_to="campaign",
            )

        await castra_app(self).show_battle("dice" if by_dice else "battle", occasion, build)

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
