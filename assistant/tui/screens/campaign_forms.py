"""The Campaign screen's forms: end the turn, the winter turn, rebuild, recruit.

They live apart from :mod:`assistant.tui.screens.campaign` because every form is a
:class:`~assistant.tui.screens.ledger_form.LedgerForm`, which needs pydantic and the ledger's
errors: keeping them out of the first screen's imports lets the app show its first frame before
any of that is loaded. ``assistant.tui.screens.campaign`` still re-exports them by name.
"""

from __future__ import annotations

import re
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Input, Select, Static

from armylists.names import find_name, nation_name
from assistant.ledger.read_models import DecimatedGlance
from assistant.tui.dice import RollCancelled
from assistant.tui.ledger_service import castra_app
from assistant.tui.screens.campaign import (
    decimated_text,
    nation_options,
    parse_tribute,
    pe_listing,
)
from assistant.tui.screens.ledger_form import LedgerForm
from converters.errors import FieldError
from converters.force_names import shown_name
from converters.i18n import N_, _, ngettext
from converters.said import render

__all__ = [
    "AdvanceTurnForm",
    "RebuildForm",
    "RecruitForm",
    "WinterTurnForm",
    "collected_text",
    "parse_stationed",
]


def parse_stationed(text: str, field: str = "stationed") -> dict[str, int]:
    """``"Heraclea 2, Ligures (est) 1"`` → ``{"Heraclea": 2, "Ligures (est)": 1}`` (T5.7; with
    ``field="disband"``, forces and the PM each gives up, T6.2).

    Only the shape is checked here; the ledger checks that each province is occupied.
    """
    stationed: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        found = re.fullmatch(r"(.*?)\s*[\s:]\s*([0-9]+)", part)
        name = found.group(1).strip() if found else ""
        if found is None or not name:
            if field == "disband":
                raise FieldError(
                    field=field,
                    message=_(
                        "write each army or fleet and the PM it gives up, e.g. Pyrrhus I 2 "
                        "(got {part!r})"
                    ),
                    part=part,
                )
            raise FieldError(
                field="stationed",
                message=_(
                    "write each occupied province and the PM there, 0 or more, e.g. "
                    "Heraclea 2, Tarentum 3 (got {part!r})"
                ),
                part=part,
            )
        if name in stationed:
            raise FieldError(field=field, message=_("{province} given twice"), province=name)
        stationed[name] = int(found.group(2))
    return stationed


class AdvanceTurnForm(LedgerForm):
    """End the current turn (T5.1), with the tribute each nation collects (T5.3)."""

    FORM_TITLE = N_("End the turn")
    KEPT = True

    def compose_fields(self) -> ComposeResult:
        # T5.2, D6: the ledger names the turn itself when it cannot end yet (a meeting left).
        self.field_labels["turn"] = _("Turn")
        state = castra_app(self).ledger.state()
        calendar = state.scenario.calendar
        following = (
            render(calendar.said(state.turn + 1))
            if state.turn < calendar.total_turns
            else _("the end of the campaign")
        )
        yield Static(f"{render(state.date_said)}\n→ {following}", classes="hint")
        from assistant.ledger.map_war import turn_end_collection

        collection = turn_end_collection(state)
        # T5.3 tribute is PE: typed only in a campaign with PE and no map
        if collection is None and state.scenario.economy is not None:
            yield from self.field(
                "tribute",
                _("Tribute collected (T5.3), optional"),
                Input(placeholder=_("e.g. Rome 12, Magna Graecia 5")),
            )
        elif collection is not None:
            # T5.3, T7.8: on the map the tribute is computed, never typed.
            yield Static(collected_text(*collection), id="tribute-computed", classes="hint")
        yield from self.who_then_note()

    def build_event(self) -> Any:
        from assistant.ledger.events import TurnAdvanced as TurnAdvancedEvent
        from assistant.ledger.map_war import turn_end_collection

        collection = turn_end_collection(castra_app(self).ledger.state())
        if collection is None:
            tribute = parse_tribute(self.text("tribute")) if self.query("#tribute") else {}
            return TurnAdvancedEvent(tribute=tribute, who=self.who(), note=self.text("note"))
        tribute, costs = collection
        return TurnAdvancedEvent(
            tribute=tribute, siege_costs=costs, who=self.who(), note=self.text("note")
        )


