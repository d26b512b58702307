"""The solo battles against the ghost general that the ledger keeps once they end (G2, G3).

A battle in progress lives beside the events (``CampaignStore.ghost_battle``) because undoing a
campaign event must not rewind the ghost; once it ends it becomes a ``ghost_battle_finished``
event, so the chronicle can tell every ghost battle of a period and an export carries them all.
This module reads such a record back, says what it was in the history, and tells whether a
battle in progress is one already kept (so ending it twice keeps it once).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from converters import said as sd
from converters.i18n import N_, _

if TYPE_CHECKING:
    from assistant.ledger.events import GhostBattleFinished
    from ghost.battle import BattleState

__all__ = ["battle_record", "finished_summary", "same_battle"]


def battle_record(battle: dict[str, Any]) -> BattleState:
    """``battle`` (a finished event's record) read back; a record that is not a ghost battle
    with its opening order is refused with one line naming the ``battle`` field."""
    from assistant.ledger.errors import LedgerError
    from ghost.battle import BattleState

    try:
        state = BattleState.model_validate(battle)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(["battle", *(str(part) for part in first.get("loc", ()))])
        raise LedgerError(
            _("{field}: {problem}").format(field=where, problem=first.get("msg", "invalid"))
        ) from None
    if state.opening is None:
        raise LedgerError(_("battle: a ghost battle ends only after its opening order (G3.1)"))
    return state


def finished_summary(event: GhostBattleFinished) -> sd.Said:
    """What the history says of a kept ghost battle."""
    from ghost.battle import GhostBattle

    battle = GhostBattle.from_state(battle_record(event.battle))
    general = battle.general
    turns = battle.turn
    ending = (
        sd.said(N_("the ghost left the field"))
        if battle.battle_over
        else sd.said(N_("order {order}"), order=sd.said(battle.order.value))
    )
    kept = (
        N_("ghost battle kept: {quality} {personality} general ({side}), {turns} turn, {ending}")
        if turns == 1
        else N_(
            "ghost battle kept: {quality} {personality} general ({side}), {turns} turns, {ending}"
        )
    )
    return sd.said(
        kept,
        quality=sd.said(general.quality.value),
        personality=sd.said(general.personality.value),
        side=sd.said(general.side),
        turns=turns,
        ending=ending,
    )


def _without_entries(battle: dict[str, Any]) -> dict[str, Any]:
    # What the player had typed for turns never played is no part of the battle's record.
    return {key: value for key, value in battle.items() if key != "entries"}


def same_battle(kept: str | dict[str, Any], other: str | dict[str, Any]) -> bool:
    """Two records (JSON text or its object) of the same battle at the same point."""
    first = json.loads(kept) if isinstance(kept, str) else kept
    second = json.loads(other) if isinstance(other, str) else other
    return _without_entries(first) == _without_entries(second)
