"""One solo battle against the ghost, as the app and the replay drive it.

:class:`GhostBattle` is the small facade over G1–G4: it holds the general, the army's strength
and units and the orders machine, runs each ghost turn in the rulebook's order (assessment
G3.2, leave-the-field check G3.4, end-of-turn countdown G3.3), and keeps the turn history in a
pydantic :class:`BattleState` so a solo battle can be saved and resumed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field, model_validator

from converters.dice import Dice
from converters.errors import FieldError
from converters.house_rules import OrderChange
from converters.i18n import _
from ghost.clock import ClockChoice, choose_clock
from ghost.decisions import Decision, Order, reasons
from ghost.gap import LossPoints, brigade_strength
from ghost.generals import GeneralProfile, Quality
from ghost.orders import GhostGeneral, OrdersMemory
from ghost.priority import CorpsCommand, DivisionName, PpAllocation, PpOrder, allocate_pp

__all__ = [
    "BattleState",
    "Corps",
    "Division",
    "GhostArmy",
    "GhostBattle",
    "TurnLosses",
    "TurnRecord",
    "merge_decisions",
]


class Division(BaseModel):
    """A ghost division: the unit of activation, made of brigades."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: DivisionName
    """Its name on the roster (not blank; surrounding spaces are dropped)."""
    brigades: list[int] = Field(default_factory=list)
    """Strength modifier (−3 … +3) of each brigade (G2.1: strength 6 + modifier)."""

    @property
    def strength(self) -> int:
        """G2.2: strength points of its brigades."""
        return sum(brigade_strength(modifier) for modifier in self.brigades)


class Corps(BaseModel):
    """A ghost corps: a corps general and his divisions, top of the roster first."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quality: Quality
    """The corps general's quality (G1)."""
    divisions: list[Division] = Field(min_length=1)
    """Its divisions in roster order."""
    name: str = ""
    """A label for the corps (optional)."""


