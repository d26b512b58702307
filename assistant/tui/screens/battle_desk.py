"""The battle desk: what each side brings to the table, and what the table's result costs them.

Between moves the referee picks the contingents that meet (T1.5: allies are contingents of their
own), the ruleset, and sees the budgets (T1.1–T1.4), the table cap (T1.7) and whether the battle
should be fought on the table at all (T1.8). After the game the same desk takes the table's
result for that ruleset (T2.1 FOG, T2.2 DBM, T2.3 DBA, or the T2.6 recovery model), previews
the casualties, decimated PM (T2.5) and prestige (T4.1) as the player types, and records the
battle into the campaign with one key. Every number comes from :mod:`converters`; the desk only
gathers and shows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Literal

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Label, Select, Static

from armylists.names import army_list_name, nation_name, province_key
from assistant.tui.errors import describe
from assistant.tui.ledger_service import castra_app
from assistant.tui.messages import ReportWritten
from assistant.tui.widgets.battle_contingent import (
    RESULT_FLAGS,
    RESULT_ROWS,
    ContingentCard,
    InputProblem,
    ResultMode,
    Side,
    read_count,
)
from assistant.tui.widgets.battle_error import (
    FieldError,
    FieldNote,
    nothing_recorded,
    recorded_line,
    type_the_place,
)
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from assistant.tui.widgets.tick_box import TickBox
from converters.i18n import N_, _, format_number
from converters.morale import DBA_ELEMENTS
from converters.province_names import province_name
from converters.said import Said, province, render, said, typed

Ruleset = Literal["fog", "dbm", "dbmm", "dba", "dice"]

RULESETS: tuple[tuple[str, Ruleset], ...] = (
    ("Field of Glory", "fog"),
    ("DBM", "dbm"),
    ("DBMM", "dbmm"),
    ("DBA 3.0", "dba"),
    (N_("Dice (T3)"), "dice"),
)
"""The rulesets a battle can be fought with, as the desk offers them (translated where shown)."""

UNITS = {
    "fog": N_("points"),
    "dbm": N_("army points"),
    "dbmm": N_("army points"),
    "dba": N_("elements"),
}
"""What a budget counts, per ruleset (T1.1–T1.3). DBM's AP are army points, spelt out: "AP"
is FoG's attrition points on the same desk (and in Italian the two differ)."""


def winner_options(a_name: str, b_name: str, *, draw: bool) -> list[tuple[str, str]]:
    """The winner picker's choices, each side named by who fights on it (a draw, as the CLI's
    ``--winner draw``, counts both sides as losers for T2; D2 has no draw)."""
    options = [(f"{a_name} (A)", "a"), (f"{b_name} (B)", "b")]
    if draw:
        options.append((_("Draw"), "draw"))
    return options


DESK_LABELS: dict[str, str] = {
    **{field: label for rows in RESULT_ROWS.values() for field, label, _typed in rows},
    **{field: label for flags in RESULT_FLAGS.values() for field, label in flags},
    "pm": N_("PM"),
    "army_a": N_("army A"),
    "army_b": N_("army B"),
    "side_a": N_("Side A"),
    "side_b": N_("Side B"),
    "cap": N_("Table cap"),
    "place": N_("Place"),
    "winner": N_("Winner"),
}
"""The desk's fields by the labels it shows, for :func:`assistant.tui.errors.describe`."""

DEFEATS = {"ordinary": N_("ordinary"), "crushing": N_("crushing")}
"""D2's kinds of defeat, as the preview names them."""

BATTLE_OF = N_("Battle of {place}")
"""The purpose of an army battle's D3 die: recorded in English, shown translated."""

RECOVERY_OF = N_("Recovery {tag}")
"""The purpose of a contingent's T2.6 recovery dice: recorded in English, shown translated."""

PLACE_TO_BE_NAMED = "(place to be named)"
"""The place of a previewed battle's event, which is never recorded nor shown."""


class ArmyBattleRolled(Message):
    """The army battle's D3 die is rolled (posted from the worker): its event, to record."""

    def __init__(self, event: Any) -> None:
        super().__init__()
        self.event = event
        """The ledger's ``BattleRecorded`` for the army battle."""


class RecoveryRolled(Message):
    """The T2.6 recovery dice are rolled (posted from the worker)."""

    def __init__(
        self, rolled: dict[str, Any], rolls: dict[str, list[Any]], problems: dict[str, str]
    ) -> None:
        super().__init__()
        self.rolled = rolled
        """Card tag → its recovery result."""
        self.rolls = rolls
        """Card tag → the dice rolled for it."""
        self.problems = problems
        """Card tag → why its recovery could not be rolled."""


class DeskWorkFailed(Message):
    """A desk worker was refused or its die abandoned: nothing was recorded."""

    def __init__(self, text: str, *, notify: bool = False) -> None:
        super().__init__()
        self.text = text
        """Why, in one line."""
        self.notify = notify
        """Say it as a notification instead of under the Record button."""


