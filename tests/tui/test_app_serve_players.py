"""``castra serve --players`` (issue 24 item 1): one door per seat, each with its own token.

A real server (started by the end-to-end tests' harness, ``tests/tui/served_sessions.py``), a
real websocket client per seat: each seat's printed address opens its app;
a player's token opens no other seat's door, a wrong, missing or rotated token opens none, a
foreign page or a rebound Host is refused as ``castra serve`` refuses them; the addresses file
is the owner's alone, and a restart keeps every address.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp

from tests.tui.served_sessions import castra, serving_players, url_of
from tests.tui.test_app_serve import FOREIGN, _origin, _websocket_status


async def test_each_seat_has_its_own_door_and_token(tmp_path: Path) -> None:
    env = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    campaign = tmp_path / "served.castra"
    castra("campaign", "new", "tarentine", "--file", str(campaign), env=env)
    urls = tmp_path / "urls.txt"
    with serving_players(campaign, env, urls) as seats:
        assert set(seats) == {
            "the referee", "Rome", "Carthage", "Senones", "Etruscans", "Magna Graecia",
            "Pyrrhus", "Syracuse",
        }  # fmt: skip
        assert stat.S_IMODE(urls.stat().st_mode) == 0o600
        assert all(url_of(address) in urls.read_text() for address in seats.values())
        rome, carthage, referee = (url_of(seats[s]) for s in ("Rome", "Carthage", "the referee"))
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
            rotated = castra(
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
    with serving_players(campaign, env, urls) as again:
        assert all("given before" in line for line in again.values()), "a restart keeps them"
