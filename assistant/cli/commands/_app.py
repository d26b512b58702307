"""Opening the Textual app: the only place the command line imports Textual, and only here."""

from __future__ import annotations

import gc


def open_app(campaign: str | None, seat: str | None = None) -> int:
    """``castra`` with no command: open the app on the default (or ``--campaign``) campaign."""
    from assistant.cli.errors import CliError, check_file_name
    from converters.i18n import _

    if campaign is not None and not campaign.strip():
        # An unset shell variable (--campaign "$CAMPAIGN") must not mean the default campaign.
        raise CliError(_("--campaign: empty; give the campaign file's path"))
    # No garbage collection while Textual and the app are imported and the first screen is
    # built: nothing of it is garbage (the app collects again once the campaign is open).
    gc.disable()
    from assistant.tui import run_app

    if campaign:
        check_file_name(campaign, "--campaign")
    return run_app(campaign_path=campaign, seat=seat)
