"""Nations in the interface's language (issue 14): the seeds' Italian forms, never in what is
stored."""

from __future__ import annotations

import pytest

from armylists.names import NATION_NAMES, nation_name
from armylists.scenarios import SCENARIO_KEYS, load_scenario
from assistant.ledger.conquest import CONTROL_CHECK
from converters.i18n import set_language
from converters.said import Said, listing, nation, province, render, said, typed


@pytest.fixture
def italian() -> object:
    set_language("it")
    yield None
    set_language("en")


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_every_shipped_nation_has_an_interface_name(key: str) -> None:
    scenario = load_scenario(key)
    assert set(scenario.nations) | set(scenario.holders) <= NATION_NAMES


@pytest.mark.usefixtures("italian")
@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("Rome", "Roma"),
        ("Carthage", "Cartagine"),
        ("Senones", "Senoni"),
        ("Etruscans", "Etruschi"),
        ("Magna Graecia", "Magna Grecia"),
        ("Pyrrhus", "Pirro"),
        ("Syracuse", "Siracusa"),
        ("Neutral", "Neutrale"),
        ("Macedon", "Macedonia"),
    ],
)
def test_seed_000_and_003_forms_in_italian(stored: str, shown: str) -> None:
    assert nation_name(stored) == shown


def test_english_shows_the_stored_name() -> None:
    assert nation_name("Magna Graecia") == "Magna Graecia"


@pytest.mark.usefixtures("italian")
def test_a_clubs_own_nation_reads_as_typed() -> None:
    """A custom scenario's "May" stays "May", never the month."""
    assert nation_name("May") == "May"
    assert nation_name("Samnites") == "Samnites"


@pytest.mark.usefixtures("italian")
def test_a_recorded_sentence_names_the_nation_in_italian() -> None:
    """The ledger keeps "Macedon"; the description it recorded reads "Macedonia" in Italian,
    while an army's own name stays as named."""
    line = said(
        "Journal of {army} ({nation}) — morale {morale}",
        army=typed("Macedon 4"),
        nation=nation("Macedon"),
        morale=3,
    )
    assert render(line) == "Diario di Macedon 4 (Macedonia) — morale 3"


@pytest.mark.usefixtures("italian")
def test_a_control_check_names_a_two_word_nation_whole() -> None:
    """T5.7's line "Magna Graecia 10 v Pyrrhus 4": each nation a value of its own, shown as
    the seed writes it."""
    line = said(
        CONTROL_CHECK,
        province=province("Heraclea"),
        homeland=nation("Magna Graecia"),
        homeland_score=10,
        holder=nation("Pyrrhus"),
        holder_score=4,
        outcome=said("{nation} takes it back", nation=nation("Magna Graecia")),
    )
    assert render(line).startswith(
        "verifica del controllo di Heraclea: Magna Grecia 10 contro Pirro 4"
    )


def _scores(**points: int) -> Said:
    return said(
        "VP {scores}",
        scores=listing(said("{nation} {vp}", nation=nation(n), vp=vp) for n, vp in points.items()),
    )


@pytest.mark.usefixtures("italian")
def test_a_recorded_list_of_nations_and_figures_names_each_nation() -> None:
    """T5.8's VP line: each nation of the list, of one word or two, in the seed's words."""
    line = _scores(Rome=41, Carthage=33, **{"Magna Graecia": 26})
    assert render(line) == "PV Roma 41, Cartagine 33, Magna Grecia 26"


@pytest.mark.usefixtures("italian")
def test_a_list_of_a_clubs_own_names_is_left_as_typed() -> None:
    assert render(_scores(Samnites=4, Lucani=2)) == "PV Samnites 4, Lucani 2"
