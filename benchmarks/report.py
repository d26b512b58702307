"""How long the report of a whole five-year campaign takes (≈ 500 events; target HTML < 1 s).

Builds the Tarentine Wars ledger of ``benchmarks/ledger.py`` with enough battles (each followed
by a rebuild, with every turn and winter in between) to hold about 500 events over the five
years, then times, from the stored events to the finished document: gathering the chronicle
(a replay that tells every event), drawing the charts, and laying out HTML — the figure the
target is about — then Markdown and PDF for comparison. The libraries' first import is timed
apart, as a referee's first report of the session pays it once.

Last, the app's Chronicle screen tells the same campaign (``o``, ``F7``), story and sparklines.

Run: ``.venv/bin/python benchmarks/report.py [BATTLES]`` (default 215 battles ≈ 500 events).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger import campaign_events

from assistant.ledger.store import StoredEvent


def median_time(work: Callable[[], object], repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str]) -> None:
    battles = int(argv[0]) if argv else 215
    events = [
        StoredEvent(id=number, event=event)
        for number, event in enumerate(campaign_events(battles), start=1)
    ]
    start = time.perf_counter()
    import jinja2  # noqa: F401  (what the first report imports)
    import pygal  # noqa: F401
    import typst  # noqa: F401

    from assistant.chronicle.render import render_report
    from assistant.chronicle.story import gather, report_scope

    first_import = time.perf_counter() - start

    def state() -> object:
        from assistant.ledger.state import replay

        return replay((stored.id, stored.event) for stored in events)

    campaign = state()

    def chronicle() -> object:
        scope = report_scope(campaign, events, everything=True)  # type: ignore[arg-type]
        return gather(events, scope)

    told = chronicle()
    print(f"{len(events)} events, {battles} battles, {campaign.turn} turns")  # type: ignore[attr-defined]
    print(f"first import of jinja2, pygal, typst: {first_import:.3f} s (once per session)")
    gather_time = median_time(chronicle)
    print(f"gather the chronicle: {gather_time:.3f} s")
    for fmt in ("html", "md", "pdf"):
        took = median_time(lambda fmt=fmt: render_report(told, fmt), repeats=3)  # type: ignore[arg-type, misc]
        note = "  (target < 1 s)" if fmt == "html" else ""
        print(f"render {fmt:<4}: {took:.3f} s; with gathering {gather_time + took:.3f} s{note}")


def time_app(battles: int) -> float:
    """The same campaign on the app's Chronicle screen: ``o``, then ``F7`` (whole campaign)
    until the story and the sparklines are shown."""
    import asyncio
    import tempfile

    from ledger import build

    from assistant.ledger.store import CampaignStore
    from assistant.tui.app import make_app

    async def run(path: Path) -> float:
        with CampaignStore.open(path) as store:
            app = make_app(store, seed=1)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.press("o")
                await app.workers.wait_for_complete()
                await pilot.pause()
                start = time.perf_counter()
                await pilot.press("f7")
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
                return time.perf_counter() - start

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.castra"
        build(path, battles)
        return asyncio.run(run(path))


if __name__ == "__main__":
    main(sys.argv[1:])
    took = time_app(int(sys.argv[1]) if len(sys.argv) > 1 else 215)
    print(f"app: the whole campaign on the Chronicle screen (o, F7): {took:.3f} s")
