"""The report's PDF typeset a part at a time (issue 26, item 5): the parts, joined, read as the
report typeset whole (the same words in the same order, pages numbered on, bookmarks nested the
same), pass qpdf and pypdf's strict reading, and typst runs only in child processes. The
memory this bounds is measured by ``benchmarks/table.py``, never asserted here."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from armylists.scenarios import custom_scenario
from assistant.chronicle import typeset
from assistant.chronicle.charts import BATTLE_BARS_MOST, charts
from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of
from assistant.ledger.events import TurnAdvanced
from assistant.ledger.record import ContingentFigures, battle_event
from assistant.ledger.store import CampaignStore

FOOTER = re.compile(
    r"Made by Castra from the campaign ledger; undone events are left out\.\s*(\d+)\s*$"
)


def _read(pdf: bytes) -> tuple[list[str], list[int], list[tuple[int, str]]]:
    """The PDF's words (the page footers left out), its footers' page numbers, and its
    bookmarks as (depth, title)."""
    reader = PdfReader(io.BytesIO(pdf), strict=True)
    words: list[str] = []
    numbers: list[int] = []
    for page in reader.pages:
        text = page.extract_text()
        footer = FOOTER.search(text)
        assert footer is not None, "every page has its footer"
        numbers.append(int(footer[1]))
        words += text[: footer.start()].split()

    def flat(items: list[Any], depth: int = 0) -> list[tuple[int, str]]:
        found: list[tuple[int, str]] = []
        for item in items:
            found += flat(item, depth + 1) if isinstance(item, list) else [(depth, item.title)]
        return found

    return words, numbers, flat(reader.outline)


def _pdf(store: CampaignStore) -> bytes:
    content = render_report(chronicle_of(store, everything=True), "pdf").content
    assert isinstance(content, bytes)
    return content


@pytest.fixture
def whole_and_parts(
    story: CampaignStore, monkeypatch: pytest.MonkeyPatch
) -> tuple[bytes, bytes, list[list[dict[str, Any]]]]:
    """The story campaign's whole report typeset in one part and in parts of 12 lines (a
    turn's battles and lines cut between parts), and the parts."""
    whole = _pdf(story)
    chronicle = chronicle_of(story, everything=True)
    turns = [turn.model_dump(mode="json") for turn in chronicle.turns]
    monkeypatch.setattr(typeset, "PART_WEIGHT_MOST", 12)
    return whole, _pdf(story), typeset.report_parts(turns, 12)


def test_the_report_in_parts_reads_as_the_report_whole(
    whole_and_parts: tuple[bytes, bytes, list[list[dict[str, Any]]]],
) -> None:
    whole, parted, parts = whole_and_parts
    assert len(parts) > 3, "the story is typeset in several parts"
    assert any(not part[0]["heading"] for part in parts), "a turn is cut between two parts"
    whole_words, whole_numbers, whole_marks = _read(whole)
    words, numbers, marks = _read(parted)
    assert words == whole_words
    assert whole_numbers == list(range(1, len(whole_numbers) + 1))
    assert numbers == list(range(1, len(numbers) + 1)), "pages are numbered on across parts"
    assert len(numbers) >= len(parts), "each part starts a page"
    assert marks == whole_marks, "the bookmarks nest as the whole report's"
    info = PdfReader(io.BytesIO(parted)).metadata
    assert info is not None and info.title == PdfReader(io.BytesIO(whole)).metadata.title  # type: ignore[union-attr]


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_the_report_in_parts_passes_qpdf_check(
    whole_and_parts: tuple[bytes, bytes, list[list[dict[str, Any]]]], tmp_path: Path
) -> None:
    path = tmp_path / "parts.pdf"
    path.write_bytes(whole_and_parts[1])
    checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No syntax or stream encoding errors" in checked.stdout


