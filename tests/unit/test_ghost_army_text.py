"""The ghost's order of battle as typed (G2.1): read into an army, refused naming the line, and
written back in the same format."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.i18n import set_language
from ghost.army_text import ArmyProblem, army_text, parse_army
from ghost.battle import Corps, Division, GhostArmy
from ghost.generals import Quality

# (text, [(corps quality, [(division, modifiers)])])
G2_1_ARMIES = [
    pytest.param(
        "I Corps (good): 1st Division 0 +1 0; 2nd Division 0 0 -1",
        [("good", [("1st Division", [0, 1, 0]), ("2nd Division", [0, 0, -1])])],
        id="G2.1 one corps, two divisions",
    ),
    pytest.param(
        "# the left wing\n\nII Corps (mediocre): Guard +3 -3\n(poor): Rearguard 0",
        [("mediocre", [("Guard", [3, -3])]), ("poor", [("Rearguard", [0])])],
        id="G2.1 comments and blank lines skipped, corps name optional",
    ),
]
G2_1_REFUSED = [
    pytest.param("", "army: enter at least one corps", id="nothing typed"),
    pytest.param("I Corps: 1st 0", "army: line 1: write 'NAME (good)", id="no quality"),
    pytest.param("I (good): 0 +1", "army: line 1: a division needs a name", id="no division"),
    pytest.param("I (good): 1st", "army: line 1: 1st needs its brigades' modifiers", id="no mods"),
    pytest.param("\nI (heroic): 1st 0", "army: line 2: quality: one of", id="unknown quality"),
    pytest.param(
        "I (good): 1st 0\nII (good): 2nd +4",
        "army: line 2: brigades: a modifier from -3 to +3 (got 4)",
        id="G2.1 modifier beyond +3, on its line",
    ),
]


@pytest.mark.parametrize(("text", "corps"), G2_1_ARMIES)
def test_g2_1_parse_army(text: str, corps: list[tuple[str, list[tuple[str, list[int]]]]]) -> None:
    army = parse_army(text, other_units=2)
    assert army.other_units == 2
    assert [
        (c.quality.value, [(d.name, d.brigades) for d in c.divisions]) for c in army.corps
    ] == corps


@pytest.mark.parametrize(("text", "message"), G2_1_REFUSED)
def test_g2_1_parse_army_refusals_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ArmyProblem) as refused:
        parse_army(text)
    assert str(refused.value).startswith(message)


def test_a_refusal_names_the_box_and_the_part_by_the_interface_s_words() -> None:
    """Issue 11: the box (``army``) and the part at fault (``quality``) are fields, so the app
    names them by its labels, in its language; never pydantic's "Input should be …"."""
    labels = {"army": "Order of battle", "quality": "Quality"}
    with pytest.raises(ArmyProblem) as refused:
        parse_army("I (good): 1st 0\nII (heroic): 2nd 0")
    line = refused.value.text(lambda field: labels.get(field, field))
    assert line == (
        "Order of battle: line 2: Quality: one of 'poor', 'mediocre', 'good' or 'excellent' "
        "(got 'heroic')"
    )
    assert "\n" not in line and "Input should" not in line


def test_a_refusal_reads_in_italian() -> None:
    set_language("it")
    with pytest.raises(ArmyProblem) as refused:
        parse_army("I (good): 1st")
    assert (
        str(refused.value) == "army: riga 1: 1st vuole i modificatori delle sue brigate, es. 0 +1"
    )


divisions = st.builds(
    Division,
    name=st.sampled_from(["1st Division", "Guard", "Rearguard"]),
    brigades=st.lists(st.integers(-3, 3), min_size=1, max_size=4),
)
armies = st.builds(
    GhostArmy,
    corps=st.lists(
        st.builds(
            Corps,
            quality=st.sampled_from(list(Quality)),
            divisions=st.lists(divisions, min_size=1, max_size=3),
            name=st.sampled_from(["I Corps", "Left wing"]),
        ),
        min_size=1,
        max_size=3,
    ),
)


@given(armies)
def test_an_army_written_back_reads_as_the_same_army(army: GhostArmy) -> None:
    assert parse_army(army_text(army)) == army


@pytest.mark.parametrize(
    ("typed", "quality"),
    [("scarso", "poor"), ("Mediocre", "mediocre"), ("BUONO", "good"), ("eccellente", "excellent")],
)
def test_g1_the_seed_s_italian_qualities_are_read(typed: str, quality: str) -> None:
    """Issue 25: the box takes the seed's words (G1: scarso / mediocre / buono / eccellente) in
    either language, whichever the interface speaks."""
    for language in ("en", "it"):
        set_language(language)
        try:
            army = parse_army(f"I Corpo ({typed}): 1ª Divisione 0 +1")
        finally:
            set_language("en")
        assert army.corps[0].quality == Quality(quality)


@given(armies)
def test_an_army_written_back_in_italian_reads_as_the_same_army(army: GhostArmy) -> None:
    italian = {"poor": "scarso", "mediocre": "mediocre", "good": "buono", "excellent": "eccellente"}
    set_language("it")
    try:
        written = army_text(army)
        assert parse_army(written) == army
    finally:
        set_language("en")
    for line, corps in zip(written.splitlines(), army.corps, strict=True):
        assert f"({italian[corps.quality.value]}):" in line


def test_the_sample_order_of_battle_reads_in_italian_and_parses() -> None:
    """§4.1 item 10: the sample the ghost screen starts from is Italian, and the box reads it."""
    from assistant.tui.screens.ghost import SAMPLE_ARMY
    from converters.i18n import _

    set_language("it")
    try:
        sample = _(SAMPLE_ARMY)
        army = parse_army(sample)
    finally:
        set_language("en")
    assert sample.startswith("I Corpo (buono): 1ª Divisione 0 +1 0")
    assert [corps.quality for corps in army.corps] == [Quality.good, Quality.mediocre]
    english = parse_army(SAMPLE_ARMY)
    assert [[d.brigades for d in c.divisions] for c in army.corps] == [
        [d.brigades for d in c.divisions] for c in english.corps
    ]
