"""``castra odds`` and ``castra battle`` as a referee scripts them (T3, T3.8)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from assistant.cli import main

ODDS_KEYS = {
    "a_wins",
    "b_wins",
    "draw",
    "both_withdraw",
    "a_expected_left",
    "b_expected_left",
    "a_expected_prisoners",
    "b_expected_prisoners",
    "rules",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_t3_8_odds_json_one_against_one(capsys: pytest.CaptureFixture[str]) -> None:
    # 1 v 1 at 5+: a deciding round is A alone 2/9, B alone 2/9, both 1/9 → 2/5, 2/5, 1/5.
    code, out, _ = run(capsys, "odds", "1", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == ODDS_KEYS
    assert data["a_wins"] == pytest.approx(0.4)
    assert data["draw"] == pytest.approx(0.2)
    assert data["both_withdraw"] == pytest.approx(0.0)


def test_t3_3_odds_json_with_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    # Both retreat at 1: 4/9 of first rounds hit nobody and both withdraw.
    code, out, _ = run(
        capsys, "odds", "1", "1", "--a-retreat-at", "1", "--b-retreat-at", "1", "--json"
    )
    assert code == 0
    assert json.loads(out)["both_withdraw"] == pytest.approx(4 / 9)


def test_t3_2_odds_targets_change_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(capsys, "odds", "4", "4", "--json")
    _, helped, _ = run(capsys, "odds", "4", "4", "--b-target", "4", "--json")
    assert json.loads(plain)["a_wins"] == pytest.approx(json.loads(plain)["b_wins"])
    assert json.loads(helped)["b_wins"] > json.loads(plain)["b_wins"]


def test_odds_text_shows_percentages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "1", "1")
    assert code == 0
    assert "A wins" in out and "40.00%" in out and "20.00%" in out


def test_t3_5_odds_city_garrison(capsys: pytest.CaptureFixture[str]) -> None:
    # An empty city's ½ PM garrison rolls one die: 1 v garrison plays like 1 v 1.
    code, out, _ = run(capsys, "odds", "1", "0", "--city", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["b_wins"] == pytest.approx(0.4)
    assert data["b_expected_left"] == pytest.approx(0.2)


BAD_INPUT = [
    pytest.param(["odds", "-1", "3"], "PM_A", id="negative PM"),
    pytest.param(["odds", "3", "0"], "PM_B", id="0 PM outside a city"),
    pytest.param(["odds", "3", "3", "--a-target", "7"], "--a-target", id="target 7"),
    pytest.param(["odds", "3", "3", "--b-target", "1"], "--b-target", id="target 1"),
    pytest.param(["odds", "3", "3", "--a-retreat-at", "-2"], "--a-retreat-at", id="threshold"),
    pytest.param(["odds", "three", "3"], "PM_A", id="not a number"),
    pytest.param(["battle", "2", "2", "--dice", "5,9,1,1"], "d6", id="a die outside 1-6"),
    pytest.param(
        ["battle", "2", "2", "--dice", "1,1", "--a-retreat-at", "0", "--b-retreat-at", "0"],
        "dice",
        id="scripted dice run out",
    ),
    pytest.param(["battle", "2", "2", "--city", "--naval"], "--naval", id="city and naval"),
    pytest.param(
        ["battle", "3", "2", "--a-allies", "Rome=3,Campanians=0"],
        "--a-allies",
        id="T3.4 a contingent of 0 PM",
    ),
    pytest.param(["odds", "3", "1.5"], "PM_B", id="half PM outside a city"),
    pytest.param(["odds", "201", "3"], "PM_A", id="huge PM"),
    pytest.param(["odds", "3", "3", "--b-target", "x"], "--b-target", id="target not a number"),
]


@pytest.mark.parametrize(("argv", "field"), BAD_INPUT)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own type errors
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert field in err
    assert "Traceback" not in err


def test_t2_7_battle_json_without_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    # Round 1: A rolls 5 1 1 (1 hit), B rolls 1 1 1; B is down to 2 and retreats at 2,
    # A pursues with 6 6 1 and wipes it out: A wins, B lost all 3 PM.
    code, out, _ = run(
        capsys,
        "battle", "3", "3", "--dice", "5,1,1,1,1,1,6,6,1",
        "--a-retreat-at", "0", "--b-retreat-at", "2", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "a_wins"
    assert data["winner"] == "a"
    assert data["b"]["pm_lost"] == 3
    assert data["a"]["pm_lost"] == 0
    assert [record["kind"] for record in data["rounds"]] == ["round", "pursuit"]
    assert data["rounds"][0]["b_choice"] == "retreat"
    assert len(data["rolls"]) == 9
    assert data["rolls"][-1]["purpose"] == "T3.3 pursuit, A"


def test_t3_3_battle_asks_on_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # After a round where nobody is hit, A's player types a bad answer, then "r": A retreats
    # alone and B's pursuit (6 1) kills one PM.
    monkeypatch.setattr(sys, "stdin", io.StringIO("maybe\nr\n"))
    code, out, err = run(
        capsys, "battle", "2", "2", "--dice", "1,1,1,1,6,1", "--b-retreat-at", "0", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "b_wins"
    assert data["a"]["pm_left"] == 1
    assert "continue or retreat? [c/r]" in err
    assert "answer c (continue) or r (retreat)" in err


def test_battle_stops_cleanly_when_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "battle", "2", "2", "--dice", "1,1,1,1")
    assert code == 2
    assert "Round 1" in out  # what was already rolled is still shown
    assert err.strip().splitlines()[-1].startswith("castra: error: stdin:")


def test_battle_text_shows_dice_losses_and_live_odds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "battle", "2", "2", "--dice", "5,1,1,1,6,1,1",
        "--a-retreat-at", "0", "--b-retreat-at", "0",
        "--a-name", "Rome", "--b-name", "Pyrrhus",
    )  # fmt: skip
    assert code == 0
    assert "Rome rolls 2: 5 1 → 1 hit on 5+" in out
    assert "Pyrrhus loses 1 → 1 PM left" in out
    assert "Odds if both fight on" in out
    assert "Result: Rome wins after 2 rounds" in out


def test_t3_4_battle_allies_report_losses_per_contingent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # B's 3 hits on Rome=1,Campanians=2 go Campanians (largest), Rome, Campanians: all gone.
    code, out, _ = run(
        capsys,
        "battle", "3", "3", "--dice", "1,1,1,6,6,6",
        "--a-allies", "Rome=1,Campanians=2", "--a-retreat-at", "0", "--b-retreat-at", "0",
        "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["winner"] == "b"
    assert [(c["nation"], c["pm_lost"]) for c in data["a"]["contingents"]] == [
        ("Rome", 1),
        ("Campanians", 2),
    ]


def test_battle_allies_must_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "battle", "3", "3", "--a-allies", "Rome=1,Campanians=1")
    assert code == 2
    assert err.strip() == (
        "castra: error: --a-allies: the contingents add up to 2 PM, not the side's 3"
    )


def test_t3_8_odds_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    # Both retreat at 1 from 1 v 1: the first round ends it (nobody hit → both withdraw 4/9).
    code, out, _ = run(
        capsys, "odds", "1", "1", "--a-retreat-at", "1", "--b-retreat-at", "1", "--exact", "--json"
    )
    assert code == 0
    exact = json.loads(out)["exact"]
    assert exact == {
        "a_wins": "2/9",
        "b_wins": "2/9",
        "draw": "1/9",
        "both_withdraw": "4/9",
        "a_expected_left": "2/3",
        "b_expected_left": "2/3",
        "a_expected_prisoners": "0",
        "b_expected_prisoners": "0",
    }


def test_odds_exact_refuses_big_battles(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "40", "40", "--exact")
    assert code == 2
    assert err.startswith("castra: error: --exact:")


def test_battle_physical_dice_refuses_a_wrong_face_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("6\n9\n1\n"))
    code, out, err = run(
        capsys, "battle", "1", "1", "--physical", "--a-retreat-at", "0", "--b-retreat-at", "0",
        "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert [roll["value"] for roll in data["rolls"]] == [6, 1]
    assert data["winner"] == "a"
    assert "a d6 shows 1 to 6" in err


def test_battle_physical_dice_stop_cleanly_at_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("6\n"))
    code, out, err = run(
        capsys, "battle", "1", "1", "--physical", "--a-retreat-at", "0", "--b-retreat-at", "0",
        "--json",
    )  # fmt: skip
    assert code == 2
    assert out == ""
    assert err.strip().splitlines()[-1].startswith("castra: error: stdin:")


@pytest.mark.parametrize(
    ("extra", "targets"),
    [
        pytest.param([], "A: 2 PM, hits on 5+ · B: 2 PM, hits on 4+", id="T3.2 B defends"),
        pytest.param(
            ["--defender", "a"], "A: 2 PM, hits on 4+ · B: 2 PM, hits on 5+", id="T3.2 A defends"
        ),
    ],
)
def test_t3_2_battle_landing_gives_the_defender_plus_1(
    capsys: pytest.CaptureFixture[str], extra: list[str], targets: str
) -> None:
    # A landing: the attacker's opponent hits on 4+ instead of 5+ (B unless --defender a).
    code, out, _ = run(
        capsys, "battle", "2", "2", "--approach", "landing", *extra, "--seed", "1",
        "--a-retreat-at", "0", "--b-retreat-at", "0",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == targets
