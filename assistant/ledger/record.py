"""Turning what the referee brings from the table into ledger events, through the converters.

The ledger never computes losses, prestige or morale itself: a table result goes through
:mod:`converters.losses` (T2.1–T2.3), the battle's prestige through :mod:`converters.prestige`
(T4.1) and a DBA defeat through :mod:`converters.morale` (D2–D4). The results are written into
the event, so the record shows exactly what was computed, and replay never recomputes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from assistant.ledger.events import (
    ArmyMoraleChange,
    BattleRecorded,
    CentresRecorded,
    ContingentResult,
    WinterResolved,
)
from assistant.ledger.state import CampaignState, LedgerFieldError
from converters.dice import Dice
from converters.house_rules import HouseRules
from converters.i18n import N_
from converters.rates import PM
from converters.said import Said, Signed, clauses, province, said

__all__ = [
    "ContingentFigures",
    "battle_event",
    "bellum_power",
    "centres_event",
    "dba_campaign_battle",
    "dice_battle_event",
    "winter_event",
]

System = Literal["fog", "dbm", "dbmm", "dba", "dice", "naval", "manual"]


class ContingentFigures(BaseModel):
    """What the referee reads off the table for one contingent (the ``losses`` figures).

    FOG (T2.1): ``battle_groups``, ``broken``, ``fragmented``, ``camp_sacked`` or ``attrition``.
    DBM (T2.2): ``total_eleq``, ``eliminated``, ``demoralised``. DBA (T2.3): ``elements``,
    ``lost``. Dice, naval or manual battles: ``pm_lost`` as counted.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Literal["a", "b"]
    """Which side it fought on."""
    nation: str
    """The nation."""
    pm: PM
    """Land PM fielded."""
    army: str | None = None
    """The army (Macedon vs Persia)."""
    battle_groups: int | None = Field(default=None, ge=1)
    """FOG: BGs fielded."""
    broken: int = Field(default=0, ge=0)
    """FOG: BGs broken, routed, destroyed or gone off table."""
    fragmented: int = Field(default=0, ge=0)
    """FOG: fragmented BGs."""
    camp_sacked: bool = False
    """FOG: its camp was sacked."""
    attrition: int | None = Field(default=None, ge=0)
    """FOG: attrition points as the edition counted them (instead of broken)."""
    total_eleq: Fraction | None = None
    """DBM: the contingent's total ElEq."""
    eliminated: Fraction = Fraction(0)
    """DBM: ElEq eliminated."""
    demoralised: Fraction = Fraction(0)
    """DBM: ElEq demoralised but not eliminated."""
    elements: int | None = Field(default=None, ge=1)
    """DBA: elements fielded."""
    lost: int = Field(default=0, ge=0)
    """DBA: elements lost."""
    bases: int | None = Field(default=None, ge=1)
    """DBMM (T2.2b): bases fielded."""
    killed: int = Field(default=0, ge=0)
    """DBMM: bases killed."""
    broken_bases: int = Field(default=0, ge=0)
    """DBMM: bases of its broken units that were not killed (the loser counts them)."""
    pm_lost: int | None = Field(default=None, ge=0)
    """Dice, naval or manual: land PM lost, as counted."""
    prisoners: int = Field(default=0, ge=0)
    """Land PM taken prisoner (T4.3)."""
    naval_pm: int = Field(default=0, ge=0)
    """Naval PM it brought."""
    naval_lost: int = Field(default=0, ge=0)
    """Naval PM sunk or captured."""
    naval_captured: int = Field(default=0, ge=0)
    """Enemy naval PM captured (T3.7)."""


def _figures(c: ContingentFigures, system: System) -> dict[str, Any]:
    if system == "fog":
        shown: dict[str, Any] = {
            "battle_groups": c.battle_groups,
            "broken": c.broken,
            "fragmented": c.fragmented,
            "camp_sacked": c.camp_sacked,
        }
        if c.attrition is not None:
            shown["attrition"] = c.attrition
        return shown
    if system == "dbm":
        return {
            "total_eleq": str(c.total_eleq),
            "eliminated": str(c.eliminated),
            "demoralised": str(c.demoralised),
        }
    if system == "dba":
        return {"elements": c.elements, "lost": c.lost}
    if system == "dbmm":
        return {"bases": c.bases, "killed": c.killed, "broken_bases": c.broken_bases}
    return {}


