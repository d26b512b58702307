"""A campaign file written by the previous Castra reports as today's Castra does (issue 21, done
means): ``tests/unit/data/tarentine-session9.castra`` is the Tarentine year of
``tests/chronicle_year.py`` as the Castra of session 9 recorded it (its reasons and dice purposes
stored as English strings, its winter before descriptions). Opened today, its whole report, in
English and in Italian, in every format that is text, is the report of the same year recorded by
today's Castra: every figure (treasuries, PM, PP at each close of turn, casualties, tribute),
every line of every event, word for word.

If ``tarentine_year`` gains an event, the old file no longer holds the same year: record the
file again with the Castra of that day rather than loosening this test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.chronicle.export import campaign_tables
from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of
from assistant.ledger.store import CampaignStore
from converters.i18n import set_language
from tests.chronicle_year import tarentine_year

SESSION_9_FILE = Path(__file__).parents[1] / "data" / "tarentine-session9.castra"


@pytest.fixture
def both(tmp_path: Path) -> Iterator[tuple[CampaignStore, CampaignStore]]:
    """The year as the old Castra stored it, and as today's records it."""
    shutil.copyfile(SESSION_9_FILE, tmp_path / "old.castra")
    old = CampaignStore.open(tmp_path / "old.castra")
    today = tarentine_year(tmp_path / "today.castra")
    yield old, today
    old.close()
    today.close()


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_old_files_report_is_todays_report_of_the_same_year(
    both: tuple[CampaignStore, CampaignStore], language: str, fmt: str
) -> None:
    old, today = both
    set_language(language)
    try:
        reports = [
            render_report(chronicle_of(store, everything=True), fmt).content
            for store in (old, today)
        ]
    finally:
        set_language("en")
    assert isinstance(reports[0], str)
    # The report is not empty of what the comparison is about: figures and the year's events.
    assert "Heraclea" in reports[0] or "Tarentum" in reports[0]
    assert reports[0] == reports[1]


def test_the_old_files_tables_are_todays_tables_of_the_same_year(
    both: tuple[CampaignStore, CampaignStore],
) -> None:
    """The CSV export's tables (every battle's row, every event's, every nation's figures per
    turn) match too, but for when each event was recorded (the old file's own clock)."""
    old, today = both
    tables = [
        campaign_tables(store.events(), store.history(), chronicle_of(store, everything=True))
        for store in (old, today)
    ]
    assert tables[0].keys() == tables[1].keys()
    for name in tables[0]:
        (header, rows), (today_header, today_rows) = tables[0][name], tables[1][name]
        assert header == today_header
        assert rows, name
        if "when" in header:
            at = header.index("when")
            rows = [row[:at] + row[at + 1 :] for row in rows]
            today_rows = [row[:at] + row[at + 1 :] for row in today_rows]
        assert rows == today_rows, name
