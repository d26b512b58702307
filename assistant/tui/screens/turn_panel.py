"""The turn by the book on the Campaign screen: sealed orders, their carrying out, the meetings.

T5.2's first three phases are handed in sealed (T7.3): the app asks which nation is entering
(:class:`EnteringForm`) and shows it only its own orders — the referee sees every nation's —
through the ledger's one visibility rule (:func:`assistant.ledger.orders_seen.may_see`). Once the
orders are carried out together, the screen says what every force did and lists the meetings
(T7.4, sea first), each answered seek or avoid per side (:class:`AnswerForm`). Everything here
is read from the ledger (:mod:`assistant.ledger.sealed_view`, :mod:`assistant.ledger.orders`)
and put into words: the ledger judges every act.

Kept apart from :mod:`assistant.tui.screens.campaign` so the first frame imports none of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from armylists.names import nation_name
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.ledger_form import LedgerForm
from assistant.tui.widgets.footer import CastraFooter
from converters.force_names import shown_name
from converters.i18n import N_, _
from converters.province_names import province_name

if TYPE_CHECKING:
    from textual.screen import Screen

    from assistant.ledger.events import ForceMoved
    from assistant.ledger.read_models import MeetingSummary
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import StoredEvent

__all__ = [
    "REFEREE_CHOICE",
    "AnswerForm",
    "EnteringForm",
    "PairingForm",
    "TurnView",
    "invasion_desk",
    "invasion_row",
    "meeting_row",
    "move_line",
    "turn_view",
    "waiting_line",
]

REFEREE_CHOICE = "\x00referee"
"""The entering form's value for the referee (no nation is called this)."""

WAYS = {
    "road": N_("by road"),
    "mountain": N_("by the mountain road"),
    "sea": N_("by sea"),
    "landing": N_("landed"),
    "stood": N_("stood"),
}
"""How a force came where it ended (T3.2), as the orders' results say it."""


class TurnView(NamedTuple):
    """What the Campaign screen shows of the turn's sealed orders and meetings."""

    sealed: bool
    """The campaign gives sealed orders (house rule ``orders = sealed`` on the Tarentine map)."""
    giving: bool
    """The orders are being given now (T5.2 phases 1–3, not carried out yet this turn)."""
    carried_out: bool
    """This turn's sealed orders are carried out (its phases 1–3 are over)."""
    viewer: str | None
    """Who is entering (a nation), or None: the referee."""
    orders: list[tuple[str, str, str]]
    """(nation, force, the order in words) the viewer may see."""
    moves: list[str]
    """What every force did when the orders were carried out this turn, in words."""
    meetings: list[tuple[int, list[str]]]
    """Each meeting's number and cells (number, where, forces, answer), sea first."""
    unsettled: bool
    """Some meeting still waits for its answer or its battle."""
    withdrawable: tuple[int, ...] = ()
    """The meetings on land whose avoiding side may withdraw under pursuit now (T3.0)."""
    waiting: tuple[str, ...] = ()
    """T7.3: the nations with a player that have not handed in yet (names only, for everyone)."""
    moving: str | None = None
    """Macedon vs Persia: the side that moves now and says when it is done (D6 phase 2)."""
    invasions: bool = False
    """Macedon vs Persia: the meetings are invasions into enemy armies (D8, D10)."""


def move_line(move: ForceMoved) -> str:
    """What one force did when the orders were carried out (T7.3, T7.4)."""
    way = _(WAYS.get(move.way, move.way))
    line = _("{force}: {start} → {end}, {way}").format(
        force=shown_name(move.force, move.nation), start=move.start, end=move.end, way=way
    )
    if move.stopped or (move.end == move.start and move.way != "stood"):
        line += " " + _("(met on the way and stopped, T7.4)")
    if move.aboard:
        line += " " + _("(still aboard {fleet})").format(fleet=move.aboard)
    return line


