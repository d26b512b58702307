"""A served campaign played end to end (issue 24, "Done means" 1; T7.3, T5.2).

``castra serve --players`` on a fresh Tarentine campaign (sealed orders, seven nations with a
player); a real websocket client per nation and one for the referee, each driving its app by
keys as a browser tab does (:mod:`tests.tui.served_sessions`). Every player marches one army
from the Map by keys; no frame any player's app sent, and no screen it drew, holds another
nation's sealed order; the referee's Campaign screen lists all seven and carries them out (key
``v``); every session then shows the orders carried out, the next phase and its own army moved.
A player's session cannot give another nation's order, resolve, undo or record an event; a wrong
or missing token, a foreign page, a rebound Host and a rotated token open no session.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import aiohttp
import pytest

from assistant.ledger.store import CampaignStore
from tests.tui.served_sessions import Seat, castra, flat, serving_players, url_of

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="textual-serve is not installed (castra serve needs it)",
)


class March(NamedTuple):
    """One player's order, typed in its own session (T7.3): an army marches by road."""

    province: str
    army: str
    to: str


MARCHES = {
    "Rome": March("Roma", "Rome I", "Capua"),
    "Carthage": March("Cartago", "Carthage I", "Utica"),
    "Senones": March("Sena", "Senones II", "Arminia"),
    "Etruscans": March("Faesulae", "Etruscans I", "Pisae"),
    "Magna Graecia": March("Croton", "Magna Graecia II", "Heraclea"),
    "Pyrrhus": March("Brundisium", "Pyrrhus I", "Canova"),
    "Syracuse": March("Syracusae", "Syracuse I", "Henna"),
}
"""Each nation's march, to one of its own provinces or an empty neutral one: no meeting."""

REFEREE = "the referee"


def order_phrases(nation: str, march: March) -> tuple[str, ...]:
    """Every way the app words ``nation``'s sealed order: the event's summary, the orders
    table, the History."""
    return (
        f"sealed order of {nation}",
        f"{march.army} to march to {march.to}",
        f"{march.army} marches to {march.to}",
    )


def _province_selected(province: str):  # type: ignore[no-untyped-def]
    """The Map's side panel names ``province`` on its first line."""
    shown = re.compile(rf"│ {re.escape(province)}$", re.MULTILINE)
    return lambda screen: bool(shown.search(screen))


def _events(path: Path) -> int:
    with CampaignStore.open(path) as store:
        return len(store.history())


async def _to_map_province(seat: Seat, province: str) -> None:
    await seat.press("m")
    await seat.wait_for("/ Find")
    await seat.press("slash")
    await seat.wait_for("Escape to leave")  # the search is open: letters go to it, not keys
    await seat.type(province)
    await seat.press("enter")
    await seat.wait_for(lambda s: "Escape to leave" not in s)  # kept: the search is shut
    await seat.wait_for(_province_selected(province))


async def _march_form(seat: Seat, march: March) -> None:
    """From the Map: the March form filled for ``march`` by keys (type-to-search in each
    choice, as a player picks from a long list)."""
    await _to_map_province(seat, march.province)
    await seat.press("v")
    await seat.wait_for("March (T7.3)")
    # Each list is open (▲) before its name is typed, and shut with the choice (▼) before the
    # next field: keys typed before a list opens go to the form, not the list.
    await seat.press("enter")
    await seat.wait_for(_choice("Army", "", "▲"))
    await seat.type(march.army)
    await seat.press("enter")
    await seat.wait_for(_choice("Army", "", "▼"))
    await seat.press("tab", "enter")
    await seat.wait_for(_choice("To (by road)", "", "▲"))
    await seat.type(march.to)
    await seat.press("enter")


def _choice(label: str, name: str, arrow: str):  # type: ignore[no-untyped-def]
    """The form's choice under ``label`` shows ``name`` first, open (▲) or shut (▼). Read row
    by row: the board beside the form shares the screen's rows."""
    shown = re.compile(rf"▊  {re.escape(name)}[^▼▲▊▎]*{arrow}")

    def test(screen: str) -> bool:
        rows = screen.split("\n")
        return any(
            label in row and any(shown.search(below) for below in rows[n + 1 : n + 4])
            for n, row in enumerate(rows)
        )

    return test


async def _give_order(seat: Seat, march: March) -> None:
    await _march_form(seat, march)
    await seat.wait_for(_choice("Army", march.army, "▼"))
    await seat.wait_for(_choice("To (by road)", march.to, "▼"))
    await seat.press("ctrl+s")
    await seat.wait_for("/ Find")  # the form closed: recorded (its notice may wrap or fade)
    await seat.press("c")
    await seat.wait_for(f"{march.army} marches to {march.to}")


def _footer(screen: str) -> str:
    return screen.rstrip().rsplit("\n", 1)[-1]


async def _refused_key(seat: Seat, key: str, label: str, refusal: str, *, form: bool) -> str:
    """The referee's key ``key`` on the player's Campaign screen: absent from its footer and
    doing nothing, or refused in one line (a form's Record, or at once). What happened."""
    await seat.press("c")
    screen = await seat.wait_for("Recent events")
    if f"{key} {label}" not in _footer(screen):
        # Absent: the key does nothing; the History key after it is the first one to act.
        await seat.press(key, "h")
        await seat.wait_for(lambda s: "History —" in s.split("\n", 1)[0])
        await seat.press("c")
        return "absent"
    await seat.press(key)
    if form:
        await seat.wait_for("^s Record")
        await seat.press("ctrl+s")
    await seat.wait_for(refusal)
    if form:
        await seat.press("escape")
        await seat.wait_for(lambda s: "^s Record" not in s)
    await seat.wait_for("Recent events")
    return "refused"


