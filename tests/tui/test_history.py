"""The History screen: the event log with who and when, and undo with a reason."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable, Static

from assistant.tui.screens.campaign import CampaignScreen
from assistant.tui.screens.history import HistoryScreen, UndoForm
from assistant.tui.widgets.event_log import EventLog
from converters.said import said

SIZE = (120, 40)


def log_rows(app: Any) -> list[list[str]]:
    table = app.screen.query_one("#history-log", EventLog)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def test_the_log_lists_events_newest_first_with_who_and_when(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the tribute is computed (T7.8): only Who and Note, on Record
        await pilot.press("shift+tab", "shift+tab")
        await type_text(pilot, "Marcus")
        await pilot.press("enter", "h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        newest, creation = log_rows(app)
        assert newest[:3] == ["2", "1", "turn advanced"]
        assert "now Turn 2, April 278 BC" in newest[3]
        assert newest[4] == "Marcus"
        assert newest[5] == "2026-05-01 09:30"  # the frozen ledger clock, UTC
        assert creation[:3] == ["1", "1", "campaign created"]
        assert creation[4] == "Referee"


async def test_undo_from_history_cancels_the_turn_and_keeps_both_in_the_log(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "enter", "h", "u")
        assert isinstance(app.screen, UndoForm)
        target = str(app.screen.query_one("#undo-target", Static).content)
        assert target.startswith("#2 (turn 1, turn advanced)")
        await type_text(pilot, "wrong tribute")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        rows = log_rows(app)
        assert [row[0] for row in rows] == ["3", "2", "1"]
        assert rows[0][2] == "undone"
        assert rows[1][3].startswith("(undone by #3: wrong tribute)")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        heading = str(app.screen.query_one("#campaign-heading", Static).content)
        assert "Turn 1, April 278 BC (1st fortnight)" in heading
    assert app.ledger.store.state().turn == 1


async def test_undo_without_a_reason_is_refused_inline_and_writes_nothing(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "enter", "h", "u", "enter")
        await pilot.pause()
        assert isinstance(app.screen, UndoForm)
        message = str(app.screen.query_one("#reason-error", Static).content)
        assert message.startswith("Reason (required): say why")
    assert [stored.event.kind for stored in app.ledger.store.events()] == [
        "campaign_created",
        "turn_advanced",
    ]


async def test_with_nothing_to_undo_the_form_says_so_and_the_ledger_refuses(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "u")
        await type_text(pilot, "oops")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, UndoForm)
        assert "nothing left to undo" in str(app.screen.query_one("#form-error", Static).content)
    assert len(app.ledger.store.events()) == 1


async def test_the_session_dice_are_listed_with_their_purpose(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        dice = app.dice_for(said("Test"))
        first = dice.roll(6, "T3.1 round 1, side A")
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one("#dice-log", DataTable)
        assert [str(cell) for cell in table.get_row_at(0)] == [
            "1",
            "d6",
            str(first),
            "Test: T3.1 round 1, side A",
        ]


async def test_the_log_reads_in_italian_from_the_english_ledger(app: Any, type_text: Any) -> None:
    """Issue 14: the ledger records its summaries in English; the History screen shows them in
    the interface's language (the turn's end, its date), and the stored text does not change."""
    from converters.i18n import set_language

    set_language("it")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "shift+tab", "shift+tab")
        await type_text(pilot, "Marcus")
        await pilot.press("enter", "h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        newest, creation = log_rows(app)
        assert newest[3].startswith("turno 1 concluso; ora Turno 2, aprile 278 a.C.")
        assert "; tributo Roma 25 PE, Cartagine " in newest[3]
        assert creation[3].startswith("campagna creata: ")
    (entry,) = [e for e in app.ledger.store.history() if e.id == 2]
    assert entry.summary.startswith("turn 1 ended; now Turn 2, April 278 BC")


def test_every_event_kind_has_its_words_on_the_history_screen() -> None:
    """Issue 14: the History screen's "Kind" column names each event in the interface's
    language, never the ledger's key ("campaign_created"); a new kind needs its words."""
    import typing

    from assistant.ledger import events
    from assistant.tui.screens.history import KIND_WORDS, kind_text
    from converters.i18n import set_language

    kinds = {
        kind
        for model in vars(events).values()
        if isinstance(model, type)
        and issubclass(model, events.EventBase)
        and model is not events.EventBase
        for kind in typing.get_args(model.model_fields["kind"].annotation)
    }
    assert kinds and kinds <= set(KIND_WORDS)
    set_language("it")
    try:
        assert kind_text("campaign_created") == "campagna creata"
        assert kind_text("a_kind_from_a_newer_castra") == "a kind from a newer castra"
    finally:
        set_language("en")


