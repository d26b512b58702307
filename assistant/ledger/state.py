"""The campaign as it stands: computed by replaying the ledger's events, and the judge of
whether a new event is possible.

:func:`replay` folds events into a :class:`CampaignState`; :meth:`CampaignState.check` refuses
an impossible event with one line naming the field, before anything is written;
:meth:`CampaignState.apply` then changes the state and returns what happened, in words, for
the history. Both are pure: no file, no clock, no dice (the dice are in the events).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.ledger import conquest, dba_map, map_war, phases, relations, solo
from assistant.ledger import forces as map_rules
from assistant.ledger import naval as naval_rules
from assistant.ledger import orders as sealed
from assistant.ledger.errors import LedgerError, LedgerFieldError
from assistant.ledger.events import (
    ArmyMobilised,
    ArmyMoved,
    ArmyRetreated,
    BattleRecorded,
    CampaignCreated,
    CentresRecorded,
    CityShutIn,
    DbaMoved,
    Event,
    FleetRetreated,
    FleetSailed,
    ForcedMarch,
    ForceRenamed,
    ForcesAdjusted,
    ForcesMerged,
    ForceSplit,
    GhostBattleFinished,
    InterceptionRolled,
    LoyaltyChanged,
    MeetingAnswered,
    NoteAdded,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    PlayerChanged,
    PmRebuilt,
    PrestigeAdjusted,
    ProvinceSacked,
    ProvinceTaken,
    RecruitmentOrdered,
    RuleChanged,
    SiegeLifted,
    SpecialActionOrdered,
    TacticalRetreat,
    TreasuryAdjusted,
    TreatyBroken,
    TreatyMade,
    TroopsLanded,
    TurnAdvanced,
    Undone,
    WarDeclared,
    WinterResolved,
)
from assistant.ledger.models import (
    ArmyState,
    CampaignData,
    DecimatedPM,
    JournalEntry,
    NationState,
    OccupiedProvince,
    Recruits,
)
from converters.bellum import standings, victory_text
from converters.i18n import N_, _, translate_recorded

__all__ = [
    "REPLAY_VERSION",
    "ArmyState",
    "CampaignState",
    "DecimatedPM",
    "JournalEntry",
    "LedgerError",
    "LedgerFieldError",
    "NationState",
    "OccupiedProvince",
    "Recruits",
    "replay",
    "replay_as_recorded",
    "undo_summary",
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

REPLAY_VERSION = 4
"""Bumped whenever replay gives different results, so stored snapshots are rebuilt."""


RESOLUTION_NAMES = {"fog": "FoG", "dbm": "DBM", "dbmm": "DBMM", "dba": "DBA"}
"""How a battle's rules are written in its summary: as their books spell them (issue 27:
"(turn 1, fog)"); dice, naval and manual read as they are."""


class CampaignState(CampaignData):
    """The campaign as the ledger's events leave it: its data and readings
    (:class:`CampaignData`), the summary ``campaign show --json`` prints, and the door to the
    event families (check, apply)."""

    def summary(self) -> dict[str, Any]:
        """The JSON ``castra campaign show --json`` prints (with a ``bellum`` part: the
        centres per year and the standings, None outside a Bellum game)."""
        calendar = self.scenario.calendar
        return {
            "scenario": self.scenario.key,
            "title": self.scenario.title,
            "turn": self.turn,
            "date": self.date,
            "winter": self.is_winter,
            "total_turns": calendar.total_turns,
            "finished": self.finished,
            "winners": self.winners,
            "battles": self.battles,
            "initiative": self.initiative,
            "nations": {
                name: {
                    "player": nation.player,
                    "land_pm": nation.land_pm,
                    "naval_pm": nation.naval_pm,
                    "decimated": nation.decimated_pm,
                    "decimated_batches": [
                        {"pm": b.pm, "turn": b.turn, "place": b.place, "expires": b.expires}
                        for b in nation.decimated
                    ],
                    "training": [r.model_dump() for r in nation.training],
                    "treasury": nation.treasury,
                    "prestige": nation.prestige,
                    "victory_points": nation.victory_points,
                    "prisoners_held": nation.prisoners_held,
                    "has_player": nation.player and not nation.unplayed,
                }
                for name, nation in self.nations.items()
            },
            "armies": {
                name: {
                    "nation": army.nation,
                    "leader": army.leader,
                    "morale": army.morale,
                    "alive": army.alive,
                    "journal": [entry.model_dump() for entry in army.journal],
                }
                for name, army in self.armies.items()
            },
            "bellum": self.bellum_summary(),
            "relations": relations.relations_summary(self),
            "phase": phases.phase_summary(self),
        }

    # ---- the rules of each event -------------------------------------------------------

    def check(self, event: Event) -> None:
        """Refuse ``event`` with a :class:`LedgerError` if it cannot happen now."""
        self._handle(event, apply=False, event_id=self.last_event_id + 1)

    def apply(self, event: Event, event_id: int) -> str:
        """Apply a checked ``event`` in place; return what happened, in words."""
        text = self._handle(event, apply=True, event_id=event_id)
        if self.forces or self.map_note or map_rules.board_of(self.scenario) is not None:
            # PM gained or lost without a place of their own go on or off the map (T7.2).
            hint = event.place if isinstance(event, BattleRecorded) else None
            if isinstance(event, RecruitmentOrdered | PmRebuilt):
                hint = None
            moved = map_rules.sync(self, hint)
            moved += map_war.lifted_by_themselves(self)
            moved += map_war.senones_provinces(self)
            if moved:
                text += "; map: " + ", ".join(moved)
            for province in self.scenario.provinces:
                held = self.control.get(province.name, province.homeland)
                if held != province.homeland and province.name not in self.ever_lost:
                    self.ever_lost.append(province.name)
        self.last_event_id = event_id
        return text

    def _handle(self, event: Event, *, apply: bool, event_id: int) -> str:
        if self.finished and not isinstance(event, NoteAdded | GhostBattleFinished | Undone):
            if self.scenario.bellum is not None:
                raise LedgerFieldError(
                    "year",
                    N_("{bellum_over}; only notes can be added"),
                    bellum_over=self._bellum_over(),
                )
            if self.winners:
                raise LedgerFieldError(
                    "turn",
                    N_(
                        "the campaign is over: {winners} won a strategic victory (T5.8); only "
                        "notes and undo are accepted"
                    ),
                    winners=", ".join(self.winners),
                )
            raise LedgerFieldError("turn", N_("the campaign is over; only notes can be added"))
        if self.scenario.bellum is not None and not isinstance(
            event, CentresRecorded | NoteAdded | GhostBattleFinished | Undone | CampaignCreated
        ):
            raise LedgerFieldError(
                "kind",
                N_(
                    "a Bellum game records the supply centres held each year (castra campaign "
                    "centres) and notes, not {kind}"
                ),
                kind=event.kind,
            )
        if not isinstance(event, BattleRecorded) and event.turn not in (None, self.turn):
            raise LedgerFieldError(
                "turn", N_("this event belongs to the current turn {turn}"), turn=self.turn
            )
        if isinstance(event, TurnAdvanced):
            phases.end_of_turn(self, apply=False)
        else:
            self._sealed_moves_only(event)
            phases.admit(self, event, apply=apply)
        match event:
            case CampaignCreated():
                raise LedgerFieldError("kind", N_("a campaign is created only once"))
            case BattleRecorded():
                if not apply:
                    map_war.battle_on_map(self, event, apply=False)
                    dba_map.after_battle(self, event, event_id, apply=False)
                if not apply:
                    sealed.check_battle_meets(
                        self, event.place, [c.nation for c in event.contingents]
                    )
                text = self._battle(event, apply, event_id)
                if not apply:
                    map_war.check_fielded(self, event)
                if apply:
                    text += map_war.battle_on_map(self, event, apply=True)
                    text += dba_map.after_battle(self, event, event_id)
                    sealed.settle_by_battle(
                        self, event.place, [c.nation for c in event.contingents]
                    )
                return text
            case PmRebuilt():
                return self._rebuild(event, apply)
            case RecruitmentOrdered():
                return self._recruit(event, apply)
            case TreasuryAdjusted():
                nation = self.nation(event.nation)
                _need_note(event.note)
                if nation.treasury + event.pe < 0:
                    raise LedgerFieldError(
                        "pe",
                        N_("{name} has {treasury} PE; cannot take {pe}"),
                        name=nation.name,
                        treasury=nation.treasury,
                        pe=-event.pe,
                    )
                self._check_treasury_bound(nation, event.pe, "pe", apply)
                if apply:
                    nation.treasury += event.pe
                return N_("{nation} treasury {pe} PE → {treasury} PE").format(
                    nation=nation.name, pe=f"{event.pe:+d}", treasury=nation.treasury
                )
            case PrestigeAdjusted():
                nation = self.nation(event.nation)
                _need_note(event.note)
                if apply:
                    nation.prestige += event.pp
                return N_("{nation} prestige {pp} PP → {prestige} PP").format(
                    nation=nation.name, pp=f"{event.pp:+d}", prestige=nation.prestige
                )
            case ForcesAdjusted():
                return self._adjust_forces(event, apply)
            case ProvinceTaken():
                names = {province.name for province in self.scenario.provinces}
                if event.province not in names:
                    raise LedgerFieldError(
                        "province",
                        N_("not a province of this scenario: {province!r}"),
                        province=event.province,
                    )
                nation = self.nation(event.nation)
                if apply:
                    self.control[event.province] = nation.name
                return N_("{province} now held by {nation}").format(
                    province=event.province, nation=nation.name
                )
            case TurnAdvanced():
                return self._advance(event, apply, event_id)
            case WinterResolved():
                return self._winter(event, apply)
            case ForcedMarch():
                return self._forced_march(event, apply, event_id)
            case TacticalRetreat():
                return self._tactical_retreat(event, apply, event_id)
            case CentresRecorded():
                return self._centres(event, apply)
            case RuleChanged():
                return self._rule(event, apply)
            case ArmyMoved():
                return map_rules.move_army(self, event, apply)
            case FleetSailed():
                return map_rules.sail_fleet(self, event, apply)
            case TroopsLanded():
                text = map_rules.land_troops(self, event, apply)
                if apply and self.rules.orders == "sealed":
                    sealed.found_by_landing(self, event.army)
                return text
            case ForceRenamed():
                return map_rules.rename(self, event, apply)
            case ForceSplit():
                return map_rules.split(self, event, apply)
            case ForcesMerged():
                return map_rules.merge(self, event, apply)
            case CityShutIn():
                return map_war.shut_in(self, event, apply)
            case SiegeLifted():
                return map_war.lift(self, event, apply)
            case ProvinceSacked():
                return map_war.sacked(self, event, apply)
            case TreatyMade():
                return map_war.treaty_made(self, event, apply)
            case TreatyBroken():
                return map_war.treaty_broken(self, event, apply)
            case WarDeclared():
                return relations.declare_war(self, event, apply)
            case ArmyRetreated():
                return map_war.retreated(self, event, apply)
            case FleetRetreated():
                return naval_rules.fleet_retreated(self, event, apply)
            case InterceptionRolled():
                text = naval_rules.intercepted(self, event, apply)
                if apply:
                    sealed.settle_by_interception(self, event.province, event.intercepted)
                return text
            case OrderGiven():
                return sealed.given(self, event, apply)
            case OrderWithdrawn():
                return sealed.withdrawn(self, event, apply)
            case OrdersResolved():
                return sealed.resolved(self, event, apply)
            case MeetingAnswered():
                return sealed.answered(self, event, apply)
            case PlayerChanged():
                return sealed.player_changed(self, event, apply)
            case DbaMoved():
                return dba_map.moved(self, event, apply, event_id)
            case SpecialActionOrdered():
                return dba_map.special(self, event, apply)
            case ArmyMobilised():
                return dba_map.mobilised(self, event, apply, event_id)
            case LoyaltyChanged():
                return dba_map.loyalty(self, event, apply)
            case NoteAdded():
                _need_note(event.note)
                return N_("note: {note}").format(note=event.note)
            case GhostBattleFinished():
                return solo.finished_summary(event)  # a solo battle changes no nation
            case Undone():
                raise LedgerFieldError("kind", N_("undo is applied by the store, not replayed"))
        raise LedgerFieldError(
            "kind", N_("unknown event {event!r}"), event=event
        )  # pragma: no cover

    def _sealed_moves_only(self, event: Event) -> None:
        """T7.3: under house rule ``orders = sealed`` marches and voyages are orders, carried
        out together by ``castra campaign resolve``, never one at a time."""
        if (
            isinstance(event, ArmyMoved | FleetSailed)
            and self.rules.orders == "sealed"
            and phases.phases_of(self) is phases.TARENTINE
        ):
            raise LedgerFieldError(
                "orders",
                N_(
                    "moves are sealed orders in this campaign (T7.3): give the order, then "
                    "carry out every nation's together (resolve); house rule orders = "
                    "immediate moves at once"
                ),
            )

    def _rule(self, event: RuleChanged, apply: bool) -> str:
        """docs/rules.md H: a house rule changes from this event on."""
        from converters.house_rules import rule_of

        try:
            rules = self.rules.with_rule(event.name, event.value)
        except ValueError as error:
            raise LedgerError(str(error)) from None
        if not event.reason.strip():
            raise LedgerFieldError("reason", N_("say why the rule changes"))
        old = self.rules.values(self.scenario_upkeep()).get(event.name.strip())
        if apply:
            self.rules = rules
        new = rules.values(self.scenario_upkeep())[event.name.strip()]
        changed = N_("house rule {name} ({rule}): {old} → {new}").format(
            name=event.name.strip(), rule=rule_of(event.name.strip()), old=old, new=new
        )
        return f"{changed}; {event.reason}"

    def _bellum_over(self) -> str:
        """Why a Bellum game is over, in words (B1)."""
        result = self.bellum_standings()
        victory = None if result is None else result.victory
        if victory is not None:
            return N_("the game is over: {victory}").format(victory=victory_text(victory))
        return N_("the game is over: year {year} was the last (B1)").format(year=self.bellum_years)

    def _centres(self, event: CentresRecorded, apply: bool) -> str:
        """B1, B2: the centres each power held at the end of the next year."""
        setup = self.scenario.bellum
        if setup is None:
            raise LedgerFieldError(
                "kind",
                N_(
                    "supply centres are recorded only in a Bellum game (castra campaign new bellum)"
                ),
            )
        rules = setup.rules
        done = self.bellum_years
        if event.year != done + 1:
            raise LedgerFieldError(
                "year",
                N_(
                    "the next year to record is {done} (got {year}); years are recorded in order, "
                    "1 to {last_year}"
                ),
                done=done + 1,
                year=event.year,
                last_year=rules.last_year,
            )
        powers = self.scenario.nations
        for power, held in event.centres.items():
            if power not in self.nations:
                raise LedgerFieldError(
                    "centres",
                    N_("unknown power {power!r}; the powers are {powers}"),
                    power=power,
                    powers=", ".join(powers),
                )
            if held < 0:
                raise LedgerFieldError(
                    "centres",
                    N_("{power} = {held}; a power holds 0 centres or more"),
                    power=power,
                    held=held,
                )
        previous = {power: row[-1] for power, row in self.centres.items() if row}
        missing = [
            power
            for power in powers
            if power not in event.centres and (not done or previous.get(power, 0) > 0)
        ]
        if missing:
            raise LedgerFieldError(
                "centres",
                N_(
                    "give every power's centres at the end of year {year}; missing {missing} "
                    "(only a power already at 0 may be left out)"
                ),
                year=event.year,
                missing=", ".join(missing),
            )
        held_now = {power: event.centres.get(power, 0) for power in powers}
        total = sum(held_now.values())
        if total > rules.supply_centres:
            raise LedgerFieldError(
                "centres",
                N_(
                    "year {year} adds up to {total}, more than the map's {supply_centres} supply "
                    "centres (B1)"
                ),
                year=event.year,
                total=total,
                supply_centres=rules.supply_centres,
            )
        table = {power: [*self.centres.get(power, []), held_now[power]] for power in powers}
        try:
            result = standings(table, rules, sovereign=event.sovereign)
        except ValueError as error:
            raise LedgerError(str(error)) from None
        if apply:
            self.centres = table
            if event.sovereign is not None:
                self.sovereign = event.sovereign
            if result.status != "in progress":
                self.finished = True
            else:
                self.turn += 1
        held_text = ", ".join(
            f"{row.power} {row.centres}" for row in result.rows if row.centres > 0
        )
        year_bc = self.scenario.calendar.start_year_bc - (event.year - 1)
        text = N_("year {year} ({year_bc} BC) centres: {held}").format(
            year=event.year, year_bc=year_bc, held=held_text
        )
        victory = result.victory
        if victory is not None:
            text += "; " + N_("{victory}: the game is over").format(victory=victory_text(victory))
        elif result.status == "ended":
            first = result.rows[0]
            if first.decided_by == "draw":
                level = next(group for group in result.draws if first.power in group)
                text += "; " + N_("the game is over: {powers} draw for first place (B2)").format(
                    powers=", ".join(level)
                )
            else:
                text += "; " + N_(
                    "the game is over: {power} first with {centres} centres, decided by "
                    "{decided_by} (B2)"
                ).format(power=first.power, centres=first.centres, decided_by=first.decided_by)
        return text

    def _battle(self, event: BattleRecorded, apply: bool, event_id: int) -> str:
        turn = event.turn or self.turn
        last_winter = max(self.winters_resolved, default=0)
        if not last_winter < turn <= self.turn:
            raise LedgerFieldError(
                "turn",
                N_("a battle can be recorded for turns {first} to {last} (got {turn})"),
                first=last_winter + 1,
                last=self.turn,
                turn=turn,
            )
        if self.is_winter and turn == self.turn:
            raise LedgerFieldError("turn", N_("no battles in the winter turn (T5.1)"))
        sides = {c.side for c in event.contingents}
        if sides != {"a", "b"}:
            raise LedgerFieldError("contingents", N_("each side needs at least one contingent"))
        fielded: dict[str, list[int]] = {}
        for c in event.contingents:
            nation = self.nation(c.nation, "contingents.nation")
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
                army = self.army(c.army, "contingents.army")
                if army.nation != nation.name:
                    raise LedgerFieldError(
                        "contingents.army",
                        N_("{name} belongs to {nation}"),
                        name=army.name,
                        nation=army.nation,
                    )
        for name, (land, naval) in fielded.items():
            nation = self.nations[name]
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
            self.nation(name, "prestige")
        for change in event.morale:
            army = self.army(change.army, "morale.army")
            if change.before != army.morale:
                raise LedgerFieldError(
                    "morale.before",
                    N_("{name} has morale {morale}, not {before}"),
                    name=army.name,
                    morale=army.morale,
                    before=change.before,
                )
        if not apply:
            return ""
        next_winter = self.scenario.calendar.next_winter(turn)
        for c in event.contingents:
            nation = self.nations[c.nation]
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
                self.nations[takers[0].nation].prisoners_held += prisoners
        for name, points in event.prestige.items():
            self.nations[name].prestige += points
        for change in event.morale:
            self.write_journal(
                change.army, change.after, change.reason, turn, event_id, disbanded=change.disbanded
            )
        if event.defeat is not None and event.winner in ("a", "b"):
            winners = {c.nation for c in event.contingents if c.side == event.winner}
            kind = "triumph" if event.defeat == "crushing" else "victory"
            self.victories_this_turn.extend((nation, kind) for nation in sorted(winners))
        self.battles += 1
        # T7.10: a battle fought between two nations sets them at war.
        relations.set_at_war(
            self,
            (c.nation for c in event.contingents if c.side == "a"),
            (c.nation for c in event.contingents if c.side == "b"),
        )
        losses = "; ".join(_contingent_losses(c) for c in event.contingents)
        defeat = event.defeat if event.morale else None
        if event.winner == "draw":
            winner = N_("draw")
        elif defeat:
            winner = N_("side {side} won ({defeat} defeat)").format(
                side=event.winner.upper(), defeat=defeat
            )
        else:
            # Sides are A and B on the desk and the sheet: so in the summary (issue 27).
            winner = N_("side {side} won").format(side=event.winner.upper())
        if event.morale:
            losses = "; ".join(
                (
                    N_("{army} morale {before}→{after} (ceases to exist)")
                    if m.disbanded
                    else N_("{army} morale {before}→{after}")
                ).format(army=m.army, before=m.before, after=m.after)
                for m in event.morale
            )
        text = N_("battle of {place} (turn {turn}, {resolution}): {winner}").format(
            place=event.place,
            turn=turn,
            resolution=RESOLUTION_NAMES.get(event.resolution, event.resolution),
            winner=winner,
        )
        text += "; " + losses
        if event.prestige:
            text += "; " + N_("prestige {changes}").format(
                changes=", ".join(f"{n} {map_war.signed(pp)}" for n, pp in event.prestige.items())
            )
        return text

    def _rebuild(self, event: PmRebuilt, apply: bool) -> str:
        economy = self.economy()
        nation = self.nation(event.nation)
        if nation.decimated_pm < event.pm:
            raise LedgerFieldError(
                "pm",
                N_(
                    "{name} has {decimated_pm} decimated PM that can still be rebuilt (asked "
                    "{pm}; T2.5: up to and including the next winter turn)"
                ),
                name=nation.name,
                decimated_pm=nation.decimated_pm,
                pm=event.pm,
            )
        cost = economy.rebuild_cost * event.pm
        if nation.treasury < cost:
            raise LedgerFieldError(
                "pm",
                N_("rebuilding {pm} PM costs {cost} PE; {name} has {treasury} PE (T2.5)"),
                pm=event.pm,
                cost=cost,
                name=nation.name,
                treasury=nation.treasury,
            )
        if apply:
            nation.treasury -= cost
            nation.land_pm += event.pm
            left = event.pm
            for batch in nation.decimated:
                taken = min(batch.pm, left)
                batch.pm -= taken
                left -= taken
            nation.decimated = [batch for batch in nation.decimated if batch.pm]
        return N_("{nation} rebuilt {pm} decimated PM for {cost} PE").format(
            nation=nation.name, pm=event.pm, cost=cost
        )

    def _recruit(self, event: RecruitmentOrdered, apply: bool) -> str:
        economy = self.economy()
        nation = self.nation(event.nation)
        if not nation.player:
            raise LedgerFieldError(
                "nation", N_("{name} is not a player nation and cannot recruit"), name=nation.name
            )
        if nation.unplayed:
            raise LedgerFieldError(
                "nation",
                N_("{name} has no player: it recruits nothing (T4.4)"),
                name=nation.name,
            )
        if event.land_pm + event.naval_pm == 0:
            raise LedgerFieldError("land_pm", N_("order at least one land or naval PM"))
        if event.province:
            holder = self.control.get(event.province)
            if holder is None:
                raise LedgerFieldError(
                    "province",
                    N_("not a province of this scenario: {province!r}"),
                    province=event.province,
                )
            if holder != nation.name:
                raise LedgerFieldError(
                    "province",
                    N_(
                        "recruits deploy in a controlled province; {province} is held by {holder} "
                        "(T6.1)"
                    ),
                    province=event.province,
                    holder=holder,
                )
            board = map_rules.board_of(self.scenario)
            if event.naval_pm and board is not None and not board.place(event.province).maritime:
                raise LedgerFieldError(
                    "province",
                    N_(
                        "a fleet is launched only in a maritime province; {province} has no coast "
                        "(T6.1)"
                    ),
                    province=event.province,
                )
        cost = economy.land_pm_cost * event.land_pm + economy.naval_pm_cost * event.naval_pm
        if nation.treasury < cost:
            raise LedgerFieldError(
                "land_pm",
                N_(
                    "{land_pm} land and {naval_pm} naval PM cost {cost} PE; {name} has {treasury} "
                    "PE (T6.1)"
                ),
                land_pm=event.land_pm,
                naval_pm=event.naval_pm,
                cost=cost,
                name=nation.name,
                treasury=nation.treasury,
            )
        arrives = self._arrival(self.turn)
        if apply:
            nation.treasury -= cost
            nation.training.append(
                Recruits(
                    land_pm=event.land_pm,
                    naval_pm=event.naval_pm,
                    ordered=self.turn,
                    arrives=arrives,
                    province=event.province,
                )
            )
        return N_(
            "{nation} ordered {land} land and {naval} naval PM for {cost} PE, arriving turn "
            "{arrives}"
        ).format(
            nation=nation.name, land=event.land_pm, naval=event.naval_pm, cost=cost, arrives=arrives
        )

    def _arrival(self, ordered: int) -> int:
        """T6.1: 4 turns after the order; training that ends in winter deploys in spring."""
        economy = self.economy()
        calendar = self.scenario.calendar
        arrives = ordered + economy.recruit_delay_turns
        if not calendar.winter_turn:
            return arrives
        of_year = calendar.turn_of_year(ordered)
        if of_year + economy.recruit_delay_turns > calendar.turns_per_year:
            return (calendar.year_index(ordered) + 1) * calendar.year_length + 1
        return arrives

    def _adjust_forces(self, event: ForcesAdjusted, apply: bool) -> str:
        nation = self.nation(event.nation)
        _need_note(event.note)
        if event.land_pm == 0 and event.naval_pm == 0:
            raise LedgerFieldError("land_pm", N_("give a land or naval PM change"))
        if nation.land_pm + event.land_pm < 0:
            raise LedgerFieldError(
                "land_pm",
                N_("{name} has {land_pm} land PM"),
                name=nation.name,
                land_pm=nation.land_pm,
            )
        if nation.naval_pm + event.naval_pm < 0:
            raise LedgerFieldError(
                "naval_pm",
                N_("{name} has {naval_pm} naval PM"),
                name=nation.name,
                naval_pm=nation.naval_pm,
            )
        if apply:
            nation.land_pm += event.land_pm
            nation.naval_pm += event.naval_pm
        return N_("{nation} forces {land} land, {naval} naval PM").format(
            nation=nation.name, land=f"{event.land_pm:+d}", naval=f"{event.naval_pm:+d}"
        )

    def _advance(self, event: TurnAdvanced, apply: bool, event_id: int = 0) -> str:
        calendar = self.scenario.calendar
        if self.is_winter and self.turn not in self.winters_resolved:
            raise LedgerFieldError(
                "turn", N_("resolve the winter turn first (castra campaign winter)")
            )
        if self.turn >= calendar.total_turns:
            raise LedgerFieldError("turn", N_("{turn} is the campaign's last turn"), turn=self.turn)
        for name, pe in event.tribute.items():
            nation = self.nation(name, "tribute")
            if pe < 0:
                raise LedgerFieldError(
                    "tribute", N_("{name} collects 0 PE or more (got {pe})"), name=name, pe=pe
                )
            self._check_treasury_bound(nation, pe, "tribute", apply)
        for name, pe in event.siege_costs.items():
            self.nation(name, "siege_costs")
            if pe < 0:
                raise LedgerFieldError(
                    "siege_costs", N_("{name} pays 0 PE or more (got {pe})"), name=name, pe=pe
                )
        if not apply:
            return ""
        for name, pe in event.tribute.items():
            self.nations[name].treasury += pe
        for name, pe in event.siege_costs.items():
            self.nations[name].treasury = max(0, self.nations[name].treasury - pe)
        self._set_initiative()
        phases.end_of_turn(self, apply=True)
        self.meetings = []
        self.landed = []
        self.turn += 1
        if calendar.turn_of_year(self.turn) == 1:
            self.sacked = []  # T5.3: no tribute from a sacked province until spring
        arrived: list[str] = []
        for nation in self.nations.values():
            keep: list[Recruits] = []
            for batch in nation.training:
                if batch.arrives <= self.turn:
                    nation.land_pm += batch.land_pm
                    nation.naval_pm += batch.naval_pm
                    arrived.append(
                        N_("{nation} +{land} land, +{naval} naval").format(
                            nation=nation.name, land=batch.land_pm, naval=batch.naval_pm
                        )
                    )
                else:
                    keep.append(batch)
            nation.training = keep
        text = N_("turn {turn} ended").format(turn=self.turn - 1)
        text += "; " + N_("now {date}").format(date=self.date)
        if event.tribute:
            text += "; " + N_("tribute {amounts}").format(amounts=_pe_list(event.tribute))
        if event.siege_costs:
            text += "; " + N_("siege costs (T5.4) {amounts}").format(
                amounts=_pe_list(event.siege_costs)
            )
        if arrived:
            text += "; " + N_("recruits arrived: {batches}").format(batches=", ".join(arrived))
        on_the_map = dba_map.end_of_turn(self, event_id)
        if on_the_map:
            text += "; " + "; ".join(on_the_map)
        return text

    def _check_treasury_bound(self, nation: NationState, pe: int, field: str, apply: bool) -> None:
        """T7.8: no treasury above the campaign's bound (10,000 PE unless the data says).

        Checked when an event is appended, not when one is replayed, so a campaign file
        recorded before the bound keeps opening."""
        economy = self.scenario.economy
        if apply or economy is None or pe <= 0:
            return
        if nation.treasury + pe > economy.max_treasury_pe:
            raise LedgerFieldError(
                field,
                N_("{nation} would hold {total} PE; no treasury holds more than {bound} PE (T7.8)"),
                nation=nation.name,
                total=nation.treasury + pe,
                bound=f"{economy.max_treasury_pe:,}",
            )

    def _set_initiative(self) -> None:
        attacker = self.scenario.attacker
        if attacker is None or len(self.scenario.nations) != 2:
            return
        from converters.morale import initiative

        first, second = self.scenario.nations
        victories: list[tuple[str, Any]] = list(self.victories_this_turn)
        self.initiative = initiative(victories, sides=(first, second), attacker=attacker).side
        self.victories_this_turn = []

    def _winter(self, event: WinterResolved, apply: bool) -> str:
        calendar = self.scenario.calendar
        table = self.scenario.winter_events
        if not self.is_winter or table is None:
            raise LedgerFieldError("turn", N_("{date} is not a winter turn"), date=self.date)
        if self.turn in self.winters_resolved:
            raise LedgerFieldError(
                "turn", N_("the winter of turn {turn} is already resolved"), turn=self.turn
            )
        if event.occupation and (event.stationed or not self.forces):
            raise LedgerFieldError(
                "stationed",
                N_("read from the map in this campaign (T5.7, T7.8)"),
            )
        if event.stationed is not None:
            # Before the die is looked at, so a form can check the PM before rolling it.
            self.check_stationed(event.stationed)
        dice = [roll for roll in event.rolls if roll.sides == table.die]
        if len(dice) != 1:
            raise LedgerFieldError(
                "rolls", N_("the winter needs exactly one d{die} (T5.6)"), die=table.die
            )
        face = dice[0].value
        spec = table.event_for(face)
        happened = self.winter_event_counts.get(spec.key, 0)
        effective = spec if happened < table.times_at_most else table.event_for(table.die)
        storm_loser: str | None = None
        if effective.naval_pm:
            fleets = self.nations
            if event.on_map:
                # T7.9: the storm strikes the nation with most naval PM *after* upkeep.
                scratch = self.model_copy(deep=True)
                scratch._pay_upkeep(skip_away=True, mercenaries=event.mercenaries)
                fleets = {n: x for n, x in scratch.nations.items() if not x.away}
            most = max(n.naval_pm for n in fleets.values())
            tied = [n.name for n in fleets.values() if n.naval_pm == most and most > 0]
            if event.storm_nation is not None:
                if event.storm_nation not in tied:
                    raise LedgerFieldError(
                        "storm_nation",
                        N_("the storm strikes the nation with most naval PM: {tied}"),
                        tied=", ".join(tied) or _("nobody has fleets"),
                    )
                storm_loser = event.storm_nation
            elif len(tied) > 1:
                raise LedgerFieldError(
                    "storm_nation",
                    N_("{tied} tie for most naval PM; name the one the storm strikes"),
                    tied=", ".join(tied),
                )
            elif tied:
                storm_loser = tied[0]
        elif event.storm_nation is not None:
            raise LedgerFieldError("storm_nation", N_("only for the storm (7)"))
        if event.on_map:
            map_war.check_winter_map(self, effective.key, event.annex)
        elif event.annex is not None:
            raise LedgerFieldError("annex", N_("only in a campaign with a map (T7.9)"))
        if not apply:
            return ""
        lines: list[str] = []
        # T6.2 upkeep first: it is owed for the PM kept when winter comes.
        lines.extend(self._pay_upkeep(skip_away=event.on_map, mercenaries=event.mercenaries))
        # T5.6 the winter event.
        self.winter_event_counts[spec.key] = happened + 1
        if effective is spec:
            lines.append(N_("winter event {face}: {what}").format(face=face, what=spec.text))
        else:
            lines.append(
                N_("winter event {face}: {event} has happened twice: nothing (T5.6)").format(
                    face=face, event=spec.key
                )
            )
        target = self.nations.get(effective.nation or "")
        if event.on_map and effective.key != "storm":
            lines.extend(map_war.winter_on_map(self, effective, happened, event.annex))
        elif effective.key == "barbarians" and target is not None:
            if happened == 0:
                target.away = True
            else:
                target.away = False
                target.prestige += effective.second_time_prestige
        elif effective.land_pm and target is not None:
            target.land_pm += effective.land_pm
        elif storm_loser is not None:
            loser = self.nations[storm_loser]
            lost = min(loser.naval_pm, -effective.naval_pm)
            loser.naval_pm -= lost
            lines.append(
                N_("storm: {nation} loses {lost} naval PM").format(nation=storm_loser, lost=lost)
            )
        # T2.5 decimated PM not rebuilt by now are gone.
        for nation in self.nations.values():
            gone = self._expire_decimated(nation, apply=True, at=self.turn)
            if gone:
                # One PM "expires", more "expire" (issue 27); the plural template reads the
                # winters recorded before either way.
                template = (
                    N_("{nation}: {gone} decimated PM expires")
                    if gone == 1
                    else N_("{nation}: {gone} decimated PM expire")
                )
                lines.append(template.format(nation=nation.name, gone=gone))
        # T5.7 control checks: after the event (its prestige counts), before the VP, which
        # count the PE of the provinces each nation then controls (T5.8).
        if event.occupation:
            lines.extend(conquest.occupation_checks(self))
        elif event.stationed is not None:
            lines.extend(self._control_checks(event.stationed))
        # T5.8 victory points.
        final = self.turn >= calendar.total_turns
        economy = self.economy()
        for nation in self.nations.values():
            if not nation.player or (event.on_map and nation.away):
                continue  # T7.9: a nation off the map scores no VP while away
            points = (
                self.controlled_value(nation.name)
                + nation.land_pm
                + nation.naval_pm
                + nation.prestige
            )
            if final:
                points += nation.treasury // economy.final_vp_treasury_pe
            nation.victory_points = points
        lines.append(
            N_("VP {scores}").format(
                scores=", ".join(
                    f"{n.name} {n.victory_points}" for n in self.nations.values() if n.player
                )
            )
        )
        self.winters_resolved.append(self.turn)
        if event.victory:
            # T5.8: after the control checks and the VP, every nation that meets its
            # condition wins; the campaign then ends.
            self.winners = [c.nation for c in self.victory_conditions() if c.met]
            if self.winners:
                self.finished = True
                lines.append(
                    N_("strategic victory (T5.8): {winners}; the campaign is over").format(
                        winners=", ".join(self.winners)
                    )
                )
        if final and not self.winners:
            self.finished = True
            lines.append(N_("the campaign is over (T5.1)"))
        return "; ".join(lines)

    def _pay_upkeep(self, *, skip_away: bool, mercenaries: bool = False) -> list[str]:
        """T6.2: every player nation pays its winter upkeep or disbands what it cannot keep;
        with the map, a nation away (Pyrrhus in Greece, T7.9) pays none; ``mercenaries``
        (T5.5): the employer pays for its mercenaries and disbands them first."""
        lines: list[str] = []
        for nation in self.nations.values():
            if not nation.player or (skip_away and nation.away):
                continue
            paid = 0
            disbanded: dict[str, int] = {}
            for what, cost in self.upkeep_items(nation, mercenaries=mercenaries):
                if nation.treasury - paid >= cost:
                    paid += cost
                else:
                    disbanded[what] = disbanded.get(what, 0) + 1
            nation.treasury -= paid
            self._disband(nation, disbanded, mercenaries=mercenaries)
            if paid or disbanded:
                text = N_("{nation} upkeep {paid} PE").format(nation=nation.name, paid=paid)
                if disbanded:
                    text = N_("{nation} upkeep {paid} PE (unpaid, disbanded: {what})").format(
                        nation=nation.name,
                        paid=paid,
                        what=", ".join(f"{n} {what}" for what, n in disbanded.items()),
                    )
                lines.append(text)
        return lines

    def _control_checks(self, stationed: dict[str, int]) -> list[str]:
        """T5.7: check every occupied province; the homeland takes back those it wins, and each
        checked province's loyalty is 0 for ever. Returns a line per province."""
        lines: list[str] = []
        for entry in self.occupied():
            result = entry.check(stationed.get(entry.province, 0))
            if result.keeper == "owner":
                self.control[entry.province] = entry.homeland
                outcome = N_("{nation} takes it back").format(nation=entry.homeland)
            else:
                outcome = N_("{nation} keeps it").format(nation=entry.holder)
            if result.owner_score == result.occupier_score:
                outcome += self.rules.note("control_tie")
            if entry.province not in self.loyalty_spent:
                self.loyalty_spent.append(entry.province)
            lines.append(
                N_(
                    "control check {province}: {homeland} {homeland_score} v {holder} "
                    "{holder_score}, {outcome} (loyalty now 0, T5.7)"
                ).format(
                    province=entry.province,
                    homeland=entry.homeland,
                    homeland_score=result.owner_score,
                    holder=entry.holder,
                    holder_score=result.occupier_score,
                    outcome=outcome,
                )
            )
        return lines

    def _disband(
        self, nation: NationState, disbanded: dict[str, int], *, mercenaries: bool = False
    ) -> None:
        if mercenaries and self.mercenary_pm(nation.name)[0]:
            # T5.5: a nation's own debt disbands its own PM, never those another pays for.
            own = [
                f
                for f in self.forces.values()
                if f.nation == nation.name and f.kind == "army" and f.paid_by is None
            ]
            left = disbanded.get("land", 0)
            for force in reversed(own):
                taken = min(left, force.pm)
                force.pm -= taken
                left -= taken
                if force.pm == 0:
                    del self.forces[force.name]
        left = disbanded.get("mercenary", 0)
        for force in [f for f in self.forces.values() if f.paid_by == nation.name]:
            # T5.5: the employer's unpaid mercenaries leave the map and their nation's PM.
            taken = min(left, force.pm)
            force.pm -= taken
            self.nations[force.nation].land_pm -= taken
            left -= taken
            if force.pm == 0:
                del self.forces[force.name]
        nation.land_pm -= disbanded.get("land", 0)
        nation.naval_pm -= disbanded.get("naval", 0)
        for what, field in (("training land", "land_pm"), ("training naval", "naval_pm")):
            left = disbanded.get(what, 0)
            for batch in reversed(nation.training):
                taken = min(left, getattr(batch, field))
                setattr(batch, field, getattr(batch, field) - taken)
                left -= taken
        nation.training = [b for b in nation.training if b.land_pm or b.naval_pm]

    def _expire_decimated(self, nation: NationState, *, apply: bool, at: int = 0) -> int:
        """T2.5: batches whose winter has been resolved are gone."""
        gone = sum(b.pm for b in nation.decimated if b.expires is not None and b.expires <= at)
        if apply and gone:
            nation.decimated = [b for b in nation.decimated if b.expires is None or b.expires > at]
        return gone

    def _forced_march(self, event: ForcedMarch, apply: bool, event_id: int) -> str:
        from converters.morale import forced_march

        army = self.army(event.army)
        march = forced_march(army.morale, event.loyalty, bar=self.rules.forced_march_bar)
        if not march.allowed:
            field = "army" if self.rules.forced_march_bar == "morale" else "loyalty"
            raise LedgerFieldError(field, N_("{reason}"), reason=translate_recorded(march.reason))
        if apply:
            self.write_journal(army.name, march.morale_after, march.reason, self.turn, event_id)
        return N_("{army} forced march: morale {morale} ({reason})").format(
            army=army.name, morale=march.morale_after, reason=march.reason
        )

    def _tactical_retreat(self, event: TacticalRetreat, apply: bool, event_id: int) -> str:
        from converters.morale import tactical_retreat

        army = self.army(event.army)
        result = tactical_retreat(army.morale)
        after = 0 if result.morale_after is None else result.morale_after
        if apply:
            self.write_journal(
                army.name,
                after,
                result.check.reason,
                self.turn,
                event_id,
                disbanded=result.destroyed,
            )
        fate = N_("disbands") if result.destroyed else N_("morale {morale}").format(morale=after)
        return N_("{army} tactical retreat: {fate} ({reason})").format(
            army=army.name, fate=fate, reason=result.check.reason
        )


