"""The report's map of the turn drawn as a club would post it: the board, not a scatter of dots.

A referee posts the map after every turn so the players can see who holds what and where the
armies stand. This draws it as an SVG from the chronicle's map (the ledger's ``map_summary``
at the close of the last turn told, T7.1): the coasts under it (:file:`coasts.toml`, the
project's own tracing), the board's roads, mountain roads, sea stretches and open-sea crossings
between chief towns, each province in its holder's colour (a square for a city, T3.5), a ring
round a besieged city (T5.4) and a cross on a province sacked this year (T5.3), and a label
per province with the PM standing there, nation by nation. Labels are placed so that none
covers another or another province's mark (crowded corners such as Messana and Rhegium are
spread a little apart first), each on a white box whose size is written in the SVG (the text is
fitted to it with ``textLength``), so the geometry can be checked from the file alone. Every
mark drawn has a line in the legend below the board. One font: the report's own (Libertinus
Serif in the PDF, DejaVu Serif in the HTML); the drawing is plain SVG, no script, and the same
chronicle always gives the same file.
"""

from __future__ import annotations

import functools
import math
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from armylists.names import nation_name
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.chronicle.story import MapProvince

__all__ = ["Box", "board_svg", "label_text", "place_labels"]

WIDTH = 800
"""The map's width in px, the width of the report's other charts."""

FONT = "Libertinus Serif, DejaVu Serif, Georgia, serif"
"""The report's own font, so the map's words look like the page around them."""

FONT_SIZE = 11.0
MARK = 5.0
"""Half the width of a province's mark."""
HALO = MARK + 2
"""Half the width of the room a mark takes, a besieged city's ring included."""
GAP = 2.0
"""The least room between two marks, two labels, or a label and a mark."""
LABEL_PAD = 2.0

SEA = "#dde9f3"
LAND = "#f6f1e4"
COAST = "#8fa3b5"
ROAD = "#7b5a3a"
SEA_LINK = "#3d7ab8"

COASTS = Path(__file__).with_name("coasts.toml")


@dataclass(frozen=True)
class Box:
    """A rectangle on the map, in px from the top left corner."""

    x: float
    y: float
    width: float
    height: float

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        """The two boxes share any area (closer than ``gap``)."""
        return not (
            self.x + self.width + gap <= other.x
            or other.x + other.width + gap <= self.x
            or self.y + self.height + gap <= other.y
            or other.y + other.height + gap <= self.y
        )

    def inside(self, width: float, height: float) -> bool:
        """Within a ``width`` × ``height`` drawing."""
        return (
            self.x >= 0
            and self.y >= 0
            and self.x + self.width <= width
            and self.y + self.height <= height
        )


# ---- text widths -------------------------------------------------------------------------

_NARROW = set("iljtfrI.,;:!|'()[]-· ")
_WIDE = set("mwMWÆŒ")


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """The width a serif font gives ``text`` at ``size`` px, near enough to fit it to with
    ``textLength`` without visible squeezing."""
    units = 0.0
    for char in text:
        if char in _NARROW:
            units += 0.3
        elif char in _WIDE:
            units += 0.85
        elif char.isupper():
            units += 0.68
        elif char.isdigit():
            units += 0.5
        else:
            units += 0.5
    return round(units * size, 1)


# ---- what a label says ---------------------------------------------------------------------


def _short(nation: str) -> str:
    name = nation_name(nation)
    return name if len(name) <= 4 else name[:3]


def label_text(province: MapProvince) -> str:
    """ "Tarentum MG 3+2n · Sen 1": the province and the PM standing there, land then naval
    (``n``), nation by nation, the holder's own unnamed when it is alone there."""
    parts = []
    alone = len(province.forces) == 1 and province.forces[0].nation == province.controller
    for force in province.forces:
        pm = str(force.land_pm) if force.land_pm else ""
        if force.naval_pm:
            pm += ("+" if pm else "") + f"{force.naval_pm}n"
        parts.append(pm if alone else f"{_short(force.nation)} {pm}")
    return province.name + (" " + " · ".join(parts) if parts else "")


