"""No screen of a player's session shows another nation's sealed order (issue 24 item 4, T7.3).

Carthage has handed in a march and a treaty with Syracuse (its terms a phrase found nowhere
else) and Rome a march; Rome's session goes to every screen it can reach — the Campaign
screen, the Map (with Carthage's army selected), the History, the Chronicle (Rome's packet and
the public chronicle, story and map), ANNI BUI, Help, and the forms a player opens — at 80×24
and 120×40, in English and Italian. Each screen's whole text (what is drawn, and every line of
every text and table on it, scrolled out of sight or not) never holds Carthage's orders; Rome's
own order is there. The referee's app on the same file does show them, so the scan can fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from armylists.names import nation_name
from assistant.ledger.events import MarchOrder, OrderGiven, TreatyOrder
from assistant.ledger.sealed_view import order_words
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from converters.i18n import _
from tests.tui.conftest import SEED
from tests.tui.player_campaign import CARTHAGE_MARCH, served_campaign, visit, whole_text

SECRET_TERMS = "Hamilcar's pact on the Strait"
"""The terms of Carthage's sealed treaty: a phrase no screen has of its own."""

CARTHAGE_TREATY = TreatyOrder(parties=["Carthage", "Syracuse"], terms=SECRET_TERMS)
ROME_MARCH = MarchOrder(army="Rome I", to="Corfinium")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """The served campaign (:func:`served_campaign`) with Carthage's treaty and Rome's march
    handed in too."""
    file = served_campaign(tmp_path)
    with CampaignStore.open(file) as store:
        store.append(OrderGiven(nation="Carthage", order=CARTHAGE_TREATY))
        store.append(OrderGiven(nation="Rome", order=ROME_MARCH))
    return file


def secrets(state: Any) -> list[str]:
    """Carthage's orders as any screen would word them, in the language in force."""
    return [
        SECRET_TERMS,
        order_words(CARTHAGE_MARCH, state),
        "sealed order of Carthage",
        "ordine sigillato di Cartagine",
    ]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_t7_3_no_screen_of_a_players_session_shows_another_nations_order(
    path: Path, size: tuple[int, int], language: str
) -> None:
    with CampaignStore.open(path) as referee_store:
        state = referee_store.state()
    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        app.ledger.seat = store.seat = "Rome"
        seen = await visit(app, size)
    for where, text in seen:
        for secret in secrets(state):
            assert secret not in text, f"{where}: {secret!r}"
    screens = dict(seen)
    assert order_words(ROME_MARCH, state) in screens["campaign"], "Rome's own order is shown"
    rome_turn = _("{nation}'s turn {turn}").format(nation=nation_name("Rome"), turn=1)
    assert rome_turn in screens["chronicle"], "a player's Chronicle opens on its packet"
    assert rome_turn not in screens["chronicle after f3"], "f3: the public chronicle"


async def test_t7_3_the_referee_picks_a_nations_packet_on_the_chronicle(path: Path) -> None:
    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("o")
            told = []
            for _step in range(3):
                await pilot.press("f3")
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
                told.append(str(app.screen.query_one("#chronicle-scope", Static).render()))
    assert told[0].startswith("Rome's turn 1") and told[1].startswith("Carthage's turn 1")
    assert "Senones's turn 1" in told[2] or told[2].startswith("Senones"), told[2]


async def test_t7_3_the_referees_app_shows_every_order_so_the_scan_can_fail(path: Path) -> None:
    with CampaignStore.open(path) as store:
        state = store.state()
        seen = await visit(make_app(store, seed=SEED), (120, 40))
    shown = "\n".join(text for _where, text in seen)
    assert order_words(CARTHAGE_MARCH, state) in shown
    assert SECRET_TERMS in shown


async def test_t7_3_a_served_seats_first_frame_draws_no_glance_of_the_referees_file(
    path: Path,
) -> None:
    """``castra --campaign F --seat Rome`` (what ``serve --players`` runs): the file's glance,
    written by whoever wrote last, lists every nation's recent orders, so a seat's first frame
    waits for its own store instead; then the Campaign screen shows Rome's."""
    app = make_app(campaign_path=path, seed=SEED)
    app.ledger.seat = "Rome"
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.shows_glance  # type: ignore[attr-defined]
        await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        assert app.ledger.store is not None and app.ledger.store.seat == "Rome"
        text = whole_text(app)
        state = app.ledger.state()
    for secret in secrets(state):
        assert secret not in text, secret
    assert order_words(ROME_MARCH, state) in text
    if app.ledger.store is not None:
        app.ledger.store.close()
