"""The Map screen (T7): the board drawn from the ledger's map, arrow keys between provinces,
the side panel, and orders given from it; snapshots at 80×24 and 120×40."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from assistant.ledger.events import ArmyMoved, CityShutIn, TurnAdvanced
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp
from assistant.tui.widgets.map_canvas import nearest_in_direction
from tests.tui.conftest import SIZE

pytestmark = pytest.mark.orders_immediate
"""These tests move forces one act at a time (house rule orders = immediate, T7.3)."""


def panel(app: Any) -> str:
    return str(app.screen.query_one("#map-panel", Static).render())


async def test_map_opens_on_roma_and_shows_its_forces_and_tribute(app: CastraApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        text = panel(app)
        assert text.startswith("Roma")
        assert "Rome I 4⚔" in text and "Rome fleet I 2⚓" in text
        # T5.3: 15 PE less the 4 land PM standing there.
        assert "Tribute: 11 PE to Rome" in text
        assert "Mountain: Interamna, Corfinium" in text


async def test_arrow_keys_jump_to_the_nearest_province_that_way(app: CastraApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        provinces = app.screen.provinces
        expected = nearest_in_direction(provinces, "Roma", 0, 1)
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.selected == expected
        assert provinces[expected]["lat"] < provinces["Roma"]["lat"], "south of Rome"
        await pilot.press("up")
        await pilot.pause()
        assert provinces[app.screen.selected]["lat"] > provinces[expected]["lat"]


async def test_arrow_keys_draw_the_board_once_and_the_same_picture_as_from_scratch(
    app: CastraApp,
) -> None:
    """Issue 26: the roads and sea stretches are drawn once per board and size; an arrow key
    only moves the reversed marker. What the canvas shows after the arrows is exactly the
    board drawn from nothing for the province reached."""
    from assistant.tui.widgets import map_canvas

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        drawn = map_canvas._links.cache_info().misses
        await pilot.press("down", "right", "up", "left", "down")
        await pilot.pause()
        assert map_canvas._links.cache_info().misses == drawn
        screen: Any = app.screen
        canvas = screen.query_one("#map-canvas", Static)
        shown = str(canvas.render())
        map_canvas._links.cache_clear()
        width, height = canvas.size
        fresh = map_canvas.render_map(
            {"provinces": screen.provinces}, width, height, screen.selected
        )
        assert shown == "\n".join(str(line) for line in fresh)


async def test_an_arrow_remakes_only_the_rows_it_changes_and_paints_the_fresh_board(
    app: CastraApp,
) -> None:
    """Issue 26, item 2: an arrow key compares the new board with the one shown and makes
    again only the rows whose cells changed (the old and new marker, their labels); every row
    Textual paints afterwards is the board drawn from nothing for the province reached."""
    from assistant.tui.screens.map import BoardCanvas
    from assistant.tui.widgets import map_canvas

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen: Any = app.screen
        canvas = screen.query_one("#map-canvas", BoardCanvas)
        width, height = canvas.size
        for key in ("down", "right", "up", "left"):
            before = map_canvas.board_cells(
                {"provinces": screen.provinces}, width, height, screen.selected
            )
            made = canvas.rows_made
            await pilot.press(key)
            await pilot.pause()
            after = map_canvas.board_cells(
                {"provinces": screen.provinces}, width, height, screen.selected
            )
            changed = sum(old != new for old, new in zip(before, after, strict=True))
            assert 0 < changed < height // 2, "an arrow changes a few rows, not the board"
            assert canvas.rows_made - made == changed
            painted = [canvas.render_line(y).text.rstrip() for y in range(height)]
            fresh = map_canvas.render_map(
                {"provinces": screen.provinces}, width, height, screen.selected
            )
            assert painted == [line.plain.rstrip() for line in fresh]


async def test_the_board_and_panel_follow_the_selected_province(app: CastraApp) -> None:
    """``selected`` is reactive: whatever sets it (an arrow key, the battle keys, a test), the
    panel and the board's highlight follow without a redraw being asked for."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        # The whole drawing, styles included: the reversed marker moves even where the two
        # provinces' labels read the same.
        board = app.screen.query_one("#map-canvas", Static).render()
        app.screen.selected = "Tarentum"
        await pilot.pause()
        assert panel(app).startswith("Tarentum")
        assert app.screen.query_one("#map-canvas", Static).render() != board