def collected_text(tribute: dict[str, int], costs: dict[str, int]) -> str:
    """The tribute (T5.3) and siege costs (T5.4) ending the turn collects, in words."""
    if not tribute and not costs:
        return _("No tribute on a winter turn (T5.3).")
    text = _("Tribute collected (T5.3), PE: {listed}").format(listed=pe_listing(tribute))
    if costs:
        text += "\n" + _("Siege costs paid (T5.4), PE: {listed}").format(listed=pe_listing(costs))
    return text


class RebuildForm(LedgerForm):
    """Rebuild decimated land PM before they expire (T2.5)."""

    FORM_TITLE = N_("Rebuild decimated PM (T2.5)")
    KEPT = True

    def __init__(self, nation: str | None = None) -> None:
        super().__init__()
        self.nation = nation

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        economy = state.scenario.economy
        cost = (
            _("{pe} PE each").format(pe=economy.rebuild_cost)
            if economy
            else _("no economy in this campaign")
        )
        waiting = [
            f"{nation_name(name)} "
            + decimated_text(
                [DecimatedGlance(batch.pm, batch.expires) for batch in nation.decimated]
            )
            for name, nation in state.nations.items()
            if nation.decimated
        ]
        yield Static(
            _("{cost}, up to and including the next winter turn.").format(cost=cost)
            + "\n"
            + _("Decimated now: {waiting}").format(
                waiting="; ".join(waiting) if waiting else _("none")
            ),
            classes="hint",
        )
        options = nation_options(state, players_only=False)
        chosen = self.nation if self.nation in state.nations else Select.NULL
        yield from self.field(
            "nation", _("Nation"), Select(options, value=chosen, prompt=_("choose a nation"))
        )
        yield from self.field("pm", _("PM to rebuild"), self.number_input("1"))
        yield from self.who_then_note()

    def build_event(self) -> Any:
        from assistant.ledger.events import PmRebuilt

        nation = self.choice("nation")
        if nation is None:
            raise FieldError(field="nation", message=_("choose the nation that rebuilds"))
        return PmRebuilt(
            nation=nation, pm=self.text("pm") or "", who=self.who(), note=self.text("note")
        )


class RecruitForm(LedgerForm):
    """Order new land or naval PM (T6.1): paid now, arriving after the training delay."""

    FORM_TITLE = N_("Order recruits (T6.1)")
    KEPT = True

    def __init__(self, nation: str | None = None) -> None:
        super().__init__()
        self.nation = nation

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        economy = state.scenario.economy
        if economy:
            yield Static(
                _("Land PM {land} PE, naval PM {naval} PE; ").format(
                    land=economy.land_pm_cost, naval=economy.naval_pm_cost
                )
                + ngettext(
                    "they arrive {turns} turn after the order.",
                    "they arrive {turns} turns after the order.",
                    economy.recruit_delay_turns,
                ).format(turns=economy.recruit_delay_turns),
                classes="hint",
            )
        options = nation_options(state)
        player = castra_app(self).ledger.player
        if player is not None:
            # T7.3: a player orders its own nation's recruits only.
            options = [(label, value) for label, value in options if value == player]
            self.nation = player
        chosen = self.nation if self.nation in {value for label, value in options} else Select.NULL
        yield from self.field(
            "nation", _("Nation"), Select(options, value=chosen, prompt=_("choose a nation"))
        )
        yield from self.field("land_pm", _("Land PM"), self.number_input("0"))
        yield from self.field("naval_pm", _("Naval PM"), self.number_input("0"))
        yield from self.field(
            "province",
            _("Province they deploy in (optional)"),
            Input(placeholder=_("e.g. Roma")),
        )
        yield from self.who_then_note()

    def build_event(self) -> Any:
        from assistant.ledger.events import RecruitmentOrdered
        from assistant.ledger.orders import recruitment_for

        nation = self.choice("nation")
        if nation is None:
            raise FieldError(field="nation", message=_("choose the nation that recruits"))
        state = castra_app(self).ledger.state()
        event = RecruitmentOrdered(
            nation=nation,
            land_pm=self.text("land_pm") or "0",
            naval_pm=self.text("naval_pm") or "0",
            province=_recruits_province(self, state),
            who=self.who(),
            note=self.text("note"),
        )
        # T5.2 phase 1: under house rule orders = sealed, a sealed order (paid when resolved).
        return recruitment_for(state, event)


