"""War on the map: sieges, sacks, treaties, retreats and cities taken (T3.5, T4.2,
T4.3, T5.3, T5.4, T7.5, T7.6, T7.10), and the winter's events as they act on the map (T7.9).

:mod:`assistant.ledger.forces` knows where the forces stand and how they move; this module is
what happens when enemies meet there. The arithmetic is the converters' (sacking, retreat,
tribute); the checks against the campaign as it stands, and the changes, are here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from armylists.names import nation_name
from armylists.scenarios import WinterEventSpec
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import (
    ArmyRetreated,
    BattleRecorded,
    CityShutIn,
    ProvinceSacked,
    SiegeLifted,
    TreatyBroken,
    TreatyMade,
)
from assistant.ledger.family import Family
from assistant.ledger.forces import (
    alliances,
    board_of,
    default_name,
    deploy_at,
    deployed,
    on_map,
    standing_pm,
)
from assistant.ledger.models import Force, ForceKind, Treaty
from converters import said as sd
from converters.force_names import shown_name
from converters.i18n import N_, _
from converters.prestige import PrestigeEvent, prestige_award
from converters.retreat import Holding, RetreatOption, RetreatPlace, retreat_options
from converters.sacking import WILD_REGIONS, sack
from converters.tribute import at_war

if TYPE_CHECKING:
    from collections.abc import Iterable
    from fractions import Fraction

    from assistant.ledger.models import CampaignData, NationState

__all__ = [
    "ARMY_RETREATED",
    "CITY_SHUT_IN",
    "PROVINCE_SACKED",
    "SIEGE_LIFTED",
    "TREATY_BROKEN",
    "TREATY_MADE",
    "CityTaken",
    "Treaty",
    "alliances",
    "beyond_standing",
    "check_battle_on_map",
    "check_fielded",
    "crossing_start",
    "describe_battle_on_map",
    "evolve_battle_on_map",
    "retreats",
    "sack_event",
    "siege_costs",
    "standing_bound",
    "standing_refusal",
    "turn_end_collection",
]


def _error(message: str) -> Exception:
    from assistant.ledger.errors import LedgerError

    return LedgerError(message)


def _said(force: Force) -> str:
    """An army or fleet as a refusal names it: in the reader's language ("Roma I", T7.2)."""
    return shown_name(force.name, force.nation, force.kind)


def _province(state: CampaignData, name: str, field: str = "province") -> None:
    if name not in {p.name for p in state.scenario.provinces} or board_of(state.scenario) is None:
        raise _error(
            _("{field}: not a province of the map: {name!r}").format(field=field, name=name)
        )


def _besiegeable(state: CampaignData, name: str) -> bool:
    province = next(p for p in state.scenario.provinces if p.name == name)
    return province.kind == "city" or "siege" in province.special


def _standing(state: CampaignData, name: str) -> list[Force]:
    return [f for f in on_map(state) if f.kind == "army" and f.province == name]


# ---- sieges (T5.4, T7.6) -----------------------------------------------------------------


def _inside_and_out(state: CampaignData, province: str) -> tuple[str, list[Force], list[Force]]:
    """The city's holder, the armies inside (its own and its allies') and those outside."""
    holder = state.control.get(province, "")
    groups = alliances(state)
    standing = _standing(state, province)
    inside = [f for f in standing if not at_war(f.paid_by or f.nation, holder, groups)]
    outside = [f for f in standing if at_war(f.paid_by or f.nation, holder, groups)]
    return holder, inside, outside


def _check_shut_in(state: CampaignData, event: CityShutIn) -> None:
    """T7.6: the holder of a city attacked there shuts itself in; at most the city's PE value
    in PM may be inside."""
    _province(state, event.province)
    if not _besiegeable(state, event.province):
        raise _error(
            _(
                "province: {name} is no city: only cities (and Lilybaeum) stand a siege (T7.6)"
            ).format(name=event.province)
        )
    if event.province in state.besieged:
        raise _error(_("province: {name} is already besieged").format(name=event.province))
    _holder, inside, outside = _inside_and_out(state, event.province)
    if not outside:
        raise _error(
            _("province: no enemy army stands at {name}: nobody to shut out (T7.6)").format(
                name=event.province
            )
        )
    value = next(p.value for p in state.scenario.provinces if p.name == event.province)
    held = sum(f.pm for f in inside)
    if held > value:
        raise _error(
            _(
                "province: {name} holds at most {value} PM (its PE value, T7.6); {held} PM stand "
                "inside: split the army and march the rest out"
            ).format(name=event.province, value=value, held=held)
        )


