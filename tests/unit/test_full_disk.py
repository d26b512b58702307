"""A full disk: reading still works, and every write refused for lack of space says so in one
line, with nothing lost (issue 28).

On a full file system even ``show``, ``report`` and ``export`` once failed with "disk I/O
error" (SQLite could not make the shared-memory file a WAL reader needs), and no message said
the disk was full. Each test mounts a small tmpfs (root only: skipped where it cannot) and
fills it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CASTRA = [sys.executable, "-m", "assistant"]


def castra(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CASTRA, *argv], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB file system of its own, unmounted afterwards."""
    mount = shutil.which("mount")
    if os.geteuid() != 0 or mount is None:
        pytest.skip("mounting a small tmpfs needs root")
    point = tmp_path / "disk"
    point.mkdir()
    made = subprocess.run(
        [mount, "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(point)],
        capture_output=True,
        check=False,
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({made.stderr.decode().strip()})")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


def _fill(disk: Path, leave: int = 0) -> Path:
    """Fill ``disk`` until at most ``leave`` bytes are free; the filler file."""
    filler = disk / "filler"
    with filler.open("wb") as stream:
        try:
            while shutil.disk_usage(disk).free > leave:
                stream.write(b"\0" * min(65536, max(1, shutil.disk_usage(disk).free - leave)))
                stream.flush()
        except OSError:
            pass
    return filler


def _campaign(disk: Path) -> Path:
    path = disk / "c.castra"
    assert castra("campaign", "new", "tarentine", "--file", str(path)).returncode == 0
    assert castra("campaign", "note", "Pyrrhus lands", "--file", str(path)).returncode == 0
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name != "filler"}


def test_show_report_and_export_read_a_campaign_on_a_full_disk(disk: Path, tmp_path: Path) -> None:
    path = _campaign(disk)
    before = {
        "show": castra("campaign", "show", "--file", str(path)).stdout,
        "history": castra("campaign", "history", "--file", str(path)).stdout,
    }
    _fill(disk)
    files = _files(disk)
    for command, shown in before.items():
        done = castra("campaign", command, "--file", str(path))
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert done.stdout == shown
    elsewhere = tmp_path / "out"
    elsewhere.mkdir()
    done = castra("campaign", "export", str(elsewhere / "c.json"), "--file", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    assert '"Pyrrhus lands"' in (elsewhere / "c.json").read_text(encoding="utf-8")
    for form in ("md", "html"):
        report = elsewhere / f"report.{form}"
        done = castra("report", "--file", str(path), "--format", form, "--out", str(report))
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert report.stat().st_size > 0
    assert _files(disk) == files, "reading made no file on the full disk"


@pytest.mark.parametrize(
    "argv",
    [
        ["campaign", "note", "one more"],
        ["campaign", "treasury", "--nation", "Rome", "--pe", "5"],
        ["campaign", "undo", "--reason", "typo"],
        ["campaign", "advance"],
    ],
    ids=["note", "treasury", "undo", "advance"],
)
def test_a_write_on_a_full_disk_is_refused_saying_so_and_nothing_is_lost(
    disk: Path, argv: list[str]
) -> None:
    path = _campaign(disk)
    filler = _fill(disk)
    files = _files(disk)
    done = castra(*argv, "--file", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"castra: error: file: the disk holding {path} is full: nothing was recorded; free some "
        "space and try again\n"
    )
    assert _files(disk) == files
    filler.unlink()
    history = castra("campaign", "history", "--file", str(path)).stdout
    assert "Pyrrhus lands" in history and history.count("\n#") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["campaign", "export", "DISK/c.json"],
        ["report", "--format", "html", "--out", "DISK/r.html"],
        ["campaign", "new", "tarentine", "--file", "DISK/new.castra"],
    ],
    ids=["export", "report", "new"],
)
def test_a_file_written_onto_a_full_disk_is_refused_saying_so(
    disk: Path, tmp_path: Path, argv: list[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = home / "c.castra"
    assert castra("campaign", "new", "tarentine", "--file", str(path)).returncode == 0
    _fill(disk)
    files = _files(disk)
    typed = [part.replace("DISK", str(disk)) for part in argv]
    if "--file" not in typed:
        typed += ["--file", str(path)]
    done = castra(*typed)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "the disk is full" in done.stderr or "is full: nothing was recorded" in done.stderr
    assert "Errno" not in done.stderr and "disk I/O error" not in done.stderr
    assert _files(disk) == files, "no half-written file left"


def test_a_disk_filling_up_while_events_are_written_keeps_every_acknowledged_one(
    disk: Path,
) -> None:
    """Room for a few events only: each write either is recorded or is refused saying the
    disk is full; afterwards the file holds exactly the events acknowledged."""
    path = _campaign(disk)
    filler = _fill(disk, leave=200_000)
    acknowledged = 1
    refusal = ""
    for number in range(200):
        done = castra("campaign", "note", f"note {number} " + "x" * 1900, "--file", str(path))
        if done.returncode != 0:
            refusal = done.stderr
            break
        acknowledged += 1
    assert refusal.count("\n") == 1 and "full" in refusal, refusal
    assert "nothing was recorded" in refusal
    filler.unlink()
    history = castra("campaign", "history", "--file", str(path))
    assert history.returncode == 0
    assert history.stdout.count("\n#") == acknowledged
