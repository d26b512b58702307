"""The Map screen: where every army and fleet stands, province by province (T7).

The board is drawn from the provinces' positions (:mod:`assistant.tui.widgets.map_canvas`);
the arrow keys jump to the nearest province in that direction and the side panel shows the
selected one (holder, loyalty, value, this turn's tribute, forces, siege, neighbours). Keys open
the forms that move the forces standing there — march, sail, shut in, sack — and the ledger
judges each order: a refusal names the rule under its field and nothing is written. Every
figure comes from the ledger's map (:mod:`assistant.ledger.forces`): this screen adds no rules.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.events import Resize
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.visual import VisualType, visualize
from textual.widgets import Input, Select, Static

from armylists.names import first_starting, nation_name, nearest_name
from armylists.scenario_texts import scenario_text
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.ledger_form import LedgerForm
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from assistant.tui.widgets.map_canvas import (
    NATION_COLOURS,
    Cell,
    board_cells,
    macedon_board,
    marker_cell,
    step,
    style_runs,
)
from converters.force_names import shown_name
from converters.i18n import N_, NP_, _
from converters.province_names import province_name

if TYPE_CHECKING:
    from assistant.ledger.read_models import DbaMapSummary, MapSummary, MeetingSummary

__all__ = [
    "MapScreen",
    "MarchForm",
    "ProvinceOrderForm",
    "RetreatForm",
    "SackForm",
    "SailForm",
    "SiegeForm",
]

START = "Roma"
"""The province selected when the screen first opens (if the board has it)."""
MACEDON_BOARD = (88, 24)
"""The smallest board Macedon vs Persia is drawn on (columns, rows): its 21 provinces run from
Pella to Persepolis, so a narrower board crowds the Aegean's labels; the board scrolls."""


@functools.lru_cache(maxsize=256)
def _style(style: str) -> Style:
    return Style.parse(style) if style else Style()


class BoardCanvas(Static):
    """The board, drawn line by line straight from its cells (:func:`board_cells`).

    An arrow key only moves the reversed marker and the labels beside it; drawing the board as
    a ``Text`` handed to ``Static.update`` laid the screen out again and rebuilt every cell's
    style on each key. Here a draw compares the new cells with those shown, row by row, and
    rebuilds and repaints only the rows that changed (a strip of one-style runs each), with no
    layout (the canvas's size comes from the sheet). Anything else (the "no map" sentence) is
    shown as a Static shows it.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cells: list[list[Cell]] | None = None
        self._strips: list[Strip | None] = []
        """Each row's strip once drawn; None for a row to be made again."""
        self._base = Style()
        self.rows_made = 0
        """How many rows' strips were made since the canvas was mounted (what a test counts)."""

    def show_cells(self, cells: list[list[Cell]]) -> None:
        """Draw ``cells`` (rows of character and style) from now on: the rows that differ from
        those shown are made again and repainted, the others are kept."""
        shown, self._cells = self._cells, cells
        if shown is None or len(shown) != len(cells) or len(self._strips) != len(cells):
            self._strips = [None] * len(cells)
            self.refresh()
            return
        changed = [
            y for y, (before, now) in enumerate(zip(shown, cells, strict=True)) if before != now
        ]
        for y in changed:
            self._strips[y] = None
        if changed:
            width = self.size.width
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._cells = None
        self._strips = []
        super().update(content, layout=layout)

    def render(self) -> Any:
        """The board as text (what a test reads); Textual draws it by :meth:`render_line`."""
        if self._cells is None:
            return super().render()
        return Text("\n").join(
            Text.assemble(*((text, style or "") for text, style in style_runs(row)))
            for row in self._cells
        )

    def render_line(self, y: int) -> Strip:
        if self._cells is None:
            return super().render_line(y)
        width = self.size.width
        if y >= len(self._cells):
            return Strip.blank(width)
        base = self.rich_style  # the canvas's own colours, under each run's
        if base != self._base:
            self._base = base
            self._strips = [None] * len(self._cells)
        strip = self._strips[y]
        if strip is None:
            row = self._cells[y]
            strip = Strip([Segment(text, _style(style)) for text, style in style_runs(row)])
            strip = self._strips[y] = strip.apply_style(base)
            self.rows_made += 1
        return strip.adjust_cell_length(width)


