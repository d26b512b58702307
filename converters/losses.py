"""Table result → campaign losses (docs/rules.md T2): how many PM a contingent lost in a battle.

After a game of FOG, DBM/DBMM or DBA each contingent's own casualties (T2.4) become a share of
its campaign PM, rounded half up and never more than it had; the PM lost go to the nation's
decimated pool (T2.5). The "recovery" model (T2.6) rolls for each lost base instead.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.dice import Dice
from converters.errors import FieldError
from converters.i18n import N_, _
from converters.rates import (
    DEFAULT_RATES,
    ConversionRates,
    ExactNumber,
    FogOutcome,
    Outcome,
    System,
)
from converters.rounding import as_fraction, round_half_up
from converters.said import Said, said

__all__ = [
    "LandLosses",
    "LostBase",
    "RecoveryLosses",
    "RecoveryRoll",
    "dba_losses",
    "dbm_losses",
    "dbmm_losses",
    "fog_army_break",
    "fog_losses",
    "recovery_losses",
]

LostBase = Literal["destroyed", "routed", "naval"]
"""What a T2.6 recovery die is rolled for: a destroyed base, a base of a routed unit, or a
lost naval point."""


class LandLosses(BaseModel):
    """One contingent's campaign losses from a table battle (T2.1–T2.5)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: System
    """The table rules the battle was fought with."""
    outcome: FogOutcome
    """Whether this contingent's side won or lost (a FoG game may be a draw, T2.1)."""
    pm: int = Field(ge=0)
    """The contingent's PM before the battle."""
    pm_lost: int = Field(ge=0)
    """PM lost: ``PM × counted ÷ out_of``, nearest whole PM half up, never more than ``pm``."""
    pm_left: int = Field(ge=0)
    """PM still with the contingent after the battle."""
    decimated: int = Field(ge=0)
    """PM that go to the nation's decimated pool, dated with the battle's turn (T2.5): land PM
    lost in battle are not eliminated, so this equals ``pm_lost``."""
    counted: ExactNumber
    """What was counted against the contingent: effective AP (FOG), ElEq (DBM), elements (DBA)."""
    out_of: ExactNumber
    """What ``counted`` is a share of: battle groups (FOG), total ElEq (DBM), elements (DBA)."""
    effective_ap: int | None = None
    """FOG only: the attrition points that count after T2.1's winner/loser adjustments."""
    army_broken: bool = False
    """FOG only: the AP reached the BG count, the army's break point (T2.1): all its PM go
    to the decimated pool."""


class RecoveryRoll(BaseModel):
    """One T2.6 recovery die."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: LostBase
    """What the die was rolled for."""
    die: int = Field(ge=1, le=6)
    """The face of the d6."""
    modifier: int
    """The sum of the T2.6 modifiers that apply to this base."""
    total: int
    """``die + modifier``."""
    recovered: bool
    """True when ``total`` reaches the recovery target (5)."""
    purpose: str
    """What the die was rolled for, in English, as the dice log records it (``--json``)."""
    said: Said
    """What the die was rolled for, as data: rendered in the reader's language where shown."""


class RecoveryLosses(BaseModel):
    """One contingent's losses under the "recovery" model (T2.6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pm: int = Field(ge=0)
    """The contingent's land PM before the battle."""
    bases: int = Field(ge=1)
    """Bases it fielded."""
    lost_bases: int = Field(ge=0)
    """Bases lost on the table: destroyed plus those of routed units."""
    recovered: int = Field(ge=0)
    """Lost bases recovered by the dice."""
    unrecovered: int = Field(ge=0)
    """Lost bases not recovered."""
    pm_lost: int = Field(ge=0)
    """Land PM lost: ``PM × unrecovered ÷ bases``, nearest whole PM half up (Reading)."""
    pm_left: int = Field(ge=0)
    """Land PM still with the contingent."""
    decimated: int = Field(ge=0)
    """Land PM that go to the decimated pool (T2.5); equals ``pm_lost``."""
    naval_lost: int = Field(default=0, ge=0)
    """Naval points lost in the battle, before recovery."""
    naval_recovered: int = Field(default=0, ge=0)
    """Naval points recovered; the others are sunk and gone (T2.5)."""
    rolls: tuple[RecoveryRoll, ...]
    """Every recovery die, in the order rolled: destroyed bases, routed bases, naval points."""


