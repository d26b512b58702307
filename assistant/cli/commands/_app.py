"""Opening the Textual app: the only place the command line imports Textual, and only here."""

from __future__ import annotations

import argparse


def open_app(args: argparse.Namespace) -> int:
    """``castra`` with no command: open the app on the default (or ``--campaign``) campaign."""
    from assistant.tui import run_app

    return run_app(campaign_path=args.campaign)
