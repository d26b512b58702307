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

from assistant.tui.errors import describe
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.battle_error import FieldError, FieldNote
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from assistant.tui.widgets.tick_box import TickBox
from converters.dice_battle import SetupProblem, TypedContingent, parse_side
from converters.i18n import N_, _

ODDS_MOST_DICE = 60
"""Live odds are computed up to this many dice a side (60 v 60 takes a few hundredths of a
second; the cost grows with the square of the dice)."""

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
}
"""The dice battle's fields by the labels it shows, for :func:`assistant.tui.errors.describe`."""


def side_text(contingents: list[tuple[str | None, Fraction]]) -> str:
    """Contingents written back in the set-up's format."""
    return "; ".join(f"{nation} {_pm(pm)}" for nation, pm in contingents if nation)


def _pm(value: Fraction | int | float) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _percent(probability: float) -> str:
    return f"{probability * 100:5.1f}%"


_RETREAT = Binding.Group("Retreat?")
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

    TITLE = "Dice battle"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "start", "Start"),
        Binding("f6", "next_round", "Roll / next"),
        # One footer entry for both (f7 f8 Retreat?), so the keys with f9 fit in 120 columns.
        Binding("f7", "toggle_choice('a')", "A retreat?", group=_RETREAT),
        Binding("f8", "toggle_choice('b')", "B retreat?", group=_RETREAT),
        Binding(
            "f9",
            "intercept",
            "Intercept?",
            tooltip="Roll whether the fleet avoiding battle is caught (T3.6)",
        ),
        Binding("ctrl+r", "record", "Record"),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(
        self,
        side_a: list[tuple[str | None, Fraction]] | None = None,
        side_b: list[tuple[str | None, Fraction]] | None = None,
        *,
        city: bool = False,
        place: str | None = None,
        naval: bool = False,
    ) -> None:
        super().__init__()
        self._given = (side_a or [], side_b or [], city, place or "", naval)
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
                setup.border_title = "Set-up (T3.1–T3.7): NATION PM; ally PM …"
                with Horizontal(classes="setting"):
                    yield Label("Side A", classes="field-label side-label")
                    yield Input(
                        side_text(side_a),
                        placeholder="e.g. Pyrrhus 4; Magna Graecia 2",
                        compact=True,
                        id="dice-side-a",
                    )
                    yield Label("retreats at", classes="field-label")
                    yield Input("0", compact=True, id="dice-a-retreat", classes="retreat")
                with Horizontal(classes="setting"):
                    yield Label("Side B", classes="field-label side-label")
                    yield Input(
                        side_text(side_b), placeholder="e.g. Rome 5", compact=True, id="dice-side-b"
                    )
                    yield Label("retreats at", classes="field-label")
                    yield Input("0", compact=True, id="dice-b-retreat", classes="retreat")
                with Horizontal(classes="setting"):
                    yield Label("A came by", classes="field-label")
                    yield Select(
                        APPROACHES,
                        value="open",
                        allow_blank=False,
                        compact=True,
                        id="dice-approach",
                    )
                    yield TickBox("Pyrrhus leads (+1 both)", id="dice-pyrrhus", compact=True)
                    yield TickBox(
                        "city: B behind walls (T3.5)", value=city, id="dice-city", compact=True
                    )
                with Horizontal(classes="setting"):
                    yield Label("Place", classes="field-label")
                    yield Input(
                        place, placeholder="province or city", compact=True, id="dice-place"
                    )
                    yield TickBox(
                        "naval battle: fleets, naval PM (T3.6, T3.7)",
                        value=naval,
                        id="dice-naval",
                        compact=True,
                    )
                with Horizontal(classes="setting", id="dice-intercept-row") as row:
                    row.display = naval
                    yield Label("Intercept", classes="field-label")
                    yield Select(
                        SEEKERS,
                        value="a",
                        allow_blank=False,
                        compact=True,
                        id="dice-seeks",
                    )
                    yield Label("troops carried by the avoiding fleet", classes="field-label")
                    yield Input("0", compact=True, id="dice-troops", classes="retreat")
                    yield Label("PM  (f9 rolls T3.6)", classes="field-label")
                yield FieldError(id="dice-setup-error")
                yield FieldNote(id="dice-intercept")
            with Horizontal(id="dice-status"):
                yield Static("", id="dice-side-a-state", classes="dice-side")
                yield Static("", id="dice-side-b-state", classes="dice-side")
                with Vertical(id="dice-odds") as odds:
                    odds.border_title = "Exact odds from here (T3.8)"
                    yield Static("", id="dice-odds-text")
            with Vertical(id="dice-rounds-box") as rounds:
                rounds.border_title = "Rounds (T3.1: each die ≥ target hits)"
                yield DataTable(id="dice-rounds", cursor_type="none", zebra_stripes=True)
            yield Static("", id="dice-result")
            yield FieldError(id="dice-record-error")
        yield CastraFooter()

    def on_mount(self) -> None:
        self.query_one("#dice-rounds", DataTable).add_columns(
            "round", "A dice", "A hits", "B dice", "B hits", "A left", "B left", "then"
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
        typed = self.query_one(widget_id, Input).value.strip() or "0"
        if not typed.isdigit():
            raise SetupProblem(field, f"{field}: a whole number of PM ≥ 0 (got {typed!r})")
        return int(typed)

    def _setup(self) -> dict[str, Any]:
        """The set-up as typed, checked for form only (the engine checks the rules)."""
        nations = self._nations()
        side_a = parse_side(self.query_one("#dice-side-a", Input).value, "side A", nations)
        side_b = parse_side(self.query_one("#dice-side-b", Input).value, "side B", nations)
        self._check_naval_city()
        self._check_in_play({"side_a": side_a, "side_b": side_b})
        return {
            "a": side_a,
            "b": side_b,
            "a_retreat_at": self._int("#dice-a-retreat", "A retreats at"),
            "b_retreat_at": self._int("#dice-b-retreat", "B retreats at"),
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
                        nation=nation,
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
                raise SetupProblem(field, describe(refusal, DICE_LABELS))

    def _naval(self) -> bool:
        return bool(self.query_one("#dice-naval", Checkbox).value)

    def _check_naval_city(self) -> None:
        """T3.5: a naval battle is fought first, between fleets, without the walls' doubling."""
        if self._naval() and self.query_one("#dice-city", Checkbox).value:
            raise SetupProblem("naval battle", NAVAL_AND_CITY)

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
            for key, field in (("a", "side A"), ("b", "side B")):
                text = self.query_one(f"#dice-side-{key}", Input).value
                if text.strip():
                    sides[field] = parse_side(text, field, nations)
            self._check_naval_city()
            self._check_in_play(sides)
        except SetupProblem as problem:
            return str(problem)
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
                    self.query_one(f"#dice-side-{side}", Input).value, f"side {label}", []
                )
            except SetupProblem:
                return f"[b]Side {label}[/b]\nnot set up"
            names = ", ".join(f"{n} {_pm(pm)}" for n, pm in contingents)
            return f"[b]Side {label}[/b]\n{names}\nPress f5 to start"
        view = engine_side_view(self.battle, side)
        choice = self.choices[side]
        shown = "[b red]RETREAT[/b red]" if choice == "retreat" else "fight on"
        unit = "naval PM" if self.battle.setup.naval else "PM"
        from converters.i18n import ngettext

        dice = ngettext("{count} die", "{count} dice", view["dice"]).format(count=view["dice"])
        lines = [
            f"[b]Side {label}[/b]  {_pm(view['pm'])} PM left, {dice}, hits on {view['target']}+"
        ]
        lines += [f"  {name}: {_pm(pm)} {unit}" for name, pm in view["contingents"]]
        if not engine_over(self.battle):
            lines.append(f"After this round: {shown}  (f{7 if side == 'a' else 8})")
        return "\n".join(lines)

    def _show_odds(self) -> None:
        text = self.query_one("#dice-odds-text", Static)
        try:
            asked = self._odds()
        except SetupProblem as problem:
            text.update(str(problem))
            return
        except (ValueError, ValidationError) as error:
            text.update(describe(error, DICE_LABELS))
            return
        if asked is None:
            text.update("The battle is over.")
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
        self.query_one("#dice-odds-text", Static).update(
            f"A wins        {_percent(odds.a_wins)}\n"
            f"B wins        {_percent(odds.b_wins)}\n"
            f"draw          {_percent(odds.draw)}\n"
            f"both withdraw {_percent(odds.both_withdraw)}\n"
            f"PM left: A {odds.a_expected_left:.2f}, B {odds.b_expected_left:.2f}"
        )

    def _odds(self) -> Any:
        """What T3.8 is computed from: (battle, A's and B's retreat thresholds, each side's choice
        for after this round, f7/f8, T3.3), from the current state; None once it is over."""
        retreat_a = self._int("#dice-a-retreat", "A retreats at")
        retreat_b = self._int("#dice-b-retreat", "B retreats at")

        battle = self.battle
        if battle is None:
            battle = engine_start(self._setup())
        if engine_over(battle):
            return None
        if max(battle.total_dice("a"), battle.total_dice("b")) > ODDS_MOST_DICE:
            # Exact odds grow fast with the dice; beyond this the screen would stall per key.
            raise SetupProblem("odds", f"odds: shown up to {ODDS_MOST_DICE} dice a side")
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
            error.update(str(problem))
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
            self.notify("The battle is over: ctrl+r records it, f5 starts another.")
            return
        self._roll(dict(self.choices))

    def _capture_due(self) -> bool:
        """T3.7: a naval battle won by a side whose capture dice are not rolled yet."""
        from converters.dice_battle import capture_due

        return self.battle is not None and capture_due(self.battle, self.capture)

    @work(thread=True, exclusive=True, group="dice-battle")
    def _roll(self, choices: dict[str, Any]) -> None:
        from converters.dice_battle import capture_due, play_step

        dice = castra_app(self).dice_for("Dice battle")
        battle = self.battle
        if not engine_over(battle):
            try:
                battle = play_step(battle, choices["a"], choices["b"], dice)
            except Exception as error:  # a cancelled physical roll leaves the battle as it was
                self.post_message(DiceNotRolled("dice-record-error", f"Not rolled: {error}"))
                return
        rolls = list(dice.rolls)
        capture, problem = None, ""
        if capture_due(battle):
            # T3.7 at once, in the same worker: physical mode asks for the capture dice next.
            try:
                capture = engine_capture(battle, dice)
            except Exception as error:  # cancelled: the battle stands, f6 rolls the capture
                problem = f"Capture not rolled: {error}; f6 rolls it (T3.7)"
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
                "The winner's capture dice (T3.7) are still to roll: press f6."
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
            f"{result['prestige']}\nPress ctrl+r to record it into the campaign."
        )

    def action_record(self) -> None:
        """Record the finished battle into the campaign (once)."""
        error = self.query_one("#dice-record-error", Static)
        if self.battle is None or not engine_over(self.battle):
            error.update("battle: fight it to the end first (f6)")
            return
        if self._recorded:
            error.update("battle: already recorded; f5 starts another")
            return
        if self._capture_due():
            error.update("capture: roll the winner's capture dice first (f6, T3.7)")
            return
        place = self.query_one("#dice-place", Input).value.strip()
        if not place:
            error.update("place: type where the battle was fought (a province or city)")
            return
        ledger = castra_app(self).ledger
        try:
            event = engine_event(ledger.state(), self.battle, place, self._rolls, self.capture)
            summary = ledger.record(event).summary
        except (ValueError, ValidationError) as problem:
            error.update(f"Nothing recorded: {describe(problem, DICE_LABELS)}")
            return
        error.update("")
        self._recorded = True
        self.query_one("#dice-result", Static).update(f"[b]Recorded:[/b] {summary}")
        # Off the text fields, so the navigation keys (c for the campaign …) work at once.
        self.query_one("#dice-rounds", DataTable).focus()

    def action_intercept(self) -> None:
        """T3.6: one fleet seeks battle, the other avoids it: roll whether it is caught."""
        error = self.query_one("#dice-setup-error", Static)
        if not self._naval():
            error.update(
                "naval battle: interception (T3.6) is between fleets; tick naval battle first"
            )
            return
        try:
            setup = self._setup()
            engine_start(setup)
            troops = self._int("#dice-troops", "troops carried")
        except SetupProblem as problem:
            error.update(str(problem))
            return
        except (ValueError, ValidationError) as problem:
            error.update(describe(problem, DICE_LABELS))
            return
        error.update("")
        seeker = str(self.query_one("#dice-seeks", Select).value)
        fleets = {key: int(sum(pm for _nation, pm in setup[key])) for key in ("a", "b")}
        self._intercept(seeker, fleets, troops, setup["rules"])

    @work(thread=True, exclusive=True, group="dice-battle")
    def _intercept(self, seeker: str, fleets: dict[str, int], troops: int, rules: Any) -> None:
        dice = castra_app(self).dice_for("Dice battle")
        try:
            contact = engine_interception(seeker, fleets, troops, dice, rules)
        except Exception as error:  # a cancelled physical roll: nothing happened
            self.post_message(DiceNotRolled("dice-setup-error", f"Not rolled: {error}"))
            return
        verdict = interception_text(seeker, fleets, troops, contact.interception)
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
            shown.update(f"{verdict}: fleet {avoider} is caught; f6 rolls round 1.")
            return
        if contact.fought:
            shown.update(f"{verdict}, but the set-up changed: fix it and press f5.")
            return
        # Not caught: no battle (T3.6); whatever was on the screen is cleared.
        self.battle = None
        self.capture = None
        self.interception = None
        self._rolls = []
        self._recorded = False
        self.query_one("#dice-rounds", DataTable).clear()
        shown.update(f"{verdict}: fleet {avoider} slips away; [b]no battle[/b].")
        self.query_one("#dice-result", Static).update(
            f"[b]No naval battle (T3.6):[/b] fleet {avoider} was not intercepted."
        )
        self.query_one("#dice-record-error", Static).update("")
        self._show_status()
        self._show_odds()

    def action_back(self) -> None:
        """Escape leaves a text field; pressed again, it goes back to the battle desk when this
        battle was sent from there."""
        if self.focused is not None and not isinstance(self.focused, DataTable):
            self.set_focus(None)  # a text field, a checkbox or a picker: the letter keys work again
        elif len(self.app.screen_stack) > 1 and self.app.screen is self:
            self.app.pop_screen()


