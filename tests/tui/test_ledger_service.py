"""The app's one ledger service: what it records, what it tells the screens, what it refuses.

Every screen writes through ``app.ledger.record``; the app then shows the ledger's own summary
once and every screen showing campaign data re-reads the campaign, whichever mode it is in.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable

from assistant.ledger.events import BattleRecorded, ContingentResult, NoteAdded
from assistant.tui.messages import BattleRecorded as BattleRecordedMessage
from assistant.tui.messages import LedgerChanged
from assistant.tui.screens.campaign import CampaignScreen
from assistant.tui.screens.history import HistoryScreen
from assistant.tui.widgets.event_log import EventLog
from tests.tui.conftest import notices_of

SIZE = (120, 40)


def heraclea(rome_pm: int = 3) -> BattleRecorded:
    return BattleRecorded(
        place="Heraclea",
        resolution="manual",
        winner="a",
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=rome_pm, pm_lost=1),
            ContingentResult(side="b", nation="Carthage", pm=4, pm_lost=2),
        ],
    )


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_record_returns_the_stored_event_and_the_app_says_its_summary_once(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    notices = notices_of(app, monkeypatch)
    posted: list[LedgerChanged] = []
    async with app.run_test(size=SIZE) as pilot:
        app.ledger.changed.subscribe(app.screen, posted.append)
        stored = app.ledger.record(heraclea())
        await pilot.pause()
        assert stored.id == app.ledger.store.events()[-1].id
        assert stored.event.place == "Heraclea"
        assert stored.summary == app.ledger.history()[-1].summary
        assert [type(message) for message in posted] == [BattleRecordedMessage]
        assert posted[0].stored == stored
        assert notices == [stored.summary]


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_recording_does_not_replay_the_history_for_its_summary(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def no_replay() -> None:
            raise AssertionError("history replayed to find the summary")

        monkeypatch.setattr(app.ledger.store, "history", no_replay)
        stored = app.ledger.record(heraclea())
        monkeypatch.undo()  # the screens re-read the history afterwards, to list the events
        assert "Heraclea" in stored.summary


async def test_the_campaign_screen_reads_no_event_on_a_change_before_orders_are_carried_out(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the Campaign screen on view redraws from the glance after each record; the
    turn panel needs the events themselves only to say what this turn's sealed orders did once
    they are carried out (T7.3). Reading every event on each change made a record on 10,000
    events ten times slower (benchmarks/table.py)."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        state = app.ledger.store.state()
        assert state.rules.orders == "sealed" and state.orders_resolved_turn != state.turn
        reads: list[int] = []
        events = app.ledger.store.events
        monkeypatch.setattr(app.ledger.store, "events", lambda: reads.append(1) or events())
        app.ledger.record(NoteAdded(note="scouts seen at Tarentum"))
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert "scouts seen at Tarentum" in str(
            app.screen.query_one("#recent-events", DataTable).get_row_at(0)[2]
        )
        assert reads == []


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_a_screen_in_another_mode_shows_what_was_recorded_when_you_return(
    app: Any,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        campaign = app.screen
        await pilot.press("h")
        await pilot.pause()
        app.ledger.record(heraclea())
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is campaign
        carthage = campaign.query_one("#nations", DataTable).get_row("Carthage")
        assert str(carthage[1]) == "2"  # land PM 4 − 2 lost (T2.5), shown on return


async def test_a_hidden_screen_does_no_work_on_a_ledger_change_until_shown_again(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recording three events while the History and the Campaign screen are hidden re-reads
    neither; each re-reads the campaign once when shown again, and not again while nothing
    changed (issue 26)."""
    reads: list[str] = []
    for screen_class in (CampaignScreen, HistoryScreen):
        read = screen_class.refresh_from_store

        def spy(self: Any, read: Any = read) -> None:
            reads.append(type(self).__name__)
            read(self)

        monkeypatch.setattr(screen_class, "refresh_from_store", spy)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        reads.clear()
        for number in range(3):
            app.ledger.record(NoteAdded(note=f"scouts report {number}"))
            await pilot.pause()
        assert reads == []
        await pilot.press("h")
        await pilot.pause()
        assert reads == ["HistoryScreen"]
        assert str(app.screen.query_one("#history-log", EventLog).get_row_at(0)[0]) == str(
            app.ledger.store.state().last_event_id
        )
        await pilot.press("c")
        await pilot.pause()
        assert reads == ["HistoryScreen", "CampaignScreen"]
        await pilot.press("h", "c")
        await pilot.pause()
        assert reads == ["HistoryScreen", "CampaignScreen"]  # nothing changed: nothing re-read


async def test_a_refused_event_writes_nothing_and_tells_nobody(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        posted: list[LedgerChanged] = []
        app.ledger.changed.subscribe(app.screen, posted.append)
        before = len(app.ledger.store.events())
        with pytest.raises(ValueError, match="Rome"):
            app.ledger.record(heraclea(rome_pm=99))
        await pilot.pause()
        assert len(app.ledger.store.events()) == before
        assert posted == []


async def test_what_another_session_records_shows_on_the_screen_with_no_key_pressed(
    app: Any, store: Any
) -> None:
    """Issue 24: every seat's app works on the one file (``castra serve --players``); a note
    another session records shows in this one's Recent events without a key, and the app's
    own record is not told twice."""
    from assistant.ledger.store import CampaignStore
    from assistant.tui.ledger_service import OTHERS_EVERY

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told: list[LedgerChanged] = []
        app.ledger.changed.subscribe(app.screen, told.append)
        with CampaignStore.open(store.path) as other:
            other.append(NoteAdded(note="sent by another seat"))
        for _tick in range(50):  # a guard against a hang, not a deadline
            await pilot.pause(OTHERS_EVERY)
            if told:
                break
        assert len(told) == 1
        events = app.screen.query_one("#recent-events", DataTable)
        shown = " ".join(
            str(cell) for row in range(events.row_count) for cell in events.get_row_at(row)
        )
        assert "sent by another seat" in shown
        app.ledger.record(NoteAdded(note="this seat's own"))
        await pilot.pause(OTHERS_EVERY * 3)
        assert len(told) == 2, "its own record is told once, by the record, not noticed again"
