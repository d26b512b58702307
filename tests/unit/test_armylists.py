"""T1.6 army lists and the conversion defaults, as shipped data loaded by armylists."""

from __future__ import annotations

from importlib import resources

import pytest

import armylists
import armylists.loader
from converters.errors import FieldError
from converters.rates import ConversionRates

# T1.6 in docs/rules.md, row by row: nation → (FOG list, FOG book, DBM list, DBA 3.0 list).
T1_6_ARMY_LISTS = [
    pytest.param("Pyrrhus", "Pyrrhic", "Rise of Rome", "II/27", "II/27b", id="T1.6-pyrrhus"),
    pytest.param(
        "Syracuse", "Classical Greek cities", "Immortal Fire", "II/9", "II/9a", id="T1.6-syracuse"
    ),
    *[
        pytest.param(
            people, "Lucanian / Campanian", "Rise of Rome", "II/8", "II/8a–c", id=f"T1.6-{people}"
        )
        for people in ("Campanians", "Lucanians", "Bruttians", "Apulians")
    ],
    pytest.param(
        "Samnites", "Lucanian / Campanian", "Rise of Rome", "II/13", "II/13", id="T1.6-samnites"
    ),
    pytest.param("Rome", "Mid-Republican Roman", "Rise of Rome", "II/10", "II/10", id="T1.6-rome"),
    pytest.param("Senones", "Gallic", "Rise of Rome", "II/11", "II/11", id="T1.6-senones"),
    pytest.param("Carthage", "Carthaginian", "Rise of Rome", "I/61", "I/61b", id="T1.6-carthage"),
    pytest.param(
        "Etruscans", "Etruscan (club house list)", None, "I/57", "I/57b", id="T1.6-etruscans"
    ),
    pytest.param(
        "Magna Graecia",
        "Classical Greek cities",
        "Immortal Fire",
        "II/5",
        "II/5g",
        id="T1.6-magna-graecia",
    ),
]


@pytest.mark.parametrize(("nation", "fog", "book", "dbm", "dba"), T1_6_ARMY_LISTS)
def test_t1_6_each_nation_names_its_list_in_each_ruleset(
    nation: str, fog: str, book: str | None, dbm: str, dba: str
) -> None:
    fog_list = armylists.army_list(nation, "fog")
    assert (fog_list.list, fog_list.book) == (fog, book)
    assert armylists.army_list(nation, "dbm").list == dbm
    assert armylists.army_list(nation, "dba").list == dba


def test_t1_6_the_twelve_tarentine_nations_are_listed() -> None:
    assert sorted(armylists.nations()) == sorted(
        [
            "Rome",
            "Pyrrhus",
            "Magna Graecia",
            "Carthage",
            "Syracuse",
            "Senones",
            "Etruscans",
            "Samnites",
            "Campanians",
            "Lucanians",
            "Bruttians",
            "Apulians",
        ]
    )


def test_t1_6_nation_names_match_ignoring_case() -> None:
    assert armylists.army_list("magna graecia", "dbm").nation == "Magna Graecia"


def test_t1_6_labels_read_as_a_referee_names_them() -> None:
    assert armylists.army_list("Rome", "fog").label == "Mid-Republican Roman (Rise of Rome)"
    assert armylists.army_list("Pyrrhus", "dba").label == "DBA II/27b"


