"""What a campaign looks like to whoever reads it: the typed read models the ledger builds and
``--json``, the app and the chronicle share (issue 21, item 5).

The campaign summary (``castra campaign show --json``), the map (``castra campaign map
--json``) and the glance the Campaign screen's first frame draws were dictionaries indexed by
string in every screen; a misspelt key was a crash at the table, not an error at the desk.
Each is an immutable, typed record here, built by the ledger from the state, read by attribute,
and printed by its ``to_json()`` exactly as ``--json`` always printed it (the tests pin the
bytes).

Standard library only: the app's first frame reads the glance (:meth:`Glance.from_json`)
before pydantic or the ledger's models are imported. So they are ``NamedTuple``s, with their
annotations evaluated, not postponed: two dozen slotted frozen dataclasses cost the first frame
some 15 ms of CPU (``benchmarks/startup.py``: 1.29x the bare app instead of 1.22x), and
``typing.NamedTuple`` compiles every postponed annotation (150 of them); as they are, the module
costs a few milliseconds, and a record is built faster too. Names, dates and recorded sentences
are the ledger's (English, language-neutral); the interfaces translate them when shown.
"""

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple, Self

__all__ = [
    "ArmySummary",
    "BellumSummary",
    "CampaignSummary",
    "DbaArmyOnMap",
    "DbaMapSummary",
    "DbaProvince",
    "DecimatedBatch",
    "DecimatedGlance",
    "ForceOnMap",
    "Glance",
    "GlanceArmy",
    "GlanceNation",
    "MapSummary",
    "MeetingSummary",
    "MoraleEntry",
    "NationSummary",
    "PairingSummary",
    "PhaseSummary",
    "PmHere",
    "ProvinceOnMap",
    "RecentEvent",
    "RelationPair",
    "TrainingBatch",
    "TrainingGlance",
    "Ways",
]

JSON = dict[str, Any]
"""One JSON object as ``--json`` prints it."""


# ---- pieces shared by the summary and the glance ------------------------------------------


