"""T2: table casualties → campaign PM lost (FOG, DBM/DBMM, DBA, the recovery model)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from assistant.cli.common import describe
from converters.dice import ScriptedDice
from converters.errors import FieldError
from converters.losses import dba_losses, dbm_losses, fog_losses, recovery_losses

# (PM, BGs, broken, fragmented, camp sacked, outcome, effective AP, PM lost)
# Defaults: broken 2 AP, fragmented 1 AP, camp 1 AP; losses = PM × AP ÷ BGs, half up.
T2_1_FOG = [
    pytest.param(4, 10, 2, 1, False, "lost", 6, 2, id="T2.1-loser-counts-frag-and-adds-camp"),
    pytest.param(4, 10, 2, 1, False, "won", 4, 2, id="T2.1-winner-ignores-fragmented"),
    pytest.param(4, 8, 1, 2, False, "won", 2, 1, id="T2.1-winner-2ap-of-8bgs"),
    pytest.param(4, 8, 1, 2, False, "lost", 5, 3, id="T2.1-loser-2.5pm-rounds-up-to-3"),
    pytest.param(4, 8, 1, 0, True, "lost", 3, 2, id="T2.1-loser-camp-already-sacked-once"),
    pytest.param(4, 8, 1, 0, True, "won", 3, 2, id="T2.1-winner-counts-its-sacked-camp"),
    pytest.param(1, 10, 2, 0, False, "lost", 5, 1, id="T2.1-half-pm-rounds-up-to-1"),
    pytest.param(3, 4, 4, 0, False, "lost", 9, 3, id="T2.1-never-more-than-pm"),
    pytest.param(5, 10, 0, 0, False, "won", 0, 0, id="T2.1-unscathed-winner-loses-nothing"),
]


@pytest.mark.parametrize(
    ("pm", "bgs", "broken", "fragmented", "camp", "outcome", "ap", "lost"), T2_1_FOG
)
def test_t2_1_fog_losses_from_battle_groups(
    pm: int, bgs: int, broken: int, fragmented: int, camp: bool, outcome: str, ap: int, lost: int
) -> None:
    result = fog_losses(
        pm,
        bgs,
        outcome,
        broken=broken,
        fragmented=fragmented,
        camp_sacked=camp,  # type: ignore[arg-type]
    )
    assert result.effective_ap == ap
    assert result.pm_lost == lost
    assert result.pm_left == pm - lost


# 4 PM, 10 BGs: (attrition total, fragmented, camp sacked, outcome, effective AP, PM lost)
T2_1_FOG_GIVEN_AP = [
    pytest.param(7, 0, False, "lost", 8, 3, id="T2.1-given-ap-loser-adds-camp-3.2pm"),
    pytest.param(7, 0, True, "lost", 7, 3, id="T2.1-given-ap-loser-camp-already-counted-2.8pm"),
    pytest.param(7, 2, False, "won", 5, 2, id="T2.1-given-ap-winner-drops-fragmented-2pm"),
]


@pytest.mark.parametrize(
    ("attrition", "fragmented", "camp", "outcome", "ap", "lost"), T2_1_FOG_GIVEN_AP
)
def test_t2_1_fog_losses_from_a_given_attrition_total(
    attrition: int, fragmented: int, camp: bool, outcome: str, ap: int, lost: int
) -> None:
    result = fog_losses(
        4,
        10,
        outcome,
        attrition=attrition,
        fragmented=fragmented,
        camp_sacked=camp,  # type: ignore[arg-type]
    )
    assert result.effective_ap == ap
    assert result.pm_lost == lost


# (PM, total ElEq, eliminated, demoralised, outcome, PM lost)
T2_2_DBM = [
    pytest.param(6, 24, 5, 6, "lost", 2, id="T2.2-loser-5-plus-half-of-6-is-8-of-24"),
    pytest.param(6, 24, 5, 6, "won", 1, id="T2.2-winner-eliminated-only-1.25"),
    pytest.param(2, 12, 3, 0, "lost", 1, id="T2.2-0.5pm-rounds-up"),
    pytest.param(5, 10, 5, 0, "won", 3, id="T2.2-2.5pm-rounds-up-to-3"),
    pytest.param(4, "16", "3", "1", "lost", 1, id="T2.2-half-of-a-demoralised-eleq-3.5-of-16"),
    pytest.param(7, 24.5, 7, 0, "lost", 2, id="T2.2-half-eleq-total-24.5"),
    pytest.param(4, 11.5, 1.5, 0, "won", 1, id="T2.2-half-eleq-eliminated-0.52pm"),
]


@pytest.mark.parametrize(("pm", "total", "eliminated", "demoralised", "outcome", "lost"), T2_2_DBM)
def test_t2_2_dbm_losses_from_element_equivalents(
    pm: int, total: Any, eliminated: Any, demoralised: Any, outcome: str, lost: int
) -> None:
    result = dbm_losses(pm, total, eliminated, outcome, demoralised=demoralised)  # type: ignore[arg-type]
    assert result.pm_lost == lost


# (PM, elements, lost, PM lost)
T2_3_DBA = [
    pytest.param(2, 12, 3, 1, id="T2.3-quarter-of-2pm-0.5-rounds-up"),
    pytest.param(2, 12, 2, 0, id="T2.3-sixth-of-2pm-rounds-down"),
    pytest.param(6, 36, 15, 3, id="T2.3-2.5pm-rounds-up-to-3"),
    pytest.param(2, 12, 12, 2, id="T2.3-wiped-out-loses-all"),
]


@pytest.mark.parametrize(("pm", "elements", "lost", "pm_lost"), T2_3_DBA)
def test_t2_3_dba_losses_from_elements(pm: int, elements: int, lost: int, pm_lost: int) -> None:
    for outcome in ("won", "lost"):
        assert dba_losses(pm, elements, lost, outcome).pm_lost == pm_lost  # type: ignore[arg-type]


def test_t2_4_each_contingent_loses_from_its_own_figures() -> None:
    # Two 2-PM allies each lose 3 of 12 elements: 0.5 PM each, rounded up to 1 each.
    # Pooled they would have lost only 4 × 6 ÷ 24 = 1 PM; T2.4 says count them apart.
    first = dba_losses(2, 12, 3, "lost")
    second = dba_losses(2, 12, 3, "lost")
    assert first.pm_lost + second.pm_lost == 2
    assert dba_losses(4, 24, 6, "lost").pm_lost == 1


def test_t2_5_land_pm_lost_go_to_the_decimated_pool() -> None:
    result = fog_losses(4, 10, "lost", broken=2, fragmented=1)
    assert result.decimated == result.pm_lost == 2
    assert result.pm_left == 2


# Impossible input → ValueError whose message starts with the command-line field.
T2_BAD_INPUT = [
    pytest.param(
        lambda: fog_losses(4, 5, "lost", broken=4, fragmented=2),
        "--broken/--fragmented",
        id="T2.1-broken-plus-fragmented-over-bgs",
    ),
    pytest.param(lambda: fog_losses(-1, 5, "lost"), "--pm", id="T2.1-negative-pm"),
    pytest.param(lambda: fog_losses(4, 0, "lost"), "--battle-groups", id="T2.1-no-bgs"),
    pytest.param(
        lambda: fog_losses(4, 5, "lost", fragmented=-1),
        "--fragmented",
        id="T2.1-negative-fragmented",
    ),
    pytest.param(
        lambda: fog_losses(4, 5, "lost", broken=1, attrition=3),
        "--attrition",
        id="T2.1-both-broken-and-attrition",
    ),
    pytest.param(
        lambda: fog_losses(4, 5, "won", attrition=1, fragmented=2),
        "--attrition",
        id="T2.1-winner-attrition-below-its-fragmented",
    ),
    pytest.param(lambda: dbm_losses(4, 5, 1, "draw"), "--outcome", id="T2-outcome-won-or-lost"),
    pytest.param(
        lambda: dbm_losses(4, 12, 13, "lost"), "--eliminated", id="T2.2-eliminated-over-total"
    ),
    pytest.param(
        lambda: dbm_losses(4, 12, 10, "lost", demoralised=3),
        "--demoralised",
        id="T2.2-demoralised-over-what-is-left",
    ),
    pytest.param(lambda: dbm_losses(4, 12.3, 1, "lost"), "--total-eleq", id="T2.2-eleq-not-a-half"),
    pytest.param(lambda: dbm_losses(4, 0, 0, "lost"), "--total-eleq", id="T2.2-no-eleq"),
    pytest.param(lambda: dba_losses(2, 12, 13, "lost"), "--lost", id="T2.3-lost-over-fielded"),
    pytest.param(lambda: dba_losses(2, 12, -1, "lost"), "--lost", id="T2.3-negative-lost"),
    pytest.param(
        lambda: recovery_losses(4, 10, 6, 5, ScriptedDice([])),
        "--destroyed/--routed",
        id="T2.6-lost-over-bases",
    ),
]


@pytest.mark.parametrize(("call", "field"), T2_BAD_INPUT)
def test_t2_impossible_input_names_the_field(call: Any, field: str) -> None:
    """The refusal carries its field(s); the command line names them by flag (issue 11)."""
    with pytest.raises(FieldError) as raised:
        call()
    assert "--" not in str(raised.value), "the rules know no command-line flags"
    assert describe(raised.value).startswith(f"{field}:"), describe(raised.value)


def test_t2_lost_over_fielded_message_says_what_is_allowed() -> None:
    with pytest.raises(FieldError) as raised:
        dba_losses(2, 12, 13, "lost")
    assert raised.value.fields == ("lost",)
    assert describe(raised.value) == "--lost: at most --elements (12), got 13"
    labels = {"lost": "Elements lost", "elements": "Elements fielded"}.__getitem__
    assert raised.value.text(labels) == "Elements lost: at most Elements fielded (12), got 13"


# (destroyed, routed, flags, dice, recovered) — 1d6 + modifiers ≥ 5 recovers a base.
T2_6_RECOVERY = [
    pytest.param(1, 0, {}, [5], 1, id="T2.6-5-recovers"),
    pytest.param(1, 0, {}, [4], 0, id="T2.6-4-does-not"),
    pytest.param(0, 1, {}, [4], 1, id="T2.6-routed-plus-1"),
    pytest.param(1, 0, {"holds_field": True}, [3], 1, id="T2.6-holds-field-plus-2"),
    pytest.param(
        1,
        0,
        {"holds_field": True, "commander_killed": True},
        [3],
        0,
        id="T2.6-commander-killed-minus-1",
    ),
    pytest.param(0, 1, {"allied": True}, [5], 1, id="T2.6-allied-minus-1-routed-plus-1"),
    pytest.param(1, 0, {"allied": True}, [5], 0, id="T2.6-allied-destroyed-needs-6"),
    pytest.param(
        1, 0, {"allied": True, "commander_killed": True}, [6], 0, id="T2.6-minus-2-cannot-recover"
    ),
]


@pytest.mark.parametrize(("destroyed", "routed", "flags", "faces", "recovered"), T2_6_RECOVERY)
def test_t2_6_recovery_dice_and_modifiers(
    destroyed: int, routed: int, flags: dict[str, bool], faces: list[int], recovered: int
) -> None:
    result = recovery_losses(4, 24, destroyed, routed, ScriptedDice(faces), **flags)
    assert result.recovered == recovered


def test_t2_6_losses_are_a_share_of_bases_fielded_half_up() -> None:
    # 3 unrecovered of 24 bases of a 4-PM contingent: 0.5 PM, rounded up to 1.
    dice = ScriptedDice([1, 1, 1, 6])
    result = recovery_losses(4, 24, 4, 0, dice)
    assert (result.recovered, result.unrecovered) == (1, 3)
    assert result.pm_lost == result.decimated == 1
    assert result.pm_left == 3


def test_t2_6_every_roll_is_recorded_with_its_purpose() -> None:
    dice = ScriptedDice([2, 6, 4])
    result = recovery_losses(4, 24, 1, 1, dice, naval_lost=1)
    assert [r.purpose for r in dice.rolls] == [
        "T2.6 recovery: destroyed base 1 of 1",
        "T2.6 recovery: routed base 1 of 1",
        "T2.6 recovery: naval point 1 of 1",
    ]
    assert [r.die for r in result.rolls] == [2, 6, 4]
    assert result.naval_recovered == 0  # 4 on a naval point, no modifiers


def test_t2_6_naval_points_ignore_the_allied_land_modifier() -> None:
    result = recovery_losses(4, 24, 0, 0, ScriptedDice([5]), allied=True, naval_lost=1)
    assert result.naval_recovered == 1


# Seed 000's own arithmetic for the recovery rule: "the loser loses 50 % of routed and 67 %
# of destroyed bases, the winner 17 % and 33 %". Roll every face once and count.
T2_6_SEED_PERCENTAGES = [
    pytest.param("routed", False, Fraction(1, 2), id="T2.6-seed-loser-routed-50pc"),
    pytest.param("destroyed", False, Fraction(2, 3), id="T2.6-seed-loser-destroyed-67pc"),
    pytest.param("routed", True, Fraction(1, 6), id="T2.6-seed-winner-routed-17pc"),
    pytest.param("destroyed", True, Fraction(1, 3), id="T2.6-seed-winner-destroyed-33pc"),
]


@pytest.mark.parametrize(("kind", "holds_field", "share_lost"), T2_6_SEED_PERCENTAGES)
def test_t2_6_matches_the_seeds_expected_loss_rates(
    kind: str, holds_field: bool, share_lost: Fraction
) -> None:
    destroyed, routed = (6, 0) if kind == "destroyed" else (0, 6)
    result = recovery_losses(
        6, 36, destroyed, routed, ScriptedDice([1, 2, 3, 4, 5, 6]), holds_field=holds_field
    )
    assert Fraction(result.unrecovered, 6) == share_lost


counts = st.integers(min_value=0, max_value=40)


@given(
    pm=counts,
    bgs=st.integers(1, 30),
    broken=counts,
    fragmented=counts,
    camp=st.booleans(),
    outcome=st.sampled_from(["won", "lost"]),
)
def test_t2_1_fog_losses_stay_between_nothing_and_all(
    pm: int, bgs: int, broken: int, fragmented: int, camp: bool, outcome: str
) -> None:
    assume(broken + fragmented <= bgs)
    result = fog_losses(
        pm,
        bgs,
        outcome,
        broken=broken,
        fragmented=fragmented,  # type: ignore[arg-type]
        camp_sacked=camp,
    )
    assert 0 <= result.pm_lost <= pm
    assert result.pm_left + result.pm_lost == pm
    winner = fog_losses(pm, bgs, "won", broken=broken, fragmented=fragmented, camp_sacked=camp)
    loser = fog_losses(pm, bgs, "lost", broken=broken, fragmented=fragmented, camp_sacked=camp)
    assert winner.pm_lost <= loser.pm_lost  # the loser never counts less (T2.1)


halves = st.integers(min_value=0, max_value=80).map(lambda h: Fraction(h, 2))


@given(
    pm=counts,
    total=halves,
    eliminated=halves,
    demoralised=halves,
    outcome=st.sampled_from(["won", "lost"]),
)
def test_t2_2_dbm_losses_stay_between_nothing_and_all(
    pm: int, total: Fraction, eliminated: Fraction, demoralised: Fraction, outcome: str
) -> None:
    assume(total > 0 and eliminated + demoralised <= total)
    result = dbm_losses(pm, total, eliminated, outcome, demoralised=demoralised)  # type: ignore[arg-type]
    assert 0 <= result.pm_lost <= pm
    assert result.pm_left + result.pm_lost == pm


@given(pm=counts, elements=st.integers(1, 48), lost=counts)
def test_t2_3_dba_losses_stay_between_nothing_and_all(pm: int, elements: int, lost: int) -> None:
    assume(lost <= elements)
    result = dba_losses(pm, elements, lost, "lost")
    assert 0 <= result.pm_lost <= pm
    assert result.decimated == result.pm_lost


@given(
    pm=counts,
    bases=st.integers(1, 60),
    destroyed=counts,
    routed=counts,
    faces=st.lists(st.integers(1, 6), min_size=80, max_size=80),
    field=st.booleans(),
    allied=st.booleans(),
    killed=st.booleans(),
)
def test_t2_6_recovery_losses_stay_between_nothing_and_all(
    pm: int,
    bases: int,
    destroyed: int,
    routed: int,
    faces: list[int],
    field: bool,
    allied: bool,
    killed: bool,
) -> None:
    assume(destroyed + routed <= bases)
    result = recovery_losses(
        pm,
        bases,
        destroyed,
        routed,
        ScriptedDice(faces),
        holds_field=field,
        allied=allied,
        commander_killed=killed,
    )
    assert 0 <= result.pm_lost <= pm
    assert 0 <= result.recovered <= destroyed + routed
    assert len(result.rolls) == destroyed + routed