class ShutIn(NamedTuple):
    """A city shut in (T7.6): its holder, the PM inside, the besiegers."""

    holder: str
    held: int
    besiegers: tuple[str, ...]


def _evolve_shut_in(state: CampaignData, event: CityShutIn, _event_id: int) -> ShutIn:
    holder, inside, outside = _inside_and_out(state, event.province)
    state.besieged.append(event.province)
    return ShutIn(holder, sum(f.pm for f in inside), tuple(f.name for f in outside))


def _describe_shut_in(event: CityShutIn, shut: ShutIn) -> sd.Said:
    return sd.said(
        N_("{province} shut in by {holder} ({held} PM inside) against {besiegers}"),
        province=sd.province(event.province),
        holder=sd.nation(shut.holder),
        held=shut.held,
        besiegers=sd.listing(sd.force(n) for n in shut.besiegers),
    )


CITY_SHUT_IN = Family(_check_shut_in, _evolve_shut_in, _describe_shut_in)


def _check_lift(state: CampaignData, event: SiegeLifted) -> None:
    """T7.6: the siege of a city ends without the city falling."""
    _province(state, event.province)
    if event.province not in state.besieged:
        raise _error(_("province: {name} is not besieged").format(name=event.province))


def _evolve_lift(state: CampaignData, event: SiegeLifted, _event_id: int) -> None:
    state.besieged.remove(event.province)


def _describe_lift(event: SiegeLifted, _happened: None) -> sd.Said:
    return sd.said(N_("the siege of {province} is lifted"), province=sd.province(event.province))


SIEGE_LIFTED = Family(_check_lift, _evolve_lift, _describe_lift)


def siege_costs(state: CampaignData) -> dict[str, int]:
    """T5.4: each side pays 1 PE per PM it has at a besieged city, each turn; mercenaries are
    paid by their employer (T5.5, house rule ``mercenary_upkeep``: ``own``, by their nation)."""
    costs: dict[str, int] = {}
    employer = state.rules.mercenary_upkeep == "employer"  # T5.5 house rule
    for city in state.besieged:
        for force in _standing(state, city):
            payer = (force.paid_by if employer else None) or force.nation
            if state.nations[payer].player:
                costs[payer] = costs.get(payer, 0) + force.pm
    return costs


def turn_end_collection(state: CampaignData) -> tuple[dict[str, int], dict[str, int]] | None:
    """T5.3, T5.4, T7.8: what ending this turn collects and pays on the map — the tribute each
    nation collects and the siege costs each pays (both nothing on a winter turn); None in a
    campaign without a map, where the referee types the tribute."""
    if state.scenario.economy is None or not state.forces:
        return None
    if state.is_winter:
        return {}, {}
    from assistant.ledger.forces import tribute_collected_now

    return tribute_collected_now(state), siege_costs(state)


def lifted_by_themselves(state: CampaignData) -> list[sd.Said]:
    """T7.6: a siege with no enemy left outside is over (the besiegers fell back or were
    beaten); returns a line per siege ended."""
    lines = []
    groups = alliances(state)
    for city in list(state.besieged):
        holder = state.control.get(city, "")
        if not any(at_war(f.paid_by or f.nation, holder, groups) for f in _standing(state, city)):
            state.besieged.remove(city)
            lines.append(sd.said(N_("the siege of {province} is over"), province=sd.province(city)))
    return lines


# ---- sacking (T5.3, T4.2) ----------------------------------------------------------------


def _check_sack(state: CampaignData, province: str, nation: str) -> NationState:
    """T5.3: the sacker's army stands there, and the province was not sacked this year."""
    _province(state, province)
    sacker = state.nation(nation)
    if not any(f.nation == sacker.name for f in _standing(state, province)):
        raise _error(
            _("nation: no army of {nation} stands at {province} to sack it (T5.3)").format(
                nation=nation_name(sacker.name), province=province
            )
        )
    if province in state.sacked:
        raise _error(
            _("province: {name} was already sacked this year (T5.3)").format(name=province)
        )
    return sacker


def _at_declared_war(state: CampaignData, sacker: str, victim: str) -> bool:
    """T4.2, T7.10: the sacking penalties for a nation "not formally at war" apply unless the
    sacker is at war with the victim (allied or *neither* alike)."""
    from assistant.ledger.relations import at_war as formally_at_war

    return formally_at_war(state, sacker, victim)


