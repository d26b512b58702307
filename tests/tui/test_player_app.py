"""A player's app (issue 24 items 1–2, T7.3, T3.0): a session opened as Rome, or Rome's copy
sent by mail, offers only what a player may do (``assistant.ledger.players.seat_may``):
no referee's screen or key in the footer, in Help or at a key press; Rome enters and withdraws
its own orders, says "no orders", answers its own side of a meeting, and sees who has not yet
handed in (names only). At 80×24 and 120×40, in English and Italian.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Select, Static

from armylists.names import nation_name
from assistant.ledger.events import MarchOrder, OrderGiven
from assistant.ledger.orders import resolution
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app
from tests.tui.conftest import SEED
from tests.tui.player_campaign import met_campaign, seat_app, served_campaign

SIZES = [(80, 24), (120, 40)]

REFEREE_KEYS = ["n", "w", "u", "v", "e", "W", "r", "b", "d", "g", "j", "s"]
"""The Campaign screen's and the app's keys that are the referee's (T7.3): next turn, winter,
undo, resolve, who enters, war, rebuild, and the battle desk, dice battle, ghost, journal and
Bellum screens."""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return served_campaign(tmp_path)


def footer_keys(app: CastraApp) -> set[str]:
    return {key for key, binding in app.screen.active_bindings.items() if binding.enabled}


def said(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_t7_3_a_players_app_has_no_referees_key_and_its_keys_do_nothing(
    path: Path, size: tuple[int, int], language: str
) -> None:
    app, store = seat_app(path)
    with store:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            offered = footer_keys(app)
            assert not offered & set(REFEREE_KEYS), offered & set(REFEREE_KEYS)
            assert {"t", "N", "c", "h", "m", "o"} <= offered
            before = store.state().last_event_id
            for key in REFEREE_KEYS:
                await pilot.press(key)
                await pilot.pause()
                assert app.current_mode == "campaign" and len(app.screen_stack) == 1, key
            assert store.state().last_event_id == before, "nothing written"
            await pilot.press("f1")
            await pilot.pause()
            from assistant.tui.screens.help import key_sections
            from converters.i18n import _

            sections = dict(key_sections(app))
            for title in ("Battle desk", "Dice battle", "Ghost", "Journal", "Bellum standings"):
                assert _(title) not in sections, title
            for form in ("Advance-turn form", "Winter-turn form", "Undo form", "Siege form"):
                assert _(form) not in sections, form
            assert {keys for keys, _said in sections[_("Campaign")]} == {"t", "x", "y", "N"}
            assert _("History") not in sections, "its only key is undo"
            everywhere = {keys for keys, _said in sections[_("Everywhere")]}
            assert not everywhere & {"b", "d", "g", "j", "s"}


async def test_t7_3_the_referees_app_keeps_every_key(path: Path) -> None:
    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert {"n", "v", "u", "b", "d", "g"} <= footer_keys(app)
            assert "N" not in footer_keys(app), "the referee says no orders as a nation (e)"


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_t7_3_a_player_enters_and_withdraws_its_own_order_and_sees_who_has_not_handed_in(
    path: Path, size: tuple[int, int], language: str
) -> None:
    from assistant.settings import save_setting, saved_player

    referee_name = "Referee Marco"
    save_setting("player", referee_name)
    app, store = seat_app(path)
    with store:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            waiting = said(app, "#handed-in")
            assert nation_name("Rome") in waiting and nation_name("Senones") in waiting
            assert nation_name("Carthage") not in waiting, "Carthage has an order in"
            await pilot.press("m")
            await pilot.pause()
            app.screen.selected = "Roma"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            form = app.screen
            armies = form.query_one("#army", Select)
            armies.value = "Rome I"
            form.query_one("#to", Select).value = "Capua"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert [o.to for o in store.state().orders["Rome"]] == ["Capua"]  # type: ignore[union-attr]
            # Signed by the seat as its player reads it ("Roma" in Italian), and the referee's
            # machine's settings are left alone.
            assert store.events()[-1].event.who == nation_name("Rome")
            assert saved_player() == referee_name
            await pilot.press("c")
            await pilot.pause()
            assert nation_name("Rome") not in said(app, "#handed-in")
            rows = app.screen.query_one("#orders", DataTable)
            assert rows.row_count == 1
            await pilot.press("x")
            await pilot.pause()
            assert "Rome" not in store.state().orders
            assert nation_name("Rome") in said(app, "#handed-in")
            await pilot.press("N")
            await pilot.pause()
            assert "Rome" in store.handed_in()
            assert nation_name("Rome") not in said(app, "#handed-in")
            assert {e.event.who for e in store.events()[-2:]} == {nation_name("Rome")}


async def test_t7_3_a_players_march_form_offers_its_own_armies_only(path: Path) -> None:
    from textual.widgets.select import InvalidSelectValueError

    app, store = seat_app(path)
    with store:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            app.screen.selected = "Corfinium"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            with pytest.raises(InvalidSelectValueError):
                app.screen.query_one("#army", Select).value = "Magna Graecia III"


async def test_t7_3_a_players_recruit_form_orders_its_own_recruits_only(path: Path) -> None:
    from textual.widgets import Input
    from textual.widgets.select import InvalidSelectValueError

    from assistant.ledger.events import RecruitOrder

    app, store = seat_app(path, "Etruscans")  # 30 PE: one naval PM (T6.1)
    with store:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            form = app.screen
            nation = form.query_one("#nation", Select)
            assert nation.value == "Etruscans"
            with pytest.raises(InvalidSelectValueError):
                nation.value = "Carthage"
            form.query_one("#naval_pm", Input).value = "1"
            await pilot.press("ctrl+s")
            await pilot.pause()
            (order,) = store.state().orders["Etruscans"]
            assert isinstance(order, RecruitOrder) and order.naval_pm == 1


async def test_t7_3_the_referee_sees_who_has_not_handed_in_too(path: Path) -> None:
    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            waiting = said(app, "#handed-in")
            assert "Rome" in waiting and "Carthage" not in waiting


@pytest.fixture
def met(tmp_path: Path) -> Path:
    """Rome I and Magna Graecia III meet (T7.4); Carthage's order is carried out too."""
    return met_campaign(tmp_path)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_t3_0_a_player_answers_its_own_side_of_its_meeting_only(
    met: Path, size: tuple[int, int], language: str
) -> None:
    app, store = seat_app(met)
    with store:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert "y" in footer_keys(app) and "f" not in footer_keys(app)
            await pilot.press("y")
            await pilot.pause()
            form = app.screen
            picks = [
                s for s in form.query(Select).results(Select) if (s.id or "").startswith("side-")
            ]
            assert len(picks) == 1, "Rome's side only"
            picks[0].value = "seek"
            await pilot.press("ctrl+s")
            await pilot.pause()
            meeting = store.state().meetings[0]
            assert meeting.answers == {"Rome": True} and meeting.seek is None
            await pilot.press("y")  # once: refused in one line, no form
            await pilot.pause()
            assert len(app.screen_stack) == 1
            line = said(app, "#turn-said").strip()
            assert "1" in line and "\n" not in line and line
    greeks, store = seat_app(met, "Magna Graecia")
    with store:
        async with greeks.run_test(size=size) as pilot:
            await pilot.pause()
            table = greeks.screen.query_one("#meetings", DataTable)
            answer = str(table.get_row_at(0)[3])
            assert nation_name("Rome") in answer, "the side that has answered is said"
            await pilot.press("y")
            await pilot.pause()
            await pilot.press("ctrl+s")  # avoids
            await pilot.pause()
            meeting = store.state().meetings[0]
            assert meeting.seek == ["Rome"] and not meeting.settled


