"""The pure packages import without Textual, and the command line starts without it.

Each check runs in a fresh interpreter so that nothing imported by another test can hide a
stray ``import textual``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE_MODULES = [
    "converters",
    "converters.dice",
    "converters.rounding",
    "converters.rates",
    "converters.budgets",
    "converters.losses",
    "converters.prestige",
    "converters.morale",
    "converters.odds",
    "converters.dice_battle",
    "converters.control",
    "armylists",
    "armylists.loader",
    "ghost",
    "ghost.army_text",
    "assistant.ledger",
    "assistant.cli",
]


def _modules_after_import(statement: str) -> set[str]:
    probe = f"import sys; {statement}; print('\\n'.join(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return set(result.stdout.split())


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_module_imports_without_textual(module: str) -> None:
    loaded = _modules_after_import(f"import {module}")
    assert "textual" not in loaded, f"{module} pulled in Textual"


def test_building_the_whole_command_line_does_not_import_textual() -> None:
    loaded = _modules_after_import("from assistant.cli import build_parser; build_parser()")
    assert "textual" not in loaded


def _modules_after_command(*argv: str) -> set[str]:
    """What ``castra ARGV`` has imported when it has answered (its output thrown away)."""
    return _modules_after_import(
        "import io, contextlib; from assistant.cli import main; "
        "out = contextlib.redirect_stdout(io.StringIO()); out.__enter__(); "
        f"code = main({list(argv)!r}); out.__exit__(None, None, None); "
        "assert code == 0, code"
    )


def test_castra_help_is_the_floor_no_pydantic_nor_converters() -> None:
    """Issue 26: ``castra --help`` builds the parser of every command and imports no model:
    what any other command costs on top of it is its own work."""
    loaded = _modules_after_import(
        "from assistant.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert "pydantic" not in loaded
    assert not {name for name in loaded if name.startswith("converters.")} - {
        "converters.i18n",
        "converters.errors",
    }


@pytest.mark.parametrize(
    "argv",
    [
        ("odds", "2", "2", "--json"),
        ("morale", "--morale", "3", "--lost", "2", "--enemy-lost", "1", "--roll", "4", "--json"),
    ],
)
def test_a_stateless_converter_builds_no_rates_and_no_ledger_models(argv: tuple[str, ...]) -> None:
    """Issue 26: the odds (T3.8) and morale (D4) take no configurable number, so neither the
    conversion rates (converters.rates, reached through the house rules before) nor any of the
    ledger's event models are imported for them."""
    loaded = _modules_after_command(*argv)
    assert "converters.rates" not in loaded
    assert not {name for name in loaded if name.startswith("assistant.ledger")}


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (("odds", "2", "2", "--json"), "odds"),
        (("--lang", "it", "odds", "2", "2", "--json"), "odds"),
        (("--lang=en", "morale", "--morale", "3", "--lost", "2", "--enemy-lost", "1"), "morale"),
    ],
)
def test_a_command_builds_only_its_own_parser(argv: tuple[str, ...], command: str) -> None:
    """Issue 26, item 4: ``castra odds`` imports the odds command's module (and the helpers
    it shares), not the other commands' modules and their imports, nor their help texts."""
    loaded = _modules_after_command(*argv)
    commands = {
        name.rpartition(".")[2]
        for name in loaded
        if name.startswith("assistant.cli.commands.") and name.rpartition(".")[2][0] != "_"
    }
    assert commands == {command}


def test_a_word_that_is_no_command_is_refused_by_the_whole_parser() -> None:
    """A mistyped command still lists every command (the whole parser answers it)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from assistant.cli import main; sys.exit(main())",
            "odd",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "invalid choice: 'odd'" in done.stderr and "campaign" in done.stderr


def test_every_command_is_named_as_its_module(capsys: pytest.CaptureFixture[str]) -> None:
    """``castra NAME`` imports only ``assistant.cli.commands.NAME``: so the commands the whole
    parser offers are exactly the command modules' names, and each module's parser alone
    takes its own name."""
    import re
    from pathlib import Path

    from assistant.cli import build_parser, commands

    modules = {path.stem for path in Path(commands.__path__[0]).glob("*.py") if path.stem[0] != "_"}
    with pytest.raises(SystemExit):
        build_parser().parse_args(["no-such-command"])
    offered = set(re.findall(r"'([a-z-]+)'", capsys.readouterr().err.partition("choose from")[2]))
    assert offered == modules
    for name in modules:
        with pytest.raises(SystemExit) as done:
            build_parser(name).parse_args([name, "--help"])
        assert done.value.code == 0
        assert capsys.readouterr().out.startswith(f"usage: castra {name} ")
