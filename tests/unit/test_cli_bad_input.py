"""One line, exit 2, for every bad input (issue 10), and flags named on the command line
(issue 11).

Each case below ended in a traceback, Python's own wording or unbounded work before; now it is
one line on stderr naming the problem, exit code 2, and the campaign file is left as it was.
Cases that need a real process (a non-UTF-8 argument, a full or closed stdout, another process
holding the write lock) run ``castra`` as a subprocess.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.unit.test_ledger_cli import run

CASTRA = [sys.executable, "-m", "assistant"]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``castra argv``; assert exit 2, nothing on stdout, one line on stderr; return it."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    return err.strip()


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "c.castra"
    assert run(capsys, "campaign", "new", "tarentine", "--file", str(path))[0] == 0
    return path


@pytest.fixture
def deep_json(tmp_path: Path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


def test_a_file_name_longer_than_the_file_system_stores_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = str(tmp_path / ("a" * 300 + ".castra"))
    line = refused(capsys, "campaign", "new", "tarentine", "--file", name)
    assert line == "castra: error: --file: a file name of at most 255 bytes (got one of 307)"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["ghost", "replay", "DEEP"], "FILE"),
        (["ghost", "pp", "DEEP"], "FILE"),
        (["bellum", "standings", "DEEP"], "FILE"),
        (["campaign", "import", "DEEP", "--file", "NEW"], "FILE"),
        (["campaign", "centres", "--file", "BELLUM", "--year", "1", "--centres-file", "DEEP"],
         "--centres-file"),
        (["campaign", "record", "--file", "CAMPAIGN", "--place", "Roma", "--system", "dice",
          "--dice-log", "DEEP"], "--dice-log"),
    ],
    ids=["ghost-replay", "ghost-pp", "bellum-standings", "import", "centres-file", "dice-log"],
)  # fmt: skip
def test_deeply_nested_json_in_any_file_argument_is_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    campaign: Path,
    deep_json: Path,
    argv: list[str],
    option: str,
) -> None:
    bellum = tmp_path / "b.castra"
    run(capsys, "campaign", "new", "bellum", "--faction", "Scipii", "--file", str(bellum))
    files = {"DEEP": str(deep_json), "CAMPAIGN": str(campaign), "BELLUM": str(bellum)}
    files["NEW"] = str(tmp_path / "new.castra")
    before = {path: path.read_bytes() for path in (campaign, bellum)}
    line = refused(capsys, *(files.get(part, part) for part in argv))
    assert line == f"castra: error: {option}: {deep_json} nests deeper than 32 levels"
    assert {path: path.read_bytes() for path in (campaign, bellum)} == before
    assert not (tmp_path / "new.castra").exists()


def test_an_event_id_beyond_sqlite_in_an_import_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    assert run(capsys, "campaign", "advance", "--file", str(campaign))[0] == 0
    exported = tmp_path / "e.json"
    assert run(capsys, "campaign", "export", "--file", str(campaign), str(exported))[0] == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["events"][1]["id"] = 10**30
    exported.write_text(json.dumps(document), encoding="utf-8")
    line = refused(capsys, "campaign", "import", str(exported), "--file", str(tmp_path / "i"))
    assert line.startswith("castra: error: import: events[1].id: a whole number from 1 to ")
    assert not (tmp_path / "i").exists()


def test_schema_version_0_says_the_file_is_damaged_not_0(
    capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    with sqlite3.connect(campaign) as connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    connection.close()
    line = refused(capsys, "campaign", "show", "--file", str(campaign))
    assert line == (
        f"castra: error: file: {campaign} is damaged (schema version '0'); "
        "not opened, left unchanged"
    )


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("²", "--dice: give die faces as whole numbers ≥ 1, e.g. 1,5,6 (got '²')"),
        ("1" * 5000, "--dice: a die face is at most 1000 (got '" + "1" * 40 + "…')"),
    ],
    ids=["superscript-two", "5000-digit-die"],
)
def test_a_die_python_cannot_read_is_refused_in_our_words(
    capsys: pytest.CaptureFixture[str], typed: str, expected: str
) -> None:
    line = refused(
        capsys, "losses", "recovery", "--pm", "4", "--bases", "10", "--destroyed", "2",
        "--routed", "0", "--dice", typed,
    )  # fmt: skip
    assert line == f"castra: error: {expected}"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("²", "castra losses recovery: error: argument --bases: a whole number, e.g. 3 (got '²')"),
        ("1000000", "castra: error: --bases: at most 1000 (got 1000000)"),
        (
            "9" * 5000,
            "castra losses recovery: error: argument --bases: at most 1000000 (got '"
            + "9" * 40
            + "…')",
        ),
    ],
    ids=["superscript-two", "a-million-bases", "5000-digits"],
)
def test_counts_have_sane_upper_bounds(
    capsys: pytest.CaptureFixture[str], typed: str, expected: str
) -> None:
    """A million bases took 19 s and 2.6 GB (one die each): T2.6 takes at most 1,000."""
    line = refused(
        capsys, "losses", "recovery", "--pm", "4", "--bases", typed, "--destroyed", "1",
        "--routed", "0", "--seed", "1",
    )  # fmt: skip
    assert line == expected


def test_a_newline_in_an_argument_is_echoed_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, "campaign", "show", "--file", str(tmp_path / "a\nb.castra"))
    assert "a\\nb.castra" in line


def test_a_non_utf8_argument_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [*CASTRA, "campaign", "show", "--file", os.fsencode(tmp_path) + b"/\xff.castra"],
        capture_output=True,
        env={**os.environ, "CASTRA_HOME": str(tmp_path)},
    )
    assert result.returncode == 2
    assert result.stderr.decode().startswith("castra: error: argument 4 is not UTF-8 text (")
    assert result.stderr.count(b"\n") == 1


def test_a_full_stdout_after_recording_keeps_the_event_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*CASTRA, "campaign", "advance", "--file", str(campaign)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert result.returncode == 2
    assert result.stderr == (
        f"castra: error: #2 in {campaign} was recorded, but its summary could not be printed "
        "(the disk is full)\n"
    )
    assert run(capsys, "campaign", "show", "--file", str(campaign), "--json")[0] == 0


def test_a_closed_stdout_after_recording_keeps_the_event_and_says_so(campaign: Path) -> None:
    process = subprocess.Popen(
        [*CASTRA, "campaign", "advance", "--file", str(campaign)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader went away before castra wrote a word
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert err.startswith(f"castra: error: #2 in {campaign} was recorded, but its summary")
    assert err.count("\n") == 1
    shown = subprocess.run(
        [*CASTRA, "campaign", "show", "--file", str(campaign), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(shown.stdout)["turn"] == 2


def test_a_write_lock_held_past_the_timeout_names_its_holder(
    capsys: pytest.CaptureFixture[str], campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant.ledger import store

    monkeypatch.setattr(store, "BUSY_TIMEOUT_MS", 300)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE')\n"
            "print('held', flush=True)\n"
            "time.sleep(60)\n",
            str(campaign),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        before = campaign.read_bytes()
        line = refused(capsys, "campaign", "advance", "--file", str(campaign))
    finally:
        holder.kill()
        holder.wait()
    assert line.startswith(f"castra: error: file: {campaign} is being written by ")
    if Path("/proc/locks").exists():
        assert f"pid {holder.pid} (python" in line
    assert line.endswith("nothing was recorded: try again when it is done")
    assert campaign.read_bytes() == before


# ------------------------------------------------------- issue 11: the command line names flags
def test_losses_name_the_flags_the_user_typed(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys, "losses", "fog", "--pm", "4", "--battle-groups", "10", "--broken", "8",
        "--fragmented", "3", "--outcome", "lost",
    )  # fmt: skip
    assert line == (
        "castra: error: --broken/--fragmented: together at most --battle-groups (10), got 8 + 3"
    )


def test_an_army_battle_names_army_b_by_its_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "m.castra")
    run(capsys, "campaign", "new", "macedon", "--file", path)
    line = refused(
        capsys, "campaign", "record", "--file", path, "--place", "Granicus",
        "--army-a", "Persia 2", "--army-b", "Persia 3", "--winner", "a",
        "--lost-a", "1", "--lost-b", "6", "--dice", "5",
    )  # fmt: skip
    assert line == "castra: error: --army-b: Persia 3 is on the same side as Persia 2"


@pytest.mark.parametrize("command", [[], ["serve"]], ids=["app", "serve"])
def test_a_campaign_name_too_long_for_the_app_names_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    name = str(tmp_path / ("a" * 300))
    line = refused(capsys, "--campaign", name, *command)
    assert line == "castra: error: --campaign: a file name of at most 255 bytes (got one of 300)"


def test_a_disk_that_fills_up_while_recording_is_one_line_and_nothing_recorded(
    capsys: pytest.CaptureFixture[str], campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite rolls the event back when the disk is full; the user hears it in one line."""
    from assistant.ledger.store import CampaignStore

    def full_disk(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(CampaignStore, "append", full_disk)
    line = refused(capsys, "campaign", "advance", "--file", str(campaign))
    assert line == (  # it says the disk is full, in our words (issue 28)
        "castra: error: file: the disk is full: nothing was recorded; free some space and try again"
    )


def test_a_scripted_dice_battle_that_runs_out_of_dice_is_one_line_with_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With --json the play-by-play goes to stderr: it waits for the battle's end (or a
    question), so running out of --dice is one line, not the rounds and then the refusal.
    Found by the command-line fuzz."""
    line = refused(capsys, "battle", "1", "0", "--city", "--dice", "1", "--json")
    assert line.startswith("castra: error: --dice: ran out after 1 value; needed a d6")


def test_a_battle_sheet_too_large_for_exact_odds_is_printed_without_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1 PM v 1,000,000 PM overflowed the T3.8 odds (found by the command-line fuzz): the sheet
    leaves the odds out beyond the 200 PM that `castra odds` computes. (The sheet is written
    where the referee stands, so the test stands in a folder of its own.)"""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "sheet", "fog", "1", "1000000", "--format", "md")
    assert (code, err) == (0, "")
    assert out


def test_physical_dice_that_run_out_of_input_refuse_on_a_line_of_their_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ghost new --physical printed "Roll a d8 …: castra: error: …" on one line (found by the
    command-line fuzz); it now shares the command line's asker, which ends the prompt first."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "ghost", "new", "--side", "north", "--physical")
    assert out == ""
    prompt, refusal = err.removesuffix("\n").split("\n")
    assert code == 2 and "castra" not in prompt
    assert refusal == (
        "castra: error: stdin: input ended while waiting for a die's face; nothing was recorded"
    )
