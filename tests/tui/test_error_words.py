"""Errors speak the screen's language (issue 11): each refusal names the field by the label the
player sees, never a command-line flag (``--battle-groups``), an event path
(``contingents.pm``) or pydantic's wording ("Input should be less than or equal to 6").

The same refusals on the command line still name the flags (tests/unit/test_cli_bad_input.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE, fill
from tests.tui.test_battle_desk import choose, offered_choices, open_desk, set_sides, text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def speaks_the_screens_language(line: str) -> None:
    assert "--" not in line, line
    assert "contingents." not in line, line
    assert "Input should" not in line, line


@pytest.fixture
def macedon_app(tmp_path: Path) -> Any:
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    yield make_app(store, seed=SEED)
    store.close()


# T2.1: 8 broken and 3 fragmented out of 10 BGs. Was "--broken/--fragmented: together at most
# --battle-groups (10), got 8 + 3"; the card's labels are BGs, broken and frag.
async def test_T2_1_too_many_broken_bgs_are_named_by_the_cards_labels(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_desk(pilot)
        await set_sides(pilot, type_text, ("Rome", "4"), ("Pyrrhus", "2"))
        await fill(pilot, "#a1-battle_groups", "10", type_text)
        await fill(pilot, "#a1-broken", "8", type_text)
        await fill(pilot, "#a1-fragmented", "3", type_text)
        await fill(pilot, "#b1-battle_groups", "10", type_text)
        await choose(pilot, "#winner", "Pyrrhus", "b")
        line = text(screen, "#a1-error")
        assert line == "broken/frag: together at most BGs (10), got 8 + 3"
        speaks_the_screens_language(line)


# The ledger refuses fielding more PM than a nation has in play. Was "contingents.pm: Pyrrhus
# has … land PM in play"; the card's label is PM.
@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
async def test_more_pm_than_in_play_is_named_pm(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        pyrrhus_pm = app.ledger.state().nations["Pyrrhus"].land_pm
        screen = await open_desk(pilot)
        await set_sides(pilot, type_text, ("Rome", "4"), ("Pyrrhus", str(pyrrhus_pm + 1)))
        await choose(pilot, "#ruleset", "DBA 3.0", "dba")
        for field, value in (("a1-elements", "12"), ("a1-lost", "2"), ("b1-elements", "12")):
            await fill(pilot, f"#{field}", value, type_text)
        await fill(pilot, "#b1-lost", "6", type_text)
        await choose(pilot, "#winner", "Rome", "a")
        await fill(pilot, "#place", "Heraclea", type_text)
        await pilot.press("ctrl+r")
        await pilot.pause()
        line = text(screen, "#record-error")
        assert line.startswith("Nothing recorded: PM: Pyrrhus has")
        speaks_the_screens_language(line)


# D2: two armies of one side cannot fight each other. Was "--army-b: Persia 3 is on the same
# side as Persia 2"; the desk's label is "B" beside "Armies (D2) A". The desk's pickers no longer
# offer such a pair (issue 11), so the ledger's refusal is checked as the desk would word it.
async def test_D2_two_armies_of_one_side_are_named_army_a_and_b(
    macedon_app: Any, type_text: Any
) -> None:
    from assistant.ledger.record import dba_campaign_battle
    from assistant.tui.errors import describe
    from assistant.tui.screens.battle_desk import DESK_LABELS
    from converters.dice import SeededDice

    async with macedon_app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await choose(pilot, "#army-a", "Persia 2")
        offered = await offered_choices(pilot, "#army-b")
        assert offered and not [label for label in offered if label.startswith("Persia")]
    with pytest.raises(ValueError) as refused:
        dba_campaign_battle(
            macedon_app.ledger.store.state(),
            place="Granicus",
            dice=SeededDice(SEED),
            winner="a",
            army_a="Persia 2",
            army_b="Persia 3",
            elements_a=12,
            lost_a=2,
            elements_b=12,
            lost_b=4,
            general_lost=False,
            camp_lost=False,
        )
    line = describe(refused.value, DESK_LABELS)
    assert line == "army B: Persia 3 is on the same side as Persia 2"
    speaks_the_screens_language(line)
    assert len(macedon_app.ledger.store.history()) == 1


# D5: a province's loyalty is 0 to 6. Was "loyalty: Input should be less than or equal to 6".
async def test_D5_loyalty_over_6_is_named_by_its_label_in_words(
    macedon_app: Any, type_text: Any
) -> None:
    async with macedon_app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("f5", "down")
        await pilot.pause()
        screen.query_one("#journal-loyalty", Input).focus()
        await type_text(pilot, "7")
        await pilot.press("f7")
        await pilot.pause()
        line = str(screen.query_one("#journal-error", Static).render())
        assert line == (
            "Nothing recorded: Loyalty of the province (forced march, D5): at most 6 (got 7)"
        )
        speaks_the_screens_language(line)
