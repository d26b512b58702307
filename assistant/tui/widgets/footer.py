"""The footer every Castra screen shows: Textual's, with its keys in the screen's first frame.

Textual's Footer shows no keys until the screen first reports its bindings, and then rebuilds
all its keys each time the bindings change; at start-up they change several times in a row
(screen mounted, focus moved, sub-title set …) and with a dozen keys that was most of the app's
start-up time. This footer builds its keys when it is composed, so the screen's first frame
already shows them, and afterwards rebuilds only when what it shows (key, label, enabled, group)
has changed, at most once per refresh. It is compact by default: a key is already compact when
built, so no key is restyled twice, and a dozen keys fit in 120 columns.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["CastraFooter"]


class CastraFooter(Footer):
    """A compact Footer, complete from the first frame, that recomposes only on a change."""

    _rebuild_pending = False
    _shown: tuple[Any, ...] | None = None

    def __init__(self, *, compact: bool = True) -> None:
        super().__init__(compact=compact)
        # The screen's bindings are known when the footer is composed: no need to wait for the
        # first "bindings changed" signal, which comes after the first frame.
        self.set_reactive(Footer._bindings_ready, True)

    def compose(self) -> ComposeResult:
        self._shown = self._what_to_show()
        yield from super().compose()

    def _what_to_show(self) -> tuple[Any, ...]:
        return tuple(
            (binding.key, binding.description, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if self.is_attached and self._what_to_show() != self._shown:
            await self.recompose()
