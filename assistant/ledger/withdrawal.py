"""A side that avoids battle at a meeting on land withdraws under one pursuit roll (T3.0,
T7.4, T3.3) and retreats as after a defeat (T4.3).

The seed lets a side decline battle only by paying for it: "the other must fight or retreat,
suffering one pursuit roll". Here is that third way out of a meeting (after "neither seeks"
and the battle), as one event: the pursuers' dice, typeable from a real die or seeded, each
kept with its purpose; the PM they take off the withdrawing armies (T3.4's order, army by
army); and where each survivor goes, checked against T4.3 with the PM it has left. The dice
arithmetic is :mod:`converters.dice_battle`'s own T3.0 pursuit, so the withdrawal and a dice
battle declined before its first round can never disagree.

Also here: where an army "met while crossing" retreats from (T4.3), which the retreat rules
of :mod:`assistant.ledger.map_war` ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import WithdrawalPursued
from assistant.ledger.family import Family
from assistant.ledger.map_war import crossing_start, retreats
from assistant.ledger.meeting_battle import pyrrhus_leads_at
from assistant.ledger.models import DecimatedPM, Force, MeetingState
from converters import said as sd
from converters.dice import Dice, Roll, ScriptedDice
from converters.dice_battle import (
    Approach,
    BattleSetup,
    BattleSide,
    Contingent,
    decide,
    start_battle,
)
from converters.force_names import shown_name
from converters.i18n import N_
from converters.tribute import at_war

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "WITHDRAWAL_PURSUED",
    "crossing_start",
    "withdrawable",
    "withdrawal_event",
]


def refused(field: str, message: str, **values: Any) -> Exception:
    return LedgerFieldError(field, message, **values)


def _meeting(state: CampaignData, number: int) -> MeetingState:
    found = next((m for m in state.meetings if m.meeting.number == number), None)
    if found is None:
        raise refused(
            "meeting",
            N_("no meeting {number} this turn; meetings: {choices}"),
            number=number,
            choices=", ".join(str(m.meeting.number) for m in state.meetings) or "-",
        )
    return found


def _sides(state: CampaignData, number: int) -> tuple[MeetingState, list[Force], list[Force]]:
    """T3.0: the meeting's pursuers (the armies of the nations that seek battle) and the
    armies that withdraw (those at war with a pursuer that do not seek it), by name."""
    from assistant.ledger.forces import alliances

    meeting = _meeting(state, number)
    if meeting.settled:
        raise refused("meeting", N_("meeting {number} is already settled (T7.4)"), number=number)
    if meeting.at_sea:
        raise refused(
            "meeting",
            N_(
                "meeting {number} is at sea: a fleet that avoids battle is intercepted first "
                "(castra campaign intercept, T3.6)"
            ),
            number=number,
        )
    if not meeting.seek:
        raise refused(
            "meeting",
            N_(
                "meeting {number}: say first which nations seek battle (castra campaign "
                "answer, T3.0)"
            ),
            number=number,
        )
    seek = set(meeting.seek)
    groups = alliances(state)
    armies = [
        state.forces[name]
        for name in meeting.forces
        if name in state.forces and state.forces[name].kind == "army"
    ]
    pursuers = [a for a in armies if a.nation in seek]
    leaving = [
        a
        for a in armies
        if a.nation not in seek
        and any(at_war(a.paid_by or a.nation, p.paid_by or p.nation, groups) for p in pursuers)
    ]
    if not leaving:
        raise refused(
            "meeting",
            N_("meeting {number}: every side there seeks battle; it is fought (T3.0)"),
            number=number,
        )
    return meeting, pursuers, leaving


def _approach(meeting: MeetingState, pursuers: list[Force], leaving: list[Force]) -> Approach:
    """T3.2: the pursuers stood and the withdrawing side came by a mountain road or a landing:
    the pursuers are the defender and roll with its +1."""
    arrivals = meeting.meeting.arrivals
    if any(arrivals.get(p.name, "stood") != "stood" for p in pursuers):
        return "open"
    ways = {arrivals.get(a.name, "stood") for a in leaving}
    if "landing" in ways:
        return "landing"
    return "mountain_road" if "mountain" in ways else "open"


AIMED = N_("{purpose}, hits on {target}+ (T3.1, T3.2)")
"""A pursuit die's purpose with the face that hits, as the log keeps it."""


