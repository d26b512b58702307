"""Replaying a ghost battle or a PP turn from a JSON script (``castra ghost replay`` / ``pp``).

A script is a record of a game at the table: the general, the running losses at the start of
each ghost turn and the dice as they fell. Replaying it must reproduce every decision, and a
script with too few dice must say how many more are needed rather than stop at the first gap,
so the dice are read from the script and then *counted* for as long as the rules still ask.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from converters.dice import Dice, InvalidDieError, Roll, as_said
from converters.house_rules import HouseRules, parse_rule_items
from converters.i18n import N_, _, ngettext
from converters.rounding import round_half_up
from converters.said import Said, render, said
from ghost.battle import GhostBattle, TurnLosses
from ghost.decisions import Order
from ghost.generals import GeneralProfile, Personality, Quality, Side
from ghost.priority import (
    CorpsCommand,
    CountingDice,
    DivisionName,
    PpAllocation,
    PpOrder,
    allocate_pp,
    check_roster,
)

__all__ = [
    "DiceShortError",
    "PpScript",
    "ReplayScript",
    "ScriptThenCountDice",
    "pp_output",
    "replay",
    "replay_output",
    "rolls_output",
    "run_pp",
]


MISSING = N_("{purpose} (missing die)")
"""A die the script did not give, taken as the face the rule needs (its purpose says so)."""


def _missing(purpose: Said) -> Said:
    return said(MISSING, purpose=purpose)


class DiceShortError(ValueError):
    """The script's dice ran out; ``missing`` more dice are needed to finish."""

    def __init__(self, given: int, missing: int) -> None:
        ran_out = ngettext(
            "dice: the script's {given} die ran out;",
            "dice: the script's {given} dice ran out;",
            given,
        ).format(given=given)
        needed = ngettext(
            "{missing} more is needed (counting each missing die as its lowest usable face)",
            "{missing} more are needed (counting each missing die as its lowest usable face)",
            missing,
        ).format(missing=missing)
        super().__init__(f"{ran_out} {needed}")
        self.given = given
        self.missing = missing


class ScriptThenCountDice(CountingDice):
    """The script's faces in order, then a tally of every die still asked for.

    A face the die cannot show is refused naming its place in the script (``dice[3]``), never
    accepted. Past the end of the script each die "shows" its lowest usable face (1, or the
    lowest face a re-roll rule accepts), which is enough to follow the rules to the end and
    count the dice.
    """

    def __init__(self, values: list[int]) -> None:
        self._values = list(values)
        self.used = 0
        self.rolls: list[Roll] = []
        self.given = len(values)
        self.missing = 0

    @property
    def remaining(self) -> int:
        """Script faces not read yet."""
        return len(self._values) - self.used

    def roll(self, sides: int, purpose: Said) -> int:
        purpose = as_said(purpose)
        if self.remaining:
            position = self.used
            face = self._values[position]
            if not 1 <= face <= sides:
                raise InvalidDieError(
                    _(
                        "dice[{position}]: a d{sides} shows 1 to {sides} (got {face}) for {purpose}"
                    ).format(
                        position=position,
                        sides=sides,
                        face=face,
                        purpose=render(purpose),
                    )
                )
            self.used += 1
            self.rolls.append(Roll(sides=sides, value=face, said=purpose))
            return face
        self.missing += 1
        self.rolls.append(Roll(sides=sides, value=1, said=_missing(purpose)))
        return 1

    def usable(self, sides: int, purpose: Said, acceptable: Callable[[int], bool]) -> int:
        purpose = as_said(purpose)
        while self.remaining:
            face = self.roll(sides, purpose)
            if acceptable(face):
                return face
        face = min(f for f in range(1, sides + 1) if acceptable(f))
        self.missing += 1
        self.rolls.append(Roll(sides=sides, value=face, said=_missing(purpose)))
        return face

    def check_enough(self) -> None:
        """Raise :class:`DiceShortError` if the rules asked for more dice than the script had."""
        if self.missing:
            raise DiceShortError(self.given, self.missing)


class ReplayGeneral(BaseModel):
    """The ghost army general of a replay script."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quality: Quality
    """poor, mediocre, good or excellent."""
    personality: Personality
    """unstable, prudent, organised or aggressive."""
    side: Side
    """north or south."""


class ReplayTurn(BaseModel):
    """Running totals at the start of one ghost movement turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gr_loss: int = Field(ge=0)
    """The real player's loss points so far (G2.1)."""
    gf_loss: int = Field(ge=0)
    """The ghost's loss points so far (G2.1)."""
    units_lost: int = Field(ge=0)
    """Ghost units lost so far (G3.4)."""


class ReplayScript(BaseModel):
    """``castra ghost replay`` input."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    general: ReplayGeneral
    """The ghost army general."""
    strength: int = Field(ge=1)
    """The ghost's strength points (G2.2)."""
    units: int = Field(ge=1)
    """Units the ghost fields (G3.4)."""
    dice: list[int] = Field(default_factory=list)
    """d6 faces, consumed in order by every roll the ghost makes."""
    turns: list[ReplayTurn] = Field(default_factory=list)
    """One entry per ghost movement turn."""
    rules: dict[str, str] = Field(default_factory=dict)
    """House rules of the battle (docs/rules.md H), e.g. ``{"order_change": "threshold_cross"}``."""


