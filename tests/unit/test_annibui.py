"""ANNI BUI battle arithmetic (docs/rules.md A1–A5), checked against the seed's own table and
examples; where the seed gives no example the expected figures are worked out in the ids."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.annibui import building, buildings, rates, unit_type, unit_types
from converters.annibui import (
    AnniBuiRates,
    BuildingOrder,
    Troop,
    UnitOrder,
    army_budget,
    battle_map,
    casualty_lines,
    discipline_check,
    engine_fire,
    melee,
    parse_ability,
    parse_increments,
    ranged_fire,
    turn_income,
    world_map_side,
)

# The seed's unit table as printed (MOV M, MOV B, ACF, ACC, AB, TB, DB, RES, DIS, TRAS, COSTO).
SEED_UNIT_TABLE = """
Spadaccini 2 3 3 2 - - 1 2 5 0 17
Picchieri 2 3 2 4 - - 1 1 5 0 17
Alabardieri 2 3 4 3 - - 1 3 5 0 20
Giavellotti 3 4 2 2 2 1 1 1 5 0 21
Arcieri 3 4 1 1 3 2 1 1 5 0 22
Balestrieri 3 4 1 1 4 3 1 1 5 0 25
Cav._Legg. 5 7 4 3 - - 2 3 5 0 27
Cav._Pes. 4 6 5 4 - - 2 4 5 0 28
Cav._elite 6 9 6 5 - - 2 5 5 0 36
Cav._arcieri 5 7 2 2 3 2 2 2 5 0 30
Ariete 1 1 1 1 0 0 - 1 0 0 5
Balista 1 1 1 1 4 4 - 1 0 0 17
Catapulta 1 1 1 1 5 5 - 1 0 0 20
Cannone 1 1 1 1 6 6 - 1 0 0 23
Alianti 4 6 3 2 0 0 1 2 5 0 22
Dirigibili 2 3 0 0 4 1 1 3 0 2 16
Galee 5 7 0 0 4 4 - 4 5 5 38
Caravelle 6 8 0 0 0 0 - 2 5 3 24
Navi_Cann. 4 6 0 0 6 6 - 6 5 2 41
"""
SEED_BUILDINGS_TABLE = """
Mura 10 - - 10
Torre 20 1 2 20
Castello 30 2 3 100
Ballista_Extra 0 2 3 15
"""
COLUMNS = ("mov_m", "mov_b", "acf", "acc", "ab", "tb", "db", "res", "dis", "tras", "cost")


def _seed_rows(table: str) -> list[tuple[str, list[int | None]]]:
    rows = []
    for line in table.strip().splitlines():
        name, *values = line.split()
        rows.append((name.replace("_", " "), [None if v == "-" else int(v) for v in values]))
    return rows


def troop(name: str, count: int, **increments: int) -> Troop:
    return Troop(unit=unit_type(name).with_increments(increments), count=count)


# -- A1: the roster --------------------------------------------------------------------------

A1_ROSTER = _seed_rows(SEED_UNIT_TABLE)


@pytest.mark.parametrize(("name", "values"), A1_ROSTER, ids=[f"A1-{n}" for n, _ in A1_ROSTER])
def test_A1_roster_matches_the_seed_table(name: str, values: list[int | None]) -> None:
    unit = unit_type(name)
    assert [getattr(unit, column) for column in COLUMNS] == values


def test_A1_roster_has_every_seed_unit_in_the_seed_order() -> None:
    assert [u.name for u in unit_types()] == [name for name, _ in A1_ROSTER]


A1_BUILDINGS = _seed_rows(SEED_BUILDINGS_TABLE)


@pytest.mark.parametrize(
    ("name", "values"), A1_BUILDINGS, ids=[f"A1-building-{n}" for n, _ in A1_BUILDINGS]
)
def test_A1_buildings_match_the_seed_table(name: str, values: list[int | None]) -> None:
    work = building(name)
    assert [work.res, work.att, work.dis, work.cost] == values


def test_A1_roster_lookup_accepts_english_and_loose_spelling() -> None:
    assert unit_type("cav legg").name == "Cav. Legg."
    assert unit_type("Light cavalry").name == "Cav. Legg."
    assert building("tower").name == "Torre"
    assert len(buildings()) == 4


@pytest.mark.parametrize(("kind", "lookup"), [("unit", unit_type), ("building", building)])
def test_A1_unknown_names_are_refused_listing_the_allowed_ones(kind: str, lookup: object) -> None:
    with pytest.raises(ValueError, match=rf"^{kind}: one of .*Torre|^{kind}: one of .*Spadaccini"):
        lookup("Elephants")


def test_A1_rates_come_from_data_and_take_campaign_overrides() -> None:
    assert rates() == AnniBuiRates()
    assert rates({"city_income": 60}).city_income == 60
    with pytest.raises(ValueError, match="city_income"):
        rates({"city_income": -1})


# -- A1: the budget --------------------------------------------------------------------------

A1_UNIT_COST = [
    # id, unit, count, increments, total
    ("A1-base-cost", "Spadaccini", 1, {}, 17),
    # The seed's order "5 spadaccini, +1 ATT +2 DIF" read as ACF and RES: 5 × (17 + 3).
    ("A1-seed-order-5-swordsmen-plus-3", "Spadaccini", 5, {"acf": 1, "res": 2}, 100),
    ("A1-raise-a-printed-zero", "Ariete", 2, {"ab": 1}, 12),
    ("A1-gun-ships-TRAS+1", "Navi Cann.", 3, {"tras": 1}, 126),
]


@pytest.mark.parametrize(
    ("unit", "count", "increments", "total"),
    [row[1:] for row in A1_UNIT_COST],
    ids=[row[0] for row in A1_UNIT_COST],
)
def test_A1_unit_cost(unit: str, count: int, increments: dict[str, int], total: int) -> None:
    order = UnitOrder(unit=unit_type(unit), count=count, increments=increments)
    budget = army_budget([order])
    assert budget.total_cost == total
    assert budget.accepted


A1_BUILDING_COST = [
    ("A1-walls-RES+10-is-10-more", "Mura", {"res": 10}, 20),
    ("A1-tower-ATT+1-is-5-more", "Torre", {"att": 1}, 25),
    ("A1-castle-DIS+1-ATT+1-is-10-more", "Castello", {"att": 1, "dis": 1}, 110),
    ("A1-extra-ballista-RES+3", "Ballista Extra", {"res": 3}, 18),
]


@pytest.mark.parametrize(
    ("name", "increments", "total"),
    [row[1:] for row in A1_BUILDING_COST],
    ids=[row[0] for row in A1_BUILDING_COST],
)
def test_A1_building_cost(name: str, increments: dict[str, int], total: int) -> None:
    budget = army_budget([], [BuildingOrder(building=building(name), **increments)])
    assert budget.total_cost == total


A1_JOINING = [
    # id, existing army's increments, new unit, its increments, accepted
    (
        "A1-join-with-the-army-increments",
        {"acf": 1, "res": 2},
        "Spadaccini",
        {"acf": 1, "res": 2},
        True,
    ),
    ("A1-join-missing-RES+2-refused", {"acf": 1, "res": 2}, "Spadaccini", {"acf": 1}, False),
    ("A1-join-with-extra-increment-refused", {}, "Spadaccini", {"acf": 1}, False),
    ("A1-join-archers-need-AB+1", {"ab": 1}, "Arcieri", {}, False),
    # Reading: swordsmen have no AB, so an AB+1 army asks nothing of them.
    ("A1-join-swordsmen-to-AB+1-army", {"ab": 1}, "Spadaccini", {}, True),
]


@pytest.mark.parametrize(
    ("army", "unit", "increments", "accepted"),
    [row[1:] for row in A1_JOINING],
    ids=[row[0] for row in A1_JOINING],
)
def test_A1_units_joining_an_army_carry_its_increments(
    army: dict[str, int], unit: str, increments: dict[str, int], accepted: bool
) -> None:
    order = UnitOrder(unit=unit_type(unit), count=2, increments=increments)
    budget = army_budget([order], army_increments=army)
    assert budget.accepted is accepted
    if not accepted:
        assert "must carry its increments" in budget.reasons[0]
        assert unit in budget.reasons[0]


def test_A1_order_above_the_treasury_is_refused_with_the_reason() -> None:
    order = UnitOrder(unit=unit_type("Cav. elite"), count=3)
    budget = army_budget([order], treasury=100)
    assert not budget.accepted
    assert budget.reasons == ("the order costs 108 but the treasury holds only 100",)
    assert budget.left is None
    assert army_budget([order], treasury=108).left == 0


A1_BAD = [
    (
        "A1-no-AB-on-swordsmen",
        lambda: army_budget(
            [UnitOrder(unit=unit_type("Spadaccini"), count=1, increments={"ab": 1})]
        ),
        "no AB",
    ),
    (
        "A1-negative-increment",
        lambda: UnitOrder(unit=unit_type("Spadaccini"), count=1, increments={"acf": -1}),
        "only be increased",
    ),
    ("A1-zero-units", lambda: UnitOrder(unit=unit_type("Spadaccini"), count=0), "count"),
    (
        "A1-ATT-on-walls",
        lambda: army_budget([], [BuildingOrder(building=building("Mura"), att=1)]),
        "Mura cannot be given ATT",
    ),
    ("A1-seed-ATT-is-not-a-column", lambda: parse_ability("ATT"), "not columns of its table"),
    ("A1-negative-treasury", lambda: army_budget([], treasury=-5), "treasury"),
]


@pytest.mark.parametrize(("build", "message"), [r[1:] for r in A1_BAD], ids=[r[0] for r in A1_BAD])
def test_A1_bad_orders_are_refused_with_a_clear_message(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()


@given(
    unit=st.sampled_from(unit_types()),
    count=st.integers(1, 50),
    plus=st.integers(0, 10),
)
def test_A1_budget_scales_linearly_and_each_point_costs_one(unit, count, plus) -> None:
    one = army_budget([UnitOrder(unit=unit, count=1)]).total_cost
    raised = army_budget([UnitOrder(unit=unit, count=count, increments={"res": plus})])
    assert raised.total_cost == count * (one + plus)


# -- A2: ranged and engine fire --------------------------------------------------------------

A2_RANGED = [
    # id, shooters, targets, on walls, distance, hits, killed
    (
        "A2-10-archers-30-minus-8-swordsmen-DB-8",
        [("Arcieri", 10)],
        [("Spadaccini", 8)],
        False,
        None,
        22,
        8,
    ),
    ("A2-3-archers-9-minus-8-is-1-kill", [("Arcieri", 3)], [("Spadaccini", 8)], False, None, 1, 1),
    (
        "A2-javelins-4-minus-cavalry-10-no-hits",
        [("Giavellotti", 2)],
        [("Cav. Legg.", 5)],
        False,
        None,
        0,
        0,
    ),
    ("A2-walls-+1-AB-each-4x3-minus-8", [("Arcieri", 3)], [("Spadaccini", 8)], True, None, 4, 4),
    ("A2-archers-range-2-cannot-reach-3", [("Arcieri", 10)], [("Spadaccini", 8)], False, 3, 0, 0),
    ("A2-walls-+1-range-reaches-3", [("Arcieri", 3)], [("Spadaccini", 8)], True, 3, 4, 4),
    ("A2-crossbows-range-3-reach-3", [("Balestrieri", 3)], [("Picchieri", 2)], False, 3, 10, 2),
    ("A2-horse-archers-hit-gliders", [("Cav. arcieri", 2)], [("Alianti", 3)], False, None, 3, 3),
]


@pytest.mark.parametrize(
    ("shooters", "targets", "walls", "distance", "hits", "killed"),
    [r[1:] for r in A2_RANGED],
    ids=[r[0] for r in A2_RANGED],
)
def test_A2_ranged_fire(shooters, targets, walls, distance, hits, killed) -> None:
    result = ranged_fire(
        [troop(n, c) for n, c in shooters],
        [troop(n, c) for n, c in targets],
        on_walls=walls,
        distance=distance,
    )
    assert (result.hits, result.killed) == (hits, killed)


def test_A2_ranged_fire_kills_the_front_line_first() -> None:
    # 4 crossbows: 16 − DB (3 + 3) = 10 hits; the 3 swordsmen in front die, then 7 of 10 pikes.
    result = ranged_fire([troop("Balestrieri", 4)], [troop("Spadaccini", 3), troop("Picchieri", 3)])
    assert result.hits == 10
    assert [(c.unit, c.killed) for c in result.casualties] == [("Spadaccini", 3), ("Picchieri", 3)]
    assert result.wasted_hits == 4


def test_A2_raised_AB_counts_in_the_volley() -> None:
    # Archers bought with AB+1 shoot 4 each: 3 × 4 − 8 = 4.
    result = ranged_fire([troop("Arcieri", 3, ab=1)], [troop("Spadaccini", 8)])
    assert result.hits == 4


A2_ENGINE = [
    # id, engines, targets, hits, killed, res lost
    ("A2-2-catapults-10-hits-kill-10", [("Catapulta", 2)], [("Spadaccini", 12)], 10, 10, 0),
    ("A2-cannon-6-hits-on-galleys-RES-4", [("Cannone", 1)], [("Galee", 2)], 6, 1, 6),
    ("A2-airship-on-a-ram-RES-1", [("Dirigibili", 1)], [("Ariete", 3)], 4, 3, 3),
    (
        "A2-troops-first-then-engines",
        [("Balista", 1)],
        [("Catapulta", 2), ("Spadaccini", 3)],
        4,
        4,
        1,
    ),
    ("A2-airships-hit-gliders", [("Dirigibili", 1)], [("Alianti", 2)], 4, 2, 0),
]


@pytest.mark.parametrize(
    ("engines", "targets", "hits", "killed", "res_lost"),
    [r[1:] for r in A2_ENGINE],
    ids=[r[0] for r in A2_ENGINE],
)
def test_A2_engine_fire(engines, targets, hits, killed, res_lost) -> None:
    result = engine_fire([troop(n, c) for n, c in engines], [troop(n, c) for n, c in targets])
    assert (result.hits, result.killed) == (hits, killed)
    assert sum(c.res_lost for c in result.casualties) == res_lost


def test_A2_engines_out_of_range_do_not_shoot() -> None:
    # Airships reach 1 square, catapults 5: at distance 3 only the catapult's 5 hits land.
    result = engine_fire(
        [troop("Dirigibili", 1), troop("Catapulta", 1)], [troop("Spadaccini", 9)], distance=3
    )
    assert (result.hits, result.out_of_range) == (5, ("Dirigibili",))


A2_REFUSED = [
    (
        "A2-shooters-cannot-hit-ships",
        lambda: ranged_fire([troop("Arcieri", 3)], [troop("Galee", 1)]),
        "targets: Galee cannot be hit by shooters",
    ),
    (
        "A2-shooters-cannot-hit-engines",
        lambda: ranged_fire([troop("Arcieri", 3)], [troop("Balista", 1)]),
        "targets: Balista",
    ),
    (
        "A2-swordsmen-do-not-shoot",
        lambda: ranged_fire([troop("Spadaccini", 3)], [troop("Arcieri", 1)]),
        "shooters: Spadaccini",
    ),
    (
        "A2-archers-are-not-engines",
        lambda: engine_fire([troop("Arcieri", 3)], [troop("Arcieri", 1)]),
        "engines: Arcieri",
    ),
    (
        "A2-ballista-cannot-hit-gliders",
        lambda: engine_fire([troop("Balista", 1)], [troop("Alianti", 1)]),
        "targets: Alianti",
    ),
    (
        "A2-distance-at-least-1",
        lambda: ranged_fire([troop("Arcieri", 1)], [troop("Arcieri", 1)], distance=0),
        "distance",
    ),
    ("A2-no-targets", lambda: ranged_fire([troop("Arcieri", 1)], []), "targets: give at least one"),
]


@pytest.mark.parametrize(
    ("call", "message"), [r[1:] for r in A2_REFUSED], ids=[r[0] for r in A2_REFUSED]
)
def test_A2_impossible_fire_is_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


RANGED = [u for u in unit_types() if u.fire == "ranged"]
ENGINES = [u for u in unit_types() if u.fire == "engine"]
SHOOTABLE = [u for u in unit_types() if u.db is not None]
GROUNDED = [u for u in unit_types() if u.unit_class != "flying"]


def _groups(units: list, max_size: int = 40):
    return st.lists(
        st.builds(
            lambda u, n: Troop(unit=u, count=n), st.sampled_from(units), st.integers(1, max_size)
        ),
        min_size=1,
        max_size=4,
    )


@given(shooters=_groups(RANGED), targets=_groups(SHOOTABLE), walls=st.booleans())
def test_A2_ranged_hits_never_negative_and_never_more_kills_than_targets(
    shooters, targets, walls
) -> None:
    result = ranged_fire(shooters, targets, on_walls=walls)
    assert result.hits >= 0
    assert result.killed <= sum(t.count for t in targets)
    assert all(0 <= c.killed <= c.count for c in result.casualties)
    assert result.killed + result.wasted_hits == result.hits


@given(engines=_groups(ENGINES), targets=_groups(GROUNDED))
def test_A2_engine_hits_are_used_or_wasted_never_over_the_targets(engines, targets) -> None:
    result = engine_fire(engines, targets)
    res_of = {t.unit.name: t.unit.res for t in targets}
    assert result.killed <= sum(t.count for t in targets)
    assert all(c.res_lost <= c.count * res_of[c.unit] for c in result.casualties)
    used = sum(c.res_lost if c.res_lost else c.killed for c in result.casualties)
    assert used + result.wasted_hits == result.hits


# -- A3: melee -------------------------------------------------------------------------------

A3_MELEE = [
    # id, attackers, defenders, versus, hits, killed
    (
        "A3-5-heavy-cav-ACF-25-minus-swordsmen-RES-20",
        [("Cav. Pes.", 5)],
        [("Spadaccini", 10)],
        None,
        5,
        5,
    ),
    ("A3-pikes-ACC-20-minus-light-cav-RES-9", [("Picchieri", 5)], [("Cav. Legg.", 3)], None, 11, 3),
    (
        "A3-front-line-cavalry-means-ACC",
        [("Cav. elite", 5)],
        [("Cav. Legg.", 3), ("Arcieri", 2)],
        None,
        14,
        5,
    ),
    (
        "A3-versus-foot-forces-ACF",
        [("Cav. elite", 5)],
        [("Cav. Legg.", 3), ("Arcieri", 2)],
        "foot",
        19,
        5,
    ),
    ("A3-attack-below-defence-no-hits", [("Arcieri", 4)], [("Alabardieri", 4)], None, 0, 0),
    (
        "A3-ram-is-hit-last-RES-1",
        [("Alabardieri", 4)],
        [("Ariete", 1), ("Spadaccini", 2)],
        None,
        11,
        3,
    ),
]


@pytest.mark.parametrize(
    ("attackers", "defenders", "versus", "hits", "killed"),
    [r[1:] for r in A3_MELEE],
    ids=[r[0] for r in A3_MELEE],
)
def test_A3_melee(attackers, defenders, versus, hits, killed) -> None:
    result = melee(
        [troop(n, c) for n, c in attackers], [troop(n, c) for n, c in defenders], versus=versus
    )
    assert (result.hits, result.killed) == (hits, killed)


def test_A3_gliders_are_attacked_only_by_flyers_or_in_counterattack() -> None:
    with pytest.raises(ValueError, match="defenders: Alianti fly"):
        melee([troop("Spadaccini", 5)], [troop("Alianti", 1)])
    assert melee([troop("Spadaccini", 5)], [troop("Alianti", 1)], counterattack=True).hits == 13
    assert melee([troop("Alianti", 2)], [troop("Alianti", 1)]).hits == 4


@given(
    attackers=_groups(GROUNDED),
    defenders=_groups(GROUNDED),
    versus=st.sampled_from([None, "foot", "cavalry"]),
)
def test_A3_melee_hits_never_negative_and_kills_bounded(attackers, defenders, versus) -> None:
    result = melee(attackers, defenders, versus=versus)
    assert result.hits == max(result.attack - result.defence, 0)
    assert result.killed <= sum(t.count for t in defenders)


# -- A4: discipline --------------------------------------------------------------------------

A4_DISCIPLINE = [
    # id, units, lost, DIS, captain, withdrawal, outcome, least whole DIS needed
    ("A4-seed-8-units-lose-4-DIS-5-holds", 8, 4, 5, False, "none", "holds", 5),
    ("A4-seed-8-units-lose-4-DIS-4-flees", 8, 4, 4, False, "none", "flees", 5),
    ("A4-captain-+1-makes-DIS-4-enough", 8, 4, 4, True, "none", "holds", 5),
    ("A4-37.5%-needs-3.75-so-DIS-3-flees", 8, 3, 3, False, "none", "flees", 4),
    ("A4-37.5%-DIS-4-holds", 8, 3, 4, False, "none", "holds", 4),
    ("A4-withdrawal-costs-1-DIS-5-becomes-4", 8, 4, 5, False, "army", "flees", 5),
    ("A4-captain-withdrew-costs-2-DIS-6-becomes-4", 8, 4, 6, False, "captain", "flees", 5),
    ("A4-captain-stays-after-withdrawal-6+1-1", 8, 4, 5, True, "army", "holds", 5),
    ("A4-no-losses-holds-at-DIS-0", 10, 0, 0, False, "none", "holds", 0),
    ("A4-engines-DIS-0-flee-at-first-loss", 5, 1, 0, False, "none", "flees", 2),
    ("A4-everyone-lost-destroyed", 8, 8, 10, True, "none", "destroyed", 10),
]


@pytest.mark.parametrize(
    ("units", "lost", "dis", "captain", "withdrawal", "outcome", "needed"),
    [r[1:] for r in A4_DISCIPLINE],
    ids=[r[0] for r in A4_DISCIPLINE],
)
def test_A4_discipline(units, lost, dis, captain, withdrawal, outcome, needed) -> None:
    check = discipline_check(units, lost, dis, captain=captain, withdrawal=withdrawal)
    assert check.outcome == outcome
    assert check.minimum_whole_discipline == needed


def test_A4_the_seed_example_in_exact_figures() -> None:
    check = discipline_check(8, 4, 5)
    assert check.loss_percent == 50
    assert check.required_discipline == 5
    assert discipline_check(8, 3, 4).required_discipline == Fraction(15, 4)


A4_BAD = [
    ("A4-lost-more-than-units", dict(units=8, lost=9, discipline=5), "lost: between 0 and"),
    ("A4-no-units", dict(units=0, lost=0, discipline=5), "units:"),
    ("A4-negative-DIS", dict(units=8, lost=1, discipline=-1), "dis:"),
    (
        "A4-captain-who-withdrew",
        dict(units=8, lost=1, discipline=5, captain=True, withdrawal="captain"),
        "captain:",
    ),
]


@pytest.mark.parametrize(("kwargs", "message"), [r[1:] for r in A4_BAD], ids=[r[0] for r in A4_BAD])
def test_A4_bad_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        discipline_check(**kwargs)


@given(units=st.integers(1, 100), data=st.data(), dis=st.integers(0, 12))
def test_A4_more_discipline_never_turns_holding_into_flight(units, data, dis) -> None:
    lost = data.draw(st.integers(0, units - 1))
    if discipline_check(units, lost, dis).outcome == "holds":
        assert discipline_check(units, lost, dis + 1).outcome == "holds"
    # exactly the seed's inequality DIS ≥ x ÷ 10
    assert (discipline_check(units, lost, dis).outcome == "holds") == (
        dis * units * 10 >= lost * 100
    )


# -- A5: income and maps ---------------------------------------------------------------------

A5_INCOME = [
    ("A5-one-city-50", dict(cities=1), 50),
    ("A5-capital-100", dict(capitals=1), 100),
    ("A5-kill-10-each", dict(killed=7), 70),
    ("A5-fled-5-each", dict(fled=3), 15),
    ("A5-3-cities-capital-12-killed-4-fled", dict(cities=3, capitals=1, killed=12, fled=4), 390),
]


@pytest.mark.parametrize(
    ("kwargs", "total"), [r[1:] for r in A5_INCOME], ids=[r[0] for r in A5_INCOME]
)
def test_A5_income(kwargs: dict[str, int], total: int) -> None:
    assert turn_income(**kwargs).total == total


counts = st.integers(0, 200)


@given(a=st.tuples(counts, counts, counts, counts), b=st.tuples(counts, counts, counts, counts))
def test_A5_income_is_additive(a, b) -> None:
    def income(c: tuple[int, int, int, int]) -> int:
        return turn_income(cities=c[0], capitals=c[1], killed=c[2], fled=c[3]).total

    both = tuple(x + y for x, y in zip(a, b, strict=True))
    assert income(both) == income(a) + income(b)


def test_A5_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="killed: a count"):
        turn_income(killed=-1)


A5_MAPS = [
    # the seed's own examples
    ("A5-seed-10-players-30x30", "world", 10, 30),
    ("A5-seed-100-players-300x300", "world", 100, 300),
    ("A5-seed-2-units-8x8", "battle", 2, 8),
    ("A5-seed-10-units-40x40", "battle", 10, 40),
]


@pytest.mark.parametrize(
    ("kind", "n", "side"), [r[1:] for r in A5_MAPS], ids=[r[0] for r in A5_MAPS]
)
def test_A5_map_sizes(kind: str, n: int, side: int) -> None:
    assert (world_map_side(n) if kind == "world" else battle_map(n).side) == side


def test_A1_A5_battle_map_deploys_five_units_per_world_unit_in_a_half_square() -> None:
    field = battle_map(2)
    assert (field.battle_units, field.deployment_side) == (10, 4)


# A1: increments as a player writes them, read the same way by the command line and the app.
@pytest.mark.parametrize(
    ("text", "building", "read"),
    [
        ("ACF+1, RES+2", False, {"acf": 1, "res": 2}),
        ("mov m + 1,RES+1,res+1", False, {"mov_m": 1, "res": 2}),
        ("", False, {}),
        ("RES+5, DIS+1", True, {"res": 5, "dis": 1}),
    ],
    ids=["A1-unit", "A1-spelling-and-sum", "A1-none", "A1-building"],
)
def test_A1_increments_are_read(text: str, building: bool, read: dict[str, int]) -> None:
    assert parse_increments(text, "--unit", building=building) == read


@pytest.mark.parametrize(
    ("text", "building", "says"),
    [
        ("ACF1", False, "--unit: increments are ABILITY+N separated by commas"),
        ("ATT+1", False, "--unit: one of"),
        ("ACF+1", True, "--unit: a building can be raised only in RES, ATT and DIS"),
    ],
    ids=["A1-no-plus", "A1-unknown-ability", "A1-building-ACF"],
)
def test_A1_bad_increments_name_the_field(text: str, building: bool, says: str) -> None:
    with pytest.raises(ValueError, match="^" + says.replace("+", r"\+")):
        parse_increments(text, "--unit", building=building)


def test_A2_casualty_lines_say_what_each_target_lost_and_the_hits_wasted() -> None:
    result = ranged_fire([troop("Balestrieri", 4)], [troop("Spadaccini", 3), troop("Picchieri", 3)])
    assert casualty_lines(result) == [
        "  Spadaccini: 3 of 3 killed, 0 left",
        "  Picchieri: 3 of 3 killed, 0 left",
        "  4 hits wasted (no targets left)",
    ]
