"""Macedon vs Persia on the map (D7, D8, D9–D13): table tests per rule id on the shipped map,
and the story of a campaign season."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.board import parse_board
from armylists.scenarios import load_scenario
from converters.campaign_map import Board
from converters.dba_campaign import (
    MapState,
    RuleBroken,
    after_battle,
    agitate,
    arrival_turn,
    battle_pairing,
    break_off,
    change_loyalty,
    check_map,
    end_turn,
    forced_march_to,
    invade,
    mobilise,
    redeploy,
    retreat_places,
    sea_landing,
    start_map,
    status,
    supplied,
    supply_limit,
    supply_line,
    tactical_retreat_to,
    works,
)
from converters.house_rules import ForcedMarchBar

SCENARIO = load_scenario("macedon")
_SHIPPED = SCENARIO.board
assert _SHIPPED is not None
BOARD: Board = _SHIPPED
SIDES = ("Macedon", "Persia")
CONTROL = {p.name: p.homeland for p in SCENARIO.provinces}


def loyalties() -> dict[str, dict[str, int]]:
    table = {p.name: {p.homeland: p.loyalty} for p in SCENARIO.provinces}
    for name, by in SCENARIO.loyalties.items():
        table[name].update(by)
    return table


def game(**armies: tuple[str, str, int]) -> MapState:
    return start_map(SIDES, CONTROL, loyalties(), armies, "Macedonia")


def refused(rule: str, call: object, *args: object) -> None:
    assert callable(call)
    with pytest.raises(RuleBroken) as caught:
        call(*args)
    message = str(caught.value)
    assert message.startswith(rule) and "\n" not in message, message


def turns(state: MapState, n: int) -> tuple[MapState, list[str]]:
    seen: list[str] = []
    for _ in range(n):
        state, happened = end_turn(state, BOARD)
        seen += [f"{h.what}:{h.army or h.province}" for h in happened]
    return state, seen


# ---- D9 the map ---------------------------------------------------------------------------


def test_d9_shipped_map_has_the_satrapies_ports_and_macedonia_apart() -> None:
    assert BOARD is not None
    names = BOARD.provinces
    for name in ("Macedonia", "Thrace", "Lydia", "Phoenicia", "Egypt", "Babylonia"):
        assert name in names
    assert sorted(p.province for p in BOARD.places if p.port) == ["Egypt", "Lydia", "Phoenicia"]
    check_map(BOARD, CONTROL, SIDES, "Macedonia")
    assert all(CONTROL[n] == "Macedon" for n in BOARD.road_neighbours("Macedonia"))
    assert SCENARIO.loyalties["Lydia"]["Macedon"] == 2


def test_d9_a_referees_map_replaces_the_shipped_one(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "armylists/data/scenarios/macedon/board.toml").read_text()
    own = text.replace(
        '{ a = "Thrace", b = "Hellespontine Phrygia"',
        '{ a = "Macedonia", b = "Hellespontine Phrygia"',
    )
    path = tmp_path / "own.toml"
    path.write_text(own)
    scenario = load_scenario("macedon", map_path=str(path))
    assert scenario.board is not None
    assert "Hellespontine Phrygia" in scenario.board.road_neighbours("Macedonia")
    with pytest.raises(ValueError, match="D9, Macedonia borders no province of Persia"):
        check_map(scenario.board, CONTROL, SIDES, "Macedonia")


def test_d9_a_port_must_be_maritime() -> None:
    text = (Path(__file__).parents[2] / "armylists/data/scenarios/macedon/board.toml").read_text()
    bad = text.replace('note = "Damascus, inland"', 'port = true, note = "Damascus"')
    with pytest.raises(ValueError, match="Syria is a port but not maritime"):
        parse_board(bad, CONTROL)


# ---- D7 supply limit ----------------------------------------------------------------------


@pytest.mark.parametrize(("loyalty", "armies"), [(6, 3), (5, 2), (4, 2), (3, 1), (1, 1), (0, 1)])
def test_d7_supply_limit(loyalty: int, armies: int) -> None:
    assert supply_limit(loyalty) == armies


@given(st.integers().filter(lambda n: not 0 <= n <= 6))
def test_d7_loyalty_outside_0_to_6_refused(loyalty: int) -> None:
    with pytest.raises(ValueError, match="loyalty"):
        supply_limit(loyalty)


def test_d7_d10_a_move_over_the_supply_limit_is_refused() -> None:
    # Thrace, loyalty 4 to Macedon, feeds 2 armies.
    state = game(
        A=("Macedon", "Thrace", 3), B=("Macedon", "Thrace", 3), C=("Macedon", "Macedonia", 3)
    )
    refused("D7", redeploy, state, BOARD, "C", "Thrace")
    state = game(A=("Macedon", "Macedonia", 3), B=("Macedon", "Macedonia", 3))
    state = redeploy(state, BOARD, "A", "Thessaly")
    assert state.armies["A"].province == "Thessaly"


# ---- D10 moves ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("army_at", "to", "rule"),
    [
        ("Macedonia", "Hellespontine Phrygia", "D10"),  # not a neighbour
        ("Thrace", "Hellespontine Phrygia", "D10"),  # enemy: an invasion, not a redeploy
        ("Macedonia", "Atlantis", "to:"),
    ],
)
def test_d10_redeploy_refusals(army_at: str, to: str, rule: str) -> None:
    refused(rule, redeploy, game(A=("Macedon", army_at, 3)), BOARD, "A", to)


def test_d9_persians_never_enter_macedonia() -> None:
    state = game(P=("Persia", "Thrace", 3))
    refused("D9", redeploy, state, BOARD, "P", "Macedonia")


def test_d10_one_move_per_army_and_initiative_order() -> None:
    state = game(
        A=("Macedon", "Macedonia", 3), P=("Persia", "Lydia", 3), B=("Macedon", "Thessaly", 3)
    )
    state = redeploy(state, BOARD, "A", "Thrace")
    refused("D10", redeploy, state, BOARD, "A", "Macedonia")
    state = redeploy(state, BOARD, "P", "Caria")
    refused("D10: Macedon moved first", redeploy, state, BOARD, "B", "Hellas")


@pytest.mark.parametrize(
    ("start", "morale", "bar", "via", "to", "rule"),
    [
        pytest.param(
            "Hellas", 3, "morale", "Thessaly", "Macedonia", "ok", id="D5-loyalty-2-morale-3-ok"
        ),
        pytest.param(
            "Thessaly", 2, "morale", "Macedonia", "Thrace", "D5: forbidden at morale 2",
            id="D5-forbidden-at-morale-2",
        ),
        pytest.param(
            "Hellas", 3, "province_loyalty", "Thessaly", "Macedonia", "D5: forbidden at loyalty 2",
            id="D5-H-province-loyalty-2-refused",
        ),
        pytest.param("Thessaly", 3, "morale", "Macedonia", "Thrace", "ok", id="D5-ok"),
        pytest.param(
            "Macedonia", 3, "morale", "Thrace", "Hellespontine Phrygia",
            "D5: a forced march cannot end", id="D5-not-into-an-invasion",
        ),
    ],
)  # fmt: skip
def test_d5_d10_forced_march(
    start: str, morale: int, bar: ForcedMarchBar, via: str, to: str, rule: str
) -> None:
    state = game(A=("Macedon", start, morale))
    if rule == "ok":
        after = forced_march_to(state, BOARD, "A", via, to, bar=bar)
        assert after.armies["A"].province == to and after.armies["A"].morale == morale - 2
    else:
        with pytest.raises(RuleBroken) as caught:
            forced_march_to(state, BOARD, "A", via, to, bar=bar)
        assert str(caught.value).startswith(rule), str(caught.value)


@pytest.mark.parametrize(("macedon_holds", "turns_at_sea"), [(0, 6), (1, 5), (3, 3)])
def test_d10_landing_takes_three_turns_plus_one_per_enemy_port(
    macedon_holds: int, turns_at_sea: int
) -> None:
    state = game(A=("Macedon", "Thrace", 3))
    provinces = dict(state.provinces)
    for port in ["Lydia", "Phoenicia", "Egypt"][:macedon_holds]:
        provinces[port] = provinces[port].model_copy(update={"controller": "Macedon"})
    state = state.model_copy(update={"provinces": provinces})
    assert arrival_turn(state, "Macedon", BOARD) == 1 + turns_at_sea


def test_d10_landing_refusals() -> None:
    refused("D10", sea_landing, game(A=("Macedon", "Thrace", 3)), BOARD, "A", "Syria")
    state = game(P=("Persia", "Syria", 3))
    refused("D10: Syria is not maritime", sea_landing, state, BOARD, "P", "Caria")


def test_d10_invasion_of_an_empty_province_takes_it_otherwise_a_battle() -> None:
    state = game(A=("Macedon", "Thrace", 3), P=("Persia", "Lydia", 3), B=("Macedon", "Caria", 3))
    after, what = invade(state, BOARD, "A", "Hellespontine Phrygia")
    assert what.what == "taken" and after.provinces["Hellespontine Phrygia"].controller == "Macedon"
    state = game(A=("Macedon", "Hellespontine Phrygia", 3), P=("Persia", "Lydia", 3))
    after, what = invade(state, BOARD, "A", "Lydia")
    assert what.what == "battle" and after.provinces["Lydia"].controller == "Persia"
    refused(
        "D10: Thessaly is not held by Persia",
        invade,
        game(A=("Macedon", "Macedonia", 3)),
        BOARD,
        "A",
        "Thessaly",
    )


def test_d10_tactical_retreat_is_an_ordinary_defeat_and_hands_over_the_province() -> None:
    state = game(A=("Macedon", "Hellespontine Phrygia", 3), P=("Persia", "Lydia", 3))
    state, _ = invade(state, BOARD, "A", "Lydia")
    after = tactical_retreat_to(state, BOARD, "P", "Caria")
    assert after.armies["P"].province == "Caria" and after.armies["P"].morale == 2
    assert after.provinces["Lydia"].controller == "Macedon"
    rebel_caria = change_loyalty(state, "Caria", "Persia", -6)
    refused("D12", tactical_retreat_to, rebel_caria, BOARD, "P", "Caria")
    refused("D10", tactical_retreat_to, game(P=("Persia", "Lydia", 3)), BOARD, "P", "Caria")
    at_zero = game(A=("Macedon", "Hellespontine Phrygia", 3), P=("Persia", "Lydia", 0))
    at_zero, _ = invade(at_zero, BOARD, "A", "Lydia")
    assert "P" not in tactical_retreat_to(at_zero, BOARD, "P", "Caria").armies


# ---- D2 the armies after a battle ------------------------------------------------------


def invaded_syria(**more: tuple[str, str, int]) -> MapState:
    """Macedon's A has invaded Syria from Cilicia, where Persia's P stands: a battle is due."""
    state = game(A=("Macedon", "Cilicia", 3), P=("Persia", "Syria", 3), **more)
    state, happened = invade(state, BOARD, "A", "Syria")
    assert happened.what == "battle"
    return state


def moves(happened: list[object]) -> list[str]:
    return [f"{h.what}:{h.army}:{h.province}" for h in happened]  # type: ignore[attr-defined]


def test_d2_winning_attacker_takes_the_province_and_the_defender_retreats_to_loyal_ground() -> None:
    # Syria's neighbours for Persia: Cilicia 5, Phoenicia 4, Armenia 5, Babylonia 6 (loyal:
    # D12, it takes retreating armies without penalty).
    after, happened = after_battle(invaded_syria(), BOARD, "Syria", "A", "P")
    assert after.armies["P"].province == "Babylonia"
    assert after.provinces["Syria"].controller == "Macedon"
    assert moves(happened) == ["retreated:P:Babylonia", "taken:A:Syria"]


def test_d2_a_full_province_is_passed_over_then_loyalty_decides() -> None:
    full = {f"B{i}": ("Persia", "Babylonia", 3) for i in range(3)}  # D7: loyalty 6 feeds 3
    state = invaded_syria(**full)
    # Cilicia and Armenia tie at loyalty 5; Cilicia comes first on the board; Phoenicia (4) last.
    assert retreat_places(state, BOARD, "P") == ["Cilicia", "Armenia", "Phoenicia", "Babylonia"]
    after, _ = after_battle(state, BOARD, "Syria", "A", "P")
    assert after.armies["P"].province == "Cilicia"


def test_d2_beaten_attacker_falls_back_where_it_came_from_and_the_defender_keeps_it() -> None:
    after, happened = after_battle(invaded_syria(), BOARD, "Syria", "P", "A")
    assert after.armies["A"].province == "Cilicia" and after.armies["P"].province == "Syria"
    assert after.provinces["Syria"].controller == "Persia"
    assert moves(happened) == ["fell-back:A:Cilicia"]


def test_d2_d8_the_province_passes_only_when_no_defender_is_left() -> None:
    state = invaded_syria(Q=("Persia", "Syria", 3))
    after, happened = after_battle(state, BOARD, "Syria", "A", "P")
    assert moves(happened) == ["retreated:P:Babylonia"]
    assert after.provinces["Syria"].controller == "Persia", "Q still holds it (D8: next game)"
    after, _ = after_battle(after, BOARD, "Syria", "A", "Q")
    assert after.provinces["Syria"].controller == "Macedon"


def test_d2_d3_a_loser_gone_in_the_morale_check_leaves_the_province_to_the_winner() -> None:
    state = invaded_syria()
    armies = {name: army for name, army in state.armies.items() if name != "P"}
    gone = state.model_copy(update={"armies": armies})
    _, happened = after_battle(gone, BOARD, "Syria", "A", "P")
    assert moves(happened) == ["taken:A:Syria"]


def test_d2_a_defender_with_nowhere_to_go_ceases_to_exist() -> None:
    # Egypt's one neighbour is Judaea, where Macedon's B stands.
    state = game(A=("Macedon", "Judaea", 3), B=("Macedon", "Judaea", 3), P=("Persia", "Egypt", 3))
    state, _ = invade(state, BOARD, "A", "Egypt")
    assert retreat_places(state, BOARD, "P") == []
    after, happened = after_battle(state, BOARD, "Egypt", "A", "P")
    assert "P" not in after.armies and after.provinces["Egypt"].controller == "Macedon"
    assert moves(happened) == ["no-retreat:P:Egypt", "taken:A:Egypt"]


def test_d2_d12_a_retreat_beyond_what_a_province_feeds_devastates_it() -> None:
    # Egypt's one neighbour is Judaea (Persia's loyalty 4 feeds 2 armies): Q and R stand there.
    state = game(
        A=("Macedon", "Judaea", 3),
        P=("Persia", "Egypt", 3),
        Q=("Persia", "Phoenicia", 3),
        R=("Persia", "Phoenicia", 3),
    )
    state, _ = invade(state, BOARD, "A", "Egypt")
    for name in ("Q", "R"):
        state = redeploy(state, BOARD, name, "Judaea")
    after, happened = after_battle(state, BOARD, "Egypt", "A", "P")
    assert after.armies["P"].province == "Judaea"
    assert status(after, "Judaea") == "devastated"
    assert moves(happened) == ["retreated:P:Judaea", "overfull:P:Judaea", "taken:A:Egypt"]


@pytest.mark.parametrize(
    ("thrace_held_by", "expected"),
    [
        pytest.param("Macedon", ["fell-back:A:Thrace"], id="D10-back-to-where-it-sailed-from"),
        pytest.param("Persia", ["no-retreat:A:Caria"], id="D10-home-lost-the-lander-is-destroyed"),
    ],
)
def test_d10_a_beaten_lander_goes_back_where_it_sailed_from_if_its_side_holds_it(
    thrace_held_by: str, expected: list[str]
) -> None:
    state = game(A=("Macedon", "Thrace", 3), P=("Persia", "Caria", 3))
    state = sea_landing(state, BOARD, "A", "Caria")
    state, _ = turns(state, 6)  # Persia holds all three ports: 3 + 3 turns
    assert state.armies["A"].province == "Caria" and state.armies["A"].from_sea
    provinces = dict(state.provinces)
    provinces["Thrace"] = provinces["Thrace"].model_copy(update={"controller": thrace_held_by})
    state = state.model_copy(update={"provinces": provinces})
    after, happened = after_battle(state, BOARD, "Caria", "P", "A")
    assert moves(happened) == expected
    if thrace_held_by == "Macedon":
        assert after.armies["A"].province == "Thrace"
    else:
        assert "A" not in after.armies


@pytest.mark.parametrize(
    ("rebel", "winner", "loser", "still_rebel", "persia_loyalty"),
    [
        pytest.param(True, "P", "A", False, 1, id="D14-rebel-defended-won-back-loyalty-1"),
        pytest.param(True, "A", "P", False, 0, id="D14-invader-wins-takes-it-no-winning-back"),
        pytest.param(False, "P", "A", False, 3, id="D14-not-rebel-loyalty-unchanged"),
    ],
)
def test_d14_a_rebel_province_is_won_back_by_defending_it(
    rebel: bool, winner: str, loser: str, still_rebel: bool, persia_loyalty: int
) -> None:
    state = invaded_syria()
    provinces = dict(state.provinces)
    loyalty = {**provinces["Syria"].loyalty, "Persia": 0 if rebel else 3}
    provinces["Syria"] = provinces["Syria"].model_copy(update={"rebel": rebel, "loyalty": loyalty})
    state = state.model_copy(update={"provinces": provinces})
    after, happened = after_battle(state, BOARD, "Syria", winner, loser)
    syria = after.provinces["Syria"]
    assert syria.rebel is still_rebel
    assert syria.loyalty["Persia"] == persia_loyalty
    assert ("won-back:P:Syria" in moves(happened)) == (rebel and winner == "P")


def test_d2_the_retreat_may_be_chosen_among_the_allowed_places_only() -> None:
    after, _ = after_battle(invaded_syria(), BOARD, "Syria", "A", "P", "Phoenicia")
    assert after.armies["P"].province == "Phoenicia"
    # Egypt is no neighbour of Syria.
    refused(
        "D2: Egypt cannot take P", after_battle, invaded_syria(), BOARD, "Syria", "A", "P", "Egypt"
    )
    refused(
        "D2: beaten, A falls back to Cilicia",
        after_battle,
        invaded_syria(),
        BOARD,
        "Syria",
        "P",
        "A",
        "Phoenicia",
    )


def test_d2_nothing_moves_for_armies_not_on_the_battlefield() -> None:
    state = invaded_syria()
    assert after_battle(state, BOARD, "Cilicia", "A", "P") == (state, [])


# ---- D11 special actions ------------------------------------------------------------------


def test_d11_works_complete_after_a_season_and_broken_off_forfeit() -> None:
    state = game(A=("Macedon", "Thrace", 3), B=("Macedon", "Thessaly", 3))
    state = works(works(state, "A"), "B")
    refused("D11: A is busy with works", redeploy, state, BOARD, "A", "Macedonia")
    state, _ = turns(state, 1)
    state = break_off(state, "B")
    state, seen = turns(state, 2)
    assert "works-done:A" in seen and state.provinces["Thrace"].loyalty["Macedon"] == 6
    assert state.provinces["Thessaly"].loyalty["Macedon"] == 5
    assert status(state, "Thrace") == "loyal"


def test_d11_agitation_lowers_the_enemys_loyalty_at_the_end() -> None:
    state = game(A=("Macedon", "Hellespontine Phrygia", 3))
    state = agitate(state, "A")
    state, seen = turns(state, 3)
    assert "agitation-done:A" in seen
    assert state.provinces["Hellespontine Phrygia"].loyalty["Persia"] == 2


def test_d11_mobilisation_once_a_turn_four_a_year_and_devastates() -> None:
    state = game(A=("Macedon", "Thrace", 3), B=("Macedon", "Thessaly", 3))
    state = mobilise(state, BOARD, "Macedon", "Macedonia", "Levy 1")
    assert status(state, "Macedonia") == "devastated"
    assert state.provinces["Macedonia"].loyalty == {"Macedon": 0, "Persia": 0}
    refused(
        "D11: Macedon has mobilised this turn",
        mobilise,
        state,
        BOARD,
        "Macedon",
        "Hellas",
        "Levy 2",
    )
    refused("D11: Levy 1 was raised", redeploy, state, BOARD, "Levy 1", "Thrace")
    refused("D11: Persia does not control Thrace", mobilise, state, BOARD, "Persia", "Thrace", "X")
    refused(
        "D11: no army of Persia next to Babylonia",
        mobilise,
        state,
        BOARD,
        "Persia",
        "Babylonia",
        "X",
    )
    state, seen = turns(state, 3)
    assert "disbanded:Levy 1" in seen and "Levy 1" not in state.armies
    state = state.model_copy(
        update={"mobilised": [("Macedon", 1), ("Macedon", 2), ("Macedon", 3), ("Persia", 4)]}
    )
    mobilise(state, BOARD, "Macedon", "Hellas", "Levy 4")  # the fourth this year
    state = state.model_copy(update={"mobilised": [*state.mobilised, ("Macedon", 3)]})
    refused("D11: Macedon has mobilised 4", mobilise, state, BOARD, "Macedon", "Hellas", "Levy 5")
    next_year = state.model_copy(update={"turn": 13})
    assert "Levy 5" in mobilise(next_year, BOARD, "Macedon", "Hellas", "Levy 5").armies


# ---- D12 status ---------------------------------------------------------------------------


def test_d12_devastated_turns_rebel_after_six_turns_and_is_lost_when_empty() -> None:
    state = game(A=("Macedon", "Thrace", 3))
    state = game(A=("Macedon", "Macedonia", 3))
    state = mobilise(state, BOARD, "Macedon", "Thessaly", "Levy")
    state, seen = turns(state, 5)
    assert status(state, "Thessaly") == "devastated"
    state, seen = turns(state, 1)
    assert "devastation-over:Thessaly" in seen
    assert status(state, "Thessaly") in ("rebel", "neutral")
    assert state.provinces["Thessaly"].controller is None  # empty rebel province is lost


def test_d12_no_special_actions_in_a_devastated_province() -> None:
    state = game(A=("Macedon", "Macedonia", 3), B=("Macedon", "Thessaly", 3))
    state, _ = turns(mobilise(state, BOARD, "Macedon", "Thessaly", "Levy"), 1)
    refused("D12: no special actions in devastated Thessaly", works, state, "B")


def test_d12_rebel_bordering_the_enemy_goes_over_if_his_loyalty_is_above_0() -> None:
    state = game(A=("Macedon", "Macedonia", 3))
    state = change_loyalty(state, "Thrace", "Macedon", -6)
    assert status(state, "Thrace") == "rebel"
    state, seen = turns(state, 1)
    assert "went-over:Thrace" in seen and state.provinces["Thrace"].controller == "Persia"


def test_d12_a_loyal_province_is_never_lost_on_a_loyalty_roll() -> None:
    state = game()
    with pytest.raises(RuleBroken, match=r"^D12: Macedonia is loyal"):
        change_loyalty(state, "Macedonia", "Macedon", -1, roll=True)
    assert (
        change_loyalty(state, "Macedonia", "Macedon", -1).provinces["Macedonia"].loyalty["Macedon"]
        == 5
    )


def test_d12_rebel_no_agitation_and_works_end_the_revolt() -> None:
    state = game(A=("Macedon", "Thrace", 3))
    state = change_loyalty(state, "Thrace", "Macedon", -6)
    refused("D12: no agitation in rebel Thrace", agitate, state, "A")
    assert not supplied(state, BOARD, "A")  # an army in a rebel province is cut off
    state, _ = turns(works(state, "A"), 3)
    assert status(state, "Thrace") == "held" and state.provinces["Thrace"].loyalty["Macedon"] == 2


# ---- D13 supply ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("army", "province", "is_supplied"),
    [
        ("Macedon", "Macedonia", True),  # loyal itself
        ("Macedon", "Hellas", True),  # Hellas (2) → Thessaly (5) → Macedonia (6)
        ("Macedon", "Hellespontine Phrygia", True),  # its own province starts the line
        ("Macedon", "Lydia", False),  # enemy all round
        ("Persia", "Lydia", True),  # Lydia → Greater Phrygia → Cappadocia → Armenia → Media
        ("Persia", "Egypt", True),  # by sea: Persia holds every key port
    ],
)
def test_d13_supply_lines(army: str, province: str, is_supplied: bool) -> None:
    state = game(X=(army, province, 3))
    assert supplied(state, BOARD, "X") is is_supplied


def test_d13_the_supply_line_runs_to_the_nearest_loyal_province() -> None:
    state = game(A=("Macedon", "Thrace", 3), P=("Persia", "Cilicia", 3), M=("Macedon", "Egypt", 3))
    assert supply_line(state, BOARD, "A") == ["Thrace", "Macedonia"]
    # Cilicia (5) → Syria (5) → Babylonia (6, loyal).
    assert supply_line(state, BOARD, "P") == ["Cilicia", "Syria", "Babylonia"]
    assert supply_line(state, BOARD, "M") is None and not supplied(state, BOARD, "M")


def test_d13_one_devastated_province_on_the_line_at_most() -> None:
    state = game(A=("Macedon", "Hellas", 3), B=("Macedon", "Macedonia", 3))
    state = mobilise(state, BOARD, "Macedon", "Thessaly", "Levy")
    assert supplied(state, BOARD, "A")


def test_d13_cut_off_army_marked_with_deadline_dies_after_a_season() -> None:
    state = game(A=("Macedon", "Hellespontine Phrygia", 3), P=("Persia", "Lydia", 3))
    state, _ = invade(state, BOARD, "A", "Lydia")
    state = tactical_retreat_to(state, BOARD, "P", "Caria")
    state, seen = turns(state, 1)
    assert "cut-off:A" in seen and state.armies["A"].deadline == 5
    state, seen = turns(state, 2)
    assert "A" in state.armies
    state, seen = turns(state, 1)
    assert "died:A" in seen and "A" not in state.armies


def test_d13_contact_restored_clears_the_deadline() -> None:
    state, seen = turns(game(A=("Macedon", "Lydia", 3)), 1)
    assert "cut-off:A" in seen and state.armies["A"].deadline == 5
    # Taking Hellespontine Phrygia (Macedon's loyalty 1 there) reopens the road to Thrace.
    state, _taken = invade(state, BOARD, "A", "Hellespontine Phrygia")
    state, seen = turns(state, 1)
    assert "supplied:A" in seen and state.armies["A"].deadline is None


# ---- D8 pairing ---------------------------------------------------------------------------


def test_d8_pairing() -> None:
    assert battle_pairing(["A"], ["P"]).pairs == [("A", "P")]
    two = battle_pairing(["A", "B"], ["P", "Q"], {"A": "Q", "B": "P"})
    assert two.pairs == [("A", "Q"), ("B", "P")]
    refused(
        "D8: never the same enemy", battle_pairing, ["A", "B"], ["P", "Q"], {"A": "P", "B": "P"}
    )
    refused("D8: equal numbers", battle_pairing, ["A", "B"], ["P", "Q"])
    queue = battle_pairing(["A"], ["P", "Q", "R"])
    assert queue.pairs == [("A", "P")] and queue.queue == ["Q", "R"]
    refused("D8: unequal numbers", battle_pairing, ["A"], ["P", "Q"], {"A": "Q"})
    assert battle_pairing(["A", "B"], ["P"]).queue == ["B"]
