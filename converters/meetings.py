"""Sealed orders carried out together, and every meeting they make (T7.3, T7.4, T3.6).

The seed's moves are simultaneous ("Le mosse sono contemporanee"): nobody's order goes first.
This module is the pure part of carrying them out: given where every force stands and where
each was ordered to go, where each ends and which hostile forces meet — in one province at the
end, swapping along one road, or, at sea, moving one stretch per step all together (a fleet
that meets stops). The answer depends only on the forces and their routes, never on the order
in which the orders were entered: everything is sorted by name before it is looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Arrival",
    "MeetingFound",
    "Mover",
    "Outcome",
    "carry_out",
]

Arrival = Literal["stood", "road", "mountain", "sea", "landing"]
"""How a force came to where it ended: it stood still, marched by road or mountain road (T3.2),
sailed, or landed from a fleet (T3.2)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Mover(_Frozen):
    """One army or fleet as the orders find it."""

    name: str
    """The force's name."""
    side: str
    """Whose side it is on (its nation, or the nation paying it, T5.5)."""
    kind: Literal["army", "fleet"]
    """An army or a fleet."""
    route: list[str] = Field(min_length=1)
    """Where it stands, then every province it is ordered through, in order (one entry: it
    stands still)."""
    aboard: str | None = None
    """An army: the fleet that carries it this turn (it goes where the fleet goes)."""
    lands: bool = False
    """An army aboard: it lands where its fleet ends, if the fleet gets there (T7.3)."""
    way: Literal["road", "mountain"] | None = None
    """An army that marches: by road or by mountain road (T3.2)."""


class MeetingFound(_Frozen):
    """Hostile forces that meet (T7.4)."""

    province: str
    """Where the battle would be fought."""
    at_sea: bool
    """Fleets (phase 4) or armies (phase 7)."""
    forces: list[str]
    """The forces that meet, by name."""
    crossing: list[str] = []
    """Met on the way: the two provinces of the road or stretch they swapped along (T4.3 "met
    while crossing"); empty when they ended in one province."""
    arrivals: dict[str, Arrival] = {}
    """How each force came there (T3.2: a mountain road or a landing helps the defender)."""


class Outcome(_Frozen):
    """Where every force ends, and the meetings, sea first (T7.4)."""

    ends: dict[str, str]
    """Each force's province at the end of the movement, by name."""
    aboard: dict[str, str | None]
    """Each army's fleet at the end (None: ashore)."""
    stopped: dict[str, str]
    """Fleets that met on the way: where they stopped (T7.4)."""
    meetings: list[MeetingFound]
    """Every meeting, at sea first, then on land, each group in order of province and names."""


