"""The phases of a campaign turn as a ``transitions`` state machine (T5.2, D6).

A turn by the book is a fixed order of phases: the Tarentine turn's eleven (T5.2), the winter
turn's three, Macedon vs Persia's six with the initiative side moving first (D6). The states and
transitions are data (:data:`TARENTINE_TRANSITIONS`, :data:`MACEDON_TRANSITIONS`) and every
condition is a named method of :class:`TurnClock`, so ``docs/phases.md`` is drawn from exactly
what runs. The phase is never stored on its own: it is a field of the replayed
:class:`~assistant.ledger.state.CampaignData`, moved only here as events are applied, so a
replay of the log always gives it back.

Each act belongs to a phase (:func:`phase_of`). An act of a later phase passes the phases in
between by themselves when they have nothing left to do; one of an earlier phase (or one that
would pass a phase with something left, such as an unsettled meeting) is refused in one line
naming the phase and its rule. Under house rule ``orders = immediate`` the phase is followed
but nothing is refused (today's freedom of order, for a club that moves the figures one by one).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from transitions import Machine, MachineError

from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.forces import board_of
from assistant.ledger.models import Phase
from assistant.ledger.read_models import PhaseSummary
from converters import said as sd
from converters.i18n import N_, _

if TYPE_CHECKING:
    from assistant.ledger.events import Event
    from assistant.ledger.models import CampaignData

__all__ = [
    "MACEDON_TRANSITIONS",
    "TARENTINE_TRANSITIONS",
    "Phase",
    "TurnClock",
    "check_admit",
    "check_end_of_turn",
    "enter",
    "first_phase",
    "left_to_do",
    "phase_summary",
    "phases_of",
    "sides_to_move",
    "start_turn",
]


TARENTINE = [
    Phase.recruitment,
    Phase.alliances,
    Phase.movement,
    Phase.naval_battles,
    Phase.naval_retreats,
    Phase.landings,
    Phase.land_battles,
    Phase.retreats,
    Phase.second_battles,
    Phase.deployment,
    Phase.tribute,
    Phase.winter,
]
"""T5.2's phases in order (1–11), then the winter turn's own (after 1 and 2)."""

MACEDON = [
    Phase.initiative,
    Phase.first_side_moves,
    Phase.second_side_moves,
    Phase.battles,
    Phase.results,
    Phase.dba_retreats,
    Phase.loyalty_rolls,
]
"""D6's phases in order (phase 2 in two halves: the initiative side, then the other)."""

RULE_PHASE = N_("{rule} phase {number}")
"""How a phase's rule and number are said ("T5.2 phase 1"; "T5.2 fase 1" in Italian)."""

_NUMBERED: dict[Phase, tuple[str, int]] = {
    **{phase: ("T5.2", n) for n, phase in enumerate(TARENTINE[:11], start=1)},
    Phase.initiative: ("D6", 1),
    Phase.first_side_moves: ("D6", 2),
    Phase.second_side_moves: ("D6", 2),
    Phase.battles: ("D6", 3),
    Phase.results: ("D6", 4),
    Phase.dba_retreats: ("D6", 5),
    Phase.loyalty_rolls: ("D6", 6),
}
"""Each phase's rule and its number in it (the winter turn's phases have no number: T5.6)."""

RULE: dict[Phase, sd.Said] = {
    **{
        phase: sd.said(RULE_PHASE, rule=sd.Rule(id=rule), number=number)
        for phase, (rule, number) in _NUMBERED.items()
    },
    # The winter turn's rules in a row, "T5.2, T5.6": a key of no words of its own.
    Phase.winter: sd.Said(
        key=sd.CLAUSES,
        values={"clauses": sd.listing((sd.Rule(id="T5.2"), sd.Rule(id="T5.6")))},
    ),
}
"""Each phase's rule and number as a refusal and the phase's heading cite it, said in the
reader's language."""

NUMBER: dict[Phase, str] = {phase: rule.english() for phase, rule in RULE.items()}
"""Each phase's rule and number in English ("T5.2 phase 1", "T5.2, T5.6"): ``--json``'s
``"rule"``."""

