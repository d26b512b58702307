"""The dice battle screen played by keys to the end, as a referee does when T1.8 says dice.

The dice are the app's seeded dice, so the faces are not known in advance: the tests check what
must hold whatever they are (T3.1 hits are the dice at or above the target, T2.7 the wiped-out or
retreating side loses, odds add up to 1, the record matches the screen), plus a physical-dice
game where the test types every face and so knows the result exactly.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from tests.tui.conftest import SIZE, fill

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def open_dice(pilot: Any) -> Any:
    await pilot.press("d")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "DiceBattleScreen"
    return pilot.app.screen


async def step(pilot: Any, key: str = "f6") -> None:
    await pilot.press(key)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def rounds(screen: Any) -> list[list[str]]:
    table = screen.query_one("#dice-rounds", DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def odds_shown(screen: Any) -> dict[str, float]:
    rendered = str(screen.query_one("#dice-odds-text", Static).render())
    return {
        name: float(value)
        for name, value in re.findall(r"(A wins|B wins|draw|both withdraw)\s+([\d.]+)%", rendered)
    }


# T3.1, T2.7, T3.8: fight to the end; every round's hits are the dice at or above 5; the odds
# shown always add up to 100 %; the side wiped out loses; the battle is recorded once.
async def test_T3_1_T2_7_play_a_dice_battle_to_the_end_and_record_it(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        rome_pm = app.store.state().nations["Rome"].land_pm
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 4", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 3", type_text)
        await fill(pilot, "#dice-place", "Bovianum", type_text)
        await step(pilot, "f5")
        assert sum(odds_shown(screen).values()) == pytest.approx(100, abs=0.2)
        for _ in range(60):
            if screen.battle.over:
                break
            await step(pilot)
            if not screen.battle.over:
                assert sum(odds_shown(screen).values()) == pytest.approx(100, abs=0.2)
        assert screen.battle.over
        for row in rounds(screen):
            for dice_col, hits_col in ((1, 2), (3, 4)):
                faces = [int(face) for face in row[dice_col].split()]
                assert int(row[hits_col]) == sum(1 for face in faces if face >= 5)
        a_left, b_left = rounds(screen)[-1][5], rounds(screen)[-1][6]
        winner = "b" if a_left == "0" and b_left != "0" else "a" if b_left == "0" else "draw"
        await pilot.press("ctrl+r")
        await pilot.pause()
        recorded = app.store.events()[-1].event
        assert recorded.kind == "battle_recorded" and recorded.resolution == "dice"
        assert recorded.winner == winner
        rome = next(c for c in recorded.contingents if c.nation == "Rome")
        assert rome.pm_lost == 4 - int(a_left)
        assert app.store.state().nations["Rome"].land_pm == rome_pm - rome.pm_lost
        assert len(recorded.dice_log) == len(rounds(screen))
        events = len(app.store.history())
        await pilot.press("ctrl+r")  # recording twice is refused
        await pilot.pause()
        assert len(app.store.history()) == events
        assert "already recorded" in str(screen.query_one("#dice-record-error").render())


# T3.3: a side that retreats alone suffers the pursuit roll and loses.
async def test_T3_3_lone_retreat_suffers_pursuit_and_loses(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 6", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 6", type_text)
        await step(pilot, "f5")
        await step(pilot)  # round 1
        if not screen.battle.over:
            await step(pilot, "f8")  # B chooses to retreat
            await step(pilot)
            assert rounds(screen)[-1][0] == "pursuit"
            assert rounds(screen)[-2][7] == "A fight on, B retreat"
            assert screen.battle.outcome == "a_wins"
            assert "Side A wins" in str(screen.query_one("#dice-result").render())


# Bad set-up: the field is named inline, no battle starts, nothing is recorded.
async def test_bad_setup_shows_inline_error(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        events = len(app.store.history())
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Atlantis 4", type_text)
        await fill(pilot, "#dice-side-b", "Rome x", type_text)
        await step(pilot, "f5")
        error = str(screen.query_one("#dice-setup-error").render())
        assert "side A" in error and "Atlantis" in error
        assert screen.battle is None
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(app.store.history()) == events


# Physical dice (p): every face is asked for; typing them gives a known battle.
# Rome 2 v Carthage 1, targets 5: round 1 Rome rolls 5, 1 (1 hit), the Carthage roll 6 (1 hit):
# Rome 1 PM left, Carthage 0 → Rome wins (T2.7).
async def test_physical_dice_are_typed_in(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        screen.query_one("#dice-rounds").focus()
        await pilot.press("p")
        await step(pilot, "f5")
        await pilot.press("f6")
        for face in ("5", "1", "6"):
            for _ in range(50):
                await pilot.pause()
                if type(app.screen).__name__ == "DieEntryScreen":
                    break
            assert type(app.screen).__name__ == "DieEntryScreen"
            await pilot.press(face, "enter")
            await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert rounds(screen)[0][1:7] == ["5 1", "1", "6", "1", "1", "0"]
        assert screen.battle.outcome == "a_wins"


# The live odds are exact (T3.8) but their cost grows with the square of the dice: past 60 dice a
# side the screen says so instead of stalling on every key.
async def test_T3_8_odds_limit_for_huge_battles(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 70", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 3", type_text)
        rendered = str(screen.query_one("#dice-odds-text", Static).render())
        assert "up to 60 dice" in rendered


async def type_faces(pilot: Any, faces: str) -> None:
    """Answer each physical-die dialog with the next face."""
    for face in faces.split():
        for _ in range(50):
            await pilot.pause()
            if type(pilot.app.screen).__name__ == "DieEntryScreen":
                break
        assert type(pilot.app.screen).__name__ == "DieEntryScreen"
        await pilot.press(face, "enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


# T3.5 city assault with typed dice: Carthage's 2 PM behind walls roll 4 dice and absorb hits
# on 4. Round 1: Rome rolls 5 1 1 (1 hit → Carthage 3 dice), Carthage 1 1 1 1 (no hit). Carthage
# retreats alone; the pursuit (T3.3) 1 1 1 hits nothing; the city falls and its survivors,
# ceil(3 ÷ 2) = 2 PM, are taken prisoner.
async def test_T3_5_city_assault_survivors_taken_prisoner(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 3", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 2", type_text)
        await fill(pilot, "#dice-place", "Lilybaeum", type_text)
        screen.query_one("#dice-city").focus()
        await pilot.press("space")
        screen.query_one("#dice-rounds").focus()
        await pilot.press("p")
        await step(pilot, "f5")
        assert "4 dice" in str(screen.query_one("#dice-side-b-state").render())
        await pilot.press("f6")
        await type_faces(pilot, "5 1 1 1 1 1 1")
        await pilot.press("f8", "f6")
        await type_faces(pilot, "1 1 1")
        assert screen.battle.outcome == "a_wins"
        assert "2 taken prisoner (T3.5)" in str(screen.query_one("#dice-result").render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        carthage = next(
            c for c in app.store.events()[-1].event.contingents if c.nation == "Carthage"
        )
        assert (carthage.pm_lost, carthage.prisoners) == (0, 2)
        assert app.store.state().nations["Rome"].prisoners_held == 2
