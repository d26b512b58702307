"""Which campaign file the app opens, found without importing the ledger, and the app's own
memory of how it worded the campaign.

The Campaign screen's first frame shows the campaign from the glance the ledger keeps in the
file (:mod:`assistant.ledger.glance`); this module names the file and re-exports the glance's
``meta`` key for ``benchmarks/startup.py``, which deletes it to time a start on a file from
before the ledger kept one.

The glance is language-neutral: its recorded sentences (the date, the latest events) are
translated as they are shown, and in Italian finding the templates for the first of them is a
tenth of the start. So the app keeps, in the file's ``meta`` table, the translations it made
of the sentences it last showed, stamped with the catalogue they were made with
(:func:`converters.i18n.catalogue_stamp`), and the next first frame starts from them
(:func:`converters.i18n.remember_recorded`). A cache: never exported or replayed, best effort
both ways, and only ever used for that first frame.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from assistant.ledger.glance import GLANCE_KEY, read_only

__all__ = [
    "GLANCE_KEY",
    "WORDING_KEY",
    "campaign_file",
    "keep_wording",
    "kept_wording",
    "stored_wording",
]

WORDING_KEY = "app_wording"
"""The ``meta`` key the app's translations of the glance's sentences are kept under."""


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


def kept_wording(path: Path, stamp: str) -> dict[str, str]:
    """The translations kept in ``path`` if they were made with the catalogue ``stamp``
    names, else none; nothing for a file that cannot be read (read-only, standard library)."""
    return read_only(path, lambda connection: stored_wording(connection, stamp), {})


def stored_wording(connection: sqlite3.Connection, stamp: str) -> dict[str, str]:
    """The translations kept in the open file if they were made with the catalogue ``stamp``
    names (none in English, whose stamp is empty), else none."""
    if not stamp:
        return {}
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (WORDING_KEY,)).fetchone()
    try:
        kept = json.loads(row[0]) if row is not None else None
    except (ValueError, TypeError, RecursionError):
        return {}
    if not isinstance(kept, dict) or kept.get("catalogue") != stamp:
        return {}
    texts = kept.get("texts")
    if not isinstance(texts, dict):
        return {}
    return {text: said for text, said in texts.items() if isinstance(said, str) and said.strip()}


def keep_wording(path: Path, stamp: str, texts: Mapping[str, str]) -> None:
    """Keep ``texts`` (a recorded sentence → how it was shown) made with the catalogue
    ``stamp`` in ``path``, for the next first frame. Best effort: a busy or read-only file is
    left as it is (the next start is then a little slower)."""
    try:
        connection = sqlite3.connect(path, timeout=0.5)
        try:
            with connection:
                connection.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    (WORDING_KEY, json.dumps({"catalogue": stamp, "texts": dict(texts)})),
                )
        finally:
            connection.close()
    except (sqlite3.Error, OSError):
        return
