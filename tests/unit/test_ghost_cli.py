"""``castra ghost new|replay|pp|clock`` as a user runs them (G1–G4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def script(tmp_path: Path, data: Any, name: str = "script.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


# --- new (G1) ---------------------------------------------------------------------------------

CLI_NEW = [
    # North d8=3 is still poor; d8=5 organised.
    (
        "north",
        "3,5",
        {
            "quality": "poor",
            "personality": "organised",
            "modifier": -1,
            "command_points": 1,
            "radius": 1,
            "pp_bonus": 0,
            "gap_threshold": 12,
            "leave_at": 25,
        },
    ),
    # South d8=1 is poor (2 PP for the South); d8=8 aggressive.
    (
        "south",
        "1,8",
        {
            "quality": "poor",
            "personality": "aggressive",
            "modifier": -2,
            "command_points": 1,
            "radius": 1,
            "pp_bonus": 2,
            "gap_threshold": 15,
            "leave_at": 30,
        },
    ),
    # South d8=7 is already excellent; d8=2 unstable.
    (
        "south",
        "7,2",
        {
            "quality": "excellent",
            "personality": "unstable",
            "modifier": 2,
            "command_points": 4,
            "radius": 4,
            "pp_bonus": 8,
            "gap_threshold": 10,
            "leave_at": 20,
        },
    ),
]


@pytest.mark.parametrize(
    ("side", "dice", "expected"), CLI_NEW, ids=[f"G1-{s}-{d}" for s, d, _ in CLI_NEW]
)
def test_g1_new_json(
    capsys: pytest.CaptureFixture[str], side: str, dice: str, expected: dict[str, Any]
) -> None:
    code, out, _ = run(capsys, "ghost", "new", "--side", side, "--dice", dice, "--json")
    assert code == 0
    assert json.loads(out) == expected


def test_g1_new_same_seed_same_general(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "ghost", "new", "--side", "north", "--seed", "11", "--json")[1]
    second = run(capsys, "ghost", "new", "--side", "north", "--seed", "11", "--json")[1]
    assert first == second


def test_g1_new_readable_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ghost", "new", "--side", "north", "--dice", "8,4")
    assert code == 0
    assert "excellent" in out and "prudent" in out and "20%" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["ghost", "new", "--side", "north", "--dice", "9,1", "--json"],
        ["ghost", "new", "--side", "north", "--dice", "3", "--json"],
        ["ghost", "new", "--side", "east", "--json"],
    ],
    ids=["G1-d8-shows-no-9", "G1-two-dice-needed", "G1-no-such-side"],
)
def test_g1_new_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    try:
        code, out, err = run(capsys, *argv)
    except SystemExit as exit_:  # argparse choices
        code, (out, err) = int(exit_.code or 0), capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


# --- replay (G3) --------------------------------------------------------------------------------

PRUDENT = {"quality": "good", "personality": "prudent", "side": "north"}


def test_g3_replay_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Prudent (+1), strength 50. Opening 3+1 = 4: manoeuvre. Turn 1: +10 % crosses in the
    # ghost's favour → attack, no roll. Turn 2: -12 % crosses against him → 2+1 = 3: manoeuvre.
    # Turn 3: -12 % again (not shrinking): countdown value 3, 1+1 = 2: stands. Turn 4: worse,
    # value 2 ≤ 1+1: automatic general retreat. Turn 5: over, nothing rolls.
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3, 2, 1],
        "turns": [
            {"gr_loss": 5, "gf_loss": 0, "units_lost": 0},
            {"gr_loss": 5, "gf_loss": 11, "units_lost": 1},
            {"gr_loss": 5, "gf_loss": 11, "units_lost": 2},
            {"gr_loss": 5, "gf_loss": 14, "units_lost": 3},
            {"gr_loss": 5, "gf_loss": 30, "units_lost": 3},
        ],
    }
    code, out, _ = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["opening"] == {"order": "manoeuvre", "roll": 3}
    assert [t["order"] for t in result["turns"]] == [
        "attack",
        "manoeuvre",
        "manoeuvre",
        "retreat",
        "retreat",
    ]
    assert [t["gap_pct"] for t in result["turns"]] == [10, -12, -12, -18, -50]
    assert [[r["value"] for r in t["rolls"]] for t in result["turns"]] == [[], [2], [1], [], []]
    assert result["final"] == "retreat"
    # issue 21: each turn's reason in English, and beside it the description it is.
    keys = {"turn", "gap_pct", "order", "rolls", "reason", "said"}
    assert all(set(t) == keys for t in result["turns"])


def test_g3_replay_leaves_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Aggressive (-2): 6-2 = 4, manoeuvre. 3 of 10 units lost is 30 %: he leaves.
    data = {
        "general": {"quality": "poor", "personality": "aggressive", "side": "south"},
        "strength": 40,
        "units": 10,
        "dice": [6],
        "turns": [
            {"gr_loss": 0, "gf_loss": 0, "units_lost": 3},
            {"gr_loss": 0, "gf_loss": 30, "units_lost": 3},
        ],
    }
    code, out, _ = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["final"] == "left_field"
    assert result["turns"][1]["rolls"] == []


def test_g3_replay_readable_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3],
        "turns": [{"gr_loss": 5, "gf_loss": 0, "units_lost": 0}],
    }
    code, out, _ = run(capsys, "ghost", "replay", script(tmp_path, data))
    assert code == 0
    assert "Turn 1" in out and "attack" in out


def test_g3_replay_too_few_dice_says_how_many_more(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Prudent at -20 % from turn 1: opening roll, the G3.2 roll, the turn-2 countdown roll
    # (value 3), then the turn-3 retreat is automatic: 3 dice, and the script gives 1.
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3],
        "turns": [{"gr_loss": 0, "gf_loss": 10, "units_lost": 0}] * 4,
    }
    code, out, err = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "2 more" in err


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"strength": 0}, "strength"),
        (
            {"general": {"quality": "great", "personality": "prudent", "side": "north"}},
            "general.quality",
        ),
        (
            {
                "turns": [
                    {"gr_loss": 0, "gf_loss": 0, "units_lost": 0},
                    {"gr_loss": -1, "gf_loss": 0, "units_lost": 0},
                ]
            },
            "turns[1].gr_loss",
        ),
        ({"turns": [{"gr_loss": 0, "gf_loss": 0, "units_lost": 21}]}, "turns[0].units_lost"),
        ({"dice": [7]}, "dice[0]"),
        ({"extra": 1}, "extra"),
    ],
    ids=[
        "strength",
        "quality",
        "negative-loss",
        "units-lost-over-units",
        "die-face",
        "unknown-key",
    ],
)
def test_g3_replay_bad_script_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3],
        "turns": [{"gr_loss": 0, "gf_loss": 0, "units_lost": 0}],
        **change,
    }
    code, out, err = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert field in err


@pytest.mark.parametrize("content", ["{not json", None], ids=["not-json", "missing-file"])
def test_g3_replay_unreadable_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None
) -> None:
    path = script(tmp_path, content) if content is not None else str(tmp_path / "nope.json")
    code, _, err = run(capsys, "ghost", "replay", path, "--json")
    assert code == 2
    assert "FILE" in err and len(err.strip().splitlines()) == 1


# --- pp (G4.1–G4.3) -------------------------------------------------------------------------------

PP_SCRIPT = {
    "side": "north",
    "army": {"quality": "mediocre", "personality": "organised"},
    "corps": [{"quality": "poor", "divisions": ["Wadsworth", "Doubleday", "Robinson", "Barlow"]}],
    "out_of_radius": ["Doubleday"],
    # see test_g4_3_army_general_skips_divisions_out_of_radius_and_stops_at_command_points
    "dice": [1, 6, 1, 4, 3, 6, 5, 2],
}


NUMBER_1 = {"kind": "number", "value": 1, "spec": ""}


def test_g4_pp_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "ghost", "pp", script(tmp_path, PP_SCRIPT), "--json")
    assert code == 0
    result = json.loads(out)
    # issue 21: each general's role in English, and beside it the description it is.
    corps = {"kind": "said", "key": "corps {number}", "values": {"number": NUMBER_1}}
    assert result["generals"] == [
        {"role": "army", "said": {"kind": "said", "key": "army", "values": {}}, "pp": 8},
        {"role": "corps 1", "said": corps, "pp": 6},
    ]
    assert result["divisions"] == {"Wadsworth": 6, "Doubleday": 0, "Robinson": 3, "Barlow": 2}
    assert (result["reserve"], result["clock"], result["lost"]) == (0, 1, 2)
    assert [(r["die"], r["value"]) for r in result["rolls"]] == [
        ("d4", 1),
        ("d6", 6),
        ("d4", 1),
        ("d6", 4),
        ("d6", 3),
        ("d6", 6),
        ("d6", 5),
        ("d6", 2),
    ]
    assert all(r["for"] for r in result["rolls"])


def test_g4_pp_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "ghost", "pp", script(tmp_path, PP_SCRIPT))
    assert code == 0
    assert "out of his 2″ radius" in out


def test_g4_pp_too_few_dice(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Without its last two dice the script stops at D's "yes": D's PP die and nothing after
    # (two activations reach the mediocre general's command points): 1 more die.
    data = {**PP_SCRIPT, "dice": PP_SCRIPT["dice"][:7]}
    code, _, err = run(capsys, "ghost", "pp", script(tmp_path, data), "--json")
    assert code == 2
    assert "1 more" in err


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dice": [5]}, "dice[0]"),
        ({"out_of_radius": ["Nobody"]}, "out_of_radius"),
        ({"side": "west"}, "side"),
        ({"corps": [{"quality": "poor", "divisions": []}]}, "corps[0].divisions"),
    ],
    ids=["d4-face-too-high-for-the-first-die", "unknown-division", "side", "empty-corps"],
)
def test_g4_pp_bad_script(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    code, out, err = run(capsys, "ghost", "pp", script(tmp_path, {**PP_SCRIPT, **change}), "--json")
    assert code == 2
    assert out == ""
    assert field in err and len(err.strip().splitlines()) == 1


# --- clock (G4.4) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("personality", "roll", "expected"),
    [
        ("aggressive", 1, {"subtract": 5, "choice": "higher"}),
        ("organised", 3, {"subtract": 2, "choice": "lower"}),
    ],
    ids=["G4.4-aggressive-1-higher", "G4.4-organised-3-lower"],
)
def test_g4_4_clock_json(
    capsys: pytest.CaptureFixture[str], personality: str, roll: int, expected: dict[str, Any]
) -> None:
    code, out, _ = run(
        capsys,
        "ghost",
        "clock",
        "--personality",
        personality,
        "--dice",
        "5,2",
        "--roll",
        str(roll),
        "--json",
    )
    assert code == 0
    assert json.loads(out) == expected


def test_g4_4_clock_seeded_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ghost", "clock", "--personality", "prudent", "--dice", "1,6", "--seed", "4", "--json"]
    assert run(capsys, *argv)[1] == run(capsys, *argv)[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["--dice", "2,7", "--roll", "1"],
        ["--dice", "2", "--roll", "1"],
        ["--dice", "2,5", "--roll", "7"],
    ],
    ids=["offered-die-7", "one-die-offered", "roll-7"],
)
def test_g4_4_clock_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "ghost", "clock", "--personality", "prudent", *argv, "--json")
    assert code == 2
    assert out == "" and len(err.strip().splitlines()) == 1


def test_g4_4_clock_physical_asks_again_for_an_impossible_face(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("9\n2\n"))
    code, out, err = run(
        capsys,
        "ghost",
        "clock",
        "--personality",
        "organised",
        "--dice",
        "3,4",
        "--physical",
        "--json",
    )
    assert code == 0
    assert json.loads(out) == {"subtract": 4, "choice": "higher"}  # 2: organised 1–2 → higher
    assert "1 to 6" in err


# --- nasty inputs: one line, exit 2, the field named ------------------------------------------

REPLAY_WRONG_TYPES = [
    # A script says exactly what happened: "50", 50.0 or true are mistakes, not numbers.
    ("strength-as-string", {"strength": "50"}, "strength"),
    ("units-as-true", {"units": True}, "units"),
    ("die-as-float", {"dice": [3.0]}, "dice[0]"),
    ("turn-loss-as-float", {"turns": [{"gr_loss": 1.5, "gf_loss": 0, "units_lost": 0}]}, "gr_loss"),
    ("negative-strength", {"strength": -5}, "strength"),
    ("die-face-0", {"dice": [0]}, "dice[0]"),
    ("general-not-an-object", {"general": "good"}, "general"),
]


@pytest.mark.parametrize(
    ("change", "field"),
    [row[1:] for row in REPLAY_WRONG_TYPES],
    ids=[f"G3-replay-{row[0]}" for row in REPLAY_WRONG_TYPES],
)
def test_g3_replay_wrong_types_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3],
        "turns": [{"gr_loss": 0, "gf_loss": 0, "units_lost": 0}],
        **change,
    }
    code, out, err = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and field in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe{", b"[1, 2]", b'"script"', b"null"],
    ids=["not-utf8", "a-list", "a-string", "null"],
)
def test_g3_replay_a_file_that_is_not_a_script_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "script.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "ghost", "replay", str(path), "--json")
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"corps": [{"quality": "poor", "divisions": ["A", "A"]}]}, "corps: division 'A'"),
        ({"out_of_radius": ["Nobody"]}, "out_of_radius: 'Nobody'"),
        ({"corps": [{"quality": "poor", "divisions": [""]}]}, "corps[0].divisions[0]"),
        ({"dice": [1, 6, 1, "4"]}, "dice[3]"),
    ],
    ids=["G4-duplicate-division", "G4-unknown-out-of-radius", "G4-empty-name", "G4-die-string"],
)
def test_g4_pp_script_mistakes_name_the_field_without_pydantic_noise(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    code, _, err = run(capsys, "ghost", "pp", script(tmp_path, {**PP_SCRIPT, **change}), "--json")
    assert code == 2
    assert message in err and "Value error" not in err
    assert len(err.strip().splitlines()) == 1


def test_g4_pp_a_die_too_big_for_its_die_names_its_place_in_the_script(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The 4th die is the army general's activation d6 for Robinson (see PP_SCRIPT): a 7.
    data = {**PP_SCRIPT, "dice": [1, 6, 1, 7]}
    code, _, err = run(capsys, "ghost", "pp", script(tmp_path, data), "--json")
    assert code == 2
    assert "dice[3]: a d6 shows 1 to 6 (got 7)" in err


@pytest.mark.parametrize("dice", ["3,5,6", "3,5,6,1"], ids=["G1-three-faces", "G1-four-faces"])
def test_g1_new_refuses_more_dice_than_the_two_d8(
    capsys: pytest.CaptureFixture[str], dice: str
) -> None:
    code, out, err = run(capsys, "ghost", "new", "--side", "north", "--dice", dice, "--json")
    assert (code, out) == (2, "")
    assert "--dice" in err and len(err.strip().splitlines()) == 1


def test_g3_4_replay_units_lost_never_go_down(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {
        "general": PRUDENT,
        "strength": 50,
        "units": 20,
        "dice": [3],
        "turns": [
            {"gr_loss": 0, "gf_loss": 0, "units_lost": 3},
            {"gr_loss": 0, "gf_loss": 0, "units_lost": 2},
        ],
    }
    code, out, err = run(capsys, "ghost", "replay", script(tmp_path, data), "--json")
    assert (code, out) == (2, "")
    assert "turns[1].units_lost" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "strength: at least 1 (got 0)"), ("it", "strength: almeno 1 (ricevuto 0)")],
)
def test_g3_replay_names_a_script_key_as_written_in_the_table_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, expected: str
) -> None:
    """A ghost script's key is named as the script writes it, never as a flag that does not
    exist ("--strength"), and the reason is the app's wording in the interface's language,
    never pydantic's "Input should be …" (issue 11: one error-to-text function)."""
    data = {
        "general": PRUDENT,
        "strength": 0,
        "units": 20,
        "dice": [3],
        "turns": [{"gr_loss": 0, "gf_loss": 0, "units_lost": 0}],
    }
    code, out, err = run(capsys, "--lang", lang, "ghost", "replay", script(tmp_path, data))
    assert (code, out) == (2, "")
    assert expected in err
    assert "--strength" not in err and "Input should" not in err
