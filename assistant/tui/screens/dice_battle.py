"""The dice battle: a T3 battle fought round by round on screen, with live exact odds.

When T1.8 says dice (or the players agree), the referee sets the contingents of each side, the
+1 bonuses (T3.2) and a city's walls (T3.5), and the screen plays the battle: each round both
sides' dice are shown with their hits (T3.1), each side then chooses to fight on or retreat
(T3.3, keys f7/f8), a lone retreat suffers the pursuit roll, and the exact odds of every outcome
from the current state (T3.8) are shown after each round. At the end the result — winner (T2.7),
losses per contingent (T3.4), prisoners of a taken city (T3.5) and prestige (T4.1) — is recorded
into the campaign with one key. Every die is rolled in a thread worker, so physical-dice mode can
ask the player for each face; all numbers come from :mod:`converters`.

Two fleets meeting are fought the same way with "naval battle" ticked (the PM typed are naval
PM, no walls): when only one fleet seeks battle, f9 first rolls the interception (T3.6) and the
battle starts only if the other fleet is caught; when the battle ends with a winner, the winner's
capture dice (T3.7) are rolled at once and the ledger records the ships sunk and captured.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Label, Select, Static
from textual.worker import get_current_worker

from armylists.names import nation_name
from assistant.tui.errors import describe
from assistant.tui.ledger_service import castra_app
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
from converters.dice_battle import (
    SetupProblem,
    TypedContingent,
    check_interception,
    check_naval_doubling,
    interception_line,
    parse_side,
)
from converters.errors import FieldError as Refusal
from converters.i18n import N_, _, format_number, ngettext
from converters.odds import MOST_ODDS_DICE, ODDS_NOT_SHOWN, odds_fit
from converters.said import render, said
from converters.said import typed as as_typed

DICE_LABELS: dict[str, str] = {
    "side_a": N_("Side A"),
    "side_b": N_("Side B"),
    "retreat_at": N_("retreats at"),
    "retreat_a": N_("A retreats at"),
    "retreat_b": N_("B retreats at"),
    "approach": N_("A came by"),
    "place": N_("Place"),
    "troops": N_("troops carried"),
    "pm": N_("PM"),
    "nation": N_("nation"),
    "naval": N_("naval battle"),
}
"""The dice battle's fields by the labels it shows, for :func:`assistant.tui.errors.describe`."""

_INTERCEPTION_LABELS = {
    "seeking_fleet_pm": N_("the fleet that seeks battle"),
    "avoiding_fleet_pm": N_("the fleet that avoids it"),
    "troops_carried_pm": DICE_LABELS["troops"],
}
"""T3.6's fields (:func:`converters.dice_battle.check_interception`) as the screen names them."""


def side_text(contingents: list[tuple[str | None, Fraction]]) -> str:
    """Contingents written back in the set-up's format."""
    return "; ".join(f"{nation_name(nation)} {_pm(pm)}" for nation, pm in contingents if nation)


def _pm(value: Fraction | int | float) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _percent(probability: float) -> str:
    """A probability as a right-aligned percentage, one decimal, the language's way."""
    return (format_number(probability * 100, decimals=1) + "%").rjust(6)


DICE_BATTLE = N_("Dice battle")
"""The purpose prefix of the battle's dice: recorded in English, shown translated."""

_RETREAT = Binding.Group(N_("Retreat?"))
"""T3.3: f7 and f8 switch side A and side B between fighting on and retreating."""


class RoundRolled(Message):
    """The rolling worker is done (posted from its thread): the battle after the key."""

    def __init__(self, battle: Any, rolls: list[Any], capture: Any, problem: str) -> None:
        super().__init__()
        self.battle = battle
        """The battle after the choices and the round (a new state; the old one is kept)."""
        self.rolls = rolls
        """Every die rolled for it, with its purpose."""
        self.capture = capture
        """The T3.7 capture, when it was rolled at once; None otherwise."""
        self.problem = problem
        """Why the capture was not rolled (a die abandoned), or ""."""


class FleetsSought(Message):
    """The T3.6 interception roll is done (posted from the worker's thread)."""

    def __init__(self, seeker: str, contact: Any, verdict: str, rolls: list[Any]) -> None:
        super().__init__()
        self.seeker = seeker
        """The side that sought battle ("a" or "b")."""
        self.contact = contact
        """``converters.dice_battle.NavalContact``: the roll and whether they fight."""
        self.verdict = verdict
        """The roll and its verdict in one line."""
        self.rolls = rolls
        """The dice rolled."""


class OddsComputed(Message):
    """The exact odds from here are computed (posted from the odds worker's thread)."""

    def __init__(self, odds: Any) -> None:
        super().__init__()
        self.odds = odds
        """``converters.dice_battle.BattleOdds``."""


