"""Macedon vs Persia on the map, as the ledger keeps it (D9–D14).

The rules are pure (:mod:`converters.dba_campaign`); this module holds the campaign's
:class:`~converters.dba_campaign.MapState` in step with the ledger's armies (D1: morale and the
journal are theirs) and turns each event — a move, a special action, a mobilisation, a loyalty
change, the end of a turn — into a call of those rules. A refused move raises
:class:`~assistant.ledger.state.LedgerError` with the rule's one line before anything changes,
so the store writes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from armylists.scenario_texts import scenario_text
from armylists.scenarios import Scenario
from assistant.ledger.family import Family
from assistant.ledger.read_models import DbaArmyOnMap, DbaMapSummary, DbaProvince
from converters import dba_campaign as rules
from converters import said as sd
from converters.campaign_map import Board
from converters.dba_campaign import Happening, MapState, RuleBroken
from converters.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Mapping

    from assistant.ledger.events import (
        ArmyMobilised,
        BattleRecorded,
        DbaMoved,
        LoyaltyChanged,
        SpecialActionOrdered,
    )
    from assistant.ledger.models import CampaignData

__all__ = [
    "ARMY_MOBILISED",
    "DBA_MOVED",
    "HOMELAND",
    "LOYALTY_CHANGED",
    "SPECIAL_ACTION",
    "check_after_battle",
    "describe_after_battle",
    "end_of_turn",
    "evolve_after_battle",
    "pairing",
    "pairing_sides",
    "start",
    "summary",
]

HOMELAND = "Macedonia"
"""D9: the province that cannot be taken and never goes over to Persia."""


def start(scenario: Scenario) -> MapState | None:
    """The map at turn 1, for a campaign whose armies all stand somewhere (D9); else None."""
    if scenario.board is None or not scenario.armies or scenario.attacker is None:
        return None
    if any(not army.province for army in scenario.armies):
        return None
    defender = next(nation for nation in scenario.nations if nation != scenario.attacker)
    sides = (scenario.attacker, defender)
    loyalties: dict[str, dict[str, int]] = {}
    for province in scenario.provinces:
        loyalties[province.name] = {
            province.homeland: province.loyalty,
            **scenario.loyalties.get(province.name, {}),
        }
    return rules.start_map(
        sides,
        {province.name: province.homeland for province in scenario.provinces},
        loyalties,
        {army.name: (army.nation, army.province, army.morale) for army in scenario.armies},
        HOMELAND,
    )


def _map(state: CampaignData) -> tuple[MapState, Board]:
    from assistant.ledger.errors import LedgerError

    if state.dba_map is None or state.scenario.board is None:
        raise LedgerError(
            _("kind: {title} has no map of armies (D9)").format(
                title=scenario_text(state.scenario.title)
            )
        )
    # The ledger's armies own morale and life (D1): the map follows them.
    armies = {
        name: army.model_copy(update={"morale": state.armies[name].morale})
        for name, army in state.dba_map.armies.items()
        if name in state.armies and state.armies[name].alive
    }
    return state.dba_map.model_copy(update={"armies": armies}), state.scenario.board


def _refused(error: RuleBroken) -> Exception:
    from assistant.ledger.errors import LedgerError

    return LedgerError(str(error))


_MOVES = {
    "redeploy": N_("{army} redeploys to {to} (D10)"),
    "forced-march": N_("{army} forced march to {to} (D5)"),
    "landing": N_("{army} sails for {to}, lands on turn {turn} (D10)"),
    "retreat": N_("{army} tactical retreat to {to} (D5)"),
}
"""A move's words in the history (an invasion's follow what happened)."""


def _moved(state: CampaignData, event: DbaMoved) -> tuple[MapState, str]:
    """D10, D5: the map after the move and the template that tells it (a RuleBroken refusal)."""
    current, board = _map(state)
    match event.move:
        case "redeploy":
            after = rules.redeploy(current, board, event.army, event.to)
        case "forced-march":
            if event.via is None:
                raise RuleBroken(_("via: a forced march names the province it passes (D5)"))
            after = rules.forced_march_to(
                current, board, event.army, event.via, event.to, bar=state.rules.forced_march_bar
            )
        case "landing":
            after = rules.sea_landing(current, board, event.army, event.to)
        case "invasion":
            after, happened = rules.invade(current, board, event.army, event.to)
            return after, (
                N_("{army} invades {to}: taken without battle (D10)")
                if happened.what == "taken"
                else N_("{army} invades {to}: battle (D10)")
            )
        case "retreat":
            after = rules.tactical_retreat_to(current, board, event.army, event.to)
    return after, _MOVES[event.move]


def _check_moved(state: CampaignData, event: DbaMoved) -> None:
    """D10: one army's move by the rules of its kind."""
    try:
        _moved(state, event)
    except RuleBroken as error:
        raise _refused(error) from None


