"""Which offered d6 the ghost takes off the turn clock when he controls it (docs/rules.md G4.4)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from converters.dice import Dice, Roll
from converters.errors import FieldError
from converters.i18n import N_, _
from converters.said import Said, said
from ghost.generals import Personality

__all__ = ["CHOICES", "GENERALS", "HIGHER_UP_TO", "ClockChoice", "choose_clock", "clock_choice_for"]

HIGHER_UP_TO: dict[Personality, int] = {
    Personality.aggressive: 1,
    Personality.prudent: 4,
    Personality.unstable: 5,
    Personality.organised: 2,
}
"""G4.4: the choosing d6 takes the higher die up to this face, the lower one above it."""

GENERALS: dict[Personality, str] = {
    Personality.aggressive: N_("Aggressive"),
    Personality.prudent: N_("Prudent"),
    Personality.unstable: N_("Unstable"),
    Personality.organised: N_("Organised"),
}
"""Each personality as the clock's reason names its general ("Prudent general (…)")."""

CHOICES: dict[Literal["higher", "lower"], str] = {"higher": N_("higher"), "lower": N_("lower")}
"""Which offered die he takes, as the reason says it ("takes the higher die")."""


class ClockChoice(BaseModel):
    """The ghost's clock decision (G4.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    offered: tuple[int, int]
    """The two d6 offered."""
    choice: Literal["higher", "lower"]
    """Which of them he takes."""
    subtract: int
    """The value subtracted from the clock."""
    roll: Roll
    """The choosing d6."""
    said: Said
    """Why, as data, said in the reader's language when shown."""
    rule: str = "G4.4"
    """The rule applied."""

    @property
    def reason(self) -> str:
        """Why, in English."""
        return self.said.english()


def clock_choice_for(personality: Personality, face: int) -> Literal["higher", "lower"]:
    """G4.4 table: aggressive 1 → higher; prudent 1–4; unstable 1–5; organised 1–2."""
    if not 1 <= face <= 6:
        raise FieldError("roll", _("a d6 shows 1 to 6 (got {face})"), face=face)
    return "higher" if face <= HIGHER_UP_TO[personality] else "lower"


def choose_clock(personality: Personality, offered: tuple[int, int], dice: Dice) -> ClockChoice:
    """G4.4: roll 1d6 and take the higher or the lower of the two offered d6."""
    for value in offered:
        if not 1 <= value <= 6:
            raise FieldError(
                "dice", _("the offered dice are d6, 1 to 6 (got {value})"), value=value
            )
    purpose = said(N_("G4.4 which clock die to subtract"))
    face = dice.roll(6, purpose)
    roll = Roll(sides=6, value=face, said=purpose)
    choice = clock_choice_for(personality, face)
    subtract = max(offered) if choice == "higher" else min(offered)
    up_to = HIGHER_UP_TO[personality]
    rule_text = (
        said(N_("1–{up_to} the higher"), up_to=up_to) if up_to > 1 else said(N_("1 the higher"))
    )
    return ClockChoice(
        offered=offered,
        choice=choice,
        subtract=subtract,
        roll=roll,
        said=said(
            N_(
                "{personality} general ({rule_text}, else the lower): rolled {face}, takes the "
                "{choice} die, {subtract}."
            ),
            personality=said(GENERALS[personality]),
            rule_text=rule_text,
            face=face,
            choice=said(CHOICES[choice]),
            subtract=subtract,
        ),
    )
