"""T4.1 battle prestige and T4.2 other prestige awards and sacking penalties."""

from __future__ import annotations

import pytest

from assistant.cli.common import describe
from converters.errors import FieldError
from converters.prestige import (
    PrestigeEvent,
    battle_prestige,
    prestige_award,
    sacking_penalty,
)

# (winner PM, loser PM, winner lost, loser lost, kind, size, points)
# Clear: loser lost ≥ 2 × winner's losses AND ≥ 2 PM more. Major: both sides ≥ 3 PM.
T4_1_TABLE = [
    pytest.param(4, 3, 1, 3, "clear", "major", 5, id="T4.1-clear-major-5"),
    pytest.param(4, 3, 1, 2, "narrow", "major", 3, id="T4.1-twice-but-only-1pm-more-narrow"),
    pytest.param(4, 3, 0, 1, "narrow", "major", 3, id="T4.1-1-v-0-only-1pm-more-narrow"),
    pytest.param(4, 4, 2, 4, "clear", "major", 5, id="T4.1-exactly-twice-and-2-more-clear"),
    pytest.param(4, 4, 2, 3, "narrow", "major", 3, id="T4.1-under-twice-narrow"),
    pytest.param(5, 5, 3, 5, "narrow", "major", 3, id="T4.1-2-more-but-not-twice-narrow"),
    pytest.param(2, 2, 0, 2, "clear", "minor", 3, id="T4.1-clear-minor-3"),
    pytest.param(2, 2, 1, 1, "narrow", "minor", 1, id="T4.1-narrow-minor-1"),
    pytest.param(6, 2, 0, 2, "clear", "minor", 3, id="T4.1-loser-under-3pm-minor"),
    pytest.param(3, 3, 0, 1, "narrow", "major", 3, id="T4.1-3pm-each-is-major"),
    # The winner has only 2 PM: minor however big the loser; 2 ≥ 2 × 0 and 2 more → clear.
    pytest.param(2, 6, 0, 2, "clear", "minor", 3, id="T4.1-winner-under-3pm-minor"),
    # 2.5 PM is not 3: a half PM garrison does not make a battle major.
    pytest.param(3, 2.5, 0, 0.5, "narrow", "minor", 1, id="T4.1-2.5pm-is-under-3-minor"),
    # Losses 0 v 2 is the smallest clear win: twice nothing, and 2 PM more.
    pytest.param(4, 4, 0, 2, "clear", "major", 5, id="T4.1-0-v-2-clear"),
]


@pytest.mark.parametrize(
    ("winner_pm", "loser_pm", "winner_lost", "loser_lost", "kind", "size", "points"), T4_1_TABLE
)
def test_t4_1_battle_prestige_table(
    winner_pm: int,
    loser_pm: int,
    winner_lost: int,
    loser_lost: int,
    kind: str,
    size: str,
    points: int,
) -> None:
    result = battle_prestige(winner_pm, loser_pm, winner_lost, loser_lost)
    assert (result.kind, result.size) == (kind, size)
    assert (result.winner, result.loser) == (points, -points)


# City assault: the defender's PM and losses count double, for size and margin alike.
T4_1_CITY_ASSAULT = [
    # 4 v 2 defenders, losses 1 v 2: doubled 4 v 4 and 1 v 4 → clear major, not narrow minor.
    pytest.param(4, 2, 1, 2, "loser", "clear", "major", 5, id="T4.1-city-fell-defender-doubled"),
    # The defender (winner) held with 2 PM, lost 1 v 3: doubled 4 v 4 and 2 v 3 → narrow major.
    pytest.param(2, 4, 1, 3, "winner", "narrow", "major", 3, id="T4.1-assault-repelled"),
    # An empty city's ½ PM garrison counts as 1 PM: still a minor battle.
    pytest.param(3, 0.5, 0, 0.5, "loser", "narrow", "minor", 1, id="T4.1-half-pm-garrison"),
]


@pytest.mark.parametrize(
    ("winner_pm", "loser_pm", "winner_lost", "loser_lost", "defender", "kind", "size", "points"),
    T4_1_CITY_ASSAULT,
)
def test_t4_1_city_assault_doubles_the_defender(
    winner_pm: float,
    loser_pm: float,
    winner_lost: float,
    loser_lost: float,
    defender: str,
    kind: str,
    size: str,
    points: int,
) -> None:
    result = battle_prestige(
        winner_pm,
        loser_pm,
        winner_lost,
        loser_lost,
        city_assault=True,
        defender=defender,  # type: ignore[arg-type]
    )
    assert (result.kind, result.size, result.winner) == (kind, size, points)


def test_t4_1_without_city_assault_the_same_figures_are_a_narrow_minor_battle() -> None:
    result = battle_prestige(4, 2, 1, 2)
    assert (result.kind, result.size, result.winner) == ("narrow", "minor", 1)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        pytest.param((3, 3, 4, 1), "--winner-lost", id="T4.1-winner-lost-over-pm"),
        pytest.param((3, 3, 1, 4), "--loser-lost", id="T4.1-loser-lost-over-pm"),
        pytest.param((-1, 3, 0, 1), "--winner-pm", id="T4.1-negative-pm"),
        pytest.param((3, 3, 0, 0.3), "--loser-lost", id="T4.1-not-a-half"),
    ],
)
def test_t4_1_impossible_figures_name_the_field(args: tuple[float, ...], field: str) -> None:
    """The rule carries its field; the command line names it by flag (issue 11)."""
    with pytest.raises(FieldError) as raised:
        battle_prestige(*args)
    assert "--" not in str(raised.value)
    assert describe(raised.value).startswith(f"{field}:")