_BASES_FIELDED = N_("at least 1 (the bases the contingent fielded)")

MOST_BASES = 1_000
"""The most bases (or naval points) T2.6 recovery takes: beyond any table, and each lost one
rolls a die."""


def _count(value: int, field: str, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, _("a whole number (got {value!r})"), value=value)
    if value < 0:
        raise FieldError(field, _("cannot be negative (got {value})"), value=value)
    if most is not None and value > most:
        raise FieldError(field, _("at most {most} (got {value})"), most=most, value=value)
    return value


def _eleq(value: Fraction | int | float | str, field: str) -> Fraction:
    try:
        exact = as_fraction(value)
    except (ValueError, ZeroDivisionError, TypeError):
        raise FieldError(
            field, _("a number of ElEq such as 12 or 11.5 (got {value!r})"), value=value
        ) from None
    if exact < 0:
        raise FieldError(field, _("cannot be negative (got {value:g})"), value=float(exact))
    if (exact * 2).denominator != 1:
        raise FieldError(field, _("ElEq are whole or half (got {value:g})"), value=float(exact))
    return exact


def _parts_within(whole: tuple[str, Fraction | int], fielded: str, **parts: Fraction | int) -> None:
    """What a contingent fielded (``whole``: its field and count, more than 0, else the
    ``fielded`` refusal) holds the ``parts`` lost from it: together at most the whole (T2.1
    BGs broken and fragmented, T2.2 ElEq eliminated, T2.2b bases killed and broken, T2.3
    elements lost, T2.6 bases destroyed and routed)."""
    field, count = whole
    if count <= 0:
        raise FieldError(field, _(fielded))
    if sum(parts.values()) > count:
        # The whole is another field, named by the interface: {whole} becomes {battle_groups}.
        message = (
            _("together at most {whole} ({most}), got {given}")
            if len(parts) > 1
            else _("at most {whole} ({most}), got {given}")
        )
        raise FieldError(
            tuple(parts),
            message.replace("{whole}", "{" + field + "}"),
            most=_show(Fraction(count)),
            given=" + ".join(_show(Fraction(part)) for part in parts.values()),
        )


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _share(pm: int, counted: Fraction, out_of: Fraction) -> int:
    # T2.1–T2.3: nearest whole PM, half up, and a contingent cannot lose more than it has.
    return min(round_half_up(pm * counted / out_of), pm)


def _land(
    system: System,
    outcome: FogOutcome,
    pm: int,
    counted: Fraction,
    out_of: Fraction,
    effective_ap: int | None = None,
) -> LandLosses:
    lost = _share(pm, counted, out_of)
    broken = system == "fog" and counted >= out_of
    return LandLosses(
        system=system,
        outcome=outcome,
        pm=pm,
        pm_lost=lost,
        pm_left=pm - lost,
        decimated=lost,
        counted=counted,
        out_of=out_of,
        effective_ap=effective_ap,
        army_broken=broken,
    )


def _check_outcome(outcome: str) -> Outcome:
    if outcome == "won":
        return "won"
    if outcome == "lost":
        return "lost"
    raise FieldError("outcome", _("won or lost (got {outcome!r})"), outcome=outcome)


def fog_army_break(losses: LandLosses) -> str:
    """T2.1 in words: when the AP reached the BG count, the army broke and all its PM go to the
    decimated pool; "" otherwise. The battle desk and ``castra losses fog`` show it."""
    if not losses.army_broken:
        return ""
    return _(
        "Army break: {ap} AP reach its {bgs} BGs, so all {pm} PM go to the decimated pool (T2.1)."
    ).format(ap=losses.effective_ap, bgs=_show(losses.out_of), pm=losses.pm)


