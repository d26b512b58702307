"""What was recorded reads in Italian wherever it is shown (issue 25): a Tarentine year and a
Macedon season of every event kind (tests/chronicle_year.py), read through
``castra --lang it campaign history``, ``campaign show`` and ``report``, and as the History
and Chronicle screens say them, have no word only English uses on any line — but the names
(nations as a club typed them, armies, fleets, provinces of a board) and what a person typed
(a note, a treaty's terms, a house rule's value), which are never translated."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from assistant.chronicle.render import render_story
from assistant.chronicle.report import chronicle_of
from assistant.cli import main
from assistant.ledger.store import CampaignStore
from assistant.tui.screens.history import entry_text
from converters import said as sd
from converters.i18n import set_language
from converters.wording import render_data
from tests.chronicle_year import macedon_season, tarentine_year
from tests.english_words import english_only_words, words
from tests.said_values import every_value

YEARS: dict[str, Callable[[Path], CampaignStore]] = {
    "tarentine": tarentine_year,
    "macedon": macedon_season,
}

NAMED = sd.Nation | sd.Province | sd.Force | sd.Rule | sd.Typed
"""The kinds of value that are a name or a person's words, shown as they are."""


@pytest.fixture(params=sorted(YEARS))
def recorded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CampaignStore]:
    store = YEARS[request.param](tmp_path / f"{request.param}.castra")
    yield store
    store.close()
    set_language("en")


def _names(store: CampaignStore) -> set[str]:
    """The words of every name and typed text the campaign holds, as Italian says them."""
    named: set[str] = set()
    for entry in store.history():
        named |= words(entry.note) | words(entry.undo_reason or "")
        if entry.said is None:
            continue
        for value in every_value(entry.said):
            if isinstance(value, NAMED):
                # As Italian says it: "Thrace" left English where "Tracia" belongs is caught.
                named |= words(render_data(value.model_dump(), "it"))
    state = store.state()
    for army in state.armies.values():
        named |= words(army.name)
    for force in state.forces.values():
        shown = sd.force(force.name, force.nation, force.kind)
        named |= words(render_data(shown.model_dump(), "it"))
    return named


def _english_lines(text: str, names: set[str]) -> list[str]:
    english = english_only_words()
    # A chart's file name ("![Prestigio (PP) per turno](year-prestige.svg)") is no sentence.
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return [line for line in text.splitlines() if words(line) & english - names]


def test_the_italian_history_show_and_report_have_no_english_word(
    recorded: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(recorded)
    path = str(recorded.path)
    shown = []
    for command in (["campaign", "history"], ["campaign", "show"]):
        assert main(["--lang", "it", *command, "--file", path]) == 0
        shown.append(capsys.readouterr().out)
    report = tmp_path / "report.md"
    assert main(["--lang", "it", "report", "--file", path, "--all", "--format", "md",
                 "--out", str(report)]) == 0  # fmt: skip
    capsys.readouterr()
    shown.append(report.read_text(encoding="utf-8"))
    left = [line for text in shown for line in _english_lines(text, names)]
    assert left == []
    assert len(shown[0].splitlines()) >= len(recorded.history()), "every event is listed"


def test_the_history_and_chronicle_screens_read_in_italian(recorded: CampaignStore) -> None:
    """Each History entry as the screen shows it (its detail line), and the Chronicle
    screen's text."""
    names = _names(recorded)
    set_language("it")
    entries = [entry_text(entry) for entry in recorded.history()]
    story = render_story(chronicle_of(recorded, everything=True))
    set_language("en")
    assert len(entries) == len(recorded.history())
    left = _english_lines("\n".join(entries), names) + _english_lines(story, names)
    assert left == []
