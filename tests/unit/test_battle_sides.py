"""T7.4: which forces standing in a province fight on which side (converters.battle_sides)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from converters.battle_sides import battle_sides
from converters.tribute import Troops

ALLIED = [["Magna Graecia", "Pyrrhus"]]


def test_t7_4_the_holder_and_its_allies_defend_against_the_invader() -> None:
    troops = [Troops(nation="Rome", pm=5), Troops(nation="Magna Graecia", pm=2),
              Troops(nation="Pyrrhus", pm=4)]  # fmt: skip
    a, b = battle_sides(troops, "Magna Graecia", ALLIED)
    assert a == [("Rome", 5)]
    assert b == [("Magna Graecia", 2), ("Pyrrhus", 4)]


def test_t5_5_mercenaries_fight_for_who_pays_them() -> None:
    # The Senones at Tarentum are in Magna Graecia's pay: Rome attacks both.
    troops = [Troops(nation="Senones", pm=1, paid_by="Magna Graecia"),
              Troops(nation="Rome", pm=3)]  # fmt: skip
    a, b = battle_sides(troops, "Magna Graecia", ALLIED)
    assert a == [("Rome", 3)] and b == [("Senones", 1)]


def test_t7_4_two_armies_of_one_nation_are_one_contingent() -> None:
    troops = [Troops(nation="Rome", pm=2), Troops(nation="Carthage", pm=3),
              Troops(nation="Rome", pm=4)]  # fmt: skip
    assert battle_sides(troops, "Rome", ALLIED) == ([("Carthage", 3)], [("Rome", 6)])


def test_t7_4_in_a_third_nations_province_the_larger_army_defends() -> None:
    troops = [Troops(nation="Rome", pm=2), Troops(nation="Carthage", pm=3)]
    assert battle_sides(troops, "Syracuse", ALLIED) == ([("Rome", 2)], [("Carthage", 3)])


def test_t7_4_allies_alone_do_not_meet_as_enemies() -> None:
    troops = [Troops(nation="Pyrrhus", pm=4), Troops(nation="Magna Graecia", pm=2)]
    assert battle_sides(troops, "Rome", ALLIED) == ([], [])
    assert battle_sides([], "Rome", ALLIED) == ([], [])


NATIONS = st.sampled_from(["Rome", "Carthage", "Pyrrhus", "Magna Graecia", "Senones"])


@given(st.lists(st.builds(Troops, nation=NATIONS, pm=st.integers(0, 9)), max_size=6), NATIONS)
def test_every_pm_present_fights_once_or_nobody_fights(troops: list[Troops], holder: str) -> None:
    a, b = battle_sides(troops, holder, ALLIED)
    if a:
        assert b, "an attacker always has someone to fight"
        assert sum(pm for _, pm in a + b) == sum(t.pm for t in troops)
        assert not {n for n, _ in a} & {n for n, _ in b}
    else:
        assert b == []
