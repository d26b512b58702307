"""How long the map takes: a turn's tribute (T5.3) and drawing the board (target: well under
one frame, 16 ms, on the 44-province Tarentine board).

Times, on a fresh Tarentine campaign and on one where armies have marched about, sieges and a
sack are in force: ``tribute_now`` (what ``campaign tribute``, ``advance`` and the Map screen's
panel compute), ``map_summary`` (the map's JSON the screen draws from) and ``render_map`` at the
canvas sizes of an 80×24 and a 120×40 terminal; then Macedon vs Persia's board (D9–D13): its
summary (which traces every army's supply line, D13) and the board drawn at its smallest size.

Run: ``.venv/bin/python benchmarks/map.py``
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from armylists.scenarios import load_scenario
from assistant.ledger.dba_map import summary
from assistant.ledger.events import ArmyMoved, CityShutIn, TurnAdvanced
from assistant.ledger.forces import map_summary, tribute_now
from assistant.ledger.map_war import sack_event
from assistant.ledger.state import CampaignState
from assistant.ledger.store import CampaignStore
from assistant.tui.screens.map import MACEDON_BOARD
from assistant.tui.widgets.map_canvas import macedon_board, render_map
from converters.house_rules import HouseRules

CANVASES = {"80×24": (49, 21), "120×40": (89, 37)}
"""The map canvas left beside the 30-column panel, under the header and over the footer."""


def busy_state(path: Path) -> CampaignState:
    """Turn 2 with armies on the march, Tarentum besieged and Canova sacked (moved one at a time,
    house rule ``orders = immediate``: the sealed orders would wait for the turn's resolution)."""
    store = CampaignStore.create(
        path, load_scenario("tarentine"), rules=HouseRules(orders="immediate")
    )
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Rome I", to="Capua"))
    store.append(sack_event(store.state(), "Canova", "Rome"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(ArmyMoved(army="Magna Graecia II", to="Heraclea"))
    store.append(ArmyMoved(army="Carthage IV", to="Panormus"))
    store.append(CityShutIn(province="Tarentum"))
    state = store.state()
    store.close()
    return state


def timed(work: Callable[[], object], repeat: int = 200) -> tuple[float, float]:
    """Median and worst time of ``work`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        start = CampaignStore.create(Path(folder) / "start.castra", load_scenario("tarentine"))
        states = {"turn 1": start.state(), "busy turn 2": busy_state(Path(folder) / "b.castra")}
        start.close()
        for label, state in states.items():
            provinces = len(state.scenario.provinces)
            print(f"{label} ({provinces} provinces, {len(state.forces)} forces):")
            median, worst = timed(lambda state=state: tribute_now(state))
            print(f"  tribute_now            {median:6.2f} ms median, {worst:6.2f} ms worst")
            median, worst = timed(lambda state=state: map_summary(state))
            print(f"  map_summary            {median:6.2f} ms median, {worst:6.2f} ms worst")
            data = map_summary(state).to_json()
            for size, (width, height) in CANVASES.items():
                median, worst = timed(
                    lambda data=data, width=width, height=height: render_map(
                        data, width, height, "Roma"
                    )
                )
                print(f"  render_map {size:<8}   {median:6.2f} ms median, {worst:6.2f} ms worst")
        macedon = CampaignStore.create(Path(folder) / "m.castra", load_scenario("macedon"))
        state = macedon.state()
        macedon.close()
        print(f"Macedon vs Persia turn 1 ({len(state.scenario.provinces)} provinces):")
        median, worst = timed(lambda: summary(state))
        print(f"  dba summary            {median:6.2f} ms median, {worst:6.2f} ms worst")
        macedon_data = summary(state)

        def draw() -> object:
            board, labels, alerts, line = macedon_board(macedon_data, "Thrace")
            width, height = MACEDON_BOARD
            return render_map(
                board, width, height, "Thrace", labels=labels, alerts=alerts, line=line
            )

        median, worst = timed(draw)
        print(f"  macedon board 88×24    {median:6.2f} ms median, {worst:6.2f} ms worst")


if __name__ == "__main__":
    main()
