"""D2–D6: DBA campaign defeats, morale checks, morale changes, forced marches, initiative."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cli.common import describe
from converters.dice import ScriptedDice
from converters.errors import FieldError
from converters.house_rules import ForcedMarchBar
from converters.morale import (
    classify_defeat,
    cut_off_army_dies,
    forced_march,
    initiative,
    morale_after,
    morale_check,
    preview_defeat,
    resolve_defeat,
    tactical_retreat,
)

# (loser lost, winner lost, flags, defeat) with 12 elements each.
D2_DEFEAT = [
    pytest.param(4, 2, {}, "ordinary", id="D2-4-v-2-ordinary"),
    pytest.param(6, 5, {}, "crushing", id="D2-6-elements-lost-crushing"),
    pytest.param(5, 4, {}, "ordinary", id="D2-5-lost-margin-1-ordinary"),
    pytest.param(4, 0, {}, "crushing", id="D2-winner-4-more-on-table-crushing"),
    pytest.param(4, 1, {}, "ordinary", id="D2-winner-3-more-ordinary"),
    pytest.param(1, 0, {"general_lost": True}, "crushing", id="D2-general-lost"),
    pytest.param(1, 0, {"camp_lost": True}, "crushing", id="D2-camp-lost"),
]


@pytest.mark.parametrize(("lost", "enemy_lost", "flags", "defeat"), D2_DEFEAT)
def test_d2_defeat_classification(
    lost: int, enemy_lost: int, flags: dict[str, bool], defeat: str
) -> None:
    assert classify_defeat(lost, enemy_lost, **flags) == defeat


def test_d2_margin_counts_elements_on_the_table_not_losses() -> None:
    # 12 v 8 elements fielded: losing 2 v 2 leaves 10 v 6 on the table, 4 more for the winner.
    assert classify_defeat(2, 2, elements=8, enemy_elements=12) == "crushing"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param({"lost": 13, "enemy_lost": 0}, "--lost", id="D2-lost-over-12"),
        pytest.param({"lost": 0, "enemy_lost": -1}, "--enemy-lost", id="D2-negative-enemy-lost"),
        pytest.param(
            {"lost": 0, "enemy_lost": 0, "elements": 0}, "--elements", id="D2-no-elements"
        ),
        pytest.param(
            {"lost": 0, "enemy_lost": 0, "enemy_elements": -3},
            "--enemy-elements",
            id="D2-negative-enemy-elements-names-the-enemy-field",
        ),
        pytest.param(
            {"lost": 3, "enemy_lost": 0, "elements": 2}, "--lost", id="D2-lost-over-fielded"
        ),
    ],
)
def test_d2_impossible_counts_name_the_field(kwargs: dict[str, Any], field: str) -> None:
    """The rule carries its field; the command line names it by flag (issue 11)."""
    with pytest.raises(FieldError) as raised:
        classify_defeat(**kwargs)
    assert "--" not in str(raised.value)
    assert describe(raised.value).startswith(f"{field}:")


# (morale, defeat, die, destroyed)
D3_CHECK = [
    pytest.param(3, "crushing", 4, True, id="D3-crushing-roll-above-morale-destroyed"),
    pytest.param(3, "crushing", 3, False, id="D3-crushing-roll-equal-morale-survives"),
    pytest.param(6, "crushing", 6, False, id="D3-leader-army-morale-6-always-survives"),
    pytest.param(0, "crushing", 1, True, id="D3-crushing-at-0-any-roll-destroys"),
    pytest.param(0, "ordinary", None, True, id="D3-ordinary-at-morale-0-disbands"),
    pytest.param(1, "ordinary", None, False, id="D3-ordinary-at-morale-1-survives"),
]


@pytest.mark.parametrize(("morale", "defeat", "die", "destroyed"), D3_CHECK)
def test_d3_morale_check(morale: int, defeat: str, die: int | None, destroyed: bool) -> None:
    dice = ScriptedDice([] if die is None else [die])
    check = morale_check(morale, defeat, dice)  # type: ignore[arg-type]
    assert check.destroyed is destroyed
    assert check.roll == die
    # An ordinary defeat never rolls; a crushing one rolls exactly one d6, with its purpose.
    assert [r.purpose.startswith("D3") for r in dice.rolls] == ([] if die is None else [True])


# (morale, result, morale after)
D4_CHANGES = [
    pytest.param(3, "victory", 4, id="D4-victory-plus-1"),
    pytest.param(3, "triumph", 5, id="D4-triumph-plus-2"),
    pytest.param(3, "ordinary-defeat", 2, id="D4-ordinary-defeat-minus-1"),
    pytest.param(3, "crushing-defeat", 1, id="D4-crushing-defeat-minus-2"),
    pytest.param(6, "triumph", 6, id="D4-clamped-at-6"),
    pytest.param(5, "triumph", 6, id="D4-5-plus-2-clamped-at-6"),
    pytest.param(1, "crushing-defeat", 0, id="D4-clamped-at-0"),
]


@pytest.mark.parametrize(("morale", "result", "after"), D4_CHANGES)
def test_d4_morale_changes(morale: int, result: str, after: int) -> None:
    assert morale_after(morale, result) == after  # type: ignore[arg-type]


def test_d4_check_uses_the_morale_before_the_change() -> None:
    # Morale 3, crushing defeat, roll 2: 2 is not above 3 (it would be above 3 − 2 = 1).
    result = resolve_defeat(3, 6, 2, ScriptedDice([2]))
    assert (result.defeat, result.destroyed, result.morale_after) == ("crushing", False, 1)
    assert result.winner_result == "triumph"


def test_d3_destroyed_army_has_no_morale_after() -> None:
    result = resolve_defeat(2, 6, 2, ScriptedDice([3]))
    assert result.destroyed and result.morale_after is None


def test_morale_outside_0_to_6_names_the_field() -> None:
    with pytest.raises(FieldError) as raised:
        morale_after(7, "victory")
    assert raised.value.fields == ("morale",)
    assert describe(raised.value) == "--morale: 0 to 6 (got 7)"


# (morale, loyalty, ends in invasion, house rule forced_march_bar, allowed, morale after)
D5_FORCED_MARCH = [
    pytest.param(4, 3, False, "morale", True, 2, id="D5-forced-march-minus-2"),
    pytest.param(3, 5, False, "morale", True, 1, id="D5-forced-march-at-morale-3"),
    pytest.param(2, 6, False, "morale", False, 2, id="D5-forbidden-at-morale-2"),
    pytest.param(0, 6, False, "morale", False, 0, id="D5-forbidden-at-morale-0"),
    pytest.param(4, 2, False, "morale", True, 2, id="D5-province-loyalty-2-no-bar-by-default"),
    pytest.param(4, 6, True, "morale", False, 4, id="D5-cannot-end-in-an-invasion"),
    pytest.param(1, 5, False, "province_loyalty", True, 0, id="D5-H-not-below-0"),
    pytest.param(4, 2, False, "province_loyalty", False, 4, id="D5-H-forbidden-at-loyalty-2"),
    pytest.param(4, 0, False, "province_loyalty", False, 4, id="D5-H-forbidden-at-loyalty-0"),
]


@pytest.mark.parametrize(
    ("morale", "loyalty", "invasion", "bar", "allowed", "after"), D5_FORCED_MARCH
)
def test_d5_forced_march(
    morale: int, loyalty: int, invasion: bool, bar: ForcedMarchBar, allowed: bool, after: int
) -> None:
    march = forced_march(morale, loyalty, ends_in_invasion=invasion, bar=bar)
    assert (march.allowed, march.morale_after) == (allowed, after)
    if not allowed and not invasion:
        assert ("morale 2 or less" if bar == "morale" else "loyalty 2 or less") in march.reason


D5_TACTICAL_RETREAT = [
    pytest.param(3, False, 2, id="D5-tactical-retreat-minus-1"),
    pytest.param(0, True, None, id="D5-tactical-retreat-at-0-disbands"),
]


@pytest.mark.parametrize(("morale", "destroyed", "after"), D5_TACTICAL_RETREAT)
def test_d5_tactical_retreat_is_an_ordinary_defeat_without_attacker_bonus(
    morale: int, destroyed: bool, after: int | None
) -> None:
    result = tactical_retreat(morale)
    assert result.defeat == "ordinary"
    assert (result.destroyed, result.morale_after) == (destroyed, after)
    assert result.winner_result is None


@pytest.mark.parametrize(
    ("turns", "dies"),
    [
        pytest.param(2, False, id="D5-cut-off-2-turns-survives"),
        pytest.param(3, True, id="D5-cut-off-a-season-dies"),
    ],
)
def test_d5_cut_off_army_dies_after_a_season(turns: int, dies: bool) -> None:
    assert cut_off_army_dies(turns) is dies


# (victories this turn, initiative)
D6_INITIATIVE = [
    pytest.param([], "Macedon", id="D6-no-battles-attacker"),
    pytest.param([("Persia", "victory")], "Persia", id="D6-more-victories"),
    pytest.param(
        [("Persia", "victory"), ("Macedon", "victory")], "Macedon", id="D6-equal-attacker"
    ),
    pytest.param(
        [("Persia", "victory"), ("Persia", "victory"), ("Macedon", "triumph")],
        "Macedon",
        id="D6-triumph-counts-2-ties-go-to-attacker",
    ),
    pytest.param(
        [("Persia", "triumph"), ("Macedon", "victory")], "Persia", id="D6-triumph-beats-victory"
    ),
]


@pytest.mark.parametrize(("victories", "side"), D6_INITIATIVE)
def test_d6_initiative(victories: list[tuple[str, str]], side: str) -> None:
    assert initiative(victories).side == side  # type: ignore[arg-type]


@given(
    morale=st.integers(0, 6),
    result=st.sampled_from(["victory", "triumph", "ordinary-defeat", "crushing-defeat"]),
)
def test_d4_morale_always_stays_within_0_to_6(morale: int, result: str) -> None:
    assert 0 <= morale_after(morale, result) <= 6  # type: ignore[arg-type]


# D2–D4 previewed as the players type, before D3's die: (winner morale, loser morale, loser
# lost, winner lost, flags) → (defeat, winner after, loser after, D3 die due, disbands).
D2_D4_PREVIEW = [
    pytest.param(3, 3, 4, 2, {}, ("ordinary", 4, 2, False, False), id="D2-D4 ordinary"),
    pytest.param(3, 3, 6, 1, {}, ("crushing", 5, 1, True, False), id="D2-D4 crushing: D3 due"),
    pytest.param(
        6, 2, 1, 1, {"camp_lost": True}, ("crushing", 6, 0, True, False), id="D4 clamped 0-6"
    ),
    pytest.param(2, 0, 3, 3, {}, ("ordinary", 3, None, False, True), id="D3 morale 0 disbands"),
]


@pytest.mark.parametrize(("won", "beaten", "lost", "enemy_lost", "flags", "expect"), D2_D4_PREVIEW)
def test_d2_d4_preview(
    won: int,
    beaten: int,
    lost: int,
    enemy_lost: int,
    flags: dict[str, bool],
    expect: tuple[str, int, int | None, bool, bool],
) -> None:
    preview = preview_defeat(won, beaten, classify_defeat(lost, enemy_lost, **flags))
    assert (
        preview.defeat,
        preview.winner_morale_after,
        preview.loser_morale_after,
        preview.check_due,
        preview.disbands,
    ) == expect


@given(
    won=st.integers(0, 6),
    beaten=st.integers(0, 6),
    lost=st.integers(0, 12),
    enemy_lost=st.integers(0, 12),
    general=st.booleans(),
    die=st.integers(1, 6),
)
def test_d2_d4_preview_agrees_with_the_resolution_once_the_die_is_rolled(
    won: int, beaten: int, lost: int, enemy_lost: int, general: bool, die: int
) -> None:
    defeat = classify_defeat(lost, enemy_lost, general_lost=general)
    preview = preview_defeat(won, beaten, defeat)
    resolved = resolve_defeat(beaten, lost, enemy_lost, ScriptedDice([die]), general_lost=general)
    assert preview.defeat == resolved.defeat
    assert preview.winner_result == resolved.winner_result
    if not resolved.destroyed:
        assert preview.loser_morale_after == resolved.morale_after
    assert preview.disbands == (resolved.destroyed and not preview.check_due)
