"""Carrying out sealed orders together (T7.3) finds every meeting (T7.4, T3.6).

Hypothesis builds random sets of forces and routes: the result never depends on the order the
orders came in, and every hostile pair that ends in one province or swaps along one road or
stretch is in the meetings list.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from converters.meetings import Mover, carry_out

ALLIED = {frozenset({"Pyrrhus", "Magna Graecia"})}
SIDES = ("Rome", "Carthage", "Pyrrhus", "Magna Graecia")
PROVINCES = ("Roma", "Capua", "Neapolis", "Paestum", "Tarentum")


def hostile(a: str, b: str) -> bool:
    """T7.10: not the same and not allied."""
    return a != b and frozenset({a, b}) not in ALLIED


@st.composite
def route(draw: st.DrawFn, longest: int) -> list[str]:
    places = [draw(st.sampled_from(PROVINCES))]
    for _ in range(draw(st.integers(0, longest - 1))):
        places.append(draw(st.sampled_from([p for p in PROVINCES if p != places[-1]])))
    return places


@st.composite
def movers(draw: st.DrawFn) -> list[Mover]:
    found: list[Mover] = []
    for number in range(draw(st.integers(1, 7))):
        kind = draw(st.sampled_from(["army", "fleet"]))
        found.append(
            Mover(
                name=f"{kind} {number}",
                side=draw(st.sampled_from(SIDES)),
                kind=kind,
                route=draw(route(2 if kind == "army" else 5)),
                way="road" if kind == "army" else None,
            )
        )
    return found


@settings(max_examples=200, deadline=None)
@given(forces=movers(), data=st.data())
def test_t7_3_carrying_out_does_not_depend_on_the_order_of_entry(
    forces: list[Mover], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(forces))
    assert carry_out(shuffled, hostile) == carry_out(forces, hostile)


@settings(max_examples=300, deadline=None)
@given(forces=movers())
def test_t7_4_every_hostile_pair_that_ends_together_or_swaps_meets(forces: list[Mover]) -> None:
    outcome = carry_out(forces, hostile)
    together = {(m.province, name) for m in outcome.meetings for name in m.forces}
    for a in forces:
        for b in forces:
            if a.name >= b.name or a.kind != b.kind or not hostile(a.side, b.side):
                continue
            here = outcome.ends[a.name]
            if here == outcome.ends[b.name]:
                assert (here, a.name) in together and (here, b.name) in together, (a, b)
            if a.kind == "army" and len(a.route) == len(b.route) == 2 and a.route == b.route[::-1]:
                assert any(
                    m.crossing and {a.name, b.name} <= set(m.forces) for m in outcome.meetings
                ), (a, b)


@settings(max_examples=200, deadline=None)
@given(forces=movers())
def test_t7_4_a_fleet_that_met_stops_and_meetings_come_sea_first(forces: list[Mover]) -> None:
    outcome = carry_out(forces, hostile)
    seas = [m.at_sea for m in outcome.meetings]
    assert seas == sorted(seas, reverse=True), "sea first (phase 4), then land (phase 7)"
    for fleet in forces:
        if fleet.kind == "fleet" and fleet.name in outcome.stopped:
            assert outcome.ends[fleet.name] == outcome.stopped[fleet.name]
            assert any(fleet.name in m.forces for m in outcome.meetings if m.at_sea)
        elif fleet.kind == "fleet":
            assert outcome.ends[fleet.name] == fleet.route[-1], "unmet, it sails all the way"


def test_t3_6_fleets_swapping_along_one_stretch_meet_on_it() -> None:
    """Roma → Capua and Capua → Roma in the same step: they meet on the stretch and stop, both
    where the first by name sailed into (Carthage fleet I, into Roma)."""
    outcome = carry_out(
        [
            Mover(name="Rome fleet I", side="Rome", kind="fleet", route=["Roma", "Capua"]),
            Mover(name="Carthage fleet I", side="Carthage", kind="fleet", route=["Capua", "Roma"]),
        ],
        hostile,
    )
    (meeting,) = outcome.meetings
    assert meeting.at_sea and meeting.crossing == ["Capua", "Roma"]
    assert outcome.ends == {"Rome fleet I": "Roma", "Carthage fleet I": "Roma"}


def test_t3_6_a_fleet_passing_an_enemy_fleet_stops_there_and_its_troops_do_not_land() -> None:
    outcome = carry_out(
        [
            Mover(
                name="Rome fleet I",
                side="Rome",
                kind="fleet",
                route=["Roma", "Capua", "Neapolis", "Paestum"],
            ),
            Mover(name="Carthage fleet I", side="Carthage", kind="fleet", route=["Neapolis"]),
            Mover(
                name="Rome I",
                side="Rome",
                kind="army",
                route=["Roma"],
                aboard="Rome fleet I",
                lands=True,
            ),
        ],
        hostile,
    )
    assert outcome.ends["Rome fleet I"] == "Neapolis" == outcome.ends["Rome I"]
    assert outcome.aboard["Rome I"] == "Rome fleet I", "the fleet never reached Paestum"
    assert [m.forces for m in outcome.meetings] == [["Carthage fleet I", "Rome fleet I"]]


def test_t7_4_allies_never_meet() -> None:
    outcome = carry_out(
        [
            Mover(name="Pyrrhus I", side="Pyrrhus", kind="army", route=["Capua", "Roma"]),
            Mover(name="Greeks I", side="Magna Graecia", kind="army", route=["Roma", "Capua"]),
        ],
        hostile,
    )
    assert outcome.meetings == []
