"""The converter commands a referee scripts: budget, losses, prestige and morale."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from assistant.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "--json prints exactly one JSON object on one line"
    data: dict[str, Any] = json.loads(out)
    return data


def run_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


# --- budget (T1) -------------------------------------------------------------------------------


def test_t1_budget_json_has_the_issue_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "budget", "fog", "4", "3")
    assert data["a"]["pm"] == 4 and data["a"]["budget"] == 1600
    assert data["b"]["pm"] == 3 and data["b"]["budget"] == 1200
    assert data["scale"] == 1.0
    assert data["resolution"] == "table"
    # 4 v 3 PM, open field: no T1.8 condition holds, and the one reason says why.
    assert len(data["reasons"]) == 1
    assert data["reasons"][0].startswith("T1.8: no terrain, city or landing rules")


def test_t1_3_dba_budget_reports_commands(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "budget", "dba", "6", "2")
    assert (data["a"]["budget"], data["a"]["commands"]) == (36, 3)
    assert (data["b"]["budget"], data["b"]["commands"]) == (12, 1)


def test_t1_4_half_pm_garrison_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "budget", "dbm", "3", "0.5", "--city")
    assert (data["b"]["pm"], data["b"]["budget"]) == (0.5, 100)
    assert data["resolution"] == "dice"


def test_t1_7_cap_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "budget", "fog", "6", "3", "--cap", "1200")
    assert (data["a"]["budget"], data["b"]["budget"], data["scale"]) == (1200, 600, 0.5)


@pytest.mark.parametrize(
    ("pm_a", "pm_b", "resolution"),
    [
        pytest.param("6", "2", "table", id="T1.8-exactly-3x-table"),
        pytest.param("7", "2", "dice", id="T1.8-more-than-3x-dice"),
    ],
)
def test_t1_8_resolution_on_the_command_line(
    capsys: pytest.CaptureFixture[str], pm_a: str, pm_b: str, resolution: str
) -> None:
    assert run_json(capsys, "budget", "fog", pm_a, pm_b)["resolution"] == resolution


def test_seed_000_rome_marches_on_tarentum(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 000's opening position: Rome's 4 PM at Roma against Tarentum, held by Magna
    Graecia's 3 PM with 1 PM of Senones mercenaries in Greek pay (tarentine_start.csv)."""
    argv = ["budget", "fog", "4", "3", "--nation-a", "Rome", "--nation-b", "Magna Graecia"]
    argv += ["--ally-b", "Senones=1"]
    field = run_json(capsys, *argv)
    # 4 v 4 PM: the Greeks and their Gauls each bring their own list (T1.5, T1.6).
    assert field["a"]["list"] == "Mid-Republican Roman (Rise of Rome)"
    assert (field["a"]["budget"], field["b"]["budget"]) == (1600, 1600)
    allies = field["b"]["contingents"]
    assert [(c["nation"], c["budget"], c["army_list"]) for c in allies] == [
        ("Magna Graecia", 1200, "Classical Greek cities (Immortal Fire)"),
        ("Senones", 400, "Gallic (Rise of Rome)"),
    ]
    assert field["resolution"] == "table"
    # Assaulting the city itself goes to the dice (T1.8).
    assert run_json(capsys, *argv, "--city")["resolution"] == "dice"
    # Say the Greeks lose the field battle: 10 of their own BGs, 2 broken, 1 fragmented, camp
    # kept → 2×2 + 1 + 1 (camp) = 6 AP → 3 × 6 ÷ 10 = 1.8 → 2 PM decimated. The Senones
    # count their own 4 BGs: 1 broken + camp = 3 AP → 1 × 3 ÷ 4 = 0.75 → 1 PM (T2.4).
    greeks = run_json(
        capsys, "losses", "fog", "--pm", "3", "--battle-groups", "10", "--broken", "2",
        "--fragmented", "1", "--outcome", "lost",
    )  # fmt: skip
    gauls = run_json(
        capsys, "losses", "fog", "--pm", "1", "--battle-groups", "4", "--broken", "1",
        "--outcome", "lost",
    )  # fmt: skip
    assert (greeks["effective_ap"], greeks["decimated"]) == (6, 2)
    assert (gauls["effective_ap"], gauls["decimated"]) == (3, 1)