class DiceNotRolled(Message):
    """A die was abandoned or the rules refused: nothing changed."""

    def __init__(self, where: str, text: str) -> None:
        super().__init__()
        self.where = where
        """Id of the line that says why."""
        self.text = text
        """Why, in one line."""


class DiceBattleScreen(Screen[None]):
    """Set up, fight round by round with live odds, and record a T3 dice battle."""

    TITLE = DICE_BATTLE

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "start", N_("Start")),
        Binding("f6", "next_round", N_("Roll / next")),
        # One footer entry for both (f7 f8 Retreat?), so the keys with f9 fit in 120 columns.
        Binding("f7", "toggle_choice('a')", N_("A retreat?"), group=_RETREAT),
        Binding("f8", "toggle_choice('b')", N_("B retreat?"), group=_RETREAT),
        Binding(
            "f9",
            "intercept",
            N_("Intercept?"),
            tooltip=N_("Roll whether the fleet avoiding battle is caught (T3.6)"),
        ),
        Binding("ctrl+r", "record", N_("Record")),
        Binding("escape", "back", N_("Back"), show=False),
    ]

    def __init__(
        self,
        side_a: list[tuple[str | None, Fraction]] | None = None,
        side_b: list[tuple[str | None, Fraction]] | None = None,
        *,
        city: bool = False,
        place: str | None = None,
        naval: bool = False,
        approach: str = "open",
        back_to: str | None = None,
        pyrrhus: bool = False,
    ) -> None:
        super().__init__()
        self._given = (side_a or [], side_b or [], city, place or "", naval)
        self._approach = approach
        """How side A came (T3.2), e.g. by the mountain road of a meeting's march."""
        self._pyrrhus = pyrrhus
        """T3.2: Pyrrhus leads in person, e.g. his army is in the meeting this battle is of."""
        self.back_to = back_to
        """The mode a second Escape returns to (the desk or Map that sent this battle), or
        None."""
        self.battle: Any = None
        """The engine's battle in progress (``converters.dice_battle``), or None."""
        self.choices: dict[str, str] = {"a": "continue", "b": "continue"}
        """Each side's choice for after this round (T3.3)."""
        self._recorded = False
        self._rolls: list[Any] = []
        """Every die rolled in this battle, with its purpose, for the ledger."""
        self.capture: Any = None
        """The winner's T3.7 capture roll after a naval battle (``NavalCapture``), or None."""
        self.interception: Any = None
        """The T3.6 interception roll that started this battle (``Interception``), or None."""

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        side_a, side_b, city, place, naval = self._given
        yield CastraHeader()
        with VerticalScroll(id="dice"):
            with Vertical(id="dice-setup") as setup:
                setup.border_title = _("Set-up (T3.1–T3.7): NATION PM; ally PM …")
                with Horizontal(classes="setting"):
                    yield Label(_("Side A"), classes="field-label side-label")
                    yield Input(
                        side_text(side_a),
                        placeholder=_("e.g. Pyrrhus 4; Magna Graecia 2"),
                        compact=True,
                        id="dice-side-a",
                    )
                    yield Label(_("retreats at"), classes="field-label")
                    yield Input("0", compact=True, id="dice-a-retreat", classes="retreat")
                with Horizontal(classes="setting"):
                    yield Label(_("Side B"), classes="field-label side-label")
                    yield Input(
                        side_text(side_b),
                        placeholder=_("e.g. Rome 5"),
                        compact=True,
                        id="dice-side-b",
                    )
                    yield Label(_("retreats at"), classes="field-label")
                    yield Input("0", compact=True, id="dice-b-retreat", classes="retreat")
                # Each row is a few groups side by side; below 100 columns (castra.tcss,
                # "-narrow") a row stacks its groups, so no picker or label is cut at 80×24.
                with Horizontal(classes="setting stacks"):
                    with Horizontal(classes="group"):
                        yield Label(_("A came by"), classes="field-label")
                        yield _whole_picker(APPROACHES, self._approach, "dice-approach")
                    with Horizontal(classes="group"):
                        yield TickBox(
                            _("Pyrrhus leads (+1 both)"),
                            value=self._pyrrhus,
                            id="dice-pyrrhus",
                            compact=True,
                        )
                        yield TickBox(
                            _("city: B behind walls (T3.5)"),
                            value=city,
                            id="dice-city",
                            compact=True,
                        )
                with Horizontal(classes="setting stacks"):
                    with Horizontal(classes="group", id="dice-place-group"):
                        yield Label(_("Place"), classes="field-label")
                        yield Input(
                            place, placeholder=_("province or city"), compact=True, id="dice-place"
                        )
                    yield TickBox(
                        _("naval battle: fleets, naval PM (T3.6, T3.7)"),
                        value=naval,
                        id="dice-naval",
                        compact=True,
                    )
                with Horizontal(classes="setting stacks", id="dice-intercept-row") as row:
                    row.display = naval
                    with Horizontal(classes="group"):
                        yield Label(_("Intercept"), classes="field-label")
                        yield _whole_picker(SEEKERS, "a", "dice-seeks")
                    with Horizontal(classes="group"):
                        yield Label(
                            _("troops carried by the avoiding fleet"), classes="field-label"
                        )
                        yield Input("0", compact=True, id="dice-troops", classes="retreat")
                        yield Label(_("PM  (f9 rolls T3.6)"), classes="field-label")
                yield FieldError(id="dice-setup-error")
                yield FieldNote(id="dice-intercept")
            with Horizontal(id="dice-status"):
                yield Static("", id="dice-side-a-state", classes="dice-side")
                yield Static("", id="dice-side-b-state", classes="dice-side")
                with Vertical(id="dice-odds") as odds:
                    odds.border_title = _("Exact odds (T3.8)")
                    yield Static("", id="dice-odds-text")
            with Vertical(id="dice-rounds-box") as rounds:
                rounds.border_title = _("Rounds (T3.1: each die ≥ target hits)")
                yield DataTable(id="dice-rounds", cursor_type="none", zebra_stripes=True)
            yield Static("", id="dice-result")
            yield FieldError(id="dice-record-error")
        yield CastraFooter()

    def on_mount(self) -> None:
        self.query_one("#dice-rounds", DataTable).add_columns(
            _("round"),
            _("A dice"),
            _("A hits"),
            _("B dice"),
            _("B hits"),
            _("A left"),
            _("B left"),
            _("then"),
        )
        self._show_status()
        self._show_odds()

    # ----------------------------------------------------------------- the set-up
    def _nations(self) -> list[str]:
        store = castra_app(self).ledger.store
        if store is None:
            return []
        try:
            return [str(name) for name in store.state().nations]
        except Exception:
            return []

    def _rules(self) -> Any:
        """The campaign's house rules in force (docs/rules.md H: T3.3 ``both_retreat``, T3.6
        ``interception``), or the defaults without a campaign."""
        return castra_app(self).ledger.house_rules()

    def _int(self, widget_id: str, field: str) -> int:
        """A whole number typed into a field; ``field`` is its label (marked with ``N_``)."""
        typed = self.query_one(widget_id, Input).value.strip() or "0"
        if not typed.isdigit():
            raise SetupProblem(
                field,
                said(
                    N_("{field}: a whole number of PM ≥ 0 (got {typed!r})"),
                    field=said(field),
                    typed=as_typed(typed),
                ),
            )
        return int(typed)

    def _setup(self) -> dict[str, Any]:
        """The set-up as typed, checked for form only (the engine checks the rules)."""
        nations = self._nations()
        side_a = parse_side(self.query_one("#dice-side-a", Input).value, N_("side A"), nations)
        side_b = parse_side(self.query_one("#dice-side-b", Input).value, N_("side B"), nations)
        self._check_naval_city()
        self._check_in_play({"side_a": side_a, "side_b": side_b})
        return {
            "a": side_a,
            "b": side_b,
            "a_retreat_at": self._int("#dice-a-retreat", DICE_LABELS["retreat_a"]),
            "b_retreat_at": self._int("#dice-b-retreat", DICE_LABELS["retreat_b"]),
            "approach": self.query_one("#dice-approach", Select).value,
            "pyrrhus": self.query_one("#dice-pyrrhus", Checkbox).value,
            "city": self.query_one("#dice-city", Checkbox).value,
            "naval": self.query_one("#dice-naval", Checkbox).value,
            "place": self.query_one("#dice-place", Input).value.strip(),
            "rules": self._rules(),
        }

    def _check_in_play(self, sides: dict[str, list[TypedContingent]]) -> None:
        """T1.5: no side fields more PM than its nations have in play, so no die is ever
        rolled for forces the campaign could not record."""
        from assistant.ledger.state import LedgerFieldError
        from converters.budgets import beyond_in_play

        store = castra_app(self).ledger.store
        if store is None:
            return
        from assistant.ledger.map_war import standing_bound, standing_refusal

        naval = self._naval()
        state = store.state()
        place = self.query_one("#dice-place", Input).value.strip()
        # T7.4: on the map, what stands at the battle's province; else what is in play.
        standing = standing_bound(state, place, "fleet" if naval else "army")
        in_play = (
            {
                name: nation.naval_pm if naval else nation.land_pm
                for name, nation in state.nations.items()
            }
            if standing is None
            else standing
        )
        unit = _("naval PM") if naval else _("land PM")
        for field, contingents in sides.items():
            for nation, (fielded, has) in beyond_in_play(contingents, in_play).items():
                # Worded as the ledger's own refusal, the side named by the screen's label.
                refusal = (
                    LedgerFieldError(
                        field,
                        _("{nation} has {has} {unit} in play (fielded {fielded})"),
                        nation=nation_name(nation),
                        has=has,
                        unit=unit,
                        fielded=fielded,
                    )
                    if standing is None
                    else standing_refusal(
                        field,
                        nation=nation,
                        has=has,
                        fielded=fielded,
                        place=place,
                        kind="fleet" if naval else "army",
                        side=field,
                    )
                )
                raise refusal

    def _naval(self) -> bool:
        return bool(self.query_one("#dice-naval", Checkbox).value)

    def _check_naval_city(self) -> None:
        """T3.5: a naval battle is fought first, between fleets, without the walls' doubling."""
        city = bool(self.query_one("#dice-city", Checkbox).value)
        # BattleSetup's own check, in the words the command line gives for --naval --city.
        check_naval_doubling(naval=self._naval(), city_assault=city)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    def _setup_changed(self) -> None:
        naval = self._naval()
        self.query_one("#dice-intercept-row").display = naval
        self.query_one("#dice-setup-error", Static).update(self._typed_problem())
        if self.battle is None:
            self._show_status()
        self._show_odds()

    def _typed_problem(self) -> str:
        """What is wrong with the set-up typed so far, checked as the player types (a side
        not typed yet is not a problem until f5); empty when nothing is."""
        nations = self._nations()
        sides: dict[str, list[TypedContingent]] = {}
        try:
            for key, field, label in (("a", "side_a", N_("side A")), ("b", "side_b", N_("side B"))):
                text = self.query_one(f"#dice-side-{key}", Input).value
                if text.strip():
                    sides[field] = parse_side(text, label, nations)
            self._check_naval_city()
            self._check_in_play(sides)
        except SetupProblem as problem:
            return problem.shown()
        except Refusal as refusal:
            return describe(refusal, DICE_LABELS)
        return ""

    # ----------------------------------------------------------------- showing
    def _show_status(self) -> None:
        for side in ("a", "b"):
            self.query_one(f"#dice-side-{side}-state", Static).update(self._side_status(side))

    def _side_status(self, side: str) -> str:
        label = side.upper()
        if self.battle is None:
            try:
                contingents = parse_side(
                    self.query_one(f"#dice-side-{side}", Input).value, label, []
                )
            except SetupProblem:
                return _("[b]Side {side}[/b]\nnot set up").format(side=label)
            names = ", ".join(f"{nation_name(n)} {_pm(pm)}" for n, pm in contingents)
            return _("[b]Side {side}[/b]\n{names}\nPress f5 to start").format(
                side=label, names=names
            )
        view = engine_side_view(self.battle, side)
        choice = self.choices[side]
        shown = _("[b red]RETREAT[/b red]") if choice == "retreat" else _("fight on")
        unit = _("naval PM") if self.battle.setup.naval else _("PM")
        dice = ngettext("{count} die", "{count} dice", view["dice"]).format(count=view["dice"])
        lines = [
            _("[b]Side {side}[/b]  {pm} PM left, {dice}, hits on {target}+").format(
                side=label, pm=_pm(view["pm"]), dice=dice, target=view["target"]
            )
        ]
        lines += [f"  {nation_name(name)}: {_pm(pm)} {unit}" for name, pm in view["contingents"]]
        if not engine_over(self.battle):
            lines.append(
                _("After this round: {choice}  (f{key})").format(
                    choice=shown, key=7 if side == "a" else 8
                )
            )
        return "\n".join(lines)

    def _show_odds(self) -> None:
        text = self.query_one("#dice-odds-text", Static)
        try:
            asked = self._odds()
        except SetupProblem as problem:
            text.update(problem.shown())
            return
        except (ValueError, ValidationError) as error:
            text.update(describe(error, DICE_LABELS))
            return
        if asked is None:
            text.update(_("The battle is over."))
            return
        self._compute_odds(*asked)

    @work(thread=True, exclusive=True, group="odds")
    def _compute_odds(
        self, battle: Any, retreat_a: int, retreat_b: int, a_choice: Any, b_choice: Any
    ) -> None:
        """T3.8 off the app's thread: a big battle's exact odds never hold up the keys."""
        from converters.dice_battle import live_odds

        odds = live_odds(battle, retreat_a, retreat_b, a_choice=a_choice, b_choice=b_choice)
        if not get_current_worker().is_cancelled:
            self.post_message(OddsComputed(odds))

    @on(OddsComputed)
    def _odds_computed(self, message: OddsComputed) -> None:
        odds = message.odds
        # One figure a line, names in a column: the lines fit the narrow box in any language.
        figures = [
            (_("A wins"), _percent(odds.a_wins)),
            (_("B wins"), _percent(odds.b_wins)),
            (_("draw"), _percent(odds.draw)),
            (_("both withdraw"), _percent(odds.both_withdraw)),
            (_("PM left A"), format_number(odds.a_expected_left, decimals=2).rjust(6)),
            (_("PM left B"), format_number(odds.b_expected_left, decimals=2).rjust(6)),
        ]
        width = max(len(name) for name, _figure in figures)
        lines = [f"{name:<{width}} {figure}" for name, figure in figures]
        self.query_one("#dice-odds-text", Static).update("\n".join(lines))

    def _odds(self) -> Any:
        """What T3.8 is computed from: (battle, A's and B's retreat thresholds, each side's choice
        for after this round, f7/f8, T3.3), from the current state; None once it is over."""
        retreat_a = self._int("#dice-a-retreat", DICE_LABELS["retreat_a"])
        retreat_b = self._int("#dice-b-retreat", DICE_LABELS["retreat_b"])

        battle = self.battle
        if battle is None:
            battle = engine_start(self._setup())
        if engine_over(battle):
            return None
        if not odds_fit(battle.total_dice("a"), battle.total_dice("b")):
            raise SetupProblem("odds", said(ODDS_NOT_SHOWN, most=MOST_ODDS_DICE))
        return battle, retreat_a, retreat_b, self.choices["a"], self.choices["b"]

    # ----------------------------------------------------------------- actions
    def action_start(self) -> None:
        """Begin the battle with the set-up (a finished or unrecorded one is replaced)."""
        self._begin()

    def _begin(self, interception: Any = None, rolls: list[Any] | None = None) -> bool:
        """Start the battle; ``interception`` and its ``rolls`` when T3.6 brought it about."""
        error = self.query_one("#dice-setup-error", Static)
        try:
            setup = self._setup()
            battle = engine_start(setup)
        except SetupProblem as problem:
            error.update(problem.shown())
            return False
        except (ValueError, ValidationError) as problem:
            error.update(describe(problem, DICE_LABELS))
            return False
        error.update("")
        self.battle = battle
        self._recorded = False
        self._rolls = list(rolls or [])
        self.capture = None
        self.interception = interception
        if interception is None:
            self.query_one("#dice-intercept", Static).update("")
        self.choices = {"a": "continue", "b": "continue"}
        self.query_one("#dice-rounds", DataTable).clear()
        self.query_one("#dice-result", Static).update("")
        self.query_one("#dice-record-error", Static).update("")
        self._show_status()
        self._show_odds()
        return True

    def action_toggle_choice(self, side: str) -> None:
        """T3.3: the side fights on, or retreats after this round."""
        if self.battle is None or engine_over(self.battle):
            return
        self.choices[side] = "retreat" if self.choices[side] == "continue" else "continue"
        self._show_status()
        self._show_odds()

    def action_next_round(self) -> None:
        """Roll the first round, or apply both choices: next round, pursuit, or the end."""
        if self.battle is None:
            self.action_start()
            if self.battle is None:
                return
        if engine_over(self.battle) and not self._capture_due():
            self.notify(_("The battle is over: ctrl+r records it, f5 starts another."))
            return
        self._roll(dict(self.choices))

    def _capture_due(self) -> bool:
        """T3.7: a naval battle won by a side whose capture dice are not rolled yet."""
        from converters.dice_battle import capture_due

        return self.battle is not None and capture_due(self.battle, self.capture)

    @work(thread=True, exclusive=True, group="dice-battle")
    def _roll(self, choices: dict[str, Any]) -> None:
        from converters.dice_battle import capture_due, play_step

        dice = castra_app(self).dice_for(said(DICE_BATTLE))
        battle = self.battle
        if not engine_over(battle):
            try:
                battle = play_step(battle, choices["a"], choices["b"], dice)
            except Exception as error:  # a cancelled physical roll leaves the battle as it was
                self.post_message(DiceNotRolled("dice-record-error", _not_rolled(error)))
                return
        rolls = list(dice.rolls)
        capture, problem = None, ""
        if capture_due(battle):
            # T3.7 at once, in the same worker: physical mode asks for the capture dice next.
            try:
                capture = engine_capture(battle, dice)
            except Exception as error:  # cancelled: the battle stands, f6 rolls the capture
                problem = _("Capture not rolled: {problem}; f6 rolls it (T3.7)").format(
                    problem=error
                )
            else:
                rolls = list(dice.rolls)
        if not get_current_worker().is_cancelled:
            self.post_message(RoundRolled(battle, rolls, capture, problem))

    @on(DiceNotRolled)
    def _not_rolled(self, message: DiceNotRolled) -> None:
        self.query_one(f"#{message.where}", Static).update(message.text)

    @on(RoundRolled)
    def _rolled(self, message: RoundRolled) -> None:
        battle = self.battle = message.battle
        self._rolls.extend(message.rolls)
        problem = message.problem
        if message.capture is not None:
            self.capture = message.capture
        table = self.query_one("#dice-rounds", DataTable)
        table.clear()
        for row in engine_rows(battle):
            table.add_row(*row)
        table.scroll_end(animate=False)
        self.choices = {"a": "continue", "b": "continue"}
        self.query_one("#dice-record-error", Static).update(problem)
        self._show_status()
        self._show_odds()
        if engine_over(self.battle):
            self._show_result()

    def _show_result(self) -> None:
        place = self.query_one("#dice-place", Input).value.strip() or "(place to be named)"
        if self._capture_due():
            self.query_one("#dice-result", Static).update(
                f"[b]{engine_result(self.battle, None)['headline']}[/b]\n"
                + _("The winner's capture dice (T3.7) are still to roll: press f6.")
            )
            return
        try:
            event = engine_event(
                castra_app(self).ledger.state(), self.battle, place, self._rolls, self.capture
            )
        except (ValueError, ValidationError) as problem:
            self.query_one("#dice-record-error", Static).update(describe(problem, DICE_LABELS))
            return
        result = engine_result(self.battle, event, self.capture)
        self.query_one("#dice-result", Static).update(
            f"[b]{result['headline']}[/b]\n{result['losses']}\n{result['capture']}"
            f"{result['prestige']}\n" + _("Press ctrl+r to record it into the campaign.")
        )

    def action_record(self) -> None:
        """Record the finished battle into the campaign (once)."""
        error = self.query_one("#dice-record-error", Static)
        if self.battle is None or not engine_over(self.battle):
            error.update(_("battle: fight it to the end first (f6)"))
            return
        if self._recorded:
            error.update(_("battle: already recorded; f5 starts another"))
            return
        if self._capture_due():
            error.update(_("capture: roll the winner's capture dice first (f6, T3.7)"))
            return
        place = self.query_one("#dice-place", Input).value.strip()
        if not place:
            error.update(type_the_place())
            return
        ledger = castra_app(self).ledger
        try:
            event = engine_event(ledger.state(), self.battle, place, self._rolls, self.capture)
            stored = ledger.record(event)
        except (ValueError, ValidationError) as problem:
            error.update(nothing_recorded(describe(problem, DICE_LABELS)))
            return
        error.update("")
        self._recorded = True
        self.query_one("#dice-result", Static).update(recorded_line(stored))
        # Off the text fields, so the navigation keys (c for the campaign …) work at once.
        self.query_one("#dice-rounds", DataTable).focus()

    def action_intercept(self) -> None:
        """T3.6: one fleet seeks battle, the other avoids it: roll whether it is caught."""
        error = self.query_one("#dice-setup-error", Static)
        if not self._naval():
            error.update(
                _("naval battle: interception (T3.6) is between fleets; tick naval battle first")
            )
            return
        try:
            setup = self._setup()
            engine_start(setup)
            troops = self._int("#dice-troops", DICE_LABELS["troops"])
        except SetupProblem as problem:
            error.update(problem.shown())
            return
        except (ValueError, ValidationError) as problem:
            error.update(describe(problem, DICE_LABELS))
            return
        seeker = str(self.query_one("#dice-seeks", Select).value)
        fleets = {key: int(sum(pm for _nation, pm in setup[key])) for key in ("a", "b")}
        avoider = "b" if seeker == "a" else "a"
        try:
            # The rules' own check, as `castra intercept` makes it, before any die is rolled.
            check_interception(fleets[seeker], fleets[avoider], troops)
        except Refusal as problem:
            error.update(describe(problem, _INTERCEPTION_LABELS))
            return
        error.update("")
        self._intercept(seeker, fleets, troops, setup["rules"])

    @work(thread=True, exclusive=True, group="dice-battle")
    def _intercept(self, seeker: str, fleets: dict[str, int], troops: int, rules: Any) -> None:
        dice = castra_app(self).dice_for(said(DICE_BATTLE))
        try:
            contact = engine_interception(seeker, fleets, troops, dice, rules)
        except Exception as error:  # a cancelled physical roll: nothing happened
            self.post_message(DiceNotRolled("dice-setup-error", _not_rolled(error)))
            return
        avoider = "B" if seeker == "a" else "A"
        verdict = interception_line(contact.interception, fleets["a"], fleets["b"], troops, avoider)
        if not get_current_worker().is_cancelled:
            self.post_message(FleetsSought(seeker, contact, verdict, list(dice.rolls)))

    @on(FleetsSought)
    def _intercepted(self, message: FleetsSought) -> None:
        seeker, contact, verdict, rolls = (
            message.seeker,
            message.contact,
            message.verdict,
            message.rolls,
        )
        roll = contact.interception
        avoider = "B" if seeker == "a" else "A"
        shown = self.query_one("#dice-intercept", Static)
        if contact.fought and self._begin(roll, rolls):
            shown.update(_("{verdict}; f6 rolls round 1.").format(verdict=verdict))
            return
        if contact.fought:
            shown.update(
                _("{verdict}, but the set-up changed: fix it and press f5.").format(verdict=verdict)
            )
            return
        # Not caught: no battle (T3.6); whatever was on the screen is cleared.
        self.battle = None
        self.capture = None
        self.interception = None
        self._rolls = []
        self._recorded = False
        self.query_one("#dice-rounds", DataTable).clear()
        shown.update(_("{verdict}: [b]no battle[/b].").format(verdict=verdict))
        self.query_one("#dice-result", Static).update(
            _("[b]No naval battle (T3.6):[/b] fleet {fleet} was not intercepted.").format(
                fleet=avoider
            )
        )
        self.query_one("#dice-record-error", Static).update("")
        self._show_status()
        self._show_odds()

    def action_back(self) -> None:
        """Escape leaves a text field; pressed again, it goes back to the battle desk or the Map
        when this battle was sent from there."""
        if self.focused is not None and not isinstance(self.focused, DataTable):
            self.set_focus(None)  # a text field, a checkbox or a picker: the letter keys work again
        elif self.back_to is not None and self.app.screen is self:
            self.app.switch_mode(self.back_to)


