"""Fleets meeting on the map: the interception roll (T3.6) and a beaten fleet's retreat (T3.7,
T7.5), as events the ledger checks, applies and replays.

:mod:`assistant.ledger.forces` sails the fleets; :mod:`assistant.ledger.map_war` handles the
armies' side of a lost battle. Here are the two naval steps of the turn (T5.2: naval battles,
naval retreats) that the referee used to settle off the record: the d6 of an interception,
kept with its purpose so a failed one is in the history too, and where a beaten fleet may go,
offered in the seed's order and refused anywhere else.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, NamedTuple

from armylists.names import nation_name
from assistant.ledger.events import FleetRetreated, InterceptionRolled
from assistant.ledger.family import Family
from assistant.ledger.forces import Force, alliances, board_of, on_map
from assistant.ledger.models import Interception
from assistant.ledger.orders import check_interception, settle_by_interception
from converters import said as sd
from converters.campaign_map import MAX_SEA_STRETCHES
from converters.dice import Dice, ScriptedDice
from converters.dice_battle import interception_roll
from converters.force_names import shown_name
from converters.i18n import N_, _
from converters.tribute import at_war

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "FLEET_RETREATED",
    "INTERCEPTION_ROLLED",
    "Interception",
    "fleet_retreats",
    "interception_event",
]

INTERCEPTED = N_(
    "{fleet} ({pm} naval PM) sought battle with {target} at {province}: 1d6 = {roll} against "
    "{against} (caught if {way}) → intercepted: a naval battle follows (T3.6)"
)
"""The history's line for an interception that catches its target (recorded in English)."""
ESCAPED = N_(
    "{fleet} ({pm} naval PM) sought battle with {target} at {province}: 1d6 = {roll} against "
    "{against} (caught if {way}) → not intercepted: {target} goes on (T3.6)"
)
"""The history's line for an interception the target escapes."""
WAYS = {"at_most": N_("at most"), "at_least": N_("at least")}
"""How the die counts under the house rule ``interception`` (H)."""
RETREATED = N_("{fleet} ({pm} naval PM) retreated from {start} to {to} (T3.7)")
"""The history's line for a fleet's retreat."""
SURRENDERED = N_(
    "{fleet} ({pm} naval PM) surrendered at {province} to {captor}: its ships join {into} (T3.7)"
)
"""A fleet with nowhere to go, taken by the winner (its ships join the winner's fleet)."""
SUNK = N_("{fleet} ({pm} naval PM) had nowhere to retreat from {province}: lost (T3.7)")
"""A fleet with nowhere to go and no enemy fleet there to take it."""
PRISONERS_ABOARD = N_("{army} ({pm} PM) aboard taken prisoner by {captor} (T4.3)")
"""Troops aboard a fleet that surrenders."""


def _error(message: str) -> Exception:
    from assistant.ledger.errors import LedgerError

    return LedgerError(message)


def _said(force: Force) -> str:
    """A fleet as a refusal names it: in the reader's language ("Flotta di Roma I", T7.2)."""
    return shown_name(force.name, force.nation, force.kind)


def _fleet(state: CampaignData, name: str, field: str) -> Force:
    """The fleet called ``name`` on the map; LedgerError naming ``field`` otherwise."""
    if board_of(state.scenario) is None or state.scenario.armies:
        raise _error(_("{field}: this campaign has no map of fleets (T7)").format(field=field))
    found = state.forces.get(name)
    if found is None or found.kind != "fleet":
        fleets = [shown_name(f.name, f.nation, f.kind) for f in on_map(state) if f.kind == "fleet"]
        raise _error(
            _("{field}: no fleet called {name!r}; on the map: {fleets}").format(
                field=field, name=name, fleets=", ".join(fleets) or _("none")
            )
        )
    if state.nations[found.nation].away:
        raise _error(
            _("{field}: {nation} is away in Greece: its forces are off the map (T7.9)").format(
                field=field, nation=nation_name(found.nation)
            )
        )
    return found


def _enemies_at(state: CampaignData, province: str, nation: str) -> list[Force]:
    groups = alliances(state)
    return [
        f
        for f in on_map(state)
        if f.province == province and at_war(f.paid_by or f.nation, nation, groups)
    ]


# ---- T3.6: the interception roll -----------------------------------------------------------


