"""The chronicle in Italian (issue 14): the seeds' names for the nations and the campaign,
in every format, while the ledger and ``--json`` keep the English keys."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of
from assistant.cli import main
from assistant.ledger.store import CampaignStore
from converters.i18n import set_language

ENGLISH_NAMES = ("Rome", "Carthage", "Pyrrhus", "Syracuse", "Magna Graecia")


def _italian_markdown(story: CampaignStore, out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--lang", "it", "report", "--file", str(story.path), "--all",
                 "--format", "md", "--out", str(out)]) == 0  # fmt: skip
    capsys.readouterr()
    return out.read_text(encoding="utf-8")


def test_the_tables_name_the_nations_as_seed_000_does(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _italian_markdown(story, tmp_path / "it.md", capsys)
    assert text.startswith("# Le Guerre Tarantine, 278–273 a.C.\n")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    # The battle at Heraclea: Rome against Pyrrhus; the closing table, nation by nation.
    assert "| a | Roma | 4 |" in text and "| b | Pirro | 2 |" in text
    first_cells = {row.split("|")[1].strip() for row in rows}
    assert {"Roma", "Cartagine", "Senoni", "Etruschi", "Magna Grecia", "Siracusa"} <= first_cells
    assert not any(name in row for row in rows for name in ENGLISH_NAMES)
    assert "- Parti: parte a Roma; parte b Pirro" in text


def test_the_winter_lines_name_the_nations_and_the_seeds_event(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """T5.6, T6.2, T5.8: upkeep, the winter event (seed 000's table), decimated PM expiring and
    the VP, in the report's language."""
    text = _italian_markdown(story, tmp_path / "it.md", capsys)
    winter = text.split("### Inverno\n", 1)[1].split("\n### ", 1)[0]
    lines = [line.removeprefix("- ") for line in winter.strip().splitlines()]
    assert any(line.startswith("Roma mantenimento ") for line in lines)
    assert any(line.startswith("Cartagine mantenimento ") for line in lines)
    assert "evento invernale 8: Nessun evento: non succede nulla di particolare" in lines
    assert any(line.startswith("Cartagine: scadono ") for line in lines)
    assert any(line.startswith("PV Roma ") and ", Cartagine " in line for line in lines)
    # The map's line names armies ("Magna Graecia III"), which keep the names they were given.
    told = [line for line in lines if not line.startswith("mappa:")]
    assert not any(name in line for line in told for name in ENGLISH_NAMES)


def test_the_charts_legends_and_the_pdf_read_the_same_names(story: CampaignStore) -> None:
    set_language("it")
    try:
        chronicle = chronicle_of(story, everything=True)
        document = render_report(chronicle, "md", image_stem="it")
        pdf = render_report(chronicle, "pdf").content
        html = render_report(chronicle, "html").content
    finally:
        set_language("en")
    legends = document.images["it-pm.svg"]
    assert "Cartagine" in legends and "Carthage" not in legends
    assert "Roma" in document.images["it-casualties.svg"]
    assert isinstance(html, str) and "Cartagine" in html and ">Carthage<" not in html
    assert isinstance(pdf, bytes)
    pages = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Le Guerre Tarantine" in pages and "Cartagine" in pages
    assert re.search(r"Figura\s1:", pages) and "Figure" not in pages, "typst's own words"
    # Armies keep the names they were given ("Carthage I", in the ledger's map lines).
    assert re.search(r"Carthage(?! [IVX]+\b)", pages) is None


def test_the_ledger_and_json_keep_the_english_names(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _italian_markdown(story, tmp_path / "it.md", capsys)
    stored = story.state()
    assert stored.scenario.title == "The Tarentine Wars, 278–273 BC"
    assert "Rome" in stored.nations
    said = []
    for language in ("en", "it"):
        main(["--lang", language, "report", "--file", str(story.path), "--turn", "3",
              "--format", "md", "--out", str(tmp_path / "same.md"), "--json"])  # fmt: skip
        said.append(json.loads(capsys.readouterr().out))
    assert said[0] == said[1]
