"""The Chronicle's story as lines laid out beforehand, drawn only where seen.

Rich lays out a whole campaign's Markdown story slowly (a five-year campaign of 10,000 events:
tens of seconds, most of it its tables), and a ``Static`` holding it had Rich do that on the
app's thread twice, once to measure its height and once to draw it, with every key waiting
(issue 26). Here the story is cut where a heading starts (where Rich's Markdown starts a new
block anyway, so the pieces laid out one by one read exactly as the whole: a test compares
them), each piece is laid out to lines at the pane's width off the app's thread
(:func:`story_pieces`, by the Chronicle's worker), and the view only keeps the lines and draws
the ones on screen, adding the later pieces' lines below as they come.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console
from rich.markdown import Markdown
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

__all__ = ["StoryView", "story_chunks", "story_pieces"]


def story_chunks(story: str) -> list[str]:
    """``story`` (the report's Markdown) cut before each heading: blocks Rich's Markdown lays
    out on their own and separates by one blank line, as it does inside one text."""
    chunks: list[list[str]] = [[]]
    for line in story.splitlines():
        if line.startswith("#") and any(text.strip() for text in chunks[-1]):
            chunks.append([])
        chunks[-1].append(line)
    return ["\n".join(lines) for lines in chunks if any(text.strip() for text in lines)]


def story_pieces(story: str, width: int) -> Iterator[tuple[list[Strip], int, int]]:
    """The story laid out at ``width`` columns a piece at a time: each piece's lines (the blank
    line before it included), with how many characters of the story are laid out so far and
    how many there are. A console of its own, set as Textual's is, so a worker thread shares
    nothing with the app's."""
    console = Console(
        width=max(1, width),
        color_system="truecolor",
        file=io.StringIO(),
        markup=False,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
    options = console.options.update_width(max(1, width)).update(highlight=False)
    chunks = story_chunks(story)
    total = sum(len(chunk) for chunk in chunks)
    done = 0
    for index, chunk in enumerate(chunks):
        lines = [Strip(line) for line in console.render_lines(Markdown(chunk), options, pad=False)]
        done += len(chunk)
        yield ([Strip([])] if index else []) + lines, done, total


class StoryView(ScrollView, can_focus=True):
    """Lines already laid out, scrolled by the arrows, the page keys, Home and End."""

    class Widened(Message):
        """The width the lines are drawn in changed (the story is laid out again for it)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Strip] = []
        self._width = 0

    def on_resize(self, _event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            self.post_message(self.Widened())

    @property
    def lines(self) -> list[Strip]:
        """The lines shown (a copy)."""
        return list(self._lines)

    @property
    def text(self) -> str:
        """What the lines read, one a line (for a reader's search, and the tests)."""
        return "\n".join(line.text.rstrip() for line in self._lines)

    def show(self, lines: list[Strip]) -> None:
        """Show ``lines`` in place of what was shown, from the top."""
        self._lines = list(lines)
        self._sized()
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    def add(self, lines: list[Strip]) -> None:
        """Add ``lines`` below those shown (the later pieces of the story)."""
        self._lines.extend(lines)
        self._sized()
        self.refresh()

    def _sized(self) -> None:
        widest = max((line.cell_length for line in self._lines), default=0)
        self.virtual_size = Size(widest, len(self._lines))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        style = self.rich_style
        width = self.scrollable_content_region.width
        if index >= len(self._lines):
            return Strip.blank(width, style)
        line = self._lines[index].crop_extend(scroll_x, scroll_x + width, None)
        return line.apply_style(style)
