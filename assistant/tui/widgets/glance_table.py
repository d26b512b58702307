"""A table drawn once, as the Campaign screen's tables look, for the app's first frame.

The Campaign screen lists nations and recent events in DataTables: a cursor to pick a nation,
scrolling, clicks. A DataTable settles its size over several refreshes after its rows arrive,
and each one lays out and draws the screen again: about a tenth of the time the app took to
show the campaign (benchmarks/startup.py). Until the campaign file is open, though, nothing can
be picked, so the first frame shows the campaign's glance (kept in the file, see
:mod:`assistant.ledger.glance`) in this table instead: the same columns, widths, colours,
stripes and cursor row, drawn in one go. The screen swaps in the DataTables once the file is
open, a moment later, and nothing on screen moves
(tests/tui/test_first_frame.py compares the two frames).

It draws as Textual's DataTable 8 does (its ``_render_line_in_row``): each cell padded by one
column on each side, the header in ``--header``, even rows striped, the cursor row in
``--cursor`` up to the right edge. Its colours are DataTable's, in castra.tcss.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

__all__ = ["GlanceColumn", "GlanceTable"]

Cell = str | Text

PADDING = 1
"""Columns of space on each side of a cell, as DataTable's ``cell_padding``."""


class GlanceColumn:
    """A column: its heading (lines split by ``\\n``) and a fixed width, or None to fit."""

    __slots__ = ("heading", "width")

    def __init__(self, heading: str, width: int | None = None) -> None:
        self.heading = heading
        self.width = width


class GlanceTable(ScrollView, can_focus=False):
    """Rows under headings, drawn as a DataTable draws them; nothing to select or scroll."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "glance-table--header",
        "glance-table--even-row",
        "glance-table--odd-row",
        "glance-table--cursor",
    }
    """DataTable's header, row and cursor looks (castra.tcss)."""

    def __init__(
        self,
        columns: list[GlanceColumn],
        rows: list[list[Cell]],
        *,
        header_height: int = 1,
        zebra_stripes: bool = False,
        focused: bool = False,
        keys: list[str | None] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="-focused" if focused else "")
        self.columns = columns
        self.rows = rows
        self.keys = keys or [None] * len(rows)
        """Each row's key, as the DataTable that takes over will have them (the cursor row's
        is what a key pressed before then acts on)."""
        self.header_height = header_height
        self.zebra_stripes = zebra_stripes
        self.widths = [
            column.width
            if column.width is not None
            else max(
                [Text(line).cell_len for line in column.heading.split("\n")]
                + [_cell_text(row[index]).cell_len for row in rows]
            )
            for index, column in enumerate(columns)
        ]
        self.table_width = sum(self.widths) + 2 * PADDING * len(self.widths)
        """Columns the table takes, padding included: wider than the screen, it scrolls."""
        self.virtual_size = Size(self.table_width, header_height + len(rows))
        self._drawn: dict[tuple[int, int, int], Strip] = {}
        self.cursor_row = 0
        """The row drawn in the cursor's colours (the first: what a key pressed before the
        tables are live acts on)."""

    def notify_style_update(self) -> None:
        # The lines drawn so far have the old colours.
        self._drawn.clear()
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        # The screen is laid out and drawn a few times before its first frame settles: each
        # line is drawn once per width.
        key = (y, self.size.width, int(self.scroll_offset.x))
        if key not in self._drawn:
            self._drawn[key] = self._draw_line(y)
        return self._drawn[key]

    def _draw_line(self, y: int) -> Strip:
        if y >= self.header_height:
            return self.draw_row(y - self.header_height)
        style = self.get_component_styles("glance-table--header").rich_style
        cells: list[Cell] = [
            (column.heading.split("\n") + [""] * self.header_height)[y] for column in self.columns
        ]
        return self._drawn_cells(cells, style, Style(), style, -1)

    def draw_row(self, index: int) -> Strip:
        """Row ``index`` (the first under the headings is 0) as a line of the table's width."""
        cells = self.cells_at(index)
        if cells is None:
            return Strip.blank(self.size.width, self.rich_style)
        style = (
            self.get_component_styles(
                "glance-table--even-row" if index % 2 == 0 else "glance-table--odd-row"
            ).rich_style
            if self.zebra_stripes
            else self.rich_style
        )
        cursor = (
            self.get_component_rich_style("glance-table--cursor")
            if index == self.cursor_row
            else Style()
        )
        return self._drawn_cells(cells, style, cursor, style + cursor, index)

    def cells_at(self, index: int) -> list[Cell] | None:
        """The cells of row ``index``, or None below the last row."""
        return self.rows[index] if index < len(self.rows) else None

    def _drawn_cells(
        self, cells: list[Cell], style: Style, cursor: Style, extend: Style, row: int
    ) -> Strip:
        """``cells`` padded to their columns in ``style`` (and ``cursor``), the rest of the
        width in ``extend``; ``row`` is where they are (-1 for the headings), for clicks."""
        width = self.size.width
        base = self.rich_style
        segments: list[Segment] = []
        pad = " " * PADDING
        for column, (cell, cell_width) in enumerate(zip(cells, self.widths, strict=True)):
            # Each cell carries where it is, as DataTable's do (it draws them apart).
            cell_style = style + Style.from_meta({"row": row, "column": column}) + cursor
            if isinstance(cell, str) and cell_len(cell) <= cell_width:
                # Most cells: words and numbers that fit, in the row's style.
                segments.append(Segment(pad + set_cell_size(cell, cell_width) + pad, cell_style))
                continue
            if isinstance(cell, Text) and not cell.spans:
                # An event's summary: one style over its words, cut with "…" if too long.
                plain = cell.plain
                if cell_len(plain) > cell_width:
                    plain = set_cell_size(plain, cell_width - 1) + "…"
                own = Style.parse(cell.style) if isinstance(cell.style, str) else cell.style
                # The room after the words is not theirs: an undone event's strike stops there.
                segments += [
                    Segment(pad, cell_style),
                    Segment(plain, cell_style + own),
                    Segment(" " * (cell_width - cell_len(plain)) + pad, cell_style),
                ]
                continue
            text = _cell_text(cell).copy()
            text.truncate(cell_width, overflow="ellipsis", pad=True)
            text.no_wrap = True
            padded = Text(pad) + text + Text(pad)
            segments.extend(Segment.apply_style(padded.render(self.app.console), style=cell_style))
        extend += Style.from_meta({"row": row, "column": 0, "out_of_bounds": True})
        segments.append(Segment(" " * max(0, width - self.table_width), extend))
        scrolled = int(self.scroll_offset.x)
        line = Strip(segments).crop(scrolled, scrolled + width)
        return line.adjust_cell_length(width, base).simplify()


def _cell_text(cell: Cell) -> Text:
    """A cell as DataTable takes it: text as given (no markup in the campaign's cells)."""
    return Text(cell) if isinstance(cell, str) else cell