class _AimedDice:
    """The pursuers' dice, each roll's purpose saying the face that hits (T3.1, T3.2): a
    referee reading the log sees at once why a 4 took a PM."""

    def __init__(self, dice: Dice, target: int) -> None:
        self.dice = dice
        self.target = target
        self.rolls: list[Roll] = dice.rolls
        """The same log as ``dice``'s: each roll is kept once, where it was rolled."""

    def roll(self, sides: int, purpose: str) -> int:
        return self.dice.roll(sides, AIMED.format(purpose=purpose, target=self.target))


def _pursuit(
    state: CampaignData, number: int, dice: Dice, pyrrhus_leads: bool
) -> tuple[MeetingState, list[Force], dict[str, int]]:
    """T3.0, T3.3: the one pursuit roll (T3.2's bonuses on its target); the withdrawing armies
    and the PM each loses."""
    meeting, pursuers, leaving = _sides(state, number)
    approach = _approach(meeting, pursuers, leaving)
    setup = BattleSetup(
        a=BattleSide(
            name=", ".join(sorted({p.nation for p in pursuers})),
            contingents=tuple(Contingent(nation=p.name, pm=p.pm) for p in pursuers),
        ),
        b=BattleSide(
            name=", ".join(sorted({a.nation for a in leaving})),
            contingents=tuple(Contingent(nation=a.name, pm=a.pm) for a in leaving),
        ),
        defender=None if approach == "open" else "a",
        attacker_approach=approach,
        pyrrhus_leads=pyrrhus_leads,
    )
    aimed = _AimedDice(dice, setup.target("a"))
    after = decide(start_battle(setup), "continue", "retreat", aimed)
    record = after.rounds[-1]
    lost = dict(zip((a.name for a in leaving), record.b_losses, strict=True))
    return meeting, leaving, lost


def withdrawable(state: CampaignData) -> list[int]:
    """T3.0: the meetings this turn whose side that avoids battle may withdraw now (on land,
    unsettled, answered, one side seeking and another avoiding), by number."""
    numbers = []
    for found in state.meetings:
        try:
            _sides(state, found.meeting.number)
        except LedgerFieldError:
            continue
        numbers.append(found.meeting.number)
    return numbers


def withdrawal_event(
    state: CampaignData,
    meeting: int,
    dice: Dice,
    to: dict[str, str | None] | None = None,
    pyrrhus_leads: bool | None = None,
    **fields: Any,
) -> WithdrawalPursued:
    """T3.0, T7.4: the side of meeting ``meeting`` that avoids battle withdraws: the pursuers'
    one roll from ``dice`` (T3.2: +1 when Pyrrhus leads; None: :func:`pyrrhus_leads_at`), the
    PM it takes, and each survivor's retreat — ``to`` where given, else the best T4.3 allows
    (None: it surrenders)."""
    if pyrrhus_leads is None:
        pyrrhus_leads = pyrrhus_leads_at(state, _meeting(state, meeting).meeting)
    found, leaving, lost = _pursuit(state, meeting, dice, pyrrhus_leads)
    chosen = dict(to or {})
    for army in leaving:
        if army.name not in chosen and army.pm > lost[army.name]:
            options = retreats(state, army.name, pm=army.pm - lost[army.name])
            chosen[army.name] = options[0].province if options else None
    return WithdrawalPursued(
        meeting=found.meeting.number,
        lost=lost,
        to=chosen,
        pyrrhus_leads=pyrrhus_leads,
        rolls=list(dice.rolls),
        **fields,
    )


class Withdrawn(NamedTuple):
    """A withdrawal under pursuit decided: the meeting, the PM each army lost, each army's
    fate (PM left, where it goes or None, its captor) and the lines that tell it."""

    meeting: MeetingState
    lost: dict[str, int]
    moves: list[tuple[Force, int, str | None, str | None]]
    lines: list[sd.Said]
    faces: list[int]


