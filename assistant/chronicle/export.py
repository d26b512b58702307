"""The campaign as spreadsheet tables: battles (a row per contingent), events, nations per turn.

Clubs keep their own spreadsheets of a campaign; these tables are the ledger's record laid out
for them, one CSV file each (UTF-8, comma-separated, a header line), so LibreOffice, Excel or
a script reads them without Castra. Rows are plain values: whole numbers, ISO dates, the
ledger's own names; a garrison's half PM is written ``0.5``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from assistant.chronicle.render import write_whole
from assistant.chronicle.story import Chronicle
from assistant.ledger.events import BattleRecorded
from assistant.ledger.store import HistoryEntry, StoredEvent

__all__ = ["TABLES", "Table", "campaign_tables", "write_csv"]

Table = tuple[list[str], list[list[str]]]
"""A header and its rows, every cell as text."""

TABLES = ("battles", "events", "nations")
"""The files an export writes, as ``<name>.csv``."""

BATTLE_COLUMNS = [
    "event_id",
    "turn",
    "place",
    "resolution",
    "winner",
    "city_assault",
    "side",
    "nation",
    "army",
    "pm",
    "pm_lost",
    "prisoners",
    "naval_pm",
    "naval_lost",
    "naval_captured",
    "prestige",
    "prestige_reason",
    "note",
]
EVENT_COLUMNS = ["id", "turn", "kind", "who", "when", "summary", "note", "undone_by", "undo_reason"]
NATION_COLUMNS = [
    "turn",
    "date",
    "nation",
    "land_pm",
    "naval_pm",
    "decimated",
    "training",
    "treasury",
    "prestige",
    "victory_points",
]


def _number(value: Fraction | int) -> str:
    exact = Fraction(value)
    return str(exact.numerator) if exact.denominator == 1 else str(float(exact))


def _text(value: object) -> str:
    return "" if value is None else str(value)


def campaign_tables(
    events: Sequence[StoredEvent], history: Sequence[HistoryEntry], chronicle: Chronicle
) -> dict[str, Table]:
    """The three tables of a campaign: ``events`` and ``history`` are the whole ledger (the
    store's ``events()`` and ``history()``), ``chronicle`` its whole-campaign chronicle."""
    undone = {entry.id for entry in history if entry.undone_by is not None}
    # The armies that fought, as the chronicle read them off the map (T7.4).
    armies = {
        battle.event_id: [line.forces for line in battle.contingents]
        for battle in chronicle.battles
    }
    battles: list[list[str]] = []
    for stored in events:
        event = stored.event
        if not isinstance(event, BattleRecorded) or stored.id in undone:
            continue
        shown: set[str] = set()
        fought = armies.get(stored.id, [c.army for c in event.contingents])
        for c, army in zip(event.contingents, fought, strict=True):
            # A nation's battle prestige on its first contingent only, as the report shows it.
            prestige = 0 if c.nation in shown else event.prestige.get(c.nation, 0)
            shown.add(c.nation)
            battles.append(
                [
                    str(stored.id),
                    _text(event.turn),
                    event.place,
                    event.resolution,
                    event.winner,
                    "yes" if event.city_assault else "no",
                    c.side,
                    c.nation,
                    _text(army),
                    _number(c.pm),
                    str(c.pm_lost),
                    str(c.prisoners),
                    str(c.naval_pm),
                    str(c.naval_lost),
                    str(c.naval_captured),
                    str(prestige),
                    event.prestige_reason,
                    event.note,
                ]
            )
    rows = [
        [
            str(entry.id),
            _text(entry.turn),
            entry.kind,
            entry.who,
            entry.when.isoformat() if entry.when else "",
            entry.summary,
            entry.note,
            _text(entry.undone_by),
            _text(entry.undo_reason),
        ]
        for entry in history
    ]
    nations = [
        [
            str(turn.turn),
            turn.date,
            figures.nation,
            str(figures.land_pm),
            str(figures.naval_pm),
            str(figures.decimated),
            str(figures.training),
            str(figures.treasury),
            str(figures.prestige),
            _text(figures.victory_points),
        ]
        for turn in chronicle.history
        for figures in turn.figures
    ]
    return {
        "battles": (BATTLE_COLUMNS, battles),
        "events": (EVENT_COLUMNS, rows),
        "nations": (NATION_COLUMNS, nations),
    }


def write_csv(tables: dict[str, Table], folder: Path) -> list[Path]:
    """Write each table as ``<folder>/<name>.csv`` (UTF-8, comma, header first), each file
    whole or not at all. Returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, (header, rows) in tables.items():
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(header)
        writer.writerows(rows)
        target = folder / f"{name}.csv"
        write_whole(target, text.getvalue().encode("utf-8"))
        written.append(target)
    return written