# --------------------------------------------------------------------- the engine, from converters
APPROACHES: tuple[tuple[str, str], ...] = (
    (N_("open ground"), "open"),
    (N_("a mountain road (B +1)"), "mountain_road"),
    (N_("a landing (B +1)"), "landing"),
)
"""How side A (the attacker) came, for T3.2 (translated where shown)."""

SEEKERS: tuple[tuple[str, str], ...] = (
    (N_("A seeks battle, B avoids it"), "a"),
    (N_("B seeks battle, A avoids it"), "b"),
)
"""T3.6: which fleet seeks the battle the other avoids (the one that avoids may be caught)."""

OUTCOME_WORDS = {
    "a_wins": N_("Side A wins"),
    "b_wins": N_("Side B wins"),
    "draw": N_("Draw: both sides wiped out in the same round"),
    "both_withdrew": N_("Both sides withdrew: nobody wins"),
}


def engine_setup(setup: dict[str, Any]) -> Any:
    """The converters' :class:`BattleSetup` for the screen's set-up (B is the defender)."""
    from converters.dice_battle import BattleSetup, BattleSide, Contingent

    def side(key: str) -> Any:
        contingents = tuple(Contingent(nation=n, pm=int(pm)) for n, pm in setup[key])
        name = " + ".join(n for n, _pm in setup[key])
        return BattleSide(name=f"{key.upper()} ({name})", contingents=contingents)

    return BattleSetup(
        a=side("a"),
        b=side("b"),
        defender="b",
        attacker_approach=setup["approach"],
        pyrrhus_leads=setup["pyrrhus"],
        city_assault=setup["city"],
        naval=setup.get("naval", False),
        both_retreat=setup["rules"].both_retreat if "rules" in setup else "no_pursuit",
    )


