"""The command line in Italian (issue 14): campaign, battle, odds and serve as a club referee
reads them, with ``--lang it`` or ``CASTRA_LANG=it``.

What a user would notice is checked: the Italian words of the seeds (PM, PE, tributo,
esercito), numbers written the Italian way (decimal comma), one Italian line and exit 2 for a
refusal, and no English sentence of ours left in the text. Recorded text (the ledger's
summaries, scenario titles) is a description, rendered in the reader's language when shown
(:mod:`converters.said`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tarentine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A Tarentine Wars campaign one turn in (so the history and the tribute have something)."""
    path = str(tmp_path / "tarentine.castra")
    assert main(["campaign", "new", "tarentine", "--file", path]) == 0
    assert main(["campaign", "advance", "--file", path]) == 0
    capsys.readouterr()
    return path


@pytest.fixture(params=["flag", "environment"])
def italian(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words that make a run Italian: ``--lang it``, or nothing with ``CASTRA_LANG=it``."""
    if request.param == "flag":
        monkeypatch.delenv("CASTRA_LANG", raising=False)
        return ["--lang", "it"]
    monkeypatch.setenv("CASTRA_LANG", "it")
    return []


def test_campaign_map_in_italian(
    capsys: pytest.CaptureFixture[str], tarentine: str, italian: list[str]
) -> None:
    code, out, _err = _run(capsys, *italian, "campaign", "map", "--file", tarentine)
    assert code == 0
    lines = out.splitlines()
    assert "Turno 2, aprile 278 a.C." in lines[0]
    # The province Roma, held by the nation the seed calls Roma (the key stays "Rome").
    roma = next(line for line in lines if line.strip().startswith("Roma "))
    assert re.fullmatch(r"  Roma +Roma +15 PE città mare  Roma 4⚔ 2⚓", roma), roma
    # Issue 25: the generated names in the reader's language, the key staying "Rome I".
    assert lines[-1].startswith("Forze: Roma I (4 PM, Roma), Flotta di Roma I (2 PM, Roma)")
    assert not [line for line in lines if re.search(r"\b(city|sea|Forces|aboard)\b", line)]


def test_campaign_tribute_in_italian(
    capsys: pytest.CaptureFixture[str], tarentine: str, italian: list[str]
) -> None:
    code, out, _err = _run(capsys, *italian, "campaign", "tribute", "--file", tarentine)
    assert code == 0
    first, *nations = out.splitlines()
    assert first == "Tributo alla fine di Turno 2, aprile 278 a.C. (2ª quindicina) (T5.3):"
    rome = next(line for line in nations if line.strip().startswith("Roma "))
    assert re.search(r"Roma\s+\d+ PE  \(Interamna 3, ", rome), rome


def test_campaign_history_in_italian(
    capsys: pytest.CaptureFixture[str], tarentine: str, italian: list[str]
) -> None:
    code, out, _err = _run(capsys, *italian, "campaign", "history", "--file", tarentine)
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[:3] for line in lines] == [["#1", "turno", "1"], ["#2", "turno", "1"]]


def test_campaign_show_in_italian_with_castra_lang(
    capsys: pytest.CaptureFixture[str], tarentine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CASTRA_LANG", "it")
    code, out, _err = _run(capsys, "campaign", "show", "--file", tarentine)
    assert code == 0
    assert out.splitlines()[1] == "Turno 2, aprile 278 a.C. (2ª quindicina), su 65 turni"


def test_a_refused_move_is_one_italian_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tarentine: str, italian: list[str]
) -> None:
    before = Path(tarentine).read_bytes()
    code, out, err = _run(
        capsys, *italian, "campaign", "move", "Rome I", "--to", "Capua", "--how", "landing",
        "--file", tarentine,
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("castra: errore: --how: solo gli eserciti di Macedonia contro Persia")
    assert Path(tarentine).read_bytes() == before


def test_a_malformed_record_is_refused_in_italian(
    capsys: pytest.CaptureFixture[str], tarentine: str
) -> None:
    code, _out, err = _run(
        capsys, "--lang", "it", "campaign", "record", "--place", "Heraclea", "--winner", "a",
        "--side-a", "Rome", "--side-b", "Magna Graecia:3", "--file", tarentine,
    )  # fmt: skip
    assert code == 2
    assert err == "castra: errore: --side-a: scrivi NAZIONE:VALORE, es. Roma:4 (ricevuto 'Rome')\n"


def test_battle_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(
        capsys, "--lang", "it", "battle", "3", "2", "--seed", "7", "--a-retreat-at", "0",
        "--b-retreat-at", "0", "--a-name", "Roma", "--b-name", "Pirro",
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Roma: 3 PM, colpisce con 5+ · Pirro: 2 PM, colpisce con 5+"
    assert lines[1].startswith("  Probabilità se entrambe continuano: vince Roma ")
    assert re.search(r"vince Roma \d+,\d% ", lines[1]), "percentages with a decimal comma"
    assert "Round 1" in lines
    assert any(
        re.fullmatch(r"  Roma tira 3: [1-6 ]+ → (1 colpo|[02-9] colpi) con 5\+", line)
        for line in lines
    )
    result = next(line for line in lines if line.startswith("Risultato dopo "))
    # N1: the rounds come before the outcome, so a long outcome does not swallow them.
    assert re.fullmatch(r"Risultato dopo \d+ round: (vince Roma|vince Pirro|pareggio: .*)", result)
    english = re.compile(r"\b(wins|rolls|loses|left|hits on|Result|Odds)\b")
    assert not [line for line in lines if english.search(line)]


def test_battle_asks_in_italian_and_takes_the_italian_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A side without a threshold is asked "continuare o ritirarsi?"; "ritirata" is an answer."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("ritirata\n"))
    code, out, _err = _run(
        capsys, "--lang", "it", "battle", "6", "6", "--dice", ",".join(["1"] * 12 + ["6"] * 6),
        "--b-retreat-at", "0", "--a-name", "Roma", "--b-name", "Pirro",
    )  # fmt: skip
    assert code == 0
    assert "Roma: continuare o ritirarsi? [c/r] ritirata" in out
    assert "Inseguimento dopo il round 1" in out


def test_odds_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(capsys, "--lang", "it", "odds", "2", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "A: 2 PM, colpisce con 5+, combatte fino alla fine"
    for label in ("vince A", "vince B", "pareggio", "ritirata doppia"):
        row = next(line for line in lines if line.startswith(label))
        assert re.fullmatch(rf"{label} +\d+,\d\d%.*", row), row
    english_figures = _run(capsys, "--lang", "en", "odds", "2", "1")[1]
    a_wins = re.search(r"A wins +(\d+)\.(\d\d)%", english_figures)
    assert a_wins is not None
    assert f"{a_wins[1]},{a_wins[2]}%" in lines[2], "the same figure, with a decimal comma"


def test_serve_refuses_a_bad_port_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--lang", "it", "serve", "--port", "70000")
    assert (code, out) == (2, "")
    assert err == "castra: errore: --port: una porta va da 1 a 65535 (ricevuto 70000)\n"


@pytest.mark.parametrize(
    ("command", "italian_words"),
    [
        (
            ["campaign"],
            ["Tiene il registro di una campagna", "registra una battaglia"],
        ),
        (["campaign", "record"], ["dove si è combattuta", "FOG: gruppi di battaglia schierati"]),
        (["campaign", "move"], ["dove marcia", "il file di campagna (predefinito"]),
        (["campaign", "tribute"], ["il tributo di questo turno"]),
        (["battle"], ["Gioca una battaglia ai dadi", "il nome della parte A nel registro"]),
        (
            ["odds"],
            [
                "Probabilità esatte di una battaglia ai dadi",
                "dà anche le frazioni esatte (parti fino a 16 dadi)",
            ],
        ),
        (["serve"], ["indirizzo su cui ascoltare"]),
    ],
)
def test_help_in_italian(
    capsys: pytest.CaptureFixture[str], command: list[str], italian_words: list[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "it", *command, "--help"])
    assert stopped.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines where it likes
    assert out.startswith(f"uso: castra {' '.join(command)}")
    for words in italian_words:
        assert words in out
    assert "show this help message" not in out and "the campaign file" not in out


# ---- a command's own --lang is not the interface's (T7.3, issue 24) --------------------------


def test_t7_3_the_seats_language_does_not_set_the_referees(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``castra campaign players Rome --lang it`` keeps Italian for Rome's seat and answers the
    referee, who asked in English, in English: the same table ``campaign players`` then shows."""
    code, out, err = _run(
        capsys, "campaign", "players", "Rome", "--lang", "it", "--file", tarentine
    )
    assert (code, err) == (0, "")
    assert _run(capsys, "campaign", "players", "--file", tarentine) == (0, out, "")
    assert out.startswith("Players, turn 2:\n  Rome           it  "), out


def test_t7_3_castras_own_lang_comes_before_the_command(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``castra --lang it campaign players Rome --lang en``: Italian for the referee, English
    kept for Rome's seat."""
    code, out, err = _run(
        capsys, "--lang", "it", "campaign", "players", "Rome", "--lang", "en", "--file", tarentine
    )
    assert (code, err) == (0, "")
    assert _run(capsys, "--lang", "it", "campaign", "players", "--file", tarentine) == (0, out, "")
    assert out.startswith("Giocatori, turno 2:\n  Roma           en  "), out


@pytest.mark.parametrize(
    ("argv", "language"),
    [
        (["campaign", "players", "Rome", "--lang", "it"], "en"),
        (["--lang", "it", "campaign", "players", "Rome", "--lang", "en"], "it"),
        (["--lang=it", "campaign", "players", "Rome", "--lang=en"], "it"),
        (["--campaign", "c.castra", "--lang", "it"], "it"),
        (["--seat", "Rome", "--lang", "it"], "it"),
        (["--help", "--lang", "it"], "it"),
    ],
)
def test_t7_3_only_castras_own_lang_is_the_interface_s(argv: list[str], language: str) -> None:
    """The interface's language is ``castra``'s ``--lang``, given before the command; a
    command's own ``--lang`` (a seat's, a packet's) never sets it."""
    from assistant.cli import interface_language

    assert interface_language(argv) == language
