"""Macedon vs Persia on the map: the positional rules of seed 003 (D7, D9–D13) as pure functions.

The battle layer (morale, crushing defeats, initiative) is :mod:`converters.morale`; this module
is everything the referee used to keep on paper between battles: where the armies stand, who
holds each province and how loyal it is, the seasons of works and agitation, forced
mobilisation, devastated and rebel provinces, and the supply lines that decide which armies die
cut off. A :class:`MapState` is frozen; every move returns a new one or raises
:class:`RuleBroken` with one line naming the rule, so the ledger writes nothing for an illegal
move. The map itself is a :class:`converters.campaign_map.Board` (the D9 reading ships as data).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.campaign_map import Board
from converters.errors import FieldError
from converters.force_names import shown_army
from converters.house_rules import ForcedMarchBar
from converters.i18n import _
from converters.morale import cut_off_army_dies, forced_march, tactical_retreat
from converters.province_names import nearest_province, province_name
from converters.said import render

__all__ = [
    "DEVASTATION_TURNS",
    "LOYALTY_MAX",
    "MOBILISATIONS_PER_YEAR",
    "SEASON",
    "TURNS_PER_YEAR",
    "Army",
    "Happening",
    "MapState",
    "Pairing",
    "ProvinceState",
    "RuleBroken",
    "SpecialAction",
    "after_battle",
    "agitate",
    "arrival_turn",
    "battle_pairing",
    "break_off",
    "change_loyalty",
    "check_map",
    "end_turn",
    "forced_march_to",
    "invade",
    "mobilise",
    "redeploy",
    "retreat_places",
    "sea_landing",
    "start_map",
    "status",
    "supplied",
    "supply_limit",
    "supply_line",
    "tactical_retreat_to",
    "works",
]

SEASON = 3
"""D5, D11: a season is 3 turns."""
DEVASTATION_TURNS = 6
"""D12: a devastated province recovers for two seasons, then turns rebel."""
LOYALTY_MAX = 6
"""D7, D12: loyalty runs 0–6; 6 is a loyal province."""
MOBILISATIONS_PER_YEAR = 4
"""D11: at most four provinces mobilised in a year."""
MAX_ALLIED_ARMIES = 3
"""D10: at most three allied armies in a province."""
TURNS_PER_YEAR = 12
"""Seed 003, rule 5: no winter, 12 turns a year."""
LANDING_TURNS = 3
"""D10: a landing takes 3 turns with every key port held."""

Status = Literal["held", "loyal", "devastated", "rebel", "neutral"]
Special = Literal["works", "agitation"]


class RuleBroken(ValueError):
    """An illegal move: one line naming the rule (``D10: …``); nothing changes."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SpecialAction(_Frozen):
    """D11: a season-long action an army is busy with."""

    kind: Special
    started: int = Field(ge=1)
    """The turn it began; it takes effect when turn ``started + 3`` begins."""


class Army(_Frozen):
    """One army on the map (D1): where it stands and what it is busy with."""

    name: str
    side: str
    province: str | None
    """Where it stands; None while at sea (D10 landing)."""
    morale: int = Field(ge=0, le=6)
    moved: bool = False
    """It has made its one move (or begun its action) this turn (D10)."""
    came_from: str | None = None
    """Where it came from this turn (a beaten attacker falls back there, D2)."""
    from_sea: bool = False
    """D10: it landed this turn and has not moved since: it fights with the sea at its back."""
    special: SpecialAction | None = None
    landing_at: str | None = None
    """D10: where it lands."""
    lands_on: int | None = None
    """D10: the turn it lands (3 + 1 per key port the enemy held when it sailed)."""
    sailed_from: str | None = None
    """D10: where a landing sailed from, kept while it is at sea and on the turn it lands (a
    beaten lander goes back there if its side still holds it)."""
    raised: int | None = None
    """D11: the turn a forced mobilisation raised it (it lasts one season and cannot move)."""
    cut_off_since: int | None = None
    """D13: the turn it was found cut off; it dies when turn ``cut_off_since + 3`` begins."""

    @property
    def deadline(self) -> int | None:
        """The turn it dies on unless its line is restored (D5, D13)."""
        return None if self.cut_off_since is None else self.cut_off_since + SEASON


class ProvinceState(_Frozen):
    """One province: who holds it, each side's loyalty there, devastation and revolt (D12)."""

    name: str
    controller: str | None
    """The side holding it; None for neutral."""
    loyalty: dict[str, int]
    """Loyalty 0–6 to each side."""
    devastated_on: int | None = None
    """D12: the turn it was devastated; it turns rebel six turns later."""
    rebel: bool = False
    """D12: in revolt against its controller."""
    cannot_be_taken: bool = False
    """D9: Macedonia (no Persian may enter; never goes over to Persia)."""


class Happening(_Frozen):
    """Something the end of a turn (or a move) did, language-neutral for the ledger."""

    rule: str
    what: str
    """"landed", "works-done", "agitation-done", "disbanded", "devastation-over", "lost",
    "went-over", "cut-off", "supplied", "died", "taken", "battle", "fell-back", "retreated",
    "no-retreat", "overfull", "won-back"."""
    army: str | None = None
    province: str | None = None
    side: str | None = None


