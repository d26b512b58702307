"""T3.8 exact odds, checked against an enumeration of every die face written here from the rules.

The brute force below shares no code with :mod:`converters.odds`: it rolls every combination
of faces (not binomial counts), applies T3.1–T3.3/T2.7 as the issue words them, and iterates
the battle round after round until the undecided probability is negligible (no algebra for
the "nobody hit" loop).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.odds import battle_odds, exact_battle_odds, odds_from_state

FIELDS = (
    "a_wins",
    "b_wins",
    "draw",
    "both_withdraw",
    "a_expected_left",
    "b_expected_left",
    "a_expected_prisoners",
    "b_expected_prisoners",
)


@cache
def _round_outcomes(a: int, b: int, a_target: int, b_target: int) -> dict[tuple[int, int], float]:
    """(a, b) dice → probability of each (a left, b left) after one round, by every face."""
    counts: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=a + b):
        a_hits = sum(1 for face in faces[:a] if face >= a_target)
        b_hits = sum(1 for face in faces[a:] if face >= b_target)
        counts[max(a - b_hits, 0), max(b - a_hits, 0)] += 1
    total = 6 ** (a + b)
    return {state: count / total for state, count in counts.items()}


@cache
def _pursuit(dice: int, target: int, fleeing: int) -> dict[int, float]:
    """Distribution of the fleeing side's dice left after ``dice`` pursuit dice."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice):
        counts[max(fleeing - sum(1 for face in faces if face >= target), 0)] += 1
    return {left: count / 6**dice for left, count in counts.items()}


def brute_force(
    a_dice: int,
    b_dice: int,
    a_target: int = 5,
    b_target: int = 5,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    b_real=lambda dice: dice,
    *,
    both_pursued: bool = False,
    b_city: bool = False,
) -> dict[str, float]:
    """Every face of every round. ``both_pursued``: the T3.3 house rule (both retreating sides
    each suffer a pursuit roll); ``b_city``: B defends a city, so a beaten B's survivors are
    prisoners (T3.5)."""
    b_kept = "b_expected_prisoners" if b_city else "b_expected_left"
    result: dict[str, float] = defaultdict(float)
    undecided = {(a_dice, b_dice): 1.0}
    while sum(undecided.values()) > 1e-16:
        following: dict[tuple[int, int], float] = defaultdict(float)
        for (a, b), mass in undecided.items():
            for (a_left, b_left), chance in _round_outcomes(a, b, a_target, b_target).items():
                weight = mass * chance
                if a_left == 0 and b_left == 0:
                    result["draw"] += weight
                elif a_left == 0:
                    result["b_wins"] += weight
                    result["b_expected_left"] += weight * b_real(b_left)
                elif b_left == 0:
                    result["a_wins"] += weight
                    result["a_expected_left"] += weight * a_left
                else:
                    a_goes = a_left <= a_retreat_at
                    b_goes = b_real(b_left) <= b_retreat_at
                    if a_goes and b_goes and both_pursued:
                        result["both_withdraw"] += weight
                        for left, p in _pursuit(b_left, b_target, a_left).items():
                            result["a_expected_left"] += weight * p * left
                        for left, p in _pursuit(a_left, a_target, b_left).items():
                            result["b_expected_left"] += weight * p * b_real(left)
                    elif a_goes and b_goes:
                        result["both_withdraw"] += weight
                        result["a_expected_left"] += weight * a_left
                        result["b_expected_left"] += weight * b_real(b_left)
                    elif a_goes:
                        result["b_wins"] += weight
                        result["b_expected_left"] += weight * b_real(b_left)
                        for left, p in _pursuit(b_left, b_target, a_left).items():
                            result["a_expected_left"] += weight * p * left
                    elif b_goes:
                        result["a_wins"] += weight
                        result["a_expected_left"] += weight * a_left
                        for left, p in _pursuit(a_left, a_target, b_left).items():
                            result[b_kept] += weight * p * b_real(left)
                    else:
                        following[a_left, b_left] += weight
        undecided = following
    return {field: result[field] for field in FIELDS}


