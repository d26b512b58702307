"""The Macedon vs Persia map on the command line: `campaign map|move|action|mobilise|loyalty|
pairing` with --json, refusals one line naming the rule (or the --flag), nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_cli_map import events
from tests.unit.test_ledger_cli import run, run_json


@pytest.fixture
def file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "m.castra")
    run_json(capsys, "campaign", "new", "macedon", "--file", path)
    return path


def test_d9_map_json_shows_provinces_and_armies(
    file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = run_json(capsys, "campaign", "map", "--file", file)
    assert data["provinces"]["Lydia"]["port"] is True
    assert data["provinces"]["Macedonia"]["status"] == "loyal"
    assert data["armies"]["Alexander"] == {
        "side": "Macedon",
        "province": "Macedonia",
        "morale": 6,
        "action": None,
        "action_ends": None,
        "landing_at": None,
        "lands_on": None,
        "raised": None,
        "supplied": True,
        "supply_line": ["Macedonia"],  # D13: it stands in a loyal province
        "deadline": None,
    }
    assert data["armies"]["Macedon 4"]["supply_line"] == ["Thrace", "Macedonia"]
    code, out, _ = run(capsys, "campaign", "map", "--file", file)
    assert code == 0 and "Alexander" in out and "morale 6" in out


def test_d10_moves_on_the_command_line(file: str, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(
        capsys, "campaign", "move", "Macedon 4", "--how", "landing", "--to", "Caria", "--file", file
    )
    army = run_json(capsys, "campaign", "map", "--file", file)["armies"]["Macedon 4"]
    assert army["province"] is None and army["lands_on"] == 1 + 3 + 3
    run_json(
        capsys,
        "campaign",
        "move",
        "Macedon 6",
        "--how",
        "forced-march",
        "--via",
        "Macedonia",
        "--to",
        "Thrace",
        "--file",
        file,
    )
    army = run_json(capsys, "campaign", "map", "--file", file)["armies"]["Macedon 6"]
    assert army["province"] == "Thrace" and army["morale"] == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["move", "Alexander", "--to", "Lydia"], "D10"),
        (
            [
                "move",
                "Macedon 8",
                "--how",
                "forced-march",
                "--via",
                "Thessaly",
                "--to",
                "Macedonia",
            ],
            "D7",  # D5 bars morale 2 or less, not Hellas' loyalty 2: Macedonia is full
        ),
        (["move", "Macedon 6", "--to", "Macedonia"], "D7"),
        (["move", "Alexander", "--to", "Atlantis"], "--to"),
        (["action", "Alexander", "break-off"], "D11"),
        (["mobilise", "Thrace", "--side", "Persia", "--army", "Levy"], "D11"),
        (["loyalty", "Thrace", "--side", "Macedon", "--by", "1"], "--note"),
        (["loyalty", "Thrace", "--side", "Macedon", "--by", "9", "--note", "x"], "--by"),
    ],
)
def test_refusals_one_line_nothing_written(
    file: str, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    before = events(capsys, file)
    code, _, err = run(capsys, "campaign", *argv, "--file", file)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert events(capsys, file) == before


def test_d11_d14_actions_and_loyalty(file: str, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "campaign", "action", "Macedon 4", "works", "--file", file)
    run_json(
        capsys,
        "campaign",
        "mobilise",
        "Hellas",
        "--side",
        "Macedon",
        "--army",
        "Levy",
        "--file",
        file,
    )
    run_json(
        capsys,
        "campaign",
        "loyalty",
        "Caria",
        "--side",
        "Persia",
        "--by",
        "-1",
        "--note",
        "Ada's partisans",
        "--file",
        file,
    )
    data = run_json(capsys, "campaign", "map", "--file", file)
    assert data["armies"]["Macedon 4"]["action"] == "works"
    assert data["armies"]["Macedon 4"]["action_ends"] == 4
    assert data["provinces"]["Hellas"]["status"] == "devastated"
    assert data["provinces"]["Caria"]["loyalty"]["Persia"] == 3
    assert data["mobilised_this_year"] == {"Macedon": 1, "Persia": 0}


def test_d8_pairing(file: str, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(
        capsys,
        "campaign",
        "move",
        "Macedon 4",
        "--how",
        "invasion",
        "--to",
        "Hellespontine Phrygia",
        "--file",
        file,
    )
    data = run_json(capsys, "campaign", "pairing", "Hellespontine Phrygia", "--file", file)
    assert data["pairs"] == [["Macedon 4", "Persia 2"]] and data["queue"] == ["Persia 3"]
    code, _, err = run(
        capsys, "campaign", "pairing", "Hellespontine Phrygia", "--pick", "x", "--file", file
    )
    assert code == 2 and "--pick" in err


def test_d2_record_moves_the_armies_and_the_retreat_can_be_chosen(
    file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "campaign", "move", "Persia 3", "--to", "Paphlagonia", "--file", file)
    run_json(capsys, "campaign", "advance", "--file", file)
    run_json(
        capsys, "campaign", "move", "Macedon 4", "--how", "invasion", "--to",
        "Hellespontine Phrygia", "--file", file,
    )  # fmt: skip
    battle = ["campaign", "record", "--place", "Hellespontine Phrygia", "--system", "dba"]
    armies = ["--army-a", "Macedon 4", "--army-b", "Persia 2", "--winner", "a"]
    losses = ["--lost-a", "1", "--lost-b", "2", "--file", file]
    before = events(capsys, file)
    code, _out, err = run(capsys, *battle, *armies, *losses, "--retreat-to", "Thrace")
    assert code == 2 and "D2: Thrace cannot take Persia 2" in err, err
    assert len(err.strip().splitlines()) == 1
    assert events(capsys, file) == before, "nothing written"
    # Paphlagonia (Persia's loyalty 3) already feeds Persia 3: chosen, it is overfilled (D12).
    run_json(capsys, *battle, *armies, *losses, "--retreat-to", "Paphlagonia")
    data = run_json(capsys, "campaign", "map", "--file", file)
    assert data["armies"]["Persia 2"]["province"] == "Paphlagonia"
    assert data["provinces"]["Paphlagonia"]["status"] == "devastated"
    assert data["provinces"]["Hellespontine Phrygia"]["controller"] == "Macedon"
