"""The app's first frame shows the campaign as it will stand once the file is open (issue 11,
start-up): the Campaign screen draws the file's glance in GlanceTables, which must look exactly
like the DataTables that replace them a moment later, or the screen would flicker as it comes
alive."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import assistant.tui as tui
from armylists.scenarios import load_scenario
from assistant.ledger.events import NoteAdded
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from assistant.tui.widgets.glance_table import GlanceTable
from converters.i18n import set_language


@pytest.fixture
def held_open(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The campaign file opens only when the test sets the event, as on a slow disk."""
    release = threading.Event()
    opening = tui.open_campaign

    def held(campaign_path: str | Path | None) -> object:
        release.wait(10)
        return opening(campaign_path)

    monkeypatch.setattr(tui, "open_campaign", held)
    yield release
    release.set()


def frame(svg: str) -> str:
    """A screenshot without the id Textual derives from its contents."""
    return re.sub(r"terminal-\d+", "terminal", svg)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("scenario", ["tarentine", "macedon"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_first_frame_is_the_campaign_as_it_opens(
    tmp_path: Path,
    held_open: threading.Event,
    scenario: str,
    size: tuple[int, int],
    language: str,
) -> None:
    path = tmp_path / "campaign.castra"
    with CampaignStore.create(path, load_scenario(scenario)) as store:
        store.append(NoteAdded(note="The consuls march", who="Referee"))
        # A summary cut with "…" at 120 columns, and an undone event (struck through).
        store.append(NoteAdded(note="Rain on the Siris " * 8, who="A referee with a long name"))
        store.append(NoteAdded(note="typed twice"))
        store.undo("typed twice")
    set_language(language)
    # The opening of the file is held (held_open) to see the first frame alone.
    app = make_app(campaign_path=path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.ledger.store is None, "the file is still opening"
        assert app.screen.query(GlanceTable), "the campaign is drawn from its glance"
        first = app.export_screenshot()
        held_open.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query(GlanceTable), "the tables themselves took over"
        opened = app.export_screenshot()
    assert frame(first) == frame(opened)


async def test_rebuild_pressed_before_the_file_opens_picks_the_nation_under_the_cursor(
    tmp_path: Path, held_open: threading.Event
) -> None:
    """T2.5: the first frame draws the cursor on Rome; r then opens the form for Rome."""
    from textual.widgets import Select

    path = tmp_path / "campaign.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    app = make_app(campaign_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.ledger.store is None
        await pilot.press("r")
        held_open.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#nation", Select).value == "Rome"


async def test_a_file_that_fails_to_open_leaves_no_glance_under_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The glance was the file's; once the file is refused, only the reason is shown."""
    from assistant.ledger.store import CampaignFileError

    path = tmp_path / "campaign.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()

    def refused(campaign_path: str | Path | None) -> object:
        raise CampaignFileError(f"{campaign_path} is damaged: an event was changed")

    monkeypatch.setattr(tui, "open_campaign", refused)
    app = make_app(campaign_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert not await app.ledger.loaded()
        await pilot.pause()
        assert not app.screen.query(GlanceTable)
        assert not app.screen.query("#campaign-body > .section-title")
        status = str(app.screen.query_one("#campaign-status").render())
        assert "is damaged" in status


async def _first_and_opened_headings(path: Path, release: threading.Event) -> tuple[str, str]:
    app = make_app(campaign_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = str(app.screen.query_one("#campaign-heading").render())
        release.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        opened = str(app.screen.query_one("#campaign-heading").render())
        await app.workers.wait_for_complete()
    release.clear()
    return first, opened


async def test_an_italian_start_words_its_first_frame_from_the_catalogue_and_writes_nothing(
    tmp_path: Path, held_open: threading.Event
) -> None:
    """Issue 26: the first frame translates the glance's sentences as it draws them, the same
    words the opened screen shows; the app keeps nothing of its own in the campaign file (only
    the ledger writes it): an app that opens and closes a current file leaves it byte for
    byte as it was."""
    path = tmp_path / "campaign.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    set_language("it")
    held_open.set()
    await _first_and_opened_headings(path, held_open)  # the ledger's first open, if it writes
    before = path.read_bytes()
    first, opened = await _first_and_opened_headings(path, held_open)
    assert "Turno 1, aprile 278 a.C. (1ª quindicina)" in first and first == opened
    assert path.read_bytes() == before
    with contextlib.closing(sqlite3.connect(path)) as connection:
        keys = {key for (key,) in connection.execute("SELECT key FROM meta")}
    assert "app_wording" not in keys
