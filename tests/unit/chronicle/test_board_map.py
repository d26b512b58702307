"""The report's map drawn as the board (issue 27, item 13; T7.1): coasts, the board's links,
provinces in their holder's colour, labels that never overlap, a legend for every mark and one
font; a single turn's figures as bars; and a PDF that strict readers accept (item 14).

The label test reads the geometry from the SVG itself: each label is a ``<g class="label">``
holding its white box (``<rect>``) and its text fitted to the box with ``textLength``."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from assistant.chronicle.board_map import FONT, Box, board_svg, label_text
from assistant.chronicle.charts import charts
from assistant.chronicle.colours import nation_colour, nation_colours
from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of
from assistant.chronicle.story import Chronicle, MapForce, MapProvince
from assistant.ledger.store import CampaignStore
from converters.i18n import set_language
from tests.chronicle_year import tarentine_year

SVG = "{http://www.w3.org/2000/svg}"

CROWDED = (("Mutina", "Boii"), ("Cosa", "Tarquinii", "Falerii"), ("Messana", "Rhegium"))
"""The corners of the board where labels used to fall on one another."""


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory) -> CampaignStore:
    store = tarentine_year(tmp_path_factory.mktemp("year") / "year.castra")
    yield store  # type: ignore[misc]
    store.close()


def _map_of(chronicle: Chronicle) -> str:
    (drawn,) = [chart for chart in charts(chronicle) if chart.key == "map"]
    return drawn.svg


def _geometry(svg: str) -> tuple[dict[str, Box], list[Box], list[ElementTree.Element]]:
    """Each province's label box, every mark's box, and every label's text element."""
    root = ElementTree.fromstring(svg)
    labels: dict[str, Box] = {}
    texts = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "label":
            continue
        rect = group.find(f"{SVG}rect")
        text = group.find(f"{SVG}text")
        assert rect is not None and text is not None
        labels[group.get("data-province", "")] = Box(
            float(rect.get("x", 0)),
            float(rect.get("y", 0)),
            float(rect.get("width", 0)),
            float(rect.get("height", 0)),
        )
        texts.append(text)
    marks = []
    board = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "provinces")
    for element in board.iter():
        if element.get("class") != "mark":
            continue
        if element.tag == f"{SVG}circle":
            x, y, r = (float(element.get(name, 0)) for name in ("cx", "cy", "r"))
            marks.append(Box(x - r, y - r, 2 * r, 2 * r))
        else:
            marks.append(
                Box(*(float(element.get(name, 0)) for name in ("x", "y", "width", "height")))
            )
    return labels, marks, texts


def _check_no_overlap(svg: str, provinces: list[MapProvince]) -> None:
    labels, marks, texts = _geometry(svg)
    assert sorted(labels) == sorted(p.name for p in provinces), "one label per province"
    boxes = list(labels.items())
    for index, (name, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1 :]:
            assert not box.overlaps(other_box), f"the labels of {name} and {other} overlap"
        for mark in marks:
            assert not box.overlaps(mark), f"the label of {name} covers a province's mark"
    for index, mark in enumerate(marks):
        for other in marks[index + 1 :]:
            assert not mark.overlaps(other), "two provinces' marks overlap"
    # The text is fitted inside its box.
    for (name, box), text in zip(boxes, texts, strict=True):
        x, width = float(text.get("x", 0)), float(text.get("textLength", 0))
        assert box.x <= x and x + width <= box.x + box.width, f"{name}'s text leaves its box"
        assert text.text == label_text(next(p for p in provinces if p.name == name))


@pytest.mark.parametrize("turn", [1, 2, 3, 13])
def test_t7_1_no_label_covers_another_nor_a_mark(year: CampaignStore, turn: int) -> None:
    chronicle = chronicle_of(year, turn=turn)
    svg = _map_of(chronicle)
    _check_no_overlap(svg, chronicle.map)
    labels, _marks, _texts = _geometry(svg)
    for corner in CROWDED:
        assert all(name in labels for name in corner)


def _with_forces(base: list[MapProvince], forces: dict[str, list[MapForce]]) -> list[MapProvince]:
    return [p.model_copy(update={"forces": forces.get(p.name, [])}) for p in base]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_t7_1_labels_stay_apart_whatever_stands_on_the_board(
    year: CampaignStore, data: st.DataObject
) -> None:
    """Any PM of any nations in any provinces (the longest labels in the crowded corners
    included): still no label over another or over a mark."""
    base = chronicle_of(year, turn=1).map
    nations = ["Rome", "Carthage", "Magna Graecia", "Pyrrhus", "Senones"]
    names = [p.name for p in base]
    chosen = data.draw(st.lists(st.sampled_from(names), max_size=20, unique=True))
    forces = {
        name: [
            MapForce(
                nation=nation,
                land_pm=data.draw(st.integers(0, 40)),
                naval_pm=data.draw(st.integers(0, 12)),
            )
            for nation in data.draw(
                st.lists(st.sampled_from(nations), min_size=1, max_size=3, unique=True)
            )
        ]
        for name in chosen
    }
    provinces = _with_forces(base, forces)
    colours = nation_colours([*nations, "Neutral", "Etruscans", "Syracuse"])
    svg = board_svg(provinces, colours, "map")
    _check_no_overlap(svg, provinces)


