"""ANNI BUI battle arithmetic (docs/rules.md section A): budgets, fire, melee, discipline, income.

ANNI BUI is a play-by-mail game whose referee settles every battle turn by plain sums, with no
dice. These functions are those sums, so a referee can answer a player's mail from the command
line or the app. Unit and building stats come in as the plain models below; the roster itself
is data (:mod:`armylists.annibui`), and so are the rates a campaign may change
(:class:`AnniBuiRates`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, field_validator

from converters.errors import FieldError
from converters.i18n import N_, _, format_number, ngettext
from converters.said import Said, Typed, render, said, typed

__all__ = [
    "ABILITIES",
    "DEFAULT_ANNIBUI_RATES",
    "Ability",
    "AnniBuiRates",
    "ArmyBudget",
    "BattleMap",
    "BuildingLine",
    "BuildingOrder",
    "BuildingType",
    "Casualty",
    "DisciplineCheck",
    "FireResult",
    "Troop",
    "TurnIncome",
    "UnitClass",
    "UnitLine",
    "UnitOrder",
    "UnitType",
    "Withdrawal",
    "army_budget",
    "battle_map",
    "budget_lines",
    "casualty_lines",
    "discipline_check",
    "engine_fire",
    "format_increments",
    "melee",
    "parse_ability",
    "parse_increments",
    "ranged_fire",
    "turn_income",
    "world_map_side",
]

Ability = Literal["mov_m", "mov_b", "acf", "acc", "ab", "tb", "db", "res", "dis", "tras"]
"""A unit ability, as the seed's table heads its columns (MOV M, MOV B, ACF … TRAS)."""

ABILITIES: tuple[Ability, ...] = (
    "mov_m",
    "mov_b",
    "acf",
    "acc",
    "ab",
    "tb",
    "db",
    "res",
    "dis",
    "tras",
)
"""Every :data:`Ability`, in the seed's column order."""

UnitClass = Literal["infantry", "shooters", "cavalry", "siege", "flying", "naval"]
"""The seed's sections of the roster: FANTERIA, UOMINI DA TIRO, CAVALLERIA, ARMI D'ASSEDIO,
UNITA' VOLANTI, UNITA' MARINE."""

UNIT_CLASS_NAMES: dict[str, str] = {
    "infantry": N_("infantry"),
    "shooters": N_("shooters"),
    "cavalry": N_("cavalry"),
    "siege": N_("siege"),
    "flying": N_("flying"),
    "naval": N_("naval"),
}
"""Each roster section in words, translated where shown (the seed's own section names)."""

FireKind = Literal["ranged", "engine"]
"""How a unit shoots (A2): ``ranged`` = AB × shooters − DB × targets; ``engine`` = AB × units."""

Withdrawal = Literal["none", "army", "captain"]
"""A4: no voluntary withdrawal, part of the army withdrew, or the captain withdrew with it."""

Versus = Literal["foot", "cavalry"]
"""A3: which attack value counts in melee — ACF against foot, ACC against cavalry."""


