"""Issue 27, the app at the table, second pass: what a new user met in 100 minutes of play.

Each test walks the keys the user pressed and asserts what they should have seen.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp
from tests.tui.conftest import SIZE
from tests.tui.test_map_screen import besieged_tarentum


async def _battle_from_map(pilot: Any, key: str) -> None:
    await pilot.press("m")
    await pilot.pause()
    pilot.app.screen.selected = "Tarentum"
    await pilot.press(key)
    await pilot.pause()


@pytest.mark.orders_immediate
async def test_the_map_stays_reachable_after_a_battle_opened_from_it(
    app: CastraApp, store: CampaignStore
) -> None:
    """Item 1: `b` on the Map, then `c`, `m` shows the Map again; `b` the desk of that battle."""
    from assistant.tui.screens.battle_desk import BattleDeskScreen
    from assistant.tui.screens.campaign import CampaignScreen
    from assistant.tui.screens.dice_battle import DiceBattleScreen
    from assistant.tui.screens.map import MapScreen

    besieged_tarentum(store)
    async with app.run_test(size=SIZE) as pilot:
        await _battle_from_map(pilot, "b")
        desk = app.screen
        assert isinstance(desk, BattleDeskScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MapScreen), "the Map, not the desk"
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is desk, "b opens the Tarentum battle's desk again"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MapScreen), "Escape goes back to the Map it came from"
        # The same for the dice battle, and m from anywhere after it.
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DiceBattleScreen)
        for key in ("h", "m"):
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, MapScreen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DiceBattleScreen)
        assert app.screen.query_one("#dice-place").value == "Tarentum"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MapScreen)


async def test_a_key_pressed_twice_is_nobodys_name_and_who_comes_from_the_settings(
    app: CastraApp, store: CampaignStore
) -> None:
    """Item 2: `n` `n` on the Campaign screen, then Enter: the turn's end is signed with the
    player's name from the settings, not "n"; a name changed on a form is the next form's."""
    from textual.widgets import Button, Input

    from assistant.settings import save_setting, saved_player

    save_setting("player", "Marco")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "n")
        await pilot.pause()
        form = app.screen
        assert form.query_one("#who", Input).value == "Marco", "the name is shown on the form"
        assert isinstance(app.focused, Button), "a form of Who and Note starts on Record"
        await pilot.press("enter")
        await pilot.pause()
        assert store.events()[-1].event.who == "Marco"
        await pilot.press("n")
        await pilot.pause()
        who = app.screen.query_one("#who", Input)
        who.value = "Giulia"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert store.events()[-1].event.who == "Giulia"
        assert saved_player() == "Giulia", "changed on the form, kept in the settings"
        await pilot.press("r")
        await pilot.pause()
        assert app.screen.query_one("#who", Input).value == "Giulia"


async def test_a_form_starts_on_its_first_field_even_a_choice(app: CastraApp) -> None:
    """Item 2: the Rebuild form's first field is the nation's picker: the hand starts there,
    not in Who."""
    from textual.widgets import Select

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        first = next(iter(app.screen.field_labels))
        assert app.focused is app.screen.query_one(f"#{first}")
        assert first == "nation" and isinstance(app.focused, Select)


async def test_a_number_field_keeps_what_was_typed_and_refuses_what_is_no_number(
    app: CastraApp, store: CampaignStore, type_text: Any
) -> None:
    """Item 3: "1.5", "abc" and "0.1" in the Rebuild form's PM stay as typed and are refused
    at once under the field; Record writes nothing; a whole number takes the refusal away."""
    from textual.widgets import Input, Static

    events = len(store.events())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "tab")
        form = app.screen
        for typed in ("1.5", "abc", "0.1"):
            form.query_one("#pm", Input).value = ""
            await type_text(pilot, typed)
            await pilot.pause()
            assert form.query_one("#pm", Input).value == typed, "no character dropped"
            said = str(form.query_one("#pm-error", Static).render())
            assert said == f"PM to rebuild: a whole number (got '{typed}')"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form and len(store.events()) == events
        form.query_one("#pm", Input).value = ""
        await type_text(pilot, "2")
        await pilot.pause()
        assert str(form.query_one("#pm-error", Static).render()) == ""


async def test_a_refusal_below_the_fold_is_scrolled_to_and_summed_up_at_the_top(
    tmp_path: Any,
) -> None:
    """Item 5: the Macedon move form is taller than 80×24; ctrl+s with the move refused (D10)
    says so in one line at the top of the form and brings the refusal into sight."""
    from textual.containers import VerticalScroll
    from textual.widgets import Select, Static

    from armylists.scenarios import load_scenario
    from assistant.tui.app import make_app
    from tests.tui.conftest import SEED

    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    app = make_app(store, seed=SEED)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("m")
            await pilot.pause()
            app.screen.selected = "Thrace"
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            form = app.screen
            form.query_one("#army", Select).value = "Macedon 4"
            form.query_one("#to", Select).value = "Hellespontine Phrygia"
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.pause()
            summary = form.query_one("#form-summary", Static)
            assert str(summary.render()).startswith(
                "Nothing recorded: D10: Hellespontine Phrygia is held by Persia"
            )
            scroll = form.query_one(VerticalScroll)
            assert summary.region.y >= scroll.region.y, "the summary is on screen"
            refusal = form.query_one("#form-error", Static)
            assert scroll.region.contains_region(refusal.region), "the refusal is in sight"
    finally:
        store.close()


async def test_enter_opens_a_closed_select_and_its_refusal_clears_once_chosen(
    app: CastraApp,
) -> None:
    """Item 6: on the Sail form Enter on the fleet's picker opens it (nothing is recorded);
    "Fleet: choose the fleet that sails" goes once a fleet is chosen."""
    from textual.widgets import Select, Static

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        fleet = form.query_one("#fleet", Select)
        assert app.focused is fleet
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = form.query_one("#fleet-error", Static)
        assert "choose the fleet that sails" in str(error.render())
        app.set_focus(fleet)
        await pilot.press("enter")
        await pilot.pause()
        assert fleet.expanded, "Enter opened the picker"
        assert app.screen is form
        await pilot.press("escape")
        fleet.value = "Rome fleet I"
        await pilot.pause()
        assert str(error.render()) == ""


async def test_the_opposite_arrow_goes_back_where_it_came_from(app: CastraApp) -> None:
    """Item 7: from Brundisium ↑ then ↓ is Brundisium again (it was Interamna), and so for
    every province and arrow, and for ↑ ↑ ↓ ↓."""
    from assistant.tui.widgets.map_canvas import step

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        screen.selected = "Brundisium"
        await pilot.pause()
        assert app.focused is None
        await pilot.press("up")
        await pilot.pause()
        assert screen.selected != "Brundisium"
        await pilot.press("down")
        await pilot.pause()
        assert screen.selected == "Brundisium"
        await pilot.press("left", "left", "right", "right")
        await pilot.pause()
        assert screen.selected == "Brundisium"
        provinces = screen.provinces
    arrows = ((0, -1), (0, 1), (-1, 0), (1, 0))
    for start in provinces:
        for dx, dy in arrows:
            there, trail = step(provinces, (), start, dx, dy)
            if there == start:
                continue  # nothing that way: the arrow stays, and so nothing to go back to
            assert step(provinces, trail, there, -dx, -dy)[0] == start, (start, dx, dy)


async def test_slash_finds_a_province_by_name_in_any_case(app: CastraApp) -> None:
    """Item 7: "/" then "cap" selects Capua as it is typed; Enter keeps it; "/" "xyz" says no
    province is called so; Escape goes back to the one selected before."""
    from textual.widgets import Input, Static

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        await pilot.press("slash", "c", "A", "p")
        await pilot.pause()
        assert screen.selected == "Capua"
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.query_one("#map-find", Input).display
        await pilot.press("v")  # the keys are the Map's again: march from Capua
        await pilot.pause()
        assert "Capua" in str(app.screen.query_one(".hint", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("slash", "v", "e", "r")  # "v" is a letter of Verona, not March
        await pilot.pause()
        assert screen.selected == "Verona" and app.screen is screen
        await pilot.press("x", "y")
        await pilot.pause()
        said = str(screen.query_one("#map-find-error", Static).render())
        assert said.startswith("No province is called 'verxy'.")
        await pilot.press("escape")
        await pilot.pause()
        assert screen.selected == "Capua"


def test_board_labels_are_short_recognisable_and_unique() -> None:
    """Item 7: no label cut mid-word without saying so ("Corfiniu"), none alike ("Ligures"
    twice), each word of a label the start of the name's word."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.forces import board_of
    from assistant.tui.widgets.map_canvas import LABEL_WIDTH, short_labels

    for key in ("tarentine", "macedon"):
        board = board_of(load_scenario(key))
        names = list(board.provinces) if board is not None else []
        labels = short_labels(names)
        assert len(set(labels.values())) == len(names), labels
        for name, label in labels.items():
            assert len(label) <= LABEL_WIDTH or label == name, label
            for shown, word in zip(label.split(), name.split(), strict=False):
                assert word.strip("()").lower().startswith(shown.rstrip(".").lower()), label
    labels = short_labels(["Corfinium", "Lilybaeum", "Ligures (est)", "Ligures (ovest)"])
    assert labels == {
        "Corfinium": "Corfini.",
        "Lilybaeum": "Lilybae.",
        "Ligures (est)": "Ligur. E",
        "Ligures (ovest)": "Ligur. O",
    }


