"""A served campaign played end to end (issue 24, "Done means" 1; T7.3, T5.2).

``castra serve --players`` on a fresh Tarentine campaign (sealed orders, seven nations with a
player); a real websocket client per nation and one for the referee, each driving its app by
keys as a browser tab does (:mod:`tests.tui.served_sessions`). Every player marches one army
from the Map by keys; no frame any player's app sent, and no screen it drew, holds another
nation's sealed order; the referee's Campaign screen lists all seven and carries them out (key
``v``); every session then shows the orders carried out, the next phase and its own army moved.
A player's session cannot give another nation's order, resolve, undo or record an event; a wrong
or missing token, a foreign page, a rebound Host and a rotated token open no session.

Then a meeting (T7.4, T3.0), with Rome's player reading Castra in Italian (its language kept
with the campaign): Rome and Magna Graecia march into each other by keys, the other players
hand in no orders (``N``), the referee resolves; each side answers seek or avoid by keys in its
own session, and every session, where no key is pressed, shows the answer, then the pursuit
roll of the avoiding side's withdrawal (the referee's ``z``). Rome's session draws only
Italian, outside the board's names.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import aiohttp
import pytest

from assistant.ledger.store import CampaignStore
from converters.i18n import current_language, set_language
from tests.english_words import english_only_words, words
from tests.tui.served_sessions import (
    MARCHES,
    REFEREE,
    WAIT,
    March,
    Seat,
    castra,
    choice_shows,
    flat,
    footer,
    give_order,
    march_form,
    serving_players,
    url_of,
)

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="textual-serve is not installed (castra serve needs it)",
)


def order_phrases(nation: str, march: March) -> tuple[str, ...]:
    """Every way the app words ``nation``'s sealed order: the event's summary, the orders
    table, the History."""
    return (
        f"sealed order of {nation}",
        f"{march.army} to march to {march.to}",
        f"{march.army} marches to {march.to}",
    )


def _events(path: Path) -> int:
    with CampaignStore.open(path) as store:
        return len(store.history())


async def _refused_key(seat: Seat, key: str, label: str, refusal: str, *, form: bool) -> str:
    """The referee's key ``key`` on the player's Campaign screen: absent from its footer and
    doing nothing, or refused in one line (a form's Record, or at once). What happened."""
    await seat.press("c")
    screen = await seat.wait_for("Recent events")
    if f"{key} {label}" not in footer(screen):
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
                *(give_order(players[nation], march) for nation, march in MARCHES.items())
            )
            screen = await referee.wait_for(
                lambda s: all(f"{m.army} marches to {m.to}" in flat(s) for m in MARCHES.values())
            )
            assert "every nation's" in flat(screen)

            # What a player may not do, in Rome's session, before the turn is resolved.
            rome = players["Rome"]
            before = _events(campaign)
            await march_form(rome, MARCHES["Carthage"])
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


# A meeting answered by keys, with one player in Italian (T7.4, T3.0; issue 24).

MET = {
    "Rome": March("Roma", "Roma I", "Corfinium"),  # as Rome's Italian session names them
    "Magna Graecia": March("Corfinium", "Magna Graecia III", "Roma"),
}
"""Rome I and Magna Graecia III swap along Roma–Corfinium: they meet on the road (T7.4)."""

ITALIAN = "Rome"
"""The nation whose player reads Castra in Italian (``castra campaign players Rome --lang it``:
its seat is served in it)."""

SEEKER, AVOIDER = "Rome", "Magna Graecia"
"""Rome answers first, seeking battle; Magna Graecia then avoids it."""


class Met(NamedTuple):
    """What every seat's app drew while the meeting was found and answered, by seat."""

    campaign: Path
    seats: dict[str, Seat]
    before_second: dict[str, tuple[int, int]]
    """Each seat's count of frames and of screens received before the second answer was sent."""


def _shown_in(language: str, nation: str, force: str | None = None) -> str:
    """A nation's (or one of its forces') name as a session in ``language`` shows it."""
    from armylists.names import nation_name
    from converters.force_names import shown_army, shown_name

    was = current_language()
    set_language(language)
    try:
        if force is None:
            return nation_name(nation)
        return shown_army(shown_name(force, nation), nation)
    finally:
        set_language(was)


