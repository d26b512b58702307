"""The campaign as it stands: computed by replaying the ledger's events, and the door to
the event families that judge and apply each one.

:func:`replay` folds events into a :class:`CampaignState`; :meth:`CampaignState.check` refuses
an impossible event with one line naming the field, before anything is written;
:meth:`CampaignState.record` then changes the state and returns what happened, as data
(:class:`converters.said.Said`), for the history. Both are pure: no file, no clock, no dice
(the dice are in the events). Each event's check, evolve and describe are its family's
(:mod:`assistant.ledger.dispatch`); the data and readings of the state are
:class:`~assistant.ledger.models.CampaignData`'s.

**Undo** has one meaning: the state as if the undone event had never been recorded. Both
replays fold the log once: :func:`replay` leaves undone events out; :func:`replay_as_recorded`
also tells what each undone event did when it was recorded, so it evolves it at its own moment
and, at its undo, puts back the state it found (kept while it is the last event in force, the
only undo Castra writes; any other undo replays the log before it, leaving undone events
out). Either way the state after the undo is the same (``tests/unit/test_ledger_undo.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from armylists.scenario_texts import SCENARIO_TEXTS
from assistant.ledger import dba_map, phases, relations
from assistant.ledger import forces as map_rules
from assistant.ledger.errors import LedgerError, LedgerFieldError
from assistant.ledger.events import CampaignCreated, Event, Undone
from assistant.ledger.models import (
    ArmyState,
    CampaignData,
    DecimatedPM,
    JournalEntry,
    NationState,
    OccupiedProvince,
    Recruits,
)
from assistant.ledger.read_models import (
    ArmySummary,
    CampaignSummary,
    DecimatedBatch,
    MoraleEntry,
    NationSummary,
    TrainingBatch,
)
from converters.i18n import N_
from converters.said import Said, Typed, clauses, listing, said, typed

__all__ = [
    "REPLAY_VERSION",
    "ArmyState",
    "CampaignState",
    "DecimatedPM",
    "JournalEntry",
    "LedgerError",
    "LedgerFieldError",
    "NationState",
    "OccupiedProvince",
    "Recruits",
    "initial_state",
    "replay",
    "replay_as_recorded",
    "undo_summary",
]

REPLAY_VERSION = 5
"""Bumped whenever replay gives different results, so stored snapshots are rebuilt (5: the
army journal keeps each reason as data, issue 21)."""


class CampaignState(CampaignData):
    """The campaign as the ledger's events leave it: its data and readings
    (:class:`CampaignData`), the summary ``campaign show --json`` prints, and the door to the
    event families (check, record, apply)."""

    def summary(self) -> CampaignSummary:
        """The campaign as ``castra campaign show --json`` prints it (with a ``bellum`` part:
        the centres per year and the standings, None outside a Bellum game)."""
        return CampaignSummary(
            scenario=self.scenario.key,
            title=self.scenario.title,
            turn=self.turn,
            date=self.date,
            winter=self.is_winter,
            total_turns=self.scenario.calendar.total_turns,
            finished=self.finished,
            winners=tuple(self.winners),
            battles=self.battles,
            initiative=self.initiative,
            nations={name: _nation_summary(nation) for name, nation in self.nations.items()},
            armies={name: _army_summary(army) for name, army in self.armies.items()},
            bellum=self.bellum_summary(),
            relations=tuple(relations.relations_summary(self)),
            phase=phases.phase_summary(self),
        )

    # ---- the door to the event families ---------------------------------------------
    # The families are imported the first time an event is checked or replayed, not with
    # the state: a campaign opened from its saved state (the app's launch, ``castra show``)
    # reads no event's rules, and importing them all is a tenth of the app's start (issue 21,
    # benchmarks/ledger_families.py). The import is a lookup in ``sys.modules`` after that.

    def check(self, event: Event) -> None:
        """Refuse a new ``event`` with a :class:`LedgerError` if it cannot happen now; changes
        nothing."""
        from assistant.ledger import dispatch

        dispatch.check(self, event)

    def record(self, event: Event, event_id: int) -> Said:
        """Check a new ``event``, then change the state in place by it; what happened (what
        the store writes beside it, in English, and shows in the reader's language)."""
        from assistant.ledger import dispatch

        dispatch.check(self, event)
        return dispatch.describe(event, dispatch.evolve(self, event, event_id))

    def apply(self, event: Event, event_id: int) -> Said:
        """Replay a recorded ``event`` in place (refused if it could never have been
        recorded); what it did."""
        from assistant.ledger import dispatch

        dispatch.recheck(self, event)
        return dispatch.describe(event, dispatch.evolve(self, event, event_id))

    def replay_event(self, event: Event, event_id: int) -> None:
        """Replay a recorded ``event`` in place, without its words."""
        from assistant.ledger import dispatch

        dispatch.recheck(self, event)
        dispatch.evolve(self, event, event_id)


def _nation_summary(nation: NationState) -> NationSummary:
    return NationSummary(
        name=nation.name,
        player=nation.player,
        land_pm=nation.land_pm,
        naval_pm=nation.naval_pm,
        decimated=nation.decimated_pm,
        decimated_batches=tuple(
            DecimatedBatch(pm=b.pm, turn=b.turn, place=b.place, expires=b.expires)
            for b in nation.decimated
        ),
        training=tuple(
            TrainingBatch(
                land_pm=r.land_pm,
                naval_pm=r.naval_pm,
                ordered=r.ordered,
                arrives=r.arrives,
                province=r.province,
                join=r.join,
            )
            for r in nation.training
        ),
        treasury=nation.treasury,
        prestige=nation.prestige,
        victory_points=nation.victory_points,
        prisoners_held=nation.prisoners_held,
        has_player=nation.player and not nation.unplayed,
    )


def _army_summary(army: ArmyState) -> ArmySummary:
    return ArmySummary(
        name=army.name,
        nation=army.nation,
        leader=army.leader,
        morale=army.morale,
        alive=army.alive,
        journal=tuple(
            MoraleEntry(
                turn=e.turn,
                before=e.before,
                after=e.after,
                reason=e.reason,
                event_id=e.event_id,
                said=e.told.model_dump(),
            )
            for e in army.journal
        ),
    )


def undo_summary(target: int, reason: str) -> Said:
    """What an undo did, for the history: the reason as the referee typed it."""
    return said(N_("undid #{target}: {reason}"), target=target, reason=typed(reason))


def initial_state(created: CampaignCreated) -> CampaignState:
    """The state right after the campaign was created, before any other event."""
    scenario = created.scenario
    nations: dict[str, NationState] = {}
    for name in scenario.all_holders:
        land, naval = scenario.starting_pm(name)
        nations[name] = NationState(
            name=name,
            player=name in scenario.nations,
            land_pm=land,
            naval_pm=naval,
            treasury=scenario.treasuries.get(name, 0),
            prestige=scenario.prestige.get(name, 0),
        )
    placed = (
        map_rules.placed_from_start(scenario) if map_rules.board_of(scenario) is not None else {}
    )
    state = CampaignState(
        scenario=scenario,
        rules=created.rules,
        forces=placed,
        map_note=map_rules.MADE_BEFORE_THE_MAP if placed and scenario.board is None else "",
        nations=nations,
        control={province.name: province.homeland for province in scenario.provinces},
        armies={
            army.name: ArmyState(
                name=army.name, nation=army.nation, leader=army.leader, morale=army.morale
            )
            for army in scenario.armies
        },
        initiative=scenario.attacker,
        dba_map=dba_map.start(scenario),
        last_event_id=1,
    )
    state.phase = phases.first_phase(state)
    for name in created.no_player:
        state.nations[name].unplayed = True
    return state


def replay(events: Iterable[tuple[int, Event]]) -> CampaignState:
    """Fold ``(id, event)`` pairs, oldest first, into the campaign state.

    The first event must be :class:`CampaignCreated`. Undone events are left out: an
    :class:`Undone` names its target, and both stay in the history.
    """
    return _fold(list(events), told=None)


def replay_as_recorded(
    events: Iterable[tuple[int, Event]], *, lenient: bool = False
) -> tuple[CampaignState, dict[int, Said]]:
    """Replay ``(id, event)`` pairs as they were recorded: the campaign state now and what
    each event did, in words, when it was recorded.

    An event later undone was recorded in the campaign as it stood then, other events later
    undone included, so each event is applied to the state in force at its own moment; an
    undo puts back the state its target found, as if it had never been recorded. Raises
    :class:`LedgerError` if an event could not have been recorded when it was: a log that
    fails here was never written by Castra. ``lenient`` words such an event's failure as its
    summary instead, so that the history of a file imported by an older Castra still reads.
    """
    told: dict[int, Said] = {}
    state = _fold(list(events), told=told, lenient=lenient)
    return state, told


def _creation_summary(created: CampaignCreated, state: CampaignState) -> Said:
    title = created.scenario.title
    # A shipped scenario's title in the seed's words; a club's own as the club typed it.
    named: Said | Typed = Said(key=title) if title in SCENARIO_TEXTS else typed(title)
    told: list[Said] = [said(N_("campaign created: {title}"), title=named)]
    chosen = created.rules.changed()
    if chosen:  # docs/rules.md H: the house rules chosen at creation
        rules = listing(typed(f"{name} = {value}") for name, value in chosen.items())
        told.append(said(N_("house rules {rules}"), rules=rules))
    if state.map_note:
        told.append(Said(key=state.map_note))
    if created.imported_on_trust is not None:
        told.append(said(N_("imported on trust: no hash chain vouched for it")))
    return clauses(*told)


def _fold(
    items: list[tuple[int, Event]], *, told: dict[int, Said] | None, lenient: bool = False
) -> CampaignState:
    """The one replay: fold ``items`` into the state, the undone events as if never
    recorded. With ``told``, also say in it what each event did when it was recorded (undone
    ones included: each is evolved at its own moment, and its undo puts back the state it
    found)."""
    undone = _undone_targets(items)
    created = _creation(items)
    state = initial_state(created)
    state.last_event_id = items[0][0]
    if told is not None:
        told[items[0][0]] = _creation_summary(created, state)
    # The state each event to be undone found, kept while it is the last event in force: an
    # undo of the last event in force (the only kind Castra writes) puts it back without a
    # replay, so the history of a long campaign with many undos stays one pass.
    before: dict[int, CampaignState] = {}
    in_force: list[int] = []
    for position, (event_id, event) in enumerate(items[1:], start=2):
        if isinstance(event, Undone):
            if told is not None:
                if in_force and in_force[-1] == event.target and event.target in before:
                    state = before.pop(event.target)
                else:
                    state = _fold(items[:position], told=None)
                if event.target in in_force:
                    in_force.remove(event.target)
                told[event_id] = undo_summary(event.target, event.reason)
            state.last_event_id = event_id
            continue
        if told is None:
            if event_id in undone:
                state.last_event_id = event_id  # as if it had never been recorded
            else:
                state.replay_event(event, event_id)
            continue
        if event_id in undone:
            before[event_id] = state.model_copy(deep=True)
        try:
            told[event_id] = state.apply(event, event_id)
        except LedgerError as error:
            if not lenient:
                raise
            told[event_id] = said(
                N_("(could not have been recorded then: {error})"),
                error=error.said() if isinstance(error, LedgerFieldError) else typed(str(error)),
            )
            state = _fold(items[:position], told=None)
        in_force.append(event_id)
    return state


def _creation(items: list[tuple[int, Event]]) -> CampaignCreated:
    first = items[0][1] if items else None
    if not isinstance(first, CampaignCreated):
        raise LedgerFieldError("events", N_("a campaign starts with its creation event"))
    return first


def _undone_targets(items: list[tuple[int, Event]]) -> set[int]:
    """The ids the log's undos cancel; LedgerError if an undo names no earlier event in force."""
    kinds = {event_id: event.kind for event_id, event in items}
    undone: set[int] = set()
    for event_id, event in items:
        if isinstance(event, Undone):
            if (
                not 1 < event.target < event_id
                or kinds.get(event.target) in (None, "undone")
                or event.target in undone
            ):
                raise LedgerFieldError(
                    "target",
                    N_(
                        "undo #{event_id} cancels #{target}, which is not an earlier event in force"
                    ),
                    event_id=event_id,
                    target=event.target,
                )
            undone.add(event.target)
    return undone
