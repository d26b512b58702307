"""The Chronicle screen (o): a turn's story, the figures as sparklines in each nation's colour,
f4 for the map of the turn (T7.1) in the report's colours, f5/f6/f7 to choose the turns, f9 for
the figure, and f8 to write the report beside the campaign; in Italian too."""

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
        assert charts.border_title.startswith("PM in play per turn · 0–")
        names = {str(label.content): label for label in charts.query(".spark-name").results(Label)}
        colours = screen.chronicle.colours
        assert names["Rome"].styles.color == Color.parse(colours["Rome"])
        assert names["Pyrrhus"].styles.color == Color.parse(colours["Pyrrhus"])
        await pilot.press("f9")
        await _settle(pilot)
        assert charts.border_title.startswith("Treasury (PE) per turn · ")


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


# -- the map of the turn (f4) --------------------------------------------------------------


def _map_key(screen: Any) -> str:
    return str(screen.query_one("#chronicle-map-key", Static).content)


def _map_title(screen: Any) -> str:
    return str(screen.query_one("#chronicle-map", VerticalScroll).border_title)


async def test_t7_1_f4_shows_the_map_of_each_turn_stepped_through(story_app: Any) -> None:
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f4")
        await _settle(pilot)
        board = screen.query_one("#chronicle-map", VerticalScroll)
        assert board.display and not screen.query_one("#chronicle-story").display
        assert board.has_focus, "the arrows and page keys scroll the map at once"
        assert _map_title(screen) == "The map at the close of turn 14"
        # Rome keeps 3 PM at Roma, loses 1 to Carthage's assault and rebuilds 2 there (T2.5).
        assert "Roma 4⚔ 2⚓" in _map_key(screen)
        await pilot.press(*["f5"] * 11)
        await _settle(pilot)
        # T2.1: Heraclea (turn 3) decimated 3 of Rome's 4 and 1 of Pyrrhus's 2 land PM, all
        # standing there (T7.4).
        assert _map_title(screen) == "The map at the close of turn 3"
        assert "Heraclea (Rome 1⚔, Pyrrhus 1⚔)" in _map_key(screen)
        await pilot.press("f5")
        await _settle(pilot)
        assert "Heraclea (Rome 4⚔, Pyrrhus 2⚔)" in _map_key(screen)
        await pilot.press("f4")
        await _settle(pilot)
        assert screen.query_one("#chronicle-story").display and not board.display
        assert "Battle of" not in _story(screen), "turn 2 has no battle: the story follows too"


async def test_the_map_is_drawn_in_the_reports_colours(story_app: Any) -> None:
    from assistant.tui.widgets.map_canvas import NATION_COLOURS as MAP_SCREEN_COLOURS

    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f4")
        await _settle(pilot)
        drawn = screen.query_one("#chronicle-map-canvas").render()
        styles = {str(span.style) for span in drawn.spans}
        rome = screen.chronicle.colours["Rome"]
        assert any(rome in style for style in styles), "Rome's provinces in the report's red"
        assert rome != MAP_SCREEN_COLOURS["Rome"]
        assert not any(MAP_SCREEN_COLOURS["Rome"] in style for style in styles)
        assert "Roma" in drawn.plain, "Roma's forces labelled"
        assert any("\u2801" <= char <= "\u28ff" for char in drawn.plain), "roads in braille"


async def test_at_80x24_the_whole_map_key_is_reached_by_scrolling(story_app: Any) -> None:
    async with story_app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        await pilot.press("f4")
        await _settle(pilot)
        board = screen.query_one("#chronicle-map", VerticalScroll)
        canvas = screen.query_one("#chronicle-map-canvas")
        assert canvas.size.width >= 70, "the board uses the terminal's width"
        assert board.max_scroll_y > 0, "the key is below the board"
        await pilot.press("end")
        await _settle(pilot)
        assert board.scroll_y == board.max_scroll_y > 0
        last = screen.query_one("#chronicle-map-key", Static)
        assert last.region.bottom <= board.region.bottom, "the key's last line is on screen"


