"""Nations in the interface's language (issue 14): the seeds' Italian forms, never in what is
stored."""

from __future__ import annotations

import pytest

from armylists.names import NATION_NAMES, nation_name
from armylists.scenarios import SCENARIO_KEYS, load_scenario
from converters.i18n import set_language, translate_recorded


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
    """The ledger keeps "Carthage"; the sentence it recorded reads "Cartagine" in Italian."""
    recorded = "Journal of {army} ({nation}) — morale {morale}".format(
        army="Macedon 4", nation="Macedon", morale=3
    )
    assert translate_recorded(recorded) == "Diario di Macedon 4 (Macedonia) — morale 3"


@pytest.mark.usefixtures("italian")
def test_a_control_check_names_a_two_word_nation_whole() -> None:
    """T5.7's line "Magna Graecia 10 v Pyrrhus 4": the score is a number, so the nation is read
    whole and shown as the seed writes it."""
    line = translate_recorded(
        "control check Heraclea: Magna Graecia 10 v Pyrrhus 4, Magna Graecia takes it back "
        "(loyalty now 0, T5.7)"
    )
    assert line.startswith("verifica del controllo di Heraclea: Magna Grecia 10 contro Pirro 4")


@pytest.mark.usefixtures("italian")
@pytest.mark.parametrize(
    ("recorded", "shown"),
    [
        ("VP Rome 41, Carthage 33, Magna Graecia 26", "PV Roma 41, Cartagine 33, Magna Grecia 26"),
        (
            "Tribute collected (T5.3), PE: Rome 25 · Magna Graecia 21",
            "Tributo riscosso (T5.3), PE: Roma 25 · Magna Grecia 21",
        ),
    ],
)
def test_a_recorded_list_of_nations_and_figures_names_each_nation(
    recorded: str, shown: str
) -> None:
    assert translate_recorded(recorded) == shown


@pytest.mark.usefixtures("italian")
def test_a_list_of_a_clubs_own_names_is_left_as_typed() -> None:
    assert translate_recorded("VP Samnites 4, Lucani 2").endswith("Samnites 4, Lucani 2")