def _land_loss(
    c: ContingentFigures,
    system: System,
    outcome: Literal["won", "lost"],
    rules: HouseRules,
) -> int:
    """T2.1–T2.3 through converters.losses, with the campaign's numbers in force; dice/naval/
    manual losses are taken as counted, and so are all losses under T2.6 ``losses =
    recovery`` (the recovery dice are rolled with ``castra losses recovery``)."""
    from converters import losses
    from converters.house_rules import loss_model

    whole = int(c.pm)
    if system in ("dice", "naval", "manual"):
        return c.pm_lost or 0
    if loss_model(rules) == "recovery":
        if c.pm_lost is None:
            raise LedgerFieldError(
                "pm_lost",
                N_(
                    "{nation}: this campaign's losses are rolled by recovery (T2.6, house rule "
                    "losses = recovery); give the PM lost after the recovery dice"
                ),
                nation=c.nation,
            )
        return c.pm_lost
    if c.pm_lost is not None:
        raise LedgerFieldError(
            "pm_lost", N_("{system} losses are computed from the table figures"), system=system
        )

    if system == "fog":
        if c.battle_groups is None:
            raise LedgerFieldError(
                "battle_groups", N_("{nation}: give the BGs fielded (T2.1)"), nation=c.nation
            )
        result = losses.fog_losses(
            whole,
            c.battle_groups,
            outcome,
            broken=c.broken,
            fragmented=c.fragmented,
            camp_sacked=c.camp_sacked,
            attrition=c.attrition,
            rates=rules.rates(),
        )
    elif system == "dbmm":
        if c.bases is None:
            raise LedgerFieldError(
                "bases", N_("{nation}: give the bases fielded (T2.2b)"), nation=c.nation
            )
        result = losses.dbmm_losses(whole, c.bases, c.killed, c.broken_bases, outcome)
    elif system == "dbm":
        if c.total_eleq is None:
            raise LedgerFieldError(
                "total_eleq", N_("{nation}: give the contingent's ElEq (T2.2)"), nation=c.nation
            )
        result = losses.dbm_losses(
            whole, c.total_eleq, c.eliminated, outcome, demoralised=c.demoralised
        )
    else:
        if c.elements is None:
            raise LedgerFieldError(
                "elements", N_("{nation}: give the elements fielded (T2.3)"), nation=c.nation
            )
        result = losses.dba_losses(whole, c.elements, c.lost, outcome)
    return result.pm_lost


