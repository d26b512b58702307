"""``castra campaign``: a referee's session on the command line, and its refusals (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "tarentine.castra")
    assert run(capsys, "campaign", "new", "tarentine", "--file", path, "--who", "referee")[0] == 0
    return path


def test_show_json_has_turn_date_and_the_nations_of_the_data(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = run_json(capsys, "campaign", "show", "--file", campaign)
    assert shown["turn"] == 1
    assert shown["date"] == "Turn 1, April 278 BC (1st fortnight)"
    rome = shown["nations"]["Rome"]
    assert {k: rome[k] for k in ("land_pm", "naval_pm", "decimated", "treasury", "prestige")} == {
        "land_pm": 7,
        "naval_pm": 2,
        "decimated": 0,
        "treasury": 16,
        "prestige": 0,
    }
    assert set(shown["nations"]) >= {"Rome", "Carthage", "Senones", "Etruscans", "Magna Graecia"}


def test_heraclea_recorded_from_fog_figures_then_rebuilt_and_undone(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # T2.1: Rome (loser) 12 BGs, 3 broken, 2 fragmented, camp → 9 AP → 4 × 9/12 = 3 PM.
    recorded = run_json(
        capsys,
        "campaign", "record", "--file", campaign, "--place", "Heraclea", "--system", "fog",
        "--side-a", "Rome:4", "--side-b", "Pyrrhus:2", "--winner", "b",
        "--battle-groups", "Rome:12", "--broken", "Rome:3", "--fragmented", "Rome:2",
        "--battle-groups", "Pyrrhus:8", "--broken", "Pyrrhus:2", "--fragmented", "Pyrrhus:1",
    )  # fmt: skip
    nations = recorded["state"]["nations"]
    assert (nations["Rome"]["land_pm"], nations["Rome"]["decimated"]) == (4, 3)
    assert (nations["Rome"]["prestige"], nations["Pyrrhus"]["prestige"]) == (-3, 3)
    assert run(capsys, "campaign", "treasury", "--file", campaign, "--nation", "Rome",
               "--pe", "24", "--note", "tribute of Latium")[0] == 0  # fmt: skip
    rebuilt = run_json(capsys, "campaign", "rebuild", "--file", campaign, "--nation", "Rome")
    assert rebuilt["state"]["nations"]["Rome"]["treasury"] == 40 - 20
    assert rebuilt["state"]["nations"]["Rome"]["decimated"] == 2
    undone = run_json(capsys, "campaign", "undo", "--file", campaign, "--reason", "not yet paid")
    assert undone["state"]["nations"]["Rome"]["decimated"] == 3
    history = run_json(capsys, "campaign", "history", "--file", campaign)["events"]
    assert [e["kind"] for e in history][-2:] == ["pm_rebuilt", "undone"]
    assert history[-2]["undo_reason"] == "not yet paid"
    assert history[0]["who"] == "referee"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rebuild", "--nation", "Rome"], "pm: Rome has 0 decimated PM"),
        (["rebuild", "--nation", "Gaul"], "nation: one of Rome"),
        (["recruit", "--nation", "Rome", "--land", "1"], "cost 40 PE; Rome has 16 PE"),
        (["winter"], "not a winter turn"),
        (["treasury", "--nation", "Rome", "--pe", "5"], "note: say why"),
        (
            ["record", "--place", "Tarentum", "--side-a", "Rome:9", "--side-b", "Pyrrhus:2",
             "--winner", "a", "--pm-lost", "Pyrrhus:1"],
            "contingents.pm: Rome has 7 land PM",
        ),
        (
            ["record", "--place", "Tarentum", "--side-a", "Rome", "--side-b", "Pyrrhus:2",
             "--winner", "a"],
            "--side-a: give NATION:VALUE",
        ),
        (["undo", "--reason", "oops"], "nothing left to undo"),
    ],
    ids=["T2.5-nothing-to-rebuild", "unknown-nation", "T6.1-no-money", "T5.1-not-winter",
         "note-required", "more-PM-than-owned", "bad-side", "undo-empty"],
)  # fmt: skip
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    campaign: str, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    before = Path(campaign).read_bytes()
    code, out, err = run(capsys, "campaign", argv[0], "--file", campaign, *argv[1:])
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""
    assert Path(campaign).read_bytes() == before


def test_export_then_import_gives_the_same_campaign(
    campaign: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "campaign", "note", "--file", campaign, "Cineas speaks in the Senate")
    exported = tmp_path / "export.json"
    assert run(capsys, "campaign", "export", str(exported), "--file", campaign)[0] == 0
    copy = str(tmp_path / "copy.castra")
    assert run(capsys, "campaign", "import", str(exported), "--file", copy)[0] == 0
    again = tmp_path / "again.json"
    run(capsys, "campaign", "export", str(again), "--file", copy)
    assert json.loads(again.read_text()) == json.loads(exported.read_text())
    code, _, err = run(capsys, "campaign", "import", str(exported), "--file", copy)
    assert code == 2 and "already exists" in err


def test_default_file_lives_in_castra_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CASTRA_HOME", str(tmp_path / "home"))
    assert run(capsys, "campaign", "new", "custom", "--nation", "Athens", "--nation", "Sparta",
               "--treasury", "Athens:50")[0] == 0  # fmt: skip
    assert (tmp_path / "home" / "campaign.castra").exists()
    shown = run_json(capsys, "campaign", "show")
    assert list(shown["nations"]) == ["Athens", "Sparta"]
    assert shown["nations"]["Athens"]["treasury"] == 50


def test_a_turn_then_the_winter(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(12):
        assert run(capsys, "campaign", "advance", "--file", campaign, "--full-tribute")[0] == 0
    shown = run_json(capsys, "campaign", "show", "--file", campaign)
    assert shown["date"] == "Turn 13, winter 278/277 BC"
    # Rome's provinces yield 32 PE a turn at full value (T5.3): 16 + 12 × 32.
    assert shown["nations"]["Rome"]["treasury"] == 16 + 12 * 32
    winter = run_json(capsys, "campaign", "winter", "--file", campaign, "--dice", "9")
    assert winter["rolls"][0]["purpose"].startswith("T5.6 winter event")
    rome = winter["state"]["nations"]["Rome"]
    assert rome["treasury"] == 16 + 12 * 32 - 9 * 12, "T6.2: 7 land + 2 naval PM × 12 PE"
    # T5.8: 32 PE of provinces + 9 PM + 0 PP.
    assert rome["victory_points"] == 32 + 9


def test_macedon_battle_and_forced_march(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "m.castra")
    run(capsys, "campaign", "new", "macedon", "--file", path)
    recorded = run_json(
        capsys, "campaign", "record", "--file", path, "--place", "Granicus",
        "--army-a", "Alexander", "--army-b", "Persia 2", "--winner", "a",
        "--lost-a", "1", "--lost-b", "6", "--dice", "5",
    )  # fmt: skip
    armies = recorded["state"]["armies"]
    assert armies["Persia 2"]["alive"] is False, "D3: 5 > morale 3"
    assert armies["Alexander"]["morale"] == 6
    code, _, err = run(capsys, "campaign", "march", "--file", path, "--army", "Alexander",
                       "--loyalty", "2")  # fmt: skip
    assert code == 2 and "loyalty" in err
