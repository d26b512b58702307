"""The shipped scenarios' titles and winter events in the interface's language (issue 14):
the seeds' Italian wording where shown, the English text in what is stored."""

from __future__ import annotations

import pytest

from armylists.scenario_texts import SCENARIO_TEXTS, scenario_text
from armylists.scenarios import SCENARIO_KEYS, load_scenario
from converters.i18n import set_language


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_every_shipped_title_and_winter_event_is_listed(key: str) -> None:
    scenario = load_scenario(key)
    texts = {scenario.title}
    if scenario.winter_events is not None:
        texts |= {event.text for event in scenario.winter_events.events}
    assert texts <= SCENARIO_TEXTS


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_every_shipped_text_has_an_italian_form(key: str) -> None:
    set_language("it")  # tests/conftest.py puts English back
    scenario = load_scenario(key)
    texts = [scenario.title]
    if scenario.winter_events is not None:
        texts += [event.text for event in scenario.winter_events.events]
    for text in texts:
        assert scenario_text(text) != text


@pytest.mark.parametrize(
    ("stored", "words"),
    [
        # Seed 000's own title and its table of winter events (T5.6).
        ("The Tarentine Wars, 278–273 BC", "Guerre Tarantine"),
        ("Ptolemy sends Pyrrhus 2 PM, landing at Tarentum", "Tolomeo"),
        ("Storm: the nation with most naval PM loses 2", "Tempesta"),
        ("Nothing happens", "Nessun evento"),
        ("Macedon vs Persia (DBA campaign)", "Macedonia"),
    ],
)
def test_the_seeds_wording_in_italian(stored: str, words: str) -> None:
    set_language("it")
    assert words in scenario_text(stored)


def test_english_shows_the_stored_text() -> None:
    assert scenario_text("Nothing happens") == "Nothing happens"


def test_a_clubs_own_title_reads_as_typed() -> None:
    set_language("it")
    assert scenario_text("Samnite Wars") == "Samnite Wars"


@pytest.mark.parametrize(
    ("faction", "italian"),
    [("bruti", "Bruti"), ("scipii", "Scipi"), ("julii", "Giuli")],
)
def test_a_bellum_title_names_its_roman_family_as_seed_002_does(faction: str, italian: str) -> None:
    """Issue 25, B3: "Bellum (Rome: the Julii)" is stored; an Italian screen says "Bellum (Roma:
    Famiglia Giuli)", the seed's name of the family (its English form stays the stored one)."""
    from armylists.scenarios import bellum_scenario

    title = bellum_scenario(faction).title
    assert title in SCENARIO_TEXTS
    assert scenario_text(title) == title
    set_language("it")
    assert scenario_text(title) == f"Bellum (Roma: Famiglia {italian})"
