"""The History screen: the campaign's whole event log, the dice of this session, and undo.

The ledger never deletes: undoing writes an ``undone`` event with a reason, and both stay in
the log (the cancelled event is marked). Every die the app rolled this session is listed with
its purpose, so a roll at the table can always be checked.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.ledger_form import LedgerForm, open_form
from assistant.tui.widgets.event_log import EventLog
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.glance_table import Cell, GlanceColumn
from assistant.tui.widgets.header import CastraHeader
from converters.i18n import N_, _
from converters.said import shown

__all__ = ["KIND_WORDS", "HistoryScreen", "UndoForm", "kind_text", "last_undoable"]


def last_undoable(store: Any) -> Any | None:
    """The history entry an undo would cancel now (the last one still in force), or None."""
    for entry in reversed(store.history()):
        if entry.undone_by is None and entry.kind not in ("campaign_created", "undone"):
            return entry
    return None


KIND_WORDS: dict[str, str] = {
    "army_mobilised": N_("army mobilised"),
    "army_moved": N_("army moved"),
    "army_retreated": N_("army retreated"),
    "battle_recorded": N_("battle recorded"),
    "campaign_created": N_("campaign created"),
    "centres_recorded": N_("centres recorded"),
    "city_shut_in": N_("city shut in"),
    "dba_moved": N_("army moved (D10)"),
    "fleet_retreated": N_("fleet retreated"),
    "fleet_sailed": N_("fleet sailed"),
    "force_renamed": N_("force renamed"),
    "force_split": N_("force split"),
    "forced_march": N_("forced march"),
    "forces_adjusted": N_("forces adjusted"),
    "forces_merged": N_("forces merged"),
    "ghost_battle_finished": N_("ghost battle finished"),
    "interception_rolled": N_("interception rolled"),
    "loyalty_changed": N_("loyalty changed"),
    "march": N_("march order"),
    "recruit": N_("recruitment order"),
    "treaty": N_("treaty order"),
    "war": N_("declaration of war order"),
    "meeting_answered": N_("meeting answered"),
    "no_orders": N_("no orders this turn"),
    "note": N_("note"),
    "order_given": N_("sealed order given"),
    "order_withdrawn": N_("sealed order withdrawn"),
    "orders_resolved": N_("orders carried out"),
    "player_changed": N_("player changed"),
    "pm_rebuilt": N_("PM rebuilt"),
    "prestige_adjusted": N_("prestige adjusted"),
    "province_sacked": N_("province sacked"),
    "province_taken": N_("province taken"),
    "recruitment_ordered": N_("recruitment ordered"),
    "rule_changed": N_("rule changed"),
    "side_done": N_("side done (D6)"),
    "siege_lifted": N_("siege lifted"),
    "special_action": N_("special action"),
    "tactical_retreat": N_("tactical retreat"),
    "treasury_adjusted": N_("treasury adjusted"),
    "treaty_broken": N_("treaty broken"),
    "treaty_made": N_("treaty made"),
    "troops_landed": N_("troops landed"),
    "turn_advanced": N_("turn advanced"),
    "undone": N_("undone"),
    "voyage": N_("voyage order"),
    "war_declared": N_("war declared"),
    "withdrawal_pursued": N_("withdrawal under pursuit"),
    "winter_resolved": N_("winter resolved"),
}
"""Each event kind as the History screen names it; the kind itself is the ledger's key."""


def kind_text(kind: str) -> str:
    """An event's kind in the interface's language (a kind from a newer Castra: as stored)."""
    words = KIND_WORDS.get(kind)
    return _(words) if words is not None else kind.replace("_", " ")


SUMMARY_WIDTH = 52
"""Room for "what happened" at 120 columns; the highlighted event is shown in full below."""


def entry_text(entry: Any) -> str:
    """What an event did, with its note and, if undone, by which undo and why."""
    text = shown(entry.said, str(entry.summary))
    if entry.note:
        text += f" — {entry.note}"
    if entry.undone_by is not None:
        undone = _("(undone by #{event}: {reason})").format(
            event=entry.undone_by, reason=entry.undo_reason
        )
        text = f"{undone} {text}"
    return str(text)