async def test_a_dba_campaign_shows_what_its_report_shows(tmp_path: Path) -> None:
    """Macedon vs Persia: its map holds whole armies (D9–D13), so the report draws no map of
    PM, and the screen says so and where the armies are; the army journal is in the story."""
    from armylists.scenarios import load_scenario
    from assistant.chronicle.charts import charts
    from assistant.ledger.events import ForcedMarch

    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    store.append(ForcedMarch(army="Macedon 2", loyalty=4))
    app = make_app(store, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        assert "Army journal (D1)" in _story(screen)
        assert not [chart for chart in charts(screen.chronicle) if chart.key == "map"]
        await pilot.press("f4")
        await _settle(pilot)
        assert not screen.query_one("#chronicle-map-canvas").display
        assert "Map screen (m)" in _map_key(screen) and "army journal" in _map_key(screen)
    store.close()


def test_snapshot_chronicle_map_at_80x24(snap_compare: Any, story_app: Any) -> None:
    assert snap_compare(story_app, terminal_size=(80, 24), run_before=_opened, press=["f4"])


def test_snapshot_chronicle_map_at_120x40(snap_compare: Any, story_app: Any) -> None:
    assert snap_compare(story_app, terminal_size=SIZE, run_before=_opened, press=["f4"])


def test_snapshot_chronicle_in_italian_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The scope, the chart's title, the story's headings and the keys in Italian. The app is
    opened in Italian, as a club member's is (the language is set before the app is built, as
    ``castra --lang it`` does), not switched after it was built in English."""
    from converters.i18n import set_language

    set_language("it")
    try:
        store: CampaignStore = build_story(tmp_path / "story.castra")
        with store:
            app = make_app(store, seed=SEED)
            assert snap_compare(app, terminal_size=(80, 24), run_before=_opened)
    finally:
        set_language("en")


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


async def test_a_story_already_told_is_not_gathered_again(
    story_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the story is kept per last event (and turns asked for): the whole campaign,
    then a turn, then the whole campaign again gathers twice, not three times; a new event
    tells it afresh, with the event in it."""
    from assistant.chronicle import story
    from assistant.ledger.events import NoteAdded

    gathered: list[object] = []
    gather = story.gather

    def counted(*args: Any, **kwargs: Any) -> Any:
        gathered.append(args[1])
        return gather(*args, **kwargs)

    monkeypatch.setattr(story, "gather", counted)
    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("f7")
        await _settle(pilot)
        whole = _story(screen)
        await pilot.press("f5")
        await _settle(pilot)
        assert _story(screen) != whole
        await pilot.press("f7")
        await _settle(pilot)
        assert _story(screen) == whole
        assert len(gathered) == 3  # the last turn on opening, the whole campaign, one turn
        story_app.ledger.record(NoteAdded(note="a late dispatch from Tarentum"))
        await _settle(pilot)
        assert len(gathered) == 4
        assert "a late dispatch from Tarentum" in _story(screen)


# -- the story laid out off the app's thread (issue 26) --------------------------------------


def _whole_story(store: CampaignStore) -> str:
    from assistant.chronicle.render import render_story
    from assistant.chronicle.story import gather, report_scope

    events, state = store.events(), store.state()
    return render_story(gather(events, report_scope(state, events, turn=None, everything=True)))


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [76, 116])
def test_the_story_laid_out_a_piece_at_a_time_reads_as_laid_out_whole(
    tmp_path: Path, language: str, width: int
) -> None:
    """Issue 26: cut before each heading and laid out piece by piece, the whole campaign's
    story is, line for line and style for style, what Rich lays out from the whole text."""
    from io import StringIO

    from rich.console import Console
    from rich.markdown import Markdown

    from assistant.tui.widgets.story_view import story_chunks, story_pieces
    from converters.i18n import set_language

    store = build_story(tmp_path / "story.castra")
    set_language(language)
    try:
        story = _whole_story(store)
    finally:
        set_language("en")
        store.close()
    assert len(story_chunks(story)) > 10
    console = Console(width=width, file=StringIO(), force_terminal=True, color_system="truecolor")
    whole = console.render_lines(Markdown(story), console.options.update_width(width), pad=False)
    pieces = [line for lines, _done, _total in story_pieces(story, width) for line in lines]
    assert [list(line) for line in pieces] == whole


