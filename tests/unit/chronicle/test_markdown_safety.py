"""The Markdown report and battle sheet print every user string as text (issue 28).

A note or place such as ``<img src=x onerror=…>`` once passed through ``report.md.j2`` as live
HTML (a browser rendering the CommonMark ran the handler in 3 of 3 documents), and a newline in a
note started a heading or a table. Each document is rendered here with a CommonMark renderer
(markdown-it-py, HTML allowed as a forum's renderer may) and must have exactly the structure
of the same document with plain words: no element comes from what the user typed, and the text
reads back whole on its own line. A headless Chromium (when installed) then opens the rendered
page and must not run the handler.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import html5lib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from armylists import contingent
from armylists.scenarios import custom_scenario
from assistant.chronicle.render import render_report, render_sheet
from assistant.chronicle.report import chronicle_of
from assistant.chronicle.sheet import battle_sheet
from assistant.ledger.events import NoteAdded, TreasuryAdjusted
from assistant.ledger.record import ContingentFigures, battle_event
from assistant.ledger.store import CampaignStore
from converters.budgets import battle_budget

HANDLER = "<img src=x onerror=\"document.title='ran'\">"
HOSTILE = (
    HANDLER,
    "<script>document.title='ran'</script>",
    "line\n# heading\n| a | b |\n|---|---|",
    "*b* _e_ `c` [l](http://x.org) ![i](x.png)",
    "<http://x.org> &amp; &lt;b&gt; &#60;i&#62;",
    "1. one\n- item\n> quote\n---\n===",
    "    code\n\n\tmore",
    "x ### \\* \\",
    "~~gone~~ <!-- c --> <?p ?>",
    "+ plus\r\n2) two\u2028# three",
)  # fmt: skip
"""Places and notes that would be Markdown or HTML if printed as they are (each at most 60
characters, a name's bound)."""

RENDERER = MarkdownIt("commonmark", {"html": True}).enable("table")


def _tags(markdown: str) -> list[str]:
    """The elements CommonMark makes of ``markdown``, in document order."""
    tree = html5lib.parse(RENDERER.render(markdown), namespaceHTMLElements=False)
    return [element.tag for element in tree.iter()]


def _texts(markdown: str, tag: str) -> list[str]:
    tree = html5lib.parse(RENDERER.render(markdown), namespaceHTMLElements=False)
    return ["".join(element.itertext()) for element in tree.iter(tag)]


def _on_one_line(text: str) -> str:
    """What a string reads as in the report: its lines joined by spaces, trimmed."""
    return " ".join(text.splitlines()).strip()


def _words(text: str) -> list[str]:
    """The words of ``text``, however the spaces between them were rendered."""
    return text.split()


def _report(store: CampaignStore, place: str, note: str) -> str:
    event = battle_event(
        store.state(),
        place=place,
        system="manual",
        winner="a",
        contingents=[
            ContingentFigures(side="a", nation="Rome", pm=1, pm_lost=0),
            ContingentFigures(side="b", nation="Pyrrhus", pm=1, pm_lost=1),
        ],
        note=note,
    )
    store.append(event)
    store.append(NoteAdded(note=note))
    store.append(TreasuryAdjusted(nation="Rome", pe=3, note=note))
    content = render_report(chronicle_of(store), "md", with_charts=False).content
    for _ in range(3):
        store.undo("the next example", who="test")
    assert isinstance(content, str)
    return content


@pytest.fixture
def mapless(tmp_path: Path) -> Any:
    scenario = custom_scenario(["Rome", "Pyrrhus"], land_pm={"Rome": 7, "Pyrrhus": 2})
    with CampaignStore.create(tmp_path / "free.castra", scenario) as store:
        yield store


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_place_or_note_never_becomes_markdown_or_html(
    mapless: CampaignStore, hostile: str
) -> None:
    plain = _report(mapless, "Heraclea", "plain words")
    report = _report(mapless, hostile, hostile)
    assert _tags(report) == _tags(plain), "no element made of what the user typed"
    assert _words(_texts(report, "h3")[0]) == _words("Battle of " + hostile)
    shown = _on_one_line(hostile)
    items = _texts(report, "li")
    assert f"Note: {shown}" in items, "the note on its own line, whole"
    assert any(item.endswith(shown) for item in items if item != f"Note: {shown}")


_PRINTABLE = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60
).filter(lambda text: _on_one_line(text) != "")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(place=_PRINTABLE, note=_PRINTABLE)
def test_any_place_and_note_read_back_as_typed(
    mapless: CampaignStore, place: str, note: str
) -> None:
    plain = _report(mapless, "Heraclea", "plain words")
    report = _report(mapless, place, note)
    assert _tags(report) == _tags(plain)
    assert _words(_texts(report, "h3")[0]) == _words("Battle of " + place)


@pytest.mark.parametrize("hostile", HOSTILE)
def test_the_battle_sheet_prints_its_place_and_date_as_text(hostile: str) -> None:
    budget = battle_budget("fog", [contingent("Rome", 4, "fog")], [contingent("Pyrrhus", 2, "fog")])

    def sheet(place: str, when: str) -> str:
        made = battle_sheet(budget, ruleset="Field of Glory", per_pm=400, place=place, when=when)
        content = render_sheet(made, "md").content
        assert isinstance(content, str)
        return content

    plain, hostile_sheet = sheet("Heraclea", "Turn 3"), sheet(hostile, hostile)
    assert _tags(hostile_sheet) == _tags(plain)
    assert [_words(t) for t in _texts(hostile_sheet, "h1")] == [_words("Battle sheet: " + hostile)]
    assert _texts(hostile_sheet, "strong")[0] == _on_one_line(hostile)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
def test_a_browser_showing_the_rendered_markdown_runs_nothing(
    mapless: CampaignStore, tmp_path: Path
) -> None:
    assert CHROMIUM is not None
    report = _report(mapless, HANDLER, HOSTILE[1])
    page = tmp_path / "report.html"
    page.write_text(
        f"<!doctype html><title>report</title><body>{RENDERER.render(report)}</body>",
        encoding="utf-8",
    )
    dom = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000",
         "--dump-dom", page.as_uri()],
        check=True, capture_output=True, text=True, timeout=120,
    ).stdout  # fmt: skip
    assert "<title>report</title>" in dom, "no handler changed the page"
    assert not re.search(r"<img|<script", dom)
    assert "Battle of &lt;img src=x onerror=" in dom