class PhaseSummary(NamedTuple):
    """T5.2, D6: the turn's phase and what is left in it (``"phase"`` of ``campaign show
    --json``; the Campaign screen and the Map say it alike)."""

    key: str
    """The phase's key (``orders``, ``movement``, ``winter`` …)."""
    name: str
    """Its name, recorded English ("T5.2 phase 1")."""
    rule: str
    """The rule that orders it."""
    orders: str
    """How orders are given: the house rule ``orders`` (``open`` or ``sealed``)."""
    left: tuple[str, ...]
    """What is left to do in it, in recorded English."""
    heading_said: Mapping[str, Any]
    """"Phase: {name} ({rule})" as a description's plain form, said by the ledger
    (:mod:`assistant.ledger.phases`) and rendered alike by ``campaign show`` and the app
    (:func:`converters.wording.render_data`, without pydantic at the first frame)."""
    left_said: tuple[Mapping[str, Any], ...]
    """What is left, each as a description's plain form (in the order of ``left``)."""

    def to_json(self) -> JSON:
        return {
            "key": self.key,
            "name": self.name,
            "rule": self.rule,
            "orders": self.orders,
            "left": list(self.left),
            "said": {"heading": self.heading_said, "left": list(self.left_said)},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        said = data["said"]
        return cls(
            key=data["key"],
            name=data["name"],
            rule=data["rule"],
            orders=data["orders"],
            left=tuple(data["left"]),
            heading_said=said["heading"],
            left_said=tuple(said["left"]),
        )

    def lines(self) -> list[str]:
        """The heading and each thing left, in the reader's language: what ``campaign show``,
        the Campaign screen and the Map say of the phase (issue 21, item 4)."""
        from converters.wording import render_data

        return [render_data(self.heading_said), *map(render_data, self.left_said)]


class RelationPair(NamedTuple):
    """T7.10: one pair of player nations and how they stand."""

    a: str
    """The first nation, in the scenario's order."""
    b: str
    """The second."""
    relation: str
    """``allied``, ``neutral`` or ``at_war``."""

    def to_json(self) -> dict[str, str]:
        return {"a": self.a, "b": self.b, "relation": self.relation}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(a=data["a"], b=data["b"], relation=data["relation"])


# ---- the campaign summary: castra campaign show --json ------------------------------------


class DecimatedBatch(NamedTuple):
    """T4.4, T6.2: PM decimated in one battle, back at a winter's end."""

    pm: int
    """How many PM."""
    turn: int
    """The turn of the battle."""
    place: str
    """Where it was fought ("" if not recorded)."""
    expires: int | None
    """The turn they come back (None: never, by the house rule)."""

    def to_json(self) -> JSON:
        return {"pm": self.pm, "turn": self.turn, "place": self.place, "expires": self.expires}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(pm=data["pm"], turn=data["turn"], place=data["place"], expires=data["expires"])


class TrainingBatch(NamedTuple):
    """T6.1: PM recruited and in training."""

    land_pm: int
    """Land PM."""
    naval_pm: int
    """Naval PM."""
    ordered: int
    """The turn they were ordered."""
    arrives: int
    """The turn they are ready."""
    province: str
    """Where they will stand ("" for the capital)."""
    join: str
    """The army or fleet they join ("" for a new one)."""

    def to_json(self) -> JSON:
        return {
            "land_pm": self.land_pm,
            "naval_pm": self.naval_pm,
            "ordered": self.ordered,
            "arrives": self.arrives,
            "province": self.province,
            "join": self.join,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            land_pm=data["land_pm"],
            naval_pm=data["naval_pm"],
            ordered=data["ordered"],
            arrives=data["arrives"],
            province=data["province"],
            join=data["join"],
        )


class NationSummary(NamedTuple):
    """One nation's standing in the campaign summary."""

    name: str
    """The nation (the key it is listed under)."""
    player: bool
    """A player nation (not a neutral holder)."""
    land_pm: int
    """Land PM in play."""
    naval_pm: int
    """Naval PM in play."""
    decimated: int
    """PM decimated and not yet back (T4.4)."""
    decimated_batches: tuple[DecimatedBatch, ...]
    """The same PM, battle by battle."""
    training: tuple[TrainingBatch, ...]
    """PM in training (T6.1)."""
    treasury: int
    """PE in the treasury."""
    prestige: int
    """PP."""
    victory_points: int | None
    """VP (T5.8); None in a campaign without them."""
    prisoners_held: int
    """Enemy PM held prisoner."""
    has_player: bool
    """A player nation someone plays (not left without a player at creation)."""

    def to_json(self) -> JSON:
        return {
            "player": self.player,
            "land_pm": self.land_pm,
            "naval_pm": self.naval_pm,
            "decimated": self.decimated,
            "decimated_batches": [batch.to_json() for batch in self.decimated_batches],
            "training": [batch.to_json() for batch in self.training],
            "treasury": self.treasury,
            "prestige": self.prestige,
            "victory_points": self.victory_points,
            "prisoners_held": self.prisoners_held,
            "has_player": self.has_player,
        }

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any]) -> Self:
        return cls(
            name=name,
            player=data["player"],
            land_pm=data["land_pm"],
            naval_pm=data["naval_pm"],
            decimated=data["decimated"],
            decimated_batches=tuple(DecimatedBatch.from_json(b) for b in data["decimated_batches"]),
            training=tuple(TrainingBatch.from_json(b) for b in data["training"]),
            treasury=data["treasury"],
            prestige=data["prestige"],
            victory_points=data["victory_points"],
            prisoners_held=data["prisoners_held"],
            has_player=data["has_player"],
        )