def _cell(text: str, style: str = "") -> Text:
    # Text, not str: a DataTable reads str cells as markup and would swallow "[…]".
    return Text(text, style=style, no_wrap=True, overflow="ellipsis")


def _row(entry: Any) -> list[Cell]:
    """An event's row in the log (struck through once undone)."""
    style = "dim strike" if entry.undone_by is not None else ""
    return [
        str(entry.id),
        str(entry.turn or ""),
        kind_text(entry.kind),
        _cell(entry_text(entry), style),
        _cell(entry.who or "—"),
        _when(entry),
    ]


def _when(entry: Any) -> str:
    return entry.when.strftime("%Y-%m-%d %H:%M") if entry.when else ""


class HistoryScreen(Screen[None]):
    """Every event, newest first, and the session's dice; u undoes the last event."""

    TITLE = N_("History")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", N_("Undo last event")),
    ]

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        with Vertical(id="history-body"):
            yield Static(_("Event log (newest first; times in UTC)"), classes="section-title")
            yield EventLog(
                [
                    GlanceColumn("#", 4),
                    GlanceColumn(_("Turn"), max(4, len(_("Turn")))),
                    GlanceColumn(_("Kind"), 17),
                    GlanceColumn(_("What happened"), SUMMARY_WIDTH),
                    GlanceColumn(_("Who"), 10),
                    GlanceColumn(_("When"), 16),
                ],
                id="history-log",
            )
            yield Static(id="history-detail", markup=False)
            yield Static(_("Dice rolled this session"), classes="section-title")
            yield DataTable(id="dice-log", cursor_type="row")
        yield CastraFooter()

    def __init__(self) -> None:
        super().__init__()
        self._entries: dict[str, Any] = {}
        """The events shown, by id (as the row key)."""
        self._viewer: str | None = None
        """Who the rows were shown to (T7.3: a nation, or None for the referee)."""
        self._unread: Any = None
        """What that nation may not read, as last worked out (an ``Unread``; None: not yet)."""
        self._dice_shown = -1

    def on_mount(self) -> None:
        dice = self.query_one("#dice-log", DataTable)
        dice.add_columns("#", _("Die"), _("Face"), _("Purpose"))
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    def on_screen_resume(self) -> None:
        # The ledger service refreshes the log if the campaign changed; dice rolled elsewhere
        # without recording anything (a dice battle under way) are shown here all the same.
        if self.is_mounted:
            self._show_dice()

    def refresh_from_store(self) -> None:
        """Show the events recorded since the last one shown, and the session's dice log.

        Only the new rows are added (and the rows an undo among them cancelled restyled): a
        long campaign's log is built once, on the first visit."""
        ledger = castra_app(self).ledger
        store = ledger.open_store()
        entries = store.history()
        log = self.query_one("#history-log", EventLog)
        count = len(self._entries)
        if self._viewer != ledger.viewer:
            # Another reader at the keyboard: what was shown is not theirs to keep.
            self._viewer = ledger.viewer
            self._unread = None
            log.clear()
            self._entries = {}
            count = 0
        if ledger.viewer is not None:
            # T7.3: a nation at the keyboard does not read another's sealed orders here either.
            hidden, again = self._hidden_from(ledger.viewer, store)
            if again:
                # Orders carried out (or that undone) show (or hide) rows already passed.
                log.clear()
                self._entries = {}
                count = 0
            entries = [entry for entry in entries if entry.id not in hidden]
        if count and (len(entries) < count or str(entries[count - 1].id) not in self._entries):
            # Not the log shown before (the file was replaced by an import): start again.
            log.clear()
            self._entries = {}
            count = 0
        last = entries[count - 1].id if count else 0
        for entry in entries[:count]:
            if entry.undone_by is not None and entry.undone_by > last:
                # An undo among the new events cancelled it: strike it through.
                self._entries[str(entry.id)] = entry
                log.update_row(str(entry.id), _row(entry))
        for entry in entries[count:]:
            # Oldest first, each on top of the last: the log shows the newest first.
            self._entries[str(entry.id)] = entry
            log.add_newest(str(entry.id), _row(entry))
        if log.row_count:
            log.move_cursor(row=log.cursor_row)
        self._show_detail()
        self._show_dice()

    def _hidden_from(self, viewer: str, store: Any) -> tuple[frozenset[int], bool]:
        """The events ``viewer`` may not read, and whether any event read before is now shown
        or hidden. Only the events since the last refresh are read (issue 26: re-reading every
        event for the sealed orders made each change on a long campaign slow)."""
        from assistant.ledger.orders_seen import sealed_answers
        from assistant.ledger.players import Unread

        last = store.state().last_event_id
        unread = self._unread
        if unread is None or unread.last_id > last:
            unread = Unread(seat=viewer)  # the first read, or the file was replaced
        # T3.0: nor another side's answer to a meeting not every side has answered yet.
        taken = unread.taking(
            ((s.id, s.event) for s in store.events_after(unread.last_id)),
            sealed_answers(store.state()),
        )
        # A player's own store leaves out what its player may not read: read up to the last.
        taken = taken.model_copy(update={"last_id": max(taken.last_id, last)})
        self._unread = taken
        before = frozenset(event_id for event_id in taken.hidden if event_id <= unread.last_id)
        return taken.hidden, before != unread.hidden

    def _show_dice(self) -> None:
        rolls = castra_app(self).dice.log
        if len(rolls) == self._dice_shown:
            return
        self._dice_shown = len(rolls)
        from assistant.tui.screens.die_entry import purpose_text

        dice = self.query_one("#dice-log", DataTable)
        dice.clear()
        for number, roll in reversed(list(enumerate(rolls, start=1))):
            purpose = purpose_text(roll.said)
            dice.add_row(str(number), f"d{roll.sides}", str(roll.value), _cell(purpose))

    @on(EventLog.Highlighted, "#history-log")
    def _highlighted(self, event: EventLog.Highlighted) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        """The highlighted event in full: the table's column cannot hold a long summary."""
        log = self.query_one("#history-log", EventLog)
        detail = self.query_one("#history-detail", Static)
        if not log.row_count:
            detail.update("")
            return
        entry = self._entries.get(log.key_at(log.cursor_row))
        if entry is None:
            detail.update("")
            return
        turn = _("turn {turn}").format(turn=entry.turn)
        detail.update(f"#{entry.id} · {turn} · {entry_text(entry)}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """T7.3: a player's History has no undo (assistant.ledger.players.seat_may)."""
        return castra_app(self).ledger.may(self.act_for(action, parameters))

    @staticmethod
    def act_for(action: str, parameters: tuple[object, ...]) -> str:
        """What the key for ``action`` does (:func:`~assistant.ledger.players.seat_may`'s
        words): a player never undoes (T7.3)."""
        return "undo" if action == "undo" else "read"

    def action_undo(self) -> None:
        # The form undoes through the ledger service, which tells every screen.
        open_form(self.app, UndoForm)


class UndoForm(LedgerForm):
    """Undo the last event still in force, with a reason (kept in the history)."""

    FORM_TITLE = N_("Undo the last event")
    KEPT = True

    def compose_fields(self) -> ComposeResult:
        entry = last_undoable(castra_app(self).ledger.open_store())
        if entry is None:
            yield Static(
                _("Nothing to undo: only the campaign's creation is recorded."), classes="hint"
            )
        else:
            yield Static(
                _("#{event} (turn {turn}, {kind}):").format(
                    event=entry.id,
                    turn=entry.turn,
                    kind=kind_text(entry.kind),
                )
                + "\n"
                + shown(entry.said, str(entry.summary)),
                id="undo-target",
                classes="hint",
            )
        yield from self.field(
            "reason", _("Reason (required)"), Input(placeholder=_("why it is undone"))
        )
        yield from self.field("who", _("Who"), self.who_input())

    def build_event(self) -> Any:
        return None

    def record(self, event: Any) -> str:
        stored = castra_app(self).ledger.undo(self.text("reason"), who=self.who())
        return shown(stored.said, stored.summary)
