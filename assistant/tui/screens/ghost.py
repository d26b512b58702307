"""The ghost general at the table: a solo Altar of Freedom battle, turn by turn (G1–G4).

The player sets up the ghost's general (or rolls him, G1) and order of battle, then each ghost
turn types the running loss points of both sides (G2.1) and the ghost's units lost. The screen
shows the ghost's order in a banner with its reason and dice (G3), the priority-point allocation
(G4.1–G4.3), the clock choice (G4.4), the retreat countdown (G3.3) and the gap over the turns.
Every decision comes from :class:`ghost.battle.GhostBattle`; the battle is saved with the
campaign after each step so it can be resumed.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import (
    DataTable,
    Input,
    Label,
    Select,
    Static,
    TextArea,
)
from textual.worker import get_current_worker

from assistant.tui.errors import describe
from assistant.tui.ledger_service import castra_app
from assistant.tui.widgets.battle_error import FieldError
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.ghost_chart import GhostGapChart
from assistant.tui.widgets.header import CastraHeader
from converters import errors
from converters.i18n import N_, _
from converters.said import render, said
from converters.system_errors import system_reason
from ghost.army_text import ArmyProblem, army_text, parse_army

SAMPLE_ARMY = N_(
    "I Corps (good): 1st Division 0 +1 0; 2nd Division 0 0 -1\n"
    "II Corps (mediocre): 3rd Division +1 0 0; 4th Division 0 0\n"
)
"""An order of battle to start from, in the format the box reads (one corps a line), shown in
the reader's language ("I Corpo (buono): 1ª Divisione …"): the box reads either."""


LOSS_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("fatigue", N_("fatigue"), N_("fatigue points on the side's brigades (1 each)")),
    ("objectives", N_("obj. lost"), N_("objectives lost (1 each)")),
    (
        "generals",
        N_("generals"),
        N_("command points of each general killed or captured, e.g. 2 3"),
    ),
    ("hqs", N_("HQs"), N_("HQs eliminated (6 each)")),
    ("routed", N_("routed"), N_("strength modifier of each routed brigade, e.g. 0 +1 -1")),
)
"""G2.1's loss items, as running totals the player types for each side."""


LOSS_LABELS: dict[str, str] = {
    "fatigue": N_("fatigue"),
    "objectives_lost": N_("obj. lost"),
    "generals_lost": N_("generals"),
    "hqs_eliminated": N_("HQs"),
    "routed_brigades": N_("routed"),
}
"""G2.1's loss points (ghost.gap.LossPoints) by the loss table's column labels."""

SIDE_LOSS_LABELS: dict[str, dict[str, str]] = {
    "gr": {
        "fatigue": N_("your fatigue"),
        "objectives_lost": N_("your objectives lost"),
        "generals_lost": N_("your generals"),
        "hqs_eliminated": N_("your HQs"),
        "routed_brigades": N_("your routed brigades"),
    },
    "gf": {
        "fatigue": N_("ghost's fatigue"),
        "objectives_lost": N_("ghost's objectives lost"),
        "generals_lost": N_("ghost's generals"),
        "hqs_eliminated": N_("ghost's HQs"),
        "routed_brigades": N_("ghost's routed brigades"),
    },
}
"""Each side's loss points by the words a refusal names them with (yours or the ghost's)."""

ARMY_LABELS: dict[str, str] = {
    "brigades": N_("brigade modifiers"),
    "divisions": N_("divisions"),
    "quality": N_("quality"),
    "name": N_("name"),
    "corps": N_("corps"),
    "other_units": N_("Other units"),
}
"""The order of battle's parts, as the army box and its fields call them."""

GHOST_LABELS: dict[str, str] = {
    **LOSS_LABELS,
    **ARMY_LABELS,
    "side": N_("Side"),
    "personality": N_("Personality"),
    "quality": N_("Quality"),
    "units_lost": N_("Ghost units lost"),
}
"""Every field of the ghost screen by its label, for :func:`assistant.tui.errors.describe`."""


