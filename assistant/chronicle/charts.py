"""The report's charts as SVG, drawn by pygal from a :class:`~assistant.chronicle.story.Chronicle`.

A reader would rather look than read for the PM in play, the treasuries and the prestige over
the turns (a bar per nation when the report reaches only turn 1), the casualties of each
battle, Bellum's centres per year, the ghost's gap and, in a campaign with a board, the map of
the turn (drawn by :mod:`~assistant.chronicle.board_map`), all in the report's own font. pygal
(a maintained SVG charting library with no compiled parts) draws them; each nation keeps its
colour from :mod:`assistant.chronicle.colours`. pygal stamps every chart with a random id and
today's date: both are replaced by the chart's own key, so the same ledger always gives the
same file (a report can be compared with the one published last week, and with a snapshot).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from armylists.names import nation_name
from assistant.chronicle.board_map import FONT
from assistant.chronicle.colours import nation_colour
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.chronicle.story import Chronicle, MapProvince

__all__ = ["Chart", "charts", "forces_text"]

WIDTH = 800
HEIGHT = 340
"""Drawn at 800 × 340: the width of an A4 page's text at 96 dpi, so nothing is rescaled much."""


class Chart(BaseModel):
    """One chart of a report."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    """A short name, unique in the report: the SVG's id and its file name beside a Markdown."""
    title: str
    """The chart's caption."""
    svg: str
    """The SVG document (no XML declaration, so it can be inlined in HTML)."""


_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# pygal always embeds its tooltips' configuration as a script: a report is read and printed,
# never scripted, and the configuration carries the random id.
_SCRIPT = re.compile(r"<script\b.*?</script>", re.DOTALL)


def _style(colours: list[str]) -> Any:
    from pygal.style import Style

    return Style(
        colors=tuple(colours),
        background="white",
        plot_background="white",
        foreground="#333333",
        foreground_strong="#111111",
        foreground_subtle="#cccccc",
        font_family=FONT,
        title_font_size=18,
        label_font_size=12,
        major_label_font_size=12,
        legend_font_size=13,
        value_font_size=11,
        opacity="1",
        opacity_hover="0.8",
    )


LEGEND_MOST = 22
"""Characters of a nation's name in a chart's legend; longer ones end in "…"."""

LABEL_MOST = 30
"""Characters of an axis label (a battle's place and turn)."""


def _options(title: str, colours: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "title": title,
        "style": _style(colours),
        "width": WIDTH,
        "height": HEIGHT,
        "js": [],
        "disable_xml_declaration": True,
        # A legend or label as long as a name may be (converters.bounds.NAME_MOST) would leave
        # the plot no width, and pygal's title wrapping then never ends (issue 28): cut them
        # with an ellipsis (the hover title keeps the whole name).
        "truncate_legend": LEGEND_MOST,
        "truncate_label": LABEL_MOST,
        "show_minor_x_labels": True,
        **extra,
    }


def _finish(key: str, title: str, chart: Any) -> Chart:
    svg = chart.render(is_unicode=True)
    svg = _SCRIPT.sub("", _COMMENT.sub("", _ID.sub(key, svg)))
    # Legend ids are the same in every pygal chart: one HTML page holds several charts.
    svg = svg.replace('id="activate-serie-', f'id="{key}-serie-')
    return Chart(key=key, title=title, svg=svg)


def _x_labels(count: int) -> list[str]:
    # Every label up to 20 turns; beyond, every fifth so a five-year campaign stays legible.
    step = 1 if count <= 20 else 5
    return [str(n) if n == 1 or n % step == 0 else "" for n in range(1, count + 1)]


