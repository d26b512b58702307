"""Load on ``castra serve --players`` by keys: 8 seats (the referee and 7 players) on one file.

Starts ``castra serve --players`` on loopback and opens one real websocket per seat, as a
browser tab does (the end-to-end tests' harness, :mod:`tests.tui.served_sessions`). For the
whole run each player types its nation's march on the Map (``v``, the form, ``ctrl+s``) and,
once its Campaign screen lists the order, withdraws it there (``x``), over and over; the
referee goes from the Campaign screen to the History and the Map and back, reading every order
as it comes (all seven nations have a player, so it types none). An order counts once the
player's screen has shown it given, and its withdrawal once the screen no longer lists it; at
the end those counts are checked against the events in the file (0 lost), every frame any seat
received is read for "database is locked" / "bloccato" (a write that stayed locked, 0
expected: each write waits its turn, ``BUSY_TIMEOUT_MS``), and the resident memory of the
servers and of each seat's app is read from ``/proc`` halfway through.

Run: ``.venv/bin/python benchmarks/serve.py [SECONDS]`` (default 120; Linux only, for /proc).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the harness in tests/tui

from assistant.ledger.events import OrderGiven, OrderWithdrawn
from assistant.ledger.store import CampaignStore
from tests.tui.served_sessions import (
    MARCHES,
    REFEREE,
    Seat,
    castra,
    flat,
    give_order,
    served_players,
    url_of,
    withdraw_order,
)

LOCKED = ("database is locked", "stayed locked", "bloccato")
"""What a seat's screen says of a write that stayed locked (SQLite's words, the app's "stayed
locked for 5 s", its Italian "bloccato"): the load run counts every frame that says it."""


class Tally(NamedTuple):
    """What the seats' screens acknowledged, what the file holds, and what they were told."""

    given: dict[str, int]
    """Orders each nation's screen showed given."""
    withdrawn: dict[str, int]
    """Orders each nation's screen showed withdrawn."""
    in_file: dict[str, tuple[int, int]]
    """Each nation's orders given and withdrawn, as events in the file."""
    locked: dict[str, int]
    """Each seat's frames and screens that said a write stayed locked."""
    reads: int
    """Screens the referee went through while the players wrote."""

    @property
    def lost(self) -> int:
        """Orders and withdrawals acknowledged on a screen and not in the file, or the other
        way round."""
        return sum(
            abs(self.given[n] - self.in_file.get(n, (0, 0))[0])
            + abs(self.withdrawn[n] - self.in_file.get(n, (0, 0))[1])
            for n in self.given
        )


async def _player(
    seat: Seat, nation: str, end: float, given: dict[str, int], taken: dict[str, int]
) -> None:
    march = MARCHES[nation]
    while time.monotonic() < end:
        await give_order(seat, march)
        given[nation] += 1
        await withdraw_order(seat, march)
        taken[nation] += 1


async def _referee(seat: Seat, end: float) -> int:
    reads = 0
    while time.monotonic() < end:
        await seat.press("h")
        await seat.wait_for(lambda s: "History —" in s.split("\n", 1)[0])
        await seat.press("c")
        await seat.wait_for("Recent events")
        await seat.press("m")
        await seat.wait_for("/ Find")
        reads += 3
    return reads


def _locked(seat: Seat) -> int:
    return sum(
        any(word in text.lower() for word in LOCKED)
        for text in (*seat.frames, *map(flat, seat.screens))
    )


async def drive(printed: dict[str, str], campaign: Path, seconds: float) -> Tally:
    """Every seat ``printed`` (seat → its printed line) by keys for ``seconds``; then the
    screens' counts beside the file's."""
    seats = {who: Seat(who, url_of(address)) for who, address in printed.items()}
    nations = [who for who in seats if who != REFEREE]
    given = dict.fromkeys(nations, 0)
    taken = dict.fromkeys(nations, 0)
    try:
        await asyncio.gather(*(seat.open() for seat in seats.values()))
        await asyncio.gather(*(seat.wait_for("Turn 1") for seat in seats.values()))
        end = time.monotonic() + seconds
        reading = asyncio.ensure_future(_referee(seats[REFEREE], end))
        await asyncio.gather(
            *(_player(seats[nation], nation, end, given, taken) for nation in nations)
        )
        reads = await reading
    finally:
        await asyncio.gather(*(seat.close() for seat in seats.values()))
    in_file: dict[str, list[int]] = {}
    with CampaignStore.open(campaign) as store:
        for stored in store.events():
            event = stored.event
            if isinstance(event, OrderGiven | OrderWithdrawn):
                counts = in_file.setdefault(event.nation, [0, 0])
                counts[isinstance(event, OrderWithdrawn)] += 1
    return Tally(
        given=given,
        withdrawn=taken,
        in_file={nation: (a, b) for nation, (a, b) in in_file.items()},
        locked={who: _locked(seat) for who, seat in seats.items()},
        reads=reads,
    )


def _rss_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _descendants(pid: int) -> list[int]:
    found, waiting = [], [pid]
    while waiting:
        for child in _children(waiting.pop()):
            found.append(child)
            waiting.append(child)
    return found


def _parent(pid: int) -> int:
    try:
        return int((Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split())[1])
    except OSError:
        return 0


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _memory(server: int) -> tuple[int, list[int]]:
    """The servers' resident KiB in all (the referee's and each seat's), and each seat's app's
    (the process a seat's server started and whatever it started in turn)."""
    tree = _descendants(server)
    servers = [server, *(pid for pid in tree if " serve " in _command_line(pid))]
    apps = [pid for pid in tree if pid not in servers and _parent(pid) in servers]
    return (
        sum(_rss_kib(pid) for pid in servers),
        [sum(_rss_kib(each) for each in [pid, *_descendants(pid)]) for pid in apps],
    )


async def _measured(
    server: int, printed: dict[str, str], path: Path, seconds: float
) -> tuple[Tally, tuple[int, list[int]]]:
    driving = asyncio.ensure_future(drive(printed, path, seconds))
    await asyncio.sleep(seconds / 2)
    memory = _memory(server)
    return await driving, memory


def main(seconds: float) -> None:
    folder = Path(tempfile.mkdtemp(prefix="castra-serve-"))
    path = folder / "load.castra"
    env = {**os.environ, "CASTRA_HOME": str(folder)}
    castra("campaign", "new", "tarentine", "--file", str(path), env=env)
    with served_players(path, env, folder / "urls.txt") as served:
        tally, (server_kib, app_kib) = asyncio.run(
            _measured(served.process.pid, served.seats, path, seconds)
        )
    acknowledged = sum(tally.given.values()) + sum(tally.withdrawn.values())
    recorded = sum(a + b for a, b in tally.in_file.values())
    print(f"{len(served.seats)} seats by keys, {seconds:.0f} s")
    print(
        f"orders given and withdrawn, acknowledged on screen {acknowledged}, in the file "
        f"{recorded}, lost {tally.lost}"
    )
    for nation in tally.given:
        print(f"  {nation}: {tally.given[nation]} given, {tally.withdrawn[nation]} withdrawn")
    print(f"the referee's screens read meanwhile: {tally.reads}")
    print(f"frames saying 'database is locked' / 'bloccato': {sum(tally.locked.values())}")
    print(
        f"servers (the referee's + {len(served.seats) - 1} seats'): "
        f"{server_kib / 1024:.0f} MiB resident"
    )
    if app_kib:
        print(
            f"each seat's app: {sum(app_kib) / len(app_kib) / 1024:.0f} MiB resident on average "
            f"({len(app_kib)} apps, {sum(app_kib) / 1024:.0f} MiB in all)"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0)
