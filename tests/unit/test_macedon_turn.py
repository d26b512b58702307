"""Macedon vs Persia's turn by the book (D6, D8, D10): the initiative side moves and says it is
done, then the other; an invasion into enemy armies is a meeting that needs its battles, the
D8 pairing offered (the winner against the next army), and the turn cannot end before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_ledger_cli import run, run_json

INVADE = ["move", "Macedon 4", "--how", "invasion", "--to", "Hellespontine Phrygia"]
"""Macedon 4 (Thrace) into Hellespontine Phrygia, where Persia 2 and Persia 3 stand."""


@pytest.fixture
def path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    made = str(tmp_path / "m.castra")
    assert run(capsys, "campaign", "new", "macedon", "--file", made)[0] == 0
    return made


def refused(capsys: pytest.CaptureFixture[str], path: str, argv: list[str], *words: str) -> None:
    before = run_json(capsys, "campaign", "history", "--file", path)["events"]
    code, _out, err = run(capsys, "campaign", *argv, "--file", path)
    assert code == 2 and err.count("\n") == 1, err
    for word in words:
        assert word in err, err
    assert run_json(capsys, "campaign", "history", "--file", path)["events"] == before


@pytest.mark.parametrize(
    ("rule", "first", "argv", "words"),
    [
        pytest.param("D6", [], ["done", "Persia"],
                     ("Macedon has the initiative: it says it is done first (D6 phase 2)",),
                     id="D6-the-other-side-is-not-done-first"),
        pytest.param("D6", [["done", "Macedon"]], ["move", "Macedon 6", "--to", "Hellas"],
                     ("moves belongs to manoeuvres of the side with the initiative",
                      "the turn is at manoeuvres of the other side (D6 phase 2)"),
                     id="D6-no-move-after-saying-done"),
        pytest.param("D6", [["done", "Macedon"]], ["done", "Macedon"],
                     ("belongs to manoeuvres of the side with the initiative",),
                     id="D6-done-once"),
        pytest.param("D6", [], ["done", "Carthage"], ("Carthage is no side of this campaign",),
                     id="D6-no-such-side"),
        pytest.param("D6", [INVADE], ["advance"],
                     ("the turn cannot end yet (D6 phase 3)", "Hellespontine Phrygia"),
                     id="D6-an-invasion-unfought-holds-the-turn"),
        pytest.param("D6", [INVADE], ["loyalty", "Thrace", "--side", "Macedon", "--by", "1"],
                     ("come after the battles", "1 meeting(s)"),
                     id="D6-results-wait-for-the-invasions-battles"),
    ],
)  # fmt: skip
def test_d6_the_turn_side_by_side_refusals(
    capsys: pytest.CaptureFixture[str],
    path: str,
    rule: str,
    first: list[list[str]],
    argv: list[str],
    words: tuple[str, ...],
) -> None:
    for act in first:
        assert run(capsys, "campaign", *act, "--file", path)[0] == 0
    refused(capsys, path, argv, *words)
    assert rule == "D6"


def test_d6_the_initiative_side_first_then_the_other(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    said = run_json(capsys, "campaign", "done", "Macedon", "--file", path)
    assert said["summary"] == "Macedon has done its manoeuvres (D6 phase 2): Persia moves now"
    shown = run_json(capsys, "campaign", "show", "--file", path)["phase"]
    assert shown["key"] == "second_side_moves"
    assert run(capsys, "campaign", "move", "Persia 4", "--to", "Caria", "--file", path)[0] == 0
    run_json(capsys, "campaign", "done", "Persia", "--file", path)
    assert run_json(capsys, "campaign", "show", "--file", path)["phase"]["key"] == "battles"
    assert run_json(capsys, "campaign", "advance", "--file", path)["kind"] == "turn_advanced"


def test_d8_an_invasion_into_armies_is_a_meeting_fought_game_by_game(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    run(capsys, "campaign", *INVADE, "--file", path)
    (meeting,) = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert meeting["forces"] == ["Macedon 4", "Persia 2", "Persia 3"]
    assert meeting["pairing"] == {"pairs": [["Macedon 4", "Persia 2"]], "queue": ["Persia 3"]}
    opened = run_json(capsys, "campaign", "meetings", "--battle", "1", "--file", path)
    assert (opened["army_a"], opened["army_b"], opened["place"]) == (
        "Macedon 4",
        "Persia 2",
        "Hellespontine Phrygia",
    )
    record = ["record", "--meeting", "1", "--winner", "a", "--lost-b", "3", "--seed", "2"]
    first = run_json(capsys, "campaign", *record, "--file", path)
    assert "Persia 2" in first["summary"] and "battle of Hellespontine Phrygia" in first["summary"]
    (meeting,) = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert not meeting["settled"], "the winner fights the next army (D8)"
    assert meeting["pairing"] == {"pairs": [["Macedon 4", "Persia 3"]], "queue": []}
    refused(capsys, path, ["advance"], "the turn cannot end yet")
    second = run_json(capsys, "campaign", *record, "--file", path)
    assert "Persia 3" in second["summary"]
    (meeting,) = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert meeting["settled"] and meeting["pairing"] is None
    assert run_json(capsys, "campaign", "advance", "--file", path)["kind"] == "turn_advanced"


def test_d6_campaign_show_says_whose_initiative_it_is_and_who_still_moves(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    def left() -> list[str]:
        return list(run_json(capsys, "campaign", "show", "--file", path)["phase"]["left"])

    assert left() == [
        "Macedon has the initiative: it moves its armies and says it is done, then Persia "
        "moves (D6 phase 2)"
    ]
    run(capsys, "campaign", "done", "Macedon", "--file", path)
    assert left() == [
        "Macedon, with the initiative, is done; Persia moves its armies and says it is done "
        "(D6 phase 2)"
    ]
    code, text, _err = run(capsys, "campaign", "show", "--file", path)
    assert code == 0 and "Persia moves its armies" in text
    run(capsys, "campaign", "done", "Persia", "--file", path)
    assert left() == [], "both sides have moved: the battles follow"
