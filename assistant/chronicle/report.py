"""Make a report from an open campaign and write it: one path for the command line and the app.

``castra report`` and the app's Chronicle screen both call :func:`write_report`; the scope and
the format are the caller's, the gathering (:mod:`~assistant.chronicle.story`) and the layout
(:mod:`~assistant.chronicle.render`) are the same, so a report written from the app is the file
the command line would have written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.chronicle.render import Format
    from assistant.chronicle.story import Chronicle, ReportScope
    from assistant.ledger.store import CampaignStore

__all__ = ["chronicle_of", "default_report_path", "write_report"]


def chronicle_of(
    store: CampaignStore,
    *,
    turn: int | None = None,
    year: int | None = None,
    everything: bool = False,
) -> Chronicle:
    """The chronicle of the campaign in ``store`` for the scope asked (see
    :func:`assistant.chronicle.story.report_scope`)."""
    from assistant.chronicle.story import gather, report_scope

    events = store.events()
    scope = report_scope(store.state(), events, turn=turn, year=year, everything=everything)
    from assistant.ledger.orders_seen import sealed_answers

    # A report is published to every nation: no side's answer to a meeting still answered.
    return gather(
        events, scope, ghost_json=store.ghost_battle(), sealed=sealed_answers(store.state())
    )


def default_report_path(campaign: Path, scope: ReportScope, fmt: Format) -> Path:
    """Where a report goes when no ``--out`` is given: beside the campaign file, named after it
    and the scope, e.g. ``heraclea-turn-3.html``, ``heraclea-year-1.pdf``, ``heraclea-all.md``."""
    if scope.kind == "turn":
        part = f"turn-{scope.first_turn}"
    elif scope.kind == "year":
        part = f"turns-{scope.first_turn}-{scope.last_turn}"
    else:
        part = "all"
    return campaign.with_name(f"{campaign.stem}-{part}.{fmt}")


def write_report(chronicle: Chronicle, fmt: Format, out: Path) -> list[Path]:
    """Render ``chronicle`` as ``fmt`` into ``out`` (and, for Markdown, its charts beside it);
    return every file written, the report last."""
    from assistant.chronicle.render import render_report, write_document

    written: list[Path] = []
    document = render_report(chronicle, fmt, image_stem=out.stem)
    write_document(document, out, announce=written.append)
    return written
