"""G2: loss points, the gap % and which side of the threshold it stands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from ghost.gap import LossPoints, brigade_strength, gap_percent, gap_side

G2_1_LOSS_POINTS = [
    ("fatigue 1 each", LossPoints(fatigue=5), 5),
    ("objective 1 each", LossPoints(objectives_lost=2), 2),
    ("general = his command points", LossPoints(generals_lost=[1, 4]), 5),
    ("HQ 6 each", LossPoints(hqs_eliminated=2), 12),
    ("routed +0 brigade 6", LossPoints(routed_brigades=[0]), 6),
    ("routed +2 brigade 8, -1 brigade 5", LossPoints(routed_brigades=[2, -1]), 13),
    (
        "everything together",
        LossPoints(
            fatigue=3, objectives_lost=1, generals_lost=[2], hqs_eliminated=1, routed_brigades=[1]
        ),
        3 + 1 + 2 + 6 + 7,
    ),
]


@pytest.mark.parametrize(
    ("points", "total"),
    [(p, t) for _, p, t in G2_1_LOSS_POINTS],
    ids=[f"G2.1-{name}" for name, *_ in G2_1_LOSS_POINTS],
)
def test_g2_1_loss_points(points: LossPoints, total: int) -> None:
    assert points.total == total


@pytest.mark.parametrize(
    "bad",
    [{"generals_lost": [5]}, {"routed_brigades": [4]}, {"fatigue": -1}],
    ids=["G2.1-general-over-4", "G2.1-modifier-over-3", "G2.1-negative-fatigue"],
)
def test_g2_1_impossible_losses_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        LossPoints.model_validate(bad)


def test_g2_1_brigade_strength_is_six_plus_modifier() -> None:
    assert [brigade_strength(m) for m in (-3, -1, 0, 2, 3)] == [3, 5, 6, 8, 9]


G2_2_GAP = [
    (12, 0, 60, Fraction(20)),
    (0, 12, 60, Fraction(-20)),
    (10, 0, 60, Fraction(50, 3)),  # exact: 16.666…, not a rounded float
    (5, 5, 84, Fraction(0)),
]


@pytest.mark.parametrize(
    ("gr", "gf", "strength", "gap"), G2_2_GAP, ids=[f"G2.2-{r}" for r in G2_2_GAP]
)
def test_g2_2_gap_percent_against_ghost_strength(
    gr: int, gf: int, strength: int, gap: Fraction
) -> None:
    assert gap_percent(gr, gf, strength) == gap


G2_3_SIDE = [
    (Fraction(10), 10, "favourable"),
    (Fraction(999, 100), 10, "neutral"),
    (Fraction(-10), 10, "unfavourable"),
    (Fraction(-1199, 100), 12, "neutral"),
    (Fraction(-12), 12, "unfavourable"),
    (Fraction(15), 15, "favourable"),
    (Fraction(0), 15, "neutral"),
]


@pytest.mark.parametrize(
    ("gap", "threshold", "side"), G2_3_SIDE, ids=[f"G2.3-{g}-at-{t}" for g, t, _ in G2_3_SIDE]
)
def test_g2_3_threshold_is_inclusive_on_both_sides(
    gap: Fraction, threshold: int, side: str
) -> None:
    assert gap_side(gap, threshold) == side


def test_g2_2_a_ghost_without_strength_is_refused() -> None:
    with pytest.raises(ValueError, match="strength"):
        gap_percent(1, 0, 0)
