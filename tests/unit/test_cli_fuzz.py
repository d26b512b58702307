"""Fuzz the whole command line: any argv built from the real parser ends in exit 0 or 2.

Hypothesis walks ``build_parser()`` — every sub-command and each of its options and positional
arguments — and fills them with plausible values (nations, PM, dice, the campaign files of a
scratch folder) and hostile ones (empty, a newline, ``²``, 5,000 digits, a non-UTF-8 byte,
deeply nested JSON, a name too long for the file system …). Every run must end in exit 0, or
in exit 2 with exactly one line on stderr and no traceback; a refused command must leave every
file of the folder as it was (issue 10).

The suite runs a few hundred examples (about 20 s). For a long run (nightly, or after touching
the command line), set ``CASTRA_FUZZ_EXAMPLES``; the examples are then random, not the suite's
fixed ones::

    CASTRA_FUZZ_EXAMPLES=20000 .venv/bin/python -m pytest tests/unit/test_cli_fuzz.py -n 0 -q -s

(see docs/cli.md, "Fuzzing the command line").
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.cli import build_parser, main

EXAMPLES = int(os.environ.get("CASTRA_FUZZ_EXAMPLES", "300"))
LONG_RUN = "CASTRA_FUZZ_EXAMPLES" in os.environ

# ------------------------------------------------------------------ the parser, walked
COMMANDS = list(build_parser().commands())
"""Every runnable command: its words and its parser, as our own registration recorded them
(``CastraArgumentParser.commands``; argparse has no public way to list a parser's arguments)."""

# ------------------------------------------------------------------ values
FILES = (
    "c.castra", "m.castra", "b.castra", "s.castra", "export.json", "deep.json", "junk.json",
    "text.txt",
)  # fmt: skip
NAMES = (
    "Rome", "Carthage", "Pyrrhus", "Syracuse", "Magna Graecia", "Senones", "Etruscans",
    "Alexander", "Darius", "Persia 2", "Macedon 2", "Scipii", "Heraclea", "Tarentum", "Roma",
    "fog", "dbm", "dba", "dice", "a", "b", "won", "lost", "draw", "aggressive", "cautious",
    "Rome I", "Magna Graecia III", "Rome fleet I", "Corfinium", "Capua",
)  # fmt: skip
NUMBERS = (
    "0", "1", "2", "3", "4", "5", "6", "7", "10", "12", "24", "-1", "0.5", "1/2", "3.7", "200",
    "201", "1000", "1001", "1000000", "1000001", "99999999999999999999",
)  # fmt: skip
HOSTILE = (
    "", " ", "\n", "a\nb", "\r", "\t", "²", "٣", "1" * 5000, "9" * 300, "\udcff", "-", "--",
    "{}", "{0}", "%s", "x" * 300, "/", ".", "..", "nope/missing.castra", "a" * 300 + ".castra",
    "Rome:", ":3", "Rome:3:4", "=", "Rome=", "1,,2", ",", "0,0", "6,6,6,6,6,6,6,6,6,6,6,6",
)  # fmt: skip

small_numbers = st.one_of(st.integers(0, 12).map(str), st.sampled_from(NUMBERS))
pairs = st.builds(
    lambda name, separator, value: f"{name}{separator}{value}",
    st.sampled_from(NAMES),
    st.sampled_from([":", "="]),
    small_numbers,
)
dice_faces = st.lists(st.integers(1, 6), min_size=1, max_size=12).map(
    lambda faces: ",".join(map(str, faces))
)
plausible = st.one_of(
    st.sampled_from(NAMES), small_numbers, pairs, dice_faces, st.sampled_from(FILES)
)
# Real argv cannot hold a NUL byte; every other character can reach us.
hostile = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30).filter(lambda text: "\x00" not in text),
    st.integers().map(str),
)