def test_t1_budget_text_names_lists_and_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["budget", "fog", "4", "3", "--nation-a", "Rome", "--nation-b", "Pyrrhus"]) == 0
    out = capsys.readouterr().out
    assert "1600 points" in out and "Pyrrhic (Rise of Rome)" in out
    assert "T1.8" in out


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        pytest.param(["budget", "fog", "4", "-1"], "castra budget: error: argument PM_B", id="neg"),
        pytest.param(
            ["budget", "fog", "4", "0.3"], "castra budget: error: argument PM_B", id="0.3"
        ),
        pytest.param(
            ["budget", "hoth", "4", "3"], "castra budget: error: argument system", id="sys"
        ),
        pytest.param(
            ["budget", "fog", "4", "3", "--nation-a", "Gauls"],
            "castra: error: --nation-a: one of Pyrrhus",
            id="T1.6-unknown-nation",
        ),
        pytest.param(
            ["budget", "fog", "4", "3", "--cap", "0"], "castra: error: --cap:", id="T1.7-cap-0"
        ),
        pytest.param(
            ["budget", "fog", "4", "3", "--rate", "fog_pts=5"],
            "castra: error: --rate fog_pts: not a conversion rate",
            id="bad-rate",
        ),
    ],
)
def test_budget_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], start: str
) -> None:
    assert run_error(capsys, *argv).startswith(start)


def test_rate_override_changes_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "budget", "fog", "4", "3", "--rate", "fog_points_per_pm=500")
    assert data["a"]["budget"] == 2000


# --- losses (T2) -------------------------------------------------------------------------------


def test_t2_1_losses_fog_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "losses", "fog", "--pm", "4", "--battle-groups", "8", "--broken", "1",
        "--fragmented", "2", "--outcome", "lost",
    )  # fmt: skip
    # 2 + 2 + 1 (camp) = 5 AP of 8 BGs: 2.5 PM, half up to 3.
    assert data == {
        "pm_lost": 3,
        "pm_left": 1,
        "decimated": 3,
        "effective_ap": 5,
        "army_broken": False,
    }


def test_t2_1_losses_fog_with_attrition_and_sacked_camp(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "losses", "fog", "--pm", "4", "--battle-groups", "10", "--attrition", "5",
        "--camp-sacked", "--outcome", "lost",
    )  # fmt: skip
    assert (data["effective_ap"], data["pm_lost"]) == (5, 2)


def test_t2_2_losses_dbm_with_half_eleq(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "losses", "dbm", "--pm", "4", "--total-eleq", "16", "--eliminated", "3",
        "--demoralised", "1", "--outcome", "lost",
    )  # fmt: skip
    # 3 + ½ × 1 = 3.5 of 16 ElEq → 0.875 → 1 PM.
    assert (data["pm_lost"], data["pm_left"], data["decimated"]) == (1, 3, 1)


def test_t2_3_losses_dba(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "losses", "dba", "--pm", "2", "--elements", "12", "--lost", "3", "--outcome", "won"
    )
    assert (data["pm_lost"], data["pm_left"], data["decimated"]) == (1, 1, 1)


def test_t2_6_losses_recovery_with_typed_dice(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "3",
        "--routed", "1", "--dice", "1,1,5,4",
    )  # fmt: skip
    # Destroyed 1, 1, 5 → one recovered; routed 4 + 1 = 5 → recovered. 2 of 24 → 0 PM.
    assert data["recovered"] == 2
    assert data["pm_lost"] == 0
    assert [roll["die"] for roll in data["rolls"]] == [1, 1, 5, 4]
    assert all(roll["purpose"].startswith("T2.6") for roll in data["rolls"])