def carry_out(movers: Iterable[Mover], hostile: Callable[[str, str], bool]) -> Outcome:
    """T7.3, T7.4, T3.6: carry out every order together.

    Fleets move one stretch per step, all at once. After each step, two hostile fleets that
    would swap along one stretch meet on it and stop (the first by name in the province it
    sailed into, the other held there, where it was); a fleet that moved into a
    province where a hostile fleet is meets it there and stops (so does a moving fleet it
    meets). Troops aboard land where their fleet ends if their order says so and the fleet got
    there and it met nobody (else they land after the naval battles, T5.2 phase 6). Then
    armies march (one road each): two hostile armies that would swap along one road meet on
    it — the first by name reaches the province it marched into, the other is held there,
    where it started, and the meeting says the road it was "met while crossing" (T4.3) — and
    every province where hostile armies ashore (or hostile fleets) end holds one meeting of
    every force of that kind there."""
    forces = sorted(movers, key=lambda m: m.name)
    fleets = [m for m in forces if m.kind == "fleet"]
    armies = [m for m in forces if m.kind == "army"]
    position = {f.name: f.route[0] for f in fleets}
    stopped: dict[str, str] = {}
    sea_at: dict[str, set[str]] = {}
    sea_crossed: dict[str, list[str]] = {}
    longest = max((len(f.route) for f in fleets), default=1)
    for step in range(1, longest):
        before = dict(position)
        moving = [f for f in fleets if f.name not in stopped and step < len(f.route)]
        moving_names = {f.name for f in moving}
        for fleet in moving:
            position[fleet.name] = fleet.route[step]
        halted: dict[str, str] = {}
        # The fleets by the stretch they sail this step: a swap is the same stretch backwards.
        sailing: dict[tuple[str, str], list[Mover]] = {}
        for fleet in moving:
            sailing.setdefault((before[fleet.name], position[fleet.name]), []).append(fleet)
        for a in moving:
            for b in sailing.get((position[a.name], before[a.name]), []):
                if a.name < b.name and hostile(a.side, b.side):
                    # As on land: the first by name reaches the province it sailed into,
                    # the other is held there, where it was; the meeting is on the stretch.
                    where = position[a.name]
                    halted[a.name] = where
                    halted[b.name] = where
                    sea_at.setdefault(where, set()).update((a.name, b.name))
                    sea_crossed[where] = sorted([before[a.name], before[b.name]])
        for name, where in halted.items():
            position[name] = where
        fleets_at: dict[str, list[Mover]] = {}
        for fleet in fleets:
            fleets_at.setdefault(position[fleet.name], []).append(fleet)
        for fleet in moving:
            if fleet.name in halted:
                continue
            here = position[fleet.name]
            there = fleets_at[here]
            if any(hostile(fleet.side, other.side) for other in there):
                sea_at.setdefault(here, set()).update(f.name for f in there)
                for other in there:
                    if other.name in moving_names:
                        halted[other.name] = here
        stopped.update(halted)
    ends = dict(position)
    _together(fleets, ends, hostile, sea_at)
    # T5.2: landings (phase 6) come after the naval battles (4): troops aboard a fleet that met
    # stay aboard until its meeting is settled, then land as their own act.
    met_at_sea = {name for names in sea_at.values() for name in names}
    aboard: dict[str, str | None] = {}
    arrival: dict[str, Arrival] = {}
    for army in armies:
        if army.aboard is not None:
            fleet = next(f for f in fleets if f.name == army.aboard)
            ends[army.name] = position[fleet.name]
            reached = position[fleet.name] == fleet.route[-1] and fleet.name not in met_at_sea
            landed = army.lands and reached
            aboard[army.name] = None if landed else fleet.name
            arrival[army.name] = "landing" if landed else "sea"
        else:
            ends[army.name] = army.route[-1]
            aboard[army.name] = None
            arrival[army.name] = army.way if len(army.route) > 1 and army.way else "stood"
    for fleet in fleets:
        arrival[fleet.name] = "sea" if ends[fleet.name] != fleet.route[0] else "stood"
    ashore = [a for a in armies if aboard[a.name] is None]
    crossed: dict[str, list[str]] = {}
    # The armies that march, by their road: a swap is the same road the other way.
    marching: dict[tuple[str, str], list[Mover]] = {}
    for army in ashore:
        if army.aboard is None and len(army.route) > 1:
            marching.setdefault((army.route[0], army.route[-1]), []).append(army)
    for a in ashore:
        if a.aboard is not None or len(a.route) < 2:
            continue
        for b in marching.get((a.route[-1], a.route[0]), []):
            if a.name < b.name and hostile(a.side, b.side):
                # Reading (T7.4): met on the road, the battle belongs to the province the
                # first-named was marching into; the other is held there, where it started.
                ends[b.name] = a.route[-1]
                crossed[a.route[-1]] = sorted([a.route[0], b.route[0]])
    land_at: dict[str, set[str]] = {}
    _together(ashore, ends, hostile, land_at)
    meetings = [
        *(
            m.model_copy(update={"crossing": sea_crossed.get(m.province, [])})
            for m in _gathered(sea_at, True, arrival)
        ),
        *(
            m.model_copy(update={"crossing": crossed.get(m.province, [])})
            for m in _gathered(land_at, False, arrival)
        ),
    ]
    meetings.sort(key=lambda m: (not m.at_sea, m.province, bool(m.crossing), m.forces))
    return Outcome(ends=ends, aboard=aboard, stopped=stopped, meetings=meetings)


def _together(
    forces: list[Mover],
    ends: dict[str, str],
    hostile: Callable[[str, str], bool],
    found: dict[str, set[str]],
) -> None:
    """Every province where hostile forces end holds one meeting of all of them (T7.4)."""
    by_place: dict[str, list[Mover]] = {}
    for force in forces:
        by_place.setdefault(ends[force.name], []).append(force)
    for where, there in by_place.items():
        if any(hostile(a.side, b.side) for a in there for b in there):
            found.setdefault(where, set()).update(f.name for f in there)


def _gathered(
    found: dict[str, set[str]], at_sea: bool, arrival: dict[str, Arrival]
) -> list[MeetingFound]:
    return [
        MeetingFound(
            province=where,
            at_sea=at_sea,
            forces=sorted(names),
            arrivals={name: arrival[name] for name in sorted(names)},
        )
        for where, names in found.items()
    ]
