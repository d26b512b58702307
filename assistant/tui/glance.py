"""The Campaign screen as last shown, kept in the campaign file, so the next start shows it at once.

Opening a campaign means importing the ledger (pydantic, the converters) and replaying it: a
few tenths of a second after the first frame. The Campaign screen's text (heading, status,
nations, recent events) is small, so the app keeps it in the file's ``meta`` table after each
showing, stamped with the last event's id and payload and the language it is worded in; the
next start reads it with the standard library alone and shows it in the first frame if the file
still ends with that very event and the app speaks that language (another process's event, an
undo, or a start in the other language makes it stale, and "Loading campaign…" shows
instead). The real campaign replaces it moments later. It is a cache: never exported, never
replayed, and a file without it (or with a damaged one) simply opens the slow way.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

__all__ = ["GLANCE_FORMAT", "GLANCE_KEY", "campaign_file", "read_glance", "write_glance"]

GLANCE_KEY = "app_glance"
"""The ``meta`` key the glance is kept under."""
GLANCE_FORMAT = 2
"""Bumped whenever the glance's shape changes: an older glance is then ignored."""


def campaign_file(path: str | Path | None) -> Path:
    """The campaign file the app opens: ``path``, or the default one (the same rule as
    ``assistant.ledger.paths.default_campaign_path``, without importing the ledger)."""
    if path is not None:
        return Path(path).expanduser()
    home = os.environ.get("CASTRA_HOME")
    if home:
        return Path(home).expanduser() / "campaign.castra"
    from platformdirs import user_data_path

    return user_data_path("castra", appauthor=False) / "campaign.castra"


def _last_event(connection: sqlite3.Connection) -> tuple[int, str] | None:
    row = connection.execute("SELECT id, payload FROM events ORDER BY id DESC LIMIT 1").fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def read_glance(path: Path, language: str) -> dict[str, Any] | None:
    """The glance kept in ``path`` if it shows the campaign as the file stands now, worded in
    ``language`` (the view's ``"language"``), else None."""
    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.1)
        try:
            row = connection.execute(
                "SELECT value FROM meta WHERE key = ?", (GLANCE_KEY,)
            ).fetchone()
            last = _last_event(connection)
        finally:
            connection.close()
        if row is None or last is None:
            return None
        glance = json.loads(row[0])
    except (sqlite3.Error, OSError, ValueError):
        return None
    if not isinstance(glance, dict) or glance.get("format") != GLANCE_FORMAT:
        return None
    if glance.get("last_event") != [last[0], last[1]] or glance.get("language") != language:
        return None
    return glance


def write_glance(path: Path, view: dict[str, Any], event_id: int) -> None:
    """Keep ``view`` (the Campaign screen's text, as of event ``event_id``) in ``path``,
    stamped with that event; nothing if the file has moved on since.

    Best effort: a busy or read-only file is left as it is (the next start is then slower).
    """
    try:
        connection = sqlite3.connect(path, timeout=0.5)
        try:
            with connection:
                last = _last_event(connection)
                if last is None or last[0] != event_id:
                    return
                glance = {"format": GLANCE_FORMAT, "last_event": [last[0], last[1]], **view}
                connection.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    (GLANCE_KEY, json.dumps(glance)),
                )
        finally:
            connection.close()
    except (sqlite3.Error, OSError):
        return
