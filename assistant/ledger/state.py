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

from pydantic import BaseModel, ConfigDict

from armylists.names import nation_name, nearest_nation
from armylists.scenarios import Economy, Scenario
from assistant.ledger import (
    conquest,
    dba_map,
    invasions,
    map_war,
    meeting_battle,
    phases,
    recruitment,
    relations,
    solo,
    withdrawal,
)
from assistant.ledger import forces as map_rules
from assistant.ledger import naval as naval_rules
from assistant.ledger import orders as sealed
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
    SealedOrder,
    SideDone,
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
    WithdrawalPursued,
)
from converters.bellum import Standings, standings, victory_text
from converters.control import ControlCheck, control_check, pm_to_keep
from converters.dba_campaign import MapState
from converters.errors import FieldError
from converters.house_rules import ControlTie, HouseRules
from converters.i18n import N_, _, translate_recorded
from converters.victory import Province as VictoryProvince
from converters.victory import VictoryCondition, strategic_victory

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


class LedgerError(ValueError):
    """An impossible event: one line naming the field and what is allowed. Nothing is written."""


class LedgerFieldError(FieldError, LedgerError):
    """A :class:`LedgerError` that carries its field, for each interface to name its own way.

    ``message`` is the English template, marked with ``N_``: it is translated here, for the
    interface, while :attr:`english` keeps the language-neutral line for what is recorded (a
    history summary that words why an imported event could not have been recorded)."""

    def __init__(self, field: str | tuple[str, ...], message: str, **values: Any) -> None:
        self.english = FieldError(field, message, **values).text()
        """The refusal in English, the way the ledger records text."""
        # A nation or a date inside the refusal reads as the interface says it ("Roma ha 0 PM
        # …", "Turno 2, aprile 278 a.C. … non è un turno invernale").
        shown = {key: _shown_value(key, value) for key, value in values.items()}
        super().__init__(field, _(message), **shown)

    @classmethod
    def inside(cls, *, field: str, refusal: FieldError) -> LedgerFieldError:
        """``refusal`` of a place inside what ``field`` gave (a dice log's
        ``b.contingents[0].pm_lost``), as a refusal of ``field`` naming that place."""
        if not refusal.fields:
            return cls(field, N_("{reason}"), reason=refusal.reason())
        place = "/".join(refusal.fields)
        return cls(field, N_("{place}: {reason}"), place=place, reason=refusal.reason())


