"""The Castra app: one campaign ledger, one dice service, and the screens a player moves between.

Navigation uses Textual *modes*: each top-level screen (Campaign, Battle desk, Dice battle, Ghost,
Journal, History) is the base of its own screen stack, so leaving a half-filled battle desk for
the History and coming back finds it exactly as it was. A top-level screen is never pushed on
another mode's stack: a battle set up elsewhere (the Map's `b`/`d`, the desk's F9) becomes its
own mode's screen (:meth:`CastraApp.show_battle`), so every key keeps reaching its one screen.
Forms and the die-entry dialog are modal screens pushed on the current mode's stack; while one
is open the navigation keys are disabled (``check_action``) so a form is finished or cancelled
before the player moves on. Help is pushed on top of whatever is showing and Escape returns
there.

``make_app`` builds the app for the command line, ``castra serve`` and the tests alike.
"""

from __future__ import annotations

import gc
import importlib
import sys
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from assistant.settings import save_setting
from assistant.tui.dice import DiceService, DieWanted
from assistant.tui.ledger_service import LedgerService
from assistant.tui.messages import CampaignFailed, CampaignOpened, DiceModeChanged, LedgerChanged
from assistant.tui.screens.campaign import CampaignScreen
from converters.i18n import (
    LANGUAGE_NAMES,
    N_,
    _,
    current_language,
    ngettext,
    set_language,
)

if TYPE_CHECKING:
    from assistant.tui.dice import AppDice
    from converters.said import Said

# Start-up: this module imports Textual and nothing heavy of ours. The other screens, the
# forms and the ledger (pydantic, the converters) are imported when first needed, and the
# campaign file is opened in a thread once the first frame is on screen (``_open_campaign``).

__all__ = ["NAVIGATION", "CastraApp", "make_app"]

NAVIGATION: tuple[tuple[str, str, str], ...] = (
    ("c", "campaign", N_("Campaign")),
    ("b", "battle", N_("Battle desk")),
    ("d", "dice", N_("Dice battle")),
    ("g", "ghost", N_("Ghost")),
    ("j", "journal", N_("Journal")),
    ("h", "history", N_("History")),
    ("a", "annibui", N_("ANNI BUI")),
    ("s", "bellum", N_("Bellum standings")),
)
"""(key, mode, title) of every top-level screen, in footer order (titles translated where
shown)."""


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


def _is_help(screen: Screen[Any]) -> bool:
    # Help is imported when first opened: until then no screen can be the Help screen.
    help_module = sys.modules.get("assistant.tui.screens.help")
    return help_module is not None and isinstance(screen, help_module.HelpScreen)


_SWITCHING_LANGUAGE = "switching-language"
"""The blank mode shown for an instant while every screen is rebuilt in another language."""

_NAVIGATION_ACTIONS = {"switch_mode", "help", "toggle_physical", "switch_language"}

_LETTER_ACTIONS = {"switch_mode", "toggle_physical", "quit_key"}
"""The app's actions bound to one printable key (c b d g j h a s, p, q)."""


_NEVER_HELD = frozenset({"ctrl+q", "ctrl+c"})
"""Keys that act at once even while the campaign file opens (leaving the app)."""

_FORM_FIELDS = frozenset({"Input", "TextArea", "Select", "Checkbox", "RadioButton", "RadioSet"})
"""Textual's widgets a player types or ticks in, matched by class name: the footer asks about
every key from the first frame on, and importing TextArea and Select to ask would cost start-up
more than the Campaign screen itself (benchmarks/startup.py)."""


def _in_form_field(widget: Any) -> bool:
    """Whether ``widget`` is (inside) a field the player types or ticks in."""
    return widget is not None and any(
        kind.__name__ in _FORM_FIELDS and kind.__module__.startswith("textual.")
        for node in widget.ancestors_with_self
        for kind in type(node).__mro__
    )


# One footer entry "c b d g j h a s Screens" instead of eight: with a screen's own keys the footer
# would overflow 120 columns and hide Help and Quit. Each key's name is in Help (F1).
_SCREENS_GROUP = Binding.Group(N_("Screens"))

GLANCE_SETTLES = 0.05
"""Seconds from the app's first refresh until the campaign file is opened when the Campaign
screen shows the file's glance: its first frame has settled by then (benchmarks/startup.py)."""