def _evolve_moved(state: CampaignData, event: DbaMoved, event_id: int) -> sd.Said:
    """D10: the move made; the forced march's and the retreat's morale go in its journal, in
    the history's words. Returns what the history says of it."""
    after, template = _moved(state, event)
    landed = after.armies.get(event.army)
    values: dict[str, sd.Value | int] = {
        "army": sd.force(event.army),
        "to": sd.province(event.to),
    }
    if "{turn}" in template:
        turn = landed.lands_on if landed is not None else ""
        values["turn"] = sd.Number(value=turn) if isinstance(turn, int) else sd.typed(str(turn))
    words = sd.said(template, **values)
    state.dba_map = after
    if event.move in ("forced-march", "retreat"):
        morale = landed.morale if landed is not None else 0
        state.write_journal(
            event.army, morale, words, state.turn, event_id, disbanded=landed is None
        )
    return words


def _describe_moved(event: DbaMoved, words: sd.Said) -> sd.Said:
    return words


DBA_MOVED = Family(_check_moved, _evolve_moved, _describe_moved)


def _special(state: CampaignData, event: SpecialActionOrdered) -> MapState:
    current, _board = _map(state)
    if event.action == "works":
        return rules.works(current, event.army)
    if event.action == "agitation":
        return rules.agitate(current, event.army)
    return rules.break_off(current, event.army)


def _check_special(state: CampaignData, event: SpecialActionOrdered) -> None:
    """D11: works or agitation begun, or broken off (its effect forfeit)."""
    try:
        _special(state, event)
    except RuleBroken as error:
        raise _refused(error) from None


def _evolve_special(state: CampaignData, event: SpecialActionOrdered, _event_id: int) -> int:
    state.dba_map = _special(state, event)
    return state.turn + rules.SEASON


def _describe_special(event: SpecialActionOrdered, until: int) -> sd.Said:
    army = sd.force(event.army)
    if event.action == "break-off":
        return sd.said(N_("{army} breaks off: no effect (D11)"), army=army)
    return sd.said(
        N_("{army} begins {action} until turn {turn} (D11)"),
        army=army,
        action=sd.said(event.action),
        turn=until,
    )


SPECIAL_ACTION = Family(_check_special, _evolve_special, _describe_special)


def _mobilise(state: CampaignData, event: ArmyMobilised) -> MapState:
    current, board = _map(state)
    return rules.mobilise(current, board, event.side, event.province, event.army)


def _check_mobilised(state: CampaignData, event: ArmyMobilised) -> None:
    """D11: a one-season army raised; the province devastated (D12)."""
    from assistant.ledger.errors import LedgerError

    if event.army in state.armies:
        raise LedgerError(_("army: {army!r} is already an army").format(army=event.army))
    try:
        _mobilise(state, event)
    except RuleBroken as error:
        raise _refused(error) from None


def _evolve_mobilised(state: CampaignData, event: ArmyMobilised, _event_id: int) -> None:
    from assistant.ledger.models import ArmyState

    state.dba_map = _mobilise(state, event)
    state.armies[event.army] = ArmyState(name=event.army, nation=event.side, morale=3)


def _describe_mobilised(event: ArmyMobilised, _happened: None) -> sd.Said:
    return sd.said(
        N_("{side} mobilises {army} in {province}, now devastated (D11, D12)"),
        side=sd.nation(event.side),
        army=sd.force(event.army),
        province=sd.province(event.province),
    )


ARMY_MOBILISED = Family(_check_mobilised, _evolve_mobilised, _describe_mobilised)


def _loyalty(state: CampaignData, event: LoyaltyChanged) -> MapState:
    current, _board = _map(state)
    return rules.change_loyalty(current, event.province, event.side, event.by, roll=event.roll)


def _check_loyalty(state: CampaignData, event: LoyaltyChanged) -> None:
    """D14: the referee's loyalty change with its reason; D12's statuses follow."""
    from assistant.ledger.errors import LedgerError

    if not event.note.strip():
        raise LedgerError(_("note: say why the loyalty changes (D14)"))
    try:
        _loyalty(state, event)
    except RuleBroken as error:
        raise _refused(error) from None


class Loyal(NamedTuple):
    """A province's loyalty to a side after a change, and its status (D12, D14)."""

    now: int
    status: str


def _evolve_loyalty(state: CampaignData, event: LoyaltyChanged, _event_id: int) -> Loyal:
    after = _loyalty(state, event)
    state.dba_map = after
    return Loyal(
        after.provinces[event.province].loyalty[event.side], rules.status(after, event.province)
    )


