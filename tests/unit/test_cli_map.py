"""``castra campaign map|tribute|move|sail|land|rename|split|merge``: the map on the command
line, its JSON, and refusals (exit 2, one line naming the option, nothing written)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_ledger_cli import run, run_json


@pytest.fixture
def path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    file = str(tmp_path / "map.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", file)
    return file


def events(capsys: pytest.CaptureFixture[str], path: str) -> int:
    return len(run_json(capsys, "campaign", "history", "--file", path)["events"])


def test_map_json_has_the_shape_of_the_issue(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "campaign", "map", "--file", path)
    roma = data["provinces"]["Roma"]
    assert {k: roma[k] for k in ("homeland", "controller", "value", "city", "maritime")} == {
        "homeland": "Rome",
        "controller": "Rome",
        "value": 15,
        "city": True,
        "maritime": True,
    }
    assert roma["neighbours"]["road"] == ["Tarquinii", "Falerii", "Capua"]
    assert roma["neighbours"]["mountain"] == ["Interamna", "Corfinium"]
    assert roma["forces"] == {"Rome": {"land": 4, "naval": 2}}
    assert roma["besieged"] is False
    assert data["provinces"]["Tarentum"]["forces"] == {
        "Senones": {"land": 1, "naval": 0},
        "Magna Graecia": {"land": 3, "naval": 2},
    }
    assert "Messana" in data["provinces"]["Rhegium"]["neighbours"]["sea"]
    assert len(data["provinces"]) == 44


def test_map_text_shows_forces_with_their_marks(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "campaign", "map", "--file", path)
    assert code == 0
    (roma,) = [line for line in out.splitlines() if line.strip().startswith("Roma ")]
    assert "Rome 4⚔ 2⚓" in roma and "city" in roma


def test_move_sail_and_land_from_the_command_line(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    moved = run_json(capsys, "campaign", "move", "Rome II", "--to", "Canova", "--file", path)
    assert moved["summary"] == "Rome II (1 PM) marched from Arpi to Canova"
    split = run_json(capsys, "campaign", "split", "Magna Graecia I", "--pm", "1", "--file", path)
    assert split["summary"] == "1 PM of Magna Graecia I became Magna Graecia IV at Tarentum"
    sailed = run_json(
        capsys, "campaign", "sail", "Magna Graecia fleet I", "--to", "Croton",
        "--carry", "Magna Graecia I", "--file", path,
    )  # fmt: skip
    assert "Tarentum → Heraclea → Croton carrying Magna Graecia I 2 PM" in sailed["summary"]
    run_json(capsys, "campaign", "advance", "--file", path)
    run_json(capsys, "campaign", "land", "Magna Graecia I", "--file", path)
    data = run_json(capsys, "campaign", "map", "--file", path)
    assert data["provinces"]["Croton"]["forces"]["Magna Graecia"] == {"land": 3, "naval": 2}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        pytest.param(("move", "Rome I", "--to", "Neapolis"), ("--to:", "T7.3"), id="T7.3-road"),
        pytest.param(("move", "Rome I", "--to", "Nowhere"), ("--to:", "Nowhere"), id="unknown"),
        pytest.param(("move", "Nobody", "--to", "Capua"), ("army:", "Nobody"), id="no-army"),
        pytest.param(
            ("sail", "Rome fleet I", "--to", "Arpi"), ("--to:", "at most 8", "T3.7"),
            id="T3.7-eight-stretches",
        ),
        pytest.param(
            ("sail", "Rome fleet I", "--to", "Capua", "--via", "Falerii"),
            ("--via:", "not maritime"), id="T7.3-maritime",
        ),
        pytest.param(
            ("sail", "Rome fleet I", "--to", "Capua", "--carry", "Rome I"),
            ("--carry:", "need 4 naval PM"), id="T7.3-capacity",
        ),
        pytest.param(
            ("sail", "Carthage fleet I", "--to", "Utica", "--carry", "Carthage I", "--land"),
            ("--land:", "only Pyrrhus"), id="T7.3-africa",
        ),
        pytest.param(("land", "Rome I"), ("army:", "not aboard"), id="T7.3-not-aboard"),
        pytest.param(("split", "Rome II", "--pm", "1"), ("--pm:",), id="T7.2-split"),
        pytest.param(("merge", "Rome II", "--into", "Rome I"), ("--into:",), id="T7.2-merge"),
        pytest.param(("rename", "Rome I", "--name", "Rome II"), ("--name:",), id="T7.2-rename"),
        pytest.param(("split", "Rome I", "--pm", "0"), ("--pm",), id="argparse-pm"),
    ],
)  # fmt: skip
def test_refused_orders_exit_2_with_one_line_and_nothing_written(
    path: str, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: tuple[str, ...]
) -> None:
    before = events(capsys, path)
    code, out, err = run(capsys, "campaign", *argv, "--file", path)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    for word in words:
        assert word in err
    assert events(capsys, path) == before


def test_no_tribute_on_the_macedon_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = str(tmp_path / "m.castra")
    run_json(capsys, "campaign", "new", "macedon", "--file", file)
    code, _, err = run(capsys, "campaign", "tribute", "--file", file)
    assert code == 2 and "D10" in err


@pytest.mark.parametrize(
    "command", ["map", "tribute", "move", "sail", "land", "rename", "split", "merge"]
)
def test_every_map_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "campaign", command, "--help")
    assert code == 0 and "--json" in out


def test_siege_sack_treaty_and_fall_back_from_the_command_line(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "campaign", "move", "Rome II", "--to", "Canova", "--file", path)
    sacked = run_json(capsys, "campaign", "sack", "Canova", "--nation", "Rome", "--file", path)
    assert sacked["event"]["pe"] == 6
    code, _, err = run(capsys, "campaign", "sack", "Roma", "--nation", "Carthage", "--file", path)
    assert code == 2 and err.startswith("castra: error: --nation: no army of Carthage")
    made = run_json(
        capsys, "campaign", "treaty", "--party", "Rome", "--party", "Carthage",
        "--terms", "against Pyrrhus", "--file", path,
    )  # fmt: skip
    assert made["summary"].startswith("treaty 1 (alliance)")
    broken = run_json(capsys, "campaign", "break", "1", "--nation", "Carthage", "--file", path)
    assert broken["state"]["nations"]["Carthage"]["prestige"] == -5
    options = run_json(capsys, "campaign", "fall-back", "Rome II", "--file", path)
    assert [o["province"] for o in options["options"]] == ["Arpi"], "it came from Arpi (T4.3)"
    code, _, err = run(capsys, "campaign", "fall-back", "Rome II", "--to", "Maleventum",
                       "--file", path)  # fmt: skip
    assert code == 2 and "--to: Rome II may retreat to Arpi (T4.3)" in err
    code, _, err = run(capsys, "campaign", "siege", "Canova", "--file", path)
    assert code == 2 and "no city" in err


def test_tribute_after_advance_is_paid_and_siege_costs_are_taken(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "campaign", "move", "Magna Graecia II", "--to", "Rhegium", "--file", path)
    run_json(capsys, "campaign", "siege", "Rhegium", "--file", path)
    tribute = run_json(capsys, "campaign", "tribute", "--file", path)
    assert "Rhegium" not in tribute["nations"]["Rome"]["provinces"]
    assert tribute["provinces"]["Rhegium"]["reason"].startswith("besieged")
    after = run_json(capsys, "campaign", "advance", "--file", path)
    # Rome: 25 less Rhegium's 1 (besieged) = 24 collected, 1 PE for Rome IV shut in (T5.4).
    assert after["event"]["tribute"]["Rome"] == 24
    assert after["event"]["siege_costs"] == {"Rome": 1, "Magna Graecia": 1}
    assert after["state"]["nations"]["Rome"]["treasury"] == 16 + 24 - 1