def engine_start(setup: dict[str, Any]) -> Any:
    """A battle before its first round (T3.1, T3.5)."""
    from converters.dice_battle import start_battle

    return start_battle(engine_setup(setup))


def engine_side_view(battle: Any, side: str) -> dict[str, Any]:
    """What the screen shows of one side now: PM, dice, target, walls, contingents."""
    names = [c.nation for c in battle.setup.side(side).contingents]
    return {
        "pm": battle.pm_left(side),
        "dice": battle.total_dice(side),
        "target": battle.setup.target(side),
        "walls": battle.setup.walls(side),
        "contingents": list(zip(names, battle.contingent_pm_left(side), strict=True)),
    }


def engine_over(battle: Any) -> bool:
    return bool(battle.over)


def engine_rows(battle: Any) -> list[tuple[Any, ...]]:
    """The round log as table rows, hits in bold."""
    from rich.text import Text

    def faces(rolls: tuple[int, ...], target: int) -> Text:
        shown = Text()
        for index, face in enumerate(rolls):
            if index:
                shown.append(" ")
            shown.append(str(face), style="bold green" if face >= target else "dim")
        return shown

    target_a, target_b = battle.setup.target("a"), battle.setup.target("b")
    rows = []
    for record in battle.rounds:
        then = ""
        if record.a_choice is not None:
            then = f"A {_choice(record.a_choice)}, B {_choice(record.b_choice)}"
        label = str(record.number) if record.kind == "round" else _("pursuit")
        rows.append(
            (
                label,
                faces(record.a_rolls, target_a),
                str(record.a_hits),
                faces(record.b_rolls, target_b),
                str(record.b_hits),
                "+".join(str(x) for x in record.a_left),
                "+".join(str(x) for x in record.b_left),
                then,
            )
        )
    return rows


