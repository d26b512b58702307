"""Where every army and fleet stands (T7.2–T7.5, T7.7): the map half of the ledger.

A campaign with a board keeps each nation's land and naval PM in named armies and fleets, each
in a province. The map events (a march, a voyage, a landing, renaming, splitting, merging) are
checked and applied here, against the board of :mod:`converters.campaign_map`; the events that
change a nation's PM without saying where (a battle, recruits arriving, a rebuild, upkeep
unpaid, the storm) are followed by :func:`sync`, which takes the PM off or puts them on the map
where the rules say. Tribute, stationed PM and the map's JSON are read from here too, so the
rules of the map live in one module rather than in ``state.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from armylists.board import shipped_board
from armylists.names import nation_name
from armylists.scenarios import Scenario
from assistant.ledger.events import (
    ArmyMoved,
    FleetSailed,
    ForceRenamed,
    ForcesMerged,
    ForceSplit,
    TroopsLanded,
)
from assistant.ledger.family import Family
from assistant.ledger.models import Force, ForceKind
from assistant.ledger.read_models import ForceOnMap, MapSummary, PmHere, ProvinceOnMap, Ways
from converters import said as sd
from converters.campaign_map import Board
from converters.force_names import generated_name, shown_name
from converters.i18n import N_, _
from converters.tribute import (
    ProvinceFacts,
    TributeResult,
    Troops,
    at_war,
    collected,
    tribute,
)

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = [
    "ARMY_MOVED",
    "FLEET_SAILED",
    "FORCES_MERGED",
    "FORCE_RENAMED",
    "FORCE_SPLIT",
    "TROOPS_LANDED",
    "Force",
    "ForceKind",
    "alliances",
    "board_of",
    "check_march",
    "check_voyage",
    "default_name",
    "deploy_at",
    "deploy_province",
    "deployed",
    "force_standing",
    "map_summary",
    "placed_from_start",
    "refuse_if_held",
    "sides_at",
    "standing_pm",
    "stationed_pm",
    "sync",
    "tribute_collected_now",
    "tribute_now",
]


MADE_BEFORE_THE_MAP = N_(
    "forces placed from the start table (T7.2): this campaign was made before the map"
)
"""The history's note on a campaign file older than the map (stored language-neutral)."""


# ---- the board ---------------------------------------------------------------------------


@cache
def _shipped(key: str, names: tuple[str, ...]) -> Board | None:
    return shipped_board(key, names)


def board_of(scenario: Scenario) -> Board | None:
    """The campaign's board: the one it was created with, or, for a Tarentine campaign made
    before the map, the shipped one; None in a campaign without a map."""
    if scenario.board is not None:
        return scenario.board
    if scenario.key != "tarentine" or not scenario.provinces:
        return None
    return _shipped(scenario.key, tuple(p.name for p in scenario.provinces))


def default_name(forces: dict[str, Force], nation: str, kind: ForceKind) -> str:
    """T7.2: the next free default name, "Rome I", "Rome II" … (fleets "Rome fleet I" …),
    stored in English and shown in the reader's language (:mod:`converters.force_names`)."""
    number = 1
    while generated_name(nation, kind, number) in forces:
        number += 1
    return generated_name(nation, kind, number)


def placed_from_start(scenario: Scenario) -> dict[str, Force]:
    """T7.2: the armies and fleets of the start table, one per nation and province."""
    forces: dict[str, Force] = {}
    paid = {(m.nation, m.province): m.paid_by for m in scenario.mercenaries}
    for row in scenario.start:
        if not row.province:
            continue
        pairs: tuple[tuple[ForceKind, int], ...] = (("army", row.land_pm), ("fleet", row.naval_pm))
        for kind, pm in pairs:
            if pm:
                name = default_name(forces, row.nation, kind)
                forces[name] = Force(
                    name=name,
                    nation=row.nation,
                    kind=kind,
                    province=row.province,
                    pm=pm,
                    paid_by=paid.get((row.nation, row.province)) if kind == "army" else None,
                )
    return forces


# ---- reading -----------------------------------------------------------------------------