def battle_event(
    state: CampaignState,
    *,
    place: str,
    system: System,
    winner: Literal["a", "b", "draw"],
    contingents: Sequence[ContingentFigures],
    city_assault: bool = False,
    turn: int | None = None,
    who: str = "",
    note: str = "",
    dice_log: list[dict[str, Any]] | None = None,
    rolls: Sequence[Any] = (),
    defender_dice: tuple[int, int] | None = None,
) -> BattleRecorded:
    """A battle of the Tarentine Wars (or a custom campaign), losses and prestige computed.

    Losses per contingent from its own figures (T2.4); prestige T4.1 on each side's totals
    (land PM plus fleets, losses plus prisoners and ships lost), every nation of the winning
    side +X and of the losing side −X (**Reading** for allied sides). Side b is the city's
    defender when ``city_assault``.

    ``defender_dice`` is, for a city assault fought as a dice battle, the defender's dice at
    the start and the dice it lost (prisoners' dice included) on the doubled figure of T3.5.
    T4.1 counts the defender's PM and losses on those doubled figures: 3 PM behind walls roll
    6 dice, and losing 3 of them leaves ``ceil(3 ÷ 2) = 2`` real PM, so 1 real PM lost, but
    3 (not 2 × 1) lost for prestige. Without it the defender's real PM and losses are doubled.
    """
    if not contingents:
        raise LedgerFieldError("contingents", N_("give each side's contingents"))
    results: list[ContingentResult] = []
    for c in contingents:
        state.nation(c.nation, "side_" + c.side)
        if winner == "draw":
            outcome: Literal["won", "lost"] = "lost"
        else:
            outcome = "won" if c.side == winner else "lost"
        pm_lost = _land_loss(c, system, outcome, state.rules)
        results.append(
            ContingentResult(
                side=c.side,
                nation=c.nation,
                pm=c.pm,
                army=c.army,
                figures=_figures(c, system),
                pm_lost=pm_lost,
                prisoners=c.prisoners,
                naval_pm=c.naval_pm,
                naval_lost=c.naval_lost,
                naval_captured=c.naval_captured,
            )
        )
    if defender_dice is not None:
        dice_start, dice_lost = defender_dice
        if not city_assault:
            raise LedgerFieldError("defender_dice", N_("only for a city assault (T3.5)"))
        if not 0 <= dice_lost <= dice_start:
            raise LedgerFieldError(
                "defender_dice",
                N_("the defender lost 0 to {dice_start} dice (got {dice_lost})"),
                dice_start=dice_start,
                dice_lost=dice_lost,
            )
    prestige: dict[str, int] = {}
    told: Said | None = None
    if winner != "draw":
        from converters.prestige import battle_prestige, battle_said

        loser = "b" if winner == "a" else "a"

        def strength(side: str) -> Fraction:
            if side == "b" and defender_dice is not None:
                # battle_prestige doubles the defender's figures back (T3.5, T4.1).
                return Fraction(defender_dice[0], 2)
            return sum(
                (Fraction(r.pm) + r.naval_pm for r in results if r.side == side), Fraction(0)
            )

        def lost(side: str) -> Fraction:
            if side == "b" and defender_dice is not None:
                return Fraction(defender_dice[1], 2)
            return Fraction(
                sum(r.pm_lost + r.prisoners + r.naval_lost for r in results if r.side == side)
            )

        outcome_points = battle_prestige(
            strength(winner),
            strength(loser),
            min(lost(winner), strength(winner)),
            min(lost(loser), strength(loser)),
            city_assault=city_assault,
            defender="winner" if winner == "b" else "loser",
        )
        for r in results:
            points = outcome_points.winner if r.side == winner else outcome_points.loser
            prestige[r.nation] = points
        # T3.5: side b held the city, the winner when the assault was thrown back.
        held_by: Literal["winner", "loser"] = "winner" if winner == "b" else "loser"
        told = battle_said(outcome_points, held_by if city_assault else None)
    return BattleRecorded(
        place=place,
        resolution=system,
        winner=winner,
        city_assault=city_assault,
        contingents=results,
        prestige=prestige,
        prestige_reason="" if told is None else told.english(),
        prestige_said=told,
        dice_log=dice_log,
        turn=turn,
        who=who,
        note=note,
        rolls=list(rolls),
    )


def dba_campaign_battle(
    state: CampaignState,
    *,
    place: str,
    army_a: str,
    army_b: str,
    winner: Literal["a", "b", "draw"],
    lost_a: int,
    lost_b: int,
    dice: Dice,
    general_lost: bool = False,
    camp_lost: bool = False,
    elements_a: int = 12,
    elements_b: int = 12,
    retreat_to: str | None = None,
    who: str = "",
    note: str = "",
) -> BattleRecorded:
    """Macedon vs Persia: one DBA game between two armies (D2–D4).

    The defeat is classified (D2), the loser's morale checked with a d6 from ``dice`` on its
    morale before the battle (D3), then both armies' morale changes (D4). ``general_lost``
    and ``camp_lost`` are the loser's; ``retreat_to`` is where the beaten army retreats on
    the map (D2; None: the best place).
    """
    from converters.morale import morale_after, resolve_defeat

    if winner not in ("a", "b"):
        # The desk offers no draw for D2; the command line's --winner draw is refused here.
        raise LedgerFieldError("winner", N_("a or b: a DBA game has a loser (D2)"))
    a = state.army(army_a, "army_a")
    b = state.army(army_b, "army_b")
    if a.nation == b.nation:
        raise LedgerFieldError("army_b", N_("{b} is on the same side as {a}"), b=b.name, a=a.name)
    win, lose = (a, b) if winner == "a" else (b, a)
    win_lost, lose_lost = (lost_a, lost_b) if winner == "a" else (lost_b, lost_a)
    win_elements, lose_elements = (
        (elements_a, elements_b) if winner == "a" else (elements_b, elements_a)
    )
    before = len(getattr(dice, "rolls", []))
    resolution = resolve_defeat(
        lose.morale,
        lose_lost,
        win_lost,
        dice,
        general_lost=general_lost,
        camp_lost=camp_lost,
        elements=lose_elements,
        enemy_elements=win_elements,
    )
    triumph = resolution.defeat == "crushing"
    win_after = morale_after(win.morale, "triumph" if triumph else "victory")
    where = province(place)
    won = said(
        N_("D4 triumph +2 at {place}") if triumph else N_("D4 victory +1 at {place}"), place=where
    )
    lost = [
        said(N_("D2 {defeat} defeat at {place}"), defeat=said(resolution.defeat), place=where),
        resolution.check.said,
    ]
    if not resolution.destroyed:
        lost.append(said(N_("D4 {change}"), change=Signed(value=-2 if triumph else -1, minus="−")))
    beaten = clauses(*lost)
    changes = [
        ArmyMoraleChange(
            army=win.name, before=win.morale, after=win_after, reason=won.english(), said=won
        ),
        ArmyMoraleChange(
            army=lose.name,
            before=lose.morale,
            after=resolution.morale_after if resolution.morale_after is not None else 0,
            disbanded=resolution.destroyed,
            reason=beaten.english(),
            said=beaten,
        ),
    ]
    rolls = list(getattr(dice, "rolls", []))[before:]
    contingents = [
        ContingentResult(
            side=side,
            nation=army.nation,
            pm=Fraction(0),
            army=army.name,
            figures={"elements": elements, "lost": lost},
        )
        for side, army, elements, lost in (
            ("a", a, elements_a, lost_a),
            ("b", b, elements_b, lost_b),
        )
    ]
    contingents = [
        c.model_copy(
            update={
                "figures": {
                    **c.figures,
                    **(
                        {"general_lost": general_lost, "camp_lost": camp_lost}
                        if c.army == lose.name
                        else {}
                    ),
                }
            }
        )
        for c in contingents
    ]
    return BattleRecorded(
        place=place,
        resolution="dba",
        winner=winner,
        contingents=contingents,
        morale=changes,
        defeat=resolution.defeat,
        retreat_to=retreat_to,
        who=who,
        note=note,
        rolls=rolls,
    )


