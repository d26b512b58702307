"""The app's first frame shows the campaign as it will stand once the file is open (issue 11,
start-up): the Campaign screen draws the file's glance in GlanceTables, which must look exactly
like the DataTables that replace them a moment later, or the screen would flicker as it comes
alive."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

import assistant.tui as tui
from armylists.scenarios import load_scenario
from assistant.ledger.events import NoteAdded
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from assistant.tui.widgets.glance_table import GlanceTable
from converters.i18n import set_language


def frame(svg: str) -> str:
    """A screenshot without the id Textual derives from its contents."""
    return re.sub(r"terminal-\d+", "terminal", svg)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("scenario", ["tarentine", "macedon"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_first_frame_is_the_campaign_as_it_opens(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    scenario: str,
    size: tuple[int, int],
    language: str,
) -> None:
    path = tmp_path / "campaign.castra"
    with CampaignStore.create(path, load_scenario(scenario)) as store:
        store.append(NoteAdded(note="The consuls march", who="Referee"))
    set_language(language)
    # Hold the opening of the file, as a slow disk would, to see the first frame alone.
    release = threading.Event()
    opening = tui.open_campaign

    def held(campaign_path: str | Path | None) -> object:
        release.wait(10)
        return opening(campaign_path)

    monkeypatch.setattr(tui, "open_campaign", held)
    app = make_app(campaign_path=path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.ledger.store is None, "the file is still opening"
        assert app.screen.query(GlanceTable), "the campaign is drawn from its glance"
        first = app.export_screenshot()
        release.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query(GlanceTable), "the tables themselves took over"
        opened = app.export_screenshot()
    assert frame(first) == frame(opened)
