"""A turn by the book in the app (issue 22): the phase line (T5.2), the nation entering its
sealed orders and what it may see (T7.3), the resolve key, and the meetings (T7.4, T3.0).

Every test runs at 80×24, the smallest terminal the app is made for, in both languages where
it shows words; the campaign is the conftest's Tarentine Wars with sealed orders (the default).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from assistant.ledger.events import MarchOrder, OrderGiven, VoyageOrder
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp
from converters.i18n import set_language

SMALL = (80, 24)
"""The terminal of every test here."""


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Any:
    set_language(request.param)
    yield request.param
    set_language("en")


def march(nation: str, army: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=MarchOrder(army=army, to=to))


def voyage(nation: str, fleet: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=VoyageOrder(fleet=fleet, to=to))


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


PHASE_WORDS = {
    "en": ("Phase: movement (T5.2 phase 3)", "1 sealed order(s) in"),
    "it": ("Fase: movimento (T5.2 phase 3)", "1 ordini sigillati consegnati"),
}


# ---- 1. the phase line (T5.2) -----------------------------------------------------------------


async def test_t5_2_the_campaign_screen_says_the_phase_and_what_is_left(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert ("Phase:" if language == "en" else "Fase:") in text_of(app, "#campaign-status")
        assert "phase 1" in text_of(app, "#campaign-status"), "a new turn starts at phase 1"
        store.append(march("Rome", "Rome I", "Corfinium"))
        app.screen.refresh_from_store()  # type: ignore[attr-defined]
        await pilot.pause()
        status = text_of(app, "#campaign-status")
        for words in PHASE_WORDS[language]:
            assert words in status, status


async def test_t5_2_the_first_frame_says_the_phase_from_the_glance(
    store: CampaignStore, campaign_path: Any
) -> None:
    """The phase is kept in the file's glance, so the first frame (drawn before the ledger is
    open) already says it."""
    from assistant.ledger.glance import read_glance

    store.append(march("Rome", "Rome I", "Corfinium"))
    store.glance()
    glance = read_glance(campaign_path)
    assert glance is not None
    assert glance["phase"]["key"] == "movement"
    assert glance["phase"]["left"] == [
        "1 sealed order(s) in; carry them out with castra campaign resolve"
    ]


async def test_t5_2_the_map_says_the_phase_on_one_line(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("m")
        await pilot.pause()
        line = app.screen.query_one("#map-phase", Static)
        said = str(line.render())
        assert said.startswith(PHASE_WORDS[language][0])
        assert PHASE_WORDS[language][1] in said
        assert line.region.height == 1 and line.region.width <= SMALL[0]