async def test_the_ghost_says_what_routed_takes_waits_for_f10_and_starts_anew_empty(
    app: CastraApp, type_text: Any
) -> None:
    """Item 4 (G2.1, G3.3): the loss table says that generals and routed take one figure per
    general or brigade (so a 0 under routed is a brigade, 6 points); f7 while turn 1 is not
    ended asks for f10 first and computes nothing; ctrl+n → y empties the loss fields."""
    from textual.widgets import Input, Static

    from tests.tui.test_ghost_screen import banner, key, open_ghost

    async with app.run_test(size=SIZE) as pilot:
        screen = await open_ghost(pilot)
        hint = str(screen.query_one("#ghost-loss-hint", Static).render())
        assert "routed: each routed brigade's strength modifier" in hint and "6 + it" in hint
        screen.query_one("#pp-table").focus()
        await key(pilot, "f6")
        screen.query_one("#gr-fatigue", Input).value = "3"
        await pilot.pause()
        await key(pilot, "f7")
        assert "Turn 1" in banner(screen)
        await key(pilot, "f7")
        said = str(screen.query_one("#ghost-loss-error", Static).render())
        assert said == "Turn 1 is not ended yet: f10 first (its retreat countdown, G3.3)"
        assert "Turn 1" in banner(screen) and screen.battle.turn == 1
        await key(pilot, "f10")
        await key(pilot, "f7")
        assert screen.battle.turn == 2
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen.battle is None
        assert screen.query_one("#gr-fatigue", Input).value == ""
        assert "you 0, ghost 0" in str(screen.query_one("#ghost-loss-total", Static).render())


