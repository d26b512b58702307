"""Issue 26's table: each row as a ratio against its reference, both measured in the same run,
on campaigns of 100, 1,000 and 10,000 events (``benchmarks/campaigns.py``).

A shared 2-core machine makes absolute figures noisy; a ratio against a reference measured
moments before on the same load is what can be compared between runs. Each figure is the
median of a few runs; the machine's load (``os.getloadavg``) is printed with the table. The
rows the app's keys own (Map arrow, screen switches, forms, start-up) are measured in the app
through Textual's Pilot, as CPU time of the process around the key and the pause that lets
the app settle, against a bare app with a DataTable and a Footer moving its cursor.

Run: ``.venv/bin/python benchmarks/table.py [--sizes 100,1000,10000] [--markdown]
[--readmes]``; ``--markdown`` prints the table as Markdown, ``--readmes`` writes it into
README.md and README.it.md between their ``<!-- benchmarks -->`` markers (the Italian one
with its own words).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from campaigns import SIZES, campaign_file

CASTRA = [sys.executable, "-c", "import sys; from assistant.cli import main; sys.exit(main())"]
SIZE = (120, 40)


def _wall(argv: list[str], runs: int = 5) -> float:
    """Median wall-clock seconds of ``argv`` (after one warm-up run)."""
    subprocess.run(argv, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _tree_kib(root: int) -> int:
    """Resident memory of ``root`` and every process under it, in KiB (Linux's ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # it exited meanwhile
            children.setdefault(parent, []).append(int(entry.name))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += next(
            (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0
        )
        todo += children.get(pid, [])
    return total


def _peak_mib(argv: list[str]) -> float:
    """Peak resident memory of one run of ``argv`` and its child processes together, in MiB:
    the process tree's, read every 10 ms (the PDF's parts are typeset by children; issue 26
    asks for the parent and its children at once)."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_kib(process.pid))
        time.sleep(0.01)
    if process.returncode != 0:
        raise subprocess.CalledProcessError(process.returncode, argv)
    return peak / 1024


def _cpu() -> float:
    return time.process_time()


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _cpu_of(pilot: Any, work: Callable[[], Awaitable[object]], runs: int = 5) -> float:
    """Median CPU seconds of ``work`` and the app settling after it."""
    times = []
    for _ in range(runs):
        start = _cpu()
        await work()
        await _settle(pilot)
        times.append(_cpu() - start)
    return statistics.median(times)


async def _reference_cursor() -> float:
    """A bare Textual app with a DataTable and a Footer: one arrow key (the keys' reference)."""
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Footer

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            table: DataTable[str] = DataTable()
            table.add_columns("a", "b", "c")
            for row in range(40):
                table.add_row(str(row), "x" * 10, "y" * 20)
            yield table
            yield Footer()

    app = Bare()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = iter(["down", "up"] * 10)
        return await _cpu_of(pilot, lambda: pilot.press(next(keys)), runs=9)


async def _app_rows(path: Path) -> dict[str, float]:
    """The app's own rows on a copy of ``path`` (what a referee's keys cost)."""
    from assistant.ledger.events import NoteAdded
    from assistant.ledger.store import CampaignStore
    from assistant.tui.app import make_app
    from assistant.tui.widgets.story_view import StoryView

    work = Path(tempfile.mkdtemp()) / path.name
    shutil.copy(path, work)
    rows: dict[str, float] = {}
    store = CampaignStore.open(work)
    app = make_app(store, seed=1)
    notes = iter(range(10**6))

    async def record() -> None:
        app.ledger.record(NoteAdded(note=f"benchmark {next(notes)}"))

    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        rows["record, History never opened"] = await _cpu_of(pilot, record)
        start = _cpu()
        await pilot.press("h")
        await _settle(pilot)
        rows["History, first visit"] = _cpu() - start
        await pilot.press("c")
        await _settle(pilot)
        rows["record after visiting History"] = await _cpu_of(pilot, record)
        switches = iter(["h", "c"] * 10)
        rows["switch to a visited screen"] = await _cpu_of(
            pilot, lambda: pilot.press(next(switches)), runs=6
        )
        await pilot.press("c")
        await _settle(pilot)
        await record()
        await _settle(pilot)
        start = _cpu()
        await pilot.press("h")
        await _settle(pilot)
        rows["History, later visit (one new event)"] = _cpu() - start
        await pilot.press("m")
        await _settle(pilot)
        arrows = iter(["right", "left", "down", "up"] * 5)
        rows["Map cursor, one arrow"] = await _cpu_of(
            pilot, lambda: pilot.press(next(arrows)), runs=9
        )
        await pilot.press("c")
        await _settle(pilot)
        forms = iter(["t", "escape"] * 10)
        rows["open / close a form"] = await _cpu_of(pilot, lambda: pilot.press(next(forms)), 6)
        await pilot.press("o")
        await _settle(pilot)
        story = app.screen.query_one("#chronicle-story", StoryView)
        start = time.perf_counter()
        await pilot.press("f7")
        # The story's first lines show while the rest is laid out (by a worker): what a
        # referee waits for before reading, then the whole story laid out to its end.
        while "The whole campaign" not in story.text:
            await pilot.pause(0.01)
        rows["Chronicle, whole campaign, first lines (wall)"] = time.perf_counter() - start
        await _settle(pilot)
        rows["Chronicle, whole campaign (wall)"] = time.perf_counter() - start
    store.close()
    return rows


def measure(size: int) -> list[tuple[str, float, str, float, str]]:
    """(measure, figure, reference, reference figure, unit) of every row on ``size`` events."""
    path = campaign_file(size)
    pydantic = _wall([sys.executable, "-c", "import pydantic"])
    odds = _wall([*CASTRA, "odds", "2", "2", "--json"])
    show = _wall([*CASTRA, "campaign", "show", "--json", "--file", str(path)])
    history = _wall([*CASTRA, "campaign", "history", "--file", str(path)], runs=3)
    out = Path(tempfile.mkdtemp())
    html = _wall(
        [
            *CASTRA,
            "report",
            "--all",
            "--format",
            "html",
            "--file",
            str(path),
            "--out",
            str(out / "r.html"),
        ],
        runs=1,
    )
    pdf = _peak_mib(
        [
            *CASTRA,
            "report",
            "--all",
            "--format",
            "pdf",
            "--file",
            str(path),
            "--out",
            str(out / "r.pdf"),
        ]
    )
    pdf_small = _peak_mib(
        [
            *CASTRA,
            "report",
            "--all",
            "--format",
            "pdf",
            "--file",
            str(campaign_file(100)),
            "--out",
            str(out / "s.pdf"),
        ]
    )
    cursor = asyncio.run(_reference_cursor())
    app = asyncio.run(_app_rows(path))
    ms = "ms"
    return [
        (
            "Map cursor, one arrow key (CPU)",
            app["Map cursor, one arrow"],
            "DataTable cursor",
            cursor,
            ms,
        ),
        (
            "switch to an already visited screen (CPU)",
            app["switch to a visited screen"],
            "DataTable cursor",
            cursor,
            ms,
        ),
        ("open / close a form (CPU)", app["open / close a form"], "DataTable cursor", cursor, ms),
        (
            "record an event after visiting History (CPU)",
            app["record after visiting History"],
            "History never opened",
            app["record, History never opened"],
            ms,
        ),
        (
            "History, first visit (CPU)",
            app["History, first visit"],
            "`campaign history`",
            history,
            ms,
        ),
        (
            "History, later visit (CPU)",
            app["History, later visit (one new event)"],
            "`campaign history`",
            history,
            ms,
        ),
        (
            "Chronicle, whole campaign, first lines shown",
            app["Chronicle, whole campaign, first lines (wall)"],
            "`report --format html`",
            html,
            ms,
        ),
        (
            "Chronicle, whole campaign laid out",
            app["Chronicle, whole campaign (wall)"],
            "`report --format html`",
            html,
            ms,
        ),
        ("`report --all --format pdf`, peak memory", pdf, "100 events", pdf_small, "MiB"),
        ("`castra odds 2 2 --json`", odds, '`python -c "import pydantic"`', pydantic, ms),
        ("`campaign show --json`", show, '`python -c "import pydantic"`', pydantic, ms),
    ]


ROOT = Path(__file__).resolve().parent.parent
MARKERS = ("<!-- benchmarks -->", "<!-- /benchmarks -->")

ITALIAN = {
    "measure": "misura",
    "reference": "riferimento",
    "events": "eventi",
    "Map cursor, one arrow key (CPU)": "Mappa, un tasto freccia (CPU)",
    "switch to an already visited screen (CPU)": "passare a una schermata già vista (CPU)",
    "open / close a form (CPU)": "aprire / chiudere un modulo (CPU)",
    "record an event after visiting History (CPU)": "registrare un evento, Storia già aperta (CPU)",
    "History, first visit (CPU)": "Storia, prima visita (CPU)",
    "History, later visit (CPU)": "Storia, visite successive (CPU)",
    "Chronicle, whole campaign, first lines shown": "Cronaca, campagna intera, prime righe",
    "Chronicle, whole campaign laid out": "Cronaca, campagna intera impaginata",
    "`report --all --format pdf`, peak memory": "`report --all --format pdf`, memoria di picco",
    "DataTable cursor": "cursore di una DataTable",
    "History never opened": "Storia mai aperta",
    "100 events": "100 eventi",
    "Load average while measured": "Carico medio durante la misura",
    "cores": "core",
}
"""The Italian README's words for the table (the figures are the same)."""


def markdown_table(
    sizes: list[int],
    results: dict[int, list[tuple[str, float, str, float, str]]],
    load: str,
) -> str:
    """The table as Markdown: a row per measure, a column per campaign size, each cell the
    ratio to its reference and the figure itself."""
    first = results[sizes[0]]
    lines = [
        "| measure | reference | " + " | ".join(f"{size:,} events" for size in sizes) + " |",
        "|---|---|" + "---|" * len(sizes),
    ]
    for index, (name, _value, reference, _ref, _unit) in enumerate(first):
        cells = [
            f"{row[1] / row[3]:.2f}× ({_figure(row[1], row[4])})"
            for row in (results[size][index] for size in sizes)
        ]
        lines.append(f"| {name} | {reference} | {' | '.join(cells)} |")
    lines.append("")
    lines.append(f"Load average while measured: {load} (2 cores).")
    return "\n".join(lines)


def _in_italian(table: str) -> str:
    """A table printed in English, in the Italian README's words (the longest first, so that a
    word inside a longer one is not replaced on its own)."""
    for english in sorted(ITALIAN, key=len, reverse=True):
        table = table.replace(english, ITALIAN[english])
    return table.replace(",000 ", ".000 ")


def write_readmes(table_en: str, table_it: str) -> None:
    """Put the tables between the markers of README.md and README.it.md."""
    for name, table in (("README.md", table_en), ("README.it.md", table_it)):
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        before, start, rest = text.partition(MARKERS[0])
        _old, end, after = rest.partition(MARKERS[1])
        if not start or not end:
            raise SystemExit(f"{name}: no {MARKERS[0]} … {MARKERS[1]} markers")
        path.write_text(f"{before}{start}\n{table}\n{end}{after}", encoding="utf-8")


def _figure(value: float, unit: str) -> str:
    return f"{value:.0f} MiB" if unit == "MiB" else f"{value * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(str(size) for size in SIZES))
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--readmes", action="store_true", help="write it into both READMEs")
    parser.add_argument(
        "--readmes-from",
        metavar="FILE",
        help="write both READMEs from a table an earlier --markdown run printed (no measuring)",
    )
    args = parser.parse_args()
    if args.readmes_from:
        table = Path(args.readmes_from).read_text(encoding="utf-8").strip()
        write_readmes(table, _in_italian(table))
        return
    sizes = [int(size) for size in args.sizes.split(",")]
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    results = {size: measure(size) for size in sizes}
    if args.readmes:
        table = markdown_table(sizes, results, load)
        write_readmes(table, _in_italian(table))
    if args.markdown:
        print(markdown_table(sizes, results, load))
        return
    print(f"load average {load}")
    for size in sizes:
        print(f"\n{size:,} events")
        for name, value, reference, ref_value, unit in results[size]:
            print(
                f"  {name:<48} {_figure(value, unit):>10}  {value / ref_value:6.2f}× "
                f"{reference} ({_figure(ref_value, unit)})"
            )


if __name__ == "__main__":
    main()
