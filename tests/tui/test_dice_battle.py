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

from converters.dice import ScriptedDice
from converters.dice_battle import NAVAL_NO_DOUBLING, interception_line, interception_roll
from tests.tui.conftest import SEED, SIZE, fill, settle

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def open_dice(pilot: Any) -> Any:
    await pilot.press("d")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "DiceBattleScreen"
    return pilot.app.screen


async def step(pilot: Any, key: str = "f6") -> None:
    await pilot.press(key)
    await settle(pilot)


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
@pytest.mark.armies_at("Heraclea", "Rome", "Carthage")
async def test_T3_1_T2_7_play_a_dice_battle_to_the_end_and_record_it(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        rome_pm = app.ledger.store.state().nations["Rome"].land_pm
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 4", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 3", type_text)
        await fill(pilot, "#dice-place", "Heraclea", type_text)
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
        recorded = app.ledger.store.events()[-1].event
        assert recorded.kind == "battle_recorded" and recorded.resolution == "dice"
        assert recorded.winner == winner
        rome = next(c for c in recorded.contingents if c.nation == "Rome")
        assert rome.pm_lost == 4 - int(a_left)
        assert app.ledger.store.state().nations["Rome"].land_pm == rome_pm - rome.pm_lost
        assert len(recorded.dice_log) == len(rounds(screen))
        events = len(app.ledger.store.history())
        await pilot.press("ctrl+r")  # recording twice is refused
        await pilot.pause()
        assert len(app.ledger.store.history()) == events
        assert "already recorded" in str(screen.query_one("#dice-record-error").render())


# T3.3: a side that retreats alone suffers the pursuit roll and loses.
async def test_T3_3_lone_retreat_suffers_pursuit_and_loses(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 6", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 4", type_text)
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
        events = len(app.ledger.store.history())
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Atlantis 4", type_text)
        await fill(pilot, "#dice-side-b", "Rome x", type_text)
        await step(pilot, "f5")
        error = str(screen.query_one("#dice-setup-error").render())
        assert "side A" in error and "Atlantis" in error
        assert screen.battle is None
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(app.ledger.store.history()) == events


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
async def test_T3_8_odds_limit_for_huge_battles(tmp_path: Any, type_text: Any) -> None:
    from armylists.scenarios import load_scenario
    from assistant.ledger.store import CampaignStore
    from assistant.tui.app import make_app

    tarentine = load_scenario("tarentine")
    # A Rome of 70 PM in play, so the set-up is one the campaign could record (T1.5).
    start = [
        force.model_copy(update={"land_pm": 70}) if force.province == "Roma" else force
        for force in tarentine.start
    ]
    store = CampaignStore.create(
        tmp_path / "big.castra", tarentine.model_copy(update={"start": start})
    )
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 70", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 3", type_text)
        rendered = str(screen.query_one("#dice-odds-text", Static).render())
        assert "up to 60 dice" in rendered
    store.close()


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
@pytest.mark.armies_at("Lilybaeum", "Rome", "Carthage")
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
            c for c in app.ledger.store.events()[-1].event.contingents if c.nation == "Carthage"
        )
        assert (carthage.pm_lost, carthage.prisoners) == (0, 2)
        assert app.ledger.store.state().nations["Rome"].prisoners_held == 2


# ----------------------------------------------------------------- naval battles (T3.6, T3.7)
async def tick(pilot: Any, checkbox_id: str) -> None:
    """Tick a set-up checkbox as a player does (focus it, space), then leave it."""
    pilot.app.screen.query_one(checkbox_id).focus()
    await pilot.press("space")
    pilot.app.screen.query_one("#dice-rounds").focus()
    await pilot.pause()


def naval_pm_shown(app: Any) -> dict[str, int]:
    """The Naval PM column of the Campaign screen's nations table, by nation."""
    table = app.screen.query_one("#nations", DataTable)
    shown = {}
    for row in range(table.row_count):
        cells = [str(cell) for cell in table.get_row_at(row)]
        shown[cells[0].split(" (")[0]] = int(cells[2])
    return shown


