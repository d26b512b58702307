"""G3: the ghost's orders machine — opening roll, assessment, countdown, leaving the field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.dice import DiceExhaustedError, ScriptedDice, SeededDice
from ghost.battle import BattleState, GhostBattle, TurnLosses
from ghost.decisions import ORDER_ALLOWS, Decision, Order
from ghost.generals import GeneralProfile, Personality
from ghost.orders import TRANSITIONS, GhostGeneral

STRENGTH = 100  # so that loss points read directly as a gap %


def battle(personality: Personality, units: int = 1000) -> GhostBattle:
    return GhostBattle(GeneralProfile(personality=personality), strength=STRENGTH, units=units)


def losses(gr: int = 0, gf: int = 0, lost: int = 0) -> TurnLosses:
    return TurnLosses(gr_loss=gr, gf_loss=gf, units_lost=lost)


# --- the machine is data ------------------------------------------------------------------


def test_g3_machine_has_no_auto_transitions_and_conditions_are_model_methods() -> None:
    general = GhostGeneral(GeneralProfile(), strength=10, units=10)
    assert not general.machine.auto_transitions
    assert not hasattr(general, "to_attack")
    names: set[str] = set()
    for transition in TRANSITIONS:
        for key in ("conditions", "unless"):
            value = transition.get(key, [])
            names.update([value] if isinstance(value, str) else value)
    assert names and all(callable(getattr(general, name)) for name in names)
    assert {t["dest"] for t in TRANSITIONS} == {
        Order.attack,
        Order.manoeuvre,
        Order.retreat,
        Order.left_field,
    }


# --- G3.1 opening order ---------------------------------------------------------------------

# 1d6 + modifier: 3 or less attack, 4 or more manoeuvre; the boundary face for each personality.
G3_1_OPENING = [
    (Personality.unstable, 1, Order.attack),  # 1+2 = 3
    (Personality.unstable, 2, Order.manoeuvre),  # 2+2 = 4
    (Personality.prudent, 2, Order.attack),  # 2+1 = 3
    (Personality.prudent, 3, Order.manoeuvre),
    (Personality.organised, 4, Order.attack),  # 4-1 = 3
    (Personality.organised, 5, Order.manoeuvre),
    (Personality.aggressive, 5, Order.attack),  # 5-2 = 3
    (Personality.aggressive, 6, Order.manoeuvre),  # 6-2 = 4
]


@pytest.mark.parametrize(
    ("personality", "face", "order"),
    G3_1_OPENING,
    ids=[f"G3.1-{p.value}-d6={f}" for p, f, _ in G3_1_OPENING],
)
def test_g3_1_opening_order(personality: Personality, face: int, order: Order) -> None:
    decision = battle(personality).open(ScriptedDice([face]))
    assert decision.order == order
    assert decision.rule == "G3.1"
    assert [r.value for r in decision.rolls] == [face]


# --- G3.2 start-of-turn assessment ---------------------------------------------------------


def test_g3_2_favourable_crossing_gives_attack_without_a_roll() -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([6]))  # 6+1: manoeuvre
    decision = ghost.start_turn(losses(gr=10), ScriptedDice([]))  # +10% = the prudent threshold
    assert decision.order == Order.attack
    assert decision.rolls == []


# Unfavourable crossing: 1d6 + modifier, 3 or less manoeuvre, 4 or more general retreat.
G3_2_UNFAVOURABLE = [
    (Personality.unstable, 1, Order.manoeuvre),
    (Personality.unstable, 2, Order.retreat),
    (Personality.prudent, 2, Order.manoeuvre),
    (Personality.prudent, 3, Order.retreat),
    (Personality.organised, 4, Order.manoeuvre),
    (Personality.organised, 5, Order.retreat),
    (Personality.aggressive, 5, Order.manoeuvre),
    (Personality.aggressive, 6, Order.retreat),
]


@pytest.mark.parametrize(
    ("personality", "face", "order"),
    G3_2_UNFAVOURABLE,
    ids=[f"G3.2-{p.value}-d6={f}" for p, f, _ in G3_2_UNFAVOURABLE],
)
def test_g3_2_unfavourable_crossing_rolls_manoeuvre_or_retreat(
    personality: Personality, face: int, order: Order
) -> None:
    ghost = battle(personality)
    ghost.open(ScriptedDice([1]))  # attack for every personality
    threshold = GeneralProfile(personality=personality).gap_threshold
    decision = ghost.start_turn(losses(gf=threshold), ScriptedDice([face]))
    assert decision.order == order
    assert [r.value for r in decision.rolls] == [face]


@pytest.mark.parametrize(
    ("gf", "order"),
    [(11, Order.attack), (12, Order.manoeuvre)],
    ids=["G3.2-organised-11%-neutral-no-change", "G3.2-organised-12%-crosses"],
)
def test_g3_2_only_the_threshold_itself_changes_orders(gf: int, order: Order) -> None:
    ghost = battle(Personality.organised)
    ghost.open(ScriptedDice([1]))
    assert ghost.start_turn(losses(gf=gf), ScriptedDice([1])).order == order


def test_g3_2_no_order_change_while_the_gap_stays_on_one_side() -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([6]))  # manoeuvre
    no_dice = ScriptedDice([])
    # +10 crosses: attack. Then favourable, neutral, favourable again: the sign never flips.
    orders = []
    for gr in (10, 30, 5, 20, 0):
        decision = ghost.start_turn(losses(gr=gr), no_dice)
        ghost.end_turn(no_dice)
        orders.append(decision.order)
        assert decision.rolls == []
    assert orders == [Order.attack] * 5


def test_g3_2_gap_flipping_from_favourable_to_unfavourable_changes_orders() -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([6]))
    ghost.start_turn(losses(gr=15), ScriptedDice([]))
    ghost.end_turn(ScriptedDice([]))
    assert ghost.order == Order.attack
    decision = ghost.start_turn(losses(gr=15, gf=30), ScriptedDice([1]))  # -15%
    assert decision.order == Order.manoeuvre  # 1+1 = 2: manoeuvre/defence
    assert decision.changed


def test_g3_2_back_on_the_same_unfavourable_side_rolls_nothing() -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([1]))
    ghost.start_turn(losses(gf=20), ScriptedDice([1]))  # crossing: manoeuvre
    ghost.end_turn(ScriptedDice([]))
    ghost.start_turn(losses(gf=5), ScriptedDice([]))  # neutral
    ghost.end_turn(ScriptedDice([]))
    decision = ghost.start_turn(losses(gf=20), ScriptedDice([]))  # unfavourable again, same side
    assert decision.order == Order.manoeuvre
    assert decision.rolls == []


def test_g3_2_assessment_needs_the_opening_order_first() -> None:
    with pytest.raises(ValueError, match="opening order"):
        battle(Personality.prudent).start_turn(losses(), ScriptedDice([]))


# --- G3.3 the retreat countdown -----------------------------------------------------------

# With the gap steady at -20% and every die showing 1 (never reaching the retreat value), the
# retreat value runs 3, 2, 1 … from the second unfavourable turn and the retreat is automatic
# once it is at or below 1 + modifier: unstable 3 → turn 2, prudent 2 → turn 3,
# organised 0 → turn 5, aggressive -1 → turn 6.
G3_3_AUTOMATIC_RETREAT = [
    (Personality.unstable, 2),
    (Personality.prudent, 3),
    (Personality.organised, 5),
    (Personality.aggressive, 6),
]


@pytest.mark.parametrize(
    ("personality", "retreat_turn"),
    G3_3_AUTOMATIC_RETREAT,
    ids=[f"G3.3-{p.value}-automatic-turn-{t}" for p, t in G3_3_AUTOMATIC_RETREAT],
)
def test_g3_3_each_personality_retreats_automatically_on_its_turn(
    personality: Personality, retreat_turn: int
) -> None:
    ghost = battle(personality)
    dice = ScriptedDice([1] * 20)
    ghost.open(dice)
    countdown = []
    for _ in range(8):
        ghost.start_turn(losses(gf=20), dice)
        countdown.append(ghost.end_turn(dice))
        if ghost.battle_over:
            break
    last = countdown[-1]
    assert last.turn == retreat_turn
    assert last.order == Order.retreat
    assert last.rule == "G3.3"
    assert last.rolls == []  # automatic: no roll
    # every countdown step before it rolled a die and did not retreat
    assert all(len(step.rolls) == 1 for step in countdown[1:-1])
    assert countdown[0].rolls == []  # the first unfavourable turn only starts the count


@pytest.mark.parametrize(
    ("face", "order"),
    [(2, Order.retreat), (1, Order.manoeuvre)],
    ids=["G3.3-prudent-2+1-reaches-3", "G3.3-prudent-1+1-short-of-3"],
)
def test_g3_3_first_countdown_roll_needs_three(face: int, order: Order) -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([1]))
    ghost.start_turn(losses(gf=20), ScriptedDice([1]))
    ghost.end_turn(ScriptedDice([]))
    ghost.start_turn(losses(gf=20), ScriptedDice([]))
    step = ghost.end_turn(ScriptedDice([face]))
    assert step.target == 3
    assert step.order == order


def _countdown_targets(gaps: list[int]) -> list[int | None]:
    """Targets of each end-of-turn step for an organised general (no automatic retreat soon)."""
    ghost = battle(Personality.organised)
    dice = ScriptedDice([1] * 20)
    ghost.open(dice)
    targets: list[int | None] = []
    for gf in gaps:
        ghost.start_turn(losses(gf=gf), dice)
        step = ghost.end_turn(dice)
        targets.append(step.target)
    return targets


def test_g3_3_countdown_restarts_when_the_gap_shrinks() -> None:
    # -20, -20: value 3; -25 (worse): value 2; -15 (shrank): starts again at 4; -15: value 3.
    assert _countdown_targets([20, 20, 25, 15, 15]) == [4, 3, 2, 4, 3]


def test_g3_3_countdown_restarts_when_the_gap_stops_being_unfavourable() -> None:
    # -20, -20: value 3; -5 (neutral): no countdown; -20: first again (4); -20: 3.
    assert _countdown_targets([20, 20, 5, 20, 20]) == [4, 3, None, 4, 3]


def test_g3_3_an_equal_gap_counts_as_not_shrinking() -> None:
    assert _countdown_targets([13, 13, 13]) == [4, 3, 2]


# --- G3.4 leaving the field -------------------------------------------------------------------

# Units lost ÷ units fielded as a whole % rounded down, against 20 / 25 / 30 %.
G3_4_LEAVE = [
    (Personality.prudent, 10, 2, True),  # exactly 20 %
    (Personality.prudent, 10, 1, False),
    (Personality.unstable, 201, 40, False),  # 19.9 % rounds down to 19
    (Personality.unstable, 201, 41, True),  # 20.4 % → 20
    (Personality.organised, 4, 1, True),  # exactly 25 %
    (Personality.organised, 9, 2, False),  # 22.2 %
    (Personality.aggressive, 7, 2, False),  # 28.6 % → 28
    (Personality.aggressive, 10, 3, True),  # exactly 30 %
]


@pytest.mark.parametrize(
    ("personality", "units", "lost", "leaves"),
    G3_4_LEAVE,
    ids=[f"G3.4-{p.value}-{lost}-of-{u}" for p, u, lost, _ in G3_4_LEAVE],
)
def test_g3_4_leaves_the_field_at_the_rounded_down_percentage(
    personality: Personality, units: int, lost: int, leaves: bool
) -> None:
    ghost = battle(personality, units=units)
    ghost.open(ScriptedDice([1]))
    decision = ghost.start_turn(losses(lost=lost), ScriptedDice([]))
    assert (decision.order == Order.left_field) is leaves


def test_g3_4_leaving_applies_whatever_the_order_even_a_retreat_given_this_turn() -> None:
    ghost = battle(Personality.prudent, units=10)
    ghost.open(ScriptedDice([1]))
    decision = ghost.start_turn(losses(gf=20, lost=2), ScriptedDice([6]))  # 6+1: retreat
    assert decision.order == Order.left_field
    assert decision.rule == "G3.4"


def test_g3_4_after_leaving_later_turns_change_nothing_and_roll_nothing() -> None:
    ghost = battle(Personality.prudent, units=10)
    ghost.open(ScriptedDice([1]))
    ghost.start_turn(losses(lost=5), ScriptedDice([]))
    ghost.end_turn(ScriptedDice([]))
    empty = ScriptedDice([])  # any roll would raise DiceExhaustedError
    for gr, gf in ((0, 50), (50, 0)):
        assert ghost.start_turn(losses(gr=gr, gf=gf, lost=5), empty).order == Order.left_field
        assert ghost.end_turn(empty).order == Order.left_field


def test_g3_4_more_units_lost_than_fielded_is_refused() -> None:
    ghost = battle(Personality.prudent, units=10)
    ghost.open(ScriptedDice([1]))
    with pytest.raises(ValueError, match="units_lost"):
        ghost.start_turn(losses(lost=11), ScriptedDice([]))


def test_g3_running_out_of_scripted_dice_is_reported() -> None:
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([1]))
    with pytest.raises(DiceExhaustedError):
        ghost.start_turn(losses(gf=20), ScriptedDice([]))


# --- saving and resuming ----------------------------------------------------------------------


def test_g3_a_saved_battle_resumes_exactly_where_it_stood() -> None:
    turns = [losses(gf=20), losses(gf=20), losses(gf=20), losses(gf=20)]
    straight = battle(Personality.organised)
    dice = ScriptedDice([1] * 10)
    straight.open(dice)
    for turn in turns:
        straight.play_turn(turn, dice)

    first = battle(Personality.organised)
    dice = ScriptedDice([1] * 10)
    first.open(dice)
    for turn in turns[:2]:
        first.play_turn(turn, dice)
    saved = first.state.model_dump_json()
    resumed = GhostBattle.from_state(BattleState.model_validate_json(saved))
    for turn in turns[2:]:
        resumed.play_turn(turn, dice)
    assert resumed.state == straight.state


# --- properties -------------------------------------------------------------------------------

_LEGAL_STEPS = {
    (source, t["dest"])
    for t in TRANSITIONS
    for source in (t["source"] if isinstance(t["source"], list) else [t["source"]])
}

scripts = st.fixed_dictionaries(
    {
        "personality": st.sampled_from(list(Personality)),
        "strength": st.integers(1, 200),
        "units": st.integers(1, 60),
        "seed": st.integers(0, 2**32),
        "turns": st.lists(
            st.tuples(st.integers(0, 80), st.integers(0, 80), st.integers(0, 60)), max_size=12
        ),
    }
)


def _play(script: dict[str, object]) -> GhostBattle:
    units = int(script["units"])  # type: ignore[call-overload]
    ghost = GhostBattle(
        GeneralProfile(personality=script["personality"]),  # type: ignore[arg-type]
        strength=int(script["strength"]),  # type: ignore[call-overload]
        units=units,
    )
    dice = SeededDice(int(script["seed"]))  # type: ignore[call-overload]
    ghost.open(dice)
    turns: list[tuple[int, int, int]] = script["turns"]  # type: ignore[assignment]
    # units lost are a running total (G3.4): never down, never over the units fielded
    running = sorted(min(lost, units) for _, _, lost in turns)
    for (gr, gf, _), lost in zip(turns, running, strict=True):
        ghost.play_turn(losses(gr, gf, lost), dice)
    return ghost


@given(scripts)
def test_g3_every_replay_ends_in_a_legal_state(script: dict[str, object]) -> None:
    ghost = _play(script)
    state = ghost.state
    assert ghost.order in {Order.attack, Order.manoeuvre, Order.retreat, Order.left_field}
    over = False
    previous = state.opening.order if state.opening else Order.pre_battle
    for record in state.turns:
        for decision in record.decisions:
            if decision.changed:
                assert (decision.previous, decision.order) in _LEGAL_STEPS
            assert decision.previous == previous
            previous = decision.order
        if over:  # a battle already over changes nothing and rolls nothing
            assert record.summary.rolls == []
            assert not record.summary.changed
        over = over or record.summary.order in {Order.retreat, Order.left_field}


@given(scripts)
def test_g3_the_same_seed_gives_the_same_decisions(script: dict[str, object]) -> None:
    assert _play(script).state == _play(script).state


# --- G3.5 every order comes with why and what it allows ----------------------------------------


def _unfavourable_crossing(face: int) -> tuple[GhostBattle, Decision]:
    # Prudent (+1, threshold 10 %): attack from the opening (1+1 = 2), then the ghost loses 12
    # loss points against a strength of 100: gap (0 − 12) ÷ 100 × 100 = −12 %.
    ghost = battle(Personality.prudent)
    ghost.open(ScriptedDice([1]))
    return ghost, ghost.start_turn(losses(gf=12), ScriptedDice([face]))


# id, face of the G3.2 roll, order, what the reason must show (worked by hand from G3.2)
G3_5_REASONS = [
    ("G3.5-crossing-roll-2+1=3-manoeuvre", 2, Order.manoeuvre, ["-12%", "-10%", "2+1 = 3"]),
    ("G3.5-crossing-roll-3+1=4-retreat", 3, Order.retreat, ["-12%", "-10%", "3+1 = 4"]),
]


@pytest.mark.parametrize(
    ("face", "order", "shown"), [r[1:] for r in G3_5_REASONS], ids=[r[0] for r in G3_5_REASONS]
)
def test_g3_5_the_order_comes_with_its_gap_threshold_roll_and_what_it_allows(
    face: int, order: Order, shown: list[str]
) -> None:
    _, decision = _unfavourable_crossing(face)
    assert decision.order == order
    assert decision.gap_pct == -12
    assert decision.threshold == 10
    assert [(r.sides, r.value) for r in decision.rolls] == [(6, face)]
    for text in shown:
        assert text in decision.reason
    allows = decision.allows
    assert allows and allows != ORDER_ALLOWS[Order.attack]  # not the attack text


def test_g3_5_each_order_has_its_own_statement_of_what_it_allows() -> None:
    texts = [ORDER_ALLOWS[order] for order in Order]
    assert all(texts) and len(set(texts)) == len(texts)


def test_g3_5_an_order_kept_says_why_it_stands() -> None:
    # Prudent at -12 % gave manoeuvre; next turn -15 %: still on the side where the order
    # was given (G3.2), so it stands and nothing is rolled at the start of the turn.
    ghost, _ = _unfavourable_crossing(2)
    ghost.end_turn(ScriptedDice([]))
    decision = ghost.start_turn(losses(gf=15), ScriptedDice([]))
    assert decision.order == Order.manoeuvre
    assert decision.rolls == []
    assert "-15%" in decision.reason and "stands" in decision.reason
