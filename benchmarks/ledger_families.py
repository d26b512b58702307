"""The ledger's event families against the tree before them (issue 21 item 1: at most 1.1×).

Makes a ``git worktree`` of an earlier commit (default: ``a7685e2``, where main stood when the
ledger's single ``match`` was split into families) and measures, in one run and on the same
campaign file of 10,000 events (written by the earlier tree's ``benchmarks/campaigns.py``, so
both read it), each tree in its own child process, alternately, several rounds:

- **record** — ``store.append`` of a prestige adjustment on an open campaign (check, evolve,
  describe, write): the median of a run of appends;
- **replay** — the pure replay of the whole log (``replay(events)``), the events read first;
- **open** — ``CampaignStore.open(path).state()`` (the saved state and the hash chain);
- **app** — the app opened on the campaign (``benchmarks/startup.py``'s headless child, the
  tree's own: ``castra --campaign PATH`` until the campaign is on screen and the ledger, opened
  in its worker, is done), the child process's whole CPU time.

Each figure is CPU time (``time.process_time``: a shared machine's load and the disk's
flushes move wall-clock figures far more than the code does); each row prints both trees'
median over the rounds (each round's own figure a median of its runs) and today's ratio
against the earlier tree.

Run: ``.venv/bin/python benchmarks/ledger_families.py [--commit SHA] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "benchmarks" / "startup.py"
"""What launches the app headless until it is usable (``benchmarks/startup.py``'s child)."""
BEFORE = "a7685e2"
"""The merge-base with main when the families were built."""

CHILD = r"""
import json, shutil, statistics, sys, time
from pathlib import Path
from assistant.ledger.events import PrestigeAdjusted
from assistant.ledger.state import replay
from assistant.ledger.store import CampaignStore

source, scratch, appends = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
shutil.copyfile(source, scratch)
opens = []
for _ in range(3):
    start = time.process_time()
    with CampaignStore.open(scratch) as store:
        store.state()
    opens.append(time.process_time() - start)
with CampaignStore.open(scratch) as store:
    events = [(stored.id, stored.event) for stored in store.events()]
    replays = []
    for _ in range(3):
        start = time.process_time()
        replay(events)
        replays.append(time.process_time() - start)
    store.state()
    records = []
    for index in range(appends):
        event = PrestigeAdjusted(nation="Rome", pp=1, note=f"benchmark {index}")
        start = time.process_time()
        store.append(event)
        records.append(time.process_time() - start)
print(json.dumps({
    "record": statistics.median(records),
    "replay": statistics.median(replays),
    "open": statistics.median(opens),
}))
"""


PREPARE = r"""
import shutil, sys, time
from pathlib import Path
from assistant.ledger.store import CampaignStore

source, own = Path(sys.argv[1]), Path(sys.argv[2])
shutil.copyfile(source, own)
start = time.process_time()
with CampaignStore.open(own) as store:
    store.state()
    store.glance()
print(time.process_time() - start)
"""
"""The file as the tree keeps it after its first open: a file another Castra wrote is
brought up to the tree's saved state and glance once (README: "a file last written by an
older Castra takes longer, once"), and every later open, append and launch is measured on
that, for both trees alike."""


def _prepared(tree: Path, source: Path, own: Path) -> tuple[Path, float]:
    """``source`` as ``tree`` keeps it after opening it once, and that first open's CPU time."""
    done = subprocess.run(
        [sys.executable, "-c", PREPARE, str(source), str(own)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        check=True,
        capture_output=True,
        text=True,
    )
    return own, float(done.stdout.strip().splitlines()[-1])


def _worktree(commit: str, folder: Path) -> Path:
    tree = folder / f"castra-{commit}"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(tree), commit],
        check=True,
        capture_output=True,
    )
    return tree


def _measure(tree: Path, source: Path, scratch: Path, appends: int) -> dict[str, float]:
    # The tree's own packages first (its folder on PYTHONPATH and as the working directory),
    # so the editable install of today's tree is not what the child imports.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(source), str(scratch), str(appends)],
        cwd=tree,
        env=env,
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _app(tree: Path, source: Path, scratch: Path) -> float:
    """CPU seconds of one headless launch of the app of ``tree`` on a copy of ``source``."""
    shutil.copyfile(source, scratch)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        # Today's driver for both trees (an earlier one may stop at another point of the
        # start, before the ledger's worker is done), each tree's own app.
        [sys.executable, str(DRIVER), "--child", "castra", "--campaign", str(scratch)],
        cwd=tree,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode or "campaign" not in done.stdout.split():
        raise SystemExit(f"{tree}: the app did not show the campaign: {done.stderr[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


WRITE_WITH_THE_EARLIER_TREE = r"""
import sys
from pathlib import Path
sys.path.insert(0, "benchmarks")
import campaigns
from assistant.ledger.store import CampaignStore

path = Path(sys.argv[1])
made = campaigns.campaign_events(10_000)[:10_000]
document = {
    "format": campaigns.EXPORT_FORMAT,
    "schema_version": campaigns.SCHEMA_VERSION,
    "events": [
        {"id": index, "event": event.model_dump(mode="json")}
        for index, event in enumerate(made, start=1)
    ],
}
# Made by hand, so with no hash chain: imported on trust, as the trees since issue 28 ask.
CampaignStore.import_document(document, path, trust=True).close()
print(path)
"""
"""The benchmark's campaign (``benchmarks/campaigns.py``'s events) as the earlier tree writes
it; its own ``campaign_file`` predates the hash chain's import check."""


def _written_by(tree: Path, folder: Path) -> Path:
    """The campaign of 10,000 events as the earlier ``tree`` writes it (its own
    ``benchmarks/campaigns.py``): both trees read it, since today's Castra opens the files an
    older one wrote, while a file written today may hold fields the earlier tree never knew
    (a winter's ``disband``)."""
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            WRITE_WITH_THE_EARLIER_TREE,
            str(folder / "written-before.castra"),
        ],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(made.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default=BEFORE, help="the earlier tree (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of both trees")
    parser.add_argument("--appends", type=int, default=30, help="appends per round")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        before = _worktree(args.commit, folder)
        try:
            source = _written_by(before, folder)
            seen: dict[str, dict[str, list[float]]] = {"today": {}, "before": {}}
            trees = [("before", before), ("today", ROOT)]
            own: dict[str, Path] = {}
            for name, tree in trees:
                own[name], first = _prepared(tree, source, folder / f"own-{name}.castra")
                seen[name]["first open"] = [first]
            for _round in range(args.rounds):
                trees.reverse()  # neither tree always runs first
                for name, tree in trees:
                    kept = own[name]
                    figures = _measure(tree, kept, folder / f"{name}.castra", args.appends)
                    figures["app"] = _app(tree, kept, folder / f"app-{name}.castra")
                    for row, seconds in figures.items():
                        seen[name].setdefault(row, []).append(seconds)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                check=False,
                capture_output=True,
            )
            shutil.rmtree(before, ignore_errors=True)
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"10,000 events; {args.rounds} rounds; against {args.commit}; load average {load}")
    print(f"{'CPU':8} {'before ms':>10} {'today ms':>10} {'ratio':>7}")
    for row in ("record", "replay", "open", "app", "first open"):
        then = statistics.median(seen["before"][row])
        now = statistics.median(seen["today"][row])
        print(f"{row:8} {then * 1000:10.1f} {now * 1000:10.1f} {now / then:6.2f}×")


if __name__ == "__main__":
    main(sys.argv[1:])
