"""``castra serve --players``: the referee and each player at their own keyboard (T7.3).

Each seat — the referee, and every nation with a player — gets its own server on its own port
(textual-serve runs one command for every tab of a server, so the seat is fixed by the port and
reaches the app on its command line, never from anything a browser sends) and its own random
token, kept hashed with the campaign: the addresses survive a restart, and
``castra campaign players --rotate NATION`` replaces one at once. A player's app opens the
campaign as its nation (``castra --seat NATION``), and the ledger then takes that nation's
orders only and shows no other nation's sealed orders (:mod:`assistant.ledger.players`).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from armylists.names import nation_name
from assistant.cli.common import CliError, check_file_name, describe, not_written
from converters.i18n import _

__all__ = ["SEAT_OF", "seat_addresses", "serve_players", "serve_seat"]

SEAT_OF = "CASTRA_SEAT_OF"
"""The environment variable that tells a nation's seat server the referee's server's process id,
so that a seat started by ``serve --players`` stops when that server is gone, even killed."""


def _campaign(args: argparse.Namespace) -> Path:
    from assistant.ledger.paths import campaign_path

    name = getattr(args, "campaign", None)
    if name is not None:
        check_file_name(name, "--campaign")
    path = campaign_path(name)
    if not path.exists():
        raise CliError(_("--campaign: {path} does not exist").format(path=path))
    return path.resolve()


def seat_addresses(
    args: argparse.Namespace, urls_file: str | None = None
) -> tuple[Path, list[tuple[str, int, str | None]]]:
    """The campaign, and each seat with its port and its new token (None: it keeps the one
    given before). Tokens are made for the seats that have none and kept hashed, once the
    addresses are written to ``urls_file`` (so a file that cannot be written keeps nothing)."""
    from assistant.ledger.players import REFEREE_SEAT, keep_sessions, new_sessions, players_of
    from assistant.ledger.store import CampaignFileError, CampaignStore

    if args.urls_file is not None and not args.players:
        raise CliError(_("--urls-file: only with --players"))
    if args.public_url:
        raise CliError(_("--public-url: not with --players (each seat has its own port)"))
    if args.no_token:
        raise CliError(_("--no-token: a player's session always has its token"))
    path = _campaign(args)
    try:
        with CampaignStore.open(path) as store:
            if store.seat is not None:
                raise CliError(
                    _("--campaign: this is {nation}'s copy: serve the referee's campaign").format(
                        nation=nation_name(store.seat)
                    )
                )
            seats = [REFEREE_SEAT, *players_of(store)]
            if args.port < 1 or args.port + len(seats) - 1 > 65535:
                raise CliError(
                    _("--port: {count} ports from it must fit below 65536 (got {port})").format(
                        count=len(seats), port=args.port
                    )
                )
            fresh = new_sessions(store, seats)
            found = [(seat, args.port + n, fresh.get(seat)) for n, seat in enumerate(seats)]
            if urls_file is not None:
                _write_private(urls_file, "\n".join(_lines(args.host, found)) + "\n")
            keep_sessions(store, fresh)
    except CampaignFileError as error:
        raise CliError(describe(error)) from None
    return path, found


def _lines(host: str, seats: list[tuple[str, int, str | None]]) -> list[str]:
    from assistant.ledger.players import REFEREE_SEAT

    lines = []
    for seat, port, token in seats:
        who = _("the referee") if seat == REFEREE_SEAT else nation_name(seat)
        address = f"http://{host}:{port}/"
        if token is not None:
            lines.append(f"{who}: {address}?token={token}")
        else:
            lines.append(
                f"{who}: {address} "
                + _(
                    "(the address given before; a new one: castra campaign players --rotate {seat})"
                ).format(seat="referee" if seat == REFEREE_SEAT else seat)
            )
    return lines


def _write_private(name: str, text: str) -> None:
    """``text`` into ``name``, readable and writable by its owner alone (mode 600)."""
    check_file_name(name, "--urls-file")
    try:
        handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            os.fchmod(stream.fileno(), 0o600)
            stream.write(text)
    except OSError as error:
        raise not_written("--urls-file", name, error) from None


def serve_players(args: argparse.Namespace) -> int:
    """Serve the referee's seat here and start one server per nation beside it; print (and
    ``--urls-file``, write) every address."""
    from assistant.cli.commands.serve import app_command
    from assistant.ledger.players import REFEREE_SEAT, session_matches

    path, seats = seat_addresses(args, args.urls_file)
    lines = _lines(args.host, seats)
    language = getattr(args, "lang", None)
    commands = []
    for seat, port, _token in seats[1:]:
        command = [sys.executable, "-m", "assistant"]
        if language:
            command += ["--lang", language]
        command += ["serve", "--campaign", str(path), "--host", args.host, "--port", str(port)]
        commands.append([*command, "--seat", seat])

    server = _players_server()(
        app_command(str(path), language),
        commands=commands,
        lines=[_("Castra serves {path} to each seat:").format(path=path), *lines],
        token=None,
        check=lambda given: session_matches(path, REFEREE_SEAT, given),
        host=args.host,
        port=seats[0][1],
        title="Castra",
    )
    server.serve()
    return 0


def _players_server() -> Any:
    """The referee's seat server, which starts (and stops) the nations' seats with it (built
    here: the guarded server imports aiohttp, which ``castra --help`` never needs)."""
    from assistant.cli.commands._guarded_server import GuardedServer

    class PlayersServer(GuardedServer):
        def __init__(
            self, command: str, *, commands: list[list[str]], lines: list[str], **options: Any
        ) -> None:
            super().__init__(command, **options)
            self.commands = commands
            self.lines = lines
            self.children: list[subprocess.Popen[bytes]] = []

        async def on_startup(self, app: Any) -> None:
            seated = {**os.environ, SEAT_OF: str(os.getpid())}
            self.children = [subprocess.Popen(command, env=seated) for command in self.commands]
            print(self.lines[0], flush=True)
            for line in self.lines[1:]:
                print(f"  {line}", flush=True)
            print(_("Press Ctrl+C to quit"), flush=True)

        async def on_shutdown(self, app: Any) -> None:
            for child in self.children:
                if child.poll() is None:
                    child.send_signal(signal.SIGINT)
            for child in self.children:
                try:
                    child.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()

    return PlayersServer


def serve_seat(args: argparse.Namespace) -> int:
    """One seat's server (started by :func:`serve_players`): its token checked against the
    campaign's kept hash on every request."""
    from assistant.cli.commands._guarded_server import GuardedServer
    from assistant.cli.commands.serve import app_command
    from assistant.ledger.players import REFEREE_SEAT, session_matches

    path = _campaign(args)
    seat = args.seat
    parent = os.environ.get(SEAT_OF, "")
    if parent.isdigit():
        _stop_without(int(parent))
    server = GuardedServer(
        app_command(str(path), getattr(args, "lang", None), None if seat == REFEREE_SEAT else seat),
        token=None,
        check=lambda given: session_matches(path, seat, given),
        host=args.host,
        port=args.port,
        title="Castra",
    )
    server.serve()
    return 0


def _stop_without(parent: int) -> None:
    """Stop this seat's server once the referee's server ``parent`` is gone.

    A referee's server stopped with Ctrl+C stops its seats itself; one that is killed, or whose
    terminal closes, cannot, and its seats would keep serving the campaign with nobody to stop
    them. The seat asks for its own orderly exit (as Ctrl+C would, so its sessions end too) when
    it has been handed to another parent; a thread checks once a second."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="castra-seat-watch", daemon=True).start()
