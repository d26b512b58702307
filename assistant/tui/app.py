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

import asyncio
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual._context import active_app
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from assistant.tui.dice import DiceService
from assistant.tui.messages import DiceModeChanged, LedgerChanged
from assistant.tui.screens.campaign import CampaignScreen

if TYPE_CHECKING:
    from assistant.tui.dice import AppDice

# Start-up: this module imports Textual and nothing heavy of ours. The other screens, the
# forms and the ledger (pydantic, the converters) are imported when first needed, and the
# campaign file is opened in a thread once the first frame is on screen (``_open_campaign``).

__all__ = ["NAVIGATION", "CastraApp", "make_app"]

NAVIGATION: tuple[tuple[str, str, str], ...] = (
    ("c", "campaign", "Campaign"),
    ("b", "battle", "Battle desk"),
    ("d", "dice", "Dice battle"),
    ("g", "ghost", "Ghost"),
    ("j", "journal", "Journal"),
    ("h", "history", "History"),
    ("a", "annibui", "ANNI BUI"),
    ("s", "bellum", "Bellum standings"),
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
        return _styled_as_current(_screen_class(module, name)())

    build.__name__ = name
    return build


def _styled_as_current(screen: Screen[Any]) -> Screen[Any]:
    """Tell Textual that a new mode screen is styled by the stylesheet as it stands.

    Textual counts stylesheet updates (a theme change, say) so that it can restyle a screen
    that missed one, and a new screen starts at -1: the first time each mode was shown, Textual
    re-parsed the whole stylesheet and cleared its parse cache, so it was parsed three times
    before the first frame (about 20 ms) and again on the first visit to each screen. A new
    screen has missed nothing (its widgets are styled as they mount), so it starts current;
    later theme changes still count against it.

    That re-parse also styled the app itself, which Textual otherwise does only after it has
    set up the first screen: the app is styled here first, or the first screen's text would
    be drawn without the theme's colours (Textual caches a widget's colours against its own
    styles, not its parents').
    """
    app = active_app.get()
    app.stylesheet.apply(app)  # one node; unchanged styles are left as they are
    screen._css_update_count = app._css_update_count
    return screen


def _is_help(screen: Screen[Any]) -> bool:
    # Help is imported when first opened: until then no screen can be the Help screen.
    help_module = sys.modules.get("assistant.tui.screens.help")
    return help_module is not None and isinstance(screen, help_module.HelpScreen)


_NAVIGATION_ACTIONS = {"switch_mode", "help", "toggle_physical"}

# One footer entry "c b d g j h a s Screens" instead of eight: with a screen's own keys the footer
# would overflow 120 columns and hide Help and Quit. Each key's name is in Help (F1).
_SCREENS_GROUP = Binding.Group("Screens")


class CastraApp(App[int]):
    """The campaign assistant: holds the ledger's store and the dice; screens read them."""

    CSS_PATH = "castra.tcss"
    TITLE = "Castra"
    ENABLE_COMMAND_PALETTE = False
    MODES: ClassVar[dict[str, Any]] = {
        "campaign": lambda: _styled_as_current(CampaignScreen()),
        "battle": _later("battle_desk", "BattleDeskScreen"),
        "dice": _later("dice_battle", "DiceBattleScreen"),
        "ghost": _later("ghost", "GhostScreen"),
        "journal": _later("journal", "JournalScreen"),
        "history": _later("history", "HistoryScreen"),
        "annibui": _later("annibui", "AnniBuiScreen"),
        "bellum": _later("bellum", "BellumScreen"),
        "chronicle": _later("chronicle", "ChronicleScreen"),
    }
    DEFAULT_MODE = "campaign"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"switch_mode('{mode}')", title, group=_SCREENS_GROUP)
            for key, mode, title in NAVIGATION
        ),
        # Not in the footer's "Screens" group, which fills 80 columns already; Help lists it.
        Binding("o", "switch_mode('chronicle')", "Chronicle", show=False),
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("p", "toggle_physical", "Real dice", tooltip="Physical-dice mode on/off"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        store: Any = None,
        *,
        physical_dice: bool = False,
        seed: int | None = None,
        campaign_note: str | None = None,
        campaign_path: str | Path | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        """The campaign ledger (``assistant.ledger.store.CampaignStore``) every screen reads;
        None while the campaign file is still being opened (see :meth:`campaign_loaded`)."""
        self.dice = DiceService(self, seed=seed, physical=physical_dice)
        """Where every roll comes from, and the session's log of rolls."""
        self.campaign_note = campaign_note
        """A one-off word about the campaign file (e.g. that it was just created), or None."""
        self.campaign_path = campaign_path
        """The file to open when no store was given (None: the default campaign)."""
        self.campaign_error: str | None = None
        """Why the campaign file could not be opened (one line), or None."""
        self._campaign_settled = asyncio.Event()
        self._waiting_for_campaign: list[Callable[[], object]] = []
        if store is not None:
            self._campaign_settled.set()

    # -- what screens call -------------------------------------------------------------

    async def campaign_loaded(self) -> bool:
        """Wait until the campaign file is open (at once if it already is); False if it failed.

        Not for actions: an action awaiting this would hold up the very message that hands the
        store over. Actions use :meth:`when_campaign_loaded`.
        """
        await self._campaign_settled.wait()
        return self.store is not None

    def when_campaign_loaded(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` now if the campaign is open, else as soon as it is (never, if it
        cannot be opened): a key pressed in the fraction of a second before the file is open
        is carried out then, not lost."""
        if self.store is not None:
            callback()
        elif not self._campaign_settled.is_set():
            self._waiting_for_campaign.append(callback)

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
            "history": _screen_class("history", "HistoryScreen"),
            "annibui": _screen_class("annibui", "AnniBuiScreen"),
            "bellum": _screen_class("bellum", "BellumScreen"),
        }
        screens: list[tuple[str, type]] = [(title, classes[mode]) for _, mode, title in NAVIGATION]
        screens.append(("Chronicle", _screen_class("chronicle", "ChronicleScreen")))
        screens += [
            ("Advance-turn form", _screen_class("campaign_forms", "AdvanceTurnForm")),
            ("Winter-turn form", _screen_class("campaign_forms", "WinterTurnForm")),
            ("Rebuild form", _screen_class("campaign_forms", "RebuildForm")),
            ("Recruit form", _screen_class("campaign_forms", "RecruitForm")),
            ("Undo form", _screen_class("history", "UndoForm")),
            ("Bellum year form", _screen_class("bellum", "BellumYearForm")),
            ("Die entry (physical dice)", _screen_class("die_entry", "DieEntryScreen")),
            ("Help", _screen_class("help", "HelpScreen")),
        ]
        return screens

    # -- lifecycle -----------------------------------------------------------------------

    def on_mount(self) -> None:
        self._show_sub_title()
        if self.store is None:
            # After the first frame, so the player sees the Campaign screen at once and the
            # thread importing the ledger does not compete with drawing it.
            self.call_after_refresh(self._open_campaign)
        elif self.campaign_note:
            self.notify(self.campaign_note, title="Campaign")

    @work(thread=True, exclusive=True, group="open-campaign")
    def _open_campaign(self) -> None:
        """Open (or create) the campaign file off the app's thread; hand the store over."""
        from assistant.tui import open_campaign

        try:
            store, note = open_campaign(self.campaign_path)
        except (ValueError, LookupError, OSError) as error:
            # CampaignFileError is a ValueError: one line, shown in place of the campaign.
            self._hand_over(self._campaign_failed, str(error))
            return
        if not self._hand_over(self._campaign_opened, store, note):
            store.close()  # the player quit while the file was opening

    def _hand_over(self, callback: Callable[..., None], *args: Any) -> bool:
        try:
            self.call_from_thread(callback, *args)
        except RuntimeError:  # the app has already closed
            return False
        return True

    def _campaign_opened(self, store: Any, note: str | None) -> None:
        if self._exit:
            store.close()
            return
        self.store = store
        self.campaign_note = note
        self._campaign_settled.set()
        self._refresh_screens()
        self._show_sub_title()
        if note:
            self.notify(note, title="Campaign")
        waiting, self._waiting_for_campaign = self._waiting_for_campaign, []
        for callback in waiting:
            self.call_later(callback)

    def _campaign_failed(self, message: str) -> None:
        self.campaign_error = message
        self._campaign_settled.set()
        self._waiting_for_campaign.clear()
        for stack in self._screen_stacks.values():
            for screen in stack:
                show = getattr(screen, "show_campaign_error", None)
                if callable(show):
                    show(message)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        # A worker blocked on a physical die would keep the process alive after the app closes.
        self.dice.cancel_waiting()
        super().exit(*args, **kwargs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Navigation waits until an open form or die-entry dialog is finished or cancelled."""
        return not (action in _NAVIGATION_ACTIONS and isinstance(self.screen, ModalScreen))

    # -- actions ---------------------------------------------------------------------------

    async def action_switch_mode(self, mode: str) -> None:
        """Go to a top-level screen; Help closes first so it is not found there on return.

        Every screen reads the campaign, so the switch waits until the file is open; if it
        could not be opened the player stays on the Campaign screen, which says why.
        """

        def switch() -> None:
            if _is_help(self.screen) and len(self.screen_stack) > 1:
                self.pop_screen()
            self.switch_mode(mode)

        self.when_campaign_loaded(switch)

    def action_help(self) -> None:
        if _is_help(self.screen):
            self.pop_screen()
        else:
            self.push_screen(_screen_class("help", "HelpScreen")())

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
        self._refresh_screens()
        self._show_sub_title()
        if message.summary:
            self.notify(message.summary)

    # -- helpers -------------------------------------------------------------------------------

    def _refresh_screens(self) -> None:
        for stack in self._screen_stacks.values():
            for screen in stack:
                refresh = getattr(screen, "refresh_from_store", None)
                if callable(refresh):
                    refresh()

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
        path = getattr(self.store, "path", None) or self.campaign_path
        name = Path(path).name if path is not None else "campaign"
        return f"{name} (new)" if self.campaign_note else name


def make_app(
    store: Any = None,
    *,
    physical_dice: bool = False,
    seed: int | None = None,
    campaign_note: str | None = None,
    campaign_path: str | Path | None = None,
) -> CastraApp:
    """The app on ``store`` (an open ``CampaignStore``); the CLI, ``serve`` and tests use this.

    Without a store the app opens ``campaign_path`` itself (the default campaign if None,
    created on first use), in a thread once its first frame is drawn; until then the Campaign
    screen says "Loading campaign…" and ``app.store`` is None (see ``campaign_loaded``).
    ``seed`` fixes every roll of the session (tests, snapshots); ``physical_dice`` starts in
    physical-dice mode; ``campaign_note`` is shown once at start (e.g. "created …").
    """
    return CastraApp(
        store,
        physical_dice=physical_dice,
        seed=seed,
        campaign_note=campaign_note,
        campaign_path=campaign_path,
    )
