"""G4.1–G4.3: the ghost's priority points, and G4.4: the clock die."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.dice import ScriptedDice, SeededDice
from ghost.clock import choose_clock
from ghost.generals import GeneralProfile, Personality, Quality
from ghost.priority import CorpsCommand, PpOrder, allocate_pp, general_pp

# --- G4.1 ---------------------------------------------------------------------------------------

G4_1_PP = [
    (5, 3, 0, 5),  # 15 / 3
    (4, 3, 2, 6),  # 12 / 3 + 2
    (5, 2, 4, 11),  # 15 / 2 = 7.5, rounded down to 7, + 4
    (3, 4, 8, 10),  # 9 / 4 = 2.25 → 2, + 8
]


@pytest.mark.parametrize(
    ("divisions", "generals", "bonus", "pp"), G4_1_PP, ids=[f"G4.1-{r}" for r in G4_1_PP]
)
def test_g4_1_each_generals_pp(divisions: int, generals: int, bonus: int, pp: int) -> None:
    assert general_pp(divisions, generals, bonus) == pp


def corps(quality: str, *names: str) -> CorpsCommand:
    return CorpsCommand(quality=Quality(quality), divisions=list(names))


def order(army_quality: str, *all_corps: CorpsCommand, out: tuple[str, ...] = ()) -> PpOrder:
    return PpOrder(
        side="north",
        army=GeneralProfile(side="north", quality=Quality(army_quality)),
        corps=list(all_corps),
        out_of_radius=list(out),
    )


# --- G4.2 / G4.3 worked turns -------------------------------------------------------------------


def test_g4_2_pp_run_out_in_the_middle_of_a_corps() -> None:
    # North, 3 divisions, 2 generals: 9 // 2 = 4 PP each (poor: +0).
    # Corps: d3=1 → A; d6=6 is more than his 4 PP, re-rolled; 4 → A gets 4; nothing left, so B
    # and C stay inactive for him, and there is no reserve or clock roll.
    # Army (4 PP): d2 (half of 4) = 2 clock points; 2 left; B: d6=5 yes, PP d6=2 → B 2; done.
    allocation = allocate_pp(
        order("poor", corps("poor", "A", "B", "C")), ScriptedDice([1, 6, 4, 2, 5, 2])
    )
    assert allocation.divisions == {"A": 4, "B": 2, "C": 0}
    assert (allocation.reserve, allocation.clock, allocation.lost) == (0, 2, 0)
    assert [g.pp for g in allocation.generals] == [4, 4]
    assert [(r.sides, r.value) for r in allocation.rolls] == [
        (3, 1),
        (6, 6),
        (6, 4),
        (2, 2),
        (6, 5),
        (6, 2),
    ]


def test_g4_2_corps_leftovers_go_to_reserve_then_clock() -> None:
    # 2 divisions, 2 generals: 3 PP each; excellent corps +6 → 9 PP.
    # d2=1 → A, d6=2; d2=2 → B, d6=3; 4 left > 1 → reserve d6=3; 1 left → clock d6 until ≤ 1:
    # 4 re-rolled, 1. Army poor 3 PP: half is 1, so 1 clock point with no die; all divisions
    # were activated, so he tops up: A (2) then the tie B 3 / A 3 goes to the topmost, A.
    allocation = allocate_pp(
        order("poor", corps("excellent", "A", "B")), ScriptedDice([1, 2, 2, 3, 3, 4, 1])
    )
    assert (allocation.reserve, allocation.clock, allocation.lost) == (3, 2, 0)
    assert allocation.divisions == {"A": 4, "B": 3}


def test_g4_3_top_up_when_every_division_was_already_activated() -> None:
    # 2 divisions, 2 generals: 3 each. Corps excellent: 9 PP. d2=2 → B, d6=3 (6 left);
    # d2=2 again is B, already active: re-rolled; d2=1 → A, d6=5 (1 left); not more than 1, so
    # no reserve; clock d6=1. Army good (+4): 7 PP, d3 (half of 7) = 3 clock; 4 left, one at a
    # time to the weakest: B 3→4→5, then A 5 / B 5 tie → A (topmost) 6, then B 6.
    allocation = allocate_pp(
        order("good", corps("excellent", "A", "B")), ScriptedDice([2, 3, 2, 1, 5, 1, 3])
    )
    assert allocation.divisions == {"A": 6, "B": 6}
    assert (allocation.reserve, allocation.clock, allocation.lost) == (0, 4, 0)
    assert allocation.generals[0].divisions == 4


def test_g4_3_army_general_skips_divisions_out_of_radius_and_stops_at_command_points() -> None:
    # 4 divisions, 2 generals: 6 each. Corps poor: d4=1 → A, d6=6 → A 6, nothing left.
    # Army mediocre (+2): 8 PP, command points 2. d4 = 1 clock; 7 left.
    # B is out of radius: skipped, no die. C: d6=4 yes, d6=3 → C 3 (4 left). D: d6=6 yes,
    # d6=5 is more than 4, re-rolled, 2 → D 2. Two activations = his command points: 2 PP lost.
    allocation = allocate_pp(
        order("mediocre", corps("poor", "A", "B", "C", "D"), out=("B",)),
        ScriptedDice([1, 6, 1, 4, 3, 6, 5, 2]),
    )
    assert allocation.divisions == {"A": 6, "B": 0, "C": 3, "D": 2}
    assert (allocation.clock, allocation.lost) == (1, 2)
    assert not any("B?" in roll.purpose for roll in allocation.rolls)


def test_g4_3_a_poor_army_general_activates_one_division_at_most() -> None:
    # 5 divisions, 3 generals: 15 // 3 = 5 PP each (north: corps good +4 → 9, army poor +0).
    # Corps 1 (A alone, no die to pick): d6=3 → A 3; 6 left → reserve d6=6.
    # Corps 2 (B–E): d4=1 → B, d6=6 → B 6 (3 left); d4=2 → C, d6=3 → C 3; nothing left.
    # Army 5 PP: d2 (half of 5) = 2 clock; 3 left. D: d6=4 yes, d6=1 → D 1. One activation is
    # all a poor general's command points allow: E is never asked and 2 PP are lost.
    allocation = allocate_pp(
        order("poor", corps("good", "A"), corps("good", "B", "C", "D", "E")),
        ScriptedDice([3, 6, 1, 6, 2, 3, 2, 4, 1]),
    )
    assert allocation.divisions == {"A": 3, "B": 6, "C": 3, "D": 1, "E": 0}
    assert (allocation.reserve, allocation.clock, allocation.lost) == (6, 2, 2)
    assert not any("E?" in roll.purpose for roll in allocation.rolls)


def test_g4_3_division_declined_by_the_army_general_gets_nothing() -> None:
    # 2 divisions, 2 generals: 3 each. Corps poor: d2=1 → A, d6=3 → A 3. Army excellent (+6):
    # 9 PP, d4 = 2 clock, 7 left. B: d6=3, no. End of roster: 7 PP lost.
    allocation = allocate_pp(
        order("excellent", corps("poor", "A", "B")), ScriptedDice([1, 3, 2, 3])
    )
    assert allocation.divisions == {"A": 3, "B": 0}
    assert allocation.lost == 7


def test_g4_a_die_face_the_die_cannot_show_is_refused() -> None:
    with pytest.raises(ValueError, match="d3"):
        allocate_pp(order("poor", corps("poor", "A", "B", "C")), ScriptedDice([4]))


@pytest.mark.parametrize(
    "bad",
    [
        {"corps": [{"quality": "poor", "divisions": ["A", "A"]}]},
        {"corps": [{"quality": "poor", "divisions": ["A"]}], "out_of_radius": ["Z"]},
    ],
    ids=["G4-duplicate-division", "G4-unknown-out-of-radius"],
)
def test_g4_bad_rosters_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        PpOrder.model_validate({"side": "north", "army": {}, **bad})


rosters = st.fixed_dictionaries(
    {
        "side": st.sampled_from(["north", "south"]),
        "army": st.sampled_from(list(Quality)),
        "corps": st.lists(
            st.tuples(st.sampled_from(list(Quality)), st.integers(1, 6)), min_size=0, max_size=4
        ),
        "out": st.integers(0, 3),
        "seed": st.integers(0, 2**32),
    }
)


@given(rosters)
def test_g4_allocations_never_spend_more_pp_than_the_generals_have(
    roster: dict[str, object],
) -> None:
    corps_list = [
        CorpsCommand(quality=q, divisions=[f"{n}.{i}" for i in range(size)])
        for n, (q, size) in enumerate(roster["corps"])  # type: ignore[call-overload]
    ]
    names = [name for c in corps_list for name in c.divisions]
    problem = PpOrder(
        side=roster["side"],  # type: ignore[arg-type]
        army=GeneralProfile(side=roster["side"], quality=roster["army"]),  # type: ignore[arg-type]
        corps=corps_list,
        out_of_radius=names[: int(roster["out"])],  # type: ignore[call-overload]
    )
    allocation = allocate_pp(problem, SeededDice(int(roster["seed"])))  # type: ignore[call-overload]
    total = sum(g.pp for g in allocation.generals)
    assert allocation.spent <= total
    assert allocation.spent + allocation.lost == total
    assert all(pp >= 0 for pp in allocation.divisions.values())
    for general in allocation.generals:
        assert general.divisions + general.reserve + general.clock + general.lost == general.pp


# --- G4.4 the clock die -------------------------------------------------------------------------

G4_4_CLOCK = [
    (Personality.aggressive, 1, "higher"),
    (Personality.aggressive, 2, "lower"),
    (Personality.prudent, 4, "higher"),
    (Personality.prudent, 5, "lower"),
    (Personality.unstable, 5, "higher"),
    (Personality.unstable, 6, "lower"),
    (Personality.organised, 2, "higher"),
    (Personality.organised, 3, "lower"),
]


@pytest.mark.parametrize(
    ("personality", "face", "choice"),
    G4_4_CLOCK,
    ids=[f"G4.4-{p.value}-d6={f}" for p, f, _ in G4_4_CLOCK],
)
def test_g4_4_clock_choice_by_personality_and_roll(
    personality: Personality, face: int, choice: str
) -> None:
    decision = choose_clock(personality, (2, 5), ScriptedDice([face]))
    assert decision.choice == choice
    assert decision.subtract == (5 if choice == "higher" else 2)
    assert decision.roll.value == face


# --- G4.2 what a corps general does with what is left ----------------------------------------

# One corps of one division ("A", so no die picks it) and the army general: 2 generals,
# 1 division → 1 × 3 // 2 = 1 PP each before the quality bonus (north: poor +0, mediocre +2,
# good +4, excellent +6). Dice: A's PP die (re-rolled above what is left), then reserve if
# MORE than 1 PP is left, then clock if any is left; what remains is lost (Reading).
G4_2_CORPS_LEFTOVERS = [
    # id, corps quality, corps dice, (divisions, reserve, clock, lost) of the corps general
    ("G4.2-1PP-A-gets-1-nothing-left", "poor", [1], (1, 0, 0, 0)),
    # 3 PP: A 2, 1 left is not "more than 1": no reserve; clock d6 re-rolled until 1.
    ("G4.2-1-left-no-reserve-straight-to-clock", "mediocre", [2, 4, 1], (2, 0, 1, 0)),
    # 5 PP: A 2, 3 left → reserve d6: 5 is more than 3, re-rolled, 3 → nothing for the clock.
    ("G4.2-reserve-rerolled-until-available", "good", [2, 5, 3], (2, 3, 0, 0)),
    # 7 PP: A 1, 6 left → reserve 4, 2 left → clock 2.
    ("G4.2-reserve-then-clock", "excellent", [1, 4, 2], (1, 4, 2, 0)),
    # 7 PP: A 6 → 1 left: no reserve, clock d6 until 1.
    ("G4.2-big-division-roll-leaves-1-for-the-clock", "excellent", [6, 1], (6, 0, 1, 0)),
]


@pytest.mark.parametrize(
    ("corps_quality", "corps_dice", "expected"),
    [row[1:] for row in G4_2_CORPS_LEFTOVERS],
    ids=[row[0] for row in G4_2_CORPS_LEFTOVERS],
)
def test_g4_2_corps_general_leftovers(
    corps_quality: str, corps_dice: list[int], expected: tuple[int, int, int, int]
) -> None:
    # The army general (poor, north): 1 PP, whose clock "die" is simply 1 (G4.3 Reading): no die.
    allocation = allocate_pp(order("poor", corps(corps_quality, "A")), ScriptedDice(corps_dice))
    record = allocation.generals[1]
    assert (record.divisions, record.reserve, record.clock, record.lost) == expected
    assert record.pp == sum(expected)
    assert allocation.generals[0].clock == 1
    assert len(allocation.rolls) == len(corps_dice)  # the army general rolled nothing


# --- G4.3 the army general's clock die -----------------------------------------------------------

# Same roster: the corps general is poor (1 PP, A gets it with a 1). The army general's PP are
# 1 + his bonus; his clock die is half of them rounded down (Reading), and with 1 (a "d1") or
# less there is no die: the clock gets 1.
G4_3_CLOCK_DIE = [
    # id, side, army quality, army PP, clock die sides (None: no die), face rolled
    ("G4.3-north-poor-1PP-no-die", "north", "poor", 1, None, None),
    ("G4.3-north-mediocre-3PP-half-is-1-no-die", "north", "mediocre", 3, None, None),
    ("G4.3-north-good-5PP-d2", "north", "good", 5, 2, 2),
    ("G4.3-north-excellent-7PP-d3", "north", "excellent", 7, 3, 3),
    ("G4.3-south-excellent-9PP-d4", "south", "excellent", 9, 4, 1),
]


@pytest.mark.parametrize(
    ("side", "army_quality", "army_pp", "sides", "face"),
    [row[1:] for row in G4_3_CLOCK_DIE],
    ids=[row[0] for row in G4_3_CLOCK_DIE],
)
def test_g4_3_army_generals_clock_die_is_half_his_pp(
    side: str, army_quality: str, army_pp: int, sides: int | None, face: int | None
) -> None:
    # South poor corps general has 1 + 2 = 3 PP: A gets 3 on one die, nothing left.
    corps_pp = 1 if side == "north" else 3
    problem = PpOrder(
        side=side,  # type: ignore[arg-type]
        army=GeneralProfile(side=side, quality=Quality(army_quality)),  # type: ignore[arg-type]
        corps=[corps("poor", "A")],
    )
    dice = [corps_pp] + ([face] if face is not None else [])
    allocation = allocate_pp(problem, ScriptedDice(dice))
    army = allocation.generals[0]
    clock_rolls = [r for r in allocation.rolls if "army general: clock" in r.purpose]
    assert army.pp == army_pp
    if sides is None:
        assert clock_rolls == []
        assert army.clock == 1
    else:
        assert [(r.sides, r.value) for r in clock_rolls] == [(sides, face)]
        assert army.clock == face
    # A was activated by the corps general, so the rest goes one at a time to A (top-up).
    assert army.divisions == army_pp - army.clock
    assert allocation.divisions == {"A": corps_pp + army_pp - army.clock}


@given(rosters)
def test_g4_the_same_seed_gives_the_same_allocation(roster: dict[str, object]) -> None:
    corps_list = [
        CorpsCommand(quality=q, divisions=[f"{n}.{i}" for i in range(size)])
        for n, (q, size) in enumerate(roster["corps"])  # type: ignore[call-overload]
    ]
    problem = PpOrder(
        side=roster["side"],  # type: ignore[arg-type]
        army=GeneralProfile(side=roster["side"], quality=roster["army"]),  # type: ignore[arg-type]
        corps=corps_list,
    )
    seed = int(roster["seed"])  # type: ignore[call-overload]
    assert allocate_pp(problem, SeededDice(seed)) == allocate_pp(problem, SeededDice(seed))


@pytest.mark.parametrize(
    "divisions",
    [[""], ["  "], ["A", " A "]],
    ids=["G4-empty-division-name", "G4-blank-division-name", "G4-same-name-with-spaces"],
)
def test_g4_division_names_must_be_real_and_distinct(divisions: list[str]) -> None:
    with pytest.raises(ValueError):
        PpOrder.model_validate(
            {"side": "north", "army": {}, "corps": [{"quality": "poor", "divisions": divisions}]}
        )
