"""The Chronicle screen: the campaign told turn by turn, its figures as sparklines, the map of
the turn, the report.

A referee reads back what happened in a turn (or the whole campaign) exactly as the published
report tells it, sees each nation's PM, treasury or prestige over the turns drawn in the
terminal in the nation's own colour, looks at the board as that turn closed (f4, the report's
map drawn with the Map screen's braille canvas, in the report's colours), and writes the HTML
report beside the campaign file with one key, told where it went. The gathering and the text
are :mod:`assistant.chronicle`'s; the screen only chooses the turns, shows the result and asks
for the file.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label, Static
from textual.worker import get_current_worker

from armylists.names import nation_name
from assistant.tui.ledger_service import castra_app
from assistant.tui.messages import ReportWritten
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from assistant.tui.widgets.map_canvas import render_map
from assistant.tui.widgets.story_view import StoryView, story_pieces
from converters.i18n import N_, NP_, _, current_language, ngettext

if TYPE_CHECKING:
    from assistant.chronicle.story import Chronicle, MapProvince
    from assistant.tui.app import CastraApp

__all__ = ["ChronicleScreen"]

Figure = Literal["pm", "treasury", "prestige"]

FIGURES: tuple[tuple[Figure, str], ...] = (
    ("pm", N_("PM in play per turn")),
    ("treasury", N_("Treasury (PE) per turn")),
    ("prestige", N_("Prestige (PP) per turn")),
)
"""The figures f9 cycles through, with their titles."""

KEPT_STORIES = 8
"""How many told stories the screen keeps (a whole campaign's is the one worth keeping), and
how many laid out to lines."""

FIRST_LINES = 120
"""The story's first lines are shown as soon as this many are laid out (a screen or two)."""

LINES_EVERY = 0.25
"""Then the lines laid out meanwhile are added below every this many seconds."""


class ChronicleTold(Message):
    """The chronicle of the turns asked for is gathered and its text laid out."""

    def __init__(self, chronicle: Chronicle, story: str, told: Hashable = None) -> None:
        super().__init__()
        self.chronicle = chronicle
        """What the report would say."""
        self.story = story
        """The report's text (Markdown, no charts)."""
        self.told = told
        """What it was told from: the last event, the turns, the ghost's battle, the language."""


class StoryLaidOut(Message):
    """More of the story is laid out to lines, at the width of ``key``."""

    def __init__(
        self, key: Hashable, lines: list[Strip], *, first: bool, done: int, total: int
    ) -> None:
        super().__init__()
        self.key = key
        """What was told and the width it is laid out at."""
        self.lines = lines
        """The lines laid out since the last message."""
        self.first = first
        """These are the story's first lines (they replace what the pane showed)."""
        self.done = done
        """How many characters of the story are laid out so far."""
        self.total = total
        """How many there are."""


class TurnMap(Widget):
    """The board of the turn in braille, drawn to the widget's own size whenever it changes
    (the Map screen's canvas, :func:`assistant.tui.widgets.map_canvas.render_map`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data: dict[str, Any] | None = None
        """The map drawn (the ledger's map JSON), None before the first."""
        self.colours: dict[str, str] = {}
        """Each holder's colour."""

    def show(self, data: dict[str, Any], colours: dict[str, str]) -> None:
        """Draw ``data`` in ``colours`` from now on."""
        self.data, self.colours = data, colours
        self.refresh()

    def render(self) -> Text:
        if self.data is None:
            return Text()
        width, height = self.content_size
        return Text("\n").join(render_map(self.data, width, height, colours=self.colours))


BARS = "▁▂▃▄▅▆▇█"
"""A sparkline's eight heights, lowest first."""


def spark_bars(values: list[int], low: int, high: int, width: int) -> str:
    """``values`` as one line of at most ``width`` bars on the scale ``low``–``high`` shared by
    every line of a chart: equal figures are equal bars whichever nation they belong to. More
    values than cells are shown by the highest of each stretch, as Textual's Sparkline does."""
    if not values or width <= 0:
        return ""
    if len(values) > width:
        step = len(values) / width
        values = [
            max(values[int(i * step) : max(int((i + 1) * step), int(i * step) + 1)])
            for i in range(width)
        ]
    span = high - low
    return "".join(
        BARS[0 if span <= 0 else round((value - low) / span * (len(BARS) - 1))] for value in values
    )


class SharedSparkline(Widget):
    """A nation's figures per turn as bars on its chart's one scale (:func:`spark_bars`)."""

    def __init__(self, values: list[int], low: int, high: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.values = values
        self.low, self.high = low, high

    def render(self) -> Text:
        return Text(spark_bars(self.values, self.low, self.high, self.content_size.width))


class ChronicleScreen(Screen[None]):
    """A turn's (or the campaign's) story or map, the figures as sparklines, f8 to write it."""

    TITLE = N_("Chronicle")
    AUTO_FOCUS = "#chronicle-story"
    """Down and PageDown scroll the story from the start, with no Tab first (issue 27)."""
    # The keys 80 columns show first, their words short so F3 (a player's packet, issue 24)
    # fits beside the turn keys in both languages; F1 lists each with its longer words, and
    # the report and chart keys the footer leaves out.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f4", "toggle_map", N_("Map/story")),
        Binding("f5", "turn(-1)", NP_("key", "Prev."), tooltip=N_("Previous turn")),
        Binding("f6", "turn(1)", NP_("key", "Next"), tooltip=N_("Next turn")),
        Binding("f7", "whole_campaign", NP_("key", "Campaign"), tooltip=N_("Whole campaign")),
        Binding("f3", "next_packet", N_("Packet"), tooltip=N_("A nation's turn packet (T7.3)")),
        Binding("f8", "write_report", N_("Write report")),
        Binding("f9", "next_figure", N_("Chart")),
    ]

    turn: reactive[int | None] = reactive(None)
    """The turn told; None for the whole campaign."""
    figure: reactive[Figure] = reactive("pm")
    """The figure the sparklines draw."""
    showing_map: reactive[bool] = reactive(False)
    """The map of the turn is shown in place of the story (f4)."""
    packet: reactive[str | None] = reactive(None)
    """The nation whose turn packet is told (T7.3, f3), None: the public chronicle. A player's
    session opens on its own."""

    def __init__(self) -> None:
        super().__init__()
        self._chronicle: Chronicle | None = None
        self._story = ""
        self._chosen = False
        self._told: dict[Hashable, tuple[Chronicle, str]] = {}
        """The last stories told, by what they were told from: going back to a turn already
        read, or to the screen after a change undone, tells nothing again."""
        self._told_key: Hashable = None
        """What the story shown was told from."""
        self._scope_label = ""
        self._laid: dict[Hashable, list[Strip]] = {}
        """The last stories laid out to lines, by what they were told from and the width:
        the last event, the turns, the ghost's battle, the language, the packet, the width."""
        self._laying: Hashable = None
        """What the story's lines are being laid out for (None: nothing being laid out)."""

    @property
    def story(self) -> str:
        """The text shown (the report's Markdown, without charts)."""
        return self._story

    @property
    def chronicle(self) -> Chronicle | None:
        """What the screen tells now (None until first gathered)."""
        return self._chronicle

    @property
    def castra(self) -> CastraApp:
        """The app, typed."""
        return castra_app(self)

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        yield Static("", id="chronicle-scope", markup=False)
        with VerticalScroll(id="chronicle-charts") as charts:
            charts.border_title = _(FIGURES[0][1])
        # Lines laid out by a worker, not Textual's Markdown widget (a widget per block: tens
        # of seconds for a five-year campaign) nor a Static (Rich laid the whole story out on
        # the app's thread, twice): issue 26.
        yield StoryView(id="chronicle-story")
        with VerticalScroll(id="chronicle-map") as board:
            board.border_title = _("Map of the turn")
            yield TurnMap(id="chronicle-map-canvas")
            yield Static("", id="chronicle-map-key")
        yield Static("", id="chronicle-written", markup=False)
        yield CastraFooter()

    def on_mount(self) -> None:
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    # -- reading ---------------------------------------------------------------------------

    def refresh_from_store(self) -> None:
        """Re-read the ledger (it changed, or the turns asked for did) and tell it again."""
        store = self.castra.ledger.store
        if store is None:
            return
        state = store.state()
        if not self._chosen:
            from assistant.chronicle.story import last_active_turn

            self._chosen = True
            self.set_reactive(ChronicleScreen.turn, last_active_turn(store.events()))
            # T7.3: a player reads its own turn packet first (f3: the public chronicle).
            self.set_reactive(ChronicleScreen.packet, self.castra.ledger.player)
        if self.turn is not None and self.turn > state.turn:
            self.set_reactive(ChronicleScreen.turn, state.turn)
        ghost = store.ghost_battle()
        told = (state.last_event_id, self.turn, ghost, current_language(), self.packet)
        if told in self._told:
            self.post_message(ChronicleTold(*self._told[told], told))
            return
        self._tell(store.events(), state, self.turn, ghost, told, self.packet)

    @work(thread=True, exclusive=True, group="chronicle")
    def _tell(
        self,
        events: Any,
        state: Any,
        turn: int | None,
        ghost: str | None,
        told: Hashable,
        packet: str | None = None,
    ) -> None:
        """Gather and lay out off the UI thread: a whole campaign takes a moment. ``packet``:
        the nation whose turn packet is told instead (``castra report --for``'s, T7.3)."""
        from assistant.chronicle.render import render_story
        from assistant.chronicle.story import gather, last_active_turn, report_scope

        if packet is not None:
            from assistant.chronicle.packet import packet_from

            # A packet tells one turn: the whole campaign's is its last turn's.
            chronicle = packet_from(events, state, packet, turn or last_active_turn(events))
        else:
            scope = report_scope(state, events, turn=turn, everything=turn is None)
            chronicle = gather(events, scope, ghost_json=ghost)
        self.post_message(ChronicleTold(chronicle, render_story(chronicle), told))

    @on(ChronicleTold)
    async def _show(self, message: ChronicleTold) -> None:
        if message.told is not None and message.told not in self._told:
            while len(self._told) >= KEPT_STORIES:
                del self._told[next(iter(self._told))]
            self._told[message.told] = (message.chronicle, message.story)
        self._chronicle = message.chronicle
        scope = message.chronicle.scope
        label = scope.shown()
        if message.chronicle.packet is not None:
            label = f"{message.chronicle.packet.title} · {label}"
        self._scope_label = label
        self.query_one("#chronicle-scope", Static).update(label)
        self._story = message.story
        self._told_key = message.told
        self._lay_out()
        self._draw_map()
        await self._draw_charts()

    # -- the story's lines -------------------------------------------------------------------

    def _lay_out(self) -> None:
        """Show the story told at the pane's width: the lines kept if it was laid out so
        before, else laid out by a worker (its first lines shown as soon as they are)."""
        view = self.query_one("#chronicle-story", StoryView)
        width = view.scrollable_content_region.width
        if width <= 0:
            return  # not laid out yet: its first resize lays the story out
        key = (self._told_key, width)
        if key == self._laying:
            return
        if key in self._laid:
            self._laying = None
            view.show(self._laid[key])
            self.query_one("#chronicle-scope", Static).update(self._scope_label)
            return
        self._laying = key
        self._lines_for(self._story, width, key)

    @on(StoryView.Widened)
    def _widened(self) -> None:
        if self._story:
            self._lay_out()

    @work(thread=True, exclusive=True, group="chronicle-lines")
    def _lines_for(self, story: str, width: int, key: Hashable) -> None:
        """Lay the story out a piece at a time, off the UI thread; stop when another story or
        width is asked for (the worker is then cancelled)."""
        worker = get_current_worker()
        batch: list[Strip] = []
        first = True
        sent = time.monotonic()
        done = total = 0
        for lines, done, total in story_pieces(story, width):
            if worker.is_cancelled:
                return
            batch.extend(lines)
            if (first and len(batch) >= FIRST_LINES) or (
                not first and time.monotonic() - sent >= LINES_EVERY
            ):
                self.post_message(StoryLaidOut(key, batch, first=first, done=done, total=total))
                batch, first, sent = [], False, time.monotonic()
        self.post_message(StoryLaidOut(key, batch, first=first, done=total, total=total))

    @on(StoryLaidOut)
    def _lines_laid_out(self, message: StoryLaidOut) -> None:
        if message.key != self._laying:
            return  # a story or width no longer asked for
        view = self.query_one("#chronicle-story", StoryView)
        if message.first:
            view.show(message.lines)
        else:
            view.add(message.lines)
        scope = self.query_one("#chronicle-scope", Static)
        if message.done < message.total:
            share = message.done * 100 // max(1, message.total)
            scope.update(
                _("{scope} · laying out the story: {percent}%").format(
                    scope=self._scope_label, percent=share
                )
            )
            return
        scope.update(self._scope_label)
        self._laying = None
        while len(self._laid) >= KEPT_STORIES:
            del self._laid[next(iter(self._laid))]
        self._laid[message.key] = view.lines

    # -- the map of the turn ---------------------------------------------------------------

    def watch_showing_map(self, showing: bool) -> None:
        # The board takes the sparklines' rows too: Italy is tall, and at 80×24 it needs them.
        for pane in ("#chronicle-story", "#chronicle-charts"):
            self.query_one(pane, Widget).display = not showing
        self.query_one("#chronicle-map", VerticalScroll).display = showing
        self._draw_map()

    def _draw_map(self) -> None:
        """T7.1: the board as the scope's last turn closed, as the report draws it."""
        chronicle = self._chronicle
        if chronicle is None or not self.is_mounted or not self.showing_map:
            return
        board = self.query_one("#chronicle-map", VerticalScroll)
        canvas = self.query_one("#chronicle-map-canvas", TurnMap)
        key = self.query_one("#chronicle-map-key", Static)
        if not chronicle.map:
            board.border_title = _("Map of the turn")
            canvas.display = False
            key.update(
                _(
                    "The report draws no map for this campaign: only a board whose provinces "
                    "hold PM has one (the Tarentine Wars, T7.1). A DBA campaign's armies "
                    "stand on the Map screen (m) and in the army journal of the story (f4)."
                )
            )
            return
        board.border_title = _("The map at the close of turn {turn}").format(
            turn=chronicle.scope.last_turn
        )
        colours = map_colours(chronicle)
        canvas.display = True
        canvas.show(map_data(chronicle.map), colours)
        key.update(map_key(chronicle.map, colours))

    async def _draw_charts(self) -> None:
        chronicle = self._chronicle
        if chronicle is None:
            return
        box = self.query_one("#chronicle-charts", VerticalScroll)
        figure = self.figure if chronicle.economy else "pm"
        if chronicle.bellum_centres:
            series = chronicle.bellum_centres
            box.border_title = _("Supply centres per year (B1)")
        else:
            series = chronicle.series(figure)
            box.border_title = _(dict(FIGURES)[figure])
        drawn = {nation: values for nation, values in series.items() if any(values)}
        # One scale for the whole chart (issue 27: each nation scaled on its own made a 1-PM
        # change fill the bar), from 0 (or the lowest, if below) to the highest; said above it.
        every = [value for values in drawn.values() for value in values]
        low, high = (min(0, *every), max(0, *every)) if every else (0, 0)
        box.border_title += f" · {low}–{high}"
        rows = []
        for nation, values in drawn.items():
            colour = Color.parse(chronicle.colours.get(nation, "#777777"))
            name = Label(nation_name(nation), classes="spark-name")
            name.styles.color = colour
            line = SharedSparkline(values, low, high, classes="spark-line")
            line.styles.color = colour
            rows.append(
                Horizontal(
                    name,
                    line,
                    Label(str(values[-1]) if values else "", classes="spark-value"),
                    classes="spark-row",
                )
            )
        await box.remove_children()
        if rows:
            await box.mount_all(rows)
        else:
            await box.mount(Label(_("Nothing to draw yet."), classes="spark-empty"))

    # -- actions ---------------------------------------------------------------------------

    def action_turn(self, step: int) -> None:
        store = self.castra.ledger.store
        if store is None:
            return
        last = store.state().turn
        current = last if self.turn is None else self.turn
        self.turn = max(1, min(last, current + step))

    def action_whole_campaign(self) -> None:
        self.packet = None  # T7.3: a packet tells one turn; the whole campaign is public
        self.turn = None

    def action_next_packet(self) -> None:
        """T7.3: a player switches between its own turn packet and the public chronicle; the
        referee goes through each player's packet in turn, then back to the chronicle."""
        store = self.castra.ledger.store
        if store is None:
            return
        player = self.castra.ledger.player
        if player is not None:
            choices: list[str | None] = [player, None]
        else:
            from assistant.ledger.players import players_of

            choices = [None, *players_of(store)]
        at = choices.index(self.packet) if self.packet in choices else -1
        self.packet = choices[(at + 1) % len(choices)]

    def watch_packet(self) -> None:
        if self.is_mounted:
            self.refresh_from_store()

    def action_toggle_map(self) -> None:
        self.showing_map = not self.showing_map
        # The pane shown takes the keys, so the arrows and page keys scroll it.
        self.query_one("#chronicle-map" if self.showing_map else "#chronicle-story").focus()

    def action_next_figure(self) -> None:
        keys = [key for key, _title in FIGURES]
        self.figure = keys[(keys.index(self.figure) + 1) % len(keys)]

    def watch_turn(self) -> None:
        if self.is_mounted:
            self.refresh_from_store()

    async def watch_figure(self) -> None:
        if self.is_mounted:
            await self._draw_charts()

    def action_write_report(self) -> None:
        store = self.castra.ledger.store
        if store is None or self._chronicle is None:
            return
        from assistant.chronicle.report import default_report_path

        path = default_report_path(Path(store.path), self._chronicle.scope, "html")
        self.query_one("#chronicle-written", Static).update(
            _("Writing the report to {path} …").format(path=path)
        )
        self._write(self._chronicle, path)

    @work(thread=True, exclusive=True, group="chronicle-report")
    def _write(self, chronicle: Chronicle, path: Path) -> None:
        from assistant.chronicle.report import write_report

        try:
            write_report(chronicle, "html", path)
        except Exception as error:  # a disk or a typesetting failure: said, never a crash
            self.post_message(ReportWritten(path, _reason(error)))
            return
        self.post_message(ReportWritten(path))

    @on(ReportWritten)
    def _written(self, message: ReportWritten) -> None:
        self.query_one("#chronicle-written", Static).update(tell_written(self, message))


def map_data(provinces: list[MapProvince]) -> dict[str, Any]:
    """The chronicle's map of the turn as the braille canvas reads a map (the ledger's map
    JSON, :func:`assistant.ledger.forces.map_summary`)."""
    return {
        "provinces": {
            p.name: {
                "lat": p.lat,
                "lon": p.lon,
                "controller": p.controller,
                "city": p.city,
                "besieged": p.besieged,
                "sacked": p.sacked,
                "neighbours": {
                    way: p.neighbours.get(way, []) for way in ("road", "mountain", "sea")
                },
                "forces": {f.nation: {"land": f.land_pm, "naval": f.naval_pm} for f in p.forces},
            }
            for p in provinces
        }
    }


def map_colours(chronicle: Chronicle) -> dict[str, str]:
    """Every holder's colour as the report's charts give it (the neutral and non-player
    holders too)."""
    from assistant.chronicle.colours import nation_colour

    return {
        p.controller: chronicle.colours.get(p.controller) or nation_colour(p.controller)
        for p in chronicle.map
    } | dict(chronicle.colours)


def map_key(provinces: list[MapProvince], colours: dict[str, str]) -> Text:
    """Under the board: what the marks mean, each holder with its provinces, and every
    province where forces stand (or besieged, or sacked), as the report labels them."""
    from assistant.chronicle.charts import forces_text

    key = Text(_("● province  ■ city  ▣ besieged  ⚔ land PM  ⚓ naval PM  ! sacked"), style="dim")
    held: dict[str, int] = {}
    for province in provinces:
        held[province.controller] = held.get(province.controller, 0) + 1
    for holder, count in held.items():
        key.append("\n■ ", style=f"bold {colours[holder]}")
        key.append(
            ngettext("{nation}: {count} province", "{nation}: {count} provinces", count).format(
                nation=nation_name(holder), count=count
            )
        )
    for province in provinces:
        if province.forces or province.besieged or province.sacked:
            key.append("\n" + forces_text(province), style=colours[province.controller])
    return key


def _reason(error: Exception) -> str:
    """One line for why a file could not be written."""
    from converters.system_errors import system_reason

    reason = system_reason(error)
    return reason.splitlines()[0] if reason else type(error).__name__


def tell_written(screen: Screen[Any], message: ReportWritten) -> str:
    """Say where a report or sheet went (or why it did not), as a notice; return the line."""
    if message.error is not None:
        text = _("Could not write {path}: {reason}").format(path=message.path, reason=message.error)
        screen.notify(text, severity="error", title=_("Chronicle"))
        return text
    text = _("Written to {path}").format(path=message.path)
    screen.notify(text, title=_("Chronicle"))
    return text


def write_sheet_for(screen: Screen[Any], plan: Any, place: str, *, city: bool = False) -> None:
    """The battle desk's f8: write the battle sheet of ``plan`` (the budgets the desk shows,
    ``converters.budgets.BattleBudget``) as HTML beside the campaign file, in a thread; the
    screen is told with a :class:`ReportWritten`."""
    castra = castra_app(screen)
    if plan is None or castra.ledger.store is None:
        screen.notify(
            _(
                "Choose each side's nation and PM (and a table ruleset) first: the sheet shows "
                "their budgets."
            ),
            severity="warning",
            title=_("Battle sheet"),
        )
        return
    campaign = Path(castra.ledger.store.path)
    name = "".join(ch if ch.isalnum() else "-" for ch in place).strip("-") or "battle"
    path = campaign.with_name(f"{campaign.stem}-sheet-{name}.html")

    def write() -> None:
        from armylists import load_rates, ruleset_name
        from assistant.chronicle.render import render_sheet, write_document
        from assistant.chronicle.sheet import battle_sheet

        try:
            sheet = battle_sheet(
                plan,
                ruleset=ruleset_name(plan.system),
                per_pm=load_rates().per_pm(plan.system),
                place=place,
                when=castra.ledger.store.state().date if castra.ledger.store is not None else "",
                city=city,
            )
            write_document(render_sheet(sheet, "html"), path, announce=lambda _path: None)
        except Exception as error:  # a disk or a typesetting failure: said, never a crash
            screen.post_message(ReportWritten(path, _reason(error)))
            return
        screen.post_message(ReportWritten(path))

    screen.run_worker(write, thread=True, group="battle-sheet", exclusive=True)