def test_t2_6_losses_recovery_seed_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "6"]
    argv += ["--routed", "6", "--field", "--seed", "7"]
    assert run_json(capsys, *argv) == run_json(capsys, *argv)


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        pytest.param(
            ["losses", "dba", "--pm", "2", "--elements", "12", "--lost", "13", "--outcome", "lost"],
            "castra: error: --lost: at most --elements (12), got 13",
            id="T2.3-lost-over-fielded",
        ),
        pytest.param(
            ["losses", "fog", "--pm", "4", "--battle-groups", "5", "--broken", "4",
             "--fragmented", "2", "--outcome", "won"],
            "castra: error: --broken/--fragmented: together at most --battle-groups (5), "
            "got 4 + 2",
            id="T2.1-broken-plus-fragmented-over-bgs",
        ),
        pytest.param(
            ["losses", "dbm", "--pm", "4", "--total-eleq", "12", "--eliminated", "12.5",
             "--outcome", "lost"],
            "castra: error: --eliminated: at most --total-eleq (12), got 12.5",
            id="T2.2-eliminated-over-total",
        ),
        pytest.param(
            ["losses", "fog", "--pm", "-4", "--battle-groups", "5", "--outcome", "won"],
            "castra: error: --pm: cannot be negative (got -4)",
            id="T2-negative-pm",
        ),
    ],
)  # fmt: skip
def test_losses_bad_input_is_one_line_naming_the_field(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert run_error(capsys, *argv) == line


def test_t2_6_a_die_outside_1_to_6_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_error(
        capsys, "losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "1",
        "--routed", "0", "--dice", "7",
    )  # fmt: skip
    assert "1 to 6" in line


def test_t2_6_too_few_typed_dice_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_error(
        capsys, "losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "2",
        "--routed", "0", "--dice", "6",
    )  # fmt: skip
    assert "ran out" in line


def test_losses_text_output_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["losses", "dba", "--pm", "6", "--elements", "36", "--lost", "15", "--outcome", "lost"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "6 PM × 15 ÷ 36 → 3 PM lost, 3 PM left" in out
    assert "Decimated (T2.5): 3 PM" in out


# --- prestige (T4) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["4", "3", "1", "3"],
            {"kind": "clear", "size": "major", "winner": 5, "loser": -5},
            id="T4.1-clear-major",
        ),
        pytest.param(
            ["2", "2", "1", "1"],
            {"kind": "narrow", "size": "minor", "winner": 1, "loser": -1},
            id="T4.1-narrow-minor",
        ),
    ],
)
def test_t4_1_prestige_json(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: dict[str, Any]
) -> None:
    winner_pm, loser_pm, winner_lost, loser_lost = argv
    data = run_json(
        capsys, "prestige", "--winner-pm", winner_pm, "--loser-pm", loser_pm,
        "--winner-lost", winner_lost, "--loser-lost", loser_lost,
    )  # fmt: skip
    assert data == expected