def _describe_loyalty(event: LoyaltyChanged, loyal: Loyal) -> sd.Said:
    return sd.said(
        N_("{province}: {side} loyalty {by} → {now}, {status} (D14)"),
        province=sd.province(event.province),
        side=sd.nation(event.side),
        by=sd.Signed(value=event.by),
        now=loyal.now,
        status=sd.said(loyal.status),
    )


LOYALTY_CHANGED = Family(_check_loyalty, _evolve_loyalty, _describe_loyalty)


def _fought(event: BattleRecorded) -> tuple[str, str] | None:
    """(winner, loser) of a battle between two armies of the map, or None."""
    fought: dict[str, str] = {c.side: c.army for c in event.contingents if c.army is not None}
    winner = fought.get(event.winner)
    loser = fought.get("b" if event.winner == "a" else "a")
    if winner is None or loser is None:
        return None
    return winner, loser


def _on_the_map(state: CampaignData, event: BattleRecorded) -> bool:
    return not (state.dba_map is None or state.scenario.board is None or event.winner == "draw")


def check_after_battle(state: CampaignData, event: BattleRecorded) -> None:
    """D2: the moves a battle's result makes are checked on the map before the battle, so a
    retreat the rules refuse (``retreat_to``) writes nothing."""
    if not _on_the_map(state, event):
        if event.retreat_to is not None:
            raise _refused(RuleBroken(_("retreat_to: only a battle on the map moves armies (D2)")))
        return
    armies = _fought(event)
    if armies is None:
        return
    current, board = _map(state)
    try:
        rules.after_battle(current, board, event.place, *armies, event.retreat_to)
    except RuleBroken as error:
        raise _refused(error) from None


def evolve_after_battle(
    state: CampaignData, event: BattleRecorded, event_id: int
) -> tuple[sd.Said, ...]:
    """D2: the battle's armies move as its result says, in the battle's own event (after its
    morale, D3–D4, so an army that ceased to exist does not retreat): the beaten attacker
    falls back, the beaten defender retreats, the winning attacker takes the province. An
    army left with nowhere to go ceases to exist, in its journal. Nothing moves for a draw
    or for armies not standing where the battle was fought. What happened, for the words."""
    armies = _fought(event) if _on_the_map(state, event) else None
    if armies is None:
        return ()
    current, board = _map(state)
    try:
        after, happened = rules.after_battle(current, board, event.place, *armies, event.retreat_to)
    except RuleBroken as error:  # pragma: no cover - checked before the battle
        raise _refused(error) from None
    state.dba_map = after
    for happening in happened:
        name = happening.army
        if happening.what == "no-retreat" and name is not None and state.armies[name].alive:
            said = _said(happening, after).english()
            state.write_journal(
                name, state.armies[name].morale, said, state.turn, event_id, disbanded=True
            )
    return tuple(_said(happening, after) for happening in happened)


def describe_after_battle(said: tuple[sd.Said, ...]) -> list[sd.Said]:
    """The armies' moves after a battle, after its own summary (nothing when none moved)."""
    if not said:
        return []
    return [sd.said(N_("map: {moves}"), moves=sd.listing(said))]


def end_of_turn(state: CampaignData, event_id: int) -> list[sd.Said]:
    """Close the turn on the map (after the ledger's own turn change): season-long actions,
    landings, revolts, supply traced; deaths and deadlines into the armies' journals."""
    if state.dba_map is None or state.scenario.board is None:
        return []
    current, board = _map(state)
    after, happened = rules.end_turn(current, board, state.initiative)
    state.dba_map = after
    words: list[sd.Said] = []
    for happening in happened:
        words.append(_said(happening, after))
        name = happening.army
        if name is None or name not in state.armies or not state.armies[name].alive:
            continue
        if happening.what in ("died", "disbanded", "cut-off", "supplied"):
            army = state.armies[name]
            state.write_journal(
                name,
                army.morale,
                words[-1],
                state.turn,
                event_id,
                disbanded=happening.what in ("died", "disbanded"),
            )
    return words


HAPPENED = N_("{happened} ({rule})")
"""What the map did, with the rule that made it ("Macedon 2 lands in Tyrus (D10)")."""


