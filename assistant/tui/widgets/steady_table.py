"""A DataTable that keeps the lines it drew when a restyle changed none of its colours.

Showing a screen again restyles every widget on it (Textual's ``update_styles`` on a screen's
resume), and a DataTable then forgets every line it has drawn and has Rich render each cell
anew: two thirds of a switch back to the Campaign screen (issue 26; ``benchmarks/table.py``).
Its drawn lines already depend on everything but its component classes' colours (its base
style, focus and hover are part of what each line is kept by), so when those colours are
what they were, the lines still hold and are kept.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.widget import Widget
from textual.widgets import DataTable

__all__ = ["SteadyTable"]


class SteadyTable(DataTable[Any]):
    """A DataTable that redraws its cells on a restyle only when its colours changed."""

    _colours: tuple[Style, ...] | None = None

    def notify_style_update(self) -> None:
        # As a widget does first: its style caches go, so the colours below are the new ones.
        Widget.notify_style_update(self)
        try:
            colours: tuple[Style, ...] | None = tuple(
                self.get_component_rich_style(name, partial=True)
                for name in sorted(self.COMPONENT_CLASSES)
            )
        except KeyError:  # styled for the first time: its classes' colours come after
            colours = None
        if colours is None or colours != self._colours:
            self._colours = colours
            super().notify_style_update()
