"""The campaign map drawn in a terminal: roads in braille dots, provinces as coloured markers.

The board has no coastline, only where each chief town is and what joins them, so the picture
is the board itself: every road and sea stretch drawn as a braille line between the towns
(2×4 dots a cell, so lines stay thin at 80 columns), each province a marker in its controller's
colour, with its forces (``Roma 4⚔ 2⚓``) where there is room. Pure functions of the map's JSON
(:func:`assistant.ledger.forces.map_summary`): the screen and the benchmark call them alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rich.text import Text

__all__ = ["NATION_COLOURS", "forces_label", "nearest_in_direction", "render_map"]

NATION_COLOURS: dict[str, str] = {
    "Rome": "#e8413c",
    "Carthage": "#b36bff",
    "Senones": "#7bd321",
    "Etruscans": "#ff9f1c",
    "Magna Graecia": "#39c5cf",
    "Pyrrhus": "#5b8cff",
    "Syracuse": "#e6c229",
    "Neutral": "#bbbbbb",
}
"""Each holder's marker colour (any other nation is drawn white)."""

_BRAILLE = 0x2800
_DOT = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20,
        (0, 3): 0x40, (1, 3): 0x80}  # fmt: skip
"""Braille dot bits by (column, row) inside one character cell of 2×4 dots."""

Point = tuple[float, float]


def forces_label(forces: Mapping[str, Mapping[str, int]]) -> str:
    """``{"Rome": {"land": 4, "naval": 2}}`` → ``"4⚔ 2⚓"`` (all nations added up)."""
    land = sum(f["land"] for f in forces.values())
    naval = sum(f["naval"] for f in forces.values())
    parts = []
    if land:
        parts.append(f"{land}⚔")
    if naval:
        parts.append(f"{naval}⚓")
    return " ".join(parts)


def _project(
    provinces: Mapping[str, Mapping[str, Any]], width: int, height: int
) -> dict[str, Point]:
    """Each province's position in dots: longitude across, latitude down, one scale both
    ways (a degree of latitude is taken as 1.25 degrees of longitude at these latitudes, and
    a cell is about twice as tall as wide, which the 2×4 dots already allow for)."""
    lats = [p["lat"] for p in provinces.values()]
    lons = [p["lon"] for p in provinces.values()]
    span_lon = max(lons) - min(lons) or 1.0
    span_lat = (max(lats) - min(lats)) * 1.25 or 1.0
    dots_w, dots_h = width * 2 - 1, height * 4 - 1
    scale = min(dots_w / span_lon, dots_h / span_lat)
    return {
        name: ((p["lon"] - min(lons)) * scale, (max(lats) - p["lat"]) * 1.25 * scale)
        for name, p in provinces.items()
    }


def nearest_in_direction(
    provinces: Mapping[str, Mapping[str, Any]], current: str, dx: int, dy: int
) -> str:
    """The province nearest to ``current`` in the direction (``dx``, ``dy``) (screen axes: y
    grows downwards), within 60° of it; ``current`` itself when there is none."""
    here = provinces[current]
    best, best_score = current, math.inf
    for name, there in provinces.items():
        if name == current:
            continue
        east = there["lon"] - here["lon"]
        south = (here["lat"] - there["lat"]) * 1.25
        distance = math.hypot(east, south)
        along = (east * dx + south * dy) / distance
        if along < 0.5:  # more than 60° off the arrow
            continue
        score = distance / along**2
        if score < best_score:
            best, best_score = name, score
    return best


def render_map(
    data: Mapping[str, Any],
    width: int,
    height: int,
    selected: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> list[Text]:
    """``height`` lines of ``width`` cells: the board of ``data`` (the map's JSON) with its
    links, markers and labels; ``selected`` is drawn reversed. ``colours`` (nation → colour)
    replaces the Map screen's own, e.g. with the report's (the Chronicle screen)."""
    palette = NATION_COLOURS if colours is None else colours
    provinces: Mapping[str, Mapping[str, Any]] = data["provinces"]
    width, height = max(width, 4), max(height, 2)
    spots = _project(provinces, width, height)
    dots = [[0] * width for _ in range(height)]
    sea_dots = [[0] * width for _ in range(height)]

    def plot(grid: list[list[int]], x: float, y: float) -> None:
        col, row = int(x) // 2, int(y) // 4
        if 0 <= col < width and 0 <= row < height:
            grid[row][col] |= _DOT[(int(x) % 2, int(y) % 4)]

    for name, province in provinces.items():
        for way, grid, step in (("road", dots, 1), ("mountain", dots, 2), ("sea", sea_dots, 3)):
            for other in province["neighbours"][way]:
                if other < name or other not in spots:
                    continue  # each link once
                (x0, y0), (x1, y1) = spots[name], spots[other]
                count = int(max(abs(x1 - x0), abs(y1 - y0))) or 1
                for i in range(0, count + 1, step):
                    plot(grid, x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count)
    cells: list[list[tuple[str, str]]] = [
        [
            (chr(_BRAILLE + (dots[r][c] or sea_dots[r][c])), "grey50" if dots[r][c] else "blue")
            if dots[r][c] or sea_dots[r][c]
            else (" ", "")
            for c in range(width)
        ]
        for r in range(height)
    ]
    taken = [[False] * width for _ in range(height)]
    # Markers first (all of them), then labels where they fit: the selected province and those
    # with forces first, so the busy provinces are the ones named.
    order = sorted(
        provinces,
        key=lambda n: (n != selected, not provinces[n]["forces"], n),
    )
    for name in order:
        x, y = spots[name]
        col, row = min(int(x) // 2, width - 1), min(int(y) // 4, height - 1)
        colour = palette.get(provinces[name]["controller"], "white")
        mark = "■" if provinces[name]["city"] else "●"
        if provinces[name].get("besieged"):
            mark = "▣"
        style = f"bold {colour}" + (" reverse" if name == selected else "")
        cells[row][col] = (mark, style)
        taken[row][col] = True
    for name in order:
        province = provinces[name]
        if name != selected and not province["forces"]:
            continue
        x, y = spots[name]
        col, row = min(int(x) // 2, width - 1), min(int(y) // 4, height - 1)
        label = name if name == selected else name.split(" ")[0][:8]
        forces = forces_label(province["forces"])
        text = f"{label} {forces}".strip() + ("!" if province.get("sacked") else "")
        start = col + 1
        if start + len(text) > width:
            start = max(0, col - len(text))
        text = text[: width - start]
        # The selected province is always named (drawn first, over the lines); the others
        # only where their label fits between the markers.
        if name != selected and any(taken[row][start + i] for i in range(len(text))):
            continue
        colour = palette.get(province["controller"], "white")
        for i, char in enumerate(text):
            cells[row][start + i] = (char, f"{colour}" + (" reverse" if name == selected else ""))
            taken[row][start + i] = True
    lines = []
    for row_cells in cells:
        line = Text(no_wrap=True, overflow="crop")
        for char, style in row_cells:
            line.append(char, style=style or None)
        lines.append(line)
    return lines
