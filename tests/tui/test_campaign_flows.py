"""The referee's turn-by-turn work on the Campaign screen, walked as a player would.

Expected figures come from the Tarentine Wars start data (T5.5: Rome 16 PE, Carthage 25 PE,
4 naval PM, Etruscans 30 PE) and the costs of T2.5 / T6.1 (rebuild 20 PE, land 40, naval 30).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable, Static

from assistant.ledger.events import (
    BattleRecorded,
    ContingentResult,
    TurnAdvanced,
)
from assistant.tui.screens.campaign import (
    AdvanceTurnForm,
    CampaignScreen,
    RebuildForm,
    RecruitForm,
    WinterTurnForm,
)
from assistant.tui.screens.die_entry import DieEntryScreen

SIZE = (120, 40)

TREASURY, LAND, NAVAL, DECIMATED, TRAINING, VP = 5, 1, 2, 3, 4, 7


def nation_cell(app: Any, nation: str, column: int) -> str:
    table = app.screen.query_one("#nations", DataTable)
    return str(table.get_row(nation)[column])


def heading(app: Any) -> str:
    return str(app.screen.query_one("#campaign-heading", Static).content)


def error_under(app: Any, field: str) -> str:
    return str(app.screen.query_one(f"#{field}-error", Static).content)


def heraclea() -> BattleRecorded:
    """Rome beats Carthage; Carthage loses 2 land PM (decimated, T2.5), Rome 1."""
    return BattleRecorded(
        place="Heraclea",
        resolution="manual",
        winner="a",
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=3, pm_lost=1),
            ContingentResult(side="b", nation="Carthage", pm=4, pm_lost=2),
        ],
    )


def record_battle_at_heraclea(store: Any) -> None:
    store.append(heraclea())


async def test_T5_1_advance_a_turn_and_see_the_date_change(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        assert "Turn 1, April 278 BC (1st fortnight)" in heading(app)
        await pilot.press("n")
        assert isinstance(app.screen, AdvanceTurnForm)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert "Turn 2, April 278 BC (2nd fortnight)" in heading(app)
        # 16 PE + 25 tribute computed from the map (T5.3, worked out in tests/unit/test_tribute)
        assert nation_cell(app, "Rome", TREASURY) == "41"
        assert app.ledger.store.state().turn == 2


async def test_T5_3_tribute_for_an_unknown_nation_is_refused_inline(
    tmp_path: Any, type_text: Any
) -> None:
    # Only a campaign without a map has the tribute typed in (T7.8).
    from armylists.scenarios import custom_scenario
    from assistant.ledger.store import CampaignStore
    from tests.tui.conftest import make_app

    scenario = custom_scenario(["Rome"], treasuries={"Rome": 16})
    store = CampaignStore.create(tmp_path / "custom.castra", scenario, who="Referee")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_text(pilot, "Atlantis 5")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AdvanceTurnForm), "the form stays open"
        assert "Atlantis" in error_under(app, "tribute")
        assert app.ledger.store.state().turn == 1
        await pilot.press("escape")
        assert "Turn 1," in heading(app)


async def test_T2_5_a_refused_rebuild_shows_the_error_and_writes_nothing(app: Any) -> None:
    events_before = len(app.ledger.store.events())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # Rome is selected and has no decimated PM
        assert isinstance(app.screen, RebuildForm)
        await pilot.press("ctrl+s")  # the PM field says 1: record
        await pilot.pause()
        assert isinstance(app.screen, RebuildForm), "the form stays open"
        message = error_under(app, "pm")
        assert message.startswith("PM to rebuild:") and "Rome has 0 decimated PM" in message
        await pilot.press("escape")
        assert nation_cell(app, "Rome", TREASURY) == "16"
    assert len(app.ledger.store.events()) == events_before


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
@pytest.mark.orders_immediate
async def test_T2_5_rebuild_a_decimated_pm_for_20_pe(app: Any) -> None:
    record_battle_at_heraclea(app.ledger.store)
    async with app.run_test(size=SIZE) as pilot:
        # T2.5: the 2 PM lost on turn 1 can be rebuilt until the winter turn 13.
        assert nation_cell(app, "Carthage", DECIMATED) == "2 (to t13)"
        await pilot.press("down")  # Carthage, the second nation
        await pilot.press("r", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert nation_cell(app, "Carthage", TREASURY) == "5"  # 25 − 20
        assert nation_cell(app, "Carthage", LAND) == "3"  # 4 − 2 lost + 1 rebuilt
        assert nation_cell(app, "Carthage", DECIMATED) == "1 (to t13)"


@pytest.mark.orders_immediate
async def test_T6_1_recruiting_beyond_the_treasury_is_refused_then_a_fleet_is_ordered(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):  # Rome, Carthage, Senones, Etruscans
            await pilot.press("down")
        await pilot.press("t")
        assert isinstance(app.screen, RecruitForm)
        await pilot.press("tab", "backspace")  # from the nation (first) to its land PM
        await type_text(pilot, "1")  # one land PM: 40 PE, Etruscans have 30
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecruitForm)
        assert "cost 40 PE" in error_under(app, "land_pm")
        assert app.ledger.store.state().nations["Etruscans"].treasury == 30, "nothing was paid"
        await pilot.press("backspace")
        await type_text(pilot, "0")
        await pilot.press("tab", "backspace")
        await type_text(pilot, "1")  # one naval PM: 30 PE
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert nation_cell(app, "Etruscans", TREASURY) == "0"
        assert nation_cell(app, "Etruscans", TRAINING) == "1N t5"  # T6.1: 4 turns later


async def test_T5_2_with_sealed_orders_the_recruit_form_gives_a_sealed_order(
    app: Any, type_text: Any
) -> None:
    """T5.2 phase 1, T7.3: under house rule orders = sealed the form's recruitment is an order
    of the nation, paid only when the orders are carried out together."""
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):  # Rome, Carthage, Senones, Etruscans
            await pilot.press("down")
        await pilot.press("t")
        assert isinstance(app.screen, RecruitForm)
        await pilot.press("tab", "tab", "backspace")  # from the nation to its naval PM
        await type_text(pilot, "1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        state = app.ledger.store.state()
        assert [o.kind for o in state.orders["Etruscans"]] == ["recruit"]
        assert nation_cell(app, "Etruscans", TREASURY) == "30", "paid when carried out"
        assert state.nations["Etruscans"].training == []


async def test_T5_6_the_winter_cannot_be_run_in_spring_and_no_die_is_rolled(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, WinterTurnForm)
        assert "not a winter turn" in str(app.screen.query_one("#form-error", Static).content)
        assert app.dice.log == []


def play_to_the_first_winter(store: Any) -> None:
    """Twelve turns to the winter turn 13 (T5.1); Carthage's tribute pays its upkeep (T6.2)."""
    store.append(TurnAdvanced(tribute={"Carthage": 200}))
    for _ in range(11):
        store.append(TurnAdvanced())
    assert store.state().is_winter