@pytest.mark.parametrize(
    ("nation", "system", "message"),
    [
        pytest.param("Gauls", "fog", r"^nation: one of Pyrrhus, .*\(got 'Gauls'\)$", id="nation"),
        pytest.param(
            "Rome", "hoth", r"^system: one of fog, dbm, dbmm, dba \(got 'hoth'\)$", id="system"
        ),
    ],
)
def test_unknown_nation_or_system_names_the_field_and_the_allowed_values(
    nation: str, system: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        armylists.army_list(nation, system)  # type: ignore[arg-type]


def test_t1_t2_shipped_defaults_are_the_seeds_numbers() -> None:
    rates = armylists.load_rates()
    assert rates == ConversionRates()
    # docs/rules.md T1.1–T1.3, T1.8, T2.1 and T2.6.
    assert (rates.fog_points_per_pm, rates.dbm_points_per_pm, rates.dba_elements_per_pm) == (
        400,
        200,
        6,
    )
    assert rates.dba_elements_per_command == 12
    assert (rates.dice_min_pm, rates.dice_ratio) == (2, 3)
    assert (rates.fog_ap_broken, rates.fog_ap_fragmented, rates.fog_ap_camp) == (2, 1, 1)
    assert rates.recovery_target == 5
    assert (
        rates.recovery_holds_field,
        rates.recovery_routed,
        rates.recovery_commander_killed,
        rates.recovery_allied,
    ) == (2, 1, -1, -1)


@pytest.mark.parametrize(
    ("system", "name", "per_pm"),
    [
        pytest.param("fog", "Field of Glory", 400, id="T1.1-fog-400-points"),
        pytest.param("dbm", "DBM", 200, id="T1.2-dbm-200-ap"),
        pytest.param("dbmm", "DBMM", 200, id="T1.2-dbmm-uses-the-dbm-rate"),
        pytest.param("dba", "DBA 3.0", 6, id="T1.3-dba-6-elements"),
    ],
)
def test_each_ruleset_loads_with_its_name_and_rate(system: str, name: str, per_pm: int) -> None:
    assert armylists.load_rates(system).per_pm(system) == per_pm  # type: ignore[arg-type]
    assert armylists.ruleset_name(system) == name  # type: ignore[arg-type]


def test_a_campaign_may_override_a_rate() -> None:
    rates = armylists.load_rates("fog", {"fog_points_per_pm": 500})
    assert rates.fog_points_per_pm == 500
    assert rates.dbm_points_per_pm == 200


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param({"fog_pts": 500}, r"^fog_pts: not a conversion rate", id="unknown-rate"),
        pytest.param({"fog_points_per_pm": 0}, r"^fog_points_per_pm: ", id="zero-rate"),
        pytest.param({"recovery_target": "high"}, r"^recovery_target: ", id="not-a-number"),
    ],
)
def test_bad_overrides_name_the_rate(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        armylists.load_rates(overrides=overrides)


@pytest.mark.parametrize(
    ("row", "line"),
    [
        pytest.param(
            'name = "Rome"\ncontingent = "Rome"\nfog = { list = "Polybian" }\ndba = "II/33"',
            "nation.dbm: required, in the row of Rome",
            id="missing-key",
        ),
        pytest.param(
            'name = "Rome"\ncontingent = "Rome"\nfog = { list = "Polybian" }\n'
            'dbm = "33"\ndba = "II/33"',
            "nation.dbm: not in the expected form (got '33'), in the row of Rome",
            id="not-a-list-number",
        ),
        pytest.param(
            'contingent = "Rome"\nfog = { list = "Polybian" }\ndbm = "II/33"\ndba = "II/33"',
            "nation.name: required, in row 2",
            id="nameless-row",
        ),
    ],
)
def test_t1_6_a_malformed_army_list_file_is_one_line_naming_the_key(row: str, line: str) -> None:
    """Issue 11: pydantic's error becomes the loader's FieldError (the key, the row), which the
    command line words as one line, never pydantic's "String should match pattern"."""
    from assistant.cli.common import describe

    good = 'name = "Carthage"\ncontingent = "Carthage"\nfog = { list = "Carthaginian" }\n'
    good += 'dbm = "II/32"\ndba = "II/32a"'
    text = f"[[nation]]\n{good}\n\n[[nation]]\n{row}\n"
    with pytest.raises(FieldError) as refused:
        armylists.loader.read_army_lists(text)
    assert describe(refused.value) == line


def test_the_shipped_army_list_file_reads_as_the_t1_6_table() -> None:
    assert (
        list(
            armylists.loader.read_army_lists(
                resources.files("armylists").joinpath("data", "army_lists.toml").read_text("utf-8")
            )
        )
        == armylists.nations()
    )


def test_data_files_are_package_resources() -> None:
    # Loaded through importlib.resources, so they travel inside the wheel with the code.
    data = resources.files("armylists").joinpath("data")
    assert data.joinpath("rates.toml").is_file()
    assert data.joinpath("army_lists.toml").is_file()


def test_t1_5_a_contingent_carries_its_list_into_the_budget() -> None:
    from converters.budgets import battle_budget

    result = battle_budget(
        "dbm",
        [armylists.contingent("Rome", 4, "dbm")],
        [armylists.contingent("Pyrrhus", 2, "dbm"), armylists.contingent("Samnites", 1, "dbm")],
    )
    assert result.a.contingents[0].army_list == "DBM II/10"
    assert [c.army_list for c in result.b.contingents] == ["DBM II/27", "DBM II/13"]
    assert [c.budget for c in result.b.contingents] == [400, 200]
