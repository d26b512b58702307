"""A turn by the book in the app (issue 22): the phase line (T5.2), the nation entering its
sealed orders and what it may see (T7.3), the resolve key, and the meetings (T7.4, T3.0).

Every test runs at 80×24, the smallest terminal the app is made for, in both languages where
it shows words; the campaign is the conftest's Tarentine Wars with sealed orders (the default).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from assistant.ledger.events import MarchOrder, OrderGiven, VoyageOrder
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp
from assistant.tui.widgets.event_log import EventLog
from converters.force_names import shown_name
from converters.i18n import set_language

SMALL = (80, 24)
"""The terminal of every test here."""


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Any:
    set_language(request.param)
    yield request.param
    set_language("en")


def march(nation: str, army: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=MarchOrder(army=army, to=to))


def voyage(nation: str, fleet: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=VoyageOrder(fleet=fleet, to=to))


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


PHASE_WORDS = {
    "en": ("Phase: movement (T5.2 phase 3)", "1 sealed order(s) in"),
    "it": ("Fase: movimento (T5.2 fase 3)", "ordini sigillati consegnati: 1"),
}


# ---- 1. the phase line (T5.2) -----------------------------------------------------------------


async def test_t5_2_the_campaign_screen_says_the_phase_and_what_is_left(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert ("Phase:" if language == "en" else "Fase:") in text_of(app, "#campaign-status")
        phase = "phase" if language == "en" else "fase"
        assert f"T5.2 {phase} 1" in text_of(app, "#campaign-status"), "a turn starts at phase 1"
        store.append(march("Rome", "Rome I", "Corfinium"))
        app.screen.refresh_from_store()  # type: ignore[attr-defined]
        await pilot.pause()
        status = text_of(app, "#campaign-status")
        for words in PHASE_WORDS[language]:
            assert words in status, status


async def test_t5_2_the_first_frame_says_the_phase_from_the_glance(
    store: CampaignStore, campaign_path: Any
) -> None:
    """The phase is kept in the file's glance, so the first frame (drawn before the ledger is
    open) already says it."""
    from assistant.ledger.glance import read_glance

    store.append(march("Rome", "Rome I", "Corfinium"))
    store.glance()
    glance = read_glance(campaign_path)
    assert glance is not None
    assert glance["phase"]["key"] == "movement"
    assert glance["phase"]["left"] == [
        "1 sealed order(s) in; carry them out with castra campaign resolve"
    ]


async def test_t5_2_the_map_says_the_phase_on_one_line(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("m")
        await pilot.pause()
        line = app.screen.query_one("#map-phase", Static)
        said = str(line.render())
        assert said.startswith(PHASE_WORDS[language][0])
        assert PHASE_WORDS[language][1] in said
        assert line.region.height == 1 and line.region.width <= SMALL[0]


# ---- 2. which nation is entering (T7.3) ---------------------------------------------------------


def order_rows(app: Any) -> list[tuple[str, str]]:
    """(nation as shown, force) of every row the orders panel lists."""
    from textual.widgets import DataTable

    table = app.screen.query_one("#orders", DataTable)
    return [
        (str(table.get_row_at(i)[0]), str(table.get_row_at(i)[1])) for i in range(table.row_count)
    ]


def recent_text(app: Any) -> str:
    from textual.widgets import DataTable

    table = app.screen.query_one("#recent-events", DataTable)
    return "\n".join(str(table.get_row_at(i)[2]) for i in range(table.row_count))


async def enter_as(pilot: Any, steps: int) -> None:
    """Press e and choose the option ``steps`` below the referee (0: the referee)."""
    await pilot.press("e")
    await pilot.pause()
    listed = pilot.app.screen.query_one("#entering")
    listed.highlighted = 0
    await pilot.press(*(["down"] * steps), "enter")
    await pilot.pause()


async def test_t7_3_the_app_asks_who_enters_and_a_nation_sees_only_its_own_orders(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    rome, graecia = ("Rome", "Magna Graecia") if language == "en" else ("Roma", "Magna Grecia")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert sorted(order_rows(app)) == [(graecia, "Magna Graecia III"), (rome, "Rome I")], (
            "the referee sees every nation's orders"
        )
        await enter_as(pilot, 1)  # the first nation after the referee: Rome
        assert app.ledger.viewer == "Rome"
        assert order_rows(app) == [(rome, "Rome I")]
        title = text_of(app, "#orders-title")
        assert rome in title
        recent = recent_text(app)
        assert shown_name("Magna Graecia III", "Magna Graecia") not in recent, "it stays sealed"
        assert shown_name("Rome I", "Rome") in recent
        await enter_as(pilot, 0)
        assert app.ledger.viewer is None
        assert len(order_rows(app)) == 2


async def test_t7_3_the_history_screen_hides_another_nations_sealed_orders(
    app: CastraApp, store: CampaignStore
) -> None:
    """T7.3: the History screen follows the one visibility rule too: with Rome at the
    keyboard, Magna Graecia's sealed order is not listed; the referee sees both again."""

    rome_order = store.append(march("Rome", "Rome I", "Corfinium")).id
    greek_order = store.append(march("Magna Graecia", "Magna Graecia III", "Roma")).id

    def listed() -> set[int]:
        table = app.screen.query_one("#history-log", EventLog)
        return {int(str(table.get_row_at(i)[0])) for i in range(table.row_count)}

    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await enter_as(pilot, 1)  # Rome
        await pilot.press("h")
        await pilot.pause()
        assert rome_order in listed() and greek_order not in listed()
        await pilot.press("c")
        await pilot.pause()
        await enter_as(pilot, 0)  # the referee
        await pilot.press("h")
        await pilot.pause()
        assert {rome_order, greek_order} <= listed()


