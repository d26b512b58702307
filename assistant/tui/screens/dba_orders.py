"""Macedon vs Persia on the Map screen: the selected province's panel and the army orders.

The Map screen draws a Macedon campaign's board like the Tarentine one; what differs is what a
province holds (armies with morale, loyalty, devastation and revolt, supply lines: D9–D13) and
the orders given from it — a D10 move with its kind, a D11 special action, a forced
mobilisation and the referee's D14 loyalty change. Each form builds the same ledger event as
``castra campaign move|action|mobilise|loyalty``; the ledger judges it, and a refusal (one
line naming the rule) stays in the form with nothing written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Select, Static

from armylists.names import nation_name
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.ledger_form import LedgerForm
from assistant.tui.screens.map import ProvinceOrderForm
from assistant.tui.widgets.map_canvas import NATION_COLOURS, STATUS_MARKS
from converters.i18n import N_, _
from converters.province_names import province_name

if TYPE_CHECKING:
    from assistant.ledger.read_models import DbaArmyOnMap, DbaMapSummary

__all__ = [
    "ORDER_FORMS",
    "DbaActionForm",
    "DbaLoyaltyForm",
    "DbaMobiliseForm",
    "DbaMoveForm",
    "dba_panel",
]

MOVES: tuple[tuple[str, str], ...] = (
    (N_("redeploy (own or neutral neighbour)"), "redeploy"),
    (N_("invasion (enemy neighbour)"), "invasion"),
    (N_("forced march (two provinces, D5)"), "forced-march"),
    (N_("sea landing (D10)"), "landing"),
    (N_("tactical retreat (D5)"), "retreat"),
)
"""D10's five moves, as the form offers them (label, the ledger's word)."""

ACTIONS: tuple[tuple[str, str], ...] = (
    (N_("economic works (+2 loyalty)"), "works"),
    (N_("agitation (−2 to the enemy)"), "agitation"),
    (N_("break off (no effect)"), "break-off"),
)
"""D11's season-long actions and breaking one off."""

STATUS_WORDS: dict[str, str] = {
    "loyal": N_("loyal"),
    "held": N_("held"),
    "neutral": N_("neutral"),
    "devastated": N_("devastated"),
    "rebel": N_("rebel"),
}
"""D12's statuses, as the panel names them."""


def _army_lines(text: Text, name: str, army: DbaArmyOnMap, *, where: bool) -> None:
    """One army: name, morale, what it is busy with, its supply (D13)."""
    from converters.force_names import shown_army  # pydantic: not in the first frame

    text.append(
        f" {shown_army(name, army.side)}",
        style=f"bold {NATION_COLOURS.get(army.side, 'white')}",
    )
    if where:
        place = province_name(army.province or "") or _("at sea → {to}").format(
            to=province_name(army.landing_at or "")
        )
        text.append(f":{army.morale} {place}")
    else:
        text.append(" " + _("morale {morale}").format(morale=army.morale))
    text.append("\n")
    if army.province is None:
        text.append("   " + _("lands turn {turn}").format(turn=army.lands_on) + "\n")
    if army.action is not None:
        text.append(
            "   "
            + _("{action} to turn {turn}").format(action=_(army.action), turn=army.action_ends)
            + "\n"
        )
    if army.raised is not None:
        text.append("   " + _("mobilised: cannot move") + "\n")
    if army.deadline is not None:
        text.append(
            "   " + _("CUT OFF: dies turn {turn}").format(turn=army.deadline) + "\n",
            style="bold red",
        )
    elif not where and army.supply_line:
        text.append(
            "   "
            + _("supply: {line}").format(
                line=" → ".join(province_name(p) for p in army.supply_line)
            )
            + "\n",
            style="green",
        )