def _choice(choice: str | None) -> str:
    return {"continue": _("fight on"), "retreat": _("retreat")}.get(choice or "", "")


def engine_capture(battle: Any, dice: Any) -> Any:
    """T3.7: the winner's capture roll, 1d6 per enemy naval PM destroyed (4+ captured)."""
    from converters.dice_battle import finish_battle

    return finish_battle(battle, dice).capture


def engine_interception(
    seeker: str, fleets: dict[str, int], troops: int, dice: Any, rules: Any = None
) -> Any:
    """T3.6: only ``seeker`` seeks battle; the other fleet, carrying ``troops`` PM, is caught
    if 1d6 is at most both fleets' PM plus those troops (Reading; the campaign's house rule
    ``interception`` may say at least)."""
    from converters.dice_battle import naval_contact
    from converters.house_rules import DEFAULT_RULES

    return naval_contact(
        seeker == "a",
        seeker == "b",
        fleets["a"],
        fleets["b"],
        dice,
        a_troops_pm=troops if seeker == "b" else 0,
        b_troops_pm=troops if seeker == "a" else 0,
        rules=rules or DEFAULT_RULES,
    )


def engine_result(battle: Any, event: Any, capture: Any = None) -> dict[str, str]:
    """Headline, losses per contingent, T3.7 captures and prestige of a finished battle."""
    from converters.dice_battle import battle_result

    result = battle_result(battle)
    headline = ngettext(
        "{outcome} after {rounds} round", "{outcome} after {rounds} rounds", result.rounds_fought
    ).format(outcome=_(OUTCOME_WORDS[result.outcome]), rounds=result.rounds_fought)
    if result.outcome == "both_withdrew" and battle.setup.both_retreat == "both_pursued":
        headline += _(", each after a pursuit roll (house rule both_retreat = both_pursued)")
    if event is None:
        return {"headline": headline}
    unit = _("naval PM") if battle.setup.naval else _("PM")
    losses = []
    for key, side in (("A", result.a), ("B", result.b)):
        for c in side.contingents:
            line = _("{side} {nation}: lost {lost} of {start} {unit}").format(
                side=key,
                nation=nation_name(c.nation),
                lost=_pm(c.pm_lost),
                start=_pm(c.pm_start),
                unit=unit,
            )
            if c.prisoners:
                line += _(", {prisoners} taken prisoner (T3.5)").format(prisoners=_pm(c.prisoners))
            losses.append(line)
    capture_text = ""
    if capture is not None and result.winner is not None:
        # The ledger adds the captured ships to the first contingent listed on the winning side.
        taker = nation_name(battle.setup.side(result.winner).contingents[0].nation)
        faces = " ".join(str(face) for face in capture.rolls)
        capture_text = (
            _(
                "Capture (T3.7, 4+): {side} rolled {faces} → {captured} captured "
                "(join {taker}'s fleet), {sunk} sunk"
            ).format(
                side=result.winner.upper(),
                faces=faces,
                captured=capture.captured,
                taker=taker,
                sunk=capture.sunk,
            )
            if capture.rolls
            else _("Capture (T3.7): no enemy ship destroyed, nothing to roll for")
        ) + "\n"
    if event.prestige:
        points = ", ".join(f"{nation_name(n)} {pp:+d}" for n, pp in event.prestige.items())
        prestige_text = _("Prestige ({reason}): {points}").format(
            reason=render(event.prestige_told), points=points
        )
    else:
        prestige_text = _("Prestige (T4.1): none, nobody won")
    return {
        "headline": headline,
        "losses": "; ".join(losses),
        "capture": capture_text,
        "prestige": prestige_text,
    }


