"""Where the ghost screen keeps a solo battle so it can be resumed with the campaign.

A solo battle is not a campaign event (it changes no nation, and undoing a battle must not
rewind the ghost), but a player who closes the app between two ghost turns expects to find it
again. The ghost's whole state is one pydantic :class:`ghost.battle.BattleState`, kept as JSON in
the campaign file itself through the ledger's ``save_ghost_battle`` / ``ghost_battle``, so it
travels with the campaign (export and import included).
"""

from __future__ import annotations

from typing import Any


def save(app: Any, state: Any | None) -> None:
    """Keep ``state`` (a ``BattleState``) with the campaign; ``None`` puts the battle aside."""
    store = getattr(app, "store", None)
    if store is None:
        return
    store.save_ghost_battle(None if state is None else state.model_dump_json())


def load(app: Any) -> Any | None:
    """The saved ``BattleState``, or None when there is no battle in progress."""
    from ghost.battle import BattleState

    store = getattr(app, "store", None)
    text = None if store is None else store.ghost_battle()
    if not text:
        return None
    return BattleState.model_validate_json(text)