class MapScreen(Screen[None]):
    """The board with every province's holder and forces; a panel on the selected one."""

    TITLE = N_("Map")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "jump(0, -1)", N_("North"), show=False),
        Binding("down", "jump(0, 1)", N_("South"), show=False),
        Binding("left", "jump(-1, 0)", N_("West"), show=False),
        Binding("right", "jump(1, 0)", N_("East"), show=False),
        Binding("v", "order('MarchForm')", NP_("key", "March")),
        Binding("f", "order('SailForm')", N_("Sail")),
        Binding("i", "order('SiegeForm')", N_("Siege")),
        Binding("k", "order('SackForm')", N_("Sack")),
        # Off the footer (80 columns are full): F1 lists it.
        Binding("r", "order('RetreatForm')", N_("Retreat"), show=False),
        Binding("b", "battle('desk')", N_("Battle here")),
        Binding("d", "battle('dice')", N_("Dice here")),
        # Macedon vs Persia (D10–D14): the selected province's army orders.
        Binding("v", "dba_order('move')", N_("Move")),
        Binding("a", "dba_order('action')", N_("Action")),
        Binding("z", "dba_order('mobilise')", N_("Mobilise")),
        Binding("y", "dba_order('loyalty')", N_("Loyalty")),
        Binding("slash", "find", N_("Find"), tooltip=N_("Jump to a province by name")),
        Binding("escape", "leave_find", N_("Leave search"), show=False),
        Binding("pagedown", "scroll_panel(1)", N_("Panel down"), show=False),
        Binding("pageup", "scroll_panel(-1)", N_("Panel up"), show=False),
    ]

    selected: reactive[str | None] = reactive(None, init=False, repaint=False)
    """The province the panel shows and the forms act in; the board and panel follow it (and
    repaint what changed: a repaint of the whole screen on each arrow cost more than the
    rest of the key, issue 26)."""

    def __init__(self) -> None:
        super().__init__()
        self._data: MapSummary | None = None
        self._board: dict[str, Any] | None = None
        """The map as the canvas draws it (its JSON, as the canvas draws every map)."""
        self._tribute: dict[str, Any] = {}
        self._dba: DbaMapSummary | None = None
        """Macedon vs Persia's map (D9–D13), when the campaign is one."""
        self._trail: tuple[tuple[str, int, int], ...] = ()
        """The arrow steps that led to the selected province, so the opposite arrow goes back
        (:func:`~assistant.tui.widgets.map_canvas.step`)."""
        self._trail_ends = ""
        """Where the trail ended: another selection (a name found, a test) starts a new one."""
        self._meetings: list[MeetingSummary] = []
        """This turn's meetings (T7.4, sea first), as the ledger lists them."""
        self._before_find: str | None = None
        """The province selected when "/" was pressed, selected again if the search is left."""

    @property
    def provinces(self) -> dict[str, Any]:
        """Every province as the ledger's map gives it (empty without a map)."""
        if self._dba is not None:
            return {name: p.to_json() for name, p in self._dba.provinces.items()}
        return {} if self._board is None else dict(self._board["provinces"])

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        # T5.2, D6: the phase and what is left in it, one line over the board.
        yield Static("", id="map-phase")
        with Horizontal(id="map-body"):
            view = ScrollableContainer(id="map-view")
            view.can_focus = False
            with view:
                yield BoardCanvas(id="map-canvas")
            # The arrow keys jump between provinces, so the panel scrolls by page keys only.
            side = VerticalScroll(id="map-side")
            side.can_focus = False
            with side:
                yield Static(id="map-panel")
        find = Input(placeholder=_("province name, Enter to keep, Escape to leave"), id="map-find")
        find.display = find.can_focus = False
        yield find
        yield Static("", id="map-find-error", classes="error field-error")
        yield CastraFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Tarentine orders on the Tarentine board, D10–D14's on a Macedon one; none
        while a name is typed in the search ("v" is then a letter of "Verona")."""
        searching = self.focused is not None and self.focused.id == "map-find"
        if searching or action == "leave_find":
            return searching and action == "leave_find"
        if not castra_app(self).ledger.may(self.act_for(action, parameters)):
            return False  # T7.3: not a player's (assistant.ledger.players.seat_may)
        if action == "battle":
            # D2: Macedon vs Persia's battle is one DBA game on the desk, never by T3's dice.
            return self._dba is None or parameters == ("desk",)
        if action == "order":
            return self._dba is None
        if action == "dba_order":
            return self._dba is not None
        return True

    @staticmethod
    def act_for(action: str, parameters: tuple[object, ...]) -> str:
        """What the key for ``action`` does, in :func:`~assistant.ledger.players.seat_may`'s
        words: a player marches and sails by its sealed orders, and nothing else (T7.3)."""
        if action == "order":
            return (
                "order" if parameters and parameters[0] in ("MarchForm", "SailForm") else "record"
            )
        if action == "battle":
            return "battle"
        if action == "dba_order":
            return "record"
        return "read"

    def on_mount(self) -> None:
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    def on_resize(self, event: Resize) -> None:
        self._draw()

    def refresh_from_store(self) -> None:
        """Re-read the ledger's map and redraw."""
        from assistant.ledger.forces import board_of, map_summary, tribute_now

        ledger = castra_app(self).ledger
        if ledger.store is None:
            return
        state = ledger.state()
        self._show_phase(state)
        if state.dba_map is not None:
            # Macedon vs Persia moves armies by D10, not PM: its own summary, drawn alike.
            from assistant.ledger.dba_map import HOMELAND, summary
            from assistant.ledger.orders_seen import meetings_summary

            self._data = self._board = None
            self._dba = summary(state)
            self._meetings = meetings_summary(state)  # D8, D10: the invasions into armies
            if self.selected not in self.provinces:
                provinces = list(self.provinces)
                self.selected = HOMELAND if HOMELAND in provinces else provinces[0]
            self.refresh_bindings()
            self._draw()
            return
        self._dba = None
        if board_of(state.scenario) is None:
            self._data = self._board = None
            self.query_one("#map-canvas", Static).update(
                _("{title} has no map: only the Tarentine Wars have a board (T7.1).").format(
                    title=scenario_text(state.scenario.title)
                )
            )
            self.query_one("#map-panel", Static).update("")
            return
        from assistant.ledger.orders_seen import meetings_summary

        self._data = map_summary(state)
        self._board = self._data.to_json()  # what the canvas draws, as it draws any map
        self._meetings = meetings_summary(state)
        result = tribute_now(state)
        self._tribute = {p.name: p for p in result.provinces}
        if self.selected in self._data.provinces:
            self._draw()
        else:
            provinces = list(self._data.provinces)
            self.selected = START if START in provinces else provinces[0]  # drawn by the watch

    def _show_phase(self, state: Any) -> None:
        """The phase line: the phase and what is left in it, as the Campaign screen says them
        (cut at the screen's edge; the Campaign screen lists them whole)."""
        from assistant.tui.screens.campaign import phase_for_viewer, phase_lines

        phase = None if state.finished else phase_for_viewer(castra_app(self).ledger)
        line = self.query_one("#map-phase", Static)
        line.display = phase is not None
        if phase is not None:
            said = " · ".join(phase_lines(phase))
            line.update(Text(said, no_wrap=True, overflow="ellipsis"))

    def watch_selected(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        canvas = self.query_one("#map-canvas", Static)
        width = max(canvas.size.width, 20)
        height = max(canvas.size.height, 8)
        if self._dba is not None and self.selected is not None:
            from assistant.tui.screens.dba_orders import dba_panel

            view = self.query_one("#map-view", ScrollableContainer)
            width = max(view.size.width, MACEDON_BOARD[0])
            height = max(view.size.height, MACEDON_BOARD[1])
            canvas.styles.width, canvas.styles.height = width, height
            board, labels, alerts, line = macedon_board(self._dba, self.selected)
            # D6, D10: an invasion into enemy armies not yet fought is marked, as a meeting.
            met = {m.province for m in self._meetings if not m.settled}
            for name in met & set(board["provinces"]):
                board["provinces"][name] = {**board["provinces"][name], "meeting": True}
            cells = board_cells(
                board, width, height, self.selected, labels=labels, alerts=alerts | met, line=line
            )
            self.query_one("#map-canvas", BoardCanvas).show_cells(cells)
            here = Text()
            for meeting in self._meetings:
                if meeting.province == self.selected:
                    here.append(
                        self._meeting_text(meeting, invasion=True),
                        style="" if meeting.settled else "bold red",
                    )
            self.query_one("#map-panel", Static).update(dba_panel(self._dba, self.selected, here))
            col, row = marker_cell(board["provinces"], width, height, self.selected)
            # Keep the selected province and the start of its label in sight.
            view.scroll_to_region(Region(max(col - 4, 0), row, 24, 1), animate=False)
            return
        if self._board is None:
            return
        # T7.4: every unsettled meeting is marked, its label in red.
        met = {m.province for m in self._meetings if not m.settled}
        data = self._board
        if met:
            provinces = data["provinces"]
            data = {
                **data,
                "provinces": {
                    name: {**p, "meeting": True} if name in met else p
                    for name, p in provinces.items()
                },
            }
        self.query_one("#map-canvas", BoardCanvas).show_cells(
            board_cells(data, width, height, self.selected, alerts=met)
        )
        _show_panel(self.query_one("#map-panel", Static), self._panel())

    def _panel(self) -> Text:
        assert self._data is not None and self.selected is not None
        name = self.selected
        province = self._data.provinces[name]
        colour = NATION_COLOURS.get(province.controller, "white")
        text = Text()
        text.append(f"{name}\n", style=f"bold {colour}")
        kind = [_("city") if province.city else "", _("sea") if province.maritime else ""]
        text.append(f"{province.region} {' '.join(k for k in kind if k)}\n", style="dim")
        text.append(
            _("Held by {holder} (home {home})\n").format(
                holder=nation_name(province.controller), home=nation_name(province.homeland)
            )
        )
        paid = self._tribute.get(name)
        collector = nation_name(paid.collector) if paid is not None and paid.collector else "—"
        text.append(
            _("Value {value} PE · loyalty {loyalty}\nTribute: {pe} PE to {who}\n").format(
                value=province.value,
                loyalty=province.loyalty,
                pe=paid.pe if paid is not None else 0,
                who=collector,
            )
        )
        if province.besieged:
            text.append(_("Besieged (T5.4)\n"), style="bold red")
        if province.sacked:
            text.append(_("Sacked: nothing until spring\n"), style="bold red")
        here = self._data.forces_in(name)
        text.append(_("Forces:\n"), style="bold")
        for force in here:
            sign = "⚔" if force.kind == "army" else "⚓"
            aboard = " (" + _("aboard") + ")" if force.aboard else ""
            shown = shown_name(force.name, force.nation, force.kind)
            text.append(f" {shown} {force.pm}{sign}{aboard}\n")
        if not here:
            text.append(" —\n")
        for meeting in self._meetings:
            if meeting.province == name:
                text.append(
                    self._meeting_text(meeting), style="" if meeting.settled else "bold red"
                )
        ways = province.neighbours
        text.append(_("Roads: "), style="bold")
        text.append(", ".join(ways.road) or "—")
        if ways.mountain:
            text.append("\n" + _("Mountain: "), style="bold")
            text.append(", ".join(ways.mountain))
        if ways.sea:
            text.append("\n" + _("Sea: "), style="bold")
            text.append(", ".join(ways.sea))
        return text

    @staticmethod
    def _meeting_text(meeting: MeetingSummary, *, invasion: bool = False) -> str:
        """T7.4: a meeting in the selected province, as the Campaign screen lists it (an
        invasion into enemy armies with D8's next game)."""
        from assistant.tui.screens.turn_panel import invasion_row, meeting_row

        number, where, forces, answer = (
            invasion_row(meeting)
            if invasion
            else meeting_row(meeting, _("seek or avoid? (Campaign screen, y)"))
        )
        return (
            _("Meeting {number}, {where}: {forces} — {answer}").format(
                number=number, where=where, forces=forces, answer=answer
            )
            + "\n"
        )

    def _meeting_here(self) -> int | None:
        """The first unsettled meeting in the selected province (sea first), if any."""
        return next(
            (m.number for m in self._meetings if m.province == self.selected and not m.settled),
            None,
        )

    # -- actions ---------------------------------------------------------------------------

    def action_jump(self, dx: int, dy: int) -> None:
        """Select the nearest province in the arrow's direction; the opposite arrow comes back."""
        if not self.provinces or self.selected is None:
            return
        trail = self._trail if self._trail_ends == self.selected else ()
        self.selected, self._trail = step(self.provinces, trail, self.selected, dx, dy)
        self._trail_ends = self.selected

    def action_find(self) -> None:
        """ "/": type a province's name; the board follows as it is typed (any case)."""
        find = self.query_one("#map-find", Input)
        self._before_find = self.selected
        find.value = ""
        find.display = find.can_focus = True
        find.focus()

    def action_leave_find(self) -> None:
        """Escape in the search: back to the province selected before it."""
        if self._before_find in self.provinces:
            self.selected = self._before_find
        self._close_find()

    def _close_find(self) -> None:
        find = self.query_one("#map-find", Input)
        find.display = find.can_focus = False
        error = self.query_one("#map-find-error", Static)
        error.update("")
        error.remove_class("-shown")
        self.set_focus(None)

    @on(Input.Changed, "#map-find")
    def _find_typed(self, event: Input.Changed) -> None:
        error = self.query_one("#map-find-error", Static)
        found = first_starting(event.value, self.provinces)
        if found is not None:
            self.selected = found
            error.update("")
            error.remove_class("-shown")
        elif event.value.strip():
            nearest = nearest_name(event.value, self.provinces)
            said = _("No province is called {typed!r}.").format(typed=event.value.strip())
            if nearest is not None:
                said += " " + _("Did you mean {name}?").format(name=province_name(nearest))
            error.update(said)
            error.add_class("-shown")

    @on(Input.Submitted, "#map-find")
    def _find_kept(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.query("#map-find-error.-shown"):
            self._close_find()

    def action_scroll_panel(self, pages: int) -> None:
        """Page the side panel (at 80×24 it is longer than the screen)."""
        side = self.query_one("#map-side", VerticalScroll)
        if pages > 0:
            side.scroll_page_down()
        else:
            side.scroll_page_up()

    def action_dba_order(self, order: str) -> None:
        """D10–D14: open the form for an order given in the selected province."""
        from assistant.tui.screens.dba_orders import ORDER_FORMS

        if self.selected is not None:
            self.app.push_screen(ORDER_FORMS[order](self.selected))

    def action_order(self, form_name: str) -> None:
        """Open the form for an order given in the selected province."""
        if self._data is None or self.selected is None:
            return
        form: ModalScreen[str | None] = globals()[form_name](self.selected)
        # The ledger service tells every screen (this one included) once the form records.
        self.app.push_screen(form)

    async def action_battle(self, how: str) -> None:
        """T7.4: the battle desk (or the dice battle) for the selected province, its sides
        filled from the armies standing there when enemies meet."""
        from fractions import Fraction

        from assistant.ledger.forces import sides_at
        from assistant.ledger.meeting_battle import meeting_prefill

        province = self.selected
        state = castra_app(self).ledger.state()
        if self._dba is not None:
            await self._invasion_battle(state, province)
            return
        side_a, side_b = ([], []) if province is None else sides_at(state, province)
        approach, naval, pyrrhus = "open", False, False
        number = self._meeting_here()
        if number is not None:
            # T7.4, T3.2: a meeting here opens its own battle, with the attacker's approach.
            battle = meeting_prefill(state, number)
            side_a, side_b, approach, naval, pyrrhus = (
                battle.side_a,
                battle.side_b,
                battle.approach,
                battle.naval,
                battle.pyrrhus_leads,
            )
        if not side_a:
            self.notify(
                _("No enemies meet in {province}.").format(province=province_name(province or "—"))
            )
            return
        if how == "dice" or naval:
            from assistant.tui.screens.dice_battle import DiceBattleScreen

            def build() -> Screen[None]:
                return DiceBattleScreen(
                    side_a=[(n, Fraction(pm)) for n, pm in side_a],
                    side_b=[(n, Fraction(pm)) for n, pm in side_b],
                    place=province,
                    naval=naval,
                    approach=approach,
                    back_to="map",
                    pyrrhus=pyrrhus,
                )

        else:
            from assistant.tui.screens.battle_desk import BattleDeskScreen

            def build() -> Screen[None]:
                return BattleDeskScreen(
                    side_a,
                    side_b,
                    place=province,
                    landing=approach == "landing",
                    back_to="map",
                )

        # Its own mode's screen, not one pushed on the Map's: `m` keeps showing the Map.
        mode = "dice" if how == "dice" or naval else "battle"
        await castra_app(self).show_battle(mode, f"map:{province}", build)

    async def _invasion_battle(self, state: Any, province: str | None) -> None:
        """D8, D10: the desk of the next game of the invasion meeting in ``province`` (the
        Campaign screen's `f`, a pick of opponents first with equal numbers); none there:
        said in one line."""
        from assistant.tui.screens.turn_panel import invasion_desk

        number = self._meeting_here()
        if number is None:
            self.notify(
                _("No enemies meet in {province}.").format(province=province_name(province or "—"))
            )
            return
        refused = await invasion_desk(self, number, "map")
        if refused is not None:
            self.notify(refused, severity="error")


# ---- the order forms -------------------------------------------------------------------------


def _show_panel(panel: Static, text: Text) -> None:
    """Show ``text`` in the side panel, laying the screen out again only when the panel must
    grow: a shorter text is padded to the panel's height with blank lines. Each province's
    panel is a line or two taller or shorter than the next one's, and a layout costs an arrow
    key more than all the rest of its drawing (issue 26, item 2)."""
    width, height = panel.content_size
    if width > 0:
        # Measured as Textual's own layout measures a widget's content (its styles as rules).
        lines = visualize(panel, text).get_height(panel.styles, width)  # type: ignore[arg-type]
        if lines <= height:
            text.append("\n" * (height - lines))
            panel.update(text, layout=False)
            return
    panel.update(text)


def _forces_here(form: LedgerForm, province: str, kind: str) -> list[tuple[str, str]]:
    ledger = castra_app(form).ledger
    state = ledger.state()
    player = ledger.player
    return [
        (f"{shown_name(f.name, f.nation, f.kind)} ({f.pm} PM)", f.name)
        for f in state.forces.values()
        if f.province == province
        and f.kind == kind
        and not state.nations[f.nation].away
        # T7.3: a player orders its own forces (and those it pays for) only.
        and (player is None or player in (f.nation, f.paid_by))
    ]


class ProvinceOrderForm(LedgerForm):
    """An order given in one province of the map (Tarentine or Macedon)."""

    def __init__(self, province: str) -> None:
        super().__init__()
        self.province = province

    def chosen(self, name: str, what: str) -> str:
        value = self.choice(name)
        if value is None:
            raise ValueError(f"{name}: {what}")
        return value

    def _common(self) -> ComposeResult:
        yield from self.field("who", _("Who"), self.who_input())
        yield from self.field("note", _("Note"), Input(placeholder=_("optional")))


class MarchForm(ProvinceOrderForm):
    """T7.3: an army marches to a neighbouring province by road."""

    FORM_TITLE = N_("March (T7.3)")

    def compose_fields(self) -> ComposeResult:
        from assistant.ledger.forces import board_of

        state = castra_app(self).ledger.state()
        board = board_of(state.scenario)
        roads = board.road_neighbours(self.province) if board is not None else []
        armies = _forces_here(self, self.province, "army")
        yield Static(_("From {province}").format(province=self.province), classes="hint")
        yield from self.field(
            "army", _("Army"), Select(armies, prompt=_("choose an army"), allow_blank=True)
        )
        yield from self.field(
            "to", _("To (by road)"), Select([(r, r) for r in roads], prompt=_("where"))
        )
        yield from self._common()

    def build_event(self) -> Any:
        from assistant.ledger.events import ArmyMoved, MarchOrder
        from assistant.ledger.orders import order_for

        army = self.chosen("army", _("choose the army that marches"))
        to = self.chosen("to", _("choose where it marches"))
        state = castra_app(self).ledger.state()
        # T7.3: the order is the entering nation's (the referee's: the army's own nation).
        sealed = order_for(
            state,
            MarchOrder(army=army, to=to),
            castra_app(self).ledger.viewer,
            who=self.who(),
            note=self.text("note"),
        )
        if sealed is not None:  # T7.3: an order of the army's nation, carried out at resolve
            return sealed
        return ArmyMoved(army=army, to=to, who=self.who(), note=self.text("note"))


class SailForm(ProvinceOrderForm):
    """T7.3, T3.7: a fleet sails, carrying troops and landing them if told."""

    FORM_TITLE = N_("Sail (T7.3)")

    def compose_fields(self) -> ComposeResult:
        fleets = _forces_here(self, self.province, "fleet")
        yield Static(_("From {province}").format(province=self.province), classes="hint")
        yield from self.field("fleet", _("Fleet"), Select(fleets, prompt=_("choose a fleet")))
        yield from self.field("to", _("To"), Input(placeholder=_("e.g. Tarentum")))
        yield from self.field(
            "via", _("Via (optional)"), Input(placeholder=_("e.g. Heraclea, Croton"))
        )
        yield from self.field(
            "carry", _("Carry armies (optional)"), Input(placeholder=_("e.g. Rome I, Rome II"))
        )
        yield from self.field(
            "land",
            _("Land them at the end"),
            Select([(_("yes"), "yes"), (_("no"), "no")], value="no"),
        )
        yield from self._common()

    def build_event(self) -> Any:
        from assistant.ledger.events import FleetSailed, VoyageOrder
        from assistant.ledger.orders import order_for

        def names(text: str) -> list[str]:
            return [part.strip() for part in text.split(",") if part.strip()]

        state = castra_app(self).ledger.state()
        provinces = [province.name for province in state.scenario.provinces]
        to = self.text("to")
        voyage = VoyageOrder(
            fleet=self.chosen("fleet", _("choose the fleet that sails")),
            to=self.named("to", to, provinces) if to else to,
            via=[self.named("via", name, provinces) for name in names(self.text("via"))],
            carry=[
                self.named("carry", name, state.forces, army=True)
                for name in names(self.text("carry"))
            ],
            land=self.choice("land") == "yes",
        )
        sealed = order_for(
            state, voyage, castra_app(self).ledger.viewer, who=self.who(), note=self.text("note")
        )
        if sealed is not None:  # T7.3: an order of the fleet's nation, carried out at resolve
            return sealed
        return FleetSailed(
            **voyage.model_dump(exclude={"kind"}), who=self.who(), note=self.text("note")
        )


class SiegeForm(ProvinceOrderForm):
    """T7.6: the holder of the city shuts itself in."""

    FORM_TITLE = N_("Shut the city in (T7.6)")

    def compose_fields(self) -> ComposeResult:
        yield Static(
            _("{province}: its holder shuts itself in against the enemy before it").format(
                province=self.province
            ),
            classes="hint",
        )
        yield from self._common()

    def build_event(self) -> Any:
        from assistant.ledger.events import CityShutIn

        return CityShutIn(province=self.province, who=self.who(), note=self.text("note"))


class SackForm(ProvinceOrderForm):
    """T5.3, T4.2: an army standing here sacks the province."""

    FORM_TITLE = N_("Sack (T5.3)")

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        nations = sorted({f.nation for f in state.forces.values() if f.province == self.province})
        yield Static(_("Sack {province}").format(province=self.province), classes="hint")
        yield from self.field(
            "nation",
            _("Sacker"),
            Select([(nation_name(n), n) for n in nations], prompt=_("whose army")),
        )
        yield Static("", id="sack-preview", classes="hint")
        yield from self._common()

    @on(Select.Changed, "#nation")
    def _preview(self, event: Select.Changed) -> None:
        """What the sack will do, before ctrl+s: the ledger's own event for it (T5.3, T4.2)."""
        from assistant.ledger.map_war import sack_event

        shown = self.query_one("#sack-preview", Static)
        if event.value is Select.NULL:
            shown.update("")
            return
        try:
            sack = sack_event(castra_app(self).ledger.state(), self.province, str(event.value))
        except ValueError as error:
            shown.update("")
            self.show_error(error)
            return
        sacker = nation_name(sack.nation)
        said = _(
            "{nation} takes {pe} PE; {province}'s loyalty toward {nation} −10 for ever (T5.3)"
        ).format(nation=sacker, pe=sack.pe, province=self.province)
        changes = ", ".join(f"{nation_name(n)} {pp:+d}" for n, pp in sack.prestige.items())
        said += "\n" + (
            _("Prestige (T4.2): {changes}").format(changes=changes.replace("-", "−"))
            if changes
            else _("Prestige (T4.2): no change")
        )
        shown.update(said)

    def build_event(self) -> Any:
        from assistant.ledger.map_war import sack_event

        return sack_event(
            castra_app(self).ledger.state(),
            self.province,
            self.chosen("nation", _("choose the nation whose army sacks")),
            who=self.who(),
            note=self.text("note"),
        )


HOLDINGS = {
    "own since the start": N_("own since the start"),
    "own": N_("own"),
    "neutral": N_("neutral"),
    "enemy": N_("enemy"),
}
"""T4.3's kinds of province, as the retreat form names them."""

SURRENDER = "(surrender)"
"""The retreat form's value for "no retreat is open: it surrenders" (T4.3, T3.7)."""


class RetreatForm(ProvinceOrderForm):
    """T4.3, T3.7, T7.5: a beaten army or fleet here retreats, choosing only among the
    provinces the rules allow, in the seed's order of preference (or surrenders when none is
    open)."""

    FORM_TITLE = N_("Retreat after a lost battle (T4.3, T3.7)")

    def __init__(self, province: str) -> None:
        super().__init__(province)
        self.offered: list[tuple[str, str]] = []
        """The destinations the "To" picker offers now, (label, province), best first."""

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        forces = [
            (
                _("{force} ({pm} {unit})").format(
                    force=shown_name(f.name, f.nation, f.kind),
                    pm=f.pm,
                    unit=_("PM") if f.kind == "army" else _("naval PM"),
                ),
                f.name,
            )
            for f in state.forces.values()
            if f.province == self.province and not state.nations[f.nation].away
        ]
        yield Static(_("Beaten at {province}").format(province=self.province), classes="hint")
        yield from self.field("force", _("Army or fleet"), Select(forces, prompt=_("who retreats")))
        yield from self.field("to", _("To (best first)"), Select([], prompt=_("where")))
        yield from self._common()

    def destinations(self, name: str) -> list[tuple[str, str]]:
        """The allowed retreats of ``name`` as (label, province), best first; only the
        surrender when none is open."""
        from assistant.ledger.map_war import retreats
        from assistant.ledger.naval import fleet_retreats

        state = castra_app(self).ledger.state()
        if state.forces[name].kind == "fleet":
            found = [(province, province) for province in fleet_retreats(state, name)]
        else:
            found = [
                (
                    _("{province} ({holding}, held by {holder})").format(
                        province=o.province,
                        holding=_(HOLDINGS[o.holding]),
                        holder=nation_name(o.holder),
                    )
                    + (" " + _("— back aboard {fleet}").format(fleet=o.aboard) if o.aboard else "")
                    + (" " + _("— a second battle may follow") if o.second_battle else ""),
                    o.province,
                )
                for o in retreats(state, name)
            ]
        return found or [(_("nowhere open: it surrenders"), SURRENDER)]

    @on(Select.Changed, "#force")
    def _force_chosen(self, event: Select.Changed) -> None:
        self.offered = []
        if event.value is not Select.NULL:
            try:
                self.offered = self.destinations(str(event.value))
            except ValueError as error:
                self.show_error(error)
        self.query_one("#to", Select).set_options(self.offered)

    def build_event(self) -> Any:
        from assistant.ledger.events import ArmyRetreated, FleetRetreated

        name = self.chosen("force", _("choose the army or fleet that retreats"))
        to = self.chosen("to", _("choose where it retreats"))
        where = None if to == SURRENDER else to
        if castra_app(self).ledger.state().forces[name].kind == "fleet":
            return FleetRetreated(fleet=name, to=where, who=self.who(), note=self.text("note"))
        return ArmyRetreated(army=name, to=where, who=self.who(), note=self.text("note"))
