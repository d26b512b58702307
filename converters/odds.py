"""Exact odds of a dice battle (T3.8), so a referee can see what a round-by-round fight means.

The battle of T3.1–T3.3 is a Markov chain over (dice A still rolls, dice B still rolls). This
module solves it in closed form — dynamic programming over those states with binomial hit
distributions, the "nobody was hit" self-loop solved algebraically — rather than by sampling.

Semantics (the issue's reading of T3.3 and T2.7, shared with :mod:`converters.dice_battle`):

* a round is always fought from the given state; decisions are taken *after* each round, on the
  PM left; a side "retreats when down to k PM or fewer" (``retreat_at=k``; 0 = to the end);
* both sides wiped out in the same round → draw; one side wiped out → the other wins, even if
  the survivor is at its own threshold;
* both at their thresholds in the same round → both withdraw, nobody wins;
* one side alone at its threshold → it suffers one pursuit roll (the other side rolls its dice
  once, with no reply), then loses; its PM left *after* the pursuit count for its expected PM;
* with the house rule ``both_retreat = both_pursued`` (T3.3) both at their thresholds each
  suffer one pursuit roll by the other, at the same time, and still nobody wins.

A city defender that loses (T3.5) is taken prisoner with its survivors: they count as expected
prisoners, not as PM left, exactly as :mod:`converters.dice_battle` records them
(:func:`city_falls` is the one rule both use).

City assault (T3.5) is supported: the defender rolls 2 dice per PM and absorbs hits on the
doubled figure; its real PM is ``ceil(dice / 2)`` (an empty city's ½ PM garrison rolls one die
and is worth ½ PM). Retreat thresholds and expected PM left are in real PM.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from operator import mul
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.errors import FieldError
from converters.house_rules import BothRetreat, HouseRules, pursue_both
from converters.i18n import N_, _

__all__ = [
    "BattleOdds",
    "ExactBattleOdds",
    "Walls",
    "battle_odds",
    "city_falls",
    "exact_battle_odds",
    "odds_from_state",
    "real_pm",
]

Walls = Literal["none", "walls", "garrison"]
"""How a side's dice map to real PM (T3.5): ``none`` one die per PM; ``walls`` a city's
defender, two dice per PM; ``garrison`` an empty city's ½ PM garrison (one die = ½ PM)."""


class BattleOdds(BaseModel):
    """What a dice battle will probably come to (T3.8), as floats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a_wins: float = Field(ge=0.0, le=1.0)
    """Probability that side A wins: B wiped out, or B retreated alone (T2.7)."""
    b_wins: float = Field(ge=0.0, le=1.0)
    """Probability that side B wins."""
    draw: float = Field(ge=0.0, le=1.0)
    """Probability that both sides are wiped out in the same round (T2.7)."""
    both_withdraw: float = Field(ge=0.0, le=1.0)
    """Probability that both reach their retreat thresholds in the same round (T3.3)."""
    a_expected_left: float = Field(ge=0.0)
    """Side A's expected real PM at the end (after any pursuit roll it suffered)."""
    b_expected_left: float = Field(ge=0.0)
    """Side B's expected real PM at the end."""
    a_expected_prisoners: float = Field(default=0.0, ge=0.0)
    """Side A's expected PM taken prisoner: a city defender that loses (T3.5)."""
    b_expected_prisoners: float = Field(default=0.0, ge=0.0)
    """Side B's expected PM taken prisoner."""


class ExactBattleOdds(BaseModel):
    """The same figures as :class:`BattleOdds`, as exact fractions (small battles)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a_wins: Fraction
    """Probability that side A wins."""
    b_wins: Fraction
    """Probability that side B wins."""
    draw: Fraction
    """Probability that both sides are wiped out in the same round."""
    both_withdraw: Fraction
    """Probability that both withdraw."""
    a_expected_left: Fraction
    """Side A's expected real PM at the end."""
    b_expected_left: Fraction
    """Side B's expected real PM at the end."""
    a_expected_prisoners: Fraction = Fraction(0)
    """Side A's expected PM taken prisoner (T3.5)."""
    b_expected_prisoners: Fraction = Fraction(0)
    """Side B's expected PM taken prisoner."""

    def as_floats(self) -> BattleOdds:
        """The nearest floats, as :func:`battle_odds` reports them."""
        return BattleOdds(**{name: float(value) for name, value in self})


