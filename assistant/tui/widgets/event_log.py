"""The History's event log: every event of the campaign, newest first, drawn only where seen.

A DataTable keeps its rows in order by sorting them and works out every row's place again
after each change: on 10,000 events, a later visit of the History after one new event cost
~130 ms for one row (issue 26; ``benchmarks/table.py``), its own sort and offsets over all
rows. The log's rows only ever come newest on top, so this table keeps them oldest first in a
list, adds a new one at the end, and draws a screen line from the row it shows: adding a row
costs the same on 10 events as on 10,000, and a visit draws only the rows on screen. Each row
is drawn as the campaign's tables are (:class:`GlanceTable`'s look: DataTable's columns,
stripes and cursor), and a drawn line is kept until the row, its stripe or the cursor on it
changes.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip

from assistant.tui.widgets.glance_table import Cell, GlanceColumn, GlanceTable

__all__ = ["EventLog"]

MOST_KEPT_LINES = 4096
"""Drawn lines kept for drawing again (a few screens of scrolling); forgotten all at once."""


class EventLog(GlanceTable, can_focus=True):
    """Rows newest first, a row cursor moved by the arrows, the page keys, Home and End."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "cursor(-1_000_000_000)", show=False),
        Binding("end", "cursor(1_000_000_000)", show=False),
        Binding("left", "scroll_left", show=False),
        Binding("right", "scroll_right", show=False),
    ]

    class Highlighted(Message):
        """The cursor is on another row (``key`` is that row's; None for an empty log)."""

        def __init__(self, log: EventLog, key: str | None) -> None:
            super().__init__()
            self.log = log
            self.key = key

        @property
        def control(self) -> EventLog:
            return self.log

    def __init__(self, columns: list[GlanceColumn], *, id: str | None = None) -> None:
        super().__init__(columns, [], zebra_stripes=True, id=id)
        self._oldest_first: list[str] = []
        """The rows' keys, oldest first (the last is drawn on top)."""
        self._cells: dict[str, list[Cell]] = {}
        self._lines: dict[tuple[str, bool, bool, int, int], Strip] = {}

    @property
    def row_count(self) -> int:
        return len(self._oldest_first)

    def key_at(self, index: int) -> str:
        """The key of the row ``index`` places from the top (0: the newest)."""
        return self._oldest_first[-1 - index]

    def get_row_at(self, index: int) -> list[Cell]:
        """The cells of the row ``index`` places from the top."""
        return self._cells[self.key_at(index)]

    def add_newest(self, key: str, cells: list[Cell]) -> None:
        """Put a row on top (the cursor stays where it is on screen, as in a DataTable)."""
        self._oldest_first.append(key)
        self._cells[key] = cells
        self._resized()

    def update_row(self, key: str, cells: list[Cell]) -> None:
        """Draw the row ``key`` with new cells (an undo struck it through)."""
        self._cells[key] = cells
        self._lines = {line: strip for line, strip in self._lines.items() if line[0] != key}
        self.refresh()

    def clear(self) -> None:
        """No rows (another reader at the keyboard, or another file)."""
        self._oldest_first = []
        self._cells = {}
        self._lines = {}
        self.cursor_row = 0
        self._resized()

    def move_cursor(self, row: int) -> None:
        """Put the cursor on ``row`` (kept within the log), in view, and say so."""
        last = max(0, self.row_count - 1)
        self.cursor_row = min(max(0, row), last)
        shown = max(1, self.size.height - self.header_height)
        top = int(self.scroll_offset.y)
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False)
        elif self.cursor_row >= top + shown:
            self.scroll_to(y=self.cursor_row - shown + 1, animate=False)
        self.refresh()
        key = self.key_at(self.cursor_row) if self.row_count else None
        self.post_message(self.Highlighted(self, key))

    def action_cursor(self, by: int) -> None:
        self.move_cursor(self.cursor_row + by)

    def action_page(self, by: int) -> None:
        self.move_cursor(self.cursor_row + by * max(1, self.size.height - self.header_height))

    def on_click(self, event: events.Click) -> None:
        if event.y >= self.header_height:
            self.move_cursor(event.y - self.header_height + int(self.scroll_offset.y))

    def on_focus(self) -> None:
        self.add_class("-focused")

    def on_blur(self) -> None:
        self.remove_class("-focused")

    def notify_style_update(self) -> None:
        # The lines drawn so far have the old colours.
        self._lines = {}
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        # The headings stay at the top; below them, the rows from the scrolled-to one.
        if y < self.header_height:
            return super().render_line(y)
        index = y - self.header_height + int(self.scroll_offset.y)
        if index >= self.row_count:
            return Strip.blank(self.size.width, self.rich_style)
        key = self.key_at(index)
        line = (key, index % 2 == 0, index == self.cursor_row, self.size.width)
        kept = (*line, int(self.scroll_offset.x))
        if kept not in self._lines:
            if len(self._lines) >= MOST_KEPT_LINES:
                self._lines = {}
            self._lines[kept] = self.draw_row(index)
        return self._lines[kept]

    def cells_at(self, index: int) -> list[Cell] | None:
        return self.get_row_at(index) if index < self.row_count else None

    def _resized(self) -> None:
        self.virtual_size = Size(self.table_width, self.header_height + self.row_count)
        self.refresh()
