"""``castra annibui`` and ``castra bellum`` as a referee uses them: JSON answers to the seed's
examples, and every bad input refused in one line naming the option, exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "--json prints exactly one JSON object"
    return json.loads(out)


def test_units_lists_the_whole_roster_and_buildings(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "annibui", "units")
    assert len(data["units"]) == 19
    swordsmen = data["units"][0]
    assert (swordsmen["name"], swordsmen["ab"], swordsmen["cost"]) == ("Spadaccini", None, 17)
    assert [b["name"] for b in data["buildings"]] == ["Mura", "Torre", "Castello", "Ballista Extra"]


def test_units_text_shows_the_seed_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["annibui", "units"]) == 0
    out = capsys.readouterr().out
    assert "Spadaccini" in out and " - " in out


CLI_CASES = [
    # id, argv, a JSON path, expected
    (
        "A1-seed-order-5-swordsmen-ACF+1-RES+2",
        ["annibui", "cost", "--unit", "5:spadaccini:ACF+1,RES+2"],
        ("total_cost",),
        100,
    ),
    (
        "A1-tower-RES+5-ATT+1-is-20+5+5",
        ["annibui", "cost", "--building", "torre:RES+5,ATT+1"],
        ("total_cost",),
        30,
    ),
    (
        "A1-joining-without-the-army-increments-refused",
        ["annibui", "cost", "--unit", "2:spadaccini", "--army-increments", "ACF+1,RES+2"],
        ("accepted",),
        False,
    ),
    (
        "A1-over-the-treasury-refused",
        ["annibui", "cost", "--unit", "3:cav-elite", "--treasury", "100"],
        ("accepted",),
        False,
    ),
    (
        "A2-10-archers-vs-8-swordsmen-22-hits",
        ["annibui", "fire", "--shooters", "10:arcieri", "--targets", "8:spadaccini"],
        ("hits",),
        22,
    ),
    (
        "A2-archers-on-walls-4x3-minus-8",
        ["annibui", "fire", "--shooters", "3:arcieri", "--targets", "8:spadaccini", "--walls"],
        ("hits",),
        4,
    ),
    (
        "A2-cannon-on-galleys-engine-fire",
        ["annibui", "fire", "--shooters", "1:cannone", "--targets", "2:galee"],
        ("kind",),
        "engine",
    ),
    (
        "A3-heavy-cavalry-vs-swordsmen-5-killed",
        ["annibui", "melee", "--attackers", "5:cav-pes", "--defenders", "10:spadaccini"],
        ("killed",),
        5,
    ),
    (
        "A4-seed-8-lose-4-DIS-5-holds",
        ["annibui", "discipline", "--units", "8", "--lost", "4", "--dis", "5"],
        ("outcome",),
        "holds",
    ),
    (
        "A4-seed-8-lose-4-DIS-5-withdrawal-flees",
        [
            "annibui",
            "discipline",
            "--units",
            "8",
            "--lost",
            "4",
            "--dis",
            "5",
            "--withdrawal",
            "army",
        ],
        ("outcome",),
        "flees",
    ),
    (
        "A4-captain-adds-1",
        ["annibui", "discipline", "--units", "8", "--lost", "4", "--dis", "4", "--captain"],
        ("effective_discipline",),
        5,
    ),
    (
        "A5-3-cities-capital-12-killed-4-fled-390",
        ["annibui", "income", "--cities", "3", "--killed", "12", "--fled", "4"],
        ("total",),
        390,
    ),
    (
        "A5-seed-10-players-30x30",
        ["annibui", "map", "--players", "10"],
        ("world", "side"),
        30,
    ),
    (
        "B3-Scipii-start-centres",
        ["bellum", "powers", "--faction", "Scipii"],
        ("rome_setup", "start_centres"),
        ["Roma", "Messana", "Capua"],
    ),
]


@pytest.mark.parametrize(
    ("argv", "path", "expected"), [c[1:] for c in CLI_CASES], ids=[c[0] for c in CLI_CASES]
)
def test_cli_answers(capsys: pytest.CaptureFixture[str], argv, path, expected) -> None:
    data = run_json(capsys, *argv)
    for key in path:
        data = data[key]
    assert data == expected


def test_refused_order_says_why_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["annibui", "cost", "--unit", "2:spadaccini", "--army-increments", "ACF+1"]) == 0
    out = capsys.readouterr().out
    assert "Order REFUSED: 2 Spadaccini join an existing army" in out


BAD_INPUT = [
    ("A1-unknown-unit", ["annibui", "cost", "--unit", "5:elefanti"], "--unit: one of Spadaccini"),
    (
        "A1-unknown-ability",
        ["annibui", "cost", "--unit", "5:spadaccini:ATT+1"],
        "--unit: one of MOV M",
    ),
    (
        "A1-bad-increment-syntax",
        ["annibui", "cost", "--unit", "5:spadaccini:ACF1"],
        "--unit: increments are ABILITY+N",
    ),
    (
        "A1-no-AB-to-raise",
        ["annibui", "cost", "--unit", "spadaccini:AB+1"],
        "--unit: Spadaccini has no AB",
    ),
    (
        "A1-walls-have-no-ATT",
        ["annibui", "cost", "--building", "mura:ATT+1"],
        "--building: Mura cannot be given ATT",
    ),
    ("A1-nothing-to-price", ["annibui", "cost"], "--unit: give at least one"),
    (
        "A1-negative-treasury",
        ["annibui", "cost", "--unit", "spadaccini", "--treasury", "-3"],
        "--treasury",
    ),
    (
        "A2-shooters-on-ships",
        ["annibui", "fire", "--shooters", "3:arcieri", "--targets", "1:galee"],
        "--targets: Galee cannot be hit",
    ),
    (
        "A2-swordsmen-shooting",
        ["annibui", "fire", "--shooters", "3:spadaccini", "--targets", "1:arcieri"],
        "--shooters: Spadaccini",
    ),
    (
        "A2-zero-count",
        ["annibui", "fire", "--shooters", "0:arcieri", "--targets", "1:arcieri"],
        "--shooters: the count is at least 1",
    ),
    (
        "A3-gliders-in-melee",
        ["annibui", "melee", "--attackers", "3:spadaccini", "--defenders", "1:alianti"],
        "--defenders: Alianti fly",
    ),
    (
        "A4-lost-more-than-units",
        ["annibui", "discipline", "--units", "8", "--lost", "9", "--dis", "5"],
        "--lost: between 0 and",
    ),
    (
        "A4-captain-withdrew",
        [
            "annibui",
            "discipline",
            "--units",
            "8",
            "--lost",
            "1",
            "--dis",
            "5",
            "--captain",
            "--withdrawal",
            "captain",
        ],
        "--captain:",
    ),
    (
        "A4-units-zero",
        ["annibui", "discipline", "--units", "0", "--lost", "0", "--dis", "5"],
        "--units",
    ),
    ("A5-negative-cities", ["annibui", "income", "--cities", "-1"], "--cities"),
    (
        "B3-unknown-faction",
        ["bellum", "powers", "--faction", "Claudii"],
        "--faction: one of Bruti, Scipii, Julii",
    ),
]


@pytest.mark.parametrize(
    ("argv", "message"), [c[1:] for c in BAD_INPUT], ids=[c[0] for c in BAD_INPUT]
)
def test_bad_input_is_one_line_naming_the_option(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(argv))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert message in err


# -- bellum standings --------------------------------------------------------------------------


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "centres.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_B2_standings_from_a_file_with_italian_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Level on 12 at year 20; Roma held 12 × 5 = 60 over the last 5 years, Egitto 58.
    table = {"Roma": [5] * 15 + [12] * 5, "Egitto": [9] * 15 + [11, 11, 12, 12, 12]}
    data = run_json(capsys, "bellum", "standings", write(tmp_path, table))
    assert data["status"] == "ended"
    assert [(r["power"], r["rank"], r["decided_by"]) for r in data["rows"]] == [
        ("Rome", 1, "last 5 years"),
        ("Egypt", 2, "last 5 years"),
    ]


def test_B1_standings_report_the_winner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"centres": {"Carthage": [20, 30], "Rome": [10, 12]}})
    assert main(["bellum", "standings", path]) == 0
    assert "Carthage won in year 2 with 30 centres" in capsys.readouterr().out


BAD_FILES = [
    ("B1-unknown-power", {"Persia": [3]}, "FILE: unknown power 'Persia'"),
    ("B1-above-90", {"Rome": [91]}, "FILE: Rome year 1 = 91"),
    ("B1-total-above-90", {"Rome": [50], "Egypt": [41]}, "FILE: year 1 adds up to 91"),
    ("B1-21-years", {"Rome": [1] * 21}, "FILE: Rome has 21 years"),
    ("B1-same-power-twice", {"Rome": [1], "Roma": [1]}, "FILE: Rome appears twice"),
    ("not-an-object", [1, 2], "FILE:"),
]


@pytest.mark.parametrize(
    ("data", "message"), [c[1:] for c in BAD_FILES], ids=[c[0] for c in BAD_FILES]
)
def test_bad_centres_files_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, message: str
) -> None:
    assert main(["bellum", "standings", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_unreadable_and_non_json_files_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bellum", "standings", str(tmp_path / "missing.json")]) == 2
    assert "FILE: cannot read" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["bellum", "standings", str(broken)]) == 2
    assert "is not JSON" in capsys.readouterr().err


def test_B1_standings_with_a_proclaimed_sovereign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, {"Roma": [3, 6], "Egitto": [3, 4]})
    data = run_json(capsys, "bellum", "standings", path, "--sovereign", "Egitto")
    assert data["victory"] == {"year": 2, "by": "sovereign", "powers": ["Egypt"], "centres": 4}
    assert [r["power"] for r in data["rows"]] == ["Egypt", "Rome"]


@pytest.mark.parametrize(
    ("sovereign", "message"),
    [("Persia", "--sovereign: one of Greek Cities"), ("Gauls", "--sovereign: one of the powers")],
    ids=["B1-sovereign-unknown-power", "B1-sovereign-not-playing"],
)
def test_B1_bad_sovereign_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sovereign: str, message: str
) -> None:
    path = write(tmp_path, {"Rome": [3, 6], "Egypt": [3, 4]})
    assert main(["bellum", "standings", path, "--sovereign", sovereign]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_centres_file_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "centres.json"
    path.write_bytes(b"\xff\xfe{")
    assert main(["bellum", "standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "FILE:" in err
