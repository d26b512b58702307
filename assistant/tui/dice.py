"""The app's one source of dice, so that every roll can be a real die typed in by the player.

Screens never build their own dice: they ask the app for ``app.dice_for(said(DICE_BATTLE))`` and
hand the result to the rules code (converters, ghost), which only knows the
:class:`converters.dice.Dice` protocol. Normally the faces come from one seeded generator (the
same seed gives the same session); in physical-dice mode every roll opens a
:class:`~assistant.tui.screens.die_entry.DieEntryScreen` asking the player for the face of the die
they rolled at the table. Either way each roll is kept, with its purpose, in the session's log
(shown on the History screen).

Rules code is synchronous, so a screen that rolls runs the rules call in a
``@work(thread=True)`` worker. In physical mode the dice, from that worker thread, post a
:class:`DieWanted` message to the app (which opens the modal on its own thread) and block on a
:class:`concurrent.futures.Future` until the player answers. A player who presses Escape
instead of typing a face cancels the roll: the rules call raises :class:`RollCancelled` (catch
it in the worker and record nothing).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from textual.message import Message

from converters.errors import FieldError
from converters.i18n import _

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from converters.dice import Roll, SeededDice
    from converters.said import Said

__all__ = ["AppDice", "DiceService", "DieWanted", "RollCancelled"]

ROLLED_AT = "{where}: {purpose}"
"""A die's purpose in the session's log: where in the app it was rolled (a description of the
screen's own, "Dice battle", "Battle of {place}"), then what the rules rolled it for ("Dice
battle: T3.1 round 1, A"); the log is the session's only, never stored in a file."""

_ROLLED_ON_THE_APP_THREAD = (
    "physical dice must be rolled from a thread worker (@work(thread=True)), "
    "not from the app's own thread"
)
"""A programming error, never a player's: it stays in the code's language."""


class RollCancelled(Exception):
    """The player dismissed the die-entry dialog: the roll, and whatever needed it, is abandoned."""


class DiceService:
    """Seeded or physical dice for the whole app, with one log of every roll and its purpose."""

    def __init__(self, app: App[Any], *, seed: int | None = None, physical: bool = False) -> None:
        self._app = app
        # Built at the first roll: converters.dice needs pydantic, which the first frame skips.
        self._seeded_dice: SeededDice | None = None
        self.seed = seed
        self.physical = physical
        """Physical-dice mode: ask the player for each face instead of rolling."""
        self.log: list[Roll] = []
        """Every roll of the session, oldest first, purposes prefixed with where it was rolled."""
        self._waiting: set[Future[int | None]] = set()
        self._lock = threading.Lock()
        self.app_thread: int | None = None
        """The thread the app's event loop runs on (set when the app mounts): a physical roll
        from there would block the very loop that must show the die-entry dialog."""

    def dice_for(self, where: Said | None = None) -> AppDice:
        """Dice for one piece of work (a battle, a ghost turn); rolls are tagged with
        ``where`` it is done, said in the reader's language when the log is shown."""
        return AppDice(self, where)

    @property
    def _seeded(self) -> SeededDice:
        if self._seeded_dice is None:
            from converters.dice import SeededDice

            with self._lock:
                if self._seeded_dice is None:
                    self._seeded_dice = SeededDice(self.seed)
        return self._seeded_dice

    def roll(self, sides: int, purpose: Said) -> Roll:
        """One die, from the generator or (physical mode) from the player; logged."""
        from converters.dice import Roll, as_said

        purpose = as_said(purpose)
        if sides < 1:
            raise FieldError(
                field="sides", message=_("a die has at least 1 face (got {sides})"), sides=sides
            )
        value = self._ask(sides, purpose) if self.physical else self._seeded.roll(sides, purpose)
        self._seeded.take_log()
        roll = Roll(sides=sides, value=value, said=purpose)
        with self._lock:
            self.log.append(roll)
        return roll

    def _ask(self, sides: int, purpose: Said) -> int:
        # Imported here so that building the service (and its tests) stays cheap.
        from assistant.tui.screens.die_entry import DieEntryScreen, purpose_text

        if threading.get_ident() == self.app_thread:
            raise RuntimeError(_ROLLED_ON_THE_APP_THREAD)
        answer: Future[int | None] = Future()
        with self._lock:
            self._waiting.add(answer)
        try:
            if not self._app.post_message(DieWanted(DieEntryScreen(sides, purpose), answer)):
                answer.set_result(None)  # the app is closing: nobody will answer
            value = answer.result()
        finally:
            with self._lock:
                self._waiting.discard(answer)
        if value is None:
            raise RollCancelled(
                _("roll cancelled: d{sides} for {purpose}").format(
                    sides=sides, purpose=purpose_text(purpose)
                )
            )
        return value

    def cancel_waiting(self) -> None:
        """Release every worker still waiting for a typed face (the app is closing)."""
        with self._lock:
            waiting = list(self._waiting)
        for answer in waiting:
            if not answer.done():
                answer.set_result(None)


class DieWanted(Message):
    """A worker waits for the face of a physical die: the app opens the die-entry dialog."""

    def __init__(self, dialog: Screen[int | None], answer: Future[int | None]) -> None:
        super().__init__()
        self.dialog = dialog
        """The die-entry dialog to push."""
        self.answer = answer
        """Where the face typed (or None, abandoned) goes; the worker waits on it."""

    def ask(self, app: App[Any]) -> None:
        """Open the dialog (on the app's thread); its answer settles the worker's wait."""
        app.push_screen(self.dialog, callback=_settle(self.answer))


def _settle(answer: Future[int | None]) -> Callable[[int | None], None]:
    def settle(value: int | None) -> None:
        if not answer.done():
            answer.set_result(value)

    return settle


class AppDice:
    """A :class:`converters.dice.Dice` handed to rules code; rolls through the app's service."""

    def __init__(self, service: DiceService, where: Said | None = None) -> None:
        self._service = service
        self.where = where
        """Where in the app these dice are rolled (None: the rules' purpose alone)."""
        self.rolls: list[Roll] = []
        """The rolls made through these dice, purposes as the rules gave them."""

    def roll(self, sides: int, purpose: Said) -> int:
        from converters.dice import Roll, as_said
        from converters.said import Said

        purpose = as_said(purpose)
        full_purpose = (
            Said(key=ROLLED_AT, values={"where": self.where, "purpose": purpose})
            if self.where is not None
            else purpose
        )
        rolled = self._service.roll(sides, full_purpose)
        self.rolls.append(Roll(sides=sides, value=rolled.value, said=purpose))
        return rolled.value

    def take_log(self) -> list[Roll]:
        """The rolls since the last call, clearing the log (as the converters' dice do)."""
        taken, self.rolls = self.rolls, []
        return taken