def replay(
    script: ReplayScript, dice: Dice | None = None, rule_items: Sequence[str] = ()
) -> GhostBattle:
    """Play the script: opening order, then per turn G3.2, G3.4, G3.3.

    ``dice`` replaces the script's dice (physical-dice mode). Raises :class:`DiceShortError`
    naming how many more dice the script needs, ``ValueError`` for a turn whose units lost
    exceed the units fielded or fall below the turn before's (a running total, G3.4).
    ``rule_items`` (the command line's ``--rule NAME=VALUE``) apply over the script's ``rules``.
    """
    in_force = script_rules(script, rule_items)
    lost_before = 0
    for index, turn in enumerate(script.turns):
        if turn.units_lost > script.units:
            raise ValueError(
                _(
                    "turns[{index}].units_lost: at most the {units} units fielded (got {lost})"
                ).format(index=index, units=script.units, lost=turn.units_lost)
            )
        if turn.units_lost < lost_before:
            # G3.4 counts units actually lost: a running total never goes down
            raise ValueError(
                _(
                    "turns[{index}].units_lost: a running total, at least the {before} of the "
                    "turn before (got {lost})"
                ).format(index=index, before=lost_before, lost=turn.units_lost)
            )
        lost_before = turn.units_lost
    general = GeneralProfile(
        side=script.general.side,
        quality=script.general.quality,
        personality=script.general.personality,
    )
    source = ScriptThenCountDice(script.dice)
    roller: Dice = source if dice is None else dice
    battle = GhostBattle(general, script.strength, script.units, order_change=in_force.order_change)
    battle.open(roller)
    for turn in script.turns:
        battle.play_turn(
            TurnLosses(gr_loss=turn.gr_loss, gf_loss=turn.gf_loss, units_lost=turn.units_lost),
            roller,
        )
    source.check_enough()
    return battle


def script_rules(script: ReplayScript, rule_items: Sequence[str] = ()) -> HouseRules:
    """The house rules of a replay: the script's ``rules``, then ``rule_items`` over them; a
    ValueError naming the option and the valid values otherwise."""
    from_script = parse_rule_items([f"{name}={value}" for name, value in script.rules.items()])
    return parse_rule_items(list(rule_items), base=from_script)


def rolls_output(rolls: list[Roll]) -> list[dict[str, Any]]:
    """Rolls as the CLI shows them: ``{"die": "d6", "value": 4, "for": "…", "said": {…}}``
    (what it was for in English, and as the description it is)."""
    return [
        {
            "die": f"d{roll.sides}",
            "value": roll.value,
            "for": roll.purpose,
            "said": roll.said.model_dump(mode="json"),
        }
        for roll in rolls
    ]


def replay_output(battle: GhostBattle) -> dict[str, Any]:
    """The ``castra ghost replay --json`` object."""
    state = battle.state
    opening = state.opening
    turns = []
    for record in state.turns:
        summary = record.summary
        turns.append(
            {
                "turn": record.turn,
                "gap_pct": round_half_up(record.gap_pct * 100) / 100,
                "order": summary.order.value,
                "rolls": rolls_output(summary.rolls),
                "reason": summary.reason,
                "said": summary.said.model_dump(mode="json"),
            }
        )
    return {
        "opening": {
            "order": opening.order.value if opening else Order.pre_battle.value,
            "roll": opening.rolls[0].value if opening and opening.rolls else None,
        },
        "turns": turns,
        "final": battle.order.value,
    }


class PpArmyGeneral(BaseModel):
    """The army general of a PP script."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quality: Quality
    """His quality (G1)."""
    personality: Personality
    """His personality (G1)."""


class PpScript(BaseModel):
    """``castra ghost pp`` input."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side
    """north or south."""
    army: PpArmyGeneral
    """The army general."""
    corps: list[CorpsCommand] = Field(default_factory=list)
    """Corps generals and their divisions, in roster order."""
    out_of_radius: list[DivisionName] = Field(default_factory=list)
    """Divisions beyond the army general's radius this turn."""
    dice: list[int] = Field(default_factory=list)
    """Each die's face as rolled, in order (a d3 shows 1–3 …)."""

    @model_validator(mode="after")
    def _roster_is_consistent(self) -> PpScript:
        check_roster(self.corps, self.out_of_radius)
        return self


def run_pp(script: PpScript, dice: Dice | None = None) -> PpAllocation:
    """Allocate the script's PP turn (G4.1–G4.3) with its dice, or with ``dice`` instead."""
    order = PpOrder(
        side=script.side,
        army=GeneralProfile(
            side=script.side, quality=script.army.quality, personality=script.army.personality
        ),
        corps=script.corps,
        out_of_radius=script.out_of_radius,
    )
    source = ScriptThenCountDice(script.dice)
    allocation = allocate_pp(order, source if dice is None else dice)
    source.check_enough()
    return allocation


def pp_output(allocation: PpAllocation) -> dict[str, Any]:
    """The ``castra ghost pp --json`` object."""
    return {
        "generals": [
            {"role": g.role, "said": g.said.model_dump(mode="json"), "pp": g.pp}
            for g in allocation.generals
        ],
        "divisions": dict(allocation.divisions),
        "reserve": allocation.reserve,
        "clock": allocation.clock,
        "lost": allocation.lost,
        "rolls": rolls_output(allocation.rolls),
    }
