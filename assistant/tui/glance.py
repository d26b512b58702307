"""Which campaign file the app opens, found without importing the ledger.

The Campaign screen's first frame shows the campaign from the glance the ledger keeps in the
file (:mod:`assistant.ledger.glance`); this module names the file and re-exports the glance's
``meta`` key for ``benchmarks/startup.py``, which deletes it to time a start on a file from
before the ledger kept one.
"""

from __future__ import annotations

import os
from pathlib import Path

from assistant.ledger.glance import GLANCE_KEY

__all__ = ["GLANCE_KEY", "campaign_file"]


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