# (event, actor, actor's change, other's change)
T4_2_AWARDS = [
    pytest.param("city-taken", "Rome", 3, -3, id="T4.2-city-taken-3"),
    pytest.param("city-taken", "Senones", 0, 0, id="T4.2-city-taken-not-for-the-senones"),
    pytest.param("city-sacked", "Senones", 8, -3, id="T4.2-senones-sack-a-city-8"),
    pytest.param("city-sacked", "Carthage", 0, -3, id="T4.2-only-senones-gain-by-sacking"),
    pytest.param("province-sacked", "Senones", 4, -1, id="T4.2-senones-sack-a-province-4"),
    pytest.param("province-sacked", "Rome", 0, -1, id="T4.2-others-sack-a-province-0"),
    pytest.param("treaty-broken", "Pyrrhus", -5, 0, id="T4.2-public-treaty-broken-minus-5"),
    pytest.param("peace-agreed", "Rome", 0, 0, id="T4.2-agreed-peace-no-prestige"),
]


@pytest.mark.parametrize(("event", "actor", "actor_pp", "other_pp"), T4_2_AWARDS)
def test_t4_2_other_prestige(event: str, actor: str, actor_pp: int, other_pp: int) -> None:
    award = prestige_award(event, actor)
    assert (award.actor, award.other) == (actor_pp, other_pp)


def test_t4_2_imposed_peace_is_plus_and_minus_x() -> None:
    award = prestige_award(PrestigeEvent.PEACE_IMPOSED, "Rome", peace_value=4)
    assert (award.actor, award.other) == (4, -4)
    with pytest.raises(FieldError) as raised:
        prestige_award(PrestigeEvent.PEACE_IMPOSED, "Rome")
    assert describe(raised.value).startswith("--peace-value: the agreed X")


def test_t4_2_unknown_event_lists_the_events() -> None:
    with pytest.raises(ValueError, match="event: one of city-taken"):
        prestige_award("triumph", "Rome")


# (sacker, in Gaul/Liguria, at war with owner, land started Greek/Syracusan, earlier sacks, PP)
T4_2_SACKING = [
    pytest.param("Magna Graecia", False, False, False, 0, -1, id="T4.2-greeks-sack-at-peace"),
    pytest.param("Syracuse", False, True, True, 0, -1, id="T4.2-syracuse-sacks-greek-land-at-war"),
    pytest.param("Pyrrhus", False, True, False, 0, 0, id="T4.2-pyrrhus-sacks-enemy-land"),
    pytest.param("Pyrrhus", True, False, False, 0, 0, id="T4.2-gaul-is-not-civilian-land"),
    pytest.param("Rome", False, False, False, 0, -1, id="T4.2-rome-sacks-at-peace"),
    pytest.param("Rome", False, True, True, 0, 0, id="T4.2-rome-may-sack-greek-land-at-war"),
    pytest.param("Etruscans", False, False, False, 0, -1, id="T4.2-etruscans-first-clause"),
    pytest.param("Carthage", False, False, False, 0, 0, id="T4.2-carthage-first-sack-tolerated"),
    pytest.param("Carthage", False, False, False, 1, -1, id="T4.2-carthage-second-sack"),
    pytest.param("Senones", True, True, False, 0, -1, id="T4.2-senones-sack-in-gaul"),
    pytest.param("Senones", False, False, True, 0, 0, id="T4.2-senones-sack-italy-freely"),
    pytest.param("Samnites", False, False, False, 0, 0, id="T4.2-no-rule-for-samnites"),
]


@pytest.mark.parametrize(("sacker", "gaul", "at_war", "greek", "earlier", "pp"), T4_2_SACKING)
def test_t4_2_sacking_penalties(
    sacker: str, gaul: bool, at_war: bool, greek: bool, earlier: int, pp: int
) -> None:
    penalty = sacking_penalty(
        sacker,
        in_gaul_or_liguria=gaul,
        at_war_with_owner=at_war,
        started_greek_or_syracusan=greek,
        earlier_sacks_at_peace=earlier,
    )
    assert penalty.pp == pp
    assert penalty.reason.startswith("T4.2")


@pytest.mark.parametrize(
    ("actor", "event", "actor_pp", "other_pp"),
    [
        pytest.param("senones", "city-taken", 0, 0, id="T4.2-senones-any-case-no-city-prestige"),
        pytest.param("SENONES", "city-sacked", 8, -3, id="T4.2-senones-any-case-gain-by-sacking"),
    ],
)
def test_t4_2_nation_names_match_ignoring_case(
    actor: str, event: str, actor_pp: int, other_pp: int
) -> None:
    # armylists accepts "senones" for the Senones; T4.2 must treat them as the Senones too,
    # not as an ordinary nation taking a city for +3.
    award = prestige_award(event, actor)
    assert (award.actor, award.other) == (actor_pp, other_pp)


def test_t4_2_sacking_penalties_match_nations_ignoring_case() -> None:
    assert sacking_penalty("carthage", in_gaul_or_liguria=False, at_war_with_owner=False).pp == 0
    assert sacking_penalty("pyrrhus", in_gaul_or_liguria=False, at_war_with_owner=False).pp == -1
