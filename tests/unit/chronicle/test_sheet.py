"""The battle sheet: budgets and lists (T1), the result → PM-lost table (T2.1–T2.3), the dice
odds (T3.8) and the command that prints it."""

from __future__ import annotations

import io
import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from armylists import contingent
from assistant.chronicle.render import render_sheet
from assistant.chronicle.sheet import battle_sheet, loss_bands
from assistant.cli import main
from converters.budgets import battle_budget
from converters.losses import dba_losses, dbm_losses, dbmm_losses, fog_losses
from converters.odds import battle_odds


@given(
    system=st.sampled_from(["fog", "dbm", "dbmm", "dba"]),
    pm=st.integers(min_value=1, max_value=12),
    elements=st.integers(min_value=1, max_value=72),
)
def test_t2_loss_bands_cover_every_result_once_and_agree_with_the_converters(
    system: str, pm: int, elements: int
) -> None:
    bands = loss_bands(system, pm, elements)
    last = elements if system == "dba" else 100
    assert bands[0].low == 0 and bands[-1].high == last
    for before, after in itertools.pairwise(bands):
        assert after.low == before.high + 1, "contiguous, no result left out"
        assert after.pm_lost > before.pm_lost, "more lost never costs fewer PM"
    assert bands[0].pm_lost == 0 and bands[-1].pm_lost == pm
    for band in bands:
        for count in (band.low, band.high):
            if system == "fog":
                expected = fog_losses(pm, 100, "won", attrition=count).pm_lost
            elif system == "dbm":
                expected = dbm_losses(pm, 100, count, "won").pm_lost
            elif system == "dbmm":  # T2.2b: bases counted over bases fielded
                expected = dbmm_losses(pm, 100, count, 0, "won").pm_lost
            else:
                expected = dba_losses(pm, elements, count, "won").pm_lost
            assert band.pm_lost == expected


@pytest.mark.parametrize(
    ("system", "pm", "elements", "count", "lost"),
    [
        # T2.1: 4 PM × 12 % = 0.48 → 0; × 13 % = 0.52 → 1; half the BGs → 2.
        ("fog", 4, 0, 12, 0),
        ("fog", 4, 0, 13, 1),
        ("fog", 4, 0, 50, 2),
        # T2.3: 2 PM, 12 elements: 3 lost → 0.5 → 1 (half up); 9 lost → 1.5 → 2.
        ("dba", 2, 12, 2, 0),
        ("dba", 2, 12, 3, 1),
        ("dba", 2, 12, 9, 2),
    ],
)
def test_t2_a_result_read_off_the_sheet(
    system: str, pm: int, elements: int, count: int, lost: int
) -> None:
    band = next(b for b in loss_bands(system, pm, elements) if b.low <= count <= b.high)
    assert band.pm_lost == lost


def _heraclea_budget(system: str = "fog", cap: int | None = None):  # type: ignore[no-untyped-def]
    return battle_budget(
        system,
        [contingent("Rome", 4, system)],  # type: ignore[arg-type]
        [contingent("Pyrrhus", 2, system), contingent("Samnites", 1, system)],  # type: ignore[arg-type]
        cap=cap,
    )


def test_t1_the_sheet_carries_each_contingent_budget_and_list() -> None:
    budget = _heraclea_budget(cap=1500)
    sheet = battle_sheet(budget, ruleset="Field of Glory", per_pm=400, place="Heraclea")
    a, b = sheet.sides
    assert [(c.nation, c.budget, c.army_list) for c in b.contingents] == [
        (c.nation, c.budget, c.army_list) for c in budget.b.contingents
    ]
    assert a.contingents[0].full_budget == 4 * 400, "T1.1 before the cap"
    assert sheet.cap == 1500 and sheet.scale == str(Fraction(budget.scale))


def test_t3_8_the_sheet_odds_are_the_odds_of_the_same_battle_by_dice() -> None:
    sheet = battle_sheet(_heraclea_budget(), ruleset="Field of Glory", per_pm=400)
    odds = battle_odds(4, 3)
    assert sheet.odds is not None
    assert sheet.odds.a_wins == f"{odds.a_wins * 100:.1f} %"
    assert sheet.odds.b_wins == f"{odds.b_wins * 100:.1f} %"


