"""Where campaigns live when the user gives no path.

One file per campaign in the user's data directory (platformdirs), so ``castra campaign show``
works from any folder; ``CASTRA_HOME`` moves everything elsewhere (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "CAMPAIGN_SUFFIX",
    "campaign_path",
    "castra_home",
    "default_campaign_path",
    "has_sqlite_header",
]

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first bytes of every SQLite file (a campaign is one)."""

CAMPAIGN_SUFFIX = ".castra"
"""File name ending of a campaign file (an SQLite database)."""


def castra_home() -> Path:
    """``$CASTRA_HOME`` if set, else the user's data directory for Castra."""
    override = os.environ.get("CASTRA_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path("castra", appauthor=False)


def default_campaign_path() -> Path:
    """The campaign the commands use without ``--file``: ``<home>/campaign.castra``."""
    return castra_home() / f"campaign{CAMPAIGN_SUFFIX}"


def campaign_path(path: str | os.PathLike[str] | None) -> Path:
    """The campaign file a command or the app opens: ``path`` (``~`` expanded), else the
    default one. Light on purpose: the app's first frame reads the glance from it."""
    return Path(path).expanduser() if path else default_campaign_path()


def has_sqlite_header(path: Path) -> bool:
    """Whether the file at ``path`` starts as an SQLite file does (OSError if unreadable): the
    one reading of the header, for the ledger's checks and the app's before its first frame."""
    with path.open("rb") as handle:
        return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
