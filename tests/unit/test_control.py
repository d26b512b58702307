"""T5.7: the winter control check of an occupied province, as a pure function.

Seed 000: the owner's PP plus the province's loyalty against the occupier's PP plus the PM it
has stationed there; the higher score has the province, a tie goes to the defender (read as
the occupier, who holds it), and the loyalty is 0 from then on.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.control import ControlCheck, control_check, pm_to_keep

# (owner PP, loyalty, occupier PP, PM stationed) → (owner score, occupier score, keeper)
T5_7_CONTROL_CHECK = [
    pytest.param(0, 10, 5, 0, 10, 5, "owner", id="T5.7-owner-wins-loyalty-beats-prestige"),
    pytest.param(0, 10, 5, 6, 10, 11, "occupier", id="T5.7-occupier-wins-with-pm-stationed"),
    pytest.param(0, 10, 5, 5, 10, 10, "occupier", id="T5.7-tie-goes-to-the-occupier-defender"),
    pytest.param(3, 0, 3, 0, 3, 3, "occupier", id="T5.7-loyalty-0-tie-on-prestige-alone"),
    pytest.param(4, 0, 3, 0, 4, 3, "owner", id="T5.7-loyalty-0-owner-prestige-still-counts"),
    pytest.param(-5, 2, -1, 0, -3, -1, "occupier", id="T5.7-negative-prestige-counts-as-is"),
    pytest.param(0, 20, 0, 19, 20, 19, "owner", id="T5.7-roma-loyalty-20-needs-20-pm"),
    pytest.param(5, -10, 0, 0, -5, 0, "occupier", id="T5.3-T5.7-sacked-by-the-owner-minus-10"),
]


@pytest.mark.parametrize(
    ("owner_pp", "loyalty", "occupier_pp", "stationed", "owner", "occupier", "keeper"),
    T5_7_CONTROL_CHECK,
)
def test_control_check_t5_7(
    owner_pp: int,
    loyalty: int,
    occupier_pp: int,
    stationed: int,
    owner: int,
    occupier: int,
    keeper: str,
) -> None:
    result = control_check(owner_pp, loyalty, occupier_pp, stationed)
    assert (result.owner_score, result.occupier_score, result.keeper) == (owner, occupier, keeper)
    assert result.loyalty_after == 0, "T5.7: loyalty becomes 0 for ever, whoever wins"


@pytest.mark.parametrize(
    ("owner_pp", "loyalty", "occupier_pp", "needed"),
    [
        pytest.param(0, 10, 5, 5, id="T5.7-heraclea-5-pm-tie-keeps-it"),
        pytest.param(0, 0, 5, 0, id="T5.7-prestige-alone-keeps-it"),
        pytest.param(2, 15, 0, 17, id="T5.7-tarentum-loyalty-15"),
    ],
)
def test_pm_to_keep_is_the_fewest_pm_that_keep_the_province(
    owner_pp: int, loyalty: int, occupier_pp: int, needed: int
) -> None:
    assert pm_to_keep(owner_pp, loyalty, occupier_pp) == needed
    assert control_check(owner_pp, loyalty, occupier_pp, needed).keeper == "occupier"
    if needed:
        assert control_check(owner_pp, loyalty, occupier_pp, needed - 1).keeper == "owner"


@pytest.mark.parametrize(
    ("args", "field"),
    [
        pytest.param((0, -11, 0, 0), "loyalty", id="T5.7-loyalty-below-a-sacks"),
        pytest.param((0, 5, 0, -2), "stationed_pm", id="T5.7-negative-pm"),
        pytest.param((0, 5, 1.5, 0), "occupier_pp", id="T5.7-prestige-is-whole"),
        pytest.param((True, 5, 0, 0), "owner_pp", id="T5.7-a-bool-is-no-number"),
    ],
)
def test_bad_figures_are_refused_naming_the_argument(args: tuple[object, ...], field: str) -> None:
    with pytest.raises(ValueError, match=f"^{field}: "):
        control_check(*args)  # type: ignore[arg-type]


def test_the_result_is_a_frozen_value() -> None:
    result = control_check(0, 10, 5, 0)
    assert isinstance(result, ControlCheck)
    with pytest.raises(ValueError, match="frozen"):
        result.keeper = "occupier"  # type: ignore[misc]


prestige = st.integers(min_value=-30, max_value=60)
counts = st.integers(min_value=0, max_value=40)


@given(prestige, counts, prestige, counts, prestige, counts)
def test_T5_7_the_higher_score_wins_and_scores_depend_only_on_their_own_side(
    owner_pp: int,
    loyalty: int,
    occupier_pp: int,
    stationed: int,
    other_pp: int,
    other_count: int,
) -> None:
    result = control_check(owner_pp, loyalty, occupier_pp, stationed)
    assert result.owner_score == owner_pp + loyalty
    assert result.occupier_score == occupier_pp + stationed
    if result.owner_score > result.occupier_score:
        assert result.keeper == "owner"
    else:
        assert result.keeper == "occupier", "higher wins, a tie to the defender"
    # Changing one side's figures never moves the other side's score.
    assert control_check(owner_pp, loyalty, other_pp, other_count).owner_score == (
        result.owner_score
    )
    assert control_check(other_pp, other_count, occupier_pp, stationed).occupier_score == (
        result.occupier_score
    )
    # More PM stationed never lose a province the occupier would keep with fewer.
    if result.keeper == "occupier":
        assert control_check(owner_pp, loyalty, occupier_pp, stationed + 1).keeper == "occupier"