async def test_t3_0_a_player_is_told_in_one_line_a_meeting_is_not_its_own(met: Path) -> None:
    app, store = seat_app(met, "Syracuse")
    with store:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert len(app.screen_stack) == 1, "no form"
            line = said(app, "#turn-said").strip()
            assert "Syracuse" in line and "\n" not in line
            assert store.state().meetings[0].answers == {}


def _copy_for(path: Path, nation: str) -> Path:
    from assistant.cli import main

    copy = path.with_name(f"{nation.lower()}.castra")
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(
            ["campaign", "export", "--for", nation, "--out", str(copy), "--file", str(path)]
        )
    assert code == 0
    return copy


async def test_t7_3_a_players_copy_by_mail_opens_as_a_players_app(path: Path) -> None:
    """``castra --campaign rome.castra``: the app opens the file itself and, once it knows
    it is Rome's copy, offers a player's keys and screens only."""
    copy = _copy_for(path, "Rome")
    app = make_app(campaign_path=copy, seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        assert app.ledger.player == "Rome" and app.ledger.viewer == "Rome"
        offered = footer_keys(app)
        assert not offered & set(REFEREE_KEYS) and "N" in offered
        await pilot.press("b")
        await pilot.pause()
        assert app.current_mode == "campaign"
        await pilot.press("N")
        await pilot.pause()
        assert app.ledger.store is not None and "Rome" in app.ledger.store.handed_in()
    if app.ledger.store is not None:
        app.ledger.store.close()


def _log_rows(app: CastraApp) -> list[str]:
    from assistant.tui.widgets.event_log import EventLog

    log = app.screen.query_one("#history-log", EventLog)
    return [" ".join(str(cell) for cell in log.get_row_at(row)) for row in range(log.row_count)]


async def test_t7_3_history_with_a_nation_at_the_keyboard_reads_only_the_new_events(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: with Rome at the referee's keyboard, each change reads only the events since
    the last (the sealed filter applied to them), not every event again; another nation's new
    order stays hidden, Rome's own shows, and once the orders are carried out every order of
    the turn shows."""
    from assistant.ledger.events import NoteAdded

    with CampaignStore.open(path) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.ledger.enter_as("Rome")
            await pilot.press("h")
            await pilot.pause()
            assert not any("Carthage I" in row for row in _log_rows(app))
            read: list[tuple[int, int]] = []
            after = store.events_after

            def counted(event_id: int) -> Any:
                found = after(event_id)
                read.append((event_id, len(found)))
                return found

            def every() -> Any:
                raise AssertionError("every event read again")

            monkeypatch.setattr(store, "events_after", counted)
            monkeypatch.setattr(store, "events", every)
            last = store.state().last_event_id
            for event in (
                NoteAdded(note="scouts seen at Tarentum"),
                OrderGiven(
                    nation="Magna Graecia", order=MarchOrder(army="Magna Graecia III", to="Roma")
                ),
                OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")),
            ):
                app.ledger.record(event)
                await pilot.pause()
            assert read == [(last, 1), (last + 1, 1), (last + 2, 1)]
            rows = _log_rows(app)
            assert "Rome I" in rows[0] and "scouts seen at Tarentum" in rows[1]
            assert not any("Magna Graecia III" in row or "Carthage I" in row for row in rows)
            monkeypatch.undo()  # carrying the orders out reads the turn's events
            app.ledger.record(resolution(store.state()))
            await pilot.pause()
            rows = _log_rows(app)
            assert any("Magna Graecia III" in row for row in rows)
            assert any("Carthage I" in row for row in rows)


async def test_t7_3_a_players_history_reads_only_the_events_since_the_last_change(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: in Rome's own session the store hides the others' sealed orders working from
    the events since the last change; its History then adds Rome's new order on top."""
    app, store = seat_app(path)
    with store:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            last = store.state().last_event_id
            reads: list[int] = []
            read = CampaignStore._read_events

            def counted(self: CampaignStore, connection: Any, after: int = 0) -> Any:
                reads.append(after)
                return read(self, connection, after)

            monkeypatch.setattr(CampaignStore, "_read_events", counted)
            app.ledger.record(
                OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium"))
            )
            await pilot.pause()
            assert reads and min(reads) >= last, "no read from the first event"
            rows = _log_rows(app)
            assert "Rome I" in rows[0] and not any("Carthage I" in row for row in rows)