def _said(happening: Happening, state: MapState) -> sd.Said:
    army = state.armies.get(happening.army or "")
    deadline = army.deadline if army is not None else None
    texts = {
        "landed": N_("{army} lands in {province}"),
        "works-done": N_("works done in {province}: {side} loyalty +2"),
        "agitation-done": N_("agitation done in {province}: {side} loyalty −2"),
        "disbanded": N_("{army}'s season is over: it disbands"),
        "devastation-over": N_("{province} has recovered and turns rebel"),
        "lost": N_("{province} in revolt is lost by {side}"),
        "went-over": N_("{province} in revolt goes over to {side}"),
        "cut-off": N_("{army} is cut off from supply: it dies on turn {deadline}"),
        "supplied": N_("{army}'s supply line is restored"),
        "died": N_("{army} dies cut off from supply"),
        "taken": N_("{army} takes {province}"),
        "battle": N_("battle in {province}"),
        "fell-back": N_("{army} falls back to {province}"),
        "retreated": N_("{army} retreats to {province}"),
        "no-retreat": N_("{army} has nowhere to retreat from {province}: it ceases to exist"),
        "overfull": N_("{province} cannot feed {army} too: devastated"),
        "won-back": N_("{army} defended rebel {province}: {side} loyalty 1, the revolt is over"),
    }
    template = texts[happening.what]
    wanted = sd.placeholders(template)
    given: dict[str, sd.Value | None] = {
        "army": sd.force(happening.army) if happening.army is not None else None,
        "province": sd.province(happening.province) if happening.province is not None else None,
        "side": sd.nation(happening.side) if happening.side is not None else None,
        "deadline": sd.Number(value=deadline) if deadline is not None else None,
    }
    values: dict[str, sd.Value | int] = {
        name: value if value is not None else sd.typed("None")
        for name, value in given.items()
        if name in wanted
    }
    return sd.said(HAPPENED, happened=sd.said(template, **values), rule=sd.Rule(id=happening.rule))


def summary(state: CampaignData) -> DbaMapSummary:
    """The map as it stands, language-neutral (``campaign map --json``, the app): each
    province's holder, loyalty, status (D12) and the armies there with morale, action and
    deadline; each side's mobilisations this year (D11)."""
    current, board = _map(state)
    armies: dict[str, DbaArmyOnMap] = {}
    for army in current.armies.values():
        line = rules.supply_line(current, board, army.name)
        armies[army.name] = DbaArmyOnMap(
            side=army.side,
            province=army.province,
            morale=army.morale,
            action=army.special.kind if army.special is not None else None,
            action_ends=(army.special.started + rules.SEASON if army.special is not None else None),
            landing_at=army.landing_at,
            lands_on=army.lands_on,
            raised=army.raised,
            supplied=army.province is None or rules.supplied(current, board, army.name),
            supply_line=None if line is None else tuple(line),
            deadline=army.deadline,
        )
    provinces: dict[str, DbaProvince] = {}
    for place in board.places:
        province = current.provinces[place.province]
        provinces[place.province] = DbaProvince(
            controller=province.controller,
            loyalty=dict(province.loyalty),
            status=rules.status(current, place.province),
            devastated_until=(
                province.devastated_on + rules.DEVASTATION_TURNS
                if province.devastated_on is not None
                else None
            ),
            maritime=place.maritime,
            port=place.port,
            neighbours=tuple(board.road_neighbours(place.province)),
            armies=tuple(a.name for a in current.armies.values() if a.province == place.province),
            lat=place.lat,
            lon=place.lon,
        )
    year = (current.turn - 1) // rules.TURNS_PER_YEAR
    return DbaMapSummary(
        turn=current.turn,
        initiative=current.initiative,
        provinces=provinces,
        armies=armies,
        mobilised_this_year={
            side: sum(
                1
                for s, t in current.mobilised
                if s == side and (t - 1) // rules.TURNS_PER_YEAR == year
            )
            for side in current.sides
        },
    )


def pairing_sides(state: CampaignData, province: str) -> tuple[list[str], list[str]]:
    """D8: the attacking and the defending armies in ``province`` (the attacker is the side
    that does not hold the province: it invaded)."""
    from assistant.ledger.errors import LedgerError

    current, _board = _map(state)
    if province not in current.provinces:
        raise LedgerError(_("province: not a province of the map: {name!r}").format(name=province))
    holder = current.provinces[province].controller or current.sides[1]
    attacker = current.enemy(holder)
    return (
        [a.name for a in current.at(province, attacker)],
        [a.name for a in current.at(province, holder)],
    )


def pairing(state: CampaignData, province: str, chosen: Mapping[str, str] | None) -> rules.Pairing:
    """D8: who fights whom in ``province`` now (:func:`pairing_sides`); with equal numbers
    ``chosen`` is the attacker's pick of each army's opponent."""
    attackers, defenders = pairing_sides(state, province)
    try:
        return rules.battle_pairing(attackers, defenders, chosen)
    except RuleBroken as error:
        raise _refused(error) from None