class MapState(_Frozen):
    """The whole positional state of a Macedon vs Persia campaign at one turn."""

    turn: int = Field(ge=1)
    sides: tuple[str, str]
    """The attacker (Macedon) first."""
    initiative: str
    """D6: the side moving first this turn."""
    second_moving: bool = False
    """D10: the side without the initiative has begun its moves (the first side is done)."""
    provinces: dict[str, ProvinceState]
    armies: dict[str, Army]
    mobilised: list[tuple[str, int]] = []
    """D11: (side, turn) of every forced mobilisation."""

    def enemy(self, side: str) -> str:
        """The other side."""
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def at(self, province: str, side: str | None = None) -> list[Army]:
        """The armies standing in ``province`` (of ``side`` only, when given)."""
        return [
            army
            for army in self.armies.values()
            if army.province == province and (side is None or army.side == side)
        ]


# ---- D7, D12: supply limit and status ---------------------------------------------------


def supply_limit(loyalty: int) -> int:
    """D7: armies a province feeds: loyalty 6 → 3, 4–5 → 2, 0–3 → 1."""
    if isinstance(loyalty, bool) or not 0 <= loyalty <= LOYALTY_MAX:
        raise FieldError("loyalty", _("a whole number 0–6 (got {loyalty!r})"), loyalty=loyalty)
    if loyalty == LOYALTY_MAX:
        return 3
    return 2 if loyalty >= 4 else 1


def status(state: MapState, province: str) -> Status:
    """D12: devastated (six turns), rebel, loyal (loyalty 6 to its controller), held, or
    neutral (nobody's, or devastated and empty)."""
    place = state.provinces[province]
    if place.devastated_on is not None:
        return "devastated"
    if place.controller is None:
        return "neutral"
    if place.rebel:
        return "rebel"
    return "loyal" if place.loyalty.get(place.controller, 0) == LOYALTY_MAX else "held"


def _effective_controller(state: MapState, province: str) -> str | None:
    # D12: a devastated province is neutral while no army stands in it.
    place = state.provinces[province]
    if place.devastated_on is not None and not state.at(province):
        return None
    return place.controller


# ---- the map and the start --------------------------------------------------------------


def check_map(
    board: Board, controllers: Mapping[str, str], sides: tuple[str, str], homeland: str
) -> None:
    """D9: a map fit for the campaign: three key ports, all held by the defender at the start;
    ``homeland`` (Macedonia) held by the attacker and bordering none of the defender's
    provinces. ValueError with one line naming the field."""
    attacker, defender = sides
    ports = [place.province for place in board.places if place.port]
    if len(ports) != 3:
        raise FieldError(
            "places", _("D9 wants three key maritime ports (found {count})"), count=len(ports)
        )
    for port in ports:
        if controllers.get(port) != defender:
            raise FieldError(
                "places",
                _("{port}: D9, {defender} holds every port at the start"),
                port=port,
                defender=defender,
            )
    if controllers.get(homeland) != attacker:
        raise FieldError(
            "places",
            _("D9, {homeland} is {attacker}'s at the start"),
            homeland=homeland,
            attacker=attacker,
        )
    for neighbour in board.road_neighbours(homeland):
        if controllers.get(neighbour) == defender:
            raise FieldError(
                "links",
                _("D9, {homeland} borders no province of {defender}"),
                homeland=homeland,
                defender=defender,
            )


def start_map(
    sides: tuple[str, str],
    controllers: Mapping[str, str],
    loyalties: Mapping[str, Mapping[str, int]],
    armies: Mapping[str, tuple[str, str, int]],
    homeland: str,
) -> MapState:
    """The state at turn 1: ``controllers`` province → side, ``loyalties`` province → side →
    loyalty (missing: 0), ``armies`` name → (side, province, morale). The attacker has the
    first initiative (D6)."""
    provinces = {
        name: ProvinceState(
            name=name,
            controller=controllers[name] if controllers[name] in sides else None,
            loyalty={side: loyalties.get(name, {}).get(side, 0) for side in sides},
            cannot_be_taken=name == homeland,
        )
        for name in controllers
    }
    placed = {
        name: Army(name=name, side=side, province=province, morale=morale)
        for name, (side, province, morale) in armies.items()
    }
    return MapState(turn=1, sides=sides, initiative=sides[0], provinces=provinces, armies=placed)


# ---- D10 moves --------------------------------------------------------------------------


def _said(side: str | None) -> str:
    """A side in a refusal as the reader names it ("Macedonia"): the sides are the scenario's
    nations, whose keys the catalogue says (issue 25)."""
    return _(side) if side else ""


def _army(state: MapState, name: str) -> Army:
    if name not in state.armies:
        raise RuleBroken(_("army: no such army on the map: {name!r}").format(name=name))
    return state.armies[name]