def test_t7_1_the_board_is_drawn_with_its_coasts_links_and_holders(year: CampaignStore) -> None:
    chronicle = chronicle_of(year, turn=13)
    root = ElementTree.fromstring(_map_of(chronicle))
    classes = [element.get("class") for element in root.iter()]
    assert classes.count("coast") == 5, "Italy, Sicily, Sardinia, Corsica, Africa"
    # Every link of the board, each drawn once (the board states each once, both ways).
    links = {
        (way, *sorted((p.name, other)))
        for p in chronicle.map
        for way in ("road", "mountain", "sea", "crossing")
        for other in p.neighbours[way]
    }
    drawn = [c for c in classes if c in ("road", "mountain", "sea", "crossing")]
    assert len(drawn) == len(links) and {"road", "mountain", "sea", "crossing"} == set(drawn)
    board = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "provinces")
    fills = [element.get("fill") for element in board.iter() if element.get("class") == "mark"]
    assert fills == [
        chronicle.colours.get(p.controller) or nation_colour(p.controller) for p in chronicle.map
    ], "each province in its holder's colour, in the board's order"


def test_every_mark_has_its_line_in_the_legend(year: CampaignStore) -> None:
    """Turn 2 has a besieged city (T5.4) and a sacked province (T5.3)."""
    chronicle = chronicle_of(year, turn=2)
    assert any(p.besieged for p in chronicle.map) and any(p.sacked for p in chronicle.map)
    root = ElementTree.fromstring(_map_of(chronicle))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    words = [text.text or "" for text in legend.iter(f"{SVG}text")]
    for expected in (
        "city (T3.5)",
        "province",
        "besieged (T5.4)",
        "sacked this year (T5.3)",
        "road (T7.3)",
        "mountain road (T3.2)",
        "sea stretch (T7.1)",
        "open-sea crossing (T7.3)",
    ):
        assert expected in words
    holders = {p.controller for p in chronicle.map}
    assert {"Rome", "Carthage", "Magna Graecia", "Neutral"} <= holders
    assert holders <= set(words), "every holder's colour is named"
    assert any(w.startswith("3+2n: land + naval PM") for w in words)


def test_the_map_and_the_charts_use_the_reports_one_font(year: CampaignStore) -> None:
    drawn = charts(chronicle_of(year, turn=13))
    svg = next(chart.svg for chart in drawn if chart.key == "map")
    root = ElementTree.fromstring(svg)
    assert root.get("font-family") == FONT
    assert all(element.get("font-family") is None for element in root.iter() if element is not root)
    for chart in drawn:
        families = {f.replace(" ", "") for f in re.findall(r"font-family:([^;}]+)", chart.svg)}
        assert families <= {FONT.replace(" ", "")}, chart.key


def test_the_italian_map_speaks_italian(year: CampaignStore) -> None:
    set_language("it")
    try:
        svg = _map_of(chronicle_of(year, turn=2))
    finally:
        set_language("en")
    root = ElementTree.fromstring(svg)
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    words = [text.text or "" for text in legend.iter(f"{SVG}text")]
    assert "città (T3.5)" in words and "Roma" in words and "Legenda" in words
    assert "Rome" not in words and "city (T3.5)" not in words


def test_a_single_turns_figures_are_bars_not_dots(year: CampaignStore) -> None:
    """Turn 1 alone: one bar per nation with its figure printed, where a line would draw one
    dot each, Senones and Etruscans hiding each other at 3 PM."""
    drawn = {chart.key: chart.svg for chart in charts(chronicle_of(year, turn=1))}
    for key in ("pm", "treasury", "prestige"):
        assert 'class="graph bar-graph' in drawn[key], key
        assert 'class="dot' not in drawn[key], key
    values = re.findall(r'<text[^>]*class="value[^"]*"[^>]*>([^<]+)<', drawn["pm"])
    assert sorted(values) == sorted(["9", "8", "3", "3", "7", "4", "4"])
    later = {chart.key: chart.svg for chart in charts(chronicle_of(year, turn=3))}
    assert 'class="graph line-graph' in later["pm"], "three turns are a line"


# ---- issue 27, item 14: a PDF strict readers accept ------------------------------------------


def _whole_pdf(store: CampaignStore) -> bytes:
    pdf = render_report(chronicle_of(store, everything=True), "pdf").content
    assert isinstance(pdf, bytes)
    return pdf


def test_the_whole_campaign_pdf_reads_in_pypdf_strict_mode(year: CampaignStore) -> None:
    pdf = _whole_pdf(year)
    reader = PdfReader(io.BytesIO(pdf), strict=True)
    text = "".join(page.extract_text() for page in reader.pages)
    assert "The map at the close of turn 14" in text
    mark_info = reader.trailer["/Root"]["/MarkInfo"]
    assert mark_info["/Marked"] is True or mark_info["/Marked"] == True  # noqa: E712
    assert "/Suspects" not in mark_info, "poppler reads a false /Suspects as a syntax error"


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_the_whole_campaign_pdf_passes_qpdf_check(year: CampaignStore, tmp_path: Path) -> None:
    path = tmp_path / "all.pdf"
    path.write_bytes(_whole_pdf(year))
    checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No syntax or stream encoding errors" in checked.stdout


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_poppler_renders_every_page_without_a_syntax_error(
    year: CampaignStore, tmp_path: Path
) -> None:
    path = tmp_path / "all.pdf"
    path.write_bytes(_whole_pdf(year))
    pages = len(PdfReader(path).pages)
    for tool in (["pdfinfo", str(path)], ["pdftoppm", "-r", "30", "-png", str(path),
                                          str(tmp_path / "page")]):  # fmt: skip
        if shutil.which(tool[0]) is None:
            continue
        done = subprocess.run(tool, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Error" not in done.stderr, done.stderr
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == pages
    # A blank A4 page at 30 dpi is well under 2 kB; text and the board are more.
    assert all(image.stat().st_size > 2_000 for image in images)
