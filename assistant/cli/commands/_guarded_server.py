"""textual-serve's server with a lock on the door: the served address only, and a token.

textual-serve itself has no login and no Origin check, so a web page open in the same browser
could open the app's websocket, read the campaign and send keys. This subclass refuses every
page, websocket and download request whose ``Host`` or ``Origin`` is not the address Castra
serves (which also defeats DNS rebinding), and, unless the user asks for ``--no-token``,
one that carries neither the random token printed at start (``?token=…``, as Jupyter does)
nor the cookie the page sets once the token was shown. It only overrides textual-serve's public
request handlers and its ``on_startup`` and ``initialize_logging`` hooks; no private name is
used.

The served page stays private (issue 28): textual-serve's page fetches its font from Google
Fonts, a third-party request from an address carrying the token (and one that fails offline,
where clubs often play); Castra's page takes the same font from the server's own static folder,
says ``Referrer-Policy: no-referrer``, drops the token from the address bar once the cookie
holds it (``history.replaceState``), and the access log masks every token.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from assistant.tokens import MaskTokens, new_token, tokens_match
from converters.i18n import _

__all__ = ["GuardedServer", "new_token"]

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
"""Names one loopback server answers to: a browser may reach it by any of them."""


GOOGLE_FONTS = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>")
"""textual-serve's link to Google Fonts, as its page template writes it."""

LOCAL_FONT = (
    '<meta name="referrer" content="no-referrer" />\n'
    '    <style>@font-face {{ font-family: "Roboto Mono"; '
    'src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }}</style>\n'
    "    <script>(function () {{\n"
    "      var address = new URL(window.location.href);\n"
    '      if (address.searchParams.has("token")) {{\n'
    '        address.searchParams.delete("token");\n'
    "        window.history.replaceState(\n"
    '          null, "", address.pathname + address.search + address.hash);\n'
    "      }}\n"
    "    }})();</script>"
)
"""The same font from textual-serve's own static folder, no referrer, and the token out of the
address bar and the history once the page (and its cookie) arrived."""


def served_hosts(host: str, port: int, public_url: str) -> frozenset[str]:
    """Every ``Host`` header (``name:port``) a browser sends when it reaches this server."""
    names = {host.lower()}
    if ":" in host and not host.startswith("["):
        names = {f"[{host.lower()}]"}
    if names & {"localhost", "127.0.0.1", "[::1]"}:
        names |= set(LOOPBACK)
    hosts = {f"{name}:{port}" for name in names}
    if port in (80, 443):
        hosts |= names
    hosts.add(urlsplit(public_url).netloc.lower())
    return frozenset(hosts)


class GuardedServer(Server):
    """A textual-serve ``Server`` that answers only its own address, and only with the token."""

    def __init__(
        self,
        command: str,
        *,
        token: str | None,
        check: Callable[[str | None], bool] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(command, **options)
        self.token = token
        """The secret every request shows (query or cookie); ``None`` with ``--no-token``."""
        self.check = check
        """Instead of ``token``: whether a token shown is the one kept now (a player's
        session, whose token is kept hashed with the campaign and may be replaced)."""
        self.hosts = served_hosts(self.host, self.port, self.public_url)
        self.cookie = f"castra-token-{self.port}"
        """Per port: cookies are shared by every port of a host."""

    @property
    def browser_url(self) -> str:
        """The address to open, token included."""
        url = f"{self.public_url.rstrip('/')}/"
        return f"{url}?token={self.token}" if self.token else url

    def refusal(self, request: web.Request) -> str | None:
        """Why this request is refused, or ``None`` when it comes from the served address."""
        if request.host.lower() not in self.hosts:
            return _("this server answers only {hosts}").format(hosts=self.public_url)
        origin = request.headers.get("Origin")
        if origin is not None:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or parts.netloc.lower() not in self.hosts:
                return _("a page from another site may not use Castra ({origin})").format(
                    origin=origin
                )
        if self.token is not None or self.check is not None:
            given = self.shown_token(request)
            matches = self.check(given) if self.check is not None else None
            if matches is None:
                matches = tokens_match(given, self.token or "")
            if not matches:
                return _("open the address with the token that `castra serve` printed")
        return None

    def shown_token(self, request: web.Request) -> str | None:
        """The token a request shows: in its address, else in the page's cookie."""
        return request.query.get("token") or request.cookies.get(self.cookie)

    def guard(self, request: web.Request) -> None:
        reason = self.refusal(request)
        if reason is not None:
            raise web.HTTPForbidden(text=f"Castra: {reason}\n")

    async def handle_index(self, request: web.Request) -> Any:
        self.guard(request)
        response = await super().handle_index(request)
        if isinstance(response, web.Response) and response.text is not None:
            static = f"{self.public_url.rstrip('/')}/static/"
            page = LOCAL_FONT.format(static=static)
            response.text = GOOGLE_FONTS.sub(lambda _link: page, response.text, count=1)
        if isinstance(response, web.StreamResponse):
            response.headers["Referrer-Policy"] = "no-referrer"
            shown = self.token if self.check is None else self.shown_token(request)
            if shown is not None:
                # The page's websocket URL has no token: the browser shows this cookie instead.
                response.set_cookie(self.cookie, shown, httponly=True, samesite="Strict")
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        self.guard(request)
        return await super().handle_websocket(request)

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        self.guard(request)
        return await super().handle_download(request)

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # aiohttp's access log writes each request line and its Referer: tokens masked.
        for name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "textual-serve"):
            logging.getLogger(name).addFilter(MaskTokens())

    async def on_startup(self, app: web.Application) -> None:
        if self.check is not None:
            # A player's session: `castra serve --players` printed every address.
            return
        print(_("Castra is served at {url}").format(url=self.browser_url), flush=True)
        if self.token is None:
            print(_("No token: anyone who can reach this address can use the app."), flush=True)
        print(_("Press Ctrl+C to quit"), flush=True)