def _whole_steps(values: list[int]) -> list[int]:
    """Y labels on whole numbers: PM, PE and PP come in units, never 2.4 of them."""
    low, high = min([0, *values]), max([1, *values])
    step = max(1, -(-(high - low) // 8))
    return list(range(low - low % step, high + step, step))


def _lines(key: str, title: str, series: dict[str, list[int]], x_title: str) -> Chart | None:
    """A line per nation with something to draw; None when no nation has (Macedon vs Persia
    counts armies, not PM, so its PM stay 0; nobody's prestige may have moved yet)."""
    import pygal

    shown = {nation: values for nation, values in series.items() if any(values)}
    if not shown:
        return None
    length = max((len(values) for values in shown.values()), default=0)
    if length == 1:
        return _bars(key, title, shown, x_title)
    chart = pygal.Line(
        **_options(
            title,
            [nation_colour(nation) for nation in shown],
            x_title=x_title,
            dots_size=2,
            show_minor_x_labels=False,
        )
    )
    chart.y_labels = _whole_steps([v for values in shown.values() for v in values])
    chart.x_labels = [str(n) for n in range(1, length + 1)]
    chart.x_labels_major = [label for label in _x_labels(length) if label]
    for nation, values in shown.items():
        chart.add(nation_name(nation), values)
    return _finish(key, title, chart)


def _bars(key: str, title: str, shown: dict[str, list[int]], x_title: str) -> Chart:
    """One turn's figures: a bar per nation with its figure printed on it, where a line chart
    would draw one dot each, hiding one another where two nations stand level."""
    import pygal

    chart = pygal.Bar(
        **_options(
            title,
            [nation_colour(nation) for nation in shown],
            x_title=f"{x_title} 1",
            print_values=True,
            print_values_position="top",
            show_x_labels=False,
        )
    )
    chart.y_labels = _whole_steps([v for values in shown.values() for v in values])
    chart.x_labels = ["1"]
    for nation, values in shown.items():
        chart.add(nation_name(nation), values)
    return _finish(key, title, chart)


BATTLE_BARS_MOST = 40
"""Battles the casualties chart draws a bar each for; a longer campaign gets a bar per turn.

800 pixels hold about forty labelled bars: a five-year campaign of 5,000 battles drew bars a
tenth of a pixel wide under 5,000 labels written over one another, an SVG of 4.5 MB that took
typst 330 MiB to lay out (issue 26, item 5)."""


def _casualties(chronicle: Chronicle) -> Chart | None:
    import pygal

    battles = chronicle.battles
    if not battles:
        return None
    nations = [n for n in chronicle.nations if any(n in b.casualties for b in battles)]
    if len(battles) <= BATTLE_BARS_MOST:
        title = _("PM lost per battle")
        labels = [_("{place} (turn {turn})").format(place=b.place, turn=b.turn) for b in battles]
        lost = [b.casualties for b in battles]
    else:
        title = _("PM lost in battle per turn")
        per_turn: dict[int, dict[str, int]] = {}
        for battle in battles:
            turn = per_turn.setdefault(battle.turn, {})
            for nation, pm in battle.casualties.items():
                turn[nation] = turn.get(nation, 0) + pm
        labels = [_("turn {turn}").format(turn=turn) for turn in per_turn]
        lost = list(per_turn.values())
    chart = pygal.StackedBar(
        **_options(title, [nation_colour(n) for n in nations], x_label_rotation=20)
    )
    chart.x_labels = labels
    chart.y_labels = _whole_steps([sum(bar.values()) for bar in lost])
    for nation in nations:
        chart.add(nation_name(nation), [bar.get(nation) for bar in lost])
    return _finish("casualties", title, chart)


def _ghost_gaps(chronicle: Chronicle) -> list[Chart]:
    """G2.2: one gap chart per ghost battle told, named by its general and how it stands."""
    import pygal

    drawn = []
    for number, ghost in enumerate(chronicle.ghosts, start=1):
        if not ghost.gaps:
            continue
        if ghost.turn is None:
            title = _("The ghost's gap % per turn (G2.2): {general}, in progress").format(
                general=ghost.general
            )
        else:
            title = _("The ghost's gap % per turn (G2.2): {general}, ended in turn {turn}").format(
                general=ghost.general, turn=ghost.turn
            )
        chart = pygal.Line(
            **_options(title, ["#444444"], x_title=_("ghost turn"), show_legend=False)
        )
        chart.x_labels = [str(turn) for turn, _gap in ghost.gaps]
        chart.add(_("gap %"), [round(gap, 1) for _turn, gap in ghost.gaps])
        drawn.append(_finish(f"ghost-gap-{number}", title, chart))
    return drawn


def forces_text(province: MapProvince, *, short: bool = False) -> str:
    """ "Roma 4⚔ 2⚓": the land (⚔) and naval (⚓) PM standing there, nation by nation when
    several share it or they are not the controller's, and whether it is besieged or sacked.
    ``short`` cuts the nations' names to three letters ("Tarentum (Sen. 1⚔, Mag. 3⚔ 2⚓)"), so
    a label printed beside an eastern province stays on the page; the hover title keeps them
    whole."""
    # The controller's own forces go unnamed ("Roma 4⚔ 2⚓"); anyone else's are named.
    named = len(province.forces) > 1 or any(
        force.nation != province.controller for force in province.forces
    )
    parts = [province.name]
    for force in province.forces:
        pm = [f"{force.land_pm}⚔"] if force.land_pm else []
        pm += [f"{force.naval_pm}⚓"] if force.naval_pm else []
        name = nation_name(force.nation)
        nation = f"{name[:3]}." if short and len(name) > 4 else name
        parts.append(f"{nation} {' '.join(pm)}" if named else " ".join(pm))
    if province.besieged:
        parts.append(_("besieged"))
    if province.sacked:
        parts.append(_("sacked"))
    return " ".join(parts) if not named else f"{parts[0]} ({', '.join(parts[1:])})"


def _map_chart(chronicle: Chronicle) -> Chart | None:
    """T7.1: the board at the close of the last turn told (see ``board_map``)."""
    from assistant.chronicle.board_map import board_svg

    if not chronicle.map:
        return None
    controllers = dict.fromkeys(p.controller for p in chronicle.map)
    colours = {n: chronicle.colours.get(n) or nation_colour(n) for n in controllers}
    title = _("The map at the close of turn {turn}").format(turn=chronicle.scope.last_turn)
    return Chart(key="map", title=title, svg=board_svg(chronicle.map, colours, title))


def charts(chronicle: Chronicle) -> list[Chart]:
    """Every chart the report shows, in the order it shows them (none with nothing to draw)."""
    turn = _("turn")
    if chronicle.bellum_centres:
        found = [
            _lines(
                "centres", _("Supply centres per year (B1)"), chronicle.bellum_centres, _("year")
            )
        ]
    else:
        found = [_lines("pm", _("PM in play per turn"), chronicle.series("pm"), turn)]
        if chronicle.economy:
            found.append(
                _lines("treasury", _("Treasury (PE) per turn"), chronicle.series("treasury"), turn)
            )
            found.append(
                _lines("prestige", _("Prestige (PP) per turn"), chronicle.series("prestige"), turn)
            )
    found += [_casualties(chronicle), *_ghost_gaps(chronicle), _map_chart(chronicle)]
    return [chart for chart in found if chart is not None]