def _may_act(state: MapState, army: Army) -> None:
    if army.province is None:
        raise RuleBroken(
            _("D10: {army} is at sea until turn {turn}").format(
                army=shown_army(army.name), turn=army.lands_on
            )
        )
    if army.special is not None:
        raise RuleBroken(
            _("D11: {army} is busy with {kind} until turn {turn}; break it off first").format(
                army=shown_army(army.name),
                kind=army.special.kind,
                turn=army.special.started + SEASON,
            )
        )
    if army.raised is not None:
        raise RuleBroken(
            _("D11: {army} was raised by forced mobilisation and cannot move").format(
                army=shown_army(army.name)
            )
        )
    if army.moved:
        raise RuleBroken(
            _("D10: {army} has already moved this turn").format(army=shown_army(army.name))
        )
    if army.side == state.initiative and state.second_moving:
        raise RuleBroken(
            _("D10: {side} moved first and has finished; {other} is moving").format(
                side=_said(army.side), other=_said(state.enemy(army.side))
            )
        )


def _province(state: MapState, name: str, field: str = "to") -> ProvinceState:
    if name not in state.provinces:
        guess = nearest_province(name, state.provinces)
        if guess is not None:
            raise RuleBroken(
                _("{field}: not a province of the map: {name!r}; did you mean {guess}?").format(
                    field=field, name=name, guess=province_name(guess)
                )
            )
        raise RuleBroken(
            _("{field}: not a province of the map: {name!r}").format(field=field, name=name)
        )
    return state.provinces[name]


def _neighbour(board: Board, here: str, there: str) -> None:
    if there not in board.road_neighbours(here):
        raise RuleBroken(
            _("D10: {there} is not a neighbour of {here} (neighbours: {choices})").format(
                there=province_name(there),
                here=province_name(here),
                choices=", ".join(province_name(p) for p in board.road_neighbours(here)),
            )
        )


def _room(state: MapState, side: str, province: str, coming: int = 1) -> None:
    """D10, D7: at most 3 allied armies, and never more than the province feeds."""
    place = state.provinces[province]
    limit = min(MAX_ALLIED_ARMIES, supply_limit(place.loyalty.get(side, 0)))
    if place.devastated_on is not None:
        limit = min(limit, supply_limit(0))
    there = len(state.at(province, side))
    if there + coming > limit:
        raise RuleBroken(
            _("D7: {province} feeds {limit} of {side}'s armies ({there} there already)").format(
                province=province_name(province), limit=limit, side=_said(side), there=there
            )
        )


def _own_or_neutral(state: MapState, side: str, province: str) -> bool:
    return _effective_controller(state, province) in (side, None)


def _no_entry(state: MapState, side: str, province: str) -> None:
    place = state.provinces[province]
    if place.cannot_be_taken and place.controller != side:
        raise RuleBroken(
            _("D9: {province} cannot be entered by {side}").format(
                province=province_name(province), side=_said(side)
            )
        )


def _with(state: MapState, army: Army, **changes: object) -> MapState:
    armies = dict(state.armies)
    armies[army.name] = army.model_copy(update={"from_sea": False, **changes})
    second = state.second_moving or army.side != state.initiative
    return state.model_copy(update={"armies": armies, "second_moving": second})


def _one_step(state: MapState, board: Board, name: str, to: str) -> Army:
    """The army free to move one province on, to a neighbour its side may enter (D9, D10)."""
    army = _army(state, name)
    _may_act(state, army)
    _province(state, to)
    assert army.province is not None
    _neighbour(board, army.province, to)
    _no_entry(state, army.side, to)
    return army


def redeploy(state: MapState, board: Board, name: str, to: str) -> MapState:
    """D10: to an own or neutral neighbouring province, within the supply limit (D7)."""
    army = _one_step(state, board, name, to)
    if not _own_or_neutral(state, army.side, to):
        raise RuleBroken(
            _("D10: {to} is held by {enemy}: entering it is an invasion").format(
                to=province_name(to), enemy=_said(state.provinces[to].controller)
            )
        )
    _room(state, army.side, to)
    return _claim(_with(state, army, province=to, moved=True, came_from=army.province), army, to)


def _claim(state: MapState, army: Army, to: str) -> MapState:
    # A neutral province an army enters is its side's (D10: redeploy to a neutral neighbour).
    place = state.provinces[to]
    if place.controller is None and place.devastated_on is None:
        provinces = dict(state.provinces)
        provinces[to] = place.model_copy(update={"controller": army.side})
        return state.model_copy(update={"provinces": provinces})
    return state


def forced_march_to(
    state: MapState,
    board: Board,
    name: str,
    via: str,
    to: str,
    *,
    bar: ForcedMarchBar = "morale",
) -> MapState:
    """D5, D10: two provinces in one turn, −2 morale at once; never ending in an invasion,
    never by an army whose morale is 2 or less (house rule ``forced_march_bar``:
    ``province_loyalty``, whose side's loyalty where it stands is 2 or less)."""
    army = _army(state, name)
    _may_act(state, army)
    _province(state, via, "via")
    _province(state, to)
    assert army.province is not None
    _neighbour(board, army.province, via)
    _neighbour(board, via, to)
    for step in (via, to):
        _no_entry(state, army.side, step)
    ends_in_invasion = not (
        _own_or_neutral(state, army.side, via) and _own_or_neutral(state, army.side, to)
    )
    loyalty = state.provinces[army.province].loyalty.get(army.side, 0)
    verdict = forced_march(army.morale, loyalty, ends_in_invasion=ends_in_invasion, bar=bar)
    if not verdict.allowed:
        raise RuleBroken(render(verdict.told))
    _room(state, army.side, to)
    moved = _with(state, army, province=to, moved=True, came_from=via, morale=verdict.morale_after)
    return _claim(moved, army, to)


