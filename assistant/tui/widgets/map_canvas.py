"""The campaign map drawn in a terminal: roads in braille dots, provinces as coloured markers.

The board has no coastline, only where each chief town is and what joins them, so the picture
is the board itself: every road and sea stretch drawn as a braille line between the towns
(2×4 dots a cell, so lines stay thin at 80 columns), each province a marker in its controller's
colour, with its forces (``Roma 4⚔ 2⚓``) where there is room. Pure functions of the map's JSON
(:func:`assistant.ledger.forces.map_summary`): the screen and the benchmark call them alike.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from rich.text import Text

from converters.province_names import province_name

if TYPE_CHECKING:
    from assistant.ledger.read_models import DbaMapSummary

__all__ = [
    "MEETING_MARK",
    "NATION_COLOURS",
    "STATUS_MARKS",
    "army_tag",
    "board_cells",
    "forces_label",
    "macedon_board",
    "marker_cell",
    "nearest_in_direction",
    "render_map",
    "short_labels",
    "step",
    "style_runs",
]

LABEL_WIDTH = 8
"""The most cells a province's name takes on the board (the selected one is named in full)."""

NATION_COLOURS: dict[str, str] = {
    "Rome": "#e8413c",
    "Carthage": "#b36bff",
    "Senones": "#7bd321",
    "Etruscans": "#ff9f1c",
    "Magna Graecia": "#39c5cf",
    "Pyrrhus": "#5b8cff",
    "Syracuse": "#e6c229",
    "Neutral": "#bbbbbb",
    "Macedon": "#5b8cff",
    "Persia": "#e6c229",
}
"""Each holder's marker colour (any other nation is drawn white)."""

_BRAILLE = 0x2800
_DOT = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20,
        (0, 3): 0x40, (1, 3): 0x80}  # fmt: skip
"""Braille dot bits by (column, row) inside one character cell of 2×4 dots."""

Point = tuple[float, float]

MEETING_MARK = "×"
"""A province where hostile forces met this turn and the meeting is not settled (T7.4)."""

STATUS_MARKS: dict[str, str] = {
    "loyal": "◆",
    "held": "●",
    "neutral": "○",
    "devastated": "×",
    "rebel": "!",
}
"""Macedon vs Persia: each province's marker by its status (D12)."""


def army_tag(name: str, morale: int, deadline: int | None, *, short: bool) -> str:
    """An army on the board: ``Alexander:6`` (``Alex:6`` short; "Macedon 4" → ``M4``), with
    ``†6`` when it is cut off and dies on turn 6 (D13)."""
    if short:
        words = name.split()
        if len(words) > 1 and words[-1].isdigit():
            name = words[0][0] + words[-1]
        elif len(name) > 6:
            name = name[:4] + "."  # "Alex." still reads as Alexander; "Darius" stays whole
    return f"{name}:{morale}" + (f"†{deadline}" if deadline is not None else "")


def macedon_board(
    summary: DbaMapSummary, selected: str | None
) -> tuple[dict[str, Any], dict[str, str], set[str], list[str]]:
    """Macedon vs Persia's map (:func:`assistant.ledger.dba_map.summary`) as
    :func:`render_map` draws it: the provinces (roads only), each one's label (its loyalty to
    its holder and its armies with morale, in full for ``selected``), the provinces holding a
    cut-off army (D13), and the supply line of the selected province's first army."""
    from converters.force_names import shown_army  # pydantic: not in the first frame

    provinces: dict[str, Any] = {}
    labels: dict[str, str] = {}
    alerts: set[str] = set()
    for name, place in summary.provinces.items():
        here = summary.armies_in(name)
        provinces[name] = {
            "lat": place.lat,
            "lon": place.lon,
            "controller": place.controller,
            "city": False,
            "neighbours": {"road": list(place.neighbours), "mountain": [], "sea": []},
            "forces": {"armies": {"land": len(here), "naval": 0}} if here else {},
            "mark": STATUS_MARKS.get(place.status, "●"),
        }
        loyalty = place.loyalty.get(place.controller) if place.controller else None
        tags = [
            army_tag(shown_army(n, a.side), a.morale, a.deadline, short=name != selected)
            for n, a in here
        ]
        labels[name] = " ".join([f"L{loyalty}" if loyalty is not None else "", *tags]).strip()
        if any(a.deadline is not None for _n, a in here):
            alerts.add(name)
    line: list[str] = []
    if selected is not None and selected in summary.provinces:
        for _name, army in summary.armies_in(selected):
            if army.supply_line:
                line = list(army.supply_line)
                break
    return {"provinces": provinces}, labels, alerts, line


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


