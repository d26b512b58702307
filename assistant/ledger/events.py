"""What can happen in a campaign, as the ledger writes it down.

The ledger is an append-only list of these events; the campaign state is whatever replaying
them gives (:mod:`assistant.ledger.state`). Each event records who entered it, when, for which
turn, a free note and every die rolled for it with its purpose, so a dispute months later can
be settled from the record alone. Events carry the referee's inputs and the converters' results
(losses, prestige, morale) as they were computed when recorded, so replay never depends on a
later change of rates.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationInfo,
    model_serializer,
    model_validator,
)

from armylists.scenarios import Scenario
from converters.bounds import check_lengths
from converters.dice import Roll
from converters.house_rules import HouseRules
from converters.rates import PM
from converters.said import Said
from converters.upcast import upcast_clauses

__all__ = [
    "EVENT_ADAPTER",
    "EVENT_KINDS",
    "ArmyMobilised",
    "ArmyMoraleChange",
    "ArmyMoved",
    "ArmyRetreated",
    "BattleRecorded",
    "CampaignCreated",
    "CentresRecorded",
    "CityShutIn",
    "ContingentResult",
    "DbaMoved",
    "Event",
    "FleetRetreated",
    "FleetSailed",
    "ForceMoved",
    "ForceRenamed",
    "ForceSplit",
    "ForcedMarch",
    "ForcesAdjusted",
    "ForcesMerged",
    "GhostBattleFinished",
    "InterceptionRolled",
    "LoyaltyChanged",
    "MarchOrder",
    "Meeting",
    "MeetingAnswered",
    "NoOrders",
    "NoteAdded",
    "OrderGiven",
    "OrderWithdrawn",
    "OrdersResolved",
    "PlayerChanged",
    "PmRebuilt",
    "PrestigeAdjusted",
    "ProvinceSacked",
    "ProvinceTaken",
    "RecruitOrder",
    "RecruitmentOrdered",
    "RuleChanged",
    "SideDone",
    "SiegeLifted",
    "SpecialActionOrdered",
    "TacticalRetreat",
    "TreasuryAdjusted",
    "TreatyBroken",
    "TreatyMade",
    "TreatyOrder",
    "TroopsLanded",
    "TurnAdvanced",
    "Undone",
    "VoyageOrder",
    "WarDeclared",
    "WarOrder",
    "WinterResolved",
    "WithdrawalPursued",
]

Side = Literal["a", "b"]
"""The two sides of a battle, as the ``losses`` and ``battle`` commands name them."""


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _unsaid(said: Said | None) -> bool:
    return said is None


SaidBeside = Annotated[Said | None, Field(exclude_if=_unsaid)]
"""A description kept beside the English an event has always stored. An event recorded before
descriptions has none, and is written back without the field, so its bytes (and an export's
hash chain over them) stay what that Castra made."""


FREE_TEXT_FIELDS = ("note", "terms", "reason", "prestige_reason")
"""Fields of free text (bounded by ``converters.bounds.TEXT_MOST``); every other text field of
an event is a name (``NAME_MOST``)."""

WRITTEN_BY_CASTRA = ("scenario", "rules", "rolls", "figures", "dice_log", "battle", "when")
"""Fields Castra fills in itself (a scenario, the dice, a ghost battle's record), not typed."""


class EventBase(_Value):
    """Fields every event has."""

    turn: int | None = Field(default=None, ge=1)
    """The campaign turn it belongs to; None means "the current turn" (filled in on append)."""
    who: str = ""
    """Who entered it (the referee's or player's name)."""
    when: datetime | None = None
    """When it was recorded (UTC); filled in on append."""
    note: str = ""
    """Free text: why, where, what the players said."""
    rolls: list[Roll] = []
    """Every die rolled for this event, with its purpose, in the order rolled."""

    @model_validator(mode="after")
    def _bounded(self, info: ValidationInfo) -> EventBase:
        # Every name typed is at most NAME_MOST characters, a note TEXT_MOST (issue 28). An
        # event read back from the campaign's own file (context {"stored": True}) was checked
        # when it was written, or written before the bounds existed: it opens as it was.
        if not (info.context or {}).get("stored"):
            check_lengths(self, texts=FREE_TEXT_FIELDS, skip=WRITTEN_BY_CASTRA)
        return self


class CampaignCreated(EventBase):
    """The first event of every campaign: the scenario it starts from, embedded whole."""

    kind: Literal["campaign_created"] = "campaign_created"
    scenario: Scenario
    """Nations, map, start forces, treasuries, calendar and costs the campaign uses."""
    no_player: list[str] = []
    """T4.4: player nations that start without a player (left out of the record when empty)."""
    rules: HouseRules = HouseRules()
    """The house rules chosen at creation (docs/rules.md H); a campaign recorded before they
    existed has the defaults, except ``orders``: see :meth:`_played_one_act_at_a_time` (so a
    new campaign gives its rules explicitly, as ``CampaignStore.create`` does)."""
    imported_on_trust: datetime | None = None
    """When this history was imported with ``--trust`` although its export's hash chain was
    missing or did not match (a hand-made history, issue 28); None for a history Castra
    recorded, or imported with its chain intact."""

    @model_validator(mode="before")
    @classmethod
    def _played_one_act_at_a_time(cls, data: Any) -> Any:
        # docs/rules.md T7.3 Reading: a campaign created before the option `orders` existed
        # was played one act at a time, so it reads as `immediate`; one created since always
        # stores `orders = sealed` explicitly (see the serializer).
        if isinstance(data, dict) and "scenario" in data:
            rules = data.get("rules")
            if rules is None:
                data = {**data, "rules": {"orders": "immediate"}}
            elif isinstance(rules, dict) and "orders" not in rules:
                data = {**data, "rules": {**rules, "orders": "immediate"}}
        return data

    @model_serializer(mode="wrap")
    def _without_default_rules(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # `immediate` and the other defaults are left out, so a creation event written before
        # house rules (or the option `orders`) existed serialises exactly as it was stored.
        data: dict[str, Any] = handler(self)
        if not self.no_player:
            data.pop("no_player", None)
        rules = data.get("rules")
        if isinstance(rules, dict) and rules.get("orders") == "immediate":
            rules.pop("orders")
            if self.rules.model_copy(update={"orders": "sealed"}) == HouseRules():
                data.pop("rules", None)
        if self.imported_on_trust is None:  # (issue 28) likewise left out when unset
            data.pop("imported_on_trust", None)
        return data


class ContingentResult(_Value):
    """One nation's contingent in a battle, with the losses computed for it (T2.4)."""

    side: Side
    """Which side it fought on."""
    nation: str
    """The nation, as the scenario names it ("Rome", "Magna Graecia" …)."""
    pm: PM
    """Land PM it fielded (a half for an empty city's garrison, T3.5)."""
    army: str | None = None
    """The army that fought (Macedon vs Persia), e.g. "Alexander"."""
    figures: dict[str, Any] = {}
    """The table figures the losses were computed from, as typed (BGs, AP, ElEq, elements …)."""
    pm_lost: int = Field(default=0, ge=0)
    """Land PM lost; they go to the decimated pool, dated with the battle's turn (T2.5)."""
    prisoners: int = Field(default=0, ge=0)
    """Land PM taken prisoner (T4.3, T3.5): gone, not decimated."""
    naval_pm: int = Field(default=0, ge=0)
    """Naval PM it brought (a naval battle, or fleets supporting a siege, T3.5)."""
    naval_lost: int = Field(default=0, ge=0)
    """Naval PM sunk or captured: gone (T2.5)."""
    naval_captured: int = Field(default=0, ge=0)
    """Enemy naval PM it captured (T3.7); they join its fleet."""


class ArmyMoraleChange(_Value):
    """A change of one army's morale, as it goes into the army journal (D1–D5)."""

    army: str
    """The army's name."""
    before: int = Field(ge=0, le=6)
    """Morale before."""
    after: int = Field(ge=0, le=6)
    """Morale after (0–6)."""
    disbanded: bool = False
    """The army ceased to exist (D3, D5)."""
    reason: str
    """Why, citing the rule, in English, e.g. "D4 triumph +2 at Granicus" (``--json``)."""
    said: SaidBeside = None
    """Why, as data, rendered in the reader's language where it is shown; None in a battle
    recorded before descriptions (its :attr:`told` reads ``reason``)."""

    @property
    def told(self) -> Said:
        """Why, as data: the stored description, or the English an older Castra stored read
        once through :mod:`converters.upcast`."""
        return self.said if self.said is not None else upcast_clauses(self.reason)


def _prestige_told(said: Said | None, reason: str) -> Said:
    """A prestige reason as data (T4.1, T4.2): the stored description, or the English an
    older Castra stored read once through :mod:`converters.upcast`."""
    return said if said is not None else upcast_clauses(reason)


class BattleRecorded(EventBase):
    """A battle fought and its campaign consequences (T2, T3, T4.1, D2–D4)."""

    kind: Literal["battle_recorded"] = "battle_recorded"
    place: str = Field(min_length=1)
    """Where it was fought, e.g. "Heraclea"."""
    resolution: Literal["fog", "dbm", "dbmm", "dba", "dice", "naval", "manual"]
    """How it was resolved: a table game (FOG/DBM/DBA), the dice battle of T3, a naval battle,
    or losses typed by the referee."""
    winner: Literal["a", "b", "draw"]
    """Who won (T2.7); "draw" when both withdrew or both were wiped out."""
    city_assault: bool = False
    """Side b defended a city (T3.5): its PM counted double for prestige."""
    contingents: list[ContingentResult] = Field(min_length=2)
    """Every contingent of both sides."""
    prestige: dict[str, int] = {}
    """PP won (+) or lost (−) per nation (T4.1), as computed by converters.prestige."""
    prestige_reason: str = ""
    """E.g. "T4.1 clear major victory: ±5", in English (``--json``)."""
    prestige_said: SaidBeside = None
    """The same as data, rendered in the reader's language where it is shown; None in a
    battle recorded before descriptions, or one that moved no prestige."""
    dice_log: list[dict[str, Any]] | None = None
    """The round-by-round log of a dice battle (converters.dice_battle), kept verbatim."""
    morale: list[ArmyMoraleChange] = []
    """Macedon vs Persia: morale check and changes of the armies that fought (D2–D4)."""
    defeat: Literal["ordinary", "crushing"] | None = None
    """Macedon vs Persia: the kind of defeat (D2); a crushing defeat is a triumph (D6)."""
    city_taken: bool = False
    """T7.5: side a took the city by assault: it passes to side a (its largest contingent,
    T5.5) with +3 to the taker and −3 to the loser (T4.2), in this one event."""
    retreat_to: str | None = None
    """Macedon vs Persia: where the beaten army retreats (D2), one of the neighbours that can
    take it; None: the best of them."""

    @property
    def prestige_told(self) -> Said:
        """How the prestige was computed, as data (:func:`_prestige_told`)."""
        return _prestige_told(self.prestige_said, self.prestige_reason)


class PmRebuilt(EventBase):
    """Decimated land PM rebuilt for 20 PE each (T2.5), before they expire."""

    kind: Literal["pm_rebuilt"] = "pm_rebuilt"
    nation: str
    """The nation that pays."""
    pm: int = Field(default=1, ge=1)
    """How many decimated PM are rebuilt."""


class RecruitmentOrdered(EventBase):
    """New land or naval PM ordered (T6.1): paid now, arriving after the training delay."""

    kind: Literal["recruitment_ordered"] = "recruitment_ordered"
    nation: str
    """The nation that pays."""
    land_pm: int = Field(default=0, ge=0)
    """Land PM ordered (40 PE each)."""
    naval_pm: int = Field(default=0, ge=0)
    """Naval PM ordered (30 PE each)."""
    province: str = ""
    """Where they will deploy (a controlled province free of enemy armies)."""
    join: str = ""
    """The army they join there (T6.1); empty: a new army."""


class TreasuryAdjusted(EventBase):
    """PE added or taken by the referee: tribute, sacking, payments between nations (T5.3)."""

    kind: Literal["treasury_adjusted"] = "treasury_adjusted"
    nation: str
    """Whose treasury."""
    pe: int
    """PE added (+) or taken (−)."""


class PrestigeAdjusted(EventBase):
    """PP added or taken: cities taken, sacks, treaties, peace (T4.2)."""

    kind: Literal["prestige_adjusted"] = "prestige_adjusted"
    nation: str
    """Whose prestige."""
    pp: int
    """PP added (+) or taken (−)."""


class ForcesAdjusted(EventBase):
    """PM added or removed outside battle: disbanding, a coup, raiders, a referee's ruling."""

    kind: Literal["forces_adjusted"] = "forces_adjusted"
    nation: str
    """Whose forces."""
    land_pm: int = 0
    """Land PM added (+) or removed (−)."""
    naval_pm: int = 0
    """Naval PM added (+) or removed (−)."""


class ProvinceTaken(EventBase):
    """A province changes hands (battle, annexation, a referee's ruling).

    The winter control check (T5.7) changes hands itself, inside :class:`WinterResolved`."""

    kind: Literal["province_taken"] = "province_taken"
    province: str
    """The province, as the scenario names it."""
    nation: str
    """Its new holder."""


class TurnAdvanced(EventBase):
    """The current turn ends (tribute collected, T5.3) and the next begins."""

    kind: Literal["turn_advanced"] = "turn_advanced"
    tribute: dict[str, int] = {}
    """PE each nation collects at the end of the turn (T5.3): computed from the map, or as the
    referee counted them in a campaign without one."""
    siege_costs: dict[str, int] = {}
    """PE each nation pays for its PM at besieged cities (T5.4: 1 PE per PM per turn), as
    computed from the map; a nation pays what it has, never going below 0."""


class WinterResolved(EventBase):
    """The winter turn: upkeep (T6.2), the winter event (T5.6), decimated PM expire (T2.5),
    the control check of occupied provinces (T5.7), victory points (T5.8). The d10 is in
    ``rolls``."""

    kind: Literal["winter_resolved"] = "winter_resolved"
    storm_nation: str | None = None
    """Which nation the storm strikes when several tie for most naval PM (T5.6, 7)."""
    stationed: dict[str, int] | None = None
    """T5.7: province → PM its occupier has stationed there, for the occupied provinces the
    referee names (the others count 0). A dict, even empty, runs the control check of every
    occupied province; None, as in winters recorded before the check existed, runs none, so
    old campaign files replay exactly as they were recorded."""
    annex: str | None = None
    """T7.9: the Cisalpine province the Senones annex when the die brings the annexation."""
    on_map: bool = False
    """The winter's events act on the map (T7.9: the storm after upkeep, Pyrrhus off the map,
    troops appearing where the event says). False in winters recorded before the map, which
    replay as they were recorded."""
    victory: bool = False
    """T5.8: the strategic victory is checked at the end of this winter (the Tarentine Wars);
    False in winters recorded before it existed, which replay as they were recorded."""
    mercenaries: bool = False
    """T5.5, T6.2 with the map: mercenaries' upkeep follows house rule ``mercenary_upkeep``
    (the employer pays it, and disbands them first). False in winters recorded before this
    reading, which replay as they were recorded."""
    disband: dict[str, int] = {}
    """T6.2: force → PM the nation that owns it gives up when it cannot pay its upkeep (its
    choice; a nation not named loses PM in the order docs/rules.md states)."""
    occupation: bool = False
    """T5.7, T7.7 as revised: the control check runs over every province occupied on the map
    by a nation at war with its controller (``stationed`` is then left None: the PM are read
    from the map when the check is made). False in winters recorded before this reading, which
    replay as they were recorded."""


class ForcedMarch(EventBase):
    """An army marches two provinces in a turn: −2 morale at once (D5)."""

    kind: Literal["forced_march"] = "forced_march"
    army: str
    """The army."""
    loyalty: int = Field(ge=0, le=6)
    """Its current loyalty; a forced march is forbidden at 2 or less (D5)."""


class TacticalRetreat(EventBase):
    """An army declines battle and falls back: an ordinary defeat for it (D5)."""

    kind: Literal["tactical_retreat"] = "tactical_retreat"
    army: str
    """The army."""


class CentresRecorded(EventBase):
    """Bellum: the supply centres each power held at the end of a game year (B1, B2).

    The game is won when a power ends a year with 30 centres or is proclaimed sovereign (B1);
    otherwise it ends after year 20 with the ranking of B2. Either way nothing but notes can be
    recorded afterwards.
    """

    kind: Literal["centres_recorded"] = "centres_recorded"
    year: int = Field(ge=1)
    """The game year just ended: the next one after those already recorded (1 to 20)."""
    centres: dict[str, int]
    """Centres held per power, by the powers' English names. A power already at 0 the year
    before may be left out (it stays at 0); every other power must be given."""
    sovereign: str | None = None
    """B1: the power every surviving player proclaimed "Sovrano Assoluto" this year, if any;
    it wins and the game ends."""


class RuleChanged(EventBase):
    """A house rule (docs/rules.md H) changed from this event on: later events, and a replay of
    them, use the new value; earlier ones keep what they were recorded with."""

    kind: Literal["rule_changed"] = "rule_changed"
    name: str = Field(min_length=1)
    """The option or configurable number, e.g. "control_tie" or "fog_points_per_pm"."""
    value: str = Field(min_length=1)
    """Its new value as typed, e.g. "owner" or "500"."""
    reason: str = Field(min_length=1)
    """Why the club changed it (kept in the history)."""


class ArmyMoved(EventBase):
    """An army marches to a neighbouring province by road (T7.3)."""

    kind: Literal["army_moved"] = "army_moved"
    army: str
    """The army's name."""
    to: str
    """The province it marches to."""


class FleetSailed(EventBase):
    """A fleet sails, perhaps carrying troops and landing them (T7.3, T3.7)."""

    kind: Literal["fleet_sailed"] = "fleet_sailed"
    fleet: str
    """The fleet's name."""
    to: str
    """Where it ends its move."""
    via: list[str] = []
    """The provinces it passes through, in order; empty: the shortest route."""
    carry: list[str] = []
    """Armies it takes aboard where it starts (they start the turn with it)."""
    land: bool = False
    """Land every army aboard at ``to`` (which ends the fleet's move)."""


class TroopsLanded(EventBase):
    """An army aboard a fleet lands where the fleet is (T7.3)."""

    kind: Literal["troops_landed"] = "troops_landed"
    army: str
    """The army."""


class ForceRenamed(EventBase):
    """The referee renames an army or fleet (T7.2)."""

    kind: Literal["force_renamed"] = "force_renamed"
    force: str
    """Its name now."""
    name: str
    """Its new name."""


class ForceSplit(EventBase):
    """Part of an army or fleet becomes a new one in the same province (T7.2)."""

    kind: Literal["force_split"] = "force_split"
    force: str
    """The army or fleet split."""
    pm: int = Field(ge=1)
    """PM that form the new one."""
    name: str = ""
    """The new one's name; empty: the next default ("Rome III")."""


class ForcesMerged(EventBase):
    """Two armies or fleets of one nation in one province become one (T7.2)."""

    kind: Literal["forces_merged"] = "forces_merged"
    force: str
    """The one that joins."""
    into: str
    """The one it joins (keeps its name)."""


class CityShutIn(EventBase):
    """The defender of a city shuts itself in: a siege (T5.4, T7.6)."""

    kind: Literal["city_shut_in"] = "city_shut_in"
    province: str
    """The city (or Lilybaeum, besieged like a city)."""


class SiegeLifted(EventBase):
    """A siege ends without the city falling (T7.6): the besiegers left or a sortie won."""

    kind: Literal["siege_lifted"] = "siege_lifted"
    province: str
    """The city."""


class ProvinceSacked(EventBase):
    """An army sacks the province it stands in (T5.3, T4.2)."""

    kind: Literal["province_sacked"] = "province_sacked"
    province: str
    """The province."""
    nation: str
    """The sacker, whose army stands there."""
    pe: int = Field(default=0, ge=0)
    """PE taken at once (3 × the value), as computed when recorded."""
    prestige: dict[str, int] = {}
    """PP won and lost (T4.2), as computed when recorded."""
    prestige_reason: str = ""
    """Each change with its rule, in English (``--json``)."""
    prestige_said: SaidBeside = None
    """The same as data, rendered in the reader's language where it is shown; None in a sack
    recorded before descriptions."""

    @property
    def prestige_told(self) -> Said:
        """Each change with its rule, as data (:func:`_prestige_told`)."""
        return _prestige_told(self.prestige_said, self.prestige_reason)


class TreatyMade(EventBase):
    """A public treaty between nations (T7.10): an alliance, or a peace imposed with ±PP."""

    kind: Literal["treaty_made"] = "treaty_made"
    parties: list[str] = Field(min_length=2)
    """The nations that sign it."""
    terms: str = Field(min_length=1)
    """Its terms, in words."""
    alliance: bool = True
    """The parties are allied from now on: not at war (T7.10)."""
    imposed_by: str | None = None
    """A peace imposed by this party: it gains ``pp`` and each other party loses it (T4.2)."""
    pp: int = Field(default=0, ge=0)
    """The PP of an imposed peace."""


class TreatyBroken(EventBase):
    """A party breaks a public treaty: −5 PP (T4.2, T7.10)."""

    kind: Literal["treaty_broken"] = "treaty_broken"
    treaty: int = Field(ge=1)
    """The treaty's number (1 for the first recorded)."""
    nation: str
    """Who breaks it."""


class WarDeclared(EventBase):
    """A nation declares war on another (T7.10, an event of phase 2, T5.2): from now on they
    are at war until a treaty makes peace or an alliance."""

    kind: Literal["war_declared"] = "war_declared"
    nation: str
    """Who declares it."""
    on: str
    """The nation it declares war on."""


class ArmyRetreated(EventBase):
    """A beaten army retreats to an allowed province, or surrenders (T4.3, T7.5)."""

    kind: Literal["army_retreated"] = "army_retreated"
    army: str
    """The army."""
    to: str | None = None
    """Where it goes; None: it surrenders and its PM are taken prisoner."""


class FleetRetreated(EventBase):
    """A fleet beaten in a naval battle retreats to an allowed province, or surrenders (T3.7,
    T7.5)."""

    kind: Literal["fleet_retreated"] = "fleet_retreated"
    fleet: str
    """The fleet."""
    to: str | None = None
    """Where it goes; None: no retreat is open and it surrenders to the winner."""


class InterceptionRolled(EventBase):
    """Enemy fleets met and only one sought battle: the interception roll (T3.6). The d6 is in
    ``rolls``; caught, a naval battle follows; not caught, the other fleet goes on."""

    kind: Literal["interception_rolled"] = "interception_rolled"
    fleet: str
    """The fleet that seeks battle."""
    target: str
    """The fleet that avoids it."""
    province: str
    """Where they meet."""
    against: int = Field(ge=2)
    """Both fleets' naval PM plus the land PM the target carries, as when recorded."""
    intercepted: bool
    """The roll caught the target (under the house rule ``interception`` then in force)."""


class MarchOrder(_Value):
    """A sealed order: an army marches to a neighbour by road (T7.3)."""

    kind: Literal["march"] = "march"
    army: str
    """The army."""
    to: str
    """The province it marches to."""


class VoyageOrder(_Value):
    """A sealed order: a fleet sails, perhaps carrying troops and landing them (T7.3)."""

    kind: Literal["voyage"] = "voyage"
    fleet: str
    """The fleet."""
    to: str
    """Where it ends its move."""
    via: list[str] = []
    """The provinces it passes through; empty: the shortest route."""
    carry: list[str] = []
    """Armies it takes aboard where it starts."""
    land: bool = False
    """Land every army aboard at ``to``."""


class TreatyOrder(_Value):
    """A sealed order of phase 2: a public treaty its parties sign (T7.10, T7.3), carried out
    with every other order, before the movement."""

    kind: Literal["treaty"] = "treaty"
    parties: list[str] = Field(min_length=2)
    """The nations that sign it (the one giving the order among them)."""
    terms: str = Field(min_length=1)
    """Its terms, in words."""
    alliance: bool = True
    """The parties are allied from then on (T7.10)."""
    imposed_by: str | None = None
    """A peace imposed by this party, with ``pp`` (T4.2)."""
    pp: int = Field(default=0, ge=0)
    """The PP of an imposed peace."""


class WarOrder(_Value):
    """A sealed order of phase 2: the nation giving it declares war on ``on`` (T7.10, T7.3)."""

    kind: Literal["war"] = "war"
    on: str
    """The nation it declares war on."""


class RecruitOrder(_Value):
    """A sealed order of phase 1 (T5.2, T6.1): recruits, paid and put in training when the
    orders are carried out together."""

    kind: Literal["recruit"] = "recruit"
    land_pm: int = Field(default=0, ge=0)
    """Land PM ordered (40 PE each)."""
    naval_pm: int = Field(default=0, ge=0)
    """Naval PM ordered (30 PE each)."""
    province: str = ""
    """Where they will deploy (T6.1)."""
    join: str = ""
    """The army they join there; empty: a new army (T6.1)."""


SealedOrder = Annotated[
    MarchOrder | VoyageOrder | RecruitOrder | TreatyOrder | WarOrder,
    Field(discriminator="kind"),
]
"""One nation's order for one force, for its recruits, or for a treaty or a war (T7.3)."""


class OrderGiven(EventBase):
    """A nation's sealed order for one of its forces (T5.2 phases 1–3, T7.3): checked now,
    hidden from every other nation until the orders are carried out together."""

    kind: Literal["order_given"] = "order_given"
    nation: str
    """The nation giving it (only its own forces)."""
    order: SealedOrder
    """The order."""


class OrderWithdrawn(EventBase):
    """A nation takes back its sealed order for one force before the orders are carried out."""

    kind: Literal["order_withdrawn"] = "order_withdrawn"
    nation: str
    """The nation."""
    force: str
    """The force whose order is withdrawn."""


class ForceMoved(_Value):
    """What one force did when the orders were carried out (T7.3, T7.4)."""

    force: str
    """The force."""
    nation: str
    """Its nation."""
    start: str
    """Where it stood."""
    end: str
    """Where it ended."""
    route: list[str] = []
    """The provinces it was ordered through (a fleet), start and end included."""
    way: str = "stood"
    """How it came: stood, road, mountain, sea, landing (T3.2)."""
    aboard: str | None = None
    """An army still aboard a fleet at the end."""
    stopped: bool = False
    """A fleet that met another on the way and stopped (T7.4)."""


class Meeting(_Value):
    """Hostile forces that met when the orders were carried out (T7.4)."""

    number: int = Field(ge=1)
    """Its number in the turn's list (sea first)."""
    province: str
    """Where the battle would be fought."""
    at_sea: bool
    """Fleets (T5.2 phase 4) or armies (phase 7)."""
    forces: list[str] = Field(min_length=2)
    """The forces that meet."""
    nations: list[str] = []
    """Their nations, in the order of the forces."""
    crossing: list[str] = []
    """Met on the way: the two ends of the road or stretch (T4.3 "met while crossing")."""
    arrivals: dict[str, str] = {}
    """How each force came there (T3.2)."""


class OrdersResolved(EventBase):
    """Every sealed order revealed and carried out together (T5.2, T7.3), with what each force
    did and every meeting found (T7.4), as computed when recorded."""

    kind: Literal["orders_resolved"] = "orders_resolved"
    orders: dict[str, list[SealedOrder]] = {}
    """Every nation's orders, revealed."""
    moves: list[ForceMoved] = []
    """What every force that had an order did, by force name."""
    meetings: list[Meeting] = []
    """Every meeting found, sea first."""


class PlayerChanged(EventBase):
    """T4.4: a nation loses its player (it gives no orders, recruits nothing, its forces stand
    and defend) or gets one back."""

    kind: Literal["player_changed"] = "player_changed"
    nation: str
    """The nation."""
    player: bool
    """True: somebody plays it from now on; False: nobody does."""


class MeetingAnswered(EventBase):
    """Each side of a meeting says whether it seeks battle (T3.0, T7.4)."""

    kind: Literal["meeting_answered"] = "meeting_answered"
    meeting: int = Field(ge=1)
    """The meeting's number this turn."""
    seek: list[str] = []
    """The nations that seek battle; the others avoid it. None: no battle, both stay."""
    nation: str | None = None
    """A player answering for its own side only (T3.0; a player's session or copy): ``seek`` is
    ``[nation]`` (it seeks battle) or empty (it avoids it), and the meeting is answered once
    every nation in it has said. None: the referee answers for every side at once."""


class NoOrders(EventBase):
    """A nation hands in no orders this turn (T7.3: its forces stand): it has handed in as a
    nation with orders in has, so nobody waits for it."""

    kind: Literal["no_orders"] = "no_orders"
    nation: str
    """The nation."""


class WithdrawalPursued(EventBase):
    """T3.0, T7.4: one side of a meeting on land sought battle, the other withdraws under one
    pursuit roll (T3.3; the pursuers' dice are in ``rolls``) and retreats as after a defeat
    (T4.3)."""

    kind: Literal["withdrawal_pursued"] = "withdrawal_pursued"
    meeting: int = Field(ge=1)
    """The meeting's number this turn."""
    lost: dict[str, int] = {}
    """Land PM each withdrawing army lost to the pursuit, as computed when recorded."""
    to: dict[str, str | None] = {}
    """Where each withdrawing army retreats (T4.3); None: no retreat is open, it surrenders."""
    pyrrhus_leads: bool = False
    """T3.2: Pyrrhus leads in person, +1 to both sides: the pursuers hit on 4+ (before any
    other bonus)."""


class SideDone(EventBase):
    """Macedon vs Persia: a side has moved all the armies it will this turn (D6 phase 2): the
    side with the initiative first, then the other."""

    kind: Literal["side_done"] = "side_done"
    side: str
    """The side that is done."""


class DbaMoved(EventBase):
    """Macedon vs Persia: one army's move of D10 (checked against D7 and the map)."""

    kind: Literal["dba_moved"] = "dba_moved"
    army: str
    """The army."""
    move: Literal["redeploy", "forced-march", "landing", "invasion", "retreat"]
    """Which of D10's five moves."""
    to: str
    """Where it goes (a landing: where it will land)."""
    via: str | None = None
    """A forced march: the province it passes (D5)."""


class SpecialActionOrdered(EventBase):
    """Macedon vs Persia: an army begins (or breaks off) works or agitation (D11)."""

    kind: Literal["special_action"] = "special_action"
    army: str
    """The army."""
    action: Literal["works", "agitation", "break-off"]
    """What it does."""


class ArmyMobilised(EventBase):
    """Macedon vs Persia: a forced mobilisation raises a one-season army (D11)."""

    kind: Literal["army_mobilised"] = "army_mobilised"
    side: str
    """The side raising it."""
    province: str
    """Where (it becomes devastated, D12)."""
    army: str
    """The new army's name."""


class LoyaltyChanged(EventBase):
    """Macedon vs Persia: the referee changes a province's loyalty, with a reason (D14)."""

    kind: Literal["loyalty_changed"] = "loyalty_changed"
    province: str
    """The province."""
    side: str
    """Whose loyalty."""
    by: int = Field(ge=-6, le=6)
    """How much (the result is kept within 0–6)."""
    roll: bool = False
    """It comes from a loyalty roll (a loyal province is never lost on one, D12)."""


class NoteAdded(EventBase):
    """A free-text note in the record (the text is ``note``)."""

    kind: Literal["note"] = "note"


class GhostBattleFinished(EventBase):
    """A solo battle against the ghost general that ended (the ghost left the field, or the
    player set up a new one), kept whole so the chronicle can tell it and chart its gap (G2.2,
    G3). It changes no nation: undoing it only takes it out of the chronicle."""

    kind: Literal["ghost_battle_finished"] = "ghost_battle_finished"
    battle: dict[str, Any]
    """The battle's record as ``ghost.battle.BattleState`` writes it to JSON (the general, the
    order of battle, every ghost turn's losses, gap and decisions); checked on append."""


class Undone(EventBase):
    """Cancels an earlier event; both stay in the history."""

    kind: Literal["undone"] = "undone"
    target: int = Field(ge=1)
    """The id of the event cancelled."""
    reason: str = Field(min_length=1)
    """Why (kept in the history)."""


Event = Annotated[
    CampaignCreated
    | BattleRecorded
    | PmRebuilt
    | RecruitmentOrdered
    | TreasuryAdjusted
    | PrestigeAdjusted
    | ForcesAdjusted
    | ProvinceTaken
    | TurnAdvanced
    | WinterResolved
    | ForcedMarch
    | TacticalRetreat
    | CentresRecorded
    | RuleChanged
    | ArmyMoved
    | FleetSailed
    | TroopsLanded
    | ForceRenamed
    | ForceSplit
    | ForcesMerged
    | CityShutIn
    | SiegeLifted
    | ProvinceSacked
    | TreatyMade
    | TreatyBroken
    | WarDeclared
    | ArmyRetreated
    | FleetRetreated
    | InterceptionRolled
    | OrderGiven
    | OrderWithdrawn
    | OrdersResolved
    | MeetingAnswered
    | NoOrders
    | WithdrawalPursued
    | SideDone
    | PlayerChanged
    | DbaMoved
    | SpecialActionOrdered
    | ArmyMobilised
    | LoyaltyChanged
    | NoteAdded
    | GhostBattleFinished
    | Undone,
    Field(discriminator="kind"),
]
"""Any ledger event, told apart by its ``kind``."""

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
"""Validates and serialises any :data:`Event` (``EVENT_ADAPTER.validate_json(text)``)."""

EVENT_KINDS: tuple[str, ...] = (
    "campaign_created",
    "battle_recorded",
    "pm_rebuilt",
    "recruitment_ordered",
    "treasury_adjusted",
    "prestige_adjusted",
    "forces_adjusted",
    "province_taken",
    "turn_advanced",
    "winter_resolved",
    "forced_march",
    "tactical_retreat",
    "centres_recorded",
    "rule_changed",
    "army_moved",
    "fleet_sailed",
    "troops_landed",
    "force_renamed",
    "force_split",
    "forces_merged",
    "city_shut_in",
    "siege_lifted",
    "province_sacked",
    "treaty_made",
    "treaty_broken",
    "war_declared",
    "army_retreated",
    "fleet_retreated",
    "interception_rolled",
    "order_given",
    "order_withdrawn",
    "orders_resolved",
    "meeting_answered",
    "no_orders",
    "withdrawal_pursued",
    "side_done",
    "player_changed",
    "dba_moved",
    "special_action",
    "army_mobilised",
    "loyalty_changed",
    "note",
    "ghost_battle_finished",
    "undone",
)
"""Every event ``kind``."""
