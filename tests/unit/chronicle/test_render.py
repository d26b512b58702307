"""The report of the story campaign in each format: Markdown and HTML against stored snapshots
(update with ``--snapshot-update`` and read the diff), HTML parsed as a browser would with every
chart well-formed SVG, the PDF opened and read, and user text printed, never interpreted."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import html5lib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from armylists.names import nation_name
from armylists.scenarios import bellum_scenario, custom_scenario, load_scenario
from assistant.chronicle.charts import charts
from assistant.chronicle.colours import nation_colour
from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of, write_report
from assistant.ledger.events import ForcedMarch, NoteAdded
from assistant.ledger.forces import map_summary
from assistant.ledger.record import ContingentFigures, battle_event, centres_event
from assistant.ledger.store import CampaignStore

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def _text(document: Any) -> str:
    assert isinstance(document.content, str)
    return str(document.content)


def _pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def test_markdown_report_of_the_whole_story(story: CampaignStore, snapshot: Any) -> None:
    document = render_report(chronicle_of(story, everything=True), "md", image_stem="story")
    assert _text(document) == snapshot
    assert sorted(document.images) == [
        "story-casualties.svg",
        "story-map.svg",
        "story-pm.svg",
        "story-prestige.svg",
        "story-treasury.svg",
    ]
    for name in document.images:
        assert f"]({name})" in _text(document), "each chart is referenced beside the text"


def test_html_report_of_turn_3(story: CampaignStore, snapshot: Any) -> None:
    assert _text(render_report(chronicle_of(story, turn=3), "html")) == snapshot


@pytest.mark.parametrize("scope", [{"turn": 3}, {"year": 1}, {"everything": True}])
def test_html_report_parses_and_every_chart_is_well_formed(
    story: CampaignStore, scope: dict[str, Any]
) -> None:
    text = _text(render_report(chronicle_of(story, **scope), "html"))
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    tree = parser.parse(text)
    assert tree.find(".//title") is not None
    svgs = SVG.findall(text)
    assert len(svgs) == len(tree.findall(".//{http://www.w3.org/2000/svg}svg")) >= 3
    for svg in svgs:
        ElementTree.fromstring(svg)  # raises on a malformed chart
    # Standalone: nothing fetched from elsewhere when the file is opened or printed.
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)
    assert "@page { size: A4" in text


def test_html_report_is_the_same_file_every_time(story: CampaignStore) -> None:
    chronicle = chronicle_of(story, turn=5)
    assert render_report(chronicle, "html").content == render_report(chronicle, "html").content


def test_pdf_report_opens_with_the_story_and_its_charts(story: CampaignStore) -> None:
    pages = _pdf_pages(bytes(render_report(chronicle_of(story, turn=3), "pdf").content))
    assert "The Tarentine Wars" in pages[0] and "Battle of Heraclea" in pages[0]
    assert "the elephants broke the legions" in pages[0]
    assert "Charts" not in pages[0], "the charts start on a page of their own"
    assert pages[1].startswith("Charts") and "PM in play per turn" in pages[1]
    assert "PM lost per battle" in pages[-2]
    # Rome keeps 3 PM and its fleet at Roma, where Carthage's 4 stand before the walls.
    assert "The map at the close of turn 3" in pages[-1] and "Roma Rome 3+2n · Car 4" in pages[-1]
    assert not any("typed by mistake" in page for page in pages), "undone: left out"


def test_the_pdf_of_the_whole_campaign_has_every_turn(story: CampaignStore) -> None:
    text = "\n".join(
        _pdf_pages(bytes(render_report(chronicle_of(story, everything=True), "pdf").content))
    )
    for turn in range(1, story.state().turn + 1):
        assert f"Turn {turn}," in text


@pytest.fixture
def mapless(tmp_path: Path) -> Any:
    """A campaign without a map, where a battle's place is free text (on a map it must be a
    province, T7.4): Rome 7 PM, Pyrrhus 2."""
    scenario = custom_scenario(["Rome", "Pyrrhus"], land_pm={"Rome": 7, "Pyrrhus": 2})
    with CampaignStore.create(tmp_path / "free.castra", scenario) as store:
        yield store


def test_markup_in_a_place_or_a_note_is_printed_not_obeyed(mapless: CampaignStore) -> None:
    story = mapless
    place = "#pagebreak() <b>Ausculum</b> *1* $x$ {{ t }}"
    event = battle_event(
        story.state(),
        place=place,
        system="dba",
        winner="a",
        contingents=[
            ContingentFigures(side="a", nation="Rome", pm=2, elements=12, lost=2),
            ContingentFigures(side="b", nation="Pyrrhus", pm=1, elements=6, lost=4),
        ],
        note="<script>alert(1)</script>",
    )
    story.append(event)
    story.append(NoteAdded(note="| pipes | in | a note"))
    chronicle = chronicle_of(story)
    html = _text(render_report(chronicle, "html"))
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "ids are unique in one page"
    assert "&lt;b&gt;Ausculum&lt;/b&gt;" in html and "<script>" not in html
    pdf = "\n".join(_pdf_pages(bytes(render_report(chronicle, "pdf").content)))
    assert "#pagebreak() <b>Ausculum</b> *1* $x$ {{ t }}" in pdf.replace("\n", " ")
    markdown = _text(render_report(chronicle, "md"))
    assert "{{ t }}" in markdown, "a template's braces in a place are only text"


def test_charts_are_the_same_svg_every_time_in_each_nations_colour(story: CampaignStore) -> None:
    chronicle = chronicle_of(story, everything=True)
    first, second = charts(chronicle), charts(chronicle)
    assert [c.svg for c in first] == [c.svg for c in second]
    pm = next(c for c in first if c.key == "pm")
    for nation in ("Rome", "Pyrrhus", "Carthage"):
        assert chronicle.colours[nation] in pm.svg
        assert nation in pm.svg


def test_markdown_report_is_written_with_its_charts_beside_it(
    story: CampaignStore, tmp_path: Path
) -> None:
    out = tmp_path / "forum" / "turn.md"
    written = write_report(chronicle_of(story, turn=3), "md", out)
    assert written[-1] == out and out.read_text(encoding="utf-8").startswith("# The Tarentine")
    for chart in written[:-1]:
        assert chart.parent == out.parent and chart.name.startswith("turn-")
        ElementTree.fromstring(chart.read_text(encoding="utf-8"))
    assert not list(out.parent.glob(".*partial")), "no half-written file left behind"


def _macedon(path: Path) -> CampaignStore:
    store = CampaignStore.create(path, load_scenario("macedon"))
    store.append(ForcedMarch(army="Macedon 2", loyalty=4))
    return store


def _bellum(path: Path) -> CampaignStore:
    store = CampaignStore.create(path, bellum_scenario("scipii"))
    held = {power: 4 for power in store.state().scenario.nations} | {"Carthage": 9}
    store.append(centres_event(store.state(), 1, held))
    return store


@pytest.mark.parametrize(
    ("make", "heading", "line"),
    [
        (_macedon, "Army journal (D1)", "D5: forced march"),
        (_bellum, "Bellum standings (B2)", "Carthage"),
    ],
)
@pytest.mark.parametrize("fmt", ["md", "html", "pdf"])
def test_d1_b2_macedon_and_bellum_reports_in_every_format(
    tmp_path: Path, make: Any, heading: str, line: str, fmt: str
) -> None:
    # Macedon counts armies, not PM: its PM chart has nothing to draw and is left out
    # (it used to crash pygal).
    with make(tmp_path / "c.castra") as store:
        content = render_report(chronicle_of(store, everything=True), fmt).content
    text = "\n".join(_pdf_pages(content)) if isinstance(content, bytes) else content
    assert heading in text and line in text
    assert "The map at the close" not in text, "no board, no map of the turn"


_PRINTABLE = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40
).filter(lambda text: text.strip() != "")


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=_PRINTABLE, note=_PRINTABLE)
def test_any_place_and_note_give_a_valid_page_and_a_pdf(
    mapless: CampaignStore, place: str, note: str
) -> None:
    story = mapless
    event = battle_event(
        story.state(),
        place=place,
        system="manual",
        winner="a",
        contingents=[
            ContingentFigures(side="a", nation="Rome", pm=1, pm_lost=0),
            ContingentFigures(side="b", nation="Pyrrhus", pm=1, pm_lost=1),
        ],
        note=note,
    )
    story.append(event)
    chronicle = chronicle_of(story)
    story.undo("hypothesis: the next example", who="test")
    assert chronicle.battles[-1].place == place
    html = _text(render_report(chronicle, "html"))
    html5lib.HTMLParser(strict=True).parse(html)
    # The Markdown's own wording of the place is checked, rendered, by test_markdown_safety.
    assert "### Battle of " in _text(render_report(chronicle, "md"))
    pdf = bytes(render_report(chronicle, "pdf").content)
    assert PdfReader(io.BytesIO(pdf)).pages


# ---- the map of the turn (T7.1) ----------------------------------------------------------

_SVG_NS = "{http://www.w3.org/2000/svg}"


def _marks(svg: str) -> dict[str, tuple[str, str]]:
    """Province → (its mark's fill colour, its label), read from the map's SVG: the marks and
    the labels are drawn in the board's order."""
    root = ElementTree.fromstring(svg)
    groups = {g.get("class"): g for g in root.iter(f"{_SVG_NS}g")}
    fills = [e.get("fill", "") for e in groups["provinces"].iter() if e.get("class") == "mark"]
    labels = [
        (g.get("data-province", ""), "".join(g.itertext()))
        for g in root.iter(f"{_SVG_NS}g")
        if g.get("class") == "label"
    ]
    assert len(fills) == len(labels), "a mark and a label per province"
    return {name: (fill, text) for (name, text), fill in zip(labels, fills, strict=True)}


def test_t7_1_the_map_has_one_mark_per_province_in_its_controllers_colour(
    story: CampaignStore,
) -> None:
    summary = map_summary(story.state()).provinces
    chronicle = chronicle_of(story, turn=story.state().turn)
    drawn = next(chart for chart in charts(chronicle) if chart.key == "map")
    marks = _marks(drawn.svg)
    assert sorted(marks) == sorted(summary)
    for province, entry in summary.items():
        fill, label = marks[province]
        controller = entry.controller
        assert fill == (chronicle.colours.get(controller) or nation_colour(controller))
        # Forces other than the controller's alone are named by their first letters.
        assert label.startswith(province)
        for nation in entry.forces:
            assert nation == controller or nation_name(nation)[:3] in label
    roma = summary["Roma"].forces["Rome"]
    assert marks["Roma"][1] == f"Roma {roma.land}+{roma.naval}n"


def test_t7_1_the_map_is_the_one_at_the_close_of_the_turn_told(story: CampaignStore) -> None:
    # Pyrrhus takes Heraclea in turn 5; the winter's control check gives it back (T5.7).
    def holder(**scope: Any) -> str:
        chronicle = chronicle_of(story, **scope)
        return next(p.controller for p in chronicle.map if p.name == "Heraclea")

    assert holder(turn=3) == "Magna Graecia"
    assert holder(turn=5) == "Pyrrhus"
    assert holder(everything=True) == "Magna Graecia"


def test_t5_3_t7_6_a_besieged_or_sacked_province_is_marked_on_the_map(
    story: CampaignStore,
) -> None:
    chronicle = chronicle_of(story, turn=3)
    marked = {"Roma": {"besieged": True}, "Capua": {"sacked": True}}
    chronicle = chronicle.model_copy(
        update={
            "map": [
                p.model_copy(update=marked[p.name]) if p.name in marked else p
                for p in chronicle.map
            ]
        }
    )
    svg = next(chart for chart in charts(chronicle) if chart.key == "map").svg
    root = ElementTree.fromstring(svg)
    board = next(g for g in root.iter(f"{_SVG_NS}g") if g.get("class") == "provinces")
    drawn = ElementTree.tostring(board, encoding="unicode")
    assert drawn.count('stroke-dasharray="2.5,1.5"') == 1, "one ring, round Roma"
    assert drawn.count('stroke="#b00020"') == 1, "one cross, on Capua"


@pytest.mark.parametrize("fmt", ["md", "html", "pdf"])
def test_t7_1_the_map_of_the_turn_is_in_every_format(story: CampaignStore, fmt: str) -> None:
    document = render_report(chronicle_of(story, turn=3), fmt, image_stem="turn")  # type: ignore[arg-type]
    if fmt == "md":
        assert "](turn-map.svg)" in _text(document)
        ElementTree.fromstring(document.images["turn-map.svg"])
    elif fmt == "html":
        figure = re.search(r'<figure id="figure-map">.*?</figure>', _text(document), re.DOTALL)
        assert figure is not None and "The map at the close of turn 3" in figure.group(0)
        ElementTree.fromstring(SVG.findall(figure.group(0))[0])
    else:
        assert "The map at the close of turn 3" in _pdf_pages(bytes(document.content))[-1]