async def test_t7_3_the_withdraw_key_takes_back_the_order_under_the_cursor(
    app: CastraApp, store: CampaignStore
) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await enter_as(pilot, 1)
        await pilot.press("x")
        await pilot.pause()
        assert "Rome" not in store.state().orders, "Rome's only order is withdrawn"
        assert store.state().orders["Magna Graecia"], "the other nation's order stays"
        assert order_rows(app) == []
        assert "withdrew its order for Rome I" in text_of(app, "#turn-said")


async def test_t7_3_an_order_given_from_the_map_is_the_entering_nations(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    """Refusal (T7.3), inline in the form, one line naming the rule: a nation entering its
    orders cannot order another nation's force; nothing is written."""
    from textual.widgets import Select

    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await enter_as(pilot, 1)  # Rome
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Corfinium"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        form = app.screen
        form.query_one("#army", Select).value = "Magna Graecia III"
        form.query_one("#to", Select).value = "Roma"
        before = len(store.events())
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(form.query_one("#army-error", Static).render())
        assert "T7.3" in said and "\n" not in said.strip(), said
        # The force as the reader names it (issue 25): "Magna Grecia III" in Italian.
        assert shown_name("Magna Graecia III", "Magna Graecia") in said
        assert len(store.events()) == before, "nothing is written"


# ---- 3. the resolve key (T7.3) ----------------------------------------------------------------


async def test_t7_3_the_resolve_key_carries_out_the_orders_and_says_what_each_force_did(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    from assistant.ledger.orders import resolution

    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    expected = resolution(store.state())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        (last,) = [s.event for s in store.events() if s.event.kind == "orders_resolved"]
        assert (last.moves, last.meetings) == (expected.moves, expected.meetings), (
            "the key records what campaign resolve's ledger call gives"
        )
        moves = text_of(app, "#moves").splitlines()
        assert len(moves) == len(expected.moves) == 2
        for move, line in zip(expected.moves, moves, strict=True):
            force = shown_name(move.force, move.nation)
            assert line.startswith(f"{force}: {move.start} → {move.end}"), line
        phase = "phase" if language == "en" else "fase"
        assert f"T5.2 {phase} 4" in text_of(app, "#campaign-status"), "on to the naval battles"
        assert not app.screen.query_one("#orders").display, "no orders are given any more"


async def test_t5_2_an_order_after_the_orders_are_carried_out_is_refused_inline(
    app: CastraApp, store: CampaignStore
) -> None:
    """Refusal (T5.2): a march given once the movement is over names the phase; nothing is
    written."""
    from textual.widgets import Select

    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        form = app.screen
        form.query_one("#army", Select).value = "Rome I"
        form.query_one("#to", Select).value = "Capua"
        before = len(store.events())
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = " ".join(str(line.render()) for line in form.query(".field-error").results(Static))
        assert "T5.2 phase 3" in said and "T5.2 phase 4" in said, said
        assert len(store.events()) == before


# ---- 4. the meetings (T7.4, T3.0) -------------------------------------------------------------


def crossing(store: CampaignStore) -> None:
    """Rome I and Magna Graecia III swap along the mountain road Roma–Corfinium (T7.4): they
    meet at Roma, the province Magna Graecia III was marching into."""
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))


