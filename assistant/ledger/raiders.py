"""The Ligurian raiders after their battles (T5.6, 5; T7.9): back to 2 PM after each win, gone at
their first defeat.

The winter event puts 2 neutral PM on the Ligurian coast; the referee moves them and they fight
and sack as any army. What set them apart in the rulebook was never kept: a win did not bring
them back to strength, a defeat left the survivors on the map. The winter records which force
they are (``CampaignState.ligurians``); each battle they fight on the map is followed here, after
the battle's losses have come off the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.events import BattleRecorded
    from assistant.ledger.models import CampaignData as CampaignState

__all__ = ["RAIDERS", "after_battle", "strength"]

RAIDERS = "Neutral"
"""The holder the Ligurians fight as (no player nation, T4.4)."""


def strength(state: CampaignState) -> int:
    """The PM the Ligurians come with (and are restored to): the winter table's, T5.6 5."""
    table = state.scenario.winter_events
    found = [e.land_pm for e in (table.events if table else []) if e.key == "ligurians"]
    return found[0] if found else 0


def after_battle(state: CampaignState, event: BattleRecorded) -> list[sd.Said]:
    """T7.9: the Ligurians (if they fought ``event``) restored to their strength after a win,
    removed from the map after a defeat. Returns the lines for the history."""
    name = state.ligurians
    force = state.forces.get(name or "")
    sides = {c.side for c in event.contingents if c.nation == RAIDERS}
    if name is None or len(sides) != 1 or event.winner == "draw":
        return []
    if force is not None and force.province != event.place:
        return []
    won = event.winner in sides
    if won and force is not None:
        back = max(0, strength(state) - force.pm)
        force.pm += back
        state.nations[RAIDERS].land_pm += back
        return [
            sd.said(
                N_("the Ligurians won: {force} back to {pm} PM (T7.9)"),
                force=sd.force(name, RAIDERS, "army"),
                pm=force.pm,
            )
        ]
    if won:
        return []
    if force is not None:
        state.nations[RAIDERS].land_pm -= force.pm
        del state.forces[force.name]
    state.ligurians = None
    return [
        sd.said(
            N_("the Ligurians are beaten: {force} leaves the map (T7.9)"),
            force=sd.force(name, RAIDERS, "army"),
        )
    ]
