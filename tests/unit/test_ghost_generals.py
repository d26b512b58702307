"""G1: making a ghost general — quality by side, personality, and what each gives."""

from __future__ import annotations

import pytest

from converters.dice import InvalidDieError, ScriptedDice
from ghost.generals import (
    GeneralProfile,
    Personality,
    Quality,
    generate_general,
    personality_from_d8,
    quality_from_d8,
)

# G1 quality column by side, checked at every boundary of the table.
G1_QUALITY_BY_SIDE = [
    ("north", 1, Quality.poor),
    ("north", 3, Quality.poor),
    ("north", 4, Quality.mediocre),
    ("north", 5, Quality.mediocre),
    ("north", 6, Quality.good),
    ("north", 7, Quality.good),
    ("north", 8, Quality.excellent),
    ("south", 1, Quality.poor),
    ("south", 2, Quality.mediocre),
    ("south", 3, Quality.mediocre),
    ("south", 4, Quality.good),
    ("south", 6, Quality.good),
    ("south", 7, Quality.excellent),
    ("south", 8, Quality.excellent),
]


@pytest.mark.parametrize(
    ("side", "face", "quality"),
    G1_QUALITY_BY_SIDE,
    ids=[f"G1-{s}-d8={f}" for s, f, _ in G1_QUALITY_BY_SIDE],
)
def test_g1_quality_die_reads_the_side_column(side: str, face: int, quality: Quality) -> None:
    assert quality_from_d8(side, face) == quality  # type: ignore[arg-type]


# G1: command points / radius by quality, PP by side.
G1_QUALITY_GIVES = [
    (Quality.poor, 1, 0, 2),
    (Quality.mediocre, 2, 2, 4),
    (Quality.good, 3, 4, 6),
    (Quality.excellent, 4, 6, 8),
]


@pytest.mark.parametrize(
    ("quality", "command", "pp_north", "pp_south"),
    G1_QUALITY_GIVES,
    ids=[f"G1-{q.value}" for q, *_ in G1_QUALITY_GIVES],
)
def test_g1_quality_gives_command_radius_and_pp(
    quality: Quality, command: int, pp_north: int, pp_south: int
) -> None:
    north = GeneralProfile(side="north", quality=quality)
    south = GeneralProfile(side="south", quality=quality)
    assert (north.command_points, north.radius) == (command, command)
    assert north.pp_bonus == pp_north
    assert south.pp_bonus == pp_south


G1_PERSONALITY = [
    (1, Personality.unstable, 2, 10, 20),
    (2, Personality.unstable, 2, 10, 20),
    (3, Personality.prudent, 1, 10, 20),
    (4, Personality.prudent, 1, 10, 20),
    (5, Personality.organised, -1, 12, 25),
    (6, Personality.organised, -1, 12, 25),
    (7, Personality.aggressive, -2, 15, 30),
    (8, Personality.aggressive, -2, 15, 30),
]


@pytest.mark.parametrize(
    ("face", "personality", "modifier", "threshold", "leave_at"),
    G1_PERSONALITY,
    ids=[f"G1-personality-d8={row[0]}" for row in G1_PERSONALITY],
)
def test_g1_personality_die_and_what_it_gives(
    face: int, personality: Personality, modifier: int, threshold: int, leave_at: int
) -> None:
    assert personality_from_d8(face) == personality
    general = GeneralProfile(personality=personality)
    assert (general.modifier, general.gap_threshold, general.leave_at) == (
        modifier,
        threshold,
        leave_at,
    )


def test_g1_generation_rolls_quality_then_personality_with_their_purpose() -> None:
    dice = ScriptedDice([4, 7])
    generated = generate_general("south", dice)
    # South d8=4 is good; d8=7 is aggressive.
    assert generated.general.quality == Quality.good
    assert generated.general.personality == Personality.aggressive
    assert [(r.sides, r.value) for r in generated.rolls] == [(8, 4), (8, 7)]
    assert "quality" in generated.rolls[0].purpose
    assert "personality" in generated.rolls[1].purpose


def test_g1_a_face_the_d8_cannot_show_is_refused() -> None:
    with pytest.raises(InvalidDieError):
        generate_general("north", ScriptedDice([9, 1]))


def test_g1_historical_general_is_set_directly() -> None:
    general = GeneralProfile(side="south", quality="excellent", personality="prudent")  # type: ignore[arg-type]
    assert general.summary() == {
        "quality": "excellent",
        "personality": "prudent",
        "modifier": 1,
        "command_points": 4,
        "radius": 4,
        "pp_bonus": 8,
        "gap_threshold": 10,
        "leave_at": 20,
    }