# ---- the projection ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Projection:
    west: float
    north: float
    scale: float
    shrink: float

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        return (
            round((lon - self.west) * self.shrink * self.scale, 1),
            round((self.north - lat) * self.scale, 1),
        )


def _projection(provinces: Sequence[MapProvince]) -> tuple[_Projection, float]:
    lats = [p.lat for p in provinces]
    lons = [p.lon for p in provinces]
    west, east = min(lons) - 0.6, max(lons) + 0.9
    south, north = min(lats) - 0.45, max(lats) + 0.45
    # A degree of longitude is shorter than one of latitude away from the equator.
    shrink = math.cos(math.radians((south + north) / 2))
    scale = WIDTH / ((east - west) * shrink)
    return _Projection(west, north, scale, shrink), round((north - south) * scale, 1)


def _spread(points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Push apart marks closer than two marks' width (Messana and Rhegium face each other
    across the strait): a few rounds of moving each pair apart along the line between them."""
    least = 2 * MARK + 2 * GAP + 1
    moved = dict(points)
    names = sorted(moved)
    for _round in range(40):
        changed = False
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                (ax, ay), (bx, by) = moved[a], moved[b]
                dx, dy = bx - ax, by - ay
                distance = math.hypot(dx, dy)
                if distance >= least:
                    continue
                if distance == 0:
                    dx, dy, distance = 1.0, 0.0, 1.0
                push = (least - distance) / 2 + 0.1
                ux, uy = dx / distance, dy / distance
                moved[a] = (round(ax - ux * push, 1), round(ay - uy * push, 1))
                moved[b] = (round(bx + ux * push, 1), round(by + uy * push, 1))
                changed = True
        if not changed:
            break
    return moved


# ---- placing the labels ----------------------------------------------------------------------

_DIRECTIONS = (
    (1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1),
)  # fmt: skip
"""Right, left, above, below, then the corners: the order a cartographer tries."""


def place_labels(
    marks: dict[str, tuple[float, float]],
    sizes: dict[str, tuple[float, float]],
    width: float,
    height: float,
) -> dict[str, Box]:
    """A box for each label (name → its width and height) near its mark (name → centre) so
    that no box overlaps another box or any mark and all stay inside the drawing; a label with
    no room beside its mark goes farther out (the caller draws a leader line). Crowded marks
    are placed first, each in the first free place in the cartographer's order."""
    # A mark's box takes in a besieged city's ring.
    mark_boxes = {
        name: Box(x - HALO, y - HALO, 2 * HALO, 2 * HALO) for name, (x, y) in marks.items()
    }

    def crowding(name: str) -> tuple[float, str]:
        x, y = marks[name]
        near = sum(1 for ox, oy in marks.values() if math.hypot(ox - x, oy - y) < 60)
        return (-near, name)

    placed: dict[str, Box] = {}
    for name in sorted(marks, key=crowding):
        x, y = marks[name]
        w, h = sizes[name]
        chosen = None
        for reach in (0.0, 8.0, 18.0, 30.0, 45.0, 65.0, 90.0, 120.0):
            for dx, dy in _DIRECTIONS:
                near = HALO + GAP + reach
                left = {1: x + near, -1: x - near - w, 0: x - w / 2}[dx]
                top = {1: y + near, -1: y - near - h, 0: y - h / 2}[dy]
                box = Box(round(left, 1), round(top, 1), w, h)
                if not box.inside(width, height):
                    continue
                if any(box.overlaps(other, GAP) for other in placed.values()):
                    continue
                if any(
                    box.overlaps(mark, GAP) for other, mark in mark_boxes.items() if other != name
                ):
                    continue
                chosen = box
                break
            if chosen is not None:
                break
        if chosen is None:  # pragma: no cover - a board denser than any shipped
            chosen = Box(round(x + HALO + GAP, 1), round(y - h / 2, 1), w, h)
        placed[name] = chosen
    return placed


# ---- drawing ----------------------------------------------------------------------------------


@functools.cache
def _coasts() -> tuple[tuple[tuple[float, float], ...], ...]:
    with COASTS.open("rb") as source:
        data = tomllib.load(source)
    return tuple(tuple((lat, lon) for lat, lon in land["ring"]) for land in data["land"])


def _path(points: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x},{y}" for x, y in points) + " Z"


