"""How long the Castra app takes to show the campaign, against a bare Textual app.

Method (the same for both apps, in the same run, alternating so that disk cache and CPU
frequency treat them alike):

1. The parent creates a fresh Tarentine Wars campaign in a temporary directory and compiles
   Castra's modules to byte-code, as a first run would (not timed).
2. For each launch it starts a new interpreter, ``python benchmarks/startup.py --child KIND``,
   and starts a clock just before spawning it.
3. The child runs what ``castra --campaign PATH`` runs: ``assistant.cli.main``, which reads the
   arguments and the language, imports Textual and the app and builds it (``build_app``), with
   one change: the app runs headless with an ``auto_pilot``, using only Textual's public API
   (``CastraApp.run`` is patched for that as ``main`` imports its module, by an import hook, so
   the imports happen in ``main``'s own time and order). The bare app is an ``App`` whose only
   screen shows one ``Label``. Textual calls the auto-pilot when the app is ready, just before
   it starts drawing; the child then asks for ``call_after_refresh`` and prints ``frame`` when
   that runs, i.e. once the first frame has been drawn. If the nations were laid out in that
   frame (Castra draws the glance of the campaign the ledger keeps in the file, see
   ``assistant.ledger.glance`` and ``assistant.tui.widgets.glance_table``), the campaign was
   visible in it; otherwise (a file without a glance, left by a Castra before the ledger kept
   one, which the app opens in a thread after that frame) the child waits until the Campaign
   screen's nations table has rows and prints ``campaign`` after the refresh that draws them.
   For the bare app the campaign is its label, so ``campaign`` is its first frame. Then it
   waits until the campaign is *usable* (the file open and the nations in the DataTable a
   player moves through, after the refresh that draws them) and prints ``usable``.
4. The parent reads the clocks off the child's stdout.

So each figure is launch → something on screen, interpreter start-up included (it is part of
what a user waits for and is the same for both). Two endpoints are printed: the first frame,
and the campaign visible, which the issue's target is about (at most 1.2× the bare app's
label). For each: the median and spread of each app, the ratio of the medians and the
difference; then where the time went inside each child (imports of the app's modules, building
the app, running to the first frame, running until the campaign is visible).

On a shared, loaded machine the wall-clock figures measure the queue for the CPU as much as the
app, so the child also reports the CPU time its process had used at each endpoint (all threads,
interpreter start-up included; for Castra that includes the thread opening the ledger, which
competes with drawing for the interpreter). Their ratios are the app's own cost, whatever else
runs; on an idle machine the wall-clock ratios come close to them.

What a start-up mechanism buys (issue 26: one that buys under 3 % of the start goes):
``--variant NAME=DIR`` launches, in turn with the bare app and this Castra, the Castra in DIR,
a copy of the tree with that one mechanism taken out, and prints each endpoint's CPU time and
its difference from this Castra's as a share of it.

Run: ``python benchmarks/startup.py [--runs 15] [--lang it] [--variant NAME=DIR ...]``.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import contextlib
import importlib.abc
import importlib.machinery
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.001
"""How often (s) the child looks for the campaign's rows: well under a frame."""


