"""Sessions of ``castra serve --players`` as a browser drives them, for the end-to-end tests.

textual-serve relays each seat's app over a websocket: the browser sends ``["stdin", KEYS]``
(the bytes a terminal would send) and receives the app's terminal output as binary messages,
the ANSI stream a terminal draws. :class:`Seat` does the browser's part with aiohttp; its
:class:`Terminal` draws that stream on a grid of cells (cursor moves, erases, text; colours
dropped), so a test reads what the seat's screen shows, and keeps the text of every message
received, so a test can check each frame, not only the last. Every wait has a deadline (a guard
against a hang, never a timed assertion): on a timeout the assertion shows the screen.

A player gives its orders here as at the keyboard (:func:`give_order`, :func:`withdraw_order`),
in its session's language: the end-to-end tests and the load run (``benchmarks/serve.py``)
both type them with these, so the load counts orders a player could have given.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import json
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import aiohttp
from rich.cells import get_character_cell_size

from converters.i18n import LANGUAGES, in_every_language

__all__ = [
    "KEYS",
    "MARCHES",
    "REFEREE",
    "WAIT",
    "March",
    "Seat",
    "Served",
    "Terminal",
    "castra",
    "choice_shows",
    "flat",
    "footer",
    "give_order",
    "march_form",
    "plain",
    "served_players",
    "serving_players",
    "to_map_province",
    "url_of",
    "withdraw_order",
]

WAIT = 120.0
"""The longest any wait lasts (seconds): an app starting on a busy two-core machine."""

KEYS = {
    "enter": "\r",
    "tab": "\t",
    "shift+tab": "\x1b[Z",
    "escape": "\x1b",
    "backspace": "\x7f",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "slash": "/",
    "ctrl+s": "\x13",
}
"""What a terminal sends for each named key (any other key is sent as its own text)."""

_CONTROL = re.compile(
    r"\x1b\[(?P<params>[0-9;:?<>=]*)[ -/]*(?P<final>[@-~])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[P_^][^\x1b]*\x1b\\"  # DCS, APC, PM
    r"|\x1b[()*+][0-9A-Za-z]"  # character sets
    r"|\x1b[^\[\]P_^()*+]"  # any other escape
    r"|[\x00-\x1f\x7f]"
)
_UNFINISHED = re.compile(r"\x1b(?:\[[0-9;:?<>=]*[ -/]*|\][^\x07\x1b]*|[P_^][^\x1b]*|[()*+])?$")


def plain(text: str) -> str:
    """``text`` without its escape sequences and control characters."""
    return _CONTROL.sub("", text)


class Terminal:
    """A grid of ``width`` × ``height`` cells drawn from a terminal's output stream."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""

    def feed(self, data: bytes) -> str:
        """Draw ``data``; returns its text (escape sequences dropped)."""
        text = self._pending + self._decoder.decode(data)
        unfinished = _UNFINISHED.search(text)
        cut = unfinished.start() if unfinished else len(text)
        text, self._pending = text[:cut], text[cut:]
        position = 0
        for control in _CONTROL.finditer(text):
            self._write(text[position : control.start()])
            self._control(control)
            position = control.end()
        self._write(text[position:])
        return plain(text)

    def _write(self, text: str) -> None:
        for char in text:
            size = get_character_cell_size(char)
            if size == 0:
                continue
            if self.x + size > self.width:
                self.x, self.y = 0, min(self.y + 1, self.height - 1)
            self.rows[self.y][self.x] = char
            if size == 2 and self.x + 1 < self.width:
                self.rows[self.y][self.x + 1] = ""
            self.x += size

    def _control(self, control: re.Match[str]) -> None:
        sequence = control.group(0)
        if sequence == "\r":
            self.x = 0
        elif sequence == "\n":
            self.y = min(self.y + 1, self.height - 1)
        elif sequence == "\b":
            self.x = max(self.x - 1, 0)
        final = control.group("final")
        if final is None or (control.group("params") or "").startswith("?"):
            return
        numbers = [int(n) if n.isdigit() else 0 for n in control.group("params").split(";")]
        first = numbers[0] or 1
        if final in "Hf":
            row = numbers[0] or 1
            column = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.y, self.x = min(row, self.height) - 1, min(column, self.width) - 1
        elif final == "A":
            self.y = max(self.y - first, 0)
        elif final == "B":
            self.y = min(self.y + first, self.height - 1)
        elif final == "C":
            self.x = min(self.x + first, self.width - 1)
        elif final == "D":
            self.x = max(self.x - first, 0)
        elif final == "G":
            self.x = min(first, self.width) - 1
        elif final == "K":
            start, end = {0: (self.x, self.width), 1: (0, self.x + 1)}.get(
                numbers[0], (0, self.width)
            )
            self.rows[self.y][start:end] = [" "] * (end - start)
        elif final == "J" and numbers[0] in (2, 3):
            self.rows = [[" "] * self.width for _ in range(self.height)]

    @property
    def text(self) -> str:
        """What the screen shows, line by line."""
        return "\n".join("".join(row).rstrip() for row in self.rows)


