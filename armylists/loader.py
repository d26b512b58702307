"""Load the conversion defaults and the T1.6 army lists from the package's data files.

The rates (400 points per PM, 2 AP per broken BG …) and which army list each nation uses are
data a campaign may change, so they ship as TOML under ``armylists/data`` and are validated
here into the models the pure converters take; nothing else reads these files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from converters.budgets import ContingentStrength
from converters.errors import FieldError, field_error
from converters.i18n import _
from converters.rates import SYSTEMS, ConversionRates, System

__all__ = [
    "ArmyListRef",
    "FogList",
    "NationLists",
    "army_list",
    "contingent",
    "load_rates",
    "nation_lists",
    "nations",
    "read_army_lists",
    "ruleset_name",
]

_RATES_FILE = "rates.toml"
_LISTS_FILE = "army_lists.toml"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FogList(_Frozen):
    """A Field of Glory list and the book it is printed in."""

    list: str
    """The list's name, e.g. "Pyrrhic"."""
    book: str | None = None
    """The book, e.g. "Rise of Rome"; None for a club's own list."""


class NationLists(_Frozen):
    """One nation's row of the T1.6 table."""

    name: str
    """The nation as the campaign names it, e.g. "Magna Graecia"."""
    contingent: str
    """The row's wording in the seed, e.g. "Tarentines and Greeks (Magna Graecia)"."""
    fog: FogList
    """Its FOG list."""
    dbm: str = Field(pattern=r"^[IV]+/\d+")
    """Its DBM list, book/number, e.g. "II/27"."""
    dba: str = Field(pattern=r"^[IV]+/\d+")
    """Its DBA 3.0 list, e.g. "II/27b" (our addition to the seed)."""


class ArmyListRef(_Frozen):
    """The army list one nation uses in one ruleset (T1.6)."""

    nation: str
    """The nation."""
    system: System
    """The ruleset."""
    list: str
    """The list: a FOG list name, or a DBM/DBA book/number such as "II/27b"."""
    book: str | None = None
    """FOG only: the book the list is in."""

    @property
    def label(self) -> str:
        """How a referee names it: "Pyrrhic (Rise of Rome)", "DBM II/27", "DBA II/27b"."""
        if self.system == "fog":
            return f"{self.list} ({self.book})" if self.book else self.list
        return f"{self.system.upper()} {self.list}"


class _ListsFile(_Frozen):
    nation: tuple[NationLists, ...]


class _Ruleset(_Frozen):
    name: str
    rates: dict[str, int] = Field(default_factory=dict)


class _RatesFile(_Frozen):
    defaults: dict[str, int]
    rulesets: dict[System, _Ruleset]


def _read_text(name: str) -> str:
    return resources.files("armylists").joinpath("data", name).read_text(encoding="utf-8")


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads(_read_text(name))


@cache
def _rates_file() -> _RatesFile:
    data = _RatesFile.model_validate(_read(_RATES_FILE))
    # The shipped defaults must form a valid model on their own.
    ConversionRates.model_validate(data.defaults)
    return data


@cache
def _lists() -> dict[str, NationLists]:
    return read_army_lists(_read_text(_LISTS_FILE))


def read_army_lists(text: str) -> dict[str, NationLists]:
    """The T1.6 table from the text of an army lists file (TOML, one ``[[nation]]`` table a
    row), by nation. A malformed file is one :class:`FieldError` naming the key at fault
    (``nation.dbm``) and the row it is in."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FieldError("army_lists", _("not a TOML file ({reason})"), reason=error) from None
    try:
        rows = _ListsFile.model_validate(data).nation
    except ValidationError as error:
        problem = field_error(error, "nation")
        location = error.errors()[0]["loc"]
        if len(location) < 2 or not isinstance(location[1], int):
            raise problem from None
        row = data["nation"][location[1]]
        name = row.get("name") if isinstance(row, dict) else None
        if isinstance(name, str) and name:
            raise FieldError(
                problem.fields,
                _("{reason}, in the row of {nation}"),
                reason=problem.reason(),
                nation=name,
            ) from None
        raise FieldError(
            problem.fields,
            _("{reason}, in row {row}"),
            reason=problem.reason(),
            row=location[1] + 1,
        ) from None
    return {row.name: row for row in rows}


def _check_system(system: str) -> System:
    for known in SYSTEMS:
        if system == known:
            return known
    raise FieldError(
        "system", _("one of {allowed} (got {system!r})"), allowed=", ".join(SYSTEMS), system=system
    )


def load_rates(
    system: System | None = None, overrides: Mapping[str, Any] | None = None
) -> ConversionRates:
    """The conversion rates: the shipped defaults, then ``system``'s own changes, then a
    campaign's ``overrides`` (e.g. ``{"fog_points_per_pm": 500}``), validated together.

    An unknown key or a bad value raises ``ValueError`` naming the field.
    """
    data = _rates_file()
    merged: dict[str, Any] = dict(data.defaults)
    if system is not None:
        merged.update(data.rulesets[_check_system(system)].rates)
    if overrides:
        merged.update(overrides)
    try:
        return ConversionRates.model_validate(merged)
    except ValidationError as error:
        problem = field_error(error, "rates")
        if error.errors()[0]["type"] == "extra_forbidden":
            raise FieldError(
                problem.fields,
                _("not a conversion rate; one of {allowed}"),
                allowed=", ".join(ConversionRates.model_fields),
            ) from None
        raise problem from None


def ruleset_name(system: System) -> str:
    """The ruleset's full name, e.g. "Field of Glory" for "fog"."""
    return _rates_file().rulesets[_check_system(system)].name


def nations() -> list[str]:
    """The nations with army lists (T1.6), in the table's order."""
    return list(_lists())


def nation_lists(nation: str) -> NationLists:
    """A nation's whole T1.6 row, the nation typed in English or Italian in any case ("Senoni"
    is the Senones'); ``ValueError`` naming the field for an unknown nation, the nations said
    in the reader's language, with a "did you mean" for a near miss."""
    from armylists.names import nation_key, nation_name, nearest_nation

    rows = _lists()
    key = nation_key(nation)
    if key in rows:
        return rows[key]
    folded = {name.casefold(): row for name, row in rows.items()}
    if key.casefold() in folded:
        return folded[key.casefold()]
    allowed = ", ".join(nation_name(name) for name in rows)
    guess = nearest_nation(nation, list(rows))
    if guess is not None:
        raise FieldError(
            "nation",
            _("one of {choices} (got {name!r}; did you mean {guess}?)"),
            choices=allowed,
            name=nation,
            guess=nation_name(guess),
        )
    raise FieldError(
        "nation", _("one of {allowed} (got {nation!r})"), allowed=allowed, nation=nation
    )


def army_list(nation: str, system: System) -> ArmyListRef:
    """The list ``nation`` uses in ``system`` (T1.6); names are matched ignoring case."""
    checked = _check_system(system)
    row = nation_lists(nation)
    if checked == "fog":
        return ArmyListRef(nation=row.name, system=checked, list=row.fog.list, book=row.fog.book)
    # DBMM uses the DBM book/list numbering (T1.6).
    return ArmyListRef(
        nation=row.name, system=checked, list=row.dba if checked == "dba" else row.dbm
    )


def contingent(nation: str, pm: Fraction | int | float | str, system: System) -> ContingentStrength:
    """A nation's contingent ready for :func:`converters.budgets.battle_budget`, with the army
    list it uses in ``system`` filled in (T1.5, T1.6)."""
    ref = army_list(nation, system)
    return ContingentStrength(pm=pm, nation=ref.nation, army_list=ref.label)
