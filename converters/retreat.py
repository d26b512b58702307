"""Where a beaten army may retreat (T4.3, T7.5).

The seed lists the loser's choices in order of preference; the assistant offers exactly those
and refuses the rest. This module ranks the neighbouring provinces from the facts the map gives
(who holds each, whose homeland it was, how many enemy PM stand there).

Readings: an attacker goes back where it came from, nowhere else; a defender (or an army met
while crossing) goes to a province joined to its own by a road. Provinces free of enemies come
first, then by holder: own since the start, own, neutral (nobody's nation, or an ally's), enemy;
the board's order breaks ties. A province whose enemies outnumber the army is closed; where
they are equal or fewer the army may go but a second battle may follow. No open province: the
army surrenders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Holding", "RetreatOption", "RetreatPlace", "retreat_options"]

Holding = Literal["own since the start", "own", "neutral", "enemy"]
"""T4.3: the kinds of province, best first."""
HOLDING_ORDER: tuple[Holding, ...] = ("own since the start", "own", "neutral", "enemy")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RetreatPlace(_Frozen):
    """One neighbouring province as the retreating army sees it."""

    province: str
    """Its name."""
    holding: Holding
    """Whose it is, seen from the retreating nation."""
    enemy_pm: int = Field(default=0, ge=0)
    """Enemy land PM standing there."""
    holder: str = ""
    """Who holds it (shown with its kind: "neutral" may be an ally's)."""


class RetreatOption(_Frozen):
    """An allowed retreat, in the seed's order of preference."""

    province: str
    """Where."""
    holding: Holding
    """Whose it is."""
    enemy_pm: int
    """Enemy PM there (0: free of enemies)."""
    second_battle: bool
    """Enemies there, equal or weaker: a second battle may follow (T4.3)."""
    holder: str = ""
    """Who holds it."""
    aboard: str | None = None
    """A beaten lander goes back aboard this fleet, which sails it there (T7.5, T3.7)."""


def retreat_options(
    army_pm: int,
    places: Sequence[RetreatPlace],
    *,
    came_from: str | None = None,
) -> list[RetreatOption]:
    """T4.3: the provinces a beaten army of ``army_pm`` may retreat to, best first; empty
    means it surrenders. ``came_from``: an attacker may only go back there. ``places``: the
    neighbours, in the board's order."""
    candidates = [p for p in places if came_from is None or p.province == came_from]
    open_places = [p for p in candidates if p.enemy_pm <= army_pm]
    ranked = sorted(
        enumerate(open_places),
        key=lambda item: (item[1].enemy_pm > 0, HOLDING_ORDER.index(item[1].holding), item[0]),
    )
    return [
        RetreatOption(
            province=place.province,
            holding=place.holding,
            enemy_pm=place.enemy_pm,
            second_battle=place.enemy_pm > 0,
            holder=place.holder,
        )
        for _, place in ranked
    ]
