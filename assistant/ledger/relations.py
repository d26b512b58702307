"""Who is at war with whom (T7.10): the one place both the rules of the map and the orders ask.

The seed starts the Tarentine Wars with "non esiste tra loro nessuna alleanza e la guerra è
temporaneamente sospesa": every pair of nations is *neither* allied nor at war until a public
treaty allies them or a declaration of war (or a battle fought between them) sets them at war.
The difference matters: forces of nations not allied meet (T7.4), but only a nation *at war*
with a province's controller conquers it by holding it through the summer (T5.7), and sacking
the land of a nation one is *neither* with costs prestige (T4.2).

A holder that is no player nation (the "Neutral" states, the Ligurian raiders) has no
diplomacy: it is never allied, and whoever stands on its land is at war with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import WarDeclared
from assistant.ledger.family import Family
from assistant.ledger.forces import alliances
from assistant.ledger.read_models import RelationPair
from converters import said as sd
from converters.i18n import N_

if TYPE_CHECKING:
    from collections.abc import Iterable

    from assistant.ledger.models import CampaignData

__all__ = [
    "RELATIONS",
    "WAR_DECLARED",
    "Relation",
    "allied",
    "at_war",
    "end_wars",
    "relation",
    "relations_summary",
    "set_at_war",
]

Relation = Literal["allied", "at_war", "neither"]
"""T7.10: the three relations a pair of nations can be in."""

RELATIONS = (N_("allied"), N_("at war"), N_("neither"))
"""The relations as the Campaign screen and the command line word them."""


def _pair(a: str, b: str) -> list[str]:
    return sorted((a, b))


def _diplomat(state: CampaignData, name: str) -> bool:
    nation = state.nations.get(name)
    return nation is not None and nation.player


def allied(state: CampaignData, a: str, b: str) -> bool:
    """T5.5, T7.10: ``a`` and ``b`` are the same nation, or allied by the scenario or by a
    public treaty in force."""
    if a == b:
        return True
    return any(a in group and b in group for group in alliances(state))


def relation(state: CampaignData, a: str, b: str) -> Relation:
    """T7.10: allied, at war or neither. A holder that is no player nation is at war with
    every other (nobody treats with it)."""
    if allied(state, a, b):
        return "allied"
    if not _diplomat(state, a) or not _diplomat(state, b):
        return "at_war"
    if _pair(a, b) in state.wars:
        return "at_war"
    return "neither"


def at_war(state: CampaignData, a: str, b: str) -> bool:
    """T7.10: ``a`` and ``b`` are at war (declared, or a battle fought between them)."""
    return relation(state, a, b) == "at_war"


def set_at_war(state: CampaignData, nations_a: Iterable[str], nations_b: Iterable[str]) -> None:
    """T7.10: a battle fought between two sides sets every pair across them at war (allies who
    fought each other stay allied: the alliance rules, until the treaty is broken)."""
    # Sorted: the pairs are kept in one order whatever the process's hash seed, so the state's
    # JSON (and a snapshot compared with a replay) is the same on every run.
    for a in sorted(set(nations_a)):
        for b in sorted(set(nations_b)):
            if a != b and _diplomat(state, a) and _diplomat(state, b):
                pair = _pair(a, b)
                if pair not in state.wars:
                    state.wars.append(pair)


def end_wars(state: CampaignData, parties: Iterable[str]) -> None:
    """T7.10: a public treaty (an alliance or a peace) ends the wars between its parties."""
    signed = set(parties)
    state.wars = [pair for pair in state.wars if not set(pair) <= signed]


def _check_war(state: CampaignData, event: WarDeclared) -> None:
    """T7.10, T5.2 phase 2: ``event.nation`` declares war on ``event.on``. Refused between
    allies (a treaty is broken first, T4.2 −5 PP; the scenario's alliances stand for the
    whole campaign), between nations already at war, and for holders that are no nation."""
    nation = state.nation(event.nation, "nation").name
    enemy = state.nation(event.on, "on").name
    for field, name in (("nation", nation), ("on", enemy)):
        if not state.nations[name].player:
            raise LedgerFieldError(
                field, N_("{name} is no nation: it makes no war or peace (T7.10)"), name=name
            )
    if nation == enemy:
        raise LedgerFieldError("on", N_("a nation does not declare war on itself (T7.10)"))
    if allied(state, nation, enemy):
        treaty = next(
            (
                t.number
                for t in state.treaties
                if t.alliance and t.broken_by is None and {nation, enemy} <= set(t.parties)
            ),
            None,
        )
        if treaty is None:
            raise LedgerFieldError(
                "on",
                N_("{nation} and {enemy} are allied from the start (T5.5): no war between them"),
                nation=nation,
                enemy=enemy,
            )
        raise LedgerFieldError(
            "on",
            N_(
                "{nation} and {enemy} are allied by treaty {treaty}: break it first "
                "(−5 PP, T4.2, T7.10)"
            ),
            nation=nation,
            enemy=enemy,
            treaty=treaty,
        )
    if at_war(state, nation, enemy):
        raise LedgerFieldError(
            "on", N_("{nation} is already at war with {enemy} (T7.10)"), nation=nation, enemy=enemy
        )


def _evolve_war(state: CampaignData, event: WarDeclared, _event_id: int) -> None:
    state.wars.append(_pair(event.nation, event.on))


def _describe_war(event: WarDeclared, _happened: None) -> sd.Said:
    return sd.said(
        N_("{nation} declares war on {enemy} (T7.10)"),
        nation=sd.nation(event.nation),
        enemy=sd.nation(event.on),
    )


WAR_DECLARED = Family(_check_war, _evolve_war, _describe_war)


def relations_summary(state: CampaignData) -> list[RelationPair]:
    """Every pair of player nations with its relation (T7.10), in the scenario's order: the
    ``relations`` of ``castra campaign show --json`` and the Campaign screen's panel."""
    names = [name for name, nation in state.nations.items() if nation.player]
    return [
        RelationPair(a=a, b=b, relation=relation(state, a, b))
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    ]