class MoraleEntry(NamedTuple):
    """D1, D5: one change of an army's morale."""

    turn: int
    """The turn it changed."""
    before: int
    """Morale before."""
    after: int
    """Morale after."""
    reason: str
    """Why, in recorded English."""
    event_id: int
    """The event that changed it."""
    said: Mapping[str, Any]
    """Why, as a description's plain form (``{"kind", "key", "values"}``, issue 21), rendered
    in the reader's language where it is shown."""

    def to_json(self) -> JSON:
        return {
            "turn": self.turn,
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
            "said": self.said,
            "event_id": self.event_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            turn=data["turn"],
            before=data["before"],
            after=data["after"],
            reason=data["reason"],
            event_id=data["event_id"],
            said=data["said"],
        )


class ArmySummary(NamedTuple):
    """One army of a campaign played by army morale (Macedon vs Persia, D1)."""

    name: str
    """The army (the key it is listed under)."""
    nation: str
    """Its side."""
    leader: bool
    """The army its side's leader commands."""
    morale: int
    """Its morale now."""
    alive: bool
    """False once destroyed."""
    journal: tuple[MoraleEntry, ...]
    """Every change of its morale, oldest first."""

    def to_json(self) -> JSON:
        return {
            "nation": self.nation,
            "leader": self.leader,
            "morale": self.morale,
            "alive": self.alive,
            "journal": [entry.to_json() for entry in self.journal],
        }

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any]) -> Self:
        return cls(
            name=name,
            nation=data["nation"],
            leader=data["leader"],
            morale=data["morale"],
            alive=data["alive"],
            journal=tuple(MoraleEntry.from_json(entry) for entry in data["journal"]),
        )


class BellumSummary(NamedTuple):
    """B1, B2: a Bellum game's centres per year and standings."""

    faction: str
    """Rome's faction."""
    rome_setup: Mapping[str, Any]
    """Rome's set-up, as JSON."""
    rules: Mapping[str, Any]
    """The game's rules, as JSON."""
    years: int
    """Years recorded."""
    next_year: int | None
    """The year to record next (None once finished)."""
    centres: Mapping[str, tuple[int, ...]]
    """Each power's supply centres at the end of each year, year 1 first."""
    standings: Mapping[str, Any] | None
    """The standings (B2), as JSON; None before year 1."""
    rule: str = "B1"
    """The rule the part reads."""

    def to_json(self) -> JSON:
        return {
            "rule": self.rule,
            "faction": self.faction,
            "rome_setup": dict(self.rome_setup),
            "rules": dict(self.rules),
            "years": self.years,
            "next_year": self.next_year,
            "centres": {power: list(row) for power, row in self.centres.items()},
            "standings": None if self.standings is None else dict(self.standings),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            rule=data["rule"],
            faction=data["faction"],
            rome_setup=data["rome_setup"],
            rules=data["rules"],
            years=data["years"],
            next_year=data["next_year"],
            centres={power: tuple(row) for power, row in data["centres"].items()},
            standings=data["standings"],
        )


