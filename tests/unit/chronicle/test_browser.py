"""The HTML report and battle sheet in a real browser: headless Chromium draws them on screen
and prints them on A4. Skipped where Chromium is not installed (``apt-get install chromium``).

``CASTRA_README_IMAGES=1 pytest tests/unit/chronicle/test_browser.py`` also refreshes the
README's pictures of the report and the sheet (docs/img/report.png, docs/img/sheet.png).
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.chronicle.render import render_sheet, write_document
from assistant.chronicle.report import chronicle_of, write_report
from assistant.chronicle.sheet import battle_sheet
from assistant.ledger.store import CampaignStore
from converters.budgets import battle_budget

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")

ROOT = Path(__file__).resolve().parents[3]
A4_POINTS = (595, 842)
"""An A4 page in PDF points (210 × 297 mm), rounded."""


def _chromium(*arguments: str) -> None:
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *arguments],
        check=True,
        capture_output=True,
        timeout=120,
    )


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", "a PNG image"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def _sheet_page(tmp_path: Path) -> Path:
    from armylists import contingent

    budget = battle_budget(
        "fog",
        [contingent("Rome", 4, "fog")],
        [contingent("Pyrrhus", 2, "fog"), contingent("Samnites", 1, "fog")],
    )
    sheet = battle_sheet(
        budget, ruleset="Field of Glory", per_pm=400, place="Heraclea", when="Turn 3, May 278 BC"
    )
    page = tmp_path / "sheet.html"
    write_document(render_sheet(sheet, "html"), page, announce=lambda _path: None)
    return page


def _keep_for_readme(shot: Path, name: str) -> None:
    if os.environ.get("CASTRA_README_IMAGES") == "1":
        shutil.copyfile(shot, ROOT / "docs" / "img" / name)


def test_the_report_is_drawn_by_a_browser(story: CampaignStore, tmp_path: Path) -> None:
    (page,) = write_report(chronicle_of(story, turn=5), "html", tmp_path / "report.html")
    shot = tmp_path / "report.png"
    _chromium("--window-size=1000,1500", f"--screenshot={shot}", page.as_uri())
    assert _png_size(shot) == (1000, 1500)
    # A blank page of that size is a few kilobytes; text, tables and charts are many more.
    assert shot.stat().st_size > 50_000
    _keep_for_readme(shot, "report.png")


def test_the_battle_sheet_is_drawn_by_a_browser(tmp_path: Path) -> None:
    shot = tmp_path / "sheet.png"
    _chromium("--window-size=900,1300", f"--screenshot={shot}", _sheet_page(tmp_path).as_uri())
    assert _png_size(shot) == (900, 1300) and shot.stat().st_size > 30_000
    _keep_for_readme(shot, "sheet.png")


def test_the_report_prints_on_a4(story: CampaignStore, tmp_path: Path) -> None:
    (page,) = write_report(chronicle_of(story, everything=True), "html", tmp_path / "all.html")
    printed = tmp_path / "printed.pdf"
    _chromium("--no-pdf-header-footer", f"--print-to-pdf={printed}", page.as_uri())
    pages = PdfReader(printed).pages
    assert len(pages) >= 2
    for sheet in pages:
        size = (round(float(sheet.mediabox.width)), round(float(sheet.mediabox.height)))
        assert size == A4_POINTS
    text = "".join(sheet.extract_text() for sheet in pages)
    assert "Battle of Heraclea" in text and "Battle of Roma" in text


def test_the_battle_sheet_prints_on_one_a4_page(tmp_path: Path) -> None:
    printed = tmp_path / "sheet.pdf"
    _chromium("--no-pdf-header-footer", f"--print-to-pdf={printed}", _sheet_page(tmp_path).as_uri())
    pages = PdfReader(printed).pages
    assert len(pages) == 1
    assert round(float(pages[0].mediabox.height)) == A4_POINTS[1]


def test_the_reports_map_is_drawn_by_a_browser(tmp_path: Path) -> None:
    """Issue 27, item 13: the board, as the Markdown report puts it beside the text, drawn by
    Chromium: the whole drawing on screen, coasts, links, labels and legend."""
    from tests.chronicle_year import tarentine_year

    with tarentine_year(tmp_path / "year.castra") as store:
        written = write_report(chronicle_of(store, turn=2), "md", tmp_path / "turn.md")
    (board,) = [path for path in written if path.name == "turn-map.svg"]
    shot = tmp_path / "map.png"
    _chromium("--window-size=800,1040", f"--screenshot={shot}", board.as_uri())
    assert _png_size(shot) == (800, 1040)
    # The map alone, blank, is a few kilobytes; the board and its labels are far more.
    assert shot.stat().st_size > 100_000
