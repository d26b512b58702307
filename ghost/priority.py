"""How the ghost spends his priority points each turn (docs/rules.md G4.1–G4.3).

After the real player has allocated, each ghost general gets his share of the army's PP plus his
quality bonus (G4.1); the corps generals activate their own divisions at random and put what is
left into reserve and clock points (G4.2); then the army general rolls his clock die and makes
one pass down the roster, or tops up the weakest divisions when all are already active (G4.3).
Every die is rolled through a :class:`~converters.dice.Dice`, re-rolls included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from converters.dice import Dice, Roll, roll_until
from converters.errors import FieldError
from converters.i18n import N_, _
from converters.said import Said, said, typed
from ghost.generals import QUALITY_TABLE, GeneralProfile, Quality, Side

__all__ = [
    "ACTIVATION_YES_FROM",
    "CorpsCommand",
    "DivisionName",
    "GeneralPP",
    "PpAllocation",
    "PpOrder",
    "allocate_pp",
    "check_roster",
    "general_pp",
    "reroll_until",
]

ACTIVATION_YES_FROM = 4
"""G4.3: the army general's 1d6 activates a division on 4–6, not on 1–3."""

PP_PER_DIVISION = 3
"""G4.1: the army's PP are its divisions × 3, shared among its generals."""

DivisionName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
"""A division's name on the roster: not blank (it is how the player finds the division)."""


class CountingDice:
    """Marker base for a dice source that only counts rolls (see :mod:`ghost.replay`).

    A counting source has no real faces; :func:`reroll_until` asks it for the lowest usable
    face so that a re-roll rule cannot loop on it.
    """

    rolls: list[Roll]

    def roll(self, sides: int, purpose: Said) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def usable(self, sides: int, purpose: Said, acceptable: Callable[[int], bool]) -> int:
        """Record one roll showing the lowest acceptable face."""
        raise NotImplementedError


def reroll_until(dice: Dice, sides: int, purpose: Said, acceptable: Callable[[int], bool]) -> int:
    """Roll a d``sides`` until ``acceptable``: the rules' "re-roll until available" (G4.2)."""
    if isinstance(dice, CountingDice):
        return dice.usable(sides, purpose, acceptable)
    return roll_until(dice, sides, purpose, acceptable)


class CorpsCommand(BaseModel):
    """A ghost corps general and the divisions he commands, top of the roster first."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quality: Quality
    """The corps general's quality (G1): his PP bonus (G4.1)."""
    divisions: list[DivisionName] = Field(min_length=1)
    """Division names in roster order."""


class PpOrder(BaseModel):
    """One turn's PP problem: the ghost's generals, the roster and who is out of radius."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side
    """The ghost's side: it sets every general's PP bonus (G1)."""
    army: GeneralProfile
    """The army general."""
    corps: list[CorpsCommand] = Field(default_factory=list)
    """The corps, in roster order."""
    out_of_radius: list[DivisionName] = Field(default_factory=list)
    """Divisions beyond the army general's command radius this turn (G4.3)."""

    @model_validator(mode="after")
    def _names_are_known_and_unique(self) -> PpOrder:
        check_roster(self.corps, self.out_of_radius)
        return self

    @property
    def roster(self) -> list[str]:
        """Every division, top of the roster first."""
        return [name for corps in self.corps for name in corps.divisions]


def check_roster(corps: list[CorpsCommand], out_of_radius: list[str]) -> None:
    """Every division is named once, and ``out_of_radius`` names only divisions of the corps."""
    seen: set[str] = set()
    for command in corps:
        for name in command.divisions:
            if name in seen:
                raise FieldError("corps", _("division {name!r} is listed twice"), name=name)
            seen.add(name)
    for name in out_of_radius:
        if name not in seen:
            raise FieldError(
                "out_of_radius", _("{name!r} is not a division of any corps"), name=name
            )


