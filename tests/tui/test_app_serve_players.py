"""``castra serve --players`` (issue 24 item 1): one door per seat, each with its own token.

A real server, a real websocket client per seat: each seat's printed address opens its app;
a player's token opens no other seat's door, a wrong, missing or rotated token opens none, a
foreign page or a rebound Host is refused as ``castra serve`` refuses them; the addresses file
is the owner's alone, and a restart keeps every address.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp

from tests.tui.test_app_serve import FOREIGN, _origin, _websocket_status


def _castra(*argv: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "assistant", *argv],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return done.stdout


def _free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free on loopback now."""
    for _attempt in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = probe.getsockname()[1]
        if first + count > 65535:
            continue
        try:
            taken = []
            for port in range(first, first + count):
                sock = socket.socket()
                taken.append(sock)
                sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for sock in taken:
                sock.close()
        return first
    raise AssertionError("no free ports")


@contextmanager
def _serving_players(campaign: Path, env: dict[str, str], urls: Path) -> Iterator[dict[str, str]]:
    """``castra serve --players`` on loopback; yields seat → printed address line."""
    port = _free_ports(8)
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant", "serve", "--campaign", str(campaign), "--players",
         "--host", "127.0.0.1", "--port", str(port), "--urls-file", str(urls)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines = []
        while True:
            line = server.stdout.readline()
            assert line, "the server stopped before printing its addresses"
            if "Ctrl+C" in line:
                break
            lines.append(line.strip())
        seats = {}
        for line in lines[1:]:
            who, _sep, address = line.partition(": ")
            seats[who] = address
        deadline = time.monotonic() + 90
        for offset in range(len(seats)):
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port + offset), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "a seat's server never listened"
                    time.sleep(0.1)
        yield seats
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _url(address: str) -> str:
    found = re.match(r"https?://\S+", address)
    assert found, address
    return found.group(0)


async def test_each_seat_has_its_own_door_and_token(tmp_path: Path) -> None:
    env = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    campaign = tmp_path / "served.castra"
    _castra("campaign", "new", "tarentine", "--file", str(campaign), env=env)
    urls = tmp_path / "urls.txt"
    with _serving_players(campaign, env, urls) as seats:
        assert set(seats) == {
            "the referee", "Rome", "Carthage", "Senones", "Etruscans", "Magna Graecia",
            "Pyrrhus", "Syracuse",
        }  # fmt: skip
        assert stat.S_IMODE(urls.stat().st_mode) == 0o600
        assert all(_url(address) in urls.read_text() for address in seats.values())
        rome, carthage, referee = (_url(seats[s]) for s in ("Rome", "Carthage", "the referee"))
        rome_token = urlsplit(rome).query.removeprefix("token=")
        with_romes_token = f"{_origin(carthage)}/?token={rome_token}"
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            for url in (rome, carthage, referee):
                async with session.get(url, headers={"Origin": _origin(url)}) as page:
                    assert page.status == 200, url
                assert await _websocket_status(session, url, Origin=_origin(url)) == 101, url
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(with_romes_token) as page:
                assert page.status == 403, "Rome's token opens no other seat"
            async with session.get(_origin(rome) + "/") as page:
                assert page.status == 403, "no token"
            async with session.get(_origin(rome) + "/?token=" + "x" * 32) as page:
                assert page.status == 403, "a wrong token"
            async with session.get(rome, headers={"Origin": FOREIGN}) as page:
                assert page.status == 403, "a foreign page"
            rebound = f"evil.example:{urlsplit(rome).port}"
            async with session.get(rome, headers={"Host": rebound}) as page:
                assert page.status == 403, "a rebound Host"
            rotated = _castra(
                "campaign",
                "players",
                "--rotate",
                "Rome",
                "--json",
                "--file",
                str(campaign),
                env=env,
            )
            async with session.get(rome) as page:
                assert page.status == 403, "a rotated token"
            assert '"token"' in rotated
    with _serving_players(campaign, env, urls) as again:
        assert all("given before" in line for line in again.values()), "a restart keeps them"
