"""A small text chart of the ghost's gap over the turns of a solo battle (G2.2, G2.3).

Each turn is one line: a bar left of the zero line when the gap is against the ghost, right of
it when in his favour, with the personality's threshold marked on both sides, so a player sees
at a glance how close the ghost is to changing his orders. The widget draws the numbers it is
given (computed by :mod:`ghost`); it computes none.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from converters.i18n import _


class GhostGapChart(Static):
    """Gap % per ghost turn as horizontal bars around zero, thresholds marked with ┊."""

    DEFAULT_CSS = """
    GhostGapChart {
        height: auto;
    }
    """

    def __init__(self, *, half_width: int = 40, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.half_width = half_width
        """Characters on each side of the zero line."""
        self._gaps: list[tuple[int, float]] = []
        self._threshold = 0

    def show_gaps(self, gaps: list[tuple[int, float]], threshold: int) -> None:
        """Draw ``(turn, gap %)`` pairs against ``threshold`` % (the personality's, G2.3)."""
        self._gaps = list(gaps)
        self._threshold = threshold
        self.update(self._render_chart())

    def _render_chart(self) -> Text:
        if not self._gaps:
            return Text(_("No ghost turn yet: the gap chart starts with turn 1."), style="dim")
        # One scale for every line: the widest of the gaps and the threshold, so bars compare.
        widest = max([abs(gap) for _turn, gap in self._gaps] + [float(self._threshold), 1.0])
        per_char = widest / self.half_width
        mark = round(self._threshold / per_char) if self._threshold else None
        chart = Text()
        for turn, gap in self._gaps:
            cells = [" "] * (2 * self.half_width + 1)
            cells[self.half_width] = "│"
            if mark is not None and 0 < mark <= self.half_width:
                cells[self.half_width - mark] = "┊"
                cells[self.half_width + mark] = "┊"
            length = min(self.half_width, round(abs(gap) / per_char))
            chart.append(f"T{turn:<2} {gap:+6.1f}% ", style="bold")
            left = "".join(cells[: self.half_width])
            right = "".join(cells[self.half_width + 1 :])
            if gap < 0:
                bar_start = self.half_width - length
                chart.append(left[:bar_start])
                chart.append("█" * length, style="red")
                chart.append("│")
                chart.append(right)
            else:
                chart.append(left)
                chart.append("│")
                chart.append("█" * length, style="green")
                chart.append(right[length:])
            chart.append("\n")
        against, favour = _("← against the ghost"), _("for the ghost →")
        chart.append(
            " " * 12
            + f"{against:>{self.half_width}}│{favour:<{self.half_width}}  ┊ "
            + _("threshold ±{threshold}%").format(threshold=self._threshold),
            style="dim",
        )
        return chart