# T3.8: small battles with and without retreat thresholds (pursuit included), and bonuses.
T3_8_SMALL_BATTLES = [
    pytest.param(1, 1, 5, 5, 0, 0, id="T3.8 1v1 to the end"),
    pytest.param(2, 1, 5, 5, 0, 0, id="T3.8 2v1"),
    pytest.param(3, 3, 5, 5, 0, 0, id="T3.8 3v3 to the end"),
    pytest.param(3, 3, 5, 5, 1, 1, id="T3.8 3v3 both retreat at 1"),
    pytest.param(3, 3, 5, 5, 2, 0, id="T3.8 3v3 A retreats at 2 (pursuit)"),
    pytest.param(3, 2, 4, 5, 1, 1, id="T3.2 defender bonus 3v2 retreat at 1"),
    pytest.param(2, 3, 6, 3, 0, 2, id="T3.8 2v3 hard targets B retreats at 2"),
    pytest.param(3, 3, 3, 3, 2, 2, id="T3.2 Pyrrhus and bonus both 3+ retreat at 2"),
    pytest.param(1, 1, 5, 5, 1, 0, id="T3.3 start at threshold: one round then retreat"),
]


@pytest.mark.parametrize(
    ("pm_a", "pm_b", "a_target", "b_target", "a_retreat_at", "b_retreat_at"),
    T3_8_SMALL_BATTLES,
)
def test_t3_8_odds_equal_enumeration_of_every_face(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    expected = brute_force(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    fast = battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    exact = exact_battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    for field in FIELDS:
        assert getattr(fast, field) == pytest.approx(expected[field], abs=1e-12), field
        assert float(getattr(exact, field)) == pytest.approx(expected[field], abs=1e-12), field


# T3.5: B defends a city, two dice per PM, real PM = ceil(dice / 2); 0 PM = ½ PM garrison.
T3_5_CITY_BATTLES = [
    pytest.param(2, 1, 0, 0, id="T3.5 2 PM against 1 PM behind walls"),
    pytest.param(3, 1, 0, 1, id="T3.5 defender retreats at 1 (real PM)"),
    pytest.param(2, 0, 0, 0, id="T3.5 empty city: ½ PM garrison rolls one die"),
]


@pytest.mark.parametrize(("pm_a", "pm_b", "a_retreat_at", "b_retreat_at"), T3_5_CITY_BATTLES)
def test_t3_5_city_odds_equal_enumeration(
    pm_a: int, pm_b: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    if pm_b:
        dice, real = 2 * pm_b, (lambda d: math.ceil(d / 2))
    else:
        dice, real = 1, (lambda d: d / 2)
    expected = brute_force(pm_a, dice, 5, 5, a_retreat_at, b_retreat_at, b_real=real, b_city=True)
    fast = battle_odds(pm_a, pm_b, 5, 5, a_retreat_at, b_retreat_at, city_defender="b")
    for field in FIELDS:
        assert getattr(fast, field) == pytest.approx(expected[field], abs=1e-12), field


def test_t3_8_one_against_one_by_hand() -> None:
    # Each die hits on 5–6 (1/3). A round decides with 5/9: A alone 2/9, B alone 2/9,
    # both 1/9; the 4/9 of misses repeat. So A wins 2/5, draw 1/5.
    odds = exact_battle_odds(1, 1)
    assert (odds.a_wins, odds.b_wins, odds.draw, odds.both_withdraw) == (
        Fraction(2, 5),
        Fraction(2, 5),
        Fraction(1, 5),
        0,
    )
    assert odds.a_expected_left == Fraction(2, 5)


def test_t3_3_pursuit_by_hand() -> None:
    # 1 v 1, A retreats at 1: after a round with no hits (4/9) A retreats alone and B's one
    # pursuit die kills it with 1/3. A wins 2/9, B 2/9 + 4/9, draw 1/9;
    # A keeps its PM after winning (2/9) or escaping the pursuit (4/9 · 2/3 = 8/27).
    odds = exact_battle_odds(1, 1, a_retreat_at=1)
    assert odds.a_wins == Fraction(2, 9)
    assert odds.b_wins == Fraction(6, 9)
    assert odds.draw == Fraction(1, 9)
    assert odds.a_expected_left == Fraction(2, 9) + Fraction(8, 27)


def test_t3_3_both_retreat_by_hand() -> None:
    # Both retreat at 1: a round with no hits (4/9) ends with both withdrawing.
    odds = exact_battle_odds(1, 1, a_retreat_at=1, b_retreat_at=1)
    assert odds.both_withdraw == Fraction(4, 9)
    assert odds.a_expected_left == Fraction(2, 9) + Fraction(4, 9)


def test_t3_5_garrison_by_hand() -> None:
    # A ½ PM garrison rolls one die, like 1 v 1; when it wins it still has only ½ PM.
    odds = exact_battle_odds(1, 0, city_defender="b")
    assert odds.b_wins == Fraction(2, 5)
    assert odds.b_expected_left == Fraction(1, 5)


@pytest.mark.parametrize(
    ("pm_a", "pm_b", "a_retreat_at", "b_retreat_at"),
    [
        pytest.param(9, 7, 3, 2, id="T3.8 9v7 with thresholds"),
        pytest.param(6, 10, 0, 4, id="T3.8 6v10 B retreats at 4"),
        pytest.param(8, 8, 0, 0, id="T3.8 8v8 to the end"),
    ],
)
def test_t3_8_fast_solver_matches_exact_fractions(
    pm_a: int, pm_b: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    fast = battle_odds(pm_a, pm_b, 5, 4, a_retreat_at, b_retreat_at)
    exact = exact_battle_odds(pm_a, pm_b, 5, 4, a_retreat_at, b_retreat_at)
    for field in FIELDS:
        assert getattr(fast, field) == pytest.approx(float(getattr(exact, field)), abs=1e-12)


def test_t3_8_live_odds_from_the_start_are_the_battle_odds() -> None:
    assert odds_from_state(7, 5, 5, 5, 2, 1) == battle_odds(7, 5, 5, 5, 2, 1)


def test_t3_8_swapping_sides_swaps_the_odds() -> None:
    odds = battle_odds(12, 9, 4, 5, 3, 2)
    swapped = battle_odds(9, 12, 5, 4, 2, 3)
    assert swapped.a_wins == pytest.approx(odds.b_wins, abs=1e-12)
    assert swapped.b_expected_left == pytest.approx(odds.a_expected_left, abs=1e-12)
    assert swapped.draw == pytest.approx(odds.draw, abs=1e-12)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        pytest.param(lambda: battle_odds(-1, 3), "pm_a", id="negative PM"),
        pytest.param(lambda: battle_odds(3, 0), "pm_b", id="0 PM outside a city"),
        pytest.param(lambda: battle_odds(3, 3, a_target=7), "a_target", id="target 7"),
        pytest.param(lambda: battle_odds(3, 3, b_target=1), "b_target", id="target 1"),
        pytest.param(lambda: battle_odds(3, 3, a_retreat_at=-1), "a_retreat_at", id="threshold"),
    ],
)
def test_bad_input_names_the_field(call, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        call()


sizes = st.integers(min_value=1, max_value=12)
targets = st.integers(min_value=2, max_value=6)
thresholds = st.integers(min_value=0, max_value=6)


@given(sizes, sizes, targets, targets, thresholds, thresholds)
def test_t3_8_probabilities_sum_to_one_and_pm_left_within_strength(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    odds = battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    chances = (odds.a_wins, odds.b_wins, odds.draw, odds.both_withdraw)
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert 0.0 <= odds.a_expected_left <= pm_a + 1e-9
    assert 0.0 <= odds.b_expected_left <= pm_b + 1e-9


@given(sizes, sizes, targets, targets, thresholds, thresholds)
def test_t3_8_more_pm_never_lowers_a_sides_chance_to_win(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    odds = battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    stronger_a = battle_odds(pm_a + 1, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    stronger_b = battle_odds(pm_a, pm_b + 1, a_target, b_target, a_retreat_at, b_retreat_at)
    assert stronger_a.a_wins >= odds.a_wins - 1e-12
    assert stronger_b.b_wins >= odds.b_wins - 1e-12


small = st.integers(min_value=1, max_value=4)
small_thresholds = st.integers(min_value=0, max_value=3)


@given(small, small, targets, targets, small_thresholds, small_thresholds)
def test_t3_8_exact_odds_sum_to_exactly_one_and_agree_with_the_fast_solver(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    # In fractions every ending's chance is computed on its own, so "sums to 1" is exact
    # mass conservation, not a remainder; the float solver must land on the same figures.
    exact = exact_battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    assert exact.a_wins + exact.b_wins + exact.draw + exact.both_withdraw == 1
    fast = battle_odds(pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    for field in FIELDS:
        assert getattr(fast, field) == pytest.approx(float(getattr(exact, field)), abs=1e-12)


@given(sizes, st.integers(min_value=0, max_value=8), targets, targets, thresholds, thresholds)
def test_t3_5_city_odds_sum_to_one_and_pm_left_within_strength(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    odds = battle_odds(
        pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at, city_defender="b"
    )
    chances = (odds.a_wins, odds.b_wins, odds.draw, odds.both_withdraw)
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    # Behind walls B keeps at most its real PM (½ for an empty city's garrison).
    assert odds.b_expected_left <= (pm_b or 0.5) + 1e-9
    assert odds.a_expected_left <= pm_a + 1e-9


def test_t3_3_both_withdraw_is_counted_not_left_over() -> None:
    # 2 v 2, both retreat at 1 PM: both withdraw exactly when each side loses one PM in the
    # same round. From 2 v 2 a round gives 1 hit for a side with 2·(1/3)·(2/3) = 4/9, so the
    # first round ends that way with (4/9)² = 16/81; rounds with no hits at all ((2/3)^4 =
    # 16/81) repeat, so P(both withdraw) = (16/81) ÷ (1 − 16/81) = 16/65.
    odds = battle_odds(2, 2, a_retreat_at=1, b_retreat_at=1)
    assert odds.both_withdraw == pytest.approx(16 / 65, abs=1e-12)
    assert exact_battle_odds(2, 2, a_retreat_at=1, b_retreat_at=1).both_withdraw == Fraction(16, 65)


# T3.3 house rule both_retreat = both_pursued: both sides at their thresholds after the same
# round each suffer one pursuit roll by the other; nobody wins.
T3_3_BOTH_PURSUED = [
    pytest.param(3, 3, 5, 5, 1, 1, id="T3.3 both_pursued 3v3 both retreat at 1"),
    pytest.param(3, 2, 4, 5, 2, 1, id="T3.3 both_pursued 3v2 defender bonus"),
    pytest.param(2, 2, 3, 3, 1, 1, id="T3.3 both_pursued 2v2 hits on 3+"),
]


@pytest.mark.parametrize(
    ("pm_a", "pm_b", "a_target", "b_target", "a_retreat_at", "b_retreat_at"), T3_3_BOTH_PURSUED
)
def test_t3_3_both_pursued_exact_odds_equal_enumeration(
    pm_a: int, pm_b: int, a_target: int, b_target: int, a_retreat_at: int, b_retreat_at: int
) -> None:
    expected = brute_force(
        pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at, both_pursued=True
    )
    args = (pm_a, pm_b, a_target, b_target, a_retreat_at, b_retreat_at)
    exact = exact_battle_odds(*args, both_retreat="both_pursued")
    fast = battle_odds(*args, both_retreat="both_pursued")
    for field in FIELDS:
        assert float(getattr(exact, field)) == pytest.approx(expected[field], abs=1e-12), field
        assert getattr(fast, field) == pytest.approx(expected[field], abs=1e-12), field


def test_t3_3_both_pursued_costs_both_sides_pm_but_not_the_odds_of_winning() -> None:
    default = exact_battle_odds(3, 3, 5, 5, 1, 1)
    pursued = exact_battle_odds(3, 3, 5, 5, 1, 1, both_retreat="both_pursued")
    assert pursued.both_withdraw == default.both_withdraw
    assert pursued.a_wins == default.a_wins
    assert pursued.a_expected_left < default.a_expected_left
    assert pursued.b_expected_left < default.b_expected_left


def test_t3_5_city_defender_beaten_is_prisoner_not_pm_left() -> None:
    # Issue 13 correction 6: a city defender that gives up cannot fall back; its survivors are
    # taken prisoner, so the odds expect no PM left for it when it loses.
    odds = exact_battle_odds(3, 1, 5, 5, 0, 1, city_defender="b")
    assert odds.b_expected_prisoners > 0
    assert odds.b_expected_left == 0  # B either is wiped out, or gives up and is taken
