"""Generated army and fleet names in the reader's language (T7.2, issue 25).

The ledger keeps a generated name in its one English form ("Rome I", "Rome fleet I"), which is
its parts (nation, army or fleet, number); every interface says the parts the reader's way
("Roma I", "Flotta di Roma I"), a name a referee typed is shown as typed, and the command line
takes either language's spelling in any case, so the event and ``--json`` are the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.names import NATION_NAMES, find_name
from armylists.scenarios import load_scenario
from assistant.cli import main
from converters.force_names import (
    FLEETS,
    LEADERS,
    ForceName,
    generated_name,
    read_generated,
    roman,
    shown_army,
    shown_name,
    spellings,
)
from converters.i18n import set_language

# T7.2: (stored name, whose, kind) → the parts, or None for a name that is not generated.
READ = [
    ("Rome I", "Rome", "army", ForceName(nation="Rome", kind="army", number=1)),
    ("Rome IV", "Rome", "army", ForceName(nation="Rome", kind="army", number=4)),
    ("Rome fleet II", "Rome", "fleet", ForceName(nation="Rome", kind="fleet", number=2)),
    (
        "Magna Graecia fleet XIV",
        "Magna Graecia",
        "fleet",
        ForceName(nation="Magna Graecia", kind="fleet", number=14),
    ),
    ("Legio Prima", "Rome", "army", None),
    ("Rome IIII", "Rome", "army", None),  # not a numeral's one right form
    ("Rome  I", "Rome", "army", None),
    ("Rome i", "Rome", "army", None),
    ("Rome", "Rome", "army", None),
    ("Rome fleet", "Rome", "fleet", None),
    ("Rome I", "Carthage", "army", None),  # a generated name of another nation: typed
    ("Rome I", "Rome", "fleet", None),  # an army's name on a fleet: typed
    ("Rome fleet I", "Rome", "army", None),
]


@pytest.mark.parametrize(("name", "nation", "kind", "parts"), READ)
def test_t7_2_a_stored_name_is_read_as_its_parts_only_when_generated(
    name: str, nation: str, kind: str, parts: ForceName | None
) -> None:
    assert read_generated(name, nation, kind) == parts  # type: ignore[arg-type]
    if parts is not None:
        assert parts.stored == name


SHOWN = [
    ("Rome I", "Rome", "army", "Roma I"),
    ("Rome fleet I", "Rome", "fleet", "Flotta di Roma I"),
    ("Carthage fleet III", "Carthage", "fleet", "Flotta di Cartagine III"),
    ("Senones fleet I", "Senones", "fleet", "Flotta dei Senoni I"),
    ("Etruscans fleet I", "Etruscans", "fleet", "Flotta degli Etruschi I"),
    ("Magna Graecia II", "Magna Graecia", "army", "Magna Grecia II"),
    ("Magna Graecia fleet I", "Magna Graecia", "fleet", "Flotta della Magna Grecia I"),
    ("Neutral I", "Neutral", "army", "Neutrale I"),
    ("Legio Prima", "Rome", "army", "Legio Prima"),
    ("Rome I", "Carthage", "army", "Rome I"),
    ("Sanniti II", "Sanniti", "army", "Sanniti II"),
    ("Sanniti fleet II", "Sanniti", "fleet", "Flotta di Sanniti II"),
]


@pytest.mark.parametrize(("name", "nation", "kind", "italian"), SHOWN)
def test_t7_2_a_generated_name_is_said_in_italian_a_typed_one_as_typed(
    name: str, nation: str, kind: str, italian: str
) -> None:
    assert shown_name(name, nation, kind) == name  # type: ignore[arg-type]
    set_language("it")
    assert shown_name(name, nation, kind) == italian  # type: ignore[arg-type]


def test_every_shipped_nation_has_its_own_fleet_in_the_catalogue() -> None:
    """Italian gives each fleet its article ("dei Senoni", "della Magna Grecia")."""
    assert {fleet.removesuffix(" fleet") for fleet in FLEETS} == NATION_NAMES
    set_language("it")
    for nation in NATION_NAMES:
        said = ForceName(nation=nation, kind="fleet", number=1).shown()
        assert said.startswith("Flotta ") and "fleet" not in said, said


@settings(max_examples=300, deadline=None)
@given(
    nation=st.sampled_from(sorted(NATION_NAMES)) | st.text(min_size=1, max_size=30),
    kind=st.sampled_from(["army", "fleet"]),
    number=st.integers(min_value=1, max_value=3999),
)
def test_a_generated_name_reads_back_as_its_parts_in_every_language(
    nation: str, kind: str, number: int
) -> None:
    """Invariant: the stored form reads back as the same parts; each language's spelling of it
    names it back (what the command line and the forms take)."""
    parts = ForceName(nation=nation, kind=kind, number=number)  # type: ignore[arg-type]
    stored = generated_name(nation, kind, number)  # type: ignore[arg-type]
    assert read_generated(stored, nation, kind) == parts  # type: ignore[arg-type]
    assert stored in spellings(stored) or read_generated(stored) is None
    if nation in NATION_NAMES:
        for said in parts.every_spelling():
            assert find_name(said.upper(), [stored, "Legio Prima"]) == stored


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_either_a_generated_name_or_shown_as_typed(text: str) -> None:
    """Hostile input: nothing raises; a name that is not generated comes back untouched."""
    parts = read_generated(text)
    if parts is None:
        assert shown_name(text) == text
        assert spellings(text) == {text}
    else:
        assert parts.stored == text


def test_roman_numerals() -> None:
    assert [roman(n) for n in (1, 4, 9, 14, 40, 90, 400, 1999)] == [
        "I", "IV", "IX", "XIV", "XL", "XC", "CD", "MCMXCIX",
    ]  # fmt: skip


def test_recorded_sentences_say_the_names_in_italian(tmp_path: Path) -> None:
    """T7.2: the ledger's line of a split legion names both forces in Italian; a referee's own
    name with a numeral is not a nation's: left as typed."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.events import ForceSplit
    from assistant.ledger.store import CampaignStore
    from converters.said import force, render, said

    with CampaignStore.create(tmp_path / "t.castra", load_scenario("tarentine")) as store:
        store.append(ForceSplit(force="Rome I", pm=1))
        split = store.history()[-1].said
    assert split is not None
    assert render(split, "en").startswith("1 PM of Rome I became Rome ")
    assert render(split, "it").startswith("1 PM di Roma I sono diventati Roma ")
    own = said("{force}", force=force("Black fleet II"))
    assert render(own, "it") == "Black fleet II"


