"""T4.2 sacking prestige and T5.3 sack value (converters.sacking); T4.3 retreat choices
(converters.retreat)."""

from __future__ import annotations

import pytest

from converters.retreat import RetreatPlace, retreat_options
from converters.sacking import sack

# (sacker, victim, city, region, started_as, at_war, earlier) → prestige
T4_2_SACKING = [
    pytest.param("Senones", "Rome", True, "Latium", "Rome", True, 0, {"Senones": 8, "Rome": -3},
                 id="T4.2-senones-sack-a-city"),
    pytest.param("Senones", "Rome", False, "Samnium", "Rome", True, 0, {"Senones": 4, "Rome": -1},
                 id="T4.2-senones-sack-a-province"),
    pytest.param("Senones", "Neutral", False, "Liguria", "Neutral", True, 0, {"Senones": 4 - 1},
                 id="T4.2-senones-penalised-in-liguria"),
    pytest.param("Rome", "Magna Graecia", False, "Lucania", "Magna Graecia", True, 0,
                 {"Magna Graecia": -1}, id="T4.2-rome-at-war-no-penalty"),
    pytest.param("Rome", "Etruscans", False, "Etruria", "Etruscans", False, 0,
                 {"Etruscans": -1, "Rome": -1}, id="T4.2-rome-sacking-a-nation-not-at-war"),
    pytest.param("Pyrrhus", "Rome", False, "Lucania", "Magna Graecia", True, 0,
                 {"Rome": -1, "Pyrrhus": -1}, id="T4.2-greeks-sacking-land-that-started-greek"),
    pytest.param("Pyrrhus", "Rome", False, "Latium", "Rome", True, 0, {"Rome": -1},
                 id="T4.2-pyrrhus-at-war-on-roman-land"),
    pytest.param("Carthage", "Syracuse", True, "Sicilia", "Syracuse", False, 0, {"Syracuse": -3},
                 id="T4.2-carthage-first-sack-tolerated"),
    pytest.param("Carthage", "Syracuse", True, "Sicilia", "Syracuse", False, 1,
                 {"Syracuse": -3, "Carthage": -1}, id="T4.2-carthage-second-sack"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sacker", "victim", "city", "region", "started", "at_war", "earlier", "prestige"),
    T4_2_SACKING,
)
def test_t4_2_sacking_prestige(
    sacker: str,
    victim: str,
    city: bool,
    region: str,
    started: str,
    at_war: bool,
    earlier: int,
    prestige: dict[str, int],
) -> None:
    result = sack(
        sacker=sacker,
        victim=victim,
        value=4,
        city=city,
        region=region,
        started_as=started,
        at_war_with_victim=at_war,
        earlier_sacks=earlier,
    )
    assert result.prestige == prestige
    assert result.pe == 12, "T5.3: three times the value at once"


def test_t5_3_never_sack_land_held_from_the_start() -> None:
    with pytest.raises(ValueError, match=r"province: Rome never sacks land it held from the start"):
        sack(
            sacker="Rome", victim="Rome", value=4, city=False, region="Campania",
            started_as="Rome", at_war_with_victim=True,
        )  # fmt: skip


def place(name: str, holding: str, enemy: int = 0) -> RetreatPlace:
    return RetreatPlace(province=name, holding=holding, enemy_pm=enemy)  # type: ignore[arg-type]


def test_t4_3_defender_prefers_free_then_own_since_start_own_neutral_enemy() -> None:
    places = [
        place("E", "enemy"),
        place("N", "neutral"),
        place("O", "own"),
        place("S", "own since the start"),
        place("X", "own since the start", enemy=1),
    ]
    options = retreat_options(2, places)
    assert [o.province for o in options] == ["S", "O", "N", "E", "X"]
    assert [o.second_battle for o in options] == [False, False, False, False, True]


def test_t4_3_superior_enemies_close_a_province_and_none_open_is_surrender() -> None:
    assert [
        o.province for o in retreat_options(2, [place("A", "own", 3), place("B", "enemy", 2)])
    ] == ["B"]
    assert retreat_options(1, [place("A", "own", 2)]) == []


def test_t4_3_an_attacker_goes_back_where_it_came_from_only() -> None:
    places = [place("Home", "own since the start"), place("Came", "enemy")]
    assert [o.province for o in retreat_options(2, places, came_from="Came")] == ["Came"]
    assert retreat_options(2, [place("Came", "enemy", 5)], came_from="Came") == []
