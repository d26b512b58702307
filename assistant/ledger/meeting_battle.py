"""A battle opened from a meeting: its place, its sides and its approach (T7.4, T3.2).

A meeting found when the orders were carried out already knows where the battle belongs,
which forces fight on which side and how the attackers came. Both interfaces open the battle
desk and the dice battle from it (the command line's ``campaign record --meeting N`` and
``campaign meetings --battle N``, the app's Map and Campaign screens), so what they fill in is
answered once, here: :func:`meeting_prefill`. A march by a mountain road or a landing gives the
defender T3.2's +1, which the dice battle used to lose by starting on open ground.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from converters.battle_sides import battle_sides
from converters.dice_battle import Approach
from converters.i18n import N_
from converters.tribute import Troops

if TYPE_CHECKING:
    from collections.abc import Mapping

    from assistant.ledger.events import BattleRecorded, Meeting
    from assistant.ledger.models import CampaignData, MeetingState

__all__ = [
    "BattlePrefill",
    "check_armies_there",
    "meeting_prefill",
    "opponents_to_pick",
    "pyrrhus_leads_at",
]

PYRRHUS = "Pyrrhus"
"""The nation Pyrrhus leads (T3.2's "Pyrrhus leads in person")."""


class BattlePrefill(BaseModel):
    """What the battle desk and the dice battle start from, for one meeting (T7.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    meeting: int
    """The meeting's number this turn."""
    place: str
    """Where the battle is fought."""
    naval: bool
    """Fleets (a naval battle, T3.6) or armies."""
    side_a: list[tuple[str, int]]
    """The attackers' contingents, (nation, PM) — naval PM at sea."""
    side_b: list[tuple[str, int]]
    """The defenders' contingents (the province's holder and its friends, T7.4)."""
    forces_a: list[str]
    """The attackers' armies or fleets, by name."""
    forces_b: list[str]
    """The defenders' armies or fleets."""
    approach: Approach
    """T3.2: how the attackers came (a mountain road or a landing helps the defender)."""
    defender: Literal["a", "b"] | None
    """The side T3.2's +1 goes to (None: no bonus, a meeting battle)."""
    crossing: list[str] = []
    """Met on the way: the road's two ends (T4.3 "met while crossing")."""
    army_a: str | None = None
    """Macedon vs Persia: the invading army of the game to play now (D8)."""
    army_b: str | None = None
    """Macedon vs Persia: the defending army it fights (D8)."""
    queue: list[str] = []
    """D8, unequal numbers: the larger side's next armies; the winner fights the next."""
    pyrrhus_leads: bool = False
    """T3.2: Pyrrhus leads in person (:func:`pyrrhus_leads_at`): +1 to both sides."""


def pyrrhus_leads_at(state: CampaignData, meeting: Meeting) -> bool:
    """T3.2 **Reading** on the map: Pyrrhus leads in person where one of his own armies is
    among the meeting's forces (the ledger keeps no general apart from his armies); his +1 is
    for both sides. The referee may say otherwise (``castra battle`` without ``--pyrrhus``, the
    dice battle's tick, ``campaign withdraw --no-pyrrhus``)."""
    return any(
        name in state.forces
        and state.forces[name].kind == "army"
        and state.forces[name].nation == PYRRHUS
        for name in meeting.forces
    )


def meeting_prefill(
    state: CampaignData, number: int, chosen: Mapping[str, str] | None = None
) -> BattlePrefill:
    """T7.4, T3.2: the battle of meeting ``number``, as the desk and the dice battle open it
    (``chosen``, D8 with equal numbers: the attacker's pick of each army's opponent, as
    ``castra campaign pairing --pick`` takes it).

    The sides are :func:`converters.battle_sides.battle_sides` of the meeting's own forces (not
    everyone standing there). **Reading** of the approach: the attackers came by a landing if
    any of them landed, else by a mountain road if any marched by one, else open; T3.2's +1
    then goes to side B when every defender held its ground — stood, or was held on the road
    at the province it started from (a crossing) — and to nobody when the defenders marched in
    too."""
    from assistant.ledger.errors import LedgerFieldError
    from assistant.ledger.forces import alliances

    found = next((m for m in state.meetings if m.meeting.number == number), None)
    if found is None:
        raise LedgerFieldError(
            "meeting",
            N_("no meeting {number} this turn; meetings: {choices}"),
            number=number,
            choices=", ".join(str(m.meeting.number) for m in state.meetings) or "-",
        )
    meeting = found.meeting
    if state.dba_map is not None:
        return _invasion_prefill(state, found, chosen)
    kind = "fleet" if meeting.at_sea else "army"
    forces = [
        state.forces[name]
        for name in meeting.forces
        if name in state.forces and state.forces[name].kind == kind
    ]
    troops = [Troops(nation=f.nation, pm=f.pm, paid_by=f.paid_by) for f in forces]
    homeland = next(
        (p.homeland for p in state.scenario.provinces if p.name == meeting.province), ""
    )
    side_a, side_b = battle_sides(
        troops, state.control.get(meeting.province, homeland), alliances(state)
    )
    attackers = {nation for nation, _pm in side_a}
    forces_a = [f.name for f in forces if f.nation in attackers]
    forces_b = [f.name for f in forces if f.nation not in attackers]
    ways = {meeting.arrivals.get(name, "stood") for name in forces_a}
    approach: Approach = (
        "landing" if "landing" in ways else "mountain_road" if "mountain" in ways else "open"
    )

    def held(name: str) -> bool:
        force = state.forces[name]
        way = meeting.arrivals.get(name, "stood")
        return way == "stood" or (bool(meeting.crossing) and force.came_from == meeting.province)

    if meeting.at_sea or not all(held(name) for name in forces_b):
        approach = "open"
    return BattlePrefill(
        meeting=meeting.number,
        place=meeting.province,
        naval=meeting.at_sea,
        side_a=side_a,
        side_b=side_b,
        forces_a=forces_a,
        forces_b=forces_b,
        approach=approach,
        defender="b" if approach != "open" else None,
        crossing=list(meeting.crossing),
        pyrrhus_leads=not meeting.at_sea and pyrrhus_leads_at(state, meeting),
    )


def opponents_to_pick(state: CampaignData, number: int) -> tuple[list[str], list[str]] | None:
    """D8: the attacking and the defending armies of invasion meeting ``number`` when the
    attacker must pick each army's opponent (equal numbers, more than one a side); None when
    the games follow one another by themselves (or there is no such meeting to fight)."""
    from assistant.ledger import dba_map

    found = next((m for m in state.meetings if m.meeting.number == number), None)
    if state.dba_map is None or found is None or found.settled:
        return None
    attackers, defenders = dba_map.pairing_sides(state, found.meeting.province)
    if len(attackers) != len(defenders) or len(attackers) < 2:
        return None
    return attackers, defenders


def _invasion_prefill(
    state: CampaignData, found: MeetingState, chosen: Mapping[str, str] | None
) -> BattlePrefill:
    """D8, D10: the next game of an invasion meeting — the invader's side attacks; with
    ``chosen``, the first of the games the attacker picked (refused as ``campaign pairing``
    refuses a pick)."""
    from assistant.ledger import dba_map
    from assistant.ledger.errors import LedgerFieldError
    from assistant.ledger.invasions import pairing_of
    from assistant.ledger.read_models import PairingSummary

    meeting = found.meeting
    if chosen is None or found.settled:
        pairing = pairing_of(state, found)
    else:
        picked = dba_map.pairing(state, meeting.province, chosen)
        pairing = PairingSummary(pairs=tuple(picked.pairs), queue=tuple(picked.queue))
    if pairing is None:
        raise LedgerFieldError(
            "meeting",
            N_(
                "meeting {number} has no game to play now: settled, or equal numbers, where "
                "the attacker picks each opponent (castra campaign pairing, D8)"
            ),
            number=meeting.number,
        )
    army_a, army_b = pairing.pairs[0]
    assert state.dba_map is not None
    side_a = state.dba_map.armies[army_a].side
    side_b = state.dba_map.armies[army_b].side
    return BattlePrefill(
        meeting=meeting.number,
        place=meeting.province,
        naval=False,
        side_a=[(side_a, 0)],
        side_b=[(side_b, 0)],
        forces_a=[n for n in meeting.forces if state.dba_map.armies[n].side == side_a],
        forces_b=[n for n in meeting.forces if state.dba_map.armies[n].side == side_b],
        approach="open",
        defender="b",
        army_a=army_a,
        army_b=army_b,
        queue=list(pairing.queue),
    )


def check_armies_there(state: CampaignData, event: BattleRecorded) -> None:
    """D6 (Reading), T7.4: on the Macedon vs Persia map a battle of this turn is fought only
    between armies standing in the province it names (an invasion's attacker stands there once
    it has moved in). A place that is no province of the map (a battlefield's own name) is not
    checked: nothing moves after it (D2)."""
    from assistant.ledger.errors import LedgerFieldError

    if (
        state.dba_map is None
        or event.turn not in (None, state.turn)
        or event.place not in state.dba_map.provinces
    ):
        return  # Reading: a battlefield off the map ("Granicus") names no province to check
    for contingent in event.contingents:
        army = state.dba_map.armies.get(contingent.army or "")
        if army is not None and army.province != event.place:
            raise LedgerFieldError(
                f"army_{contingent.side}",
                N_(
                    "{army} stands at {there}, not at {place}: a battle is fought between "
                    "armies standing in its province (D6)"
                ),
                army=army.name,
                there=army.province or "-",
                place=event.place,
            )