def _links(provinces: Sequence[MapProvince]) -> list[tuple[str, str, str]]:
    """Each link of the board once: (way, one end, the other), in the board's order."""
    seen: set[tuple[str, str, str]] = set()
    found = []
    names = {p.name for p in provinces}
    for province in provinces:
        for way in ("road", "mountain", "sea", "crossing"):
            for other in province.neighbours.get(way, []):
                key = (way, *sorted((province.name, other)))
                if other in names and key not in seen:
                    seen.add(key)  # type: ignore[arg-type]
                    found.append((way, province.name, other))
    return found


_LINK_STYLE = {
    "road": f'stroke="{ROAD}" stroke-width="1.6"',
    "mountain": f'stroke="{ROAD}" stroke-width="1.6" stroke-dasharray="5,3"',
    "sea": f'stroke="{SEA_LINK}" stroke-width="1.3" stroke-dasharray="1.5,3"',
    "crossing": f'stroke="{SEA_LINK}" stroke-width="1.3" stroke-dasharray="7,4"',
}


def _mark(x: float, y: float, colour: str, city: bool) -> str:
    if city:
        return (
            f'<rect class="mark" x="{x - MARK}" y="{y - MARK}" width="{2 * MARK}" '
            f'height="{2 * MARK}" fill="{colour}" stroke="#222222" stroke-width="1"/>'
        )
    return (
        f'<circle class="mark" cx="{x}" cy="{y}" r="{MARK}" fill="{colour}" '
        f'stroke="#222222" stroke-width="1"/>'
    )


def _besieged(x: float, y: float) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{MARK + 3}" fill="none" stroke="#000000" '
        f'stroke-width="1.6" stroke-dasharray="2.5,1.5"/>'
    )


def _sacked(x: float, y: float) -> str:
    s = MARK + 1
    return (
        f'<path d="M{x - s},{y - s} L{x + s},{y + s} M{x - s},{y + s} L{x + s},{y - s}" '
        f'stroke="#b00020" stroke-width="2"/>'
    )


def _text(x: float, y: float, text: str, size: float = FONT_SIZE, extra: str = "") -> str:
    width = text_width(text, size)
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" textLength="{width}" '
        f'lengthAdjust="spacingAndGlyphs"{extra}>{escape(text)}</text>'
    )