def _exact_for_json(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


Exact = Annotated[Fraction, PlainSerializer(_exact_for_json)]
"""An exact ratio that JSON shows as a number (``50`` or ``37.5``)."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def parse_ability(text: str) -> Ability:
    """``"ACF"``, ``"mov m"``, ``"MOV-B"`` → the :data:`Ability`; anything else a ValueError."""
    key = text.strip().casefold().replace(" ", "_").replace("-", "_")
    for ability in ABILITIES:
        if ability == key:
            return ability
    allowed = ", ".join(a.upper().replace("_", " ") for a in ABILITIES)
    if key in ("att", "dif"):
        # The seed's own example order says "+1 ATT + 2 DIF", which its table does not have.
        raise FieldError(
            "ability",
            _(
                "one of {allowed} (got {text!r}; the seed's example writes ATT/DIF, which are "
                "not columns of its table)"
            ),
            allowed=allowed,
            text=text,
        )
    raise FieldError("ability", _("one of {allowed} (got {text!r})"), allowed=allowed, text=text)


_INCREMENT = re.compile(r"^\s*([A-Za-z][A-Za-z _-]*?)\s*\+\s*(\d+)\s*$")
BUILDING_ABILITIES = ("res", "att", "dis")
"""A1: a building is raised only in RES, ATT and DIS."""


def _decreased(ability: str, plus: int) -> FieldError:
    return FieldError(
        "increments",
        _("{ability}{plus} — abilities can only be increased"),
        ability=ability.upper(),
        plus=plus,
    )


def parse_increments(text: str, field: str, *, building: bool = False) -> dict[Any, int]:
    """``"ACF+1, RES+2"`` → ``{"acf": 1, "res": 2}`` (A1); a building takes only RES, ATT and
    DIS. Anything else is a ValueError starting with ``field`` (the command line's option or
    the app's field), so both say what is wrong in one line."""
    increments: dict[Any, int] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        match = _INCREMENT.match(part)
        if match is None:
            raise FieldError(
                field,
                _("increments are ABILITY+N separated by commas, e.g. ACF+1,RES+2 (got {part!r})"),
                part=part.strip(),
            )
        name = match.group(1).strip()
        ability: str
        if building:
            ability = name.casefold()
            if ability not in BUILDING_ABILITIES:
                raise FieldError(
                    field,
                    _("a building can be raised only in RES, ATT and DIS (got {name!r})"),
                    name=name,
                )
        else:
            try:
                ability = parse_ability(name)
            except FieldError as error:
                raise FieldError(field, error.message, **error.values) from None
        increments[ability] = increments.get(ability, 0) + int(match.group(2))
    return increments


NO_INCREMENTS = N_("none")
"""What :func:`format_increments` writes for no increment at all."""


def format_increments(increments: Mapping[Ability, int]) -> str:
    """``{"acf": 1, "res": 2}`` → ``"ACF+1 RES+2"`` in the seed's column order; ``"none"``."""
    parts = [
        f"{ability.upper().replace('_', ' ')}+{increments[ability]}"
        for ability in ABILITIES
        if increments.get(ability, 0)
    ]
    return " ".join(parts) if parts else NO_INCREMENTS


class AnniBuiRates(BaseModel):
    """Every number of section A a campaign may change, with the seed's defaults."""

    model_config = _FROZEN

    ability_point_cost: int = Field(default=1, ge=0)
    """A1: cost of +1 to any unit ability ("+1 abilità x = +1 costo")."""
    building_res_point_cost: int = Field(default=1, ge=0)
    """A1: cost of +1 RES on a building."""
    building_att_point_cost: int = Field(default=5, ge=0)
    """A1: cost of +1 ATT on a building."""
    building_dis_point_cost: int = Field(default=5, ge=0)
    """A1: cost of +1 DIS (attack distance) on a building."""
    men_per_world_unit: int = Field(default=50, gt=0)
    """A1: men in one world-map unit."""
    battle_units_per_world_unit: int = Field(default=5, gt=0)
    """A1: battle-map units deployed for each world-map unit (so 10 men each)."""
    wall_ab_bonus: int = Field(default=1, ge=0)
    """A2: AB bonus of a shooter standing on walls."""
    wall_range_bonus: int = Field(default=1, ge=0)
    """A2: TB (range) bonus of a shooter standing on walls."""
    captain_discipline_bonus: int = Field(default=1, ge=0)
    """A4: DIS added while the army's captain is with it."""
    withdrawal_discipline_penalty: int = Field(default=1, ge=0)
    """A4: DIS the whole army loses when part of it withdraws from the battle."""
    captain_withdrawal_discipline_penalty: int = Field(default=2, ge=0)
    """A4: DIS the whole army loses when its captain is among those who withdraw."""
    city_income: int = Field(default=50, ge=0)
    """A5: money per controlled city per turn."""
    capital_income: int = Field(default=100, ge=0)
    """A5: money for the capital per turn."""
    killed_bounty: int = Field(default=10, ge=0)
    """A5: money per enemy unit killed in battle."""
    fled_bounty: int = Field(default=5, ge=0)
    """A5: money per enemy unit that fled in battle."""
    world_map_squares_per_player: int = Field(default=3, gt=0)
    """A5: the world map is 3n × 3n squares for n players."""
    battle_map_squares_per_unit: int = Field(default=4, gt=0)
    """A5: a battle map is 4m × 4m squares for m world-map units in contact."""


DEFAULT_ANNIBUI_RATES = AnniBuiRates()
"""The seed's numbers, for callers without campaign overrides."""


class UnitType(BaseModel):
    """One row of the seed's unit table; ``None`` is the seed's "-" (the unit has no such
    ability: a swordsman has no AB, siege engines and ships have no DB)."""

    model_config = _FROZEN

    name: str = Field(min_length=1)
    """The seed's (Italian) name, e.g. ``"Spadaccini"``, ``"Cav. Legg."``."""
    english: str = ""
    """An English gloss for readers, e.g. ``"Swordsmen"``."""
    unit_class: UnitClass
    """The roster section the unit belongs to."""
    fire: FireKind | None = None
    """How the unit shoots (A2), or ``None`` when it cannot shoot."""
    mov_m: int = Field(ge=0)
    """MOV M: squares moved on the world map."""
    mov_b: int = Field(ge=0)
    """MOV B: squares moved on a battle map."""
    acf: int = Field(ge=0)
    """ACF: melee attack against foot units."""
    acc: int = Field(ge=0)
    """ACC: melee attack against cavalry."""
    ab: int | None = Field(default=None, ge=0)
    """AB: ballistic ability (shots)."""
    tb: int | None = Field(default=None, ge=0)
    """TB: ballistic range in squares."""
    db: int | None = Field(default=None, ge=0)
    """DB: ballistic defence; ``None`` means shooters cannot hit the unit at all (A2)."""
    res: int = Field(ge=0)
    """RES: resistance."""
    dis: int = Field(ge=0)
    """DIS: discipline."""
    tras: int = Field(ge=0)
    """TRAS: units the unit can transport."""
    cost: int = Field(ge=0)
    """Base cost of one unit."""

    @property
    def is_cavalry(self) -> bool:
        """Cavalry (horse archers included) is attacked with ACC, everything else with ACF."""
        return self.unit_class == "cavalry"

    @property
    def is_structure(self) -> bool:
        """Siege engines and ships lose RES per hit and are hit last in a group (A2, A3)."""
        return self.unit_class in ("siege", "naval")

    def ability(self, ability: Ability) -> int | None:
        """The value of ``ability`` (``None`` for the seed's "-")."""
        value: int | None = getattr(self, ability)
        return value

    def with_increments(
        self, increments: Mapping[Ability, int], rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES
    ) -> UnitType:
        """A1: the unit as bought with ``increments`` — abilities raised, cost raised by
        ``ability_point_cost`` per point. An ability the unit lacks ("-") cannot be raised."""
        changes: dict[str, int] = {}
        points = 0
        for ability, plus in increments.items():
            if plus < 0:
                raise _decreased(ability, plus)
            if plus == 0:
                continue
            base = self.ability(ability)
            if base is None:
                raise FieldError(
                    "increments",
                    _(
                        "{unit} has no {ability} (the seed's table has '-'), so it cannot be "
                        "increased"
                    ),
                    unit=self.name,
                    ability=ability.upper().replace("_", " "),
                )
            changes[ability] = base + plus
            points += plus
        changes["cost"] = self.cost + points * rates.ability_point_cost
        return self.model_copy(update=changes)


class BuildingType(BaseModel):
    """One row of the seed's buildings table (walls, tower, castle, extra ballista)."""

    model_config = _FROZEN

    name: str = Field(min_length=1)
    """The seed's (Italian) name, e.g. ``"Torre"``."""
    english: str = ""
    """An English gloss, e.g. ``"Tower"``."""
    res: int = Field(ge=0)
    """RES: resistance to hits."""
    att: int | None = Field(default=None, ge=0)
    """ATT: attack strength; ``None`` ("-") for walls, which cannot be given any."""
    dis: int | None = Field(default=None, ge=0)
    """DIS: *attack distance* (not discipline, as for units); ``None`` for walls."""
    cost: int = Field(ge=0)
    """Base cost."""


def _check_increments(value: Mapping[Ability, int]) -> dict[Ability, int]:
    for ability, plus in value.items():
        if plus < 0:
            raise _decreased(ability, plus)
    return {ability: plus for ability, plus in value.items() if plus}


class UnitOrder(BaseModel):
    """A1: one line of a player's creation order — "5 spadaccini, +1 ACF +2 RES"."""

    model_config = _FROZEN

    unit: UnitType
    """The unit type, at its base stats."""
    count: int = Field(ge=1)
    """How many world-map units are created."""
    increments: dict[Ability, int] = Field(default_factory=dict)
    """Points added to each ability (never negative)."""

    @field_validator("increments")
    @classmethod
    def _only_increases(cls, value: dict[Ability, int]) -> dict[Ability, int]:
        return _check_increments(value)


class BuildingOrder(BaseModel):
    """A1: one building to build, with its RES/ATT/DIS increments."""

    model_config = _FROZEN

    building: BuildingType
    """The building type, at its base stats."""
    count: int = Field(default=1, ge=1)
    """How many such buildings."""
    res: int = Field(default=0, ge=0)
    """RES points added."""
    att: int = Field(default=0, ge=0)
    """ATT points added (not for walls)."""
    dis: int = Field(default=0, ge=0)
    """DIS (attack distance) points added (not for walls)."""


class UnitLine(BaseModel):
    """A1: the price of one creation line."""

    model_config = _FROZEN

    unit: str
    """Unit type name."""
    count: int
    """Units created."""
    increments: dict[Ability, int]
    """Ability points added to each unit."""
    unit_cost: int
    """Cost of one unit: base cost + increments."""
    cost: int
    """``count × unit_cost``."""
    stats: UnitType
    """The unit as created (abilities and cost with increments)."""


class BuildingLine(BaseModel):
    """A1: the price of one building line."""

    model_config = _FROZEN

    building: str
    """Building type name."""
    count: int
    """Buildings built."""
    res: int
    """RES points added."""
    att: int
    """ATT points added."""
    dis: int
    """DIS points added."""
    unit_cost: int
    """Cost of one building: base + 1 per RES + 5 per ATT or DIS."""
    cost: int
    """``count × unit_cost``."""


class ArmyBudget(BaseModel):
    """A1: a whole creation order priced, and whether the referee can carry it out."""

    model_config = _FROZEN

    units: tuple[UnitLine, ...]
    """Unit lines, in the order given."""
    buildings: tuple[BuildingLine, ...]
    """Building lines, in the order given."""
    total_cost: int
    """Sum of every line."""
    treasury: int | None
    """Money available, when given."""
    left: int | None
    """Money left after the order, when the treasury was given and the order accepted."""
    accepted: bool
    """False when the order must be refused (the referee's mail says why)."""
    reasons: tuple[str, ...]
    """Why the order is refused, in English; empty when accepted."""
    told: tuple[Said, ...] = Field(default=(), exclude=True)
    """The same as descriptions, said in the reader's language where shown."""
    rule: str = "A1"
    """Rule id."""


def _building_line(order: BuildingOrder, rates: AnniBuiRates) -> BuildingLine:
    building = order.building
    for field, plus, base in (("att", order.att, building.att), ("dis", order.dis, building.dis)):
        if plus and base is None:
            raise FieldError(
                "buildings",
                _(
                    "{building} cannot be given {ability} (the seed's table has '-'); only RES can "
                    "be increased"
                ),
                building=building.name,
                ability=field.upper(),
            )
    unit_cost = (
        building.cost
        + order.res * rates.building_res_point_cost
        + order.att * rates.building_att_point_cost
        + order.dis * rates.building_dis_point_cost
    )
    return BuildingLine(
        building=building.name,
        count=order.count,
        res=order.res,
        att=order.att,
        dis=order.dis,
        unit_cost=unit_cost,
        cost=unit_cost * order.count,
    )


def army_budget(
    units: Sequence[UnitOrder],
    buildings: Sequence[BuildingOrder] = (),
    *,
    army_increments: Mapping[Ability, int] | None = None,
    treasury: int | None = None,
    rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES,
) -> ArmyBudget:
    """A1: the cost of a creation order, and whether it must be refused.

    Each unit costs its base cost plus ``ability_point_cost`` per ability point added; each
    building its base cost plus 1 per RES and 5 per ATT or DIS point. When the units join an
    army that already exists (``army_increments`` given), they must carry that army's
    increments — **Reading**: the increments of the abilities the new unit type has; an army
    of archers with AB+1 can still take swordsmen, who have no AB. A unit order with other
    increments, or a total above ``treasury``, is refused with the reason, as the referee's
    reply mail would say. An ability the unit lacks, or ATT/DIS on walls, is bad input.
    """
    if treasury is not None and treasury < 0:
        raise FieldError(
            "treasury", _("money available cannot be negative (got {value})"), value=treasury
        )
    army = _check_increments(army_increments) if army_increments is not None else None
    reasons: list[Said] = []
    unit_lines: list[UnitLine] = []
    for order in units:
        stats = order.unit.with_increments(order.increments, rates)
        unit_lines.append(
            UnitLine(
                unit=order.unit.name,
                count=order.count,
                increments=dict(order.increments),
                unit_cost=stats.cost,
                cost=stats.cost * order.count,
                stats=stats,
            )
        )
        if army is not None:
            required = {
                ability: plus
                for ability, plus in army.items()
                if order.unit.ability(ability) is not None
            }
            if required != order.increments:
                reasons.append(
                    said(
                        N_(
                            "{count} {name} join an existing army, so they must carry its "
                            "increments ({required}), not {increments}"
                        ),
                        count=order.count,
                        name=typed(order.unit.name),
                        required=_increments(required),
                        increments=_increments(order.increments),
                    )
                )
    building_lines = [_building_line(order, rates) for order in buildings]
    total = sum(line.cost for line in unit_lines) + sum(line.cost for line in building_lines)
    if treasury is not None and total > treasury:
        reasons.append(
            said(
                N_("the order costs {total} but the treasury holds only {treasury}"),
                total=total,
                treasury=treasury,
            )
        )
    accepted = not reasons
    return ArmyBudget(
        units=tuple(unit_lines),
        buildings=tuple(building_lines),
        total_cost=total,
        treasury=treasury,
        left=treasury - total if treasury is not None and accepted else None,
        accepted=accepted,
        reasons=tuple(reason.english() for reason in reasons),
        told=tuple(reasons),
    )


def _increments(increments: Mapping[Ability, int]) -> Said | Typed:
    """Increments as a value: the seed's columns as written ("ACF+1"), "none" in words."""
    written = format_increments(increments)
    return said(NO_INCREMENTS) if written == NO_INCREMENTS else typed(written)


def casualty_lines(result: FireResult) -> list[str]:
    """A2, A3: what a volley or a melee did to each target, indented under its headline, and
    the hits left over when no target remained (the command line and the app both print them)."""
    lines = []
    for casualty in result.casualties:
        if casualty.res_lost:
            line = _("{unit}: {killed} of {count} killed, {res} RES lost, {left} left")
        else:
            line = _("{unit}: {killed} of {count} killed, {left} left")
        values = {
            "unit": casualty.unit,
            "killed": casualty.killed,
            "count": casualty.count,
            "res": casualty.res_lost,
            "left": casualty.left,
        }
        lines.append("  " + line.format(**values))
    if result.wasted_hits:
        wasted = ngettext(
            "{hits} hit wasted (no targets left)",
            "{hits} hits wasted (no targets left)",
            result.wasted_hits,
        )
        lines.append("  " + wasted.format(hits=result.wasted_hits))
    return lines


def discipline_sum(check: DisciplineCheck) -> str:
    """A4: the army's DIS with the captain's bonus and the withdrawal penalty, e.g.
    "DIS 4 + 1 captain − 1 withdrawal" (the command line and the app both print it)."""
    parts = [f"DIS {check.discipline}"]
    if check.captain_bonus:
        parts.append(_("+ {bonus} captain").format(bonus=check.captain_bonus))
    if check.withdrawal_penalty:
        parts.append(_("− {penalty} withdrawal").format(penalty=check.withdrawal_penalty))
    return " ".join(parts)


def discipline_need(check: DisciplineCheck) -> str:
    """A4's first line: the share lost and the discipline it calls for."""
    return _(
        "Lost {lost} of {units} units = {percent} % → needs DIS ≥ {required}: "
        "DIS {minimum} at least (A4)"
    ).format(
        lost=check.lost,
        units=check.units,
        percent=format_number(float(check.loss_percent)),
        required=format_number(float(check.required_discipline)),
        minimum=check.minimum_whole_discipline,
    )


DISCIPLINE_VERDICTS = {
    "destroyed": N_("The army is DESTROYED: every unit lost, its captain died last"),
    "holds": N_("The army HOLDS"),
    "flees": N_("The army FLEES"),
}
"""A4's three outcomes, as the command line and the app both say them."""


def discipline_lines(check: DisciplineCheck) -> list[str]:
    """A4 whole: what is needed, the army's effective discipline and the verdict — the
    referee's reply on the command line and in the app alike."""
    return [
        discipline_need(check),
        _("Effective discipline: {parts} = {total}").format(
            parts=discipline_sum(check), total=check.effective_discipline
        ),
        _(DISCIPLINE_VERDICTS[check.outcome]),
    ]


def budget_lines(budget: ArmyBudget) -> list[str]:
    """A1: the referee's reply to a creation order, one line per unit or building ordered,
    then the total and the verdict (the command line and the app both print these)."""
    each = _("{count} × {name} ({increments}): {unit_cost} each = {cost}")
    lines = [
        each.format(
            count=line.count,
            name=line.unit,
            increments=_(format_increments(line.increments)),  # "none" in words
            unit_cost=line.unit_cost,
            cost=line.cost,
        )
        for line in budget.units
    ]
    for work in budget.buildings:
        raised = " ".join(
            f"{name}+{plus}"
            for name, plus in (("RES", work.res), ("ATT", work.att), ("DIS", work.dis))
            if plus
        )
        lines.append(
            each.format(
                count=work.count,
                name=work.building,
                increments=raised or _("none"),
                unit_cost=work.unit_cost,
                cost=work.cost,
            )
        )
    lines.append(_("Total cost (A1): {cost}").format(cost=budget.total_cost))
    if budget.accepted:
        if budget.left is not None:
            verdict = _("Order accepted: {left} left of {treasury}").format(
                left=budget.left, treasury=budget.treasury
            )
        else:
            verdict = _("Order accepted")
        lines.append(verdict)
    else:
        lines += [
            _("Order REFUSED: {reason}").format(reason=render(reason)) for reason in budget.told
        ]
    return lines


class Troop(BaseModel):
    """A group of units of one type in a battle (stats already include increments)."""

    model_config = _FROZEN

    unit: UnitType
    """The units' stats."""
    count: int = Field(ge=1)
    """How many units."""


class Casualty(BaseModel):
    """What a volley or a melee did to one line of the target group."""

    model_config = _FROZEN

    unit: str
    """Unit type name."""
    count: int
    """Units in the line before the hits."""
    killed: int
    """Units killed (for siege engines and ships: destroyed, RES at 0)."""
    res_lost: int
    """RES points taken off siege engines and ships (0 for troops)."""
    left: int
    """Units still standing."""


class FireResult(BaseModel):
    """A2/A3: the hits of one attack and where they landed."""

    model_config = _FROZEN

    rule: str
    """Rule id (A2 or A3)."""
    kind: Literal["ranged", "engine", "melee"]
    """Which formula was used."""
    attack: int
    """Σ AB × shooters (fire) or Σ ACF/ACC × attackers (melee)."""
    defence: int
    """Σ DB × targets (ranged fire), Σ RES (melee), 0 for engine fire."""
    hits: int
    """``attack − defence``, never below 0."""
    versus: Versus | None
    """Melee only: whether ACF (foot) or ACC (cavalry) was counted."""
    casualties: tuple[Casualty, ...]
    """Per target line, in the order hits were taken (troops first, front line first)."""
    killed: int
    """Target units killed or destroyed."""
    wasted_hits: int
    """Hits left over once every target was dead."""
    out_of_range: tuple[str, ...] = ()
    """Fire: shooter lines too far from the target to shoot."""


def _take_hits(hits: int, targets: Sequence[Troop]) -> tuple[tuple[Casualty, ...], int]:
    """Spread ``hits``: troops first, in the order listed (the front shields the rear), one
    unit killed per hit; then siege engines and ships, one RES per hit (A2, A3)."""
    ordered = [t for t in targets if not t.unit.is_structure] + [
        t for t in targets if t.unit.is_structure
    ]
    casualties: list[Casualty] = []
    for troop in ordered:
        if troop.unit.is_structure:
            toughness = max(troop.unit.res, 1)
            res_lost = min(hits, troop.count * toughness)
            killed = res_lost // toughness
            hits -= res_lost
        else:
            res_lost = 0
            killed = min(hits, troop.count)
            hits -= killed
        casualties.append(
            Casualty(
                unit=troop.unit.name,
                count=troop.count,
                killed=killed,
                res_lost=res_lost,
                left=troop.count - killed,
            )
        )
    return tuple(casualties), hits


def _check_distance(distance: int | None) -> None:
    if distance is not None and distance < 1:
        raise FieldError(
            "distance",
            _("squares between the groups, at least 1 (got {distance})"),
            distance=distance,
        )


def _require(troops: Sequence[Troop], field: str) -> None:
    if not troops:
        raise FieldError(field, _("give at least one group of units"))


def ranged_fire(
    shooters: Sequence[Troop],
    targets: Sequence[Troop],
    *,
    on_walls: bool = False,
    distance: int | None = None,
    rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES,
) -> FireResult:
    """A2: javelins, archers, crossbows and horse archers shooting.

    hits = Σ AB × shooters − Σ DB × targets, never below 0; each hit kills a unit. Shooters
    on walls get +1 AB and +1 range. With ``distance`` (squares), lines whose range TB does
    not reach shoot nothing (**Reading**: the seed says "AB sufficient to cover the
    distance", but its own table calls TB the range). Siege engines and ships cannot be hit
    by shooters (their DB is "-"): such a target is bad input.
    """
    _require(shooters, "shooters")
    _require(targets, "targets")
    _check_distance(distance)
    ab_bonus = rates.wall_ab_bonus if on_walls else 0
    range_bonus = rates.wall_range_bonus if on_walls else 0
    attack = 0
    out_of_range: list[str] = []
    for troop in shooters:
        if troop.unit.fire != "ranged" or troop.unit.ab is None:
            raise FieldError(
                "shooters",
                _(
                    "{unit} does not shoot as a ranged unit (A2: javelins, archers, crossbows "
                    "and horse archers do; engines use engine fire)"
                ),
                unit=troop.unit.name,
            )
        reach = (troop.unit.tb or 0) + range_bonus
        if distance is not None and distance > reach:
            out_of_range.append(troop.unit.name)
            continue
        attack += (troop.unit.ab + ab_bonus) * troop.count
    defence = 0
    for troop in targets:
        if troop.unit.db is None:
            raise FieldError(
                "targets",
                _(
                    "{unit} cannot be hit by shooters (A2: siege engines and ships are hit only "
                    "by engines and airships)"
                ),
                unit=troop.unit.name,
            )
        defence += troop.unit.db * troop.count
    hits = max(attack - defence, 0)
    casualties, wasted = _take_hits(hits, targets)
    return FireResult(
        rule="A2",
        kind="ranged",
        attack=attack,
        defence=defence,
        hits=hits,
        versus=None,
        casualties=casualties,
        killed=sum(c.killed for c in casualties),
        wasted_hits=wasted,
        out_of_range=tuple(out_of_range),
    )


def engine_fire(
    engines: Sequence[Troop], targets: Sequence[Troop], *, distance: int | None = None
) -> FireResult:
    """A2: ballistas, catapults, cannons and airships shooting.

    hits = Σ AB × units, no defence; each hit kills a troop unit, or takes 1 RES off a siege
    engine or ship (destroyed at 0). Troops in the target group take hits first. Flying
    units can be hit only by flying engines (airships). With ``distance``, engines whose
    range TB does not reach shoot nothing.
    """
    _require(engines, "engines")
    _require(targets, "targets")
    _check_distance(distance)
    for troop in engines:
        if troop.unit.fire != "engine" or troop.unit.ab is None:
            raise FieldError(
                "engines",
                _(
                    "{unit} is not an engine (A2: ballistas, catapults, cannons, airships and "
                    "gun ships fire as engines)"
                ),
                unit=troop.unit.name,
            )
    flying_engines = all(t.unit.unit_class == "flying" for t in engines)
    for troop in targets:
        if troop.unit.unit_class == "flying" and not flying_engines:
            raise FieldError(
                "targets",
                _("{unit} fly and can be hit only by shooters and flying units"),
                unit=troop.unit.name,
            )
    in_range = [t for t in engines if distance is None or distance <= (t.unit.tb or 0)]
    attack = sum((t.unit.ab or 0) * t.count for t in in_range)
    casualties, wasted = _take_hits(attack, targets)
    return FireResult(
        rule="A2",
        kind="engine",
        attack=attack,
        defence=0,
        hits=attack,
        versus=None,
        casualties=casualties,
        killed=sum(c.killed for c in casualties),
        wasted_hits=wasted,
        out_of_range=tuple(t.unit.name for t in engines if t not in in_range),
    )


def melee(
    attackers: Sequence[Troop],
    defenders: Sequence[Troop],
    *,
    versus: Versus | None = None,
    counterattack: bool = False,
) -> FireResult:
    """A3: melee, only after the two groups' paths crossed the turn before.

    hits = Σ ACF (against foot) or Σ ACC (against cavalry) of the attackers − Σ RES of all
    the defenders, never below 0; each hit kills a unit, or takes 1 RES off a siege engine or
    ship, which are hit last. **Reading**: unless ``versus`` is given, the defenders' front
    line (the first listed) decides: ACC if it is cavalry, else ACF — the seed's front line
    shields those behind it. Flying units can be attacked in melee only by flying units, or
    by the land unit a glider dived on, on the next turn (``counterattack``).
    """
    _require(attackers, "attackers")
    _require(defenders, "defenders")
    attackers_fly = all(t.unit.unit_class == "flying" for t in attackers)
    for troop in defenders:
        if troop.unit.unit_class == "flying" and not (attackers_fly or counterattack):
            raise FieldError(
                "defenders",
                _(
                    "{unit} fly; only flying units attack them in melee, or the unit they dived "
                    "on, the next turn (counterattack)"
                ),
                unit=troop.unit.name,
            )
    side: Versus = versus or ("cavalry" if defenders[0].unit.is_cavalry else "foot")
    attack = sum((t.unit.acc if side == "cavalry" else t.unit.acf) * t.count for t in attackers)
    defence = sum(t.unit.res * t.count for t in defenders)
    hits = max(attack - defence, 0)
    casualties, wasted = _take_hits(hits, defenders)
    return FireResult(
        rule="A3",
        kind="melee",
        attack=attack,
        defence=defence,
        hits=hits,
        versus=side,
        casualties=casualties,
        killed=sum(c.killed for c in casualties),
        wasted_hits=wasted,
    )


class DisciplineCheck(BaseModel):
    """A4: whether an army that took losses holds or flees."""

    model_config = _FROZEN

    units: int
    """Units in the army before the losses."""
    lost: int
    """Units lost to fire and melee."""
    loss_percent: Exact
    """``lost ÷ units × 100``, exact (8 units, 3 lost → 37.5)."""
    required_discipline: Exact
    """``loss_percent ÷ 10``: the DIS the army needs, exact."""
    minimum_whole_discipline: int
    """The least whole DIS that is enough (37.5 % → 3.75 → 4)."""
    discipline: int
    """The army's DIS as bought."""
    captain_bonus: int
    """+1 while the captain is with the army."""
    withdrawal_penalty: int
    """−1 after a voluntary withdrawal, −2 if the captain withdrew (shown as 1 or 2)."""
    effective_discipline: int
    """``discipline + captain_bonus − withdrawal_penalty``."""
    outcome: Literal["holds", "flees", "destroyed"]
    """``destroyed`` when every unit was lost (the captain dies last, with the last unit)."""
    rule: str = "A4"
    """Rule id."""


def discipline_check(
    units: int,
    lost: int,
    discipline: int,
    *,
    captain: bool = False,
    withdrawal: Withdrawal = "none",
    rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES,
) -> DisciplineCheck:
    """A4: an army that lost x % of its units must have DIS ≥ x ÷ 10, or it flees.

    The seed's example: 8 units, 4 lost = 50 % → DIS 5 is needed (and enough). The seed does
    not round: the comparison is exact, so 3 lost of 8 (37.5 %) needs 3.75, i.e. DIS 4. The
    captain adds +1 while with the army and dies last; a voluntary withdrawal costs the whole
    army −1 DIS, −2 if the captain withdrew — and then he is not with the army to add his +1,
    so ``captain=True`` with ``withdrawal="captain"`` is refused.
    """
    if units < 1:
        raise FieldError(
            "units", _("the army's units before the losses, at least 1 (got {units})"), units=units
        )
    if not 0 <= lost <= units:
        raise FieldError(
            "lost", _("between 0 and the army's {units} units (got {lost})"), units=units, lost=lost
        )
    if discipline < 0:
        raise FieldError(
            "dis", _("the army's discipline, 0 or more (got {value})"), value=discipline
        )
    if captain and withdrawal == "captain":
        raise FieldError(
            "captain", _("the captain withdrew (withdrawal captain), so he is not with the army")
        )
    loss_percent = Fraction(lost * 100, units)
    required = loss_percent / 10
    bonus = rates.captain_discipline_bonus if captain else 0
    penalty = {
        "none": 0,
        "army": rates.withdrawal_discipline_penalty,
        "captain": rates.captain_withdrawal_discipline_penalty,
    }[withdrawal]
    effective = discipline + bonus - penalty
    outcome: Literal["holds", "flees", "destroyed"]
    if lost == units:
        outcome = "destroyed"
    elif effective >= required:
        outcome = "holds"
    else:
        outcome = "flees"
    return DisciplineCheck(
        units=units,
        lost=lost,
        loss_percent=loss_percent,
        required_discipline=required,
        minimum_whole_discipline=math.ceil(required),
        discipline=discipline,
        captain_bonus=bonus,
        withdrawal_penalty=penalty,
        effective_discipline=effective,
        outcome=outcome,
    )


class TurnIncome(BaseModel):
    """A5: a player's money for one turn, item by item."""

    model_config = _FROZEN

    cities: int
    """Cities controlled, not counting capitals."""
    capitals: int
    """Capitals controlled."""
    killed: int
    """Enemy units killed in battle this turn."""
    fled: int
    """Enemy units that fled in battle this turn."""
    from_cities: int
    """50 per city."""
    from_capitals: int
    """100 per capital."""
    from_killed: int
    """10 per enemy unit killed."""
    from_fled: int
    """5 per enemy unit fled."""
    total: int
    """Everything together."""
    rule: str = "A5"
    """Rule id."""


def turn_income(
    *,
    cities: int = 0,
    capitals: int = 0,
    killed: int = 0,
    fled: int = 0,
    rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES,
) -> TurnIncome:
    """A5: 50 per city, 100 for the capital, 10 per enemy unit killed, 5 per enemy unit fled.

    **Reading**: the capital earns its 100 instead of a city's 50, so ``cities`` does not
    count it.
    """
    for field, value in (("cities", cities), ("capitals", capitals), ("killed", killed)):
        if value < 0:
            raise FieldError(field, _("a count, 0 or more (got {value})"), value=value)
    if fled < 0:
        raise FieldError("fled", _("a count, 0 or more (got {value})"), value=fled)
    parts = (
        cities * rates.city_income,
        capitals * rates.capital_income,
        killed * rates.killed_bounty,
        fled * rates.fled_bounty,
    )
    return TurnIncome(
        cities=cities,
        capitals=capitals,
        killed=killed,
        fled=fled,
        from_cities=parts[0],
        from_capitals=parts[1],
        from_killed=parts[2],
        from_fled=parts[3],
        total=sum(parts),
    )


def world_map_side(players: int, rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES) -> int:
    """A5: the world map is 3n × 3n squares for n players (10 players → 30 × 30)."""
    if players < 1:
        raise FieldError("players", _("at least 1 (got {players})"), players=players)
    return rates.world_map_squares_per_player * players


class BattleMap(BaseModel):
    """A5: the battle map for a clash of world-map units."""

    model_config = _FROZEN

    units: int
    """World-map units in contact, both sides together."""
    side: int
    """Squares per side: 4m (2 units → 8 × 8)."""
    deployment_side: int
    """The deployment square, centred, half the map's side."""
    battle_units: int
    """Battle-map units deployed: 5 per world-map unit."""


def battle_map(units: int, rates: AnniBuiRates = DEFAULT_ANNIBUI_RATES) -> BattleMap:
    """A5 and A1: the battle map is 4m × 4m for m world-map units in contact; each of them
    deploys as 5 battle-map units of 10 men; deployment is the centred half-size square."""
    if units < 2:
        raise FieldError(
            "units", _("world-map units in contact, at least 2 (got {units})"), units=units
        )
    side = rates.battle_map_squares_per_unit * units
    return BattleMap(
        units=units,
        side=side,
        deployment_side=side // 2,
        battle_units=units * rates.battle_units_per_world_unit,
    )
