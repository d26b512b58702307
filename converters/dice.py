"""Where every die in Castra comes from.

Rules code never calls :mod:`random`: it asks a :class:`Dice` for a roll and says what the roll
is for. The same rule then runs on a seeded generator (reproducible), on a scripted list (tests,
replays, ``--dice 1,5,6``) or on a person typing the face of a real die (physical-dice mode),
and every roll is kept with its purpose so the app, the CLI and the ledger can show and store it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from converters.i18n import _, ngettext
from converters.said import Nation, Said, Typed, render
from converters.upcast import beside, upcast
from converters.wording import SHIPPED_NATIONS

__all__ = [
    "AskingDice",
    "Dice",
    "DiceExhaustedError",
    "InvalidDieError",
    "Roll",
    "ScriptedDice",
    "SeededDice",
    "TableDie",
    "as_said",
    "of_side",
    "roll_until",
    "shown_purpose",
    "side_named",
    "table_die",
]


class Roll(BaseModel):
    """One die rolled (or typed in), with what it was rolled for.

    What it was rolled for is a description (:attr:`said`): the log and ``--json`` carry
    its English as ``purpose`` beside it, as a history's summary stands beside its ``said``.
    A roll an older Castra stored has its English ``purpose`` alone: it is read once, as it is
    read, through the frozen templates of :mod:`converters.upcast`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sides: int = Field(ge=1)
    """Faces of the die: 6 for a d6, 3 for a d3 …"""
    value: int = Field(ge=1)
    """The face shown, 1..sides."""
    said: Said
    """Why it was rolled, in the rules' words ("G3.1 opening order"), as data."""

    _written_as: str | None = PrivateAttr(default=None)
    # The English purpose alone, as an older Castra wrote the roll: it is written back so, so
    # the event's bytes (and an export's hash chain over them) stay what that Castra made.

    @model_validator(mode="wrap")
    @classmethod
    def _purpose(cls, data: Any, handler: ModelWrapValidatorHandler[Roll]) -> Roll:
        # An older Castra's English purpose (or a test's) is read once by its template.
        data, written = beside(data, "purpose")
        roll = handler(data)
        roll._written_as = written
        return roll

    @model_serializer(mode="wrap")
    def _with_purpose(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        if self._written_as is not None:
            return {"sides": self.sides, "value": self.value, "purpose": self._written_as}
        dumped: dict[str, Any] = handler(self)
        return {"sides": self.sides, "value": self.value, "purpose": self.purpose, **dumped}

    def __eq__(self, other: object) -> bool:
        # The same die, face and purpose, however the purpose was written.
        if not isinstance(other, Roll):
            return NotImplemented
        return (self.sides, self.value, self.said) == (other.sides, other.value, other.said)

    def __hash__(self) -> int:
        return hash((self.sides, self.value, self.said.model_dump_json()))

    @property
    def purpose(self) -> str:
        """Why it was rolled, in English, as the log shows it ("T3.6 interception")."""
        return self.said.english()


def shown_purpose(purpose: Said) -> str:
    """A die's purpose in the reader's language ("T3.0 inseguimento di una parte che rifiuta
    la battaglia")."""
    return render(as_said(purpose))


SIDE = "{purpose}, {side}"
"""A die rolled by one side ("T3.1 round 2, Rome"): a key with no words of its own."""


def side_named(name: str) -> Nation | Typed:
    """A battle's side as a purpose names it: a shipped nation in the reader's words, a
    club's own side ("A", "Black") as typed."""
    return Nation(name=name) if name in SHIPPED_NATIONS else Typed(text=name)


def of_side(purpose: Said, side: str) -> Said:
    """``purpose``, rolled by ``side`` ("T3.1 round 2, Rome")."""
    return Said(key=SIDE, values={"purpose": purpose, "side": side_named(side)})


def as_said(purpose: Said | str) -> Said:
    """A purpose given as English text (a caller older than descriptions, a test) read as a
    stored one is (:mod:`converters.upcast`); a description as it is."""
    return purpose if isinstance(purpose, Said) else upcast(purpose)


class InvalidDieError(ValueError):
    """A scripted or typed value that the die cannot show."""


class DiceExhaustedError(LookupError):
    """A scripted list ran out; ``used`` rolls had been taken from it."""

    def __init__(self, used: int, sides: int, purpose: Said, source: str = "dice") -> None:
        super().__init__(
            ngettext(
                "{source}: ran out after {used} value; needed a d{sides} for {purpose}",
                "{source}: ran out after {used} values; needed a d{sides} for {purpose}",
                used,
            ).format(source=source, used=used, sides=sides, purpose=shown_purpose(purpose))
        )
        self.used = used
        self.sides = sides
        self.purpose = purpose


def _faceless(sides: int) -> ValueError:
    return ValueError(_("sides: a die has at least 1 face (got {sides})").format(sides=sides))


@runtime_checkable
class Dice(Protocol):
    """A source of die rolls that remembers each roll and its purpose."""

    rolls: list[Roll]

    def roll(self, sides: int, purpose: Said) -> int:
        """Roll one die with ``sides`` faces for ``purpose`` and return its face."""
        ...


class _LoggedDice:
    """Shared bookkeeping: check the face and log the roll."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def _record(self, sides: int, value: int, purpose: Said) -> int:
        if sides < 1:
            raise _faceless(sides)
        if not 1 <= value <= sides:
            raise InvalidDieError(
                _("die: a d{sides} shows 1 to {sides} (got {value}) for {purpose}").format(
                    sides=sides, value=value, purpose=shown_purpose(purpose)
                )
            )
        self.rolls.append(Roll(sides=sides, value=value, said=as_said(purpose)))
        return value

    def take_log(self) -> list[Roll]:
        """The rolls since the last call, clearing the log."""
        taken, self.rolls = self.rolls, []
        return taken


class SeededDice(_LoggedDice):
    """Pseudo-random dice; the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, purpose: Said) -> int:
        return self._record(sides, self._rng.randint(1, max(sides, 1)), purpose)