NAME: dict[Phase, str] = {
    Phase.recruitment: N_("recruitment and shipbuilding"),
    Phase.alliances: N_("alliances and declarations of war"),
    Phase.movement: N_("movement"),
    Phase.naval_battles: N_("naval battles"),
    Phase.naval_retreats: N_("naval retreats"),
    Phase.landings: N_("landings"),
    Phase.land_battles: N_("land battles"),
    Phase.retreats: N_("retreats"),
    Phase.second_battles: N_("second battles"),
    Phase.deployment: N_("deployment of new fleets and armies"),
    Phase.tribute: N_("tribute and sacking"),
    Phase.winter: N_("the winter"),
    Phase.initiative: N_("initiative"),
    Phase.first_side_moves: N_("manoeuvres of the side with the initiative"),
    Phase.second_side_moves: N_("manoeuvres of the other side"),
    Phase.battles: N_("battles"),
    Phase.results: N_("results and morale"),
    Phase.dba_retreats: N_("retreats and loyalty changes"),
    Phase.loyalty_rolls: N_("loyalty rolls"),
}
"""Each phase in words (stored language-neutral, translated where shown)."""

ORDERS_WINDOW = (Phase.recruitment, Phase.alliances, Phase.movement)
"""T5.2: phases 1–3 are handed in together as sealed orders, so their acts come in any order."""

TARENTINE_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "pass_phase", "source": Phase.recruitment, "dest": Phase.alliances},
    {
        "trigger": "pass_phase",
        "source": Phase.alliances,
        "dest": Phase.winter,
        "conditions": "winter_turn",
    },
    {
        "trigger": "pass_phase",
        "source": Phase.alliances,
        "dest": Phase.movement,
        "unless": "winter_turn",
    },
    # T7.3: the sealed orders are carried out together before anything else happens
    {
        "trigger": "pass_phase",
        "source": Phase.movement,
        "dest": Phase.naval_battles,
        "conditions": "orders_carried_out",
    },
    # T7.4: every meeting at sea is settled before the naval retreats
    {
        "trigger": "pass_phase",
        "source": Phase.naval_battles,
        "dest": Phase.naval_retreats,
        "conditions": "sea_meetings_settled",
    },
    {"trigger": "pass_phase", "source": Phase.naval_retreats, "dest": Phase.landings},
    {"trigger": "pass_phase", "source": Phase.landings, "dest": Phase.land_battles},
    {
        "trigger": "pass_phase",
        "source": Phase.land_battles,
        "dest": Phase.retreats,
        "conditions": "land_meetings_settled",
    },
    {"trigger": "pass_phase", "source": Phase.retreats, "dest": Phase.second_battles},
    {"trigger": "pass_phase", "source": Phase.second_battles, "dest": Phase.deployment},
    {"trigger": "pass_phase", "source": Phase.deployment, "dest": Phase.tribute},
    {"trigger": "end_turn", "source": [Phase.tribute, Phase.winter], "dest": Phase.recruitment},
]
"""The Tarentine turn (T5.2): each dict is one ``transitions`` transition."""

MACEDON_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "pass_phase", "source": Phase.initiative, "dest": Phase.first_side_moves},
    # D6: the side with the initiative moves all its armies, then the other side
    {"trigger": "pass_phase", "source": Phase.first_side_moves, "dest": Phase.second_side_moves},
    {"trigger": "pass_phase", "source": Phase.second_side_moves, "dest": Phase.battles},
    # D6 (Reading): an invasion into enemy armies is fought before the results
    {
        "trigger": "pass_phase",
        "source": Phase.battles,
        "dest": Phase.results,
        "conditions": "land_meetings_settled",
    },
    {"trigger": "pass_phase", "source": Phase.results, "dest": Phase.dba_retreats},
    {"trigger": "pass_phase", "source": Phase.dba_retreats, "dest": Phase.loyalty_rolls},
    {"trigger": "end_turn", "source": Phase.loyalty_rolls, "dest": Phase.initiative},
]
"""Macedon vs Persia's turn (D6)."""


class TurnClock:
    """The machine's model: reads the campaign state, never changes it (``transitions`` sets
    :attr:`state` on it). Conditions are named in the transitions above."""

    state: Phase

    def __init__(self, campaign: CampaignData, phase: Phase) -> None:
        self.campaign = campaign
        self.state = phase

    def winter_turn(self) -> bool:
        """T5.1: a winter turn has only phases 1, 2 and the winter."""
        return self.campaign.is_winter

    def orders_carried_out(self) -> bool:
        """T7.3: no sealed order is waiting to be carried out (``castra campaign resolve``)."""
        return not any(self.campaign.orders.values())

    def sea_meetings_settled(self) -> bool:
        """T7.4, T3.6: every meeting at sea found this turn is settled."""
        return not [m for m in self.campaign.meetings if m.at_sea and not m.settled]

    def land_meetings_settled(self) -> bool:
        """T7.4, T3.0: every meeting on land found this turn is settled."""
        return not [m for m in self.campaign.meetings if not m.at_sea and not m.settled]


