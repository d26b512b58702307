"""converters.errors.field_error (issue 11): a pydantic refusal becomes a FieldError, the one
kind of refusal the interfaces' describe() word, with the field a key and the reason in the
table's words, in the active language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError, model_validator

from converters.errors import FieldError, field_error
from converters.i18n import set_language


class _Army(BaseModel):
    morale: int = Field(ge=0, le=6)
    quality: str = Field(pattern=r"^(poor|good)$")
    divisions: list[int] = Field(default_factory=list, max_length=3)

    @model_validator(mode="after")
    def _check(self) -> _Army:
        if self.morale == 0 and self.divisions:
            raise FieldError("divisions", "none when {morale} is 0")
        if self.morale == 6 and self.quality == "poor":
            raise ValueError("a poor army never starts at 6")
        return self


def _refusal(**data: object) -> ValidationError:
    with pytest.raises(ValidationError) as raised:
        _Army.model_validate({"quality": "good", "morale": 3, **data})
    return raised.value


CASES = [
    pytest.param({"morale": 7}, "morale: at most 6 (got 7)", id="le-in-words"),
    pytest.param({"morale": "x"}, "morale: a whole number (got 'x')", id="int-parsing"),
    pytest.param({"quality": "heroic"}, "quality: not in the expected form (got 'heroic')",
                 id="pattern"),
    pytest.param({"divisions": [1, 2, 3, 4]}, "divisions: at most 3", id="too-long"),
    pytest.param({"divisions": [1, "x"]}, "divisions: a whole number (got 'x')",
                 id="list-position-left-out"),
    pytest.param({"morale": 0, "divisions": [1]}, "divisions: none when morale is 0",
                 id="validator-field-error-comes-back"),
    pytest.param({"morale": 6, "quality": "poor"}, "a poor army never starts at 6",
                 id="whole-model-check-has-no-field"),
    pytest.param({"extra": 1}, "extra: not a field here (got 1)", id="extra"),
]  # fmt: skip


class _Strict(_Army):
    model_config = {"extra": "forbid"}


@pytest.mark.parametrize(("data", "line"), CASES)
def test_a_pydantic_refusal_is_one_field_error_in_words(data: dict[str, object], line: str) -> None:
    with pytest.raises(ValidationError) as raised:
        _Strict.model_validate({"quality": "good", "morale": 3, **data})
    assert field_error(raised.value).text() == line


def test_the_field_is_named_by_the_interface_and_the_words_by_the_language() -> None:
    set_language("it")
    problem = field_error(_refusal(morale=9))
    assert problem.field == "morale"
    assert problem.text(lambda field: "--" + field) == "--morale: al massimo 6 (ricevuto 9)"


def test_a_whole_model_check_can_name_a_field_of_the_caller() -> None:
    problem = field_error(_refusal(morale=6, quality="poor"), "army")
    assert problem.text() == "army: a poor army never starts at 6"


@given(st.one_of(st.integers(), st.text(max_size=20), st.floats(allow_nan=True)))
def test_any_bad_morale_is_one_line_naming_it(value: object) -> None:
    try:
        _Army.model_validate({"quality": "good", "morale": value})
    except ValidationError as error:
        line = field_error(error).text()
        assert line.startswith("morale: ")
        assert "\n" not in line  # a typed value is shown as its repr