def _meeting(state: CampaignData, fleet_name: str, target_name: str) -> tuple[Force, Force, int]:
    """T3.6, T7.4: the two fleets meet (one province, nations at war, movement season, no roll
    yet between them this turn); returns them and the sum the die is rolled against."""
    fleet = _fleet(state, fleet_name, "fleet")
    target = _fleet(state, target_name, "target")
    if state.is_winter:
        raise _error(_("turn: no movement, so no interception, in the winter turn (T5.1)"))
    if fleet.name == target.name:
        raise _error(_("target: name the enemy fleet that avoids battle"))
    if fleet.province != target.province:
        raise _error(
            _(
                "target: {target} is at {there}, not with {fleet} at {here}: fleets meet in one "
                "province (T7.4)"
            ).format(
                target=_said(target), there=target.province, fleet=_said(fleet), here=fleet.province
            )
        )
    if not at_war(fleet.nation, target.nation, alliances(state)):
        raise _error(
            _("target: {a} and {b} are not at war: their fleets do not meet (T7.10)").format(
                a=nation_name(fleet.nation), b=nation_name(target.nation)
            )
        )
    for tried in state.interceptions:
        if (tried.turn, tried.fleet, tried.target) == (state.turn, fleet.name, target.name):
            raise _error(
                _(
                    "target: {fleet} already tried to intercept {target} this turn: one roll (T3.6)"
                ).format(fleet=_said(fleet), target=_said(target))
            )
    carried = sum(a.pm for a in state.forces.values() if a.aboard == target.name)
    return fleet, target, fleet.pm + target.pm + carried


def interception_event(
    state: CampaignData, fleet: str, target: str, dice: Dice, *, who: str = "", note: str = ""
) -> InterceptionRolled:
    """T3.6: ``fleet`` seeks battle, ``target`` avoids it: checked, then 1d6 from ``dice``
    against both fleets' PM plus the land PM ``target`` carries, under the campaign's house
    rule ``interception``; the die is kept in the event with its purpose."""
    seeker, avoider, against = _meeting(state, fleet, target)
    result = interception_roll(seeker.pm, avoider.pm, against - seeker.pm - avoider.pm, dice,
                               rules=state.rules)  # fmt: skip
    return InterceptionRolled(
        fleet=seeker.name,
        target=avoider.name,
        province=seeker.province,
        against=result.against,
        intercepted=result.intercepted,
        rolls=dice.rolls[-1:],
        who=who,
        note=note,
    )


def _check_intercepted(state: CampaignData, event: InterceptionRolled) -> None:
    """T3.6: the roll as recorded must be the one die of this meeting, against the sum the
    map gives, read under the house rule in force; nothing moves (caught: the battle is the
    next event; not caught: the target goes on with its move)."""
    check_interception(state, event)
    fleet, target, against = _meeting(state, event.fleet, event.target)
    if event.province != fleet.province:
        raise _error(
            _("province: {fleet} and {target} meet at {here}, not {province}").format(
                fleet=_said(fleet),
                target=_said(target),
                here=fleet.province,
                province=event.province,
            )
        )
    if len(event.rolls) != 1 or event.rolls[0].sides != 6:
        raise _error(_("rolls: the interception is one d6 (T3.6)"))
    if event.against != against:
        raise _error(
            _(
                "against: both fleets' PM and the troops {target} carries add up to {sum}, "
                "not {against} (T3.6)"
            ).format(target=_said(target), sum=against, against=event.against)
        )
    roll = event.rolls[0].value
    result = interception_roll(fleet.pm, target.pm, against - fleet.pm - target.pm,
                               ScriptedDice([roll]), rules=state.rules)  # fmt: skip
    if result.intercepted != event.intercepted:
        raise _error(
            _("intercepted: a {roll} against {against} is {verdict} under interception = {rule}")
            .format(
                roll=roll,
                against=against,
                verdict=_("caught") if result.intercepted else _("not caught"),
                rule=state.rules.interception,
            )
        )  # fmt: skip


class Rolled(NamedTuple):
    """An interception rolled (T3.6): the seeking fleet's PM and the house rule's way."""

    pm: int
    way: str


def _evolve_intercepted(state: CampaignData, event: InterceptionRolled, _event_id: int) -> Rolled:
    fleet = state.forces[event.fleet]
    state.interceptions.append(Interception(turn=state.turn, fleet=fleet.name, target=event.target))
    settle_by_interception(state, event.province, event.intercepted)
    return Rolled(fleet.pm, WAYS[state.rules.interception])


def _describe_intercepted(event: InterceptionRolled, rolled: Rolled) -> sd.Said:
    return sd.said(
        INTERCEPTED if event.intercepted else ESCAPED,
        fleet=sd.force(event.fleet, kind="fleet"),
        pm=rolled.pm,
        target=sd.force(event.target),
        province=sd.province(event.province),
        roll=event.rolls[0].value,
        against=event.against,
        way=sd.said(rolled.way),
    )


INTERCEPTION_ROLLED = Family(_check_intercepted, _evolve_intercepted, _describe_intercepted)


# ---- T3.7: a beaten fleet's retreat ---------------------------------------------------------


