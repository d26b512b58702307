"""``castra serve``: the same app in a web browser, for a table with a laptop but no terminal.

textual-serve runs ``castra --campaign PATH`` as a subprocess for each browser tab and relays
it over a websocket; this module builds that command line and a server that answers only its
own address and the random token it prints (:mod:`._guarded_server`). It imports neither Textual nor
textual-serve until the command runs, so ``castra --help`` stays fast.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import TYPE_CHECKING, Any

from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

__all__ = ["app_command", "build_server", "register"]


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "serve",
        help=_("serve the app in a web browser (textual-serve)"),
        description=(
            _(
                "Serve the Castra app over HTTP: open the printed address in a browser. "
                "Each browser tab runs its own copy of the app on the same campaign file."
            )
        ),
    )
    parser.add_argument(
        "--campaign",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help=_("campaign file the app opens (default: your default campaign)"),
    )
    parser.add_argument(
        "--host", default="localhost", help=_("address to listen on (default: localhost)")
    )
    parser.add_argument(
        "--port", type=int, default=8000, help=_("port to listen on (default: 8000)")
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help=_(
            "address browsers reach the server at, if not http://HOST:PORT (e.g. behind a proxy)"
        ),
    )
    parser.add_argument(
        "--no-token",
        action="store_true",
        help=(
            _(
                "serve without the random token in the printed address (anyone who can reach "
                "the address can use the app)"
            )
        ),
    )
    parser.add_argument(
        "--players",
        action="store_true",
        help=_(
            "one address for the referee and one for each nation with a player, each on its "
            "own port from --port on, each with its own token (kept hashed with the campaign)"
        ),
    )
    parser.add_argument(
        "--urls-file",
        metavar="FILE",
        help=_("with --players: also write the addresses to FILE, readable by you alone"),
    )
    # One seat's server, started by --players (never typed).
    parser.add_argument("--seat", help=argparse.SUPPRESS)
    parser.set_defaults(handler=run)


def app_command(campaign: str | None, language: str | None = None, seat: str | None = None) -> str:
    """The shell command textual-serve runs: this Python, Castra's CLI, the language asked
    for with ``--lang`` (each tab's app starts in it), the campaign file, and the nation of a
    player's session (``--seat``)."""
    parts = [sys.executable, "-m", "assistant"]
    if language:
        parts += ["--lang", language]
    if campaign:
        from pathlib import Path

        parts += ["--campaign", str(Path(campaign).expanduser().resolve())]
    if seat:
        parts += ["--seat", seat]
    return shlex.join(parts)


def build_server(args: argparse.Namespace) -> Any:
    """The textual-serve server for these options (not started)."""
    from assistant.cli.common import CliError, check_file_name

    if getattr(args, "campaign", None):
        check_file_name(args.campaign, "--campaign")
    if not 1 <= args.port <= 65535:
        raise CliError(_("--port: a port is 1 to 65535 (got {port})").format(port=args.port))
    from assistant.cli.commands._guarded_server import GuardedServer, new_token

    return GuardedServer(
        app_command(getattr(args, "campaign", None), getattr(args, "lang", None)),
        token=None if args.no_token else new_token(),
        host=args.host,
        port=args.port,
        title="Castra",
        public_url=args.public_url,
    )


def run(args: argparse.Namespace) -> int:
    if args.players or args.seat is not None or args.urls_file is not None:
        from assistant.cli.commands._player_sessions import serve_players, serve_seat

        return serve_seat(args) if args.seat is not None else serve_players(args)
    server = build_server(args)
    server.serve()
    return 0