async def _knock(url: str, **headers: str) -> int:
    """The status of the page and of the app's websocket at ``url`` (one fresh browser)."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(url, headers=headers) as page:
            if page.status != 200:
                return page.status
        address = f"ws://{urlsplit(url).netloc}/ws?width=80&height=24"
        try:
            async with session.ws_connect(address, headers=headers) as websocket:
                await websocket.receive(timeout=60)
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


async def _websocket_with(url: str, token: str, **headers: str) -> int:
    """The websocket's handshake status when the browser shows ``token`` in the seat's
    cookie (as a page once opened with it would)."""
    parts = urlsplit(url)
    cookie = {"Cookie": f"castra-token-{parts.port}={token}"}
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(
                f"ws://{parts.netloc}/ws?width=80&height=24", headers={**headers, **cookie}
            ) as websocket:
                await websocket.receive(timeout=60)
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


async def test_t7_3_every_player_orders_in_its_own_session_and_sees_the_result(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    campaign = tmp_path / "served.castra"
    castra("campaign", "new", "tarentine", "--file", str(campaign), env=env)
    with serving_players(campaign, env, tmp_path / "urls.txt") as printed:
        assert set(printed) == {REFEREE, *MARCHES}
        seats = {who: Seat(who, url_of(address)) for who, address in printed.items()}
        try:
            await asyncio.gather(*(seat.open() for seat in seats.values()))
            await asyncio.gather(*(seat.wait_for("Turn 1") for seat in seats.values()))
            players = {nation: seats[nation] for nation in MARCHES}
            referee = seats[REFEREE]

            # Every player at once, each in its own session, by keys.
            await asyncio.gather(
                *(_give_order(players[nation], march) for nation, march in MARCHES.items())
            )
            screen = await referee.wait_for(
                lambda s: all(f"{m.army} marches to {m.to}" in flat(s) for m in MARCHES.values())
            )
            assert "every nation's" in flat(screen)

            # What a player may not do, in Rome's session, before the turn is resolved.
            rome = players["Rome"]
            before = _events(campaign)
            await _march_form(rome, MARCHES["Carthage"])
            await rome.press("ctrl+s")
            await rome.wait_for(
                lambda s: "not Carthage's" in flat(s) or "choose the army" in flat(s)
            )
            await rome.press("escape")
            # Shut before the next key: read together, Escape and a letter are Alt+letter.
            await rome.wait_for(lambda s: "March (T7.3)" not in s)
            asked = {
                "resolve": await _refused_key(
                    rome, "v", "Resolve", "records everything else", form=False
                ),
                "undo": await _refused_key(rome, "u", "Undo", "does not undo", form=True),
                "record": await _refused_key(
                    rome, "n", "Next turn", "records everything else", form=True
                ),
            }
            assert set(asked.values()) <= {"absent", "refused"}
            assert _events(campaign) == before, "a player's refused keys wrote nothing"

            # The referee carries every order out (T7.3): from then on they are revealed.
            sealed_until = {n: (len(s.frames), len(s.screens)) for n, s in players.items()}
            await referee.press("c")
            await referee.wait_for("Recent events")
            await referee.press("v")
            await referee.wait_for("7 force(s) moved")
            for nation, seat in players.items():
                march = MARCHES[nation]
                screen = await seat.wait_for(
                    lambda s, m=march: (
                        f"{m.army}: {m.province} → {m.to}, by road" in flat(s)
                        and "naval battles (T5.2 phase 4)" in flat(s)
                    )
                )
                assert "7 force(s) moved" in flat(screen), nation
            for nation, seat in players.items():
                others = [
                    phrase
                    for other, march in MARCHES.items()
                    if other != nation
                    for phrase in order_phrases(other, march)
                ]
                frames, screens = sealed_until[nation]
                assert frames > 0 and screens > 0
                for text in (*seat.frames[:frames], *map(flat, seat.screens[:screens])):
                    leaked = [phrase for phrase in others if phrase in text]
                    assert not leaked, f"{nation}'s session showed {leaked}"
        finally:
            await asyncio.gather(*(seat.close() for seat in seats.values()))

        # Doors: no session without its own, current token, from the served address.
        rome_url, carthage_url = url_of(printed["Rome"]), url_of(printed["Carthage"])
        rome_token = urlsplit(rome_url).query.removeprefix("token=")
        carthage_origin = f"http://{urlsplit(carthage_url).netloc}"
        rome_origin = f"http://{urlsplit(rome_url).netloc}"
        assert await _knock(rome_url, Origin=rome_origin) == 101
        assert await _websocket_with(rome_url, rome_token, Origin=rome_origin) == 101
        assert await _knock(f"{carthage_origin}/?token={rome_token}") == 403, "another seat"
        assert await _websocket_with(carthage_url, rome_token, Origin=carthage_origin) == 403
        assert await _knock(f"{rome_origin}/") == 403, "no token"
        assert await _knock(f"{rome_origin}/?token={'x' * 32}") == 403, "a wrong token"
        assert await _websocket_with(rome_url, "x" * 32, Origin=rome_origin) == 403
        assert await _knock(rome_url, Origin="http://evil.example") == 403, "a foreign page"
        assert await _websocket_with(rome_url, rome_token, Origin="http://evil.example") == 403
        rebound = f"evil.example:{urlsplit(rome_url).port}"
        assert await _knock(rome_url, Host=rebound) == 403, "a rebound Host"
        castra("campaign", "players", "--rotate", "Rome", "--file", str(campaign), env=env)
        assert await _knock(rome_url, Origin=rome_origin) == 403, "a rotated token"
        assert await _websocket_with(rome_url, rome_token, Origin=rome_origin) == 403