def _contingent_losses(contingent: Any) -> str:
    """One side's contingent in a battle's summary: "Rome −2 PM, 1 prisoners, −1 naval"."""
    if contingent.pm_lost:
        parts = [N_("{nation} −{pm} PM").format(nation=contingent.nation, pm=contingent.pm_lost)]
    elif contingent.pm:
        parts = [N_("{nation} no PM lost").format(nation=contingent.nation)]
    else:
        parts = [contingent.nation]
    if contingent.prisoners:
        parts.append(N_("{prisoners} prisoners").format(prisoners=contingent.prisoners))
    if contingent.naval_lost:
        parts.append(N_("−{naval} naval").format(naval=contingent.naval_lost))
    if contingent.naval_captured:
        parts.append(N_("+{naval} naval captured").format(naval=contingent.naval_captured))
    return ", ".join(parts)


def _pe_list(amounts: dict[str, int]) -> str:
    """ "Rome 12 PE, Carthage 8 PE": each nation's PE, as tribute and siege costs list them."""
    return ", ".join(N_("{nation} {pe} PE").format(nation=n, pe=pe) for n, pe in amounts.items())


def undo_summary(target: int, reason: str) -> str:
    """What an undo did, in words, for the history (recorded English, shown translated)."""
    return N_("undid #{target}: {reason}").format(target=target, reason=reason)


