"""One colour per nation, the same in every chart of a report and on every screen of the app.

A reader follows Rome's line from the PM chart to the treasury chart to the casualties bars by
its colour, so a nation's colour depends on its name only, never on its place in a chart.
Nations the scenarios name have a colour chosen for them (Rome's red, Carthage's purple …);
any other nation (a custom campaign, a Bellum power) takes one from a fixed palette by a stable
hash of its name. The colours are distinct from each other and readable on white paper and on
a dark terminal alike.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

__all__ = ["NATION_COLOURS", "PALETTE", "nation_colour", "nation_colours"]

NATION_COLOURS: dict[str, str] = {
    "Rome": "#c0392b",
    "Carthage": "#8e44ad",
    "Senones": "#27ae60",
    "Etruscans": "#d35400",
    "Magna Graecia": "#2980b9",
    "Pyrrhus": "#1f3a93",
    "Syracuse": "#16a085",
    "Neutral": "#7f8c8d",
    "Macedon": "#b8860b",
    "Persia": "#6c3483",
}
"""The nations of the shipped scenarios (T5.5, seed 003)."""

PALETTE: tuple[str, ...] = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42a5a5",
    "#c71585",
    "#808000",
    "#9a6324",
    "#000075",
    "#008080",
    "#800000",
    "#5f6a6a",
)
"""Colours for nations the scenarios do not name (13: as many as Bellum's powers)."""


def nation_colour(nation: str) -> str:
    """The colour of ``nation`` as #rrggbb."""
    known = NATION_COLOURS.get(nation)
    if known is not None:
        return known
    return PALETTE[zlib.crc32(nation.encode("utf-8")) % len(PALETTE)]


def nation_colours(nations: Iterable[str]) -> dict[str, str]:
    """Nation → colour for every nation of a campaign, in its order.

    Two unnamed nations whose hashes meet take the next free palette colour, in the
    campaign's order, so one campaign never shows two nations alike while the palette lasts.
    """
    found: dict[str, str] = {}
    for nation in nations:
        colour = nation_colour(nation)
        if colour in found.values() and nation not in NATION_COLOURS:
            free = [c for c in PALETTE if c not in found.values()]
            colour = free[0] if free else colour
        found[nation] = colour
    return found
