"""The gap between the two sides' losses, which drives every order the ghost gives (G2).

Loss points are counted the rulebook's way (G2.1), turned into a percentage of the ghost's
strength with exact fractions (G2.2), and read against the personality's threshold (G2.3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from converters.errors import FieldError
from converters.i18n import _

__all__ = [
    "GapSide",
    "LossPoints",
    "brigade_strength",
    "gap_percent",
    "gap_side",
    "no_strength",
]

GapSide = Literal["favourable", "neutral", "unfavourable"]
"""Where the gap stands against the threshold (G2.3), seen from the ghost."""

BRIGADE_BASE_STRENGTH = 6
"""Strength points of a +0 brigade (G2.1: +0 → 6, +2 → 8, −1 → 5)."""

HQ_LOSS_POINTS = 6
"""Loss points for each HQ eliminated (G2.1)."""


def no_strength(strength: int) -> FieldError:
    """G2.2 divides by the ghost's strength: none is a refusal naming ``strength``."""
    return FieldError(
        "strength", _("the ghost has at least 1 strength point (got {strength})"), strength=strength
    )


def brigade_strength(modifier: int) -> int:
    """G2.1: strength points of a brigade with strength ``modifier`` (−3 … +3): 6 + modifier."""
    if not -3 <= modifier <= 3:
        raise FieldError(
            "brigades", _("a modifier from -3 to +3 (got {modifier})"), modifier=modifier
        )
    return BRIGADE_BASE_STRENGTH + modifier


class LossPoints(BaseModel):
    """One side's loss points, item by item (G2.1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fatigue: int = Field(default=0, ge=0)
    """Fatigue points on the side's brigades: 1 point each."""
    objectives_lost: int = Field(default=0, ge=0)
    """Objectives lost (an objective the enemy gained counts here): 1 point each."""
    generals_lost: list[int] = Field(default_factory=list)
    """Command points (1–4) of each general killed or captured; each counts that many."""
    hqs_eliminated: int = Field(default=0, ge=0)
    """HQs eliminated: 6 points each."""
    routed_brigades: list[int] = Field(default_factory=list)
    """Strength modifier (−3 … +3) of each brigade that routed; each counts 6 + modifier."""

    @field_validator("generals_lost")
    @classmethod
    def _generals_count_their_command_points(cls, points: list[int]) -> list[int]:
        if any(not 1 <= value <= 4 for value in points):
            raise ValueError(_("a general counts 1 to 4 points (his command points)"))
        return points

    @field_validator("routed_brigades")
    @classmethod
    def _brigade_modifiers(cls, modifiers: list[int]) -> list[int]:
        if any(not -3 <= value <= 3 for value in modifiers):
            raise ValueError(_("a brigade's strength modifier is -3 to +3"))
        return modifiers

    @property
    def total(self) -> int:
        """G2.1: the side's loss points."""
        return (
            self.fatigue
            + self.objectives_lost
            + sum(self.generals_lost)
            + HQ_LOSS_POINTS * self.hqs_eliminated
            + sum(brigade_strength(modifier) for modifier in self.routed_brigades)
        )


def gap_percent(gr_loss: int, gf_loss: int, gf_strength: int) -> Fraction:
    """G2.2: ``(GR loss − GF loss) ÷ GF strength × 100``, exact; positive favours the ghost."""
    if gf_strength <= 0:
        raise no_strength(gf_strength)
    if gr_loss < 0 or gf_loss < 0:
        raise FieldError("loss_points", _("must be 0 or more"))
    return Fraction(gr_loss - gf_loss, gf_strength) * 100


def gap_side(gap_pct: Fraction, threshold: int) -> GapSide:
    """G2.3: favourable at ≥ +threshold, unfavourable at ≤ −threshold, else neutral."""
    if gap_pct >= threshold:
        return "favourable"
    if gap_pct <= -threshold:
        return "unfavourable"
    return "neutral"