def _shown_value(key: str, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if key == "date":
        return translate_recorded(value)
    return nation_name(value)


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class DecimatedPM(_State):
    """Land PM lost in one battle, waiting to be rebuilt (T2.5)."""

    pm: int
    """How many are still decimated (not rebuilt)."""
    turn: int
    """The battle's turn."""
    place: str = ""
    """Where they were lost."""
    expires: int | None
    """The winter turn after which they are gone; None in a campaign without winters."""


class Recruits(_State):
    """PM ordered and still training (T6.1)."""

    land_pm: int
    """Land PM."""
    naval_pm: int
    """Naval PM."""
    ordered: int
    """Turn of the order."""
    arrives: int
    """First turn they are in play."""
    province: str = ""
    """Where they deploy."""
    join: str = ""
    """The army they join there; empty: a new army (T6.1)."""


class NationState(_State):
    """One nation's forces, money and standing."""

    name: str
    """As the scenario names it."""
    player: bool = True
    """False for a holder that is nobody's nation ("Neutral")."""
    land_pm: int = 0
    """Land PM in play."""
    naval_pm: int = 0
    """Naval PM (fleets) in play."""
    decimated: list[DecimatedPM] = []
    """Decimated land PM, oldest first (T2.5)."""
    training: list[Recruits] = []
    """Recruits not yet arrived (T6.1)."""
    treasury: int = 0
    """PE in the treasury; never below 0."""
    prestige: int = 0
    """PP."""
    victory_points: int | None = None
    """VP at the last winter (T5.8); None before the first winter."""
    prisoners_held: int = 0
    """Enemy land PM this nation holds prisoner (T4.3)."""
    away: bool = False
    """Pyrrhus away in Greece after the barbarian invasion (T5.6, 1–2)."""
    unplayed: bool = False
    """T4.4: a player nation nobody plays now: it gives no orders and recruits nothing; its
    forces stand and defend; it pays and collects as usual."""

    @property
    def decimated_pm(self) -> int:
        """Decimated PM that can still be rebuilt."""
        return sum(batch.pm for batch in self.decimated)


class JournalEntry(_State):
    """One line of an army journal (D1)."""

    turn: int
    """The turn."""
    before: int
    """Morale before."""
    after: int
    """Morale after."""
    reason: str
    """What happened, with the rule."""
    event_id: int
    """The ledger event that wrote it."""


class ArmyState(_State):
    """One army of Macedon vs Persia (D1)."""

    name: str
    """Its name."""
    nation: str
    """Its side."""
    leader: bool = False
    """The side leader's army."""
    morale: int
    """0–6."""
    alive: bool = True
    """False once it ceased to exist or disbanded (D3, D5)."""
    journal: list[JournalEntry] = []
    """Every morale change (D1)."""


class OccupiedProvince(BaseModel):
    """A province held by a nation other than its homeland (T5.7), as the winter finds it.

    **Reading**: occupied means its holder is not its homeland and its homeland is a nation
    (not "Neutral": the seed speaks of a territory belonging to another *nation*).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    province: str
    """The province."""
    homeland: str
    """The nation it belonged to at the start: the owner of the check."""
    holder: str
    """The nation holding it now: the occupier."""
    loyalty: int
    """Its loyalty to the homeland now: the scenario's, or 0 once a check has spent it."""
    loyalty_spent: bool
    """A control check has already set its loyalty to 0 for ever (T5.7)."""
    owner_pp: int
    """The homeland's PP now."""
    occupier_pp: int
    """The holder's PP now."""
    owner_score: int
    """The homeland's score: its PP + the loyalty."""
    pm_to_keep: int
    """PM the holder must have stationed there to keep it (a tie is enough unless the house
    rule ``control_tie = owner``), at today's PP."""
    tie: ControlTie = "occupier"
    """T5.7 house rule ``control_tie`` in force: who a tie goes to."""

    def check(self, stationed_pm: int) -> ControlCheck:
        """T5.7 with ``stationed_pm`` of the holder's PM in the province."""
        return control_check(self.owner_pp, self.loyalty, self.occupier_pp, stationed_pm, self.tie)


class CampaignState(_State):
    """Everything the ledger's events add up to."""

    scenario: Scenario
    """What the campaign started from."""
    rules: HouseRules = HouseRules()
    """The house rules in force now (docs/rules.md H): chosen at creation, changed by events."""
    turn: int = 1
    """The current turn."""
    last_event_id: int = 0
    """Id of the last event replayed."""
    nations: dict[str, NationState]
    """Player nations then other holders, in the scenario's order."""
    control: dict[str, str] = {}
    """Province → its holder."""
    loyalty_spent: list[str] = []
    """Provinces whose loyalty a winter control check has set to 0 for ever (T5.7), in the
    order checked."""
    winters_resolved: list[int] = []
    """Winter turns already resolved."""
    winter_event_counts: dict[str, int] = {}
    """How often each winter event has happened (T5.6: twice at most)."""
    armies: dict[str, ArmyState] = {}
    """Armies with morale (Macedon vs Persia)."""
    battles: int = 0
    """Battles recorded (not undone)."""
    victories_this_turn: list[tuple[str, str]] = []
    """(side, "victory"|"triumph") of this turn's battles, for D6."""
    initiative: str | None = None
    """The side with the initiative this turn (D6), when the scenario has an attacker."""
    finished: bool = False
    """The last turn has been played (T5.1), or a Bellum game is won or over (B1)."""
    winners: list[str] = []
    """T5.8: the nations that won a strategic victory at a winter's end (the campaign is then
    over); empty otherwise."""
    centres: dict[str, list[int]] = {}
    """Bellum: the supply centres each power held at the end of each year, year 1 first
    (empty before the first year is recorded, and in other campaigns)."""
    sovereign: str | None = None
    """Bellum: the power every surviving player proclaimed sovereign (B1), if any."""
    forces: dict[str, map_rules.Force] = {}
    """T7.2: every army and fleet on the map, by name (empty in a campaign without a map)."""
    map_note: str = ""
    """How the forces came onto the map when not from the campaign's creation (T7.2)."""
    besieged: list[str] = []
    """Cities under siege now (T5.4, T7.6)."""
    sacked: list[str] = []
    """Provinces sacked this year: no tribute until spring (T5.3)."""
    sacked_by: dict[str, list[str]] = {}
    """Province → the nations that sacked it: its loyalty toward them is −10 for ever (T5.3)."""
    sacks: dict[str, int] = {}
    """How many times each nation has sacked (Carthage's first is tolerated, T4.2)."""
    treaties: list[map_war.Treaty] = []
    """Public treaties, in the order recorded (T7.10)."""
    wars: list[list[str]] = []
    """T7.10: the pairs of nations at war (each pair sorted), by a declaration of war or a
    battle fought between them, until a treaty between them; see
    :mod:`assistant.ledger.relations`."""
    interceptions: list[naval_rules.Interception] = []
    """Interceptions rolled, so a meeting gets one roll (T3.6)."""
    gallic: list[str] = []
    """The Senones' special provinces already passed to them (T7.9)."""
    dba_map: MapState | None = None
    """Macedon vs Persia: armies on the map, provinces' control, loyalty and status (D9–D13)."""
    ever_lost: list[str] = []
    """Provinces that have left their homeland's hands at least once (T4.3 "own since the
    start")."""
    phase: phases.Phase | None = None
    """The phase of the turn the campaign is in (T5.2, D6; None without a turn by the book),
    moved only by :func:`assistant.ledger.phases.admit` as events are replayed."""
    orders: dict[str, list[SealedOrder]] = {}
    """T7.3: each nation's sealed orders waiting to be carried out this turn."""
    orders_resolved_turn: int = 0
    """The last turn whose orders were carried out (once a turn, T7.3)."""
    meetings: list[sealed.MeetingState] = []
    """T7.4: the meetings found when this turn's orders were carried out, sea first."""
    landed: list[str] = []
    """Armies that landed this turn after the naval battles (T5.2 phase 6): their approach to
    a meeting is a landing (T3.2)."""

    # ---- reading -----------------------------------------------------------------------

    @property
    def date(self) -> str:
        """E.g. "Turn 3, May 278 BC (1st fortnight)"."""
        return self.scenario.calendar.date(self.turn)

    @property
    def is_winter(self) -> bool:
        """The current turn is a winter turn (T5.1)."""
        return self.scenario.calendar.is_winter(self.turn)

    def nation(self, name: str, field: str = "nation") -> NationState:
        """The nation called ``name``, or a LedgerError naming ``field`` and the choices."""
        found = self.nations.get(name)
        if found is None:
            choices = ", ".join(nation_name(nation) for nation in self.nations)
            guess = nearest_nation(name, list(self.nations))
            if guess is not None:
                raise LedgerFieldError(
                    field,
                    N_("one of {choices} (got {name!r}; did you mean {guess}?)"),
                    choices=choices,
                    name=name,
                    guess=nation_name(guess),
                )
            raise LedgerFieldError(
                field, N_("one of {choices} (got {name!r})"), choices=choices, name=name
            )
        return found

    def army(self, name: str, field: str = "army") -> ArmyState:
        """The living army called ``name``."""
        found = self.armies.get(name)
        if found is None and not self.armies:
            raise LedgerFieldError(
                field,
                N_("this campaign has no armies with morale (Macedon vs Persia has; got {name!r})"),
                name=name,
            )
        if found is None:
            raise LedgerFieldError(
                field,
                N_("one of {choices} (got {name!r})"),
                choices=", ".join(self.armies),
                name=name,
            )
        if not found.alive:
            raise LedgerFieldError(field, N_("{name} no longer exists"), name=name)
        return found

    def controlled_value(self, nation: str) -> int:
        """PE of the provinces ``nation`` controls (T5.3, T5.8)."""
        values = {province.name: province.value for province in self.scenario.provinces}
        return sum(values[p] for p, holder in self.control.items() if holder == nation)

    def loyalty(self, province: str) -> int:
        """The province's loyalty to its homeland now: 0 once a control check spent it (T5.7)."""
        if province in self.loyalty_spent:
            return 0
        for known in self.scenario.provinces:
            if known.name == province:
                return known.loyalty
        raise LedgerFieldError(
            "province", N_("not a province of this scenario: {province!r}"), province=province
        )

    def occupied(self) -> list[OccupiedProvince]:
        """T5.7: every province held by a nation other than its homeland nation, in the
        scenario's order, with the figures of its control check (see
        :class:`OccupiedProvince` for the reading of "occupied")."""
        found: list[OccupiedProvince] = []
        for province in self.scenario.provinces:
            holder = self.control.get(province.name, province.homeland)
            if holder == province.homeland or province.homeland not in self.scenario.nations:
                continue
            loyalty = self.loyalty(province.name)
            owner_pp = self.nations[province.homeland].prestige
            occupier_pp = self.nations[holder].prestige
            found.append(
                OccupiedProvince(
                    province=province.name,
                    homeland=province.homeland,
                    holder=holder,
                    loyalty=loyalty,
                    loyalty_spent=province.name in self.loyalty_spent,
                    owner_pp=owner_pp,
                    occupier_pp=occupier_pp,
                    owner_score=owner_pp + loyalty,
                    pm_to_keep=pm_to_keep(owner_pp, loyalty, occupier_pp, self.rules.control_tie),
                    tie=self.rules.control_tie,
                )
            )
        return found

    def check_stationed(self, stationed: dict[str, int]) -> None:
        """Refuse PM stationed (T5.7) in a province that is unknown or not occupied, or a
        negative number, with one line naming the field ``stationed``."""
        occupied = {entry.province: entry for entry in self.occupied()}
        homelands = {province.name: province.homeland for province in self.scenario.provinces}
        for province, pm in stationed.items():
            if province not in homelands:
                raise LedgerFieldError(
                    "stationed",
                    N_("not a province of this scenario: {province!r}"),
                    province=province,
                )
            if province not in occupied:
                homeland = homelands[province]
                why = (
                    f"its homeland is {homeland}, not a nation"
                    if homeland not in self.scenario.nations
                    else f"held by its homeland {homeland}"
                )
                raise LedgerFieldError(
                    "stationed",
                    N_("{province} is not occupied ({why}); occupied now: {occupied} (T5.7)"),
                    province=province,
                    why=why,
                    occupied=", ".join(occupied) or _("none"),
                )
            if isinstance(pm, bool) or not isinstance(pm, int) or pm < 0:
                raise LedgerFieldError(
                    "stationed",
                    N_("{province}: PM 0 or more (got {pm!r})"),
                    province=province,
                    pm=pm,
                )

    def victory_conditions(self) -> list[VictoryCondition]:
        """T5.8: each nation's strategic condition as the figures stand now, with what it
        lacks; a LedgerError naming ``victory`` in a campaign that is not the Tarentine Wars'."""
        if self.scenario.key != "tarentine" or not self.scenario.provinces:
            raise LedgerError(
                _("{title} has no strategic victory: T5.8 is the Tarentine Wars'").format(
                    title=translate_recorded(self.scenario.title)
                )
            )
        provinces = [
            VictoryProvince(
                name=p.name,
                region=p.region,
                value=p.value,
                controller=self.control.get(p.name, p.homeland),
            )
            for p in self.scenario.provinces
        ]
        prestige = {name: n.prestige for name, n in self.nations.items()}
        treasury = {name: n.treasury for name, n in self.nations.items()}
        return [
            c for c in strategic_victory(provinces, prestige, treasury) if c.nation in self.nations
        ]

    def upkeep(self, nation: str) -> int:
        """T6.2: the winter upkeep ``nation`` owes now, PM in play and in training alike (with
        the map, T5.5: its mercenaries' too, house rule ``mercenary_upkeep``)."""
        mercenaries = bool(self.forces)
        items = self._upkeep_items(self.nation(nation), mercenaries=mercenaries)
        return sum(cost for _item, cost in items)

    def _mercenary_pm(self, nation: str) -> tuple[int, int]:
        """T5.5: (PM of ``nation`` in another's pay, PM of others in ``nation``'s pay) standing
        on the map, under house rule ``mercenary_upkeep = employer``; (0, 0) under ``own``."""
        if self.rules.mercenary_upkeep != "employer":
            return 0, 0
        hired_out = sum(
            f.pm for f in self.forces.values() if f.nation == nation and f.paid_by is not None
        )
        hired = sum(
            f.pm
            for f in self.forces.values()
            if f.paid_by == nation and f.nation != nation and f.kind == "army"
        )
        return hired_out, hired

    @property
    def bellum_years(self) -> int:
        """Bellum: how many game years have their centres recorded."""
        return len(next(iter(self.centres.values()), []))

    def bellum_standings(self) -> Standings | None:
        """Bellum: the ranking after the last year recorded (B1 victory at 30 centres or
        sovereign; B2 ranking with its tie-break, or a draw); None in another campaign or
        before year 1 is recorded."""
        setup = self.scenario.bellum
        if setup is None or not self.bellum_years:
            return None
        return standings(self.centres, setup.rules, sovereign=self.sovereign)

    def _bellum_summary(self) -> dict[str, Any] | None:
        setup = self.scenario.bellum
        if setup is None:
            return None
        result = self.bellum_standings()
        return {
            "rule": "B1",
            "faction": setup.rome.faction,
            "rome_setup": setup.rome.model_dump(mode="json"),
            "rules": setup.rules.model_dump(mode="json"),
            "years": self.bellum_years,
            "next_year": None if self.finished else self.bellum_years + 1,
            "centres": {power: list(row) for power, row in self.centres.items()},
            "standings": None if result is None else result.model_dump(mode="json"),
        }

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
            "bellum": self._bellum_summary(),
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
                        self,
                        event.place,
                        [c.nation for c in event.contingents],
                        naval=event.resolution == "naval",
                    )
                    meeting_battle.check_armies_there(self, event)
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
                text = self._tactical_retreat(event, apply, event_id)
                if apply:
                    invasions.recheck(self)
                return text
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
                sealed.check_interception(self, event)
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
            case WithdrawalPursued():
                return withdrawal.withdrew(self, event, apply)
            case PlayerChanged():
                return sealed.player_changed(self, event, apply)
            case DbaMoved():
                text = dba_map.moved(self, event, apply, event_id)
                if apply:
                    invasions.found_by_invasion(self, event)
                return text
            case SideDone():
                return invasions.side_done(self, event, apply)
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
        old = self.rules.values(self._scenario_upkeep()).get(event.name.strip())
        if apply:
            self.rules = rules
        new = rules.values(self._scenario_upkeep())[event.name.strip()]
        changed = N_("house rule {name} ({rule}): {old} → {new}").format(
            name=event.name.strip(), rule=rule_of(event.name.strip()), old=old, new=new
        )
        return f"{changed}; {event.reason}"

    def _scenario_upkeep(self) -> int:
        economy = self.scenario.economy
        return 1 if economy is None else economy.upkeep_per_winter_fortnight

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
        economy = self._economy()
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
        economy = self._economy()
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
        province = recruitment.check_join(self, event) if event.join else event.province
        if province:
            holder = self.control.get(province)
            if holder is None:
                raise LedgerFieldError(
                    "province",
                    N_("not a province of this scenario: {province!r}"),
                    province=province,
                )
            if holder != nation.name:
                raise LedgerFieldError(
                    "province",
                    N_(
                        "recruits deploy in a controlled province; {province} is held by {holder} "
                        "(T6.1)"
                    ),
                    province=province,
                    holder=holder,
                )
            board = map_rules.board_of(self.scenario)
            if event.naval_pm and board is not None and not board.place(province).maritime:
                raise LedgerFieldError(
                    "province",
                    N_(
                        "a fleet is launched only in a maritime province; {province} has no coast "
                        "(T6.1)"
                    ),
                    province=province,
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
                    province=province,
                    join=event.join,
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
        economy = self._economy()
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
        deployed: list[str] = []  # T6.1: where each batch stands now
        for nation in self.nations.values():
            keep: list[Recruits] = []
            for batch in nation.training:
                if batch.arrives <= self.turn:
                    deployed += recruitment.arrive(self, nation, batch)
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
            text += "".join(f"; {line}" for line in deployed)
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

    def _upkeep_items(
        self, nation: NationState, *, mercenaries: bool = False
    ) -> list[tuple[str, int]]:
        """T6.2: (what, PE) for each PM kept: in play 12 PE; in training, 12 less the winter
        fortnights still spent training (ordered on turn 10: 11 PE; in winter: 8 PE).
        ``mercenaries`` (T5.5, house rule ``mercenary_upkeep = employer``): PM in another
        nation's pay are its employer's to keep, listed last so that they are the first
        disbanded when the employer cannot pay."""
        economy = self._economy()
        calendar = self.scenario.calendar
        # T6.2 (configurable): the house rule's upkeep if the campaign set one.
        upkeep = self.rules.upkeep(economy.upkeep_per_winter_fortnight)
        per_winter = economy.winter_fortnights * upkeep
        hired_out, hired = self._mercenary_pm(nation.name) if mercenaries else (0, 0)
        items = [("land", per_winter)] * (nation.land_pm - hired_out)
        items += [("naval", per_winter)] * nation.naval_pm
        for batch in nation.training:
            of_year = calendar.turn_of_year(batch.ordered)
            training_left = of_year + economy.recruit_delay_turns - calendar.year_length
            training_left = max(0, min(economy.recruit_delay_turns, training_left))
            kept = economy.winter_fortnights - training_left
            cost = kept * upkeep
            items += [("training land", cost)] * batch.land_pm
            items += [("training naval", cost)] * batch.naval_pm
        return items + [("mercenary", per_winter)] * hired

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
        economy = self._economy()
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
            for what, cost in self._upkeep_items(nation, mercenaries=mercenaries):
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
        if mercenaries and self._mercenary_pm(nation.name)[0]:
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

    def write_journal(
        self,
        name: str,
        after: int,
        reason: str,
        turn: int,
        event_id: int,
        *,
        disbanded: bool = False,
    ) -> None:
        army = self.armies[name]
        army.journal.append(
            JournalEntry(
                turn=turn, before=army.morale, after=after, reason=reason, event_id=event_id
            )
        )
        army.morale = after
        if disbanded:
            army.alive = False

    def _economy(self) -> Economy:
        economy = self.scenario.economy
        if economy is None:
            raise LedgerFieldError(
                "kind", N_("{title} has no economy (no PE, no recruits)"), title=self.scenario.title
            )
        return economy


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