def sack_event(state: CampaignData, province: str, nation: str, **fields: object) -> ProvinceSacked:
    """The sack of ``province`` by ``nation``'s army standing there, with its PE and prestige
    computed now (T5.3, T4.2) and written into the event."""
    sacker = _check_sack(state, province, nation)
    facts = next(p for p in state.scenario.provinces if p.name == province)
    victim = state.control.get(province, facts.homeland)
    try:
        result = sack(
            sacker=sacker.name,
            victim=victim,
            value=facts.value,
            city=facts.kind == "city",
            region=facts.region,
            started_as=facts.homeland,
            at_war_with_victim=_at_declared_war(state, nation, victim),
            earlier_sacks=state.sacks.get(nation, 0),
        )
    except ValueError as error:
        raise _error(str(error)) from None
    return ProvinceSacked(
        province=province,
        nation=nation,
        pe=result.pe,
        prestige=result.prestige,
        prestige_reason=result.said.english(),
        prestige_said=result.said if result.told else None,
        **fields,
    )


def _check_sacked(state: CampaignData, event: ProvinceSacked) -> None:
    """T5.3: the sacker's army stands there and the province was not sacked this year; every
    nation whose prestige moves is one of the campaign's."""
    _check_sack(state, event.province, event.nation)
    for name in event.prestige:
        state.nation(name, "prestige")


def _evolve_sacked(state: CampaignData, event: ProvinceSacked, _event_id: int) -> None:
    """T5.3: the sacker takes the PE at once; the province pays nothing until spring and its
    loyalty toward the sacker is −10 for ever; the prestige of T4.2."""
    nation = state.nations[event.nation]
    nation.treasury += event.pe
    for name, pp in event.prestige.items():
        state.nations[name].prestige += pp
    state.sacked.append(event.province)
    facts = next(p for p in state.scenario.provinces if p.name == event.province)
    victim = state.control.get(event.province, facts.homeland)
    if facts.region not in WILD_REGIONS and not _at_declared_war(state, nation.name, victim):
        # T4.2, T7.10: Carthage's tolerated sack is its first sack of a nation it is
        # neither allied nor at war with; only such sacks are counted.
        state.sacks[nation.name] = state.sacks.get(nation.name, 0) + 1
    hostile = state.sacked_by.setdefault(event.province, [])
    if nation.name not in hostile:
        hostile.append(nation.name)


def _describe_sacked(event: ProvinceSacked, _happened: None) -> sd.Said:
    sacked = sd.said(
        N_("{nation} sacked {province}: +{pe} PE, its loyalty toward {sacker} −10 (T5.3)"),
        nation=sd.nation(event.nation),
        province=sd.province(event.province),
        pe=event.pe,
        sacker=sd.nation(event.nation),
    )
    if event.prestige:
        return sd.clauses(sacked, prestige_changes(event.prestige))
    return sacked


def prestige_changes(changes: dict[str, int]) -> sd.Said:
    """ "prestige Rome +1, Carthage −1": a battle's or a sack's prestige (T4.1, T5.3)."""
    return sd.said(
        N_("prestige {changes}"),
        changes=sd.listing(
            sd.said("{nation} {pp}", nation=sd.nation(n), pp=sd.Signed(value=pp, minus="−"))
            for n, pp in changes.items()
        ),
    )


PROVINCE_SACKED = Family(_check_sacked, _evolve_sacked, _describe_sacked)


def signed(value: int) -> str:
    """``+2``, ``0``, ``−1``: a change with the minus sign the summaries use everywhere (issue
    27: "−2 PM" beside "Pyrrhus -1")."""
    return f"{value:+d}".replace("-", "−")


SACKED_BEFORE = N_("{nation} sacked {province}: +{pe} PE, loyalty toward it −10 (T5.3)")
"""How a sack was summed up until issue 27 ("toward it": toward whom?): kept in the catalogue so
the sacks recorded then still read in Italian."""


# ---- treaties (T7.10, T4.2) --------------------------------------------------------------


def _parties(state: CampaignData, event: TreatyMade) -> list[str]:
    return [state.nation(name, "parties").name for name in event.parties]


def _check_treaty_made(state: CampaignData, event: TreatyMade) -> None:
    """T7.10: a public treaty; an imposed peace gives its PP to the one who imposes it."""
    parties = _parties(state, event)
    if len(set(parties)) != len(parties):
        raise _error(_("parties: each nation signs once"))
    if event.imposed_by is not None and event.imposed_by not in parties:
        raise _error(
            _("imposed_by: one of the parties ({names})").format(
                names=", ".join(map(nation_name, parties))
            )
        )
    if event.pp and event.imposed_by is None:
        raise _error(_("pp: only an imposed peace moves prestige (T4.2)"))


