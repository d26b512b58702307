"""Lay a chronicle or a battle sheet out as Markdown, standalone HTML or PDF, from template files.

The layouts are files in ``assistant/chronicle/templates`` (Jinja2 for Markdown and HTML, a
typst file for PDF), so a club can restyle its report without touching code. Every word a
template prints comes from :func:`labels` through :func:`converters.i18n._`, so all three
formats follow the interface language. The PDF is typeset by typst (the ``typst`` package ships
its compiler inside the wheel): the data goes to the typst template as JSON, so a place or a
note containing typst's markup characters is printed, never interpreted. Jinja2, pygal and
typst are imported only here and only when a report is made.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from converters.i18n import (
    N_,
    _,
    current_language,
    format_number,
    ngettext,
)
from converters.said import render as said_in

if TYPE_CHECKING:
    from assistant.chronicle.charts import Chart
    from assistant.chronicle.sheet import BattleSheet
    from assistant.chronicle.story import Chronicle

__all__ = [
    "FORMATS",
    "Format",
    "labels",
    "render_report",
    "render_sheet",
    "render_story",
    "write_document",
    "write_whole",
]

Format = Literal["md", "html", "pdf"]
FORMATS: tuple[Format, ...] = ("md", "html", "pdf")
"""The formats of ``castra report`` and ``castra sheet``."""

TEMPLATES = Path(__file__).parent / "templates"
"""Where the layouts live (shipped inside the package)."""

_LABELS: dict[str, str] = {
    "report": N_("Campaign chronicle"),
    "charts": N_("Charts"),
    "battles": N_("Battles"),
    "battle_of": N_("Battle of {place}"),
    "rules": N_("Rules"),
    "sides": N_("Sides"),
    "side_a": N_("side a"),
    "side_b": N_("side b"),
    "outcome": N_("Outcome"),
    "city_assault": N_("City assault: side b defended a city (T3.5)"),
    "dice": N_("Dice"),
    "table_game": N_("a table game, no die rolled"),
    "prestige_reason": N_("Prestige"),
    "morale": N_("Morale"),
    "note": N_("Note"),
    "recorded": N_("In the ledger"),
    "moves": N_("On the map"),
    "economy": N_("Recruitment, rebuilding, tribute and treasury"),
    "winter": N_("Winter"),
    "control": N_("Control checks (T5.7)"),
    "other": N_("Other events"),
    "notes": N_("Notes"),
    "quiet": N_("Nothing was recorded this turn."),
    "packet_none": N_("none this turn"),
    "nations_at_close": N_("The nations at the close of turn {turn}"),
    "journal": N_("Army journal (D1)"),
    "bellum": N_("Bellum standings (B2)"),
    "bellum_status": N_("The game is {status}."),
    "ghost": N_("Solo battles against the ghost"),
    "ghost_order": N_("Order now"),
    "ghost_last_order": N_("Last order"),
    "ghost_ended": N_("ended in turn {turn}"),
    "ghost_in_progress": N_("in progress"),
    "ghost_over": N_("The ghost has left the field."),
    "col_side": N_("side"),
    "col_nation": N_("nation"),
    "col_army": N_("army"),
    "col_pm": N_("PM"),
    "col_decimated": N_("decimated"),
    "col_prisoners": N_("prisoners"),
    "col_naval": N_("naval PM"),
    "col_ships_lost": N_("ships lost"),
    "col_captured": N_("captured"),
    "col_prestige": N_("prestige"),
    "col_land": N_("land PM"),
    "col_training": N_("training"),
    "col_treasury": N_("treasury PE"),
    "col_pp": N_("prestige PP"),
    "col_vp": N_("VP"),
    "col_turn": N_("turn"),
    "col_before": N_("before"),
    "col_after": N_("after"),
    "col_why": N_("why"),
    "col_rank": N_("rank"),
    "col_power": N_("power"),
    "col_centres": N_("centres"),
    "col_decided": N_("decided by"),
    "footer": N_("Made by Castra from the campaign ledger; undone events are left out."),
    # The battle sheet.
    "sheet": N_("Battle sheet"),
    "sheet_budget": N_("Budgets and army lists"),
    "per_pm": N_("{per_pm} {unit} per PM"),
    "cap": N_("Table cap"),
    "no_cap": N_("none"),
    "scaled": N_("both sides scaled by {scale}, rounded down (T1.7)"),
    "resolution": N_("How to resolve it (T1.8)"),
    "resolve_table": N_("on the table"),
    "resolve_dice": N_("by dice (T3)"),
    "break_points": N_("Break points"),
    "losses_table": N_("Result → campaign PM lost"),
    "losses_if_won": N_("PM lost if it wins"),
    "losses_if_lost": N_("PM lost if it loses"),
    "odds": N_("If fought by dice instead (T3.8, exact)"),
    "odds_a": N_("side a wins"),
    "odds_b": N_("side b wins"),
    "odds_draw": N_("neither wins"),
    "odds_expected": N_("expected PM left: side a {a}, side b {b}"),
    "odds_policy": N_("both sides fight to the end"),
    "result": N_("The result (write it in)"),
    "winner_box": N_("Winner"),
    "col_list": N_("army list"),
    "col_budget": N_("budget"),
    "col_commands": N_("commands"),
    "signatures": N_("Players' initials"),
}


def labels() -> dict[str, str]:
    """Every word the templates print, in the interface language."""
    return {key: _(text) for key, text in _LABELS.items()}


class _Written(str):
    """Text Castra itself wrote as Markdown (a file name, a signed figure): printed as is."""


_MD_INLINE = re.compile(r"([\\`*_\[\]<>&|~!#])")
"""What makes Markdown of text anywhere on a line: emphasis, code, links and images, raw HTML
and entities, table pipes, strikethrough."""

_MD_BLOCK = re.compile(r"^([#+\-=>])|^(\d+)([.)])")
"""What makes a block of text at the start of a line: a heading, a list item, a quote, a rule,
an ordered list."""


def _md_text(value: object) -> str:
    """``value`` as Markdown that reads as plain text (issue 28): every user string (a note, a
    place, a nation, an army) is printed, never run, and stays on its line.

    Jinja calls this for every ``{{ … }}`` of a Markdown template (``finalize``), so no value
    reaches the page unescaped; what Castra itself writes as Markdown is passed as
    :class:`_Written` and left alone. The specials are backslash-escaped, which CommonMark
    turns back into the character itself.
    """
    if isinstance(value, _Written | int | float):
        return str(value)  # a figure's sign starts no list in the middle of a row
    text = " ".join(str(value).splitlines()).strip()
    text = _MD_INLINE.sub(r"\\\1", text)
    return _MD_BLOCK.sub(lambda m: f"\\{m[1]}" if m[1] else f"{m[2]}\\{m[3]}", text)


def _md_cell(value: object) -> str:
    """A Markdown table cell: a line break in a note must not break the table (its pipes are
    escaped with every other special by :func:`_md_text`)."""
    return " ".join(str(value).splitlines())


def _signed(value: int) -> _Written:
    # Castra's own figure ("+5"), printed as it is: a leading sign is no list marker mid-row.
    return _Written(f"{value:+d}" if value else "0")


def _environment(*, markdown: bool = False) -> Any:
    import jinja2

    from armylists.names import nation_name

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=lambda name: name is not None and ".html" in name,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        finalize=_md_text if markdown else None,
    )
    environment.globals.update(_=_, ngettext=ngettext)
    environment.filters.update(cell=_md_cell, signed=_signed, named=nation_name)
    return environment


def _typst(template: str, data: dict[str, Any]) -> bytes:
    from assistant.chronicle.typeset import typeset

    return typeset(TEMPLATES / template, data)


def _image_name(stem: str, chart: Chart) -> str:
    return f"{stem}-{chart.key}.svg"


class Document:
    """A rendered report or sheet: the main file's content and any images to put beside it."""

    def __init__(self, content: str | bytes, images: dict[str, str] | None = None) -> None:
        self.content = content
        """Text (Markdown, HTML) or bytes (PDF)."""
        self.images = images or {}
        """File name → SVG, written beside a Markdown file."""


