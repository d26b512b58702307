"""Every name and note a user types is bounded, and no name stalls the report (issue 28).

A nation named with 88 characters once made ``castra report`` run for 11 minutes and 13 GB
(pygal's title wrapping never ends once a legend is wider than the chart); names had no limit
at all. The bounds live in ``converters.bounds`` and are checked by the ledger's models, so the
command line, the app and an imported file meet the same one-line refusal naming the field.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.ledger.events import NoteAdded
from converters.bounds import NAME_MOST, TEXT_MOST
from converters.errors import FieldError, field_error
from tests.unit.test_cli_bad_input import refused
from tests.unit.test_ledger_cli import run

CASTRA = [sys.executable, "-m", "assistant"]
LONGEST = "N" * NAME_MOST
TOO_LONG = "N" * (NAME_MOST + 1)


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "c.castra"
    assert run(capsys, "campaign", "new", "tarentine", "--file", str(path))[0] == 0
    return path


TREATY = ["campaign", "treaty", "--party", "Rome", "--party", "Carthage", "--terms"]
TREASURY = ["campaign", "treasury", "--nation", "Rome", "--pe", "1"]


@pytest.mark.parametrize(
    ("argv", "field", "most", "length"),
    [
        (["campaign", "note", "--who", TOO_LONG, "x"], "--who", NAME_MOST, NAME_MOST + 1),
        (["campaign", "note", "N" * 2001], "text", TEXT_MOST, 2001),
        ([*TREASURY, "--note", "N" * 5000], "--note", TEXT_MOST, 5000),
        (["campaign", "rename", "--name", TOO_LONG, "Rome I"], "--name", NAME_MOST, 61),
        (["campaign", "split", "--pm", "1", "--name", TOO_LONG, "Rome I"], "--name", 60, 61),
        ([*TREATY, "N" * 2001], "--terms", TEXT_MOST, 2001),
        ([*TREATY, "peace", "--party", TOO_LONG], "--party", NAME_MOST, 61),
    ],
    ids=["who", "note-text", "note", "army-name", "split-name", "terms", "party"],
)
def test_a_name_or_note_past_its_bound_is_refused_in_one_line(
    campaign: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    field: str,
    most: int,
    length: int,
) -> None:
    before = campaign.read_bytes()
    line = refused(capsys, *argv, "--file", str(campaign))
    assert line == f"castra: error: {field}: at most {most} characters (got {length})"
    assert campaign.read_bytes() == before


def test_an_undo_reason_past_its_bound_is_refused(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "note", "x", "--file", str(campaign))[0] == 0
    before = campaign.read_bytes()
    line = refused(capsys, "campaign", "undo", "--reason", "N" * 2001, "--file", str(campaign))
    assert line == f"castra: error: --reason: at most {TEXT_MOST} characters (got 2001)"
    assert campaign.read_bytes() == before


@pytest.mark.parametrize("option", ["--nation", "--who"])
def test_a_new_campaign_refuses_a_name_past_the_bound_and_takes_the_longest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    path = tmp_path / "n.castra"
    nations = ["--nation", "Rome", "--nation", "Carthage"]
    typed = [option, TOO_LONG] + (nations if option == "--who" else ["--nation", "Carthage"])
    line = refused(capsys, "campaign", "new", "custom", "--file", str(path), *typed)
    assert line == f"castra: error: {option}: at most {NAME_MOST} characters (got {NAME_MOST + 1})"
    assert not path.exists()
    longest = [option, LONGEST] + (nations if option == "--who" else ["--nation", "Carthage"])
    assert run(capsys, "campaign", "new", "custom", "--file", str(path), *longest)[0] == 0


@settings(max_examples=60, deadline=None)
@given(who=st.text(max_size=NAME_MOST + 20), note=st.text(max_size=TEXT_MOST + 20))
def test_an_event_takes_exactly_the_names_within_their_bounds(who: str, note: str) -> None:
    """The bound is the same for any text, whatever its characters (hypothesis)."""
    fits = len(who) <= NAME_MOST and len(note) <= TEXT_MOST
    try:
        NoteAdded(who=who, note=note)
    except ValueError as error:
        assert not fits
        refusal = error if isinstance(error, FieldError) else field_error(error)  # type: ignore[arg-type]
        assert refusal.field == ("who" if len(who) > NAME_MOST else "note")
    else:
        assert fits


def _finishes(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; a hang fails the test instead of stalling it."""
    try:
        return subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish in {timeout} s (a hang)")


def test_a_chart_survives_any_legend() -> None:
    """A legend far wider than the chart (5,000 characters, past any bound) is cut with an
    ellipsis, and the chart is drawn; before, pygal's wrapping loop never ended."""
    done = _finishes(
        """
        from assistant.chronicle.charts import _lines
        chart = _lines("pm", "PM", {"A" * 5000: [1, 2], "B " * 2500: [2, 1]}, "turn")
        print(chart.svg.count("…"), "A" * 5000 in chart.svg)
        """
    )
    shown, whole = done.stdout.split()
    assert int(shown) >= 2
    assert whole == "True"  # the hover title keeps the whole name


def test_a_report_with_the_longest_names_finishes(tmp_path: Path) -> None:
    """Every nation, place, note and ``--who`` at its bound, in every format."""
    path = tmp_path / "long.castra"
    a, b, place = "A" * NAME_MOST, ("W " * NAME_MOST)[:NAME_MOST].strip(), "P" * NAME_MOST

    def castra(*argv: str) -> None:
        subprocess.run([*CASTRA, *argv, "--file", str(path)], check=True, timeout=120,
                       capture_output=True)  # fmt: skip

    who, note = "R" * NAME_MOST, "x " * (TEXT_MOST // 2)
    castra("campaign", "new", "custom", "--nation", a, "--nation", b, "--land", f"{a}:5",
           "--land", f"{b}:4", "--who", who, "--note", note)  # fmt: skip
    castra("campaign", "record", "--place", place, "--system", "dba", "--winner", "a",
           "--side-a", f"{a}:3", "--side-b", f"{b}:2", "--elements", f"{a}:12", "--elements",
           f"{b}:12", "--lost", f"{a}:2", "--lost", f"{b}:4", "--who", "R" * NAME_MOST)  # fmt: skip
    castra("campaign", "treasury", "--nation", b, "--pe", "7", "--note", "n" * TEXT_MOST)
    castra("campaign", "advance")
    for form in ("md", "html", "pdf"):
        out = tmp_path / f"report.{form}"
        try:
            subprocess.run(
                [*CASTRA, "report", "--file", str(path), "--format", form, "--out", str(out)],
                check=True, timeout=120, capture_output=True,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            pytest.fail(f"the {form} report did not finish in 120 s (a hang)")
        assert out.stat().st_size > 0
