"""What the ghost decided and why, as data the app shows and the ledger stores (G3.5).

Every call into the ghost returns a :class:`Decision`: the order, the rule that gave it, the
dice rolled (each with its purpose), the gap and the threshold it was read against, and a
sentence a player can read at the table.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from converters.dice import Roll
from converters.i18n import N_
from converters.rounding import round_half_up

__all__ = ["ORDER_ALLOWS", "Decision", "Order", "gap_for_display"]


class Order(StrEnum):
    """The ghost's order: the states of his orders machine (G3)."""

    pre_battle = "pre_battle"
    """Before the opening order roll (G3.1)."""
    attack = "attack"
    """Attack order (G3.1, G3.2)."""
    manoeuvre = "manoeuvre"
    """Manoeuvre / defence order (G3.1, G3.2)."""
    retreat = "retreat"
    """General retreat (G3.2, G3.3); the battle is over for the ghost."""
    left_field = "left_field"
    """The army left the field at its loss percentage (G3.4); the battle is over."""


ORDER_ALLOWS: dict[Order, str] = {
    Order.pre_battle: N_("Deploy; no order has been given yet."),
    Order.attack: N_("Every unit may advance, charge and assault: close with the enemy."),
    Order.manoeuvre: (
        N_(
            "Every unit may manoeuvre, hold and defend, and counter-attack locally; no general "
            "advance."
        )
    ),
    Order.retreat: N_("The whole army falls back off the field; the ghost has lost the battle."),
    Order.left_field: N_("The army has left the field at its loss limit; the ghost has lost."),
}
"""G3.5: what each order allows, in the words the assistant shows."""

RECORDED_WORDS = (
    N_("pre_battle"),
    N_("attack"),
    N_("manoeuvre"),
    N_("retreat"),
    N_("left_field"),
    N_("favourable"),
    N_("neutral"),
    N_("unfavourable"),
    N_("higher"),
    N_("lower"),
    N_("Unstable"),
    N_("Prudent"),
    N_("Organised"),
    N_("Aggressive"),
    N_("unstable"),
    N_("prudent"),
    N_("organised"),
    N_("aggressive"),
    N_("poor"),
    N_("mediocre"),
    N_("good"),
    N_("excellent"),
    N_("north"),
    N_("south"),
    N_("army general"),
    N_("army"),
)
"""Words the ghost's recorded reasons carry as values ("the attack order stands", "takes the
higher die"): marked so the catalogue has them and a reason shown in Italian says them in
Italian too (converters.i18n.translate_recorded)."""


def gap_for_display(gap_pct: Fraction) -> float:
    """A gap % to one decimal (half up) for people and JSON; rules compare exact fractions."""
    return round_half_up(gap_pct * 10) / 10


class Decision(BaseModel):
    """One decision of the ghost: an order given, kept, or a step of the retreat countdown."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    """The rule that decided: "G3.1", "G3.2", "G3.3" or "G3.4"."""
    order: Order
    """The order in force after this decision."""
    previous: Order
    """The order in force before it."""
    reason: str
    """Why, in plain words: the gap, the threshold, the roll and what it needed."""
    rolls: list[Roll] = Field(default_factory=list)
    """Dice rolled for this decision, each with its purpose (empty when nothing was rolled)."""
    turn: int = 0
    """The ghost's movement turn (0 for the opening order)."""
    gap_pct: Fraction | None = None
    """The gap % it was read at (G2.2), exact; ``None`` for the opening order."""
    threshold: int | None = None
    """The gap threshold % read against (G2.3), or the loss % for G3.4."""
    target: int | None = None
    """What the modified roll had to reach or beat, when there was a roll or a countdown."""

    @property
    def changed(self) -> bool:
        """Whether the order changed."""
        return self.order != self.previous

    @property
    def allows(self) -> str:
        """G3.5: what the order in force allows."""
        return ORDER_ALLOWS[self.order]
