"""The console sessions docs/cli.md marks as checked are run here and must print what they show.

A tutorial a user copies line by line is only useful while it works: when the rules change
(T7.4 fielding only what stands at the battle's province, T5.3 tribute computed from the map)
the printed session goes stale silently. Every ```console block preceded by a
``<!-- session: checked … -->`` comment is replayed in a fresh folder, command by command, and
each command's output must equal the block's lines. Only what cannot be fixed is masked: the
time of recording in ``history`` lines; and the doc's own elisions — a line ending in "…" is a
prefix of the real line, a line that is only "…" stands for any further lines.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from assistant.cli import main

ROOT = Path(__file__).resolve().parents[2]
CLI_DOC = ROOT / "docs" / "cli.md"
MARKER = "<!-- session: checked"
ELLIPSIS = "…"
STAMP = re.compile(r"\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b")
"""The recording time ``history`` prints: the real clock, so never the doc's."""


@dataclass(frozen=True)
class Step:
    """One ``$ castra …`` line of a session (continuations joined) and the lines it shows."""

    command: str
    shown: tuple[str, ...]


def _checked_blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith(MARKER):
            continue
        opening = index + 1
        assert lines[opening].startswith("```console"), f"{MARKER} must precede a console block"
        closing = lines.index("```", opening + 1)
        blocks.append(lines[opening + 1 : closing])
    return blocks


def _step(command: list[str], shown: list[str]) -> Step:
    # A blank line between two commands only spaces the block out: no command prints it last.
    while shown and not shown[-1].strip():
        shown = shown[:-1]
    return Step(" ".join(command), tuple(shown))


def _steps(block: list[str]) -> list[Step]:
    steps: list[Step] = []
    command: list[str] = []
    shown: list[str] = []
    continuing = False
    for line in block:
        if continuing:
            command.append(line.strip().removesuffix("\\").strip())
            continuing = line.endswith("\\")
        elif line.startswith("$ "):
            if command:
                steps.append(_step(command, shown))
            command, shown = [line[2:].removesuffix("\\").strip()], []
            continuing = line.endswith("\\")
        else:
            shown.append(line)
    if command:
        steps.append(_step(command, shown))
    return steps


def _matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    for position, expected in enumerate(shown):
        if expected.strip() == ELLIPSIS:
            return True
        if position >= len(printed):
            return False
        expected, actual = STAMP.sub("<time>", expected), STAMP.sub("<time>", printed[position])
        if expected.endswith(ELLIPSIS):
            if not actual.startswith(expected.removesuffix(ELLIPSIS)):
                return False
        elif actual != expected:
            return False
    return len(printed) == len(shown)


def _run(command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    argv = shlex.split(command)
    assert argv[0] == "castra", f"a checked session runs only castra: {command}"
    try:
        code = main(argv[1:])
    except SystemExit as exit_:  # argparse's own refusals
        code = exit_.code if isinstance(exit_.code, int) else 2
    captured = capsys.readouterr()
    return code, (captured.out + captured.err).splitlines()


SESSIONS = _checked_blocks(CLI_DOC.read_text(encoding="utf-8"))


def test_docs_cli_marks_the_tutorial_session_as_checked() -> None:
    """The short session (T7.4, T5.3) is among the checked blocks, so it cannot drift again."""
    assert any(
        any("campaign record" in step.command for step in _steps(block)) for block in SESSIONS
    )


@pytest.mark.parametrize("block", SESSIONS, ids=lambda block: block[0][2:40])
def test_checked_session_prints_what_docs_cli_shows(
    block: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each command of the session, run in order, prints the doc's lines; a refusal shown as
    ``castra: error: …`` must be one (exit 2) and every other command must succeed."""
    # English and a private CASTRA_HOME come from conftest.py (CASTRA_LANG cleared).
    monkeypatch.chdir(tmp_path)
    # The doc signs events "Marcus": the login name is the default --who.
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(variable, "Marcus")
    for step in _steps(block):
        code, printed = _run(step.command, capsys)
        shows_refusal = any(line.startswith("castra: error:") for line in step.shown)
        assert code == (2 if shows_refusal else 0), (step.command, printed)
        assert _matches(step.shown, printed), (
            f"docs/cli.md is stale for `{step.command}`:\n"
            + "\n".join(step.shown)
            + "\n--- castra printed ---\n"
            + "\n".join(printed)
        )


@pytest.mark.parametrize(
    ("shown", "printed", "agrees"),
    [
        (("a", "b"), ["a", "b"], True),
        (("a", "b"), ["a", "c"], False),
        (("a",), ["a", "b"], False),
        (("a", "b"), ["a"], False),
        (("a", ELLIPSIS), ["a", "b", "c"], True),
        (("  " + ELLIPSIS,), [], True),
        (("Rome 2 …",), ["Rome 2 PM"], True),
        (("Rome 2 …",), ["Rome 3 PM"], False),
        (("#1 2026-11-29 16:04 x",), ["#1 2031-01-02 08:15 x"], True),
        (("#1 2026-11-29 16:04 x",), ["#1 2031-01-02 08:15 y"], False),
    ],
)
def test_matching_masks_only_times_and_the_docs_elisions(
    shown: tuple[str, ...], printed: list[str], agrees: bool
) -> None:
    assert _matches(shown, printed) is agrees


def test_steps_join_continuation_lines() -> None:
    block = [
        "$ castra campaign record --place Heraclea \\",
        "    --winner b",
        "#5 battle",
        "",
        "$ castra x",
    ]
    assert _steps(block) == [
        Step("castra campaign record --place Heraclea --winner b", ("#5 battle",)),
        Step("castra x", ()),
    ]