class GeneralPP(BaseModel):
    """One ghost general's PP this turn and where they went."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    said: Said
    """Who he is, as data: "army" or "corps 1", "corps 2" … in roster order."""
    quality: Quality
    """His quality."""
    pp: int
    """His PP (G4.1)."""
    divisions: int = 0
    """PP he gave to divisions."""
    reserve: int = 0
    """PP he put into reserve points (corps generals, G4.2)."""
    clock: int = 0
    """PP he put into clock points."""
    lost: int = 0
    """PP he could not place, lost (G4.2, G4.3 Reading)."""

    @property
    def role(self) -> str:
        """Who he is, in English, as ``--json`` names him ("army", "corps 1")."""
        return self.said.english()


class PpAllocation(BaseModel):
    """The ghost's allocation for one turn (G4.1–G4.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    generals: list[GeneralPP]
    """Army general first, then the corps generals."""
    divisions: dict[str, int]
    """PP of every division, in roster order (0 when not activated)."""
    reserve: int
    """Reserve points."""
    clock: int
    """Clock points."""
    lost: int
    """PP lost."""
    rolls: list[Roll]
    """Every die rolled, re-rolls included, with its purpose."""
    notes: list[Said]
    """What happened, step by step, as data said in the reader's language when shown."""

    @property
    def spent(self) -> int:
        """PP placed: divisions + reserve + clock."""
        return sum(self.divisions.values()) + self.reserve + self.clock


def general_pp(divisions: int, generals: int, bonus: int) -> int:
    """G4.1: ``divisions × 3 ÷ generals`` rounded down, plus the general's G1 PP bonus."""
    if generals < 1:
        raise FieldError("generals", _("the ghost has at least the army general"))
    if divisions < 0:
        raise FieldError("divisions", _("0 or more"))
    return divisions * PP_PER_DIVISION // generals + bonus


def _at_most(left: int) -> Callable[[int], bool]:
    """A PP die is "available" when it is no more than the PP left (G4.2, G4.3)."""
    return lambda face: face <= left


def _not_yet_activated(names: list[str], given: dict[str, int]) -> Callable[[int], bool]:
    """G4.2: a division die showing an already activated division is re-rolled."""
    return lambda face: names[face - 1] not in given


def _bonus(side: Side, quality: Quality) -> int:
    row = QUALITY_TABLE[quality]
    return row.pp_north if side == "north" else row.pp_south


