"""A sound campaign file's standings read with the standard library alone (issue 26, item 4).

``castra campaign show --json`` printed the replayed state's summary, and so imported the
ledger's event models (117 pydantic classes) and loaded the state to read what the ledger
already keeps, current, in the glance (:mod:`assistant.ledger.glance`). This module reads it
from there, and answers only when opening the campaign would have given the same answer: the
file is a Castra campaign of this schema, every event matches its link in the hash chain, no
checksum lost its event, the saved state matches the events, and the glance shows the file as
it is now. Anything else (an older schema to migrate, damage, a stale or missing glance, a file
another program holds) is None, and the command opens the campaign as it always did, which
migrates, refuses or rebuilds with its own words.

The hash chain's link and the saved state's digest are defined here, and the ledger's store
uses them, so the two readings cannot drift apart.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

from assistant.ledger.glance import read_only, stored_glance

__all__ = ["APPLICATION", "SCHEMA_VERSION", "link", "snapshot_digest", "sound_summary"]

APPLICATION = "castra-campaign"
"""``assistant.ledger.store.APPLICATION`` (a test keeps the two equal: this reader may not
import the store, which imports the models)."""

SCHEMA_VERSION = 3
"""``assistant.ledger.store.SCHEMA_VERSION``, likewise: a file of another schema is opened
the usual way (migrated, or refused)."""


def link(previous: str, event_id: int, payload: str) -> str:
    """The hash chain's link for event ``event_id`` stored as ``payload``, after ``previous``
    (the empty string before the first event): a changed, missing or reordered event breaks
    every link from it on."""
    return hashlib.sha256(f"{previous}\n{event_id}\n{payload}".encode()).hexdigest()


def snapshot_digest(chain: str, state_json: str) -> str:
    """Ties the saved state to the events it was replayed from (their last link)."""
    return hashlib.sha256(f"{chain}\n{state_json}".encode()).hexdigest()


def sound_summary(path: Path) -> dict[str, Any] | None:
    """What ``castra campaign show --json`` prints of the campaign at ``path`` (its file name
    aside), if the file is sound and its glance current; else None."""
    return read_only(path, _summary, None)


def _summary(connection: sqlite3.Connection) -> dict[str, Any] | None:
    meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("application") != APPLICATION or meta.get("schema_version") != str(SCHEMA_VERSION):
        return None
    check = connection.execute("PRAGMA quick_check").fetchone()
    if not check or check[0] != "ok":
        return None
    links = {0: ""}
    previous = ""
    rows = connection.execute(
        "SELECT e.id, e.payload, c.chain FROM events e LEFT JOIN checksums c ON c.id = e.id "
        "ORDER BY e.id"
    )
    for event_id, payload, stored in rows:
        previous = link(previous, event_id, payload)
        if stored != previous:
            return None
        links[event_id] = previous
    orphan = connection.execute(
        "SELECT min(id) FROM checksums WHERE id NOT IN (SELECT id FROM events)"
    ).fetchone()[0]
    if orphan is not None:
        return None
    saved = connection.execute(
        "SELECT last_event_id, state, digest FROM snapshot WHERE slot = 1"
    ).fetchone()
    if saved is not None and (
        saved[0] not in links or saved[2] != snapshot_digest(links[saved[0]], saved[1])
    ):
        return None
    glance = stored_glance(connection)
    summary = None if glance is None else glance.get("summary")
    return summary if isinstance(summary, dict) else None