class CampaignSummary(NamedTuple):
    """The campaign as ``castra campaign show --json`` prints it (its file name aside)."""

    scenario: str
    """The scenario's key."""
    title: str
    """Its title (recorded English)."""
    turn: int
    """The turn now."""
    date: str
    """The turn's date, e.g. "Turn 3, May 278 BC (1st fortnight)"."""
    winter: bool
    """A winter turn (T5.1)."""
    total_turns: int
    """The campaign's length in turns."""
    finished: bool
    """The campaign is over."""
    winners: tuple[str, ...]
    """T5.8: who won a strategic victory."""
    battles: int
    """Battles recorded (not undone)."""
    initiative: str | None
    """D6: the side with the initiative, when the scenario has an attacker."""
    nations: Mapping[str, NationSummary]
    """Every nation and neutral holder, in the scenario's order."""
    armies: Mapping[str, ArmySummary]
    """Every army played by morale (empty in the Tarentine Wars)."""
    bellum: BellumSummary | None
    """A Bellum game's part; None in another campaign."""
    relations: tuple[RelationPair, ...]
    """T7.10: every pair of player nations."""
    phase: PhaseSummary | None
    """T5.2, D6: the phase now; None for a campaign without a turn by the book."""

    def to_json(self) -> JSON:
        return {
            "scenario": self.scenario,
            "title": self.title,
            "turn": self.turn,
            "date": self.date,
            "winter": self.winter,
            "total_turns": self.total_turns,
            "finished": self.finished,
            "winners": list(self.winners),
            "battles": self.battles,
            "initiative": self.initiative,
            "nations": {name: nation.to_json() for name, nation in self.nations.items()},
            "armies": {name: army.to_json() for name, army in self.armies.items()},
            "bellum": None if self.bellum is None else self.bellum.to_json(),
            "relations": [row.to_json() for row in self.relations],
            "phase": None if self.phase is None else self.phase.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            scenario=data["scenario"],
            title=data["title"],
            turn=data["turn"],
            date=data["date"],
            winter=data["winter"],
            total_turns=data["total_turns"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
            battles=data["battles"],
            initiative=data["initiative"],
            nations={n: NationSummary.from_json(n, v) for n, v in data["nations"].items()},
            armies={n: ArmySummary.from_json(n, v) for n, v in data["armies"].items()},
            bellum=None if data["bellum"] is None else BellumSummary.from_json(data["bellum"]),
            relations=tuple(RelationPair.from_json(row) for row in data["relations"]),
            phase=None if data["phase"] is None else PhaseSummary.from_json(data["phase"]),
        )


# ---- the map: castra campaign map --json --------------------------------------------------


class Ways(NamedTuple):
    """T7.1: a province's neighbours, by the way between them."""

    road: tuple[str, ...]
    """Over land."""
    mountain: tuple[str, ...]
    """Over a mountain pass."""
    sea: tuple[str, ...]
    """By sea, the crossings included."""
    crossing: tuple[str, ...]
    """By a short crossing (T7.3)."""

    def to_json(self) -> dict[str, list[str]]:
        return {
            "road": list(self.road),
            "mountain": list(self.mountain),
            "sea": list(self.sea),
            "crossing": list(self.crossing),
        }


class PmHere(NamedTuple):
    """One nation's PM standing in a province."""

    land: int
    """Land PM (its armies)."""
    naval: int
    """Naval PM (its fleets)."""

    def to_json(self) -> dict[str, int]:
        return {"land": self.land, "naval": self.naval}


class ProvinceOnMap(NamedTuple):
    """One province of the board as it stands."""

    name: str
    """The province (the key it is listed under)."""
    region: str
    """Its region."""
    homeland: str
    """The nation whose homeland it is."""
    controller: str
    """Who holds it now."""
    value: int
    """Its value (T5.3)."""
    loyalty: int
    """Its loyalty to its homeland now (T5.7)."""
    city: bool
    """A city."""
    maritime: bool
    """On the sea."""
    lat: float
    """Latitude, for drawing."""
    lon: float
    """Longitude, for drawing."""
    neighbours: Ways
    """Its neighbours."""
    forces: Mapping[str, PmHere]
    """The PM each nation has standing in it."""
    besieged: bool
    """Under siege (T7.6)."""
    sacked: bool
    """Sacked (T7.7)."""

    def to_json(self) -> JSON:
        return {
            "region": self.region,
            "homeland": self.homeland,
            "controller": self.controller,
            "value": self.value,
            "loyalty": self.loyalty,
            "city": self.city,
            "maritime": self.maritime,
            "lat": self.lat,
            "lon": self.lon,
            "neighbours": self.neighbours.to_json(),
            "forces": {nation: pm.to_json() for nation, pm in self.forces.items()},
            "besieged": self.besieged,
            "sacked": self.sacked,
        }


class ForceOnMap(NamedTuple):
    """One army or fleet (T7.2), every field the ledger keeps of it, and whether it is on the
    board now."""

    name: str
    """Its name, unique in the campaign ("Rome I")."""
    nation: str
    """Whose it is."""
    kind: Literal["army", "fleet"]
    """An army (land PM) or a fleet (naval PM)."""
    province: str
    """Where it stands."""
    pm: int
    """Its PM."""
    paid_by: str | None
    """Mercenaries: whose pay they are in (T5.5)."""
    aboard: str | None
    """An army: the fleet carrying it (T7.3)."""
    moved: int
    """The last turn it moved."""
    came_from: str | None
    """Where its last move started (T4.3, T3.7)."""
    landed_from: str | None
    """The fleet that landed it on its last move (T7.5)."""
    held: int
    """The spring turn it holds troops out of winter training (T6.1)."""
    on_map: bool
    """False while its nation is away in Greece (T7.9)."""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "nation": self.nation,
            "kind": self.kind,
            "province": self.province,
            "pm": self.pm,
            "paid_by": self.paid_by,
            "aboard": self.aboard,
            "moved": self.moved,
            "came_from": self.came_from,
            "landed_from": self.landed_from,
            "held": self.held,
            "on_map": self.on_map,
        }