def meeting_cells(app: Any) -> list[list[str]]:
    from textual.widgets import DataTable

    table = app.screen.query_one("#meetings", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_t7_4_the_meetings_panel_lists_them_sea_first_and_the_map_marks_them(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    from assistant.tui.widgets.map_canvas import MEETING_MARK

    crossing(store)
    store.append(voyage("Rome", "Rome fleet I", "Syracusae"))
    store.append(voyage("Syracuse", "Syracuse fleet I", "Roma"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        listed = store.state().meetings
        rows = meeting_cells(app)
        assert [row[0] for row in rows] == [str(m.meeting.number) for m in listed]
        sea, land = ("at sea", "on land") if language == "en" else ("in mare", "a terra")
        assert rows[0][1].startswith(sea) and rows[1][1].startswith(land), "sea first"
        assert "Roma" in rows[1][1] and shown_name("Rome I", "Rome") in rows[1][2]
        await pilot.press("m")
        await pilot.pause()
        board = str(app.screen.query_one("#map-canvas", Static).render())
        marked = board.count(MEETING_MARK)
        assert marked == len({m.province for m in listed}), board
        app.screen.selected = "Roma"  # type: ignore[attr-defined]
        await pilot.pause()
        panel = str(app.screen.query_one("#map-panel", Static).render())
        graecia = shown_name("Magna Graecia III", "Magna Graecia")
        assert graecia in panel and ("Meeting 2" in panel or "Incontro 2" in panel), panel


async def resolve_and_answer(pilot: Any) -> None:
    """Carry out the orders (v), then open the answer form of the first meeting (y)."""
    for key in ("v", "y"):
        await pilot.pause()
        await pilot.press(key)
    await pilot.pause()


async def test_t3_0_the_answer_key_says_seek_or_avoid_for_each_side(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    from textual.widgets import Select

    crossing(store)
    async with app.run_test(size=SMALL) as pilot:
        await resolve_and_answer(pilot)
        form = app.screen
        sides = list(form.query(Select).results(Select))
        picks = [s for s in sides if (s.id or "").startswith("side-")]
        assert len(picks) == 2, "one choice for each side of the meeting"
        assert {str(p.value) for p in picks} == {"avoid"}
        await pilot.press("ctrl+s")
        await pilot.pause()
        (meeting,) = store.state().meetings
        assert meeting.settled and meeting.seek == [], "neither seeks: no battle (T3.0)"
        assert meeting_cells(app)[0][3] == ("settled" if language == "en" else "risolto")
        assert not app.screen.active_bindings.get("y"), "nothing left to answer"


async def test_t3_0_one_side_seeking_leaves_the_meeting_to_its_battle(
    app: CastraApp, store: CampaignStore
) -> None:
    from textual.widgets import Select

    crossing(store)
    async with app.run_test(size=SMALL) as pilot:
        await resolve_and_answer(pilot)
        app.screen.query_one("#side-1", Select).value = "seek"
        await pilot.press("ctrl+s")
        await pilot.pause()
        (meeting,) = store.state().meetings
        assert not meeting.settled and meeting.seek == ["Rome"]
        assert "Rome" in meeting_cells(app)[0][3]


async def test_t7_4_a_meeting_opens_the_dice_battle_with_its_forces_place_and_approach(
    app: CastraApp, store: CampaignStore
) -> None:
    """The crossing at Roma: Magna Graecia III came over the mountain road into Rome's Roma,
    so side A is Magna Graecia with the mountain road's +1 for Rome (T3.2)."""
    from textual.widgets import Input, Select

    crossing(store)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        forces = store.state().forces
        await pilot.press("i")
        await pilot.pause()
        dice = app.screen
        assert type(dice).__name__ == "DiceBattleScreen"
        assert dice.query_one("#dice-side-a", Input).value == (
            f"Magna Graecia {forces['Magna Graecia III'].pm}"
        )
        assert dice.query_one("#dice-side-b", Input).value == f"Rome {forces['Rome I'].pm}"
        assert dice.query_one("#dice-approach", Select).value == "mountain_road"
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        desk = app.screen
        assert type(desk).__name__ == "BattleDeskScreen"
        assert desk.query_one("#place", Input).value == "Roma"


async def test_t3_0_the_fall_back_key_withdraws_the_avoiding_side_under_pursuit(
    app: CastraApp, store: CampaignStore, language: str
) -> None:
    """T3.0, T4.3: Rome seeks battle at Roma, Magna Graecia avoids it; z records the
    withdrawal under one pursuit roll of the app's dice and the meeting is settled."""
    from textual.widgets import Select

    from assistant.ledger.events import WithdrawalPursued

    crossing(store)
    async with app.run_test(size=SMALL) as pilot:
        await resolve_and_answer(pilot)
        app.screen.query_one("#side-1", Select).value = "seek"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.active_bindings.get("z"), "a one-sided meeting on land: z is there"
        await pilot.press("z")
        await app.workers.wait_for_complete()
        await pilot.pause()
        withdrawals = [e for e in store.events() if isinstance(e.event, WithdrawalPursued)]
        assert len(withdrawals) == 1
        (meeting,) = store.state().meetings
        assert meeting.settled
        said = text_of(app, "#turn-said")
        assert said and "\n" not in said.strip()
        assert not app.screen.active_bindings.get("z"), "nothing left to withdraw"


async def test_t3_0_the_fall_back_key_is_not_offered_before_a_side_seeks_battle(
    app: CastraApp, store: CampaignStore
) -> None:
    crossing(store)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen.active_bindings.get("y")
        assert not app.screen.active_bindings.get("z")
        await pilot.press("z")
        await pilot.pause()
        assert not store.state().meetings[0].settled