def test_t4_1_city_assault_flag_doubles_the_defender(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["prestige", "--winner-pm", "4", "--loser-pm", "2", "--winner-lost", "1"]
    base += ["--loser-lost", "2"]
    assert run_json(capsys, *base)["winner"] == 1
    assert run_json(capsys, *base, "--city-assault")["winner"] == 5


def test_t4_2_prestige_event(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "prestige", "--event", "province-sacked", "--actor", "Rome",
                    "--at-peace")  # fmt: skip
    assert (data["actor"], data["other"], data["sacking_penalty"]) == (0, -1, -1)


def test_t4_1_prestige_lost_over_pm(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_error(
        capsys, "prestige", "--winner-pm", "3", "--loser-pm", "2", "--winner-lost", "0",
        "--loser-lost", "3",
    )  # fmt: skip
    assert line == "castra: error: --loser-lost: at most --loser-pm (2), got 3"


# --- morale (D) --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["--morale", "3", "--lost", "6", "--enemy-lost", "2", "--roll", "4"],
            {"defeat": "crushing", "destroyed": True, "morale_after": None},
            id="D3-crushing-roll-4-above-3",
        ),
        pytest.param(
            ["--morale", "3", "--lost", "6", "--enemy-lost", "2", "--roll", "3"],
            {"defeat": "crushing", "destroyed": False, "morale_after": 1},
            id="D4-crushing-survived-minus-2",
        ),
        pytest.param(
            ["--morale", "3", "--lost", "2", "--enemy-lost", "1"],
            {"defeat": "ordinary", "destroyed": False, "morale_after": 2},
            id="D4-ordinary-minus-1",
        ),
        pytest.param(
            ["--morale", "0", "--lost", "2", "--enemy-lost", "1"],
            {"defeat": "ordinary", "destroyed": True, "morale_after": None},
            id="D3-ordinary-at-0-disbands",
        ),
        pytest.param(
            ["--morale", "5", "--lost", "1", "--enemy-lost", "1", "--general-lost", "--roll", "5"],
            {"defeat": "crushing", "destroyed": False, "morale_after": 3},
            id="D2-general-lost-crushing",
        ),
    ],
)
def test_d_morale_json(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: dict[str, Any]
) -> None:
    data = run_json(capsys, "morale", *argv)
    assert {key: data[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        pytest.param(
            ["--morale", "3", "--lost", "6", "--enemy-lost", "2", "--roll", "7"],
            "castra: error: --roll: a d6 shows 1 to 6 (got 7)",
            id="D3-die-outside-1-6",
        ),
        pytest.param(
            ["--morale", "7", "--lost", "1", "--enemy-lost", "1"],
            "castra: error: --morale: 0 to 6 (got 7)",
            id="D1-morale-0-to-6",
        ),
        pytest.param(
            ["--morale", "3", "--lost", "13", "--enemy-lost", "1"],
            "castra: error: --lost: at most the elements fielded (12), got 13",
            id="D2-lost-over-12",
        ),
    ],
)
def test_morale_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], line: str) -> None:
    assert run_error(capsys, "morale", *argv) == line


# --- a real process ----------------------------------------------------------------------------


def test_python_dash_m_assistant_answers_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "assistant", "budget", "dba", "6", "2", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["a"]["commands"], data["b"]["commands"]) == (3, 1)


def test_python_dash_m_assistant_bad_input_exit_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "assistant", "losses", "dba", "--pm", "2", "--elements", "12",
         "--lost", "13", "--outcome", "lost", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "castra: error: --lost: at most --elements (12), got 13"


# --- the issue's contract, command by command ----------------------------------------------

# Each command with --json and the keys issue 2 says its object has at least.
ISSUE_2_JSON_KEYS = [
    pytest.param(
        ["budget", "dba", "6", "2", "--nation-a", "Rome"],
        {"a", "b", "scale", "resolution", "reasons"},
        id="T1-budget",
    ),
    pytest.param(
        ["losses", "fog", "--pm", "4", "--battle-groups", "8", "--outcome", "won"],
        {"pm_lost", "pm_left", "decimated", "effective_ap"},
        id="T2.1-losses-fog",
    ),
    pytest.param(
        ["losses", "dbm", "--pm", "4", "--total-eleq", "12.5", "--eliminated", "2.5",
         "--outcome", "lost"],
        {"pm_lost", "pm_left", "decimated"},
        id="T2.2-losses-dbm",
    ),
    pytest.param(
        ["losses", "dba", "--pm", "2", "--elements", "12", "--lost", "4", "--outcome", "lost"],
        {"pm_lost", "pm_left", "decimated"},
        id="T2.3-losses-dba",
    ),
    pytest.param(
        ["losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "1", "--routed", "1",
         "--dice", "5,5"],
        {"pm_lost", "recovered", "rolls"},
        id="T2.6-losses-recovery",
    ),
    pytest.param(
        ["prestige", "--winner-pm", "4", "--loser-pm", "3", "--winner-lost", "1",
         "--loser-lost", "2"],
        {"kind", "size", "winner", "loser"},
        id="T4.1-prestige",
    ),
    pytest.param(
        ["morale", "--morale", "3", "--lost", "6", "--enemy-lost", "1", "--roll", "2"],
        {"defeat", "destroyed", "morale_after"},
        id="D2-D4-morale",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "keys"), ISSUE_2_JSON_KEYS)
