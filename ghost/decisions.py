"""What the ghost decided and why, as data the app shows and the ledger stores (G3.5).

Every call into the ghost returns a :class:`Decision`: the order, the rule that gave it, the
dice rolled (each with its purpose), the gap and the threshold it was read against, and why,
as a description (:class:`~converters.said.Said`: a key and typed values) the app and the CLI
say in the reader's language when they show it (issue 21); its English is the sentence Castra
always printed and ``--json`` still prints.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from converters.dice import Roll
from converters.i18n import N_
from converters.rounding import round_half_up
from converters.said import Listing, Number, Said, Signed, said
from converters.upcast import beside
from ghost.gap import GapSide

__all__ = [
    "GAP_SIDES",
    "MODIFIED_ROLL",
    "ORDER_ALLOWS",
    "ORDER_WORDS",
    "PERCENT",
    "REASONS",
    "Decision",
    "Order",
    "gap_for_display",
    "gap_said",
    "modified_roll",
    "order_said",
    "percent",
    "reasons",
    "side_said",
]


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

ORDER_WORDS: dict[Order, str] = {
    Order.pre_battle: N_("pre_battle"),
    Order.attack: N_("attack"),
    Order.manoeuvre: N_("manoeuvre"),
    Order.retreat: N_("retreat"),
    Order.left_field: N_("left_field"),
}
"""Each order as a reason names it ("the attack order stands"): its value, a catalogue word."""

GAP_SIDES: dict[GapSide, str] = {
    "favourable": N_("favourable"),
    "neutral": N_("neutral"),
    "unfavourable": N_("unfavourable"),
}
"""G2.3: where the gap stands against the threshold, as a reason names it."""

PERCENT = N_("{number}%")
"""A percentage in a reason ("+14.9%", "25%"): the number in the reader's decimals."""

MODIFIED_ROLL = N_("{face}{modifier} = {total}")
"""An order roll and its personality modifier (G3.1–G3.3): "2-1 = 1"."""

REASONS = "{reasons}"
"""The key of a turn's reasons said one after the other (G3.2, G3.4, G3.3): it has no words
of its own, so the catalogue needs no entry for it."""


def order_said(order: Order) -> Said:
    """``order`` as a reason names it."""
    return said(ORDER_WORDS[order])


def side_said(side: GapSide) -> Said:
    """Where the gap stands (G2.3), as a reason names it."""
    return said(GAP_SIDES[side])


def percent(value: int | float, spec: str = "") -> Said:
    """``value`` per cent; ``spec`` formats the number (``"+g"`` for a gap, G2.2)."""
    return said(PERCENT, number=Number(value=value, spec=spec))


def gap_said(gap_pct: Fraction) -> Said:
    """A gap % as a reason shows it: signed, to one decimal (:func:`gap_for_display`)."""
    return percent(gap_for_display(gap_pct), "+g")


def modified_roll(face: int, modifier: int) -> Said:
    """An order roll with its modifier and the result (G3.1–G3.3)."""
    return said(MODIFIED_ROLL, face=face, modifier=Signed(value=modifier), total=face + modifier)


def reasons(parts: list[Said]) -> Said:
    """Several reasons one after the other, a space between them (one alone is itself)."""
    if len(parts) == 1:
        return parts[0]
    return Said(key=REASONS, values={"reasons": Listing(items=tuple(parts), separator=" ")})


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
    said: Said
    """Why, as data: the gap, the threshold, the roll and what it needed (G3.5), said in the
    reader's language when shown; :attr:`reason` is its English."""
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

    _written_as: str | None = PrivateAttr(default=None)
    # The English reason alone, as an older Castra wrote the decision: it is written back so,
    # so a kept battle's record (and the check that a battle is kept once) stays what it was.

    @model_validator(mode="wrap")
    @classmethod
    def _reason(cls, data: Any, handler: ModelWrapValidatorHandler[Decision]) -> Decision:
        # A decision an older Castra saved (a battle in progress, a kept one): its English
        # reason, read once by the templates that made it.
        data, written = beside(data, "reason")
        decision = handler(data)
        decision._written_as = written
        return decision

    @model_serializer(mode="wrap")
    def _with_reason(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        dumped: dict[str, Any] = handler(self)
        written: dict[str, Any] = {}
        for name, value in dumped.items():
            if name != "said":
                written[name] = value
            elif self._written_as is not None:
                written["reason"] = self._written_as
            else:
                written["reason"] = self.reason
                written["said"] = value
        return written

    def __eq__(self, other: object) -> bool:
        # The same decision, however its reason was written.
        if not isinstance(other, Decision):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(self.model_dump_json())

    @property
    def reason(self) -> str:
        """Why, in English, as ``--json`` and an older Castra wrote it."""
        return self.said.english()

    @property
    def changed(self) -> bool:
        """Whether the order changed."""
        return self.order != self.previous

    @property
    def allows(self) -> str:
        """G3.5: what the order in force allows."""
        return ORDER_ALLOWS[self.order]
