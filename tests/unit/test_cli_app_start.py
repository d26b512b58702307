"""``castra`` alone opens the app without building the parser of every command (issue 11,
start-up): the few options the app takes are read directly, and anything else goes the long way,
so it is read, helped or refused exactly as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import assistant.cli as command_line
from assistant.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "campaign"),
    [
        ([], None),
        (["--campaign", "pyrrhus.castra"], "pyrrhus.castra"),
        (["--campaign=pyrrhus.castra"], "pyrrhus.castra"),
        (["--lang", "it", "--campaign", "a b.castra"], "a b.castra"),
        (["--campaign", "x.castra", "--lang=en"], "x.castra"),
    ],
)
def test_the_app_opens_on_the_campaign_given(
    arguments: list[str], campaign: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(
        "assistant.cli.commands._app.open_app", lambda path, seat=None: opened.append(path) or 0
    )
    assert main(arguments) == 0
    assert opened == [campaign]


@pytest.mark.parametrize(
    "arguments",
    [
        ["--lang", "fr"],  # refused by the parser, naming the choices
        ["--campaign"],  # a value missing
        ["--campaign", "-x"],  # argparse takes -x for an option
        ["--campaign", "a", "--campaign", "b"],  # repeated
        ["--camp", "a"],  # argparse's abbreviation
        ["--help"],
        ["campaign", "show"],
        ["--", "x"],
    ],
)
def test_anything_else_is_read_by_the_full_parser(arguments: list[str]) -> None:
    assert command_line._app_arguments(arguments) is None


TOKENS = [
    "--campaign",
    "--lang",
    "it",
    "en",
    "fr",
    "x.castra",
    "--campaign=y.castra",
    "--campaign=",
    "--lang=it",
    "--lang=de",
    "-h",
    "--json",
    "campaign",
    "show",
    "--",
    "-x",
    "",
]


@given(st.lists(st.sampled_from(TOKENS), max_size=6))
def test_what_the_short_way_reads_the_full_parser_reads_alike(arguments: list[str]) -> None:
    """The short way accepts only command lines the full parser reads as "open the app", with
    the same campaign and language."""
    values = command_line._app_arguments(arguments)
    if values is None:
        return
    args = build_parser().parse_args(arguments)
    assert getattr(args, "handler", None) is None
    assert args.campaign == values.get("--campaign")
    assert args.lang == values.get("--lang")


def test_opening_the_app_imports_no_command_and_no_pydantic() -> None:
    """What `castra --campaign F` loads before the app's own modules: the command line's
    entry and nothing of the forty commands (their parser, pydantic, the converters)."""
    script = (
        "import sys\n"
        "import assistant.cli.commands._app as app\n"
        "app.open_app = lambda path, seat=None: print(sorted(m for m in sys.modules if "
        "m.startswith('assistant.cli.commands.') or m in ('pydantic', 'argparse'))) or 0\n"
        "from assistant.cli import main\n"
        "sys.exit(main(['--campaign', 'x.castra']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "['assistant.cli.commands._app']"