_BORDERS = re.compile(r"[\s▌▐│█▎▊▔▁▀▄]+")


def flat(screen: str) -> str:
    """A screen's words in one line: borders and line ends as single spaces, so a sentence a
    notice wrapped reads whole."""
    return _BORDERS.sub(" ", screen)


class Seat:
    """One seat's browser tab: its page, its app's websocket, and what the app drew."""

    def __init__(
        self, who: str, url: str, width: int = 120, height: int = 40, language: str = "en"
    ) -> None:
        self.who = who
        self.url = url
        self.language = language
        """The language the seat's app speaks (``castra campaign players NATION --lang``)."""
        self.terminal = Terminal(width, height)
        self.frames: list[str] = []
        """The text of every message the app sent, in order."""
        self.screens: list[str] = []
        """What the screen showed after each of those messages (when it changed)."""
        self._drawn = asyncio.Condition()
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self.closed = False

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    async def open(self) -> None:
        """Open the page (its cookie holds the token), then the app's websocket."""
        # unsafe=True: keep cookies from an IP address, as a browser does.
        self._session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        async with self._session.get(self.url, headers={"Origin": self.origin}) as page:
            assert page.status == 200, f"{self.who}: the page answered {page.status}"
        netloc = urlsplit(self.url).netloc
        size = f"width={self.terminal.width}&height={self.terminal.height}"
        self._socket = await self._session.ws_connect(
            f"ws://{netloc}/ws?{size}", headers={"Origin": self.origin}
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self._socket is not None
        async for message in self._socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.frames.append(self.terminal.feed(message.data))
                if not self.screens or self.screens[-1] != self.screen:
                    self.screens.append(self.screen)
                async with self._drawn:
                    self._drawn.notify_all()
        self.closed = True
        async with self._drawn:
            self._drawn.notify_all()

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._session is not None:
            await self._session.close()

    @property
    def screen(self) -> str:
        return self.terminal.text

    def say(self, message: str) -> str:
        """``message`` (a msgid of the catalogue) as the seat's app words it."""
        return in_every_language(message)[LANGUAGES.index(self.language)]

    async def press(self, *keys: str) -> None:
        """Send each key as a terminal sends it. After Escape the next key waits a moment, as
        fingers do: sent at once, Escape and a letter read as Alt plus the letter."""
        assert self._socket is not None
        for key in keys:
            await self._socket.send_str(json.dumps(["stdin", KEYS.get(key, key)]))
            await asyncio.sleep(0.4 if key == "escape" else 0.05)

    async def type(self, text: str) -> None:
        assert self._socket is not None
        await self._socket.send_str(json.dumps(["stdin", text]))

    async def wait_for(self, shows: str | Callable[[str], bool], *, timeout: float = WAIT) -> str:
        """The screen once it shows ``shows`` (a text, or a test of the whole screen)."""
        test = shows if callable(shows) else (lambda screen: shows in flat(screen))
        deadline = time.monotonic() + timeout
        async with self._drawn:
            while not test(self.screen):
                left = deadline - time.monotonic()
                assert left > 0 and not self.closed, (
                    f"{self.who}'s screen never showed {shows!r}:\n{self.screen}"
                )
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._drawn.wait(), left)
        return self.screen

    async def settle(self, quiet: float = 0.5, *, timeout: float = WAIT) -> str:
        """The screen once the app has drawn nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        async with self._drawn:
            while time.monotonic() < deadline:
                try:
                    await asyncio.wait_for(self._drawn.wait(), quiet)
                except TimeoutError:
                    return self.screen
        raise AssertionError(f"{self.who}'s app never stopped drawing:\n{self.screen}")


class March(NamedTuple):
    """One player's order, typed in its own session (T7.3): an army marches by road. The names
    as the session shows them (an Italian session: "Roma I")."""

    province: str
    army: str
    to: str


REFEREE = "the referee"
"""The referee's seat, as ``castra serve --players`` prints it."""

MARCHES = {
    "Rome": March("Roma", "Rome I", "Capua"),
    "Carthage": March("Cartago", "Carthage I", "Utica"),
    "Senones": March("Sena", "Senones II", "Arminia"),
    "Etruscans": March("Faesulae", "Etruscans I", "Pisae"),
    "Magna Graecia": March("Croton", "Magna Graecia II", "Heraclea"),
    "Pyrrhus": March("Brundisium", "Pyrrhus I", "Canova"),
    "Syracuse": March("Syracusae", "Syracuse I", "Henna"),
}
"""Each nation's march on the Tarentine board, to one of its own provinces or an empty neutral
one: all seven together make no meeting (T7.4)."""


