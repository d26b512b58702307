"""Seek or avoid declared blind in the app (issue 24, T3.0, T7.4 Reading): in Magna Graecia's
session no screen it can reach — the Campaign screen's meetings and recent events, the Map,
the History, the Chronicle and its packet, Help, the forms — holds Rome's answer while Magna
Graecia has not answered; the meetings panel says Rome has answered, never what. Once Magna
Graecia answers, both answers are public. The referee's app shows Rome's answer at once, so the
scan can fail. At 80×24 and 120×40, in English and Italian."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from armylists.names import nation_name
from assistant.ledger.events import MeetingAnswered
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from converters.i18n import _
from tests.tui.conftest import SEED
from tests.tui.player_campaign import met_campaign, seat_app, visit, whole_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def met(tmp_path: Path) -> Path:
    """Rome I and Magna Graecia III swap along Roma–Corfinium and meet (T7.4); Rome has
    answered in its own session that it seeks battle."""
    path = met_campaign(tmp_path)
    with CampaignStore.open(path) as store:
        store.append(MeetingAnswered(meeting=1, seek=["Rome"], nation="Rome", who="Rome"))
    return path


def romes_answer() -> str:
    """Rome's answer as the History and the Chronicle word it, in the language in force."""
    template = _("meeting at {province}: {nation} seeks battle (T3.0)")
    return nation_name("Rome") + template.split("{nation}", 1)[1]


@pytest.mark.parametrize("size", SIZES)
async def test_t3_0_no_screen_of_the_other_sides_session_shows_an_answer_before_it_answers(
    met: Path, size: tuple[int, int], language: str
) -> None:
    secret = romes_answer()
    with CampaignStore.open(met) as store:
        referee = make_app(store, seed=SEED)
        async with referee.run_test(size=size) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert secret in whole_text(referee), "the referee reads Rome's answer at once"
    app, store = seat_app(met, "Magna Graecia")
    with store:
        seen = await visit(app, size)
    for where, text in seen:
        assert secret not in text, f"{where}: {secret!r}"
    campaign = dict(seen)["campaign"]
    assert nation_name("Rome") in campaign and nation_name("Magna Graecia") in campaign
    romans, store = seat_app(met, "Rome")
    with store:
        async with romans.run_test(size=size) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert secret in whole_text(romans), "Rome reads its own answer"


@pytest.mark.parametrize("size", SIZES)
async def test_t3_0_the_panel_says_who_answered_and_once_every_side_has_all_is_public(
    met: Path, size: tuple[int, int], language: str
) -> None:
    app, store = seat_app(met, "Magna Graecia")
    with store:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#meetings", DataTable)
            answer = str(table.get_row_at(0)[3])
            assert nation_name("Rome") in answer, "Rome has answered: said, never what"
            assert romes_answer() not in whole_text(app)
            await pilot.press("y")
            await pilot.pause()
            await pilot.press("ctrl+s")  # Magna Graecia avoids
            await pilot.pause()
            assert store.state().meetings[0].seek == ["Rome"]
            await pilot.press("h")
            await pilot.pause()
            assert romes_answer() in whole_text(app), "every side has answered: public"