def _evolve_treaty_made(state: CampaignData, event: TreatyMade, _event_id: int) -> int:
    parties = _parties(state, event)
    number = len(state.treaties) + 1
    state.treaties.append(
        Treaty(number=number, parties=parties, terms=event.terms, alliance=event.alliance)
    )
    if event.imposed_by is not None:
        for name in parties:
            state.nations[name].prestige += event.pp if name == event.imposed_by else -event.pp
    # T7.10: a treaty, alliance or peace, ends the wars between its parties.
    from assistant.ledger.relations import end_wars

    end_wars(state, parties)
    return number


def _describe_treaty_made(event: TreatyMade, number: int) -> sd.Said:
    kind = sd.said(N_("alliance") if event.alliance else N_("treaty"))
    made = sd.said(
        N_("treaty {number} ({kind}): {parties} — {terms}"),
        number=number,
        kind=kind,
        parties=sd.listing(sd.nation(n) for n in event.parties),
        terms=sd.typed(event.terms),
    )
    if event.imposed_by is not None and event.pp:
        imposed = sd.said(
            N_("imposed by {nation}: ±{pp} PP (T4.2)"),
            nation=sd.nation(event.imposed_by),
            pp=event.pp,
        )
        return sd.clauses(made, imposed)
    return made


TREATY_MADE = Family(_check_treaty_made, _evolve_treaty_made, _describe_treaty_made)


def _check_treaty_broken(state: CampaignData, event: TreatyBroken) -> None:
    """T4.2, T7.10: breaking a public treaty costs 5 PP; an alliance ends with it."""
    if not 1 <= event.treaty <= len(state.treaties):
        raise _error(
            _("treaty: the treaties recorded are 1 to {n} (got {got})").format(
                n=len(state.treaties), got=event.treaty
            )
        )
    treaty = state.treaties[event.treaty - 1]
    if treaty.broken_by is not None:
        raise _error(
            _("treaty: {n} was already broken by {nation}").format(
                n=treaty.number, nation=nation_name(treaty.broken_by)
            )
        )
    if event.nation not in treaty.parties:
        raise _error(
            _("nation: only a party breaks a treaty ({names})").format(
                names=", ".join(map(nation_name, treaty.parties))
            )
        )


class Broken(NamedTuple):
    """A treaty broken (T4.2): its number and the PP it cost."""

    number: int
    cost: int


def _evolve_treaty_broken(state: CampaignData, event: TreatyBroken, _event_id: int) -> Broken:
    treaty = state.treaties[event.treaty - 1]
    cost = prestige_award(PrestigeEvent.TREATY_BROKEN, event.nation).actor
    treaty.broken_by = event.nation
    state.nations[event.nation].prestige += cost
    return Broken(treaty.number, cost)


def _describe_treaty_broken(event: TreatyBroken, broken: Broken) -> sd.Said:
    return sd.said(
        N_("{nation} broke treaty {number}: {cost} PP (T4.2)"),
        nation=sd.nation(event.nation),
        number=broken.number,
        cost=broken.cost,
    )


TREATY_BROKEN = Family(_check_treaty_broken, _evolve_treaty_broken, _describe_treaty_broken)


# ---- battles, retreats and cities taken (T4.3, T7.4, T7.5) -------------------------------


class CityTaken(NamedTuple):
    """A city taken by assault (T7.5): who took it from whom, the PP each got, and the PM
    left inside taken prisoner."""

    place: str
    taker: str
    loser: str
    taker_pp: int
    loser_pp: int
    captured: int


def check_battle_on_map(state: CampaignData, event: BattleRecorded) -> None:
    """T7.5: only side a winning a city assault on the map takes the city."""
    board = board_of(state.scenario)
    if board is None:
        if event.city_taken:
            raise _error(_("city_taken: this campaign has no map"))
        return
    if not event.city_taken:
        return
    if event.place not in board.provinces or not _besiegeable(state, event.place):
        raise _error(_("city_taken: {place} is no city (T7.5)").format(place=event.place))
    if not event.city_assault or event.winner != "a":
        raise _error(_("city_taken: only side a winning a city assault takes the city (T7.5)"))


def evolve_battle_on_map(state: CampaignData, event: BattleRecorded) -> CityTaken | None:
    """T7.5: a city taken by assault passes to the taker (side a's largest contingent, then
    the one with more PP, T5.5) with ±3 PP (T4.2), in the battle's own event. (T7.4: the
    battle's losses come off the armies standing at its province, by :func:`sync`.)"""
    if board_of(state.scenario) is None or not event.city_taken:
        return None
    side_a = [c for c in event.contingents if c.side == "a"]
    taker = max(side_a, key=lambda c: (c.pm, state.nations[c.nation].prestige)).nation
    loser = state.control.get(event.place, "")
    award = prestige_award(PrestigeEvent.CITY_TAKEN, taker, senones_city=state.rules.senones_city)
    state.control[event.place] = taker
    if event.place in state.besieged:
        state.besieged.remove(event.place)
    state.nations[taker].prestige += award.actor
    if loser in state.nations and state.nations[loser].player:
        state.nations[loser].prestige += award.other
    captured = _garrison_taken(state, event, taker)
    return CityTaken(event.place, taker, loser, award.actor, award.other, captured)


