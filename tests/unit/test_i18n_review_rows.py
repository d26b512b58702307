"""Every row of the Italian review answered (issue 25): docs/translating.md's table "The
review, row by row" names each of the review's 102 problem rows (§3) and each place of §4, and
for a message gives the Italian the catalogue has. This test keeps the table true: a row
missing, a row neither applied nor answered with its reason, or a catalogue message that no
longer says what the table says fails here, so a translator who changes one changes the other.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TABLE_HEADING = "### The review, row by row"

NUMBERED_ROWS = {"M": 13, "S": 17, "I": 16, "N": 22, "G": 14, "P": 5, "E": 6, "L": 9}
"""The review's §3 rows by kind, as its summary counts them: 102 in all."""

ENGLISH_SHOWN = 17
"""§4.1: the places where English was shown to an Italian user."""

CUT_SCREENS = 12
"""§4.2: the screens where Italian was cut or broke the layout."""


class Row(NamedTuple):
    row: str
    msgid: str | None
    italian: str | None
    done: str
    where: str


def _code(cell: str) -> str | None:
    """A table cell's message as the catalogue holds it (``\\n`` is a newline); None for "—"."""
    if cell == "—":
        return None
    found = re.fullmatch(r"`` (.*) ``|`(.*)`", cell)
    assert found, f"not a message in backticks: {cell!r}"
    text = found.group(1) if found.group(1) is not None else found.group(2)
    return text.replace("\\n", "\n")


def _rows() -> list[Row]:
    text = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    section = text.split(TABLE_HEADING, 1)[1].split("\n### ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    assert lines[0].startswith("| row | msgid |")
    rows = []
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        assert len(cells) == 5, line
        row, msgid, italian, done, where = cells
        rows.append(Row(row, _code(msgid), _code(italian), done, where))
    return rows


@cache
def _catalogue() -> dict[str, str]:
    path = ROOT / "converters" / "locale" / "it" / "LC_MESSAGES" / "castra.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale="it")
    return {
        message.id if isinstance(message.id, str) else message.id[0]: (
            message.string if isinstance(message.string, str) else message.string[0]
        )
        for message in catalogue
        if message.id
    }


ROWS = _rows()


def test_every_row_of_the_review_is_in_the_table() -> None:
    named = [row.row for row in ROWS]
    numbered = {f"{kind}{n}" for kind, count in NUMBERED_ROWS.items() for n in range(1, count + 1)}
    assert sum(NUMBERED_ROWS.values()) == 102
    assert numbered <= set(named), sorted(numbered - set(named))
    assert {f"§4.1.{n}" for n in range(1, ENGLISH_SHOWN + 1)} <= set(named)
    assert len([row for row in named if row.startswith("§4.2 ")]) == CUT_SCREENS
    assert len(named) == len(set(named)), "a row is in the table once"


@pytest.mark.parametrize("row", ROWS, ids=[row.row for row in ROWS])
def test_each_row_is_applied_or_answered_with_its_reason(row: Row) -> None:
    assert row.done == "applied" or re.match(r"(applied|answered): \S", row.done), row
    assert row.where, f"{row.row}: say where a reader sees it"
    assert (row.msgid is None) == (row.italian is None), row


@pytest.mark.parametrize(
    "row", [row for row in ROWS if row.msgid is not None], ids=lambda row: row.row
)
def test_the_catalogue_says_what_the_table_says(row: Row) -> None:
    """The row's Italian is the catalogue's, word for word (a message the review named that
    was reworded since appears under its new msgid)."""
    catalogue = _catalogue()
    assert row.msgid in catalogue, f"{row.row}: no such msgid any more: {row.msgid!r}"
    assert catalogue[row.msgid] == row.italian, row.row


def test_the_table_is_read_as_the_reader_sees_it() -> None:
    """The reader of the table (a cell with a backtick inside, a newline) and the test agree."""
    assert _code("`` a `b` c ``") == "a `b` c"
    assert _code("`x\\ny`") == "x\ny"
    assert _code("—") is None