class MapSummary(NamedTuple):
    """The board as ``castra campaign map --json`` prints it: every province with its
    neighbours and forces, and every force."""

    turn: int
    """The turn now."""
    date: str
    """Its date."""
    note: str
    """What the ledger says of the map (a campaign made before the map: "" otherwise)."""
    provinces: Mapping[str, ProvinceOnMap]
    """Every province, in the scenario's order."""
    forces: Mapping[str, ForceOnMap]
    """Every army and fleet."""

    def to_json(self) -> JSON:
        return {
            "turn": self.turn,
            "date": self.date,
            "note": self.note,
            "provinces": {name: p.to_json() for name, p in self.provinces.items()},
            "forces": {name: f.to_json() for name, f in self.forces.items()},
        }

    def forces_in(self, province: str) -> list[ForceOnMap]:
        """The forces on the board in ``province``."""
        return [f for f in self.forces.values() if f.province == province and f.on_map]


# ---- Macedon vs Persia's map and this turn's meetings --------------------------------------


class DbaArmyOnMap(NamedTuple):
    """One army on Macedon vs Persia's map (D1, D10–D13), as ``campaign map --json`` prints
    it and the Campaign screen's first frame lists it from the glance."""

    side: str
    """Whose it is."""
    province: str | None
    """Where it stands; None while at sea (D10)."""
    morale: int
    """Its morale (D1)."""
    action: str | None
    """Its special action under way (D11: ``works``, ``agitation``), if any."""
    action_ends: int | None
    """The turn the action takes effect."""
    landing_at: str | None
    """D10: where it lands."""
    lands_on: int | None
    """D10: the turn it lands."""
    raised: int | None
    """D11: the turn a forced mobilisation raised it."""
    supplied: bool
    """D13: it traces a supply line (or is at sea)."""
    supply_line: tuple[str, ...] | None
    """D13: the shortest line, from its province; None when cut off or at sea."""
    deadline: int | None
    """D5, D13: the turn it dies unless its line is restored."""

    def to_json(self) -> JSON:
        return {
            "side": self.side,
            "province": self.province,
            "morale": self.morale,
            "action": self.action,
            "action_ends": self.action_ends,
            "landing_at": self.landing_at,
            "lands_on": self.lands_on,
            "raised": self.raised,
            "supplied": self.supplied,
            "supply_line": None if self.supply_line is None else list(self.supply_line),
            "deadline": self.deadline,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        line = data["supply_line"]
        return cls(
            side=data["side"],
            province=data["province"],
            morale=data["morale"],
            action=data["action"],
            action_ends=data["action_ends"],
            landing_at=data["landing_at"],
            lands_on=data["lands_on"],
            raised=data["raised"],
            supplied=data["supplied"],
            supply_line=None if line is None else tuple(line),
            deadline=data["deadline"],
        )


class DbaProvince(NamedTuple):
    """One province of Macedon vs Persia's map (D9, D12)."""

    controller: str | None
    """Who holds it (None: nobody)."""
    loyalty: Mapping[str, int]
    """Each side's loyalty there."""
    status: str
    """D12: held, loyal, devastated, rebel or neutral."""
    devastated_until: int | None
    """The turn its devastation ends."""
    maritime: bool
    """On the sea."""
    port: bool
    """A key port (D10)."""
    neighbours: tuple[str, ...]
    """Where an army may go from it by road."""
    armies: tuple[str, ...]
    """The armies standing in it."""
    lat: float
    """Latitude, for drawing."""
    lon: float
    """Longitude, for drawing."""

    def to_json(self) -> JSON:
        return {
            "controller": self.controller,
            "loyalty": dict(self.loyalty),
            "status": self.status,
            "devastated_until": self.devastated_until,
            "maritime": self.maritime,
            "port": self.port,
            "neighbours": list(self.neighbours),
            "armies": list(self.armies),
            "lat": self.lat,
            "lon": self.lon,
        }


class DbaMapSummary(NamedTuple):
    """Macedon vs Persia's map as ``castra campaign map --json`` prints it (D9–D13)."""

    turn: int
    """The turn now."""
    initiative: str | None
    """The side with the initiative (D6)."""
    provinces: Mapping[str, DbaProvince]
    """Every province, in the board's order."""
    armies: Mapping[str, DbaArmyOnMap]
    """Every army."""
    mobilised_this_year: Mapping[str, int]
    """D11: each side's mobilisations this year."""

    def to_json(self) -> JSON:
        return {
            "turn": self.turn,
            "initiative": self.initiative,
            "provinces": {name: p.to_json() for name, p in self.provinces.items()},
            "armies": {name: a.to_json() for name, a in self.armies.items()},
            "mobilised_this_year": dict(self.mobilised_this_year),
        }

    def armies_in(self, province: str) -> list[tuple[str, DbaArmyOnMap]]:
        """The armies standing in ``province``, by name, in the province's order."""
        here = self.provinces[province].armies
        return [(name, self.armies[name]) for name in here if name in self.armies]


class PairingSummary(NamedTuple):
    """D8: who fights whom now at an invasion meeting."""

    pairs: tuple[tuple[str, str], ...]
    """(attacker's army, defender's army) for each game to play now."""
    queue: tuple[str, ...]
    """With unequal numbers: the larger side's next armies, in order."""

    def to_json(self) -> JSON:
        return {"pairs": [list(pair) for pair in self.pairs], "queue": list(self.queue)}


class MeetingSummary(NamedTuple):
    """A meeting found this turn and how far it is settled (T7.4; ``castra campaign
    meetings --json``)."""

    number: int
    """Its number in the turn's list (sea first)."""
    province: str
    """Where the battle would be fought."""
    at_sea: bool
    """Fleets (T5.2 phase 4) or armies (phase 7)."""
    forces: tuple[str, ...]
    """The forces that meet."""
    nations: tuple[str, ...]
    """Their nations, in the order of the forces."""
    crossing: tuple[str, ...]
    """Met on the way: the two ends of the road or stretch (T4.3)."""
    arrivals: Mapping[str, str]
    """How each force came there (T3.2)."""
    seek: tuple[str, ...] | None
    """The nations that sought battle (None: not answered yet)."""
    settled: bool
    """Nothing more is needed."""
    pairing: PairingSummary | None
    """D8: the next game of an invasion meeting (None: settled, or the attacker picks)."""
    answered: tuple[str, ...] = ()
    """T3.0: the sides that have answered in their own sessions so far, by name only (their
    answers stay sealed until every side has)."""

    def to_json(self) -> JSON:
        return {
            "number": self.number,
            "province": self.province,
            "at_sea": self.at_sea,
            "forces": list(self.forces),
            "nations": list(self.nations),
            "crossing": list(self.crossing),
            "arrivals": dict(self.arrivals),
            "seek": None if self.seek is None else list(self.seek),
            "answered": list(self.answered),
            "settled": self.settled,
            "pairing": None if self.pairing is None else self.pairing.to_json(),
        }


# ---- the glance: the Campaign screen's first frame ----------------------------------------


class DecimatedGlance(NamedTuple):
    """PM decimated in one battle as the Campaign screen lists them (T4.4)."""

    pm: int
    """How many PM."""
    expires: int | None
    """The turn they come back (None: never)."""

    def to_json(self) -> JSON:
        return {"pm": self.pm, "expires": self.expires}


class TrainingGlance(NamedTuple):
    """PM in training as the Campaign screen lists them (T6.1)."""

    land_pm: int
    """Land PM."""
    naval_pm: int
    """Naval PM."""
    arrives: int
    """The turn they are ready."""

    def to_json(self) -> JSON:
        return {"land_pm": self.land_pm, "naval_pm": self.naval_pm, "arrives": self.arrives}


class GlanceNation(NamedTuple):
    """One nation's row on the Campaign screen."""

    name: str
    """The nation."""
    player: bool
    """A player nation (not a neutral holder)."""
    away: bool
    """Away in Greece (T7.9)."""
    land_pm: int
    """Land PM in play."""
    naval_pm: int
    """Naval PM in play."""
    decimated: tuple[DecimatedGlance, ...]
    """PM decimated and not yet back, battle by battle (T4.4)."""
    training: tuple[TrainingGlance, ...]
    """PM in training (T6.1)."""
    treasury: int
    """PE."""
    prestige: int
    """PP."""
    victory_points: int | None
    """VP (T5.8); None in a campaign without them."""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "player": self.player,
            "away": self.away,
            "land_pm": self.land_pm,
            "naval_pm": self.naval_pm,
            "decimated": [batch.to_json() for batch in self.decimated],
            "training": [batch.to_json() for batch in self.training],
            "treasury": self.treasury,
            "prestige": self.prestige,
            "victory_points": self.victory_points,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            name=data["name"],
            player=data["player"],
            away=data["away"],
            land_pm=data["land_pm"],
            naval_pm=data["naval_pm"],
            decimated=tuple(DecimatedGlance(b["pm"], b["expires"]) for b in data["decimated"]),
            training=tuple(
                TrainingGlance(b["land_pm"], b["naval_pm"], b["arrives"]) for b in data["training"]
            ),
            treasury=data["treasury"],
            prestige=data["prestige"],
            victory_points=data["victory_points"],
        )


