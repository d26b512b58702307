"""Physical dice: the die a table has stands in for the die a rule asks for (G4.2, G4.3 dN)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.dice import InvalidDieError, table_die

# (asked, rolled, faces of the rolled die in order → the asked die's face; None: roll again)
TABLE_DICE = [
    pytest.param(6, 6, [1, 2, 3, 4, 5, 6], id="d6 as is"),
    pytest.param(3, 6, [1, 1, 2, 2, 3, 3], id="d3: a d6 halved, rounded up"),
    pytest.param(2, 6, [1, 1, 1, 2, 2, 2], id="d2: a d6, 1-3 and 4-6"),
    pytest.param(5, 10, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], id="d5: a d10 halved"),
    pytest.param(7, 8, [1, 2, 3, 4, 5, 6, 7, None], id="d7: a d8, the 8 rolled again"),
    pytest.param(1, 6, [1] * 6, id="d1: any face"),
]


@pytest.mark.parametrize(("asked", "rolled", "faces"), TABLE_DICE)
def test_g4_a_table_die_stands_in_for_the_die_asked(
    asked: int, rolled: int, faces: list[int | None]
) -> None:
    die = table_die(asked)
    assert die.rolled == rolled
    assert [die.face(shown) for shown in range(1, rolled + 1)] == faces


@given(st.integers(min_value=1, max_value=120))
def test_every_face_of_the_asked_die_is_equally_likely(sides: int) -> None:
    # As a seeded d``sides`` rolls it: each face comes from the same number of table faces.
    die = table_die(sides)
    counts = Counter(die.face(shown) for shown in range(1, die.rolled + 1))
    counts.pop(None, None)
    assert sorted(counts) == list(range(1, sides + 1))
    assert len(set(counts.values())) == 1


def test_a_face_the_table_die_cannot_show_is_refused() -> None:
    with pytest.raises(InvalidDieError, match="d6 shows 1 to 6"):
        table_die(3).face(7)
