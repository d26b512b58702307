"""The app's one door to the campaign ledger: every screen reads and writes the campaign here.

Screens reach it as ``castra_app(self).ledger`` (typed, never ``getattr``). Writing goes
through :meth:`LedgerService.record` (or :meth:`~LedgerService.undo`), which appends the event
in the store's one transaction, posts a :class:`~assistant.tui.messages.LedgerChanged` carrying
the stored event and its summary up to the app, and returns the stored event. The app says what
happened and publishes the message on :attr:`LedgerService.changed`; each screen showing
campaign data follows it (:meth:`LedgerService.follow`), so the app never walks its screens to
refresh them. Only a screen on view re-reads the campaign at once: a hidden one is marked
stale and re-reads it when it is shown again (so recording a battle after visiting the History
of a long campaign does not rebuild that History too).

The campaign file is opened in a thread after the first frame (start-up); until then
:attr:`LedgerService.store` is None, and :meth:`~LedgerService.when_loaded` holds a key pressed
meanwhile until the file is open.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual.signal import Signal

from assistant.tui.messages import BattleRecorded, EventUndone, LedgerChanged, TurnAdvanced
from converters.i18n import _

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.screen import Screen

    from assistant.ledger.events import Event
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import CampaignStore, HistoryEntry, StoredEvent
    from assistant.tui.app import CastraApp
    from converters.house_rules import HouseRules
    from ghost.battle import BattleState

__all__ = ["OTHERS_EVERY", "CampaignNotOpen", "LedgerService", "castra_app"]

OTHERS_EVERY = 0.4
"""How often (seconds) the app looks whether another session wrote to the campaign file: one
query for the file's last event, so a change made elsewhere shows within a second."""


def castra_app(node: DOMNode) -> CastraApp:
    """The running Castra app, typed, for a screen, form or widget of it."""
    return cast("CastraApp", node.app)


class CampaignNotOpen(ValueError):
    """A screen asked for the campaign before the file was open (or after it failed)."""

    def __init__(self) -> None:
        super().__init__("campaign: no campaign is open")


def _message_for(event: Event) -> type[LedgerChanged]:
    """The message naming what kind of change ``event`` is (screens may listen for one)."""
    from assistant.ledger.events import BattleRecorded as BattleEvent
    from assistant.ledger.events import TurnAdvanced as TurnEvent
    from assistant.ledger.events import WinterResolved

    if isinstance(event, BattleEvent):
        return BattleRecorded
    if isinstance(event, TurnEvent | WinterResolved):
        return TurnAdvanced
    return LedgerChanged