def replay_naval_battle(log: list[Any], a_pm: int, b_pm: int) -> dict[str, Any]:
    """T3.1, T2.7, T3.7 worked out from the dice the app logged (not from the screen): each round
    every face ≥ 5 sinks one enemy naval PM; a side with none left loses; the winner's capture
    dice, one per enemy PM destroyed, capture on 4+."""
    left = {"a": a_pm, "b": b_pm}
    number = 1
    while left["a"] and left["b"]:
        faces = {
            side: [
                roll.value
                for roll in log
                if roll.purpose.startswith(f"Dice battle: T3.1 round {number}, {side.upper()} ")
            ]
            for side in ("a", "b")
        }
        assert [len(faces["a"]), len(faces["b"])] == [left["a"], left["b"]], "one die per PM"
        hits = {side: sum(1 for face in faces[side] if face >= 5) for side in ("a", "b")}
        left = {"a": max(0, left["a"] - hits["b"]), "b": max(0, left["b"] - hits["a"])}
        number += 1
    capture = [roll.value for roll in log if "T3.7 capture" in roll.purpose]
    winner = None if left["a"] == left["b"] == 0 else "a" if left["a"] else "b"
    return {
        "left": left,
        "winner": winner,
        "capture_faces": capture,
        "captured": sum(1 for face in capture if face >= 4),
    }


