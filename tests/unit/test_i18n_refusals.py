"""The pure packages' refusals in Italian (issue 14): the same refusal the command line gives
in English, in one line, exit 2, in the clubs' words; the field stays the user's flag or key.

Each case is a refusal raised by converters, armylists or ghost (not by the command's own
checks), so these fail if a package's message is not translated or names its field in words
the interface cannot map.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.cli.common import describe
from converters.errors import FieldError
from converters.i18n import set_language
from converters.odds import battle_odds

ROOT = Path(__file__).resolve().parents[2]
GHOST_SCRIPT = ROOT / "docs" / "examples" / "ghost-battle.json"


def _refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one stderr line of a refused command (exit 2, nothing on stdout)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


# (arguments, Italian line): a refusal of the rules, in Italian.
REFUSALS = [
    pytest.param(
        ["budget", "fog", "3", "1", "--rate", "fog_points_per_pm=0"],
        "castra: errore: --rate fog_points_per_pm: più di 0 (ricevuto 0)",
        id="budget-rate-T1.2",
    ),
    pytest.param(
        ["losses", "fog", "--outcome", "lost", "--pm", "3", "--battle-groups", "4",
         "--broken", "3", "--fragmented", "2"],
        "castra: errore: --broken/--fragmented: insieme al massimo --battle-groups (4), "
        "ricevuto 3 + 2",
        id="losses-fog-T2.1",
    ),
    pytest.param(
        ["losses", "dbm", "--outcome", "lost", "--pm", "3", "--total-eleq", "12",
         "--eliminated", "12.5"],
        "castra: errore: --eliminated: al massimo --total-eleq (12), ricevuto 12.5",
        id="losses-dbm-T2.2",
    ),
    pytest.param(
        ["losses", "recovery", "--pm", "3", "--bases", "0", "--destroyed", "0", "--routed", "0",
         "--seed", "1"],
        "castra: errore: --bases: almeno 1 (le basette schierate dal contingente)",
        id="losses-recovery-T2.6",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "italian"), REFUSALS)
def test_a_rule_s_refusal_reads_in_italian_naming_the_same_flag(
    capsys: pytest.CaptureFixture[str], argv: list[str], italian: str
) -> None:
    english = _refusal(capsys, *argv)
    assert _refusal(capsys, "--lang", "it", *argv) == italian
    # The flag (and a --rate key) is the user's own in either language; only the words change.
    flag = italian.removeprefix("castra: errore: ").rpartition(": ")[0]
    assert english.startswith(f"castra: error: {flag}: ")
    assert english != italian


def test_an_odds_refusal_in_italian_keeps_its_flag() -> None:
    """T3.2: the odds converter's refusal names ``a_target``, which the command line shows as
    its flag in either language (``castra odds`` checks its numbers first in its own words, so
    the converter's line is shown here through the command line's describe)."""
    set_language("it")
    with pytest.raises(FieldError) as refused:
        battle_odds(3, 3, a_target=7)
    assert describe(refused.value) == (
        "--a-target: il valore per colpire con un d6 va da 2 a 6 (ricevuto 7)"
    )
    with pytest.raises(FieldError) as refused:
        battle_odds(0, 3)
    assert describe(refused.value) == (
        "--pm-a: una parte ha almeno 1 PM (solo una città ha una guarnigione di ½ PM)"
    )


def test_a_dba_campaign_move_refusal_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """D5/D10: a forced march through a province that does not border the army's."""
    campaign = str(tmp_path / "macedon.db")
    assert main(["campaign", "new", "macedon", "--file", campaign]) == 0
    capsys.readouterr()
    line = _refusal(
        capsys, "--lang", "it", "campaign", "move", "Alexander", "--to", "Egypt",
        "--how", "forced-march", "--via", "Syria", "--file", campaign,
    )  # fmt: skip
    # The provinces in Italian (issue 25, D9): Syria is "Siria", its neighbours named too.
    assert line.startswith("castra: errore: D10: Siria non confina con Macedonia")


@pytest.mark.parametrize(
    ("change", "italian"),
    [
        pytest.param(
            {"turns": 2},
            "castra: errore: turns[2].units_lost: un totale progressivo, almeno le 1 unità del "
            "turno prima (ricevuto 0)",
            id="G3.4-running-total",
        ),
        pytest.param(
            {"dice": [3, 2, 9]},
            "castra: errore: dice[2]: un d6 mostra da 1 a 6 (ricevuto 9) per G3.3 conto alla "
            "rovescia per la ritirata (serve 3+)",
            id="G3.3-die-face",
        ),
    ],
)
def test_a_ghost_script_error_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], italian: str
) -> None:
    script = json.loads(GHOST_SCRIPT.read_text(encoding="utf-8"))
    if "turns" in change:
        script["turns"][change["turns"]]["units_lost"] = 0
    else:
        script.update(change)
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    assert _refusal(capsys, "--lang", "it", "ghost", "replay", str(path)) == italian