def meeting_row(meeting: MeetingSummary, ask: str | None = None) -> list[str]:
    """A meeting's cells: number, where (at sea or on land, crossing), forces, answer (``ask``
    for one not answered yet: the key that answers it)."""
    from assistant.ledger.sealed_view import meeting_cells

    return meeting_cells(meeting, ask or _("seek or avoid? (y)"))


def invasion_row(meeting: MeetingSummary) -> list[str]:
    """An invasion meeting's cells (D8, D10): its number and province, the game to play now
    and who the winner fights next (``castra campaign meetings``'s words), then its armies as
    :func:`meeting_row` says them: an invasion is always fought, so there is no seek or avoid
    to ask."""
    from assistant.ledger.sealed_view import pairing_words

    number, _where, forces, status = meeting_row(meeting)
    pairing = meeting.pairing
    if pairing is not None:
        status = pairing_words(pairing.pairs[0], pairing.queue)
    elif not meeting.settled:
        status = _("D8: equal numbers: the attacker picks each army's opponent")
    return [number, province_name(meeting.province), status, forces]


def _macedon_view(state: CampaignState, viewer: str | None) -> TurnView:
    """D6, D8, D10: the side moving now (whose turn `D` ends) and the invasion meetings, read
    from the ledger as ``castra campaign show`` and ``campaign meetings`` read them (who is
    still to move is said with the phase, :func:`assistant.ledger.phases.left_to_do`)."""
    from assistant.ledger.orders_seen import meetings_summary
    from assistant.ledger.phases import sides_to_move

    sealed = state.rules.orders == "sealed" and not state.finished
    to_move = sides_to_move(state) if sealed else []
    found = meetings_summary(state)
    return TurnView(
        sealed=sealed,
        giving=False,
        carried_out=False,
        viewer=viewer,
        orders=[],
        moves=[],
        meetings=[(m.number, invasion_row(m)) for m in found],
        unsettled=any(not m.settled for m in found),
        moving=to_move[0] if to_move else None,
        invasions=True,
    )


def turn_view(
    state: CampaignState,
    events: Sequence[StoredEvent],
    viewer: str | None,
    handed: set[str] | None = None,
) -> TurnView:
    """The turn as ``viewer`` may see it (T7.3: only its own sealed orders; the referee all);
    ``handed``: the nations that have handed in (the store's :meth:`~assistant.ledger.store.
    CampaignStore.handed_in`, names only)."""
    from assistant.ledger.orders_seen import force_of, meetings_summary, orders_of
    from assistant.ledger.phases import MACEDON, ORDERS_WINDOW, TARENTINE, phases_of
    from assistant.ledger.sealed_view import last_resolution, order_words

    if phases_of(state) is MACEDON:
        return _macedon_view(state, viewer)
    sealed = state.rules.orders == "sealed" and phases_of(state) is TARENTINE
    giving = (
        sealed
        and not state.finished
        and state.orders_resolved_turn != state.turn
        and state.phase in ORDERS_WINDOW
    )
    orders = [
        (nation, force_of(order), order_words(order, state))
        for nation, listed in sorted(orders_of(state, viewer).items())
        for order in listed
    ]
    resolved = last_resolution(events, state.turn) if sealed else None
    moves = [move_line(move) for move in resolved.moves] if resolved is not None else []
    found = meetings_summary(state) if sealed else []
    return TurnView(
        sealed=sealed,
        giving=giving,
        carried_out=sealed and state.orders_resolved_turn == state.turn,
        viewer=viewer,
        orders=orders,
        moves=moves,
        meetings=[(m.number, meeting_row(m)) for m in found],
        unsettled=any(not m.settled for m in found),
        withdrawable=_withdrawable(state) if sealed and state.meetings else (),
        waiting=tuple(
            name
            for name, nation in state.nations.items()
            if giving
            and handed is not None
            and nation.player
            and not nation.unplayed
            and not nation.away
            and name not in handed
        ),
    )


def _withdrawable(state: CampaignState) -> tuple[int, ...]:
    # The withdrawal's rules (and the dice battle's they use) are read only when a meeting is
    # on the board: a campaign opened between meetings does without them (issue 21).
    from assistant.ledger.withdrawal import withdrawable

    return tuple(withdrawable(state))