@pytest.mark.orders_immediate
async def test_the_desk_from_the_map_counts_what_stands_there_and_clears_once_recorded(
    app: CastraApp, store: CampaignStore, type_text: Any
) -> None:
    """Item 8 (T7.4): at Tarentum Rome has 1 PM standing (of 7 in play): the card says "of 1
    at Tarentum"; once ctrl+r records, the figures are cleared, nothing is red, and the desk
    says what was recorded."""
    from textual.widgets import Input, Static

    from tests.tui.conftest import fill
    from tests.tui.test_battle_desk import choose

    besieged_tarentum(store)
    async with app.run_test(size=SIZE) as pilot:
        await _battle_from_map(pilot, "b")
        desk = app.screen
        rome = next(card for card in desk.cards("a") if card.nation == "Rome")
        assert str(desk.query_one(f"#{rome.side}{rome.number}-available").render()) == (
            "of 1 at Tarentum"
        )
        await fill(pilot, "#a1-battle_groups", "8", type_text)
        await fill(pilot, "#a1-broken", "1", type_text)
        for card in desk.cards("b"):
            await fill(pilot, f"#{card.side}{card.number}-battle_groups", "8", type_text)
            await fill(pilot, f"#{card.side}{card.number}-broken", "4", type_text)
        await choose(pilot, "#winner", "Rome", "a")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert store.events()[-1].event.kind == "battle_recorded"
        assert str(desk.query_one("#desk-recorded", Static).render()).startswith("Recorded:")
        assert desk.query_one("#a1-battle_groups", Input).value == ""
        assert desk.query_one("#a1-pm", Input).value == ""
        red = [
            str(line.render())
            for line in desk.query(".error").results(Static)
            if str(line.render()).strip()
        ]
        assert red == [], red
