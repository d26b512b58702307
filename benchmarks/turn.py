"""How long carrying out a turn's sealed orders takes (issue 22: at most one frame).

Seven nations give ten orders each on the Tarentine board (marches to a neighbour by road and
voyages of up to 8 stretches, T7.3); the time is what the referee waits for after `v` (or
``castra campaign resolve``): building the ``orders_resolved`` event (every force moved together,
every meeting found, T7.4) and the ledger recording it as the store does (``record``: checking
it, which carries the orders out once more, then applying it and saying what it did). Printed as
a ratio to one frame of the app (16 ms): at most 1. The check a replay makes when the file is
opened again (``apply``) is timed apart, as it is not part of resolving the turn.

Run: ``python benchmarks/turn.py [--runs 30]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from armylists.scenarios import load_scenario
from assistant.ledger.events import CampaignCreated, MarchOrder, OrderGiven, VoyageOrder
from assistant.ledger.forces import Force, board_of
from assistant.ledger.orders import resolution
from assistant.ledger.state import CampaignState, initial_state
from converters.house_rules import HouseRules

FRAME_SECONDS = 0.016
"""One frame at 60 Hz."""

NATIONS = ("Rome", "Carthage", "Senones", "Etruscans", "Magna Graecia", "Pyrrhus", "Syracuse")
ORDERS_EACH = 10


def campaign_with_orders(seed: int = 278) -> CampaignState:
    """A fresh Tarentine campaign where each of seven nations has ten forces, each ordered."""
    scenario = load_scenario("tarentine")
    state = initial_state(CampaignCreated(scenario=scenario, rules=HouseRules()))
    board = board_of(scenario)
    assert board is not None
    chance = random.Random(seed)
    maritime = [p for p in board.provinces if board.place(p).maritime]
    for nation in NATIONS:
        own = [p.name for p in scenario.provinces if p.homeland == nation] or maritime
        for number in range(ORDERS_EACH):
            fleet = number % 3 == 0
            home = (
                chance.choice([p for p in own if p in maritime] or maritime)
                if fleet
                else (chance.choice(own))
            )
            name = f"{nation} bench {number}"
            state.forces[name] = Force(
                name=name, nation=nation, kind="fleet" if fleet else "army", province=home, pm=1
            )
            # T7.2: every PM on the map is one of the nation's, or the ledger takes it off again
            if fleet:
                state.nations[nation].naval_pm += 1
            else:
                state.nations[nation].land_pm += 1
            if fleet:
                reachable = [
                    p
                    for p in maritime
                    if p != home
                    and (route := board.shortest_sea_route(home, p)) is not None
                    and len(route) <= 9
                ]
                order: MarchOrder | VoyageOrder = VoyageOrder(
                    fleet=name, to=chance.choice(reachable)
                )
            else:
                roads = board.road_neighbours(home)
                if not roads:
                    continue
                order = MarchOrder(army=name, to=chance.choice(roads))
            event = OrderGiven(nation=nation, order=order)
            state.check(event)
            state.apply(event, state.last_event_id + 1)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    state = campaign_with_orders()
    given = sum(len(orders) for orders in state.orders.values())
    times, replays = [], []
    for _ in range(runs):
        copy = state.model_copy(deep=True)
        replayed = state.model_copy(deep=True)
        started = time.perf_counter()
        event = resolution(copy)
        copy.record(event, copy.last_event_id + 1)
        times.append(time.perf_counter() - started)
        started = time.perf_counter()
        replayed.apply(event, replayed.last_event_id + 1)
        replays.append(time.perf_counter() - started)
    median = statistics.median(times)
    moved = sum(move.end != move.start for move in event.moves)
    print(
        f"{len(state.orders)} nations, {given} orders, {len(event.moves)} forces carried out "
        f"({moved} moved), {len(event.meetings)} meetings found"
    )
    print(f"resolve: median {median * 1000:.2f} ms of {runs} runs")
    print(f"(replayed from the file: median {statistics.median(replays) * 1000:.2f} ms)")
    print(f"ratio to one frame (16 ms): {median / FRAME_SECONDS:.2f} (at most 1)")


if __name__ == "__main__":
    main()
