"""``castra report`` on the command line: where the file goes, bad input in one line, and a
start-up that does not pay for the chronicle's libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.ledger.store import CampaignStore


def test_the_report_goes_beside_the_campaign_by_default(
    story: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "--file", str(story.path), "--turn", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = story.path.with_name("story-turn-3.html")
    assert data["report"] == str(expected) and expected.exists()
    assert data["battles"] == 1


def test_a_markdown_report_lists_its_charts(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "post" / "year1.md"
    assert (
        main(
            [
                "report",
                "--file",
                str(story.path),
                "--year",
                "1",
                "--format",
                "md",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    said = capsys.readouterr().out
    assert f"written to {out}" in said and "year1-pm.svg" in said
    assert (out.parent / "year1-casualties.svg").exists()


@pytest.mark.parametrize(
    ("arguments", "start"),
    [
        (["--turn", "99"], "castra: error: --turn: a turn from 1 to 14"),
        (["--year", "9"], "castra: error: --year: a campaign year from 1 to 5"),
        (["--turn", "1", "--all"], "castra report: error: argument --all"),
        (["--format", "docx"], "castra report: error: argument --format"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    story: CampaignStore,
    arguments: list[str],
    start: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    try:
        code = main(["report", "--file", str(story.path), *arguments])
    except SystemExit as stop:  # argparse's own refusals
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(start) and err.count("\n") == 1


def test_a_folder_as_out_is_refused(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "--file", str(story.path), "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("castra: error: --out:")


@pytest.mark.parametrize(
    "start",
    [
        "from assistant.cli import build_parser; build_parser()",
        "from assistant.tui.app import make_app; make_app()",
    ],
)
def test_start_up_imports_no_chronicle_library(start: str) -> None:
    code = (
        f"import sys; {start}; "
        "print(sorted(m for m in ('jinja2', 'pygal', 'typst', 'assistant.chronicle.render') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
