"""Opening the Textual app: the only place the command line imports Textual, and only here."""

from __future__ import annotations

import argparse


def open_app(args: argparse.Namespace) -> int:
    """``castra`` with no command: open the app on the default (or ``--campaign``) campaign."""
    from assistant.cli.common import check_file_name
    from assistant.tui import run_app

    if args.campaign:
        check_file_name(args.campaign, "--campaign")
    return run_app(campaign_path=args.campaign)