async def test_T5_6_physical_dice_winter_asks_for_the_d10_and_the_storm_strikes_carthage(
    app: Any, type_text: Any
) -> None:
    play_to_the_first_winter(app.ledger.store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert "physical dice" in app.sub_title
        await pilot.press("w", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        assert "Winter: T5.6 winter event" in str(app.screen.query_one("#die-purpose").content)
        await type_text(pilot, "11")
        await pilot.press("enter")
        assert isinstance(app.screen, DieEntryScreen), "a d10 cannot show 11: asked again"
        assert "shows 1 to 10" in str(app.screen.query_one("#die-error", Static).content)
        await type_text(pilot, "7")  # T5.6 7: storm, the most naval PM (Carthage, 4) lose 2
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert nation_cell(app, "Carthage", NAVAL) == "2"
        assert all(nation_cell(app, name, VP) != "—" for name in ("Rome", "Carthage"))
    winter = app.ledger.store.events()[-1].event
    assert winter.kind == "winter_resolved"
    assert [(roll.sides, roll.value) for roll in winter.rolls] == [(10, 7)]
    assert [roll.purpose for roll in app.dice.log] == ["Winter: T5.6 winter event"]


async def test_T5_6_escape_at_the_die_abandons_the_winter(app: Any) -> None:
    play_to_the_first_winter(app.ledger.store)
    events_before = len(app.ledger.store.events())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "w", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, WinterTurnForm)
        assert "roll cancelled" in str(app.screen.query_one("#form-error", Static).content)
    assert len(app.ledger.store.events()) == events_before


async def test_T5_6_seeded_winter_rolls_one_d10_and_records_it(app: Any) -> None:
    play_to_the_first_winter(app.ledger.store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = app.ledger.store.state()
        if isinstance(app.screen, WinterTurnForm):
            # A storm with tied fleets would ask which nation; the seed decides the face.
            raise AssertionError(app.screen.query_one("#form-error", Static).content)
        assert state.winters_resolved == [13]
        assert "winter resolved" in str(app.screen.query_one("#campaign-status").content).lower()
    rolled = app.dice.log
    recorded = app.ledger.store.events()[-1].event.rolls
    assert [(r.sides, r.value) for r in rolled] == [(r.sides, r.value) for r in recorded]


def pyrrhus_short_of_two_pm(store: Any) -> None:
    """The first winter with every nation paid for but Pyrrhus, whose 24 PE keep 2 of his 4 PM
    (Pyrrhus I, 2 PM at Brundisium; Pyrrhus fleet I, 2 naval PM; 12 PE each, T6.2)."""
    from assistant.ledger.events import TreasuryAdjusted

    play_to_the_first_winter(store)
    for name, nation in store.state().nations.items():
        if nation.player:
            want = 24 if name == "Pyrrhus" else 500
            store.append(TreasuryAdjusted(nation=name, pe=want - nation.treasury, note="pay"))


@pytest.mark.parametrize("lang", ["en", "it"])
async def test_T6_2_the_winter_form_takes_the_disband_choice(
    app: Any, type_text: Any, lang: str
) -> None:
    """T6.2 in the app, at 80×24 in both languages: a choice beyond what must go is refused
    under its field before any die is rolled; the right one disbands the army, not the fleet,
    named as the reader's language names it ("Pirro I")."""
    from textual.widgets import Input

    from converters.i18n import set_language

    pyrrhus_short_of_two_pm(app.ledger.store)
    events_before = len(app.ledger.store.events())
    set_language(lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, WinterTurnForm)
            label = "Mantenimento non pagato (T6.2), PM da sciogliere: Pirro 2"
            if lang == "en":
                label = "Unpaid upkeep (T6.2), PM to disband: Pyrrhus 2"
            assert app.screen.field_labels["disband"].startswith(label)
            field = app.screen.query_one("#disband", Input)
            # The army as the placeholder names it, in the reader's language (issue 25).
            army = "Pirro I" if lang == "it" else "Pyrrhus I"
            assert field.placeholder == ("es. " if lang == "it" else "e.g. ") + f"{army} 2"
            field.focus()
            await type_text(pilot, f"{army} 1")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, WinterTurnForm), "the form stays open"
            assert "T6.2" in error_under(app, "disband")
            assert len(app.ledger.store.events()) == events_before, "nothing written"
            assert app.dice.log == [], "no die rolled for a wrong choice"
            await pilot.press("backspace")
            await type_text(pilot, "2")
            await pilot.press("ctrl+s")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, CampaignScreen)
    finally:
        set_language("en")
    state = app.ledger.store.state()
    assert "Pyrrhus I" not in state.forces and state.forces["Pyrrhus fleet I"].pm == 2
    assert app.ledger.store.events()[-1].event.disband == {"Pyrrhus I": 2}


