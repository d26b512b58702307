"""``campaign show`` and ``campaign victory`` fit an 80-column terminal in both languages
(issue 25, review L2): every line of their text, for every kind of campaign and a campaign
well under way (decimated PM, recruits in training, VP, a treasury in thousands, a club's
nation with a 60-character name), and nothing is cut on the way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.cli.commands.campaign import SHOW_WIDTH, _fitted
from assistant.ledger.events import RecruitmentOrdered, TreasuryAdjusted, TurnAdvanced
from assistant.ledger.record import winter_event
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from converters.i18n import _, set_language

QUIET = 8
"""The winter's d10 that brings no event (T5.6)."""

LONG_NATION = "Sanniti Pentri, Caudini, Irpini e Carricini della Lega Sannitica"[:60]
"""A club's own nation as long as a name may be (60 characters, converters.bounds)."""


def _cli(tmp: Path, name: str, *argv: str) -> Path:
    path = tmp / f"{name}.castra"
    assert main(["campaign", "new", *argv, "--file", str(path)]) == 0
    return path


def _fresh_tarentine(tmp: Path) -> Path:
    return _cli(tmp, "tarentine", "tarentine")


def _tarentine_in_its_first_winter(tmp: Path) -> Path:
    """T5.8 VP counted, a treasury in thousands, recruits on order (T6.1) and decimated PM."""
    path = tmp / "winter.castra"
    with CampaignStore.create(path, load_scenario("tarentine")) as store:
        store.append(TreasuryAdjusted(nation="Rome", pe=9000, note="Latin gold"))
        while not store.state().is_winter:
            store.append(TurnAdvanced(tribute={n: 40 for n in store.state().scenario.nations}))
        store.append(winter_event(store.state(), ScriptedDice([QUIET])))
        store.append(TurnAdvanced(tribute={n: 40 for n in store.state().scenario.nations}))
        for _ in range(3):
            store.append(RecruitmentOrdered(nation="Rome", land_pm=2, naval_pm=1, province="Roma"))
    return path


def _custom_with_a_battle(tmp: Path) -> Path:
    path = _cli(tmp, "custom", "custom", "--nation", "Rome", "--nation", LONG_NATION, "--land",
                "Rome:9", "--land", f"{LONG_NATION}:8", "--treasury", "Rome:900")  # fmt: skip
    for lost in ("2", "3"):
        assert main(["campaign", "record", "--file", str(path), "--place", "Bovianum",
                     "--winner", "a", "--side-a", "Rome:3", "--side-b", f"{LONG_NATION}:4",
                     "--pm-lost", f"{LONG_NATION}:{lost}", "--pm-lost", "Rome:1"]) == 0  # fmt: skip
        assert main(["campaign", "advance", "--file", str(path)]) == 0
    return path


def _macedon(tmp: Path) -> Path:
    return _cli(tmp, "macedon", "macedon")


def _bellum_a_year_in(tmp: Path) -> Path:
    path = _cli(tmp, "bellum", "bellum", "--faction", "scipii")
    assert main(["campaign", "centres", "--file", str(path), "--year", "1", "--centres",
                 "Rome=4", "Carthage=5", "Greek Cities=3", "Gauls=2", "Germans=2",
                 "Seleucids=4", "Egypt=4", "Iberians=2", "Britons=1", "Numidians=2",
                 "Macedonians=3", "Scythians=1", "Parthians=2"]) == 0  # fmt: skip
    return path


CAMPAIGNS: dict[str, Callable[[Path], Path]] = {
    "tarentine": _fresh_tarentine,
    "tarentine-winter": _tarentine_in_its_first_winter,
    "custom-battle": _custom_with_a_battle,
    "macedon": _macedon,
    "bellum": _bellum_a_year_in,
}


def _text(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def _too_wide(lines: list[str]) -> list[str]:
    return [f"{cell_len(line)}: {line}" for line in lines if cell_len(line) > SHOW_WIDTH]


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("campaign", sorted(CAMPAIGNS))
def test_every_line_of_campaign_show_fits_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: str, language: str
) -> None:
    path = CAMPAIGNS[campaign](tmp_path)
    lines = _text(capsys, "--lang", language, "campaign", "show", "--file", str(path))
    assert len(lines) > 2
    assert not _too_wide(lines), "\n".join(_too_wide(lines))


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("campaign", ["tarentine", "tarentine-winter"])
def test_every_line_of_campaign_victory_fits_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: str, language: str
) -> None:
    """T5.8: the conditions and what each nation lacks (Rome's sixteen provinces)."""
    path = CAMPAIGNS[campaign](tmp_path)
    lines = _text(capsys, "--lang", language, "campaign", "victory", "--file", str(path))
    assert not _too_wide(lines), "\n".join(_too_wide(lines))
    assert any("Paestum" in line for line in lines), "the last province Rome lacks is kept"


def test_the_nations_table_keeps_every_figure_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """T5.5, T2.5, T6.1, T5.8: each nation's figures in its row, under one heading; the
    JSON gives the figures the rows must show."""
    import json

    path = _tarentine_in_its_first_winter(tmp_path)
    nations = json.loads("\n".join(_text(capsys, "campaign", "show", "--json",
                                         "--file", str(path))))["nations"]  # fmt: skip
    for language, rome, heading in (
        ("en", "Rome", ["Nation", "Land PM", "Naval PM", "Decimated", "PE", "PP", "VP"]),
        ("it", "Roma", ["Nazione", "PM terrestri", "PM navali", "Decimati", "PE", "PP", "PV"]),
    ):
        lines = _text(capsys, "--lang", language, "campaign", "show", "--file", str(path))
        header = next(line for line in lines if line.strip().startswith(heading[0]))
        assert [word for word in heading if word in header] == heading, header
        row = next(line for line in lines if line.split()[:1] == [rome]).split()
        figures = nations["Rome"]
        expected = [figures[key] for key in ("land_pm", "naval_pm", "decimated", "treasury",
                                             "prestige", "victory_points")]  # fmt: skip
        assert row[1:] == [str(figure) for figure in expected], row
        # Every order in training is said, though the line is wrapped (T6.1).
        set_language(language)
        said = " ".join(" ".join(lines).split())
        for order in figures["training"]:
            one = _("{land} land + {naval} naval arriving turn {arrives}").format(
                land=order["land_pm"], naval=order["naval_pm"], arrives=order["arrives"]
            )
            assert said.count(one) == len(figures["training"]), one


def test_a_long_nation_name_has_a_line_of_its_own_and_its_figures_under_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _custom_with_a_battle(tmp_path)
    lines = _text(capsys, "campaign", "show", "--file", str(path))
    at = lines.index(f"  {LONG_NATION}")
    assert lines[at + 1].split()[0] == "3"  # 8 land PM less 2 and 3 lost, T2.5


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]),
                        max_size=300), max_size=6))  # fmt: skip
def test_fitting_keeps_every_word_in_order_and_no_line_is_too_wide(lines: list[str]) -> None:
    """Invariant over hostile text: no character but spaces is lost, added or moved."""
    lines = [line.replace("\u3000", " ") for line in lines]
    fitted = _fitted(lines)
    assert all(len(line) <= SHOW_WIDTH for line in fitted)
    assert "".join("".join(lines).split()) == "".join("".join(fitted).split())
