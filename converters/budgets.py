"""Campaign strength → table budgets (docs/rules.md T1): what each side brings to the table.

A referee turns the PM that meet in a province into FOG points, DBM army points or DBA
elements, one budget per allied contingent, scales both sides down together when the table is
too small, and is told whether the battle should be fought on the table at all or by dice.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.errors import FieldError
from converters.house_rules import SmallBattle
from converters.i18n import N_, _
from converters.rates import (
    DEFAULT_RATES,
    PM,
    SYSTEMS,
    ConversionRates,
    ExactNumber,
    System,
    pm_for_json,
)
from converters.rounding import as_fraction, round_half_up
from converters.said import Number, Said, said, typed

__all__ = [
    "BattleBudget",
    "BattleCircumstances",
    "ContingentBudget",
    "ContingentStrength",
    "Resolution",
    "ResolutionAdvice",
    "SideBudget",
    "advise_resolution",
    "battle_budget",
    "beyond_in_play",
    "table_budget",
]

Resolution = Literal["table", "dice"]
"""How a land battle is resolved (T1.8): a game on the table, or the dice of T3."""


class ContingentStrength(BaseModel):
    """One nation's contingent in a battle, as the campaign knows it (T1.5)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pm: PM
    """Its land PM; a half for the garrison of an empty city (T1.4)."""
    nation: str | None = None
    """The nation it belongs to, e.g. "Rome" (names as in T1.6); None when not given."""
    army_list: str | None = None
    """The army list it uses in the chosen rules (T1.6), filled in by the caller from
    :func:`armylists.army_list`; the budget repeats it so the players know what to build."""


class ContingentBudget(BaseModel):
    """What one contingent fields on the table (T1.1–T1.5, scaled by T1.7)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: System
    """The table rules the budget is for."""
    pm: PM
    """The contingent's campaign PM."""
    nation: str | None = None
    """The contingent's nation, if given."""
    army_list: str | None = None
    """The army list to use (T1.6), if known."""
    full_budget: int = Field(ge=0)
    """Points (FOG, DBM) or elements (DBA) before any table cap: PM × rate, a half PM at half
    the rate, to the nearest whole point half up."""
    budget: int = Field(ge=0)
    """Points or elements to field, after the table cap (T1.7); equals ``full_budget``
    without a cap."""
    commands: int | None = None
    """DBA only: 12-element commands, ``ceil(budget / 12)`` (T1.3); None for FOG and DBM."""


class SideBudget(BaseModel):
    """One side of the battle: its contingents' budgets and their totals."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pm: PM
    """The side's total PM."""
    full_budget: int = Field(ge=0)
    """Sum of the contingents' budgets before the cap."""
    budget: int = Field(ge=0)
    """Sum of the contingents' budgets after the cap: what the side puts on the table."""
    commands: int | None = None
    """DBA only: the side's commands, each contingent counted on its own (allies do not share
    a command)."""
    contingents: tuple[ContingentBudget, ...]
    """Each allied contingent's own budget (T1.5), in the order given."""


class BattleCircumstances(BaseModel):
    """What the referee knows about the battle that can send it to the dice (T1.8)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    special_terrain: bool = False
    """Special terrain rules apply (e.g. a mountain road)."""
    city: bool = False
    """The battle is for a city (assault or sortie)."""
    landing: bool = False
    """The attacker lands from the sea."""
    players_agree_dice: bool = False
    """Both players agree to settle it by dice."""


class ResolutionAdvice(BaseModel):
    """T1.8's answer: table or dice, and every reason that led there."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    resolution: Resolution
    """"dice" when any T1.8 condition holds, else "table"."""
    reasons: tuple[str, ...]
    """Each condition that holds, in words a referee can read out; for "table", why not dice
    (English, as ``--json`` gives them)."""
    told: tuple[Said, ...] = Field(default=(), exclude=True)
    """The same reasons as descriptions, said in the reader's language where shown."""


class BattleBudget(BaseModel):
    """Both sides' table budgets for one battle, with the cap factor and the T1.8 advice."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: System
    """The table rules."""
    a: SideBudget
    """Side A (usually the attacker)."""
    b: SideBudget
    """Side B."""
    cap: int | None = None
    """The table cap the referee set (T1.7), in points or elements; None for no cap."""
    scale: ExactNumber = Fraction(1)
    """The one factor both sides were scaled by: ``cap ÷ larger budget`` when the larger budget
    exceeds the cap, else 1."""
    resolution: Resolution
    """T1.8: "table" or "dice"."""
    reasons: tuple[str, ...]
    """T1.8: why, in English."""
    told: tuple[Said, ...] = Field(default=(), exclude=True)
    """T1.8: why, as descriptions said in the reader's language where shown."""


