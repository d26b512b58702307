"""The Campaign screen: where the campaign stands, and the referee's turn-by-turn actions.

It shows the turn and date, every nation's forces, decimated PM (with the winter they expire,
T2.5), treasury, prestige and VP, and the latest events; its keys open small forms to end the
turn, resolve the winter turn, rebuild decimated PM, order recruits and undo the last event.
Every number comes from the ledger's replayed state and every change is an event the ledger
judges: this screen adds no rules.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Select, Static

from assistant.tui.dice import RollCancelled
from assistant.tui.messages import LedgerChanged, TurnAdvanced
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.ledger_form import LedgerForm

__all__ = [
    "AdvanceTurnForm",
    "CampaignScreen",
    "RebuildForm",
    "RecruitForm",
    "WinterTurnForm",
    "campaign_heading",
    "decimated_text",
    "parse_tribute",
]

RECENT_EVENTS = 12
"""How many of the latest events the Campaign screen lists."""
EVENT_WIDTH = 88
"""Room for an event's summary at 120 columns (the History shows it in full)."""


def campaign_heading(store: Any) -> str:
    """E.g. "Tarentine Wars · Turn 3, May 278 BC (1st fortnight)"."""
    state = store.state()
    return f"{state.scenario.title} · {state.date}"


def decimated_text(nation: Any) -> str:
    """Decimated PM with the turn they expire, e.g. "2 (to t13), 1 (to t26)"; "—" for none."""
    if not nation.decimated:
        return "—"
    parts = []
    for batch in nation.decimated:
        until = f" (to t{batch.expires})" if batch.expires is not None else ""
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


def parse_tribute(text: str) -> dict[str, int]:
    """``"Rome 12, Magna Graecia 5"`` → ``{"Rome": 12, "Magna Graecia": 5}`` (T5.3 tribute).

    Only the shape is checked here; the ledger checks the nations and amounts.
    """
    tribute: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, amount = part.rpartition(" ")
        if not name.strip() or not amount.lstrip("-").isdigit():
            raise ValueError(
                f"tribute: write each nation and its PE, e.g. Rome 12, Magna Graecia 5 "
                f"(got {part!r})"
            )
        tribute[name.strip()] = int(amount)
    return tribute


def _nation_options(state: Any, *, players_only: bool = True) -> list[tuple[str, str]]:
    return [
        (name, name) for name, nation in state.nations.items() if nation.player or not players_only
    ]


