"""``castra serve --players`` leaves no seat serving once the referee's server is gone (issue 24).

A referee's server stopped with Ctrl+C stops every nation's seat server itself; one that is
killed (or whose terminal closes) cannot. Each seat then notices it has lost its parent and stops
on its own, so no seat keeps serving the campaign with nobody to stop it. Every wait here has a
deadline (a guard against a hang, never a timed assertion).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.tui.served_sessions import castra, free_ports

SEATS = 8  # the referee and the Tarentine campaign's seven nations


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def test_killing_the_referees_server_stops_every_seat(tmp_path: Path) -> None:
    env = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    campaign = tmp_path / "tarentine.castra"
    castra("campaign", "new", "tarentine", "--file", str(campaign), env=env)
    port = free_ports(SEATS)
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant", "serve", "--campaign", str(campaign), "--players",
         "--host", "127.0.0.1", "--port", str(port), "--urls-file", str(tmp_path / "urls.txt")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        while "Ctrl+C" not in (line := server.stdout.readline()):
            assert line, "the server stopped before printing its addresses"
        deadline = time.monotonic() + 90
        seats = range(port + 1, port + SEATS)
        while not all(_listening(seat) for seat in seats):
            assert time.monotonic() < deadline, "a seat's server never listened"
            time.sleep(0.2)
        server.kill()  # no Ctrl+C: the referee's server has no chance to stop its seats
        server.wait()
        deadline = time.monotonic() + 60
        while any(_listening(seat) for seat in seats):
            assert time.monotonic() < deadline, "a seat still serves after the referee's went"
            time.sleep(0.2)
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