@cache
def _machine(kind: str) -> Machine:
    # One machine per scenario kind; each check adds a throwaway model to it.
    states, transitions = (TARENTINE, TARENTINE_TRANSITIONS)
    if kind != "tarentine":
        states, transitions = (MACEDON, MACEDON_TRANSITIONS)
    return Machine(
        model=None,
        states=states,
        transitions=transitions,
        initial=states[0],
        auto_transitions=False,
    )


def phases_of(campaign: CampaignData) -> list[Phase] | None:
    """The phases of this campaign's turns in order; None for a campaign without a turn by the
    book (custom, Bellum, or a Tarentine campaign without its map)."""
    if campaign.scenario.armies and campaign.dba_map is not None:
        return MACEDON
    if not campaign.scenario.armies and board_of(campaign.scenario) is not None:
        return TARENTINE
    return None


def first_phase(campaign: CampaignData) -> Phase | None:
    """Where every turn starts (T5.2 phase 1, D6 phase 1)."""
    phases = phases_of(campaign)
    return phases[0] if phases else None


def _kind(phases: list[Phase]) -> str:
    return "tarentine" if phases is TARENTINE else "macedon"


def phase_of(campaign: CampaignData, event: Event) -> Phase | None:
    """The phase ``event`` belongs to (T5.2, D6); None: any phase (notes, corrections,
    renaming a force, a house rule …)."""
    kind = event.kind
    phases = phases_of(campaign)
    if phases is None:
        return None
    if phases is MACEDON:
        if kind in ("dba_moved", "special_action", "army_mobilised", "tactical_retreat",
                    "forced_march", "side_done"):  # fmt: skip
            side = _side_of(campaign, event)
            return (
                Phase.first_side_moves
                if side is None or side == campaign.initiative
                else Phase.second_side_moves
            )
        if kind == "battle_recorded":
            return Phase.battles
        if kind == "loyalty_changed":
            return Phase.loyalty_rolls if getattr(event, "roll", False) else Phase.dba_retreats
        return None
    match kind:
        case "recruitment_ordered" | "pm_rebuilt":
            return Phase.recruitment
        case "treaty_made" | "treaty_broken" | "war_declared":
            return Phase.alliances
        case "army_moved" | "fleet_sailed" | "order_given" | "order_withdrawn" | "no_orders":
            return Phase.movement
        case "orders_resolved":
            return Phase.movement
        case "interception_rolled":
            return Phase.naval_battles
        case "fleet_retreated":
            return Phase.naval_retreats
        case "troops_landed":
            return Phase.landings
        case "battle_recorded":
            naval = getattr(event, "resolution", "") == "naval"
            return Phase.naval_battles if naval else Phase.land_battles
        case "city_shut_in" | "withdrawal_pursued":
            return Phase.land_battles
        case "army_retreated":
            return Phase.retreats
        case "province_sacked":
            return Phase.tribute
        case "winter_resolved":
            return Phase.winter
    return None


def _side_of(campaign: CampaignData, event: Event) -> str | None:
    army = getattr(event, "army", None)
    if army is not None and army in campaign.armies:
        return campaign.armies[army].nation
    side = getattr(event, "side", None)
    return side if isinstance(side, str) else None


def refused(field: str, message: str, **values: Any) -> Exception:
    return LedgerFieldError(field, message, **values)


_BLOCKED_ACT = {
    "orders": N_(
        "{act} come after the {phase} ({rule}): carry out the sealed orders first "
        "(castra campaign resolve, T7.3)"
    ),
    "meetings": N_(
        "{act} come after the {phase} ({rule}): {count} meeting(s) to settle first, at "
        "{places} (T7.4)"
    ),
}
"""An act refused because a phase before it still has something left (T5.2)."""

_BLOCKED_TURN = {
    "orders": N_(
        "the turn cannot end yet ({rule}): carry out the sealed orders first "
        "(castra campaign resolve, T7.3)"
    ),
    "meetings": N_(
        "the turn cannot end yet ({rule}): {count} meeting(s) to settle first, at {places} (T7.4)"
    ),
}
"""The end of the turn refused for the same reasons (T5.2)."""


def _blocked(clock: TurnClock) -> tuple[str, dict[str, Any]]:
    """Why the phase ``clock`` is in cannot pass: which reason, and its values."""
    phase = clock.state
    if phase is Phase.movement:
        return "orders", {}
    places = [
        m.province
        for m in clock.campaign.meetings
        if m.at_sea == (phase is Phase.naval_battles) and not m.settled
    ]
    return "meetings", {"count": len(places), "places": ", ".join(places)}


def check_admit(campaign: CampaignData, event: Event) -> None:
    """T5.2, D6: refuse ``event`` if it belongs to an earlier phase, or to a later one the
    campaign cannot reach yet."""
    _admitted(campaign, event)


