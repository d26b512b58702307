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