def _child(kind: str, campaign: str | None) -> None:
    """Run one app headless until the campaign is on screen; print ``frame`` and ``campaign``.

    Afterwards it prints where its own time went, measured inside the child from its first
    line of code.
    """
    started = time.perf_counter()
    if kind == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Label

        class BareApp(App[None]):
            def compose(self) -> ComposeResult:
                yield Label("Hello")

        imported = time.perf_counter()
        app: Any = BareApp()
    else:
        # What `castra --campaign PATH` runs: the command line's entry point, which reads the
        # arguments and the language, then imports, builds and runs the app. Its one change
        # here: the app runs headless with this auto-pilot. Our own class's `run` is patched
        # for that as its module is imported (by `main`, in its own time and order).
        import assistant.cli as command_line

        imported = time.perf_counter()

        def run_headless(self: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal app, built
            app, built = self, time.perf_counter()
            return type(self).__mro__[1].run(self, headless=True, auto_pilot=pilot_run)

        sys.meta_path.insert(0, _PatchOnImport("assistant.tui.app", "CastraApp", run_headless))
    built = time.perf_counter()
    painted = shown = usable = built
    cpu_painted = cpu_shown = cpu_usable = 0.0

    def campaign_rows() -> int:
        """The nations listed: in the table, or in its stand-in drawn from the file's glance
        until the file is open (GlanceTable, drawn as the table is)."""
        if kind == "bare":
            return 1
        for table in app.screen.query("#nations, #nations-glance").results():
            return len(table.rows) if table.id == "nations-glance" else table.row_count
        return 0

    def laid_out() -> bool:
        """Whether the campaign was part of the frame just drawn: the nations had rows and a
        place on screen when it was laid out (for the bare app, its label)."""
        if kind == "bare":
            return True
        tables = app.screen.query("#nations, #nations-glance")
        return campaign_rows() > 0 and tables.first().size.area > 0

    def live() -> bool:
        """Whether the campaign is usable: its file open and the nations in the DataTable a
        player moves through (not the first frame's stand-in; for the bare app, its label)."""
        if kind == "bare":
            return True
        tables = app.screen.query("#nations")
        return app.ledger.store is not None and bool(tables) and tables.first().row_count > 0

    async def drawn_after(condition: Any) -> tuple[float, float]:
        """(wall, CPU) once ``condition()`` holds and the next refresh has drawn it."""
        while not condition():
            await asyncio.sleep(POLL)
        drawn = asyncio.Event()
        app.call_after_refresh(drawn.set)
        await drawn.wait()
        return time.perf_counter(), time.process_time()

    async def pilot_run(pilot: Any) -> None:
        nonlocal painted, shown, usable, cpu_painted, cpu_shown, cpu_usable
        painted, cpu_painted = await drawn_after(lambda: True)
        print("frame", flush=True)
        if laid_out():
            # Shown in that very frame (a glance of the campaign kept in the file).
            shown, cpu_shown = painted, cpu_painted
        else:
            shown, cpu_shown = await drawn_after(campaign_rows)
        print("campaign", flush=True)
        usable, cpu_usable = (shown, cpu_shown) if live() else await drawn_after(live)
        print("usable", flush=True)
        await app.workers.wait_for_complete()  # Castra keeps its glance for the next start
        app.exit()

    if kind == "bare":
        app.run(headless=True, auto_pilot=pilot_run)
    else:
        command_line.main(["--campaign", str(campaign)])
    print(
        f"phases {1000 * (imported - started):.1f} {1000 * (built - imported):.1f} "
        f"{1000 * (painted - built):.1f} {1000 * (shown - built):.1f} "
        f"{1000 * (usable - built):.1f}",
        flush=True,
    )
    print(
        f"cpu {1000 * cpu_painted:.1f} {1000 * cpu_shown:.1f} {1000 * cpu_usable:.1f}", flush=True
    )


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Replace ``cls.run`` of module ``module`` with ``run`` once the module is imported."""

    def __init__(self, module: str, cls: str, run: Any) -> None:
        self.module, self.cls, self.run = module, cls, run

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != self.module:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        load = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            load(module)
            getattr(module, self.cls).run = self.run

        spec.loader.exec_module = exec_module
        return spec


def _launch(
    kind: str,
    campaign: str,
    phases: list[list[float]] | None = None,
    cpu: list[list[float]] | None = None,
    root: Path = ROOT,
    language: str = "en",
) -> tuple[float, float, float]:
    """(launch → first frame, → campaign visible, → usable), in seconds; the child's phases
    and CPU times (ms) are appended to ``phases`` and ``cpu``. ``root`` is the Castra whose
    modules the child imports (a copy with one start-up mechanism taken out, see
    ``--variant``)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind]
    command += ["--campaign", campaign]
    environment = {**os.environ, "PYTHONPATH": str(root), "CASTRA_LANG": language}
    started = time.perf_counter()
    clocks: dict[str, float] = {}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, cwd=root, env=environment
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() in ENDPOINTS:
                clocks.setdefault(line.strip(), time.perf_counter() - started)
            if line.strip() == ENDPOINTS[-1]:
                break
        else:
            raise SystemExit(f"{kind} app never became usable")
        for line in child.stdout:
            if line.startswith("phases ") and phases is not None:
                phases.append([float(part) for part in line.split()[1:]])
            if line.startswith("cpu ") and cpu is not None:
                cpu.append([float(part) for part in line.split()[1:]])
        child.wait(timeout=30)
    return clocks["frame"], clocks["campaign"], clocks["usable"]