def enter(campaign: CampaignData, event: Event) -> None:
    """T5.2, D6: move the campaign to the phase of ``event`` (admitted by
    :func:`check_admit`), passing the phases in between, which had nothing left to do."""
    reached = _admitted(campaign, event)
    if reached is not None:
        campaign.phase = reached


def _admitted(campaign: CampaignData, event: Event) -> Phase | None:
    """The phase ``event`` moves the campaign to (None: it stays), or a refusal.

    A battle recorded after its own phase but before deployment is a second battle (T4.3,
    T5.2 phase 9). Under house rule ``orders = immediate`` nothing is refused."""
    phases = phases_of(campaign)
    target = phase_of(campaign, event)
    if phases is None or target is None or event.turn not in (None, campaign.turn):
        return None  # no phase, or a battle recorded late for an earlier turn (T7.4)
    winter_phases = (Phase.recruitment, Phase.alliances, Phase.winter)
    if phases is TARENTINE and (target not in winter_phases if campaign.is_winter
                                else target is Phase.winter):  # fmt: skip
        return None  # T5.1: the winter turn's own rules say what it allows
    sealed = campaign.rules.orders == "sealed"
    current = campaign.phase if campaign.phase in phases else phases[0]
    rank = phases.index
    if (
        event.kind == "battle_recorded"
        and rank(target) < rank(current)
        and phases is TARENTINE
        and rank(current) <= rank(Phase.second_battles)
    ):
        target = current  # T4.3: a second battle, land or sea
    if rank(target) < rank(current):
        if phases is TARENTINE and current in ORDERS_WINDOW and target in ORDERS_WINDOW:
            return None
        if sealed:
            raise refused(
                "phase",
                N_("{act} belongs to {phase} ({rule}): the turn is at {now} ({now_rule})"),
                act=_(_ACT.get(event.kind, event.kind)),
                phase=_(NAME[target]),
                rule=RULE[target],
                now=_(NAME[current]),
                now_rule=RULE[current],
            )
        return None
    if target is current or (phases is TARENTINE and target in ORDERS_WINDOW
                              and current in ORDERS_WINDOW):  # fmt: skip
        return target if rank(target) > rank(current) else None
    reached = _walk(campaign, phases, current, target)
    if reached is not target:
        if sealed:
            reason, values = _blocked(TurnClock(campaign, reached))
            raise refused(
                "phase",
                _BLOCKED_ACT[reason],
                act=_(_ACT.get(event.kind, event.kind)),
                phase=_(NAME[reached]),
                rule=RULE[target],
                **values,
            )
        reached = target
    return reached


def _walk(campaign: CampaignData, phases: list[Phase], start: Phase, target: Phase) -> Phase:
    """Pass phases from ``start`` toward ``target`` while each has nothing left; where it
    stopped."""
    machine = _machine(_kind(phases))
    clock = TurnClock(campaign, start)
    machine.add_model(clock, initial=start)
    try:
        while clock.state is not target and phases.index(clock.state) < phases.index(target):
            before = clock.state
            try:
                passed = clock.trigger("pass_phase")  # type: ignore[attr-defined]
            except MachineError:  # the turn's last phase: nothing comes after it
                break
            if not passed or clock.state is before:
                break
        return clock.state
    finally:
        machine.remove_model(clock)


def check_end_of_turn(campaign: CampaignData) -> None:
    """T5.2, D6: the turn ends only once every phase has passed (a meeting found in it
    settled)."""
    phases = phases_of(campaign)
    if phases is None:
        return
    current = campaign.phase if campaign.phase in phases else phases[0]
    last = phases[-1]
    if phases is TARENTINE:
        last = Phase.winter if campaign.is_winter else Phase.tribute
    reached = _walk(campaign, phases, current, last)
    if reached is not last and campaign.rules.orders == "sealed":
        reason, values = _blocked(TurnClock(campaign, reached))
        raise refused("turn", _BLOCKED_TURN[reason], rule=RULE[reached], **values)


def start_turn(campaign: CampaignData) -> None:
    """T5.2, D6: the next turn starts at phase 1."""
    phases = phases_of(campaign)
    if phases is not None:
        campaign.phase = phases[0]


