"""What the campaign's state is made of: the nations, armies, forces on the map and the
campaign as a whole, with the readings every event family needs (a nation by name, the
occupied provinces, the upkeep owed …).

A module of its own, below every event family: the families import these models, and the
models import no family, so the ledger has no import circle
(``tests/unit/test_ledger_imports.py``). What the state *does* with an event is in the
families (:mod:`assistant.ledger.families`); :mod:`assistant.ledger.state` replays.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict

from armylists.names import nation_name, nearest_nation
from armylists.scenario_texts import scenario_text
from armylists.scenarios import Economy, Scenario
from assistant.ledger.errors import LedgerError, LedgerFieldError
from assistant.ledger.events import Meeting, SealedOrder
from assistant.ledger.read_models import BellumSummary
from converters.bellum import Standings, standings
from converters.control import ControlCheck, control_check, pm_to_keep
from converters.dba_campaign import MapState
from converters.house_rules import ControlTie, HouseRules
from converters.i18n import N_, _
from converters.said import Said
from converters.upcast import upcast_clauses
from converters.victory import Province as VictoryProvince
from converters.victory import VictoryCondition, strategic_victory

__all__ = [
    "ArmyState",
    "CampaignData",
    "DecimatedPM",
    "Force",
    "ForceKind",
    "Interception",
    "JournalEntry",
    "MeetingState",
    "NationState",
    "OccupiedProvince",
    "Phase",
    "Recruits",
    "Treaty",
]

ForceKind = Literal["army", "fleet"]
"""Land PM march in armies, naval PM sail in fleets."""


class Phase(StrEnum):
    """Every phase of a turn of either scenario, by its rule's order."""

    # T5.2, the Tarentine turn (a winter turn: 1, 2 and the winter)
    recruitment = "recruitment"
    alliances = "alliances"
    movement = "movement"
    naval_battles = "naval_battles"
    naval_retreats = "naval_retreats"
    landings = "landings"
    land_battles = "land_battles"
    retreats = "retreats"
    second_battles = "second_battles"
    deployment = "deployment"
    tribute = "tribute"
    winter = "winter"
    # D6, Macedon vs Persia
    initiative = "initiative"
    first_side_moves = "first_side_moves"
    second_side_moves = "second_side_moves"
    battles = "battles"
    results = "results"
    dba_retreats = "dba_retreats"
    loyalty_rolls = "loyalty_rolls"