# --------------------------------------------------------------------- the engine, from converters
APPROACHES: tuple[tuple[str, str], ...] = (
    ("open ground", "open"),
    ("a mountain road (B +1)", "mountain_road"),
    ("a landing (B +1)", "landing"),
)
"""How side A (the attacker) came, for T3.2."""

SEEKERS: tuple[tuple[str, str], ...] = (
    ("A seeks battle, B avoids it", "a"),
    ("B seeks battle, A avoids it", "b"),
)
"""T3.6: which fleet seeks the battle the other avoids (the one that avoids may be caught)."""

NAVAL_AND_CITY = "naval battle: fleets fight without city walls (T3.5); untick naval battle or city"
"""The one line shown when both are ticked, as the command line refuses --naval with --city."""

OUTCOME_WORDS = {
    "a_wins": "Side A wins",
    "b_wins": "Side B wins",
    "draw": "Draw: both sides wiped out in the same round",
    "both_withdrew": "Both sides withdrew: nobody wins",
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
        label = str(record.number) if record.kind == "round" else "pursuit"
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
    return {"continue": "fight on", "retreat": "retreat"}.get(choice or "", "")


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


def interception_text(seeker: str, fleets: dict[str, int], troops: int, roll: Any) -> str:
    """The T3.6 roll, the sum it is rolled against and the verdict, in one line."""
    if roll.reading == "at_least":
        sign = "≥" if roll.intercepted else "<"
        rule = _(" (house rule interception = at_least)")
    else:
        sign = "≤" if roll.intercepted else ">"
        rule = ""
    caught = "intercepted" if roll.intercepted else "not intercepted"
    return (
        f"T3.6: 1d6 = {roll.roll} {sign} fleets {fleets['a']} + {fleets['b']} + troops "
        f"{troops} = {roll.against} → {caught}{rule}"
    )


def engine_result(battle: Any, event: Any, capture: Any = None) -> dict[str, str]:
    """Headline, losses per contingent, T3.7 captures and prestige of a finished battle."""
    from converters.dice_battle import battle_result

    result = battle_result(battle)
    headline = f"{OUTCOME_WORDS[result.outcome]} after {result.rounds_fought} round(s)"
    if result.outcome == "both_withdrew" and battle.setup.both_retreat == "both_pursued":
        headline += _(", each after a pursuit roll (house rule both_retreat = both_pursued)")
    if event is None:
        return {"headline": headline}
    unit = "naval PM" if battle.setup.naval else "PM"
    losses = []
    for key, side in (("A", result.a), ("B", result.b)):
        for c in side.contingents:
            line = f"{key} {c.nation}: lost {_pm(c.pm_lost)} of {_pm(c.pm_start)} {unit}"
            if c.prisoners:
                line += f", {_pm(c.prisoners)} taken prisoner (T3.5)"
            losses.append(line)
    capture_text = ""
    if capture is not None and result.winner is not None:
        # The ledger adds the captured ships to the first contingent listed on the winning side.
        taker = battle.setup.side(result.winner).contingents[0].nation
        faces = " ".join(str(face) for face in capture.rolls)
        capture_text = (
            f"Capture (T3.7, 4+): {result.winner.upper()} rolled {faces} → "
            f"{capture.captured} captured (join {taker}'s fleet), {capture.sunk} sunk\n"
            if capture.rolls
            else "Capture (T3.7): no enemy ship destroyed, nothing to roll for\n"
        )
    if event.prestige:
        points = ", ".join(f"{nation} {pp:+d}" for nation, pp in event.prestige.items())
        prestige_text = f"Prestige ({event.prestige_reason}): {points}"
    else:
        prestige_text = "Prestige (T4.1): none, nobody won"
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