def describe_battle_on_map(taken: CityTaken | None) -> list[sd.Said]:
    """The city taken, after the battle's own summary (nothing when none was)."""
    if taken is None:
        return []
    told = [
        sd.said(
            N_("{place} taken by {taker}: {taker} {taker_pp}, {loser} {loser_pp} PP (T4.2, T7.5)"),
            place=sd.province(taken.place),
            taker=sd.nation(taken.taker),
            taker_pp=sd.Signed(value=taken.taker_pp),
            loser=sd.nation(taken.loser),
            loser_pp=sd.Signed(value=taken.loser_pp),
        )
    ]
    if taken.captured:
        told.append(
            sd.said(
                N_("{pm} PM left in {place} taken prisoner by {taker} (T7.5)"),
                pm=taken.captured,
                place=sd.province(taken.place),
                taker=sd.nation(taken.taker),
            )
        )
    return told


def _garrison_taken(state: CampaignData, event: BattleRecorded, taker: str) -> int:
    """T7.5: every defending PM left in a city taken by assault becomes the taker's prisoner,
    with nothing typed: the armies there not of the taker's side, less the PM the battle
    already took from them (lost or typed as prisoners, which :func:`sync` takes off).
    Returns the PM taken."""
    from assistant.ledger.relations import allied

    accounted: dict[str, int] = {}
    for c in event.contingents:
        if c.side == "b":
            accounted[c.nation] = accounted.get(c.nation, 0) + c.pm_lost + c.prisoners
    taken = 0
    for force in _standing(state, event.place):
        if allied(state, force.paid_by or force.nation, taker):
            continue
        already = min(force.pm, accounted.get(force.nation, 0))
        accounted[force.nation] = accounted.get(force.nation, 0) - already
        survivors = force.pm - already
        if survivors:
            force.pm -= survivors
            state.nations[force.nation].land_pm -= survivors
            taken += survivors
            if force.pm == 0:
                del state.forces[force.name]
    state.nations[taker].prisoners_held += taken
    return taken


def standing_bound(state: CampaignData, place: str, kind: ForceKind) -> dict[str, int] | None:
    """T7.4: the PM of ``kind`` each nation has standing at ``place``, which bound what it may
    field in a battle there; None when the map does not bound it (no map, a DBA campaign's
    whole armies, or ``place`` no province of the board)."""
    board = board_of(state.scenario)
    if board is None or state.scenario.armies or place not in board.provinces:
        return None
    return standing_pm(state, place, kind)


def standing_refusal(
    field: str, *, nation: str, has: int, fielded: int, place: str, kind: ForceKind, side: str
) -> LedgerFieldError:
    """The one line refusing ``fielded`` PM of ``nation`` where it has ``has`` standing (T7.4),
    worded alike by the ledger and by the forms that check as the player types."""

    return LedgerFieldError(
        field,
        _("{nation} has {has} {unit} standing at {place} (fielded {fielded}, T7.4)"),
        nation=nation,
        has=has,
        unit=_("land PM") if kind == "army" else _("naval PM"),
        place=place,
        fielded=fielded,
        side=side,
    )


def beyond_standing(
    state: CampaignData,
    place: str,
    fielded: Iterable[tuple[str, str, Fraction | int]],
    kind: ForceKind,
) -> LedgerFieldError | None:
    """T7.4, T1.5, T2.4: the refusal for a battle at ``place`` whose contingents ``fielded``
    (side, nation, PM) field more of a nation's PM of ``kind`` (armies: land PM; fleets: naval
    PM) than it has standing there, each nation's contingents added up (an allied contingent
    counts against its own nation, mercenaries against the nation they are listed as); None
    when they fit or the map does not bound the battle (:func:`standing_bound`)."""
    from converters.budgets import beyond_in_play

    standing = standing_bound(state, place, kind)
    if standing is None:
        return None
    rows = list(fielded)
    side_of: dict[str, str] = {}
    for side, nation, _pm in rows:
        side_of.setdefault(nation, side)
    beyond = beyond_in_play(((nation, pm) for _side, nation, pm in rows), standing)
    for nation, (count, has) in beyond.items():
        return standing_refusal(
            "contingents.pm" if kind == "army" else "contingents.naval_pm",
            nation=nation,
            has=has,
            fielded=count,
            place=place,
            kind=kind,
            side=side_of[nation],
        )
    return None