def expected_for(action: argparse.Action) -> st.SearchStrategy[str]:
    """What ``action`` expects, guessed from its choices, name and type."""
    hint = f"{action.dest} {action.metavar or ''}".lower()
    if action.choices:
        return st.sampled_from([str(choice) for choice in action.choices])
    if action.dest in ("file", "campaign") and action.option_strings:
        return st.sampled_from(["c.castra", "m.castra", "b.castra", "s.castra", "new.castra"])
    if "file" in hint or "source" in hint or "path" in hint:
        return st.sampled_from(FILES)
    if "dice" in hint:
        return dice_faces
    if ":" in hint or "=" in hint:
        return pairs
    if action.type is int or "pm" in hint:
        return small_numbers
    return plausible


@st.composite
def argv(draw: Any) -> list[str]:
    """A command, then some of its options and positionals in argparse's own order.

    A third of the runs type only what each argument expects (so commands run to the end), a
    third put one wrong value among them, a third anything anywhere.
    """
    path, parser = draw(st.sampled_from(COMMANDS))
    mood = draw(st.sampled_from(["calm", "one-wrong", "chaos"]))
    arguments = list(path)
    typed_at: list[int] = []
    for action in parser.arguments:
        if "-h" in action.option_strings:
            continue
        if action.option_strings:
            # Required options nearly always, the others now and then.
            if action.required:
                wanted = draw(st.integers(0, 14)) > 0
            else:
                wanted = draw(st.integers(0, 2)) == 0
            if not wanted:
                continue
            arguments.append(draw(st.sampled_from(action.option_strings)))
        count = {0: 0, "?": draw(st.integers(0, 1)), "*": draw(st.integers(0, 3))}.get(
            action.nargs,  # type: ignore[arg-type]
            draw(st.integers(1, 3)) if action.nargs == "+" else 1,
        )
        if isinstance(action.nargs, int):
            count = action.nargs
        expected = expected_for(action)
        for _ in range(count):
            typed_at.append(len(arguments))
            chaotic = mood == "chaos" and draw(st.integers(0, 2)) == 0
            arguments.append(draw(st.one_of(plausible, hostile) if chaotic else expected))
    if mood == "one-wrong" and typed_at:
        arguments[draw(st.sampled_from(typed_at))] = draw(hostile)
    return arguments


# ------------------------------------------------------------------ a scratch folder per run
@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The campaign and JSON files each run starts from (made once: each run copies them)."""
    folder = tmp_path_factory.mktemp("fuzz-templates")
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        for name, scenario in (("c", ["tarentine"]), ("m", ["macedon"])):
            assert (
                main(["campaign", "new", *scenario, "--file", str(folder / f"{name}.castra")]) == 0
            )
        # T7.3: sealed orders that cross on a road, waiting to be carried out (resolve,
        # orders, meetings, answer have something to work on)
        sealed = str(folder / "s.castra")
        assert main(["campaign", "new", "tarentine", "--file", sealed]) == 0
        for army, to in (("Rome I", "Corfinium"), ("Magna Graecia III", "Roma")):
            assert main(["campaign", "move", army, "--to", to, "--file", sealed]) == 0
        # T3.0: the same crossing carried out, Magna Graecia seeking battle (withdraw has a
        # meeting to settle)
        met = str(folder / "w.castra")
        assert main(["campaign", "new", "tarentine", "--file", met]) == 0
        for army, to in (("Rome I", "Corfinium"), ("Magna Graecia III", "Roma")):
            assert main(["campaign", "move", army, "--to", to, "--file", met]) == 0
        assert main(["campaign", "resolve", "--file", met]) == 0
        assert main(["campaign", "answer", "1", "--seek", "Magna Graecia", "--file", met]) == 0
        bellum = ["campaign", "new", "bellum", "--faction", "Scipii"]
        assert main([*bellum, "--file", str(folder / "b.castra")]) == 0
        export = ["campaign", "export", "--file", str(folder / "c.castra")]
        assert main([*export, str(folder / "export.json")]) == 0
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    (folder / "junk.json").write_text('{"events": [1, 2', encoding="utf-8")
    (folder / "text.txt").write_bytes(b"\xff\xfe not text")
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (SQLite's -wal/-shm companions included), by path."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


class Keyboard(io.StringIO):
    """stdin that remembers whether the command asked for anything."""

    asked = False

    def readline(self, size: int | None = -1) -> str:
        self.asked = True
        return super().readline(size)

    def read(self, size: int | None = -1) -> str:
        self.asked = True
        return super().read(size)


@contextlib.contextmanager
def scratch(templates: Path, stdin: str) -> Iterator[Path]:
    """A fresh copy of the templates as the working directory and CASTRA_HOME, ``stdin`` as
    the keyboard: whatever a command writes stays in the copy."""
    saved = os.getcwd(), os.environ.get("CASTRA_HOME"), sys.stdin
    with tempfile.TemporaryDirectory(prefix="castra-fuzz-") as name:
        folder = Path(name)
        for template in templates.iterdir():
            shutil.copy(template, folder / template.name)
        os.chdir(folder)
        os.environ["CASTRA_HOME"] = str(folder / "home")
        sys.stdin = Keyboard(stdin)
        try:
            yield folder
        finally:
            os.chdir(saved[0])
            if saved[1] is None:
                os.environ.pop("CASTRA_HOME", None)
            else:
                os.environ["CASTRA_HOME"] = saved[1]
            sys.stdin = saved[2]


# ------------------------------------------------------------------ the property
RUNS: list[tuple[float, int, list[str]]] = []
"""Each run's time, exit code and argv, for the long run's report."""


PYTHON_WORDING = (
    "Traceback", "invalid literal", "base 10", "Exceeds the limit", "set_int_max_str_digits",
    "object has no attribute", "NoneType", "not subscriptable", "unsupported operand",
    "could not convert", "takes no arguments", "positional argument", "[Errno", "codec can't",
    "KeyError", "ValueError", "TypeError", "pydantic", "Input should be",
)  # fmt: skip
"""Python's own words, which a refusal must never show (issue 28)."""