def dba_panel(summary: DbaMapSummary, selected: str, meetings: Text | None = None) -> Text:
    """The side panel: the selected province (holder, loyalty, status, its armies with morale
    and supply, the ``meetings`` there, neighbours), then every army on the map, so nothing the
    board cannot label is lost at 80×24; the panel scrolls."""
    province = summary.provinces[selected]
    armies = summary.armies
    holder = province.controller
    text = Text()
    text.append(
        f"{province_name(selected)}\n", style=f"bold {NATION_COLOURS.get(holder or '', 'white')}"
    )
    kind = [_("sea") if province.maritime else "", _("key port") if province.port else ""]
    if any(kind):
        text.append(" ".join(k for k in kind if k) + "\n", style="dim")
    status = province.status
    text.append(
        _("Held by {holder} · {status}").format(
            holder=nation_name(holder) if holder else _("nobody"),
            status=_(STATUS_WORDS.get(status, status)),
        )
        + "\n",
        style="bold red" if status in ("devastated", "rebel") else "",
    )
    if province.devastated_until is not None:
        text.append(
            _("Devastated until turn {turn}, then rebel (D12)").format(
                turn=province.devastated_until
            )
            + "\n",
            style="red",
        )
    loyalty = ", ".join(f"{nation_name(side)} {value}" for side, value in province.loyalty.items())
    text.append(_("Loyalty: {loyalty}").format(loyalty=loyalty) + "\n")
    text.append(_("Armies:") + "\n", style="bold")
    here = summary.armies_in(selected)
    for name, army in here:
        _army_lines(text, name, army, where=False)
    if not here:
        text.append(" —\n")
    if meetings is not None:
        text.append_text(meetings)
    text.append(_("Neighbours: "), style="bold")
    text.append(", ".join(province_name(n) for n in province.neighbours) + "\n")
    mobilised = ", ".join(
        f"{nation_name(side)} {count}/4" for side, count in summary.mobilised_this_year.items()
    )
    text.append(_("Mobilised this year: {sides}").format(sides=mobilised) + "\n", style="dim")
    text.append(
        "\n" + _("All armies, turn {turn} (army:morale where)").format(turn=summary.turn) + "\n",
        style="bold",
    )
    for name, army in armies.items():
        _army_lines(text, name, army, where=True)
    legend = " ".join(f"{mark} {_(STATUS_WORDS[word])}" for word, mark in STATUS_MARKS.items())
    text.append("\n" + legend + "\n", style="dim")
    text.append(_("L4: loyalty to the holder; M4:3 army and morale; †6 dies turn 6"), style="dim")
    return text


def _armies_here(form: LedgerForm, province: str) -> list[tuple[str, str]]:
    from converters.force_names import shown_army  # pydantic: not in the first frame

    state = castra_app(form).ledger.state()
    board = state.dba_map
    if board is None:
        return []
    return [
        (f"{shown_army(army.name, army.side)} ({nation_name(army.side)}, {army.morale})", army.name)
        for army in board.armies.values()
        if army.province == province and state.armies[army.name].alive
    ]


class _DbaForm(ProvinceOrderForm):
    """An order given in one province of a Macedon vs Persia map."""

    def army_field(self) -> ComposeResult:
        yield from self.field(
            "army",
            _("Army"),
            Select(_armies_here(self, self.province), prompt=_("choose an army")),
        )

    def who_and_note(self, note_label: str, placeholder: str) -> ComposeResult:
        yield from self.field("note", note_label, Input(placeholder=placeholder))
        yield from self.field("who", _("Who"), self.who_input())


