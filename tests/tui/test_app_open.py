"""Which campaign ``castra`` opens (the default one, created on first run, or ``--campaign``)
and how: the app shows its Campaign screen at once and opens the file behind it."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

import assistant.tui as tui
from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.ledger.events import ArmyMoved, TreasuryAdjusted
from assistant.ledger.glance import GLANCE_KEY, forget_glance
from assistant.ledger.store import CampaignFileError, CampaignStore
from assistant.tui import open_campaign
from assistant.tui.app import CastraApp, make_app
from assistant.tui.screens.campaign import LOADING, CampaignScreen
from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.glance_table import GlanceTable
from converters.i18n import _, set_language
from tests.battle_places import ONE_AT_A_TIME

from .conftest import SIZE


def test_first_run_creates_a_tarentine_campaign_in_castra_home(tmp_path: Path) -> None:
    store, note = open_campaign(None)
    try:
        expected = tmp_path / "castra-home" / "campaign.castra"  # CASTRA_HOME, see conftest
        assert store.path == expected and expected.exists()
        assert note == f"New Tarentine Wars campaign created at {expected}"
        state = store.state()
        assert state.scenario.key == "tarentine" and state.turn == 1
    finally:
        store.close()
    again, note = open_campaign(None)
    again.close()
    assert note is None, "the second run opens the same campaign"


def test_campaign_path_that_does_not_exist_is_created_there(tmp_path: Path) -> None:
    path = tmp_path / "games" / "pyrrhus.castra"
    store, note = open_campaign(str(path))
    store.close()
    assert path.exists() and note is not None and str(path) in note


def test_an_existing_campaign_is_opened_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "mine.castra"
    store, _ = open_campaign(path)
    from assistant.ledger.events import TurnAdvanced

    store.append(TurnAdvanced())
    store.close()
    reopened, note = open_campaign(path)
    try:
        assert note is None and reopened.state().turn == 2
    finally:
        reopened.close()


def test_a_file_that_is_not_a_campaign_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.castra"
    path.write_text("shopping list\n")
    with pytest.raises(CampaignFileError):
        open_campaign(path)
    assert path.read_text() == "shopping list\n"


def test_castra_with_a_bad_campaign_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.castra"
    path.write_text("shopping list\n")
    assert main(["--campaign", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("castra: error: file:")


# ---- the app opens the file itself, after its first frame ---------------------------------


@pytest.fixture
def held_open(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Opening the campaign waits until the test sets this event (a slow disk, say)."""
    release = threading.Event()
    real_open = tui.open_campaign

    def slow_open(path: Any) -> Any:
        assert release.wait(10), "the test never let the campaign open"
        return real_open(path)

    monkeypatch.setattr(tui, "open_campaign", slow_open)
    return release