def render_story(chronicle: Chronicle) -> str:
    """The chronicle's text as Markdown without its charts: what the app's Chronicle screen
    shows (it draws its own charts in the terminal)."""
    content = render_report(chronicle, "md", with_charts=False).content
    assert isinstance(content, str)
    return content


def render_report(
    chronicle: Chronicle, fmt: Format, *, image_stem: str = "report", with_charts: bool = True
) -> Document:
    """The chronicle as ``fmt``; a Markdown report references its charts as
    ``<image_stem>-<chart>.svg`` files beside it."""
    from armylists.names import NATION_NAMES, nation_name
    from assistant.chronicle.charts import charts

    drawn: list[Chart] = charts(chronicle) if with_charts else []
    words = labels()
    shown = chronicle.scope.shown()
    chronicle = chronicle.model_copy(
        update={"scope": chronicle.scope.model_copy(update={"label": shown})}
    )
    closing = chronicle.history[-1].figures if chronicle.history else []
    if fmt == "pdf":
        from assistant.chronicle.typeset import typeset_report

        data = {
            "t": words,
            # The turns go to typst a part at a time; the history only feeds the charts.
            "chronicle": chronicle.model_dump(mode="json", exclude={"turns", "history", "map"}),
            "closing": [f.model_dump(mode="json") for f in closing],
            "names": {name: nation_name(name) for name in NATION_NAMES},
            "charts": [chart.model_dump() for chart in drawn],
            # typst's own words ("Figure 4") and the PDF's /Lang follow the report's language.
            "lang": current_language(),
        }
        turns = [turn.model_dump(mode="json") for turn in chronicle.turns]
        return Document(typeset_report(TEMPLATES / "report.typ", data, turns))
    template = _environment(markdown=fmt == "md").get_template(f"report.{fmt}.j2")
    images = {_image_name(image_stem, chart): chart.svg for chart in drawn}
    text = template.render(
        t=words,
        c=chronicle,
        charts=drawn,
        image_name=lambda chart: _Written(_image_name(image_stem, chart)),
        closing=closing,
        last_turn=chronicle.scope.last_turn,
    )
    return Document(_tidy(text), images if fmt == "md" else {})


