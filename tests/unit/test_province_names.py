"""Macedon vs Persia's provinces in the reader's language (issue 25, D9): shown "Tracia",
"Frigia Ellespontica" in Italian, typed in either language and any case, stored as the board's
English key in the file and in ``--json``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.names import find_name, first_starting, nearest_name, province_key
from armylists.scenarios import load_scenario
from converters import i18n
from converters.province_names import SHIPPED_PROVINCES, nearest_province, province_name
from converters.wording import render_data
from tests.english_words import words
from tests.unit.test_i18n_cli_words import ENGLISH_ONLY
from tests.unit.test_ledger_cli import run

ITALIAN = {
    "Macedonia": "Macedonia",
    "Thrace": "Tracia",
    "Thessaly": "Tessaglia",
    "Hellas": "Ellade",
    "Hellespontine Phrygia": "Frigia Ellespontica",
    "Lydia": "Lidia",
    "Caria": "Caria",
    "Lycia": "Licia",
    "Greater Phrygia": "Grande Frigia",
    "Paphlagonia": "Paflagonia",
    "Pamphylia": "Panfilia",
    "Cilicia": "Cilicia",
    "Cappadocia": "Cappadocia",
    "Syria": "Siria",
    "Phoenicia": "Fenicia",
    "Judaea": "Giudea",
    "Egypt": "Egitto",
    "Armenia": "Armenia",
    "Babylonia": "Babilonia",
    "Media": "Media",
    "Persis": "Perside",
}
"""Every province of the D9 map with its Italian name, as docs/translating.md lists them."""


@pytest.fixture
def italian() -> Iterator[None]:
    i18n.set_language("it")
    yield
    i18n.set_language("en")


def test_d9_every_province_of_the_map_has_its_italian_name() -> None:
    board = [province.name for province in load_scenario("macedon").provinces]
    assert set(board) == set(ITALIAN) == SHIPPED_PROVINCES


def test_d9_every_province_is_shown_in_the_readers_language(italian: None) -> None:
    for key, name in ITALIAN.items():
        assert province_name(key) == name
        assert render_data({"kind": "province", "name": key}) == name
        assert render_data({"kind": "province", "name": key}, "en") == key
    # A Tarentine province is the seed's Latin name in every language (T7.1).
    assert province_name("Tarentum") == "Tarentum"


def test_d9_every_province_is_read_in_either_language_and_any_case() -> None:
    board = list(ITALIAN)
    for key, name in ITALIAN.items():
        for typed in (key, key.upper(), name, name.lower(), name.upper(), f"  {name} "):
            assert province_key(typed) == key, typed
            assert find_name(typed, board) == key, typed
    assert province_key("Capua") == "Capua"  # not a shipped board's translated name


def test_a_slip_in_either_language_finds_the_province_meant(italian: None) -> None:
    board = list(ITALIAN)
    assert nearest_name("Egito", board) == "Egypt"
    assert nearest_province("Tesaglia", board) == "Thessaly"
    assert nearest_province("Thessali", board) == "Thessaly"
    assert nearest_province("Atlantide", board) is None
    # The Map's "/" follows the Italian name as it is typed.
    assert first_starting("fenic", board) == "Phoenicia"
    assert first_starting("Phoen", board) == "Phoenicia"


@pytest.fixture
def macedon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[str, str]]:
    files = (str(tmp_path / "en.castra"), str(tmp_path / "it.castra"))
    for file in files:
        assert run(capsys, "campaign", "new", "macedon", "--file", file)[0] == 0
    yield files
    i18n.set_language("en")


def _map(capsys: pytest.CaptureFixture[str], file: str, *lang: str) -> tuple[str, str]:
    code, out, err = run(capsys, *lang, "campaign", "map", "--file", file)
    assert code == 0, err
    stored = json.loads(run(capsys, "campaign", "map", "--json", "--file", file)[1])
    return out, json.dumps({**stored, "file": ""})


def test_d10_cli_in_italian_takes_an_italian_province_and_stores_the_key(
    macedon: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    english, italian = macedon
    move = ("campaign", "move", "--how", "invasion")
    code, _, err = run(
        capsys, *move, "Macedon 4", "--to", "Hellespontine Phrygia", "--file", english
    )
    assert code == 0, err
    code, _, err = run(
        capsys,
        "--lang",
        "it",
        *move,
        "Macedonia 4",
        "--to",
        "frigia ellespontica",
        "--file",
        italian,
    )
    assert code == 0, err
    shown, stored = _map(capsys, italian, "--lang", "it")
    assert stored == _map(capsys, english)[1]  # the same file and --json in both languages
    assert json.loads(stored)["armies"]["Macedon 4"]["province"] == "Hellespontine Phrygia"
    for key, name in ITALIAN.items():
        assert f"  {name} " in shown
        if key != name:
            assert key not in shown
    assert not words(shown) & ENGLISH_ONLY


def test_d10_a_province_mistyped_in_italian_is_refused_with_the_one_meant(
    macedon: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _english, italian = macedon
    code, out, err = run(
        capsys,
        "--lang",
        "it",
        "campaign",
        "move",
        "Macedonia 6",
        "--to",
        "Egito",
        "--file",
        italian,
    )
    assert code == 2 and not out
    assert err.strip().splitlines() == [
        "castra: errore: --to: non è una provincia della mappa: 'Egito'; forse Egitto?"
    ]
