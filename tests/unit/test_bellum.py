"""Bellum's scoreboard (docs/rules.md B1–B3): victory at 30, the year-20 ranking and its
tie-break, Rome's faction choice, and the validation of a centres table.

The seed gives no worked ranking, so the tie-break tables below are constructed: each case
changes one window so that exactly one criterion separates the powers; the ids say which."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.bellum import power, power_names, powers, rome_faction, rome_start, rules
from converters.bellum import (
    BellumRules,
    Victory,
    check_centres,
    standings,
    victory_text,
    winner_at_30,
)


def years(*blocks: tuple[int, int]) -> list[int]:
    """``years((5, 10), (12, 10))`` → ten years at 5 centres then ten at 12."""
    return [held for count, held in ((n, c) for c, n in blocks) for _ in range(count)]


# -- B1: the powers and victory --------------------------------------------------------------

SEED_CAPITALS = {
    # The seed's "centro capitale" list, with the English names Castra uses.
    "Gauls": "Lemonum",
    "Iberians": "Hispania",
    "Britons": "Londinium",
    "Germans": "Bordesholm",
    "Numidians": "Numidia",
    "Carthage": "Carthago",
    "Rome": "Roma",
    "Greek Cities": "Sparta",
    "Egypt": "Alessandria",
    "Seleucids": "Syria",
    "Parthians": "Arsakia",
    "Scythians": "Tira",
    "Macedonians": "Macedonia",
}


def test_B1_thirteen_powers_with_the_seed_capitals() -> None:
    assert len(powers()) == 13
    assert {p.name: p.capital for p in powers()} == SEED_CAPITALS


def test_B1_powers_are_found_by_italian_name_and_unknown_ones_refused() -> None:
    assert power("Cartagine").name == "Carthage"
    assert power("sciti").name == "Scythians"
    with pytest.raises(ValueError, match=r"^power: one of Greek Cities, .*Parthians"):
        power("Persia")


def test_B1_B2_rules_data_holds_the_seed_numbers() -> None:
    assert rules() == BellumRules(
        supply_centres=90, victory_centres=30, last_year=20, tie_break_windows=(5, 10, 15)
    )


B1_VICTORY = [
    # id, table, year won (None: nobody), winners
    (
        "B1-30-centres-in-year-7-wins",
        {"Rome": [10, 15, 20, 24, 27, 29, 30], "Egypt": [5] * 7},
        7,
        ("Rome",),
    ),
    ("B1-29-centres-is-not-enough", {"Rome": [29] * 20, "Egypt": [5] * 20}, None, ()),
    ("B1-first-year-counts-not-the-most", {"Rome": [30, 20], "Egypt": [10, 40]}, 1, ("Rome",)),
    ("B1-Reading-two-at-30-more-centres-wins", {"Rome": [31], "Egypt": [30]}, 1, ("Rome",)),
    # Both reach 30 in year 3 with 30: Egypt held 20+25 before, Rome 10+20 → Egypt on "last 5".
    (
        "B1-Reading-two-at-30-tie-break-B2",
        {"Rome": [10, 20, 30], "Egypt": [20, 25, 30]},
        3,
        ("Egypt",),
    ),
    ("B1-Reading-level-throughout-shared", {"Rome": [30], "Egypt": [30]}, 1, ("Egypt", "Rome")),
]


@pytest.mark.parametrize(
    ("table", "year", "winners"), [r[1:] for r in B1_VICTORY], ids=[r[0] for r in B1_VICTORY]
)
def test_B1_winner_at_30(table, year, winners) -> None:
    victory = winner_at_30(table)
    if year is None:
        assert victory is None
    else:
        assert victory is not None
        assert (victory.year, victory.powers) == (year, winners)


def test_B1_a_won_game_ends_the_table() -> None:
    result = standings({"Rome": [20, 30], "Egypt": [10, 12]})
    assert result.status == "won"
    assert result.victory is not None and result.victory.power == "Rome"
    with pytest.raises(ValueError, match=r"won in year 2 .* goes on to year 3"):
        standings({"Rome": [20, 30, 31], "Egypt": [10, 12, 12]})


# -- B2: the ranking -------------------------------------------------------------------------

B2_TIE_BREAK = [
    # id, {power: centres per year (20 years)}, expected order, decided_by of the first two
    (
        "B2-more-centres-at-the-end-ranks-first",
        {"Rome": years((3, 19), (13, 1)), "Egypt": years((20, 19), (12, 1))},
        ["Rome", "Egypt"],
        "centres",
    ),
    (
        # Level at 12; Rome 12×5 = 60 over the last 5 years, Egypt 11+11+12+12+12 = 58.
        "B2-level-broken-by-last-5-years",
        {"Rome": years((5, 15), (12, 5)), "Egypt": years((9, 15), (11, 2), (12, 3))},
        ["Rome", "Egypt"],
        "last 5 years",
    ),
    (
        # Level on 12 and on 60 over 5 years; over 10: Egypt 55+60 = 115, Rome 50+60 = 110.
        "B2-level-on-5-broken-by-last-10-years",
        {"Rome": years((5, 10), (10, 5), (12, 5)), "Egypt": years((4, 10), (11, 5), (12, 5))},
        ["Egypt", "Rome"],
        "last 10 years",
    ),
    (
        # Same last 10 years; years 6–10: Rome 8s (40) against Egypt 7s (35).
        "B2-level-on-10-broken-by-last-15-years",
        {"Rome": years((1, 5), (8, 5), (12, 10)), "Egypt": years((9, 5), (7, 5), (12, 10))},
        ["Rome", "Egypt"],
        "last 15 years",
    ),
    (
        # Same last 15 years; years 1–5: Egypt 9s (45) against Rome 1s (5).
        "B2-level-on-15-broken-by-all-years",
        {"Rome": years((1, 5), (12, 15)), "Egypt": years((9, 5), (12, 15))},
        ["Egypt", "Rome"],
        "all years",
    ),
    (
        "B2-level-everywhere-is-a-draw",
        {"Rome": years((7, 20)), "Egypt": years((7, 20))},
        ["Egypt", "Rome"],
        "draw",
    ),
]


@pytest.mark.parametrize(
    ("table", "order", "decided_by"),
    [r[1:] for r in B2_TIE_BREAK],
    ids=[r[0] for r in B2_TIE_BREAK],
)
def test_B2_ranking_and_tie_break(table, order, decided_by) -> None:
    result = standings(table)
    assert result.status == "ended"
    assert [row.power for row in result.rows] == order
    assert {row.decided_by for row in result.rows} == {decided_by}
    if decided_by == "draw":
        assert [row.rank for row in result.rows] == [1, 1]
        assert result.draws == (("Egypt", "Rome"),)
    else:
        assert [row.rank for row in result.rows] == [1, 2]


def test_B2_a_three_way_tie_and_a_draw_share_ranks() -> None:
    # Carthage ahead on centres; Egypt, Rome, Gauls level on 12, separated by windows;
    # Parthians and Scythians level everywhere share 5th place.
    table = {
        "Carthage": [4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14],
        "Rome": years((5, 10), (10, 5), (12, 5)),
        "Egypt": years((4, 10), (11, 5), (12, 5)),
        "Gauls": years((8, 15), (11, 2), (12, 3)),
        "Parthians": years((3, 20)),
        "Scythians": years((3, 20)),
    }
    result = standings(table, powers=power_names())
    assert [(r.rank, r.power, r.decided_by) for r in result.rows] == [
        (1, "Carthage", "centres"),
        (2, "Egypt", "last 10 years"),
        (3, "Rome", "last 10 years"),
        (4, "Gauls", "last 5 years"),
        (5, "Parthians", "draw"),
        (5, "Scythians", "draw"),
    ]
    assert result.rows[1].sums == {
        "last 5 years": 60,
        "last 10 years": 115,
        "last 15 years": 135,
        "all years": 155,
    }


def test_B2_a_game_in_progress_ranks_so_far_and_eliminated_powers_last() -> None:
    result = standings({"Rome": [3, 5, 8], "Egypt": [3, 1, 0], "Gauls": [3, 4, 4]})
    assert result.status == "in progress"
    assert [(r.power, r.survived) for r in result.rows] == [
        ("Rome", True),
        ("Gauls", True),
        ("Egypt", False),
    ]


# -- B3: Rome's factions ---------------------------------------------------------------------

B3_FACTIONS = [
    # id, choice, start centres, deleted "second centres"
    ("B3-Bruti-Tarentum-Croton", "Bruti", ("Roma", "Tarentum", "Croton"), ("Capua", "Umbria")),
    (
        "B3-Scipii-Messana-Capua",
        "Famiglia Scipi",
        ("Roma", "Messana", "Capua"),
        ("Croton", "Umbria"),
    ),
    ("B3-Julii-Arretium-Umbria", "giuli", ("Roma", "Arretium", "Umbria"), ("Croton", "Capua")),
]


@pytest.mark.parametrize(
    ("choice", "start", "deleted"), [r[1:] for r in B3_FACTIONS], ids=[r[0] for r in B3_FACTIONS]
)
def test_B3_rome_faction_choice(
    choice: str, start: tuple[str, ...], deleted: tuple[str, ...]
) -> None:
    setup = rome_start(choice)
    assert setup.start_centres == start
    assert setup.deleted_centres == deleted
    # The three leader centres are always Roman build centres; the two not chosen stay neutral.
    assert set(setup.build_centres) == {"Roma", "Tarentum", "Messana", "Arretium"}
    assert len(setup.neutral_leader_centres) == 2
    assert start[1] not in setup.neutral_leader_centres


def test_B3_start_units_as_the_seed_prints_them() -> None:
    assert rome_start("Julii").start_units == ("A Roma", "F Arretium", "A Umbria")
    assert rome_faction("scipi").name == "Scipii"


def test_B3_unknown_faction_is_refused_listing_the_three() -> None:
    with pytest.raises(ValueError, match=r"^faction: one of Bruti, Scipii, Julii"):
        rome_start("Claudii")


# -- validation of the centres table ---------------------------------------------------------

BAD_TABLES = [
    ("B1-more-than-90-centres", {"Rome": [91]}, "a power holds 0 to 90 centres"),
    ("B1-negative-centres", {"Rome": [-1]}, "a power holds 0 to 90"),
    ("B1-year-totals-above-90", {"Rome": [50], "Egypt": [41]}, "year 1 adds up to 91"),
    ("B1-more-than-20-years", {"Rome": [1] * 21}, "give 1 to 20"),
    ("B1-no-years", {"Rome": []}, "give 1 to 20"),
    ("B1-uneven-years", {"Rome": [1, 2], "Egypt": [1]}, "Egypt has 1 years but Rome has 2"),
    ("B1-not-a-whole-number", {"Rome": [1.5]}, "whole number"),
    ("B1-not-a-list", {"Rome": 5}, "list of centres"),
    ("B1-empty-table", {}, "at least one power"),
]


@pytest.mark.parametrize(
    ("table", "message"), [r[1:] for r in BAD_TABLES], ids=[r[0] for r in BAD_TABLES]
)
def test_bad_centres_tables_are_refused(table, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        standings(table)


def test_unknown_powers_are_refused_when_the_powers_are_given() -> None:
    with pytest.raises(ValueError, match="power: one of Greek Cities"):
        check_centres({"Persia": [3]}, powers=power_names())


# -- properties ------------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> dict[str, list[int]]:
    names = draw(st.lists(st.sampled_from(power_names()), min_size=1, max_size=13, unique=True))
    played = draw(st.integers(1, 20))
    cap = 90 // len(names)
    return {
        name: draw(st.lists(st.integers(0, min(cap, 29)), min_size=played, max_size=played))
        for name in names
    }


@given(table=tables())
def test_B2_ranking_orders_every_power_by_centres(table) -> None:
    result = standings(table)
    assert sorted(r.power for r in result.rows) == sorted(table)
    centres = [r.centres for r in result.rows]
    assert centres == sorted(centres, reverse=True)
    ranks = [r.rank for r in result.rows]
    assert ranks[0] == 1 and ranks == sorted(ranks)


@given(table=tables())
def test_B2_ranking_does_not_depend_on_the_order_powers_are_listed(table) -> None:
    reversed_table = dict(reversed(list(table.items())))
    assert standings(table) == standings(reversed_table)


# -- B1: the other victory, proclaimed sovereign by every surviving player -------------------

B1_SOVEREIGN = [
    # id, table, proclaimed, ranking (power, rank, decided_by)
    (
        # Egypt has fewer centres than Rome but is proclaimed: he wins and ranks first; the
        # others rank by centres (the seed: "la classifica finale per gli altri").
        "B1-sovereign-ranks-first-whatever-his-centres",
        {"Rome": [3, 6, 9], "Egypt": [3, 4, 5], "Gauls": [3, 3, 2]},
        "Egypt",
        [("Egypt", 1, "sovereign"), ("Rome", 2, "centres"), ("Gauls", 3, "centres")],
    ),
    (
        # Rome and Gauls level on 4 centres and on every window (3+4+4 = 11): a draw for 2nd.
        "B1-sovereign-the-others-may-still-draw",
        {"Rome": [3, 4, 4], "Egypt": [3, 5, 6], "Gauls": [3, 4, 4]},
        "Egypt",
        [("Egypt", 1, "sovereign"), ("Gauls", 2, "draw"), ("Rome", 2, "draw")],
    ),
]


@pytest.mark.parametrize(
    ("table", "proclaimed", "ranking"),
    [r[1:] for r in B1_SOVEREIGN],
    ids=[r[0] for r in B1_SOVEREIGN],
)
def test_B1_proclaimed_sovereign_wins(table, proclaimed, ranking) -> None:
    result = standings(table, sovereign=proclaimed)
    assert result.status == "won"
    assert result.victory is not None
    assert (result.victory.by, result.victory.power, result.victory.year) == (
        "sovereign",
        proclaimed,
        3,
    )
    assert [(r.power, r.rank, r.decided_by) for r in result.rows] == ranking


def test_B1_a_power_already_at_30_keeps_its_centres_victory() -> None:
    result = standings({"Rome": [20, 30], "Egypt": [3, 4]}, sovereign="Rome")
    assert result.victory is not None and result.victory.by == "centres"


B1_SOVEREIGN_REFUSED = [
    ("B1-sovereign-not-in-the-table", {"Rome": [3]}, "Egypt", "sovereign: one of the powers"),
    ("B1-sovereign-eliminated", {"Rome": [3, 5], "Egypt": [3, 0]}, "Egypt", "only a survivor"),
    (
        "B1-another-power-already-won-at-30",
        {"Rome": [20, 30], "Egypt": [3, 4]},
        "Egypt",
        "Rome already won with 30 centres in year 2",
    ),
]


@pytest.mark.parametrize(
    ("table", "proclaimed", "message"),
    [r[1:] for r in B1_SOVEREIGN_REFUSED],
    ids=[r[0] for r in B1_SOVEREIGN_REFUSED],
)
def test_B1_impossible_proclamations_are_refused(table, proclaimed, message) -> None:
    with pytest.raises(ValueError, match=message):
        standings(table, sovereign=proclaimed)


# B1: one wording of how a Bellum game was won, for the app, the command line and the ledger.
B1_VICTORY_TEXT = [
    pytest.param(
        Victory(year=7, by="sovereign", powers=("Egypt",), centres=12),
        "Egypt was proclaimed sovereign by every surviving player in year 7 and wins (B1)",
        id="B1 proclaimed sovereign",
    ),
    pytest.param(
        Victory(year=9, powers=("Rome",), centres=31),
        "Rome won in year 9 with 31 centres (B1)",
        id="B1 30 centres",
    ),
    pytest.param(
        Victory(year=9, powers=("Rome", "Carthage"), centres=30),
        "Rome and Carthage won in year 9 with 30 centres (B1)",
        id="B1 shared after every tie-break",
    ),
]


@pytest.mark.parametrize(("victory", "text"), B1_VICTORY_TEXT)
def test_b1_victory_text(victory: Victory, text: str) -> None:
    assert victory_text(victory) == text
