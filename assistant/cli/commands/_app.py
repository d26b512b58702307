"""Opening the Textual app: the only place the command line imports Textual, and only here."""

from __future__ import annotations

import argparse


def open_app(args: argparse.Namespace) -> int:
    """``castra`` with no command: open the app on the default (or ``--campaign``) campaign."""
    if args.campaign is not None and not args.campaign.strip():
        from assistant.cli.common import CliError
        from converters.i18n import _

        # An unset shell variable (--campaign "$CAMPAIGN") must not mean the default campaign.
        raise CliError(_("--campaign: empty; give the campaign file's path"))
    from assistant.cli.common import check_file_name
    from assistant.tui import run_app

    if args.campaign:
        check_file_name(args.campaign, "--campaign")
    return run_app(campaign_path=args.campaign)