def engine_event(state: Any, battle: Any, place: str, rolls: list[Any], capture: Any = None) -> Any:
    """The ledger's ``BattleRecorded`` for a finished dice battle, built by the ledger's own
    :func:`assistant.ledger.record.dice_battle_event` (T2.5, T2.7, T3.5 prisoners, T4.1; for a
    naval battle the ships sunk and the T3.7 captures)."""
    from assistant.ledger.record import dice_battle_event
    from converters.dice_battle import battle_result

    log = battle_result(battle, capture).model_dump(mode="json")
    log["rolls"] = [roll.model_dump(mode="json") for roll in rolls]
    return dice_battle_event(
        state,
        log,
        place=place,
        naval=battle.setup.naval,
        city_assault=battle.setup.city_assault,
    )


def _not_rolled(error: BaseException) -> str:
    """A roll abandoned (a physical die escaped) or refused: the battle is as it was."""
    return _("Not rolled: {problem}").format(problem=error)


def _whole_picker(choices: tuple[tuple[str, str], ...], value: str, id: str) -> Select[str]:
    """A compact picker of translated ``choices``, as wide as its longest (+ its arrow), so a
    narrow row never cuts the choice shown."""
    options = [(_(name), key) for name, key in choices]
    picker: Select[str] = Select(options, value=value, allow_blank=False, compact=True, id=id)
    picker.styles.width = max(len(name) for name, _key in options) + 4
    return picker