def arrival_turn(state: MapState, side: str, board: Board) -> int:
    """D10: a landing arrives after 3 turns, plus 1 per key port the enemy holds."""
    enemy = state.enemy(side)
    held = sum(
        1
        for place in board.places
        if place.port and state.provinces[place.province].controller == enemy
    )
    return state.turn + LANDING_TURNS + held


def sea_landing(state: MapState, board: Board, name: str, to: str) -> MapState:
    """D10: embark in a maritime province for a maritime one; the army is at sea until its
    arrival turn. Reading: the ports counted are those the enemy holds when it sails."""
    army = _army(state, name)
    _may_act(state, army)
    _province(state, to)
    assert army.province is not None
    if not board.place(army.province).maritime:
        raise RuleBroken(
            _("D10: {here} is not maritime: no embarking there").format(
                here=province_name(army.province or "")
            )
        )
    if not board.place(to).maritime or to == army.province:
        raise RuleBroken(_("D10: {to} is not a coast to land on").format(to=province_name(to)))
    _no_entry(state, army.side, to)
    lands = arrival_turn(state, army.side, board)
    return _with(
        state,
        army,
        province=None,
        moved=True,
        came_from=army.province,
        landing_at=to,
        lands_on=lands,
        sailed_from=army.province,
    )


def invade(state: MapState, board: Board, name: str, to: str) -> tuple[MapState, Happening]:
    """D10: into a neighbouring enemy province: empty of enemy armies, it passes at once
    ("taken"); otherwise the army stands there and a battle is due ("battle")."""
    army = _one_step(state, board, name, to)
    enemy = state.enemy(army.side)
    if _effective_controller(state, to) != enemy:
        raise RuleBroken(
            _("D10: {to} is not held by {enemy}: redeploy there instead").format(
                to=province_name(to), enemy=_said(enemy)
            )
        )
    _room(state, army.side, to)
    moved = _with(state, army, province=to, moved=True, came_from=army.province)
    if moved.at(to, enemy):
        return moved, Happening(rule="D10", what="battle", army=name, province=to, side=enemy)
    return _take(moved, to, army.side), Happening(
        rule="D10", what="taken", army=name, province=to, side=army.side
    )


def _take(state: MapState, province: str, side: str) -> MapState:
    provinces = dict(state.provinces)
    provinces[province] = provinces[province].model_copy(
        update={"controller": side, "rebel": False}
    )
    return state.model_copy(update={"provinces": provinces})


def tactical_retreat_to(state: MapState, board: Board, name: str, to: str) -> MapState:
    """D5, D10: an army facing invaders in its province withdraws to a neighbour that can
    take it (own or neutral, not rebel, within D7); an ordinary defeat for it (−1 morale, at
    0 it disbands) and no bonus for the invader, who takes the province once it is empty."""
    army = _army(state, name)
    here = army.province
    if here is None or not state.at(here, state.enemy(army.side)):
        raise RuleBroken(
            _("D10: {army} faces no invader: a tactical retreat is from a battle").format(
                army=shown_army(army.name)
            )
        )
    _province(state, to)
    _neighbour(board, here, to)
    if status(state, to) == "rebel" or not _own_or_neutral(state, army.side, to):
        raise RuleBroken(
            _("D12: {to} cannot take a retreating army (enemy or rebel)").format(
                to=province_name(to)
            )
        )
    if state.provinces[to].cannot_be_taken and state.provinces[to].controller != army.side:
        raise RuleBroken(_("D9: {to} cannot be entered").format(to=province_name(to)))
    _room(state, army.side, to)
    outcome = tactical_retreat(army.morale)
    armies = dict(state.armies)
    if outcome.destroyed:
        del armies[name]
    else:
        armies[name] = army.model_copy(
            update={
                "province": to,
                "moved": True,
                "came_from": here,
                "morale": outcome.morale_after,
                "special": None,
            }
        )
    after = state.model_copy(update={"armies": armies})
    if not after.at(here, army.side):
        after = _take(after, here, state.enemy(army.side))
    return after


# ---- D2 after a battle ------------------------------------------------------------------


def _takes_retreat(state: MapState, side: str, province: str, battle: str) -> bool:
    """D5, D12: a province a beaten (or withdrawing) army may enter: its side's or neutral
    (a devastated one counts as neutral while empty), not rebel, not Macedonia for Persia,
    not the battlefield and with no enemy army standing there."""
    place = state.provinces[province]
    return (
        province != battle
        and status(state, province) != "rebel"
        and _own_or_neutral(state, side, province)
        and not (place.cannot_be_taken and place.controller != side)
        and not state.at(province, state.enemy(side))
    )