def _need_note(note: str) -> None:
    if not note.strip():
        raise LedgerFieldError("note", N_("say why (a short note is required for this event)"))


def initial_state(created: CampaignCreated) -> CampaignState:
    """The state right after the campaign was created, before any other event."""
    scenario = created.scenario
    nations: dict[str, NationState] = {}
    for name in scenario.all_holders:
        land, naval = scenario.starting_pm(name)
        nations[name] = NationState(
            name=name,
            player=name in scenario.nations,
            land_pm=land,
            naval_pm=naval,
            treasury=scenario.treasuries.get(name, 0),
            prestige=scenario.prestige.get(name, 0),
        )
    placed = (
        map_rules.placed_from_start(scenario) if map_rules.board_of(scenario) is not None else {}
    )
    state = CampaignState(
        scenario=scenario,
        rules=created.rules,
        forces=placed,
        map_note=map_rules.MADE_BEFORE_THE_MAP if placed and scenario.board is None else "",
        nations=nations,
        control={province.name: province.homeland for province in scenario.provinces},
        armies={
            army.name: ArmyState(
                name=army.name, nation=army.nation, leader=army.leader, morale=army.morale
            )
            for army in scenario.armies
        },
        initiative=scenario.attacker,
        dba_map=dba_map.start(scenario),
        last_event_id=1,
    )
    state.phase = phases.first_phase(state)
    for name in created.no_player:
        state.nations[name].unplayed = True
    return state