def winter_event(
    state: CampaignState,
    dice: Dice,
    *,
    storm_nation: str | None = None,
    stationed: Mapping[str, int] | None = None,
    annex: str | None = None,
    disband: Mapping[str, int] | None = None,
    who: str = "",
    note: str = "",
) -> WinterResolved:
    """The winter turn with the referee's d10 (T5.6) rolled from ``dice``, and the control
    check (T5.7) of every occupied province with the PM its occupier has ``stationed`` there
    (province → PM; provinces not named count 0). In a campaign with a map, ``stationed``
    left None checks every province a nation at war with its controller occupies, with the PM
    standing there when the check is made (T5.7, T7.7, :mod:`assistant.ledger.conquest`), and
    the winter's events act on the map (T7.9; ``annex`` is the Cisalpine province the Senones take
    when the die brings the annexation). ``disband`` (force → PM) is the choice of the nations
    that cannot pay their upkeep (T6.2, :mod:`assistant.ledger.upkeep`).

    A turn that is not an unresolved winter, or PM stationed in a province that is unknown or
    not occupied, is refused before any die is rolled.
    """
    table = state.scenario.winter_events
    if not state.is_winter or table is None:
        raise LedgerFieldError("turn", N_("{date} is not a winter turn"), date=state.date_said)
    if state.turn in state.winters_resolved:
        raise LedgerFieldError(
            "turn", N_("the winter of turn {turn} is already resolved"), turn=state.turn
        )
    # T7.8: with a map, the PM stationed are read from it when the check is made, never typed
    # (T5.7: every province occupied by a nation at war with its controller). PM typed here
    # keep the earlier reading (the homeland's check), as winters recorded before it replay.
    occupation = bool(state.forces) and stationed is None
    garrisons = None if occupation else dict(stationed or {})
    if garrisons is not None:
        state.check_stationed(garrisons)
    from assistant.ledger.upkeep import check_choice

    on_map = bool(state.forces)
    check_choice(state, dict(disband or {}), skip_away=on_map, mercenaries=on_map)
    before = len(getattr(dice, "rolls", []))
    dice.roll(
        table.die,
        said(N_("T5.6 winter event, {date}"), date=state.scenario.calendar.said(state.turn)),
    )
    rolls = list(getattr(dice, "rolls", []))[before:]
    return WinterResolved(
        storm_nation=storm_nation,
        stationed=garrisons,
        annex=annex,
        disband=dict(disband or {}),
        on_map=bool(state.forces),
        occupation=occupation,
        mercenaries=bool(state.forces),
        victory=state.scenario.key == "tarentine",
        who=who,
        note=note,
        rolls=rolls,
    )


