"""Story tests: one whole turn by the book per scenario, as a referee types it (T5.2, T7.3,
T7.4, T3.0, T3.6, T4.3; D6, D8, D10).

The Tarentine turn: sealed orders from every nation, a crossing on a mountain road, fleets
found meeting stretch by stretch, an interception that fails and is recorded, a meeting both
sides avoid, a withdrawal under pursuit, a battle fought from its meeting with its approach (a
landing), the retreat after it, and the tribute at the end; a sealed recruitment paid with
the orders, whose fleet deploys where ordered at turn 4's end (T5.2 phase 10, T6.1) — with
the phase refusals a referee meets on the way, each naming its rule. The Macedon turn: the
initiative side moves and says it is done, then the other; an invasion into two armies fought
game by game (D8).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tests.unit.test_ledger_cli import run, run_json

ORDERS = [
    ["move", "Rome I", "--to", "Corfinium"],
    ["sail", "Rome fleet I", "--to", "Syracusae"],
    ["move", "Magna Graecia III", "--to", "Roma"],
    ["sail", "Syracuse fleet I", "--to", "Roma"],
    ["sail", "Pyrrhus fleet I", "--to", "Arpi", "--carry", "Pyrrhus I", "--land"],
    ["move", "Senones II", "--to", "Firnum Picenum"],
    ["move", "Carthage I", "--to", "Utica"],
    ["move", "Etruscans I", "--to", "Cosa"],
    ["declare-war", "Rome", "--on", "Carthage"],
]
"""Every nation's sealed orders for turn 1."""


def refused(capsys: pytest.CaptureFixture[str], path: str, argv: list[str], *words: str) -> None:
    code, _out, err = run(capsys, "campaign", *argv, "--file", path)
    assert code == 2 and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


def number_at(meetings: list[dict[str, object]], province: str, at_sea: bool = False) -> str:
    return str(next(m["number"] for m in meetings if m["province"] == province and
                    m["at_sea"] == at_sea))  # fmt: skip