def check_fielded(state: CampaignData, event: BattleRecorded) -> None:
    """T7.4: a battle on the map belongs to a province of the board, and no nation fields
    more land PM (armies) or naval PM (fleets) than it has standing there now.

    Reading: a battle recorded for an earlier turn of the year is checked for its place only,
    since the forces have moved since (the PM in play still bound it, T1.5)."""
    board = board_of(state.scenario)
    if board is None or state.scenario.armies:
        return

    if event.place not in board.provinces:
        off_the_map = LedgerFieldError(
            "place",
            _(
                "{place} is no province of the map: a battle belongs to the province where "
                "the forces meet (T7.4)"
            ),
            place=event.place,
        )
        raise off_the_map
    if (event.turn or state.turn) != state.turn:
        return
    kinds: tuple[ForceKind, ...] = ("army", "fleet")
    for kind in kinds:
        refusal = beyond_standing(
            state,
            event.place,
            ((c.side, c.nation, c.pm if kind == "army" else c.naval_pm) for c in event.contingents),
            kind,
        )
        if refusal is not None:
            raise refusal


def _holding(state: CampaignData, army: Force, name: str, groups: list[list[str]]) -> Holding:
    """T4.3: what ``name`` is to the retreating ``army``: own since the start, own, neutral
    (nobody's nation, or an ally's), enemy."""
    holder = state.control.get(name, "")
    homeland = next(p.homeland for p in state.scenario.provinces if p.name == name)
    if holder == army.nation:
        return (
            "own since the start"
            if homeland == army.nation and name not in state.ever_lost
            else "own"
        )
    if holder not in state.scenario.nations or not at_war(holder, army.nation, groups):
        return "neutral"
    return "enemy"


def crossing_start(state: CampaignData, army: Force) -> str | None:
    """T4.3, T7.4: the province ``army`` started from, if it was "met while crossing" this
    turn (it swapped provinces with an enemy along one road); None otherwise."""
    if army.moved != state.turn:
        return None
    for meeting in state.meetings:
        found = meeting.meeting
        if found.crossing and army.name in found.forces and found.province == army.province:
            return army.came_from or army.province
    return None


def retreats(state: CampaignData, army_name: str, pm: int | None = None) -> list[RetreatOption]:
    """T4.3: where the army may retreat, best first (empty: it must surrender); ``pm``: with
    that many PM left (a withdrawal after its pursuit roll, T3.0), else those it has. T7.5: an
    army that landed this turn goes back aboard the fleet that landed it, if that fleet is
    there with room, and sails with it to where the fleet sailed from; else it surrenders.
    An army "met while crossing" (T7.4) retreats as a defender of the province it started
    from: to a neighbour of it by road, or back to it (see
    :func:`crossing_start`)."""
    board = board_of(state.scenario)
    army = state.forces.get(army_name)
    if board is None or army is None or army.kind != "army":
        raise _error(_("army: no army called {name!r}").format(name=army_name))
    groups = alliances(state)
    if army.moved == state.turn and army.landed_from is not None:
        return _back_aboard(state, army, groups)
    crossed = crossing_start(state, army)
    start = crossed or army.province
    around = list(board.road_neighbours(start))
    if start != army.province:
        around = [start, *(p for p in around if p != army.province)]
    places = []
    for name in around:
        enemy_pm = sum(
            f.pm
            for f in _standing(state, name)
            if at_war(f.paid_by or f.nation, army.paid_by or army.nation, groups)
        )
        places.append(
            RetreatPlace(
                province=name,
                holding=_holding(state, army, name, groups),
                enemy_pm=enemy_pm,
                holder=state.control.get(name, ""),
            )
        )
    came_from = army.came_from if army.moved == state.turn and crossed is None else None
    return retreat_options(army.pm if pm is None else pm, places, came_from=came_from)


def _back_aboard(state: CampaignData, army: Force, groups: list[list[str]]) -> list[RetreatOption]:
    """T7.5 (T4.3 "an attacker to where it came from", T3.7): the fleet that landed ``army``
    takes it back aboard and sails home, if it is there with room for it."""
    fleet = state.forces.get(army.landed_from or "")
    if fleet is None or fleet.kind != "fleet" or fleet.province != army.province:
        return []
    aboard = sum(f.pm for f in state.forces.values() if f.aboard == fleet.name)
    if fleet.pm < aboard + army.pm:
        return []
    home = fleet.came_from if fleet.moved == state.turn and fleet.came_from else fleet.province
    return [
        RetreatOption(
            province=home,
            holding=_holding(state, army, home, groups),
            enemy_pm=0,
            second_battle=False,
            holder=state.control.get(home, ""),
            aboard=fleet.name,
        )
    ]


