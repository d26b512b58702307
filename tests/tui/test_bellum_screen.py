"""The Bellum standings screen (key s): the table a Bellum referee reads, and recording a year.

The ranking itself is the ledger's (converters.bellum, B1/B2); these tests check that what a
referee types reaches the ledger, that the table follows, and that a refusal is shown in the
form with nothing written.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

from armylists.scenarios import bellum_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE


@pytest.fixture
def bellum_store(tmp_path: Path) -> Iterator[CampaignStore]:
    """A fresh Bellum game, Rome led by the Julii (B3), no year recorded."""
    created = CampaignStore.create(tmp_path / "bellum.castra", bellum_scenario("julii"), who="Ref")
    yield created
    created.close()


@pytest.fixture
def bellum_app(bellum_store: CampaignStore) -> Any:
    return make_app(bellum_store, seed=SEED)


def _powers(store: CampaignStore) -> list[str]:
    return list(store.state().scenario.nations)


async def _record_year(pilot: Any, type_text: Any, values: list[str]) -> None:
    """Open the year form, type each power's centres in field order, record with ctrl+s."""
    await pilot.press("y")
    await pilot.pause()
    for number, value in enumerate(values):
        # Last year's numbers are already in the fields: clear, then type as a referee would.
        pilot.app.screen.query_one(f"#centres-{number}", Input).value = ""
        await type_text(pilot, value)
        await pilot.press("tab")
    await pilot.press("ctrl+s")
    await pilot.pause()


def _column(table: DataTable[Any], index: int) -> list[str]:
    return [str(table.get_row_at(row)[index]) for row in range(table.row_count)]


async def test_B2_recording_a_year_changes_the_standings(
    bellum_app: Any, bellum_store: CampaignStore, type_text: Any
) -> None:
    powers = _powers(bellum_store)
    leader = powers[1]
    async with bellum_app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        status = str(bellum_app.screen.query_one("#bellum-status", Static).render())
        assert "No year recorded yet" in status
        await _record_year(pilot, type_text, ["9" if p == leader else "4" for p in powers])
        assert bellum_store.state().bellum_years == 1
        table = bellum_app.screen.query_one("#bellum-standings", DataTable)
        # B2: the most centres ranks first; twelve powers level at 4 share rank 2.
        assert _column(table, 1)[0] == leader
        assert _column(table, 0) == ["1"] + ["2"] * (len(powers) - 1)
        assert _column(table, 2)[0] == "9"
        status = str(bellum_app.screen.query_one("#bellum-status", Static).render())
        assert "After year 1 of 20" in status
        # Year 2: the leader reaches 30 and wins (B1); the table says so.
        await _record_year(
            pilot,
            type_text,
            ["30" if p == leader else "2" if p != powers[0] else "0" for p in powers],
        )
        assert bellum_store.state().bellum_years == 2
        status = str(bellum_app.screen.query_one("#bellum-status", Static).render())
        assert f"{leader} won in year 2 with 30 centres" in status
        table = bellum_app.screen.query_one("#bellum-standings", DataTable)
        assert table.get_row_at(0)[-1] == "winner"
        assert "eliminated" in _column(table, table.columns.__len__() - 1)


async def test_B1_more_centres_than_the_map_is_refused_in_the_form(
    bellum_app: Any, bellum_store: CampaignStore, type_text: Any
) -> None:
    powers = _powers(bellum_store)
    async with bellum_app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await _record_year(pilot, type_text, ["8"] * len(powers))  # 13 × 8 = 104 > 90
        error = bellum_app.screen.query_one("#centres-error", Static)
        assert error.has_class("-shown")
        assert "more than the map's 90 supply centres" in str(error.render())
        assert bellum_store.state().bellum_years == 0  # nothing written; the form is still open
        await pilot.press("escape")
        await pilot.pause()
        assert "No year recorded yet" in str(
            bellum_app.screen.query_one("#bellum-status", Static).render()
        )


async def test_B1_a_power_left_out_is_named_in_the_refusal(
    bellum_app: Any, bellum_store: CampaignStore, type_text: Any
) -> None:
    powers = _powers(bellum_store)
    async with bellum_app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await _record_year(pilot, type_text, ["5"] * (len(powers) - 1) + [""])
        error = str(bellum_app.screen.query_one("#centres-error", Static).render())
        assert f"missing {powers[-1]}" in error
        assert bellum_store.state().bellum_years == 0


