"""The footer every Castra screen shows: the keys that work here, on one line.

Textual's own Footer is a container of one widget per key (two styled parts each, plus groups
and labels). With a dozen keys that was about half the time the app took to show its first
screen, and it is rebuilt each time the bindings change. A wargamer needs the same line of keys,
not a widget per key: this footer is a single widget that draws the line from the screen's
active bindings each time it is refreshed, and refreshes when the bindings change (a form opens,
an action becomes unavailable). A click on a key presses it, as with Textual's footer.

Keys of one binding group (the screen keys ``c b d g j h a s``) are shown together with the
group's name, so all of a screen's keys fit in 120 columns. In a narrower terminal (80×24, or
Italian's longer words) a key is never shown without its word, which alone says what it does
(issue 25): the app-wide keys give way first (Quit, real dice, the screen keys), then the
screen's own from the right, and Help, always shown, is then labelled "More keys", since F1
lists every key of every screen with its word. The footer stays one line: at 24 rows a second
one would cost every screen a row (docs/translating.md, L3).
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from converters.i18n import N_, _, key_label

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["APP_KEY", "HELP_KEY", "MORE_KEYS", "SCREEN_KEY", "CastraFooter", "FooterEntry"]

HELP_KEY, SCREEN_KEY, APP_KEY = 0, 1, 2
"""The footer's places: Help (always shown), the screen's own keys, the app-wide keys."""

MORE_KEYS = N_("More keys")
"""Help's label when the footer has left keys out (F1 lists them all)."""

_SEPARATORS = ("  ", " ")
"""Between two keys: two spaces, or one when a screen's keys would not fit otherwise."""


class FooterEntry(NamedTuple):
    """One item of the footer: a key (or a group's keys) and what it does."""

    keys: tuple[tuple[str, str, bool], ...]
    """(key, how the key is written, whether it does something now) of each key in the entry."""
    description: str
    """What the key does (for a group, the group's name)."""
    enabled: bool
    """False when no key of the entry does anything right now (drawn dim)."""
    tooltip: str
    """A longer word on the key, shown when the mouse rests on it (may be empty)."""
    place: int = SCREEN_KEY
    """Which gives way first when the line is too narrow: :data:`APP_KEY` before
    :data:`SCREEN_KEY`; :data:`HELP_KEY` never."""


class CastraFooter(Widget, can_focus=False):
    """One line of keys at the bottom of a screen, redrawn when the screen's bindings change."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"castra-footer--key", "castra-footer--description"}
    """The key's letters, and the word after them (styled in castra.tcss)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh()

    def entries(self) -> list[FooterEntry]:
        """What the footer shows now, left to right (the same bindings as Textual's footer)."""
        shown: dict[str, FooterEntry] = {}
        groups: dict[str, object] = {}
        for node, binding, enabled, tooltip in self.screen.active_bindings.values():
            # Two keys for one action (f1 and ? for Help) show once, as Textual's footer does.
            if not binding.show or binding.action in shown:
                continue
            place = (
                HELP_KEY
                if binding.action == "help"
                else APP_KEY
                if node is self.app
                else SCREEN_KEY
            )
            # Descriptions are declared in English (N_) and said in the active language.
            shown[binding.action] = FooterEntry(
                ((binding.key, self.app.get_key_display(binding), enabled),),
                key_label(binding.description),
                enabled,
                _(tooltip or binding.tooltip) if (tooltip or binding.tooltip) else "",
                place,
            )
            groups[binding.action] = binding.group
        entries: list[FooterEntry] = []
        for group, members in groupby(shown.items(), key=lambda item: groups[item[0]]):
            items = [entry for _action, entry in members]
            if group is not None and len(items) > 1:
                entries.append(
                    FooterEntry(
                        tuple(key for entry in items for key in entry.keys),
                        _(group.description),  # type: ignore[attr-defined]
                        any(entry.enabled for entry in items),
                        " · ".join(f"{entry.keys[0][1]} {entry.description}" for entry in items),
                        max(entry.place for entry in items),
                    )
                )
            else:
                entries.extend(items)
        return entries

    def render(self) -> Text:
        return self._line(*self.fitted())

    def fitted(self) -> tuple[list[FooterEntry], str]:
        """The entries the line shows at the footer's width, and the separator between them:
        every entry with its word when they fit; else the fewest left out (app-wide keys
        first, then the screen's from the right) with Help saying "More keys"; in a terminal
        too narrow even for that, every key without the words at the right."""
        entries = self.entries()
        width = self.content_size.width
        # The widths are counted before any line is built: at 80 columns a dozen tries.
        give_way = sorted(
            (n for n, entry in enumerate(entries) if entry.place != HELP_KEY),
            key=lambda n: (-entries[n].place, -n),
        )
        for left_out in range(len(give_way) + 1):
            out = set(give_way[:left_out])
            tried = [
                entry._replace(description=_(MORE_KEYS))
                if out and entry.place == HELP_KEY
                else entry
                for n, entry in enumerate(entries)
                if n not in out
            ]
            for separator in _SEPARATORS:
                if _width(tried, separator) <= width:
                    return tried, separator
        shown, separator = entries, _SEPARATORS[-1]
        for bare in range(len(entries) + 1):
            kept = len(entries) - bare
            shown = entries[:kept] + [entry._replace(description="") for entry in entries[kept:]]
            if _width(shown, separator) <= width:
                break
        return shown, separator

    def _line(self, entries: list[FooterEntry], separator: str) -> Text:
        key_style = self.get_component_rich_style("castra-footer--key", partial=True)
        description_style = self.get_component_rich_style(
            "castra-footer--description", partial=True
        )
        dim = Style(dim=True)
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        for number, entry in enumerate(entries):
            if number:
                line.append(separator)
            for position, (key, shown_as, enabled) in enumerate(entry.keys):
                if position:
                    line.append(" ")
                line.append(
                    shown_as,
                    key_style
                    + (Style() if enabled else dim)
                    + Style(meta={"key": key, "tooltip": entry.tooltip}),
                )
            if not entry.description:
                continue
            line.append(
                f" {entry.description}",
                description_style
                + (Style() if entry.enabled else dim)
                + Style(meta={"tooltip": entry.tooltip}),
            )
        return line

    def on_click(self, event: events.Click) -> None:
        key = event.style.meta.get("key")
        if key is None:
            return
        event.stop()
        enabled = {
            shown_key: key_enabled
            for entry in self.entries()
            for shown_key, _shown, key_enabled in entry.keys
        }
        if enabled.get(key, False):
            self.app.simulate_key(key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.tooltip = event.style.meta.get("tooltip") or None


def _width(entries: list[FooterEntry], separator: str) -> int:
    """Columns the footer line of ``entries`` takes (as :meth:`CastraFooter._line` draws it)."""
    width = cell_len(separator) * max(0, len(entries) - 1)
    for entry in entries:
        width += sum(cell_len(shown_as) for _key, shown_as, _enabled in entry.keys)
        width += len(entry.keys) - 1
        if entry.description:
            width += 1 + cell_len(entry.description)
    return width
