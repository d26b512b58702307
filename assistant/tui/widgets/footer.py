"""The footer every Castra screen shows: Textual's, rebuilt once per burst of binding changes.

Textual's Footer rebuilds all its keys each time the screen's bindings change, and at start-up
they change several times in a row (screen mounted, focus moved, sub-title set …): with a
dozen keys that was most of the app's start-up time. This footer coalesces the rebuilds that
arrive before the next refresh into one. It is compact by default: a key is already compact
when built, so no key is restyled twice, and a dozen keys fit in 120 columns.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["CastraFooter"]


class CastraFooter(Footer):
    """A compact Footer that recomposes at most once per refresh."""

    _rebuild_pending = False

    def __init__(self, *, compact: bool = True) -> None:
        super().__init__(compact=compact)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        await self.recompose()