class GhostArmy(BaseModel):
    """The ghost's order of battle: what G2.2 strength, G3.4 units and G4 PP are counted on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    corps: list[Corps] = Field(min_length=1)
    """The corps in roster order."""
    other_units: int = Field(default=0, ge=0)
    """Units fielded that are not brigades (batteries, HQs …), for the G3.4 count."""

    @property
    def strength(self) -> int:
        """G2.2: strength points of every brigade."""
        return sum(division.strength for corps in self.corps for division in corps.divisions)

    @property
    def units(self) -> int:
        """G3.4: units fielded: every brigade plus the other units."""
        brigades = sum(len(d.brigades) for corps in self.corps for d in corps.divisions)
        return brigades + self.other_units

    def pp_order(self, general: GeneralProfile, out_of_radius: list[str] | None = None) -> PpOrder:
        """The G4 problem for this army under ``general``."""
        return PpOrder(
            side=general.side,
            army=general,
            corps=[
                CorpsCommand(quality=c.quality, divisions=[d.name for d in c.divisions])
                for c in self.corps
            ],
            out_of_radius=out_of_radius or [],
        )


class TurnLosses(BaseModel):
    """Running totals at the start of a ghost movement turn (G2.1, G3.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gr_loss: int = Field(default=0, ge=0)
    """The real player's loss points so far (G2.1)."""
    gf_loss: int = Field(default=0, ge=0)
    """The ghost's loss points so far (G2.1)."""
    units_lost: int = Field(default=0, ge=0)
    """Ghost units actually lost so far, of every type (G3.4)."""

    @classmethod
    def from_points(cls, gr: LossPoints, gf: LossPoints, units_lost: int) -> TurnLosses:
        """From each side's loss points item by item (G2.1)."""
        return cls(gr_loss=gr.total, gf_loss=gf.total, units_lost=units_lost)


class TurnRecord(BaseModel):
    """One ghost turn: the losses entered and every decision taken, in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int = Field(ge=1)
    """The ghost movement turn, from 1."""
    losses: TurnLosses
    """The losses it was assessed on."""
    gap_pct: Fraction
    """The gap % (G2.2), exact."""
    decisions: list[Decision] = Field(default_factory=list)
    """G3.2, G3.4 and (once the turn ends) G3.3."""

    @property
    def summary(self) -> Decision:
        """The turn as one decision: the final order, all rolls, all reasons."""
        return merge_decisions(self.decisions)


class BattleState(BaseModel):
    """Everything needed to resume a solo battle (save it with ``model_dump_json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    general: GeneralProfile
    """The ghost army general."""
    strength: int = Field(ge=1)
    """The ghost's strength points (G2.2)."""
    units: int = Field(ge=1)
    """Units the ghost fielded (G3.4)."""
    army: GhostArmy | None = None
    """The order of battle, when the user entered one (needed for :meth:`GhostBattle.allocate_pp`
    without explicit corps)."""
    memory: OrdersMemory = Field(default_factory=OrdersMemory)
    """The orders machine's memory."""
    opening: Decision | None = None
    """The G3.1 opening order, once given."""
    turns: list[TurnRecord] = Field(default_factory=list)
    """Every ghost turn so far."""
    turn_ended: bool = True
    """Whether the last turn's countdown (G3.3) has run."""
    entries: dict[str, str] = Field(default_factory=dict)
    """What the player has typed for the turns to come (running loss points, units lost, clock
    dice), as typed: a battle resumed in a new session carries on from the same figures."""

    @model_validator(mode="after")
    def _army_matches(self) -> BattleState:
        if self.army is not None and self.army.strength < 1:
            raise FieldError("army", _("the ghost's brigades must have at least 1 strength point"))
        return self


def merge_decisions(decisions: list[Decision]) -> Decision:
    """Several decisions of one turn as one: last order, every roll, every reason in order
    (each its own description, said one after the other: :func:`ghost.decisions.reasons`).

    The rule of the merged decision is the one that changed the order, else the first.
    """
    if not decisions:
        raise ValueError(_("decisions: nothing to merge"))
    changed = [decision for decision in decisions if decision.changed]
    decisive = changed[-1] if changed else decisions[0]
    return Decision(
        rule=decisive.rule,
        order=decisions[-1].order,
        previous=decisions[0].previous,
        said=reasons([decision.said for decision in decisions]),
        rolls=[roll for decision in decisions for roll in decision.rolls],
        turn=decisions[0].turn,
        gap_pct=decisions[0].gap_pct,
        threshold=decisive.threshold,
        target=decisive.target,
    )


class GhostBattle:
    """A solo battle against the ghost general (G3, G4), turn by turn.

    Typical use, one ghost turn at a time::

        battle = GhostBattle(general, strength=84, units=14)
        battle.open(dice)                                    # G3.1
        battle.start_turn(TurnLosses(gr_loss=3, gf_loss=0, units_lost=0), dice)  # G3.2, G3.4
        battle.allocate_pp(dice)                             # G4.1–G4.3 (needs an army)
        battle.choose_clock((2, 5), dice)                    # G4.4, when the ghost has the clock
        battle.end_turn(dice)                                # G3.3
    """

    def __init__(
        self,
        general: GeneralProfile,
        strength: int | None = None,
        units: int | None = None,
        army: GhostArmy | None = None,
        *,
        order_change: OrderChange = "sign_inversion",
    ) -> None:
        if army is not None:
            strength = army.strength if strength is None else strength
            units = army.units if units is None else units
        if strength is None or units is None:
            raise FieldError("strength", _("give the ghost's strength and units, or his army"))
        memory = OrdersMemory(order_change=order_change)
        self._state = BattleState(
            general=general, strength=strength, units=units, army=army, memory=memory
        )
        self._general = GhostGeneral(general, strength, units, memory)

    @classmethod
    def from_state(cls, state: BattleState) -> GhostBattle:
        """Resume a saved battle."""
        battle = cls(state.general, state.strength, state.units, state.army)
        battle._state = state
        battle._general = GhostGeneral(state.general, state.strength, state.units, state.memory)
        return battle

    @contextmanager
    def _all_or_nothing(self) -> Iterator[None]:
        """A step that fails half-way (a physical die the player abandoned, say) leaves the
        battle exactly as it was: the G3.3 countdown must not use up a step it never rolled."""
        saved = self.state
        try:
            yield
        except BaseException:
            self._state = saved
            self._general = GhostGeneral(saved.general, saved.strength, saved.units, saved.memory)
            raise

    @property
    def state(self) -> BattleState:
        """The serialisable state (pydantic)."""
        return self._state.model_copy(update={"memory": self._general.memory})

    def keep_entries(self, entries: dict[str, str]) -> None:
        """Keep what the player has typed so far with the battle (see ``BattleState.entries``)."""
        self._state = self._state.model_copy(update={"entries": dict(entries)})

    @property
    def general(self) -> GeneralProfile:
        """The ghost army general."""
        return self._state.general

    @property
    def order(self) -> Order:
        """The order in force."""
        return self._general.order

    @property
    def battle_over(self) -> bool:
        """General retreat or left the field: later turns change nothing and roll nothing."""
        return self._general.battle_over

    @property
    def turn(self) -> int:
        """The last ghost turn started (0 before the first)."""
        return len(self._state.turns)

    @property
    def countdown_value(self) -> int | None:
        """G3.3: the retreat value the next countdown roll would need, while the gap is in an
        unfavourable run and the ghost still fights; ``None`` otherwise."""
        memory = self._general.memory
        if memory.unfavourable_gap is None or self.battle_over:
            return None
        return 3 - memory.countdown_steps

    def open(self, dice: Dice) -> Decision:
        """G3.1: the opening order."""
        with self._all_or_nothing():
            decision = self._general.open(dice)
        self._state = self._state.model_copy(update={"opening": decision})
        return decision

    def start_turn(self, losses: TurnLosses, dice: Dice) -> Decision:
        """Start the next ghost movement turn: G3.2 assessment, then the G3.4 losses check.

        Ends the previous turn's countdown first if :meth:`end_turn` was not called. Returns
        both steps merged into one decision (see :func:`merge_decisions`).
        """
        if losses.units_lost > self._state.units:
            raise FieldError(
                "units_lost",
                _("at most the {units} units fielded (got {lost})"),
                units=self._state.units,
                lost=losses.units_lost,
            )
        lost_before = self._state.turns[-1].losses.units_lost if self._state.turns else 0
        if losses.units_lost < lost_before:
            # G3.4 counts units actually lost: a running total never goes down
            raise FieldError(
                "units_lost",
                _("a running total, at least the {before} of the turn before (got {lost})"),
                before=lost_before,
                lost=losses.units_lost,
            )
        with self._all_or_nothing():
            return self._start_turn(losses, dice)

    def _start_turn(self, losses: TurnLosses, dice: Dice) -> Decision:
        if not self._state.turn_ended:
            self.end_turn(dice)
        turn = self.turn + 1
        already_over = self.battle_over
        assessed = self._general.assess(turn, losses.gr_loss, losses.gf_loss, dice)
        decisions = [assessed]
        if not already_over:
            # G3.4 "whatever the order": a retreat ordered this turn can still become leaving
            decisions.append(self._general.check_losses(losses.units_lost))
        record = TurnRecord(
            turn=turn,
            losses=losses,
            gap_pct=assessed.gap_pct if assessed.gap_pct is not None else Fraction(0),
            decisions=decisions,
        )
        self._state = self._state.model_copy(
            update={"turns": [*self._state.turns, record], "turn_ended": False}
        )
        return merge_decisions(decisions)

    def end_turn(self, dice: Dice) -> Decision:
        """End the current ghost turn: the G3.3 retreat countdown on this turn's gap."""
        if not self._state.turns:
            raise ValueError(_("turn: start a ghost turn before ending it"))
        if self._state.turn_ended:
            raise ValueError(_("turn: ghost turn {turn} has already ended").format(turn=self.turn))
        with self._all_or_nothing():
            decision = self._general.count_down(dice)
        last = self._state.turns[-1]
        ended = last.model_copy(update={"decisions": [*last.decisions, decision]})
        self._state = self._state.model_copy(
            update={"turns": [*self._state.turns[:-1], ended], "turn_ended": True}
        )
        return decision

    def play_turn(self, losses: TurnLosses, dice: Dice) -> TurnRecord:
        """A whole ghost turn: G3.2, G3.4, then G3.3 (what the replay does)."""
        with self._all_or_nothing():
            self.start_turn(losses, dice)
            self.end_turn(dice)
        return self._state.turns[-1]

    def allocate_pp(
        self,
        dice: Dice,
        corps: list[CorpsCommand] | None = None,
        out_of_radius: list[str] | None = None,
    ) -> PpAllocation:
        """G4.1–G4.3 for this turn; ``corps`` defaults to the army's corps."""
        if corps is None:
            if self._state.army is None:
                raise FieldError("corps", _("enter the ghost's corps and divisions first"))
            order = self._state.army.pp_order(self.general, out_of_radius)
        else:
            order = PpOrder(
                side=self.general.side,
                army=self.general,
                corps=corps,
                out_of_radius=out_of_radius or [],
            )
        return allocate_pp(order, dice)

    def choose_clock(self, offered: tuple[int, int], dice: Dice) -> ClockChoice:
        """G4.4: which offered d6 the ghost subtracts from the clock."""
        return choose_clock(self.general.personality, offered, dice)