def _recruits_province(form: LedgerForm, state: Any) -> str:
    """The Recruit form's province as typed, read in any case and either language (the
    ledger judges whether recruits may deploy there, T6.1)."""
    typed = form.text("province")
    if not typed or not state.scenario.provinces:
        return typed
    return form.named("province", typed, [p.name for p in state.scenario.provinces])


class DeclareWarForm(LedgerForm):
    """A nation declares war on another (T7.10, an event of phase 2, T5.2): the ledger refuses
    a declaration on an ally (the treaty is broken first), on itself, or between nations
    already at war, and the refusal shows under its field."""

    FORM_TITLE = N_("Declare war (T7.10)")
    KEPT = True

    def __init__(self, nation: str | None = None) -> None:
        super().__init__()
        self.nation = nation

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        options = nation_options(state)
        chosen = self.nation if self.nation in {value for label, value in options} else Select.NULL
        yield from self.field(
            "nation", _("Nation"), Select(options, value=chosen, prompt=_("choose a nation"))
        )
        yield from self.field("on", _("On"), Select(options, prompt=_("choose the enemy")))
        yield from self.who_then_note()

    def build_event(self) -> Any:
        from assistant.ledger.events import WarDeclared

        nation = self.choice("nation")
        if nation is None:
            raise FieldError(field="nation", message=_("choose the nation that declares war"))
        enemy = self.choice("on")
        if enemy is None:
            raise FieldError(field="on", message=_("choose the nation it declares war on"))
        return WarDeclared(nation=nation, on=enemy, who=self.who(), note=self.text("note"))


class WinterDieRolled(Message):
    """The T5.6 winter die is rolled (posted from the worker), or None: abandoned."""

    def __init__(self, roll: Any) -> None:
        super().__init__()
        self.roll = roll
        """The ``converters.dice.Roll``, or None when the player abandoned it."""