async def _no_orders(seat: Seat) -> None:
    """T7.3: the player says, by ``N`` on its Campaign screen, it gives no orders this turn."""
    await seat.press("c")
    await seat.wait_for(seat.say("Recent events"))
    await seat.press("N")


async def _answer(seat: Seat, nation: str, *, seeks: bool) -> None:
    """``nation``'s answer typed in its own session up to Record: ``y`` on the meeting under
    the cursor opens the form with its own side only (avoids, at first); a seek is picked by
    type-to-search in its list."""
    side = _shown_in(seat.language, nation)
    seek, avoid = seat.say("seeks battle"), seat.say("avoids battle")
    await seat.press("y")
    await seat.wait_for(seat.say("Seek or avoid battle (T3.0, T7.4)"))
    if seeks:
        await seat.press("enter")
        await seat.wait_for(choice_shows(side, "", "▲"))
        await seat.type(seek)
        await seat.press("enter")
    await seat.wait_for(choice_shows(side, seek if seeks else avoid, "▼"))


def _sought(seat: Seat) -> str:
    """The meeting's answer as every session shows it once both sides have answered."""
    return seat.say("battle sought by {nations}").format(nations=_shown_in(seat.language, SEEKER))


def _pursued(seat: Seat) -> str:
    """How every session's recent events begin the withdrawal under pursuit (T3.0, T3.3)."""
    template = seat.say("meeting at {province}: the pursuit roll {faces} (T3.0, T3.3)")
    return template.split("{faces}")[0].format(province=MET[AVOIDER].to)


async def _meet(campaign: Path, env: dict[str, str], urls: Path) -> Met:
    with serving_players(campaign, env, urls) as printed:
        seats = {
            # 160 columns: the meetings table's last column, the answer, is shown whole.
            who: Seat(who, url_of(address), 160, 48, language="it" if who == ITALIAN else "en")
            for who, address in printed.items()
        }
        try:
            await asyncio.gather(*(seat.open() for seat in seats.values()))
            await asyncio.gather(
                *(seat.wait_for(seat.say("Turn {turn}").format(turn=1)) for seat in seats.values())
            )
            referee = seats[REFEREE]
            # Two marches by keys (Rome's in Italian); every other player hands in no orders.
            await asyncio.gather(
                *(give_order(seats[nation], march) for nation, march in MET.items()),
                *(_no_orders(seats[n]) for n in MARCHES if n not in MET),
            )
            await referee.press("c")
            await referee.wait_for("Every nation has handed in")
            await referee.press("v")
            # The meeting, unanswered, in every session with no key pressed there.
            await asyncio.gather(
                *(seat.wait_for(seat.say("Meetings (T7.4), sea first")) for seat in seats.values())
            )
            await _answer(seats[SEEKER], SEEKER, seeks=True)
            await seats[SEEKER].press("ctrl+s")
            deadline = time.monotonic() + WAIT
            with CampaignStore.open(campaign) as store:
                while not store.state().meetings[0].answers:
                    assert time.monotonic() < deadline, "Rome's answer was never recorded"
                    await asyncio.sleep(0.2)
            # Every session has redrawn since the first answer was written (T7.3's second).
            await asyncio.gather(*(seat.settle(2.0) for seat in seats.values()))
            await _answer(seats[AVOIDER], AVOIDER, seeks=False)
            before_second = {who: (len(s.frames), len(s.screens)) for who, s in seats.items()}
            await seats[AVOIDER].press("ctrl+s")
            await asyncio.gather(*(seat.wait_for(_sought(seat)) for seat in seats.values()))
            # The avoiding side withdraws under one pursuit roll: the referee's key (T3.0),
            # rolled by the app's dice; every session shows the roll.
            await referee.press("z")
            await asyncio.gather(*(seat.wait_for(_pursued(seat)) for seat in seats.values()))
        finally:
            await asyncio.gather(*(seat.close() for seat in seats.values()))
    return Met(campaign, seats, before_second)


