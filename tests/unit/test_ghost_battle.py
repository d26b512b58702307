"""The GhostBattle facade the app uses: army counts (G2.1, G2.2, G3.4) and G4 from the army."""

from __future__ import annotations

import pytest

from converters.dice import ScriptedDice
from ghost.battle import BattleState, Corps, Division, GhostArmy, GhostBattle, TurnLosses
from ghost.gap import LossPoints
from ghost.generals import GeneralProfile, Personality, Quality

ARMY = GhostArmy(
    corps=[
        Corps(
            quality=Quality.poor,
            divisions=[
                Division(name="Wadsworth", brigades=[0, 1, -1]),
                Division(name="Robinson", brigades=[2]),
            ],
        )
    ],
    other_units=2,
)


def test_g2_2_g3_4_strength_and_units_come_from_the_brigades() -> None:
    # Strength: 6 + 7 + 5 + 8 = 26; units: 4 brigades + 2 other units.
    battle = GhostBattle(GeneralProfile(), army=ARMY)
    assert (battle.state.strength, battle.state.units) == (26, 6)


def test_g2_1_turn_losses_from_loss_points_item_by_item() -> None:
    gr = LossPoints(fatigue=2, routed_brigades=[1])  # 2 + 7
    gf = LossPoints(hqs_eliminated=1)  # 6
    assert TurnLosses.from_points(gr, gf, units_lost=1) == TurnLosses(
        gr_loss=9, gf_loss=6, units_lost=1
    )


def test_g4_allocation_uses_the_armys_roster() -> None:
    # 2 divisions, 2 generals: 3 PP each (north poor corps +0, mediocre army +2 → 5).
    # Corps: d2=2 → Robinson, d6=3, nothing left. Army 5: d2 = 1 clock; Wadsworth: d6=5 yes,
    # d6=4 → 4. Everything placed.
    battle = GhostBattle(GeneralProfile(quality=Quality.mediocre), army=ARMY)
    allocation = battle.allocate_pp(ScriptedDice([2, 3, 1, 5, 4]))
    assert allocation.divisions == {"Wadsworth": 4, "Robinson": 3}
    assert allocation.lost == 0


def test_g4_allocation_needs_a_roster() -> None:
    battle = GhostBattle(GeneralProfile(), strength=20, units=5)
    with pytest.raises(ValueError, match="corps"):
        battle.allocate_pp(ScriptedDice([]))


def test_g4_4_clock_choice_uses_the_generals_personality() -> None:
    battle = GhostBattle(GeneralProfile(personality=Personality.unstable), strength=20, units=5)
    assert battle.choose_clock((1, 6), ScriptedDice([5])).subtract == 6  # unstable 1–5: higher


def test_g3_3_countdown_value_is_shown_while_the_gap_is_against_the_ghost() -> None:
    battle = GhostBattle(GeneralProfile(personality=Personality.organised), strength=100, units=50)
    dice = ScriptedDice([1] * 5)
    battle.open(dice)
    assert battle.countdown_value is None
    battle.play_turn(TurnLosses(gf_loss=20), dice)
    assert battle.countdown_value == 3  # the next countdown roll needs 3
    battle.play_turn(TurnLosses(gf_loss=20), dice)
    assert battle.countdown_value == 2


def test_g3_4_units_lost_are_a_running_total_and_a_drop_is_refused_unrecorded() -> None:
    battle = GhostBattle(GeneralProfile(), strength=100, units=50)
    dice = ScriptedDice([6])  # organised 6-1 = 5: manoeuvre
    battle.open(dice)
    battle.play_turn(TurnLosses(units_lost=4), dice)
    before = battle.state
    with pytest.raises(ValueError, match="units_lost: a running total, at least the 4"):
        battle.start_turn(TurnLosses(units_lost=3), dice)
    assert battle.state == before  # nothing half-written


def test_g3_3_no_countdown_value_once_the_ghost_has_retreated() -> None:
    # Unstable (+2): -20 % from turn 1; the G3.2 roll 2+2 = 4 orders general retreat at once.
    battle = GhostBattle(GeneralProfile(personality=Personality.unstable), strength=100, units=50)
    dice = ScriptedDice([1, 2])
    battle.open(dice)
    battle.play_turn(TurnLosses(gf_loss=20), dice)
    assert battle.battle_over
    assert battle.countdown_value is None


class _AbandonedDie:
    """Physical dice where the player presses Escape: every roll is abandoned."""

    def __init__(self) -> None:
        self.rolls: list[object] = []

    def roll(self, sides: int, purpose: str) -> int:
        raise RuntimeError(f"roll cancelled: d{sides} for {purpose}")


def test_g3_3_an_abandoned_countdown_die_leaves_the_battle_exactly_as_before() -> None:
    # Issue 11, bug 1: escaping the countdown die used up a step (needs 3+, then 2+, then 1+).
    battle = GhostBattle(GeneralProfile(personality=Personality.organised), strength=100, units=50)
    dice = ScriptedDice([1] * 5)
    battle.open(dice)
    battle.play_turn(TurnLosses(gf_loss=20), dice)
    battle.start_turn(TurnLosses(gf_loss=20), dice)
    assert battle.countdown_value == 3
    before = battle.state
    for _ in range(3):
        with pytest.raises(RuntimeError, match="roll cancelled"):
            battle.end_turn(_AbandonedDie())
        assert battle.state == before
        assert battle.countdown_value == 3
    decision = battle.end_turn(ScriptedDice([1]))
    assert decision.target == 3  # the roll, when it comes, needs 3+ as first asked


def test_g3_3_a_turn_started_over_an_abandoned_countdown_die_starts_nothing() -> None:
    # f7 on a turn not ended runs its countdown first; abandoning that die must change nothing.
    battle = GhostBattle(GeneralProfile(personality=Personality.organised), strength=100, units=50)
    dice = ScriptedDice([1] * 5)
    battle.open(dice)
    battle.play_turn(TurnLosses(gf_loss=20), dice)
    battle.start_turn(TurnLosses(gf_loss=20), dice)
    before = battle.state
    with pytest.raises(RuntimeError):
        battle.start_turn(TurnLosses(gf_loss=30), _AbandonedDie())
    assert battle.state == before
    assert (battle.turn, battle.countdown_value) == (2, 3)


def test_g2_1_what_the_player_typed_is_saved_and_resumed_with_the_battle() -> None:
    # Issue 11, bug 2: a resumed battle had lost the running loss points typed for G2.1.
    battle = GhostBattle(GeneralProfile(), strength=100, units=50)
    battle.open(ScriptedDice([6]))
    battle.keep_entries({"gr-fatigue": "10", "gf-generals": "2 3"})
    text = battle.state.model_dump_json()
    resumed = GhostBattle.from_state(BattleState.model_validate_json(text))
    assert resumed.state.entries == {"gr-fatigue": "10", "gf-generals": "2 3"}
