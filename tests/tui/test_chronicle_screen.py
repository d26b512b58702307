"""The Chronicle screen (o): a turn's story, the figures as sparklines in each nation's colour,
f5/f6/f7 to choose the turns, f9 for the figure, and f8 to write the report beside the campaign."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.chronicle_story import build_story
from tests.tui.conftest import SEED, SIZE, fill


@pytest.fixture
def story_app(tmp_path: Path) -> Iterator[Any]:
    """The app on the chronicle's story campaign (see tests.chronicle_story)."""
    store: CampaignStore = build_story(tmp_path / "story.castra")
    yield make_app(store, seed=SEED)
    store.close()


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _open(pilot: Any) -> Any:
    await pilot.press("o")
    await _settle(pilot)
    screen = pilot.app.screen
    assert type(screen).__name__ == "ChronicleScreen"
    return screen


def _story(screen: Any) -> str:
    return str(screen.story)


async def test_the_last_turn_then_heraclea_then_the_whole_campaign(story_app: Any) -> None:
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        assert "Spring: envoys from Rome to Pyrrhus" in _story(screen), "turn 14's note"
        await pilot.press(*["f5"] * 11)
        await _settle(pilot)
        assert screen.chronicle.scope.first_turn == 3
        assert "Battle of Heraclea" in _story(screen)
        assert "Battle of Roma" not in _story(screen)
        await pilot.press("f7")
        await _settle(pilot)
        assert "Battle of Heraclea" in _story(screen) and "Battle of Roma" in _story(screen)
        assert "typed by mistake" not in _story(screen), "undone events are left out"


async def test_f6_stops_at_the_current_turn(story_app: Any) -> None:
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f6", "f6")
        await _settle(pilot)
        assert screen.chronicle.scope.first_turn == story_app.ledger.store.state().turn


async def test_sparklines_in_each_nations_colour_and_f9_changes_the_figure(story_app: Any) -> None:
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        charts = screen.query_one("#chronicle-charts", VerticalScroll)
        assert charts.border_title == "PM in play per turn"
        names = {str(label.content): label for label in charts.query(".spark-name").results(Label)}
        colours = screen.chronicle.colours
        assert names["Rome"].styles.color == Color.parse(colours["Rome"])
        assert names["Pyrrhus"].styles.color == Color.parse(colours["Pyrrhus"])
        await pilot.press("f9")
        await _settle(pilot)
        assert charts.border_title == "Treasury (PE) per turn"


async def test_f8_writes_the_report_beside_the_campaign_and_says_where(story_app: Any) -> None:
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f8")
        await _settle(pilot)
        expected = Path(story_app.ledger.store.path).with_name("story-turn-14.html")
        assert expected.exists()
        said = str(screen.query_one("#chronicle-written", Static).content)
        assert said == f"Written to {expected}"


async def _opened(pilot: Any) -> None:
    await pilot.press("o")
    await _settle(pilot)


def test_snapshot_chronicle_at_80x24(snap_compare: Any, story_app: Any) -> None:
    assert snap_compare(story_app, terminal_size=(80, 24), run_before=_opened)


def test_snapshot_chronicle_at_120x40(snap_compare: Any, story_app: Any) -> None:
    assert snap_compare(story_app, terminal_size=SIZE, run_before=_opened)


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
async def test_f8_on_the_battle_desk_writes_the_battle_sheet(app: Any, type_text: Any) -> None:
    from tests.tui.test_battle_desk import open_desk, set_sides

    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await set_sides(pilot, type_text, ("Rome", "4"), ("Pyrrhus", "2"))
        await fill(pilot, "#place", "Heraclea", type_text)
        pilot.app.screen.set_focus(None)
        await pilot.press("f8")
        await _settle(pilot)
        sheet = Path(app.ledger.store.path).with_name("campaign-sheet-Heraclea.html")
        assert sheet.exists()
        page = sheet.read_text(encoding="utf-8")
        assert "Battle sheet: Heraclea" in page and "Mid-Republican Roman" in page


async def test_f8_on_an_empty_battle_desk_says_what_is_missing(app: Any) -> None:
    from tests.tui.test_battle_desk import open_desk

    async with app.run_test(size=SIZE) as pilot:
        desk = await open_desk(pilot)
        notices: list[str] = []
        desk.notify = lambda message, **_options: notices.append(message)
        desk.set_focus(None)
        await pilot.press("f8")
        await _settle(pilot)
        assert not list(Path(app.ledger.store.path).parent.glob("*-sheet-*"))
        assert any("Choose each side's nation and PM" in notice for notice in notices)


async def test_f8_on_a_new_campaign_writes_its_first_report(app: Any) -> None:
    """Nobody's prestige has moved yet: that chart is left out (it used to crash the app)."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f8")
        await _settle(pilot)
        report = Path(app.ledger.store.path).with_name("campaign-turn-1.html")
        assert report.exists() and "Prestige (PP) per turn" not in report.read_text("utf-8")
        assert str(screen.query_one("#chronicle-written", Static).content).startswith("Written")
