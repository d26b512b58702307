"""Strategic victory in the Tarentine Wars (docs/rules.md T5.8): each nation's condition and how
far it is from it.

The seed ends the campaign early when a nation meets its strategic condition ("Le condizioni di
vittoria strategica"): Rome by holding continental Italy, Carthage its islands and Africa with
more prestige than Rome, the Greek cities and the Etruscans by their treasuries, and so on.
This module only weighs the figures it is given (who controls each province, each nation's PP
and PE); the ledger checks it at the end of every winter turn and the command line shows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.i18n import N_
from converters.said import Said, listing, province, said
from converters.said import nation as nation_value
from converters.wording import SHIPPED_NATIONS

__all__ = ["TARENTINE_NATIONS", "Province", "VictoryCondition", "strategic_victory"]

TARENTINE_NATIONS = SHIPPED_NATIONS - {"Neutral", "Macedon", "Persia"}
"""The nations whose conditions the seed gives (T5.8): the shipped nations but the neutral
states and Macedon vs Persia's two sides."""

ITALY = ("Etruria", "Samnium", "Latium", "Campania", "Apulia", "Lucania")
"""T5.8: continental Italy without Gallia Cisalpina and Liguria (Rome's condition)."""
CARTHAGE_LANDS = ("Africa", "Sicilia", "Sardinia", "Corsica")
"""T5.8: Carthage's regions."""
PYRRHUS_PE = 8
"""T5.8: Pyrrhus must control provinces worth at least 8 PE."""


class Province(BaseModel):
    """What the condition needs to know of one province."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    region: str
    value: int
    controller: str


_MORE = {"PP": N_("{n} PP more to pass {nation}"), "PE": N_("{n} PE more to pass {nation}")}
"""T5.8: what a nation lacks to pass another, in PP or PE."""


class VictoryCondition(BaseModel):
    """One nation's strategic condition (T5.8) as the figures stand."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nation: str
    condition: str
    """The condition in words (an English ``N_`` template, translated where shown)."""
    met: bool
    missing: list[str]
    """What it still lacks, one sentence each in English (empty when met)."""
    lacking: list[Said] = Field(default_factory=list, exclude=True)
    """The same, each as a description the interfaces say in the reader's language, a nation
    with its article where the language gives one ("3 PP in più per superare gli Etruschi",
    issue 25; not in ``--json``: :attr:`missing` has the sentences)."""


def _regions(nation: str, provinces: Sequence[Province], regions: Sequence[str]) -> list[Said]:
    lacking = [p.name for p in provinces if p.region in regions and p.controller != nation]
    if not lacking:
        return []
    return [said(N_("control {provinces}"), provinces=listing(map(province, lacking)))]


def _more(
    nation: str, figures: Mapping[str, int], others: Sequence[str], unit: Literal["PP", "PE"]
) -> list[Said]:
    missing = []
    for other in others:
        short = figures.get(other, 0) - figures.get(nation, 0) + 1
        if short > 0:
            missing.append(said(_MORE[unit], n=short, nation=nation_value(other)))
    return missing


def strategic_victory(
    provinces: Sequence[Province],
    prestige: Mapping[str, int],
    treasury: Mapping[str, int],
) -> list[VictoryCondition]:
    """T5.8: every Tarentine nation's strategic condition, met or not, with what it lacks.

    Rome: every province of Etruria, Samnium, Latium, Campania, Apulia and Lucania. Carthage:
    Africa, Sicilia, Sardinia and Corsica, and more PP than Rome. Senones: more PP than Rome,
    the Etruscans and Magna Graecia. Etruscans: more PE (treasury) than Rome and Magna Graecia.
    Magna Graecia: more PE than Rome and Carthage. Pyrrhus: more PP than Rome and Carthage, and
    provinces worth at least 8 PE. Syracuse: all of Sicilia. "More" is strictly more.
    """
    held = sum(p.value for p in provinces if p.controller == "Pyrrhus")
    pyrrhus_land = (
        [said(N_("provinces worth {n} PE more"), n=PYRRHUS_PE - held)] if held < PYRRHUS_PE else []
    )
    table: list[tuple[str, str, Sequence[Said]]] = [
        (
            "Rome",
            N_("controls Etruria, Samnium, Latium, Campania, Apulia and Lucania"),
            _regions("Rome", provinces, ITALY),
        ),
        (
            "Carthage",
            N_("controls Africa, Sicilia, Sardinia and Corsica, with more PP than Rome"),
            [
                *_regions("Carthage", provinces, CARTHAGE_LANDS),
                *_more("Carthage", prestige, ["Rome"], "PP"),
            ],
        ),
        (
            "Senones",
            N_("more PP than Rome, the Etruscans and Magna Graecia"),
            _more("Senones", prestige, ["Rome", "Etruscans", "Magna Graecia"], "PP"),
        ),
        (
            "Etruscans",
            N_("more PE than Rome and Magna Graecia"),
            _more("Etruscans", treasury, ["Rome", "Magna Graecia"], "PE"),
        ),
        (
            "Magna Graecia",
            N_("more PE than Rome and Carthage"),
            _more("Magna Graecia", treasury, ["Rome", "Carthage"], "PE"),
        ),
        (
            "Pyrrhus",
            N_("more PP than Rome and Carthage, and provinces worth at least 8 PE"),
            [*_more("Pyrrhus", prestige, ["Rome", "Carthage"], "PP"), *pyrrhus_land],
        ),
        ("Syracuse", N_("controls all of Sicilia"), _regions("Syracuse", provinces, ["Sicilia"])),
    ]
    return [
        VictoryCondition(
            nation=nation,
            condition=condition,
            met=not missing,
            missing=[m.english() for m in missing],
            lacking=list(missing),
        )
        for nation, condition, missing in table
    ]