async def test_a_key_acts_while_the_whole_campaign_is_still_being_laid_out(
    story_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the story is laid out by a worker; its first lines show before the rest is
    laid out, the scope line says how far it has gone, and a key (f9, the next chart) acts
    meanwhile. Here the last piece waits until the key has acted."""
    import threading

    from assistant.tui.screens import chronicle
    from assistant.tui.widgets.story_view import StoryView, story_pieces

    gate = threading.Event()

    def held(story: str, width: int) -> Any:
        pieces = list(story_pieces(story, width))
        yield from pieces[:-1]
        gate.wait(timeout=60)
        yield pieces[-1]

    async with story_app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        monkeypatch.setattr(chronicle, "story_pieces", held)
        await pilot.press("f7")
        view = screen.query_one("#chronicle-story", StoryView)
        for _ in range(200):
            await pilot.pause(0.05)
            if "Battle of Roma" in view.text:
                break
        scope = str(screen.query_one("#chronicle-scope", Static).content)
        assert "laying out the story:" in scope
        assert "Made by Castra" not in view.text, "the last piece is not laid out yet"
        await pilot.press("f9")
        await pilot.pause()
        assert "Treasury" in str(screen.query_one("#chronicle-charts", VerticalScroll).border_title)
        gate.set()
        await _settle(pilot)
        assert "Made by Castra" in view.text
        assert "laying out" not in str(screen.query_one("#chronicle-scope", Static).content)


async def test_a_story_laid_out_at_a_width_is_kept_and_another_width_lays_it_out_again(
    story_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the lines are kept per story told and width: a wider terminal lays the story
    out again at its width (a table's columns spread), back to the first width lays nothing
    out."""
    from assistant.tui.screens import chronicle
    from assistant.tui.widgets.story_view import StoryView

    widths: list[int] = []
    pieces = chronicle.story_pieces

    def counted(story: str, width: int) -> Any:
        widths.append(width)
        return pieces(story, width)

    monkeypatch.setattr(chronicle, "story_pieces", counted)
    async with story_app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        view = screen.query_one("#chronicle-story", StoryView)
        narrow = view.text
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        wide = view.text
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert view.text == narrow != wide
        assert len(widths) == 2 and widths[0] < widths[1]
        assert max(len(line) for line in wide.splitlines()) > widths[0]


def _header(app: Any) -> str:
    from assistant.tui.widgets.header import CastraHeader

    return str(app.screen.query_one(CastraHeader).render())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("switch", ["l", "before-compose"])
async def test_the_chronicle_s_header_follows_the_language_switch(
    story_app: Any, size: tuple[int, int], switch: str
) -> None:
    """Issue 25: an app built in English and then switched to Italian, by its own ``l`` or
    before its screens are composed, heads the Chronicle "Cronaca" once the story is told (the
    story is worded in a worker, which said its English sentences for the whole process)."""
    from converters.i18n import set_language

    try:
        if switch == "before-compose":
            set_language("it")
        async with story_app.run_test(size=size) as pilot:
            if switch == "l":
                await pilot.press("l")
                await pilot.pause()
            await _opened(pilot)
            assert _header(story_app).startswith("Cronaca — story.castra")
            await pilot.press("f7")  # the whole campaign, told again in the worker
            await _settle(pilot)
            assert _header(story_app).startswith("Cronaca — "), _header(story_app)
            await pilot.press("l")  # and back
            await _settle(pilot)
            assert _header(story_app).startswith("Chronicle — ")
    finally:
        set_language("en")