def fleet_retreats(state: CampaignData, name: str) -> list[str]:
    """T3.7, T7.5: where the beaten fleet ``name`` may retreat, in the seed's order; empty when
    it has nowhere to go (it surrenders).

    Readings (docs/rules.md T3.7): a fleet that sailed this turn goes back to the province it
    sailed from — the attacker's starting province, and that of one met while crossing — when
    that province is free of enemies (no enemy army or fleet stands there); a fleet that did
    not sail (a defender, whose starting province is the battle's), or whose starting province
    holds enemies now, goes to its nation's nearest province — its own or an ally's (T7.10) —
    free of enemies, counted in sea stretches through maritime provinces, at most the 8 of a
    move (T3.7), several at the same distance in the board's order.
    """
    fleet = _fleet(state, name, "fleet")
    board = board_of(state.scenario)
    assert board is not None  # _fleet refused a campaign without one
    start = fleet.came_from if fleet.moved == state.turn and fleet.came_from else fleet.province
    if start != fleet.province and not _enemies_at(state, start, fleet.nation):
        return [start]
    groups = alliances(state)

    def harbour(province: str) -> bool:
        holder = state.control.get(province, "")
        friendly = holder == fleet.nation or (
            holder in state.nations and not at_war(holder, fleet.nation, groups)
        )
        return friendly and not _enemies_at(state, province, fleet.nation)

    distance = {fleet.province: 0}
    queue = deque([fleet.province])
    found: list[str] = []
    while queue:
        here = queue.popleft()
        if found and distance[here] > distance[found[0]]:
            break
        if here != fleet.province and harbour(here):
            found.append(here)
            continue
        if distance[here] == MAX_SEA_STRETCHES:
            continue
        for there in board.sea_neighbours(here):
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    order = {province: index for index, province in enumerate(board.provinces)}
    return sorted(found, key=order.__getitem__)


def _check_fleet_retreated(state: CampaignData, event: FleetRetreated) -> None:
    """T3.7, T7.5: the beaten fleet goes to an allowed province (the troops aboard with it),
    or, when none is open, surrenders: its ships join the winner's largest fleet there (T3.7
    Reading) and the troops aboard are taken prisoner (T4.3)."""
    fleet = _fleet(state, event.fleet, "fleet")
    if state.is_winter:
        raise _error(_("turn: no naval battles, so no retreats, in the winter turn (T5.1)"))
    allowed = fleet_retreats(state, fleet.name)
    if event.to is not None:
        if event.to not in allowed:
            raise _error(
                _("to: {fleet} may retreat to {places} (T3.7), not {to}").format(
                    fleet=_said(fleet),
                    places=", ".join(allowed) or _("nowhere: it surrenders"),
                    to=event.to,
                )
            )
        return
    if allowed:
        raise _error(
            _(
                "to: {fleet} may still retreat to {places}: it surrenders only when none is "
                "open (T3.7)"
            ).format(fleet=_said(fleet), places=", ".join(allowed))
        )


class FleetBeaten(NamedTuple):
    """A beaten fleet's retreat or surrender (T3.7): its PM, whence, the fleet its ships
    joined (nation and name; None: sunk) and the troops aboard."""

    pm: int
    start: str
    captor: tuple[str, str] | None
    aboard: tuple[tuple[str, int], ...]


def _evolve_fleet_retreated(
    state: CampaignData, event: FleetRetreated, _event_id: int
) -> FleetBeaten:
    fleet = state.forces[event.fleet]
    aboard = [a for a in state.forces.values() if a.aboard == fleet.name]
    start = fleet.province
    troops = tuple((army.name, army.pm) for army in aboard)
    if event.to is not None:
        fleet.province = event.to
        for army in aboard:
            army.province = event.to
        return FleetBeaten(fleet.pm, start, None, troops)
    enemy_fleets = [f for f in _enemies_at(state, start, fleet.nation) if f.kind == "fleet"]
    captor = max(enemy_fleets, key=lambda f: f.pm) if enemy_fleets else None
    state.nations[fleet.nation].naval_pm -= fleet.pm
    if captor is not None:
        state.nations[captor.nation].naval_pm += fleet.pm
        captor.pm += fleet.pm
    for army in aboard:
        state.nations[army.nation].land_pm -= army.pm
        if captor is not None:
            state.nations[captor.nation].prisoners_held += army.pm
        del state.forces[army.name]
    del state.forces[fleet.name]
    taken = None if captor is None else (captor.nation, captor.name)
    return FleetBeaten(fleet.pm, start, taken, troops)


def _describe_fleet_retreated(event: FleetRetreated, beaten: FleetBeaten) -> sd.Said:
    fleet = sd.force(event.fleet, kind="fleet")
    if event.to is not None:
        return sd.said(
            RETREATED,
            fleet=fleet,
            pm=beaten.pm,
            start=sd.province(beaten.start),
            to=sd.province(event.to),
        )
    if beaten.captor is None:
        return sd.said(SUNK, fleet=fleet, pm=beaten.pm, province=sd.province(beaten.start))
    nation, into = beaten.captor
    lines = [
        sd.said(
            SURRENDERED,
            fleet=fleet,
            pm=beaten.pm,
            province=sd.province(beaten.start),
            captor=sd.nation(nation),
            into=sd.force(into, kind="fleet"),
        )
    ]
    lines += [
        sd.said(PRISONERS_ABOARD, army=sd.force(army, kind="army"), pm=pm, captor=sd.nation(nation))
        for army, pm in beaten.aboard
    ]
    return sd.clauses(*lines)


FLEET_RETREATED = Family(_check_fleet_retreated, _evolve_fleet_retreated, _describe_fleet_retreated)
