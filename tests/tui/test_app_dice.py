"""The app's dice service: seeded, or typed in from real dice; every roll kept with its purpose."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual import work
from textual.widgets import Input, Static

from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from assistant.tui.dice import RollCancelled
from assistant.tui.screens.die_entry import DieEntryScreen
from converters.dice import Dice
from converters.said import province, said

SIZE = (120, 40)


def test_the_app_dice_are_converters_dice(app: Any) -> None:
    assert isinstance(app.dice_for(said("Battle of {place}", place=province("Heraclea"))), Dice)


def test_the_same_seed_gives_the_same_session(store: CampaignStore) -> None:
    first = make_app(store, seed=7).dice_for(said("x"))
    second = make_app(store, seed=7).dice_for(said("x"))
    faces = [first.roll(6, f"roll {n}") for n in range(20)]
    assert faces == [second.roll(6, f"roll {n}") for n in range(20)]
    assert all(1 <= face <= 6 for face in faces)


def test_every_roll_is_logged_with_where_and_why(app: Any) -> None:
    dice = app.dice_for(said("Dice battle"))
    face = dice.roll(6, "T3.1 round 1, side A")
    assert [(r.sides, r.value, r.purpose) for r in app.dice.log] == [
        (6, face, "Dice battle: T3.1 round 1, side A")
    ]
    assert [r.purpose for r in dice.take_log()] == ["T3.1 round 1, side A"]
    assert dice.rolls == []


def test_where_a_die_was_rolled_is_said_in_the_players_language(app: Any) -> None:
    """The session's log names the screen that rolled a die as a description, so the Italian
    log and die-entry dialog say "Battaglia ai dadi" and "Battaglia di Tracia", not the
    English screen names."""
    from assistant.tui.screens.die_entry import purpose_text
    from converters.i18n import set_language

    app.dice_for(said("Dice battle")).roll(6, said("T3.6 interception"))
    app.dice_for(said("Battle of {place}", place=province("Thrace"))).roll(6, said("T3.3 pursuit"))
    set_language("it")
    try:
        shown = [purpose_text(roll.said) for roll in app.dice.log]
    finally:
        set_language("en")
    assert shown == [
        "Battaglia ai dadi: T3.6 intercettamento",
        "Battaglia di Tracia: T3.3 inseguimento",
    ]
    assert [roll.purpose for roll in app.dice.log] == [
        "Dice battle: T3.6 interception",
        "Battle of Thrace: T3.3 pursuit",
    ]


async def test_physical_dice_cannot_block_the_app_thread(app: Any) -> None:
    app.dice.physical = True
    async with app.run_test(size=(80, 24)):
        with pytest.raises(RuntimeError, match="thread worker"):
            app.dice_for(said("x")).roll(6, "anything")


class _Roller:
    """A worker like the screens' ones: rolls a d6 in a thread and keeps the outcome."""

    def __init__(self, sides: int = 6) -> None:
        self.sides = sides
        self.outcome: object = None
        # Textual does not join thread workers when the app exits: the test waits on this.
        self.finished = threading.Event()

    def start(self, app: Any) -> None:
        @work(thread=True)
        def roll(_: Any) -> None:
            try:
                self.outcome = app.dice_for(said("Test")).roll(self.sides, "T3.1 round 1")
            except RollCancelled as cancelled:
                self.outcome = cancelled
            finally:
                self.finished.set()

        roll(app)


async def test_a_physical_roll_asks_until_the_face_is_possible(app: Any, type_text: Any) -> None:
    roller = _Roller()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        roller.start(app)
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        assert str(app.screen.query_one("#die-purpose", Static).content) == "Test: T3.1 round 1"
        for bad in ("0", "7", ""):
            await type_text(pilot, bad)
            await pilot.press("enter")
            assert isinstance(app.screen, DieEntryScreen)
            error = str(app.screen.query_one("#die-error", Static).content)
            assert error.startswith("face: a d6 shows 1 to 6")
        for typed in ("abc", "x"):  # kept as typed, refused at once (and not a face)
            await type_text(pilot, typed)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, DieEntryScreen)
            assert app.screen.query_one("#die-face", Input).value == typed
            error = str(app.screen.query_one("#die-error", Static).content)
            assert (
                error == f"face: a d6 shows a whole number, 1 to 6 (got '{typed}'); type it again"
            )
            assert app.dice.log == []
            app.screen.query_one("#die-face", Input).value = ""
        await pilot.press("5")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
    assert roller.outcome == 5
    assert [(r.value, r.purpose) for r in app.dice.log] == [(5, "Test: T3.1 round 1")]


async def test_quitting_while_a_die_is_awaited_releases_the_worker(app: Any) -> None:
    roller = _Roller()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        roller.start(app)
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        app.exit()
    assert roller.finished.wait(timeout=10), "the worker stayed blocked on the die"
    assert isinstance(roller.outcome, RollCancelled)
    assert app.dice.log == []


# Issue 11: physical dice ask for the die the table has and take the face at once. G4.2 rolls a
# d3 for a corps of three divisions: the player rolls a d6 and halves it (5 → 3), no Enter.
async def test_a_d3_is_a_d6_halved_and_the_face_is_taken_at_once(app: Any) -> None:
    roller = _Roller(sides=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        roller.start(app)
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        assert "Roll a d6" in str(app.screen.query_one(".dialog-title").render())
        assert "halve" in str(app.screen.query_one("#die-how", Static).content)
        await pilot.press("5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, DieEntryScreen)
    assert roller.outcome == 3
    assert [(r.sides, r.value) for r in app.dice.log] == [(3, 3)]


# A d12's "1" may be the start of 10, 11 or 12: it waits for the second digit (or Enter).
async def test_a_two_digit_face_waits_for_its_second_digit(app: Any) -> None:
    roller = _Roller(sides=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        roller.start(app)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, DieEntryScreen)
        await pilot.press("1")
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert roller.outcome == 11


# Issue 27 item 3: "1.5" typed on a d20 is not face 15, nor 1: kept as typed, refused at once.
async def test_a_face_that_is_no_number_is_kept_and_refused(app: Any, type_text: Any) -> None:
    roller = _Roller(sides=20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        roller.start(app)
        await pilot.pause()
        for typed in ("1.5", "abc"):
            await type_text(pilot, typed)
            await pilot.pause()
            assert isinstance(app.screen, DieEntryScreen)
            assert app.screen.query_one("#die-face", Input).value == typed
            error = str(app.screen.query_one("#die-error", Static).content)
            assert error == (
                f"face: a d20 shows a whole number, 1 to 20 (got '{typed}'); type it again"
            )
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, DieEntryScreen) and app.dice.log == []
            app.screen.query_one("#die-face", Input).value = ""
            await pilot.pause()
            assert str(app.screen.query_one("#die-error", Static).content) == ""
        await pilot.press("1", "5")
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert roller.outcome == 15