@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_a_battle_recorded_elsewhere_refreshes_the_campaign_screen(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        campaign = app.screen
        await pilot.press("b")
        await pilot.pause()
        # What the battle desk does: record through the app's ledger service.
        app.ledger.record(heraclea())
        await pilot.pause()
        await pilot.press("c")  # hidden meanwhile, the screen re-reads the campaign when shown
        await pilot.pause()
        assert app.screen is campaign
        table = campaign.query_one("#nations", DataTable)
        assert str(table.get_row("Carthage")[DECIMATED]) == "2 (to t13)"
        assert str(table.get_row("Carthage")[LAND]) == "2"  # 4 − 2


def occupied_hint(app: Any) -> str:
    return str(app.screen.query_one("#occupied", Static).content)


async def test_T5_7_winter_form_says_when_nothing_is_occupied(app: Any) -> None:
    play_to_the_first_winter(app.ledger.store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, WinterTurnForm)
        assert "No occupied provinces" in occupied_hint(app)
        assert not app.screen.query("#stationed"), "no empty field when there is nothing to check"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_T6_2_the_winter_form_names_the_nations_upkeep_in_italian(
    app: Any, size: tuple[int, int]
) -> None:
    """The upkeep each nation owes, as the Italian reader names the nations (Roma 108 PE …),
    never by their English keys (issue 25)."""
    from converters.i18n import set_language

    play_to_the_first_winter(app.ledger.store)
    state = app.ledger.store.state()
    set_language("it")
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, WinterTurnForm)
            shown = " ".join(str(s.content) for s in app.screen.query(Static))
    finally:
        set_language("en")
    owed = ", ".join(
        f"{italian} {state.upkeep(name)} PE"
        for name, italian in (
            ("Rome", "Roma"), ("Carthage", "Cartagine"), ("Senones", "Senoni"),
            ("Etruscans", "Etruschi"), ("Magna Graecia", "Magna Grecia"), ("Pyrrhus", "Pirro"),
            ("Syracuse", "Siracusa"),
        )
    )  # fmt: skip
    assert f"Mantenimento dovuto (T6.2): {owed}" in shown