def _board(state: CampaignData) -> Board:
    board = board_of(state.scenario)
    if board is None:
        from assistant.ledger.errors import LedgerError

        raise LedgerError(
            _(
                "kind: {title} has no map (armies and fleets stand only on the Tarentine board)"
            ).format(title=state.scenario.title)
        )
    if state.scenario.armies:
        # A DBA campaign's armies are whole armies with morale (D1), moved by D10, not PM.
        from assistant.ledger.errors import LedgerError

        raise LedgerError(
            _("kind: {title} moves its armies by D10, not in PM (T7)").format(
                title=state.scenario.title
            )
        )
    return board


def on_map(state: CampaignData) -> list[Force]:
    """The forces on the map now: those of a nation away (Pyrrhus in Greece, T7.9) are not."""
    return [f for f in state.forces.values() if not state.nations[f.nation].away]


def alliances(state: CampaignData) -> list[list[str]]:
    """T5.5, T7.10: the scenario's alliances and every alliance treaty in force."""
    found = [list(group) for group in state.scenario.alliances]
    found += [t.parties for t in state.treaties if t.alliance and t.broken_by is None]
    return found


def enemies_meet(state: CampaignData, province: str) -> bool:
    """T7.4: armies of nations at war stand in ``province`` (a battle belongs there)."""
    sides = {f.paid_by or f.nation for f in on_map(state) if f.province == province}
    groups = alliances(state)
    return any(at_war(a, b, groups) for a in sides for b in sides)