def allocate_pp(order: PpOrder, dice: Dice) -> PpAllocation:
    """G4.1–G4.3: allocate one turn's ghost PP; every die comes from ``dice``.

    Corps generals first, in roster order (G4.2), then the army general (G4.3).
    """
    start = len(dice.rolls)
    roster = order.roster
    generals = 1 + len(order.corps)
    given: dict[str, int] = {}
    reserve = clock = lost = 0
    notes: list[Said] = []
    records: list[GeneralPP] = []

    for number, corps in enumerate(order.corps, start=1):
        who = said(N_("corps {number}"), number=number)
        pp = general_pp(len(roster), generals, _bonus(order.side, corps.quality))
        left = pp
        placed = 0
        names = corps.divisions
        while left > 0 and any(name not in given for name in names):
            if len(names) == 1:
                name = names[0]
            else:
                face = reroll_until(
                    dice,
                    len(names),
                    said(
                        N_("G4.2 {role}: which division (re-roll one already activated)"),
                        role=who,
                    ),
                    _not_yet_activated(names, given),
                )
                name = names[face - 1]
            amount = reroll_until(
                dice,
                6,
                said(
                    N_("G4.2 {role}: PP for {name} (at most {left})"),
                    role=who,
                    name=typed(name),
                    left=left,
                ),
                _at_most(left),
            )
            given[name] = amount
            left -= amount
            placed += amount
            notes.append(
                said(
                    N_("{role} gives {amount} PP to {name}."),
                    role=who,
                    amount=amount,
                    name=typed(name),
                )
            )
        own_reserve = own_clock = 0
        if left > 1:
            own_reserve = reroll_until(
                dice,
                6,
                said(N_("G4.2 {role}: reserve points (at most {left})"), role=who, left=left),
                _at_most(left),
            )
            left -= own_reserve
            notes.append(
                said(
                    N_("{role} puts {own_reserve} PP in reserve."),
                    role=who,
                    own_reserve=own_reserve,
                )
            )
        if left > 0:
            own_clock = reroll_until(
                dice,
                6,
                said(N_("G4.2 {role}: clock points (at most {left})"), role=who, left=left),
                _at_most(left),
            )
            left -= own_clock
            notes.append(
                said(N_("{role} puts {own_clock} PP on the clock."), role=who, own_clock=own_clock)
            )
        if left:
            notes.append(said(N_("{role} loses {left} PP."), role=who, left=left))
        reserve += own_reserve
        clock += own_clock
        lost += left
        records.append(
            GeneralPP(
                said=who,
                quality=corps.quality,
                pp=pp,
                divisions=placed,
                reserve=own_reserve,
                clock=own_clock,
                lost=left,
            )
        )

    army = order.army
    pp = general_pp(len(roster), generals, _bonus(order.side, army.quality))
    left = pp
    army_clock = placed = 0
    if left > 0:
        half = left // 2
        if half <= 1:
            # Reading G4.3: with so few PP the "die of half his PP" can only show 1
            army_clock = 1
        else:
            army_clock = dice.roll(
                half, said(N_("G4.3 army general: clock points (d{half})"), half=half)
            )
        left -= army_clock
        notes.append(
            said(N_("army general puts {army_clock} PP on the clock."), army_clock=army_clock)
        )
    out = set(order.out_of_radius)
    activated_by_corps = set(given)
    if all(name in activated_by_corps for name in roster):
        reachable = [name for name in roster if name not in out]
        while left > 0 and reachable:
            weakest = min(reachable, key=lambda name: given[name])  # min() keeps the topmost tie
            given[weakest] += 1
            left -= 1
            placed += 1
            notes.append(
                said(N_("army general tops up {weakest} by 1 PP."), weakest=typed(weakest))
            )
    else:
        activations = 0
        for name in roster:
            if left <= 0 or activations >= army.command_points:
                break
            if name in activated_by_corps:
                continue
            if name in out:
                notes.append(
                    said(
                        N_("army general skips {name}: out of his {radius}″ radius."),
                        name=typed(name),
                        radius=army.radius,
                    )
                )
                continue
            face = dice.roll(
                6, said(N_("G4.3 army general: activate {name}? (4–6 yes)"), name=typed(name))
            )
            if face < ACTIVATION_YES_FROM:
                notes.append(
                    said(
                        N_("army general does not activate {name} ({face})."),
                        name=typed(name),
                        face=face,
                    )
                )
                continue
            amount = reroll_until(
                dice,
                6,
                said(
                    N_("G4.3 army general: PP for {name} (at most {left})"),
                    name=typed(name),
                    left=left,
                ),
                _at_most(left),
            )
            given[name] = amount
            left -= amount
            placed += amount
            activations += 1
            notes.append(
                said(
                    N_("army general activates {name} with {amount} PP."),
                    name=typed(name),
                    amount=amount,
                )
            )
    if left:
        notes.append(said(N_("army general loses {left} PP."), left=left))
    clock += army_clock
    lost += left
    records.insert(
        0,
        GeneralPP(
            said=said(N_("army")),
            quality=army.quality,
            pp=pp,
            divisions=placed,
            clock=army_clock,
            lost=left,
        ),
    )
    return PpAllocation(
        generals=records,
        divisions={name: given.get(name, 0) for name in roster},
        reserve=reserve,
        clock=clock,
        lost=lost,
        rolls=list(dice.rolls[start:]),
        notes=notes,
    )
