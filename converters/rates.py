"""The configurable numbers of the battle converters (T1, T2), in one validated model.

docs/rules.md marks these numbers *(configurable)*: a campaign may change how many FOG points a PM
is worth or how many attrition points a broken battle group costs. The defaults here are the
seed's; :mod:`armylists` ships the same numbers as data and loads a campaign's overrides into
this model, so the rules functions never read a file.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer

from converters.errors import FieldError
from converters.i18n import _
from converters.rounding import as_fraction

__all__ = [
    "DEFAULT_RATES",
    "PM",
    "SYSTEMS",
    "ConversionRates",
    "ExactNumber",
    "FogOutcome",
    "Outcome",
    "System",
    "check_half_pm",
    "pm_for_json",
]

System = Literal["fog", "dbm", "dbmm", "dba"]
"""The table rules a land battle can be fought with: Field of Glory, DBM, DBMM (its own loss
rule, T2.2b), DBA 3.0."""

SYSTEMS: tuple[System, ...] = ("fog", "dbm", "dbmm", "dba")
"""Every :data:`System`, in the order the command line lists them."""

Outcome = Literal["won", "lost"]
"""How the battle ended for the contingent whose losses are converted (T2)."""

FogOutcome = Literal["won", "lost", "draw"]
"""T2.1: a FoG game may also end in a draw, where each side counts as a loser for its own AP."""


def _exact(value: object) -> object:
    # A float such as 0.3 must be read as typed, not as its binary approximation.
    if isinstance(value, float):
        return as_fraction(value)
    return value


def check_half_pm(value: Fraction) -> Fraction:
    """A campaign strength is a whole PM or, for an empty city's garrison, a half (T1.4, T3.5)."""
    if value < 0:
        raise ValueError(_("PM cannot be negative (got {pm})").format(pm=pm_for_json(value)))
    if (value * 2).denominator != 1:
        raise ValueError(_("PM is a whole or half number (got {pm:g})").format(pm=float(value)))
    return value


def pm_for_json(value: Fraction) -> int | float:
    """A PM figure as JSON shows it: ``3`` or ``0.5`` rather than ``"1/2"``."""
    return int(value) if value.denominator == 1 else float(value)


PM = Annotated[
    Fraction,
    BeforeValidator(_exact),
    AfterValidator(check_half_pm),
    PlainSerializer(pm_for_json),
]
"""Military points: whole, or a half for the garrison of an empty city. Exact (``Fraction``);
accepts ``3``, ``0.5``, ``"1/2"``."""


ExactNumber = Annotated[Fraction, BeforeValidator(_exact), PlainSerializer(pm_for_json)]
"""An exact count or share (ElEq, AP, a scale factor), shown as a plain number in JSON."""


class ConversionRates(BaseModel):
    """Every number of T1/T2 a campaign may change, with the seed's defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fog_points_per_pm: int = Field(default=400, gt=0)
    """T1.1: Field of Glory army points per PM."""
    dbm_points_per_pm: int = Field(default=200, gt=0)
    """T1.2: DBM/DBMM army points per PM."""
    dba_elements_per_pm: int = Field(default=6, gt=0)
    """T1.3 (Reading): DBA elements per PM, so 2 PM make one 12-element army."""
    dba_elements_per_command: int = Field(default=12, gt=0)
    """T1.3: elements in one DBA command (a standard army)."""

    dice_min_pm: int = Field(default=2, ge=0)
    """T1.8: a side with fewer PM than this fights by dice."""
    dice_ratio: int = Field(default=3, ge=1)
    """T1.8: the battle is fought by dice when the larger side has strictly more than this
    many times the smaller."""

    fog_ap_broken: int = Field(default=2, ge=0)
    """T2.1: attrition points of a BG broken, routed, destroyed or gone off table."""
    fog_ap_fragmented: int = Field(default=1, ge=0)
    """T2.1: attrition points of a fragmented BG (the winner does not count them)."""
    fog_ap_camp: int = Field(default=1, ge=0)
    """T2.1: attrition points of a sacked camp (the loser always counts them)."""

    recovery_target: int = Field(default=5, ge=1)
    """T2.6: a lost base (or naval point) is recovered on 1d6 + modifiers at or above this."""
    recovery_holds_field: int = 2
    """T2.6: modifier when the side holds the battlefield."""
    recovery_routed: int = 1
    """T2.6: modifier for a base of a routed unit (not destroyed)."""
    recovery_commander_killed: int = -1
    """T2.6: modifier when the contingent's commander was killed."""
    recovery_allied: int = -1
    """T2.6: modifier for allied land troops."""

    def per_pm(self, system: System) -> int:
        """Points (FOG, DBM) or elements (DBA) one PM is worth on the table (T1.1–T1.3)."""
        if system == "fog":
            return self.fog_points_per_pm
        if system in ("dbm", "dbmm"):
            return self.dbm_points_per_pm  # T1.2: DBMM uses the DBM rate
        if system == "dba":
            return self.dba_elements_per_pm
        raise FieldError(
            "system",
            _("one of {allowed} (got {system!r})"),
            allowed=", ".join(SYSTEMS),
            system=system,
        )


DEFAULT_RATES = ConversionRates()
"""The seed's numbers, for callers that have no campaign overrides."""
