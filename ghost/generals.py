"""Who the ghost general is (docs/rules.md G1): quality and personality, and what they give him.

Quality (by side) sets command points, command radius and the PP bonus of G4.1; personality
sets the order modifier of G3, the gap threshold of G2.3 and the loss percentage at which the
army leaves the field (G3.4). The tables are the rulebook's own, so they live here as rules
tables rather than as campaign data.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.dice import Dice, Roll
from converters.errors import FieldError
from converters.i18n import N_, _
from converters.said import said

__all__ = [
    "PERSONALITY_TABLE",
    "PERSONALITY_WORDS",
    "QUALITY_TABLE",
    "QUALITY_WORDS",
    "SIDE_WORDS",
    "GeneralGeneration",
    "GeneralProfile",
    "Personality",
    "PersonalityRow",
    "Quality",
    "QualityRow",
    "Side",
    "generate_general",
    "personality_from_d8",
    "quality_from_d8",
]

Side = Literal["north", "south"]
"""The side the ghost plays: the quality die reads a different column for each (G1)."""


class Quality(StrEnum):
    """A general's quality (G1; the seed's scarso / mediocre / buono / eccellente)."""

    poor = "poor"
    mediocre = "mediocre"
    good = "good"
    excellent = "excellent"


class Personality(StrEnum):
    """A general's personality (G1; instabile / prudente / organizzato / aggressivo)."""

    unstable = "unstable"
    prudent = "prudent"
    organised = "organised"
    aggressive = "aggressive"


QUALITY_WORDS: dict[Quality, str] = {
    Quality.poor: N_("poor"),
    Quality.mediocre: N_("mediocre"),
    Quality.good: N_("good"),
    Quality.excellent: N_("excellent"),
}
PERSONALITY_WORDS: dict[Personality, str] = {
    Personality.unstable: N_("unstable"),
    Personality.prudent: N_("prudent"),
    Personality.organised: N_("organised"),
    Personality.aggressive: N_("aggressive"),
}
SIDE_WORDS: dict[Side, str] = {"north": N_("north"), "south": N_("south")}
"""G1's words, each its value, marked for the catalogue: the app, ``castra ghost new`` and the
kept battle's line in the history say a general's quality, personality and side with them."""


class QualityRow(BaseModel):
    """One row of the G1 quality table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    north_d8: tuple[int, ...]
    """Faces of the d8 that give this quality to a Northern general."""
    south_d8: tuple[int, ...]
    """Faces of the d8 that give this quality to a Southern general."""
    command_points: int
    """How many divisions the army general may activate himself (G4.3)."""
    radius: int
    """Command radius in inches (G4.3)."""
    pp_north: int
    """PP bonus of a Northern general (G4.1)."""
    pp_south: int
    """PP bonus of a Southern general (G4.1)."""


class PersonalityRow(BaseModel):
    """One row of the G1 personality table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    d8: tuple[int, ...]
    """Faces of the d8 that give this personality."""
    modifier: int
    """Added to every order roll (G3.1–G3.3)."""
    gap_threshold: int
    """Gap, in whole per cent, that counts as favourable or unfavourable (G2.3)."""
    leave_at: int
    """Losses, in whole per cent of units fielded, at which the army leaves the field (G3.4)."""


QUALITY_TABLE: dict[Quality, QualityRow] = {
    Quality.poor: QualityRow(
        north_d8=(1, 2, 3), south_d8=(1,), command_points=1, radius=1, pp_north=0, pp_south=2
    ),
    Quality.mediocre: QualityRow(
        north_d8=(4, 5), south_d8=(2, 3), command_points=2, radius=2, pp_north=2, pp_south=4
    ),
    Quality.good: QualityRow(
        north_d8=(6, 7), south_d8=(4, 5, 6), command_points=3, radius=3, pp_north=4, pp_south=6
    ),
    Quality.excellent: QualityRow(
        north_d8=(8,), south_d8=(7, 8), command_points=4, radius=4, pp_north=6, pp_south=8
    ),
}
"""G1 quality table: d8 columns by side, command points / radius, PP by side."""