def _feeds_one_more(state: MapState, side: str, province: str) -> bool:
    try:
        _room(state, side, province)
    except RuleBroken:
        return False
    return True


def retreat_places(state: MapState, board: Board, name: str) -> list[str]:
    """D2, D12: where a beaten army standing on a battlefield may retreat, best first.
    **Reading** (seed 003 names its retreat section but does not write it): a neighbour that
    can take the army (as for D5's tactical retreat); those it fits in by D7 first, a loyal
    one before others (D12: it takes retreating armies without penalty), then by the side's
    loyalty there, then the board's order; a province it does not fit in comes last, and a
    retreat into it is the "forced excess" that devastates it (D12)."""
    army = _army(state, name)
    here = army.province
    if here is None:
        return []
    allowed = [
        there
        for there in board.road_neighbours(here)
        if _takes_retreat(state, army.side, there, here)
    ]
    order = [place.province for place in board.places]

    def preference(there: str) -> tuple[bool, bool, int, int]:
        return (
            not _feeds_one_more(state, army.side, there),
            status(state, there) != "loyal",
            -state.provinces[there].loyalty.get(army.side, 0),
            order.index(there),
        )

    return sorted(allowed, key=preference)


def _retreat(
    state: MapState, army: Army, to: str | None, what: str
) -> tuple[MapState, list[Happening]]:
    """Move a beaten army to ``to`` (None: it has nowhere to go and ceases to exist)."""
    armies = dict(state.armies)
    here = army.province
    if to is None:
        del armies[army.name]
        gone = Happening(
            rule="D2", what="no-retreat", army=army.name, province=here, side=army.side
        )
        return state.model_copy(update={"armies": armies}), [gone]
    happened = [Happening(rule="D2", what=what, army=army.name, province=to, side=army.side)]
    overfull = not _feeds_one_more(state, army.side, to)
    armies[army.name] = army.model_copy(
        update={
            "province": to,
            "moved": True,
            "came_from": here,
            "from_sea": False,
            "special": None,
        }
    )
    after = _claim(state.model_copy(update={"armies": armies}), army, to)
    if overfull:
        provinces = dict(after.provinces)
        place = provinces[to]
        provinces[to] = place.model_copy(
            update={"devastated_on": state.turn, "loyalty": dict.fromkeys(place.loyalty, 0)}
        )
        after = after.model_copy(update={"provinces": provinces})
        happened.append(Happening(rule="D12", what="overfull", army=army.name, province=to))
    return after, happened


def _no_choice(retreat_to: str | None, back: str | None, army: Army) -> None:
    if retreat_to is not None and retreat_to != back:
        raise RuleBroken(
            _("D2: beaten, {army} falls back to {back}").format(
                army=shown_army(army.name),
                back=province_name(back) if back else _("nowhere: the sea is at its back"),
            )
        )


def after_battle(
    state: MapState,
    board: Board,
    province: str,
    winner: str,
    loser: str,
    retreat_to: str | None = None,
) -> tuple[MapState, list[Happening]]:
    """D2: the armies move as the battle in ``province`` decided. The attacker is the side
    that does not hold the province (as for D8's pairing). A winning attacker takes the
    province once no defender is left in it; a beaten attacker falls back to where it came
    from; a beaten defender loses the province and retreats (:func:`retreat_places`, the
    best). **Reading**: the way back is closed only by revolt (D12) or an enemy army now
    standing there; an attacker that landed this turn goes back to the province it sailed
    from if its side still holds it (D10), else, like a defender with nowhere to go, it
    ceases to exist; an
    attacker whose way back is closed (or unknown) retreats like a defender. ``loser`` may
    already be gone (D3): then only the province changes hands. Armies not standing in
    ``province`` are not moved (an empty list). ``retreat_to`` chooses among the retreat's
    places (RuleBroken for any other, or for an army that falls back or cannot retreat)."""
    win = state.armies.get(winner)
    lose = state.armies.get(loser)
    if win is None or win.province != province:
        return state, []
    if lose is not None and lose.province != province:
        return state, []
    holder = state.provinces[province].controller or state.sides[1]
    attacker = state.enemy(holder)
    happened: list[Happening] = []
    if lose is not None:
        back = lose.came_from
        if lose.side == attacker and lose.from_sea:
            # D10 (Reading): back to where it sailed from if its side still holds it.
            home = lose.sailed_from
            if home is None or state.provinces[home].controller != lose.side:
                home = None
            _no_choice(retreat_to, home, lose)
            state, happened = _retreat(state, lose, home, "fell-back")
        elif (
            lose.side == attacker
            and back is not None
            and back in state.provinces
            and status(state, back) != "rebel"
            and not state.at(back, holder)
        ):
            _no_choice(retreat_to, back, lose)
            state, happened = _retreat(state, lose, back, "fell-back")
        else:
            places = retreat_places(state, board, loser)
            if retreat_to is not None and retreat_to not in places:
                raise RuleBroken(
                    _("D2: {to} cannot take {army} (it may retreat to: {choices})").format(
                        to=province_name(retreat_to),
                        army=shown_army(loser),
                        choices=", ".join(province_name(p) for p in places) or "—",
                    )
                )
            to = retreat_to or (places[0] if places else None)
            state, happened = _retreat(state, lose, to, "retreated")
    if win.side == attacker and not state.at(province, holder):
        state = _take(state, province, attacker)
        happened.append(
            Happening(rule="D2", what="taken", army=winner, province=province, side=attacker)
        )
    elif win.side == holder and state.provinces[province].rebel:
        # D14 (Reading): defending a rebel province against the enemy's invasion wins it
        # back: loyalty 1 to its defender, and the revolt is over.
        provinces = dict(state.provinces)
        place = provinces[province]
        provinces[province] = place.model_copy(
            update={"rebel": False, "loyalty": {**place.loyalty, holder: 1}}
        )
        state = state.model_copy(update={"provinces": provinces})
        happened.append(
            Happening(rule="D14", what="won-back", army=winner, province=province, side=holder)
        )
    return state, happened


