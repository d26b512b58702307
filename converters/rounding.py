"""One rounding rule for the whole project.

The rulebooks say "to the nearest whole PM", which the club reads as half up (2.5 → 3,
0.5 → 1). Python's ``round()`` rounds half to even, so every rule goes through here instead.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational

__all__ = ["as_fraction", "round_half_up"]


def as_fraction(value: int | float | Fraction | Rational | str) -> Fraction:
    """Exact value of ``value``; floats go through their shortest decimal form.

    ``Fraction(0.1)`` is 3602879701896397/36028797018963968, which would push 2.5-like ratios
    off the half; reading the float's ``repr`` keeps what the user typed.
    """
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def round_half_up(value: int | float | Fraction | Rational | str) -> int:
    """Round to the nearest whole number, halves upward (docs/rules.md, "Rounding")."""
    return math.floor(as_fraction(value) + Fraction(1, 2))
