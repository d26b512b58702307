"""``castra serve``: the same app in a browser through textual-serve.

The first tests build the server without starting it; the last ones start ``castra serve`` as a
user does and knock on its door with a real websocket client (aiohttp), from the printed URL
and from a foreign page (issue 10, the browser server).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import aiohttp
import pytest

from assistant.cli import main


class _Served:
    """The servers ``castra serve`` built and started (starting one does nothing here)."""

    built: ClassVar[list[Any]] = []


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> type[_Served]:
    from assistant.cli.commands._guarded_server import GuardedServer

    _Served.built = []
    monkeypatch.setattr(
        GuardedServer, "serve", lambda server, debug=False: _Served.built.append(server)
    )
    return _Served


@pytest.mark.parametrize(
    "arguments",
    [
        ["--campaign", "CAMPAIGN", "serve"],
        ["serve", "--campaign", "CAMPAIGN"],
    ],
    ids=["campaign-before-serve", "campaign-after-serve"],
)
def test_serve_runs_castra_on_the_campaign_in_each_browser_tab(
    fake_server: type[_Served], tmp_path: Path, arguments: list[str]
) -> None:
    campaign = tmp_path / "my campaign.castra"
    argv = [str(campaign) if part == "CAMPAIGN" else part for part in arguments]
    assert main([*argv, "--port", "8123"]) == 0
    (server,) = fake_server.built
    assert shlex.split(server.command) == [
        sys.executable,
        "-m",
        "assistant",
        "--campaign",
        str(campaign.resolve()),
    ]
    assert (server.host, server.port, server.title) == ("localhost", 8123, "Castra")


def test_serve_without_campaign_opens_the_default_one(fake_server: type[_Served]) -> None:
    assert main(["serve"]) == 0
    (server,) = fake_server.built
    assert shlex.split(server.command) == [sys.executable, "-m", "assistant"]
    assert server.port == 8000


def test_serve_starts_each_tab_in_the_language_asked_for(fake_server: type[_Served]) -> None:
    """``castra --lang it serve``: the app in each browser tab speaks Italian too (issue 14)."""
    assert main(["--lang", "it", "serve"]) == 0
    (server,) = fake_server.built
    assert shlex.split(server.command) == [sys.executable, "-m", "assistant", "--lang", "it"]


def test_a_port_out_of_range_is_one_line_and_exit_2(
    fake_server: type[_Served], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err == "castra: error: --port: a port is 1 to 65535 (got 70000)\n"
    assert fake_server.built == []


def test_the_serve_command_module_imports_no_textual() -> None:
    probe = (
        "import sys, assistant.cli.commands.serve; "
        "print(any(m == 'textual' or m.startswith(('textual.', 'textual_serve')) "
        "for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


# ------------------------------------------------------------- the real server, a real websocket
FOREIGN = "http://evil.example"


@contextlib.contextmanager
def _serving(tmp_path: Path, *options: str, log: list[str] | None = None) -> Iterator[str]:
    """``castra serve`` on a free loopback port, as a user starts it; yields the printed URL.
    ``log`` receives what the server printed after it (its access log) once it stopped."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    campaign = tmp_path / "served.castra"
    environment = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "assistant",
            "campaign",
            "new",
            "tarentine",
            "--file",
            str(campaign),
        ],
        check=True,
        capture_output=True,
        env=environment,
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "assistant",
            "--campaign",
            str(campaign),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=environment,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.search(r"https?://\S+", first)
        assert match, f"no address printed: {first!r}"
        # aiohttp starts listening just after the start-up hook printed the address.
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.05)
        yield match.group(0)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if log is not None and server.stdout is not None:
            log.append(server.stdout.read())


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


async def _websocket_status(session: aiohttp.ClientSession, url: str, **headers: str) -> int:
    """The handshake's HTTP status: 101 when the app's websocket opened (and sent the app)."""
    parts = urlsplit(url)
    address = f"ws://{parts.netloc}/ws?width=80&height=24"
    try:
        async with session.ws_connect(address, headers=headers) as websocket:
            message = await websocket.receive(timeout=30)
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
            return 101
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status


