"""``castra campaign``: a referee's session on the command line, and its refusals (exit 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals (one line, see common.py)
        code = int(stop.code or 0)
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


@pytest.fixture
def at_heraclea(tmp_path: Path) -> str:
    """T7.4: a Tarentine campaign with Rome's and Pyrrhus' land PM standing at Heraclea."""
    from assistant.ledger.store import CampaignStore
    from tests.battle_places import ONE_AT_A_TIME, tarentine_meeting_at

    path = tmp_path / "heraclea.castra"
    scenario = tarentine_meeting_at("Heraclea", "Rome", "Pyrrhus")
    CampaignStore.create(path, scenario, who="referee", rules=ONE_AT_A_TIME).close()
    return str(path)


def test_heraclea_recorded_from_fog_figures_then_rebuilt_and_undone(
    at_heraclea: str, capsys: pytest.CaptureFixture[str]
) -> None:
    campaign = at_heraclea
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
        assert run(capsys, "campaign", "advance", "--file", campaign)[0] == 0
    shown = run_json(capsys, "campaign", "show", "--file", campaign)
    assert shown["date"] == "Turn 13, winter 278/277 BC"
    # Rome's provinces are worth 32 PE (Roma 15, Capua 4, Neapolis 4, Interamna 3, Firnum
    # Picenum 2, Arpi 2, Rhegium 2), less 1 PE per land PM standing in them from the start
    # (4 + 1 + 1 + 1): 25 PE a turn computed from the map (T5.3); 16 + 12 × 25.
    assert shown["nations"]["Rome"]["treasury"] == 16 + 12 * 25
    winter = run_json(capsys, "campaign", "winter", "--file", campaign, "--dice", "9")
    assert winter["rolls"][0]["purpose"].startswith("T5.6 winter event")
    rome = winter["state"]["nations"]["Rome"]
    assert rome["treasury"] == 16 + 12 * 25 - 9 * 12, "T6.2: 7 land + 2 naval PM × 12 PE"
    # T5.8: 32 PE of provinces + 9 PM + 0 PP.
    assert rome["victory_points"] == 32 + 9


def test_macedon_battle_and_forced_march(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "m.castra")
    run(capsys, "campaign", "new", "macedon", "--rule", "orders=immediate", "--file", path)
    recorded = run_json(
        capsys, "campaign", "record", "--file", path, "--place", "Granicus",
        "--army-a", "Alexander", "--army-b", "Persia 2", "--winner", "a",
        "--lost-a", "1", "--lost-b", "6", "--dice", "5",
    )  # fmt: skip
    armies = recorded["state"]["armies"]
    assert armies["Persia 2"]["alive"] is False, "D3: 5 > morale 3"
    assert armies["Alexander"]["morale"] == 6
    # D5, house rule forced_march_bar: barred by the army's morale (Alexander's 6), not by the
    # province's loyalty; the seed's words, as the option, bar it at loyalty 2.
    march = ["campaign", "march", "--file", path, "--army", "Alexander", "--loyalty", "2"]
    assert run_json(capsys, *march)["state"]["armies"]["Alexander"]["morale"] == 4
    rule = ["campaign", "rule", "forced_march_bar", "province_loyalty", "--reason", "the seed"]
    assert run(capsys, *rule, "--file", path)[0] == 0
    code, _, err = run(capsys, *march)
    assert code == 2 and "loyalty 2 or less" in err


def _damaged(tmp_path: Path, campaign: str) -> str:
    data = Path(campaign).read_bytes()
    damaged = tmp_path / "damaged.castra"
    damaged.write_bytes(data[: len(data) // 3])
    return str(damaged)


def _text(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path / name)


# Every bad input of the brief: (argv after `campaign`, the field the one line names).
# "{c}" is the campaign, "{dir}" a directory, "{damaged}" a truncated campaign file, "{json}"
# a file holding malformed JSON, "{export}" a valid JSON that is not a campaign export.
BAD_INPUT = [
    pytest.param(["show", "--file", "{dir}/nowhere.castra"], "file: no campaign at", id="missing"),
    pytest.param(["show", "--file", "{dir}"], "is not a file", id="directory"),
    pytest.param(["show", "--file", "{damaged}"], "is damaged", id="damaged"),
    pytest.param(
        ["treasury", "--file", "{c}", "--nation", "Atlantis", "--pe", "5", "--note", "x"],
        "nation: one of Rome, Carthage",
        id="unknown-nation",
    ),
    pytest.param(
        ["record", "--file", "{c}", "--place", "P", "--side-a", "Rome:-1", "--side-b",
         "Carthage:1", "--winner", "a"],
        "--side-a: Rome: PM: a whole or half number, 0 or more",
        id="negative-PM-in-battle",
    ),
    pytest.param(
        ["recruit", "--file", "{c}", "--nation", "Rome", "--land", "-2"],
        "argument --land: a whole number, 0 or more",
        id="negative-PM-recruit",
    ),
    pytest.param(
        ["rebuild", "--file", "{c}", "--nation", "Rome", "--pm", "-1"],
        "argument --pm: a whole number, 1 or more",
        id="negative-PM-rebuild",
    ),
    pytest.param(
        ["rebuild", "--file", "{c}", "--nation", "Rome"],
        "pm: Rome has 0 decimated PM",
        id="T2.5-rebuild-nothing-decimated",
    ),
    pytest.param(["undo", "--file", "{c}", "--reason", "x"], "nothing left to undo", id="undo"),
    pytest.param(
        ["import", "{json}", "--file", "{dir}/new.castra"], "is not JSON", id="bad-json"
    ),
    pytest.param(
        ["import", "{export}", "--file", "{dir}/new.castra"],
        "import: events[0]: an object with",
        id="not-an-export",
    ),
    pytest.param(
        ["record", "--file", "{c}", "--place", "P", "--system", "dice", "--dice-log", "{export}"],
        "--dice-log: not a dice-battle result",
        id="bad-dice-log",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "field"), BAD_INPUT)
def test_every_bad_input_is_one_line_naming_the_field_and_nothing_changes(
    campaign: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    field: str,
) -> None:
    files = {
        "{c}": campaign,
        "{dir}": str(tmp_path),
        "{damaged}": _damaged(tmp_path, campaign),
        "{json}": _text(tmp_path, "broken.json", '{"format": "castra-campaign-export", '),
        "{export}": _text(
            tmp_path,
            "export.json",
            '{"format": "castra-campaign-export", "schema_version": 2, "events": [7]}',
        ),
    }
    filled = []
    for item in argv:
        for key, value in files.items():
            item = item.replace(key, value)
        filled.append(item)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    code, out, err = run(capsys, "campaign", *filled)
    assert (code, out) == (2, "")
    assert field in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert after == before, "nothing written, nothing changed"


def test_advance_without_tribute_says_none_was_collected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A campaign without a map (custom) cannot compute T5.3, so the referee types it.
    campaign = str(tmp_path / "custom.castra")
    assert run(capsys, "campaign", "new", "custom", "--nation", "Rome", "--treasury", "Rome:16",
               "--file", campaign)[0] == 0  # fmt: skip
    code, out, _ = run(capsys, "campaign", "advance", "--file", campaign)
    assert code == 0
    assert "No tribute collected this turn (T5.3)" in out
    assert "--tribute NATION:PE" in out and "--full-tribute" in out
    shown = run_json(capsys, "campaign", "show", "--file", campaign)
    assert shown["nations"]["Rome"]["treasury"] == 16, "nothing was added"
    # With tribute typed in there is nothing to warn about.
    with_tribute = run_json(capsys, "campaign", "advance", "--file", campaign, "--tribute",
                            "Rome:30")  # fmt: skip
    assert "notice" not in with_tribute
    assert with_tribute["state"]["nations"]["Rome"]["treasury"] == 16 + 30


def _to_winter(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(12):
        assert run(capsys, "campaign", "advance", "--file", campaign)[0] == 0


def test_physical_winter_die_is_typed_in_and_logged_with_its_purpose(
    campaign: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _to_winter(campaign, capsys)
    # The referee first mistypes 11 (a d10 shows 1 to 10: asked again), then types 3.
    monkeypatch.setattr("sys.stdin", io.StringIO("11\n3\n"))
    winter = run_json(capsys, "campaign", "winter", "--file", campaign, "--physical")
    assert [(r["sides"], r["value"]) for r in winter["rolls"]] == [(10, 3)]
    assert winter["rolls"][0]["purpose"] == "T5.6 winter event, Turn 13, winter 278/277 BC"
    # T5.6, 3: Ptolemy sends Pyrrhus 2 PM.
    assert "Ptolemy sends Pyrrhus 2 PM" in winter["summary"]


def test_physical_dice_input_ending_writes_nothing(
    campaign: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _to_winter(campaign, capsys)
    before = Path(campaign).read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "campaign", "winter", "--file", campaign, "--physical")
    assert (code, out) == (2, "")
    assert "stdin: input ended" in err.strip().splitlines()[-1]
    assert Path(campaign).read_bytes() == before


def test_export_takes_out_for_json_and_csv_dash_for_the_screen_and_the_old_form(
    campaign: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27 item 15: ``--out FILE`` writes the JSON as the positional FILE does, ``--out -``
    prints it, ``--out DIR`` takes the CSV tables; the positional form still works; FILE and
    --out together, or CSV to the screen, are refused in one line."""
    by_out = tmp_path / "by-out.json"
    by_name = tmp_path / "by-name.json"
    assert run(capsys, "campaign", "export", "--file", campaign, "--out", str(by_out))[0] == 0
    assert run(capsys, "campaign", "export", "--file", campaign, str(by_name))[0] == 0
    assert json.loads(by_out.read_text()) == json.loads(by_name.read_text())
    code, out, _err = run(capsys, "campaign", "export", "--file", campaign, "--out", "-")
    assert code == 0 and json.loads(out) == json.loads(by_out.read_text())
    folder = tmp_path / "tables"
    code, _out, _err = run(
        capsys, "campaign", "export", "--file", campaign, "--format", "csv", "--out", str(folder)
    )
    assert code == 0 and (folder / "battles.csv").is_file()
    for argv, said in (
        (["--out", str(tmp_path / "a.json"), str(tmp_path / "b.json")], "given once"),
        (["--format", "csv", "--out", "-"], "cannot go to the screen"),
    ):
        code, out, err = run(capsys, "campaign", "export", "--file", campaign, *argv)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1 and out == ""