def fog_losses(
    pm: int,
    battle_groups: int,
    outcome: FogOutcome,
    *,
    broken: int = 0,
    fragmented: int = 0,
    camp_sacked: bool = False,
    attrition: int | None = None,
    rates: ConversionRates = DEFAULT_RATES,
) -> LandLosses:
    """T2.1 FOG: ``PM × effective AP ÷ battle groups``, nearest whole PM, never above PM.

    Attrition points are counted from ``broken`` (2 AP each) and ``fragmented`` (1 AP) BGs and
    a sacked camp (1 AP), or given as the ``attrition`` total the FOG edition counted. The
    winner does not count its fragmented BGs; the loser adds the camp's AP unless its camp
    was already sacked (and so already counted). A draw: each side counts as a loser for its
    own AP, camp included (T2.1). When the AP reach the BG count the army has broken
    (``army_broken``, :func:`fog_army_break`).
    """
    checked: FogOutcome = "draw" if outcome == "draw" else _check_outcome(outcome)
    # T2.1: in a draw each side counts its AP as a loser does.
    counts_as: Outcome = "won" if checked == "won" else "lost"
    _count(pm, "pm")
    _count(battle_groups, "battle_groups")
    _count(broken, "broken")
    _count(fragmented, "fragmented")
    _parts_within(
        ("battle_groups", battle_groups),
        N_("at least 1 (the BGs the contingent fielded)"),
        broken=broken,
        fragmented=fragmented,
    )
    if attrition is None:
        ap = broken * rates.fog_ap_broken
        if counts_as == "lost" or camp_sacked:
            ap += rates.fog_ap_camp
        if counts_as == "lost":
            ap += fragmented * rates.fog_ap_fragmented
    else:
        _count(attrition, "attrition")
        if broken:
            raise FieldError("attrition", _("give either {attrition} or {broken}, not both"))
        ap = attrition
        if counts_as == "won":
            # The edition's total includes the fragmented BGs the winner does not count.
            ap -= fragmented * rates.fog_ap_fragmented
            if ap < 0:
                raise FieldError(
                    "attrition",
                    _("at least the AP of the {count} fragmented BGs ({ap}), got {given}"),
                    count=fragmented,
                    ap=fragmented * rates.fog_ap_fragmented,
                    given=attrition,
                )
        elif not camp_sacked:
            ap += rates.fog_ap_camp
    return _land("fog", checked, pm, Fraction(ap), Fraction(battle_groups), effective_ap=ap)


def dbm_losses(
    pm: int,
    total_eleq: Fraction | int | float | str,
    eliminated: Fraction | int | float | str,
    outcome: Outcome,
    *,
    demoralised: Fraction | int | float | str = 0,
) -> LandLosses:
    """T2.2 DBM/DBMM: ``PM × counted ElEq ÷ total ElEq``, nearest whole PM.

    The loser counts eliminated ElEq plus half its demoralised-but-not-eliminated ElEq; the
    winner counts eliminated ElEq only. ElEq may be halves.
    """
    checked = _check_outcome(outcome)
    _count(pm, "pm")
    total = _eleq(total_eleq, "total_eleq")
    gone = _eleq(eliminated, "eliminated")
    shaken = _eleq(demoralised, "demoralised")
    _parts_within(("total_eleq", total), N_("more than 0 (the contingent's ElEq)"), eliminated=gone)
    if gone + shaken > total:
        raise FieldError(
            "demoralised",
            _(
                "demoralised but not eliminated, so at most {total_eleq} − {eliminated} "
                "({most}), got {given}"
            ),
            most=_show(total - gone),
            given=_show(shaken),
        )
    counted = gone + shaken / 2 if checked == "lost" else gone
    return _land("dbm", checked, pm, counted, total)


