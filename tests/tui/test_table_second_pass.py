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

# The set-ups move forces one act at a time (T7.3 house rule): these tests are about the app.
pytestmark = pytest.mark.orders_immediate


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
    """Item 8 (T7.4): at Tarentum Rome has 1 PM standing (of 7 in play): the card says "of 1"
    (its tooltip "at Tarentum"); once ctrl+r records, the figures are cleared, nothing is red,
    and the desk says what was recorded."""
    from textual.widgets import Input, Static

    from tests.tui.conftest import fill
    from tests.tui.test_battle_desk import choose

    besieged_tarentum(store)
    async with app.run_test(size=SIZE) as pilot:
        await _battle_from_map(pilot, "b")
        desk = app.screen
        rome = next(card for card in desk.cards("a") if card.nation == "Rome")
        available = desk.query_one(f"#{rome.side}{rome.number}-available")
        assert str(available.render()) == "of 1", "1 PM stands at Tarentum, not the 7 in play"
        assert available.tooltip == "of 1 at Tarentum"
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


async def test_a_province_typed_in_any_case_is_read_and_a_slip_gets_the_nearest_name(
    app: CastraApp, store: CampaignStore, type_text: Any
) -> None:
    """Item 9 (T7.3): the Sail form reads "TARQUINI" as no province, suggesting Tarquinii, and
    "tarquinii" as Tarquinii; the fleet sails there."""
    from textual.widgets import Input, Select, Static

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        form.query_one("#fleet", Select).value = "Rome fleet I"
        form.query_one("#to", Input).value = "TARQUINI"
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(form.query_one("#to-error", Static).render())
        assert said == "To: no province is called 'TARQUINI': did you mean Tarquinii?"
        form.query_one("#to", Input).value = "tarquinii"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form, str(form.query_one("#to-error", Static).render())
        assert store.state().forces["Rome fleet I"].province == "Tarquinii"


def test_find_name_reads_any_case_and_either_language() -> None:
    """Item 9: one helper for both interfaces: "capua", " CAPUA " and the Italian "Cartagine"
    are read; a slip is None, with its nearest name."""
    from armylists.names import find_name, nearest_name
    from converters.i18n import current_language, set_language

    names = ["Capua", "Carthage", "Rome", "Magna Graecia"]
    assert find_name("capua", names) == find_name(" CAPUA ", names) == "Capua"
    assert find_name("magna   graecia", names) == "Magna Graecia"
    before = current_language()
    for language in ("en", "it"):  # either language, whichever the interface speaks
        set_language(language)
        try:
            assert find_name("cartagine", names) == "Carthage"
            assert find_name("Roma", names) == "Rome" and find_name("rome", names) == "Rome"
        finally:
            set_language(before)
    assert find_name("Capau", names) is None and nearest_name("Capau", names) == "Capua"
    assert nearest_name("zzzz", names) is None


async def test_the_sack_form_previews_what_the_ledger_will_record(
    app: CastraApp, store: CampaignStore
) -> None:
    """Item 10 (T5.3, T4.2): Rome II in Canova; choosing Rome as sacker shows the 6 PE (3 × 2),
    Canova's −10 loyalty toward Rome and the prestige of everyone concerned, as the ledger's own
    event for the sack has them, before ctrl+s writes anything."""
    from textual.widgets import Select, Static

    from assistant.ledger.events import ArmyMoved
    from assistant.ledger.map_war import sack_event

    store.append(ArmyMoved(army="Rome II", to="Canova"))
    events = len(store.events())
    expected = sack_event(store.state(), "Canova", "Rome")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Canova"
        await pilot.press("k")
        await pilot.pause()
        form = app.screen
        form.query_one("#nation", Select).value = "Rome"
        await pilot.pause()
        said = str(form.query_one("#sack-preview", Static).render())
        assert said.startswith("Rome takes 6 PE; Canova's loyalty toward Rome −10 for ever (T5.3)")
        changes = ", ".join(f"{n} {pp:+d}".replace("-", "−") for n, pp in expected.prestige.items())
        assert said.endswith(f"Prestige (T4.2): {changes}" if changes else "no change")
        assert len(store.events()) == events, "a preview writes nothing"


async def test_a_macedon_campaign_screen_hints_only_its_own_keys(tmp_path: Any) -> None:
    """Item 10: Macedon vs Persia has no PM to rebuild or recruit: no "r rebuilds" hint."""
    from textual.widgets import Static

    from armylists.scenarios import load_scenario
    from assistant.tui.app import make_app
    from tests.tui.conftest import SEED

    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    app = make_app(store, seed=SEED)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            status = str(app.screen.query_one("#campaign-status", Static).render())
            assert "n ends this turn" in status
            assert "rebuilds" not in status and "recruits" not in status
    finally:
        store.close()


async def test_the_chronicle_scrolls_at_once_and_draws_every_nation_on_one_scale(
    tmp_path: Any,
) -> None:
    """Item 11: Down and PageDown scroll the story without Tab; the chart's range is in its
    title and equal figures draw equal bars whoever holds them."""
    from textual.containers import VerticalScroll

    from assistant.tui.app import make_app
    from assistant.tui.screens.chronicle import SharedSparkline, spark_bars
    from assistant.tui.widgets.story_view import StoryView
    from tests.chronicle_story import build_story
    from tests.tui.conftest import SEED

    store = build_story(tmp_path / "story.castra")
    app = make_app(store, seed=SEED)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("o")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            await pilot.press("f7")  # the whole campaign: longer than the screen
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            story = screen.query_one("#chronicle-story", StoryView)
            assert story.max_scroll_y > 0
            await pilot.press("pagedown", "down")
            await pilot.pause()
            assert story.scroll_y > 0, "the story scrolled without a Tab"
            charts = screen.query_one("#chronicle-charts", VerticalScroll)
            lines = list(charts.query(SharedSparkline).results(SharedSparkline))
            assert lines and len({(line.low, line.high) for line in lines}) == 1
            low, high = lines[0].low, lines[0].high
            assert charts.border_title.endswith(f" · {low}–{high}")
            assert high == max(v for line in lines for v in line.values)
    finally:
        store.close()
    # One scale: 6 and 7 out of 0–12 are middling bars, not an empty one and a full one.
    assert spark_bars([6, 7], 0, 12, 10) == "▅▅"
    assert spark_bars([12, 0], 0, 12, 10) == "█▁"
    assert (
        spark_bars(list(range(100)), 0, 99, 10)[-1] == "█"
        and len(spark_bars(list(range(100)), 0, 99, 10)) == 10
    )


async def test_a_real_d10_waits_after_1_and_refuses_12_at_once(
    app: CastraApp, store: CampaignStore, type_text: Any
) -> None:
    """Item 15 (T5.6 with physical dice): on the winter's d10 "1" may become 10, so the prompt
    waits; "12" no d10 shows, refused as it is typed, without Enter."""
    from textual.widgets import Static

    from assistant.tui.screens.die_entry import DieEntryScreen
    from tests.tui.test_campaign_flows import play_to_the_first_winter

    play_to_the_first_winter(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "w", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        await type_text(pilot, "1")
        await pilot.pause()
        error = app.screen.query_one("#die-error", Static)
        assert isinstance(app.screen, DieEntryScreen) and str(error.render()) == ""
        await type_text(pilot, "2")
        await pilot.pause()
        assert str(error.render()) == "face: a d10 shows 1 to 10 (got '12'); roll again"
        assert app.dice.log == []
        await pilot.press("escape")  # abandon the roll: the winter's worker stops waiting
        await app.workers.wait_for_complete()