def test_the_report_in_parts_is_the_same_file_every_time(
    story: CampaignStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(typeset, "PART_WEIGHT_MOST", 12)
    assert _pdf(story) == _pdf(story)


def test_typst_runs_only_in_a_child_process(story: CampaignStore, tmp_path: Path) -> None:
    """A report leaves neither the command line nor the app holding typst's layout."""
    out = tmp_path / "all.pdf"
    code = (
        "import sys; from assistant.cli import main; code = main(); "
        "print('typst' in sys.modules); sys.exit(code)"
    )
    done = subprocess.run(
        [
            *(sys.executable, "-c", code, "report", "--all", "--format", "pdf"),
            *("--file", str(story.path), "--out", str(out)),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-1] == "False"
    assert PdfReader(out, strict=True).pages


# ---- the parts themselves ------------------------------------------------------------------

_LINE = st.text(alphabet="ab ", min_size=0, max_size=300)
_BATTLE = st.builds(
    lambda n, note: {"place": "Heraclea", "contingents": [{}] * n, "morale": [], "note": note},
    st.integers(1, 6),
    _LINE,
)
_TURN = st.fixed_dictionaries(
    {
        "date": st.text(alphabet="Turn 0123456789,", min_size=1, max_size=12),
        "battles": st.lists(_BATTLE, max_size=6),
        **{field: st.lists(_LINE, max_size=6) for _key, field in typeset._SECTIONS},
    }
)


def _part_weight(part: list[dict[str, Any]]) -> tuple[int, int]:
    """(weight, battles and lines) of a part, weighed as :func:`typeset.report_parts` does."""
    items = [
        item
        for piece in part
        for item in [*piece["battles"], *(line for s in piece["sections"] for line in s["lines"])]
    ]
    headings = sum(piece["heading"] for piece in part)
    return sum(typeset._weight(item) for item in items) + 2 * headings, len(items)


@settings(max_examples=150)
@given(
    turns=st.lists(_TURN, max_size=8),
    weight_most=st.integers(1, 60),
    tail_weight=st.integers(0, 80),
)
def test_the_parts_hold_every_battle_and_line_once_in_order(
    turns: list[dict[str, Any]], weight_most: int, tail_weight: int
) -> None:
    parts = typeset.report_parts(turns, weight_most, tail_weight=tail_weight)
    pieces = [piece for part in parts for piece in part]
    assert all(parts[:-1]), "no part is empty but the last"
    assert parts[-1] or not turns or tail_weight, "the last part is empty only to hold the tail"
    # Read one after another, the pieces give back each turn: its heading once, first.
    told: list[dict[str, Any]] = []
    for piece in pieces:
        if piece["heading"]:
            told.append({"date": piece["date"], "battles": [], "lines": [], "headings": []})
        current = told[-1]
        assert piece["date"] == current["date"], "a piece without heading goes on its turn"
        current["battles"] += piece["battles"]
        assert not (piece["battles"] and current["lines"]), "battles come before the lines"
        for section in piece["sections"]:
            if section["heading"]:
                current["headings"].append(section["key"])
            current["lines"] += [(section["key"], line) for line in section["lines"]]
    assert [turn["date"] for turn in told] == [turn["date"] for turn in turns]
    for turn, read in zip(turns, told, strict=True):
        assert read["battles"] == turn["battles"]
        lines = [(key, line) for key, field in typeset._SECTIONS for line in turn[field]]
        assert read["lines"] == lines
        assert read["headings"] == [key for key, field in typeset._SECTIONS if turn[field]]
    # A part is over its weight only when it is one battle or line too heavy for any part.
    for part in parts:
        weight, items = _part_weight(part)
        assert weight <= weight_most or items <= 1
    last, _items = _part_weight(parts[-1])
    assert not parts[-1] or not tail_weight or last + tail_weight <= weight_most


# ---- the casualties chart stays bounded --------------------------------------------------------


def test_beyond_forty_battles_the_casualties_chart_has_a_bar_per_turn(tmp_path: Path) -> None:
    """Forty battles are forty labelled bars; the forty-first turns the chart into the PM lost
    in each turn, so a campaign of thousands of battles is a chart a reader can read."""
    scenario = custom_scenario(["Rome", "Pyrrhus"], land_pm={"Rome": 90, "Pyrrhus": 90})
    with CampaignStore.create(tmp_path / "long.castra", scenario) as store:
        for number in range(BATTLE_BARS_MOST + 1):
            if number in (10, 25):
                store.append(TurnAdvanced())
            store.append(
                battle_event(
                    store.state(),
                    place="Heraclea",
                    system="manual",
                    winner="a",
                    contingents=[
                        ContingentFigures(side="a", nation="Rome", pm=2, pm_lost=number % 2),
                        ContingentFigures(side="b", nation="Pyrrhus", pm=2, pm_lost=1),
                    ],
                )
            )
            if number == BATTLE_BARS_MOST - 1:
                forty = chronicle_of(store, everything=True)
        chronicle = chronicle_of(store, everything=True)

    def casualties(told: Any) -> str:
        return str(next(chart.svg for chart in charts(told) if chart.key == "casualties"))

    assert len(re.findall(r'<desc class="x_label">', casualties(forty))) == 2 * BATTLE_BARS_MOST
    svg = casualties(chronicle)
    assert "PM lost in battle per turn" in svg and "PM lost per battle" not in svg
    labels = re.findall(r'<desc class="x_label">([^<]*)</desc>', svg)
    assert labels == ["turn 1", "turn 2", "turn 3"] * 2, "a bar per turn and nation"
    values = [int(value) for value in re.findall(r'<desc class="value">(\d+)</desc>', svg)]
    # Rome loses a PM in every other battle, Pyrrhus in each: turns of 10, 15 and 16 battles.
    assert values == [5, 7, 8, 10, 15, 16]