def test_issue_2_json_objects_have_the_listed_keys(
    capsys: pytest.CaptureFixture[str], argv: list[str], keys: set[str]
) -> None:
    data = run_json(capsys, *argv)
    assert keys <= set(data), keys - set(data)


def test_t1_budget_side_objects_have_pm_budget_commands_and_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # DBA, Rome named: 6 PM × 6 = 36 elements in ceil(36 / 12) = 3 commands, list DBA II/10.
    data = run_json(capsys, "budget", "dba", "6", "2", "--nation-a", "Rome")
    assert (data["a"]["pm"], data["a"]["budget"], data["a"]["commands"]) == (6, 36, 3)
    assert data["a"]["list"] == "DBA II/10"
    assert "list" not in data["b"]  # no nation given, no list to name


# Bad input found by the audit: each is one line on stderr naming the field, exit 2.
AUDIT_BAD_INPUT = [
    pytest.param(
        ["budget", "fog", "0", "3"],
        "castra: error: PM_A: more than 0 PM (0.5 for an empty city's garrison, T1.4)",
        id="T1.4-a-side-of-0-pm",
    ),
    pytest.param(
        ["budget", "fog", "3", "3", "--ally-b", "Senones=0"],
        "castra: error: --ally-b Senones=0: more than 0 PM (0.5 for an empty city's garrison, "
        "T1.4)",
        id="T1.5-an-ally-of-0-pm",
    ),
    pytest.param(
        ["budget", "fog", "3", "3", "--ally-b", "=2"],
        "castra: error: --ally-b: give NATION=PM or just PM, e.g. Senones=1 (got '=2')",
        id="T1.5-ally-without-a-nation-name",
    ),
    pytest.param(
        ["budget", "fog", "1e5000", "3"],
        "castra budget: error: argument PM_A: at most 1000000 PM (got '1e5000')",
        id="T1-huge-pm",
    ),
    pytest.param(
        ["losses", "dbm", "--pm", "4", "--total-eleq", "1e5000", "--eliminated", "1",
         "--outcome", "lost"],
        "castra: error: --total-eleq: at most 1000000 (got '1e5000')",
        id="T2.2-huge-eleq",
    ),
    pytest.param(
        ["losses", "dbm", "--pm", "4", "--total-eleq", "twelve", "--eliminated", "1",
         "--outcome", "lost"],
        "castra: error: --total-eleq: a number of ElEq such as 12 or 11.5 (got 'twelve')",
        id="T2.2-not-a-number",
    ),
    pytest.param(
        ["losses", "fog", "--pm", "4", "--battle-groups", "0", "--outcome", "lost"],
        "castra: error: --battle-groups: at least 1 (the BGs the contingent fielded)",
        id="T2.1-zero-battle-groups",
    ),
    pytest.param(
        ["losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "1", "--routed",
         "0", "--dice", "5,6"],
        "castra: error: --dice: 2 faces given, but T2.6 rolls one per lost base and naval "
        "point: 1 here",
        id="T2.6-more-typed-dice-than-lost-bases",
    ),
    pytest.param(
        ["losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "1", "--routed",
         "0", "--dice", "0"],
        "castra: error: --dice: give die faces as whole numbers ≥ 1, e.g. 1,5,6 (got '0')",
        id="T2.6-a-die-of-0",
    ),
    pytest.param(
        ["prestige", "--event", "city-taken", "--actor", "Gauls"],
        "castra: error: --actor: one of Pyrrhus, Syracuse, Campanians, Lucanians, Bruttians, "
        "Apulians, Samnites, Rome, Senones, Carthage, Etruscans, Magna Graecia (got 'Gauls')",
        id="T4.2-unknown-nation",
    ),
    pytest.param(
        ["prestige", "--winner-pm", "3", "--loser-pm", "0", "--winner-lost", "0",
         "--loser-lost", "0"],
        "castra: error: --loser-pm: more than 0 PM (0.5 for an empty city's garrison)",
        id="T4.1-a-side-of-0-pm",
    ),
    pytest.param(
        ["morale", "--morale", "3", "--lost", "1", "--enemy-lost", "1", "--enemy-elements",
         "-3"],
        "castra: error: --enemy-elements: an army fields at least 1 element (got -3)",
        id="D2-negative-enemy-elements",
    ),
    pytest.param(
        ["morale", "--morale", "3", "--tactical-retreat", "--lost", "5"],
        "castra: error: --lost: not with --tactical-retreat (no battle is fought, D5)",
        id="D5-tactical-retreat-has-no-battle-figures",
    ),
    pytest.param(
        ["morale", "--morale", "3", "--lost", "6", "--enemy-lost", "0", "--roll", "0"],
        "castra: error: --roll: a d6 shows 1 to 6 (got 0)",
        id="D3-a-die-of-0",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "line"), AUDIT_BAD_INPUT)