class CampaignScreen(Screen[None]):
    """Turn, date, nations and recent events; keys for the referee's actions."""

    TITLE = "Campaign"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "advance", "Next turn"),
        Binding("w", "winter", "Winter turn"),
        Binding("r", "rebuild", "Rebuild"),
        Binding("t", "recruit", "Recruit"),
        Binding("u", "undo", "Undo"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="campaign-body"):
            yield Static(id="campaign-heading")
            yield Static(id="campaign-status")
            yield Static("Nations", classes="section-title")
            yield DataTable(id="nations", cursor_type="row", zebra_stripes=True)
            yield Static("Recent events", classes="section-title")
            yield DataTable(id="recent-events", cursor_type="row")
        yield CastraFooter()

    def on_mount(self) -> None:
        nations = self.query_one("#nations", DataTable)
        nations.add_columns(
            "Nation",
            "Land PM",
            "Naval PM",
            "Decimated (expires)",
            "Training (arrives)",
            "Treasury PE",
            "Prestige PP",
            "VP",
        )
        events = self.query_one("#recent-events", DataTable)
        events.add_column("#", width=4)
        events.add_column("Turn", width=4)
        events.add_column("Event", width=EVENT_WIDTH)
        events.add_column("Who", width=10)
        self.refresh_from_store()

    def on_screen_resume(self) -> None:
        # Another screen (or another process) may have written to the ledger meanwhile.
        if self.is_mounted:
            self.refresh_from_store()

    def refresh_from_store(self) -> None:
        """Re-read the ledger and redraw everything on the screen."""
        store = self.app.store  # type: ignore[attr-defined]
        state = store.state()
        calendar = state.scenario.calendar
        self.query_one("#campaign-heading", Static).update(
            f"{state.scenario.title} — {state.date}  ·  turn {state.turn} of {calendar.total_turns}"
        )
        self.query_one("#campaign-status", Static).update(self._status(state))
        self._fill_nations(state)
        self._fill_events(store)

    def _status(self, state: Any) -> str:
        if state.finished:
            return "The campaign is over (T5.1); only notes can be added."
        if state.is_winter and state.turn not in state.winters_resolved:
            return "Winter turn: press w to resolve it (upkeep, winter event, VP), then n."
        if state.is_winter:
            return "Winter resolved: press n to start the spring."
        battles = "1 battle" if state.battles == 1 else f"{state.battles} battles"
        return (
            f"{battles} recorded · n ends this turn · r rebuilds decimated PM "
            "(20 PE, until the next winter) · t orders recruits"
        )

    def _fill_nations(self, state: Any) -> None:
        table = self.query_one("#nations", DataTable)
        row = table.cursor_row
        table.clear()
        for name, nation in state.nations.items():
            label = name if nation.player else f"{name} (no player)"
            if nation.away:
                label += " (away)"
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

    def _fill_events(self, store: Any) -> None:
        table = self.query_one("#recent-events", DataTable)
        table.clear()
        for entry in reversed(store.history()[-RECENT_EVENTS:]):
            style = "dim strike" if entry.undone_by is not None else ""
            table.add_row(
                str(entry.id),
                str(entry.turn or ""),
                Text(entry.summary, style=style, no_wrap=True, overflow="ellipsis"),
                Text(entry.who or "—", no_wrap=True, overflow="ellipsis"),
            )

    # -- actions ---------------------------------------------------------------------------

    def _open(self, form: LedgerForm, message: type[LedgerChanged] = LedgerChanged) -> None:
        def recorded(summary: str | None) -> None:
            if summary:
                self.post_message(message(summary))

        self.app.push_screen(form, callback=recorded)

    def action_advance(self) -> None:
        self._open(AdvanceTurnForm(), TurnAdvanced)

    def action_winter(self) -> None:
        self._open(WinterTurnForm(), TurnAdvanced)

    def action_rebuild(self) -> None:
        self._open(RebuildForm(self._selected_nation()))

    def action_recruit(self) -> None:
        self._open(RecruitForm(self._selected_nation()))

    def action_undo(self) -> None:
        from assistant.tui.messages import EventUndone
        from assistant.tui.screens.history import UndoForm

        self._open(UndoForm(), EventUndone)

    def _selected_nation(self) -> str | None:
        table = self.query_one("#nations", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None


class AdvanceTurnForm(LedgerForm):
    """End the current turn (T5.1), with the tribute each nation collects (T5.3)."""

    FORM_TITLE = "End the turn"

    def compose_fields(self) -> ComposeResult:
        state = self.app.store.state()  # type: ignore[attr-defined]
        calendar = state.scenario.calendar
        following = (
            calendar.date(state.turn + 1)
            if state.turn < calendar.total_turns
            else "the end of the campaign"
        )
        yield Static(f"{state.date}\n→ {following}", classes="hint")
        yield from self.field(
            "tribute",
            "Tribute collected (T5.3), optional",
            Input(placeholder="e.g. Rome 12, Magna Graecia 5"),
        )
        yield from self.field("who", "Who", self.who_input())
        yield from self.field("note", "Note", Input(placeholder="optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import TurnAdvanced as TurnAdvancedEvent

        return TurnAdvancedEvent(
            tribute=parse_tribute(self.text("tribute")), who=self.who(), note=self.text("note")
        )


class RebuildForm(LedgerForm):
    """Rebuild decimated land PM before they expire (T2.5)."""

    FORM_TITLE = "Rebuild decimated PM (T2.5)"

    def __init__(self, nation: str | None = None) -> None:
        super().__init__()
        self.nation = nation

    def compose_fields(self) -> ComposeResult:
        state = self.app.store.state()  # type: ignore[attr-defined]
        economy = state.scenario.economy
        cost = f"{economy.rebuild_cost} PE each" if economy else "no economy in this campaign"
        waiting = [
            f"{name} {decimated_text(nation)}"
            for name, nation in state.nations.items()
            if nation.decimated
        ]
        yield Static(
            f"{cost}, up to and including the next winter turn.\n"
            f"Decimated now: {'; '.join(waiting) if waiting else 'none'}",
            classes="hint",
        )
        options = _nation_options(state, players_only=False)
        chosen = self.nation if self.nation in state.nations else Select.NULL
        yield from self.field(
            "nation", "Nation", Select(options, value=chosen, prompt="choose a nation")
        )
        yield from self.field("pm", "PM to rebuild", Input(value="1", restrict=r"-?\d*"))
        yield from self.field("who", "Who", self.who_input())
        yield from self.field("note", "Note", Input(placeholder="optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import PmRebuilt

        nation = self.choice("nation")
        if nation is None:
            raise ValueError("nation: choose the nation that rebuilds")
        return PmRebuilt(
            nation=nation, pm=self.text("pm") or "", who=self.who(), note=self.text("note")
        )


class RecruitForm(LedgerForm):
    """Order new land or naval PM (T6.1): paid now, arriving after the training delay."""

    FORM_TITLE = "Order recruits (T6.1)"

    def __init__(self, nation: str | None = None) -> None:
        super().__init__()
        self.nation = nation

    def compose_fields(self) -> ComposeResult:
        state = self.app.store.state()  # type: ignore[attr-defined]
        economy = state.scenario.economy
        if economy:
            yield Static(
                f"Land PM {economy.land_pm_cost} PE, naval PM {economy.naval_pm_cost} PE; "
                f"they arrive {economy.recruit_delay_turns} turns after the order.",
                classes="hint",
            )
        options = _nation_options(state)
        chosen = self.nation if self.nation in dict(options) else Select.NULL
        yield from self.field(
            "nation", "Nation", Select(options, value=chosen, prompt="choose a nation")
        )
        yield from self.field("land_pm", "Land PM", Input(value="0", restrict=r"-?\d*"))
        yield from self.field("naval_pm", "Naval PM", Input(value="0", restrict=r"-?\d*"))
        yield from self.field(
            "province", "Province they deploy in (optional)", Input(placeholder="e.g. Roma")
        )
        yield from self.field("who", "Who", self.who_input())
        yield from self.field("note", "Note", Input(placeholder="optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import RecruitmentOrdered

        nation = self.choice("nation")
        if nation is None:
            raise ValueError("nation: choose the nation that recruits")
        return RecruitmentOrdered(
            nation=nation,
            land_pm=self.text("land_pm") or "0",
            naval_pm=self.text("naval_pm") or "0",
            province=self.text("province"),
            who=self.who(),
            note=self.text("note"),
        )


class WinterTurnForm(LedgerForm):
    """Resolve the winter turn: the referee's d10 (T5.6), upkeep (T6.2), expiry (T2.5), VP (T5.8).

    The die is rolled once (or typed in, with physical dice) when the player first records; if
    the ledger then refuses (e.g. a storm with a tie for most fleets needs the nation named),
    the same roll is kept for the next attempt: a die is never rolled again to get another face.
    """

    FORM_TITLE = "Winter turn"

    def __init__(self) -> None:
        super().__init__()
        self.winter_roll: Any = None
        """The d10 once rolled (a converters.dice.Roll)."""

    def compose_fields(self) -> ComposeResult:
        state = self.app.store.state()  # type: ignore[attr-defined]
        lines = [state.date]
        if state.is_winter and state.scenario.economy is not None:
            owed = [
                f"{name} {state.upkeep(name)} PE"
                for name, nation in state.nations.items()
                if nation.player
            ]
            lines.append("Upkeep owed (T6.2): " + ", ".join(owed))
        die = state.scenario.winter_events.die if state.scenario.winter_events else 10
        lines.append(f"Recording rolls the d{die} of the winter event (T5.6).")
        yield Static("\n".join(lines), classes="hint")
        yield Static("", id="winter-roll", classes="hint")
        fleets = [(name, name) for name, nation in state.nations.items() if nation.naval_pm > 0]
        yield from self.field(
            "storm_nation",
            "If a storm (7) strikes a tie for most fleets: which nation",
            Select(fleets, prompt="— (only when asked)"),
        )
        yield from self.field("who", "Who", self.who_input())
        yield from self.field("note", "Note", Input(placeholder="optional"))

    def action_record(self) -> None:
        self.clear_errors()
        if self.winter_roll is None:
            state = self.app.store.state()  # type: ignore[attr-defined]
            try:
                # Check before rolling: no die is rolled for a winter that cannot be resolved.
                self.app.store.check(self._event(state, None))  # type: ignore[attr-defined]
            except (ValueError, LookupError) as error:
                if not str(error).startswith("rolls:"):
                    self.show_error(error)
                    return
            die = state.scenario.winter_events.die if state.scenario.winter_events else 10
            self._roll_winter_die(die)
            return
        super().action_record()

    @work(thread=True, exclusive=True, group="winter-die")
    def _roll_winter_die(self, die: int) -> None:
        dice = self.app.dice_for("Winter")  # type: ignore[attr-defined]
        try:
            dice.roll(die, "T5.6 winter event")
        except RollCancelled:
            self.app.call_from_thread(self.say, "roll cancelled: nothing recorded")
            return
        roll = dice.take_log()[0]
        self.app.call_from_thread(self._rolled, roll)

    def _rolled(self, roll: Any) -> None:
        self.winter_roll = roll
        self.query_one("#winter-roll", Static).update(
            f"d{roll.sides} rolled for the winter event: {roll.value}"
        )
        super().action_record()

    def _event(self, state: Any, roll: Any) -> Any:
        from assistant.ledger.events import WinterResolved

        return WinterResolved(
            rolls=[roll] if roll is not None else [],
            storm_nation=self.choice("storm_nation"),
            who=self.text("who"),
            note=self.text("note"),
        )

    def build_event(self) -> Any:
        self.who()
        return self._event(None, self.winter_roll)