def dbmm_losses(pm: int, bases: int, killed: int, broken: int, outcome: Outcome) -> LandLosses:
    """T2.2b DBMM: ``PM × counted bases ÷ bases fielded``, nearest whole PM (200 points per PM,
    as DBM, T1.2). The winner counts the bases killed; the loser counts the bases killed plus
    the bases of its broken units that were not killed (``broken``)."""
    checked = _check_outcome(outcome)
    _count(pm, "pm")
    _count(bases, "bases")
    _count(killed, "killed")
    _count(broken, "broken")
    _parts_within(("bases", bases), _BASES_FIELDED, killed=killed, broken=broken)
    counted = killed + broken if checked == "lost" else killed
    return _land("dbmm", checked, pm, Fraction(counted), Fraction(bases))


def dba_losses(pm: int, elements: int, lost: int, outcome: Outcome) -> LandLosses:
    """T2.3 (Reading) DBA: ``PM × elements lost ÷ elements fielded``, nearest whole PM."""
    checked = _check_outcome(outcome)
    _count(pm, "pm")
    _count(elements, "elements")
    _count(lost, "lost")
    _parts_within(
        ("elements", elements), N_("at least 1 (the elements the contingent fielded)"), lost=lost
    )
    return _land("dba", checked, pm, Fraction(lost), Fraction(elements))


def recovery_losses(
    pm: int,
    bases: int,
    destroyed: int,
    routed: int,
    dice: Dice,
    *,
    holds_field: bool = False,
    commander_killed: bool = False,
    allied: bool = False,
    naval_lost: int = 0,
    rates: ConversionRates = DEFAULT_RATES,
) -> RecoveryLosses:
    """T2.6 "recovery": 1d6 per lost base and per lost naval point, recovered at 5+.

    Modifiers: +2 the side holds the battlefield; +1 a base of a routed unit (not destroyed);
    −1 the contingent's commander was killed; −1 allied land troops (bases only). Reading:
    land losses = ``PM × unrecovered bases ÷ bases fielded``, nearest whole PM half up.
    """
    _count(pm, "pm")
    _count(bases, "bases", most=MOST_BASES)
    _count(destroyed, "destroyed")
    _count(routed, "routed")
    _count(naval_lost, "naval_lost", most=MOST_BASES)
    _parts_within(("bases", bases), _BASES_FIELDED, destroyed=destroyed, routed=routed)
    common = rates.recovery_holds_field if holds_field else 0
    if commander_killed:
        common += rates.recovery_commander_killed
    land = common + (rates.recovery_allied if allied else 0)

    rolls: list[RecoveryRoll] = []

    def roll(kind: LostBase, number: int, of: int, modifier: int) -> None:
        label = {
            "destroyed": N_("destroyed base"),
            "routed": N_("routed base"),
            "naval": N_("naval point"),
        }
        purpose = said(
            N_("T2.6 recovery: {label} {number} of {of}"),
            label=said(label[kind]),
            number=number,
            of=of,
        )
        die = dice.roll(6, purpose)
        rolls.append(
            RecoveryRoll(
                purpose=purpose.english(),
                said=purpose,
                kind=kind,
                die=die,
                modifier=modifier,
                total=die + modifier,
                recovered=die + modifier >= rates.recovery_target,
            )
        )

    for number in range(1, destroyed + 1):
        roll("destroyed", number, destroyed, land)
    for number in range(1, routed + 1):
        roll("routed", number, routed, land + rates.recovery_routed)
    for number in range(1, naval_lost + 1):
        roll("naval", number, naval_lost, common)

    recovered = sum(1 for r in rolls if r.recovered and r.kind != "naval")
    unrecovered = destroyed + routed - recovered
    lost = _share(pm, Fraction(unrecovered), Fraction(bases))
    return RecoveryLosses(
        pm=pm,
        bases=bases,
        lost_bases=destroyed + routed,
        recovered=recovered,
        unrecovered=unrecovered,
        pm_lost=lost,
        pm_left=pm - lost,
        decimated=lost,
        naval_lost=naval_lost,
        naval_recovered=sum(1 for r in rolls if r.recovered and r.kind == "naval"),
        rolls=tuple(rolls),
    )