def test_audit_bad_input_is_one_line_naming_the_field(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert run_error(capsys, *argv, "--json") == line


def test_t4_2_actor_in_any_case_is_the_same_nation(capsys: pytest.CaptureFixture[str]) -> None:
    # "senones" are the Senones: a city they take is worth nothing (they gain by sacking).
    data = run_json(capsys, "prestige", "--event", "city-taken", "--actor", "senones")
    assert (data["actor"], data["other"]) == (0, 0)
    # Carthage's first sack at peace is tolerated, however the name is typed.
    data = run_json(
        capsys, "prestige", "--event", "city-sacked", "--actor", "CARTHAGE", "--at-peace"
    )
    assert data["sacking_penalty"] == 0


# Physical dice (--physical): the prompt goes to stderr so --json keeps stdout to one object,
# a wrong face is asked again, and the end of the input is one error line and exit 2.
def test_d3_physical_die_asks_on_stderr_and_keeps_json_clean(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("7\n4\n"))
    data = run_json(capsys, "morale", "--morale", "3", "--lost", "6", "--enemy-lost", "0",
                    "--physical")  # fmt: skip
    # Crushing (6 lost), the typed 4 is above morale 3: the army ceases to exist (D3).
    assert (data["roll"], data["destroyed"]) == (4, True)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["morale", "--morale", "3", "--lost", "6", "--enemy-lost", "0"], id="D3"),
        pytest.param(
            ["losses", "recovery", "--pm", "4", "--bases", "24", "--destroyed", "1",
             "--routed", "0"],
            id="T2.6",
        ),
    ],
)  # fmt: skip
def test_physical_dice_end_of_input_is_exit_2_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([*argv, "--physical", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().splitlines()[-1] == (
        "castra: error: stdin: input ended while waiting for a die's face; nothing was recorded"
    )


@pytest.mark.parametrize(
    ("argv", "english", "italian"),
    [
        pytest.param(
            ["--morale", "3", "--lost", "6", "--enemy-lost", "1", "--roll", "2"],
            "D3: rolled 2, not above morale 3: the army holds together",
            "D3: uscito 2, non sopra il morale 3: l'esercito resta unito",
            id="D3-crushing-holds",
        ),
        pytest.param(
            ["--morale", "0", "--tactical-retreat"],
            "D5: tactical retreat with morale already 0: the army disbands",
            "D5: ritirata tattica con il morale già a 0: l'esercito si scioglie",
            id="D5-tactical-retreat-at-0",
        ),
    ],
)
def test_d_morale_json_keeps_the_english_reason_and_the_line_reads_in_italian(
    capsys: pytest.CaptureFixture[str], argv: list[str], english: str, italian: str
) -> None:
    """The check's reason is data (its English a property, D3, D5): ``--json`` still carries
    it as ``"reason"`` in English, and the Italian line says it in Italian."""
    assert run_json(capsys, "morale", *argv)["reason"] == english
    assert main(["--lang", "it", "morale", *argv]) == 0
    out = capsys.readouterr().out
    assert italian in out and english not in out