# ---- the command line ------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tarentine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "t.castra")
    # T7.3: one act at a time (house rule orders = immediate).
    assert main(["campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path]) == 0
    assert main(["campaign", "advance", "--file", path]) == 0
    capsys.readouterr()
    return path


def test_a_tarentine_campaign_in_italian_says_roma_i_never_rome_i(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: the map, the history and a move's summary in Italian."""
    code, out, _err = _run(capsys, "--lang", "it", "campaign", "split", "Roma I", "--pm", "1",
                           "--file", tarentine)  # fmt: skip
    assert code == 0 and "Roma V" in out
    code, out, _err = _run(capsys, "--lang", "it", "campaign", "move", "roma v", "--to",
                           "Interamna", "--file", tarentine)  # fmt: skip
    assert code == 0 and "Roma V" in out
    for command in ("map", "history"):
        code, out, _err = _run(capsys, "--lang", "it", "campaign", command, "--file", tarentine)
        assert code == 0
        assert "Roma I" in out and "Roma V" in out, command
        for english in ("Rome I", "Rome V", "Rome fleet", "Carthage I", "Carthage fleet"):
            assert english not in out, (command, english)
    code, out, _err = _run(capsys, "--lang", "it", "campaign", "map", "--file", tarentine)
    assert "Flotta di Roma I (2 PM, Roma)" in out and "Flotta dei Senoni" not in out


@pytest.mark.parametrize(
    "typed", ["Rome fleet I", "Flotta di Roma I", "flotta di roma i", "  ROME FLEET I "]
)
def test_either_language_s_spelling_names_the_same_fleet_and_the_same_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    path = str(tmp_path / "t.castra")
    assert main(["campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path]) == 0
    assert main(["campaign", "advance", "--file", path]) == 0
    assert main(["campaign", "split", "Rome I", "--pm", "2", "--file", path]) == 0
    capsys.readouterr()
    code, out, err = _run(capsys, "--lang", "it", "campaign", "sail", typed, "--to", "Neapolis",
                          "--carry", "roma v", "--json", "--file", path)  # fmt: skip
    assert code == 0, err
    event = json.loads(out)["event"]
    assert (event["fleet"], event["carry"]) == ("Rome fleet I", ["Rome V"])


def test_a_typed_name_is_shown_as_typed_and_json_is_the_same_in_both_languages(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "campaign", "rename", "Roma II", "--name", "Legio Prima",
                "--file", tarentine)[0] == 0  # fmt: skip
    out = _run(capsys, "--lang", "it", "campaign", "map", "--file", tarentine)[1]
    assert "Legio Prima (1 PM, Arpi)" in out and "Roma III" in out
    english = _run(capsys, "campaign", "map", "--json", "--file", tarentine)[1]
    italian = _run(capsys, "--lang", "it", "campaign", "map", "--json", "--file", tarentine)[1]
    assert english == italian
    forces = json.loads(english)["forces"]
    assert "Legio Prima" in forces and "Rome III" in forces and "Roma III" not in forces


def test_a_generated_name_a_referee_typed_for_its_own_nation_is_read_as_parts(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files written before: names are plain strings. "Rome IX" on a Roman army reads as a
    generated name; the same words on a Carthaginian army are that referee's own."""
    assert _run(capsys, "campaign", "rename", "Rome II", "--name", "Rome IX",
                "--file", tarentine)[0] == 0  # fmt: skip
    assert _run(capsys, "campaign", "rename", "Carthage I", "--name", "Rome VIII",
                "--file", tarentine)[0] == 0  # fmt: skip
    out = _run(capsys, "--lang", "it", "campaign", "map", "--file", tarentine)[1]
    forces = out.rpartition("Forze: ")[2]
    assert "Roma IX (1 PM, Arpi)" in forces
    assert "Rome VIII (1 PM, Cartago)" in forces


def test_an_unknown_force_is_refused_with_the_names_in_italian(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "rename", "Roma XX",
                           "--name", "Legio", "--file", tarentine)  # fmt: skip
    assert code == 2
    assert "nessun esercito o flotta chiamato 'Roma XX'" in err
    assert "Roma I" in err and "Rome I" not in err and "Flotta di Cartagine I" in err


def test_a_refusal_names_the_forces_in_italian(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """T7.3 refusals say the names the reader knows: a fleet that moved twice, an army that is
    not aboard."""
    assert _run(capsys, "campaign", "sail", "Rome fleet I", "--to", "Neapolis",
                "--file", tarentine)[0] == 0  # fmt: skip
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "sail", "flotta di roma i",
                           "--to", "Roma", "--file", tarentine)  # fmt: skip
    assert code == 2 and "Flotta di Roma I" in err and "Rome fleet" not in err, err
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "land", "Roma I",
                           "--file", tarentine)  # fmt: skip
    assert code == 2 and "Roma I" in err and "Rome I" not in err, err


@pytest.mark.parametrize(
    ("argv", "italian", "english"),
    [
        (("intercept", "Rome fleet I", "--target", "Carthage fleet I"),
         ("Flotta di Cartagine I", "Flotta di Roma I"), ("Carthage fleet", "Rome fleet")),
        (("fall-back", "Rome fleet I", "--to", "Cartago"),
         ("Flotta di Roma I",), ("Rome fleet",)),
        (("fall-back", "Roma I", "--to", "Roma"), ("Roma I può ritirarsi",), ("Rome I",)),
    ],
)  # fmt: skip
def test_a_naval_or_map_refusal_names_the_forces_in_italian(
    tarentine: str,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    italian: tuple[str, ...],
    english: tuple[str, ...],
) -> None:
    """Issue 25: an interception's and a retreat's refusals say the names the reader knows."""
    code, _out, err = _run(capsys, "--lang", "it", "campaign", *argv, "--file", tarentine)
    assert code == 2, err
    for name in italian:
        assert name in err, err
    for name in english:
        assert name not in err, err


def test_an_orders_refusal_names_the_force_in_italian_and_keeps_its_english() -> None:
    """Issue 25: a sealed order's refusal says "Roma I" in Italian; what is recorded keeps the
    stored name; a referee's own name stays as typed."""
    from assistant.ledger.errors import LedgerFieldError
    from converters.i18n import N_

    template = N_("{force} is a force of {owner}, not of {nation}: a nation orders its own (T7.3)")
    set_language("it")
    refusal = LedgerFieldError("army", template, force="Rome I", owner="Rome", nation="Carthage")
    assert "Roma I" in str(refusal) and "Rome I" not in str(refusal)
    assert "Rome I is a force of Rome" in refusal.english
    typed = LedgerFieldError(
        "fleet", template, force="Black fleet II", owner="Rome", nation="Carthage"
    )
    assert "Black fleet II" in str(typed)


def test_an_interception_between_nations_at_peace_names_them_in_italian(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "campaign", "sail", "Pyrrhus fleet I", "--to", "Tarentum",
                "--file", tarentine)[0] == 0  # fmt: skip
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "intercept", "Pyrrhus fleet I",
                           "--target", "Magna Graecia fleet I", "--file", tarentine)  # fmt: skip
    assert code == 2 and "Pirro e Magna Grecia non sono in guerra" in err, err


def test_a_sack_refusal_names_the_nation_in_italian(
    tarentine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "sack", "Roma",
                           "--nation", "Carthage", "--file", tarentine)  # fmt: skip
    assert code == 2 and "nessun esercito di Cartagine" in err and "Carthage" not in err, err


# ---- Macedon vs Persia's armies (D1) ---------------------------------------------------------

# D1: (stored name, its side) → as Italian says it knowing the side, and not knowing it (a
# pairing names armies alone); English shows the stored name.
DBA_SHOWN = [
    ("Alexander", "Macedon", "Alessandro", "Alessandro"),
    ("Darius", "Persia", "Dario", "Dario"),
    ("Macedon 2", "Macedon", "Macedonia 2", "Macedonia 2"),
    ("Macedon 8", "Macedon", "Macedonia 8", "Macedonia 8"),
    ("Persia 2", "Persia", "Persia 2", "Persia 2"),
    ("Macedon 12", "Macedon", "Macedonia 12", "Macedonia 12"),  # mobilised later (D11)
    ("Macedon 2", "Persia", "Macedon 2", "Macedonia 2"),  # another side's number: as typed
    ("Macedon 02", "Macedon", "Macedon 02", "Macedon 02"),
    ("Macedon II", "Macedon", "Macedon II", "Macedon II"),
    ("Phalanx 2", "Macedon", "Phalanx 2", "Phalanx 2"),
    ("Black 2", "Black", "Black 2", "Black 2"),  # a club's own side: its own words
    ("Companions", "Macedon", "Companions", "Companions"),
]


@pytest.mark.parametrize(("name", "side", "italian", "alone"), DBA_SHOWN)
def test_d1_a_scenario_army_is_said_in_italian_a_typed_one_as_typed(
    name: str, side: str, italian: str, alone: str
) -> None:
    assert shown_army(name, side) == name
    set_language("it")
    assert shown_army(name, side) == italian
    assert shown_army(name) == alone


def test_every_army_of_the_shipped_scenarios_is_a_leader_s_or_numbered_by_its_side() -> None:
    """D1: a new army in a scenario file must be said in Italian too (LEADERS or NATION N)."""
    set_language("it")
    for key in ("macedon",):
        scenario = load_scenario(key)
        for army in scenario.armies:
            said = shown_army(army.name, army.nation)
            assert said != army.name or army.name.startswith("Persia "), army.name
            assert army.name in LEADERS or army.name.startswith(f"{army.nation} "), army.name


@settings(max_examples=200, deadline=None)
@given(
    side=st.sampled_from(["Macedon", "Persia"]), number=st.integers(min_value=1, max_value=99999)
)
def test_a_numbered_army_is_named_back_in_either_language(side: str, number: int) -> None:
    """Invariant: whatever spelling the reader sees names the stored army back, in any case."""
    stored = f"{side} {number}"
    for language in ("en", "it"):
        set_language(language)
        said = shown_army(stored, side)
        assert find_name(said.upper(), ["Alexander", stored, "Darius"]) == stored
    assert find_name("alessandro", ["Alexander", stored]) == "Alexander"


@pytest.fixture
def macedon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "m.castra")
    assert main(["campaign", "new", "macedon", "--file", path]) == 0
    capsys.readouterr()
    return path


def test_a_macedon_campaign_in_italian_says_macedonia_2_never_macedon_2(
    macedon: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: show and map name every army as Italian does; nothing English of them left."""
    for command in ("show", "map"):
        code, out, _err = _run(capsys, "--lang", "it", "campaign", command, "--file", macedon)
        assert code == 0
        for italian in ("Alessandro", "Dario", "Macedonia 2", "Macedonia 8", "Persia 8"):
            assert italian in out, (command, italian)
        for english in ("Alexander", "Darius", "Macedon "):
            assert english not in out, (command, english)


@pytest.mark.parametrize("typed", ["Macedon 4", "Macedonia 4", "macedonia 4", " MACEDON 4 "])
def test_either_language_s_spelling_moves_the_same_army_with_the_same_json(
    macedon: str, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    code, out, err = _run(capsys, "--lang", "it", "campaign", "move", typed, "--to",
                          "Hellespontine Phrygia", "--how", "invasion", "--json",
                          "--file", macedon)  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["event"]["army"] == "Macedon 4"


def test_a_d7_refusal_names_the_side_and_the_army_in_italian(
    macedon: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "move", "Macedonia 4", "--to",
                           "Macedonia", "--file", macedon)  # fmt: skip
    assert code == 2
    assert "Macedon " not in err and "Macedonia" in err.partition("eserciti")[2], err
    code, _out, err = _run(capsys, "--lang", "it", "campaign", "action", "alessandro",
                           "break-off", "--file", macedon)  # fmt: skip
    assert code == 2 and "D11: Alessandro" in err, err