# ---- D11 special actions ----------------------------------------------------------------


def _begin(state: MapState, name: str, kind: Special) -> MapState:
    army = _army(state, name)
    _may_act(state, army)
    assert army.province is not None
    province_status = status(state, army.province)
    if province_status == "devastated":
        raise RuleBroken(
            _("D12: no special actions in devastated {province}").format(
                province=province_name(army.province or "")
            )
        )
    if kind == "agitation" and province_status == "rebel":
        raise RuleBroken(
            _("D12: no agitation in rebel {province}").format(
                province=province_name(army.province or "")
            )
        )
    return _with(state, army, moved=True, special=SpecialAction(kind=kind, started=state.turn))


def works(state: MapState, name: str) -> MapState:
    """D11: economic works: the army stays a season; +2 loyalty to its side there at the end."""
    return _begin(state, name, "works")


def agitate(state: MapState, name: str) -> MapState:
    """D11: agitation: the army stays a season; −2 to the enemy's loyalty there at the end."""
    return _begin(state, name, "agitation")


def break_off(state: MapState, name: str) -> MapState:
    """D11: works or agitation broken off: the effect is forfeit; the army is free again (it
    may move from next turn: breaking off is this turn's action)."""
    army = _army(state, name)
    if army.special is None:
        raise RuleBroken(
            _("D11: {army} has no special action to break off").format(army=shown_army(name))
        )
    armies = dict(state.armies)
    armies[name] = army.model_copy(update={"special": None, "moved": True})
    return state.model_copy(update={"armies": armies})