class GlanceArmy(NamedTuple):
    """One army's row on the Campaign screen (a campaign played by morale, D1)."""

    name: str
    """The army."""
    nation: str
    """Its side."""
    morale: int
    """Its morale."""
    alive: bool
    """False once destroyed."""
    leader: bool
    """Its side's leader commands it."""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "nation": self.nation,
            "morale": self.morale,
            "alive": self.alive,
            "leader": self.leader,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            name=data["name"],
            nation=data["nation"],
            morale=data["morale"],
            alive=data["alive"],
            leader=data["leader"],
        )


class RecentEvent(NamedTuple):
    """One of the latest events as the glance keeps it."""

    id: int
    """Its event id."""
    turn: int | None
    """The turn it belongs to."""
    summary: str
    """What it did, in recorded English."""
    who: str
    """Who entered it."""
    undone: bool = False
    """Undone since."""
    said: Mapping[str, Any] | None = None
    """What it did as a description's plain form (:mod:`converters.wording` renders it in
    the reader's language without pydantic); None in a glance kept before descriptions."""

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "turn": self.turn,
            "summary": self.summary,
            "said": self.said,
            "who": self.who,
            "undone": self.undone,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            id=data["id"],
            turn=data["turn"],
            summary=data["summary"],
            who=data["who"],
            undone=data["undone"],
            said=data.get("said"),
        )


