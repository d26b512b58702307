"""The Textual app: the one part of Castra that imports Textual.

``run_app`` is what ``castra`` (no command) calls: it runs the app on the campaign file, which
the app opens (creating a Tarentine Wars campaign there on first use) once its first frame is
up. ``make_app`` builds the app for ``castra serve``, the tests and the start-up benchmark.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from assistant.tui.app import CastraApp, make_app
from converters.i18n import _

__all__ = [
    "CampaignNotOpened",
    "CastraApp",
    "build_app",
    "make_app",
    "open_campaign",
    "run_app",
]


def open_campaign(campaign_path: str | Path | None = None) -> tuple[Any, str | None]:
    """(store, note): the campaign at ``campaign_path`` or the default path.

    A missing file is created as a new Tarentine Wars campaign (T5.5) and the note says so;
    an existing file that is not a usable campaign is refused (``CampaignFileError``, one line)
    and left untouched. The default path honours ``CASTRA_HOME`` (see ``assistant.ledger.paths``).
    """
    from armylists.scenarios import load_scenario
    from assistant.ledger.paths import campaign_path as file_of
    from assistant.ledger.store import CampaignStore

    path = file_of(campaign_path)
    if path.exists():
        return CampaignStore.open(path), None
    store = CampaignStore.create(path, load_scenario("tarentine"))
    return store, _("New Tarentine Wars campaign created at {path}").format(path=path)


def run_app(campaign_path: str | None = None, seat: str | None = None) -> int:
    """Run the app on the campaign (created on first use) until the player quits; the exit code.

    The app opens the file itself, in a thread, after its first frame is drawn (start-up is
    then close to a bare Textual app). A file that plainly is not a campaign is refused first,
    before any screen, with the ledger's own one-line error (the command line prints it and
    exits 2); a file that fails later checks is explained on the Campaign screen, and the same
    line is raised here when the player quits, so ``castra`` still exits 2 with that line.
    """
    app = build_app(campaign_path)
    if seat is not None:
        # A player's session (castra serve --players): the ledger takes that nation's orders
        # only, and shows no other nation's sealed orders (T7.3).
        app.ledger.seat = seat
        if app.ledger.store is not None:
            app.ledger.store.seat = seat
    try:
        app.run()
    finally:
        if app.ledger.store is not None:
            app.ledger.store.close()
    if app.ledger.error is not None:
        raise CampaignNotOpened(app.ledger.error)
    return app.return_code or 0


def build_app(campaign_path: str | None = None) -> CastraApp:
    """The app ``castra`` runs (see :func:`run_app`; the start-up benchmark builds it too)."""
    # Everything imported so far (Textual, Rich, the app's modules) lives as long as the
    # process: freezing it keeps the garbage collections that building the first screen sets
    # off from rescanning it (about a third of the time to the first frame, measured). Until
    # the campaign is on screen and its file open, there is no collecting at all (a few
    # milliseconds, benchmarks/startup.py): the app turns it back on then (CastraApp).
    gc.freeze()
    gc.disable()
    if campaign_path is not None and not _looks_like_a_campaign(Path(campaign_path).expanduser()):
        # Not a campaign: let the ledger say why (CampaignFileError, one line; file untouched).
        try:
            store, note = open_campaign(campaign_path)
        except OSError as error:
            from converters.system_errors import os_reason

            raise CampaignNotOpened(
                _("file: cannot read {path}: {why}").format(
                    path=campaign_path, why=os_reason(error)
                )
            ) from None
        return make_app(store, campaign_note=note)
    return make_app(campaign_path=campaign_path)


class CampaignNotOpened(ValueError):
    """The campaign file could not be opened (the ledger's one-line reason); exit 2."""


def _looks_like_a_campaign(path: Path) -> bool:
    """A missing file (to be created) or a readable file starting as SQLite does: the cheap
    check the first frame can wait for; the ledger makes the real checks afterwards."""
    if not path.exists():
        return True
    from assistant.ledger.paths import has_sqlite_header

    try:
        return has_sqlite_header(path)
    except OSError:
        return False