def test_the_sheet_is_one_pdf_page_with_both_sides_and_the_result_boxes() -> None:
    sheet = battle_sheet(_heraclea_budget("dba"), ruleset="DBA 3.0", per_pm=6, place="Heraclea")
    content = render_sheet(sheet, "pdf").content
    assert isinstance(content, bytes)
    pages = PdfReader(io.BytesIO(content)).pages
    assert len(pages) == 1
    text = pages[0].extract_text()
    for words in (
        "Battle sheet: Heraclea",
        "Rome",
        "Samnites",
        "II/27b",
        "Winner",
        "elements lost",
    ):
        assert words in text


def test_castra_sheet_writes_each_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in ("md", "html", "pdf"):
        out = tmp_path / f"sheet.{fmt}"
        code = main(
            [
                "sheet",
                "fog",
                "4",
                "2",
                "--nation-a",
                "Rome",
                "--nation-b",
                "Pyrrhus",
                "--place",
                "Heraclea",
                "--format",
                fmt,
                "--out",
                str(out),
            ]
        )
        assert code == 0 and out.exists()
    markdown = (tmp_path / "sheet.md").read_text(encoding="utf-8")
    assert "Mid-Republican Roman" in markdown and "Pyrrhic" in markdown
    assert "Battle sheet written to" in capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["md", "html", "pdf"])
def test_t2_2b_a_dbmm_sheet_is_written_with_its_bases_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """``castra sheet dbmm 5 3`` ended in ``castra: error: 'dbmm'`` (issue 28, the fuzz)."""
    out = tmp_path / f"sheet.{fmt}"
    assert main(["sheet", "dbmm", "5", "3", "--format", fmt, "--out", str(out)]) == 0
    assert out.stat().st_size > 0
    sheet = battle_sheet(_heraclea_budget("dbmm"), ruleset="DBMM", per_pm=200)
    assert sheet.counted == "bases counted ÷ bases fielded, in %"
    rome = sheet.sides[0].contingents[0]
    assert rome.budget == 4 * 200, "T1.2: 200 AP per PM, as DBM"
    assert rome.losses == loss_bands("dbmm", 4, rome.budget)
    assert [band.pm_lost for band in rome.losses] == [0, 1, 2, 3, 4]


def test_castra_sheet_refuses_bad_figures_naming_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sheet", "fog", "4", "2", "--cap", "0", "--out", str(tmp_path / "s.md")]) == 2
    assert capsys.readouterr().err.strip().startswith("castra: error: --cap:")
    assert main(["sheet", "fog", "4", "2", "--out", str(tmp_path)]) == 2
    assert "--out:" in capsys.readouterr().err


def test_t1_8_the_sheet_in_italian_gives_its_advice_and_odds_in_italian() -> None:
    """Review §4.1 item 8 and P5: the table-or-dice advice (T1.8) and the dice odds (T3.8) read
    in Italian, decimals with a comma, while the sheet's data (``--json``) keeps them as the
    rules word them."""
    from converters.i18n import set_language

    sheet = battle_sheet(_heraclea_budget(), ruleset="Field of Glory", per_pm=400)
    assert sheet.reasons, "the advice gives its reasons"
    set_language("it")
    try:
        text = render_sheet(sheet, "md").content
    finally:
        set_language("en")
    assert isinstance(text, str)
    english = render_sheet(sheet, "md").content
    assert isinstance(english, str)
    for reason in sheet.reasons:
        assert reason in english and reason not in text
    assert sheet.odds is not None
    assert sheet.odds.a_left.replace(".", ",") in text
    for percent in (sheet.odds.a_wins, sheet.odds.b_wins, sheet.odds.neither):
        # P4: Italian writes 78,1% (no space); English keeps "78.1 %"
        assert percent.replace(".", ",").replace(" %", "%") in text
        assert percent.replace(".", ",") not in text
    assert "." in sheet.odds.a_left, "the data keeps its English digits"