class Glance(NamedTuple):
    """What the Campaign screen shows of a campaign, kept by the ledger in the campaign file
    with every event (:mod:`assistant.ledger.glance`), with the summary ``campaign show
    --json`` prints."""

    title: str
    """The scenario's title."""
    date: str
    """The turn's date."""
    date_said: Mapping[str, Any]
    """The same as a description's plain form, said in the reader's language at the first
    frame (:func:`converters.wording.render_data`)."""
    turn: int
    """The turn now."""
    total_turns: int
    """The campaign's length."""
    finished: bool
    """The campaign is over."""
    winners: tuple[str, ...]
    """T5.8: who won."""
    relations: tuple[RelationPair, ...]
    """T7.10: the pairs at war, or allied by treaty (not by the scenario)."""
    is_winter: bool
    """A winter turn (T5.1)."""
    winter_resolved: bool
    """This winter's events are recorded (T5.6)."""
    phase: PhaseSummary | None
    """T5.2, D6: the phase now."""
    unsettled_meetings: int
    """T7.4: meetings not yet settled this turn."""
    battles: int
    """Battles recorded."""
    house_rules: Mapping[str, str]
    """docs/rules.md H: the options that differ from the defaults, as text."""
    tribute: Mapping[str, int]
    """T5.3: each nation's tribute if the turn ended now."""
    uses_pm: bool
    """Nations' PM are shown (Tarentine Wars), not armies' morale (Macedon vs Persia, D1)."""
    nations: tuple[GlanceNation, ...]
    """Every nation's row."""
    armies: tuple[GlanceArmy, ...]
    """Every army's row (played by morale)."""
    map_armies: Mapping[str, DbaArmyOnMap]
    """Macedon vs Persia's armies on the map (empty elsewhere)."""
    recent: tuple[RecentEvent, ...]
    """The latest events, oldest first."""
    summary: CampaignSummary
    """What ``castra campaign show --json`` prints (read from the file without the ledger's
    models by :mod:`assistant.ledger.quick_read`)."""

    def to_json(self) -> JSON:
        return {
            "title": self.title,
            "date": self.date,
            "date_said": self.date_said,
            "turn": self.turn,
            "total_turns": self.total_turns,
            "finished": self.finished,
            "winners": list(self.winners),
            "relations": [row.to_json() for row in self.relations],
            "is_winter": self.is_winter,
            "winter_resolved": self.winter_resolved,
            "phase": None if self.phase is None else self.phase.to_json(),
            "unsettled_meetings": self.unsettled_meetings,
            "battles": self.battles,
            "house_rules": dict(self.house_rules),
            "tribute": dict(self.tribute),
            "uses_pm": self.uses_pm,
            "nations": [nation.to_json() for nation in self.nations],
            "armies": [army.to_json() for army in self.armies],
            "map_armies": {name: army.to_json() for name, army in self.map_armies.items()},
            "recent": [entry.to_json() for entry in self.recent],
            "summary": self.summary.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The glance kept as JSON (its stamp, if any, aside); KeyError, TypeError or
        ValueError for one of another shape."""
        phase = data["phase"]
        return cls(
            title=data["title"],
            date=data["date"],
            date_said=data["date_said"],
            turn=data["turn"],
            total_turns=data["total_turns"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
            relations=tuple(RelationPair.from_json(row) for row in data["relations"]),
            is_winter=data["is_winter"],
            winter_resolved=data["winter_resolved"],
            phase=None if phase is None else PhaseSummary.from_json(phase),
            unsettled_meetings=data["unsettled_meetings"],
            battles=data["battles"],
            house_rules=dict(data["house_rules"]),
            tribute=dict(data["tribute"]),
            uses_pm=data["uses_pm"],
            nations=tuple(GlanceNation.from_json(row) for row in data["nations"]),
            armies=tuple(GlanceArmy.from_json(row) for row in data["armies"]),
            map_armies={n: DbaArmyOnMap.from_json(a) for n, a in data["map_armies"].items()},
            recent=tuple(RecentEvent.from_json(entry) for entry in data["recent"]),
            summary=CampaignSummary.from_json(data["summary"]),
        )