def waiting_line(view: TurnView) -> str:
    """T7.3: who has not handed in yet, by name only (empty when the orders are not being
    given)."""
    if not view.giving:
        return ""
    if not view.waiting:
        return _("Every nation has handed in (T7.3): the referee may carry the orders out.")
    return _("Not handed in yet (T7.3): {nations}").format(
        nations=", ".join(nation_name(n) for n in view.waiting)
    )


def orders_title(view: TurnView, *, player: bool = False) -> str:
    """The orders panel's title: who is entering (T7.3); a player's, with its own keys."""
    if player and view.viewer is not None:
        return _(
            "Your sealed orders (T7.3), {nation} · Map v f: give · x: withdraw · N: no orders"
        ).format(nation=nation_name(view.viewer))
    if view.viewer is None:
        return _("Sealed orders (T7.3), every nation's · x: withdraw the one under the cursor")
    return _("Sealed orders (T7.3) of {nation} · x: withdraw the one under the cursor").format(
        nation=nation_name(view.viewer)
    )


class EnteringForm(ModalScreen[str | None]):
    """T7.3: who is at the keyboard — a nation entering its sealed orders (it then sees only its
    own), or the referee (every nation's). Closes with the choice, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]  # noqa: RUF012 - Textual's own name

    def compose(self) -> ComposeResult:
        ledger = castra_app(self).ledger
        state = ledger.state()
        choices = [Option(_("The referee (sees every order)"), id=REFEREE_CHOICE)]
        choices += [
            Option(nation_name(name), id=name)
            for name, nation in state.nations.items()
            if nation.player and not nation.unplayed and not nation.away
        ]
        with Vertical(classes="dialog"):
            yield Label(_("Who is entering orders? (T7.3)"), classes="dialog-title")
            yield OptionList(*choices, id="entering")
            yield Static(
                _("A nation sees only its own sealed orders; the referee sees them all."),
                classes="hint",
            )
        yield CastraFooter()

    def on_mount(self) -> None:
        viewer = castra_app(self).ledger.viewer
        listed = self.query_one("#entering", OptionList)
        listed.focus()
        wanted = REFEREE_CHOICE if viewer is None else viewer
        for index, option in enumerate(listed.options):
            if option.id == wanted:
                listed.highlighted = index

    @on(OptionList.OptionSelected, "#entering")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = event.option.id
        viewer = None if chosen == REFEREE_CHOICE else chosen
        castra_app(self).ledger.enter_as(viewer)
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)


class AnswerForm(LedgerForm):
    """T3.0, T7.4: each side of a meeting says whether it seeks battle."""

    FORM_TITLE = N_("Seek or avoid battle (T3.0, T7.4)")

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.sides: list[str] = []
        """The meeting's nations, one field each (in the meeting's order)."""

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        found = next((m for m in state.meetings if m.meeting.number == self.number), None)
        if found is None:  # undone meanwhile: the ledger's own refusal says so on Record
            yield Static(_("No such meeting this turn."), classes="hint")
            return
        meeting = found.meeting
        where = _("at sea") if meeting.at_sea else _("on land")
        yield Static(
            Text(
                f"{meeting.number}. {where}, {province_name(meeting.province)}: "
                + ", ".join(
                    shown_name(name, nation)
                    for name, nation in zip(meeting.forces, meeting.nations, strict=False)
                )
            ),
            classes="hint",
        )
        self.sides = list(dict.fromkeys(meeting.nations))
        player = castra_app(self).ledger.player
        if player is not None:
            # T3.0: a player answers for its own side only; the others answer in their sessions.
            self.sides = [nation for nation in self.sides if nation == player]
        choices = [(_("avoids battle"), "avoid"), (_("seeks battle"), "seek")]
        for index, nation in enumerate(self.sides):
            yield from self.field(
                f"side-{index}", nation_name(nation), Select(choices, value="avoid")
            )
        yield from self.who_then_note()

    def error_line(self, field: str) -> str:
        # The ledger names "seek" (a nation outside the meeting): said under the first side.
        return "side-0-error" if field == "seek" and self.sides else f"{field}-error"

    def build_event(self) -> Any:
        from assistant.ledger.events import MeetingAnswered

        seek = [
            nation
            for index, nation in enumerate(self.sides)
            if self.choice(f"side-{index}") == "seek"
        ]
        return MeetingAnswered(
            meeting=self.number,
            seek=seek,
            nation=castra_app(self).ledger.player,
            who=self.who(),
            note=self.text("note"),
        )


class PairingForm(LedgerForm):
    """D8, equal numbers: the attacker picks each army's opponent, never the same enemy twice.
    The pick is checked by the ledger as ``castra campaign pairing --pick`` checks it (refused
    under the form, the form kept open); it writes nothing, and closes with the first game the
    pick makes (:attr:`game`), whose desk the screen then opens."""

    FORM_TITLE = N_("Who fights whom (D8)")
    RECORD_LABEL = N_("Open the desk")
    BINDINGS = [  # noqa: RUF012 - Textual's own name
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "record", N_("Desk")),
    ]

    def __init__(self, number: int, attackers: Sequence[str], defenders: Sequence[str]) -> None:
        super().__init__()
        self.number = number
        self.attackers = list(attackers)
        self.defenders = list(defenders)
        self.game: tuple[str, str] | None = None
        """The game to play now, once the pick is accepted (the attacker's army first)."""

    def compose_fields(self) -> ComposeResult:
        from converters.force_names import shown_army

        yield Static(
            _("Equal numbers: the attacker picks each army's opponent, never one enemy twice."),
            classes="hint",
        )
        enemies = [(shown_army(name), name) for name in self.defenders]
        for index, army in enumerate(self.attackers):
            yield from self.field(
                f"army-{index}",
                shown_army(army),
                Select(enemies, value=self.defenders[index], allow_blank=False),
            )

    def action_record(self) -> None:
        from assistant.ledger.meeting_battle import meeting_prefill

        self.clear_errors()
        chosen = {
            army: self.choice(f"army-{index}") or "" for index, army in enumerate(self.attackers)
        }
        try:
            battle = meeting_prefill(castra_app(self).ledger.state(), self.number, chosen)
        except ValueError as error:  # the ledger's refusal of the pick (D8)
            self.show_error(error)
            return
        self.game = (battle.army_a or "", battle.army_b or "")
        self.dismiss("picked")


async def invasion_desk(screen: Screen[Any], number: int, back_to: str) -> str | None:
    """D8, D10: open the battle desk of the next game of invasion meeting ``number`` (the
    Campaign screen's `f`, the Map's `b`); with equal numbers the attacker first picks each
    army's opponent (:class:`PairingForm`). Returns the ledger's refusal in words, else None."""
    from assistant.ledger.meeting_battle import meeting_prefill, opponents_to_pick
    from assistant.tui.errors import describe

    app = castra_app(screen)
    state = app.ledger.state()

    async def open_desk(game: tuple[str, str]) -> None:
        from assistant.tui.screens.battle_desk import BattleDeskScreen

        def build() -> Screen[None]:
            return BattleDeskScreen(place=place, armies=game, back_to=back_to)

        occasion = f"meeting:{state.turn}:{number}:{game[0]}:{game[1]}"
        await app.show_battle("battle", occasion, build)

    sides = opponents_to_pick(state, number)
    if sides is not None:
        place = next(m.meeting.province for m in state.meetings if m.meeting.number == number)
        form = PairingForm(number, *sides)

        async def picked(result: str | None) -> None:
            if result is not None and form.game is not None:
                await open_desk(form.game)

        app.push_screen(form, picked)
        return None
    try:
        battle = meeting_prefill(state, number)
    except ValueError as error:
        return describe(error)
    place = battle.place
    await open_desk((battle.army_a or "", battle.army_b or ""))
    return None
