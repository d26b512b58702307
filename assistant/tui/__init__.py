"""The Textual app: the one part of Castra that imports Textual.

``run_app`` is what ``castra`` (no command) calls: it opens the campaign file, creating a
Tarentine Wars campaign there on first use, and runs the app on it. ``make_app`` builds the app
for ``castra serve``, the tests and the start-up benchmark.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.tui.app import CastraApp, make_app

__all__ = ["CastraApp", "make_app", "open_campaign", "run_app"]


def open_campaign(campaign_path: str | Path | None = None) -> tuple[Any, str | None]:
    """(store, note): the campaign at ``campaign_path`` or the default path.

    A missing file is created as a new Tarentine Wars campaign (T5.5) and the note says so;
    an existing file that is not a usable campaign is refused (``CampaignFileError``, one line)
    and left untouched. The default path honours ``CASTRA_HOME`` (see ``assistant.ledger.paths``).
    """
    from armylists.scenarios import load_scenario
    from assistant.ledger.paths import default_campaign_path
    from assistant.ledger.store import CampaignStore

    path = Path(campaign_path).expanduser() if campaign_path else default_campaign_path()
    if path.exists():
        return CampaignStore.open(path), None
    store = CampaignStore.create(path, load_scenario("tarentine"))
    return store, f"New Tarentine Wars campaign created at {path}"


def run_app(campaign_path: str | None = None) -> int:
    """Open (or create) the campaign and run the app until the player quits; the exit code."""
    store, note = open_campaign(campaign_path)
    try:
        app = make_app(store, campaign_note=note)
        app.run()
    finally:
        store.close()
    return app.return_code or 0