_ACT: dict[str, str] = {
    "recruitment_ordered": N_("recruitment"),
    "pm_rebuilt": N_("rebuilding decimated PM"),
    "treaty_made": N_("treaties"),
    "treaty_broken": N_("breaking a treaty"),
    "war_declared": N_("declarations of war"),
    "army_moved": N_("marches"),
    "fleet_sailed": N_("voyages"),
    "order_given": N_("orders"),
    "order_withdrawn": N_("withdrawing an order"),
    "no_orders": N_("handing in no orders"),
    "orders_resolved": N_("carrying out the orders"),
    "interception_rolled": N_("interceptions"),
    "fleet_retreated": N_("naval retreats"),
    "troops_landed": N_("landings"),
    "battle_recorded": N_("battles"),
    "city_shut_in": N_("shutting a city in"),
    "withdrawal_pursued": N_("withdrawals under pursuit"),
    "army_retreated": N_("retreats"),
    "province_sacked": N_("sacking"),
    "winter_resolved": N_("the winter"),
    "dba_moved": N_("moves"),
    "special_action": N_("special actions"),
    "army_mobilised": N_("mobilisation"),
    "tactical_retreat": N_("a tactical retreat"),
    "forced_march": N_("a forced march"),
    "side_done": N_("saying a side is done"),
    "loyalty_changed": N_("loyalty changes"),
}
"""Each act in words, as a refusal names it."""


_ORDERS_IN = N_("{count} sealed order(s) in; carry them out with castra campaign resolve")
_SETTLE = N_("settle the meeting at {province}: {sides}")


def left_to_do(campaign: CampaignData) -> list[sd.Said]:
    """What is left in the current phase, as descriptions (T5.2, T7.3, T7.4, D6)."""
    phase = campaign.phase
    left: list[sd.Said] = []
    waiting = sum(len(o) for o in campaign.orders.values())
    if phase in ORDERS_WINDOW and campaign.rules.orders == "sealed" and waiting:
        left.append(sd.said(_ORDERS_IN, count=waiting))
    if campaign.rules.orders == "sealed":
        left += _sides_to_move(campaign)
    for meeting in campaign.meetings:
        if not meeting.settled:
            sides = (_force(campaign, name) for name in meeting.forces)
            left.append(
                sd.said(
                    _SETTLE,
                    province=sd.province(meeting.province),
                    sides=sd.listing(sides, " / "),
                )
            )
    return left


def _force(campaign: CampaignData, name: str) -> sd.Force:
    """A force of a meeting as its nation says it ("Flotta di Roma I"); as named if gone."""
    force = campaign.forces.get(name)
    if force is not None:
        return sd.force(name, force.nation, force.kind)
    army = campaign.armies.get(name)
    return sd.force(name, army.nation if army is not None else None)


def sides_to_move(state: CampaignData) -> list[str]:
    """D6 phase 2: the sides still to move this turn, the one moving now first — the side with
    the initiative, then the other once the first has said it is done; none once both have
    (the battles follow) or off the Macedon map."""
    if state.dba_map is None or state.initiative is None:
        return []
    first, second = state.initiative, state.dba_map.enemy(state.initiative)
    if state.phase in (None, Phase.initiative, Phase.first_side_moves):
        return [first, second]
    if state.phase is Phase.second_side_moves:
        return [second]
    return []


_INITIATIVE = N_(
    "{side} has the initiative: it moves its armies and says it is done, then "
    "{other} moves (D6 phase 2)"
)
_SECOND_SIDE = N_(
    "{first}, with the initiative, is done; {side} moves its armies and says it is "
    "done (D6 phase 2)"
)


def _sides_to_move(campaign: CampaignData) -> list[sd.Said]:
    """D6 phase 2: whose initiative it is and the sides still to move, the one moving now
    first, as descriptions."""
    sides = sides_to_move(campaign)
    if len(sides) > 1:
        return [sd.said(_INITIATIVE, side=sd.nation(sides[0]), other=sd.nation(sides[1]))]
    return [
        sd.said(_SECOND_SIDE, first=sd.nation(campaign.initiative or ""), side=sd.nation(side))
        for side in sides
    ]


_HEADING = N_("Phase: {name} ({rule})")


def phase_summary(campaign: CampaignData) -> PhaseSummary | None:
    """The ``"phase"`` of ``castra campaign show --json`` (None for a campaign without a turn
    by the book)."""
    phases = phases_of(campaign)
    if phases is None:
        return None
    phase = campaign.phase if campaign.phase in phases else phases[0]
    left = left_to_do(campaign)
    heading = sd.said(_HEADING, name=sd.said(NAME[phase]), rule=RULE[phase])
    return PhaseSummary(
        key=phase.value,
        name=NAME[phase],
        rule=NUMBER[phase],
        orders=campaign.rules.orders,
        left=tuple(item.english() for item in left),
        heading_said=heading.model_dump(mode="json"),
        left_said=tuple(item.model_dump(mode="json") for item in left),
    )