ENDPOINTS = ("frame", "campaign", "usable")
"""What the child prints as it reaches each: first frame, campaign visible, usable."""


def _describe(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (
        f"{name:<14} median {statistics.median(ms):7.1f} ms   "
        f"min {ms[0]:7.1f}   max {ms[-1]:7.1f}   (n={len(ms)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="launches of each app (default 15)")
    parser.add_argument("--lang", choices=["en", "it"], default="en", help="the app's language")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also launch the Castra in DIR (a copy with one mechanism taken out), alternating",
    )
    parser.add_argument("--child", choices=["castra", "bare"], help=argparse.SUPPRESS)
    parser.add_argument("--campaign", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.campaign)
        return
    variants = {
        name: Path(folder).resolve()
        for name, _equals, folder in (variant.partition("=") for variant in args.variant)
    }

    with tempfile.TemporaryDirectory() as home:
        campaign = str(Path(home) / "bench.castra")
        sys.path.insert(0, str(ROOT))
        from assistant.tui import open_campaign

        open_campaign(campaign)  # create it now so that no launch pays for creation
        # Textual's modules were compiled to byte-code when pip installed them; an editable
        # install of Castra's are compiled on first import, and not kept at all where
        # PYTHONDONTWRITEBYTECODE is set (as on CI machines). Compile them as a user's first
        # run would, so that both apps start from byte-code.
        for root in (ROOT, *variants.values()):
            for package in ("assistant", "converters", "armylists", "ghost"):
                compileall.compile_dir(root / package, quiet=1)
        # One untimed launch each warms the disk cache for both.
        _launch("bare", campaign)
        _launch("castra", campaign, language=args.lang)
        if variants:
            _compare(campaign, variants, args.runs, args.lang)
            return
        kinds = ("bare Textual", "Castra", "Castra, CLI", "Castra, old")
        times: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in kinds}
        phases: dict[str, list[list[float]]] = {kind: [] for kind in kinds}
        cpu: dict[str, list[list[float]]] = {kind: [] for kind in kinds}

        def launch(kind: str, app: str) -> None:
            times[kind].append(_launch(app, campaign, phases[kind], cpu[kind], language=args.lang))

        for run in range(args.runs):
            launch(kinds[0], "bare")
            launch(kinds[1], "castra")
            _note_from_the_command_line(campaign, f"The consuls march (launch {run + 1})")
            launch(kinds[2], "castra")
            _forget_glance(campaign)
            launch(kinds[3], "castra")

    endpoints = (
        ("Launch → first frame", 0, "goal ≤ 1.2; "),
        ("Launch → campaign visible (Castra: nations listed; bare: its label)", 1, "goal ≤ 1.2; "),
        ("Launch → usable (Castra: file open, tables live; bare: its label)", 2, "goal ≤ 1.5; "),
    )
    print(f"Headless, a new interpreter for each launch, language {args.lang}")
    print(
        "Castra: the app opened the file last; Castra, CLI: `castra campaign note` wrote to it "
        "since;\nCastra, old: the file has no glance of the campaign (written by a Castra "
        "before 2026-12; once per file)"
    )
    for title, index, target in endpoints:
        print(title)
        bare_median = statistics.median(run[index] for run in times[kinds[0]])
        for kind in kinds:
            print(_describe(kind, [run[index] for run in times[kind]]))
        for kind in kinds[1:]:
            median = statistics.median(run[index] for run in times[kind])
            print(
                f"ratio {kind} / bare: {median / bare_median:.2f}   "
                f"({target}difference {1000 * (median - bare_median):.0f} ms)"
            )
    print("CPU time of the child's process at each endpoint (medians, ms; all threads)")
    _print_cpu(kinds, cpu)
    print(
        "Inside the child (medians, ms): imports (Castra: the command line's entry) · build the "
        "app (Castra: main, importing Textual and the app) · run to first frame · run until the "
        "campaign is visible · run until usable"
    )
    for kind in kinds:
        columns = [statistics.median(column) for column in zip(*phases[kind], strict=True)]
        print(f"{kind:<14} " + " · ".join(f"{value:6.1f}" for value in columns))


