"""The ghost's orders as a ``transitions`` state machine (docs/rules.md G3).

The states are the orders (:class:`~ghost.decisions.Order`), the transitions are data
(:data:`TRANSITIONS`) and every condition is a named method of :class:`GhostGeneral`, so the
diagram in ``docs/ghost.md`` is drawn from exactly what runs. Dice are rolled by the
``GhostGeneral`` methods before a trigger fires; conditions only read what was rolled, which
keeps them pure and lets every roll be returned with its purpose in a :class:`Decision`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

from pydantic import BaseModel, ConfigDict, Field
from transitions import Machine

from converters.dice import Dice, Roll
from converters.errors import FieldError
from converters.house_rules import OrderChange
from converters.i18n import N_, _
from converters.said import Said, Typed, said
from ghost.decisions import (
    Decision,
    Order,
    gap_said,
    modified_roll,
    order_said,
    percent,
    side_said,
)
from ghost.gap import GapSide, gap_percent, gap_side, no_strength
from ghost.generals import GeneralProfile

__all__ = [
    "ASSESSMENT_RETREAT_VALUE",
    "OPENING_ATTACK_AT_MOST",
    "TRANSITIONS",
    "GhostGeneral",
    "Order",
    "OrdersMemory",
    "losses_percent",
]

OPENING_ATTACK_AT_MOST = 3
"""G3.1: a modified opening roll of 3 or less gives attack, 4 or more manoeuvre/defence."""

ASSESSMENT_RETREAT_VALUE = 4
"""G3.2: a modified roll of 4 or more on an unfavourable gap gives general retreat; the G3.3
countdown lowers this value by 1 each turn."""

_FIGHTING = [Order.attack, Order.manoeuvre]

TRANSITIONS: list[dict[str, Any]] = [
    # G3.1 the opening order
    {
        "trigger": "open_battle",
        "source": Order.pre_battle,
        "dest": Order.attack,
        "conditions": "opening_roll_attacks",
    },
    {
        "trigger": "open_battle",
        "source": Order.pre_battle,
        "dest": Order.manoeuvre,
        "unless": "opening_roll_attacks",
    },
    # G3.2 start-of-turn assessment: only a gap that crossed to the other side changes orders
    {
        "trigger": "reassess",
        "source": _FIGHTING,
        "dest": Order.attack,
        "conditions": "gap_turned_favourable",
    },
    {
        "trigger": "reassess",
        "source": _FIGHTING,
        "dest": Order.manoeuvre,
        "conditions": ["gap_turned_unfavourable", "assessment_roll_holds"],
    },
    {
        "trigger": "reassess",
        "source": _FIGHTING,
        "dest": Order.retreat,
        "conditions": "gap_turned_unfavourable",
        "unless": "assessment_roll_holds",
    },
    # G3.4 whatever the order, the army leaves at its loss percentage
    {
        "trigger": "leave_field",
        "source": [*_FIGHTING, Order.retreat],
        "dest": Order.left_field,
        "conditions": "losses_reached_leave_at",
    },
    # G3.3 the end-of-turn countdown to general retreat
    {
        "trigger": "retreat_countdown",
        "source": _FIGHTING,
        "dest": Order.retreat,
        "conditions": "countdown_retreats",
    },
]
"""The orders machine: each dict is one ``transitions`` transition (G3.1–G3.4)."""


def _no_units(units: int) -> FieldError:
    return FieldError("units", _("the ghost fields at least 1 unit (got {units})"), units=units)


def _not_opened() -> ValueError:
    return ValueError(_("order: give the opening order (G3.1) before the first turn"))


def losses_percent(units_lost: int, units: int) -> int:
    """G3.4: units actually lost ÷ units fielded, as a whole percentage rounded down."""
    if units <= 0:
        raise _no_units(units)
    if not 0 <= units_lost <= units:
        raise FieldError(
            "units_lost",
            _("from 0 to the {units} units fielded (got {lost})"),
            units=units,
            lost=units_lost,
        )
    return units_lost * 100 // units


class OrdersMemory(BaseModel):
    """What the orders machine remembers between calls; enough to save and resume a battle."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    order: Order = Order.pre_battle
    """The order in force."""
    turn: int = Field(default=0, ge=0)
    """The last ghost movement turn assessed (0 before the first)."""
    reference_side: GapSide = "neutral"
    """Where the gap stood when the current order was given (G3.2); the opening order stands
    at a gap of 0, i.e. neutral."""
    order_change: OrderChange = "sign_inversion"
    """G3.2 house rule: orders change when the gap's sign has inverted since the order was
    given (``sign_inversion``), or only when the other threshold is reached
    (``threshold_cross``)."""
    positive_since_order: bool = True
    """G3.2: the gap was strictly positive at some assessment since the current order was
    given (the opening order counts as given at 0, which allows either first change)."""
    negative_since_order: bool = True
    """G3.2: the gap was strictly negative at some assessment since the current order was
    given."""
    gap_pct: Fraction | None = None
    """This turn's gap % (G2.2), exact."""
    units_lost: int = Field(default=0, ge=0)
    """Units lost so far (G3.4)."""
    unfavourable_gap: Fraction | None = None
    """The gap at the end of the previous turn of the current unfavourable run, if any (G3.3)."""
    countdown_steps: int = Field(default=0, ge=0)
    """Countdown turns in the current unfavourable run: the retreat value is 4 minus this."""