def mobilise(state: MapState, board: Board, side: str, province: str, name: str) -> MapState:
    """D11: forced mobilisation: a one-season army that cannot move, raised in a province the
    side controls next to one of its armies; once a turn, at most 4 a year; the province is
    devastated (loyalty 0 to all)."""
    place = _province(state, province, "province")
    if name in state.armies:
        raise RuleBroken(_("army: {name!r} is already on the map").format(name=name))
    if place.controller != side:
        raise RuleBroken(
            _("D11: {side} does not control {province}").format(
                side=_said(side), province=province_name(province)
            )
        )
    province_status = status(state, province)
    if province_status in ("devastated", "rebel"):
        raise RuleBroken(
            _("D12: no mobilisation in {status} {province}").format(
                status=_(province_status), province=province_name(province)
            )
        )
    if not any(state.at(next_door, side) for next_door in board.road_neighbours(province)):
        raise RuleBroken(
            _("D11: no army of {side} next to {province}").format(
                side=_said(side), province=province_name(province)
            )
        )
    if (side, state.turn) in state.mobilised:
        raise RuleBroken(_("D11: {side} has mobilised this turn already").format(side=_said(side)))
    year = (state.turn - 1) // TURNS_PER_YEAR
    this_year = [t for s, t in state.mobilised if s == side and (t - 1) // TURNS_PER_YEAR == year]
    if len(this_year) >= MOBILISATIONS_PER_YEAR:
        raise RuleBroken(
            _("D11: {side} has mobilised 4 provinces this year").format(side=_said(side))
        )
    provinces = dict(state.provinces)
    provinces[province] = place.model_copy(
        update={"devastated_on": state.turn, "loyalty": dict.fromkeys(place.loyalty, 0)}
    )
    armies = dict(state.armies)
    armies[name] = Army(
        name=name, side=side, province=province, morale=3, moved=True, raised=state.turn
    )
    return state.model_copy(
        update={
            "provinces": provinces,
            "armies": armies,
            "mobilised": [*state.mobilised, (side, state.turn)],
        }
    )


# ---- D14 loyalty ------------------------------------------------------------------------


def change_loyalty(
    state: MapState, province: str, side: str, by: int, *, roll: bool = False
) -> MapState:
    """D14: the referee's loyalty change (clamped 0–6). D12: a loyal province is never lost on
    a loyalty roll (``roll``); a controller's loyalty falling to 0 makes it rebel; rising above
    0 ends the revolt."""
    place = _province(state, province, "province")
    if side not in state.sides:
        raise RuleBroken(
            _("side: one of {sides} (got {side!r})").format(
                sides=", ".join(_said(each) for each in state.sides), side=side
            )
        )
    if place.devastated_on is not None:
        raise RuleBroken(
            _("D12: {province} is devastated: loyalty stays 0 until turn {turn}").format(
                province=province_name(province), turn=place.devastated_on + DEVASTATION_TURNS
            )
        )
    now = place.loyalty.get(side, 0)
    if roll and by < 0 and place.controller == side and now == LOYALTY_MAX:
        raise RuleBroken(
            _("D12: {province} is loyal: never lost on a loyalty roll").format(
                province=province_name(province)
            )
        )
    new = max(0, min(LOYALTY_MAX, now + by))
    rebel = place.rebel
    if place.controller == side:
        rebel = new == 0 if new == 0 else False
    provinces = dict(state.provinces)
    provinces[province] = place.model_copy(
        update={"loyalty": {**place.loyalty, side: new}, "rebel": rebel}
    )
    return state.model_copy(update={"provinces": provinces})


# ---- D13 supply -------------------------------------------------------------------------


def supplied(state: MapState, board: Board, name: str) -> bool:
    """D13: the army traces a line to a loyal province of its side: through provinces its
    side controls with loyalty 1–5, crossing at most one devastated province, or by sea
    between maritime provinces when its side holds every key port. An army in a rebel
    province is cut off (D12). Reading: the army's own province starts the line whoever
    holds it, and a line never passes a rebel or enemy province."""
    army = state.armies[name]
    return army.province is None or supply_line(state, board, name) is not None


def supply_line(state: MapState, board: Board, name: str) -> list[str] | None:
    """D13: the shortest supply line of :func:`supplied`, from the army's province to the
    loyal one that centres it (one province when it stands in a loyal one); None when it is
    cut off or at sea."""
    army = state.armies[name]
    if army.province is None:
        return None  # at sea: it traces its line when it lands
    side = army.side
    if status(state, army.province) == "rebel":
        return None
    by_sea = all(
        state.provinces[place.province].controller == side for place in board.places if place.port
    )
    maritime = [place.province for place in board.places if place.maritime]

    def loyal(province: str) -> bool:
        place = state.provinces[province]
        return place.controller == side and status(state, province) == "loyal"

    def passable(province: str) -> bool:
        place = state.provinces[province]
        return place.controller == side and 1 <= place.loyalty.get(side, 0) <= LOYALTY_MAX

    start = (army.province, 0)
    came: dict[tuple[str, int], tuple[str, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        step = queue.popleft()
        here, wasted = step
        if loyal(here):
            line: list[str] = []
            back: tuple[str, int] | None = step
            while back is not None:
                line.append(back[0])
                back = came[back]
            return line[::-1]
        steps: list[str] = list(board.road_neighbours(here))
        if by_sea and board.place(here).maritime:
            steps += maritime
        for there in steps:
            if status(state, there) == "devastated":
                nxt = (there, wasted + 1)
                if wasted >= 1:
                    continue
            elif passable(there):
                nxt = (there, wasted)
            else:
                continue
            if nxt not in came:
                came[nxt] = step
                queue.append(nxt)
    return None


# ---- D8 battle pairing ------------------------------------------------------------------


class Pairing(_Frozen):
    """D8: who fights whom in one province."""

    pairs: list[tuple[str, str]]
    """(attacker's army, defender's army) for each game to play now."""
    queue: list[str] = []
    """With unequal numbers: the larger side's next armies, in order; the winner of each game
    fights the next."""


def battle_pairing(
    attackers: Iterable[str], defenders: Iterable[str], chosen: Mapping[str, str] | None = None
) -> Pairing:
    """D8: equal numbers, the attacker picks each army's opponent (``chosen``), never the
    same enemy twice; otherwise the games are played one after the other."""
    attack, defend = list(attackers), list(defenders)
    if not attack or not defend:
        raise RuleBroken(_("D8: a battle needs armies of both sides"))
    if len(attack) == len(defend):
        if chosen is None:
            if len(attack) == 1:
                return Pairing(pairs=[(attack[0], defend[0])])
            raise RuleBroken(_("D8: equal numbers: the attacker picks each army's opponent"))
        if sorted(chosen) != sorted(attack):
            raise RuleBroken(_("D8: pick one opponent for each attacking army"))
        targets = list(chosen.values())
        if len(set(targets)) != len(targets) or sorted(targets) != sorted(defend):
            raise RuleBroken(_("D8: never the same enemy for two armies"))
        return Pairing(pairs=[(army, chosen[army]) for army in attack])
    if chosen:
        raise RuleBroken(_("D8: unequal numbers: the winner of each game fights the next"))
    if len(attack) > len(defend):
        return Pairing(pairs=[(attack[0], defend[0])], queue=attack[1:])
    return Pairing(pairs=[(attack[0], defend[0])], queue=defend[1:])


# ---- the end of the turn ----------------------------------------------------------------


def end_turn(
    state: MapState, board: Board, initiative: str | None = None
) -> tuple[MapState, list[Happening]]:
    """Close the turn and open the next: season-long actions end, mobilised armies disband,
    landings arrive, devastation runs out into revolt (D12), rebel provinces are lost or go
    over, every army's supply is traced (D13): a cut-off army is marked with its deadline and
    dies when the season ends without contact. ``initiative`` is next turn's (D6)."""
    turn = state.turn + 1
    happened: list[Happening] = []
    provinces = dict(state.provinces)
    armies: dict[str, Army] = {}
    for army in state.armies.values():
        army = army.model_copy(update={"moved": False, "came_from": None, "from_sea": False})
        if army.province is not None:
            army = army.model_copy(update={"sailed_from": None})
        if army.raised is not None and turn >= army.raised + SEASON:
            happened.append(_about(army, "D11", "disbanded"))
            continue
        if army.special is not None and turn >= army.special.started + SEASON:
            assert army.province is not None
            place = provinces[army.province]
            if army.special.kind == "works":
                target, delta, what = army.side, 2, "works-done"
            else:
                target, delta, what = state.enemy(army.side), -2, "agitation-done"
            loyalty = max(0, min(LOYALTY_MAX, place.loyalty.get(target, 0) + delta))
            rebel = place.rebel and not (target == place.controller and loyalty > 0)
            if target == place.controller and loyalty == 0:
                rebel = True
            provinces[army.province] = place.model_copy(
                update={"loyalty": {**place.loyalty, target: loyalty}, "rebel": rebel}
            )
            happened.append(
                Happening(
                    rule="D11", what=what, army=army.name, province=army.province, side=target
                )
            )
            army = army.model_copy(update={"special": None})
        if army.province is None and army.lands_on is not None and turn >= army.lands_on:
            to = army.landing_at
            assert to is not None
            army = army.model_copy(
                update={"province": to, "landing_at": None, "lands_on": None, "from_sea": True}
            )
            happened.append(
                Happening(rule="D10", what="landed", army=army.name, province=to, side=army.side)
            )
        armies[army.name] = army
    for name, place in provinces.items():
        if place.devastated_on is not None and turn >= place.devastated_on + DEVASTATION_TURNS:
            provinces[name] = place.model_copy(update={"devastated_on": None, "rebel": True})
            happened.append(
                Happening(rule="D12", what="devastation-over", province=name, side=place.controller)
            )
    after = state.model_copy(
        update={
            "turn": turn,
            "provinces": provinces,
            "armies": armies,
            "second_moving": False,
            "initiative": initiative or state.sides[0],
        }
    )
    after, more = _landings_and_revolts(after, board)
    happened += more
    after, more = _trace_supply(after, board)
    happened += more
    return after, happened


def _about(army: Army, rule: str, what: str) -> Happening:
    return Happening(rule=rule, what=what, army=army.name, province=army.province, side=army.side)


def _landings_and_revolts(state: MapState, board: Board) -> tuple[MapState, list[Happening]]:
    happened: list[Happening] = []
    provinces = dict(state.provinces)
    for army in state.armies.values():
        if army.province is None:
            continue
        place = provinces[army.province]
        enemy = state.enemy(army.side)
        if place.controller == enemy and not state.at(army.province, enemy):
            # D10: a landing (or any stand) on an empty enemy province takes it.
            provinces[army.province] = place.model_copy(
                update={"controller": army.side, "rebel": False}
            )
            happened.append(_about(army, "D10", "taken"))
    for name, place in provinces.items():
        if not place.rebel or place.controller is None:
            continue
        holder = place.controller
        if state.at(name, holder):
            continue
        enemy = state.enemy(holder)
        borders_enemy = any(provinces[n].controller == enemy for n in board.road_neighbours(name))
        if borders_enemy and place.loyalty.get(enemy, 0) > 0 and not place.cannot_be_taken:
            provinces[name] = place.model_copy(update={"controller": enemy, "rebel": False})
            happened.append(Happening(rule="D12", what="went-over", province=name, side=enemy))
        elif not place.cannot_be_taken:
            provinces[name] = place.model_copy(update={"controller": None, "rebel": False})
            happened.append(Happening(rule="D12", what="lost", province=name, side=holder))
    return state.model_copy(update={"provinces": provinces}), happened


def _trace_supply(state: MapState, board: Board) -> tuple[MapState, list[Happening]]:
    happened: list[Happening] = []
    armies: dict[str, Army] = {}
    for army in state.armies.values():
        if army.province is None or army.raised is not None:
            armies[army.name] = army
            continue
        if supplied(state, board, army.name):
            if army.cut_off_since is not None:
                happened.append(_about(army, "D13", "supplied"))
            armies[army.name] = army.model_copy(update={"cut_off_since": None})
            continue
        since = army.cut_off_since if army.cut_off_since is not None else state.turn
        if cut_off_army_dies(state.turn - since):
            happened.append(_about(army, "D13", "died"))
            continue
        if army.cut_off_since is None:
            happened.append(_about(army, "D13", "cut-off"))
        armies[army.name] = army.model_copy(update={"cut_off_since": since})
    return state.model_copy(update={"armies": armies}), happened
