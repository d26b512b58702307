"""The winter control check of an occupied province (docs/rules.md T5.7).

A nation that holds a province belonging to another nation when winter comes must show it can
keep it: the seed weighs the two nations' prestige, the province's loyalty to its owner and the
occupier's troops stationed there. The ledger runs this check for every occupied province in the
winter turn; the referee also uses it to see how many PM an occupier needs to keep a province.

Readings (docs/rules.md T5.7):

- the owner is the nation the province belonged to at the start ("nazione originaria"); its
  score is its PP plus the province's loyalty;
- the occupier's score is its PP plus the PM it has stationed in the province (0 if none);
- the higher score wins; a tie goes to the defender, read as the occupier, who holds the
  province and defends his hold (house rule ``control_tie = owner`` gives it to the owner;
  :func:`control_keeper` is the one place that decides);
- whoever wins, the province's loyalty is 0 from then on, so any later check uses 0;
- a province sacked by the owner's side counts loyalty −10 toward it for ever (T5.3), the one
  loyalty below 0.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from converters.errors import FieldError
from converters.house_rules import ControlTie
from converters.i18n import _

__all__ = ["ControlCheck", "Keeper", "control_check", "control_keeper", "pm_to_keep"]

Keeper = Literal["owner", "occupier"]
"""Who has the province after the check: its owner (homeland) or the nation holding it."""

SACKED_LOYALTY = -10
"""T5.3: a sacked province's loyalty toward its sacker, for ever: the lowest loyalty there is."""

LOYALTY_AFTER_CHECK = 0
"""T5.7: the province's loyalty after its first check, for ever."""


class ControlCheck(BaseModel):
    """T5.7: the two scores of one winter control check and who has the province after it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    owner_score: int
    """The owner's PP plus the province's loyalty to it."""
    occupier_score: int
    """The occupier's PP plus the PM it has stationed in the province."""
    keeper: Keeper
    """Who controls the province after the check: the higher score; a tie goes to the
    occupier, the defender of his hold (or to the owner under ``control_tie = owner``)."""
    tie: ControlTie = "occupier"
    """T5.7 house rule ``control_tie``: who a tie went to."""
    loyalty_after: int = LOYALTY_AFTER_CHECK
    """The province's loyalty from now on, whoever won: 0 for ever."""


def _whole(value: int, field: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, _("a whole number (got {value!r})"), value=value)
    if minimum is not None and value < minimum:
        raise FieldError(field, _("{minimum} or more (got {value})"), minimum=minimum, value=value)
    return value


def control_keeper(owner_score: int, occupier_score: int, tie: ControlTie = "occupier") -> Keeper:
    """T5.7: who has the province after the check: the higher score; a tie goes to the
    defender, read as the occupier (house rule ``control_tie``: ``occupier`` by default,
    ``owner`` for clubs that read the defender as the province's owner)."""
    if tie not in ("occupier", "owner"):
        raise FieldError("control_tie", _("occupier or owner (got {tie!r})"), tie=tie)
    if owner_score == occupier_score:
        return tie
    return "owner" if owner_score > occupier_score else "occupier"


def control_check(
    owner_pp: int,
    loyalty: int,
    occupier_pp: int,
    stationed_pm: int,
    tie: ControlTie = "occupier",
) -> ControlCheck:
    """T5.7: owner's PP + loyalty against occupier's PP + PM stationed; a tie to the occupier
    (or to the owner, house rule ``control_tie = owner``).

    Prestige may be negative; loyalty is −10 (sacked, T5.3) or more, PM 0 or more. Raises
    ValueError naming the argument for anything else.
    """
    owner = _whole(owner_pp, "owner_pp") + _whole(loyalty, "loyalty", minimum=SACKED_LOYALTY)
    occupier = _whole(occupier_pp, "occupier_pp") + _whole(stationed_pm, "stationed_pm", minimum=0)
    keeper = control_keeper(owner, occupier, tie)
    return ControlCheck(owner_score=owner, occupier_score=occupier, keeper=keeper, tie=tie)


def pm_to_keep(owner_pp: int, loyalty: int, occupier_pp: int, tie: ControlTie = "occupier") -> int:
    """T5.7: the fewest PM the occupier must have stationed to keep the province (a tie is
    enough, unless ``control_tie = owner``), 0 when its prestige alone is enough."""
    owner = control_check(owner_pp, loyalty, occupier_pp, 0, tie).owner_score
    needed = owner - _whole(occupier_pp, "occupier_pp")
    if control_keeper(owner, owner, tie) == "owner":
        needed += 1  # a tie is not enough: the occupier must score more
    return max(0, needed)
