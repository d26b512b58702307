"""One battle's sheet for the table: what each side builds, when it breaks, what each result costs.

Players print it before a campaign battle: both sides' contingents with their budgets and army
lists (T1.1–T1.6), the table cap (T1.7), whether T1.8 would send the battle to the dice, the
break points, a table turning every possible result into campaign PM lost (T2.1–T2.4, through
:mod:`converters.losses` itself, so the sheet and the ledger can never disagree), the exact
odds if the battle were fought by dice instead (T3.8), and blank boxes for the result. Pure:
:mod:`assistant.chronicle.render` lays it out.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from armylists.names import nation_name
from converters.budgets import BattleBudget, ContingentBudget
from converters.i18n import N_, _
from converters.said import Said

__all__ = ["BattleSheet", "LossBand", "SheetContingent", "SheetOdds", "SheetSide", "battle_sheet"]

SHARE_STEPS = 100
"""FOG and DBM results are read in hundredths of the BGs or ElEq fielded: their counts are known
only once the armies are built, the shares are known now."""


class _Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LossBand(_Sheet):
    """Every result from ``low`` to ``high`` (inclusive) costs ``pm_lost`` campaign PM."""

    low: int
    """The smallest count (or percentage) of the band."""
    high: int
    """The largest."""
    pm_lost: int
    """Campaign PM lost (T2.1–T2.3)."""


class SheetContingent(_Sheet):
    """One contingent on the sheet (T1.5)."""

    nation: str
    """Its nation, or "ally" when none was named."""
    pm: str
    """Its campaign PM."""
    budget: int
    """Points, AP or elements to field (after the cap)."""
    full_budget: int
    """Before the cap."""
    commands: int | None
    """DBA: 12-element commands."""
    army_list: str
    """The army list to use (T1.6), or empty."""
    losses: list[LossBand]
    """Result → PM lost, for this contingent's own PM (T2.4)."""


class SheetSide(_Sheet):
    """One side of the battle."""

    side: Literal["a", "b"]
    """Which side."""
    pm: str
    """Its total PM."""
    budget: int
    """What it fields in all."""
    contingents: list[SheetContingent]
    """Each contingent, main one first."""
    break_point: str
    """When this side's army breaks, in the table rules' terms."""


class SheetOdds(_Sheet):
    """T3.8: the exact odds of the same battle fought by dice, both sides fighting to the end."""

    a_wins: str
    """Side a wins, as a percentage."""
    b_wins: str
    """Side b wins."""
    neither: str
    """A draw or both withdrawing."""
    a_left: str
    """Side a's expected PM at the end."""
    b_left: str
    """Side b's expected PM at the end."""


class BattleSheet(_Sheet):
    """Everything on one battle's sheet."""

    place: str
    """Where, if the referee said."""
    when: str
    """When (a campaign date), if the referee said."""
    system: str
    """fog, dbm, dbmm or dba."""
    ruleset: str
    """The ruleset's name, e.g. "Field of Glory"."""
    unit: str
    """points, AP or elements."""
    per_pm: int
    """The rate (T1.1–T1.3)."""
    sides: list[SheetSide]
    """Side a, then side b."""
    cap: int | None
    """The table cap (T1.7)."""
    scale: str
    """The factor both sides were scaled by, e.g. "2/3"; "1" without scaling."""
    resolution: str
    """T1.8: "table" or "dice"."""
    reasons: list[str]
    """T1.8: why (English until the sheet is drawn in the reader's language)."""
    told: list[Said] = Field(default_factory=list, exclude=True)
    """T1.8: why, as the converters said it."""
    counted: str
    """What the loss table's first column counts."""
    counted_note: str
    """What each side counts (T2.1–T2.3)."""
    result_label: str
    """The result box's line for the figures the referee needs (T2.1–T2.3)."""
    odds: SheetOdds | None
    """T3.8 odds, when both sides have whole PM."""


_UNITS = {"fog": N_("points"), "dbm": N_("AP"), "dbmm": N_("AP"), "dba": N_("elements")}


def _bands(results: list[int]) -> list[LossBand]:
    """Consecutive counts that cost the same PM, as one band each."""
    bands: list[LossBand] = []
    for count, lost in enumerate(results):
        if bands and bands[-1].pm_lost == lost:
            bands[-1] = bands[-1].model_copy(update={"high": count})
        else:
            bands.append(LossBand(low=count, high=count, pm_lost=lost))
    return bands


def loss_bands(system: str, pm: int, elements: int) -> list[LossBand]:
    """T2.1–T2.3 for a contingent of ``pm``: FOG by AP counted as % of its BGs, DBM by ElEq
    counted as % of its total, DBA by elements lost out of its ``elements``."""
    from converters.losses import dba_losses, dbm_losses, dbmm_losses, fog_losses

    if pm < 1:
        return []
    if system == "fog":
        # "won" with no fragmented BGs: the AP given are exactly the AP counted.
        results = [
            fog_losses(pm, SHARE_STEPS, "won", attrition=share).pm_lost
            for share in range(SHARE_STEPS + 1)
        ]
    elif system == "dbm":
        results = [
            dbm_losses(pm, SHARE_STEPS, share, "won").pm_lost for share in range(SHARE_STEPS + 1)
        ]
    elif system == "dbmm":
        # T2.2b: the bases counted as a share of the bases fielded, as DBM's ElEq.
        results = [
            dbmm_losses(pm, SHARE_STEPS, share, 0, "won").pm_lost
            for share in range(SHARE_STEPS + 1)
        ]
    else:
        results = [dba_losses(pm, elements, lost, "won").pm_lost for lost in range(elements + 1)]
    return _bands(results)