def _legend(
    top: float, controllers: list[str], colours: dict[str, str], marks: set[str]
) -> tuple[str, float]:
    """The legend under the board: every holder's colour, then every kind of mark and line
    drawn; its SVG and its height."""
    rows: list[tuple[str, str]] = []
    for nation in controllers:
        rows.append((_mark(8, 0, colours[nation], False), nation_name(nation)))
    rows.append((_mark(8, 0, "#ffffff", True), _("city (T3.5)")))
    rows.append((_mark(8, 0, "#ffffff", False), _("province")))
    if "besieged" in marks:
        rows.append((_mark(8, 0, "#ffffff", True) + _besieged(8, 0), _("besieged (T5.4)")))
    if "sacked" in marks:
        rows.append((_mark(8, 0, "#ffffff", False) + _sacked(8, 0), _("sacked this year (T5.3)")))
    for way, words in (
        ("road", _("road (T7.3)")),
        ("mountain", _("mountain road (T3.2)")),
        ("sea", _("sea stretch (T7.1)")),
        ("crossing", _("open-sea crossing (T7.3)")),
    ):
        if way in marks:
            rows.append((f'<path d="M0,0 L18,0" {_LINK_STYLE[way]}/>', words))
    rows.append(
        (
            "",
            _(
                "3+2n: land + naval PM standing there; {example}: a nation's PM, by its "
                "first letters, where not only the holder's stand"
            ).format(example=f"{_short('Rome')} 1"),
        )
    )
    columns = 3
    per_column = -(-(len(rows) - 1) // columns)
    line = 17.0
    parts = [f'<g class="legend" transform="translate(0,{top})">']
    height = round(30 + per_column * line + 12, 1)
    parts.append(f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>')
    parts.append(_text(8, 14, _("Legend"), 12.0, ' font-weight="bold"'))
    column_width = WIDTH / columns
    for index, (symbol, words) in enumerate(rows[:-1]):
        column, row = divmod(index, per_column)
        x = round(8 + column * column_width, 1)
        y = round(30 + row * line, 1)
        parts.append(f'<g transform="translate({x},{y})">{symbol}</g>')
        parts.append(_text(round(x + 26, 1), round(y + 4, 1), words, 10.5))
    last = round(30 + per_column * line, 1)
    parts.append(_text(8, last + 4, rows[-1][1], 10.5))
    parts.append("</g>")
    return "".join(parts), height


def board_svg(provinces: Sequence[MapProvince], colours: dict[str, str], title: str) -> str:
    """The board at the close of a turn as an SVG document (no XML declaration, so it can be
    inlined in HTML), ``title`` above it and the legend below."""
    projection, board_height = _projection(provinces)
    heading = 30.0
    true_points = {p.name: projection.point(p.lat, p.lon) for p in provinces}
    points = _spread(true_points)
    sizes = {
        p.name: (text_width(label_text(p)) + 2 * LABEL_PAD, FONT_SIZE + 2 * LABEL_PAD)
        for p in provinces
    }
    boxes = place_labels(points, sizes, WIDTH, board_height)
    controllers = list(dict.fromkeys(p.controller for p in provinces))
    links = _links(provinces)
    drawn = {way for way, _a, _b in links}
    drawn |= {"besieged" for p in provinces if p.besieged} | {
        "sacked" for p in provinces if p.sacked
    }
    legend, legend_height = _legend(heading + board_height + 6, controllers, colours, drawn)
    height = round(heading + board_height + 6 + legend_height, 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-map" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" font-family="{FONT}" fill="#222222">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        _text(8, 20, title, 15.0, ' font-weight="bold"'),
        f'<g class="board" transform="translate(0,{heading})">',
        '<clipPath id="map-edge"><rect x="0" y="0" '
        f'width="{WIDTH}" height="{board_height}"/></clipPath>',
        f'<rect x="0" y="0" width="{WIDTH}" height="{board_height}" fill="{SEA}"/>',
        '<g clip-path="url(#map-edge)">',
    ]
    for ring in _coasts():
        path = _path(projection.point(lat, lon) for lat, lon in ring)
        parts.append(
            f'<path class="coast" d="{path}" fill="{LAND}" stroke="{COAST}" stroke-width="1"/>'
        )
    parts.append("</g>")
    parts.append('<g class="links" fill="none">')
    for way, a, b in links:
        (ax, ay), (bx, by) = points[a], points[b]
        parts.append(f'<path class="{way}" d="M{ax},{ay} L{bx},{by}" {_LINK_STYLE[way]}/>')
    parts.append("</g>")
    parts.append('<g class="provinces">')
    for province in provinces:
        x, y = points[province.name]
        colour = colours.get(province.controller, "#9e9e9e")
        if province.besieged:
            parts.append(_besieged(x, y))
        parts.append(_mark(x, y, colour, province.city))
        if province.sacked:
            parts.append(_sacked(x, y))
    parts.append("</g>")
    parts.append('<g class="labels">')
    for province in provinces:
        box = boxes[province.name]
        x, y = points[province.name]
        nearest_x = min(max(x, box.x), box.x + box.width)
        nearest_y = min(max(y, box.y), box.y + box.height)
        if math.hypot(nearest_x - x, nearest_y - y) > HALO + GAP + 4:
            parts.append(
                f'<path class="leader" d="M{x},{y} L{round(nearest_x, 1)},'
                f'{round(nearest_y, 1)}" stroke="#555555" stroke-width="0.8"/>'
            )
        text = label_text(province)
        parts.append(
            f'<g class="label" data-province="{escape(province.name)}">'
            f'<rect x="{box.x}" y="{box.y}" width="{box.width}" height="{box.height}" rx="2" '
            'fill="#ffffff" fill-opacity="0.88"/>'
            + _text(
                round(box.x + LABEL_PAD, 1),
                round(box.y + LABEL_PAD + FONT_SIZE * 0.8, 1),
                text,
            )
            + "</g>"
        )
    parts.append("</g></g>")
    parts.append(legend)
    parts.append("</svg>")
    return "".join(parts)
