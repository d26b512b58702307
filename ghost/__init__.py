"""The Altar of Freedom ghost general (solo rules v1.7, docs/rules.md section G).

Pure rules and a ``transitions`` state machine for the ghost's orders; no user interface.
The app and the command line use the facade :class:`~ghost.battle.GhostBattle` and the pieces
re-exported here; each rule family lives in its own module (generals G1, gap G2, orders G3,
priority G4.1–G4.3, clock G4.4).
"""

from ghost.battle import (
    BattleState,
    Corps,
    Division,
    GhostArmy,
    GhostBattle,
    TurnLosses,
    TurnRecord,
)
from ghost.clock import ClockChoice, choose_clock
from ghost.decisions import Decision, Order
from ghost.gap import LossPoints, gap_percent, gap_side
from ghost.generals import GeneralProfile, Personality, Quality, Side, generate_general
from ghost.priority import CorpsCommand, PpAllocation, PpOrder, allocate_pp

__all__ = [
    "BattleState",
    "ClockChoice",
    "Corps",
    "CorpsCommand",
    "Decision",
    "Division",
    "GeneralProfile",
    "GhostArmy",
    "GhostBattle",
    "LossPoints",
    "Order",
    "Personality",
    "PpAllocation",
    "PpOrder",
    "Quality",
    "Side",
    "TurnLosses",
    "TurnRecord",
    "allocate_pp",
    "choose_clock",
    "gap_percent",
    "gap_side",
    "generate_general",
]
