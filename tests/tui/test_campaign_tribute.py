"""T5.3, T7.8 on the Campaign screen: each nation's tribute for this turn is shown, and the
end-turn form collects it computed from the map (typed only in a campaign without one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, Static

from armylists.scenarios import custom_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.screens.campaign import AdvanceTurnForm, CampaignScreen
from tests.tui.conftest import make_app
from tests.unit.test_tribute import TURN_1

SMALL = (80, 24)


def status(app: Any) -> str:
    return str(app.screen.query_one("#campaign-status", Static).content)


async def test_t5_3_the_campaign_screen_shows_each_nations_tribute_at_80x24(app: Any) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = status(app)
        # Worked out by hand from the start positions in tests/unit/test_tribute.py (T5.3).
        for nation, pe in TURN_1.items():
            assert f"{nation} {pe}" in shown
        widget = app.screen.query_one("#campaign-status", Static)
        assert widget.region.bottom <= SMALL[1] and widget.region.right <= SMALL[0]


async def test_t5_3_the_end_turn_form_shows_the_computed_tribute_and_collects_it(
    app: Any,
) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, AdvanceTurnForm)
        assert not form.query("#tribute"), "no field to type it in (T7.8)"
        computed = str(form.query_one("#tribute-computed", Static).content)
        assert "Rome 25" in computed and "Magna Graecia 14" in computed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        state = app.ledger.state()
        assert state.turn == 2
        assert state.nations["Rome"].treasury == 16 + 25  # T5.5 start treasury + tribute
        assert state.nations["Syracuse"].treasury > 0


async def test_t5_3_without_a_map_the_referee_still_types_the_tribute(tmp_path: Path) -> None:
    scenario = custom_scenario(["Rome", "Carthage"], treasuries={"Rome": 16})
    with CampaignStore.create(tmp_path / "custom.castra", scenario, who="Referee") as store:
        app = make_app(store)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert "Tribute this turn" not in status(app)
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, AdvanceTurnForm)
            form.query_one("#tribute", Input).value = "Rome 5"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.ledger.state().nations["Rome"].treasury == 21