def real_pm(dice: int, walls: Walls) -> Fraction:
    """Real PM of a side that still rolls ``dice`` dice (T3.5 doubling and garrison)."""
    if walls == "walls":
        return Fraction(-(-dice // 2))
    if walls == "garrison":
        return Fraction(dice, 2)
    return Fraction(dice)


def city_falls(walls: Walls, *, lost: bool) -> bool:
    """T3.5: a city defender that loses (retreats alone or is wiped out) cannot fall back:
    the city falls and its survivors are taken prisoner ("il difensore non può ritirarsi e le
    truppe superstiti vengono fatte prigioniere"). Both the odds and the dice battle ask here."""
    return walls != "none" and lost


NO_ARMY = N_("a side needs at least 1 PM (only a city has a ½ PM garrison)")

MOST_ODDS_DICE = 60
"""T3.8's odds are worked out for at most this many dice a side. The work grows with the cube
of the dice (60 a side ≈ 0.1 s, 100 ≈ 0.6 s, 200 ≈ 5 s on a laptop): beyond this one answer
could not follow the keys on the dice-battle screen. Every interface asks here — ``castra
odds``, the live odds of ``castra battle`` and of the dice-battle screen, the battle sheet —
so the same battle gets its odds everywhere or nowhere."""

TOO_MANY_DICE = N_("the odds are worked out for at most {most} dice a side (T3.8; got {dice})")
ODDS_NOT_SHOWN = N_("odds shown up to {most} dice a side (T3.8)")
"""What the live odds say in place of the figures beyond :data:`MOST_ODDS_DICE`."""


def dice_of(
    pm_a: int, pm_b: int, *, city_defender: Literal["a", "b"] | None = None
) -> tuple[int, int]:
    """The dice each side rolls from its PM (T3.5: two per PM behind walls, one for an empty
    city's ½ PM garrison), as the odds count them."""
    dice_a, dice_b, _walls_a, _walls_b = _from_pm(pm_a, pm_b, city_defender)
    return dice_a, dice_b


def odds_fit(a_dice: int, b_dice: int) -> bool:
    """Whether T3.8's odds can be worked out for sides of these many dice."""
    return max(a_dice, b_dice) <= MOST_ODDS_DICE


def _check_dice(dice: int, field: str) -> None:
    if dice > MOST_ODDS_DICE:
        raise FieldError(field, _(TOO_MANY_DICE), most=MOST_ODDS_DICE, dice=dice)


def _hit_chance(target: int, field: str) -> Fraction:
    if not 2 <= target <= 6:
        raise FieldError(field, _("a d6 target is 2 to 6 (got {target})"), target=target)
    return Fraction(7 - target, 6)


def _check_count(value: int, field: str) -> None:
    if value < 0:
        raise FieldError(field, _("cannot be negative (got {value})"), value=value)


def _city_dice(pm: int, field: str) -> tuple[int, Walls]:
    # T3.5: two dice per PM behind walls; an empty city still has its ½ PM garrison.
    _check_count(pm, field)
    return (2 * pm, "walls") if pm > 0 else (1, "garrison")


_Values = tuple[Fraction, Fraction, Fraction, Fraction, Fraction, Fraction, Fraction, Fraction]
"""(A wins, B wins, draw, both withdraw, A's PM left, B's PM left, A's prisoners, B's
prisoners) of one state."""


class _Battle:
    """One odds question in dice units: who rolls how many dice, hitting how often, and when
    each side leaves. The exact solver reads the endings from :meth:`end_of_round`; the fast
    one repeats them in floats (the tests hold the two together)."""

    def __init__(
        self,
        a_dice: int,
        b_dice: int,
        a_hit: Fraction,
        b_hit: Fraction,
        a_retreat_at: int,
        b_retreat_at: int,
        a_walls: Walls,
        b_walls: Walls,
        both_pursued: bool = False,
    ) -> None:
        self.a_dice, self.b_dice = a_dice, b_dice
        self.a_hit, self.b_hit = a_hit, b_hit
        self.a_retreat_at, self.b_retreat_at = a_retreat_at, b_retreat_at
        self.a_walls, self.b_walls = a_walls, b_walls
        self.both_pursued = both_pursued

    def swapped(self) -> _Battle:
        return _Battle(
            self.b_dice,
            self.a_dice,
            self.b_hit,
            self.a_hit,
            self.b_retreat_at,
            self.a_retreat_at,
            self.b_walls,
            self.a_walls,
            self.both_pursued,
        )

    def real_a(self, dice: int) -> Fraction:
        return real_pm(dice, self.a_walls)

    def real_b(self, dice: int) -> Fraction:
        return real_pm(dice, self.b_walls)

    def end_of_round(
        self,
        a: int,
        b: int,
        pmf_a: Callable[[int], list[Fraction]],
        pmf_b: Callable[[int], list[Fraction]],
    ) -> _Values | None:
        """How the battle ends if a round leaves (a, b) dice, or ``None`` if both fight on.

        ``pmf_x(n)`` is the distribution of hits scored by x's ``n`` dice (pursuit, T3.3).
        """
        zero = Fraction(0)
        one = Fraction(1)
        if a == 0 and b == 0:
            return (zero, zero, one, zero, zero, zero, zero, zero)  # T2.7: draw
        if a == 0:
            return (zero, one, zero, zero, zero, self.real_b(b), zero, zero)
        if b == 0:
            return (one, zero, zero, zero, self.real_a(a), zero, zero, zero)
        a_leaves = self.real_a(a) <= self.a_retreat_at
        b_leaves = self.real_b(b) <= self.b_retreat_at

        def a_after_pursuit() -> Fraction:
            return sum((p * self.real_a(max(a - hits, 0)) for hits, p in enumerate(pmf_b(b))), zero)

        def b_after_pursuit() -> Fraction:
            return sum((p * self.real_b(max(b - hits, 0)) for hits, p in enumerate(pmf_a(a))), zero)

        if a_leaves and b_leaves:
            if self.both_pursued:  # T3.3 house rule both_retreat = both_pursued
                return (zero, zero, zero, one, a_after_pursuit(), b_after_pursuit(), zero, zero)
            return (zero, zero, zero, one, self.real_a(a), self.real_b(b), zero, zero)
        if a_leaves:
            left = a_after_pursuit()
            if city_falls(self.a_walls, lost=True):
                return (zero, one, zero, zero, zero, self.real_b(b), left, zero)
            return (zero, one, zero, zero, left, self.real_b(b), zero, zero)
        if b_leaves:
            left = b_after_pursuit()
            if city_falls(self.b_walls, lost=True):
                return (one, zero, zero, zero, self.real_a(a), zero, zero, left)
            return (one, zero, zero, zero, self.real_a(a), left, zero, zero)
        return None


def _exact_pmf(chance: Fraction) -> Callable[[int], list[Fraction]]:
    cache: dict[int, list[Fraction]] = {}

    def pmf(dice: int) -> list[Fraction]:
        if dice not in cache:
            cache[dice] = [
                math.comb(dice, hits) * chance**hits * (1 - chance) ** (dice - hits)
                for hits in range(dice + 1)
            ]
        return cache[dice]

    return pmf


def _solve_exact(battle: _Battle) -> _Values:
    """Reference solver in exact fractions: every (hits A, hits B) pair of every state.

    Cost grows as (A·B)², so it is meant for small battles and for checking the fast solver.
    """
    pmf_a, pmf_b = _exact_pmf(battle.a_hit), _exact_pmf(battle.b_hit)
    fought_on: dict[tuple[int, int], _Values] = {}

    def after(a: int, b: int) -> _Values:
        ended = battle.end_of_round(a, b, pmf_a, pmf_b)
        return ended if ended is not None else fought_on[a, b]

    def round_from(a: int, b: int, self_value: _Values | None) -> _Values:
        # One round from (a, b); ``self_value`` None means (a, b) is a fight-on state whose
        # no-hit self-loop is solved by dividing by 1 − P(no hit).
        totals = [Fraction(0)] * 8
        stay = Fraction(0)
        for hits_by_a, pa in enumerate(pmf_a(a)):
            for hits_by_b, pb in enumerate(pmf_b(b)):
                chance = pa * pb
                if hits_by_a == 0 and hits_by_b == 0 and self_value is None:
                    stay = chance
                    continue
                values = (
                    self_value
                    if hits_by_a == 0 and hits_by_b == 0 and self_value is not None
                    else after(max(a - hits_by_b, 0), max(b - hits_by_a, 0))
                )
                for index, value in enumerate(values):
                    totals[index] += chance * value
        return tuple(total / (1 - stay) for total in totals)  # type: ignore[return-value]

    for a in range(1, battle.a_dice + 1):
        for b in range(1, battle.b_dice + 1):
            if battle.end_of_round(a, b, pmf_a, pmf_b) is None:
                fought_on[a, b] = round_from(a, b, None)
    a0, b0 = battle.a_dice, battle.b_dice
    if a0 == 0 or b0 == 0:
        ended = battle.end_of_round(a0, b0, pmf_a, pmf_b)
        assert ended is not None
        return ended
    start_end = battle.end_of_round(a0, b0, pmf_a, pmf_b)
    if start_end is None:
        return fought_on[a0, b0]
    return round_from(a0, b0, start_end)


def _float_pmf(dice: int, chance: float) -> list[float]:
    return [
        math.comb(dice, hits) * chance**hits * (1.0 - chance) ** (dice - hits)
        for hits in range(dice + 1)
    ]


_Floats = tuple[float, float, float, float, float, float, float, float]


def _solve_fast(battle: _Battle) -> _Floats:
    """Float solver: push the probability mass forward, row by row, O(A·B²) list operations.

    A round from (a, b) is split into A's dice firing (B's column drops by Bin(a) hits) and
    B's ``b`` dice firing one at a time (each die moves the mass one row down with the hit
    chance). Mass "still waiting for j of B's dice" is a vector over the columns, so each die
    is one list comprehension for a whole row, shared by every state that sent mass there.
    Mass arriving at a state where both fight on goes round again; the no-hit self-loop is
    divided out (÷ 1 − P(no hit)). Mass arriving at an ending state (T2.7, T3.3) is kept and
    weighed with that ending's figures at the end.
    """
    a0, b0 = battle.a_dice, battle.b_dice
    if a0 == 0 or b0 == 0:
        # No round can be fought: the side with no dice has lost already (T2.7).
        outcome = battle.end_of_round(a0, b0, _exact_pmf(battle.a_hit), _exact_pmf(battle.b_hit))
        assert outcome is not None
        return tuple(float(value) for value in outcome)  # type: ignore[return-value]
    p_a, p_b = float(battle.a_hit), float(battle.b_hit)
    miss_b = 1.0 - p_b
    # A's hit distributions padded with zeros, so "more hits than dice" reads as impossible.
    pmf_a = [_float_pmf(n, p_a) + [0.0] * b0 for n in range(a0 + 1)]
    pmf_b = [_float_pmf(n, p_b) for n in range(b0 + 1)]
    miss_b_pow = [miss_b**j for j in range(b0 + 1)]
    real_a = [float(battle.real_a(n)) for n in range(a0 + 1)]
    real_b = [float(battle.real_b(n)) for n in range(b0 + 1)]
    a_leaves = [real_a[n] <= battle.a_retreat_at for n in range(a0 + 1)]
    b_leaves = [real_b[n] <= battle.b_retreat_at for n in range(b0 + 1)]

    def fights_on(a: int, b: int) -> bool:
        return a > 0 and b > 0 and not a_leaves[a] and not b_leaves[b]

    def fired_by_a(a: int, from_column: int, mass: float) -> list[float]:
        # Mass landing on columns 0 … from_column when a's dice fire on B's from_column dice;
        # hits beyond B's last die all land on column 0.
        pmf = pmf_a[a]
        landed = [mass * pmf[from_column - column] for column in range(1, from_column + 1)]
        landed.insert(0, mass * sum(pmf[from_column:]))
        return landed

    width = b0 + 1
    zeros = [0.0] * width
    ended = [[0.0] * width for _row in range(a0 + 1)]  # mass that stops at (a, b)
    # waiting[j]: mass on a row still waiting for j of B's dice (j = 1 … b0); the next row
    # down receives the hit chance of it, one die fewer to wait for.
    waiting_above: list[list[float]] = [zeros] * (b0 + 2)
    # Mass waiting for j + 1 more dice arrives on the next row if one hits and the rest miss.
    arrival_weights = [p_b * miss_b_pow[j] for j in range(b0)]
    for a in range(a0, -1, -1):
        if a == 0:
            # A has no dice left to lose: everything reaching this row stops here.
            ended[0] = [p_b * sum(column) for column in zip(*waiting_above[1:], strict=True)]
            break
        injected: dict[int, list[float]] = {}
        # Arrivals from above: mass waiting for j more dice arrives only if all j miss.
        arrived = [
            sum(map(mul, arrival_weights, column))
            for column in zip(*waiting_above[1 : b0 + 1], strict=True)
        ]
        if a == a0:
            # The first round is always fought, even from a threshold (live odds).
            start = fired_by_a(a0, b0, 1.0)
            injected[b0] = start
            weight = miss_b_pow[b0]
            arrived = [x + weight * y for x, y in zip(arrived, start, strict=True)]
        stay_a = pmf_a[a][0]
        for b in range(b0, -1, -1):
            if not fights_on(a, b):
                ended[a][b] = arrived[b]
                continue
            # Every round from here: divide out the rounds in which nobody is hit.
            through = arrived[b] / (1.0 - stay_a * miss_b_pow[b])
            if through == 0.0:
                continue
            sent = fired_by_a(a, b, through)
            if b in injected:
                injected[b] = [x + y for x, y in zip(injected[b], sent, strict=True)]
            else:
                injected[b] = sent
            weight = miss_b_pow[b]
            arrived[:b] = [x + weight * y for x, y in zip(arrived[:b], sent[:b], strict=True)]
        # Let B's dice fire on everything of this row, keeping what waits for more dice.
        waiting: list[list[float]] = [zeros] * (b0 + 2)
        carried = zeros
        for j in range(b0, 0, -1):
            carried = [
                p_b * x + miss_b * y for x, y in zip(waiting_above[j + 1], carried, strict=True)
            ]
            if j in injected:
                sent = injected[j]
                carried = [x + y for x, y in zip(carried, sent, strict=False)] + carried[
                    len(sent) :
                ]
            waiting[j] = carried
        waiting_above = waiting

    def pursued(left: list[float], dice: int, pmf: list[float]) -> float:
        # Real PM expected after ``pmf``'s dice fire once on ``dice`` dice with no reply.
        return float(sum(map(mul, pmf[:dice], left[dice:0:-1])))

    # A wins, B wins, draw, A's PM left, B's PM left, both withdraw, A's and B's prisoners
    totals = [0.0] * 8
    a_falls = city_falls(battle.a_walls, lost=True)
    b_falls = city_falls(battle.b_walls, lost=True)
    for a in range(a0 + 1):
        for b in range(b0 + 1):
            mass = ended[a][b]
            if mass == 0.0:
                continue
            if a == 0 and b == 0:
                totals[2] += mass
            elif a == 0:
                totals[1] += mass
                totals[4] += mass * real_b[b]
            elif b == 0:
                totals[0] += mass
                totals[3] += mass * real_a[a]
            elif a_leaves[a] and b_leaves[b]:
                totals[5] += mass
                if battle.both_pursued:  # T3.3 house rule both_retreat = both_pursued
                    totals[3] += mass * pursued(real_a, a, pmf_b[b])
                    totals[4] += mass * pursued(real_b, b, pmf_a[a])
                else:
                    totals[3] += mass * real_a[a]
                    totals[4] += mass * real_b[b]
            elif a_leaves[a]:
                totals[1] += mass
                totals[6 if a_falls else 3] += mass * pursued(real_a, a, pmf_b[b])
                totals[4] += mass * real_b[b]
            else:
                totals[0] += mass
                totals[3] += mass * real_a[a]
                totals[7 if b_falls else 4] += mass * pursued(real_b, b, pmf_a[a])
    # Each ending is counted from the mass that reached it (not "1 − the others"), so the four
    # chances summing to 1 is a real check that no probability was lost on the way.
    a_wins, b_wins, draw, a_left, b_left, both_withdraw, a_taken, b_taken = totals
    return (a_wins, b_wins, draw, both_withdraw, a_left, b_left, a_taken, b_taken)


def _battle(
    a_dice: int,
    b_dice: int,
    a_target: int,
    b_target: int,
    a_retreat_at: int,
    b_retreat_at: int,
    a_walls: Walls,
    b_walls: Walls,
    both_retreat: BothRetreat = "no_pursuit",
) -> _Battle:
    _check_count(a_retreat_at, "a_retreat_at")
    _check_count(b_retreat_at, "b_retreat_at")
    _check_dice(a_dice, "pm_a")
    _check_dice(b_dice, "pm_b")
    return _Battle(
        a_dice,
        b_dice,
        _hit_chance(a_target, "a_target"),
        _hit_chance(b_target, "b_target"),
        a_retreat_at,
        b_retreat_at,
        a_walls,
        b_walls,
        pursue_both(HouseRules(both_retreat=both_retreat)),
    )


def _from_pm(
    pm_a: int, pm_b: int, city_defender: Literal["a", "b"] | None
) -> tuple[int, int, Walls, Walls]:
    walls_a: Walls = "none"
    walls_b: Walls = "none"
    if city_defender == "a":
        dice_a, walls_a = _city_dice(pm_a, "pm_a")
    else:
        _check_count(pm_a, "pm_a")
        if pm_a == 0:
            raise FieldError("pm_a", _(NO_ARMY))
        dice_a = pm_a
    if city_defender == "b":
        dice_b, walls_b = _city_dice(pm_b, "pm_b")
    else:
        _check_count(pm_b, "pm_b")
        if pm_b == 0:
            raise FieldError("pm_b", _(NO_ARMY))
        dice_b = pm_b
    return dice_a, dice_b, walls_a, walls_b


def _battle_from_pm(
    pm_a: int,
    pm_b: int,
    a_target: int,
    b_target: int,
    a_retreat_at: int,
    b_retreat_at: int,
    city_defender: Literal["a", "b"] | None,
    both_retreat: BothRetreat,
) -> _Battle:
    """The odds question from both sides' PM at the start (T3.5 doubling for a city)."""
    dice_a, dice_b, walls_a, walls_b = _from_pm(pm_a, pm_b, city_defender)
    return _battle(
        dice_a,
        dice_b,
        a_target,
        b_target,
        a_retreat_at,
        b_retreat_at,
        walls_a,
        walls_b,
        both_retreat,
    )


def check_battle(
    pm_a: int,
    pm_b: int,
    a_target: int = 5,
    b_target: int = 5,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    *,
    city_defender: Literal["a", "b"] | None = None,
) -> None:
    """Refuse, as a :class:`FieldError`, the sides a dice battle cannot start with (T3.1, T3.2,
    T3.3, T3.5): no PM, a negative count, a target off the d6, a negative threshold. The odds
    and both interfaces' dice battles ask here, so each refusal has one wording."""
    _from_pm(pm_a, pm_b, city_defender)
    _check_count(a_retreat_at, "a_retreat_at")
    _check_count(b_retreat_at, "b_retreat_at")
    _hit_chance(a_target, "a_target")
    _hit_chance(b_target, "b_target")


def _fast(battle: _Battle) -> BattleOdds:
    # The work grows as rows × columns²: put the smaller side on the columns.
    if battle.b_dice > battle.a_dice:
        b_wins, a_wins, draw, withdraw, b_left, a_left, b_taken, a_taken = _solve_fast(
            battle.swapped()
        )
    else:
        a_wins, b_wins, draw, withdraw, a_left, b_left, a_taken, b_taken = _solve_fast(battle)
    return BattleOdds(
        a_wins=min(max(a_wins, 0.0), 1.0),
        b_wins=min(max(b_wins, 0.0), 1.0),
        draw=min(max(draw, 0.0), 1.0),
        both_withdraw=min(max(withdraw, 0.0), 1.0),
        a_expected_left=max(a_left, 0.0),
        b_expected_left=max(b_left, 0.0),
        a_expected_prisoners=max(a_taken, 0.0),
        b_expected_prisoners=max(b_taken, 0.0),
    )


def battle_odds(
    pm_a: int,
    pm_b: int,
    a_target: int = 5,
    b_target: int = 5,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    *,
    city_defender: Literal["a", "b"] | None = None,
    both_retreat: BothRetreat = "no_pursuit",
) -> BattleOdds:
    """Exact odds of a dice battle from its start (T3.8 over T3.1–T3.3, T3.5, T2.7).

    ``a_target``/``b_target`` are the faces that hit (5 by default; T3.2 bonuses lower them).
    ``x_retreat_at=k``: side x retreats when down to k PM or fewer (0: fights to the end).
    ``city_defender`` names the side defending a city (T3.5 doubling; 0 PM = ½ PM garrison).
    Floats accurate to about 1e-12; 50 v 50 takes a few tens of milliseconds.
    """
    battle = _battle_from_pm(
        pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at, city_defender, both_retreat
    )
    return _fast(battle)


def odds_from_state(
    a_dice: int,
    b_dice: int,
    a_target: int = 5,
    b_target: int = 5,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    *,
    a_walls: Walls = "none",
    b_walls: Walls = "none",
    both_retreat: BothRetreat = "no_pursuit",
) -> BattleOdds:
    """Live odds in the middle of a battle: both sides have just chosen to fight on with
    ``a_dice`` and ``b_dice`` dice left, so the next round is fought (T3.8).

    Dice equal PM except behind walls (``walls``: two per PM, ``garrison``: one for ½ PM).
    """
    _check_count(a_dice, "a_dice")
    _check_count(b_dice, "b_dice")
    battle = _battle(
        a_dice,
        b_dice,
        a_target,
        b_target,
        a_retreat_at,
        b_retreat_at,
        a_walls,
        b_walls,
        both_retreat,
    )
    return _fast(battle)


def exact_battle_odds(
    pm_a: int,
    pm_b: int,
    a_target: int = 5,
    b_target: int = 5,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    *,
    city_defender: Literal["a", "b"] | None = None,
    both_retreat: BothRetreat = "no_pursuit",
) -> ExactBattleOdds:
    """:func:`battle_odds` in exact fractions. Its cost grows as (A·B)²: keep it for small
    battles (up to about 12 v 12), rulings and checks."""
    battle = _battle_from_pm(
        pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at, city_defender, both_retreat
    )
    a_wins, b_wins, draw, withdraw, a_left, b_left, a_taken, b_taken = _solve_exact(battle)
    return ExactBattleOdds(
        a_wins=a_wins,
        b_wins=b_wins,
        draw=draw,
        both_withdraw=withdraw,
        a_expected_left=a_left,
        b_expected_left=b_left,
        a_expected_prisoners=a_taken,
        b_expected_prisoners=b_taken,
    )