def replay(events: Iterable[tuple[int, Event]]) -> CampaignState:
    """Fold ``(id, event)`` pairs, oldest first, into the campaign state.

    The first event must be :class:`CampaignCreated`. Undone events are skipped: an
    :class:`Undone` names its target, and both stay in the history.
    """
    items = list(events)
    undone = _undone_targets(items)
    state = initial_state(_creation(items))
    state.last_event_id = items[0][0]
    for event_id, event in items[1:]:
        if isinstance(event, Undone) or event_id in undone:
            state.last_event_id = event_id
            continue
        state.apply(event, event_id)
    return state


def replay_as_recorded(
    events: Iterable[tuple[int, Event]], *, lenient: bool = False
) -> tuple[CampaignState, dict[int, str]]:
    """Replay ``(id, event)`` pairs as they were recorded: the campaign state now and what
    each event did, in words, when it was recorded.

    An event later undone was recorded in the campaign as it stood then, other events later
    undone included, so each event is applied to the state in force at its own moment; an
    undo puts back the state its target left (a replay of the events before it). Raises
    :class:`LedgerError` if an event could not have been recorded when it was: a log that
    fails here was never written by Castra. ``lenient`` words such an event's failure as its
    summary instead, so that the history of a file imported by an older Castra still reads.
    """
    items = list(events)
    undone = _undone_targets(items)
    created = _creation(items)
    state = initial_state(created)
    state.last_event_id = items[0][0]
    summaries = {items[0][0]: N_("campaign created: {title}").format(title=created.scenario.title)}
    chosen = created.rules.changed()
    if chosen:  # docs/rules.md H: the house rules chosen at creation
        summaries[items[0][0]] += "; " + N_("house rules {rules}").format(
            rules=", ".join(f"{name} = {value}" for name, value in chosen.items())
        )
    if state.map_note:
        summaries[items[0][0]] += f"; {state.map_note}"
    if created.imported_on_trust is not None:
        summaries[items[0][0]] += "; " + N_("imported on trust: no hash chain vouched for it")
    # The state each event to be undone found, kept while it is the last event in force: an
    # undo of the last event in force (the only kind Castra writes) puts it back without a
    # replay, so the history of a long campaign with many undos stays one pass.
    before: dict[int, CampaignState] = {}
    in_force: list[int] = []
    for position, (event_id, event) in enumerate(items[1:], start=2):
        if isinstance(event, Undone):
            if in_force and in_force[-1] == event.target and event.target in before:
                state = before.pop(event.target)
                state.last_event_id = event_id
            else:
                state = replay(items[:position])
            if event.target in in_force:
                in_force.remove(event.target)
            summaries[event_id] = undo_summary(event.target, event.reason)
            continue
        if event_id in undone:
            before[event_id] = state.model_copy(deep=True)
        try:
            summaries[event_id] = state.apply(event, event_id)
        except LedgerError as error:
            if not lenient:
                raise
            summaries[event_id] = N_("(could not have been recorded then: {error})").format(
                error=error.english if isinstance(error, LedgerFieldError) else error
            )
            state = replay(items[:position])
        in_force.append(event_id)
    return state, summaries


def _creation(items: list[tuple[int, Event]]) -> CampaignCreated:
    first = items[0][1] if items else None
    if not isinstance(first, CampaignCreated):
        raise LedgerFieldError("events", N_("a campaign starts with its creation event"))
    return first


def _undone_targets(items: list[tuple[int, Event]]) -> set[int]:
    """The ids the log's undos cancel; LedgerError if an undo names no earlier event in force."""
    kinds = {event_id: event.kind for event_id, event in items}
    undone: set[int] = set()
    for event_id, event in items:
        if isinstance(event, Undone):
            if (
                not 1 < event.target < event_id
                or kinds.get(event.target) in (None, "undone")
                or event.target in undone
            ):
                raise LedgerFieldError(
                    "target",
                    N_(
                        "undo #{event_id} cancels #{target}, which is not an earlier event in force"
                    ),
                    event_id=event_id,
                    target=event.target,
                )
            undone.add(event.target)
    return undone
