"""Load on ``castra serve --players``: 8 seats (the referee and 7 players) on one campaign file.

Starts ``castra serve --players`` on loopback, opens one real websocket per seat (each starts
that seat's app, as a browser tab does), and meanwhile runs one writer process per seat that,
as that seat's ledger (``CampaignStore`` with its ``seat``), gives and withdraws its nation's
orders for the whole run (the referee's writes notes). At the end it counts every write
acknowledged against the events in the file (0 lost), every "database is locked" refusal (0
expected: each write waits its turn, ``BUSY_TIMEOUT_MS``), and reads the resident memory of
the servers and of each seat's app from ``/proc``.

Run: ``.venv/bin/python benchmarks/serve.py [SECONDS]`` (default 120; Linux only, for /proc).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from armylists.scenarios import load_scenario
from assistant.ledger.events import MarchOrder, NoteAdded, OrderGiven, OrderWithdrawn
from assistant.ledger.players import REFEREE_SEAT
from assistant.ledger.store import CampaignStore

ORDERS = {
    "Rome": ("Rome I", "Corfinium"),
    "Carthage": ("Carthage I", "Utica"),
    "Senones": ("Senones I", "Sena"),
    "Etruscans": ("Etruscans I", "Caere"),
    "Magna Graecia": ("Magna Graecia III", "Roma"),
    "Pyrrhus": ("Pyrrhus I", "Tarentum"),
    "Syracuse": ("Syracuse I", "Syracusae"),
}
"""One order each nation gives and withdraws, over and over (a march the ledger accepts or
refuses by the rules: either way one write, checked)."""


PAUSE = 0.25
"""Seconds between two writes of one seat: a player at the keyboard (a few orders a minute)
writes far less often; a writer that never pauses is not a session but a flood."""


def _writer(path: str, seat: str, seconds: float, results: object) -> None:
    """One seat's writes for ``seconds``: (acknowledged, refused by the rules, locked)."""
    from assistant.ledger.state import LedgerError
    from assistant.ledger.store import CampaignFileError

    done = refused = locked = 0
    end = time.monotonic() + seconds
    with CampaignStore.open(path) as store:
        if seat != REFEREE_SEAT:
            store.seat = seat
        while time.monotonic() < end:
            if seat == REFEREE_SEAT:
                events = [NoteAdded(note="load", who=seat)]
            else:
                army, to = ORDERS[seat]
                events = [
                    OrderGiven(nation=seat, order=MarchOrder(army=army, to=to), who=seat),
                    OrderWithdrawn(nation=seat, force=army, who=seat),
                ]
            for event in events:
                try:
                    store.append(event)
                    done += 1
                except CampaignFileError:
                    locked += 1  # the write lock stayed taken past BUSY_TIMEOUT_MS
                except LedgerError:
                    refused += 1
                time.sleep(PAUSE)
    results.put((seat, done, refused, locked))  # type: ignore[attr-defined]


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


def _free_port(count: int) -> int:
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = int(probe.getsockname()[1])
        if first + count < 65535:
            return first


async def _sessions(addresses: list[str], seconds: float) -> int:
    """One websocket per seat, held open for ``seconds``; how many opened."""
    opened = 0
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        sockets = []
        for address in addresses:
            origin = re.match(r"http://[^/]+", address)
            assert origin
            async with session.get(address) as page:
                assert page.status == 200, address
            socket_url = origin.group(0).replace("http", "ws") + "/ws?width=80&height=24"
            sockets.append(
                await session.ws_connect(socket_url, headers={"Origin": origin.group(0)})
            )
        for websocket in sockets:
            message = await websocket.receive(timeout=60)
            opened += message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)

        async def drain(websocket: aiohttp.ClientWebSocketResponse) -> None:
            # Reading is what answers the server's heartbeat: a tab left unread is closed.
            async for _message in websocket:
                pass

        readers = [asyncio.ensure_future(drain(websocket)) for websocket in sockets]
        await asyncio.sleep(seconds)
        still = sum(not websocket.closed for websocket in sockets)
        print(f"sessions still open after {seconds:.0f} s: {still}")
        for reader in readers:
            reader.cancel()
        for websocket in sockets:
            await websocket.close()
    return opened


def main(seconds: float) -> None:
    folder = Path(tempfile.mkdtemp(prefix="castra-serve-"))
    path = folder / "load.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    port = _free_port(8)
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant", "serve", "--campaign", str(path), "--players",
         "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "CASTRA_HOME": str(folder)},
    )  # fmt: skip
    assert server.stdout is not None
    addresses = []
    while True:
        line = server.stdout.readline()
        if not line or "Ctrl+C" in line:
            break
        found = re.search(r"http://\S+token=\S+", line)
        if found:
            addresses.append(found.group(0))
    deadline = time.monotonic() + 120
    for offset in range(len(addresses)):  # each seat's server starts listening
        while True:
            try:
                socket.create_connection(("127.0.0.1", port + offset), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    server.send_signal(signal.SIGINT)
                    raise SystemExit("a seat's server never listened") from None
                time.sleep(0.2)
    results: multiprocessing.Queue[tuple[str, int, int, int]] = multiprocessing.Queue()
    writers = [
        multiprocessing.Process(target=_writer, args=(str(path), seat, seconds, results))
        for seat in [REFEREE_SEAT, *ORDERS]
    ]
    for writer in writers:
        writer.start()
    loop = asyncio.new_event_loop()
    holding = loop.create_task(_sessions(addresses, seconds))
    loop.run_until_complete(asyncio.sleep(seconds / 2))
    tree = _descendants(server.pid)
    servers = [server.pid, *(pid for pid in tree if " serve " in _command_line(pid))]
    apps = [pid for pid in tree if pid not in servers and _parent(pid) in servers]
    server_kib = sum(_rss_kib(pid) for pid in servers)
    # An app is the process a seat's server started and whatever it started in turn.
    app_kib = [sum(_rss_kib(each) for each in [pid, *_descendants(pid)]) for pid in apps]
    opened = loop.run_until_complete(holding)
    for writer in writers:
        writer.join()
    totals = [results.get() for _writer in writers]
    server.send_signal(signal.SIGINT)
    server.wait(timeout=60)
    acknowledged = sum(done for _seat, done, _refused, _locked in totals)
    with CampaignStore.open(path) as store:
        recorded = len(store.events()) - 1
    print(f"{len(addresses)} seats, {opened} sessions open, {seconds:.0f} s of writes")
    lost = acknowledged - recorded
    print(f"writes acknowledged {acknowledged}, in the file {recorded}, lost {lost}")
    locked, refused = sum(t[3] for t in totals), sum(t[2] for t in totals)
    print(f"'database is locked': {locked}; refused by the rules: {refused}")
    print(
        f"servers (the referee's + {len(servers) - 1} seats'): {server_kib / 1024:.0f} MiB resident"
    )
    if app_kib:
        print(
            f"each seat's app: {sum(app_kib) / len(app_kib) / 1024:.0f} MiB resident on average "
            f"({len(app_kib)} apps, {sum(app_kib) / 1024:.0f} MiB in all)"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0)
