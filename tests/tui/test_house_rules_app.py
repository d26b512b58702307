"""docs/rules.md H in the app: the campaign's house rules on the Campaign screen and in Help,
and the dice battle following them (T3.6 interception, T3.3 both_retreat)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from assistant.ledger.events import RuleChanged
from assistant.ledger.store import CampaignStore
from assistant.tui.screens.help import HelpScreen
from tests.tui.conftest import SIZE, fill, settle
from tests.tui.test_dice_battle import open_dice, tick, type_faces


async def test_campaign_screen_names_the_house_rules_that_differ(
    app: Any, store: CampaignStore
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = str(app.screen.query_one("#campaign-status", Static).render())
        assert "House rules" not in status, "every default reading: nothing to say"
        store.append(RuleChanged(name="control_tie", value="owner", reason="club vote"))
        app.screen.refresh_from_store()
        await settle(pilot)
        status = str(app.screen.query_one("#campaign-status", Static).render())
        assert "House rules: control_tie = owner" in status


async def test_help_lists_every_option_with_the_campaigns_value(
    app: Any, store: CampaignStore
) -> None:
    store.append(RuleChanged(name="interception", value="at_least", reason="literal"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(str(widget.render()) for widget in app.screen.query(".help-keys"))
        assert "interception" in shown and "at_least  (T3.6; at_most or at_least)" in shown
        assert "order_change" in shown and "sign_inversion  (G3.2" in shown
        # Issue 23: the readings of T5.5 and D5 are options too.
        assert "mercenary_upkeep" in shown and "employer  (T5.5; employer or own)" in shown
        assert "forced_march_bar" in shown and "morale  (D5; morale or province_loyalty)" in shown


async def test_t3_6_dice_battle_interception_follows_the_campaigns_rule(
    app: Any, store: CampaignStore, type_text: Any
) -> None:
    # Fleets 1 + 1, no troops: the sum is 2. A 5 escapes under the Reading (5 > 2) but is
    # caught under interception = at_least (5 >= 2); B seeks battle here, A avoids it.
    store.append(RuleChanged(name="interception", value="at_least", reason="literal"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 1", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        await tick(pilot, "#dice-naval")
        screen.query_one("#dice-seeks").value = "b"
        screen.query_one("#dice-rounds").focus()
        await pilot.press("p", "f9")
        await type_faces(pilot, "5")
        note = str(screen.query_one("#dice-intercept").render())
        assert "1d6 = 5 ≥" in note and "house rule interception = at_least" in note
        assert screen.battle is not None and screen.battle.setup.naval


async def test_t3_3_dice_battle_both_pursued_from_the_campaigns_rule(
    app: Any, store: CampaignStore, type_text: Any
) -> None:
    store.append(RuleChanged(name="both_retreat", value="both_pursued", reason="strict"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 2", type_text)
        screen.query_one("#dice-rounds").focus()
        # Typed dice: round 1 all miss (1 1 / 1 1); both retreat; the pursuit rolls: Rome 6 1
        # (1 hit), Carthage 5 1 (1 hit): each side ends with 1 PM and nobody wins.
        await pilot.press("p", "f5", "f6")
        await type_faces(pilot, "1 1 1 1")
        await pilot.press("f7", "f8", "f6")  # both retreat after round 1
        await type_faces(pilot, "6 1 5 1")
        last = screen.battle.rounds[-1]
        assert screen.battle.outcome == "both_withdrew"
        assert (last.kind, last.a_rolls, last.b_rolls) == ("pursuit", (6, 1), (5, 1))
        assert (screen.battle.a_dice, screen.battle.b_dice) == ((1,), (1,))
        await settle(pilot)
        result = str(screen.query_one("#dice-result").render())
        error = str(screen.query_one("#dice-record-error").render())
        assert "house rule both_retreat = both_pursued" in result, error