def _whole(value: Any) -> int:
    # A garrison's half PM (T3.5) is no PM of the nation's pool.
    return int(Fraction(str(value)))


def dice_battle_event(
    state: CampaignState,
    log: dict[str, Any],
    *,
    place: str,
    naval: bool = False,
    city_assault: bool = False,
    turn: int | None = None,
    who: str = "",
    note: str = "",
) -> BattleRecorded:
    """A dice battle (T3) from the result ``castra battle --json`` prints
    (:class:`converters.dice_battle.BattleResult` as JSON): winner (T2.7), each contingent's
    PM lost and prisoners (T3.4, T3.5), T3.7 captures for a naval battle, every die rolled.
    The round log is kept verbatim in the event.
    """
    from assistant.ledger.dice_log import read_dice_log

    checked = read_dice_log(log)
    winner: Literal["a", "b", "draw"] = checked.winner or "draw"
    capture = checked.capture
    figures: list[ContingentFigures] = []
    for side in ("a", "b"):
        for index, contingent in enumerate(checked.side(side).contingents):
            if naval:
                captured = capture.captured if capture and side == winner and index == 0 else 0
                figures.append(
                    ContingentFigures(
                        side=side,
                        nation=contingent.nation,
                        pm=0,
                        pm_lost=0,
                        naval_pm=_whole(contingent.pm_start),
                        naval_lost=_whole(contingent.pm_lost),
                        naval_captured=captured,
                    )
                )
            else:
                figures.append(
                    ContingentFigures(
                        side=side,
                        nation=contingent.nation,
                        pm=Fraction(str(contingent.pm_start)),
                        pm_lost=_whole(contingent.pm_lost),
                        prisoners=_whole(contingent.prisoners),
                    )
                )
    rolls = list(checked.rolls)
    rounds = [record.model_dump(mode="json") for record in checked.rounds]
    if capture:
        rounds.append({"kind": "capture", **capture.model_dump(mode="json")})
    defender_dice = None
    if city_assault and not naval:
        # T3.5, T4.1: survivors of a city that falls are taken prisoner; like prisoners
        # elsewhere in the ledger they count as lost for prestige, so then every die is lost.
        start = checked.b.dice_start
        defender_dice = (start, start if winner == "a" else start - checked.b.dice_left)
    return battle_event(
        state,
        place=place,
        system="naval" if naval else "dice",
        winner=winner,
        contingents=figures,
        city_assault=city_assault,
        turn=turn,
        who=who,
        note=note,
        dice_log=rounds,
        rolls=rolls,
        defender_dice=defender_dice,
    )


def bellum_power(state: CampaignState, name: str, field: str = "centres") -> str:
    """The English name of the Bellum power called ``name`` in English or in the seed's
    Italian, any case ("cartagine" is "Carthage"); LedgerError naming ``field`` otherwise."""
    setup = state.scenario.bellum
    if setup is None:
        raise LedgerFieldError(
            "kind",
            N_("supply centres are recorded only in a Bellum game (castra campaign new bellum)"),
        )
    wanted = name.strip().casefold()
    for power in setup.powers:
        if wanted in (power.name.casefold(), power.italian.casefold()):
            return power.name
    allowed = ", ".join(power.name for power in setup.powers)
    raise LedgerFieldError(
        field, N_("unknown power {name!r}; the powers are {allowed}"), name=name, allowed=allowed
    )


def centres_event(
    state: CampaignState,
    year: int,
    centres: Mapping[str, int],
    *,
    sovereign: str | None = None,
    who: str = "",
    note: str = "",
) -> CentresRecorded:
    """Bellum: the centres each power held at the end of ``year`` (B1, B2), powers named in
    English or Italian. Checked against ``state`` (the next year, powers known, 0 or more
    each, at most the map's 90 in all) before anything is written."""
    named: dict[str, int] = {}
    for name, held in centres.items():
        power = bellum_power(state, name)
        if power in named:
            raise LedgerFieldError("centres", N_("{power} given twice"), power=power)
        named[power] = held
    event = CentresRecorded(
        year=year,
        centres=named,
        sovereign=None if sovereign is None else bellum_power(state, sovereign, "sovereign"),
        who=who,
        note=note,
    )
    state.check(event)
    return event