def marker_cell(
    provinces: Mapping[str, Mapping[str, Any]], width: int, height: int, name: str
) -> tuple[int, int]:
    """The (column, row) of ``name``'s marker on a board drawn ``width`` × ``height``."""
    x, y = _project(provinces, width, height)[name]
    return min(int(x) // 2, width - 1), min(int(y) // 4, height - 1)


def short_labels(names: Collection[str], most: int = LABEL_WIDTH) -> dict[str, str]:
    """Each name as the board labels it in at most ``most`` cells, recognisable and unique:
    a short name whole; a longer one cut with a full stop ("Corfinium" → "Corfini."); the
    words after the first by their initial ("Firnum Picenum" → "Firnum P", "Ligures (ovest)" →
    "Ligur. O"). Names the rule would make alike are left whole."""

    def short(name: str) -> str:
        if len(name) <= most:
            return name
        first, *rest = name.split()
        tail = "".join(word.strip("()")[:1].upper() for word in rest)
        room = most - (len(tail) + 1 if tail else 0)
        head = first if len(first) <= room else first[: max(room - 1, 1)] + "."
        return f"{head} {tail}" if tail else head

    made = {name: short(name) for name in names}
    seen: dict[str, int] = {}
    for label in made.values():
        seen[label] = seen.get(label, 0) + 1
    return {name: label if seen[label] == 1 else name for name, label in made.items()}


def step(
    provinces: Mapping[str, Mapping[str, Any]],
    trail: Sequence[tuple[str, int, int]],
    current: str,
    dx: int,
    dy: int,
) -> tuple[str, tuple[tuple[str, int, int], ...]]:
    """An arrow key on the board: the province it selects and the trail after it.

    ``trail`` holds (from, dx, dy) of each step taken so far: the arrow opposite the last step
    goes back where it came from, so ↑ then ↓ (or ↑ ↑ ↓ ↓) always returns; any other arrow
    goes to :func:`nearest_in_direction`.
    """
    if trail and trail[-1][1:] == (-dx, -dy):
        return trail[-1][0], tuple(trail[:-1])
    there = nearest_in_direction(provinces, current, dx, dy)
    if there == current:
        return current, tuple(trail)
    return there, (*trail, (current, dx, dy))


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


Cell = tuple[str, str]
"""One character cell of the board: the character and its Rich style ("" for none)."""


def render_map(
    data: Mapping[str, Any],
    width: int,
    height: int,
    selected: str | None = None,
    *,
    labels: Mapping[str, str] | None = None,
    alerts: Collection[str] = (),
    line: Sequence[str] = (),
    colours: Mapping[str, str] | None = None,
) -> list[Text]:
    """``height`` lines of ``width`` cells: the board of ``data`` (the map's JSON) with its
    links, markers and labels; ``selected`` is drawn reversed. ``labels`` replaces the forces
    after each province's name (and names every province it gives text for), ``alerts`` are
    labelled in bold red, and ``line`` (a chain of provinces, a supply line) is drawn green.
    ``colours`` (nation → colour) replaces the Map screen's own, e.g. with the report's (the
    Chronicle screen)."""
    cells = board_cells(
        data, width, height, selected, labels=labels, alerts=alerts, line=line, colours=colours
    )
    lines = []
    for row_cells in cells:
        drawn = Text(no_wrap=True, overflow="crop")
        for text, style in style_runs(row_cells):
            drawn.append(text, style=style or None)
        lines.append(drawn)
    return lines


def style_runs(row: Sequence[Cell]) -> list[Cell]:
    """A row of cells as runs of one style each (a board row is a few dozen runs, not a
    hundred cells): what a line of text is built from."""
    runs: list[Cell] = []
    for char, style in row:
        if runs and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + char, style)
        else:
            runs.append((char, style))
    return runs


def _board_key(provinces: Mapping[str, Mapping[str, Any]]) -> tuple[Any, ...]:
    """What the links of a board depend on: each province's place and neighbours."""
    return tuple(
        (
            name,
            p["lat"],
            p["lon"],
            *(tuple(p["neighbours"][way]) for way in ("road", "mountain", "sea")),
        )
        for name, p in provinces.items()
    )