def sides_at(
    state: CampaignData, province: str
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """T7.4: the armies standing in ``province`` as the two sides of a battle there (both empty
    when no enemies meet), by :func:`converters.battle_sides.battle_sides`."""
    from converters.battle_sides import battle_sides

    troops = [
        Troops(nation=f.nation, pm=f.pm, paid_by=f.paid_by)
        for f in on_map(state)
        if f.kind == "army" and f.province == province
    ]
    homeland = next((p.homeland for p in state.scenario.provinces if p.name == province), "")
    return battle_sides(troops, state.control.get(province, homeland), alliances(state))


def standing_pm(state: CampaignData, province: str, kind: ForceKind) -> dict[str, int]:
    """T7.4: each nation's PM of ``kind`` standing in ``province`` now (every nation, 0 where
    none; an army aboard a fleet stands where the fleet is; a nation away stands nowhere)."""
    found = dict.fromkeys(state.nations, 0)
    for force in on_map(state):
        if force.kind == kind and force.province == province:
            found[force.nation] += force.pm
    return found


def tribute_now(state: CampaignData) -> TributeResult:
    """T5.3, T7.8: this turn's tribute as it would be collected now, from the map, with each
    province's reason."""
    return tribute(**_tribute_facts(state))


def tribute_collected_now(state: CampaignData) -> dict[str, int]:
    """:func:`tribute_now`'s PE per nation alone: the glance asks for it after every event."""
    return collected(**_tribute_facts(state))


def _tribute_facts(state: CampaignData) -> dict[str, Any]:
    """What the map says for T5.3: each province's facts, the players, alliances and PP."""
    facts = []
    armies = [f for f in on_map(state) if f.kind == "army"]
    for province in state.scenario.provinces:
        troops = [
            Troops(nation=f.nation, pm=f.pm, paid_by=f.paid_by)
            for f in armies
            if f.province == province.name
        ]
        facts.append(
            ProvinceFacts(
                name=province.name,
                value=province.value,
                controller=state.control.get(province.name, province.homeland),
                troops=troops,
                besieged=province.name in state.besieged,
                sacked=province.name in state.sacked,
            )
        )
    players = [n.name for n in state.nations.values() if n.player and not n.away]
    return {
        "provinces": facts,
        "players": players,
        "alliances": alliances(state),
        "prestige": {n.name: n.prestige for n in state.nations.values()},
    }


def stationed_pm(state: CampaignData) -> dict[str, int]:
    """T5.7, T7.7: for each occupied province, the land PM its holder has standing there."""
    found: dict[str, int] = {}
    for entry in state.occupied():
        found[entry.province] = sum(
            f.pm
            for f in on_map(state)
            if f.kind == "army" and f.province == entry.province and f.nation == entry.holder
        )
    return found


def map_summary(state: CampaignData) -> MapSummary:
    """The map as ``castra campaign map --json`` prints it: every province with its
    neighbours and forces, and every force."""
    board = _board(state)
    provinces: dict[str, ProvinceOnMap] = {}
    for province in state.scenario.provinces:
        place = board.place(province.name)
        forces: dict[str, list[int]] = {}
        for f in on_map(state):
            if f.province == province.name:
                pm = forces.setdefault(f.nation, [0, 0])
                pm[0 if f.kind == "army" else 1] += f.pm
        ways = board.neighbours(province.name)
        provinces[province.name] = ProvinceOnMap(
            name=province.name,
            region=province.region,
            homeland=province.homeland,
            controller=state.control.get(province.name, province.homeland),
            value=province.value,
            loyalty=state.loyalty(province.name),
            city=province.kind == "city",
            maritime=place.maritime,
            lat=place.lat,
            lon=place.lon,
            neighbours=Ways(
                road=tuple(ways["road"]),
                mountain=tuple(ways["mountain"]),
                sea=(*ways["sea"], *ways["crossing"]),
                crossing=tuple(ways["crossing"]),
            ),
            forces={
                nation: PmHere(land=land, naval=naval) for nation, (land, naval) in forces.items()
            },
            besieged=province.name in state.besieged,
            sacked=province.name in state.sacked,
        )
    return MapSummary(
        turn=state.turn,
        date=state.date,
        note=state.map_note,
        provinces=provinces,
        forces={f.name: _force_on_map(state, f) for f in state.forces.values()},
    )


def _force_on_map(state: CampaignData, force: Force) -> ForceOnMap:
    """Every field the ledger keeps of ``force`` (a test keeps the two lists equal)."""
    return ForceOnMap(
        name=force.name,
        nation=force.nation,
        kind=force.kind,
        province=force.province,
        pm=force.pm,
        paid_by=force.paid_by,
        aboard=force.aboard,
        moved=force.moved,
        came_from=force.came_from,
        landed_from=force.landed_from,
        held=force.held,
        on_map=not state.nations[force.nation].away,
    )


# ---- the map events ----------------------------------------------------------------------


def _error(message: str) -> Exception:
    from assistant.ledger.errors import LedgerError

    return LedgerError(message)


def _force(state: CampaignData, name: str, field: str, kind: ForceKind | None = None) -> Force:
    found = state.forces.get(name)
    if found is None:
        choices = [
            shown_name(f.name, f.nation, f.kind)
            for f in state.forces.values()
            if kind is None or f.kind == kind
        ]
        refusal = {
            "army": _("{field}: no army called {name!r}; on the map: {choices}"),
            "fleet": _("{field}: no fleet called {name!r}; on the map: {choices}"),
            None: _("{field}: no army or fleet called {name!r}; on the map: {choices}"),
        }[kind]
        raise _error(
            refusal.format(field=field, name=name, choices=", ".join(choices) or _("none"))
        )
    if kind is not None and found.kind != kind:
        raise _error(
            _("{field}: {name} is a {kind}, not an {wanted}").format(
                field=field, name=name, kind=found.kind, wanted=kind
            )
            if kind == "army"
            else _("{field}: {name} is an army, not a fleet").format(field=field, name=name)
        )
    if state.nations[found.nation].away:
        raise _error(
            _("{field}: {nation} is away in Greece: its forces are off the map (T7.9)").format(
                field=field, nation=nation_name(found.nation)
            )
        )
    return found


def _said(force: Force) -> str:
    """An army or fleet as a refusal names it: in the reader's language ("Roma I", T7.2)."""
    return shown_name(force.name, force.nation, force.kind)


def _no_winter_moves(state: CampaignData) -> None:
    if state.is_winter:
        raise _error(_("turn: no movement in the winter turn (T5.1)"))


def refuse_if_held(state: CampaignData, force: Force, field: str) -> None:
    """T6.1: a force holding troops deployed from winter training this turn cannot move."""
    if force.held == state.turn:
        raise _error(
            _(
                "{field}: {force} holds troops out of winter training: it cannot move on the "
                "first spring turn (T6.1)"
            ).format(field=field, force=force.name)
        )


class Marched(NamedTuple):
    """An army's march (T7.3): its PM, whence, whither and by which road."""

    army: str
    pm: int
    start: str
    to: str
    way: str | None


def check_march(state: CampaignData, event: ArmyMoved) -> None:
    """T7.3: an army marches one province a turn, to a neighbour joined by a road."""
    board = _board(state)
    _no_winter_moves(state)
    army = _force(state, event.army, "army", "army")
    if army.aboard is not None:
        raise _error(
            _("army: {army} is aboard {fleet}: it lands before it marches (T7.3)").format(
                army=_said(army), fleet=_said(state.forces[army.aboard])
            )
        )
    if army.moved == state.turn:
        raise _error(
            _("army: {army} has already moved this turn: one province a turn (T7.3)").format(
                army=_said(army)
            )
        )
    refuse_if_held(state, army, "army")
    if event.to not in board.provinces:
        raise _error(_("to: not a province of the board: {to!r}").format(to=event.to))
    if board.land_way(army.province, event.to) is None:
        raise _error(
            _("to: no road joins {here} and {to}; by road: {choices} (T7.3)").format(
                here=army.province,
                to=event.to,
                choices=", ".join(board.road_neighbours(army.province)),
            )
        )


def _evolve_march(state: CampaignData, event: ArmyMoved, _event_id: int) -> Marched:
    army = state.forces[event.army]
    way = _board(state).land_way(army.province, event.to)
    marched = Marched(army.name, army.pm, army.province, event.to, way)
    army.came_from = army.province
    army.province = event.to
    army.moved = state.turn
    army.landed_from = None
    return marched


def _describe_march(event: ArmyMoved, marched: Marched) -> sd.Said:
    template = (
        N_("{army} ({pm} PM) marched from {start} to {to} by the mountain road (T3.2)")
        if marched.way == "mountain"
        else N_("{army} ({pm} PM) marched from {start} to {to}")
    )
    return sd.said(
        template,
        army=sd.force(marched.army, kind="army"),
        pm=marched.pm,
        start=sd.province(marched.start),
        to=sd.province(marched.to),
    )


ARMY_MOVED = Family(check_march, _evolve_march, _describe_march)


class Sailed(NamedTuple):
    """A fleet's voyage (T7.3): its PM, the route, where it started, the troops it carried."""

    fleet: str
    pm: int
    route: tuple[str, ...]
    start: str
    troops: tuple[tuple[str, int], ...]
    landed: bool


def _route(state: CampaignData, fleet: Force, event: FleetSailed) -> list[str] | None:
    """The route given, else the shortest by sea (None: there is none)."""
    if event.via:
        return [fleet.province, *event.via, event.to]
    return _board(state).shortest_sea_route(fleet.province, event.to)


def _carried(state: CampaignData, fleet: Force, event: FleetSailed) -> list[Force]:
    """The armies aboard, then those the event carries, each once."""
    carried = [f for f in state.forces.values() if f.aboard == fleet.name]
    for name in event.carry:
        army = state.forces[name]
        if army not in carried:
            carried.append(army)
    return carried


def check_voyage(state: CampaignData, event: FleetSailed) -> None:
    """T7.3, T3.7: a fleet sails at most 8 stretches through maritime provinces (the route
    given, else the shortest), carrying troops that started the turn with it (1 naval PM per
    land PM); landing them ends its move, and only Pyrrhus lands on the African coast."""
    board = _board(state)
    _no_winter_moves(state)
    fleet = _force(state, event.fleet, "fleet", "fleet")
    if fleet.moved == state.turn:
        raise _error(
            _("fleet: {fleet} has already moved this turn (T7.3)").format(fleet=_said(fleet))
        )
    refuse_if_held(state, fleet, "fleet")
    if event.to not in board.provinces:
        raise _error(_("to: not a province of the board: {to!r}").format(to=event.to))
    route = _route(state, fleet, event)
    if route is None:
        raise _error(
            _(
                "to: no sea route from {here} to {to}: fleets sail only through maritime "
                "provinces (T7.3)"
            ).format(here=fleet.province, to=event.to)
        )
    try:
        board.check_sea_route(route)
    except ValueError as error:
        field = "via" if event.via else "to"
        raise _error(f"{field}: {str(error).removeprefix('route: ')}") from None
    aboard = [f for f in state.forces.values() if f.aboard == fleet.name]
    carried = list(aboard)
    groups = alliances(state)
    for name in event.carry:
        army = _force(state, name, "carry", "army")
        if army in carried:
            continue
        if army.aboard is not None:
            raise _error(
                _("carry: {army} is aboard {fleet}").format(
                    army=_said(army), fleet=_said(state.forces[army.aboard])
                )
            )
        if army.province != fleet.province:
            raise _error(
                _("carry: {army} stands in {there}, not with {fleet} in {here} (T7.3)").format(
                    army=_said(army), there=army.province, fleet=_said(fleet), here=fleet.province
                )
            )
        if army.moved == state.turn:
            raise _error(
                _(
                    "carry: {army} moved this turn: troops start the turn with the fleet (T7.3)"
                ).format(army=_said(army))
            )
        refuse_if_held(state, army, "carry")
        if at_war(army.paid_by or army.nation, fleet.nation, groups):
            raise _error(
                _("carry: {army} is no ally of {nation}").format(
                    army=_said(army), nation=nation_name(fleet.nation)
                )
            )
        carried.append(army)
    load = sum(a.pm for a in carried)
    if load > fleet.pm:
        raise _error(
            _("carry: {load} land PM need {load} naval PM; {fleet} has {pm} (T7.3)").format(
                load=load, fleet=_said(fleet), pm=fleet.pm
            )
        )
    if event.land and not carried:
        raise _error(_("land: {fleet} carries no troops").format(fleet=_said(fleet)))
    if event.land:
        _check_landing(board, event.to, carried)


def _evolve_voyage(state: CampaignData, event: FleetSailed, _event_id: int) -> Sailed:
    fleet = state.forces[event.fleet]
    route = _route(state, fleet, event) or []
    carried = _carried(state, fleet, event)
    sailed = Sailed(
        fleet.name,
        fleet.pm,
        tuple(route),
        fleet.province,
        tuple((a.name, a.pm) for a in carried),
        event.land,
    )
    fleet.came_from = fleet.province
    fleet.province = event.to
    fleet.moved = state.turn
    for army in carried:
        army.came_from = None
        army.province = event.to
        army.moved = state.turn
        army.aboard = None if event.land else fleet.name
        army.landed_from = fleet.name if event.land else None
    return sailed


def _describe_voyage(event: FleetSailed, sailed: Sailed) -> sd.Said:
    stayed = sailed.start == event.to
    troops = "landed" if sailed.troops and sailed.landed else "carrying" if sailed.troops else ""
    return sd.said(
        _SAILED[stayed, troops],
        fleet=sd.force(sailed.fleet, kind="fleet"),
        pm=sailed.pm,
        route=sd.listing((sd.province(p) for p in sailed.route), " → "),
        province=sd.province(sailed.start),
        troops=sd.listing(
            sd.said(N_("{army} {pm} PM"), army=sd.force(name, kind="army"), pm=pm)
            for name, pm in sailed.troops
        ),
    )


FLEET_SAILED = Family(check_voyage, _evolve_voyage, _describe_voyage)


_SAILED = {
    (False, ""): N_("{fleet} ({pm} naval PM) sailed {route}"),
    (False, "landed"): N_("{fleet} ({pm} naval PM) sailed {route} and landed {troops}"),
    (False, "carrying"): N_("{fleet} ({pm} naval PM) sailed {route} carrying {troops}"),
    (True, ""): N_("{fleet} stayed at {province}"),
    (True, "landed"): N_("{fleet} stayed at {province} and landed {troops}"),
    (True, "carrying"): N_("{fleet} stayed at {province} carrying {troops}"),
}
"""A fleet's move in the history (T7.3): sailed or stayed, and what it did with its troops."""


def _check_landing(board: Board, province: str, armies: list[Force]) -> None:
    allowed = board.place(province).landing_only
    if allowed and not any(a.nation in allowed for a in armies):
        raise _error(
            _(
                "land: only {nations} may land at {province} (and allies sailing with them, T7.3)"
            ).format(nations=", ".join(allowed), province=province)
        )


class Landed(NamedTuple):
    """An army landed (T7.3): its PM, where, from which fleet."""

    army: str
    pm: int
    province: str
    fleet: str


def _check_landed(state: CampaignData, event: TroopsLanded) -> None:
    """T7.3: an army aboard a fleet lands where the fleet is; landing ends the fleet's move."""
    board = _board(state)
    _no_winter_moves(state)
    army = _force(state, event.army, "army", "army")
    if army.aboard is None:
        raise _error(_("army: {army} is not aboard a fleet").format(army=_said(army)))
    _check_landing(board, army.province, [army])


def _evolve_landed(state: CampaignData, event: TroopsLanded, _event_id: int) -> Landed:
    army = state.forces[event.army]
    fleet = state.forces[army.aboard or ""]
    army.aboard = None
    army.moved = state.turn
    army.landed_from = fleet.name
    fleet.moved = state.turn
    return Landed(army.name, army.pm, army.province, fleet.name)


def _describe_landed(event: TroopsLanded, landed: Landed) -> sd.Said:
    return sd.said(
        N_("{army} ({pm} PM) landed at {province} from {fleet}"),
        army=sd.force(landed.army, kind="army"),
        pm=landed.pm,
        province=sd.province(landed.province),
        fleet=sd.force(landed.fleet, kind="fleet"),
    )


TROOPS_LANDED = Family(_check_landed, _evolve_landed, _describe_landed)


def _check_rename(state: CampaignData, event: ForceRenamed) -> None:
    """T7.2: the referee renames an army or fleet."""
    force = _force(state, event.force, "force")
    new = event.name.strip()
    if not new:
        raise _error(_("name: give the new name"))
    if new in state.forces and new != force.name:
        raise _error(_("name: {name} is already taken").format(name=new))


def _evolve_rename(state: CampaignData, event: ForceRenamed, _event_id: int) -> None:
    _rename(state, state.forces[event.force], event.name.strip())


def _describe_rename(event: ForceRenamed, _happened: None) -> sd.Said:
    return sd.said(
        N_("{old} renamed {new}"), old=sd.force(event.force), new=sd.force(event.name.strip())
    )


FORCE_RENAMED = Family(_check_rename, _evolve_rename, _describe_rename)


def _rename(state: CampaignData, force: Force, new: str) -> None:
    old = force.name
    state.forces = {(new if key == old else key): f for key, f in state.forces.items()}
    force.name = new
    for other in state.forces.values():
        if other.aboard == old:
            other.aboard = new


class Split(NamedTuple):
    """Part of a force become a new one (T7.2): the new force's name and where it stands."""

    name: str
    province: str


def _split_name(state: CampaignData, event: ForceSplit) -> str:
    force = state.forces[event.force]
    return event.name.strip() or default_name(state.forces, force.nation, force.kind)


def _check_split(state: CampaignData, event: ForceSplit) -> None:
    """T7.2: part of an army or fleet becomes a new one in the same province."""
    force = _force(state, event.force, "force")
    if not 1 <= event.pm < force.pm:
        raise _error(
            _("pm: {name} has {pm} PM; split off 1 to {most}").format(
                name=_said(force), pm=force.pm, most=force.pm - 1
            )
        )
    name = _split_name(state, event)
    if name in state.forces:
        raise _error(_("name: {name} is already taken").format(name=name))
    if force.kind == "fleet":
        load = sum(f.pm for f in state.forces.values() if f.aboard == force.name)
        if load > force.pm - event.pm:
            raise _error(
                _("pm: {name} carries {load} land PM and must keep {load} naval PM (T7.3)").format(
                    name=_said(force), load=load
                )
            )


def _evolve_split(state: CampaignData, event: ForceSplit, _event_id: int) -> Split:
    force = state.forces[event.force]
    name = _split_name(state, event)
    force.pm -= event.pm
    state.forces[name] = force.model_copy(update={"name": name, "pm": event.pm})
    return Split(name, force.province)


def _describe_split(event: ForceSplit, split: Split) -> sd.Said:
    return sd.said(
        N_("{pm} PM of {force} became {name} at {province}"),
        pm=event.pm,
        force=sd.force(event.force),
        name=sd.force(split.name),
        province=sd.province(split.province),
    )


FORCE_SPLIT = Family(_check_split, _evolve_split, _describe_split)


class Merged(NamedTuple):
    """Two forces become one (T7.2): the PM together and where."""

    pm: int
    province: str


def _check_merge(state: CampaignData, event: ForcesMerged) -> None:
    """T7.2: two armies (or two fleets) of one nation in one province become one."""
    force = _force(state, event.force, "force")
    into = _force(state, event.into, "into")
    if force.name == into.name:
        raise _error(_("into: name another army or fleet"))
    if (force.nation, force.kind, force.province) != (into.nation, into.kind, into.province):
        from armylists.names import nation_name

        both = _("two armies") if force.kind == "army" else _("two fleets")
        raise _error(
            _("into: {a} and {b} must be {both} of {nation} in one province").format(
                a=_said(force), b=_said(into), both=both, nation=nation_name(force.nation)
            )
        )
    if force.aboard != into.aboard or force.paid_by != into.paid_by:
        raise _error(
            _("into: {a} and {b} are not together (aboard or in another's pay)").format(
                a=force.name, b=into.name
            )
        )


def _evolve_merge(state: CampaignData, event: ForcesMerged, _event_id: int) -> Merged:
    force = state.forces[event.force]
    into = state.forces[event.into]
    into.pm += force.pm
    into.moved = max(into.moved, force.moved)
    into.held = max(into.held, force.held)
    for other in state.forces.values():
        if other.aboard == force.name:
            other.aboard = into.name
    del state.forces[force.name]
    return Merged(into.pm, into.province)


def _describe_merge(event: ForcesMerged, merged: Merged) -> sd.Said:
    return sd.said(
        N_("{force} merged into {into} ({pm} PM) at {province}"),
        force=sd.force(event.force),
        into=sd.force(event.into),
        pm=merged.pm,
        province=sd.province(merged.province),
    )


FORCES_MERGED = Family(_check_merge, _evolve_merge, _describe_merge)


# ---- keeping the map in step with the nations' PM ----------------------------------------


TAKEN_OFF = N_("{force} −{pm} PM at {province}")
"""PM the map takes off a force, as the history says it."""

Told = Callable[[], sd.Said]
"""What the history will say of a change, said only when a history is told: the map is kept
in step after every event, and a replay that tells nothing says nothing (issue 21 speed)."""


def sync(state: CampaignData, hint: str | None = None) -> list[Told]:
    """Bring each nation's armies and fleets in step with its land and naval PM after an
    event that changed them without moving anything (T7.2).

    PM lost come off the forces standing at ``hint`` (the battle's province) first, then off
    the nation's most recently formed forces. PM gained (recruits, rebuilt, events) deploy at
    ``hint`` if the nation may deploy there, else in its most valuable province free of enemy
    armies (T6.1), else with its largest force. Returns what the history says of each change.
    """
    board = board_of(state.scenario)
    if board is None:
        return []
    lines: list[Told] = []
    # Each nation's armies and its fleets, in the order formed, found in one pass: this runs
    # after every event of a replay (issue 21). What one group's change does (a force taken
    # off, one formed) leaves every other group as it was.
    groups: dict[tuple[str, ForceKind], list[Force]] = {}
    for force in state.forces.values():
        groups.setdefault((force.nation, force.kind), []).append(force)
    for nation in state.nations.values():
        totals: tuple[tuple[ForceKind, int], ...] = (
            ("army", nation.land_pm),
            ("fleet", nation.naval_pm),
        )
        for kind, total in totals:
            own = groups.get((nation.name, kind), [])
            diff = total - sum(f.pm for f in own)
            if diff < 0:
                lines.extend(_take_off(state, own, -diff, hint))
            elif diff > 0:
                lines.append(_put_on(state, board, nation.name, kind, diff, hint))
    return lines


def _take_off(state: CampaignData, own: list[Force], count: int, hint: str | None) -> list[Told]:
    order = [f for f in own if f.province == hint] + [
        f for f in reversed(own) if f.province != hint
    ]
    lines: list[Told] = []
    for force in order:
        if not count:
            break
        taken = min(force.pm, count)
        force.pm -= taken
        count -= taken
        lines.append(
            partial(_pm_at, TAKEN_OFF, force.name, force.nation, force.kind, taken, force.province)
        )
        if force.pm == 0:
            del state.forces[force.name]
            for other in state.forces.values():
                if other.aboard == force.name:
                    other.aboard = None
    return lines


def _put_on(
    state: CampaignData, board: Board, nation: str, kind: ForceKind, count: int, hint: str | None
) -> Told:
    where = deploy_province(state, board, nation, kind, hint)
    return partial(
        deployed, _place_at(state, nation, kind, count, where), nation, kind, count, where
    )


def force_standing(state: CampaignData, nation: str, kind: ForceKind, where: str) -> Force | None:
    """The first army (fleet) of ``nation``'s own at ``where``, ashore and in its own pay."""
    return next(
        (
            f
            for f in state.forces.values()
            if f.nation == nation
            and f.kind == kind
            and f.province == where
            and f.aboard is None
            and f.paid_by is None
        ),
        None,
    )


def deploy_at(state: CampaignData, nation: str, kind: ForceKind, count: int, where: str) -> sd.Said:
    """Put ``count`` PM of ``nation`` on the map at ``where``: joining a force of its own
    there, else as a new one with the next default name. Returns what the history says."""
    return deployed(_place_at(state, nation, kind, count, where), nation, kind, count, where)


def _place_at(state: CampaignData, nation: str, kind: ForceKind, count: int, where: str) -> str:
    """:func:`deploy_at`'s change of the map; the name of the force the PM are with."""
    here = force_standing(state, nation, kind, where)
    if here is not None:
        here.pm += count
        name = here.name
    else:
        name = default_name(state.forces, nation, kind)
        state.forces[name] = Force(name=name, nation=nation, kind=kind, province=where, pm=count)
    return name


def deployed(name: str, nation: str, kind: ForceKind, pm: int, where: str) -> sd.Said:
    """T6.1: "Rome I +2 PM at Roma (T6.1)", PM put on the map, as the history says it."""
    return _pm_at(N_("{force} +{pm} PM at {province} (T6.1)"), name, nation, kind, pm, where)


def _pm_at(template: str, name: str, nation: str, kind: ForceKind, pm: int, where: str) -> sd.Said:
    return sd.said(template, force=sd.force(name, nation, kind), pm=pm, province=sd.province(where))


def deploy_province(
    state: CampaignData, board: Board, nation: str, kind: ForceKind, hint: str | None
) -> str:
    """T6.1: ``hint`` if ``nation`` controls it and no enemy army stands there (a fleet: and it
    is maritime), else its most valuable such province, else where its largest force stands."""
    groups = alliances(state)

    def fits(name: str) -> bool:
        if kind == "fleet" and not board.place(name).maritime:
            return False
        return not any(
            f.kind == "army"
            and f.province == name
            and at_war(f.paid_by or f.nation, nation, groups)
            for f in on_map(state)
        )

    if hint and hint in board.provinces and state.control.get(hint) == nation and fits(hint):
        return hint
    held = sorted(
        (p for p in state.scenario.provinces if state.control.get(p.name) == nation),
        key=lambda p: -p.value,
    )
    for province in held:
        if fits(province.name):
            return province.name
    own = sorted(
        (f for f in state.forces.values() if f.nation == nation and fits(f.province)),
        key=lambda f: -f.pm,
    )
    if own:
        return own[0].province
    friendly = [
        p.name
        for p in state.scenario.provinces
        if not at_war(state.control.get(p.name, p.homeland), nation, groups) and fits(p.name)
    ]
    return friendly[0] if friendly else board.provinces[0]