class GhostStepped(Message):
    """A ghost worker finished a step (posted from its thread; handled on the app's)."""

    def __init__(self, step: str, battle: Any, result: Any = None) -> None:
        super().__init__()
        self.step = step
        """Which step: general, opened, turn, turn-ended, pp or clock."""
        self.battle = battle
        """The battle after the step (the worker's own copy), or None before one is open."""
        self.result = result
        """What the step gives to show: the rolled general, the PP allocation, the clock."""


class GhostStepFailed(Message):
    """A ghost worker's step was refused or its die abandoned; nothing changed."""

    def __init__(self, where: str | None, text: str) -> None:
        super().__init__()
        self.where = where
        """Id of the line that says why (None: a notification)."""
        self.text = text
        """Why, in one line."""


def _post_unless_cancelled(screen: Screen[Any], message: Message) -> None:
    """Post a worker's outcome, unless a newer step of the same group replaced the worker."""
    if not get_current_worker().is_cancelled:
        screen.post_message(message)


def _whole(text: str, field: str) -> int:
    typed = text.strip()
    if not typed:
        return 0
    if not typed.isdigit():
        raise errors.FieldError(
            field=field, message=_("a whole number ≥ 0 (got {typed!r})"), typed=typed
        )
    return int(typed)


def _numbers(text: str, field: str) -> list[int]:
    values: list[int] = []
    for word in text.replace(",", " ").split():
        if not re.fullmatch(r"[+-]?\d+", word):
            raise errors.FieldError(
                field=field,
                message=_("whole numbers separated by spaces (got {word!r})"),
                word=word,
            )
        values.append(int(word))
    return values


