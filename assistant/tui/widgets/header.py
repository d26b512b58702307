"""The line at the top of every Castra screen: which screen, which campaign file, which dice.

Textual's Header is four widgets (an icon that opens the command palette, which Castra does
not use, the title, and room for a clock). One line of text does the same job for a player at
the table, and is styled and drawn in a fraction of the time, which counts on the first frame.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from converters.i18n import _

__all__ = ["CastraHeader"]


class CastraHeader(Widget, can_focus=False):
    """Screen title — sub-title (the campaign file, and rolled or real dice), centred."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"castra-header--sub-title"}
    """The sub-title's part of the line (styled in castra.tcss)."""

    def on_mount(self) -> None:
        # The app's sub-title changes when the campaign opens and when the dice mode changes.
        for node in (self.app, self.screen):
            for attribute in ("title", "sub_title"):
                self.watch(node, attribute, self._changed, init=False)

    def _changed(self) -> None:
        self.refresh()

    def _title_and_sub_title(self) -> tuple[str, str]:
        # Titles are declared in English (TITLE = N_("Help")) and said in the active language.
        return (
            _(self.screen.title or self.app.title),
            self.screen.sub_title or self.app.sub_title,
        )

    def render(self) -> Text:
        title, sub_title = self._title_and_sub_title()
        line = Text(title, no_wrap=True, overflow="ellipsis", end="")
        if sub_title:
            line.append(" — ")
            line.append(
                sub_title,
                self.get_component_rich_style("castra-header--sub-title", partial=True),
            )
        return line
