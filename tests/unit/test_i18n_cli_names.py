"""The command line takes the clubs' own names (issue 25): ``--side-a Roma:4`` as
``--side-a Rome:4``, ``--nation cartagine`` as ``--nation Carthage``, and says the rest in
Italian (``castra: errore:``, NAZIONE:PM in ``--help``, Roma and the date inside a refusal).

A nation typed in either language is stored by its key, so the campaign file and ``--json``
are the same whichever language the referee typed in (README.md, "Names").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.names import NATION_NAMES, nation_key, nearest_nation
from assistant.cli import main

ITALIAN = {
    "Rome": "Roma",
    "Carthage": "Cartagine",
    "Senones": "Senoni",
    "Etruscans": "Etruschi",
    "Magna Graecia": "Magna Grecia",
    "Pyrrhus": "Pirro",
    "Syracuse": "Siracusa",
    "Neutral": "Neutrale",
    "Macedon": "Macedonia",
    "Persia": "Persia",
}
"""The seeds' own Italian names (seed 000, seed 003), as README.it.md lists them."""


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _campaign(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / f"{name}.castra")
    # T7.3: these tests move and fight one act at a time (house rule orders = immediate)
    assert main(["campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path]) == 0
    capsys.readouterr()
    return path


def test_every_shipped_nation_is_read_in_both_languages_and_any_case() -> None:
    assert set(ITALIAN) == NATION_NAMES
    for key, italian in ITALIAN.items():
        for typed in (key, italian, italian.upper(), italian.lower(), f"  {italian} "):
            assert nation_key(typed) == key, typed


def test_a_club_s_own_nation_is_kept_as_typed() -> None:
    assert nation_key("Sanniti") == "Sanniti"
    assert nation_key("Campanians") == "Campanians"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_typed_name_gives_a_key_or_itself(typed: str) -> None:
    """Hostile input: any text is either a shipped nation's key or comes back untouched."""
    key = nation_key(typed)
    assert key in NATION_NAMES or key == typed
    guess = nearest_nation(typed, sorted(NATION_NAMES))
    assert guess is None or guess in NATION_NAMES


def test_a_near_miss_names_the_nation_meant() -> None:
    assert nearest_nation("Cartagne", sorted(ITALIAN)) == "Carthage"
    assert nearest_nation("Etrusci", sorted(ITALIAN)) == "Etruscans"
    assert nearest_nation("Atlantis", sorted(ITALIAN)) is None


RECORD = [
    "campaign", "record", "--place", "Corfinium", "--winner", "a", "--system", "manual",
    "--who", "referee",
]  # fmt: skip


def _stored(output: str) -> dict[str, object]:
    """The recorded event, without the clock it was recorded at."""
    stored: dict[str, object] = json.loads(output)
    event = stored["event"]
    assert isinstance(event, dict)
    event.pop("when")
    return stored


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_battle_typed_with_italian_names_is_stored_as_with_english_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """Issue 25 "done means": ``--side-a Roma:4`` works as ``--side-a Rome:4`` does, and the
    JSON is the same in both languages (T7.4: Rome II marches to Corfinium, where Magna
    Graecia's army stands, and the two fight there)."""
    english = _campaign(tmp_path, "english", capsys)
    italian = _campaign(tmp_path, "italian", capsys)
    for path in (english, italian):
        assert main(["campaign", "move", "Rome II", "--to", "Corfinium", "--file", path]) == 0
    capsys.readouterr()
    sides_en = ["--side-a", "Rome:1", "--side-b", "Magna Graecia:1", "--pm-lost", "Rome:1"]
    sides_it = ["--side-a", "roma:1", "--side-b", "MAGNA GRECIA:1", "--pm-lost", "Roma:1"]
    code_en, out_en, err_en = _run(
        capsys, "--lang", "en", *RECORD, *sides_en, "--json", "--file", english
    )
    code_it, out_it, err_it = _run(
        capsys, "--lang", language, *RECORD, *sides_it, "--json", "--file", italian
    )
    assert (code_en, err_en) == (0, "")
    assert (code_it, err_it) == (0, "")
    assert _stored(out_it) == _stored(out_en)
    assert '"Rome"' in out_it and "Roma" not in out_it


def test_the_treasury_takes_an_italian_nation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _campaign(tmp_path, "c", capsys)
    code, out, err = _run(
        capsys, "--lang", "it", "campaign", "treasury", "--nation", "cartagine", "--pe", "5",
        "--note", "prestito", "--who", "referee", "--json", "--file", path,
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    assert '"Carthage"' in out and "Cartagine" not in out


def test_a_near_miss_is_refused_in_italian_with_a_guess(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _campaign(tmp_path, "c", capsys)
    code, out, err = _run(
        capsys, "--lang", "it", "campaign", "recruit", "--nation", "Cartagne", "--land", "1",
        "--file", path,
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err == (
        "castra: errore: --nation: uno tra Roma, Cartagine, Senoni, Etruschi, Magna Grecia, "
        "Pirro, Siracusa, Neutrale (ricevuto 'Cartagne'; forse Cartagine?)\n"
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_t1_5_a_budget_s_ally_is_named_in_either_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``castra budget fog 4 4 --ally-a Senoni=1`` prices the Senones' contingent as
    ``--ally-a Senones=1`` does: the same army list, the same JSON (review E2)."""
    runs = [
        _run(
            capsys,
            "--lang",
            language,
            "budget",
            "fog",
            "4",
            "4",
            "--ally-a",
            f"{typed}=1",
            "--json",
        )
        for typed in ("Senones", "senoni")
    ]
    assert runs[0] == runs[1]
    assert runs[0][0] == 0 and '"Senones"' in runs[0][1]


def test_t1_6_an_unknown_ally_is_refused_with_the_nations_in_italian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(
        capsys, "--lang", "it", "budget", "fog", "4", "4", "--ally-a", "Cartagne=1"
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err == (
        "castra: errore: --ally-a: uno tra Pirro, Siracusa, Campanians, Lucanians, Bruttians, "
        "Apulians, Samnites, Roma, Senoni, Cartagine, Etruschi, Magna Grecia (ricevuto "
        "'Cartagne'; forse Cartagine?)\n"
    )


def test_t4_1_a_battle_s_prestige_reads_as_the_seed_words_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review S9: "vittoria di misura in una battaglia minore" (seed T's table), the victory's
    kind on the victory and the battle's size on the battle."""
    path = _campaign(tmp_path, "c", capsys)
    assert main(["campaign", "move", "Rome II", "--to", "Corfinium", "--file", path]) == 0
    capsys.readouterr()
    code, out, err = _run(
        capsys, "--lang", "it", "campaign", "record", "--place", "Corfinium", "--winner", "a",
        "--side-a", "Roma:1", "--side-b", "Magna Grecia:1", "--pm-lost", "Magna Grecia:1",
        "--file", path,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "\n  prestigio: T4.1 vittoria di misura in una battaglia minore: ±1\n" in out


def test_b1_every_bellum_power_reads_as_the_seed_names_it() -> None:
    """Seed B's thirteen powers in Italian (Città Greche, Galli …), the catalogue's words the
    same as bellum.toml's ``italian``; English keeps the keys."""
    from armylists.bellum import powers
    from converters.i18n import set_language
    from converters.wording import shown_nation

    set_language("it")
    try:
        italian = {power.name: shown_nation(power.name) for power in powers()}
    finally:
        set_language("en")
    assert italian == {power.name: power.italian for power in powers()}
    assert [shown_nation(power.name) for power in powers()] == [p.name for p in powers()]


def test_b2_the_standings_and_the_year_s_line_name_the_powers_in_italian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from armylists.bellum import powers

    path = str(tmp_path / "bellum.castra")
    assert main(["campaign", "new", "bellum", "--faction", "scipii", "--file", path]) == 0
    centres = [f"{power.name}={n % 5 + 1}" for n, power in enumerate(powers())]
    capsys.readouterr()
    code, out, err = _run(
        capsys, "--lang", "it", "campaign", "centres", "--year", "1", "--centres", *centres,
        "--file", path,
    )  # fmt: skip
    assert (code, err) == (0, "")
    for power in powers():
        assert power.italian in out
        if power.name != power.italian:
            assert not re.search(rf"\b{re.escape(power.name)}\b", out), power.name
    assert "15 anni tutti gli anni" in out, "each column as wide as its heading"


def test_a_refusal_names_the_nation_and_the_date_in_italian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§4.1 items 4 and 7: "Rome ha 41 P.E." and "Turn 2, April 278 BC … non è un turno
    invernale" read in Italian (T2.5, T5.1)."""
    path = _campaign(tmp_path, "c", capsys)
    code, _out, err = _run(
        capsys, "--lang", "it", "campaign", "rebuild", "--nation", "Roma", "--pm", "3",
        "--file", path,
    )  # fmt: skip
    assert code == 2
    assert err.startswith("castra: errore: --pm: Roma ha 0 PM decimati ancora ricostituibili")
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "winter", "--file", path)
    assert code == 2
    assert err == (
        "castra: errore: turno: Turno 1, aprile 278 a.C. (1ª quindicina) non è un turno invernale\n"
    )


def test_english_refusals_keep_their_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _campaign(tmp_path, "c", capsys)
    code, _out, err = _run(capsys, "--lang", "en", "campaign", "winter", "--file", path)
    assert (code, err) == (
        2,
        "castra: error: turn: Turn 1, April 278 BC (1st fortnight) is not a winter turn\n",
    )


def test_help_names_what_each_argument_takes_in_italian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """§4.1 item 2: the metavariables and the positional names of ``--help`` in Italian; the
    flags and the choice keys stay as typed."""
    with pytest.raises(SystemExit):
        main(["--lang", "it", "campaign", "sack", "--help"])
    usage = capsys.readouterr().out
    assert "--file PERCORSO" in usage and "--who CHI" in usage and "--nation NAZIONE" in usage
    assert re.search(r"\bprovincia\b", usage)
    with pytest.raises(SystemExit):
        main(["--lang", "it", "campaign", "record", "--help"])
    usage = capsys.readouterr().out
    assert "--side-a NAZIONE:PM" in usage and "--place LUOGO" in usage
    assert "{fog,dbm,dbmm,dba,dice,naval,manual}" in usage
    assert not re.search(r"\b(PATH|WHO|NOTE|PLACE|NATION|PROVINCE)\b", usage)
    with pytest.raises(SystemExit) as refused:
        main(["--lang", "it", "campaign", "sack"])
    out, err = capsys.readouterr()
    assert (refused.value.code, out) == (2, "")
    assert err.startswith("castra campaign sack: errore: ") and "provincia" in err


def test_b3_rome_s_factions_read_as_the_seed_spells_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """S16: seed B's Famiglia Bruti / Scipi / Giuli in Italian; ``--faction`` keeps its keys and
    ``--json`` its English names."""
    code, out, _err = _run(capsys, "--lang", "it", "bellum", "powers", "--faction", "scipii")
    assert code == 0
    assert "Roma sceglie la Famiglia Scipi (B3):" in out.splitlines()
    code, out, _err = _run(capsys, "--lang", "it", "bellum", "powers")
    assert "  scipii = Famiglia Scipi F Messana / F Capua" in out.splitlines()
    jsons = [
        _run(capsys, "--lang", language, "bellum", "powers", "--faction", "julii", "--json")[1]
        for language in ("en", "it")
    ]
    assert jsons[0] == jsons[1] and '"Julii"' in jsons[0]


def test_t1_6_every_shipped_army_list_reads_as_the_seed_words_it() -> None:
    """§4.1 item 9: the Tarentine FoG lists in Italian ("Romani della Media Repubblica da Rise of
    Rome", "Etruschi (lista del club)"); a DBM number and a club's own list as stored."""
    import armylists
    from armylists.names import ARMY_LISTS, army_list_name
    from converters.i18n import set_language

    labels = {armylists.army_list(nation, "fog").label for nation in armylists.nations()}
    assert {label.partition(" (")[0] for label in labels} | {
        "Etruscan (club house list)"
    } >= ARMY_LISTS
    set_language("it")
    try:
        shown = {label: army_list_name(label) for label in labels}
        dbm = army_list_name("DBM II/10")
        club = army_list_name("Sanniti del club (lista nostra)")
    finally:
        set_language("en")
    assert shown["Mid-Republican Roman (Rise of Rome)"] == (
        "Romani della Media Repubblica da Rise of Rome"
    )
    assert shown["Carthaginian (Rise of Rome)"] == "Cartaginesi da Rise of Rome"
    assert shown["Etruscan (club house list)"] == "Etruschi (lista del club)"
    assert all(italian != label for label, italian in shown.items())
    assert (dbm, club) == ("DBM II/10", "Sanniti del club (lista nostra)")
    assert all(army_list_name(label) == label for label in labels), "English keeps the books'"
