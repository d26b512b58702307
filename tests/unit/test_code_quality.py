"""The code stays ruff clean and type-checks (strict on converters, armylists and ghost).

These run the real tools on the real tree, so a lint or typing regression fails CI like any
other broken behaviour; the strictness per package is configured in pyproject.toml.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("package", ["converters", "armylists", "ghost", "assistant"])
def test_mypy_accepts_package(package: str) -> None:
    result = _run("mypy", "--no-incremental", package)
    assert result.returncode == 0, result.stdout + result.stderr


PRIVATE_NAMES = (
    "_css_update_count",
    "textual._context",
    "_screen_stacks",
    "_thread_id",
    "._exit",
    "_fixtureinfo",
    "_toggle_cursor",
    "._driver",
    "_notifications",
    "_wait_for_screen",
    "getattr(self.app",
)
"""Private Textual and pytest names (which break silently at their next release) and the
untyped reach into the app that the ledger service replaced (issue 11)."""


def test_no_private_textual_or_pytest_names_and_no_untyped_app() -> None:
    found = []
    for package in ("assistant", "converters", "armylists", "ghost", "tests", "benchmarks"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [
                    f"{path.relative_to(ROOT)}:{number}: {name}"
                    for name in PRIVATE_NAMES
                    if name in line
                ]
    assert found == []