class Force(BaseModel):
    """One army or fleet on the map (T7.2)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    """Its name, unique in the campaign ("Rome I", "Carthage fleet I" …)."""
    nation: str
    """Whose it is."""
    kind: ForceKind
    """An army (land PM) or a fleet (naval PM)."""
    province: str
    """Where it stands (an army aboard a fleet: where the fleet is)."""
    pm: int
    """Its PM, 1 or more."""
    paid_by: str | None = None
    """Mercenaries: the nation whose pay they are in (T5.5)."""
    aboard: str | None = None
    """An army: the fleet carrying it, if any (T7.3)."""
    moved: int = 0
    """The last turn it marched, sailed or landed (one move a turn, T7.3)."""
    came_from: str | None = None
    """Where it marched or sailed from on its last move (an attacker retreats there, T4.3,
    T3.7)."""
    landed_from: str | None = None
    """An army: the fleet that landed it on its last move, if it landed (a beaten lander goes
    back aboard, T7.5)."""
    held: int = 0
    """The first spring turn on which it holds troops out of winter training: it cannot move
    that turn (T6.1)."""


class Treaty(BaseModel):
    """A public treaty in force or broken (T7.10)."""

    model_config = ConfigDict(extra="forbid")

    number: int
    """1 for the first recorded."""
    parties: list[str]
    """Who signed it."""
    terms: str
    """Its terms in words."""
    alliance: bool
    """The parties are allied while it stands."""
    broken_by: str | None = None
    """Who broke it, once broken."""


class Interception(BaseModel):
    """An interception already rolled: one roll per meeting (T3.6)."""

    model_config = ConfigDict(extra="forbid")

    turn: int
    """The turn it was rolled."""
    fleet: str
    """The fleet that sought battle."""
    target: str
    """The fleet that avoided it."""


class MeetingState(BaseModel):
    """A meeting found this turn and how far it is settled (T7.4)."""

    model_config = ConfigDict(extra="forbid")

    meeting: Meeting
    """What was found."""
    seek: list[str] | None = None
    """The nations that said they seek battle (None: not answered yet)."""
    answers: dict[str, bool] = {}
    """T3.0: the sides answered so far, each by its own player (nation → seeks battle); once
    every nation in the meeting has, ``seek`` is theirs."""
    settled: bool = False
    """Nothing more is needed: neither side sought battle, the battle was recorded, the
    avoider was not intercepted, or it withdrew."""

    @property
    def province(self) -> str:
        """Where it is."""
        return self.meeting.province

    @property
    def at_sea(self) -> bool:
        """Fleets meeting (T5.2 phase 4)."""
        return self.meeting.at_sea

    @property
    def forces(self) -> list[str]:
        """The forces that meet."""
        return self.meeting.forces


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
    """What happened, with the rule, in English."""
    event_id: int
    """The ledger event that wrote it."""
    said: Said | None = None
    """What happened, as data, rendered in the reader's language where it is shown; None in
    a journal an older Castra kept (:attr:`told` reads ``reason``)."""

    @property
    def told(self) -> Said:
        """What happened, as data: the description, or the English an older Castra kept read
        once through :mod:`converters.upcast`."""
        return self.said if self.said is not None else upcast_clauses(self.reason)


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


class CampaignData(_State):
    """Everything the ledger's events add up to: the data and its readings (the events
    themselves are the families'; :class:`assistant.ledger.state.CampaignState` adds the
    summary and the door to them)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A copy to evolve or to check on (``model_copy(deep=True)``) that shares the
        scenario: a frozen model no event changes, whose copy was four fifths of the time
        of every record and every check (issue 21, benchmarks/ledger_families.py)."""
        memo = {} if memo is None else memo
        memo.setdefault(id(self.scenario), self.scenario)
        return super().__deepcopy__(memo)

    scenario: Scenario
    """What the campaign started from (frozen: no event changes it, see ``__deepcopy__``)."""
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
    ligurians: str | None = None
    """T7.9: the force the Ligurian raiders are, while they are on the map."""
    centres: dict[str, list[int]] = {}
    """Bellum: the supply centres each power held at the end of each year, year 1 first
    (empty before the first year is recorded, and in other campaigns)."""
    sovereign: str | None = None
    """Bellum: the power every surviving player proclaimed sovereign (B1), if any."""
    forces: dict[str, Force] = {}
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
    treaties: list[Treaty] = []
    """Public treaties, in the order recorded (T7.10)."""
    wars: list[list[str]] = []
    """T7.10: the pairs of nations at war (each pair sorted), by a declaration of war or a
    battle fought between them, until a treaty between them; see
    :mod:`assistant.ledger.relations`."""
    interceptions: list[Interception] = []
    """Interceptions rolled, so a meeting gets one roll (T3.6)."""
    gallic: list[str] = []
    """The Senones' special provinces already passed to them (T7.9)."""
    dba_map: MapState | None = None
    """Macedon vs Persia: armies on the map, provinces' control, loyalty and status (D9–D13)."""
    ever_lost: list[str] = []
    """Provinces that have left their homeland's hands at least once (T4.3 "own since the
    start")."""
    phase: Phase | None = None
    """The phase of the turn the campaign is in (T5.2, D6; None without a turn by the book),
    moved only by :func:`assistant.ledger.phases.admit` as events are replayed."""
    orders: dict[str, list[SealedOrder]] = {}
    """T7.3: each nation's sealed orders waiting to be carried out this turn."""
    orders_resolved_turn: int = 0
    """The last turn whose orders were carried out (once a turn, T7.3)."""
    no_orders: dict[str, int] = {}
    """T7.3: each nation that said it gives no orders, with the turn it said so (handed in)."""
    meetings: list[MeetingState] = []
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
    def date_said(self) -> Said:
        """The date as a description, said in the reader's language where it is shown."""
        return self.scenario.calendar.said(self.turn)

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
                    title=scenario_text(self.scenario.title)
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
        items = self.upkeep_items(self.nation(nation), mercenaries=mercenaries)
        return sum(cost for _item, cost in items)

    def mercenary_pm(self, nation: str) -> tuple[int, int]:
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

    def bellum_summary(self) -> BellumSummary | None:
        """B1, B2: the ``bellum`` part of the campaign summary; None outside a Bellum game."""
        setup = self.scenario.bellum
        if setup is None:
            return None
        result = self.bellum_standings()
        return BellumSummary(
            faction=setup.rome.faction,
            rome_setup=setup.rome.model_dump(mode="json"),
            rules=setup.rules.model_dump(mode="json"),
            years=self.bellum_years,
            next_year=None if self.finished else self.bellum_years + 1,
            centres={power: tuple(row) for power, row in self.centres.items()},
            standings=None if result is None else result.model_dump(mode="json"),
        )

    def upkeep_items(
        self, nation: NationState, *, mercenaries: bool = False
    ) -> list[tuple[str, int]]:
        """T6.2: (what, PE) for each PM kept: in play 12 PE; in training, 12 less the winter
        fortnights still spent training (ordered on turn 10: 11 PE; in winter: 8 PE).
        ``mercenaries`` (T5.5, house rule ``mercenary_upkeep = employer``): PM in another
        nation's pay are its employer's to keep, listed last so that they are the first
        disbanded when the employer cannot pay."""
        economy = self.economy()
        calendar = self.scenario.calendar
        # T6.2 (configurable): the house rule's upkeep if the campaign set one.
        upkeep = self.rules.upkeep(economy.upkeep_per_winter_fortnight)
        per_winter = economy.winter_fortnights * upkeep
        hired_out, hired = self.mercenary_pm(nation.name) if mercenaries else (0, 0)
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

    def scenario_upkeep(self) -> int:
        economy = self.scenario.economy
        return 1 if economy is None else economy.upkeep_per_winter_fortnight

    def write_journal(
        self,
        name: str,
        after: int,
        reason: Said | str,
        turn: int,
        event_id: int,
        *,
        disbanded: bool = False,
    ) -> None:
        """``name``'s morale is now ``after`` for ``reason`` (D1): a description, or the
        English of a battle recorded before descriptions."""
        army = self.armies[name]
        said = reason if isinstance(reason, Said) else None
        army.journal.append(
            JournalEntry(
                turn=turn,
                before=army.morale,
                after=after,
                reason=reason if isinstance(reason, str) else reason.english(),
                event_id=event_id,
                said=said,
            )
        )
        army.morale = after
        if disbanded:
            army.alive = False

    def economy(self) -> Economy:
        economy = self.scenario.economy
        if economy is None:
            raise LedgerFieldError(
                "kind", N_("{title} has no economy (no PE, no recruits)"), title=self.scenario.title
            )
        return economy