class LedgerService:
    """The campaign ledger of one app session: the open store, or why it is not open."""

    def __init__(
        self,
        app: App[Any],
        store: CampaignStore | None = None,
        *,
        path: str | Path | None = None,
        note: str | None = None,
    ) -> None:
        self._app = app
        self.store: CampaignStore | None = store
        """The open campaign file; None while it is being opened, or if it could not be."""
        self.path = path
        """The file to open when no store was given (None: the default campaign)."""
        self.note = note
        """A one-off word about the campaign file (e.g. that it was just created), or None."""
        self.error: str | None = None
        """Why the campaign file could not be opened (one line), or None."""
        self._viewer: str | None = None
        self.seat: str | None = None
        """The nation of a player's session (``castra serve --players``): its store records
        that nation's orders only (None: the referee's, or a player's copy, which knows)."""
        self.changed: Signal[LedgerChanged] = Signal(app, "ledger-changed")
        """Published (on the app's thread) after every change, and when the file opens or
        fails to: screens showing campaign data subscribe and re-read the campaign."""
        self._settled = asyncio.Event()
        self._waiting: list[Callable[[], object]] = []
        self._followers: weakref.WeakKeyDictionary[Screen[Any], Callable[[], object]] = (
            weakref.WeakKeyDictionary()
        )
        self._seen: weakref.WeakKeyDictionary[Screen[Any], int] = weakref.WeakKeyDictionary()
        """The last event id each following screen has shown (-1: none, the file not open)."""
        self._known = -1
        """The file's last event id as this session last knew it (its own change, or one it
        noticed another session made)."""
        if store is not None:
            self._settled.set()

    # -- reading ---------------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.store is not None

    @property
    def is_settled(self) -> bool:
        """Whether the campaign file is open, or known not to open (start-up is over)."""
        return self._settled.is_set()

    def open_store(self) -> CampaignStore:
        """The open store; :class:`CampaignNotOpen` (a one-line ValueError) if there is none."""
        if self.store is None:
            raise CampaignNotOpen()
        return self.store

    def state(self) -> CampaignState:
        """The campaign as it stands now (see ``CampaignStore.state``)."""
        return self.open_store().state()

    def house_rules(self) -> HouseRules:
        """The campaign's house rules in force (docs/rules.md H); the defaults with no
        campaign open, so a screen without one still follows the project's readings."""
        from converters.house_rules import DEFAULT_RULES

        if self.store is None:
            return DEFAULT_RULES
        return self.store.state().rules

    def history(self) -> list[HistoryEntry]:
        """Every event with what it did (see ``CampaignStore.history``)."""
        return self.open_store().history()

    def check(self, event: Event) -> None:
        """Raise the ledger's refusal if ``event`` could not be recorded now; writes nothing."""
        self.open_store().check(event)

    @property
    def file_name(self) -> str:
        """The campaign file's name, marked "new" when this session created it."""
        path = self.store.path if self.store is not None else self.path
        name = Path(path).name if path is not None else _("campaign")
        if self.store is not None and self.store.seat is not None:
            # A player's copy, or a player's session: the title says whose it is (T7.3).
            from armylists.names import nation_name

            return _("{name} ({nation}'s player)").format(
                name=name, nation=nation_name(self.store.seat)
            )
        return _("{name} (new)").format(name=name) if self.note else name

    def follow(self, screen: Screen[Any], refresh: Callable[[], object]) -> None:
        """Call ``refresh`` on ``screen`` after every change to the campaign (and when the file
        opens or fails to), while the screen lives; the screen refreshes itself once now.

        A change while the screen is hidden (another mode, or under another screen) only
        marks it stale: ``refresh`` runs when the screen is shown again, once however many
        events were recorded meanwhile, and also when another process wrote to the file.
        A screen under a form is on view and refreshes at once.
        """
        if not self._followers:
            # The first follower: the app is running by now (a signal and a timer need that).
            self._app.screen_change_signal.subscribe(self._app, self._shown)
            self._known = self._last_event_id()
            self._app.set_interval(OTHERS_EVERY, self._notice_others, name="other-sessions")
        self._followers[screen] = refresh
        self._seen[screen] = self._last_event_id()

        def changed(_message: LedgerChanged) -> None:
            if screen.is_current:
                self._refresh(screen)
            else:
                self._seen[screen] = -2  # stale: refreshed when shown again

        self.changed.subscribe(screen, changed)

    def _notice_others(self) -> None:
        """Another session or process wrote to the file (``castra serve --players``: every
        seat's app on one campaign; a referee's command beside the app): every screen on view
        re-reads it, as after this session's own change (issue 24: within a second)."""
        last = self._last_event_id()
        if last != self._known:
            self._known = last
            self.changed.publish(LedgerChanged())

    def is_stale(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` shows the campaign as it was before its last change."""
        seen = self._seen.get(screen)
        return seen is not None and seen != self._last_event_id()

    def _shown(self, screen: Screen[Any]) -> None:
        if screen in self._followers and self.is_stale(screen):
            self._refresh(screen)

    def _refresh(self, screen: Screen[Any]) -> None:
        self._seen[screen] = self._last_event_id()
        self._followers[screen]()

    def _last_event_id(self) -> int:
        # state() notices events another process appended (one query when there are none).
        if self.store is None:
            return -1
        try:
            return self.store.state().last_event_id
        except ValueError:
            return -2  # the file went bad meanwhile: the screen's own refresh says so

    @property
    def viewer(self) -> str | None:
        """Who reads the campaign at this keyboard (T7.3): the nation entering its sealed
        orders, which sees only its own, or None, the referee, who sees every nation's. A
        player's session or copy is always its own nation (:attr:`player`)."""
        return self.player if self.player is not None else self._viewer

    @viewer.setter
    def viewer(self, viewer: str | None) -> None:
        self._viewer = viewer

    @property
    def player(self) -> str | None:
        """The nation whose player sits at this keyboard — a player's session (:attr:`seat`)
        or a player's copy opened by mail (the store knows) — or None: the referee's."""
        if self.store is not None and self.store.seat is not None:
            return self.store.seat
        return self.seat

    def may(self, act: str) -> bool:
        """Whether the one at this keyboard may ``act`` (a screen, or what a key does):
        :func:`assistant.ledger.players.seat_may` decides, for the app as for the ledger (a
        player's order keys go under house rule ``orders = immediate``: the ledger would
        refuse what they record)."""
        player = self.player
        if player is None:
            return True  # the referee (and start-up imports nothing for it)
        from assistant.ledger.players import seat_may

        return seat_may(player, act, sealed=self.house_rules().orders == "sealed")

    def enter_as(self, viewer: str | None) -> None:
        """T7.3: ``viewer`` (a nation, or None for the referee) is at the keyboard from now on;
        every screen showing the campaign re-reads it for them. A player's keyboard stays its
        own nation's."""
        if self.player is None:
            self._viewer = viewer
        self.changed.publish(LedgerChanged())

    # -- writing ---------------------------------------------------------------------------

    def record(self, event: Event) -> StoredEvent:
        """Append ``event``; post ``LedgerChanged`` with its summary; return the stored event.

        The ledger refuses an impossible event with a ``ValueError`` naming the field, and
        then nothing is written and nothing posted. Call it on the app's thread.
        """
        stored = self.open_store().append(event)
        self._known = stored.id
        self._app.post_message(_message_for(event)(stored.summary, stored))
        return stored

    def undo(self, reason: str, *, who: str = "") -> StoredEvent:
        """Cancel the last event in force, with ``reason``; post ``EventUndone``."""
        stored = self.open_store().undo(reason, who=who)
        self._known = stored.id
        self._app.post_message(EventUndone(stored.summary, stored))
        return stored

    # -- the solo battle kept with the campaign --------------------------------------------

    def ghost_battle(self) -> BattleState | None:
        """The saved solo battle (the ledger keeps it beside the events), or None."""
        from ghost.battle import BattleState

        text = None if self.store is None else self.store.ghost_battle()
        return BattleState.model_validate_json(text) if text else None

    def save_ghost_battle(self, state: BattleState | None) -> None:
        """Keep ``state`` with the campaign; None puts the battle aside (no-op while closed)."""
        if self.store is not None:
            self.store.save_ghost_battle(None if state is None else state.model_dump_json())

    def finish_ghost_battle(self, *, put_aside: bool) -> None:
        """The solo battle has ended (the ghost left the field, or a new one is set up): keep
        it in the ledger (posting the change), and with ``put_aside`` clear it for a new one."""
        if self.store is None:
            return
        stored = self.store.finish_ghost_battle(put_aside=put_aside)
        if stored is not None:
            self._known = stored.id
            self._app.post_message(_message_for(stored.event)(stored.summary, stored))

    # -- the file being opened -------------------------------------------------------------

    async def loaded(self) -> bool:
        """Wait until the campaign file is open (at once if it already is); False if it failed.

        Not for actions: an action awaiting this would hold up the very message that hands the
        store over. Actions use :meth:`when_loaded`.
        """
        await self._settled.wait()
        return self.store is not None

    def when_loaded(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` now if the campaign is open, else as soon as it is (never, if it
        cannot be opened): a key pressed in the fraction of a second before the file is open
        is carried out then, not lost."""
        if self.store is not None:
            callback()
        elif not self._settled.is_set():
            self._waiting.append(callback)

    def opened(self, store: CampaignStore, note: str | None) -> None:
        """The file is open (app's thread): screens re-read; waiting keys are carried out."""
        if self.seat is not None:
            store.seat = self.seat
        self.store = store
        self.note = note
        # What the screens are about to read: the watch for other sessions starts from here,
        # or its first tick would take the file's opening for another session's write and
        # redraw every screen a second time.
        self._known = self._last_event_id()
        self._settled.set()
        if store.seat is not None:
            # A player's copy is known only now: its screens and keys are a player's (T7.3).
            self._app.refresh_bindings()
        self.changed.publish(LedgerChanged())
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            self._app.call_later(callback)

    def failed(self, message: str) -> None:
        """The file could not be opened (app's thread): screens say why."""
        self.error = message
        self._settled.set()
        self._waiting.clear()
        self.changed.publish(LedgerChanged())