def _withdrawal(state: CampaignData, event: WithdrawalPursued) -> Withdrawn:
    """T3.0, T7.4, T4.3: the pursuit roll as recorded must be the pursuers' dice (one d6 per
    PM) and take what it takes; each surviving army retreats where T4.3 allows with the PM it
    has left, or surrenders when nowhere is open; the meeting is then settled. A refusal, or
    what the withdrawal does."""
    faces = [roll.value for roll in event.rolls]
    if any(roll.sides != 6 for roll in event.rolls):
        raise refused("rolls", N_("the pursuit is rolled with d6 (T3.3)"))
    dice = ScriptedDice(faces, source="rolls")
    try:
        meeting, leaving, lost = _pursuit(state, event.meeting, dice, event.pyrrhus_leads)
    except LookupError:
        raise refused("rolls", N_("the pursuit is one d6 per PM of the pursuers (T3.3)")) from None
    if dice.remaining or lost != event.lost:
        raise refused(
            "lost",
            N_("the pursuit roll takes {lost}, not what was recorded (T3.3)"),
            lost=", ".join(
                f"{shown_name(name, state.forces[name].nation, 'army')} {pm}"
                for name, pm in sorted(lost.items())
            ),
        )
    extra = sorted(set(event.to) - {a.name for a in leaving})
    if extra:
        raise refused(
            "to",
            N_("{army} does not withdraw from meeting {number}; withdrawing: {armies}"),
            army=extra[0],
            number=event.meeting,
            armies=", ".join(a.name for a in leaving),
        )
    lines: list[sd.Said] = []
    moves: list[tuple[Force, int, str | None, str | None]] = []
    for army in leaving:
        left = army.pm - lost[army.name]
        if left <= 0:
            lines.append(
                sd.said(
                    N_("{army} ({pm} PM) was destroyed by the pursuit (T3.3)"),
                    army=sd.force(army.name, army.nation, army.kind),
                    pm=army.pm,
                )
            )
            moves.append((army, left, None, None))
            continue
        options = retreats(state, army.name, pm=left)
        allowed = [o.province for o in options]
        to = event.to.get(army.name, allowed[0] if allowed else None)
        if to is None and allowed:
            raise refused(
                "to",
                N_(
                    "{army} may still retreat to {places}: it surrenders only when none is "
                    "open (T4.3)"
                ),
                army=army.name,
                places=", ".join(allowed),
            )
        if to is not None and to not in allowed:
            raise refused(
                "to",
                N_("{army} may retreat to {places} (T4.3), not {to}"),
                army=army.name,
                places=", ".join(allowed) or "-",
                to=to,
            )
        captor = None
        if to is None:
            seek = set(meeting.seek or [])
            pursuers = [
                state.forces[n]
                for n in meeting.forces
                if n in state.forces and state.forces[n].nation in seek
            ]
            captor = max(pursuers, key=lambda f: f.pm).nation if pursuers else None
            lines.append(
                sd.said(
                    N_("{army} lost {lost} PM to the pursuit and surrendered at {province} (T4.3)"),
                    army=sd.force(army.name, army.nation, army.kind),
                    lost=lost[army.name],
                    province=sd.province(army.province),
                )
            )
        else:
            lines.append(
                sd.said(
                    N_(
                        "{army} lost {lost} PM to the pursuit and withdrew from {start} to {to} "
                        "(T4.3)"
                    ),
                    army=sd.force(army.name, army.nation, army.kind),
                    lost=lost[army.name],
                    start=sd.province(army.province),
                    to=sd.province(to),
                )
            )
        moves.append((army, left, to, captor))
    return Withdrawn(meeting, lost, moves, lines, faces)


def _check_withdrew(state: CampaignData, event: WithdrawalPursued) -> None:
    _withdrawal(state, event)


def _evolve_withdrew(state: CampaignData, event: WithdrawalPursued, _event_id: int) -> Withdrawn:
    withdrawn = _withdrawal(state, event)
    turn = state.turn
    next_winter = state.scenario.calendar.next_winter(turn)
    for army, left, to, captor in withdrawn.moves:
        nation = state.nations[army.nation]
        gone = withdrawn.lost[army.name]
        if gone:
            nation.land_pm -= gone
            nation.decimated.append(
                DecimatedPM(pm=gone, turn=turn, place=army.province, expires=next_winter)
            )
        if left <= 0:
            del state.forces[army.name]
        elif to is None:
            nation.land_pm -= left
            if captor is not None:
                state.nations[captor].prisoners_held += left
            del state.forces[army.name]
        else:
            army.pm = left
            army.province = to
            army.aboard = None
    withdrawn.meeting.settled = True
    return withdrawn


def _describe_withdrew(event: WithdrawalPursued, withdrawn: Withdrawn) -> sd.Said:
    faces = sd.typed(" ".join(str(face) for face in withdrawn.faces) or "-")
    head = sd.said(
        N_("meeting at {province}: the pursuit roll {faces} (T3.0, T3.3)"),
        province=sd.province(withdrawn.meeting.province),
        faces=faces,
    )
    return sd.clauses(head, *withdrawn.lines)


WITHDRAWAL_PURSUED = Family(_check_withdrew, _evolve_withdrew, _describe_withdrew)