@functools.lru_cache(maxsize=16)
def _links(board: tuple[Any, ...], width: int, height: int, line: tuple[str, ...]) -> Any:
    """The board's roads, mountain passes and sea stretches (and the supply ``line``) drawn in
    braille at ``width`` × ``height``: the same for every draw of one board at one size, so
    drawn once (an arrow key only moves the reversed marker)."""
    provinces = {
        name: {"lat": lat, "lon": lon, "neighbours": {"road": r, "mountain": m, "sea": sea}}
        for name, lat, lon, r, m, sea in board
    }
    spots = _project(provinces, width, height)
    dots = [[0] * width for _ in range(height)]
    sea_dots = [[0] * width for _ in range(height)]
    line_dots = [[0] * width for _ in range(height)]

    def plot(grid: list[list[int]], x: float, y: float) -> None:
        col, row = int(x) // 2, int(y) // 4
        if 0 <= col < width and 0 <= row < height:
            grid[row][col] |= _DOT[(int(x) % 2, int(y) % 4)]

    def link(grid: list[list[int]], here: str, there: str, step: int) -> None:
        (x0, y0), (x1, y1) = spots[here], spots[there]
        count = int(max(abs(x1 - x0), abs(y1 - y0))) or 1
        for i in range(0, count + 1, step):
            plot(grid, x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count)

    for name, province in provinces.items():
        for way, grid, step in (("road", dots, 1), ("mountain", dots, 2), ("sea", sea_dots, 3)):
            for other in province["neighbours"][way]:
                if other < name or other not in spots:
                    continue  # each link once
                link(grid, name, other, step)
    for here, there in pairwise(line):
        if here in spots and there in spots:
            link(line_dots, here, there, 1)
    return spots, tuple(
        tuple(_link_cell(dots[r][c], sea_dots[r][c], line_dots[r][c]) for c in range(width))
        for r in range(height)
    )


def board_cells(
    data: Mapping[str, Any],
    width: int,
    height: int,
    selected: str | None = None,
    *,
    labels: Mapping[str, str] | None = None,
    alerts: Collection[str] = (),
    line: Sequence[str] = (),
    colours: Mapping[str, str] | None = None,
) -> list[list[Cell]]:
    """The cells :func:`render_map` draws (the same arguments): the links, drawn once per
    board and size, under this draw's markers and labels."""
    palette = NATION_COLOURS if colours is None else colours
    provinces: Mapping[str, Mapping[str, Any]] = data["provinces"]
    width, height = max(width, 4), max(height, 2)
    spots, links = _links(_board_key(provinces), width, height, tuple(line))
    cells: list[list[Cell]] = [list(row) for row in links]
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
        mark = "■" if provinces[name]["city"] else provinces[name].get("mark", "●")
        if provinces[name].get("besieged"):
            mark = "▣"
        if provinces[name].get("meeting"):
            mark = MEETING_MARK  # T7.4: forces met here and must be settled
        style = f"bold {colour}" + (" reverse" if name == selected else "")
        cells[row][col] = (mark, style)
        taken[row][col] = True
    said = {name: province_name(name) for name in provinces}  # "Tracia" in Italian
    short = short_labels(said.values())
    for name in order:
        province = provinces[name]
        after = labels.get(name, "") if labels is not None else forces_label(province["forces"])
        if name != selected and not (province["forces"] or after):
            continue
        x, y = spots[name]
        col, row = min(int(x) // 2, width - 1), min(int(y) // 4, height - 1)
        label = said[name] if name == selected else short[said[name]]
        forces = after
        text = f"{label} {forces}".strip() + ("!" if province.get("sacked") else "")
        if labels is not None:
            found = _label_place(taken, col, row, len(text))
            if found is None and name != selected:
                continue
            if found is None:
                # Nowhere whole: the selected one's label stops short of the next marker.
                start = min(col + 1, width - 1)
                free = next((i for i, cell in enumerate(taken[row][start:]) if cell), width - start)
                text = text[:free]
            else:
                row, start = found
        else:
            start = col + 1
            if start + len(text) > width:
                start = max(0, col - len(text))
        text = text[: width - start]
        # The selected province is always named (drawn first, over the lines); the others
        # only where their label fits between the markers.
        if name != selected and any(taken[row][start + i] for i in range(len(text))):
            continue
        colour = palette.get(province["controller"], "white")
        if name in alerts:
            colour = "bold red"
        for i, char in enumerate(text):
            cells[row][start + i] = (char, f"{colour}" + (" reverse" if name == selected else ""))
            taken[row][start + i] = True
    return cells


def _label_place(
    taken: list[list[bool]], col: int, row: int, length: int
) -> tuple[int, int] | None:
    """Where a label of ``length`` cells for the marker at (``col``, ``row``) covers nothing
    drawn yet: right of it, left of it, then on the row below or above; None if nowhere."""
    height, width = len(taken), len(taken[0])
    for where, start in ((row, col + 1), (row, col - length), (row + 1, col), (row - 1, col)):
        fits = 0 <= where < height and start >= 0 and start + length <= width
        if fits and not any(taken[where][start : start + length]):
            return where, start
    return None


def _link_cell(road: int, sea: int, line: int) -> tuple[str, str]:
    """One cell of links: a supply line over a road over a sea stretch."""
    if line:
        return chr(_BRAILLE + (line | road)), "bold green"
    if road:
        return chr(_BRAILLE + road), "grey50"
    if sea:
        return chr(_BRAILLE + sea), "blue"
    return " ", ""
