"""How long a long campaign takes to open: 1,000 → 10,000 recorded battles (target < 0.5 s).

Builds Tarentine Wars campaigns whose ledgers hold N battles (each followed by the loser
rebuilding its decimated PM, with turns and winters in between), then times
``CampaignStore.open(path).state()`` — the snapshot path every command takes, checksums
included — then the checksum check alone (every event's hash chain and the saved state's
digest, run on every open since schema 3), and, for comparison, a full replay of the event
log (what an undo, a changed replay version or another process's undo costs), and one
``undo`` (reads and replays the whole log once).

Run: ``/work/venv/bin/python benchmarks/ledger.py [N ...]``
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    BattleRecorded,
    CampaignCreated,
    ContingentResult,
    Event,
    PmRebuilt,
    TreasuryAdjusted,
    TurnAdvanced,
    WinterResolved,
)
from assistant.ledger.state import replay
from assistant.ledger.store import EXPORT_FORMAT, SCHEMA_VERSION, CampaignStore
from converters.dice import Roll

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def campaign_events(battles: int) -> list[Event]:
    """A valid ledger with ``battles`` battles spread over the campaign's turns."""
    scenario = load_scenario("tarentine")
    calendar = scenario.calendar
    summer_turns = calendar.years * calendar.turns_per_year
    per_turn = max(1, -(-battles // summer_turns))
    events: list[Event] = [CampaignCreated(scenario=scenario, turn=1, when=WHEN)]
    turn = 1
    for nation in ("Rome", "Carthage"):
        events.append(
            TreasuryAdjusted(nation=nation, pe=10**7, note="benchmark war chest", turn=1, when=WHEN)
        )
    recorded = 0
    while recorded < battles:
        for _ in range(min(per_turn, battles - recorded)):
            winner = "a" if recorded % 2 else "b"
            loser_nation = "Carthage" if winner == "a" else "Rome"
            events.append(
                BattleRecorded(
                    place="Heraclea",
                    resolution="manual",
                    winner=winner,
                    contingents=[
                        ContingentResult(side="a", nation="Rome", pm=2, pm_lost=int(winner == "b")),
                        ContingentResult(
                            side="b", nation="Carthage", pm=2, pm_lost=int(winner == "a")
                        ),
                    ],
                    prestige={
                        "Rome": 1 if winner == "a" else -1,
                        "Carthage": -1 if winner == "a" else 1,
                    },
                    turn=turn,
                    when=WHEN,
                )
            )
            events.append(PmRebuilt(nation=loser_nation, pm=1, turn=turn, when=WHEN))
            recorded += 1
        if recorded >= battles:
            break
        events.append(TurnAdvanced(turn=turn, when=WHEN))
        turn += 1
        if calendar.is_winter(turn):
            roll = Roll(sides=10, value=9, purpose="T5.6 winter event")
            events.append(WinterResolved(turn=turn, when=WHEN, rolls=[roll]))
            events.append(TurnAdvanced(turn=turn, when=WHEN))
            turn += 1
    return events


def build(path: Path, battles: int) -> None:
    events = campaign_events(battles)
    document = {
        "format": EXPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "events": [
            {"id": index, "event": event.model_dump(mode="json")}
            for index, event in enumerate(events, start=1)
        ],
    }
    CampaignStore.import_document(document, path).close()


def time_open(path: Path, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        with CampaignStore.open(path) as store:
            store.state()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_replay(path: Path) -> float:
    with CampaignStore.open(path) as store:
        start = time.perf_counter()
        events = [(stored.id, stored.event) for stored in store.events()]
        replay(events)
        return time.perf_counter() - start


def time_checks(path: Path, repeats: int = 5) -> float:
    """The damage check every open runs (issue 10, item 5): part of the open time above."""
    times = []
    with CampaignStore.open(path) as store:
        for _ in range(repeats):
            start = time.perf_counter()
            assert store.find_damage() is None
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_undo(path: Path) -> float:
    """``castra campaign undo`` on the campaign: the one write that replays the whole log."""
    copy = path.with_name(f"undo-{path.name}")
    copy.write_bytes(path.read_bytes())
    with CampaignStore.open(copy) as store:
        start = time.perf_counter()
        store.undo("benchmark")
        return time.perf_counter() - start


def main(argv: list[str]) -> None:
    sizes = [int(arg) for arg in argv] or [1_000, 2_500, 5_000, 10_000]
    print(
        f"{'battles':>8} {'events':>8} {'file KB':>8} {'open s':>8} {'checks s':>9} "
        f"{'full replay s':>14} {'undo s':>8}"
    )
    with tempfile.TemporaryDirectory() as folder:
        first: float | None = None
        last = (0, 0.0)
        for size in sizes:
            path = Path(folder) / f"c{size}.castra"
            build(path, size)
            with CampaignStore.open(path) as store:
                count = store.state().last_event_id
            opened = time_open(path)
            checks = time_checks(path)
            full = time_replay(path)
            undone = time_undo(path)
            first = first or opened
            print(
                f"{size:>8} {count:>8} {path.stat().st_size // 1024:>8} {opened:>8.4f} "
                f"{checks:>9.4f} {full:>14.3f} {undone:>8.3f}   "
                f"(open ×{opened / first:.2f} vs the first size)"
            )
            last = (size, opened)
    print("target: open a campaign of 10,000 battles in under 0.5 s", end="")
    if last[0] == 10_000:
        print(f": {last[1]:.4f} s, {'met' if last[1] < 0.5 else 'NOT met'}")
    else:
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