def _province_selected(province: str) -> Callable[[str], bool]:
    """The Map's side panel names ``province`` on its first line."""
    shown = re.compile(rf"│ {re.escape(province)}$", re.MULTILINE)
    return lambda screen: bool(shown.search(screen))


def choice_shows(label: str, name: str, arrow: str) -> Callable[[str], bool]:
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


def footer(screen: str) -> str:
    """The screen's last line: the keys on offer."""
    return screen.rstrip().rsplit("\n", 1)[-1]


async def to_map_province(seat: Seat, province: str) -> None:
    """The Map, its search (``/``) typed to ``province`` and kept."""
    find = f"/ {seat.say('Find')}"
    leave = seat.say("province name, Enter to keep, Escape to leave").rsplit(", ", 1)[-1]
    await seat.press("m")
    await seat.wait_for(find)
    await seat.press("slash")
    await seat.wait_for(leave)  # the search is open: letters go to it, not keys
    await seat.type(province)
    await seat.press("enter")
    # Kept: the search is shut once the footer offers the Map's keys again (its placeholder
    # goes at the first letter typed, and the panel follows the search as it is typed).
    await seat.wait_for(lambda s: find in footer(s))
    await seat.wait_for(_province_selected(province))


async def march_form(seat: Seat, march: March) -> None:
    """From the Map: the March form filled for ``march`` by keys (type-to-search in each
    choice, as a player picks from a long list)."""
    army, to = seat.say("Army"), seat.say("To (by road)")
    await to_map_province(seat, march.province)
    await seat.press("v")
    await seat.wait_for(seat.say("March (T7.3)"))
    # Each list is open (▲) before its name is typed, and shut with the choice (▼) before the
    # next field: keys typed before a list opens go to the form, not the list.
    await seat.press("enter")
    await seat.wait_for(choice_shows(army, "", "▲"))
    await seat.type(march.army)
    await seat.press("enter")
    await seat.wait_for(choice_shows(army, "", "▼"))
    await seat.press("tab", "enter")
    await seat.wait_for(choice_shows(to, "", "▲"))
    await seat.type(march.to)
    await seat.press("enter")


def marching(seat: Seat, march: March) -> str:
    """How the seat's orders panel words ``march``."""
    return seat.say("{army} marches to {to}").format(army=march.army, to=march.to)


async def give_order(seat: Seat, march: March) -> None:
    """``march`` given from the Map by keys, then the Campaign screen once it lists it."""
    await march_form(seat, march)
    await seat.wait_for(choice_shows(seat.say("Army"), march.army, "▼"))
    await seat.wait_for(choice_shows(seat.say("To (by road)"), march.to, "▼"))
    await seat.press("ctrl+s")
    await seat.wait_for(f"/ {seat.say('Find')}")  # closed: recorded (its notice may fade)
    await seat.press("c")
    await seat.wait_for(marching(seat, march))


async def withdraw_order(seat: Seat, march: March) -> None:
    """On the Campaign screen, the nation's one order withdrawn by ``x`` (the cursor on it),
    waited for until the orders panel no longer lists it."""
    shown = marching(seat, march)
    await seat.wait_for(shown)
    await seat.press("x")
    await seat.wait_for(lambda s: shown not in flat(s))


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free on loopback now."""
    for _attempt in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = int(probe.getsockname()[1])
        if first + count > 65535:
            continue
        taken: list[socket.socket] = []
        try:
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


class Served(NamedTuple):
    """``castra serve --players`` running: its process (the referee's server, which started
    each nation's) and each seat's printed line (seat → address)."""

    process: subprocess.Popen[str]
    seats: dict[str, str]


@contextlib.contextmanager
def served_players(
    campaign: Path, env: dict[str, str], urls: Path, *options: str
) -> Iterator[Served]:
    """``castra serve --players`` on loopback as a user starts it. Every seat's server is
    listening when it yields; all are stopped after."""
    seats_count = 8
    port = free_ports(seats_count)
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant", *options, "serve", "--campaign", str(campaign),
         "--players", "--host", "127.0.0.1", "--port", str(port), "--urls-file", str(urls)],
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
        deadline = time.monotonic() + WAIT
        for offset in range(len(seats)):
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port + offset), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "a seat's server never listened"
                    time.sleep(0.1)
        yield Served(server, seats)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextlib.contextmanager
def serving_players(
    campaign: Path, env: dict[str, str], urls: Path, *options: str
) -> Iterator[dict[str, str]]:
    """:func:`served_players`, yielding seat → printed line."""
    with served_players(campaign, env, urls, *options) as served:
        yield served.seats


def url_of(address: str) -> str:
    """The address in a printed seat line."""
    found = re.match(r"https?://\S+", address)
    assert found, address
    return found.group(0)


def castra(*argv: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "assistant", *argv],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return done.stdout