_DECIMAL = re.compile(r"\d+\.\d+")


def _in_reader_numbers(text: str) -> str:
    """A figure the sheet keeps in English digits ("81.7 %", "1.71", the same in ``--json``)
    written the reader's way ("81,7 %")."""
    from decimal import Decimal

    return _DECIMAL.sub(
        lambda found: format_number(Decimal(found[0]), decimals=len(found[0].partition(".")[2])),
        text,
    )


def _in_reader_percent(text: str) -> str:
    """A sheet's percentage ("78.1 %", kept so in ``--json``) as the reader writes one: Italian
    puts no space before the sign ("78,1%", review P4/P5)."""
    figure, space, sign = text.rpartition(" ")
    if not (space and sign == "%"):
        return _in_reader_numbers(text)
    return _("{percent} %").format(percent=_in_reader_numbers(figure))


def _shown_sheet(sheet: BattleSheet) -> BattleSheet:
    """The sheet as the reader reads it: the table-or-dice advice (recorded text, T1.8) and the
    dice odds' decimals (T3.8) in the interface's language (issue 25, review P5)."""
    odds = sheet.odds
    if odds is not None:
        odds = odds.model_copy(
            update={
                **{name: _in_reader_numbers(getattr(odds, name)) for name in ("a_left", "b_left")},
                **{
                    name: _in_reader_percent(getattr(odds, name))
                    for name in ("a_wins", "b_wins", "neither")
                },
            }
        )
    from armylists.names import army_list_name

    sides = [
        side.model_copy(
            update={
                "contingents": [
                    c.model_copy(update={"army_list": army_list_name(c.army_list)})
                    for c in side.contingents
                ]
            }
        )
        for side in sheet.sides
    ]
    return sheet.model_copy(
        update={
            "reasons": [said_in(reason) for reason in sheet.told],
            "odds": odds,
            "sides": sides,
        }
    )


def render_sheet(sheet: BattleSheet, fmt: Format) -> Document:
    """One battle's sheet for the table as ``fmt`` (one A4 page)."""
    sheet = _shown_sheet(sheet)
    words = labels()
    if fmt == "pdf":
        return Document(_typst("sheet.typ", {"t": words, "sheet": sheet.model_dump(mode="json")}))
    template = _environment(markdown=fmt == "md").get_template(f"sheet.{fmt}.j2")
    return Document(_tidy(template.render(t=words, s=sheet)))


_BLANK_RUNS = re.compile(r"\n{3,}")


def _tidy(text: str) -> str:
    """At most one blank line in a row, whatever the template's conditionals left."""
    return _BLANK_RUNS.sub("\n\n", text)


def write_document(document: Document, out: Path, *, announce: Callable[[Path], None]) -> None:
    """Write the document to ``out`` and its images beside it; ``announce`` each file written.

    Each file is written whole to a temporary name and then renamed, so an interrupted report
    never leaves half a file where last week's was."""
    out.parent.mkdir(parents=True, exist_ok=True)
    for name, svg in document.images.items():
        target = out.parent / name
        write_whole(target, svg.encode("utf-8"))
        announce(target)
    content = document.content
    write_whole(out, content.encode("utf-8") if isinstance(content, str) else content)
    announce(out)


def write_whole(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` under a temporary name, then rename: never half a file."""
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_bytes(data)
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