async def test_march_form_moves_an_army_and_the_map_follows(app: CastraApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        form = app.screen
        form.query_one("#army", Select).value = "Rome I"
        form.query_one("#to", Select).value = "Capua"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ledger.state().forces["Rome I"].province == "Capua"
        assert "Rome I" not in panel(app), "Roma's panel no longer lists it"


async def test_a_refused_march_is_said_under_its_field_and_nothing_written(
    app: CastraApp, store: CampaignStore
) -> None:
    store.append(ArmyMoved(army="Rome I", to="Capua"))
    events = len(store.events())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Capua"
        await pilot.press("v")
        await pilot.pause()
        form = app.screen
        form.query_one("#army", Select).value = "Rome I"
        form.query_one("#to", Select).value = "Neapolis"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form, "the form stays open"
        error = str(form.query_one("#army-error", Static).render())
        assert "already moved this turn" in error and "T7.3" in error
    assert len(store.events()) == events


def besieged_tarentum(store: CampaignStore) -> None:
    """Pyrrhus in Tarentum, a Roman army before it, the city shut in (T7.6)."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(CityShutIn(province="Tarentum"))


async def test_a_besieged_city_says_so_in_the_panel(app: CastraApp, store: CampaignStore) -> None:
    besieged_tarentum(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Tarentum"
        await pilot.press("right", "left")
        await pilot.pause()
        app.screen.selected = "Tarentum"
        app.screen.refresh_from_store()
        await pilot.pause()
        text = panel(app)
        assert "Besieged (T5.4)" in text
        assert "Tribute: 0 PE to —" in text


def test_map_at_80x24(snap_compare: Any, app: CastraApp, store: CampaignStore) -> None:
    """The whole board at the smallest terminal: markers, labels of provinces with forces,
    and the panel on Roma."""
    besieged_tarentum(store)
    assert snap_compare(app, terminal_size=(80, 24), press=["m"])


def test_map_at_120x40(snap_compare: Any, app: CastraApp, store: CampaignStore) -> None:
    """The board at 120×40 with Tarentum besieged and selected."""
    besieged_tarentum(store)

    async def select(pilot: Any) -> None:
        await pilot.press("m")
        await pilot.pause()
        pilot.app.screen.selected = "Tarentum"
        pilot.app.screen.refresh_from_store()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=select)


async def test_t7_4_b_opens_the_battle_desk_with_the_armies_met_at_tarentum(
    app: CastraApp, store: CampaignStore
) -> None:
    besieged_tarentum(store)  # Rome II (1 PM) before Tarentum
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Tarentum"
        await pilot.press("b")
        await pilot.pause()
        from assistant.tui.screens.battle_desk import BattleDeskScreen

        desk = app.screen
        assert isinstance(desk, BattleDeskScreen)
        assert desk.query_one("#place", Input).value == "Tarentum"
        # Start table: Magna Graecia I (3 PM) and the Senones (1 PM, in Magna Graecia's pay,
        # T5.5) hold Tarentum; Rome II (1 PM) marched in.
        sides = {
            side: sorted((card.nation, card.text("pm")) for card in desk.cards(side))
            for side in ("a", "b")
        }
        assert sides == {"a": [("Rome", "1")], "b": [("Magna Graecia", "3"), ("Senones", "1")]}


async def test_t7_4_d_opens_the_dice_battle_and_nowhere_without_enemies(
    app: CastraApp, store: CampaignStore
) -> None:
    besieged_tarentum(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("d")  # Roma: only Romans stand there
        await pilot.pause()
        assert app.screen.selected == "Roma", "the map stays, saying no enemies meet"
        app.screen.selected = "Tarentum"
        await pilot.press("d")
        await pilot.pause()
        from assistant.tui.screens.dice_battle import DiceBattleScreen

        assert isinstance(app.screen, DiceBattleScreen)
        assert app.screen.query_one("#dice-side-a", Input).value == "Rome 1"
        side_b = app.screen.query_one("#dice-side-b", Input).value
        assert "Magna Graecia 3" in side_b and "Senones 1" in side_b
        assert app.screen.query_one("#dice-place", Input).value == "Tarentum"


async def test_the_panel_names_holder_and_collector_as_seed_000_does(app: CastraApp) -> None:
    """Issue 14: in Italian Roma is held by Roma and pays its tribute to Roma; the names the
    ledger generated are said in Italian ("Roma I", "Flotta di Roma I"). Issue 25 (S3, G1): the
    seed's words, "controllata" and "madrepatria", and the tribute's arrow, which needs no
    article ("a Etruschi")."""
    from converters.i18n import set_language

    set_language("it")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("m")
            await pilot.pause()
            text = panel(app)
    finally:
        set_language("en")
    assert "Controllata da Roma · madrepatria Roma" in text
    tribute = next(line for line in text.splitlines() if line.startswith("Tributo"))
    assert tribute.endswith(" PE → Roma"), tribute
    assert "Roma I 4⚔" in text and "Flotta di Roma I 2⚓" in text


async def test_the_march_key_reads_as_a_verb_in_italian_not_the_month(app: CastraApp) -> None:
    """Issue 14: "March" is both the Map screen's key (march an army) and a month of the
    recorded date; in Italian the key says "Marcia" while the date says "marzo"."""
    from assistant.tui.widgets.footer import CastraFooter
    from converters.i18n import set_language

    set_language("it")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("m")
            await pilot.pause()
            labels = [entry.description for entry in app.screen.query_one(CastraFooter).entries()]
            assert "Marcia" in labels
            assert "marzo" not in labels
    finally:
        set_language("en")
