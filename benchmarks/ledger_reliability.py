"""Whether a campaign file keeps every event it acknowledged: writers killed mid-write, and
writers recording at once. Prints the figures the README's "Reliability" section quotes.

Kills: one writer process records events (each printed once committed) and is killed with
SIGKILL at a random instant, again and again on the same file; after each kill the file must
open, hold every acknowledged event once, in order, none half-written, and pass its checksums.
Concurrent writers: W processes record E events each at the same time; every id must be
written once, none lost.

Run: ``.venv/bin/python benchmarks/ledger_reliability.py [--kills 200] [--writers 4]
[--events 100] [--seed 1]`` (a few minutes for 200 kills; POSIX only).
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore

WRITER = """
import sys
from assistant.ledger.events import TreasuryAdjusted
from assistant.ledger.store import CampaignStore
path, count, tag = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with CampaignStore.open(path) as store:
    for _ in range(count):
        stored = store.append(TreasuryAdjusted(nation="Rome", pe=1, note=tag + " " + "x" * 200))
        print(stored.id, flush=True)
"""
"""A writer: ``count`` treasury events, each id printed once the transaction committed."""


def _writer(path: Path, count: int, tag: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(count), tag],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _check(path: Path, acknowledged: set[int]) -> tuple[int, int]:
    """(events in the file, acknowledged events missing); raises if the file is unusable."""
    with CampaignStore.open(path) as store:
        events = store.events()
        ids = [stored.id for stored in events]
        if ids != list(range(1, len(ids) + 1)):
            raise SystemExit(f"gap in the event ids of {path}")
        if any(not s.event.note.endswith("x" * 200) for s in events[1:]):
            raise SystemExit(f"a half-written event in {path}")
        if store.state().nations["Rome"].treasury != 16 + len(ids) - 1:
            raise SystemExit(f"the saved state of {path} does not match its events")
        return len(ids), len(acknowledged - set(ids))


def kills(folder: Path, count: int, chance: random.Random) -> None:
    path = folder / "killed.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    acknowledged: set[int] = set()
    lost = 0
    started = time.perf_counter()
    for _ in range(count):
        writer = _writer(path, 1_000_000, "killed")
        assert writer.stdout is not None
        # Let it commit a few events first, then kill it at a random instant of the next.
        for _ in range(chance.randint(1, 5)):
            line = writer.stdout.readline()
            if not line:
                raise SystemExit(f"the writer stopped: {writer.stderr.read()}")
            acknowledged.add(int(line))
        time.sleep(chance.uniform(0, 0.01))
        writer.send_signal(signal.SIGKILL)
        out, _ = writer.communicate()
        acknowledged.update(int(line) for line in out.split())
        _, missing = _check(path, acknowledged)
        lost += missing
    events, _ = _check(path, acknowledged)
    print(
        f"kills: {count} SIGKILLs mid-write, {len(acknowledged)} events acknowledged, "
        f"{events - 1} in the file, {lost} acknowledged events lost "
        f"({time.perf_counter() - started:.0f} s)"
    )


def concurrent(folder: Path, writers: int, each: int) -> None:
    path = folder / "shared.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    started = time.perf_counter()
    processes = [_writer(path, each, f"w{index}") for index in range(writers)]
    outputs = [process.communicate()[0] for process in processes]
    failed = sum(1 for process in processes if process.returncode != 0)
    ids = [int(line) for out in outputs for line in out.split()]
    events, missing = _check(path, set(ids))
    twice = len(ids) - len(set(ids))
    print(
        f"concurrent writers: {writers} × {each} events, {len(ids)} acknowledged, "
        f"{events - 1} in the file, {missing} lost, {twice} ids given twice, "
        f"{failed} writers failed ({time.perf_counter() - started:.0f} s)"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        concurrent(Path(folder), args.writers, args.events)
        kills(Path(folder), args.kills, random.Random(args.seed))


if __name__ == "__main__":
    main(sys.argv[1:])
