"""A checkbox a player can read by its shape: ✓ when ticked, empty when not, whatever the colours.

Textual's checkbox shows the same X either way and tells the two apart by colour only, which
a colour-blind player, a monochrome terminal or a glance across the table can miss.
"""

from __future__ import annotations

from textual.widgets import Checkbox

__all__ = ["TICKED", "UNTICKED", "TickBox"]

TICKED = "✓"
"""What a ticked box shows."""
UNTICKED = " "
"""What an unticked box shows."""


class TickBox(Checkbox):
    """A :class:`~textual.widgets.Checkbox` whose box shows ✓ or nothing (messages unchanged)."""

    def on_mount(self) -> None:
        self.watch(self, "value", self._show_tick, init=True)

    def _show_tick(self, value: bool) -> None:
        self.BUTTON_INNER = TICKED if value else UNTICKED
        self.refresh()