def _full_budget(system: System, pm: Fraction, rates: ConversionRates) -> int:
    # T1.4: a half PM is simply half the rate; half-up keeps odd rates honest.
    return round_half_up(pm * rates.per_pm(system))


def _commands(system: System, elements: int, rates: ConversionRates) -> int | None:
    if system != "dba":
        return None
    return math.ceil(Fraction(elements, rates.dba_elements_per_command))


def _check_system(system: str) -> System:
    for known in SYSTEMS:
        if system == known:
            return known
    raise FieldError(
        "system", _("one of {allowed} (got {system!r})"), allowed=", ".join(SYSTEMS), system=system
    )


def table_budget(
    system: System,
    pm: Fraction | int | float | str,
    rates: ConversionRates = DEFAULT_RATES,
    *,
    nation: str | None = None,
    army_list: str | None = None,
) -> ContingentBudget:
    """One contingent's budget without a cap (T1.1 FOG, T1.2 DBM, T1.3 DBA, T1.4 half PM).

    >>> table_budget("fog", 4).budget
    1600
    >>> table_budget("dba", 6).commands
    3
    """
    strength = ContingentStrength(pm=pm, nation=nation, army_list=army_list)
    return _contingent_budget(_check_system(system), strength, Fraction(1), rates)


def _contingent_budget(
    system: System, strength: ContingentStrength, scale: Fraction, rates: ConversionRates
) -> ContingentBudget:
    full = _full_budget(system, strength.pm, rates)
    # T1.7: rounded down, so the cap is never exceeded.
    scaled = math.floor(full * scale)
    return ContingentBudget(
        system=system,
        pm=strength.pm,
        nation=strength.nation,
        army_list=strength.army_list,
        full_budget=full,
        budget=scaled,
        commands=_commands(system, scaled, rates),
    )


def _side(
    system: System,
    contingents: Sequence[ContingentStrength],
    scale: Fraction,
    rates: ConversionRates,
) -> SideBudget:
    budgets = tuple(_contingent_budget(system, c, scale, rates) for c in contingents)
    commands = [b.commands for b in budgets if b.commands is not None]
    return SideBudget(
        pm=sum((c.pm for c in contingents), Fraction(0)),
        full_budget=sum(b.full_budget for b in budgets),
        budget=sum(b.budget for b in budgets),
        commands=sum(commands) if system == "dba" else None,
        contingents=budgets,
    )


def advise_resolution(
    pm_a: Fraction | int | float,
    pm_b: Fraction | int | float,
    circumstances: BattleCircumstances | None = None,
    rates: ConversionRates = DEFAULT_RATES,
    small_battle: SmallBattle = "either_side",
) -> ResolutionAdvice:
    """T1.8: dice if special terrain, a city or a landing apply; either side has fewer than
    2 PM (house rule ``small_battle = both_sides``: both sides have); the larger side has
    strictly more than 3× the smaller; or the players agree. Otherwise the table.
    """
    circumstances = circumstances or BattleCircumstances()
    a = as_fraction(pm_a)
    b = as_fraction(pm_b)
    if a < 0 or b < 0:
        raise ValueError(
            _("PM cannot be negative (got {a} and {b})").format(a=pm_for_json(a), b=pm_for_json(b))
        )
    reasons: list[Said] = []
    if circumstances.special_terrain:
        reasons.append(said(N_("T1.8: special terrain rules apply")))
    if circumstances.city:
        reasons.append(said(N_("T1.8: the battle is for a city")))
    if circumstances.landing:
        reasons.append(said(N_("T1.8: the attacker lands from the sea")))
    under = [(side, pm) for side, pm in (("A", a), ("B", b)) if pm < rates.dice_min_pm]
    if small_battle == "both_sides" and len(under) == 2:
        reasons.append(
            said(
                N_(
                    "T1.8: both sides have fewer than {least} PM ({a} and {b}; house rule "
                    "small_battle = both_sides)"
                ),
                least=rates.dice_min_pm,
                a=_pm(a),
                b=_pm(b),
            )
        )
    elif small_battle == "either_side":
        for side, pm in under:
            reasons.append(
                said(
                    N_("T1.8: side {side} has fewer than {dice_min_pm} PM ({pm})"),
                    side=typed(side),
                    dice_min_pm=rates.dice_min_pm,
                    pm=_pm(pm),
                )
            )
    elif small_battle != "both_sides":
        raise FieldError(
            "small_battle",
            _("either_side or both_sides (got {small_battle!r})"),
            small_battle=small_battle,
        )
    big, small = max(a, b), min(a, b)
    if big > rates.dice_ratio * small:
        reasons.append(
            said(
                N_(
                    "T1.8: the larger side has more than {dice_ratio}× the smaller ({big} > "
                    "{dice_ratio} × {small})"
                ),
                dice_ratio=rates.dice_ratio,
                big=_pm(big),
                small=_pm(small),
            )
        )
    if circumstances.players_agree_dice:
        reasons.append(said(N_("T1.8: the players agree to use dice")))
    dice = bool(reasons)
    if not dice:
        reasons.append(
            said(
                N_(
                    "T1.8: no terrain, city or landing rules; both sides have at least "
                    "{dice_min_pm} PM and the larger is at most {dice_ratio}× the smaller"
                ),
                dice_min_pm=rates.dice_min_pm,
                dice_ratio=rates.dice_ratio,
            )
        )
    return ResolutionAdvice(
        resolution="dice" if dice else "table",
        reasons=tuple(reason.english() for reason in reasons),
        told=tuple(reasons),
    )