def _print_cpu(kinds: tuple[str, ...], cpu: dict[str, list[list[float]]]) -> None:
    """Each kind's median CPU time at the three endpoints, and its ratio to the first kind's."""
    bare_cpu = [statistics.median(column) for column in zip(*cpu[kinds[0]], strict=True)]
    for kind in kinds:
        columns = [statistics.median(column) for column in zip(*cpu[kind], strict=True)]
        ratios = " · ".join(
            f"{value / bare:.2f}" for value, bare in zip(columns, bare_cpu, strict=True)
        )
        print(
            f"{kind:<22} first frame {columns[0]:6.1f} · campaign visible {columns[1]:6.1f} · "
            f"usable {columns[2]:6.1f}" + (f"   ratio / bare: {ratios}" if kind != kinds[0] else "")
        )


def _compare(campaign: str, variants: dict[str, Path], runs: int, language: str) -> None:
    """What each start-up mechanism buys: Castra as it is and each copy with one mechanism
    taken out, launched in turn with the bare app (the app opened the file last), as CPU time
    at each endpoint; a variant's cost is its difference from Castra's as a share of Castra's
    own (issue 26: a mechanism that buys under 3 % of the start goes)."""
    kinds = ("bare Textual", "Castra", *variants)
    roots = {"bare Textual": ROOT, "Castra": ROOT, **variants}
    cpu: dict[str, list[list[float]]] = {kind: [] for kind in kinds}
    for _run in range(runs):
        for kind in kinds:
            app = "bare" if kind == kinds[0] else "castra"
            _launch(app, campaign, None, cpu[kind], root=roots[kind], language=language)
    print(f"CPU time at each endpoint (medians of {runs}, ms; all threads), language {language}")
    _print_cpu(kinds, cpu)
    castra = [statistics.median(column) for column in zip(*cpu["Castra"], strict=True)]
    for kind in variants:
        columns = [statistics.median(column) for column in zip(*cpu[kind], strict=True)]
        shares = " · ".join(
            f"{100 * (value - own) / own:+.1f} %"
            for value, own in zip(columns, castra, strict=True)
        )
        print(f"without {kind}: first frame · campaign visible · usable {shares} of Castra's")


def _note_from_the_command_line(campaign: str, note: str) -> None:
    """Another process writes to the campaign: ``castra campaign note NOTE`` (not timed), a
    new sentence each time, as a referee's are (the app has not worded it before)."""
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from assistant.cli import main; sys.exit(main(sys.argv[1:]))",
            "campaign",
            "note",
            note,
            "--file",
            campaign,
        ],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def _forget_glance(campaign: str) -> None:
    """Make the next launch open a file as an older Castra left it: without the glance of the
    campaign the ledger keeps with each event."""
    import sqlite3

    from assistant.ledger.glance import GLANCE_KEY

    with contextlib.closing(sqlite3.connect(campaign)) as connection, connection:
        connection.execute("DELETE FROM meta WHERE key = ?", (GLANCE_KEY,))


if __name__ == "__main__":
    main()
