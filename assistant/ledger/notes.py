"""The events that change no nation: a house rule changed (docs/rules.md H), a note, and a
ghost battle kept (its record is the chronicle's) — as check, evolve and describe
(:mod:`assistant.ledger.family`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from assistant.ledger import solo
from assistant.ledger.errors import LedgerError, LedgerFieldError
from assistant.ledger.events import GhostBattleFinished, NoteAdded, RuleChanged
from assistant.ledger.family import Family, need_note
from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData
    from converters.house_rules import HouseRules

__all__ = ["GHOST_BATTLE_FINISHED", "NOTE_ADDED", "RULE_CHANGED"]


def _new_rules(state: CampaignData, event: RuleChanged) -> HouseRules:
    try:
        return state.rules.with_rule(event.name, event.value)
    except ValueError as error:
        raise LedgerError(str(error)) from None


def _check_rule(state: CampaignData, event: RuleChanged) -> None:
    """docs/rules.md H: a house rule changes from this event on."""
    _new_rules(state, event)
    if not event.reason.strip():
        raise LedgerFieldError("reason", N_("say why the rule changes"))


class RuleSet(NamedTuple):
    """A house rule's value before and after."""

    old: object
    new: object


def _evolve_rule(state: CampaignData, event: RuleChanged, _event_id: int) -> RuleSet:
    name = event.name.strip()
    old = state.rules.values(state.scenario_upkeep()).get(name)
    state.rules = _new_rules(state, event)
    return RuleSet(old, state.rules.values(state.scenario_upkeep())[name])


def _describe_rule(event: RuleChanged, values: RuleSet) -> sd.Said:
    from converters.house_rules import rule_of

    name = event.name.strip()
    changed = sd.said(
        N_("house rule {name} ({rule}): {old} → {new}"),
        name=sd.Rule(id=name),
        rule=sd.Rule(id=rule_of(name)),
        old=sd.typed(str(values.old)),
        new=sd.typed(str(values.new)),
    )
    # The reason is the referee's own words.
    return sd.clauses(changed, sd.said("{reason}", reason=sd.typed(event.reason)))


RULE_CHANGED = Family(_check_rule, _evolve_rule, _describe_rule)


def _check_note(state: CampaignData, event: NoteAdded) -> None:
    need_note(event.note)


def _nothing(state: CampaignData, event: object, _event_id: int) -> None:
    """Nothing in the state changes."""


def _describe_note(event: NoteAdded, _happened: None) -> sd.Said:
    return sd.said(N_("note: {note}"), note=sd.typed(event.note))


NOTE_ADDED = Family(_check_note, _nothing, _describe_note)


def _check_ghost_battle(state: CampaignData, event: GhostBattleFinished) -> None:
    solo.finished_summary(event)  # a record that does not read as a ghost battle is refused


def _describe_ghost_battle(event: GhostBattleFinished, _happened: None) -> sd.Said:
    return solo.finished_summary(event)  # a solo battle changes no nation


GHOST_BATTLE_FINISHED = Family(_check_ghost_battle, _nothing, _describe_ghost_battle)
