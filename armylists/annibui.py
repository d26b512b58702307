"""The ANNI BUI roster, buildings table and rates (seed 001), loaded and validated from data.

The numbers are the seed's and live in ``data/annibui.toml`` so a campaign can see and change
them; this module turns them into the plain models :mod:`converters.annibui` computes with.
Names are looked up as a referee types them: the seed's Italian name or the English gloss, in
any case, with or without the dots ("cav legg" is "Cav. Legg.").
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

from converters.annibui import AnniBuiRates, BuildingType, UnitType
from converters.errors import FieldError
from converters.i18n import _

__all__ = ["building", "buildings", "rates", "unit_type", "unit_types"]


def _key(name: str) -> str:
    return "-".join(name.casefold().replace(".", " ").replace("_", " ").replace("-", " ").split())


@cache
def _data() -> dict[str, Any]:
    text = files("armylists").joinpath("data", "annibui.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def unit_types() -> tuple[UnitType, ...]:
    """A1: every unit type of the seed's table, in the seed's order."""
    return tuple(UnitType.model_validate(row) for row in _data()["units"])


@cache
def buildings() -> tuple[BuildingType, ...]:
    """A1: every building of the seed's table (walls, tower, castle, extra ballista)."""
    return tuple(BuildingType.model_validate(row) for row in _data()["buildings"])


def rates(overrides: Mapping[str, int] | None = None) -> AnniBuiRates:
    """The section A rates from the data file, with a campaign's ``overrides`` on top."""
    values = dict(_data()["rates"])
    values.update(overrides or {})
    return AnniBuiRates.model_validate(values)


def _find(kind: str, name: str, candidates: tuple[Any, ...]) -> Any:
    wanted = _key(name)
    for candidate in candidates:
        if wanted in (_key(candidate.name), _key(candidate.english)):
            return candidate
    allowed = ", ".join(candidate.name for candidate in candidates)
    raise FieldError(kind, _("one of {allowed} (got {name!r})"), allowed=allowed, name=name)


def unit_type(name: str) -> UnitType:
    """The unit type called ``name`` (Italian or English); ValueError listing the names."""
    found: UnitType = _find("unit", name, unit_types())
    return found


def building(name: str) -> BuildingType:
    """The building called ``name`` (Italian or English); ValueError listing the names."""
    found: BuildingType = _find("building", name, buildings())
    return found
