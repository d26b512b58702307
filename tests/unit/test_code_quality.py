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