def test_story_a_tarentine_turn_by_the_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "turn.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    for argv in ORDERS:
        assert run_json(capsys, "campaign", *argv, "--file", path)["kind"] == "order_given"
    for nation in ("Rome", "Carthage", "Senones", "Etruscans", "Magna Graecia", "Pyrrhus",
                   "Syracuse"):  # fmt: skip
        own = run_json(capsys, "campaign", "orders", nation, "--file", path)["orders"]
        assert own, f"{nation} handed in its orders"
    refused(capsys, path, ["advance"], "the turn cannot end yet (T5.2 phase 3)", "resolve")
    # T5.2 phase 1, T6.1: the Etruscans' sealed recruitment, paid when the orders are carried out
    given = run_json(capsys, "campaign", "recruit", "--nation", "Etruscans", "--naval", "1",
                     "--province", "Cosa", "--file", path)  # fmt: skip
    assert given["summary"] == "sealed order of Etruscans: 0 land and 1 naval PM to recruit (T6.1)"

    resolved = run_json(capsys, "campaign", "resolve", "--file", path)
    assert "Rome declares war on Carthage (T7.10)" in resolved["summary"]
    paid = "Etruscans ordered 0 land and 1 naval PM for 30 PE, arriving turn 5"
    assert paid in resolved["summary"]
    etruscans = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Etruscans"]
    assert etruscans["treasury"] == 0 and etruscans["training"], "paid, in training (T6.1)"
    meetings = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert [m["at_sea"] for m in meetings] == [True, False, False, False], "sea first (T7.4)"
    assert [m["province"] for m in meetings[1:]] == ["Arpi", "Firnum Picenum", "Roma"]
    sea, arpi = meetings[0], meetings[1]
    assert sea["crossing"] or sea["province"] not in ("Roma", "Syracusae"), (
        "the fleets were moved stretch by stretch and stopped where they met (T7.4)"
    )
    assert arpi["arrivals"]["Pyrrhus I"] == "landing"
    roma = meetings[3]
    assert roma["crossing"] == ["Corfinium", "Roma"], "met while crossing the mountain road"

    # T5.2 phase 7 waits for the naval battles (phase 4)
    refused(capsys, path, ["record", "--meeting", number_at(meetings, "Arpi"), "--winner", "a"],
            "come after the naval battles", "1 meeting(s)")  # fmt: skip

    # T3.6: Syracuse avoids, Rome seeks: the interception fails and is recorded
    run(capsys, "campaign", "answer", str(sea["number"]), "--seek", "Rome", "--file", path)
    caught = run_json(capsys, "campaign", "intercept", "Rome fleet I", "--target",
                      "Syracuse fleet I", "--dice", "6", "--file", path)  # fmt: skip
    assert caught["kind"] == "interception_rolled" and "not intercepted" in caught["summary"]

    # T3.0: a meeting both sides avoid
    run(capsys, "campaign", "answer", number_at(meetings, "Roma"), "--file", path)
    # T3.0, T3.3: the Senones seek battle, Rome III withdraws under one pursuit roll
    firnum = number_at(meetings, "Firnum Picenum")
    run(capsys, "campaign", "answer", firnum, "--seek", "Senones", "--file", path)
    left = run_json(capsys, "campaign", "withdraw", firnum, "--dice", "2", "--file", path)
    assert "Rome III lost 0 PM to the pursuit and withdrew from Firnum Picenum" in left["summary"]

    # T7.4, T3.2: the battle at Arpi from its meeting: a landing gives Rome, defending, +1
    opened = run_json(capsys, "campaign", "meetings", "--battle", number_at(meetings, "Arpi"),
                      "--file", path)  # fmt: skip
    assert (opened["approach"], opened["defender"]) == ("landing", "b")
    assert opened["side_a"] == [["Pyrrhus", 2]] and opened["side_b"] == [["Rome", 1]]
    # Pyrrhus rolls 1 1, Rome 6 (a hit on 4+); Pyrrhus down to 1 PM retreats; pursuit: 1
    argv = shlex.split(opened["dice_battle"])[1:]
    battle = run_json(capsys, *argv, "--a-retreat-at", "1", "--b-retreat-at", "0",
                      "--dice", "1,1,6,1")  # fmt: skip
    assert battle["winner"] == "b"
    log = tmp_path / "arpi.json"
    log.write_text(json.dumps(battle), encoding="utf-8")
    refused(capsys, path, ["fall-back", "Pyrrhus I", "--to", "Brundisium"],
            "retreats come after the land battles (T5.2 phase 8)")  # fmt: skip
    recorded = run_json(capsys, "campaign", "record", "--meeting", number_at(meetings, "Arpi"),
                        "--system", "dice", "--dice-log", str(log), "--file", path)  # fmt: skip
    assert "battle of Arpi" in recorded["summary"]

    # T4.3, T7.5: the beaten lander goes back aboard and home
    options = run_json(capsys, "campaign", "fall-back", "Pyrrhus I", "--file", path)["options"]
    assert options[0]["aboard"] == "Pyrrhus fleet I"
    run(capsys, "campaign", "fall-back", "Pyrrhus I", "--to", options[0]["province"],
        "--file", path)  # fmt: skip
    refused(capsys, path, ["recruit", "--nation", "Rome", "--land", "1", "--province", "Roma"],
            "orders belongs to movement (T5.2 phase 3)", "the turn is at retreats")  # fmt: skip

    # T5.2 phase 11, T5.3: the turn ends with the tribute
    ended = run_json(capsys, "campaign", "advance", "--file", path)
    assert "tribute Rome" in ended["summary"]
    assert "recruits arrived" not in ended["summary"], "four turns of training (T6.1)"
    shown = run_json(capsys, "campaign", "show", "--file", path)
    assert shown["turn"] == 2 and shown["phase"]["key"] == "recruitment"

    # T5.2 phase 10, T6.1: turns 2-4 with no orders; at turn 4's end, phase 10 (deployment)
    # launches the Etruscans' fleet where the order said, and phase 11 pays the tribute
    for _turn in (2, 3, 4):
        run(capsys, "campaign", "resolve", "--file", path)
        for met in run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]:
            if not met["settled"]:  # the fleets still sailing meet again: both avoid (T3.0)
                run(capsys, "campaign", "answer", str(met["number"]), "--file", path)
        ended = run_json(capsys, "campaign", "advance", "--file", path)
    summary = ended["summary"]
    assert "turn 4 ended" in summary and "tribute Rome" in summary, summary
    deployed = (
        "recruits arrived: Etruscans +0 land, +1 naval; Etruscans fleet II +1 PM at Cosa (T6.1)"
    )
    assert deployed in summary, summary
    etruscans = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Etruscans"]
    assert etruscans["training"] == [], "every recruit deployed (T6.1)"


def test_story_a_macedon_turn_by_the_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "dba.castra")
    run(capsys, "campaign", "new", "macedon", "--file", path)
    refused(capsys, path, ["done", "Persia"], "Macedon has the initiative", "(D6 phase 2)")
    run(capsys, "campaign", "move", "Macedon 4", "--how", "invasion", "--to",
        "Hellespontine Phrygia", "--file", path)  # fmt: skip
    run(capsys, "campaign", "move", "Macedon 6", "--to", "Hellas", "--file", path)
    run(capsys, "campaign", "done", "Macedon", "--file", path)
    refused(capsys, path, ["move", "Macedon 7", "--to", "Hellas"],
            "manoeuvres of the other side (D6 phase 2)")  # fmt: skip
    run(capsys, "campaign", "move", "Persia 4", "--to", "Caria", "--file", path)
    run(capsys, "campaign", "done", "Persia", "--file", path)
    refused(capsys, path, ["advance"], "the turn cannot end yet (D6 phase 3)")
    for enemy in ("Persia 2", "Persia 3"):  # D8: the winner against the next army
        (meeting,) = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
        assert meeting["pairing"]["pairs"] == [["Macedon 4", enemy]]
        fought = run_json(capsys, "campaign", "record", "--meeting", "1", "--winner", "a",
                          "--lost-b", "3", "--seed", "2", "--file", path)  # fmt: skip
        assert enemy in fought["summary"]
    (meeting,) = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert meeting["settled"]
    run(capsys, "campaign", "loyalty", "Hellespontine Phrygia", "--side", "Macedon", "--by", "1",
        "--file", path)  # fmt: skip
    ended = run_json(capsys, "campaign", "advance", "--file", path)
    assert ended["kind"] == "turn_advanced"
    shown = run_json(capsys, "campaign", "show", "--file", path)
    assert shown["phase"]["key"] == "initiative"