def _break_point(system: str, side: str, elements: int) -> str:
    if system == "fog":
        return _(
            "side {side}: breaks when its attrition points reach its number of BGs; an army "
            "broken loses all its PM (T2.1)"
        ).format(side=side)
    if system == "dbmm":
        return _(
            "side {side}: the winner counts the bases killed, the loser also the bases of its "
            "broken units (DBMM, T2.2b)"
        ).format(side=side)
    if system == "dbm":
        return _(
            "side {side}: a command is demoralised when it has lost more than a third of its "
            "ElEq; the army is beaten when it has lost more than half its ElEq (DBM)"
        ).format(side=side)
    third = -(-elements // 3)
    return _(
        "side {side}: {elements} elements; beaten on losing a third of them ({third}) and more "
        "than the enemy (DBA 3.0: 4 of a 12-element army)"
    ).format(side=side, elements=elements, third=third)


def _pm_text(pm: Fraction) -> str:
    if pm.denominator == 1:
        return str(pm.numerator)
    whole = pm.numerator // pm.denominator
    return f"{whole or ''}½"


def _contingent(system: str, c: ContingentBudget) -> SheetContingent:
    pm = Fraction(c.pm)
    return SheetContingent(
        nation=nation_name(c.nation) if c.nation else _("ally"),
        pm=_pm_text(pm),
        budget=c.budget,
        full_budget=c.full_budget,
        commands=c.commands,
        army_list=c.army_list or "",
        losses=loss_bands(system, int(pm), c.budget) if pm.denominator == 1 else [],
    )


def _percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def _odds(budget: BattleBudget, city: bool) -> SheetOdds | None:
    from converters.odds import battle_odds, dice_of, odds_fit

    pm_a, pm_b = Fraction(budget.a.pm), Fraction(budget.b.pm)
    if pm_a.denominator != 1 or (pm_b.denominator != 1 and not city):
        return None
    if pm_a < 1 or (pm_b < 1 and not city):
        return None
    defender: Literal["b"] | None = "b" if city else None
    if not odds_fit(*dice_of(int(pm_a), int(pm_b), city_defender=defender)):
        return None  # T3.8's odds stop where `castra odds` and the dice battle stop
    odds = battle_odds(int(pm_a), int(pm_b), city_defender=defender)
    return SheetOdds(
        a_wins=_percent(odds.a_wins),
        b_wins=_percent(odds.b_wins),
        neither=_percent(odds.draw + odds.both_withdraw),
        a_left=f"{odds.a_expected_left:.2f}",
        b_left=f"{odds.b_expected_left:.2f}",
    )


def battle_sheet(
    budget: BattleBudget,
    *,
    ruleset: str,
    per_pm: int,
    place: str = "",
    when: str = "",
    city: bool = False,
) -> BattleSheet:
    """The sheet of a battle whose budgets are ``budget`` (``converters.budgets``);
    ``city``: side b defends a city, so the dice odds double its PM (T3.5)."""
    system = budget.system
    sides = []
    for name, side in (("a", budget.a), ("b", budget.b)):
        sides.append(
            SheetSide(
                side=name,
                pm=_pm_text(Fraction(side.pm)),
                budget=side.budget,
                contingents=[_contingent(system, c) for c in side.contingents],
                break_point=_break_point(system, name, side.budget),
            )
        )
    counted = {
        "fog": _("AP counted ÷ BGs fielded, in %"),
        "dbm": _("ElEq counted ÷ ElEq fielded, in %"),
        "dbmm": _("bases counted ÷ bases fielded, in %"),
        "dba": _("elements lost"),
    }[system]
    counted_note = {
        "fog": _(
            "Broken, routed or destroyed BG 2 AP, fragmented 1, camp sacked 1; the loser adds "
            "its camp, the winner leaves out its fragmented BGs (T2.1)."
        ),
        "dbm": _(
            "The loser counts eliminated ElEq and half its demoralised ones; the winner "
            "eliminated ElEq only (T2.2)."
        ),
        "dbmm": _(
            "The winner counts the bases killed; the loser adds the bases of its broken units "
            "that were not killed (T2.2b)."
        ),
        "dba": _("Both sides count the elements they lost (T2.3)."),
    }[system]
    result_label = {
        "fog": _("AP counted / BGs fielded"),
        "dbm": _("ElEq counted / ElEq fielded"),
        "dbmm": _("bases counted / bases fielded"),
        "dba": _("elements lost / fielded"),
    }[system]
    scale = Fraction(budget.scale)
    return BattleSheet(
        place=place,
        when=when,
        system=system,
        ruleset=ruleset,
        unit=_(_UNITS[system]),
        per_pm=per_pm,
        sides=sides,
        cap=budget.cap,
        scale=str(scale),
        resolution=budget.resolution,
        reasons=list(budget.reasons),
        told=list(budget.told),
        counted=counted,
        counted_note=counted_note,
        result_label=result_label,
        odds=_odds(budget, city),
    )
