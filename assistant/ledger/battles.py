"""Battles (T1–T4, D2–D4) and the morale of Macedon vs Persia's armies outside battle (D5:
forced marches and tactical retreats), each as check, evolve and describe
(:mod:`assistant.ledger.family`).

A battle's event carries its losses, prestige and morale as the converters computed them when
it was recorded; here they are checked against the campaign, taken off the nations, and, on a
map, the city taken (T7.5, :mod:`assistant.ledger.map_war`), the armies moved (D2,
:mod:`assistant.ledger.dba_map`) and the meeting fought settled (T7.4,
:mod:`assistant.ledger.orders`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from assistant.ledger import dba_map, invasions, map_war, meeting_battle, relations
from assistant.ledger import orders as sealed
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import BattleRecorded, ForcedMarch, TacticalRetreat
from assistant.ledger.family import Family
from assistant.ledger.models import DecimatedPM
from converters.i18n import N_
from converters.said import (
    Rule,
    Said,
    clauses,
    force,
    listing,
    nation,
    province,
    said,
)

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "BATTLE_RECORDED",
    "FORCED_MARCH",
    "RESOLUTION_NAMES",
    "SUMMARY_WORDS",
    "TACTICAL_RETREAT",
]

SUMMARY_WORDS = (
    N_("dice"),
    N_("naval"),
    N_("manual"),
    N_("ordinary"),
    N_("crushing"),
    N_("land"),
    N_("mercenary"),
)
"""Words a battle's summary carries as values (how it was resolved, the kind of defeat),
recorded in English and translated with the sentence where it is shown."""

RESOLUTION_NAMES = {"fog": "FoG", "dbm": "DBM", "dbmm": "DBMM", "dba": "DBA"}
"""How a battle's rules are written in its summary: as their books spell them (issue 27:
"(turn 1, fog)"); dice, naval and manual read as they are."""


class Fought(NamedTuple):
    """What a battle did beyond its event: its turn, the city taken, the armies moved."""

    turn: int
    city: map_war.CityTaken | None
    moves: tuple[Said, ...]


def _check_core(state: CampaignData, event: BattleRecorded) -> None:
    turn = event.turn or state.turn
    last_winter = max(state.winters_resolved, default=0)
    if not last_winter < turn <= state.turn:
        raise LedgerFieldError(
            "turn",
            N_("a battle can be recorded for turns {first} to {last} (got {turn})"),
            first=last_winter + 1,
            last=state.turn,
            turn=turn,
        )
    if state.is_winter and turn == state.turn:
        raise LedgerFieldError("turn", N_("no battles in the winter turn (T5.1)"))
    sides = {c.side for c in event.contingents}
    if sides != {"a", "b"}:
        raise LedgerFieldError("contingents", N_("each side needs at least one contingent"))
    fielded: dict[str, list[int]] = {}
    for c in event.contingents:
        nation = state.nation(c.nation, "contingents.nation")
        whole = int(c.pm)
        if c.pm.denominator != 1 and not (event.city_assault and c.side == "b"):
            raise LedgerFieldError(
                "contingents.pm",
                N_(
                    "{nation} {pm:g} PM: a half PM is only the garrison of an empty city, on "
                    "the defending side b of a city assault (T1.4, T3.5); anywhere else PM "
                    "are whole"
                ),
                nation=c.nation,
                pm=float(c.pm),
            )
        if c.pm_lost + c.prisoners > max(whole, 1 if c.pm else 0):
            raise LedgerFieldError(
                "contingents.pm_lost",
                N_("{nation} lost {pm_lost} and {prisoners} prisoners out of {pm} PM fielded"),
                nation=c.nation,
                pm_lost=c.pm_lost,
                prisoners=c.prisoners,
                pm=c.pm,
            )
        if c.naval_lost > c.naval_pm:
            raise LedgerFieldError(
                "contingents.naval_lost",
                N_("{nation} lost {naval_lost} of {naval_pm} naval PM"),
                nation=c.nation,
                naval_lost=c.naval_lost,
                naval_pm=c.naval_pm,
            )
        used = fielded.setdefault(nation.name, [0, 0])
        used[0] += whole
        used[1] += c.naval_pm
        if c.army is not None:
            army = state.army(c.army, "contingents.army")
            if army.nation != nation.name:
                raise LedgerFieldError(
                    "contingents.army",
                    N_("{name} belongs to {nation}"),
                    name=army.name,
                    nation=army.nation,
                )
    for name, (land, naval) in fielded.items():
        nation = state.nations[name]
        if land > nation.land_pm:
            raise LedgerFieldError(
                "contingents.pm",
                N_("{name} has {land_pm} land PM in play (fielded {land})"),
                name=name,
                land_pm=nation.land_pm,
                land=land,
            )
        if naval > nation.naval_pm:
            raise LedgerFieldError(
                "contingents.naval_pm",
                N_("{name} has {naval_pm} naval PM (fielded {naval})"),
                name=name,
                naval_pm=nation.naval_pm,
                naval=naval,
            )
    for side in ("a", "b"):
        other = "b" if side == "a" else "a"
        captured = sum(c.naval_captured for c in event.contingents if c.side == side)
        sunk = sum(c.naval_lost for c in event.contingents if c.side == other)
        if captured > sunk:
            raise LedgerFieldError(
                "contingents.naval_captured",
                N_("side {side} captured {captured} of the {sunk} naval PM side {other} lost"),
                side=side,
                captured=captured,
                sunk=sunk,
                other=other,
            )
    for name in event.prestige:
        state.nation(name, "prestige")
    for change in event.morale:
        army = state.army(change.army, "morale.army")
        if change.before != army.morale:
            raise LedgerFieldError(
                "morale.before",
                N_("{name} has morale {morale}, not {before}"),
                name=army.name,
                morale=army.morale,
                before=change.before,
            )


def _check_battle(state: CampaignData, event: BattleRecorded) -> None:
    """A new battle: the map's city and moves first, then the meeting it is fought at (T7.4),
    the battle itself, and the PM standing where it is fought (T7.4)."""
    map_war.check_battle_on_map(state, event)
    dba_map.check_after_battle(state, event)
    sealed.check_battle_meets(
        state,
        event.place,
        [c.nation for c in event.contingents],
        naval=event.resolution == "naval",
    )
    meeting_battle.check_armies_there(state, event)
    _check_core(state, event)
    map_war.check_fielded(state, event)


def _recheck_battle(state: CampaignData, event: BattleRecorded) -> None:
    """A recorded battle: the battle itself and the map's city and moves (the meetings and
    the PM standing bind new battles only, so files recorded before them keep opening)."""
    _check_core(state, event)
    map_war.check_battle_on_map(state, event)
    dba_map.check_after_battle(state, event)


def _evolve_battle(state: CampaignData, event: BattleRecorded, event_id: int) -> Fought:
    turn = event.turn or state.turn
    next_winter = state.scenario.calendar.next_winter(turn)
    for c in event.contingents:
        nation = state.nations[c.nation]
        lost = min(c.pm_lost, nation.land_pm)
        nation.land_pm -= lost
        prisoners = min(c.prisoners, nation.land_pm)
        nation.land_pm -= prisoners
        if lost:
            nation.decimated.append(
                DecimatedPM(pm=lost, turn=turn, place=event.place, expires=next_winter)
            )
        nation.naval_pm = nation.naval_pm - c.naval_lost + c.naval_captured
        if prisoners:
            takers = [x for x in event.contingents if x.side != c.side]
            state.nations[takers[0].nation].prisoners_held += prisoners
    for name, points in event.prestige.items():
        state.nations[name].prestige += points
    for change in event.morale:
        state.write_journal(
            change.army,
            change.after,
            change.reason if change.said is None else change.said,
            turn,
            event_id,
            disbanded=change.disbanded,
        )
    if event.defeat is not None and event.winner in ("a", "b"):
        winners = {c.nation for c in event.contingents if c.side == event.winner}
        kind = "triumph" if event.defeat == "crushing" else "victory"
        state.victories_this_turn.extend((nation, kind) for nation in sorted(winners))
    state.battles += 1
    # T7.10: a battle fought between two nations sets them at war.
    relations.set_at_war(
        state,
        (c.nation for c in event.contingents if c.side == "a"),
        (c.nation for c in event.contingents if c.side == "b"),
    )
    city = map_war.evolve_battle_on_map(state, event)
    moves = dba_map.evolve_after_battle(state, event, event_id)
    sealed.settle_by_battle(state, event.place, [c.nation for c in event.contingents])
    return Fought(turn, city, moves)


def _contingent_losses(contingent: Any) -> Said:
    """One side's contingent in a battle's summary: "Rome −2 PM, 1 prisoners, −1 naval"."""
    who = nation(contingent.nation)
    if contingent.pm_lost:
        parts = [said(N_("{nation} −{pm} PM"), nation=who, pm=contingent.pm_lost)]
    elif contingent.pm:
        parts = [said(N_("{nation} no PM lost"), nation=who)]
    else:
        parts = [said("{nation}", nation=who)]
    if contingent.prisoners:
        parts.append(said(N_("{prisoners} prisoners"), prisoners=contingent.prisoners))
    if contingent.naval_lost:
        parts.append(said(N_("−{naval} naval"), naval=contingent.naval_lost))
    if contingent.naval_captured:
        parts.append(said(N_("+{naval} naval captured"), naval=contingent.naval_captured))
    return said("{parts}", parts=listing(parts))


def _describe_battle(event: BattleRecorded, fought: Fought) -> Said:
    defeat = event.defeat if event.morale else None
    # Sides are A and B on the desk and the sheet: so in the summary (issue 27).
    side = Rule(id=event.winner.upper())
    if event.winner == "draw":
        winner = said(N_("draw"))
    elif defeat:
        winner = said(N_("side {side} won ({defeat} defeat)"), side=side, defeat=said(defeat))
    else:
        winner = said(N_("side {side} won"), side=side)
    if event.morale:
        losses = [
            said(
                N_("{army} morale {before}→{after} (ceases to exist)")
                if m.disbanded
                else N_("{army} morale {before}→{after}"),
                army=force(m.army),
                before=m.before,
                after=m.after,
            )
            for m in event.morale
        ]
    else:
        losses = [_contingent_losses(c) for c in event.contingents]
    resolution = (
        Rule(id=RESOLUTION_NAMES[event.resolution])
        if event.resolution in RESOLUTION_NAMES
        else said(event.resolution)
    )
    told = [
        said(
            N_("battle of {place} (turn {turn}, {resolution}): {winner}"),
            place=province(event.place),
            turn=fought.turn,
            resolution=resolution,
            winner=winner,
        ),
        said("{losses}", losses=listing(losses, "; ")),
    ]
    if event.prestige:
        told.append(map_war.prestige_changes(event.prestige))
    told += map_war.describe_battle_on_map(fought.city)
    told += dba_map.describe_after_battle(fought.moves)
    return clauses(*told)


BATTLE_RECORDED = Family(_check_battle, _evolve_battle, _describe_battle, recheck=_recheck_battle)


# ---- morale outside battle (D5) -----------------------------------------------------------


class Morale(NamedTuple):
    """An army's morale after a forced march or a tactical retreat, and the rule's reason."""

    morale: int
    reason: Said
    destroyed: bool = False


def _forced_march(state: CampaignData, event: ForcedMarch) -> Any:
    from converters.morale import forced_march

    army = state.armies[event.army]
    return forced_march(army.morale, event.loyalty, bar=state.rules.forced_march_bar)


def _check_forced_march(state: CampaignData, event: ForcedMarch) -> None:
    state.army(event.army)
    march = _forced_march(state, event)
    if not march.allowed:
        field = "army" if state.rules.forced_march_bar == "morale" else "loyalty"
        raise LedgerFieldError(field, N_("{reason}"), reason=march.said)


def _evolve_forced_march(state: CampaignData, event: ForcedMarch, event_id: int) -> Morale:
    march = _forced_march(state, event)
    state.write_journal(event.army, march.morale_after, march.said, state.turn, event_id)
    return Morale(march.morale_after, march.said)


def _describe_forced_march(event: ForcedMarch, after: Morale) -> Said:
    return said(
        N_("{army} forced march: morale {morale} ({reason})"),
        army=force(event.army),
        morale=after.morale,
        reason=after.reason,
    )


FORCED_MARCH = Family(_check_forced_march, _evolve_forced_march, _describe_forced_march)


def _check_tactical_retreat(state: CampaignData, event: TacticalRetreat) -> None:
    state.army(event.army)


def _evolve_tactical_retreat(state: CampaignData, event: TacticalRetreat, event_id: int) -> Morale:
    from converters.morale import tactical_retreat

    army = state.armies[event.army]
    result = tactical_retreat(army.morale)
    after = 0 if result.morale_after is None else result.morale_after
    state.write_journal(
        army.name, after, result.check.said, state.turn, event_id, disbanded=result.destroyed
    )
    invasions.recheck(state)  # D8: an invasion's meeting once a side has left it
    return Morale(after, result.check.said, result.destroyed)


def _describe_tactical_retreat(event: TacticalRetreat, after: Morale) -> Said:
    fate = (
        said(N_("disbands"))
        if after.destroyed
        else said(N_("morale {morale}"), morale=after.morale)
    )
    return said(
        N_("{army} tactical retreat: {fate} ({reason})"),
        army=force(event.army),
        fate=fate,
        reason=after.reason,
    )


TACTICAL_RETREAT = Family(
    _check_tactical_retreat, _evolve_tactical_retreat, _describe_tactical_retreat
)