def _captor(state: CampaignData, army: Force) -> str | None:
    """T4.3: who takes a surrendering army prisoner: the largest enemy force there."""
    groups = alliances(state)
    captors = [
        f
        for f in _standing(state, army.province)
        if at_war(f.paid_by or f.nation, army.paid_by or army.nation, groups)
    ]
    return max(captors, key=lambda f: f.pm).nation if captors else None


def _check_retreated(state: CampaignData, event: ArmyRetreated) -> None:
    """T4.3, T7.5: the loser goes to an allowed province, or surrenders when none is open."""
    army = state.forces.get(event.army)
    if army is None or army.kind != "army":
        raise _error(_("army: no army called {name!r}").format(name=event.army))
    allowed = [o.province for o in retreats(state, army.name)]
    if event.to is None:
        if allowed:
            raise _error(
                _(
                    "to: {army} may still retreat to {places}: it surrenders only when none is "
                    "open (T4.3)"
                ).format(army=_said(army), places=", ".join(allowed))
            )
        return
    if event.to not in allowed:
        raise _error(
            _("to: {army} may retreat to {places} (T4.3), not {to}").format(
                army=_said(army),
                places=", ".join(allowed) or _("nowhere: it surrenders"),
                to=event.to,
            )
        )


class Retreated(NamedTuple):
    """A retreat (T4.3, T7.5): the army's PM, whence, and the captor (a surrender), the fleet
    it went back aboard, or whether a second battle may follow."""

    pm: int
    start: str
    captor: str | None = None
    fleet: str | None = None
    second_battle: bool = False


def _evolve_retreated(state: CampaignData, event: ArmyRetreated, _event_id: int) -> Retreated:
    army = state.forces[event.army]
    start = army.province
    if event.to is None:
        captor = _captor(state, army)
        state.nations[army.nation].land_pm -= army.pm
        if captor is not None:
            state.nations[captor].prisoners_held += army.pm
        del state.forces[army.name]
        return Retreated(army.pm, start, captor=captor)
    options = retreats(state, army.name)
    option = options[[o.province for o in options].index(event.to)]
    if option.aboard is not None:
        fleet = state.forces[option.aboard]
        army.province = fleet.province = event.to
        army.aboard = army.landed_from = None
        return Retreated(army.pm, start, fleet=fleet.name)
    army.province = event.to
    army.aboard = None
    return Retreated(army.pm, start, second_battle=option.second_battle)


def _describe_retreated(event: ArmyRetreated, retreated: Retreated) -> sd.Said:
    army = sd.force(event.army, kind="army")
    if event.to is None:
        if retreated.captor:
            return sd.said(
                N_("{army} ({pm} PM) surrendered at {province} to {captor}: prisoners (T4.3)"),
                army=army,
                pm=retreated.pm,
                province=sd.province(retreated.start),
                captor=sd.nation(retreated.captor),
            )
        return sd.said(
            N_("{army} ({pm} PM) surrendered at {province} (T4.3)"),
            army=army,
            pm=retreated.pm,
            province=sd.province(retreated.start),
        )
    if retreated.fleet is not None:
        return sd.said(
            N_("{army} went back aboard {fleet} at {start} and sailed to {to} (T7.5)"),
            army=army,
            fleet=sd.force(retreated.fleet, kind="fleet"),
            start=sd.province(retreated.start),
            to=sd.province(event.to),
        )
    moved = sd.said(
        N_("{army} retreated from {start} to {to}"),
        army=army,
        start=sd.province(retreated.start),
        to=sd.province(event.to),
    )
    if retreated.second_battle:
        return sd.clauses(moved, sd.said(N_("a second battle may follow (T4.3)")))
    return moved


ARMY_RETREATED = Family(_check_retreated, _evolve_retreated, _describe_retreated)


# ---- the Senones' special provinces (T7.9) -----------------------------------------------

_SENONES_AT = re.compile(r"becomes Gallic when the (?P<nation>\w+) reach (?P<pp>\d+) PP")


