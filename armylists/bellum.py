"""Bellum's 13 powers, Rome's factions and the game's numbers (seed 002), loaded from data.

``data/bellum.toml`` holds what the seed's text gives; this module validates it into the plain
models of :mod:`converters.bellum`. Power names are looked up in English or in the seed's
Italian, any case ("Cartagine" is "Carthage").
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from converters.bellum import BellumPower, BellumRules, RomeFaction, RomeSetup, rome_setup
from converters.errors import FieldError
from converters.i18n import _, current_language

__all__ = [
    "power",
    "power_names",
    "powers",
    "rome_faction",
    "rome_factions",
    "rome_start",
    "rules",
]


@cache
def _data() -> dict[str, Any]:
    text = files("armylists").joinpath("data", "bellum.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def rules() -> BellumRules:
    """B1/B2: 90 centres, victory at 30, year 20, tie-break windows 5, 10, 15."""
    return BellumRules.model_validate(_data()["rules"])


@cache
def powers() -> tuple[BellumPower, ...]:
    """B1: the 13 powers in the seed's order, each with its capital."""
    loaded = []
    for row in _data()["powers"]:
        values = dict(row)
        values.setdefault("home_centres", [values["capital"]])
        loaded.append(BellumPower.model_validate(values))
    return tuple(loaded)


def power_names() -> tuple[str, ...]:
    """The 13 powers' English names."""
    return tuple(p.name for p in powers())


def power(name: str) -> BellumPower:
    """The power called ``name`` (English or Italian); ValueError listing the powers."""
    wanted = name.strip().casefold()
    for candidate in powers():
        if wanted in (candidate.name.casefold(), candidate.italian.casefold()):
            return candidate
    raise FieldError(
        "power", _("one of {allowed} (got {name!r})"), allowed=", ".join(power_names()), name=name
    )


@cache
def rome_factions() -> tuple[RomeFaction, ...]:
    """B3: the Bruti, Scipii and Julii with their start centres."""
    return tuple(RomeFaction.model_validate(row) for row in _data()["rome_factions"])


def rome_faction(name: str) -> RomeFaction:
    """The faction called ``name`` ("Scipii", "Famiglia Scipi", "scipi" …)."""
    chosen = rome_setup(rome_factions(), name).faction
    return next(f for f in rome_factions() if f.name == chosen)


def faction_name(name: str) -> str:
    """A Roman faction as the reader names it: the seed's "Famiglia Scipi" in Italian, the key
    ("Scipii") in English and in every key a command takes (B3, issue 25)."""
    if current_language() != "it":
        return name
    return next((f.italian for f in rome_factions() if f.name == name), name)


def rome_start(faction: str) -> RomeSetup:
    """B3: Rome's start centres and units, and the centres neutralised or deleted."""
    return rome_setup(rome_factions(), faction, capital=power("Rome").capital)
