"""T7.1, T7.3: the campaign board as data (the shipped reading and a club's own), validated on
load, and the movement questions the ledger asks of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.board import parse_board, shipped_board
from armylists.scenarios import load_scenario
from converters.campaign_map import MAX_SEA_STRETCHES, Board
from tests.unit.test_ledger_cli import run, run_json

SCENARIO = load_scenario("tarentine")
BOARD = SCENARIO.board
assert BOARD is not None
NAMES = [province.name for province in SCENARIO.provinces]
SHIPPED = (Path(__file__).parents[2] / "armylists/data/scenarios/tarentine/board.toml").read_text(
    encoding="utf-8"
)


def test_t7_1_shipped_board_places_every_province_of_the_table_once() -> None:
    assert sorted(BOARD.provinces) == sorted(NAMES)
    assert len(BOARD.provinces) == 44


def test_t7_1_the_seed_crossings_are_drawn() -> None:
    assert BOARD.sea_way("Lilybaeum", "Cartago") == "crossing"
    assert BOARD.sea_way("Rhegium", "Messana") == "crossing", "either way round"
    assert BOARD.land_way("Rhegium", "Messana") is None, "no road across the strait"


def test_t3_5_every_city_has_a_port() -> None:
    cities = [p.name for p in SCENARIO.provinces if p.kind == "city"]
    assert cities
    assert [c for c in cities if not BOARD.place(c).maritime] == []


def test_t7_3_only_pyrrhus_lands_on_the_african_coast() -> None:
    africa = [p.name for p in SCENARIO.provinces if p.region == "Africa"]
    assert {tuple(BOARD.place(name).landing_only) for name in africa} == {("Pyrrhus",)}


def test_t3_2_the_caudine_forks_are_a_mountain_road() -> None:
    assert BOARD.land_way("Capua", "Maleventum") == "mountain"
    assert BOARD.land_way("Roma", "Capua") == "road"


@given(st.sampled_from(NAMES), st.sampled_from(NAMES))
def test_t7_1_neighbours_are_symmetric(a: str, b: str) -> None:
    for way, found in BOARD.neighbours(a).items():
        assert (b in found) == (a in BOARD.neighbours(b)[way])


def _board(places: str, links: str) -> str:
    return f"places = [\n{places}\n]\nlinks = [\n{links}\n]\n"


TWO = (
    '{ province = "A", lat = 40, lon = 10, maritime = true },\n'
    '{ province = "B", lat = 41, lon = 11 },'
)


@pytest.mark.parametrize(
    ("text", "names", "message"),
    [
        pytest.param(
            _board(TWO, '{ a = "A", b = "B", way = "road" },\n{ a = "B", b = "A", way = "road" },'),
            ["A", "B"],
            "listed twice",
            id="T7.1-a-connection-stated-twice",
        ),
        pytest.param(
            _board(TWO, '{ a = "A", b = "B", way = "sea" },'),
            ["A", "B"],
            "B is not maritime",
            id="T7.1-sea-stretch-to-an-inland-province",
        ),
        pytest.param(_board(TWO, ""), ["A", "B"], "not reachable", id="T7.1-unreachable"),
        pytest.param(
            _board(TWO, '{ a = "A", b = "C", way = "road" },'),
            ["A", "B"],
            "'C' is not a province",
            id="T7.1-link-to-an-unknown-name",
        ),
        pytest.param(
            _board(TWO, '{ a = "A", b = "B", way = "road" },'),
            ["A", "B", "Roma"],
            "not on the board: Roma",
            id="T7.1-names-match-the-provinces-table",
        ),
        pytest.param(
            _board(TWO, '{ a = "A", b = "B", way = "bridge" },'),
            ["A", "B"],
            "links.0.way",
            id="T7.1-unknown-way",
        ),
        pytest.param("places = [", ["A"], "map: not a TOML board", id="T7.1-not-toml"),
    ],
)
def test_t7_1_a_bad_board_is_refused_with_one_line(
    text: str, names: list[str], message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        parse_board(text, names)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_t7_3_fleets_take_the_shortest_coastal_route() -> None:
    assert BOARD.shortest_sea_route("Tarentum", "Syracusae") == [
        "Tarentum",
        "Heraclea",
        "Croton",
        "Rhegium",
        "Messana",
        "Syracusae",
    ]
    assert BOARD.shortest_sea_route("Roma", "Falerii") is None, "Falerii is landlocked"


@pytest.mark.parametrize(
    ("route", "message"),
    [
        pytest.param(["Roma", "Falerii"], "Falerii is not maritime", id="T7.3-maritime-only"),
        pytest.param(["Roma", "Neapolis"], "no sea stretch", id="T7.3-stretch-by-stretch"),
        pytest.param(["Roma", "Aleria"], "no sea stretch", id="T7.3-open-sea-only-by-crossing"),
        pytest.param(
            [
                "Arminia", "Sena", "Firnum Picenum", "Arpi", "Brundisium", "Tarentum",
                "Heraclea", "Croton", "Rhegium", "Messana",
            ],
            "9 sea stretches",
            id="T3.7-at-most-8-stretches",
        ),
    ],
)  # fmt: skip
def test_t7_3_a_forbidden_route_is_refused(route: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BOARD.check_sea_route(route)


@given(st.sampled_from(NAMES), st.sampled_from(NAMES))
def test_t7_3_every_shortest_route_within_8_is_allowed(a: str, b: str) -> None:
    route = BOARD.shortest_sea_route(a, b)
    if route is not None and a != b and len(route) - 1 <= MAX_SEA_STRETCHES:
        BOARD.check_sea_route(route)


def test_shipped_board_is_what_shipped_board_loads() -> None:
    assert shipped_board("tarentine", NAMES) == parse_board(SHIPPED, NAMES)
    assert shipped_board("custom", []) is None


# ---- a club's own board travels inside the campaign ---------------------------------------


def test_t7_1_a_club_board_travels_in_the_campaign_file_and_its_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = SHIPPED + "\n"
    own = own.replace(
        '{ a = "Carales", b = "Lilybaeum", way = "crossing"',
        '{ a = "Roma", b = "Aleria", way = "crossing", note = "our club sails straight" },\n'
        '  { a = "Carales", b = "Lilybaeum", way = "crossing"',
    )
    board_file = tmp_path / "club.toml"
    board_file.write_text(own, encoding="utf-8")
    path = str(tmp_path / "club.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--map", str(board_file), "--file", path)
    board_file.unlink()  # the campaign no longer needs the file
    exported = tmp_path / "out.json"
    assert run(capsys, "campaign", "export", str(exported), "--file", path)[0] == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    board = Board.model_validate(document["events"][0]["event"]["scenario"]["board"])
    assert board.sea_way("Roma", "Aleria") == "crossing"
    copy = str(tmp_path / "copy.castra")
    assert run(capsys, "campaign", "import", str(exported), "--file", copy)[0] == 0
    from assistant.ledger.store import CampaignStore

    with CampaignStore.open(copy) as store:
        kept = store.state().scenario.board
    assert kept is not None and kept.sea_way("Aleria", "Roma") == "crossing"


def test_t7_1_a_bad_club_board_exits_2_with_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_file = tmp_path / "club.toml"
    board_file.write_text(SHIPPED.replace('province = "Roma"', 'province = "Rome"'), "utf-8")
    path = tmp_path / "club.castra"
    code, _out, err = run(
        capsys, "campaign", "new", "tarentine", "--map", str(board_file), "--file", str(path)
    )
    assert code == 2
    assert err.strip().count("\n") == 0
    assert "--map" in err and "Roma" in err
    assert not path.exists()


def test_map_is_only_for_the_tarentine_wars(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys, "campaign", "new", "macedon", "--map", "x.toml", "--file", str(tmp_path / "m")
    )
    assert code == 2 and "--map" in err
