"""Conquest by occupation at the winter check (T5.7, T7.7), with the sack's −10 (T5.3) and the
coalition's choice of holder (T5.5): read from the map, applied by the winter turn.

The seed checks "occupied provinces" each winter. Before the map, a province counted as occupied
only once its holder had changed on record, so an army could stand in an enemy province all
summer and never take it. With the map, the revised reading of T5.7 checks *every* province in
which, at the winter turn, land PM of a nation at war with its controller (T7.10) stand and none
of the controller's side do: the controller's PP plus the province's loyalty toward it, against
the occupier's PP plus the PM its side has standing there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from assistant.ledger.forces import on_map
from assistant.ledger.relations import allied, at_war
from converters import said as sd
from converters.control import SACKED_LOYALTY, ControlCheck, control_check, pm_to_keep
from converters.house_rules import ControlTie
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "CONTROL_CHECK",
    "Occupation",
    "control_checked",
    "loyalty_toward",
    "occupation_checks",
    "occupations",
]


class Occupation(BaseModel):
    """One province a nation at war with its controller occupies, as the winter finds it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    province: str
    """The province."""
    controller: str
    """Who holds it now: the owner of the check."""
    occupier: str
    """The nation standing there that would hold it: of a coalition, the one with more PM
    there, then more PP (T5.5)."""
    coalition: list[str]
    """Every nation of the occupier's side standing there, the occupier first."""
    stationed_pm: int
    """Land PM the occupier's side has standing there (T5.7 "PM stationed", T7.8)."""
    loyalty: int
    """The province's loyalty toward its controller: the scenario's for its homeland, 0 for a
    conqueror or once a check spent it, −10 when the controller's side sacked it (T5.3)."""
    owner_pp: int
    """The controller's PP now."""
    occupier_pp: int
    """The occupier's PP now."""
    pm_to_keep: int
    """PM the occupier's side needs standing there to take it, at today's PP."""
    tie: ControlTie = "occupier"
    """T5.7 house rule ``control_tie`` in force."""

    def check(self) -> ControlCheck:
        """T5.7 with the PM standing there now."""
        return control_check(
            self.owner_pp, self.loyalty, self.occupier_pp, self.stationed_pm, self.tie
        )


def _side(nation: str, paid_by: str | None) -> str:
    # T5.5: mercenaries stand for the nation that pays them.
    return paid_by or nation


def loyalty_toward(state: CampaignData, province: str, nation: str) -> int:
    """T5.3, T5.7: the province's loyalty toward ``nation``: −10 for ever once ``nation`` or
    an ally of it sacked it; 0 once a control check spent it; its homeland's loyalty from the
    scenario; 0 toward anyone else (a conqueror has no loyalty there)."""
    if any(allied(state, sacker, nation) for sacker in state.sacked_by.get(province, [])):
        return SACKED_LOYALTY
    if province in state.loyalty_spent:
        return 0
    facts = next(p for p in state.scenario.provinces if p.name == province)
    return facts.loyalty if facts.homeland == nation else 0


def occupations(state: CampaignData) -> list[Occupation]:
    """T5.7, T7.7, T5.5: every province where land PM of a nation at war with its controller
    stand and none of the controller's side do, in the scenario's order (empty without a
    map)."""
    found: list[Occupation] = []
    armies = [f for f in on_map(state) if f.kind == "army" and f.pm > 0]
    for province in state.scenario.provinces:
        controller = state.control.get(province.name, province.homeland)
        standing: dict[str, int] = {}
        for force in armies:
            if force.province == province.name:
                side = _side(force.nation, force.paid_by)
                standing[side] = standing.get(side, 0) + force.pm
        if not standing or any(allied(state, side, controller) for side in standing):
            continue
        hostile = {side: pm for side, pm in standing.items() if at_war(state, side, controller)}
        if not hostile:
            continue
        occupier = max(hostile, key=lambda side: (hostile[side], state.nations[side].prestige))
        coalition = [occupier] + [
            side for side in hostile if side != occupier and allied(state, side, occupier)
        ]
        owner_pp = state.nations[controller].prestige if controller in state.nations else 0
        loyalty = loyalty_toward(state, province.name, controller)
        occupier_pp = state.nations[occupier].prestige
        found.append(
            Occupation(
                province=province.name,
                controller=controller,
                occupier=occupier,
                coalition=coalition,
                stationed_pm=sum(hostile[side] for side in coalition),
                loyalty=loyalty,
                owner_pp=owner_pp,
                occupier_pp=occupier_pp,
                pm_to_keep=pm_to_keep(owner_pp, loyalty, occupier_pp, state.rules.control_tie),
                tie=state.rules.control_tie,
            )
        )
    return found


def occupation_checks(state: CampaignData) -> list[sd.Said]:
    """T5.7: check every occupied province found on the map now; the occupier takes those it
    wins, and each checked province's loyalty is 0 for ever (a sack's −10 stays). Returns
    what the winter's summary says of each province."""
    lines: list[sd.Said] = []
    for entry in occupations(state):
        result = entry.check()
        if result.keeper == "occupier":
            state.control[entry.province] = entry.occupier
            outcome = sd.said(N_("{nation} takes it"), nation=sd.nation(entry.occupier))
        else:
            outcome = sd.said(N_("{nation} keeps it"), nation=sd.nation(entry.controller))
        if entry.province not in state.loyalty_spent:
            state.loyalty_spent.append(entry.province)
        lines.append(
            control_checked(
                state,
                entry.province,
                (entry.controller, result.owner_score),
                (entry.occupier, result.occupier_score),
                outcome,
            )
        )
    return lines


CONTROL_CHECK = N_(
    "control check {province}: {homeland} {homeland_score} v {holder} "
    "{holder_score}, {outcome} (loyalty now 0, T5.7)"
)
"""A winter's control check of an occupied province (T5.7): the chronicle lists these
apart from the winter's other lines."""


def control_checked(
    state: CampaignData,
    province: str,
    homeland: tuple[str, int],
    holder: tuple[str, int],
    outcome: sd.Said,
) -> sd.Said:
    """T5.7: "control check Lucania: Rome 4 v Carthage 5, Carthage keeps it (loyalty now 0,
    T5.7)", with the club's reading of a tie when it is not ours."""
    note = state.rules.note_said("control_tie") if homeland[1] == holder[1] else None
    return sd.said(
        CONTROL_CHECK,
        province=sd.province(province),
        homeland=sd.nation(homeland[0]),
        homeland_score=homeland[1],
        holder=sd.nation(holder[0]),
        holder_score=holder[1],
        outcome=outcome if note is None else sd.listing((outcome, note), ""),
    )