async def test_a_foreign_page_cannot_open_the_app_but_the_printed_url_can(
    tmp_path: Path,
) -> None:
    with _serving(tmp_path) as url:
        assert "token=" in url
        origin = _origin(url)
        # unsafe=True: keep cookies from an IP address, as a browser does (aiohttp would not).
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            # Without the token, neither the page nor the websocket.
            async with session.get(url.split("?")[0]) as page:
                assert page.status == 403
            assert await _websocket_status(session, url, Origin=origin) == 403
            # The printed URL opens the page, whose cookie opens the websocket...
            async with session.get(url) as page:
                assert page.status == 200
                assert "data-session-websocket-url" in await page.text()
            # ...but not for a page of another site, nor a rebound DNS name, in the same browser.
            assert await _websocket_status(session, url, Origin=FOREIGN) == 403
            assert await _websocket_status(session, url, Origin="null") == 403
            rebound = f"evil.example:{urlsplit(url).port}"
            assert await _websocket_status(session, url, Origin=origin, Host=rebound) == 403
            assert await _websocket_status(session, url, Origin=origin) == 101


async def test_without_a_token_the_origin_is_still_checked(tmp_path: Path) -> None:
    with _serving(tmp_path, "--no-token") as url:
        assert "token=" not in url
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as page:
                assert page.status == 200
            async with session.get(url, headers={"Origin": FOREIGN}) as page:
                assert page.status == 403
            assert await _websocket_status(session, url, Origin=FOREIGN) == 403


# ------------------------------------------------------------- a private page (issue 28)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


async def test_the_page_keeps_the_token_private_and_the_log_masks_it(tmp_path: Path) -> None:
    """No referrer, no Google Fonts, the token out of the address bar once the cookie holds
    it, and an access log that never shows it (the page, a Referer and a websocket carry it)."""
    log: list[str] = []
    with _serving(tmp_path, log=log) as url:
        token = url.split("token=")[1]
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(url, headers={"Referer": url}) as page:
                assert page.status == 200
                assert page.headers["Referrer-Policy"] == "no-referrer"
                html = await page.text()
            assert await _websocket_status(session, url, Origin=_origin(url)) == 101
            async with session.get(f"{url}&fontsize=18") as page:
                assert page.status == 200
    assert "googleapis" not in html and "gstatic" not in html
    assert '<meta name="referrer" content="no-referrer" />' in html
    assert "/static/fonts/RobotoMono-VariableFont_wght.ttf" in html
    assert "history.replaceState" in html and 'searchParams.delete("token")' in html
    (printed,) = log
    assert "GET /?token=… HTTP/1.1" in printed.replace("\n", " ")
    assert token not in printed


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
def test_in_a_real_browser_the_page_asks_nothing_of_any_other_address(tmp_path: Path) -> None:
    """Headless Chromium opens the printed address; its network log (``--log-net-log``) lists
    every request the page made (the page is their initiator): each is for the served address,
    the font among them, and the app's websocket opened."""
    assert CHROMIUM is not None
    net_log = tmp_path / "net.json"
    with _serving(tmp_path) as url:
        subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}", f"--log-net-log={net_log}",
             "--virtual-time-budget=8000", "--dump-dom", url],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    served = _origin(url)
    document = json.loads(net_log.read_text(encoding="utf-8"))
    names = {code: name for name, code in document["constants"]["logEventTypes"].items()}
    requested = [
        event["params"]["url"]
        for event in document["events"]
        if names.get(event["type"]) == "URL_REQUEST_START_JOB"
        and isinstance(event.get("params"), dict)
        and "url" in event["params"]
        and (
            event["params"].get("initiator") == served
            or event["params"].get("request_type") == "main frame"
        )
    ]
    assert any(address.endswith("RobotoMono-VariableFont_wght.ttf") for address in requested)
    assert any(address.startswith("ws://") and "/ws?" in address for address in requested)
    outside = [
        address for address in requested if urlsplit(address).netloc != urlsplit(served).netloc
    ]
    assert outside == [], "the page asked another address"
