"""castra.tcss is loaded in two parts (start-up, issue 11): the Campaign screen's rules before
the first frame, the rest once the campaign file is open. The first screen must look the same
before and after, so no rule of the rest may match one of its widgets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.widget import Widget

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import REST_OF_THE_SHEET, STYLESHEET, CastraApp, make_app


def rest_of_the_sheet(app: CastraApp) -> list[str]:
    """The selectors of every rule after the marker, without pseudo-classes (a rule for
    ``:focus`` must not match a widget that could get the focus)."""
    text = STYLESHEET.read_text(encoding="utf-8")
    assert REST_OF_THE_SHEET in text, "the marker the app splits the sheet at"
    sheet = Stylesheet(variables=app.get_css_variables())
    sheet.add_source(text.partition(REST_OF_THE_SHEET)[2].partition("*/")[2])
    sheet.parse()
    return [re.sub(r":[\w-]+", "", rule.selectors) for rule in sheet.rules]


@pytest.mark.parametrize("scenario", ["tarentine", "macedon"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_rule_after_the_first_screens_part_matches_the_campaign_screen(
    tmp_path: Path, scenario: str, size: tuple[int, int]
) -> None:
    store = CampaignStore.create(tmp_path / "c.castra", load_scenario(scenario))
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query("#nations"), "the campaign is on screen"
        shown = set(screen.query(Widget).results())
        for selector in rest_of_the_sheet(app):
            matched = set(screen.query(selector).results()) & shown
            assert not matched, f"{selector!r} styles the Campaign screen: move it above"
    store.close()


async def test_the_whole_sheet_is_loaded_once_the_campaign_is_open(campaign_path: Path) -> None:
    """The other screens keep their look: the History's log takes two thirds of the screen."""
    app = make_app(campaign_path=campaign_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await app.ledger.loaded()
        await pilot.press("h")
        await pilot.pause()
        log = app.screen.query_one("#history-log")
        assert str(log.styles.height) == "2fr"