def check_one_command_line(templates: Path, arguments: list[str], keyboard: list[str]) -> None:
    """Run ``castra ARGUMENTS`` in a scratch folder: exit 0, or exit 2 with one line in our
    words that names only what the user typed, and nothing written."""
    from assistant.cli.commands._guarded_server import GuardedServer
    from converters import dice

    out, err = io.StringIO(), io.StringIO()
    with (
        scratch(templates, "".join(f"{line}\n" for line in keyboard)) as folder,
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(GuardedServer, "serve", lambda server, debug=False: None)
        # Unseeded dice roll the same in every run, so a failure replays.
        patch.setattr(
            dice, "random", SimpleNamespace(Random=lambda seed=None: random.Random(seed or 0))
        )
        keyboard_used = sys.stdin
        before = snapshot(folder)
        started = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(arguments)
            except SystemExit as stop:  # argparse: --help (0) or a usage error (2)
                code = stop.code if isinstance(stop.code, int) else 2
        RUNS.append((time.perf_counter() - started, code, arguments))
        after = snapshot(folder)
    message = err.getvalue()
    assert code in (0, 2), f"exit {code}: {arguments!r}\n{message}"
    assert "Traceback" not in message, arguments
    if code == 2:
        # A command that asked on the keyboard (physical dice, a dice battle's decisions)
        # showed its questions first; the refusal is the last line.
        *asked, refusal = message.removesuffix("\n").split("\n")
        assert message.endswith("\n") and refusal.startswith("castra"), (arguments, message)
        assert not asked or getattr(keyboard_used, "asked", False), (arguments, message)
        assert "castra: error" not in "\n".join(asked), (arguments, message)
        assert after == before, f"a refused command wrote: {arguments!r}"
        assert_in_our_words(refusal, arguments)


def assert_in_our_words(refusal: str, arguments: list[str]) -> None:
    """The refusal speaks the user's language: no Python wording, no bare ``'key'`` (a
    KeyError's text), and every ``--flag`` it names is one the command has as typed."""
    words = [word for word in PYTHON_WORDING if word in refusal]
    assert not words, (arguments, refusal)
    reason = refusal.partition("error: ")[2]
    assert not re.fullmatch(r"'[^']*'", reason), (arguments, refusal)
    for named in re.findall(r"(?<![\w-])--[a-z][\w-]*", refusal):
        assert "_" not in named, (arguments, refusal)
    assert not reason.startswith("kind:"), (arguments, refusal)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not LONG_RUN,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
@given(arguments=argv(), keyboard=st.lists(st.sampled_from(["1", "6", "x", "", "7"]), max_size=3))
def test_any_command_line_ends_in_exit_0_or_one_line_and_exit_2(
    templates: Path, arguments: list[str], keyboard: list[str]
) -> None:
    check_one_command_line(templates, arguments, keyboard)


# ------------------------------------------------------------------ seeds, one set per command
LONG_NAME = "N" * 5000
PARTIES = ["--party", "Rome", "--party", "Carthage"]
SEEDS: dict[str, list[list[str]]] = {
    "annibui units": [[]],
    "annibui cost": [
        ["--unit", "5:spadaccini:ACF+1,RES+2", "--treasury", "100"],
        ["--unit", "²"],
        ["--unit", "²:spadaccini"],
        ["--unit", "9" * 5000 + ":spadaccini"],
        ["--unit", "9" * 5000],
    ],
    "annibui fire": [["--shooters", "3:arcieri", "--targets", "2:spadaccini"]],
    "annibui melee": [["--attackers", "3:spadaccini", "--defenders", "2:picchieri"]],
    "annibui discipline": [
        ["--units", "8", "--lost", "4", "--dis", "5"],
        ["--units", "9" * 5000, "--lost", "1", "--dis", "1"],
    ],
    "annibui income": [["--cities", "2", "--capitals", "1"]],
    "annibui map": [["--players", "4"]],
    "battle": [["--seed", "1", "4", "3"], ["--dice", "²", "4", "3"]],
    "bellum standings": [["b.castra"]],
    "bellum powers": [[], ["--faction", "scipii"]],
    "budget": [["fog", "5", "3"], ["dbmm", "5", "3"]],
    "campaign new": [
        ["custom", "--file", "n.castra", "--nation", "Rome", "--nation", "Carthage"],
        ["custom", "--file", "n.castra", "--nation", LONG_NAME, "--nation", "Carthage"],
        ["tarentine", "--file", "n.castra", "--who", LONG_NAME],
    ],
    "campaign rules": [["--file", "c.castra"]],
    "campaign rule": [["--file", "c.castra", "--reason", "club", "storm_losses", "2"]],
    "campaign show": [["--file", "c.castra"], ["--file", "m.castra"], ["--file", "b.castra"]],
    "campaign centres": [["--file", "b.castra", "--year", "1"]],
    "campaign record": [
        ["--file", "w.castra", "--meeting", "1", "--winner", "a", "--pm-lost", "Rome:1"],
        ["--file", "w.castra", "--meeting", "1", "--place", LONG_NAME, "--winner", "a"],
        ["--file", "w.castra", "--meeting", "0", "--winner", "a"],
        ["--file", "c.castra", "--meeting", "1", "--winner", "a"],
        ["--file", "c.castra", "--place", "Heraclea"],
        ["--file", "c.castra", "--place", LONG_NAME],
    ],
    "campaign rebuild": [["--file", "c.castra", "--nation", "Rome"]],
    "campaign recruit": [
        ["--file", "c.castra", "--nation", "Rome", "--land", "1"],
        ["--file", "c.castra", "--nation", "Rome", "--land", "1", "--join", LONG_NAME],
        ["--file", "m.castra", "--nation", "Macedon", "--land", "1"],
    ],
    "campaign advance": [["--file", "c.castra"]],
    "campaign winter": [
        ["--file", "c.castra"],
        ["--file", "c.castra", "--disband", "Pyrrhus I:1"],
        ["--file", "c.castra", "--disband", f"{LONG_NAME}:1"],
    ],
    "campaign control": [["--file", "c.castra"]],
    "campaign map": [["--file", "c.castra"], ["--file", "m.castra"]],
    "campaign tribute": [["--file", "c.castra"]],
    "campaign move": [
        ["--file", "c.castra", "--to", "Arpi", "Rome I"],
        ["--file", "m.castra", "--to", "Thrace", "Alexander"],
    ],
    "campaign action": [["--file", "m.castra", "Alexander", "works"]],
    "campaign mobilise": [
        ["--file", "m.castra", "--side", "Macedon", "--army", "Macedon 9", "Macedonia"]
    ],
    "campaign loyalty": [["--file", "m.castra", "--side", "Macedon", "--by", "1", "Thrace"]],
    "campaign pairing": [["--file", "m.castra", "Macedonia"]],
    "campaign sail": [
        ["--file", "c.castra", "--to", "Neapolis", "Rome fleet I"],
        ["--file", "s.castra", "--to", "Neapolis", "--nation", "Carthage", "Rome fleet I"],
        ["--file", "s.castra", "--to", "Sena", "Rome fleet I"],
    ],
    "campaign land": [["--file", "c.castra", "Rome I"]],
    "campaign rename": [
        ["--file", "c.castra", "--name", "Legio", "Rome I"],
        ["--file", "c.castra", "--name", LONG_NAME, "Rome I"],
    ],
    "campaign split": [
        ["--file", "c.castra", "--pm", "1", "--name", "Legio", "Rome I"],
        ["--file", "c.castra", "--pm", "1", "--name", LONG_NAME, "Rome I"],
    ],
    "campaign merge": [["--file", "c.castra", "--into", "Rome II", "Rome I"]],
    "campaign siege": [["--file", "c.castra", "Roma"]],
    "campaign lift": [["--file", "c.castra", "Roma"]],
    "campaign sack": [["--file", "c.castra", "--nation", "Rome", "Arpi"]],
    "campaign treaty": [
        ["--file", "s.castra", "--party", "Rome", "--party", "Carthage", "--terms", "x"],
        ["--file", "s.castra", *PARTIES, "--terms", "x", "--nation", "Syracuse"],
        ["--file", "c.castra", *PARTIES, "--terms", "x", "--nation", LONG_NAME],
        ["--file", "c.castra", "--party", "Rome", "--party", "Carthage", "--terms", "peace"],
        [
            "--file",
            "c.castra",
            "--party",
            "Rome",
            "--party",
            "Carthage",
            "--terms",
            "x",
            "--imposed-by",
            "Nobody",
            "--pp",
            "3",
        ],
        ["--file", "c.castra", "--party", "Rome", "--party", "Carthage", "--terms", LONG_NAME],
    ],
    "campaign break": [["--file", "c.castra", "--nation", "Rome", "1"]],
    "campaign fall-back": [["--file", "c.castra", "Rome I"]],
    "campaign intercept": [
        ["--file", "c.castra", "--target", "Rome fleet I", "--seed", "1", "Carthage fleet I"]
    ],
    "campaign treasury": [["--file", "c.castra", "--nation", "Rome", "--pe", "5"]],
    "campaign prestige": [["--file", "c.castra", "--nation", "Rome", "--pp", "1"]],
    "campaign forces": [["--file", "c.castra", "--nation", "Rome", "--land", "1"]],
    "campaign take": [["--file", "c.castra", "--province", "Arpi", "--nation", "Carthage"]],
    "campaign march": [["--file", "c.castra", "--army", "Rome I", "--loyalty", "2"]],
    "campaign retreat": [["--file", "c.castra", "--army", "Rome I"]],
    "campaign note": [
        ["--file", "c.castra", "a note"],
        ["--file", "c.castra", LONG_NAME],
        ["--file", "c.castra", "--who", LONG_NAME, "x"],
    ],
    # T7.3, T7.4, T4.4: s.castra holds two sealed orders that cross on the road Roma–Corfinium
    "campaign orders": [
        ["--file", "s.castra", "Rome"],
        ["--file", "s.castra", "--withdraw", LONG_NAME, "Rome"],
        ["--file", "c.castra", "Rome"],
        ["--file", "c.castra", "--withdraw", "Rome I", "Rome"],
        ["--file", "c.castra", "--none", "Rome"],
        ["--file", "s.castra", "--none", "Rome"],
        ["--file", "c.castra", "--none", "--withdraw", "Rome I", "Rome"],
        ["--file", "c.castra", "--none", LONG_NAME],
        ["--file", "c.castra", "--who", LONG_NAME, "Rome"],
        # Orders by mail (issue 24): export from a copy, import into the referee's
        [
            "--file",
            "s.castra",
            "export",
            "--out",
            "o.json",
            "--key",
            "AAAA-AAAA-AAAA-AAAA-AAAA-AAAA",
        ],
        ["--file", "s.castra", "import", "junk.json"],
        ["--file", "s.castra", "import", "export.json"],
        ["--file", "s.castra", "import"],
        ["--file", "s.castra", "Rome", "junk.json"],
    ],
    "campaign players": [
        ["--file", "s.castra"],
        ["--file", "s.castra", "--keys"],
        ["--file", "c.castra", "Rome", "--lang", "it"],
        ["--file", "c.castra", LONG_NAME, "--lang", "en"],
        ["--file", "c.castra", "Rome"],
        ["--file", "c.castra", "--rotate", "Rome"],
        ["--file", "c.castra", "--rotate", "referee"],
        ["--file", "c.castra", "--rotate", LONG_NAME],
    ],
    "campaign resolve": [["--file", "c.castra"], ["--file", "m.castra"], ["--file", "s.castra"]],
    "campaign meetings": [
        ["--file", "c.castra"],
        ["--file", "s.castra"],
        ["--file", "w.castra", "--battle", "1"],
        ["--file", "w.castra", "--battle", "9" * 5000],
        ["--file", "m.castra", "--battle", "1"],
    ],
    "campaign victory": [
        ["--file", "c.castra"],
        ["--file", "c.castra", "--json"],
        ["--file", "m.castra"],
    ],
    "campaign player": [
        ["--file", "c.castra", "Rome", "--none"],
        ["--file", "c.castra", "Neutral"],
        ["--file", "c.castra", LONG_NAME, "--none"],
        ["--file", "s.castra", "Senones", "--none"],
    ],
    "campaign answer": [
        ["--file", "c.castra", "1"],
        ["--file", "c.castra", "--seek", "Rome", "9" * 5000],
        ["--file", "s.castra", "1", "--seek", LONG_NAME],
    ],
    "campaign done": [
        ["--file", "m.castra", "Macedon"],
        ["--file", "m.castra", "Persia"],
        ["--file", "m.castra", LONG_NAME],
        ["--file", "c.castra", "Rome"],
    ],
    "campaign withdraw": [
        ["--file", "w.castra", "1", "--dice", "5"],
        ["--file", "w.castra", "1", "--seed", "3", "--to", "Rome I=Capua"],
        ["--file", "w.castra", "1", "--dice", "5,5,5"],
        ["--file", "w.castra", "1", "--pyrrhus", "--dice", "4"],
        ["--file", "w.castra", "1", "--no-pyrrhus", "--pyrrhus", "--seed", "2"],
        ["--file", "w.castra", "1", "--to", f"Rome I={LONG_NAME}"],
        ["--file", "w.castra", "1", "--to", "=", "--to", "Rome I=Capua"],
        ["--file", "w.castra", "999"],
        ["--file", "s.castra", "1"],
        ["--file", "c.castra", "1"],
        ["--file", "m.castra", "1"],
    ],
    "campaign declare-war": [
        ["--file", "s.castra", "Rome", "--on", "Carthage"],
        ["--file", "s.castra", "Pyrrhus", "--on", "Magna Graecia"],
        ["--file", "c.castra", "Rome", "--on", "Carthage"],
        ["--file", "c.castra", LONG_NAME, "--on", "Carthage"],
        ["--file", "c.castra", "--note", "N" * 5000, "Rome", "--on", "Carthage"],
    ],
    "campaign undo": [["--file", "c.castra", "--reason", "typo"]],
    "campaign history": [["--file", "c.castra"]],
    "campaign export": [
        ["--file", "c.castra", "out.json"],
        ["--file", "c.castra", "--format", "csv", "--out", "csv"],
        ["--file", "s.castra", "--for", "Rome", "--out", "rome.castra"],
        ["--file", "s.castra", "--for", LONG_NAME, "--out", "x.castra"],
    ],
    "campaign import": [["--file", "i.castra", "export.json"], ["--file", "i.castra", "junk.json"]],
    "ghost new": [["--side", "north", "--seed", "1"]],
    "ghost replay": [["junk.json"]],
    "ghost pp": [["junk.json"]],
    "ghost clock": [["--personality", "prudent", "--dice", "3,4", "--roll", "2"]],
    "intercept": [["--seed", "1", "3", "2"]],
    "losses fog": [["--pm", "5", "--battle-groups", "10", "--broken", "2", "--outcome", "lost"]],
    "losses dbm": [["--pm", "5", "--total-eleq", "12", "--eliminated", "3", "--outcome", "lost"]],
    "losses dbmm": [["--pm", "5", "--bases", "24", "--killed", "3", "--outcome", "won"]],
    "losses dba": [["--pm", "5", "--elements", "12", "--lost", "4", "--outcome", "lost"]],
    "losses recovery": [["--pm", "5", "--bases", "12", "--destroyed", "2", "--routed", "1"]],
    "morale": [["--morale", "4", "--lost", "2", "--roll", "3"]],
    "odds": [["4", "3"]],
    "prestige": [["--winner-pm", "5", "--loser-pm", "3"]],
    "report": [
        ["--file", "c.castra", "--format", "md"],
        ["--file", "b.castra", "--format", "html"],
        # Turn packets (issue 24): one nation's, or every player's into a folder
        ["--file", "s.castra", "--for", "Rome", "--format", "md"],
        ["--file", "s.castra", "--all-players", "--out", "packets", "--format", "md"],
        ["--file", "s.castra", "--for", LONG_NAME],
    ],
    "serve": [
        ["--campaign", "c.castra"],
        # Player sessions (issue 24): one door per seat, the addresses in a private file
        ["--campaign", "c.castra", "--players", "--urls-file", "urls.txt"],
        ["--campaign", "s.castra", "--players", "--port", "65530"],
        ["--campaign", "c.castra", "--urls-file", "urls.txt"],
    ],
    "sheet": [
        ["dbmm", "5", "3", "--format", "md"],
        ["dbm", "5", "3", "--format", "md", "--place", "<img src=x>"],
    ],
}
"""At least one command line per command, run by every suite: what each is for, and the
hostile cases the fuzz found once (issue 28). A new command needs its seeds here: the test
below fails until it has them."""


def test_every_command_has_fuzz_seeds() -> None:
    names = {" ".join(path) for path, _ in COMMANDS}
    missing = sorted(names - set(SEEDS))
    assert not missing, f"add fuzz seeds for: {missing}"
    assert not set(SEEDS) - names, sorted(set(SEEDS) - names)


@pytest.mark.parametrize(
    "arguments",
    [[*name.split(), *seed] for name, seeds in SEEDS.items() for seed in seeds],
    ids=lambda arguments: " ".join(arguments)[:60],
)
def test_each_seed_ends_in_exit_0_or_one_line_and_exit_2(
    templates: Path, arguments: list[str]
) -> None:
    check_one_command_line(templates, arguments, [])


def test_the_fuzz_reaches_every_command() -> None:
    """The walk finds each sub-command (so a new command is fuzzed as soon as it exists)."""
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"campaign record", "ghost pp", "losses recovery", "serve", "odds"} <= names
    assert {"campaign declare-war", "campaign victory"} <= names, "issue 23 (T7.10, T5.8)"
    assert len(names) == len(COMMANDS) >= 40


def teardown_module() -> None:
    if LONG_RUN and RUNS:
        accepted = sum(1 for _, code, _ in RUNS if code == 0)
        print(f"\nfuzzed {len(RUNS)} command lines: {accepted} ran (exit 0), "
              f"{len(RUNS) - accepted} refused in one line (exit 2); slowest:")  # fmt: skip
        for seconds, _, arguments in sorted(RUNS, key=lambda run: run[0], reverse=True)[:5]:
            print(f"  {seconds:6.2f} s  castra {' '.join(map(repr, arguments))[:150]}")