def _pm(value: Fraction) -> Number:
    """A PM figure as ``--json`` writes it ("3", "0.5"), said with the reader's separator."""
    return Number(value=pm_for_json(value))


def battle_budget(
    system: System,
    side_a: Sequence[ContingentStrength],
    side_b: Sequence[ContingentStrength],
    rates: ConversionRates = DEFAULT_RATES,
    cap: int | None = None,
    circumstances: BattleCircumstances | None = None,
    small_battle: SmallBattle = "either_side",
) -> BattleBudget:
    """Both sides' budgets, per contingent (T1.5), scaled by one factor under a cap (T1.7),
    with the table-or-dice advice (T1.8).

    T1.7 (Reading): when the larger side's budget exceeds ``cap``, every contingent of both
    sides is multiplied by ``cap ÷ larger budget`` and rounded down, so neither side exceeds
    the cap and the sides keep their proportion.
    """
    known = _check_system(system)
    if not side_a:
        raise FieldError("side_a", _("give at least one contingent"))
    if not side_b:
        raise FieldError("side_b", _("give at least one contingent"))
    if cap is not None and cap < 1:
        raise FieldError("cap", _("a positive number of points or elements (got {cap})"), cap=cap)
    unscaled_a = _side(known, side_a, Fraction(1), rates)
    unscaled_b = _side(known, side_b, Fraction(1), rates)
    larger = max(unscaled_a.full_budget, unscaled_b.full_budget)
    scale = Fraction(1)
    if cap is not None and larger > cap:
        scale = Fraction(cap, larger)
    advice = advise_resolution(unscaled_a.pm, unscaled_b.pm, circumstances, rates, small_battle)
    return BattleBudget(
        system=known,
        a=_side(known, side_a, scale, rates) if scale != 1 else unscaled_a,
        b=_side(known, side_b, scale, rates) if scale != 1 else unscaled_b,
        cap=cap,
        scale=scale,
        resolution=advice.resolution,
        reasons=advice.reasons,
        told=advice.told,
    )


def beyond_in_play(
    fielded: Iterable[tuple[str, Fraction | int]], in_play: Mapping[str, int]
) -> dict[str, tuple[int, int]]:
    """T1.5: the nations whose contingents, added up, field more PM than they have in play.

    ``fielded`` is (nation, PM) per contingent (an empty city's ½ PM garrison counts as 0, as
    the ledger stores it); ``in_play`` the PM each nation has. Returns ``{nation: (fielded, in
    play)}`` for each nation over its PM, so a form can refuse it before a budget is shown or a
    die is rolled; a nation missing from ``in_play`` is left to the caller's own check.
    """
    totals: dict[str, int] = {}
    for nation, pm in fielded:
        totals[nation] = totals.get(nation, 0) + math.floor(pm)
    return {
        nation: (total, in_play[nation])
        for nation, total in totals.items()
        if nation in in_play and total > in_play[nation]
    }