class ScriptedDice(_LoggedDice):
    """Dice read in order from a list (tests, replays, ``--dice``).

    A value the die cannot show raises :class:`InvalidDieError`; running out raises
    :class:`DiceExhaustedError` so callers can say how many more are needed.
    """

    def __init__(self, values: Iterable[int], source: str = "dice") -> None:
        super().__init__()
        self._values = list(values)
        self.used = 0
        self.source = source
        """How the user gave the values (e.g. ``--dice``), named in error messages."""

    @property
    def remaining(self) -> int:
        return len(self._values) - self.used

    def roll(self, sides: int, purpose: Said) -> int:
        if self.used >= len(self._values):
            raise DiceExhaustedError(self.used, sides, purpose, self.source)
        value = self._values[self.used]
        if not 1 <= value <= sides:
            raise InvalidDieError(
                _(
                    "{source}: value {position} is {value}, but a d{sides} shows 1 to {sides} "
                    "({purpose})"
                ).format(
                    source=self.source,
                    position=self.used + 1,
                    value=value,
                    sides=sides,
                    purpose=shown_purpose(purpose),
                )
            )
        self._record(sides, value, purpose)
        self.used += 1
        return value


class AskingDice(_LoggedDice):
    """Physical-dice mode: a person rolls a real die and types its face.

    ``ask(prompt)`` returns what the person typed. Anything that is not a face of that die is
    refused with ``tell(message)`` and asked again, never silently accepted.
    """

    def __init__(
        self,
        ask: Callable[[str], str],
        tell: Callable[[str], None] = lambda message: None,
    ) -> None:
        super().__init__()
        self._ask = ask
        self._tell = tell

    def roll(self, sides: int, purpose: Said) -> int:
        while True:
            prompt = _("Roll a d{sides} for {purpose}: ")
            typed = self._ask(prompt.format(sides=sides, purpose=shown_purpose(purpose)))
            typed = typed.strip()
            if typed.isdigit() and 1 <= int(typed) <= sides:
                return self._record(sides, int(typed), purpose)
            refused = _("a d{sides} shows 1 to {sides}; got {typed!r}, roll again")
            self._tell(refused.format(sides=sides, typed=typed))


TABLE_DICE = (4, 6, 8, 10, 12, 20)
"""The dice a wargames table has."""

_MULTIPLE_FIRST = (6, 10, 12, 20, 8, 4)
"""Which table die stands in for a smaller one it divides: a d6 first, the die every table has."""


class TableDie(BaseModel):
    """How a die the rules ask for is rolled with the dice a table has (physical-dice mode).

    A d3 is a d6 halved (rounded up), a d2 a d6 read 1–3 / 4–6, a d5 a d10 halved; a die no table
    die divides (d7, d9, d11 …) is the next larger die with the faces above it rolled again.
    Each way keeps every face equally likely, as a seeded d``sides`` would roll it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    sides: int = Field(ge=1)
    """The die the rule asks for."""
    rolled: int = Field(ge=1)
    """The die the player rolls."""
    per_face: int = Field(ge=1)
    """How many faces of the rolled die count as one face of the asked die (1: read as is)."""

    @property
    def rerolled_from(self) -> int | None:
        """The lowest face of the rolled die that must be rolled again, or None."""
        if self.rolled == self.sides * self.per_face:
            return None
        return self.sides * self.per_face + 1

    def face(self, shown: int) -> int | None:
        """The asked die's face for ``shown`` on the rolled die; None: roll again."""
        if not 1 <= shown <= self.rolled:
            raise InvalidDieError(
                _("face: a d{sides} shows 1 to {sides} (got {shown})").format(
                    sides=self.rolled, shown=shown
                )
            )
        if self.rerolled_from is not None and shown >= self.rerolled_from:
            return None
        return -(-shown // self.per_face)


def table_die(sides: int) -> TableDie:
    """The table die that stands in for a d``sides`` (see :class:`TableDie`)."""
    if sides < 1:
        raise _faceless(sides)
    if sides in TABLE_DICE:
        return TableDie(sides=sides, rolled=sides, per_face=1)
    for rolled in _MULTIPLE_FIRST:
        if rolled % sides == 0:
            return TableDie(sides=sides, rolled=rolled, per_face=rolled // sides)
    larger = [rolled for rolled in TABLE_DICE if rolled > sides]
    if not larger:
        # Past a d20 a table rolls percentile dice: a d100, faces above ``sides`` again.
        return (
            TableDie(sides=sides, rolled=100, per_face=1)
            if sides < 100
            else TableDie(sides=sides, rolled=sides, per_face=1)
        )
    return TableDie(sides=sides, rolled=larger[0], per_face=1)


def roll_until(dice: Dice, sides: int, purpose: Said, acceptable: Callable[[int], bool]) -> int:
    """Roll until ``acceptable(face)``, for rules that say "re-roll until …" (e.g. G4.2).

    Every roll, refused ones included, stays in the dice log. With physical dice the person
    is simply asked again, which is what the rule asks of a player at the table.
    """
    if not any(acceptable(face) for face in range(1, sides + 1)):
        raise ValueError(
            _("no face of a d{sides} is acceptable for {purpose}").format(
                sides=sides, purpose=shown_purpose(purpose)
            )
        )
    while True:
        face = dice.roll(sides, purpose)
        if acceptable(face):
            return face
