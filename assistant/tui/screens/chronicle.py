"""The Chronicle screen: the campaign told turn by turn, its figures as sparklines, the report.

A referee reads back what happened in a turn (or the whole campaign) exactly as the published
report tells it, sees each nation's PM, treasury or prestige over the turns drawn in the
terminal in the nation's own colour, and writes the HTML report beside the campaign file with
one key, told where it went. The gathering and the text are :mod:`assistant.chronicle`'s; the
screen only chooses the turns, shows the result and asks for the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rich.markdown import Markdown as RichMarkdown
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Label, Sparkline, Static

from assistant.tui.ledger_service import castra_app
from assistant.tui.messages import ReportWritten
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from converters.i18n import N_, _

if TYPE_CHECKING:
    from assistant.chronicle.story import Chronicle
    from assistant.tui.app import CastraApp

__all__ = ["ChronicleScreen"]

Figure = Literal["pm", "treasury", "prestige"]

FIGURES: tuple[tuple[Figure, str], ...] = (
    ("pm", N_("PM in play per turn")),
    ("treasury", N_("Treasury (PE) per turn")),
    ("prestige", N_("Prestige (PP) per turn")),
)
"""The figures f9 cycles through, with their titles."""


class ChronicleTold(Message):
    """The chronicle of the turns asked for is gathered and its text laid out."""

    def __init__(self, chronicle: Chronicle, story: str) -> None:
        super().__init__()
        self.chronicle = chronicle
        """What the report would say."""
        self.story = story
        """The report's text (Markdown, no charts)."""


class ChronicleScreen(Screen[None]):
    """A turn's (or the campaign's) story, the figures as sparklines, and f8 to write it."""

    TITLE = "Chronicle"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "turn(-1)", "Previous turn"),
        Binding("f6", "turn(1)", "Next turn"),
        Binding("f7", "whole_campaign", "Whole campaign"),
        Binding("f8", "write_report", "Write report"),
        Binding("f9", "next_figure", "Chart"),
    ]

    turn: reactive[int | None] = reactive(None)
    """The turn told; None for the whole campaign."""
    figure: reactive[Figure] = reactive("pm")
    """The figure the sparklines draw."""

    def __init__(self) -> None:
        super().__init__()
        self._chronicle: Chronicle | None = None
        self._story = ""
        self._chosen = False

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
        with VerticalScroll(id="chronicle-story"):
            # One Rich renderable, not Textual's Markdown widget: that mounts a widget per
            # block, and a five-year campaign (hundreds of battles and tables) took tens of
            # seconds to show; Rich lays the same text out in a fraction of one.
            yield Static("", id="chronicle-text")
        yield Static("", id="chronicle-written", markup=False)
        yield CastraFooter()

    def on_mount(self) -> None:
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
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
        if self.turn is not None and self.turn > state.turn:
            self.set_reactive(ChronicleScreen.turn, state.turn)
        self._tell(store.events(), state, self.turn, store.ghost_battle())

    @work(thread=True, exclusive=True, group="chronicle")
    def _tell(self, events: Any, state: Any, turn: int | None, ghost: str | None) -> None:
        """Gather and lay out off the UI thread: a whole campaign takes a moment."""
        from assistant.chronicle.render import render_story
        from assistant.chronicle.story import gather, report_scope

        scope = report_scope(state, events, turn=turn, everything=turn is None)
        chronicle = gather(events, scope, ghost_json=ghost)
        self.post_message(ChronicleTold(chronicle, render_story(chronicle)))

    @on(ChronicleTold)
    async def _show(self, message: ChronicleTold) -> None:
        self._chronicle = message.chronicle
        scope = message.chronicle.scope
        self.query_one("#chronicle-scope", Static).update(scope.label)
        self._story = message.story
        self.query_one("#chronicle-text", Static).update(RichMarkdown(message.story))
        await self._draw_charts()

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
        rows = []
        for nation, values in series.items():
            if not any(values):
                continue
            colour = Color.parse(chronicle.colours.get(nation, "#777777"))
            name = Label(nation, classes="spark-name")
            name.styles.color = colour
            rows.append(
                Horizontal(
                    name,
                    Sparkline(
                        values,
                        min_color=colour.with_alpha(0.45),
                        max_color=colour,
                        classes="spark-line",
                    ),
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
        self.turn = None

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


def _reason(error: Exception) -> str:
    """One line for why a file could not be written."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error).splitlines()[0] if str(error) else type(error).__name__


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