@pytest.mark.orders_immediate
async def test_T5_7_winter_form_lists_the_occupations_on_the_map_and_takes_no_pm(
    app: Any, type_text: Any
) -> None:
    """T5.7, T7.7, T7.8: Rome, at war with Magna Graecia, holds Paestum (loyalty 3) with Rome I
    (4 PM) all summer; the form shows the check read from the map and asks for no PM."""
    from assistant.ledger.events import ArmyMoved, WarDeclared

    store = app.ledger.store
    store.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    for step, province in enumerate(("Capua", "Neapolis", "Paestum")):
        if step:
            store.append(TurnAdvanced())
        store.append(ArmyMoved(army="Rome I", to=province))
    while not store.state().is_winter:
        store.append(TurnAdvanced(tribute={"Rome": 200} if store.state().turn == 4 else {}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "w")
        await pilot.pause()
        assert isinstance(app.screen, WinterTurnForm)
        assert "• Paestum: Magna Graecia 3 v Rome 4" in occupied_hint(app)
        assert not app.screen.query("#stationed"), "T7.8: never typed with the map"
        await pilot.press("ctrl+s")  # the storm's nation (a select, first) has focus: record
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        await type_text(pilot, "8")  # T5.6 8: nothing happens
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
    winter = store.events()[-1].event
    assert winter.kind == "winter_resolved" and winter.occupation and winter.stationed is None
    state = store.state()
    assert state.control["Paestum"] == "Rome", "T5.7: 3 v 4, conquered by occupation"
    assert state.loyalty("Paestum") == 0


async def test_D1_a_macedon_vs_persia_campaign_shows_its_armies_and_morale(tmp_path: Any) -> None:
    """Issue 11: the Campaign screen of a Macedon vs Persia campaign lists the armies with their
    morale (as ``castra campaign show`` does), not nations at 0 PM; its end-turn form asks for no
    tribute (T5.3 is PE, which it has not); rebuilding and recruiting are not offered."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.store import CampaignStore
    from assistant.tui.app import make_app

    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    app = make_app(store, seed=1)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#nations", DataTable)
            assert [str(cell) for cell in table.get_row("Alexander")] == [
                "Alexander",
                "Macedon",
                "6",
                "leader",
            ]
            assert [str(cell) for cell in table.get_row("Persia 2")][:3] == [
                "Persia 2",
                "Persia",
                "3",
            ]
            assert table.row_count == 16
            await pilot.press("r")
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, CampaignScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, AdvanceTurnForm)
            assert not app.screen.query("#tribute")
            await pilot.press("enter")
            await pilot.pause()
            assert app.ledger.store.state().turn == 2
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "it"])
async def test_T7_10_declare_war_from_the_campaign_screen(
    app: Any, type_text: Any, lang: str
) -> None:
    """T7.10 in the app, by keyboard at 80×24 in both languages: `W` opens the form; war on an
    ally is refused under its field and nothing is written; war on a nation at peace is
    declared."""
    from textual.widgets import Select

    from assistant.tui.screens.campaign import DeclareWarForm
    from converters.i18n import key_label, set_language

    events_before = len(app.ledger.store.events())
    set_language(lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            war = app.screen.active_bindings["W"]
            assert war.enabled
            assert key_label(war.binding.description) == ("War" if lang == "en" else "Guerra")
            for _ in range(5):  # Rome … Pyrrhus, the sixth nation
                await pilot.press("down")
            await pilot.press("W")
            await pilot.pause()
            assert isinstance(app.screen, DeclareWarForm)
            assert app.screen.query_one("#nation", Select).value == "Pyrrhus", app.screen.nation
            await pilot.press("tab", "enter")  # open the enemy's list
            for _ in range(5):  # the prompt, then Rome … Magna Graecia, his ally
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.query_one("#on", Select).value == "Magna Graecia"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, DeclareWarForm), "the form stays open"
            refusal = error_under(app, "on")
            assert "(T5.5)" in refusal and ("allied" in refusal or "alleat" in refusal), refusal
            assert len(app.ledger.store.events()) == events_before, "nothing written"
            await pilot.press("enter")  # the enemy's list again: up to Etruscans
            await pilot.press("up", "enter")
            await pilot.pause()
            assert app.screen.query_one("#on", Select).value == "Etruscans"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, CampaignScreen)
    finally:
        set_language("en")
    last = app.ledger.store.events()[-1].event
    assert (last.kind, last.nation, last.on) == ("war_declared", "Pyrrhus", "Etruscans")


@pytest.mark.orders_immediate
async def test_a_form_opened_again_is_the_one_kept_refilled_until_the_campaign_changes(
    app: Any, type_text: Any
) -> None:
    """Issue 26: the recruit form is composed once and shown again as it was first composed —
    what was typed and refused before Escape is gone, the hand on the first field — until
    something is recorded or the language changes; then it is composed anew from the
    campaign as it now stands. A kept form records as a new one does (T6.1)."""
    from textual.widgets import Input, Label, Select

    from converters.i18n import _, set_language

    async with app.run_test(size=SIZE) as pilot:
        for _step in range(3):  # Rome, Carthage, Senones, Etruscans
            await pilot.press("down")
        await pilot.press("t")
        await pilot.pause()
        first = app.screen
        await pilot.press("tab", "backspace")
        await type_text(pilot, "1")  # 40 PE: the Etruscans have 30, refused
        await pilot.press("enter")
        await pilot.pause()
        assert "cost 40 PE" in error_under(app, "land_pm")
        await pilot.press("escape", "t")
        await pilot.pause()
        assert app.screen is first
        assert first.query_one("#land_pm", Input).value == "0"
        assert first.query_one("#nation", Select).value == "Etruscans"
        assert error_under(app, "land_pm") == ""
        assert not first.query_one("#form-summary", Static).has_class("-shown")
        assert app.screen.focused is first.query_one("#nation", Select)
        await pilot.press("tab", "tab", "backspace")
        await type_text(pilot, "1")  # one naval PM: 30 PE
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert nation_cell(app, "Etruscans", TREASURY) == "0"
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, RecruitForm) and app.screen is not first
        second = app.screen
        await pilot.press("escape")
        await pilot.pause()
        set_language("it")
        try:
            await pilot.press("t")
            await pilot.pause()
            assert app.screen is not second
            title = str(app.screen.query_one(".dialog-title", Label).content)
            assert title == _(RecruitForm.FORM_TITLE) != RecruitForm.FORM_TITLE
        finally:
            set_language("en")