PERSONALITY_TABLE: dict[Personality, PersonalityRow] = {
    Personality.unstable: PersonalityRow(d8=(1, 2), modifier=2, gap_threshold=10, leave_at=20),
    Personality.prudent: PersonalityRow(d8=(3, 4), modifier=1, gap_threshold=10, leave_at=20),
    Personality.organised: PersonalityRow(d8=(5, 6), modifier=-1, gap_threshold=12, leave_at=25),
    Personality.aggressive: PersonalityRow(d8=(7, 8), modifier=-2, gap_threshold=15, leave_at=30),
}
"""G1 personality table: d8, order modifier, gap threshold %, leave-the-field %."""


def quality_from_d8(side: Side, face: int) -> Quality:
    """G1: the quality a d8 face gives on ``side`` (North 1–3 poor, South 1 poor …)."""
    for quality, row in QUALITY_TABLE.items():
        if face in (row.north_d8 if side == "north" else row.south_d8):
            return quality
    raise FieldError("quality", _("the die is a d8, 1 to 8 (got {face})"), face=face)


def personality_from_d8(face: int) -> Personality:
    """G1: the personality a d8 face gives (1–2 unstable … 7–8 aggressive)."""
    for personality, row in PERSONALITY_TABLE.items():
        if face in row.d8:
            return personality
    raise FieldError("personality", _("the die is a d8, 1 to 8 (got {face})"), face=face)


class GeneralProfile(BaseModel):
    """A ghost general: rolled with :func:`generate_general` or set for a historical scenario."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side = "north"
    """The side he commands; it decides his PP bonus (G1)."""
    quality: Quality = Quality.mediocre
    """His quality (G1)."""
    personality: Personality = Personality.organised
    """His personality (G1)."""

    @property
    def command_points(self) -> int:
        """Divisions he may activate himself as army general (G1, G4.3)."""
        return QUALITY_TABLE[self.quality].command_points

    @property
    def radius(self) -> int:
        """Command radius in inches (G1, G4.3)."""
        return QUALITY_TABLE[self.quality].radius

    @property
    def pp_bonus(self) -> int:
        """PP added to his share of the army's PP (G1, G4.1)."""
        row = QUALITY_TABLE[self.quality]
        return row.pp_north if self.side == "north" else row.pp_south

    @property
    def modifier(self) -> int:
        """Added to his order rolls (G1, G3)."""
        return PERSONALITY_TABLE[self.personality].modifier

    @property
    def gap_threshold(self) -> int:
        """Whole per cent at which the gap is favourable / unfavourable (G2.3)."""
        return PERSONALITY_TABLE[self.personality].gap_threshold

    @property
    def leave_at(self) -> int:
        """Whole per cent of units lost at which the army leaves the field (G3.4)."""
        return PERSONALITY_TABLE[self.personality].leave_at

    def summary(self) -> dict[str, int | str]:
        """The general as the ``castra ghost new --json`` keys."""
        return {
            "quality": self.quality.value,
            "personality": self.personality.value,
            "modifier": self.modifier,
            "command_points": self.command_points,
            "radius": self.radius,
            "pp_bonus": self.pp_bonus,
            "gap_threshold": self.gap_threshold,
            "leave_at": self.leave_at,
        }


class GeneralGeneration(BaseModel):
    """A general rolled under G1, with the two d8 that made him."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    general: GeneralProfile
    """The general rolled."""
    rolls: list[Roll] = Field(default_factory=list)
    """The quality d8 then the personality d8."""


def generate_general(side: Side, dice: Dice) -> GeneralGeneration:
    """G1: roll 1d8 for quality (column by ``side``) then 1d8 for personality."""
    start = len(dice.rolls)
    quality = quality_from_d8(side, dice.roll(8, said(N_("G1 quality"))))
    personality = personality_from_d8(dice.roll(8, said(N_("G1 personality"))))
    return GeneralGeneration(
        general=GeneralProfile(side=side, quality=quality, personality=personality),
        rolls=list(dice.rolls[start:]),
    )