class BattleDeskScreen(Screen[None]):
    """Budgets and advice before a table battle; the result form and its preview after it."""

    TITLE = N_("Battle desk")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "add_ally('a')", N_("Ally A+")),
        Binding("f3", "add_ally('b')", N_("Ally B+")),
        Binding("f4", "drop_ally", N_("Drop ally")),
        Binding("f6", "roll_recovery", N_("Recovery"), tooltip=N_("Roll the recovery dice (T2.6)")),
        Binding("f9", "to_dice_battle", N_("By dice")),
        Binding("ctrl+r", "record", N_("Record")),
        # Off the footer, which 120 columns fill already; Help (F1) lists it.
        Binding(
            "f8",
            "write_sheet",
            N_("Sheet"),
            show=False,
            tooltip=N_("Write the battle sheet (HTML)"),
        ),
        Binding("escape", "leave_field", N_("Leave field"), show=False),
    ]

    def __init__(
        self,
        side_a: list[tuple[str, int]] | None = None,
        side_b: list[tuple[str, int]] | None = None,
        *,
        place: str | None = None,
        landing: bool = False,
        back_to: str | None = None,
        armies: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        self._given: dict[Side, list[tuple[str, int]]] = {"a": side_a or [], "b": side_b or []}
        """The contingents to start with (nation, PM), e.g. the armies met in a province."""
        self._given_armies = armies
        """Macedon vs Persia: the two armies to start with (D8: an invasion meeting's next
        game), chosen once when the pickers are first filled."""
        self._place = place or ""
        self._landing = landing
        """Side A landed to fight (T3.2), e.g. a meeting made by a landing."""
        self.back_to = back_to
        """The mode a second Escape returns to (the Map that set this battle up), or None."""
        self._cards: dict[Side, int] = {
            "a": max(1, len(side_a or [])),
            "b": max(1, len(side_b or [])),
        }
        self._recovery: dict[str, Any] = {}
        """T2.6 results rolled for each contingent tag (A1, B2 …), until the form changes."""
        self._offered: dict[str, list[tuple[str, str]]] = {}
        self._winner_options: list[tuple[str, str]] = []
        """The army options each picker shows now (D2), so they are only reset on a change."""
        self._preview: dict[str, Any] | None = None
        """What the desk would record now, or None when the form cannot be recorded."""
        self._in_play_refusal: dict[Side, str] = {}
        """T1.5: each side fielding more PM than in play, as the ledger would refuse it."""
        self._recovery_rolls: dict[str, list[Any]] = {}
        """The dice rolled for each contingent's recovery, kept for the ledger."""
        self._plan: Any = None
        """The budgets shown now (converters.budgets.BattleBudget), for the battle sheet."""
        self._just_recorded = False
        """The form was emptied by a record: its empty fields are not refusals until the player
        types again."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An army campaign's battle is one DBA game between two armies (D2): no allies, no
        recovery model; their keys leave the footer."""
        if action in ("add_ally", "drop_ally", "roll_recovery", "to_dice_battle"):
            return not self.armies_mode
        return True

    def action_leave_field(self) -> None:
        """Escape leaves a text field, so the one-letter screen keys (c, b, d …) work again;
        pressed again on a desk the Map set up, it goes back to the Map."""
        if self.focused is None and self.back_to is not None:
            self.app.switch_mode(self.back_to)
        self.set_focus(None)

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        nations = self._nations()
        yield CastraHeader()
        with VerticalScroll(id="desk"):
            with Horizontal(id="desk-sides"):
                with Vertical(id="side-a", classes="side") as side_a:
                    side_a.border_title = _("Side A (attacker)")
                    yield from self._first_cards("a", nations)
                with Vertical(id="side-b", classes="side") as side_b:
                    side_b.border_title = _("Side B (defender)")
                    yield from self._first_cards("b", nations)
            with Horizontal(id="desk-middle"):
                with Vertical(id="desk-settings") as settings:
                    settings.border_title = _("Battle")
                    with Horizontal(classes="setting"):
                        yield Label(_("Rules"), classes="field-label")
                        yield Select(
                            [(_(name), key) for name, key in RULESETS],
                            value="fog",
                            allow_blank=False,
                            compact=True,
                            id="ruleset",
                        )
                    with Horizontal(classes="setting table-only", id="cap-row"):
                        yield Label(_("Table cap"), classes="field-label")
                        yield Input(placeholder=_("none"), compact=True, id="cap")
                    yield FieldError(id="cap-error")
                    with Horizontal(classes="setting"):
                        yield Label(_("Place"), classes="field-label")
                        yield Input(
                            province_name(self._place),  # "Frigia Ellespontica" in Italian
                            placeholder=_("province or city"),
                            compact=True,
                            id="place",
                        )
                    with Horizontal(classes="setting table-only"):
                        yield TickBox(_("terrain"), id="terrain", compact=True)
                        yield TickBox(_("city (B holds)"), id="city", compact=True)
                    with Horizontal(classes="setting table-only"):
                        yield TickBox(_("landing"), value=self._landing, id="landing", compact=True)
                        yield TickBox(_("agree on dice"), id="agree", compact=True)
                with Vertical(id="desk-budget", classes="table-only") as budget:
                    budget.border_title = _("Before the game: budgets (T1) and advice (T1.8)")
                    yield DataTable(id="budget-table", cursor_type="none", zebra_stripes=True)
                    yield Static("", id="advice")
            with Vertical(id="desk-result") as result:
                result.border_title = _("After the game: casualties (T2) and prestige (T4)")
                with Horizontal(classes="setting"):
                    yield Label(_("Winner"), classes="field-label")
                    yield Select(
                        winner_options(_("Side A"), _("Side B"), draw=True),
                        prompt=_("who won?"),
                        compact=True,
                        id="winner",
                    )
                    yield TickBox(_("recovery model instead (T2.6)"), id="recovery", compact=True)
                with Horizontal(classes="setting", id="desk-armies"):
                    yield Label(_("Armies (D2) A"), classes="field-label")
                    yield Select([], prompt=_("army"), compact=True, id="army-a")
                    yield Label(_("B"), classes="field-label")
                    yield Select([], prompt=_("army"), compact=True, id="army-b")
                    yield TickBox(_("loser's general lost"), id="loser-general", compact=True)
                    yield TickBox(_("loser's camp lost"), id="loser-camp", compact=True)
                yield DataTable(id="preview-table", cursor_type="none", zebra_stripes=True)
                yield Static("", id="prestige")
                yield FieldError(id="record-error")
                yield FieldNote(id="desk-recorded")
        yield CastraFooter()

    def _first_cards(self, side: Side, nations: list[str]) -> ComposeResult:
        given: list[tuple[str | None, str]] = [
            (nation, str(pm)) for nation, pm in self._given[side]
        ] or [(None, "")]
        for number, (nation, pm) in enumerate(given, start=1):
            yield ContingentCard(side, number, nations, nation=nation, pm=pm)

    def on_mount(self) -> None:
        self.query_one("#budget-table", DataTable).add_columns(
            "", _("nation"), _("PM"), _("budget"), _("army list")
        )
        self.query_one("#preview-table", DataTable).add_columns(
            "", _("nation"), _("PM"), _("lost"), _("left"), _("decimated"), _("working (T2)")
        )
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self._show_armies()
        self._show_result_mode()
        self.refresh_desk()

    # ----------------------------------------------------------------- Macedon vs Persia (D2–D4)
    def _armies(self) -> dict[str, Any]:
        """The campaign's armies (Macedon vs Persia), or an empty dict."""
        store = castra_app(self).ledger.store
        try:
            return dict(store.state().armies) if store is not None else {}
        except Exception:
            return {}

    @property
    def armies_mode(self) -> bool:
        """A campaign of armies: a battle is one DBA game between two armies (D2)."""
        return bool(self._armies())

    def _show_armies(self) -> None:
        armies = self._armies()
        panel = self.query_one("#desk-armies", Horizontal)
        panel.display = bool(armies)
        if not armies:
            return
        ruleset = self.query_one("#ruleset", Select)
        ruleset.value = "dba"  # D2: a battle is one DBA game
        ruleset.disabled = True
        self.query_one("#recovery", Checkbox).display = False
        # D2–D4 have no table cap, circumstances, allies, recovery model, T1 or T2 to show.
        for widget in self.query(".table-only"):
            widget.display = False
        self.query_one("#desk-result").border_title = _("After the game: defeat and morale (D2–D4)")
        for side in ("a", "b"):
            self.query_one(f"#side-{side}").border_title = _("Army {side}").format(
                side=side.upper()
            )
        self._offer_armies(armies)
        if self._given_armies is not None:
            given, self._given_armies = self._given_armies, None
            for side, army in zip(("a", "b"), given, strict=True):
                select = self.query_one(f"#army-{side}", Select)
                if army in {value for _label, value in self._offered.get(side, [])}:
                    select.value = army
            self._offer_armies(armies)  # each picker then offers the other's enemies only
        for card in self.cards():
            card.query_one(".who").display = False  # armies, not nations' PM, fight (D1)

    def _offer_armies(self, armies: dict[str, Any]) -> None:
        """Each picker offers only the armies that can meet the other side's choice (D2): the
        living armies of the other nation, never the same army twice."""
        from converters.force_names import shown_army  # pydantic: not in the first frame

        chosen = {side: self.query_one(f"#army-{side}", Select).value for side in ("a", "b")}
        for side, other in (("a", "b"), ("b", "a")):
            other_army = chosen[other]
            enemy = armies.get(other_army) if isinstance(other_army, str) else None
            options = [
                (
                    _("{army} · morale {morale}").format(
                        army=shown_army(army.name, army.nation), morale=army.morale
                    ),
                    army.name,
                )
                for army in armies.values()
                if army.alive and (enemy is None or army.nation != enemy.nation)
            ]
            if self._offered.get(side) == options:
                continue
            self._offered[side] = options
            select = self.query_one(f"#army-{side}", Select)
            select.set_options(options)
            if chosen[side] in {value for _label, value in options}:
                select.value = chosen[side]

    def _army_battle(self) -> dict[str, Any]:
        """What the army battle form says, checked for form only (the ledger checks the rest)."""
        winner = self.query_one("#winner", Select).value
        if winner not in ("a", "b"):
            raise InputProblem(field="winner", message=_("winner: choose who won"))
        armies = {}
        for side in ("a", "b"):
            value = self.query_one(f"#army-{side}", Select).value
            if not isinstance(value, str):
                raise InputProblem(
                    field="army",
                    message=_("army {side}: choose the army that fought").format(side=side.upper()),
                )
            armies[side] = value
        figures: dict[str, int] = {}
        for side in ("a", "b"):
            card = self.query_one(f"#card-{side}1", ContingentCard)
            # Named as the card shows them, after the side: "A elements fielded".
            elements = read_count(
                card.text("elements"), side.upper() + " " + _("elements fielded"), optional=True
            )
            lost = read_count(
                card.text("lost"), side.upper() + " " + _("elements lost"), optional=True
            )
            figures[f"elements_{side}"] = DBA_ELEMENTS if elements is None else int(elements)
            figures[f"lost_{side}"] = 0 if lost is None else int(lost)
        return {
            "winner": winner,
            "army_a": armies["a"],
            "army_b": armies["b"],
            "general_lost": self.query_one("#loser-general", Checkbox).value,
            "camp_lost": self.query_one("#loser-camp", Checkbox).value,
            **figures,
        }

    def _refresh_army_preview(self) -> None:
        """D2 classification and D4 morale changes as the player types; D3's die waits."""
        from converters.morale import classify_defeat, preview_defeat

        line = self.query_one("#prestige", Static)
        try:
            battle = self._army_battle()
        except InputProblem as problem:
            line.update(_("Army battle (D2): {problem}").format(problem=problem))
            return
        armies = self._armies()
        winner, loser = battle["winner"], "b" if battle["winner"] == "a" else "a"
        try:
            won = armies[battle[f"army_{winner}"]]
            beaten = armies[battle[f"army_{loser}"]]
            defeat = classify_defeat(
                battle[f"lost_{loser}"],
                battle[f"lost_{winner}"],
                general_lost=battle["general_lost"],
                camp_lost=battle["camp_lost"],
                elements=battle[f"elements_{loser}"],
                enemy_elements=battle[f"elements_{winner}"],
            )
            preview = preview_defeat(won.morale, beaten.morale, defeat)
        except (ValueError, KeyError) as error:
            line.update(
                _("Army battle (D2): {problem}").format(problem=describe(error, DESK_LABELS))
            )
            return
        if preview.check_due:
            fate = _(
                "D3: {army} rolls 1d6 when recorded: above morale {morale} it ceases to exist; "
                "else morale {after}"
            ).format(army=beaten.name, morale=beaten.morale, after=preview.loser_morale_after)
        elif preview.disbands:
            fate = _("D3: {army} had morale 0: it disbands").format(army=beaten.name)
        else:
            fate = _("{army} morale {morale} → {after}").format(
                army=beaten.name, morale=beaten.morale, after=preview.loser_morale_after
            )
        defeat_line = (
            _("D2: {defeat} defeat (a triumph)")
            if preview.winner_result == "triumph"
            else _("D2: {defeat} defeat")
        ).format(defeat=_(DEFEATS.get(preview.defeat, preview.defeat)))
        winner_fate = _("{army} morale {morale} → {after}").format(
            army=won.name, morale=won.morale, after=preview.winner_morale_after
        )
        line.update(f"{defeat_line} · {winner_fate} · {fate}")
        self._preview = {"army_battle": battle}

    def _typed_place(self) -> str:
        """The place as typed, a shipped board's province in either language read as its key
        ("Frigia Ellespontica" → "Hellespontine Phrygia"), so the ledger and the armies standing
        there are found by it."""
        return province_key(self.query_one("#place", Input).value.strip())

    def _record_army_battle(self, place: str) -> None:
        try:
            battle = self._army_battle()
        except InputProblem as problem:
            self.query_one("#record-error", Static).update(nothing_recorded(str(problem)))
            return
        self._roll_army_battle(place, battle)

    @work(thread=True, exclusive=True, group="army-battle")
    def _roll_army_battle(self, place: str, battle: dict[str, Any]) -> None:
        from assistant.ledger.record import dba_campaign_battle

        dice = castra_app(self).dice_for(said(BATTLE_OF, place=province(place)))
        try:
            state = castra_app(self).ledger.state()
            event = dba_campaign_battle(state, place=place, dice=dice, **battle)
        except Exception as error:  # refused, or a cancelled physical roll: nothing recorded
            self.post_message(DeskWorkFailed(nothing_recorded(describe(error, DESK_LABELS))))
            return
        self.post_message(ArmyBattleRolled(event))

    @on(DeskWorkFailed)
    def _desk_work_failed(self, message: DeskWorkFailed) -> None:
        if message.notify:
            self.notify(message.text)
        else:
            self.query_one("#record-error", Static).update(message.text)

    @on(ArmyBattleRolled)
    def _append_army_battle(self, message: ArmyBattleRolled) -> None:
        event = message.event
        error = self.query_one("#record-error", Static)
        try:
            stored = castra_app(self).ledger.record(event)
        except (ValueError, ValidationError) as problem:
            error.update(nothing_recorded(describe(problem, DESK_LABELS)))
            return
        error.update("")
        self.query_one("#winner", Select).clear()
        self.query_one("#place", Input).value = ""
        self._show_armies()
        self.query_one("#desk-recorded", Static).update(recorded_line(stored))
        self.query_one("#preview-table", DataTable).focus()

    # ----------------------------------------------------------------- reading the form
    def _nations(self) -> list[str]:
        """The campaign's nations, for the contingent pickers."""
        store = castra_app(self).ledger.store
        if store is not None:
            try:
                state = store.state()
                names = [str(name) for name in getattr(state, "nations", {})]
                if names:
                    return names
            except Exception:  # a campaign that cannot be read still lets the desk budget
                pass
        try:
            import armylists

            return list(armylists.nations())
        except Exception:
            return []

    @property
    def ruleset(self) -> Ruleset:
        value = self.query_one("#ruleset", Select).value
        for _label, ruleset in RULESETS:
            if value == ruleset:
                return ruleset
        return "fog"

    @property
    def recovery(self) -> bool:
        return self.query_one("#recovery", Checkbox).value

    def cards(self, side: Side | None = None) -> list[ContingentCard]:
        """The contingent cards, side A first, each side in listed order."""
        found = [card for card in self.query(ContingentCard) if card.ready]
        return [card for card in found if side is None or card.side == side]

    def _result_mode(self) -> ResultMode:
        if self.ruleset == "dice":
            return "dice"
        return "recovery" if self.recovery else self.ruleset

    def _show_result_mode(self) -> None:
        mode = self._result_mode()
        for card in self.cards():
            card.show_mode(mode)

    # ----------------------------------------------------------------- reacting
    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _form_changed(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        if event.control.id in ("ruleset", "recovery"):
            self._show_result_mode()
        if event.control.id in ("army-a", "army-b"):
            self._offer_armies(self._armies())
        # What ctrl+r refused was about the form as it was: once it changes, the line is stale
        # (ctrl+r says again what is still wrong).
        self.query_one("#record-error", Static).update("")
        self._just_recorded = False
        if event.control.id != "place":
            # Rolled recovery dice are stale once the counts or the winner (who holds the
            # field, T2.6) change: they must be rolled again for the new figures.
            self._forget_recovery()
        self.refresh_desk()

    def _forget_recovery(self) -> None:
        """Rolled recovery dice no longer match the form: they must be rolled again."""
        if self._recovery or self._recovery_rolls:
            for card in self.cards():
                card.show_note("")
        self._recovery.clear()
        self._recovery_rolls.clear()

    def refresh_desk(self) -> None:
        """Recompute the budgets, the advice and the preview from the form."""
        self._show_winner_options()
        self._show_available()
        self._refresh_budgets()
        self._refresh_preview()

    def _contingents(
        self, side: Side, *, show: bool = True
    ) -> list[tuple[ContingentCard, Fraction]] | None:
        """Each card of a side with its PM, or None (errors shown under the cards)."""
        found: list[tuple[ContingentCard, Fraction]] = []
        ok = True
        show = show and not self._just_recorded
        for card in self.cards(side):
            try:
                if card.nation is None:
                    raise InputProblem(field="nation", message=_choose_nation())
                found.append((card, card.pm()))
                if show:
                    card.show_error("")
            except InputProblem as problem:
                ok = False
                if show:
                    card.show_error(str(problem))
        self._in_play_refusal.pop(side, None)
        if ok and self._beyond_in_play(side, found, show=show):
            return None
        return found if ok else None

    def _beyond_in_play(
        self, side: Side, found: list[tuple[ContingentCard, Fraction]], *, show: bool
    ) -> bool:
        """T1.5: a side fielding more PM than a nation has in play gets no budget (nor a
        preview): the PM card says so as the player types."""
        from assistant.ledger.map_war import standing_bound, standing_refusal
        from assistant.ledger.state import LedgerFieldError
        from converters.budgets import beyond_in_play

        store = castra_app(self).ledger.store
        if store is None:
            return False
        state = store.state()
        place = self._typed_place()
        # T7.4: on the map, what stands at the battle's province; else what is in play.
        standing = standing_bound(state, place, "army")
        in_play = (
            {name: nation.land_pm for name, nation in state.nations.items()}
            if standing is None
            else standing
        )
        beyond = beyond_in_play(((card.nation or "", pm) for card, pm in found), in_play)
        for card, _pm in found:
            if card.nation in beyond:
                fielded, has = beyond[card.nation]
                # Worded as the ledger's own refusal would be at ctrl+r, named by the card's label.
                refusal = (
                    LedgerFieldError(
                        "pm",
                        _("{nation} has {has} land PM in play (fielded {fielded})"),
                        nation=nation_name(card.nation),
                        has=has,
                        fielded=fielded,
                    )
                    if standing is None
                    else standing_refusal(
                        "pm",
                        nation=card.nation or "",
                        has=has,
                        fielded=fielded,
                        place=place,
                        kind="army",
                        side=side,
                    )
                )
                line = describe(refusal, DESK_LABELS)
                self._in_play_refusal.setdefault(side, line)
                if show:
                    card.show_error(line)
        return bool(beyond)

    def _cap(self) -> int | None:
        error = self.query_one("#cap-error", Static)
        try:
            value = read_count(self.query_one("#cap", Input).value, _("table cap"), optional=True)
        except InputProblem as problem:
            error.update(str(problem))
            raise
        if value == 0:
            refusal = _("table cap: a positive number of points or elements, or empty")
            error.update(refusal)
            raise InputProblem(field="cap", message=refusal)
        error.update("")
        return None if value is None else int(value)

    def _circumstances(self) -> Any:
        from converters.budgets import BattleCircumstances

        return BattleCircumstances(
            special_terrain=self.query_one("#terrain", Checkbox).value,
            city=self.query_one("#city", Checkbox).value,
            landing=self.query_one("#landing", Checkbox).value,
            players_agree_dice=self.query_one("#agree", Checkbox).value,
        )

    def refresh_from_store(self) -> None:
        """The campaign changed (a battle, an undo): nations' PM and armies' morale too."""
        self._show_armies()
        self.refresh_desk()

    def _side_name(self, side: Side) -> str:
        """Who fights on a side, in the game's names: its army (D2) or its nations."""
        if self.armies_mode:
            army = self.query_one(f"#army-{side}", Select).value
            return army if isinstance(army, str) else _("Army {side}").format(side=side.upper())
        nations = [card.nation for card in self.cards(side) if card.nation]
        return (
            " + ".join(map(nation_name, nations))
            if nations
            else _("Side {side}").format(side=side.upper())
        )

    def _show_winner_options(self) -> None:
        options = winner_options(
            self._side_name("a"), self._side_name("b"), draw=not self.armies_mode
        )
        if options == self._winner_options:
            return
        self._winner_options = options
        select = self.query_one("#winner", Select)
        chosen = select.value
        with select.prevent(Select.Changed):
            select.set_options(options)
            if chosen in {value for _label, value in options}:
                select.value = chosen

    def _show_available(self) -> None:
        """Each card's "of N": the land PM its nation has in play, or, where the place is a
        province of the board, the PM standing there (T7.4: all a side may field)."""
        from assistant.ledger.forces import board_of, standing_pm

        store = castra_app(self).ledger.store
        state = None
        if store is not None:
            try:
                state = store.state()
            except Exception:
                state = None
        nations = {} if state is None else state.nations
        place = self._typed_place()
        board = None if state is None else board_of(state.scenario)
        standing = (
            standing_pm(state, place, "army")
            if state is not None and board is not None and place in board.provinces
            else None
        )
        for card in self.cards():
            chosen = card.nation
            nation = nations.get(chosen) if chosen else None
            if chosen is None or nation is None:
                card.show_available(None)
            elif standing is not None:
                card.show_available(standing.get(chosen, 0), place)
            else:
                card.show_available(nation.land_pm)

    def _refresh_budgets(self) -> None:
        from converters import budgets

        table = self.query_one("#budget-table", DataTable)
        advice = self.query_one("#advice", Static)
        table.clear()
        self._plan = None
        show = not self.armies_mode  # an army battle needs no nation or PM
        side_a = self._contingents("a", show=show)
        side_b = self._contingents("b", show=show)
        try:
            cap = self._cap()
        except InputProblem:
            cap = None
        if show is False:
            advice.update(
                _(
                    "Macedon vs Persia: each battle is one DBA game between two armies (D2); "
                    "choose them below."
                )
            )
            return
        if side_a is None or side_b is None:
            advice.update(_("Choose each contingent's nation and PM to see the budgets."))
            return
        rates = self._rates()
        circumstances = self._circumstances()
        try:
            if self.ruleset == "dice":
                advised = budgets.advise_resolution(
                    sum((pm for _nation, pm in side_a), Fraction(0)),
                    sum((pm for _nation, pm in side_b), Fraction(0)),
                    circumstances,
                    rates,
                    self._house_rules().small_battle,
                )
                for card, pm in side_a + side_b:
                    table.add_row(card.tag, nation_name(card.nation or ""), _pm(pm), _("dice"), "")
                self._show_advice(advised.resolution, advised.told)
                return
            plan = budgets.battle_budget(
                self.ruleset,
                [self._strength(card, pm) for card, pm in side_a],
                [self._strength(card, pm) for card, pm in side_b],
                rates,
                cap=cap,
                circumstances=circumstances,
                small_battle=self._house_rules().small_battle,
            )
        except (ValueError, ValidationError) as error:
            advice.update(
                _("[b]Cannot budget:[/b] {problem}").format(problem=describe(error, DESK_LABELS))
            )
            return
        self._plan = plan
        unit = _(UNITS[self.ruleset])
        for card, contingent in zip(
            [c for c, _pm_typed in side_a] + [c for c, _pm_typed in side_b],
            plan.a.contingents + plan.b.contingents,
            strict=True,
        ):
            table.add_row(
                card.tag,
                nation_name(contingent.nation or ""),
                _pm(contingent.pm),
                _budget_text(contingent, unit),
                army_list_name(contingent.army_list or ""),
            )
        for name, side in ((_("Side A"), plan.a), (_("Side B"), plan.b)):
            table.add_row(name, "", _pm(side.pm), _budget_text(side, unit), "")
        scale = ""
        if plan.scale != 1:
            scale = _("Table cap {cap}: both sides × {scale} (T1.7). ").format(
                cap=plan.cap, scale=format_number(plan.scale, decimals=3)
            )
        self._show_advice(plan.resolution, plan.told, prefix=scale)

    def _show_advice(self, resolution: str, reasons: tuple[Said, ...], prefix: str = "") -> None:
        """T1.8's advice and its reasons, as the converters said them."""
        from converters.said import render  # pydantic: the advice is worked out already

        verdict = _("Fight it by DICE") if resolution == "dice" else _("Fight it on the TABLE")
        lines = [f"{prefix}[b]{verdict}[/b]", *(f"• {render(reason)}" for reason in reasons)]
        self.query_one("#advice", Static).update("\n".join(lines))

    def _house_rules(self) -> Any:
        """The campaign's house rules in force (docs/rules.md H), or the defaults."""
        return castra_app(self).ledger.house_rules()

    def _rates(self) -> Any:
        """The shipped rates with the numbers the campaign changed (house rules, T1, T2)."""
        try:
            import armylists

            return self._house_rules().rates(armylists.load_rates())
        except Exception:
            from converters.rates import DEFAULT_RATES

            return DEFAULT_RATES

    def _strength(self, card: ContingentCard, pm: Fraction) -> Any:
        from converters.budgets import ContingentStrength

        army_list: str | None = None
        if self.ruleset != "dice" and card.nation:
            try:
                import armylists

                ref = armylists.army_list(card.nation, self.ruleset)
                army_list = str(ref.list) + (f" ({ref.book})" if getattr(ref, "book", None) else "")
            except Exception:
                army_list = None
        return ContingentStrength(pm=pm, nation=card.nation, army_list=army_list)

    # ----------------------------------------------------------------- the preview
    def _refresh_preview(self) -> None:
        self._preview = None
        table = self.query_one("#preview-table", DataTable)
        prestige_line = self.query_one("#prestige", Static)
        table.clear()
        if self.armies_mode:
            table.display = False
            self._refresh_army_preview()
            return
        if self.ruleset == "dice":
            prestige_line.update(_("A dice battle is fought on the Dice battle screen (f9)."))
            return
        if self._contingents("a", show=False) is None or self._contingents("b", show=False) is None:
            prestige_line.update(_("Fix the contingents marked in red to see the result."))
            return
        from converters import losses

        winner = self.query_one("#winner", Select).value
        if winner not in ("a", "b", "draw"):
            prestige_line.update(_("Choose the winner to see casualties and prestige."))
            return
        try:
            preview = self._compute_result(str(winner))
        except InputProblem as problem:
            prestige_line.update(_("Result incomplete: {problem}").format(problem=problem))
            return
        for row in preview["contingents"]:
            table.add_row(
                row["tag"],
                nation_name(row["nation"]),
                str(row["pm"]),
                str(row["pm_lost"]),
                str(row["pm_left"]),
                str(row["decimated"]),
                working_text(row["detail"]),
            )
        event = preview["event"]
        points = ", ".join(f"{nation_name(n)} {pp:+d}" for n, pp in event.prestige.items())
        shown = _("Prestige ({reason}): {points}").format(
            reason=render(event.prestige_told) if event.prestige_reason else "T4.1", points=points
        )
        broken = [
            f"{row['tag']} {nation_name(row['nation'])}: "
            f"{losses.fog_army_break(row['detail'])}"  # said in the reader's language already
            for row in preview["contingents"]
            if getattr(row["detail"], "army_broken", False)
        ]
        prestige_line.update("\n".join([shown, *broken]))
        self._preview = preview

    def _compute_result(self, winner: str) -> dict[str, Any]:
        """The casualties of every contingent and the battle's prestige, from the converters."""
        from converters import losses

        rows: list[dict[str, Any]] = []
        failed = False
        for side in ("a", "b"):
            # A draw: both sides count as losers (the ledger's reading of T2, as the CLI's).
            outcome = "won" if side == winner else "lost"
            for card in self.cards(side):
                try:
                    if card.nation is None:
                        raise InputProblem(field="nation", message=_choose_nation())
                    pm = card.pm()
                    if pm.denominator != 1:
                        raise InputProblem(
                            field="pm",
                            message=_("PM: a garrison's half PM is settled by dice (T3.5)"),
                        )
                    result = self._contingent_losses(card, int(pm), outcome, losses)
                except InputProblem as problem:
                    card.show_error(str(problem))
                    failed = True
                    continue
                except (ValueError, ValidationError) as error:
                    card.show_error(describe(error, DESK_LABELS))
                    failed = True
                    continue
                card.show_error("")
                rows.append(
                    {
                        "tag": card.tag,
                        "side": side,
                        "nation": card.nation,
                        "pm": int(pm),
                        "pm_lost": result.pm_lost,
                        "pm_left": result.pm_left,
                        "decimated": result.decimated,
                        "detail": result,
                    }
                )
        if failed:
            raise InputProblem(
                field="result", message=_("fix the fields marked under the contingents")
            )
        try:
            event = self._battle_event(PLACE_TO_BE_NAMED, winner, rows)
        except (ValueError, ValidationError) as error:
            raise InputProblem(field="result", message=describe(error, DESK_LABELS)) from error
        # What is shown is what the ledger will record: its event, computed by the converters.
        for row, recorded in zip(rows, event.contingents, strict=True):
            row["pm_lost"] = recorded.pm_lost
            row["pm_left"] = row["pm"] - recorded.pm_lost
            row["decimated"] = recorded.pm_lost
        return {"winner": winner, "contingents": rows, "event": event}

    def _contingent_losses(self, card: ContingentCard, pm: int, outcome: str, losses: Any) -> Any:
        mode = self._result_mode()
        rates = self._rates()
        if mode == "fog":
            attrition = read_count(card.text("attrition"), _("AP total"), optional=True)
            return losses.fog_losses(
                pm,
                int(_need(read_count(card.text("battle_groups"), _("battle groups")))),
                outcome,
                broken=int(read_count(card.text("broken"), _("broken"), optional=True) or 0),
                fragmented=int(
                    read_count(card.text("fragmented"), _("fragmented"), optional=True) or 0
                ),
                camp_sacked=card.flag("camp_sacked"),
                attrition=None if attrition is None else int(attrition),
                rates=rates,
            )
        if mode == "dbm":
            return losses.dbm_losses(
                pm,
                _need(read_count(card.text("total_eleq"), _("total ElEq"), halves=True)),
                _need(read_count(card.text("eliminated"), _("eliminated ElEq"), halves=True)),
                outcome,
                demoralised=read_count(
                    card.text("demoralised"), _("demoralised ElEq"), halves=True, optional=True
                )
                or 0,
            )
        if mode == "dbmm":
            # T2.2b: its own rule set, bases killed (and the loser's broken) over bases.
            return losses.dbmm_losses(
                pm,
                int(_need(read_count(card.text("dbmm_bases"), _("bases fielded")))),
                int(_need(read_count(card.text("killed"), _("bases killed")))),
                int(read_count(card.text("broken_bases"), _("broken"), optional=True) or 0),
                outcome,
            )
        if mode == "dba":
            return losses.dba_losses(
                pm,
                int(_need(read_count(card.text("elements"), _("elements fielded")))),
                int(_need(read_count(card.text("lost"), _("elements lost")))),
                outcome,
            )
        rolled = self._recovery.get(card.tag)
        if rolled is None:
            raise InputProblem(
                field="recovery",
                message=_("recovery: press f6 to roll the recovery dice (T2.6)"),
            )
        return rolled

    # ----------------------------------------------------------------- actions
    async def action_add_ally(self, side: Side) -> None:
        """T1.5: an allied contingent joins a side with a budget and losses of its own."""
        self._cards[side] += 1
        card = ContingentCard(side, self._cards[side], self._nations())
        await self.query_one(f"#side-{side}", Vertical).mount(card)
        card.show_mode(self._result_mode())
        self._forget_recovery()
        self._focus_card(card)
        self.refresh_desk()

    def _focus_card(self, card: ContingentCard) -> None:
        card.query_one(Select).focus()

    async def action_drop_ally(self) -> None:
        """Remove the focused ally (or the last one); a side keeps its first contingent."""
        focused = self.focused
        target: ContingentCard | None = None
        for ancestor in focused.ancestors_with_self if focused else ():
            if isinstance(ancestor, ContingentCard):
                target = ancestor
                break
        if target is None or target.number == 1:
            allies = [card for card in self.cards() if card.number > 1]
            target = allies[-1] if allies else None
        if target is None:
            self.notify(_("Each side keeps at least one contingent."), severity="warning")
            return
        target.dropped = True
        await target.remove()
        self._forget_recovery()
        self.refresh_desk()

    def action_roll_recovery(self) -> None:
        """T2.6: roll the recovery dice for every contingent (in a worker: dice may be typed)."""
        if not self.recovery or self.ruleset == "dice":
            self.notify(_("Tick 'recovery model (T2.6)' first."), severity="warning")
            return
        winner = self.query_one("#winner", Select).value
        if winner not in ("a", "b"):
            self.query_one("#record-error", Static).update(
                _("winner: choose who won before rolling")
            )
            return
        requests: list[tuple[str, dict[str, Any]]] = []
        for card in self.cards():
            try:
                pm = card.pm()
                requests.append(
                    (
                        card.tag,
                        {
                            "pm": int(pm),
                            "bases": int(_need(read_count(card.text("bases"), _("bases")))),
                            "destroyed": int(
                                read_count(card.text("destroyed"), _("destroyed"), optional=True)
                                or 0
                            ),
                            "routed": int(
                                read_count(card.text("routed"), _("routed"), optional=True) or 0
                            ),
                            "holds_field": card.side == winner,
                            "commander_killed": card.flag("commander_killed"),
                            "allied": card.flag("allied"),
                        },
                    )
                )
                card.show_error("")
            except InputProblem as problem:
                card.show_error(str(problem))
                return
        self.query_one("#record-error", Static).update("")
        self._roll_recovery(requests)

    @work(thread=True, exclusive=True, group="recovery")
    def _roll_recovery(self, requests: list[tuple[str, dict[str, Any]]]) -> None:
        from converters import losses

        rolled: dict[str, Any] = {}
        rolls: dict[str, list[Any]] = {}
        problems: dict[str, str] = {}
        for tag, kwargs in requests:
            dice = castra_app(self).dice_for(said(RECOVERY_OF, tag=typed(tag)))
            try:
                rolled[tag] = losses.recovery_losses(dice=dice, rates=self._rates(), **kwargs)
                rolls[tag] = list(dice.rolls)
            except (ValueError, ValidationError) as error:
                problems[tag] = describe(error, DESK_LABELS)
            except Exception as error:  # a cancelled physical roll abandons the whole roll
                self.post_message(
                    DeskWorkFailed(
                        _("Recovery not rolled: {problem}").format(problem=error), notify=True
                    )
                )
                return
        self.post_message(RecoveryRolled(rolled, rolls, problems))

    @on(RecoveryRolled)
    def _recovery_rolled(self, message: RecoveryRolled) -> None:
        rolled, rolls, problems = message.rolled, message.rolls, message.problems
        for card in self.cards():
            if card.tag in problems:
                card.show_error(problems[card.tag])
            elif card.tag in rolled:
                result = rolled[card.tag]
                faces = " ".join(str(r.die) for r in result.rolls) or _("none")
                card.show_note(
                    _("recovered {recovered} of {lost} (dice: {faces})").format(
                        recovered=result.recovered, lost=result.lost_bases, faces=faces
                    )
                )
        self._recovery = {} if problems else rolled
        self._recovery_rolls = {} if problems else rolls
        self._refresh_preview()

    def action_write_sheet(self) -> None:
        """f8: the one-page battle sheet for the table, beside the campaign file."""
        from assistant.tui.screens.chronicle import write_sheet_for

        place = self._typed_place()
        write_sheet_for(self, self._plan, place, city=self.query_one("#city", Checkbox).value)

    @on(ReportWritten)
    def _sheet_written(self, message: ReportWritten) -> None:
        from assistant.tui.screens.chronicle import tell_written

        tell_written(self, message)

    async def action_to_dice_battle(self) -> None:
        """Send these contingents to the dice battle (T1.8 said dice, or the players chose)."""
        sides = {}
        for side in ("a", "b"):
            found = self._contingents(side)
            if found is None:
                return
            sides[side] = [(card.nation, pm) for card, pm in found]
        from assistant.tui.screens.dice_battle import DiceBattleScreen

        screen = DiceBattleScreen(
            side_a=sides["a"],
            side_b=sides["b"],
            city=self.query_one("#city", Checkbox).value,
            place=self._typed_place() or None,
            back_to="battle",
        )
        # Each F9 sends the desk's contingents as they are now: a new occasion every time.
        await castra_app(self).show_battle("dice", f"desk:{id(screen)}", lambda: screen)

    def action_record(self) -> None:
        """Record the previewed battle into the campaign, then tell the campaign screen."""
        error = self.query_one("#record-error", Static)
        if self.ruleset == "dice":
            error.update(_("rules: a dice battle is recorded from the Dice battle screen (f9)"))
            return
        if self.armies_mode:
            place = self._typed_place()
            if not place:
                error.update(type_the_place())
                return
            self._record_army_battle(place)
            return
        self._refresh_budgets()
        self._refresh_preview()
        if self._preview is None:
            winner = self.query_one("#winner", Select).value
            if winner not in ("a", "b", "draw"):
                error.update(_("winner: choose who won"))
            elif self._in_play_refusal:
                first = self._in_play_refusal[min(self._in_play_refusal)]
                error.update(nothing_recorded(first))
            else:
                error.update(nothing_recorded(_("fix the fields marked in red")))
            return
        place = self._typed_place()
        if not place:
            error.update(type_the_place())
            return
        try:
            event = self._battle_event(place, self._preview["winner"], self._preview["contingents"])
            stored = castra_app(self).ledger.record(event)
        except (ValueError, ValidationError) as problem:
            error.update(nothing_recorded(describe(problem, DESK_LABELS)))
            return
        error.update("")
        self._forget_recovery()
        self._clear_recorded()
        self.query_one("#desk-recorded", Static).update(recorded_line(stored))
        # Off the text fields, so the navigation keys (c for the campaign …) work at once.
        self.query_one("#preview-table", DataTable).focus()

    def _clear_recorded(self) -> None:
        """A recorded result is cleared so the same battle cannot be recorded twice by mistake:
        the figures, the PM, the winner and the place go (the nations stay), and the desk
        shows no refusal for the empty form, only what was recorded (issue 27: the figures
        left behind turned red against the campaign they had just changed)."""
        with self.prevent(Input.Changed, Select.Changed, Checkbox.Changed):
            for card in self.cards():
                for field in card.query(Input).results(Input):
                    field.value = ""
                card.show_error("")
            self.query_one("#winner", Select).clear()
            self.query_one("#place", Input).value = ""
        self._just_recorded = True
        self._show_available()
        self._refresh_budgets()
        self._preview = None
        for line in self.query(".error").results(Static):
            if line.id != "desk-recorded":
                line.update("")

    def _battle_event(self, place: str, winner: str, rows: list[dict[str, Any]]) -> Any:
        """The ledger's ``BattleRecorded`` for this result, built by the ledger's own
        :func:`assistant.ledger.record.battle_event` (T2.4 losses per contingent through the
        converters, T4.1 prestige for every nation of each side)."""
        from assistant.ledger.record import ContingentFigures, battle_event

        mode = self._result_mode()
        figures = []
        notes = []
        for row in rows:
            card = self.query_one(f"#card-{row['tag'].lower()}", ContingentCard)
            typed: dict[str, Any] = {"side": row["side"], "nation": row["nation"], "pm": row["pm"]}
            if mode == "recovery":
                typed["pm_lost"] = row["detail"].pm_lost
                detail = row["detail"]
                notes.append(
                    f"{row['tag']} {row['nation']}: {detail.bases} bases, "
                    f"{detail.lost_bases} lost, {detail.recovered} recovered"
                )
            else:
                typed.update(card.figures(mode))
            figures.append(ContingentFigures(**typed))
        rolls = [roll for tag in sorted(self._recovery_rolls) for roll in self._recovery_rolls[tag]]
        store = castra_app(self).ledger.store
        if store is None:
            raise ValueError(_("campaign: no campaign is open"))
        return battle_event(
            store.state(),
            place=place,
            system="manual" if mode == "recovery" else mode,
            winner=winner,  # type: ignore[arg-type]
            contingents=figures,
            city_assault=self.query_one("#city", Checkbox).value,
            note=(
                f"recovery model (T2.6) after a {self.ruleset.upper()} game: " + "; ".join(notes)
                if mode == "recovery"
                else ""
            ),
            rolls=rolls if mode == "recovery" else [],
        )


def working_text(losses: Any) -> str:
    """How T2 reached a contingent's loss, e.g. "4 PM × 5 AP ÷ 12 BG = 1.67" (FOG, T2.1)."""
    counted, out_of = getattr(losses, "counted", None), getattr(losses, "out_of", None)
    if counted is None or not out_of:
        return ""
    units = {
        "fog": (N_("AP"), N_("BG")),
        "dbm": (N_("ElEq"), N_("ElEq")),
        "dba": (N_("el."), N_("el.")),
    }
    what, of = units.get(str(getattr(losses, "system", "")), ("", ""))
    share = Fraction(losses.pm) * Fraction(counted) / Fraction(out_of)
    return _("{pm} PM × {counted} {what} ÷ {out_of} {of} = {share}").format(
        pm=losses.pm,
        counted=_pm(Fraction(counted)),
        what=_(what) if what else "",
        out_of=_pm(Fraction(out_of)),
        of=_(of) if of else "",
        share=format_number(share, decimals=2),
    )


def _budget_text(budget: Any, unit: str) -> str:
    """E.g. "1000 points (of 1600)" under a cap, "18 elements (2 cmd)" for DBA."""
    text = f"{budget.budget} {unit}"
    if budget.budget != budget.full_budget:
        text += _(" (of {full})").format(full=budget.full_budget)
    if budget.commands is not None:
        text += _(" ({commands} cmd)").format(commands=budget.commands)
    return text


def _need(value: Fraction | None) -> Fraction:
    assert value is not None  # read_count without optional never returns None
    return value


def _pm(value: Fraction | int) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _choose_nation() -> str:
    return _("nation: choose the contingent's nation")