def _text(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def _existing_campaign(tmp_path: Path) -> Path:
    path = tmp_path / "mine.castra"
    store, _ = open_campaign(path)
    store.close()
    return path


def _campaign_from_before_the_glance(tmp_path: Path) -> Path:
    """A campaign file as a Castra that kept no glance left it."""
    path = _existing_campaign(tmp_path)
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        forget_glance(connection)
    return path


async def test_the_first_frame_is_the_campaign_screen_saying_loading_then_the_campaign(
    tmp_path: Path, held_open: threading.Event
) -> None:
    app = make_app(campaign_path=_campaign_from_before_the_glance(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.ledger.store is None
        assert _text(app, "#campaign-heading") == LOADING
        keys = {
            key for entry in app.screen.query_one(CastraFooter).entries() for key, *_ in entry.keys
        }
        assert {"n", "h", "q"} <= keys, "the footer shows its keys while the file opens"
        assert app.sub_title.startswith("mine.castra")
        held_open.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        assert _text(app, "#campaign-heading").startswith("The Tarentine Wars")
        nations = app.screen.query_one("#nations", DataTable)
        assert nations.row_count > 0
        assert app.focused is nations, "the arrow keys go to the nations, as on any screen"
        await pilot.press("down")
        assert nations.cursor_row == 1
    app.ledger.store.close()


async def test_a_key_pressed_while_the_file_opens_is_carried_out_once_it_is_open(
    tmp_path: Path, held_open: threading.Event
) -> None:
    app = make_app(campaign_path=_existing_campaign(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen), "History waits for the campaign"
        held_open.set()
        await app.ledger.loaded()
        await pilot.pause()
        assert type(app.screen).__name__ == "HistoryScreen"
    app.ledger.store.close()


async def test_a_burst_of_keys_during_start_up_each_acts_in_order_on_its_screen(
    tmp_path: Path, held_open: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: keys pressed before the campaign's tables are live are held and replayed in
    order once they are: two arrows move the cursor to the third nation, p turns physical dice
    on, r opens the rebuild form for the nation the cursor reached (T2.5); the keys typed after
    r were typed on the Campaign screen, not in the form, so none of them goes into it and the
    player is told."""
    from textual.widgets import Select

    from tests.tui.conftest import notices_of

    app = make_app(campaign_path=_existing_campaign(tmp_path))
    notices = notices_of(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.ledger.store is None
        await pilot.press("down", "down", "p", "r", "7", "7", "tab")
        assert app.ledger.store is None and isinstance(app.screen, CampaignScreen)
        assert not app.dice.physical, "nothing acted before the tables are live"
        held_open.set()
        assert await app.ledger.loaded()
        for _ in range(4):
            await pilot.pause()
        third = app.ledger.store.glance().nations[2].name
        assert app.dice.physical
        assert type(app.screen).__name__ == "RebuildForm"
        assert app.screen.query_one("#nation", Select).value == third
        assert [field.value for field in app.screen.query("Input") if "7" in field.value] == []
        assert notices[-1] == (
            "3 keys pressed while the campaign was opening were not used: another screen had "
            "opened first"
        )
    app.ledger.store.close()


async def test_keys_held_at_start_up_then_a_screen_key_act_before_the_screen_changes(
    tmp_path: Path, held_open: threading.Event
) -> None:
    """A held arrow moves the nations' cursor on the Campaign screen, then h opens the
    History: in the order typed, each on the screen it was typed on."""
    app = make_app(campaign_path=_existing_campaign(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "h")
        campaign = app.screen
        held_open.set()
        assert await app.ledger.loaded()
        for _ in range(4):
            await pilot.pause()
        assert type(app.screen).__name__ == "HistoryScreen"
        assert campaign.query_one("#nations", DataTable).cursor_row == 1
    app.ledger.store.close()


async def test_first_run_in_the_app_creates_the_campaign_and_says_so(tmp_path: Path) -> None:
    app = make_app()  # the default campaign, under CASTRA_HOME (see conftest)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.ledger.loaded()
        await pilot.pause()
        expected = tmp_path / "castra-home" / "campaign.castra"
        assert app.ledger.store.path == expected and expected.exists()
        assert app.sub_title.startswith("campaign.castra (new)")
    app.ledger.store.close()


def _not_a_campaign_but_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "recipes.castra"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.close()
    return path


async def test_a_file_found_unusable_in_the_app_is_explained_on_the_campaign_screen(
    tmp_path: Path,
) -> None:
    path = _not_a_campaign_but_sqlite(tmp_path)
    before = path.read_bytes()
    app = make_app(campaign_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert not await app.ledger.loaded()
        await pilot.pause()
        assert _text(app, "#campaign-heading") == "The campaign could not be opened"
        status = _text(app, "#campaign-status")
        assert "is not a Castra campaign" in status and "Press q to quit" in status
        await pilot.press("b", "n")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen), "no screen or form without a campaign"
    assert app.ledger.store is None and path.read_bytes() == before


def _run_headless_and_quit(self: CastraApp, **_: Any) -> None:
    """``app.run()`` as a player would: wait for the campaign (or its error), then press q."""

    async def quit_when_settled(pilot: Any) -> None:
        await self.ledger.loaded()
        await pilot.pause()
        await pilot.press("q")

    App.run(self, headless=True, size=SIZE, auto_pilot=quit_when_settled)


def test_castra_with_a_file_found_unusable_in_the_app_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CastraApp, "run", _run_headless_and_quit)
    path = _not_a_campaign_but_sqlite(tmp_path)
    assert main(["--campaign", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("castra: error: file:")
    assert "is not a Castra campaign" in err


def test_castra_on_a_good_campaign_exits_0_and_closes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CastraApp, "run", _run_headless_and_quit)
    path = _existing_campaign(tmp_path)
    assert main(["--campaign", str(path)]) == 0
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    reopened, note = open_campaign(path)
    reopened.close()
    assert note is None


async def _show_and_quit(path: Path) -> None:
    """Run the app on ``path`` until the campaign is shown."""
    app = make_app(campaign_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.ledger.loaded()
        await pilot.pause()
        await app.workers.wait_for_complete()
    app.ledger.store.close()


async def _first_frame(path: Path, held_open: threading.Event) -> dict[str, Any]:
    """What the app shows of ``path`` before the file is open: heading, nations' rows by key,
    the recent events' rows; then the same once it is open, which must agree."""
    shown: list[dict[str, Any]] = []
    app = make_app(campaign_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for moment in ("first frame", "open"):
            if moment == "open":
                held_open.set()
                assert await app.ledger.loaded()
                await pilot.pause()
            else:
                assert app.ledger.store is None, "the file is still being opened"
            # Before the file is open the tables are GlanceTables drawn as DataTables are.
            rows = {
                str(table.id).removesuffix("-glance"): [
                    [str(cell) for cell in row]
                    for row in (
                        table.rows
                        if isinstance(table, GlanceTable)
                        else map(table.get_row_at, range(table.row_count))
                    )
                ]
                for table in app.screen.query("DataTable, GlanceTable").results()
            }
            shown.append({"heading": _text(app, "#campaign-heading"), **rows})
    app.ledger.store.close()
    held_open.clear()
    first, opened = shown
    if first["heading"] != _(LOADING):
        assert first == opened, "the first frame showed the campaign as it is"
    return first


def _rome(frame: dict[str, Any]) -> list[str]:
    return next(row for row in frame["nations"] if row[0] in ("Rome", "Roma"))


async def test_an_old_file_gets_its_glance_on_first_open_and_shows_at_once_next(
    tmp_path: Path, held_open: threading.Event
) -> None:
    path = _campaign_from_before_the_glance(tmp_path)
    assert (await _first_frame(path, held_open))["heading"] == LOADING
    frame = await _first_frame(path, held_open)
    assert frame["heading"].startswith("The Tarentine Wars")
    assert _rome(frame)[5] == "16"  # T5.5: Rome's treasury at the start


async def test_a_command_line_write_shows_in_the_next_first_frame(
    tmp_path: Path, held_open: threading.Event
) -> None:
    path = _existing_campaign(tmp_path)
    assert (
        main(
            [
                "campaign",
                "treasury",
                "--file",
                str(path),
                "--nation",
                "Rome",
                "--pe",
                "10",
                "--note",
                "gift",
            ]
        )
        == 0
    )
    frame = await _first_frame(path, held_open)
    assert frame["heading"] != LOADING
    assert _rome(frame)[5] == "26"
    assert "Rome treasury +10" in frame["recent-events"][0][2], frame["recent-events"][0]


async def test_an_undo_elsewhere_shows_in_the_next_first_frame(
    tmp_path: Path, held_open: threading.Event
) -> None:
    path = _existing_campaign(tmp_path)
    with CampaignStore.open(path) as other_process:  # e.g. another app, meanwhile
        other_process.append(TreasuryAdjusted(nation="Rome", pe=10, note="gift"))
        other_process.undo("typed twice")
    frame = await _first_frame(path, held_open)
    assert frame["heading"] != LOADING
    assert _rome(frame)[5] == "16", "the gift is undone"
    undo, gift = frame["recent-events"][:2]
    assert undo[0] == "3" and "typed twice" in undo[2]
    assert gift[0] == "2" and "Rome treasury +10" in gift[2]


async def test_an_italian_start_shows_the_campaign_in_italian_at_once(
    tmp_path: Path, held_open: threading.Event
) -> None:
    """The glance is language-neutral: a file last shown in English opens in Italian at once
    (issue 14), with the names and recorded lines translated when shown."""
    path = _existing_campaign(tmp_path)
    held_open.set()
    await _show_and_quit(path)  # shown in English
    held_open.clear()
    set_language("it")
    frame = await _first_frame(path, held_open)
    assert frame["heading"].startswith(_("The Tarentine Wars, 278–273 BC"))
    assert frame["heading"] != _("The Tarentine Wars, 278–273 BC")
    assert _rome(frame)[0] == "Roma"


def _garbled(value: dict[str, Any]) -> str:
    return json.dumps(value)[:40]


def _other_format(value: dict[str, Any]) -> str:
    return json.dumps({**value, "format": value["format"] + 1})


def _stale(value: dict[str, Any]) -> str:
    """As if an older Castra had written an event since: the stamp names an earlier link."""
    return json.dumps({**value, "last_event": [value["last_event"][0], "0" * 64]})


def _no_nations(value: dict[str, Any]) -> str:
    return json.dumps({**value, "nations": [{"name": "Rome"}]})


@pytest.mark.parametrize("spoil", [_garbled, _other_format, _stale, _no_nations])
async def test_a_spoilt_glance_is_not_shown_and_the_campaign_opens_the_slow_way(
    tmp_path: Path, held_open: threading.Event, spoil: Any
) -> None:
    path = _existing_campaign(tmp_path)
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        (value,) = connection.execute(
            "SELECT value FROM meta WHERE key = ?", (GLANCE_KEY,)
        ).fetchone()
        connection.execute(
            "UPDATE meta SET value = ? WHERE key = ?", (spoil(json.loads(value)), GLANCE_KEY)
        )
    app = make_app(campaign_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _text(app, "#campaign-heading") == LOADING
        held_open.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        assert _text(app, "#campaign-heading").startswith("The Tarentine Wars")
        nations = app.screen.query_one("#nations", DataTable)
        assert str(nations.get_row("Rome")[5]) == "16"
    app.ledger.store.close()


async def test_the_campaign_screen_reads_the_file_once_when_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the file redraws the Campaign screen once. The watch for another session's
    writes (issue 24) used to take the file's opening for one, and redrew every table and
    the turn panel a second time a moment later, in every launch (issue 21: the app's
    launch, benchmarks/ledger_families.py)."""
    from assistant.tui.ledger_service import OTHERS_EVERY

    path = _existing_campaign(tmp_path)
    reads: list[str] = []
    read = CampaignScreen.refresh_from_store

    def counted(screen: CampaignScreen) -> None:
        reads.append(type(screen).__name__)
        read(screen)

    monkeypatch.setattr(CampaignScreen, "refresh_from_store", counted)
    app = make_app(campaign_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.ledger.loaded()
        await pilot.pause(OTHERS_EVERY * 3)  # the watch has ticked since
        assert reads == ["CampaignScreen"]
        assert _text(app, "#campaign-heading").startswith("The Tarentine Wars")
    app.ledger.store.close()


def test_the_first_frame_needs_no_pydantic_nor_the_ledger() -> None:
    """What ``castra`` imports before its first frame (the command line, the app, the Campaign
    screen) leaves pydantic, the ledger and the army lists to the thread that opens the file,
    and DataTable to the screen once it is open (the first frame draws GlanceTables): each of
    them once crept in through one import and made every start slower
    (benchmarks/startup.py)."""
    script = (
        "import sys\n"
        "from assistant.cli import interface_language\n"
        "from assistant.tui import build_app\n"
        "from converters.i18n import set_language\n"
        "set_language(interface_language([]))\n"
        "build_app(None)\n"
        "light = ('assistant.ledger', 'assistant.ledger.glance', 'assistant.ledger.paths',\n"
        "         'assistant.ledger.read_models',\n"  # standard library only (its own test)
        "         'armylists', 'armylists.names', 'armylists.scenario_texts')\n"
        "later = ('pydantic', 'ghost', 'textual.widgets._data_table')\n"
        "heavy = [n for n in sys.modules if n in later\n"
        "         or n.startswith(('assistant.ledger', 'armylists')) and n not in light]\n"
        "print(sorted(heavy))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert ran.stdout.strip() == "[]", ran.stdout + ran.stderr


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_first_frame_drawn_from_the_glance_needs_no_pydantic(
    tmp_path: Path, language: str
) -> None:
    """The first frame itself, drawn from the glance the ledger keeps in the file, in either
    language, imports neither pydantic nor the ledger's models: an Italian one once did, the
    recorded date's translation reaching for the generated force names (T7.2), a third more
    time to the campaign on screen (benchmarks/startup.py); and so, later, did a recent event
    naming an army, said from the glance (issue 21: the app's launch). The file is never
    opened here, so nothing but the frame can have imported them."""
    path = tmp_path / "glance.castra"
    # The ledger writes the glance with each event; a march at once (house rule, T7.3).
    store = CampaignStore.create(path, load_scenario("tarentine"), rules=ONE_AT_A_TIME)
    store.append(ArmyMoved(army="Rome I", to="Capua"))
    store.close()
    army = "Roma I" if language == "it" else "Rome I"
    script = (
        "import asyncio, sys\n"
        "from converters.i18n import set_language\n"
        f"set_language({language!r})\n"
        "from assistant.tui import build_app\n"
        "from assistant.tui.app import CastraApp\n"
        "CastraApp._open_campaign = lambda self: None\n"
        f"app = build_app({str(path)!r})\n"
        "async def first_frame(pilot):\n"
        "    drawn = asyncio.Event()\n"
        "    app.call_after_refresh(drawn.set)\n"
        "    await drawn.wait()\n"
        "    assert app.screen.shows_glance, 'the glance was not drawn'\n"
        "    events = app.screen.query_one('#recent-events-glance')\n"
        f"    assert any({army!r} in str(c) for row in events.rows for c in row), events.rows\n"
        "    later = ('armylists.scenarios',)\n"
        "    print(sorted(n for n in sys.modules if n in later\n"
        "                 or n.startswith(('pydantic', 'assistant.ledger.events'))))\n"
        "    app.exit()\n"
        "app.run(headless=True, auto_pilot=first_frame)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert ran.stdout.strip() == "[]", ran.stdout + ran.stderr