class DbaMoveForm(_DbaForm):
    """D10: one army's move from the selected province."""

    FORM_TITLE = N_("Move an army (D10)")

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        board = state.scenario.board
        near = board.road_neighbours(self.province) if board is not None else []
        coasts = [p.province for p in board.places if p.maritime] if board is not None else []
        by_sea = [
            (_("{province} (by sea)").format(province=province_name(c)), c)
            for c in coasts
            if c not in near
        ]
        yield Static(
            _("From {province}").format(province=province_name(self.province)), classes="hint"
        )
        yield from self.army_field()
        yield from self.field(
            "move",
            _("How"),
            Select([(_(label), how) for label, how in MOVES], value="redeploy", allow_blank=False),
        )
        yield from self.field(
            "to", _("To"), Select([(province_name(n), n) for n in near] + by_sea, prompt=_("where"))
        )
        yield from self.field(
            "via",
            _("Via (forced march)"),
            Select([(province_name(n), n) for n in near], prompt=_("the province it passes")),
        )
        yield from self.who_and_note(_("Note"), _("optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import DbaMoved

        return DbaMoved(
            army=self.chosen("army", _("choose the army that moves")),
            move=self.chosen("move", _("choose how it moves")),
            to=self.chosen("to", _("choose where it goes")),
            via=self.choice("via"),
            who=self.who(),
            note=self.text("note"),
        )


class DbaActionForm(_DbaForm):
    """D11: works, agitation, or breaking one off."""

    FORM_TITLE = N_("Special action (D11)")

    def compose_fields(self) -> ComposeResult:
        yield Static(
            _("In {province}, for a season").format(province=province_name(self.province)),
            classes="hint",
        )
        yield from self.army_field()
        yield from self.field(
            "action",
            _("Action"),
            Select([(_(label), what) for label, what in ACTIONS], value="works", allow_blank=False),
        )
        yield from self.who_and_note(_("Note"), _("optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import SpecialActionOrdered

        return SpecialActionOrdered(
            army=self.chosen("army", _("choose the army")),
            action=self.chosen("action", _("choose the action")),
            who=self.who(),
            note=self.text("note"),
        )


def _sides(form: LedgerForm, province: str) -> tuple[list[tuple[str, str]], str | None]:
    board = castra_app(form).ledger.state().dba_map
    if board is None:
        return [], None
    holder = board.provinces[province].controller if province in board.provinces else None
    return [(nation_name(side), side) for side in board.sides], holder


class DbaMobiliseForm(_DbaForm):
    """D11: a forced mobilisation in the selected province (it becomes devastated, D12)."""

    FORM_TITLE = N_("Forced mobilisation (D11)")

    def compose_fields(self) -> ComposeResult:
        sides, holder = _sides(self, self.province)
        yield Static(
            _("Raise a one-season army in {province}; it becomes devastated").format(
                province=province_name(self.province)
            ),
            classes="hint",
        )
        yield from self.field(
            "side", _("Side"), Select(sides, value=holder or Select.NULL, prompt=_("whose"))
        )
        yield from self.field("army", _("New army"), Input(placeholder=_("e.g. Thracian levy")))
        yield from self.who_and_note(_("Note"), _("optional"))

    def build_event(self) -> Any:
        from assistant.ledger.events import ArmyMobilised

        name = self.text("army")
        if not name:
            raise ValueError("army: " + _("name the new army"))
        return ArmyMobilised(
            side=self.chosen("side", _("choose the side")),
            province=self.province,
            army=name,
            who=self.who(),
            note=self.text("note"),
        )


class DbaLoyaltyForm(_DbaForm):
    """D14: the referee changes the selected province's loyalty to one side, saying why."""

    FORM_TITLE = N_("Loyalty change (D14)")

    def compose_fields(self) -> ComposeResult:
        sides, holder = _sides(self, self.province)
        yield Static(
            _("{province}: the referee's change").format(province=province_name(self.province)),
            classes="hint",
        )
        yield from self.field(
            "side", _("Loyalty of"), Select(sides, value=holder or Select.NULL, prompt=_("whose"))
        )
        yield from self.field("by", _("By (−6 to +6)"), Input(placeholder=_("e.g. -1")))
        yield from self.field(
            "roll",
            _("From a loyalty roll"),
            Select([(_("no"), "no"), (_("yes"), "yes")], value="no", allow_blank=False),
        )
        yield from self.who_and_note(_("Reason"), _("why it changes (required)"))

    def build_event(self) -> Any:
        from assistant.ledger.events import LoyaltyChanged

        typed = self.text("by").replace("−", "-").removeprefix("+")
        try:
            by = int(typed)
        except ValueError:
            raise ValueError("by: " + _("a whole number from −6 to +6")) from None
        return LoyaltyChanged(
            province=self.province,
            side=self.chosen("side", _("choose the side")),
            by=by,
            roll=self.choice("roll") == "yes",
            who=self.who(),
            note=self.text("note"),
        )


ORDER_FORMS: dict[str, type[_DbaForm]] = {
    "move": DbaMoveForm,
    "action": DbaActionForm,
    "mobilise": DbaMobiliseForm,
    "loyalty": DbaLoyaltyForm,
}
"""The Map screen's order keys → their forms."""
