"""A Tarentine campaign whose armies already stand where a test's battle is fought.

Since T7.4 a battle on the map fields no more PM than each nation has standing at its
province, so a test about losses or prestige (not about the map) starts its campaign with the
nations' PM gathered there instead of marching and sailing them across Italy turn by turn.
"""

from __future__ import annotations

from armylists.scenarios import Scenario, StartingForce, load_scenario
from converters.house_rules import HouseRules

ONE_AT_A_TIME = HouseRules(orders="immediate")
"""House rule ``orders = immediate`` (T7.3): for a test about something other than the turn's
order, whose moves and acts are carried out as they are recorded, in any order."""


def tarentine_meeting_at(place: str, *nations: str, fleets: bool = False) -> Scenario:
    """The Tarentine scenario with every land PM of ``nations`` (and their naval PM too when
    ``fleets``: ``place`` must then be maritime) standing at ``place`` from the start."""
    scenario = load_scenario("tarentine")
    start = [
        row.model_copy(update={"land_pm": 0, "naval_pm": 0 if fleets else row.naval_pm})
        if row.nation in nations
        else row
        for row in scenario.start
    ]
    for nation in nations:
        land, naval = scenario.starting_pm(nation)
        start.append(
            StartingForce(
                nation=nation, province=place, land_pm=land, naval_pm=naval if fleets else 0
            )
        )
    return scenario.model_copy(update={"start": start})


def tarentine_starting(*armies: tuple[str, str, int]) -> Scenario:
    """The Tarentine scenario with, for each (nation, province, land PM), that many of the
    nation's land PM standing there from the start, taken from its other start rows smallest
    first (so its largest army keeps what it can); its fleets stay where they are."""
    scenario = load_scenario("tarentine")
    start = list(scenario.start)
    for nation, province, pm in armies:
        wanted = pm
        for index in sorted(
            (i for i, row in enumerate(start) if row.nation == nation and row.province != province),
            key=lambda i: start[i].land_pm,
        ):
            taken = min(wanted, start[index].land_pm)
            start[index] = start[index].model_copy(update={"land_pm": start[index].land_pm - taken})
            wanted -= taken
        if wanted:
            raise ValueError(f"{nation} has not {pm} land PM to stand at {province}")
        start.append(StartingForce(nation=nation, province=province, land_pm=pm, naval_pm=0))
    return scenario.model_copy(update={"start": start})