def expected_rows(path: Any) -> list[list[str]]:
    """The log as a History screen built from nothing shows it: the whole file replayed by a
    store of its own (newest first), undone events struck through."""
    from assistant.ledger.store import CampaignStore
    from assistant.tui.screens.history import entry_text, kind_text

    with CampaignStore.open(path) as fresh:
        entries = fresh.history()
    return [
        [
            str(entry.id),
            str(entry.turn or ""),
            kind_text(entry.kind),
            entry_text(entry) + (" [struck]" if entry.undone_by is not None else ""),
            entry.who or "—",
            entry.when.strftime("%Y-%m-%d %H:%M") if entry.when else "",
        ]
        for entry in reversed(entries)
    ]


def shown_rows(app: Any) -> list[list[str]]:
    table = app.screen.query_one("#history-log", EventLog)
    rows = []
    for index in range(table.row_count):
        cells = table.get_row_at(index)
        row = [str(cell) for cell in cells]
        if "strike" in str(cells[3].style):
            row[3] += " [struck]"
        rows.append(row)
    return rows


async def test_after_new_events_the_log_shows_exactly_the_rows_a_fresh_one_would(
    app: Any,
) -> None:
    """Issue 26: the History adds only the events after the last one it shows (and strikes
    through what an undo among them cancelled); whether it was on view, hidden, or the event
    came from another process (the command line), it ends up row for row what a History built
    from the whole file shows, newest first."""
    from assistant.ledger.events import NoteAdded
    from assistant.ledger.store import CampaignStore

    path = app.ledger.store.path
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert shown_rows(app) == expected_rows(path)
        app.ledger.record(NoteAdded(note="scouts seen at Tarentum", who="Marcus"))  # on view
        app.ledger.record(NoteAdded(note="rain", who="Marcus"))
        await pilot.pause()
        assert shown_rows(app) == expected_rows(path)
        app.ledger.undo("wrong town")  # on view: the note on rain is struck through
        await pilot.pause()
        assert shown_rows(app) == expected_rows(path)
        await pilot.press("c")
        await pilot.pause()
        app.ledger.record(NoteAdded(note="hidden"))  # hidden
        app.ledger.undo("not that either")
        # Another process, as `castra campaign note` would.
        with CampaignStore.open(path) as elsewhere:
            elsewhere.append(NoteAdded(note="from the command line", who="Livia"))
        await pilot.press("h")
        await pilot.pause()
        rows = shown_rows(app)
        assert rows == expected_rows(path)
        assert [row[0] for row in rows] == [str(n) for n in range(7, 0, -1)]
        assert rows[0][3].startswith("note: from the command line")
        assert rows[2][3].endswith("[struck]") and rows[4][3].endswith("[struck]")


async def test_the_log_is_walked_by_keyboard_and_scrolls_to_the_cursor(app: Any) -> None:
    """Issue 26: the log draws only the rows on screen; the arrows, the page keys, Home, End
    and a click move its cursor, the screen follows it, and the line under the table names
    the event under the cursor in full (at 80×24: the log is taller than its room)."""
    from assistant.ledger.events import NoteAdded

    for number in range(30):
        app.ledger.store.append(NoteAdded(note=f"scouts {number}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        log = app.screen.query_one("#history-log", EventLog)
        detail = app.screen.query_one("#history-detail", Static)
        assert log.has_focus
        newest = int(log.key_at(0))
        assert log.row_count == newest == 31

        def detail_names(event: int) -> bool:
            return str(detail.render()).startswith(f"#{event} ·")

        assert detail_names(31)
        await pilot.press("down", "down")
        await pilot.pause()
        assert log.cursor_row == 2 and detail_names(29)
        await pilot.press("end")
        await pilot.pause()
        assert log.cursor_row == 30 and detail_names(1)  # the campaign's creation
        assert log.scroll_offset.y > 0  # scrolled down to it
        assert log.scroll_offset.y + log.size.height - log.header_height > 30
        await pilot.press("pageup")
        await pilot.pause()
        assert log.cursor_row == 30 - (log.size.height - log.header_height)
        await pilot.press("home")
        await pilot.pause()
        assert (log.cursor_row, log.scroll_offset.y) == (0, 0) and detail_names(31)
        await pilot.press("up")  # nothing above the newest
        await pilot.pause()
        assert log.cursor_row == 0
        await pilot.click(log, offset=(2, log.header_height + 3))
        await pilot.pause()
        assert log.cursor_row == 3 and detail_names(28)
        # A new event goes on top; the cursor stays on the row it is on, as in a table.
        app.ledger.record(NoteAdded(note="rain"))
        await pilot.pause()
        assert log.key_at(0) == "32" and log.row_count == 32
        assert "rain" in str(log.get_row_at(0)[3])
