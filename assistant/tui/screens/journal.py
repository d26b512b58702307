"""The army journal of Macedon vs Persia: each army's morale and every change to it (D1).

D1 asks that every morale change go into the army journal. The ledger keeps it (battles, forced
marches and tactical retreats write it, D3–D5); this screen shows both sides' armies with their
morale, and the history of the army under the cursor. It can also record the two morale events
that happen off the battlefield: a forced march (D5, −2) and a tactical retreat (D5, an ordinary
defeat). A campaign without armies (the Tarentine Wars) says so plainly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from armylists.names import nation_name
from armylists.scenario_texts import scenario_text
from assistant.tui.errors import describe
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.campaign import morale_pips
from assistant.tui.widgets.battle_error import FieldError
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from converters.i18n import N_, _

JOURNAL_LABELS: dict[str, str] = {
    "loyalty": N_("Loyalty of the province (forced march, D5)"),
    "army": N_("army"),
    "morale": N_("morale"),
}
"""The journal's fields by their labels, for :func:`assistant.tui.errors.describe`."""


class JournalScreen(Screen[None]):
    """Both sides' armies with their morale, and the selected army's journal."""

    TITLE = N_("Army journal")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "focus_side(0)", N_("First side")),
        Binding("f6", "focus_side(1)", N_("Second side")),
        Binding("f7", "forced_march", N_("Forced march")),
        Binding("f8", "tactical_retreat", N_("Tactical retreat")),
        Binding("escape", "leave_field", N_("Leave field"), show=False),
    ]

    selected_army: reactive[str | None] = reactive(None, init=False)
    """The army whose journal is shown and whom the D5 keys act on; the journal follows it."""

    def __init__(self) -> None:
        super().__init__()
        self._sides: list[str] = []

    def action_leave_field(self) -> None:
        """Escape leaves a text field, so the one-letter screen keys (c, b, d …) work again."""
        self.set_focus(None)

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        yield Static("", id="journal-empty")
        with Vertical(id="journal-body"):
            with Horizontal(id="journal-sides"):
                for index in range(2):
                    with Vertical(classes="journal-side", id=f"journal-side-{index}"):
                        yield DataTable(id=f"armies-{index}", cursor_type="row", zebra_stripes=True)
            with Vertical(id="journal-history") as history:
                history.border_title = _("Journal")
                yield DataTable(id="journal-table", cursor_type="row", zebra_stripes=True)
            with Horizontal(id="journal-actions", classes="setting"):
                yield Label(_(JOURNAL_LABELS["loyalty"]), classes="field-label")
                yield Input(placeholder="0-6", compact=True, id="journal-loyalty")
            yield FieldError(id="journal-error")
        yield CastraFooter()

    def on_mount(self) -> None:
        for index in range(2):
            self.query_one(f"#armies-{index}", DataTable).add_columns(
                _("army"), _("morale"), _("state")
            )
        self.query_one("#journal-table", DataTable).add_columns(
            _("turn"), _("army"), _("before"), _("after"), _("why")
        )
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self.refresh_from_store()

    # ----------------------------------------------------------------- reading the ledger
    def _state(self) -> Any:
        store = castra_app(self).ledger.store
        return None if store is None else store.state()

    def refresh_from_store(self) -> None:
        """Re-read the armies and their journals (a battle or an undo changed them)."""
        from converters.force_names import shown_army  # pydantic: not in the first frame

        state = self._state()
        armies = dict(getattr(state, "armies", {}) or {})
        empty = self.query_one("#journal-empty", Static)
        body = self.query_one("#journal-body", Vertical)
        if not armies:
            title = getattr(getattr(state, "scenario", None), "title", None) or _("this campaign")
            empty.update(
                _("No armies in {title}.").format(title=scenario_text(title))
                + "\n\n"
                + _(
                    "The army journal follows the morale of each army of the Macedon vs Persia "
                    "DBA campaign (D1–D5). Open or create a Macedon vs Persia campaign to use it."
                )
            )
            empty.display = True
            body.display = False
            return
        empty.display = False
        body.display = True
        sides: list[str] = []
        for army in armies.values():
            if army.nation not in sides:
                sides.append(army.nation)
        self._sides = sides[:2]
        for index, side in enumerate(self._sides):
            self.query_one(f"#journal-side-{index}", Vertical).border_title = nation_name(side)
            table = self.query_one(f"#armies-{index}", DataTable)
            keep = table.cursor_row
            table.clear()
            for army in armies.values():
                if army.nation != side:
                    continue
                shown = shown_army(army.name, army.nation)
                name = f"★ {shown}" if army.leader else shown
                table.add_row(
                    name,
                    morale_pips(army.morale),
                    _("in the field") if army.alive else _("destroyed"),
                    key=army.name,
                )
            if table.row_count:
                table.move_cursor(row=min(keep, table.row_count - 1))
        if self.selected_army in armies:
            self._show_journal()
        else:
            self.selected_army = next(iter(armies))  # shown by the watch

    def watch_selected_army(self) -> None:
        self._show_journal()

    def _show_journal(self) -> None:
        from converters.force_names import shown_army  # pydantic: not in the first frame
        from converters.said import render

        state = self._state()
        table = self.query_one("#journal-table", DataTable)
        table.clear()
        history = self.query_one("#journal-history", Vertical)
        armies = getattr(state, "armies", {}) or {}
        army = armies.get(self.selected_army) if self.selected_army else None
        if army is None:
            history.border_title = _("Journal")
            return
        if army.alive:
            title = _("Journal of {army} ({nation}) — morale {morale}")
        else:
            title = _("Journal of {army} ({nation}) — morale {morale}, destroyed")
        shown = shown_army(army.name, army.nation)
        history.border_title = title.format(
            army=shown, nation=nation_name(army.nation), morale=army.morale
        )
        if not army.journal:
            table.add_row("", shown, "", str(army.morale), _("no morale change yet (D1 start)"))
        for entry in army.journal:
            table.add_row(
                str(entry.turn),
                shown,
                str(entry.before),
                str(entry.after),
                render(entry.told),
            )

    # ----------------------------------------------------------------- reacting
    @on(DataTable.RowHighlighted, ".journal-side DataTable")
    def _army_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # Only the player's cursor chooses the army: tables rebuilt after a change also
        # highlight their first row.
        key = getattr(event.row_key, "value", None)  # None when the table was emptied
        if event.data_table.has_focus and key is not None:
            self.selected_army = str(key)

    def action_focus_side(self, index: int) -> None:
        if index < len(self._sides):
            self.query_one(f"#armies-{index}", DataTable).focus()

    # ----------------------------------------------------------------- morale events (D5)
    def action_forced_march(self) -> None:
        """D5: the selected army marches two provinces this turn (−2 morale)."""
        error = self.query_one("#journal-error", Static)
        if self.selected_army is None:
            error.update("army: no army to march")
            return
        typed = self.query_one("#journal-loyalty", Input).value.strip()
        if not typed.isdigit():
            error.update(
                "loyalty: type the current loyalty (0–6) of the army's province for a forced march"
            )
            self.query_one("#journal-loyalty", Input).focus()
            return
        from assistant.ledger.events import ForcedMarch

        self._append(lambda: ForcedMarch(army=self.selected_army or "", loyalty=int(typed)))

    def action_tactical_retreat(self) -> None:
        """D5: the selected army declines battle and falls back (an ordinary defeat)."""
        if self.selected_army is None:
            self.query_one("#journal-error", Static).update("army: no army to retreat")
            return
        from assistant.ledger.events import TacticalRetreat

        self._append(lambda: TacticalRetreat(army=self.selected_army or ""))

    def _append(self, build: Any) -> None:
        error = self.query_one("#journal-error", Static)
        try:
            castra_app(self).ledger.record(build())
        except (ValueError, ValidationError) as problem:
            error.update(f"Nothing recorded: {describe(problem, JOURNAL_LABELS)}")
            return
        error.update("")
        self.query_one("#journal-loyalty", Input).value = ""