async def test_a_tarentine_campaign_says_it_is_not_a_bellum_game(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        status = str(app.screen.query_one("#bellum-status", Static).render())
        assert "not a Bellum game" in status
        assert "castra campaign new bellum --faction" in status
        assert not app.screen.query_one("#bellum-standings", DataTable).display
        await pilot.press("y")  # no form opens outside a Bellum game
        await pilot.pause()
        assert app.screen.query("#bellum-status")


async def test_random_keys_in_a_bellum_game_never_crash(bellum_app: Any) -> None:
    """The keypress fuzz of test_fuzz, on the standings of a real Bellum game (its form too)."""
    import random

    from tests.tui.test_fuzz import KEYS_PER_SCREEN, SCREEN_KEYS, _hammer

    rng = random.Random("fuzz-bellum-game")
    keys = [rng.choice([*SCREEN_KEYS, "y", "y", "4"]) for _ in range(KEYS_PER_SCREEN)]
    async with bellum_app.run_test(size=SIZE) as pilot:
        await bellum_app.switch_mode("bellum")
        await pilot.pause()
        await _hammer(bellum_app, pilot, keys)
        assert bellum_app.ledger.store.state().scenario.bellum is not None


async def test_a_power_s_centres_keep_what_was_typed_and_refuse_what_is_no_number(
    bellum_app: Any, bellum_store: CampaignStore, type_text: Any
) -> None:
    """Issue 27 item 3: "1.5" is not 15 centres, "abc" not 0: kept, refused at once, and
    Record writes nothing; a whole number takes the refusal away."""
    events = len(bellum_store.events())
    power = _powers(bellum_store)[0]
    async with bellum_app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        form = bellum_app.screen
        field = form.query_one("#centres-0", Input)
        for typed in ("1.5", "abc"):
            field.value = ""
            field.focus()
            await type_text(pilot, typed)
            await pilot.pause()
            assert field.value == typed, "no character dropped"
            said = str(form.query_one("#centres-error", Static).render())
            assert said == f"{power}: a whole number (got '{typed}')"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert bellum_app.screen is form and len(bellum_store.events()) == events
        field.value = ""
        field.focus()
        await type_text(pilot, "5")
        await pilot.pause()
        assert str(form.query_one("#centres-error", Static).render()) == ""


async def test_the_centres_line_keeps_a_power_still_wrong_when_another_is_edited(
    bellum_app: Any, bellum_store: Any, type_text: Any
) -> None:
    """Issue 27 items 3 and 6: every power's centres share one refusal line. Editing a second
    power must not clear what is still wrong with the first; once both are whole numbers the
    line is empty."""
    first, second = _powers(bellum_store)[:2]
    async with bellum_app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        form = bellum_app.screen
        wrong = form.query_one("#centres-0", Input)
        other = form.query_one("#centres-1", Input)
        wrong.value = ""
        wrong.focus()
        await type_text(pilot, "1.5")
        await pilot.pause()
        other.value = ""
        other.focus()
        await type_text(pilot, "4")
        await pilot.pause()
        said = str(form.query_one("#centres-error", Static).render())
        assert said == f"{first}: a whole number (got '1.5')", second
        wrong.value = ""
        wrong.focus()
        await type_text(pilot, "3")
        await pilot.pause()
        assert str(form.query_one("#centres-error", Static).render()) == ""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_B1_the_standings_and_the_form_name_the_powers_in_italian(
    bellum_app: Any, bellum_store: CampaignStore, size: tuple[int, int]
) -> None:
    """Seed B's powers as it names them in Italian (Città Greche, Galli, Egitto …), in the
    table and on the year form's labels; the keys stay English underneath (issue 25)."""
    from armylists.bellum import powers
    from converters.i18n import set_language

    italian = {power.name: power.italian for power in powers()}
    set_language("it")
    try:
        async with bellum_app.run_test(size=size) as pilot:
            await pilot.press("s")
            await pilot.pause()
            table = bellum_app.screen.query_one("#bellum-standings", DataTable)
            shown = sorted(_column(table, 1))
            await pilot.press("y")
            await pilot.pause()
            labels = [str(label.content) for label in bellum_app.screen.query(".bellum-power")]
    finally:
        set_language("en")
    assert shown == sorted(italian[power] for power in _powers(bellum_store))
    assert labels == [italian[power] for power in _powers(bellum_store)]