def senones_provinces(state: CampaignData) -> list[sd.Said]:
    """T7.9: the provinces that pass to the Senones when their PP reach the threshold in the
    provinces table's ``special`` column (once passed, they stay passed)."""
    lines = []
    for province in state.scenario.provinces:
        found = _SENONES_AT.search(province.special)
        if found is None or province.name in state.gallic:
            continue
        nation = state.nations.get(found["nation"])
        if nation is not None and nation.prestige >= int(found["pp"]):
            state.gallic.append(province.name)
            state.control[province.name] = nation.name
            lines.append(
                sd.said(
                    N_("{province} becomes Gallic ({nation} at {pp} PP, T7.9)"),
                    province=sd.province(province.name),
                    nation=sd.nation(nation.name),
                    pp=nation.prestige,
                )
            )
    return lines


def deploy_event_troops(state: CampaignData, nation: str, pm: int, province: str) -> sd.Said:
    """T7.9: troops an event brings appear in the province it names (Ptolemy's at Tarentum)."""
    return deploy_at(state, nation, "army", pm, province)


# ---- the winter's events on the map (T7.9) -----------------------------------------------

CISALPINE = "Gallia Cisalpina"
"""T5.6, 6: the region whose provinces the Senones may annex."""


def check_winter_map(state: CampaignData, key: str, annex: str | None) -> None:
    """T7.9: the annexation names a Cisalpine province not yet the Senones'; nothing else
    takes ``annex``."""
    if key != "senones_annex":
        if annex is not None:
            raise _error(_("annex: only when the die brings the Senones' annexation (T5.6, 6)"))
        return
    choices = [
        p.name
        for p in state.scenario.provinces
        if p.region == CISALPINE and state.control.get(p.name) != "Senones"
    ]
    if annex not in choices:
        raise _error(
            _(
                "annex: the Senones annex one Cisalpine province of their choice: {choices} (T7.9)"
            ).format(choices=", ".join(choices) or _("none left"))
        )


def winter_on_map(
    state: CampaignData, effective: WinterEventSpec, happened: int, annex: str | None
) -> list[sd.Said]:
    """T7.9: the winter event ``effective`` acts on the map (the storm is the caller's: its
    loser is chosen after upkeep)."""
    lines: list[sd.Said] = []
    target = state.nations.get(effective.nation or "")
    where = (
        effective.provinces[min(happened, len(effective.provinces) - 1)]
        if effective.provinces
        else ""
    )
    if effective.key == "barbarians" and target is not None:
        if happened == 0:
            target.away = True
            lines.append(
                sd.said(
                    N_("{nation} leaves the map with his forces (T7.9)"),
                    nation=sd.nation(target.name),
                )
            )
        else:
            target.away = False
            target.prestige += effective.second_time_prestige
            for force in state.forces.values():
                if force.nation == target.name and where:
                    force.province, force.aboard = where, None
            lines.append(
                sd.said(
                    N_("{nation} returns at {where} with +{pp} PP (T7.9)"),
                    nation=sd.nation(target.name),
                    where=sd.province(where),
                    pp=effective.second_time_prestige,
                )
            )
    elif effective.key == "ptolemy" and target is not None:
        target.land_pm += effective.land_pm
        lines.append(deploy_event_troops(state, target.name, effective.land_pm, where))
    elif effective.key == "coup" and where:
        standing = _standing(state, where)
        total = sum(f.pm for f in standing)
        if total > effective.land_pm:
            lines.append(
                sd.said(
                    N_("coup at {where} ignored: {total} PM stand there (T7.9)"),
                    where=sd.province(where),
                    total=total,
                )
            )
        else:
            for force in standing:
                state.nations[force.nation].land_pm -= force.pm
                del state.forces[force.name]
                lines.append(
                    sd.said(
                        N_("{force} destroyed by the coup at {where}"),
                        force=sd.force(force.name, force.nation, force.kind),
                        where=sd.province(where),
                    )
                )
            state.control[where] = "Neutral"
            state.nations["Neutral"].land_pm += effective.land_pm
            lines.append(deploy_event_troops(state, "Neutral", effective.land_pm, where))
            lines.append(sd.said(N_("{where} is a neutral state (T7.9)"), where=sd.province(where)))
    elif effective.key == "ligurians" and where:
        # T7.9: a force of their own (never merged with a neutral garrison), so that their
        # wins and their first defeat can be told apart (assistant.ledger.raiders).
        state.nations["Neutral"].land_pm += effective.land_pm
        name = default_name(state.forces, "Neutral", "army")
        state.forces[name] = Force(
            name=name, nation="Neutral", kind="army", province=where, pm=effective.land_pm
        )
        state.ligurians = name
        lines.append(deployed(name, "Neutral", "army", effective.land_pm, where))
    elif effective.key == "senones_annex" and annex is not None:
        state.control[annex] = "Senones"
        lines.append(
            sd.said(N_("the Senones annex {province} (T7.9)"), province=sd.province(annex))
        )
    return lines
