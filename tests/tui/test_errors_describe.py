"""The app's one error-to-text function, assistant.tui.errors.describe (issue 11): each kind of
refusal the rules and the ledger raise, named by the screen's labels."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field, ValidationError

from assistant.ledger.state import LedgerError
from assistant.tui.errors import describe, field_of
from converters.errors import FieldError


class _Loyalty(BaseModel):
    loyalty: int = Field(ge=0, le=6)


def _refusal(value: object) -> ValidationError:
    with pytest.raises(ValidationError) as raised:
        _Loyalty(loyalty=value)  # type: ignore[arg-type]
    return raised.value


LABELS = {"loyalty": "Loyalty", "pm": "PM", "winner_pm": "Winner's PM", "broken": "broken"}

CASES = [
    pytest.param(
        FieldError(("broken", "fragmented"), "together at most {battle_groups} ({most})", most=9),
        "broken/fragmented: together at most battle groups (9)",
        id="field-error-unlabelled-fields-in-words",
    ),
    pytest.param(_refusal(7), "Loyalty: at most 6 (got 7)", id="pydantic-le-in-words"),
    pytest.param(_refusal("x"), "Loyalty: a whole number (got 'x')", id="pydantic-int-parsing"),
    pytest.param(
        LedgerError("contingents.pm: Rome has 3 land PM in play (fielded 4)"),
        "PM: Rome has 3 land PM in play (fielded 4)",
        id="ledger-event-path-to-label",
    ),
    pytest.param(
        ValueError("--winner-lost: at most --winner-pm (3), got 4"),
        "winner lost: at most Winner's PM (3), got 4",
        id="older-rule-flags-to-labels",
    ),
    pytest.param(
        LedgerError("turn: the campaign is over"), "turn: the campaign is over", id="no-label-kept"
    ),
]


@pytest.mark.parametrize(("error", "expected"), CASES)
def test_describe_names_fields_by_label_never_by_flag(error: Exception, expected: str) -> None:
    assert describe(error, LABELS) == expected


def test_field_of_finds_the_field_to_mark() -> None:
    assert field_of(FieldError("pm", "at least 1")) == "pm"
    assert field_of(_refusal(9)) == "loyalty"
    assert field_of(LedgerError("contingents.pm: too many")) == "pm"
    assert field_of(LedgerError("the campaign is over")) is None
