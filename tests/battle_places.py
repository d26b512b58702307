"""A Tarentine campaign whose armies already stand where a test's battle is fought.

Since T7.4 a battle on the map fields no more PM than each nation has standing at its
province, so a test about losses or prestige (not about the map) starts its campaign with the
nations' land PM gathered there instead of marching them across Italy turn by turn.
"""

from __future__ import annotations

from armylists.scenarios import Scenario, StartingForce, load_scenario


def tarentine_meeting_at(place: str, *nations: str) -> Scenario:
    """The Tarentine scenario with every land PM of ``nations`` standing at ``place`` from
    the start (their fleets stay where the start table puts them)."""
    scenario = load_scenario("tarentine")
    start = [
        row.model_copy(update={"land_pm": 0}) if row.nation in nations else row
        for row in scenario.start
    ]
    for nation in nations:
        land, _naval = scenario.starting_pm(nation)
        start.append(StartingForce(nation=nation, province=place, land_pm=land, naval_pm=0))
    return scenario.model_copy(update={"start": start})