@pytest.fixture(scope="module")
def met(tmp_path_factory: pytest.TempPathFactory) -> Met:
    """A fresh Tarentine campaign served with ``--players``, Rome's player in Italian; the
    meeting of Rome I and Magna Graecia III found, then answered in its sides' sessions."""
    folder = tmp_path_factory.mktemp("met")
    env = {**os.environ, "CASTRA_HOME": str(folder)}
    campaign = folder / "met.castra"
    castra("campaign", "new", "tarentine", "--file", str(campaign), env=env)
    castra("campaign", "players", ITALIAN, "--lang", "it", "--file", str(campaign), env=env)
    return asyncio.run(_meet(campaign, env, folder / "urls.txt"))


def test_t7_4_a_meeting_answered_in_its_sides_sessions_shows_its_result_in_every_session(
    met: Met,
) -> None:
    """Each side answered by keys in its own session; every session, where no key was
    pressed, then showed that Rome seeks battle (a battle, unless Magna Graecia withdraws
    under pursuit, T3.0), and then the pursuit roll of its withdrawal."""
    from assistant.ledger.events import WithdrawalPursued

    with CampaignStore.open(met.campaign) as store:
        (meeting,) = store.state().meetings
        withdrawn = [e.event for e in store.events() if isinstance(e.event, WithdrawalPursued)]
    assert meeting.answers == {SEEKER: True, AVOIDER: False}
    assert meeting.seek == [SEEKER] and meeting.settled
    assert len(withdrawn) == 1
    assert set(met.seats) == {REFEREE, *MARCHES}
    for who, seat in met.seats.items():
        assert any(_sought(seat) in flat(screen) for screen in seat.screens), who
        assert _pursued(seat) in flat(seat.screen), who


def test_t7_4_no_player_sees_the_other_sides_answer_before_both_have_answered(
    met: Met,
) -> None:
    """Rome answered first (it seeks battle): no frame another player's app sent, and no screen
    it drew, before Magna Graecia's answer says so."""
    told = [
        f"{SEEKER} seeks battle",
        f"battle sought by {SEEKER}",
        f"battle sought by: {SEEKER}",
    ]
    for who, seat in met.seats.items():
        if who in (SEEKER, REFEREE):
            continue
        frames, screens = met.before_second[who]
        assert frames > 0 and screens > 0
        for text in (*seat.frames[:frames], *map(flat, seat.screens[:screens])):
            leaked = [phrase for phrase in told if phrase in text]
            assert not leaked, f"{who}'s session showed {leaked} before {AVOIDER} answered"


def test_an_italian_players_session_shows_only_italian_and_takes_its_order_by_keys(
    met: Met,
) -> None:
    """Rome's seat, its language kept with the campaign, served in Italian: its order typed by
    keys in Italian (the ledger has it as Rome's, from Rome's seat) and no screen it drew holds
    a word only the English catalogue uses, outside the board's own names (provinces, nations
    and forces, which issue 25 checks)."""
    from assistant.ledger.events import MarchOrder, OrderGiven

    with CampaignStore.open(met.campaign) as store:
        given = [e.event for e in store.events() if isinstance(e.event, OrderGiven)]
        state = store.state()
    marched = {(e.nation, e.order, e.who) for e in given}
    # Signed by the seat as its Italian player reads it: "Roma" (T7.3).
    assert ("Rome", MarchOrder(army="Rome I", to="Corfinium"), "Roma") in marched
    # The board's names, in either language: data (a name left in English is issue 25's).
    names = words(
        " ".join(
            [province.name for province in state.scenario.provinces]
            + [province.region for province in state.scenario.provinces]
            + [
                _shown_in(language, f.nation, name)
                for f in state.forces.values()
                for name in (None, f.name)
                for language in ("en", "it")
            ]
        )
    )
    english = english_only_words() - {"castra"}
    seat = met.seats[ITALIAN]
    assert seat.screens
    for screen in seat.screens:
        left = (words(screen) & english) - names
        assert not left, f"English on Rome's Italian screen: {sorted(left)}\n{screen}"