class WinterTurnForm(LedgerForm):
    """Resolve the winter turn: the referee's d10 (T5.6), upkeep (T6.2), expiry (T2.5), the
    control check of occupied provinces with the PM stationed there (T5.7), VP (T5.8).

    The die is rolled once (or typed in, with physical dice) when the player first records; if
    the ledger then refuses (e.g. a storm with a tie for most fleets needs the nation named),
    the same roll is kept for the next attempt: a die is never rolled again to get another face.
    """

    FORM_TITLE = N_("Winter turn")

    def __init__(self) -> None:
        super().__init__()
        self.winter_roll: Any = None
        """The d10 once rolled (a converters.dice.Roll)."""
        self.has_occupied = False
        """Some province is occupied, so the form has the T5.7 "stationed" field."""
        self.on_map = False
        """The campaign has a map: the winter acts on it and its PM stationed are read from
        it (T7.8, T7.9)."""
        self.disband_asked = False
        """Some nation cannot pay its upkeep: the form has the T6.2 "disband" field."""

    def compose_fields(self) -> ComposeResult:
        state = castra_app(self).ledger.state()
        lines = [render(state.date_said)]
        if state.is_winter and state.scenario.economy is not None:
            owed = [
                _("{nation} {pe} PE").format(nation=nation_name(name), pe=state.upkeep(name))
                for name, nation in state.nations.items()
                if nation.player
            ]
            lines.append(_("Upkeep owed (T6.2): {owed}").format(owed=", ".join(owed)))
        die = state.scenario.winter_events.die if state.scenario.winter_events else 10
        lines.append(_("Recording rolls the d{die} of the winter event (T5.6).").format(die=die))
        yield Static("\n".join(lines), classes="hint")
        yield Static("", id="winter-roll", classes="hint")
        yield from self._occupied_fields(state)
        fleets = [
            (nation_name(name), name)
            for name, nation in state.nations.items()
            if nation.naval_pm > 0
        ]
        yield from self.field(
            "storm_nation",
            _("If a storm (7) strikes tied fleets: which nation"),
            Select(fleets, prompt=_("— (only when asked)")),
        )
        if state.forces:
            from assistant.ledger.map_war import CISALPINE

            cisalpine = [
                (p.name, p.name)
                for p in state.scenario.provinces
                if p.region == CISALPINE and state.control.get(p.name) != "Senones"
            ]
            yield from self.field(
                "annex",
                _("If the Senones annex (6): which Cisalpine province"),
                Select(cisalpine, prompt=_("— (only when asked)")),
            )
            yield from self._disband_field(state)
        yield from self.who_then_note()

    def _disband_field(self, state: Any) -> ComposeResult:
        """T6.2: when a nation cannot pay for its PM on the map, which forces give them up
        (none named: the order of docs/rules.md)."""
        from assistant.ledger.upkeep import owed_in_play

        owed = owed_in_play(state, skip_away=True, mercenaries=True) if state.is_winter else {}
        self.disband_asked = bool(owed)
        if not owed:
            return
        yield from self.field(
            "disband",
            _(
                "Unpaid upkeep (T6.2), PM to disband: {owed}; which forces (none: newest first)"
            ).format(owed=", ".join(f"{nation_name(n)} {pm}" for n, pm in owed.items())),
            # The example in the reader's words ("Pirro I 2"), read back as its key.
            Input(placeholder=_("e.g. {example}").format(example=f"{shown_name('Pyrrhus I')} 2")),
        )

    def _disband(self) -> dict[str, int]:
        """The forces typed to disband (T6.2), each by its key, named in either language
        ("Pirro I" is Pyrrhus I)."""
        forces = castra_app(self).ledger.state().forces
        typed = parse_stationed(self.text("disband"), "disband")
        return {find_name(name, forces) or name: pm for name, pm in typed.items()}

    def _occupied_fields(self, state: Any) -> ComposeResult:
        """T5.7: the occupied provinces and the PM field, or a hint that there are none; with
        the map, the provinces occupied there and the PM standing, never typed (T7.8)."""
        self.on_map = bool(state.forces)
        if self.on_map:
            yield self._occupations_hint(state)
            return
        occupied = state.occupied()
        self.has_occupied = bool(occupied)
        if not occupied:
            yield Static(
                _("No occupied provinces: no control check this winter (T5.7)."),
                id="occupied",
                classes="hint",
            )
            return
        lines = [
            _(
                "Control check of occupied provinces (T5.7): owner's PP + loyalty v holder's PP + "
                "PM stationed, a tie to the holder; loyalty is then 0 for ever."
            )
        ]
        for entry in occupied:
            lines.append(
                _(
                    "• {province}, {homeland}'s, held by {holder}: loyalty {loyalty}, "
                    "PP {owner_pp} v {occupier_pp}, {pm} PM keep it"
                ).format(
                    province=entry.province,
                    homeland=entry.homeland,
                    holder=entry.holder,
                    loyalty=entry.loyalty,
                    owner_pp=entry.owner_pp,
                    occupier_pp=entry.occupier_pp,
                    pm=entry.pm_to_keep,
                )
            )
        yield Static("\n".join(lines), id="occupied", classes="hint")
        example = ", ".join(f"{entry.province} {entry.pm_to_keep}" for entry in occupied[:2])
        yield from self.field(
            "stationed",
            _("PM stationed in occupied provinces (none named: 0)"),
            Input(placeholder=_("e.g. {example}").format(example=example)),
        )

    def _occupations_hint(self, state: Any) -> Static:
        """T5.7, T7.7: each province a nation at war with its controller occupies on the map."""
        from assistant.ledger.conquest import occupations

        found = occupations(state)
        if not found:
            return Static(
                _("No occupied provinces: no control check this winter (T5.7)."),
                id="occupied",
                classes="hint",
            )
        lines = [
            _(
                "Control check where a nation at war with the holder stands (T5.7): holder's "
                "PP + loyalty v occupier's PP + PM standing there, read from the map."
            )
        ]
        for entry in found:
            result = entry.check()
            lines.append(
                _("• {province}: {controller} {owner_score} v {occupier} {occupier_score}").format(
                    province=entry.province,
                    controller=nation_name(entry.controller),
                    owner_score=result.owner_score,
                    occupier=nation_name(entry.occupier),
                    occupier_score=result.occupier_score,
                )
            )
        return Static("\n".join(lines), id="occupied", classes="hint")

    def action_record(self) -> None:
        self.clear_errors()
        if self.winter_roll is None:
            state = castra_app(self).ledger.state()
            try:
                # Check before rolling: no die is rolled for a winter that cannot be resolved.
                castra_app(self).ledger.check(self._event(state, None))
            except (ValueError, LookupError) as error:
                if not str(error).startswith("rolls:"):
                    self.show_error(error)
                    return
            die = state.scenario.winter_events.die if state.scenario.winter_events else 10
            self._roll_winter_die(die)
            return
        super().action_record()

    @work(thread=True, exclusive=True, group="winter-die")
    def _roll_winter_die(self, die: int) -> None:
        from converters.said import said

        dice = castra_app(self).dice_for(said(N_("Winter")))
        try:
            dice.roll(die, said(N_("T5.6 winter event")))
        except RollCancelled:
            self.post_message(WinterDieRolled(None))
            return
        self.post_message(WinterDieRolled(dice.take_log()[0]))

    @on(WinterDieRolled)
    def _rolled(self, message: WinterDieRolled) -> None:
        roll = message.roll
        if roll is None:
            self.say(_("roll cancelled: nothing recorded"))
            return
        self.winter_roll = roll
        self.query_one("#winter-roll", Static).update(
            _("d{sides} rolled for the winter event: {face}").format(
                sides=roll.sides, face=roll.value
            )
        )
        super().action_record()

    def _event(self, state: Any, roll: Any) -> Any:
        from assistant.ledger.events import WinterResolved

        if self.on_map:
            # T7.9, T5.7: the winter acts on the map and checks what stands there.
            return WinterResolved(
                rolls=[roll] if roll is not None else [],
                on_map=True,
                occupation=True,
                mercenaries=True,
                victory=castra_app(self).ledger.state().scenario.key == "tarentine",
                annex=self.choice("annex"),
                disband=self._disband() if self.disband_asked else {},
                storm_nation=self.choice("storm_nation"),
                who=self.text("who"),
                note=self.text("note"),
            )
        stationed = parse_stationed(self.text("stationed")) if self.has_occupied else {}
        return WinterResolved(
            rolls=[roll] if roll is not None else [],
            stationed=stationed,
            storm_nation=self.choice("storm_nation"),
            who=self.text("who"),
            note=self.text("note"),
        )

    def build_event(self) -> Any:
        self.who()
        return self._event(None, self.winter_roll)
