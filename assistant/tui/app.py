"""The Castra app: one campaign ledger, one dice service, and the screens a player moves between.

Navigation uses Textual *modes*: each top-level screen (Campaign, Battle desk, Dice battle, Ghost,
Journal, History) is the base of its own screen stack, so leaving a half-filled battle desk for
the History and coming back finds it exactly as it was. Forms and the die-entry dialog are modal
screens pushed on the current mode's stack; while one is open the navigation keys are disabled
(``check_action``) so a form is finished or cancelled before the player moves on. Help is pushed
on top of whatever is showing and Escape returns there.

``make_app`` builds the app for the command line, ``castra serve`` and the tests alike.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from assistant.tui.dice import AppDice, DiceService
from assistant.tui.messages import DiceModeChanged, LedgerChanged
from assistant.tui.screens.campaign import (
    AdvanceTurnForm,
    CampaignScreen,
    RebuildForm,
    RecruitForm,
    WinterTurnForm,
)
from assistant.tui.screens.die_entry import DieEntryScreen
from assistant.tui.screens.help import HelpScreen
from assistant.tui.screens.history import HistoryScreen, UndoForm

__all__ = ["NAVIGATION", "CastraApp", "make_app"]

NAVIGATION: tuple[tuple[str, str, str], ...] = (
    ("c", "campaign", "Campaign"),
    ("b", "battle", "Battle desk"),
    ("d", "dice", "Dice battle"),
    ("g", "ghost", "Ghost"),
    ("j", "journal", "Journal"),
    ("h", "history", "History"),
)
"""(key, mode, title) of every top-level screen, in footer order."""


def _screen_class(module: str, name: str) -> type[Screen[Any]]:
    screen_class: type[Screen[Any]] = getattr(
        importlib.import_module(f"assistant.tui.screens.{module}"), name
    )
    return screen_class


def _later(module: str, name: str) -> Callable[[], Screen[Any]]:
    """A mode's screen, imported the first time the player goes there.

    The battle desk, dice battle, ghost and journal pull in most of the converters and the
    ghost; importing them only when visited keeps start-up close to a bare Textual app.
    """

    def build() -> Screen[Any]:
        return _screen_class(module, name)()

    build.__name__ = name
    return build


_NAVIGATION_ACTIONS = {"switch_mode", "help", "toggle_physical"}

# One footer entry "c b d g j h Screens" instead of six: with a screen's own keys the footer
# would overflow 120 columns and hide Help and Quit. Each key's name is in Help (F1).
_SCREENS_GROUP = Binding.Group("Screens")


class CastraApp(App[int]):
    """The campaign assistant: holds the ledger's store and the dice; screens read them."""

    CSS_PATH = "castra.tcss"
    TITLE = "Castra"
    ENABLE_COMMAND_PALETTE = False
    MODES: ClassVar[dict[str, Any]] = {
        "campaign": CampaignScreen,
        "battle": _later("battle_desk", "BattleDeskScreen"),
        "dice": _later("dice_battle", "DiceBattleScreen"),
        "ghost": _later("ghost", "GhostScreen"),
        "journal": _later("journal", "JournalScreen"),
        "history": HistoryScreen,
    }
    DEFAULT_MODE = "campaign"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"switch_mode('{mode}')", title, group=_SCREENS_GROUP)
            for key, mode, title in NAVIGATION
        ),
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("p", "toggle_physical", "Real dice", tooltip="Physical-dice mode on/off"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        store: Any,
        *,
        physical_dice: bool = False,
        seed: int | None = None,
        campaign_note: str | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        """The campaign ledger (``assistant.ledger.store.CampaignStore``) every screen reads."""
        self.dice = DiceService(self, seed=seed, physical=physical_dice)
        """Where every roll comes from, and the session's log of rolls."""
        self.campaign_note = campaign_note
        """A one-off word about the campaign file (e.g. that it was just created), or None."""

    # -- what screens call -------------------------------------------------------------

    def dice_for(self, purpose_prefix: str = "") -> AppDice:
        """A :class:`converters.dice.Dice` for one piece of work; see :mod:`assistant.tui.dice`."""
        return self.dice.dice_for(purpose_prefix)

    def help_screens(self) -> list[tuple[str, type]]:
        """(title, class) of every screen and form, in the order the Help screen lists them."""
        classes: dict[str, type] = {
            "campaign": CampaignScreen,
            "battle": _screen_class("battle_desk", "BattleDeskScreen"),
            "dice": _screen_class("dice_battle", "DiceBattleScreen"),
            "ghost": _screen_class("ghost", "GhostScreen"),
            "journal": _screen_class("journal", "JournalScreen"),
            "history": HistoryScreen,
        }
        screens: list[tuple[str, type]] = [(title, classes[mode]) for _, mode, title in NAVIGATION]
        screens += [
            ("Advance-turn form", AdvanceTurnForm),
            ("Winter-turn form", WinterTurnForm),
            ("Rebuild form", RebuildForm),
            ("Recruit form", RecruitForm),
            ("Undo form", UndoForm),
            ("Die entry (physical dice)", DieEntryScreen),
            ("Help", HelpScreen),
        ]
        return screens

    # -- lifecycle -----------------------------------------------------------------------

    def on_mount(self) -> None:
        self._show_sub_title()
        if self.campaign_note:
            self.notify(self.campaign_note, title="Campaign")

    def exit(self, *args: Any, **kwargs: Any) -> None:
        # A worker blocked on a physical die would keep the process alive after the app closes.
        self.dice.cancel_waiting()
        super().exit(*args, **kwargs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Navigation waits until an open form or die-entry dialog is finished or cancelled."""
        return not (action in _NAVIGATION_ACTIONS and isinstance(self.screen, ModalScreen))

    # -- actions ---------------------------------------------------------------------------

    async def action_switch_mode(self, mode: str) -> None:
        """Go to a top-level screen; Help closes first so it is not found there on return."""
        if isinstance(self.screen, HelpScreen) and len(self.screen_stack) > 1:
            self.pop_screen()
        self.switch_mode(mode)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        else:
            self.push_screen(HelpScreen())

    def action_toggle_physical(self) -> None:
        """Physical-dice mode on/off: from now on every roll asks for (or rolls) the face."""
        self.dice.physical = not self.dice.physical
        self._show_sub_title()
        state = "on: you will be asked for each die" if self.dice.physical else "off"
        self.notify(f"Physical dice {state}", title="Dice")
        self.post_message(DiceModeChanged(self.dice.physical))

    # -- messages up ---------------------------------------------------------------------------

    @on(LedgerChanged)
    def _ledger_changed(self, message: LedgerChanged) -> None:
        """Every screen showing campaign data re-reads the store; say what happened."""
        for stack in self._screen_stacks.values():
            for screen in stack:
                refresh = getattr(screen, "refresh_from_store", None)
                if callable(refresh):
                    refresh()
        self._show_sub_title()
        if message.summary:
            self.notify(message.summary)

    # -- helpers -------------------------------------------------------------------------------

    def _show_sub_title(self) -> None:
        if self.dice.physical:
            dice = "physical dice"
        elif self.dice.seed is None:
            dice = "rolled dice"
        else:
            dice = f"rolled dice (seed {self.dice.seed})"
        self.sub_title = f"{self.campaign_label()} · {dice}"

    def campaign_label(self) -> str:
        """The campaign file's name, marked "new" when this session created it."""
        path = getattr(self.store, "path", None)
        name = Path(path).name if path is not None else "campaign"
        return f"{name} (new)" if self.campaign_note else name


def make_app(
    store: Any,
    *,
    physical_dice: bool = False,
    seed: int | None = None,
    campaign_note: str | None = None,
) -> CastraApp:
    """The app on ``store`` (an open ``CampaignStore``); the CLI, ``serve`` and tests use this.

    ``seed`` fixes every roll of the session (tests, snapshots); ``physical_dice`` starts in
    physical-dice mode; ``campaign_note`` is shown once at start (e.g. "created …").
    """
    return CastraApp(store, physical_dice=physical_dice, seed=seed, campaign_note=campaign_note)
