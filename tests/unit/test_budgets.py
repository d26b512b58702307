"""T1: campaign PM → table budgets, allies, the table cap and the dice-or-table advice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cli.common import describe
from converters.budgets import (
    BattleCircumstances,
    ContingentStrength,
    advise_resolution,
    battle_budget,
    beyond_in_play,
    table_budget,
)
from converters.errors import FieldError
from converters.losses import dba_losses
from converters.rates import ConversionRates

# (system, PM, budget, DBA commands) — 400 FOG points, 200 DBM AP, 6 DBA elements per PM.
T1_1_TO_T1_3_RATES = [
    pytest.param("fog", 1, 400, None, id="T1.1-fog-1pm-400pts"),
    pytest.param("fog", 4, 1600, None, id="T1.1-fog-4pm-1600pts"),
    pytest.param("dbm", 1, 200, None, id="T1.2-dbm-1pm-200ap"),
    pytest.param("dbm", 5, 1000, None, id="T1.2-dbm-5pm-1000ap"),
    pytest.param("dba", 2, 12, 1, id="T1.3-dba-2pm-one-standard-army"),
    pytest.param("dba", 6, 36, 3, id="T1.3-dba-6pm-big-battle-three-commands"),
    pytest.param("dba", 1, 6, 1, id="T1.3-dba-1pm-half-a-command-is-one-command"),
    pytest.param("dba", 3, 18, 2, id="T1.3-dba-3pm-18-elements-two-commands"),
]


@pytest.mark.parametrize(("system", "pm", "budget", "commands"), T1_1_TO_T1_3_RATES)
def test_t1_1_to_t1_3_pm_become_points_ap_or_elements(
    system: str, pm: int, budget: int, commands: int | None
) -> None:
    result = table_budget(system, pm)  # type: ignore[arg-type]
    assert result.budget == budget
    assert result.commands == commands


T1_4_HALF_PM = [
    pytest.param("fog", "1/2", 200, id="T1.4-fog-garrison-half-of-400"),
    pytest.param("dbm", 0.5, 100, id="T1.4-dbm-garrison-half-of-200"),
    pytest.param("dba", 0.5, 3, id="T1.4-dba-garrison-3-elements"),
    pytest.param("fog", 2.5, 1000, id="T1.4-fog-2.5pm"),
]


@pytest.mark.parametrize(("system", "pm", "budget"), T1_4_HALF_PM)
def test_t1_4_half_pm_converts_at_half_the_rate(system: str, pm: object, budget: int) -> None:
    assert table_budget(system, pm).budget == budget  # type: ignore[arg-type]


def test_t1_4_half_of_an_odd_rate_rounds_half_up() -> None:
    # A campaign giving 5 elements per PM: a garrison is 2.5 elements, fielded as 3.
    rates = ConversionRates(dba_elements_per_pm=5)
    assert table_budget("dba", 0.5, rates).budget == 3


@pytest.mark.parametrize(
    "pm",
    [pytest.param(0.3, id="T1.4-not-a-half"), pytest.param(-1, id="T1.4-negative")],
)
def test_t1_4_pm_must_be_whole_or_half_and_not_negative(pm: float) -> None:
    with pytest.raises(ValueError, match="PM"):
        table_budget("fog", pm)


def test_unknown_system_names_the_field_and_the_choices() -> None:
    with pytest.raises(ValueError, match=r"system: one of fog, dbm, dbmm, dba"):
        table_budget("hoth", 2)  # type: ignore[arg-type]


def test_t1_5_each_allied_contingent_has_its_own_budget_and_list() -> None:
    rome = ContingentStrength(pm=4, nation="Rome", army_list="DBA II/10")
    pyrrhus = ContingentStrength(pm=3, nation="Pyrrhus", army_list="DBA II/27b")
    samnites = ContingentStrength(pm=1, nation="Samnites", army_list="DBA II/13")
    result = battle_budget("dba", [rome], [pyrrhus, samnites])
    assert [c.budget for c in result.b.contingents] == [18, 6]
    assert [c.army_list for c in result.b.contingents] == ["DBA II/27b", "DBA II/13"]
    assert result.b.budget == 24
    assert result.b.pm == 4
    # Allies do not share commands: 18 elements need 2, the Samnites' 6 need their own.
    assert result.b.commands == 3
    assert result.a.commands == 2


# (system, PM A, PM B, cap, budget A, budget B) — both sides scaled by cap ÷ larger, rounded down.
T1_7_CAP = [
    pytest.param("fog", 6, 3, 1200, 1200, 600, id="T1.7-fog-halved"),
    pytest.param("dba", 5, 4, 24, 24, 19, id="T1.7-dba-24-of-30-rounds-19.2-down"),
    pytest.param("dbm", 3, 5, 500, 300, 500, id="T1.7-larger-side-is-b"),
    pytest.param("fog", 4, 3, 2000, 1600, 1200, id="T1.7-cap-above-budget-no-scaling"),
    pytest.param("fog", 4, 3, 1600, 1600, 1200, id="T1.7-cap-equal-to-budget-no-scaling"),
]


@pytest.mark.parametrize(("system", "pm_a", "pm_b", "cap", "budget_a", "budget_b"), T1_7_CAP)
def test_t1_7_cap_scales_both_sides_by_one_factor(
    system: str, pm_a: int, pm_b: int, cap: int, budget_a: int, budget_b: int
) -> None:
    result = battle_budget(
        system,  # type: ignore[arg-type]
        [ContingentStrength(pm=pm_a)],
        [ContingentStrength(pm=pm_b)],
        cap=cap,
    )
    assert (result.a.budget, result.b.budget) == (budget_a, budget_b)


def test_t1_7_scale_is_one_without_cap() -> None:
    result = battle_budget("fog", [ContingentStrength(pm=4)], [ContingentStrength(pm=3)])
    assert result.scale == 1
    assert result.a.budget == result.a.full_budget == 1600


def test_t1_7_a_scaled_game_converts_back_to_the_same_campaign_losses() -> None:
    # 6 PM is 36 DBA elements; under a 24-element cap it fields 24. Losing a third of the
    # army costs 2 PM either way, because T2 losses are proportions.
    capped = battle_budget("dba", [ContingentStrength(pm=6)], [ContingentStrength(pm=6)], cap=24)
    assert capped.a.budget == 24
    full = dba_losses(6, 36, 12, "lost")
    scaled = dba_losses(6, capped.a.budget, 8, "lost")
    assert full.pm_lost == scaled.pm_lost == 2


def test_t1_7_cap_must_be_positive() -> None:
    with pytest.raises(FieldError) as raised:
        battle_budget("fog", [ContingentStrength(pm=4)], [ContingentStrength(pm=3)], cap=0)
    assert raised.value.fields == ("cap",)
    assert describe(raised.value).startswith("--cap: a positive number")


# (PM A, PM B, circumstances, resolution, a phrase of the reason)
T1_8_ADVICE = [
    pytest.param(4, 3, {}, "table", "no terrain", id="T1.8-even-sides-table"),
    pytest.param(6, 2, {}, "table", "at most 3×", id="T1.8-exactly-3x-is-not-more-table"),
    pytest.param(7, 2, {}, "dice", "more than 3×", id="T1.8-7-v-2-is-more-than-3x-dice"),
    pytest.param(6.5, 2, {}, "dice", "more than 3×", id="T1.8-6.5-v-2-strictly-more-dice"),
    pytest.param(2, 6, {}, "table", "at most 3×", id="T1.8-exactly-3x-either-order"),
    pytest.param(2, 2, {}, "table", "at least 2 PM", id="T1.8-2pm-each-is-enough"),
    pytest.param(2, 1.5, {}, "dice", "fewer than 2 PM", id="T1.8-side-b-under-2pm"),
    pytest.param(1, 1, {}, "dice", "side A has fewer than 2", id="T1.8-both-under-2pm"),
    pytest.param(4, 3, {"special_terrain": True}, "dice", "terrain", id="T1.8-terrain"),
    pytest.param(4, 3, {"city": True}, "dice", "city", id="T1.8-city"),
    pytest.param(4, 3, {"landing": True}, "dice", "lands", id="T1.8-landing"),
    pytest.param(4, 3, {"players_agree_dice": True}, "dice", "agree", id="T1.8-players-agree"),
]


@pytest.mark.parametrize(("pm_a", "pm_b", "circumstances", "resolution", "phrase"), T1_8_ADVICE)
def test_t1_8_dice_or_table(
    pm_a: float, pm_b: float, circumstances: dict[str, bool], resolution: str, phrase: str
) -> None:
    advice = advise_resolution(
        Fraction(str(pm_a)), Fraction(str(pm_b)), BattleCircumstances(**circumstances)
    )
    assert advice.resolution == resolution
    assert any(phrase in reason for reason in advice.reasons), advice.reasons


def test_t1_8_every_reason_that_holds_is_given() -> None:
    advice = advise_resolution(8, 1, BattleCircumstances(city=True, landing=True))
    assert advice.resolution == "dice"
    assert len(advice.reasons) == 4  # city, landing, side B under 2 PM, more than 3×


def test_t1_8_battle_budget_carries_the_advice() -> None:
    result = battle_budget("fog", [ContingentStrength(pm=7)], [ContingentStrength(pm=2)])
    assert result.resolution == "dice"


half_pm = st.integers(min_value=0, max_value=200).map(lambda halves: Fraction(halves, 2))
systems = st.sampled_from(["fog", "dbm", "dba"])


@given(system=systems, pm=half_pm, factor=st.integers(min_value=0, max_value=10))
def test_t1_budgets_scale_linearly_with_pm(system: str, pm: Fraction, factor: int) -> None:
    one = table_budget(system, pm).budget  # type: ignore[arg-type]
    assert table_budget(system, pm * factor).budget == one * factor  # type: ignore[arg-type]


@given(
    system=systems,
    pm_a=half_pm.filter(lambda pm: pm > 0),
    pm_b=half_pm.filter(lambda pm: pm > 0),
    cap=st.integers(min_value=1, max_value=20_000),
)
def test_t1_7_cap_is_never_exceeded_and_keeps_the_ratio(
    system: str, pm_a: Fraction, pm_b: Fraction, cap: int
) -> None:
    result = battle_budget(
        system,  # type: ignore[arg-type]
        [ContingentStrength(pm=pm_a)],
        [ContingentStrength(pm=pm_b)],
        cap=cap,
    )
    assert result.a.budget <= cap
    assert result.b.budget <= cap
    if result.scale == 1:
        # No scaling only when both budgets already fit on the table.
        assert max(result.a.full_budget, result.b.full_budget) <= cap
        assert (result.a.budget, result.b.budget) == (result.a.full_budget, result.b.full_budget)
    else:
        assert result.scale < 1
        assert max(result.a.budget, result.b.budget) == cap
        # Rounding down loses less than one point per side, so the proportion holds.
        for side in (result.a, result.b):
            exact = side.full_budget * result.scale
            assert exact - 1 < side.budget <= exact


@given(
    system=systems,
    pm=st.integers(min_value=0, max_value=500),
    rate=st.integers(min_value=1, max_value=1000),
    factor=st.integers(min_value=0, max_value=10),
)
def test_t1_1_to_t1_3_any_campaign_rate_is_pm_times_rate_and_linear(
    system: str, pm: int, rate: int, factor: int
) -> None:
    # T1.1–T1.3 are configurable: whatever the campaign sets, whole PM convert exactly.
    rates = ConversionRates(
        fog_points_per_pm=rate, dbm_points_per_pm=rate, dba_elements_per_pm=rate
    )
    one = table_budget(system, pm, rates)  # type: ignore[arg-type]
    assert one.budget == pm * rate
    assert table_budget(system, pm * factor, rates).budget == one.budget * factor  # type: ignore[arg-type]


# T1.7 with allies: each contingent is scaled and rounded down on its own, so a side can
# field a little less than its total × scale, never more.
def test_t1_7_allies_are_each_rounded_down() -> None:
    # DBA 3 + 3 PM (18 + 18 elements) v 5 PM (30), cap 20: scale 20/36 = 5/9.
    # 18 × 5/9 = 10 exactly for each ally; 30 × 5/9 = 16.67 → 16.
    result = battle_budget(
        "dba",
        [ContingentStrength(pm=3), ContingentStrength(pm=3)],
        [ContingentStrength(pm=5)],
        cap=20,
    )
    assert result.scale == Fraction(5, 9)
    assert [c.budget for c in result.a.contingents] == [10, 10]
    assert result.b.budget == 16
    # Commands are counted per contingent after the cap: 10 elements → 1 command each.
    assert (result.a.commands, result.b.commands) == (2, 2)


# T1.5: a nation fields at most the PM it has in play, its contingents on a side added up
# (issue 11, bug 3: the app showed "PM 1011 of 2" budgets and rolled "Rome 4" with 3 in play).
T1_5_IN_PLAY = [
    pytest.param([("Rome", 3)], {}, id="T1.5 all it has"),
    pytest.param([("Rome", 4)], {"Rome": (4, 3)}, id="T1.5 one PM too many"),
    pytest.param([("Rome", 2), ("Rome", 2)], {"Rome": (4, 3)}, id="T1.5 two contingents add up"),
    pytest.param([("Rome", Fraction(1, 2))], {}, id="T1.4 a garrison's half PM"),
    pytest.param([("Atlantis", 9)], {}, id="unknown nation: the caller's check"),
    pytest.param([("Rome", 1011), ("Carthage", 5)], {"Rome": (1011, 3)}, id="only the one over"),
]


@pytest.mark.parametrize(("fielded", "beyond"), T1_5_IN_PLAY)
def test_t1_5_contingents_field_no_more_than_the_nation_has_in_play(
    fielded: list[tuple[str, Fraction | int]], beyond: dict[str, tuple[int, int]]
) -> None:
    assert beyond_in_play(fielded, {"Rome": 3, "Carthage": 5}) == beyond
