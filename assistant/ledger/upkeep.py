"""The nation's choice of which PM go when it cannot pay its winter upkeep (T6.2, T5.5, T7.9).

Winter upkeep is owed for every PM kept; a nation that cannot pay for them all keeps what it
can pay for. Which ones go was the ledger's choice alone: the nation's most recently formed
forces lost their PM first, so Ptolemy's 2 new PM at Tarentum were taken off while the unpaid
army at Brundisium stayed. Here the nation chooses: the winter event carries ``disband`` —
force → PM — for the forces on the map whose PM it gives up, checked whole before any die is
rolled (a force of a nation that pays in full, more PM than the force has, a total other than
what must go: one line naming the rule, nothing written). A nation that names nothing loses PM
in the order docs/rules.md states (T6.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData as CampaignState
    from assistant.ledger.models import NationState

__all__ = ["IN_PLAY", "check_choice", "disband_chosen", "owed_in_play", "settle"]

IN_PLAY = ("land", "naval")
"""The upkeep items of PM standing on the map (a choice names their forces; PM in training,
and mercenaries another nation pays for, go as T6.2 and T5.5 say)."""


def settle(
    state: CampaignState, nation: NationState, *, mercenaries: bool
) -> tuple[int, dict[str, int]]:
    """T6.2: the PE ``nation`` pays and what it cannot keep, by kind of upkeep item — the
    items paid in order while the treasury lasts (in play, then in training, then the
    mercenaries it employs)."""
    paid = 0
    disbanded: dict[str, int] = {}
    for what, cost in state.upkeep_items(nation, mercenaries=mercenaries):
        if nation.treasury - paid >= cost:
            paid += cost
        else:
            disbanded[what] = disbanded.get(what, 0) + 1
    return paid, disbanded


def owed_in_play(state: CampaignState, *, skip_away: bool, mercenaries: bool) -> dict[str, int]:
    """Each nation that must disband PM standing on the map this winter, and how many (what
    a choice must add up to)."""
    owed: dict[str, int] = {}
    for nation in state.nations.values():
        if not nation.player or (skip_away and nation.away):
            continue
        _paid, gone = settle(state, nation, mercenaries=mercenaries)
        count = sum(gone.get(what, 0) for what in IN_PLAY)
        if count:
            owed[nation.name] = count
    return owed


def refused(field: str, message: str, **values: object) -> Exception:
    from assistant.ledger.errors import LedgerFieldError

    return LedgerFieldError(field, message, **values)


def check_choice(
    state: CampaignState, choice: dict[str, int], *, skip_away: bool, mercenaries: bool
) -> None:
    """Refuse a disband choice that is not exactly what each nation named must give up."""
    if not choice:
        return
    if not state.forces:
        raise refused("disband", N_("only in a campaign with a map (T6.2, T7.9)"))
    chosen: dict[str, int] = {}
    for name, pm in choice.items():
        force = state.forces.get(name)
        if force is None:
            raise refused(
                "disband",
                N_("no army or fleet called {force!r} (T6.2)"),
                force=name,
            )
        nation = state.nations[force.nation]
        if force.paid_by is not None:
            raise refused(
                "disband",
                N_("{force} is in {payer}'s pay: mercenaries go first, as T5.5 says (T6.2)"),
                force=name,
                payer=force.paid_by,
            )
        if pm < 1 or pm > force.pm:
            raise refused(
                "disband",
                N_("{force} has {pm} PM; disband 1 to {pm} of them (T6.2)"),
                force=name,
                pm=force.pm,
            )
        chosen[nation.name] = chosen.get(nation.name, 0) + pm
    owing = owed_in_play(state, skip_away=skip_away, mercenaries=mercenaries)
    for name, total in chosen.items():
        owed = owing.get(name, 0)
        if owed == 0:
            raise refused(
                "disband",
                N_("{nation} pays its whole upkeep: none of its PM is disbanded (T6.2)"),
                nation=name,
            )
        if total != owed:
            raise refused(
                "disband",
                N_(
                    "{nation} cannot pay for {owed} PM in play and must disband exactly {owed} "
                    "(the choice disbands {total}, T6.2)"
                ),
                nation=name,
                owed=owed,
                total=total,
            )


def disband_chosen(
    state: CampaignState, nation: NationState, disbanded: dict[str, int], choice: dict[str, int]
) -> tuple[dict[str, int], list[sd.Said]]:
    """Take the PM ``choice`` names off ``nation``'s forces (and its PM); return what is left
    to disband by the default order (the items not in play) and what the history says of
    each force."""
    mine = {
        name: pm
        for name, pm in choice.items()
        if name in state.forces and state.forces[name].nation == nation.name
    }
    if not mine:
        return disbanded, []
    lines: list[sd.Said] = []
    for name, pm in mine.items():
        force = state.forces[name]
        force.pm -= pm
        if force.kind == "army":
            nation.land_pm -= pm
        else:
            nation.naval_pm -= pm
        lines.append(
            sd.said(
                N_("{force} −{pm} PM at {province} (disbanded by choice, T6.2)"),
                force=sd.force(name, force.nation, force.kind),
                pm=pm,
                province=sd.province(force.province),
            )
        )
        if force.pm == 0:
            del state.forces[name]
            for other in state.forces.values():
                if other.aboard == name:
                    other.aboard = None
    return {what: n for what, n in disbanded.items() if what not in IN_PLAY}, lines
