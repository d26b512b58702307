"""The served Tarentine campaign the player-session tests share (issue 24, T7.3, T3.0).

Carthage has handed in a sealed march (:data:`CARTHAGE_MARCH`); a player's session is the
app opened on the file with its seat set, as ``castra serve --players`` starts it
(:func:`seat_app`). :func:`whole_text` is everything a screen holds, shown or scrolled, and
:func:`visit` goes to every screen and form a player's session reaches, so a test can check
that none of them holds what the player may not read.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from textual.widgets import DataTable, Static

from armylists.scenarios import load_scenario
from assistant.ledger.events import MarchOrder, OrderGiven
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app
from tests.tui.conftest import SEED

__all__ = ["CARTHAGE_MARCH", "seat_app", "served_campaign", "visit", "whole_text"]

CARTHAGE_MARCH = MarchOrder(army="Carthage I", to="Utica")
"""Carthage's sealed order, handed in before any player's session opens (T7.3)."""


def served_campaign(tmp_path: Path) -> Path:
    """A fresh Tarentine campaign at turn 1 with Carthage's sealed march in."""
    file = tmp_path / "served.castra"
    with CampaignStore.create(file, load_scenario("tarentine")) as store:
        store.append(OrderGiven(nation="Carthage", order=CARTHAGE_MARCH))
    return file


def met_campaign(tmp_path: Path) -> Path:
    """:func:`served_campaign` once Rome I and Magna Graecia III have swapped along
    Roma–Corfinium and met (T7.4): meeting 1, which each side answers seek or avoid (T3.0)."""
    from assistant.ledger.orders import resolution

    file = served_campaign(tmp_path)
    with CampaignStore.open(file) as store:
        store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
        store.append(
            OrderGiven(
                nation="Magna Graecia", order=MarchOrder(army="Magna Graecia III", to="Roma")
            )
        )
        store.append(resolution(store.state()))
    return file


def seat_app(path: Path, seat: str = "Rome") -> tuple[CastraApp, CampaignStore]:
    """A player's session as ``castra serve --players`` starts it (``run_app(seat=…)``)."""
    store = CampaignStore.open(path)
    app = make_app(store, seed=SEED)
    app.ledger.seat = seat
    store.seat = seat
    return app, store


def whole_text(app: CastraApp) -> str:
    """What the screen draws, and every line of its texts and tables, shown or scrolled."""
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    drawn = "".join(html.unescape(re.sub(r"<[^>]+>", "", run)) for run in runs)
    parts = [drawn.replace("\xa0", " ")]
    for widget in app.screen.query("*"):
        if isinstance(widget, Static):
            parts.append(str(widget.render()))
        elif isinstance(widget, DataTable):
            for row in range(widget.row_count):
                parts.append(" ".join(str(cell) for cell in widget.get_row_at(row)))
    return "\n".join(parts)


async def visit(app: CastraApp, size: tuple[int, int]) -> list[tuple[str, str]]:
    """(where, whole text) of every screen and form the app lets its user reach."""
    seen: list[tuple[str, str]] = []
    async with app.run_test(size=size) as pilot:

        async def look(where: str) -> None:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            seen.append((where, whole_text(app)))

        await look("campaign")
        await pilot.press("t")
        await look("recruit form")
        await pilot.press("escape")
        await pilot.press("m")
        for province in ("Cartago", "Roma"):
            app.screen.selected = province  # type: ignore[attr-defined]
            await look(f"map at {province}")
        await pilot.press("v")
        await look("march form")
        await pilot.press("escape")
        await pilot.press("f")
        await look("sail form")
        await pilot.press("escape")
        await pilot.press("h")
        await look("history")
        await pilot.press("o")
        await look("chronicle")
        for key in ("f3", "f4", "f4", "f7"):
            await pilot.press(key)
            await look(f"chronicle after {key}")
        await pilot.press("a")
        await look("annibui")
        await pilot.press("f1")
        await look("help")
        await pilot.press("escape")
        await pilot.press("c")
        await look("campaign again")
    return seen