class GhostGeneral:
    """The machine's model: a plain class holding pydantic state (``transitions`` needs
    attributes it can set, which a frozen ``BaseModel`` does not allow).

    ``state`` is set by the machine; :attr:`memory` mirrors it with the rest of what G3 needs.
    """

    state: Order

    def __init__(
        self,
        general: GeneralProfile,
        strength: int,
        units: int,
        memory: OrdersMemory | None = None,
    ) -> None:
        if strength < 1:
            raise no_strength(strength)
        if units < 1:
            raise _no_units(units)
        self.general = general
        self.strength = strength
        self.units = units
        self.memory = memory or OrdersMemory()
        self._modified_roll: int | None = None
        self._countdown_value: int = ASSESSMENT_RETREAT_VALUE
        self.machine = Machine(
            model=self,
            states=Order,
            transitions=TRANSITIONS,
            initial=self.memory.order,
            auto_transitions=False,
        )

    # -- conditions (named in TRANSITIONS) -------------------------------------------------

    def opening_roll_attacks(self) -> bool:
        """G3.1: the modified opening roll is 3 or less."""
        return self._modified_roll is not None and self._modified_roll <= OPENING_ATTACK_AT_MOST

    def gap_turned_favourable(self) -> bool:
        """G3.2: the gap is favourable and may change the order (:meth:`may_change_to`)."""
        return self.gap_side == "favourable" and self.may_change_to("favourable")

    def gap_turned_unfavourable(self) -> bool:
        """G3.2: the gap is unfavourable and may change the order."""
        return self.gap_side == "unfavourable" and self.may_change_to("unfavourable")

    def may_change_to(self, side: GapSide) -> bool:
        """G3.2 (house rule ``order_change``): may a gap at the ``side`` threshold change the
        order? ``sign_inversion`` (the seed: "si invertirà la differenza di punti da positivo
        in negativo o viceversa"): yes if the gap's sign was the other way round, strictly, at
        some assessment since the order was given. ``threshold_cross``: only if the order was
        not given at this same threshold."""
        memory = self.memory
        if memory.order_change == "threshold_cross":
            return memory.reference_side != side
        if side == "favourable":
            return memory.negative_since_order
        return memory.positive_since_order

    def assessment_roll_holds(self) -> bool:
        """G3.2: the modified roll is 3 or less (manoeuvre/defence rather than retreat)."""
        return self._modified_roll is not None and self._modified_roll < ASSESSMENT_RETREAT_VALUE

    def losses_reached_leave_at(self) -> bool:
        """G3.4: units lost (rounded-down %) have reached the personality's percentage."""
        return losses_percent(self.memory.units_lost, self.units) >= self.general.leave_at

    def countdown_retreats(self) -> bool:
        """G3.3: the retreat value is automatic, or the modified roll reached it."""
        if self._countdown_value <= 1 + self.general.modifier:
            return True
        return self._modified_roll is not None and self._modified_roll >= self._countdown_value

    # -- derived ---------------------------------------------------------------------------

    @property
    def order(self) -> Order:
        """The order in force."""
        return self.state

    @property
    def gap_side(self) -> GapSide:
        """G2.3: this turn's gap against the personality's threshold."""
        if self.memory.gap_pct is None:
            return "neutral"
        return gap_side(self.memory.gap_pct, self.general.gap_threshold)

    @property
    def battle_over(self) -> bool:
        """The ghost has retreated or left the field: later turns change nothing."""
        return self.state in (Order.retreat, Order.left_field)

    # -- steps -----------------------------------------------------------------------------

    def _fire(self, trigger: str) -> bool:
        """Fire a trigger the machine added to this model (typed: ``transitions`` adds it)."""
        fire = cast(Callable[[], bool], getattr(self, trigger))
        changed = bool(fire())
        self.memory = self.memory.model_copy(update={"order": self.state})
        return changed

    def _roll(self, dice: Dice, purpose: Said, rolls: list[Roll]) -> int:
        start = len(dice.rolls)
        face = dice.roll(6, purpose)
        rolls.extend(dice.rolls[start:])
        self._modified_roll = face + self.general.modifier
        return face

    def _modified(self, face: int) -> Said:
        return modified_roll(face, self.general.modifier)

    def open(self, dice: Dice) -> Decision:
        """G3.1: the opening order, 1d6 + modifier: 3 or less attack, 4 or more manoeuvre."""
        if self.state != Order.pre_battle:
            raise ValueError(
                _("order: the opening order was already given ({order})").format(
                    order=_(self.state.value)
                )
            )
        rolls: list[Roll] = []
        face = self._roll(dice, said(N_("G3.1 opening order")), rolls)
        self._fire("open_battle")
        attacks = self.order == Order.attack
        verdict = N_("3 or less: attack") if attacks else N_("4 or more: manoeuvre/defence")
        return Decision(
            rule="G3.1",
            order=self.state,
            previous=Order.pre_battle,
            said=said(
                N_("Opening order: 1d6 {roll}, {verdict}."),
                roll=self._modified(face),
                verdict=said(verdict),
            ),
            rolls=rolls,
            target=OPENING_ATTACK_AT_MOST,
        )

    def assess(self, turn: int, gr_loss: int, gf_loss: int, dice: Dice) -> Decision:
        """G3.2: start of ghost movement turn ``turn``: read the gap, change orders if it crossed.

        Raises ``ValueError`` before the opening order. After a retreat or leaving the field the
        order stands and nothing is rolled.
        """
        if self.state == Order.pre_battle:
            raise _not_opened()
        previous = self.state
        gap = gap_percent(gr_loss, gf_loss, self.strength)
        threshold = self.general.gap_threshold
        shown = gap_said(gap)
        if self.battle_over:
            return Decision(
                rule="G3.2",
                order=previous,
                previous=previous,
                said=said(
                    N_("The battle is over for the ghost ({order}); nothing changes."),
                    order=order_said(previous),
                ),
                turn=turn,
                gap_pct=gap,
                threshold=threshold,
            )
        self.memory = self.memory.model_copy(update={"turn": turn, "gap_pct": gap})
        side = self.gap_side
        rolls: list[Roll] = []
        target: int | None = None
        given = True  # an order (re)given at this assessment, unless the else branch says not
        if self.gap_turned_favourable():
            self._fire("reassess")
            reason = said(
                N_(
                    "Gap {gap} crossed the +{threshold}% threshold in the ghost's favour: "
                    "attack (no roll)."
                ),
                gap=shown,
                threshold=threshold,
            )
        elif self.gap_turned_unfavourable():
            face = self._roll(dice, said(N_("G3.2 unfavourable gap: manoeuvre or retreat")), rolls)
            self._fire("reassess")
            target = ASSESSMENT_RETREAT_VALUE
            verdict = (
                N_("3 or less: manoeuvre/defence")
                if self.state == Order.manoeuvre
                else N_("4 or more: general retreat")
            )
            reason = said(
                N_(
                    "Gap {gap} crossed the -{threshold}% threshold against the ghost: "
                    "1d6 {roll}, {verdict}."
                ),
                gap=shown,
                threshold=threshold,
                roll=self._modified(face),
                verdict=said(verdict),
            )
        else:
            given = False
            side = self.memory.reference_side
            if self.gap_side == "neutral":
                where = said(N_("within ±{threshold}%"), threshold=threshold)
            elif self.memory.order_change == "threshold_cross":
                where = said(
                    N_("still on the {side} side, where the order was given"),
                    side=side_said(self.gap_side),
                )
            else:
                where = said(
                    N_(
                        "at the {side} threshold, but its sign has not been the other way "
                        "round since the order was given"
                    ),
                    side=side_said(self.gap_side),
                )
            reason = said(
                N_("Gap {gap} is {where}: the {order} order stands."),
                gap=shown,
                where=where,
                order=order_said(previous),
            )
        if self.memory.order_change != "sign_inversion":
            # The house rule's value is the option as the club sets it (--rule), not a word.
            reason = said(
                N_("{reason} (house rule order_change = {house_rule})"),
                reason=reason,
                house_rule=Typed(text=self.memory.order_change),
            )
        # G3.2: the side the order was (re)given at is what the next crossing is measured from;
        # the signs seen since then start again from this gap when the order was (re)given.
        memory = self.memory
        positive = gap > 0 or (memory.positive_since_order and not given)
        negative = gap < 0 or (memory.negative_since_order and not given)
        self.memory = memory.model_copy(
            update={
                "reference_side": side,
                "positive_since_order": positive,
                "negative_since_order": negative,
            }
        )
        return Decision(
            rule="G3.2",
            order=self.state,
            previous=previous,
            said=reason,
            rolls=rolls,
            turn=turn,
            gap_pct=gap,
            threshold=threshold,
            target=target,
        )

    def check_losses(self, units_lost: int) -> Decision:
        """G3.4: leave the field when units lost reach the personality's percentage (rounded down).

        Applies whatever the order, general retreat included; after leaving nothing changes.
        """
        losses = losses_percent(units_lost, self.units)
        previous = self.state
        leave_at = self.general.leave_at
        if self.state == Order.pre_battle:
            raise _not_opened()
        if self.state == Order.left_field:
            return Decision(
                rule="G3.4",
                order=previous,
                previous=previous,
                said=said(N_("The army has already left the field.")),
                turn=self.memory.turn,
                threshold=leave_at,
            )
        self.memory = self.memory.model_copy(update={"units_lost": units_lost})
        lost = said(
            N_("{lost} of {units} units lost ({percent}%)"),
            lost=units_lost,
            units=self.units,
            percent=losses,
        )
        if self._fire("leave_field"):
            reason = said(
                N_("{lost} reached the {limit} limit: the army leaves the field."),
                lost=lost,
                limit=percent(leave_at),
            )
        else:
            reason = said(
                N_("{lost}, under the {limit} limit: the army stays."),
                lost=lost,
                limit=percent(leave_at),
            )
        return Decision(
            rule="G3.4",
            order=self.state,
            previous=previous,
            said=reason,
            turn=self.memory.turn,
            gap_pct=self.memory.gap_pct,
            threshold=leave_at,
        )

    def count_down(self, dice: Dice) -> Decision:
        """G3.3: the end-of-turn countdown to general retreat.

        The first turn of an unfavourable run only starts the count. Each later turn in which
        the gap stays unfavourable and does not shrink lowers the retreat value (4 → 3 → 2 …)
        and rolls 1d6 + modifier against it; once the value is at or below 1 + modifier the
        retreat is automatic. A shrinking or no longer unfavourable gap restarts the count.
        """
        previous = self.state
        memory = self.memory
        threshold = self.general.gap_threshold
        common: dict[str, Any] = {
            "rule": "G3.3",
            "previous": previous,
            "turn": memory.turn,
            "gap_pct": memory.gap_pct,
            "threshold": threshold,
        }
        if self.state not in _FIGHTING:
            return Decision(
                order=previous,
                said=said(
                    N_("No countdown: the battle is over for the ghost ({order})."),
                    order=order_said(previous),
                ),
                **common,
            )
        gap = memory.gap_pct
        if gap is None or self.gap_side != "unfavourable":
            self.memory = memory.model_copy(update={"unfavourable_gap": None, "countdown_steps": 0})
            return Decision(
                order=previous,
                said=said(
                    N_("No countdown: the gap is not at the -{threshold}% threshold."),
                    threshold=threshold,
                ),
                **common,
            )
        shown = gap_said(gap)
        last = memory.unfavourable_gap
        if last is None or gap > last:
            self.memory = memory.model_copy(update={"unfavourable_gap": gap, "countdown_steps": 0})
            why = N_("first turn at an unfavourable gap") if last is None else N_("the gap shrank")
            return Decision(
                order=previous,
                said=said(
                    N_("Gap {gap}: {why}, so the retreat countdown starts from 4."),
                    gap=shown,
                    why=said(why),
                ),
                target=ASSESSMENT_RETREAT_VALUE,
                **common,
            )
        steps = memory.countdown_steps + 1
        value = ASSESSMENT_RETREAT_VALUE - steps
        self.memory = memory.model_copy(update={"unfavourable_gap": gap, "countdown_steps": steps})
        self._countdown_value = value
        self._modified_roll = None
        rolls: list[Roll] = []
        if value <= 1 + self.general.modifier:
            self._fire("retreat_countdown")
            reason = said(
                N_(
                    "Gap {gap} unfavourable and not shrinking; the retreat value is down to "
                    "{value}, which any roll reaches: automatic general retreat."
                ),
                gap=shown,
                value=value,
            )
        else:
            face = self._roll(
                dice, said(N_("G3.3 retreat countdown (needs {value}+)"), value=value), rolls
            )
            retreated = self._fire("retreat_countdown")
            verdict = N_("general retreat") if retreated else N_("the order stands")
            reason = said(
                N_(
                    "Gap {gap} unfavourable and not shrinking; retreat value {value}: "
                    "1d6 {roll}, {verdict}."
                ),
                gap=shown,
                value=value,
                roll=self._modified(face),
                verdict=said(verdict),
            )
        return Decision(order=self.state, said=reason, rolls=rolls, target=value, **common)