KEY_COMES_BACK = 0.25
"""Seconds a replayed start-up key may take to come back from the widget it went to before the
next one goes anyway (a widget that keeps a key never sends it back)."""

STYLESHEET = Path(__file__).with_name("castra.tcss")
"""Castra's one stylesheet."""
REST_OF_THE_SHEET = "/* ==== The rest of the sheet."
"""Where castra.tcss stops styling the Campaign screen: the app loads the sheet up to here
before its first frame and the rest just after it (see :meth:`CastraApp.on_mount`)."""
_FIRST_SCREEN_CSS, _marker, _REST_CSS = STYLESHEET.read_text(encoding="utf-8").partition(
    REST_OF_THE_SHEET
)


class CastraApp(App[int]):
    """The campaign assistant: holds the ledger service and the dice; screens use them."""

    # Start-up: Textual parses and applies the whole sheet before the first frame, and the
    # rules of the nine other screens made up a fifth of Castra's time to show the campaign
    # (benchmarks/startup.py). The app starts with the Campaign screen's part of castra.tcss
    # and adds the rest once that screen is drawn.
    CSS = _FIRST_SCREEN_CSS
    TITLE = "Castra"
    ENABLE_COMMAND_PALETTE = False
    SCREEN_FACTORIES: ClassVar[dict[str, Callable[[], Screen[Any]]]] = {
        "campaign": CampaignScreen,
        "battle": _later("battle_desk", "BattleDeskScreen"),
        "dice": _later("dice_battle", "DiceBattleScreen"),
        "ghost": _later("ghost", "GhostScreen"),
        "journal": _later("journal", "JournalScreen"),
        "history": _later("history", "HistoryScreen"),
        "annibui": _later("annibui", "AnniBuiScreen"),
        "bellum": _later("bellum", "BellumScreen"),
        "chronicle": _later("chronicle", "ChronicleScreen"),
        "map": _later("map", "MapScreen"),
    }
    """Every mode's screen, built when the mode is first shown (again after ``L``)."""
    # Start-up: the Campaign screen is the app's default screen (``get_default_screen``) and
    # becomes the "campaign" mode once the app is ready. Textual restyles the whole app when
    # the first screen comes from MODES, parsing castra.tcss twice more before the first frame
    # (benchmarks/startup.py); the default screen is styled once.
    MODES: ClassVar[dict[str, Any]] = {
        mode: build for mode, build in SCREEN_FACTORIES.items() if mode != "campaign"
    }
    DEFAULT_MODE = "campaign"
    # Below 100 columns (an 80×24 terminal) screens stack their side-by-side panels (castra.tcss,
    # "-narrow") so nothing is cut; the panes scroll instead.
    # Textual declares this an instance attribute, so it is overridden as one (not a ClassVar).
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-narrow"),
        (100, "-wide"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"switch_mode('{mode}')", title, group=_SCREENS_GROUP)
            for key, mode, title in NAVIGATION
        ),
        # Not in the footer's "Screens" group, which fills 80 columns already; Help lists it.
        Binding("o", "switch_mode('chronicle')", N_("Chronicle"), show=False),
        Binding("m", "switch_mode('map')", N_("Map"), show=False),
        Binding("f1", "help", N_("Help")),
        Binding("question_mark", "help", N_("Help"), show=False),
        Binding("p", "toggle_physical", N_("Real dice"), tooltip=N_("Physical-dice mode on/off")),
        # Not in the footer either (it would crowd 80 columns); Help and the README list it.
        Binding(
            "l",
            "switch_language",
            N_("Italiano/English"),
            tooltip=N_("Switch language: it / en"),
            show=False,
        ),
        Binding("q", "quit_key", N_("Quit")),
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
        self.ledger = LedgerService(self, store, path=campaign_path, note=campaign_note)
        """The campaign ledger every screen reads and writes (see :mod:`ledger_service`)."""
        self.dice = DiceService(self, seed=seed, physical=physical_dice)
        """Where every roll comes from, and the session's log of rolls."""
        self._replaying: deque[tuple[events.Key, Screen[Any]]] = deque()
        """Keys pressed before the campaign's tables were live, with the screen each was
        typed on, still to be replayed (see :meth:`on_event`)."""
        self._in_flight: events.Key | None = None
        self._typed_on: Screen[Any] | None = None
        self._unused_keys = 0
        self._battles: dict[str, str] = {}
        """Mode → the occasion its screen was set up for by :meth:`show_battle`."""

    # -- what screens call -------------------------------------------------------------

    def dice_for(self, where: Said | None = None) -> AppDice:
        """A :class:`converters.dice.Dice` for one piece of work, its rolls logged with
        ``where`` they were rolled; see :mod:`assistant.tui.dice`."""
        return self.dice.dice_for(where)

    async def show_battle(self, mode: str, occasion: str, build: Callable[[], Screen[Any]]) -> None:
        """Show a battle desk or dice battle set up on another screen as the ``mode`` screen,
        in place of the one there; the one built for the same ``occasion`` (e.g. the Map's
        battle at Arpi) if it is there still, so what the player typed in it is kept.

        Pushed on the Map's stack instead, the desk stood in for the Map: ``m`` showed the desk
        until a restart (issue 27). ``L`` rebuilds the mode with its usual empty screen.
        """
        if self._battles.get(mode) != occasion:
            screen = build()
            await self.remove_mode(mode)
            self.add_mode(mode, lambda: screen)
            self._battles[mode] = occasion
        await self.switch_mode(mode)

    def help_screens(self) -> list[tuple[str, type]]:
        """(title, class) of every screen and form, in the order the Help screen lists them
        (titles in English, translated where shown)."""
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
        listed: list[tuple[str, str, type]] = [
            (title, mode, classes[mode]) for _key, mode, title in NAVIGATION
        ]
        listed.append((N_("Chronicle"), "chronicle", _screen_class("chronicle", "ChronicleScreen")))
        listed.append((N_("Map"), "map", _screen_class("map", "MapScreen")))
        # Each form with what opening it does (assistant.ledger.players.seat_may's words).
        listed += [
            (
                N_("Advance-turn form"),
                "advance",
                _screen_class("campaign_forms", "AdvanceTurnForm"),
            ),
            (N_("Winter-turn form"), "winter", _screen_class("campaign_forms", "WinterTurnForm")),
            (N_("Rebuild form"), "rebuild", _screen_class("campaign_forms", "RebuildForm")),
            (N_("Recruit form"), "order", _screen_class("campaign_forms", "RecruitForm")),
            (N_("Undo form"), "undo", _screen_class("history", "UndoForm")),
            (N_("Bellum year form"), "bellum", _screen_class("bellum", "BellumYearForm")),
            (N_("March form"), "order", _screen_class("map", "MarchForm")),
            (N_("Sail form"), "order", _screen_class("map", "SailForm")),
            (N_("Siege form"), "record", _screen_class("map", "SiegeForm")),
            (N_("Sack form"), "record", _screen_class("map", "SackForm")),
            (N_("Die entry (physical dice)"), "read", _screen_class("die_entry", "DieEntryScreen")),
            (N_("Help"), "read", _screen_class("help", "HelpScreen")),
        ]
        # A player's Help lists only what a player may open (T7.3).
        return [(title, klass) for title, act, klass in listed if self.ledger.may(act)]

    # -- lifecycle -----------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        return CampaignScreen()

    def on_ready(self) -> None:
        # The Campaign screen shown first is the "campaign" mode's from now on (see MODES).
        self.add_mode("campaign", CampaignScreen)

    def on_mount(self) -> None:
        self.dice.app_thread = threading.get_ident()
        self._show_sub_title()
        if self.ledger.store is None:
            # After the first frame, so the player sees the Campaign screen at once and the
            # thread importing the ledger does not compete with drawing it. A Campaign screen
            # drawn from the file's glance takes a few refreshes to settle: the thread waits
            # for them (the campaign appears sooner; keys that need the file wait for it).
            self.call_after_refresh(self._open_when_drawn)
        else:
            self.call_after_refresh(self._finish_starting)
            if self.ledger.note:
                self.notify(self.ledger.note, title=_("Campaign"))

    async def on_event(self, event: events.Event) -> None:
        """Keys pressed before the campaign's tables are live are held, with the screen they
        were typed on, and replayed in order once the file is open (or failed to open): a
        quick player's first keys are neither lost nor taken by the stand-ins of the first
        frame. Each replayed key is carried out (its binding run) before the next is let go,
        and acts only on the screen it was typed on: once one of them has opened a form or
        another screen, the rest were not typed for it and are not used (the player is told
        how many)."""
        if isinstance(event, events.Key):
            if event is self._in_flight and event.is_forwarded:
                # Back from the focused widget: the app runs its binding, then the next key.
                await super().on_event(event)
                self._next_typed_ahead()
                return
            if not event.is_forwarded and self._held(event):
                return
        await super().on_event(event)

    def _held(self, key: events.Key) -> bool:
        """Whether ``key`` is kept back: typed too early, or for a screen now covered."""
        if key is self._in_flight:
            if self.screen is self._typed_on:
                return False
            self._unused_keys += 1
            self._next_typed_ahead()
            return True
        if self._in_flight is not None or self._replaying:
            self._replaying.append((key, self.screen))  # typed during the replay: after it
            return True
        if self.ledger.is_settled or key.key in _NEVER_HELD:
            return False
        self._replaying.append((key, self.screen))
        return True

    def _next_typed_ahead(self) -> None:
        """Let the next held key go (the tables are live), or say how many went unused."""
        self._in_flight = None
        if not self._replaying:
            if self._unused_keys:
                unused, self._unused_keys = self._unused_keys, 0
                self.notify(
                    ngettext(
                        "{count} key pressed while the campaign was opening was not used: "
                        "another screen had opened first",
                        "{count} keys pressed while the campaign was opening were not used: "
                        "another screen had opened first",
                        unused,
                    ).format(count=unused),
                    title=_("Campaign"),
                )
            return
        held, self._typed_on = self._replaying.popleft()
        key = self._in_flight = events.Key(held.key, held.character)
        self.post_message(key)

        def not_back() -> None:
            # A widget took the key for itself (it never came back up): go on all the same.
            if self._in_flight is key:
                self._next_typed_ahead()

        self.set_timer(KEY_COMES_BACK, not_back)

    def _open_when_drawn(self) -> None:
        screen = self.screen
        if isinstance(screen, CampaignScreen) and screen.shows_glance:
            self.set_timer(GLANCE_SETTLES, self._open_campaign)
        else:
            self._open_campaign()

    def _finish_starting(self) -> None:
        """What start-up put off until the campaign file is open (or could not be opened): the
        rest of castra.tcss after the Campaign screen's part (see ``CSS``), with every screen
        restyled by the whole sheet; and garbage collection (``build_app`` stops it while the
        first screen is built).

        The other screens and the forms wait for the file anyway, and the Campaign screen's
        first frame is long drawn.
        """
        if (str(STYLESHEET), REST_OF_THE_SHEET) in self.stylesheet.source:
            return
        # What the first screen and the opening left behind is collected once; the ledger's
        # models, just imported, live as long as the app: no collection need scan them again.
        gc.collect()
        gc.freeze()
        gc.enable()
        self.stylesheet.add_source(
            REST_OF_THE_SHEET + _REST_CSS, read_from=(str(STYLESHEET), REST_OF_THE_SHEET)
        )
        self.refresh_css(animate=False)

    @work(thread=True, exclusive=True, group="open-campaign")
    def _open_campaign(self) -> None:
        """Open (or create) the campaign file off the app's thread; post what came of it."""
        from assistant.tui import open_campaign

        try:
            store, note = open_campaign(self.ledger.path)
        except (ValueError, LookupError, OSError) as error:
            # CampaignFileError is a ValueError: one line, shown in place of the campaign.
            self.post_message(CampaignFailed(str(error)))
            return
        if not self.post_message(CampaignOpened(store, note)):
            store.close()  # the player quit while the file was opening

    @on(CampaignOpened)
    def _campaign_opened(self, message: CampaignOpened) -> None:
        self._finish_starting()
        self.ledger.opened(message.store, message.note)
        self._show_sub_title()
        if message.note:
            self.notify(message.note, title=_("Campaign"))
        # After the Campaign screen has put its tables in place (on its own queue).
        self.screen.call_after_refresh(self._next_typed_ahead)

    @on(DieWanted)
    def _die_wanted(self, message: DieWanted) -> None:
        message.ask(self)

    @on(CampaignFailed)
    def _campaign_failed(self, message: CampaignFailed) -> None:
        self._finish_starting()
        self.ledger.failed(message.reason)
        self.screen.call_after_refresh(self._next_typed_ahead)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        # A worker blocked on a physical die would keep the process alive after the app closes.
        self.dice.cancel_waiting()
        super().exit(*args, **kwargs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Navigation waits until an open form or die-entry dialog is finished or cancelled,
        and a one-letter key never fires while the player is in a form field (a shift+tab onto a
        checkbox, then "Carthage 200", switched screens four times): Escape leaves the field."""
        if action in _NAVIGATION_ACTIONS and isinstance(self.screen, ModalScreen):
            return False
        if action == "switch_mode" and parameters and not self.ledger.may(str(parameters[0])):
            return False  # T7.3: a player's session has no referee's screens
        if action in _LETTER_ACTIONS and _in_form_field(self.focused):
            return None  # shown, greyed: the key works again once the field is left
        return True

    @staticmethod
    def act_for(action: str, parameters: tuple[object, ...]) -> str:
        """What the app's key for ``action`` does, in :func:`~assistant.ledger.players.seat_may`'s
        words (Help lists a player only the keys it may use)."""
        if action == "switch_mode" and parameters:
            return str(parameters[0])
        return "read"

    def action_quit_key(self) -> None:
        """q: quit (a separate action from ctrl+q so that it can wait while a field has focus)."""
        self.exit()

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

        self.ledger.when_loaded(switch)

    def action_help(self) -> None:
        if _is_help(self.screen):
            self.pop_screen()
        else:
            self.push_screen(_screen_class("help", "HelpScreen")())

    def action_toggle_physical(self) -> None:
        """Physical-dice mode on/off: from now on every roll asks for (or rolls) the face."""
        self.dice.physical = not self.dice.physical
        self._show_sub_title()
        said = (
            _("Physical dice on: you will be asked for each die")
            if self.dice.physical
            else _("Physical dice off")
        )
        self.notify(said, title=_("Dice"))
        self.post_message(DiceModeChanged(self.dice.physical))

    async def action_switch_language(self) -> None:
        """Italian ↔ English at once, kept in the player's settings for the next session.

        Every screen is built again in the new language: the one showing now at once, the
        others when next visited. What the ledger holds comes back as it was; a half-typed
        form does not (it is rebuilt empty).
        """
        language = "en" if current_language() == "it" else "it"
        set_language(language)
        save_setting("language", language)
        self._show_sub_title()
        # A mode's screens are built by its factory: remove the mode and add it again, and its
        # screen is built anew when shown. The mode showing now cannot be removed, so a blank
        # screen stands in for a moment.
        showing = self.current_mode
        self.add_mode(_SWITCHING_LANGUAGE, Screen)
        await self.switch_mode(_SWITCHING_LANGUAGE)
        for mode, build in self.SCREEN_FACTORIES.items():
            await self.remove_mode(mode)
            self.add_mode(mode, build)
        self._battles.clear()
        await self.switch_mode(showing)
        await self.remove_mode(_SWITCHING_LANGUAGE)
        self.notify(LANGUAGE_NAMES[language], title=_("Language"))

    # -- messages up ---------------------------------------------------------------------------

    @on(LedgerChanged)
    def _ledger_changed(self, message: LedgerChanged) -> None:
        """Say what happened; every screen showing campaign data is subscribed to
        ``ledger.changed`` and re-reads the campaign."""
        self.ledger.changed.publish(message)
        self._show_sub_title()
        if message.summary:
            from converters.said import shown

            # What the ledger said, in the reader's language; every notice comes with its
            # stored event, so the bare English is only for a message that brings none.
            stored = message.stored
            said = stored.said if stored is not None and stored.summary == message.summary else None
            self.notify(shown(said, message.summary))

    # -- helpers -------------------------------------------------------------------------------

    def _show_sub_title(self) -> None:
        if self.dice.physical:
            dice = _("physical dice")
        elif self.dice.seed is None:
            dice = _("rolled dice")
        else:
            dice = _("rolled dice (seed {seed})").format(seed=self.dice.seed)
        self.sub_title = f"{self.ledger.file_name} · {dice}"


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
    screen says "Loading campaign…" and ``app.ledger.store`` is None (see ``ledger.loaded``).
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
