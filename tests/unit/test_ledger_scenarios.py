"""The shipped scenarios carry the seeds' numbers (T5.1, T5.5, T6, D1) and the calendar."""

from __future__ import annotations

import pytest

from armylists.scenarios import custom_scenario, load_scenario

# T5.5 / seed 000 "Forze iniziali": forces and treasuries as the seed lists them.
T5_5_STARTING_FORCES = [
    # nation, land PM, naval PM, treasury PE
    ("Rome", 4 + 1 + 1 + 1, 2, 16),
    ("Carthage", 4, 4, 25),
    ("Senones", 3, 0, 5),
    ("Etruscans", 2, 1, 30),
    ("Magna Graecia", 3 + 1 + 1, 2, 10),
    ("Pyrrhus", 2, 2, 2),
    ("Syracuse", 3, 1, 12),
]


@pytest.mark.parametrize(
    ("nation", "land", "naval", "treasury"),
    T5_5_STARTING_FORCES,
    ids=[f"T5.5-{row[0]}" for row in T5_5_STARTING_FORCES],
)
def test_tarentine_start_matches_the_seed(
    nation: str, land: int, naval: int, treasury: int
) -> None:
    scenario = load_scenario("tarentine")
    assert scenario.starting_pm(nation) == (land, naval)
    assert scenario.treasuries[nation] == treasury


def test_tarentine_nations_and_holders_use_the_data_names() -> None:
    scenario = load_scenario("tarentine")
    assert scenario.nations == [
        "Rome",
        "Carthage",
        "Senones",
        "Etruscans",
        "Magna Graecia",
        "Pyrrhus",
        "Syracuse",
    ]
    assert scenario.holders == ["Neutral"]
    # Messana's neutral garrison of 1 PM (province table, special rules).
    assert scenario.starting_pm("Neutral") == (1, 0)


def test_tarentine_provinces_keep_homeland_loyalty_value_and_kind() -> None:
    provinces = {p.name: p for p in load_scenario("tarentine").provinces}
    assert len(provinces) == 44  # rows of the seed's province table
    roma = provinces["Roma"]
    assert (roma.homeland, roma.loyalty, roma.value, roma.kind) == ("Rome", 20, 15, "city")
    assert provinces["Ipponio"].kind == "wild"
    assert provinces["Heraclea"].homeland == "Magna Graecia"
    assert "Senones reach 10 PP" in provinces["Insubres"].special


def test_tarentine_economy_is_t6() -> None:
    economy = load_scenario("tarentine").economy
    assert economy is not None
    assert (economy.land_pm_cost, economy.naval_pm_cost, economy.rebuild_cost) == (40, 30, 20)
    assert economy.recruit_delay_turns == 4


# T5.1: 12 fortnightly turns from 1 April, then a winter turn; 5 years from 278 BC.
T5_1_CALENDAR = [
    (1, "Turn 1, April 278 BC (1st fortnight)"),
    (2, "Turn 2, April 278 BC (2nd fortnight)"),
    (3, "Turn 3, May 278 BC (1st fortnight)"),
    (12, "Turn 12, September 278 BC (2nd fortnight)"),
    (13, "Turn 13, winter 278/277 BC"),
    (14, "Turn 14, April 277 BC (1st fortnight)"),
    (65, "Turn 65, winter 274/273 BC"),
]


@pytest.mark.parametrize(
    ("turn", "date"), T5_1_CALENDAR, ids=[f"T5.1-turn{t}" for t, _ in T5_1_CALENDAR]
)
def test_tarentine_calendar(turn: int, date: str) -> None:
    calendar = load_scenario("tarentine").calendar
    assert calendar.date(turn) == date
    assert calendar.is_winter(turn) == ("winter" in date)


def test_tarentine_runs_65_turns() -> None:
    assert load_scenario("tarentine").calendar.total_turns == 65


def test_macedon_has_8_armies_a_side_at_morale_3_and_the_leaders_at_6() -> None:
    scenario = load_scenario("macedon")
    for side in ("Macedon", "Persia"):
        armies = [army for army in scenario.armies if army.nation == side]
        assert len(armies) == 8, "D1: each side has 8 armies"
        leaders = [army for army in armies if army.leader]
        assert len(leaders) == 1
        assert leaders[0].morale == 6
        assert sorted(army.morale for army in armies if not army.leader) == [3] * 7


def test_macedon_runs_36_turns_without_winter() -> None:
    scenario = load_scenario("macedon")
    assert scenario.calendar.total_turns == 36
    assert not any(scenario.calendar.is_winter(turn) for turn in range(1, 37))
    assert scenario.economy is None
    assert scenario.attacker == "Macedon"


def test_custom_scenario_uses_the_names_given() -> None:
    scenario = custom_scenario(
        ["Athens", "Sparta"], treasuries={"Athens": 50}, land_pm={"Sparta": 3}
    )
    assert scenario.nations == ["Athens", "Sparta"]
    assert scenario.starting_pm("Sparta") == (3, 0)
    assert scenario.treasuries == {"Athens": 50}


@pytest.mark.parametrize(
    ("nations", "field"),
    [([], "^nation:"), (["Athens", ""], "^nation:"), (["Athens", "Athens"], "nations")],
    ids=["none", "empty-name", "twice"],
)
def test_custom_scenario_refuses_bad_names(nations: list[str], field: str) -> None:
    """The scenario names its field (``nation``); the command line words it ``--nation``."""
    with pytest.raises(ValueError, match=field):
        custom_scenario(nations)


def test_unknown_scenario_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match="scenario: one of tarentine, macedon"):
        load_scenario("punic")