# T3.7 with the seeded dice: Rome's 2 naval PM against Carthage's 4, fought to the end and
# recorded. The expected fleets come from the logged dice: the loser keeps what survived, the
# winner keeps its survivors plus the ships its 4+ capture dice took (Reading: they join its
# fleet); the nations table on the Campaign screen shows it.
@pytest.mark.armies_at("Messana", "Rome", "Carthage", fleets=True)
async def test_T3_7_naval_battle_to_the_end_changes_the_fleets(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        before = {name: n.naval_pm for name, n in app.ledger.store.state().nations.items()}
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 4", type_text)
        await fill(pilot, "#dice-place", "Messana", type_text)
        await tick(pilot, "#dice-naval")
        await step(pilot, "f5")
        for _ in range(60):
            if screen.battle.over:
                break
            await step(pilot)
        assert screen.battle.over
        worked = replay_naval_battle(app.dice.log, 2, 4)
        assert worked["winner"] is not None, "seed 2024 gives a winner here"
        loser = "b" if worked["winner"] == "a" else "a"
        destroyed = {"a": 2, "b": 4}[loser] - worked["left"][loser]
        assert len(worked["capture_faces"]) == destroyed  # T3.7: one die per PM destroyed
        faces = " ".join(str(face) for face in worked["capture_faces"])
        result = str(screen.query_one("#dice-result").render())
        assert f"rolled {faces} → {worked['captured']} captured" in result
        assert f"{destroyed - worked['captured']} sunk" in result
        await pilot.press("ctrl+r")
        await pilot.pause()
        recorded = app.ledger.store.events()[-1].event
        assert recorded.resolution == "naval" and recorded.winner == worked["winner"]
        names = {"a": "Rome", "b": "Carthage"}
        winner = worked["winner"]
        expected = {
            names[loser]: before[names[loser]] - destroyed,
            names[winner]: before[names[winner]]
            - ({"a": 2, "b": 4}[winner] - worked["left"][winner])
            + worked["captured"],
        }
        await pilot.press("c")
        await pilot.pause()
        shown = naval_pm_shown(app)
        assert {name: shown[name] for name in expected} == expected
        assert shown["Syracuse"] == before["Syracuse"], "a nation not in the battle is unchanged"
        assert app.ledger.store.state().nations["Rome"].land_pm == 7, "naval PM are not land PM"


# T3.5: a naval battle is fought between fleets, without the walls' doubling: ticking both is
# refused inline with one line naming the field, no battle starts and nothing is recorded.
@pytest.mark.armies_at("Lilybaeum", "Rome", "Carthage", fleets=True)
async def test_T3_5_naval_and_city_refused_inline(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        events = len(app.ledger.store.history())
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 2", type_text)
        await fill(pilot, "#dice-place", "Lilybaeum", type_text)
        await tick(pilot, "#dice-city")
        await tick(pilot, "#dice-naval")
        error = screen.query_one("#dice-setup-error")
        message = str(error.render())
        assert error.display and message.startswith("naval battle:") and "\n" not in message
        # Issue 21 item 4: the reason `castra battle --naval --city` gives, from BattleSetup.
        assert message == f"naval battle: {NAVAL_NO_DOUBLING}"
        await step(pilot, "f5")
        assert screen.battle is None
        assert str(screen.query_one("#dice-setup-error").render()) == message
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(app.ledger.store.history()) == events
        await tick(pilot, "#dice-city")  # untick the walls: the line goes, the battle starts
        assert not screen.query_one("#dice-setup-error").display
        await step(pilot, "f5")
        assert screen.battle is not None and screen.battle.setup.naval


T3_6_INTERCEPTION = [
    pytest.param("a", "Rome 1", "Carthage 2", "1", "4", True, id="T3.6-roll-equal-to-sum-caught"),
    pytest.param("a", "Rome 1", "Carthage 2", "1", "5", False, id="T3.6-roll-above-sum-escapes"),
    pytest.param("b", "Rome 2", "Carthage 1", "1", "4", True, id="T3.6-troops-carried-slow-it"),
    pytest.param("b", "Rome 2", "Carthage 1", "0", "4", False, id="T3.6-no-troops-escapes"),
]
"""(who seeks, side A, side B, troops carried by the avoiding fleet, the face typed, caught?).
Reading: caught if the roll is AT MOST both fleets' PM plus the troops carried."""


# T3.6 with physical dice: the referee types the interception die; caught, the battle starts
# (and f6 fights it); not caught, no battle starts and the screen says so.
@pytest.mark.parametrize(("seeker", "a", "b", "troops", "face", "caught"), T3_6_INTERCEPTION)
async def test_T3_6_interception_roll(
    app: Any,
    type_text: Any,
    seeker: str,
    a: str,
    b: str,
    troops: str,
    face: str,
    caught: bool,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", a, type_text)
        await fill(pilot, "#dice-side-b", b, type_text)
        await tick(pilot, "#dice-naval")
        screen.query_one("#dice-seeks").value = seeker
        await fill(pilot, "#dice-troops", troops, type_text)
        screen.query_one("#dice-rounds").focus()
        await pilot.press("p", "f9")
        await type_faces(pilot, face)
        total = int(a.split()[-1]) + int(b.split()[-1]) + int(troops)
        note = str(screen.query_one("#dice-intercept").render())
        assert f"1d6 = {face}" in note and f"= {total}" in note
        # Issue 21 item 4: the line `castra intercept` prints, from the same function.
        fleets = {"a": int(a.split()[-1]), "b": int(b.split()[-1])}
        avoider = "b" if seeker == "a" else "a"
        roll = interception_roll(
            fleets[seeker], fleets[avoider], int(troops), ScriptedDice([int(face)])
        )
        assert (
            interception_line(roll, fleets["a"], fleets["b"], int(troops), avoider.upper()) in note
        )
        if caught:
            assert "caught: the naval battle is fought" in note
            assert screen.battle is not None and screen.battle.setup.naval
            assert not screen.battle.rounds, "the battle is ready for its first round"
            assert [roll.purpose for roll in screen._rolls] == ["T3.6 interception"]
        else:
            assert "escapes" in note and "no battle" in note
            assert screen.battle is None
            assert "No naval battle" in str(screen.query_one("#dice-result").render())


# T3.7 in the interception: the avoiding fleet cannot carry more land PM than its naval PM;
# f9 refuses inline, in the words `castra intercept --carried` gives, and rolls nothing.
async def test_T3_6_troops_beyond_the_fleets_room_refused(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 1", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        await tick(pilot, "#dice-naval")
        screen.query_one("#dice-seeks").value = "a"
        await fill(pilot, "#dice-troops", "2", type_text)
        screen.query_one("#dice-rounds").focus()
        rolled = len(app.dice.log)
        await step(pilot, "f9")
        shown = str(screen.query_one("#dice-setup-error").render())
        assert shown == "troops carried: each land PM carried needs 1 naval PM (T3.7): at most 1"
        assert len(app.dice.log) == rolled and screen.battle is None


# Interception is between fleets: without "naval battle" ticked, f9 names the field and rolls
# nothing.
async def test_T3_6_interception_needs_a_naval_battle(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 2", type_text)
        screen.query_one("#dice-rounds").focus()
        rolled = len(app.dice.log)
        await step(pilot, "f9")
        assert str(screen.query_one("#dice-setup-error").render()).startswith("naval battle:")
        assert len(app.dice.log) == rolled and screen.battle is None


# T3.7 in physical-dice mode: after the last round the winner's capture die is asked for too.
# Rome 2 v Carthage 1 at sea: round 1 Rome rolls 5 5 (2 hits, Carthage's 1 PM sunk), Carthage
# rolls 1 (no hit): Rome wins with 1 enemy PM destroyed, so 1 capture die: 4 → captured.
# Rome's fleet 2 + 1 = 3, Carthage's 4 − 1 = 3.
@pytest.mark.armies_at("Messana", "Rome", "Carthage", fleets=True)
async def test_T3_7_physical_dice_ask_for_the_capture_die(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 2", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        await fill(pilot, "#dice-place", "Messana", type_text)
        await tick(pilot, "#dice-naval")
        await pilot.press("p")
        await step(pilot, "f5")
        await pilot.press("f6")
        asked = []
        for face in ("5", "5", "1", "4"):  # round 1, then (same worker) the capture die
            for _ in range(50):
                await pilot.pause()
                if type(app.screen).__name__ == "DieEntryScreen":
                    break
            assert type(app.screen).__name__ == "DieEntryScreen", f"no dialog for {face}"
            asked.append(app.screen.purpose)
            await pilot.press(face, "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "T3.7 capture" in asked[-1]
        assert not any("T3.7" in purpose for purpose in asked[:-1])
        assert screen.capture is not None and (screen.capture.captured, screen.capture.sunk) == (
            1,
            0,
        )
        assert "rolled 4 → 1 captured" in str(screen.query_one("#dice-result").render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        shown = naval_pm_shown(app)
        assert (shown["Rome"], shown["Carthage"]) == (3, 3)


# T3.3 + T3.7 at sea with typed dice: Rome 1 v Carthage 1, round 1 both roll 1 (no hits);
# Carthage retreats alone and Rome's pursuit die is 1 (no hit). Rome wins without sinking a
# ship, so there is no capture die to ask for, and the fleets stay as they were.
async def test_T3_7_a_naval_win_without_sinking_asks_no_capture_die(
    app: Any, type_text: Any
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        before = {name: n.naval_pm for name, n in app.ledger.store.state().nations.items()}
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 1", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        await fill(pilot, "#dice-place", "Fretum", type_text)
        await tick(pilot, "#dice-naval")
        await pilot.press("p")
        await step(pilot, "f5")
        await pilot.press("f6")
        await type_faces(pilot, "1 1")
        await pilot.press("f8", "f6")
        await type_faces(pilot, "1")
        assert screen.battle.outcome == "a_wins"
        assert type(app.screen).__name__ != "DieEntryScreen", "no capture die is asked for"
        assert not any("T3.7" in roll.purpose for roll in app.dice.log)
        result = str(screen.query_one("#dice-result").render())
        assert "no enemy ship destroyed, nothing to roll for" in result
        await pilot.press("ctrl+r")
        await pilot.pause()
        after = app.ledger.store.state().nations
        assert (after["Rome"].naval_pm, after["Carthage"].naval_pm) == (
            before["Rome"],
            before["Carthage"],
        )


# Issue 11, bug 4 (T3.3, T3.8): the odds count a retreat chosen for after this round at once, not
# only once it is applied: B retreating alone means A wins for certain; f8 again takes it back.
async def test_T3_8_odds_count_the_retreat_chosen_for_next_round(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-a", "Rome 6", type_text)
        await fill(pilot, "#dice-side-b", "Carthage 4", type_text)
        await step(pilot, "f5")
        fighting = odds_shown(screen)
        assert 0 < fighting["A wins"] < 100
        await step(pilot, "f8")
        assert odds_shown(screen)["A wins"] == 100
        assert odds_shown(screen)["B wins"] == 0
        await step(pilot, "f7")
        assert odds_shown(screen)["both withdraw"] == 100
        await step(pilot, "f7")
        await step(pilot, "f8")
        assert odds_shown(screen) == fighting


# Issue 11, bug 3 (T1.5): fielding more PM than a nation has in play is refused as it is typed,
# and no die is rolled for forces the campaign could not record; the line clears once fixed.
async def test_T1_5_more_PM_than_in_play_is_refused_as_typed(app: Any, type_text: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        rome_pm = app.ledger.store.state().nations["Rome"].land_pm
        screen = await open_dice(pilot)
        await fill(pilot, "#dice-side-b", "Carthage 1", type_text)
        await fill(pilot, "#dice-side-a", f"Rome {rome_pm + 1}", type_text)
        error = str(screen.query_one("#dice-setup-error").render())
        assert f"Rome has {rome_pm} land PM in play (fielded {rome_pm + 1})" in error
        await step(pilot, "f5")
        await step(pilot, "f6")
        assert screen.battle is None and app.dice.log == []
        await fill(pilot, "#dice-side-a", f"Rome {rome_pm}", type_text)
        assert str(screen.query_one("#dice-setup-error").render()).strip() == ""
