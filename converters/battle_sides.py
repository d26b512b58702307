"""Who fights whom where armies meet on the campaign map (T7.4).

A battle belongs to a province: the Map screen opens the battle desk or the dice battle with
the armies standing there already on their sides. Which armies are enemies is a question of
the rules (alliances, mercenaries in a nation's pay), so it is answered here, as a pure function
of the troops present, the province's holder and the alliances in force.

Readings:

- side B (the defender) is the province's holder with every force there not at war with it;
  when none of those stand there, the nation with most PM there (the first listed on a tie)
  stands in for the holder; side A is everyone at war with side B;
- mercenaries fight for the nation paying them (T5.5: the Senones at Tarentum) but are listed
  under their own name, as the battle forms list contingents;
- a nation's armies standing together fight as one contingent (their PM added up).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from converters.tribute import Troops, at_war

__all__ = ["battle_sides"]


def battle_sides(
    troops: Sequence[Troops], holder: str, alliances: Iterable[Iterable[str]]
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """T7.4: (side A, side B) as (nation, land PM) contingents; two empty lists when no
    enemies meet among ``troops``."""
    groups = [list(group) for group in alliances]
    present = [t for t in troops if t.pm > 0]
    if not present:
        return [], []
    friends_of_holder = [t for t in present if not at_war(t.side, holder, groups)]
    # max keeps the first listed on a tie
    anchor = holder if friends_of_holder else max(present, key=lambda t: t.pm).side
    side_a: dict[str, int] = {}
    side_b: dict[str, int] = {}
    for t in present:
        side = side_a if at_war(t.side, anchor, groups) else side_b
        side[t.nation] = side.get(t.nation, 0) + t.pm
    if not side_a:
        return [], []
    return list(side_a.items()), list(side_b.items())
