"""The dice battle engine, one table per rule (T3.1–T3.7, T2.7), with scripted dice."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.dice import DiceExhaustedError, ScriptedDice, SeededDice
from converters.dice_battle import (
    BattleSetup,
    BattleSide,
    Contingent,
    SetupProblem,
    battle_result,
    capture_due,
    decide,
    fight_round,
    interception_roll,
    live_odds,
    naval_capture,
    naval_contact,
    parse_side,
    play_step,
    retreat_at,
    run_battle,
    start_battle,
)
from converters.house_rules import HouseRules
from converters.odds import battle_odds


def side(name: str, *contingents: tuple[str, int], target: int = 5) -> BattleSide:
    return BattleSide(
        name=name,
        contingents=tuple(Contingent(nation=n, pm=pm) for n, pm in contingents),
        base_target=target,
    )


def simple(pm_a: int, pm_b: int, **setup: object) -> BattleSetup:
    return BattleSetup(
        a=side("Rome", ("Rome", pm_a)), b=side("Pyrrhus", ("Pyrrhus", pm_b)), **setup
    )


# T3.1: one d6 per PM, each die at or above 5 kills one enemy PM; A's dice are rolled first.
T3_1_ROUNDS = [
    pytest.param(3, 2, [5, 6, 4, 1, 5], (2, 0), id="T3.1 5 and 6 hit, 4 misses"),
    pytest.param(2, 2, [1, 2, 3, 4], (2, 2), id="T3.1 nothing at 5+: nobody hit"),
    pytest.param(2, 3, [6, 6, 6, 6, 6], (0, 1), id="T3.1 hits beyond the enemy's PM are wasted"),
]


@pytest.mark.parametrize(("pm_a", "pm_b", "faces", "left"), T3_1_ROUNDS)
def test_t3_1_round(pm_a: int, pm_b: int, faces: list[int], left: tuple[int, int]) -> None:
    dice = ScriptedDice(faces)
    state = fight_round(start_battle(simple(pm_a, pm_b)), dice)
    assert (state.total_dice("a"), state.total_dice("b")) == left
    assert dice.remaining == 0  # exactly one die per PM on each side
    assert [roll.purpose for roll in dice.rolls] == ["T3.1 round 1, Rome"] * pm_a + [
        "T3.1 round 1, Pyrrhus"
    ] * pm_b


# T3.2: +1 for the defender against a mountain road or a landing; +1 both with Pyrrhus.
T3_2_TARGETS = [
    pytest.param({}, (5, 5), id="T3.2 no bonus: 5+"),
    pytest.param(
        {"defender": "b", "attacker_approach": "mountain_road"}, (5, 4), id="T3.2 mountain road"
    ),
    pytest.param({"defender": "a", "attacker_approach": "landing"}, (4, 5), id="T3.2 landing"),
    pytest.param({"defender": "b", "attacker_approach": "open"}, (5, 5), id="T3.2 open approach"),
    pytest.param({"pyrrhus_leads": True}, (4, 4), id="T3.2 Pyrrhus leads: both +1"),
    pytest.param(
        {"defender": "b", "attacker_approach": "landing", "pyrrhus_leads": True},
        (4, 3),
        id="T3.2 bonuses add",
    ),
]


@pytest.mark.parametrize(("setup", "targets"), T3_2_TARGETS)
def test_t3_2_targets(setup: dict[str, object], targets: tuple[int, int]) -> None:
    battle = simple(2, 2, **setup)
    assert (battle.target("a"), battle.target("b")) == targets
    # A die one below the target misses, the target itself hits.
    faces = [targets[0] - 1, targets[0], targets[1] - 1, targets[1]]
    state = fight_round(start_battle(battle), ScriptedDice(faces))
    assert (state.total_dice("a"), state.total_dice("b")) == (1, 1)


# T3.3 / T2.7: choices after a round; a side retreating alone suffers one pursuit roll.
T3_3_DECISIONS = [
    pytest.param("continue", "continue", [], "ongoing", (3, 3), id="T3.3 both continue"),
    pytest.param(
        "retreat", "retreat", [], "both_withdrew", (3, 3), id="T3.3 both retreat: no pursuit"
    ),
    pytest.param(
        "retreat", "continue", [5, 1, 6], "b_wins", (1, 3), id="T3.3 A retreats: B pursues"
    ),
    pytest.param(
        "continue", "retreat", [1, 1, 1], "a_wins", (3, 3), id="T3.3 B retreats: pursuit misses"
    ),
]


@pytest.mark.parametrize(("a_choice", "b_choice", "pursuit", "outcome", "left"), T3_3_DECISIONS)
def test_t3_3_decisions(
    a_choice: str, b_choice: str, pursuit: list[int], outcome: str, left: tuple[int, int]
) -> None:
    dice = ScriptedDice([1] * 6 + pursuit)  # a first round where nobody is hit
    state = fight_round(start_battle(simple(3, 3)), dice)
    state = decide(state, a_choice, b_choice, dice)  # type: ignore[arg-type]
    assert dice.remaining == 0  # the pursuit rolls exactly the pursuer's dice, once
    assert (state.outcome or "ongoing") == outcome
    assert (state.total_dice("a"), state.total_dice("b")) == left
    assert (state.rounds[0].a_choice, state.rounds[0].b_choice) == (a_choice, b_choice)
    if pursuit:
        assert state.rounds[-1].kind == "pursuit"
        assert dice.rolls[-1].purpose.startswith("T3.3 pursuit")


def test_t3_0_refusing_battle_suffers_the_pursuit_roll() -> None:
    dice = ScriptedDice([6, 1])
    state = decide(start_battle(simple(2, 2)), "retreat", "continue", dice)
    assert state.outcome == "b_wins"
    assert state.total_dice("a") == 1
    assert dice.rolls[0].purpose.startswith("T3.0")


# T3.4: losses go round the contingents by size, largest first, ties in listed order,
# and the turn carries over to the next round.
T3_4_ALLIES = [
    # Sizes 3, 1, 3: the order is Rome, Samnites (tie: listed order), Campanians.
    pytest.param(
        [("Rome", 3), ("Campanians", 1), ("Samnites", 3)],
        [2],
        (2, 1, 2),
        id="T3.4 largest first, the next largest second",
    ),
    pytest.param(
        [("Rome", 3), ("Campanians", 1), ("Samnites", 3)],
        [4, 2],
        (0, 0, 1),
        id="T3.4 round the contingents: R S C R, then S, C empty so R",
    ),
    # Sizes 2, 1, 4: Samnites, Rome, Campanians; round 2 carries on where round 1 stopped.
    pytest.param(
        [("Rome", 2), ("Campanians", 1), ("Samnites", 4)],
        [2, 2],
        (1, 0, 2),
        id="T3.4 the turn carries over to the next round",
    ),
    pytest.param([("Samnites", 2), ("Rome", 2)], [1], (1, 2), id="T3.4 equal sizes: listed order"),
    pytest.param([("Lucanians", 1), ("Bruttians", 4)], [1], (1, 3), id="T3.4 the largest first"),
]


@pytest.mark.parametrize(("contingents", "hits_per_round", "left"), T3_4_ALLIES)
def test_t3_4_allied_loss_order(
    contingents: list[tuple[str, int]], hits_per_round: list[int], left: tuple[int, ...]
) -> None:
    enemy_pm = 6
    setup = BattleSetup(a=side("Allies", *contingents), b=side("Pyrrhus", ("Pyrrhus", enemy_pm)))
    state = start_battle(setup)
    dice = ScriptedDice([])
    for hits in hits_per_round:
        faces = [1] * state.total_dice("a") + [6] * hits + [1] * (enemy_pm - hits)
        dice = ScriptedDice(faces)
        state = fight_round(state, dice)
        if not state.over:
            state = decide(state, "continue", "continue", dice)
    assert state.a_dice == left
    result = battle_result(decide(state, "retreat", "retreat", dice))
    assert [c.pm_lost for c in result.a.contingents] == [
        pm - now for (_, pm), now in zip(contingents, left, strict=True)
    ]


# T3.5: the city's defender rolls 2 dice per PM, real PM = ceil(dice / 2); survivors of a
# successful assault are prisoners; an empty city has a ½ PM garrison rolling one die.
T3_5_CITY = [
    pytest.param(
        4,
        2,
        [5, 5, 5, 1] + [1] * 4,
        [6, 1, 1, 1],
        0,
        2,
        0,
        id="T3.5 pursuit wipes out: no prisoners",
    ),
    pytest.param(
        4, 2, [5, 5, 5, 1] + [1] * 4, [1, 1, 1, 1], 1, 1, 1, id="T3.5 survivors taken prisoner"
    ),
]


@pytest.mark.parametrize(
    ("pm_a", "pm_b", "round_faces", "pursuit", "prisoners", "lost", "dice_left"), T3_5_CITY
)
def test_t3_5_city_assault(
    pm_a: int,
    pm_b: int,
    round_faces: list[int],
    pursuit: list[int],
    prisoners: int,
    lost: int,
    dice_left: int,
) -> None:
    setup = simple(pm_a, pm_b, defender="b", city_assault=True)
    dice = ScriptedDice(round_faces + pursuit)
    state = fight_round(start_battle(setup), dice)
    assert state.total_dice("b") == 2 * pm_b - 3
    assert state.pm_left("b") == 1  # 1 die left behind walls is still 1 PM (ceil ½)
    assert retreat_at(1)(state, "b") == "retreat"
    result = battle_result(decide(state, "continue", "retreat", dice))
    assert result.winner == "a"
    assert (result.b.prisoners, result.b.pm_lost, result.b.pm_left) == (prisoners, lost, 0)
    assert result.b.dice_start == 2 * pm_b
    assert result.b.dice_left == dice_left


def test_t3_5_empty_city_half_pm_garrison() -> None:
    setup = simple(1, 0, defender="b", city_assault=True)
    dice = ScriptedDice([6, 1])
    result = battle_result(fight_round(start_battle(setup), dice))
    assert len([r for r in dice.rolls if "Pyrrhus" in r.purpose]) == 1
    assert result.winner == "a"
    assert result.b.pm_start == Fraction(1, 2)
    assert result.b.pm_lost == Fraction(1, 2)
    assert result.model_dump(mode="json")["b"]["pm_start"] == 0.5


def test_t3_5_defender_holding_out_keeps_its_pm() -> None:
    setup = simple(2, 1, defender="b", city_assault=True)
    dice = ScriptedDice([1, 1, 6, 6])  # the attacker misses, both defender dice hit
    result = battle_result(fight_round(start_battle(setup), dice))
    assert result.winner == "b"
    assert (result.b.pm_left, result.b.prisoners, result.a.pm_lost) == (1, 0, 2)


# T3.6: 1d6 against both fleets' PM plus troops carried by the intercepted fleet; the house
# rule interception = at_least reads the seed's words literally.
T3_6_INTERCEPTION = [
    pytest.param(1, 1, 0, 2, "at_most", True, id="T3.6 roll equal to the sum: caught"),
    pytest.param(1, 1, 0, 3, "at_most", False, id="T3.6 roll above the sum: escapes"),
    pytest.param(1, 1, 1, 3, "at_most", True, id="T3.6 troops carried slow the fleet"),
    pytest.param(1, 1, 0, 3, "at_least", True, id="T3.6 interception=at_least: at least"),
    pytest.param(1, 1, 0, 1, "at_least", False, id="T3.6 interception=at_least: below escapes"),
]


@pytest.mark.parametrize(
    ("seeking", "avoiding", "troops", "roll", "option", "caught"), T3_6_INTERCEPTION
)
def test_t3_6_interception(
    seeking: int, avoiding: int, troops: int, roll: int, option: str, caught: bool
) -> None:
    dice = ScriptedDice([roll])
    rules = HouseRules().with_rule("interception", option)
    interception = interception_roll(seeking, avoiding, troops, dice, rules=rules)
    assert interception.reading == option
    assert interception.intercepted is caught
    assert interception.against == seeking + avoiding + troops
    assert dice.rolls[0].purpose == "T3.6 interception"


T3_6_CONTACT = [
    pytest.param(True, True, [], True, id="T3.6 both seek battle: fought, no roll"),
    pytest.param(False, False, [], False, id="T3.6 neither: no battle"),
    # A seeks; B (3 PM carrying 3 PM of troops, its room by T3.7) avoids: caught on 6 ≤ 1 + 3 + 3.
    pytest.param(True, False, [6], True, id="T3.6 B's troops count against it"),
    # B seeks; A (2 PM, no troops) avoids: 6 > 1 + 2, so A escapes (B's troops do not count).
    pytest.param(False, True, [6], False, id="T3.6 only the avoiding fleet's troops count"),
]


@pytest.mark.parametrize(("a_seeks", "b_seeks", "faces", "fought"), T3_6_CONTACT)
def test_t3_6_naval_contact(a_seeks: bool, b_seeks: bool, faces: list[int], fought: bool) -> None:
    dice = ScriptedDice(faces)
    a_fleet, b_fleet = (1, 3) if a_seeks else (2, 1)
    contact = naval_contact(a_seeks, b_seeks, a_fleet, b_fleet, dice, a_troops_pm=0, b_troops_pm=3)
    assert contact.fought is fought
    assert dice.remaining == 0
    assert (contact.interception is None) == (a_seeks == b_seeks)


# T3.7: the winner rolls 1d6 per enemy naval PM destroyed: 4+ captured, else sunk.
T3_7_CAPTURE = [
    pytest.param([4, 3, 6], 2, 1, id="T3.7 4 and 6 captured, 3 sunk"),
    pytest.param([1, 2], 0, 2, id="T3.7 all sunk"),
    pytest.param([], 0, 0, id="T3.7 nothing destroyed"),
]


@pytest.mark.parametrize(("faces", "captured", "sunk"), T3_7_CAPTURE)
def test_t3_7_capture(faces: list[int], captured: int, sunk: int) -> None:
    capture = naval_capture(len(faces), ScriptedDice(faces), "Carthage")
    assert (capture.captured, capture.sunk) == (captured, sunk)


def test_t3_7_naval_battle_rolls_captures_for_the_winner() -> None:
    setup = simple(2, 2, naval=True)
    # A sinks both enemy ships in round 1, then rolls 5 and 2 for them: one captured.
    result = run_battle(setup, ScriptedDice([5, 6, 1, 1, 5, 2]))
    assert result.winner == "a"
    assert result.capture is not None
    assert (result.capture.captured, result.capture.sunk) == (1, 1)


# T2.7: who won a dice battle.
T2_7_WINNER = [
    pytest.param([6, 6, 1, 1], 0, 0, "a_wins", "a", id="T2.7 wiped out loses"),
    pytest.param([6, 6, 6, 6], 0, 0, "draw", None, id="T2.7 both wiped out: draw"),
    pytest.param([1, 1, 1, 1, 1, 1], 2, 0, "b_wins", "b", id="T2.7 retreating alone loses"),
    pytest.param([1, 1, 1, 1], 2, 2, "both_withdrew", None, id="T3.3 both withdraw: nobody wins"),
]


@pytest.mark.parametrize(("faces", "a_at", "b_at", "outcome", "winner"), T2_7_WINNER)
def test_t2_7_who_won(
    faces: list[int], a_at: int, b_at: int, outcome: str, winner: str | None
) -> None:
    result = run_battle(simple(2, 2), ScriptedDice(faces), retreat_at(a_at), retreat_at(b_at))
    assert result.outcome == outcome
    assert result.winner == winner


def test_scripted_dice_running_out_is_reported() -> None:
    with pytest.raises(DiceExhaustedError, match=r"T3\.1 round 1"):
        run_battle(simple(2, 2), ScriptedDice([1, 1]))


@given(
    st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=10_000),
    st.booleans(),
)
def test_losses_never_exceed_strength_and_go_round_the_allies(
    allies: list[int], enemy: int, a_at: int, b_at: int, seed: int, city: bool
) -> None:
    setup = BattleSetup(
        a=side("Allies", *[(f"ally {i}", pm) for i, pm in enumerate(allies)]),
        b=side("Enemy", ("Enemy", enemy)),
        defender="a" if city else None,
        city_assault=city,
    )
    result = run_battle(setup, SeededDice(seed), retreat_at(a_at), retreat_at(b_at))
    for figures in (result.a, result.b):
        assert 0 <= figures.pm_lost <= figures.pm_start
        assert figures.pm_lost + figures.pm_left + figures.prisoners == figures.pm_start
        for contingent in figures.contingents:
            assert 0 <= contingent.pm_lost <= contingent.pm_start
    # T3.5: behind walls the side keeps half its dice, rounded up.
    assert result.a.pm_left + result.a.prisoners == -(-result.a.dice_left // (2 if city else 1))
    # T3.4: contingents still standing have taken turns, so their losses differ by at most 1.
    if not city:
        standing = [c.pm_lost for c in result.a.contingents if c.pm_left > 0]
        if standing:
            assert max(standing) - min(standing) <= 1


def test_t3_5_allies_behind_walls_keep_half_their_dice_rounded_up() -> None:
    # Pyrrhus 2 and Tarentines 2 hold a city: 4 + 4 dice. Two hits leave 3 + 3 dice = 3 PM
    # (ceil 6/2); the PM the rounding adds goes to the first in T3.4 order, Pyrrhus.
    setup = BattleSetup(
        a=side("Rome", ("Rome", 4)),
        b=side("Greeks", ("Pyrrhus", 2), ("Tarentines", 2)),
        defender="b",
        city_assault=True,
    )
    state = fight_round(start_battle(setup), ScriptedDice([5, 5, 1, 1] + [1] * 8))
    assert state.b_dice == (3, 3)
    assert state.pm_left("b") == 3
    result = battle_result(decide(state, "retreat", "retreat", ScriptedDice([])))
    assert [c.pm_lost for c in result.b.contingents] == [0, 1]


def test_engine_agrees_with_the_exact_odds() -> None:
    # 4000 seeded battles of 3 v 3, each side retreating at 1: the engine's frequencies sit
    # within five standard errors of the T3.8 odds (the same reading of T3.3 and T2.7).
    odds = battle_odds(3, 3, a_retreat_at=1, b_retreat_at=1)
    dice = SeededDice(2024)
    trials = 4000
    counts = {"a_wins": 0, "b_wins": 0, "draw": 0, "both_withdrew": 0}
    for _ in range(trials):
        counts[run_battle(simple(3, 3), dice, retreat_at(1), retreat_at(1)).outcome] += 1
    for key, chance in (
        ("a_wins", odds.a_wins),
        ("b_wins", odds.b_wins),
        ("draw", odds.draw),
        ("both_withdrew", odds.both_withdraw),
    ):
        error = 5 * (chance * (1 - chance) / trials) ** 0.5 + 1e-9
        assert abs(counts[key] / trials - chance) <= error, key


def test_t3_3_a_choice_other_than_continue_or_retreat_is_refused() -> None:
    state = fight_round(start_battle(simple(2, 2)), ScriptedDice([1, 1, 1, 1]))
    with pytest.raises(ValueError, match="a_choice"):
        decide(state, "flee", "continue", ScriptedDice([]))  # type: ignore[arg-type]


def test_t3_2_bonuses_never_make_a_1_hit() -> None:
    # Reading: a target never goes below 2. A side hitting on 2+ with Pyrrhus leading and a
    # defender's bonus still misses on a 1 (and hits on a 2).
    battle = BattleSetup(
        a=side("Rome", ("Rome", 2)),
        b=side("Pyrrhus", ("Pyrrhus", 2), target=2),
        defender="b",
        attacker_approach="landing",
        pyrrhus_leads=True,
    )
    assert battle.target("b") == 2  # 2 − 1 − 1 would be 0
    state = fight_round(start_battle(battle), ScriptedDice([1, 1, 1, 2]))
    assert state.total_dice("a") == 1  # B's 1 missed, its 2 hit


def test_t3_3_pursuit_after_a_city_defender_retreats_uses_the_doubled_figure() -> None:
    # B holds a city with 2 PM (4 dice). Round 1: A's 3 dice hit twice (5 6 1), B misses
    # (1 1 1 1): B keeps 2 dice = 1 PM. B retreats alone; A's pursuit (5 1 1) kills one die,
    # and the last die (still ½ of a doubled PM → 1 real PM) is taken prisoner with the city.
    setup = simple(3, 2, defender="b", city_assault=True)
    dice = ScriptedDice([5, 6, 1, 1, 1, 1, 1, 5, 1, 1])
    state = fight_round(start_battle(setup), dice)
    assert (state.total_dice("b"), state.pm_left("b")) == (2, 1)
    result = battle_result(decide(state, "continue", "retreat", dice))
    assert dice.remaining == 0
    assert (result.winner, result.b.dice_left) == ("a", 1)
    assert (result.b.pm_lost, result.b.prisoners, result.b.pm_left) == (1, 1, 0)


def test_t3_2_a_mountain_road_or_landing_needs_a_defender_to_reward() -> None:
    # The +1 goes to the attacker's opponent; with no defending side nobody would get it and
    # the bonus would vanish silently, so the set-up is refused, naming the field.
    with pytest.raises(ValueError, match="defender"):
        simple(2, 2, attacker_approach="landing")


# T3.3 and T3.8: the odds shown count a retreat already chosen for after this round (issue 11,
# bug 4). A 3 PM v B 2 PM, both hit on 5+ (1/3): a lone retreat of B means A's pursuit roll of
# 3 dice leaves B 2 PM with chance 8/27 and 1 PM with chance 12/27: 28/27 PM expected; B's 2
# dice leave A 3, 2 or 1 PM with chances 4/9, 4/9, 1/9: 7/3 PM expected.
T3_3_CHOSEN = [
    pytest.param("continue", "retreat", (1, 0, 0, 0), (3, 28 / 27), id="T3.3 B retreats alone"),
    pytest.param("retreat", "continue", (0, 1, 0, 0), (7 / 3, 2), id="T3.3 A retreats alone"),
    pytest.param("retreat", "retreat", (0, 0, 0, 1), (3, 2), id="T3.3 both retreat: withdraw"),
]


@pytest.mark.parametrize(("a_choice", "b_choice", "chances", "left"), T3_3_CHOSEN)
def test_t3_3_live_odds_count_the_retreat_chosen_for_next_round(
    a_choice: str, b_choice: str, chances: tuple[int, ...], left: tuple[float, float]
) -> None:
    state = start_battle(simple(3, 2))
    odds = live_odds(state, a_choice=a_choice, b_choice=b_choice)  # type: ignore[arg-type]
    assert (odds.a_wins, odds.b_wins, odds.draw, odds.both_withdraw) == chances
    assert (odds.a_expected_left, odds.b_expected_left) == pytest.approx(left)


# One key of the dice battle screen (play_step): the choices (T3.0 before the first round,
# T3.3 after one), then the next round (T3.1) when both fight on.
PLAY_STEPS = [
    pytest.param(0, "continue", "continue", [5, 1, 1, 1], 1, None, id="T3.1 first round rolled"),
    pytest.param(0, "retreat", "continue", [6, 1], 1, "b_wins", id="T3.0 A declines: pursued"),
    pytest.param(
        1, "continue", "continue", [1, 1, 1, 1], 2, None, id="T3.3 both fight on: next round"
    ),
    pytest.param(1, "continue", "retreat", [1, 1], 2, "a_wins", id="T3.3 B retreats: pursuit"),
    pytest.param(1, "retreat", "retreat", [], 1, "both_withdrew", id="T3.3 both withdraw"),
]


@pytest.mark.parametrize(
    ("rounds_before", "a_choice", "b_choice", "faces", "records", "outcome"), PLAY_STEPS
)
def test_t3_play_step(
    rounds_before: int,
    a_choice: str,
    b_choice: str,
    faces: list[int],
    records: int,
    outcome: str | None,
) -> None:
    state = start_battle(simple(2, 2))
    if rounds_before:
        state = fight_round(state, ScriptedDice([1, 1, 1, 1]))  # nobody hit
    dice = ScriptedDice(faces)
    after = play_step(state, a_choice, b_choice, dice)  # type: ignore[arg-type]
    assert dice.remaining == 0
    assert len(after.rounds) == records
    assert after.outcome == outcome


def test_t3_7_capture_is_due_after_a_naval_win_until_rolled() -> None:
    won = fight_round(start_battle(simple(2, 2, naval=True)), ScriptedDice([5, 6, 1, 1]))
    assert won.outcome == "a_wins"
    assert capture_due(won)
    assert not capture_due(won, naval_capture(2, ScriptedDice([5, 2]), "Rome"))
    land = fight_round(start_battle(simple(2, 2)), ScriptedDice([5, 6, 1, 1]))
    assert not capture_due(land), "no captures on land"
    drawn = fight_round(start_battle(simple(2, 2, naval=True)), ScriptedDice([6, 6, 6, 6]))
    assert not capture_due(drawn), "nobody won: nobody captures"


# The set-up of a side as typed on the dice battle screen (parse_side): contingents in the
# order typed (T3.4 ranks them), whole PM, 0 for an empty city's garrison (T3.5).
NATIONS = ["Rome", "Carthage", "Magna Graecia"]
PARSE_SIDE = [
    pytest.param("Rome 4", [("Rome", 4)], id="one contingent"),
    pytest.param(
        "rome 4; Magna Graecia 2", [("Rome", 4), ("Magna Graecia", 2)], id="T3.4 allies, any case"
    ),
    pytest.param("Carthage 0", [("Carthage", 0)], id="T3.5 empty city: 0 PM"),
    pytest.param(" ; Rome 3 ;", [("Rome", 3)], id="empty parts skipped"),
]
PARSE_SIDE_REFUSED = [
    pytest.param("", "side A: at least one contingent", id="nothing typed"),
    pytest.param("Rome", "side A: write NATION PM", id="no PM"),
    pytest.param("Rome x", "side A: PM of Rome must be a number", id="PM not a number"),
    pytest.param("Rome 1/2", "side A: PM of Rome is a whole number", id="half PM"),
    pytest.param("Rome -1", "side A: PM of Rome is a whole number", id="negative PM"),
    pytest.param("Sparta 2", "side A: unknown nation 'Sparta'", id="not in the campaign"),
]


@pytest.mark.parametrize(("text", "contingents"), PARSE_SIDE)
def test_parse_side(text: str, contingents: list[tuple[str, int]]) -> None:
    assert parse_side(text, "side A", NATIONS) == [(n, Fraction(pm)) for n, pm in contingents]


@pytest.mark.parametrize(("text", "message"), PARSE_SIDE_REFUSED)
def test_parse_side_refusals_name_the_field(text: str, message: str) -> None:
    with pytest.raises(SetupProblem, match=f"^{re.escape(message)}") as refused:
        parse_side(text, "side A", NATIONS)
    assert refused.value.field == "side A"


def test_a_set_up_refusal_is_said_in_the_players_language() -> None:
    """The refusal carries its description: in Italian the field, the unit and the shipped
    nations it lists read in Italian; what the player typed is as typed; ``str()`` stays the
    English the converters always gave."""
    from converters.i18n import set_language

    with pytest.raises(SetupProblem) as refused:
        parse_side("Sparta 2", "side A", NATIONS)
    english = "side A: unknown nation 'Sparta'; one of Rome, Carthage, Magna Graecia"
    assert str(refused.value) == english
    assert refused.value.shown() == english
    set_language("it")
    try:
        shown = refused.value.shown()
    finally:
        set_language("en")
    assert shown == "parte A: nazione sconosciuta 'Sparta'; una tra Roma, Cartagine, Magna Grecia"


def test_parse_side_reads_a_shipped_nation_in_either_language() -> None:
    """ "Roma 4; magna grecia 2" is Rome's and Magna Graecia's: the keys come back."""
    got = parse_side("Roma 4; magna grecia 2", "side A", NATIONS)
    assert got == [("Rome", Fraction(4)), ("Magna Graecia", Fraction(2))]


def test_parse_side_without_a_campaign_takes_any_name() -> None:
    assert parse_side("Sparta 2", "side B", []) == [("Sparta", Fraction(2))]


@given(st.text(max_size=40))
def test_parse_side_reads_or_refuses_any_text(text: str) -> None:
    try:
        contingents = parse_side(text, "side A", NATIONS)
    except SetupProblem as refused:
        assert str(refused).startswith("side A: ")
    else:
        assert contingents and all(pm >= 0 and pm.denominator == 1 for _, pm in contingents)