class GhostScreen(Screen[None]):
    """Set up the ghost, then play his turns: orders, PP, clock, countdown and the gap."""

    TITLE = N_("Ghost general")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "generate", N_("General"), tooltip=N_("Roll the ghost general (G1)")),
        Binding("f6", "open_battle", N_("Open"), tooltip=N_("Open the battle with this army")),
        Binding("f7", "start_turn", N_("Turn"), tooltip=N_("The ghost's turn: order and dice")),
        Binding("f8", "allocate_pp", N_("PP")),
        Binding("f9", "clock", N_("Clock")),
        Binding("f10", "end_turn", N_("End turn")),
        Binding("ctrl+n", "new_battle", N_("New")),
        Binding("escape", "leave_field", N_("Leave field"), show=False),
    ]

    battle: reactive[Any] = reactive(None, init=False)
    """The :class:`ghost.battle.GhostBattle` in progress, or None before the opening. Each step
    is a new battle (a worker's copy), so the general, army and banner follow every step
    (``watch_battle``)."""

    def __init__(self) -> None:
        super().__init__()
        self._loaded = False

    def action_leave_field(self) -> None:
        """Escape leaves a text field, so the one-letter screen keys (c, b, d …) work again."""
        self.set_focus(None)

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield CastraHeader()
        with VerticalScroll(id="ghost"):
            with Horizontal(id="ghost-setup"):
                with Vertical(id="ghost-general") as general:
                    general.border_title = _("Ghost general (G1)")
                    with Horizontal(classes="setting"):
                        yield Label(_("Side"), classes="field-label")
                        yield Select(
                            [(_("North"), "north"), (_("South"), "south")],
                            value="north",
                            allow_blank=False,
                            compact=True,
                            id="ghost-side",
                        )
                    with Horizontal(classes="setting"):
                        yield Label(_("Quality"), classes="field-label")
                        yield Select(
                            [(_(q), q) for q in ("poor", "mediocre", "good", "excellent")],
                            value="good",
                            allow_blank=False,
                            compact=True,
                            id="ghost-quality",
                        )
                    with Horizontal(classes="setting"):
                        yield Label(_("Personality"), classes="field-label")
                        yield Select(
                            [(_(p), p) for p in ("unstable", "prudent", "organised", "aggressive")],
                            value="organised",
                            allow_blank=False,
                            compact=True,
                            id="ghost-personality",
                        )
                    yield Static("", id="ghost-profile")
                with Vertical(id="ghost-army-box") as army:
                    army.border_title = _("Order of battle: NAME (quality): Division mods; …")
                    yield TextArea(_(SAMPLE_ARMY), id="ghost-army", soft_wrap=False)
                    with Horizontal(classes="setting"):
                        yield Label(_("Other units (batteries, HQs)"), classes="field-label")
                        yield Input("0", compact=True, id="ghost-other-units")
                    yield Static("", id="ghost-army-summary")
                    yield FieldError(id="ghost-army-error")
            yield Static("", id="ghost-banner")
            with Horizontal(id="ghost-play"):
                with Vertical(id="ghost-losses") as losses:
                    losses.border_title = _("Loss points so far (G2.1), then f7")
                    with Horizontal(classes="setting loss-head"):
                        yield Label("", classes="loss-side")
                        for _field, label, _hint in LOSS_FIELDS:
                            yield Label(_(label), classes="loss-label")
                    for side, name in (("gr", _("You")), ("gf", _("Ghost"))):
                        with Horizontal(classes="setting"):
                            yield Label(name, classes="loss-side")
                            for field, _label, hint in LOSS_FIELDS:
                                yield Input(
                                    placeholder="0" if field not in ("generals", "routed") else "",
                                    tooltip=_(hint),
                                    compact=True,
                                    id=f"{side}-{field}",
                                    classes="loss",
                                )
                    # The two columns that are lists, not counts, say so (issue 27: a 0 typed
                    # as "none" under routed was a brigade routed at modifier 0, 6 points).
                    yield Static(
                        _(
                            "generals: each one's command points (2 3); routed: each routed "
                            "brigade's strength modifier (0 +1 −1), 6 + it each; blank: none"
                        ),
                        id="ghost-loss-hint",
                        classes="hint",
                    )
                    with Horizontal(classes="setting"):
                        yield Label(_("Ghost units lost (G3.4)"), classes="field-label")
                        yield Input(placeholder="0", compact=True, id="gf-units-lost")
                    yield Static("", id="ghost-loss-total")
                    yield FieldError(id="ghost-loss-error")
                    with Horizontal(classes="setting"):
                        yield Label(_("Clock dice offered (G4.4)"), classes="field-label")
                        yield Input(placeholder=_("e.g. 2 5"), compact=True, id="clock-dice")
                    yield Static("", id="ghost-clock")
                    yield Static("", id="ghost-countdown")
                with Vertical(id="ghost-pp") as pp:
                    pp.border_title = _("Priority points (G4.1–G4.3), f8")
                    yield DataTable(id="pp-table", cursor_type="none", zebra_stripes=True)
                    yield Static("", id="pp-summary")
            with Vertical(id="ghost-gap-box") as gap:
                gap.border_title = _("The gap over the turns (G2.2)")
                yield GhostGapChart(id="ghost-chart")
        yield CastraFooter()

    def on_mount(self) -> None:
        self.query_one("#pp-table", DataTable).add_columns(
            _("who"), "PP", _("to div."), _("reserve"), _("clock"), _("lost")
        )
        castra_app(self).ledger.follow(self, self.refresh_from_store)
        self._resume()
        self._show_profile()
        self._show_army()
        self._show_losses()
        self._show_battle()

    def refresh_from_store(self) -> None:
        """Another screen changed the campaign (e.g. undo): reload a saved battle if we had none."""
        if self.battle is None:
            self._resume()

    def watch_battle(self) -> None:
        self._show_profile()
        self._show_army()
        self._show_battle()

    # ----------------------------------------------------------------- reading the form
    def _general(self) -> Any:
        from ghost.generals import GeneralProfile

        return GeneralProfile(
            side=self.query_one("#ghost-side", Select).value,
            quality=self.query_one("#ghost-quality", Select).value,
            personality=self.query_one("#ghost-personality", Select).value,
        )

    def _army(self) -> Any:
        units_text = self.query_one("#ghost-other-units", Input).value
        try:
            other = _whole(units_text, _("other units"))
        except ValueError as error:
            raise ArmyProblem((), "{reason}", reason=error) from None
        return parse_army(self.query_one("#ghost-army", TextArea).text, other)

    def _losses(self) -> Any:
        from ghost.battle import TurnLosses
        from ghost.gap import LossPoints

        points = {}
        for side in ("gr", "gf"):
            labels = SIDE_LOSS_LABELS[side]

            def text(field: str, side: str = side) -> str:
                return self.query_one(f"#{side}-{field}", Input).value

            try:
                points[side] = LossPoints(
                    fatigue=_whole(text("fatigue"), _(labels["fatigue"])),
                    objectives_lost=_whole(text("objectives"), _(labels["objectives_lost"])),
                    generals_lost=_numbers(text("generals"), _(labels["generals_lost"])),
                    hqs_eliminated=_whole(text("hqs"), _(labels["hqs_eliminated"])),
                    routed_brigades=_numbers(text("routed"), _(labels["routed_brigades"])),
                )
            except ValidationError as error:
                raise ValueError(describe(error, labels)) from None
        units_lost = _whole(
            self.query_one("#gf-units-lost", Input).value, _(GHOST_LABELS["units_lost"])
        )
        return TurnLosses.from_points(points["gr"], points["gf"], units_lost)

    # ----------------------------------------------------------------- showing
    def _show_profile(self) -> None:
        profile = self.query_one("#ghost-profile", Static)
        try:
            general = self.battle.general if self.battle is not None else self._general()
        except (ValidationError, ValueError) as error:
            profile.update(describe(error, GHOST_LABELS))
            return
        profile.update(
            _("{quality} {personality} ({side})").format(
                quality=_(general.quality.value),
                personality=_(general.personality.value),
                side=_(general.side),
            )
            + "\n"
            + _(
                "command points {command_points} · radius {radius}″\n"
                "PP bonus +{pp_bonus} · order modifier {modifier:+d}\n"
                "gap threshold ±{gap_threshold}% · leaves at {leave_at} lost"
            ).format(
                command_points=general.command_points,
                radius=general.radius,
                pp_bonus=general.pp_bonus,
                modifier=general.modifier,
                gap_threshold=general.gap_threshold,
                leave_at=f"{general.leave_at}%",
            )
        )

    def _show_army(self) -> None:
        summary = self.query_one("#ghost-army-summary", Static)
        error = self.query_one("#ghost-army-error", Static)
        try:
            army = self.battle.state.army if self.battle is not None else self._army()
        except ArmyProblem as problem:
            summary.update("")
            error.update(str(problem))
            return
        error.update("")
        if army is None:
            summary.update("")
            return
        divisions = sum(len(c.divisions) for c in army.corps)
        summary.update(
            _(
                "{corps} corps · {divisions} divisions · strength {strength} (G2.2) · "
                "{units} units (G3.4)"
            ).format(
                corps=len(army.corps), divisions=divisions, strength=army.strength, units=army.units
            )
        )

    def _show_losses(self) -> None:
        total = self.query_one("#ghost-loss-total", Static)
        error = self.query_one("#ghost-loss-error", Static)
        try:
            losses = self._losses()
        except ValueError as problem:
            total.update("")
            error.update(str(problem))
            return
        error.update("")
        total.update(
            _("Loss points: you {you}, ghost {ghost}").format(
                you=losses.gr_loss, ghost=losses.gf_loss
            )
        )

    def _show_battle(self) -> None:
        banner = self.query_one("#ghost-banner", Static)
        banner.remove_class("attack", "manoeuvre", "retreat", "left_field")
        for widget_id in (
            "#ghost-side",
            "#ghost-quality",
            "#ghost-personality",
            "#ghost-army",
            "#ghost-other-units",
        ):
            self.query_one(widget_id).disabled = self.battle is not None
        if self.battle is None:
            banner.update(
                _(
                    "No battle yet. Set the general and the order of battle, then press f6 for "
                    "the opening order (G3.1)."
                )
            )
            self._show_gaps()
            self.query_one("#ghost-countdown", Static).update("")
            return
        state = self.battle.state
        order = self.battle.order
        banner.add_class(order.value)
        if state.turns:
            decision = state.turns[-1].summary
            heading = _("Turn {turn}").format(turn=state.turns[-1].turn)
        elif state.opening is not None:
            decision = state.opening
            heading = _("Opening")
        else:
            decision = None
            heading = ""
        lines = [f"[b]{_order_name(order)}[/b]  ·  {heading}"]
        if decision is not None:
            lines.append(f"{decision.rule}: {render(decision.said)}")
            if decision.rolls:
                dice = ", ".join(f"d{r.sides}={r.value} ({render(r.said)})" for r in decision.rolls)
                lines.append(_("Dice: {dice}").format(dice=dice))
            lines.append(_("Allows: {allows}").format(allows=_(decision.allows)))
        banner.update("\n".join(lines))
        self._show_gaps()
        self._show_countdown()

    def _show_gaps(self) -> None:
        from ghost.decisions import gap_for_display

        gaps: list[tuple[int, float]] = []
        threshold = 0
        if self.battle is not None:
            state = self.battle.state
            gaps = [(t.turn, gap_for_display(t.gap_pct)) for t in state.turns]
            threshold = state.general.gap_threshold
        self.query_one("#ghost-chart", GhostGapChart).show_gaps(gaps, threshold)

    def _show_countdown(self) -> None:
        countdown = self.query_one("#ghost-countdown", Static)
        if self.battle is None or self.battle.battle_over:
            countdown.update("")
            return
        value = self.battle.countdown_value
        state = self.battle.state
        ended = _("ended") if state.turn_ended else _("not ended yet (f10)")
        if value is None:
            countdown.update(
                _("Retreat countdown (G3.3): not running · turn {turn} {ended}").format(
                    turn=self.battle.turn, ended=ended
                )
            )
        else:
            countdown.update(
                _(
                    "Retreat countdown (G3.3): next roll needs {value}+ (1d6 {modifier:+d}) · "
                    "turn {turn} {ended}"
                ).format(
                    value=value,
                    modifier=state.general.modifier,
                    turn=self.battle.turn,
                    ended=ended,
                )
            )

    # ----------------------------------------------------------------- reacting
    @on(Select.Changed)
    def _general_changed(self) -> None:
        self._show_profile()

    @on(TextArea.Changed)
    def _army_changed(self) -> None:
        self._show_army()

    @on(Input.Changed, "#ghost-other-units")
    def _units_changed(self) -> None:
        self._show_army()

    @on(Input.Changed, ".loss, #gf-units-lost")
    def _losses_changed(self) -> None:
        self._show_losses()

    # ----------------------------------------------------------------- actions
    def action_generate(self) -> None:
        """G1: roll the general's quality and personality (before the battle opens)."""
        if self.battle is not None:
            self.notify(
                _("The battle has begun: start a new one (ctrl+n) to roll a new general."),
                severity="warning",
            )
            return
        self._roll_general(str(self.query_one("#ghost-side", Select).value))

    @work(thread=True, exclusive=True, group="ghost")
    def _roll_general(self, side: str) -> None:
        from ghost.generals import generate_general

        dice = castra_app(self).dice_for(said(N_("Ghost G1")))
        try:
            rolled = generate_general(side, dice)  # type: ignore[arg-type]
        except Exception as error:  # a cancelled physical roll: nothing changes
            _post_unless_cancelled(
                self, GhostStepFailed(None, _("General not rolled: {error}").format(error=error))
            )
            return
        _post_unless_cancelled(self, GhostStepped("general", self.battle, rolled))

    def _general_rolled(self, rolled: Any) -> None:
        general = rolled.general
        self.query_one("#ghost-quality", Select).value = general.quality.value
        self.query_one("#ghost-personality", Select).value = general.personality.value
        dice = ", ".join(f"{render(r.said)} d{r.sides}={r.value}" for r in rolled.rolls)
        rolled_a = _("Rolled a {quality} {personality} general").format(
            quality=_(general.quality.value), personality=_(general.personality.value)
        )
        self.query_one("#ghost-banner", Static).update(
            f"[b]{rolled_a}[/b] ({dice}). " + _("Press f6 for the opening order.")
        )
        self._show_profile()

    def action_open_battle(self) -> None:
        """G3.1: fix the general and army, and roll the opening order."""
        if self.battle is not None:
            self.notify(
                _("The battle is already open; ctrl+n starts a new one."), severity="warning"
            )
            return
        try:
            general = self._general()
            army = self._army()
        except ArmyProblem as problem:
            self.query_one("#ghost-army-error", Static).update(str(problem))
            return
        except (ValidationError, ValueError) as error:
            self.query_one("#ghost-army-error", Static).update(describe(error, GHOST_LABELS))
            return
        self._open(general, army, self._order_change())

    def _order_change(self) -> str:
        """G3.2: the campaign's house rule ``order_change`` (the default without a campaign)."""
        return castra_app(self).ledger.house_rules().order_change

    @work(thread=True, exclusive=True, group="ghost")
    def _open(self, general: Any, army: Any, order_change: Any = "sign_inversion") -> None:
        from ghost.battle import GhostBattle

        try:
            battle = GhostBattle(general, army=army, order_change=order_change)
            battle.open(castra_app(self).dice_for(said(N_("Ghost"))))
        except Exception as error:
            _post_unless_cancelled(
                self, GhostStepFailed("ghost-army-error", describe(error, GHOST_LABELS))
            )
            return
        _post_unless_cancelled(self, GhostStepped("opened", battle))

    def _opened(self, _: Any) -> None:
        self._save()

    @on(GhostStepped)
    def _stepped(self, message: GhostStepped) -> None:
        """A worker's step is done: its battle (a copy it worked on) becomes the battle."""
        self.battle = message.battle
        shows = {
            "general": self._general_rolled,
            "opened": self._opened,
            "turn": self._turn_done,
            "turn-ended": self._turn_ended,
            "pp": self._pp_done,
            "clock": self._clock_chosen,
        }
        shows[message.step](message.result)

    @on(GhostStepFailed)
    def _failed(self, message: GhostStepFailed) -> None:
        """Refused, or a die abandoned: the battle is exactly as before the key."""
        if message.where is None:
            self.notify(message.text)
        else:
            self.query_one(f"#{message.where}", Static).update(message.text)

    def _battle_copy(self) -> Any:
        """The battle for a worker to change: a copy, so a refusal or an abandoned die (or the
        player moving on) leaves the screen's battle as it was."""
        from ghost.battle import GhostBattle

        return GhostBattle.from_state(self.battle.state.model_copy(deep=True))

    def action_start_turn(self) -> None:
        """G3.2 then G3.4 on the losses typed (ends the previous turn's countdown if needed)."""
        if self.battle is None:
            self.query_one("#ghost-loss-error", Static).update(
                "battle: press f6 for the opening order first"
            )
            return
        if self.battle.turn > 0 and not self.battle.state.turn_ended:
            # G3.3 before G3.2: the turn's retreat countdown is rolled and shown before the
            # next turn is assessed, not passed over by the next f7.
            self.query_one("#ghost-loss-error", Static).update(
                _("Turn {turn} is not ended yet: f10 first (its retreat countdown, G3.3)").format(
                    turn=self.battle.turn
                )
            )
            return
        try:
            losses = self._losses()
        except ValueError as problem:
            self.query_one("#ghost-loss-error", Static).update(str(problem))
            return
        self._run_turn(losses)

    @work(thread=True, exclusive=True, group="ghost")
    def _run_turn(self, losses: Any) -> None:
        battle = self._battle_copy()
        try:
            battle.start_turn(losses, castra_app(self).dice_for(said(N_("Ghost"))))
        except Exception as error:
            _post_unless_cancelled(
                self, GhostStepFailed("ghost-loss-error", describe(error, GHOST_LABELS))
            )
            return
        _post_unless_cancelled(self, GhostStepped("turn", battle))

    def _turn_done(self, _: Any) -> None:
        self.query_one("#ghost-loss-error", Static).update("")
        self.query_one("#pp-table", DataTable).clear()
        self.query_one("#pp-summary", Static).update("")
        self.query_one("#ghost-clock", Static).update("")
        self._save()

    def action_end_turn(self) -> None:
        """G3.3: the end-of-turn retreat countdown."""
        if self.battle is None or self.battle.turn == 0 or self.battle.state.turn_ended:
            self.notify(_("No ghost turn to end: press f7 to start one."), severity="warning")
            return
        self._run_end_turn()

    @work(thread=True, exclusive=True, group="ghost")
    def _run_end_turn(self) -> None:
        battle = self._battle_copy()
        try:
            battle.end_turn(castra_app(self).dice_for(said(N_("Ghost"))))
        except Exception as error:
            _post_unless_cancelled(
                self, GhostStepFailed("ghost-loss-error", describe(error, GHOST_LABELS))
            )
            return
        _post_unless_cancelled(self, GhostStepped("turn-ended", battle))

    def _turn_ended(self, _result: Any) -> None:
        self._save()
        last = self.battle.state.turns[-1].decisions[-1]
        ended = _("End of turn {turn} ({rule}): {reason}").format(
            turn=self.battle.turn, rule=last.rule, reason=render(last.said)
        )
        dice = ", ".join(f"d{r.sides}={r.value}" for r in last.rolls)
        self.query_one("#ghost-countdown", Static).update(
            ended + (" " + _("Dice: {dice}").format(dice=dice) if last.rolls else "")
        )

    def action_allocate_pp(self) -> None:
        """G4.1–G4.3: this turn's priority points, after the real player has allocated his."""
        if self.battle is None:
            self.notify(_("Open the battle first (f6)."), severity="warning")
            return
        if self.battle.battle_over:
            self.notify(_("The ghost's battle is over: no more PP."), severity="warning")
            return
        self._run_pp()

    @work(thread=True, exclusive=True, group="ghost")
    def _run_pp(self) -> None:
        battle = self._battle_copy()
        try:
            allocation = battle.allocate_pp(castra_app(self).dice_for(said(N_("Ghost PP"))))
        except Exception as error:
            _post_unless_cancelled(
                self, GhostStepFailed("pp-summary", describe(error, GHOST_LABELS))
            )
            return
        _post_unless_cancelled(self, GhostStepped("pp", battle, allocation))

    def _pp_done(self, allocation: Any) -> None:
        table = self.query_one("#pp-table", DataTable)
        table.clear()
        for general in allocation.generals:
            table.add_row(
                f"{render(general.said)} ({_(general.quality.value)})",
                str(general.pp),
                str(general.divisions),
                str(general.reserve),
                str(general.clock),
                str(general.lost),
            )
        for name, pp in allocation.divisions.items():
            table.add_row(f"  {name}", str(pp) if pp else "—", "", "", "", "")
        dice = " ".join(str(r.value) for r in allocation.rolls)
        summary = _("Reserve {reserve} · clock {clock} · lost {lost} · dice {dice}").format(
            reserve=allocation.reserve, clock=allocation.clock, lost=allocation.lost, dice=dice
        )
        self.query_one("#pp-summary", Static).update(
            "\n".join([summary, *(render(note) for note in allocation.notes)])
        )

    def action_clock(self) -> None:
        """G4.4: which of the two offered d6 the ghost subtracts from the clock."""
        clock = self.query_one("#ghost-clock", Static)
        if self.battle is None:
            clock.update(_("clock: open the battle first (f6)"))
            return
        try:
            offered = _numbers(self.query_one("#clock-dice", Input).value, _("clock dice"))
            if len(offered) != 2:
                raise errors.FieldError(
                    field=_("clock dice"), message=_("type the two d6 offered, e.g. 2 5")
                )
        except ValueError as problem:
            clock.update(f"[red]{problem}[/red]")
            return
        self._run_clock((offered[0], offered[1]))

    @work(thread=True, exclusive=True, group="ghost")
    def _run_clock(self, offered: tuple[int, int]) -> None:
        battle = self._battle_copy()
        try:
            choice = battle.choose_clock(
                offered, castra_app(self).dice_for(said(N_("Ghost clock")))
            )
        except Exception as error:
            failed = GhostStepFailed("ghost-clock", f"[red]{describe(error, GHOST_LABELS)}[/red]")
            _post_unless_cancelled(self, failed)
            return
        _post_unless_cancelled(self, GhostStepped("clock", battle, choice))

    def _clock_chosen(self, choice: Any) -> None:
        self.query_one("#ghost-clock", Static).update(
            _("Clock (G4.4): subtract {subtract} — {reason}").format(
                subtract=choice.subtract, reason=render(choice.said)
            )
        )

    def action_new_battle(self) -> None:
        """Put the current battle aside and set up a new one, once the player says so."""
        if self.battle is None:
            return
        from assistant.tui.screens.confirm import ConfirmScreen
        from converters.i18n import _

        def answered(yes: bool | None) -> None:
            if yes:
                self._put_aside()

        self.app.push_screen(
            ConfirmScreen(
                _("New ghost battle"),
                _("Put this battle (turn {turn}) aside for good and set up a new one?").format(
                    turn=self.battle.turn
                ),
            ),
            callback=answered,
        )

    def _put_aside(self) -> None:
        self._save()
        try:
            castra_app(self).ledger.finish_ghost_battle(put_aside=True)
        except Exception as error:  # refused or unwritable: the battle stays, nothing lost
            self.notify(
                _("Ghost battle not kept: {error}").format(error=system_reason(error)),
                severity="error",
            )
            return
        self.battle = None
        for table in self.query(DataTable):
            table.clear()
        for widget_id in ("#pp-summary", "#ghost-clock", "#ghost-countdown", "#ghost-loss-error"):
            self.query_one(widget_id, Static).update("")
        # A new battle starts from no losses: the old battle's running totals go with it.
        for field in self.query(".loss, #gf-units-lost, #clock-dice").results(Input):
            field.value = ""
        self._show_losses()

    # ----------------------------------------------------------------- saving with the campaign
    def _entries(self) -> dict[str, str]:
        """The turn fields as typed, by id (saved with the battle, G2.1)."""
        return {
            field.id: field.value
            for field in self.query(".loss, #gf-units-lost, #clock-dice").results(Input)
            if field.id is not None and field.value
        }

    @on(Input.Changed, ".loss, #gf-units-lost, #clock-dice")
    def _entry_changed(self) -> None:
        if self.battle is not None and self.battle.state.entries != self._entries():
            self._save()

    def _save(self) -> None:
        if self.battle is not None:
            self.battle.keep_entries(self._entries())
        try:
            ledger = castra_app(self).ledger
            ledger.save_ghost_battle(None if self.battle is None else self.battle.state)
            if self.battle is not None and self.battle.battle_over:
                # The ghost has left the field: the battle is over and goes into the ledger
                # now (it stays on screen until ctrl+n; ending it again keeps it once).
                ledger.finish_ghost_battle(put_aside=False)
        except Exception as error:  # the battle goes on even if the campaign cannot store it
            self.notify(
                _("Ghost battle not saved: {error}").format(error=system_reason(error)),
                severity="error",
            )

    def _resume(self) -> None:
        try:
            state = castra_app(self).ledger.ghost_battle()
        except Exception as error:
            self.notify(
                _("Saved ghost battle not read: {error}").format(error=system_reason(error)),
                severity="warning",
            )
            return
        if state is None:
            return
        from ghost.battle import GhostBattle

        self.battle = GhostBattle.from_state(state)
        general = state.general
        self.query_one("#ghost-side", Select).value = general.side
        self.query_one("#ghost-quality", Select).value = general.quality.value
        self.query_one("#ghost-personality", Select).value = general.personality.value
        if state.army is not None:
            self.query_one("#ghost-army", TextArea).text = army_text(state.army)
            self.query_one("#ghost-other-units", Input).value = str(state.army.other_units)
        for field in self.query(".loss, #gf-units-lost, #clock-dice").results(Input):
            field.value = state.entries.get(str(field.id), "")
        if state.turns and not state.entries:  # saved before the fields were kept
            last = state.turns[-1].losses
            self.query_one("#gf-units-lost", Input).value = str(last.units_lost or "")


def _order_name(order: Any) -> str:
    value = str(order.value)
    names = {
        "pre_battle": N_("BEFORE THE BATTLE"),
        "attack": N_("ATTACK"),
        "manoeuvre": N_("MANOEUVRE / DEFENCE"),
        "retreat": N_("GENERAL RETREAT"),
        "left_field": N_("LEFT THE FIELD"),
    }
    return _(names[value]) if value in names else value.upper()
