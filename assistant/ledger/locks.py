"""Who holds a campaign file's write lock, so a writer that waited in vain can say so.

SQLite only reports "database is locked". On Linux the kernel lists every POSIX lock in
``/proc/locks`` with the process that holds it; SQLite's write lock is one of them, on the file
itself or, in WAL mode, on its ``-shm`` companion. Elsewhere the holder is simply "another
program".
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["lock_holders"]


def lock_holders(path: Path) -> list[str]:
    """``["pid 4242 (castra campaign advance)", …]``: the other processes holding a write lock
    on ``path`` or its ``-shm`` file; empty when unknown."""
    inodes: set[str] = set()
    for candidate in (path, Path(f"{path}-shm")):
        try:
            inodes.add(str(candidate.stat().st_ino))
        except OSError:
            continue
    try:
        lines = Path("/proc/locks").read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return []
    holders: list[str] = []
    for line in lines:
        fields = line.split()
        # "1: POSIX  ADVISORY  WRITE 4242 08:01:131 120 120" (a "->" marks a waiting lock)
        if "->" in fields or len(fields) < 6 or fields[3] != "WRITE":
            continue
        pid, inode = fields[4], fields[5].rsplit(":", 1)[-1]
        if inode in inodes and pid != str(os.getpid()):
            described = f"pid {pid}"
            command = _command_line(pid)
            if command:
                described += f" ({command})"
            if described not in holders:
                holders.append(described)
    return holders


def _command_line(pid: str) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    words = [word.decode(errors="replace") for word in raw.split(b"\0") if word]
    if not words:
        return ""
    words[0] = Path(words[0]).name
    shown = " ".join(words)
    return shown if len(shown) <= 80 else shown[:79] + "…"
