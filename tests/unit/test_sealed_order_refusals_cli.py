"""Issue 22's bad input for a sealed order on the command line (T7.3, T3.7, T5.2): an order
for another nation's force, to a province that is no neighbour, beyond 8 stretches, carrying
more than the fleet can, in the wrong phase, twice for one force — each exit 2 with one line
naming its rule, and nothing written to the campaign file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_ledger_cli import run, run_json

RESOLVE = ["campaign", "resolve"]
"""Carries every sealed order out: the movement (T5.2 phase 3) is then over."""


@pytest.mark.parametrize(
    ("rule", "first", "argv", "words"),
    [
        pytest.param("T7.3", [], ["campaign", "move", "Rome I", "--to", "Corfinium",
                                  "--nation", "Carthage"],
                     ("Rome I is a force of Rome, not of Carthage",),
                     id="T7.3-another-nations-force"),
        pytest.param("T7.3", [], ["campaign", "move", "Rome I", "--to", "Tarentum"],
                     ("--to:", "no road joins Roma and Tarentum"), id="T7.3-no-neighbour"),
        pytest.param("T3.7", [], ["campaign", "sail", "Rome fleet I", "--to", "Sena"],
                     ("--to:", "at most 8"), id="T3.7-beyond-8-stretches"),
        pytest.param("T7.3", [], ["campaign", "sail", "Rome fleet I", "--to", "Capua",
                                  "--carry", "Rome I"],
                     ("--carry:", "4 land PM need 4 naval PM"), id="T7.3-carrying-too-much"),
        pytest.param("T5.2", [RESOLVE], ["campaign", "move", "Rome I", "--to", "Corfinium"],
                     ("T5.2 phase 3",), id="T5.2-in-the-wrong-phase"),
        pytest.param("T7.3", [["campaign", "move", "Rome I", "--to", "Corfinium"]],
                     ["campaign", "move", "Rome I", "--to", "Capua"],
                     ("Rome I already has an order",), id="T7.3-twice-for-one-force"),
    ],
)  # fmt: skip
def test_a_bad_sealed_order_is_refused_in_one_line_naming_its_rule(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    rule: str,
    first: list[list[str]],
    argv: list[str],
    words: tuple[str, ...],
) -> None:
    path = tmp_path / "t.castra"
    assert run(capsys, "campaign", "new", "tarentine", "--file", str(path))[0] == 0
    for act in first:
        assert run(capsys, *act, "--file", str(path))[0] == 0
    before = run_json(capsys, "campaign", "history", "--file", str(path))["events"]
    code, out, err = run(capsys, *argv, "--file", str(path))
    assert code == 2 and out == "", err
    assert err.count("\n") == 1, err
    assert rule in err, err
    for word in words:
        assert word in err, err
    after = run_json(capsys, "campaign", "history", "--file", str(path))["events"]
    assert after == before, "nothing is written"
