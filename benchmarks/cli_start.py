"""How fast ``castra ... --json`` answers, against a bare Python start-up.

A referee scripts the converters from shell loops, so each call must answer in well under half
a second; the figure that matters is the time above ``python -c pass``. Run:

    python benchmarks/cli_start.py [--runs 15]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMAND = ["budget", "fog", "4", "3", "--json"]


def median_wall_time(argv: list[str], runs: int) -> float:
    """Median seconds over ``runs`` runs of ``argv`` (after one warm-up run)."""
    subprocess.run(argv, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per command (default 15)")
    args = parser.parse_args()

    bare = median_wall_time([sys.executable, "-c", "pass"], args.runs)
    rows = [("python -c pass", bare)]
    rows.append(
        ("python -m assistant " + " ".join(COMMAND),
         median_wall_time([sys.executable, "-m", "assistant", *COMMAND], args.runs))
    )  # fmt: skip
    script = Path(sys.executable).with_name("castra")
    castra = str(script) if script.exists() else shutil.which("castra")
    if castra:
        rows.append(
            ("castra " + " ".join(COMMAND), median_wall_time([castra, *COMMAND], args.runs))
        )
    else:
        rows.append(("castra (console script not installed)", float("nan")))

    print(f"median wall time over {args.runs} runs ({sys.executable})")
    for label, seconds in rows:
        extra = "" if label.startswith("python -c") else f"  (+{(seconds - bare) * 1000:.0f} ms)"
        print(f"  {seconds * 1000:7.1f} ms  {label}{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
