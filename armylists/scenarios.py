"""The campaigns a ledger can start from, shipped as data and validated on load.

The Tarentine Wars (seed 000, docs/rules.md T5, T6) and Macedon vs Persia (seed 003, section D) live
in ``armylists/data/scenarios/<key>/`` as TOML and CSV; a custom campaign is built from the
nations a user names; a Bellum game (seed 002, section B) from the 13 powers of
``armylists/data/bellum.toml`` and Rome's faction choice (B3). The ledger embeds the whole
:class:`Scenario` in a campaign's first event, so a campaign keeps the numbers it started with
even if the shipped data changes later.
"""

from __future__ import annotations

import csv
import io
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from armylists.board import load_board, shipped_board
from converters.bellum import BellumPower, BellumRules, RomeSetup
from converters.bounds import NAME_MOST, too_long
from converters.campaign_map import Board
from converters.errors import FieldError
from converters.i18n import N_, _
from converters.said import Said, said

__all__ = [
    "SCENARIO_KEYS",
    "ArmySpec",
    "BellumSetup",
    "Calendar",
    "Economy",
    "Mercenaries",
    "Province",
    "Scenario",
    "ScenarioKey",
    "StartingForce",
    "WinterEventSpec",
    "WinterEvents",
    "bellum_scenario",
    "custom_scenario",
    "load_scenario",
]

ScenarioKey = Literal["tarentine", "macedon"]
"""The scenarios shipped with Castra."""

SCENARIO_KEYS: tuple[ScenarioKey, ...] = ("tarentine", "macedon")
"""Every :data:`ScenarioKey`, in the order the command line lists them."""

MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
"""Month names as the (English, stored) campaign date writes them; shown translated."""
SEASONS = {3: N_("spring"), 4: N_("spring"), 5: N_("spring"), 6: N_("summer")}
SEASONS.update({7: N_("summer"), 8: N_("summer"), 9: N_("autumn"), 10: N_("autumn")})
SEASONS.update({11: N_("autumn"), 12: N_("winter"), 1: N_("winter"), 2: N_("winter")})
FORTNIGHTS = (N_("1st"), N_("2nd"))


def _unknown_nation(nation: str, *, field: str) -> FieldError:
    return FieldError(field, _("unknown nation {nation!r}"), nation=nation)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Province(_Frozen):
    """One province of the campaign map (T5.5, ``provinces.csv``)."""

    region: str
    """The region it belongs to, e.g. "Lucania"."""
    name: str = Field(min_length=1)
    """The province's name, e.g. "Heraclea"."""
    homeland: str
    """The nation it belongs to at the start ("Neutral" for nobody's)."""
    loyalty: int = Field(ge=0)
    """Loyalty to its homeland (T5.7)."""
    value: int = Field(ge=0)
    """Economic value in PE per turn (T5.3)."""
    kind: Literal["city", "wild", ""] = ""
    """"city" (square on the map), "wild" (hexagon) or ordinary land."""
    special: str = ""
    """Special rules in the seed's words."""


class StartingForce(_Frozen):
    """Troops a nation has in one province at the start (T5.5, ``start.csv``)."""

    nation: str
    """Who owns them."""
    province: str
    """Where they stand."""
    land_pm: int = Field(ge=0)
    """Land PM there."""
    naval_pm: int = Field(ge=0)
    """Naval PM (fleets) there."""
    note: str = ""
    """E.g. "mercenaries in Greek pay"."""


class Mercenaries(_Frozen):
    """Troops standing in another nation's pay at the start (T5.5: the Senones at Tarentum)."""

    nation: str
    """Whose troops they are."""
    province: str
    """Where they stand."""
    paid_by: str
    """The nation paying them: they are not its enemy (T5.3, T7.10)."""


class Calendar(_Frozen):
    """How turns map to dates (T5.1; seed 003 rule 5)."""

    kind: Literal["fortnights", "months", "years"]
    """A turn is a fortnight (Tarentine Wars), a month (Macedon vs Persia, Reading) or a whole
    game year (Bellum, B1: centres are counted at the end of each year)."""
    start_year_bc: int = Field(gt=0)
    """The campaign's first year, BC (so years count down)."""
    years: int = Field(gt=0)
    """How many campaign years."""
    turns_per_year: int = Field(gt=0)
    """Turns of movement in a year, before any winter turn."""
    first_month: int = Field(ge=1, le=12)
    """Month of the first turn (4 = April)."""
    winter_turn: bool
    """Whether each year ends with one winter turn (T5.1)."""

    @property
    def year_length(self) -> int:
        """Turns in a year, the winter turn included."""
        return self.turns_per_year + (1 if self.winter_turn else 0)

    @property
    def total_turns(self) -> int:
        """Turns in the whole campaign: 65 for the Tarentine Wars, 36 for Macedon vs Persia."""
        return self.years * self.year_length

    def year_index(self, turn: int) -> int:
        """0 for the first campaign year."""
        return (turn - 1) // self.year_length

    def turn_of_year(self, turn: int) -> int:
        """1..year_length; with a winter, ``year_length`` is the winter turn."""
        return (turn - 1) % self.year_length + 1

    def is_winter(self, turn: int) -> bool:
        """Whether ``turn`` is a winter turn (T5.1)."""
        return self.winter_turn and self.turn_of_year(turn) == self.year_length

    def next_winter(self, turn: int) -> int | None:
        """The winter turn at or after ``turn`` (the deadline of T2.5), None without winters."""
        if not self.winter_turn:
            return None
        return (self.year_index(turn) + 1) * self.year_length

    def date(self, turn: int) -> str:
        """E.g. "Turn 3, May 278 BC (1st fortnight)", "Turn 13, winter 278/277 BC" or, for a
        calendar of years, "Year 3, 268 BC" (in English, as recorded; :meth:`said` is the
        date as data, shown in the reader's language)."""
        return self.said(turn).english()

    def said(self, turn: int) -> Said:
        """The date of ``turn`` as a description: its month and season are words of the
        catalogue, so the date reads "Turno 3, maggio 278 a.C. …" in Italian."""
        year = self.start_year_bc - self.year_index(turn)
        of_year = self.turn_of_year(turn)
        if self.kind == "years":
            return said(N_("Year {turn}, {year} BC"), turn=turn, year=year)
        if self.is_winter(turn):
            return said(
                N_("Turn {turn}, winter {year}/{next_year} BC"),
                turn=turn,
                year=year,
                next_year=year - 1,
            )
        if self.kind == "fortnights":
            month = MONTHS[(self.first_month - 1 + (of_year - 1) // 2) % 12]
            half = FORTNIGHTS[0] if of_year % 2 == 1 else FORTNIGHTS[1]
            return said(
                N_("Turn {turn}, {month} {year} BC ({half} fortnight)"),
                turn=turn,
                month=said(month),
                year=year,
                half=said(half),
            )
        month_number = (self.first_month - 1 + of_year - 1) % 12 + 1
        # A year that starts after January crosses into the next year BC (one less).
        if month_number < self.first_month:
            year -= 1
        return said(
            N_("Turn {turn}, {month} {year} BC ({season})"),
            turn=turn,
            month=said(MONTHS[month_number - 1]),
            year=year,
            season=said(SEASONS[month_number]),
        )


class Economy(_Frozen):
    """Costs of T2.5, T5.8 and T6 (all configurable)."""

    land_pm_cost: int = Field(default=40, ge=0)
    """T6.1: PE to recruit a land PM."""
    naval_pm_cost: int = Field(default=30, ge=0)
    """T6.1: PE to build a naval PM."""
    rebuild_cost: int = Field(default=20, ge=0)
    """T2.5: PE to rebuild one decimated PM."""
    recruit_delay_turns: int = Field(default=4, ge=0)
    """T6.1: recruits arrive this many turns after the order."""
    winter_fortnights: int = Field(default=12, ge=0)
    """T6.2: fortnights in a whole winter."""
    upkeep_per_winter_fortnight: int = Field(default=1, ge=0)
    """T6.2: PE per PM per winter fortnight it is kept."""
    final_vp_treasury_pe: int = Field(default=40, gt=0)
    """T5.8: at the final winter, +1 VP per this many PE in the treasury."""
    max_treasury_pe: int = Field(default=10_000, gt=0)
    """T7.8: no nation's treasury ever holds more (a bound on tribute and corrections)."""


class WinterEventSpec(_Frozen):
    """One line of the winter event table (T5.6)."""

    key: str
    """Stable name, e.g. "storm"."""
    faces: list[int] = Field(min_length=1)
    """Faces of the die that bring it."""
    text: str
    """What happens, in the seed's words."""
    nation: str | None = None
    """The nation it concerns, when it names one."""
    land_pm: int = 0
    """Land PM the nation gains (Ptolemy's 2 PM)."""
    naval_pm: int = 0
    """Naval PM lost by the nation with most fleets (storm: −2)."""
    second_time_prestige: int = 0
    """PP the nation gains the second time (Pyrrhus back from Greece: +5)."""
    provinces: list[str] = []
    """Where it acts on the map (T7.9), the first time then the second: Tarentum for Ptolemy
    and Pyrrhus' return, Rhegium then Messana for the coup, the Ligurian coast."""


class WinterEvents(_Frozen):
    """The referee's winter die (T5.6)."""

    die: int = Field(default=10, gt=0)
    """Sides of the die (a d10)."""
    times_at_most: int = Field(default=2, gt=0)
    """An event that has happened this many times becomes "nothing"."""
    events: list[WinterEventSpec]
    """The table; every face of the die appears exactly once."""

    @model_validator(mode="after")
    def _every_face_once(self) -> WinterEvents:
        faces = sorted(face for event in self.events for face in event.faces)
        if faces != list(range(1, self.die + 1)):
            raise FieldError(
                "winter_events", _("faces must cover 1..{die} once each"), die=self.die
            )
        return self

    def event_for(self, face: int) -> WinterEventSpec:
        """The event a face of the die brings."""
        for event in self.events:
            if face in event.faces:
                return event
        raise FieldError(
            "rolls", _("a d{die} shows 1 to {die} (got {face})"), die=self.die, face=face
        )


class ArmySpec(_Frozen):
    """One army of a side in Macedon vs Persia (D1)."""

    name: str = Field(min_length=1)
    """The army's name, e.g. "Alexander"."""
    nation: str
    """Its side."""
    leader: bool = False
    """Whether it is the side leader's army (starts at morale 6)."""
    morale: int = Field(ge=0, le=6)
    """Starting morale (D1: 3, the leader's 6)."""
    province: str = ""
    """Where it stands at the start (D9 reading); empty in a campaign without a map."""


class BellumSetup(_Frozen):
    """A Bellum game's numbers, powers and Rome's faction choice (docs/rules.md B1–B3)."""

    rules: BellumRules = BellumRules()
    """B1/B2: 90 supply centres, victory at 30, the last year (20), the tie-break windows."""
    powers: list[BellumPower] = Field(min_length=2)
    """B1: the 13 powers in the seed's order."""
    rome: RomeSetup
    """B3: the faction Rome chose, its start centres and units, the centres left neutral or
    deleted."""


class Scenario(_Frozen):
    """Everything a campaign starts from."""

    key: str
    """"tarentine", "macedon" or "custom"."""
    title: str
    """Shown at the top of the ledger."""
    nations: list[str] = Field(min_length=1)
    """The player nations, with the names the data and the army lists use."""
    holders: list[str] = []
    """Holders that are no player's nation ("Neutral")."""
    alliances: list[list[str]] = []
    """Alliances at the start (T5.5)."""
    attacker: str | None = None
    """The attacking side, which has the initiative by default (D6)."""
    calendar: Calendar
    """Turns and dates."""
    economy: Economy | None = None
    """Costs (T6); None in a campaign without economy (Macedon vs Persia)."""
    winter_events: WinterEvents | None = None
    """The winter die (T5.6); None without winters."""
    provinces: list[Province] = []
    """The map."""
    start: list[StartingForce] = []
    """Starting forces."""
    treasuries: dict[str, int] = {}
    """Starting treasury in PE per nation (missing: 0)."""
    prestige: dict[str, int] = {}
    """Starting prestige per nation (T5.5: 0 unless set at creation)."""
    armies: list[ArmySpec] = []
    """Armies with morale (Macedon vs Persia, D1)."""
    bellum: BellumSetup | None = None
    """A Bellum game (section B): its powers are the ``nations``; the ledger records the
    supply centres each holds at the end of each year instead of PM and PE."""
    mercenaries: list[Mercenaries] = []
    """Starting troops in another nation's pay (T5.5)."""
    loyalties: dict[str, dict[str, int]] = {}
    """D9: starting loyalty of a province to a nation other than its homeland (missing: 0)."""
    board: Board | None = None
    """T7.1: roads, sea stretches, crossings and positions of the ``provinces`` (the shipped
    reading or a club's own); None in a campaign without a map, or one made before it."""

    @model_validator(mode="after")
    def _names_are_bounded(self, info: ValidationInfo) -> Scenario:
        # A nation's name is printed in every legend and column (issue 28); a campaign read
        # back from its own file keeps the names it was created with.
        if not (info.context or {}).get("stored"):
            for name in [*self.nations, *self.holders]:
                if len(name) > NAME_MOST:
                    raise too_long("nation", name, NAME_MOST)
        return self

    @model_validator(mode="after")
    def _names_are_known(self) -> Scenario:
        known = set(self.nations) | set(self.holders)
        if len(set(self.nations)) != len(self.nations):
            raise FieldError("nations", _("each nation is named once"))
        for force in self.start:
            if force.nation not in known:
                raise _unknown_nation(force.nation, field="start")
        for province in self.provinces:
            if province.homeland not in known:
                raise FieldError(
                    "provinces", _("{province} has unknown homeland"), province=province.name
                )
        for mapping_name, mapping in (("treasuries", self.treasuries), ("prestige", self.prestige)):
            for nation, amount in mapping.items():
                if nation not in known:
                    raise _unknown_nation(nation, field=mapping_name)
                if mapping_name == "treasuries" and amount < 0:
                    raise FieldError(
                        "treasuries", _("{nation} cannot start below 0 PE"), nation=nation
                    )
        names = [army.name for army in self.armies]
        if len(set(names)) != len(names):
            raise FieldError("armies", _("each army is named once"))
        for army in self.armies:
            if army.nation not in known:
                raise FieldError(
                    "armies",
                    _("{army} belongs to unknown nation {nation!r}"),
                    army=army.name,
                    nation=army.nation,
                )
        if self.attacker is not None and self.attacker not in self.nations:
            raise _unknown_nation(self.attacker, field="attacker")
        if self.calendar.winter_turn != (self.winter_events is not None):
            raise FieldError(
                "winter_events", _("given exactly when the calendar has a winter turn")
            )
        if self.board is not None:
            self.board.check_names(province.name for province in self.provinces)
        names_of = {province.name for province in self.provinces}
        for name, by_nation in self.loyalties.items():
            if name not in names_of:
                raise FieldError("loyalties", _("{name!r} is not a province"), name=name)
            for nation, loyalty in by_nation.items():
                if nation not in known or not 0 <= loyalty <= 6:
                    raise FieldError(
                        "loyalties",
                        _("{name}: {nation} {loyalty} (a nation, 0–6)"),
                        name=name,
                        nation=nation,
                        loyalty=loyalty,
                    )
        if self.bellum is not None:
            powers = [power.name for power in self.bellum.powers]
            if powers != self.nations:
                raise FieldError(
                    "bellum.powers", _("the nations are the powers, in the same order")
                )
            if self.calendar.kind != "years" or self.calendar.years != self.bellum.rules.last_year:
                raise FieldError(
                    "calendar",
                    _("a Bellum game is {years} years, one turn each (B1)"),
                    years=self.bellum.rules.last_year,
                )
        return self

    @property
    def all_holders(self) -> list[str]:
        """Player nations then other holders."""
        return [*self.nations, *self.holders]

    def starting_pm(self, nation: str) -> tuple[int, int]:
        """Land and naval PM a nation starts with."""
        land = sum(force.land_pm for force in self.start if force.nation == nation)
        naval = sum(force.naval_pm for force in self.start if force.nation == nation)
        return land, naval


def _read_text(key: str, name: str) -> str:
    return (resources.files("armylists") / "data" / "scenarios" / key / name).read_text("utf-8")


def _rows(key: str, name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(_read_text(key, name))))


def _province_rows(key: str) -> list[dict[str, object]]:
    return [
        {
            "region": row["region"],
            "name": row["province"],
            "homeland": row["homeland"],
            "loyalty": int(row["loyalty"]),
            "value": int(row["economic_value"]),
            "kind": row["kind"],
            "special": row["special"],
        }
        for row in _rows(key, "provinces.csv")
    ]


def _macedon_tables(key: str) -> dict[str, object]:
    """D9: the provinces (controller and its loyalty) and each side's loyalty elsewhere."""
    loyalties: dict[str, dict[str, int]] = {}
    for row in _rows(key, "loyalty.csv"):
        loyalties.setdefault(row["province"], {})[row["nation"]] = int(row["loyalty"])
    return {"provinces": _province_rows(key), "loyalties": loyalties}


def _tarentine_tables(key: str) -> dict[str, object]:
    provinces = _province_rows(key)
    start = [
        {
            "nation": row["nation"],
            "province": row["province"],
            "land_pm": int(row["land_pm"]),
            "naval_pm": int(row["fleet_pm"]),
            "note": row["note"],
        }
        for row in _rows(key, "start.csv")
    ]
    treasuries = {row["nation"]: int(row["treasury_pe"]) for row in _rows(key, "treasury.csv")}
    return {"provinces": provinces, "start": start, "treasuries": treasuries}


def load_scenario(
    key: str, prestige: Mapping[str, int] | None = None, *, map_path: str | None = None
) -> Scenario:
    """The shipped scenario ``key`` ("tarentine" or "macedon"), validated.

    ``prestige`` sets starting prestige per nation (T5.5: 0 unless set at creation);
    ``map_path`` is a club's own board (T7.1) instead of the shipped one.
    Raises ValueError naming the field for an unknown key or nation, or a bad board.
    """
    if key not in SCENARIO_KEYS:
        raise FieldError(
            "scenario",
            _("one of {allowed} (got {key!r})"),
            allowed=", ".join(SCENARIO_KEYS),
            key=key,
        )
    data: dict[str, object] = tomllib.loads(_read_text(key, "scenario.toml"))
    names: list[str] = []
    if key == "tarentine":
        data.update(_tarentine_tables(key))
    elif key == "macedon":
        data.update(_macedon_tables(key))
    if data.get("provinces"):
        names = [row["province"] for row in _rows(key, "provinces.csv")]
    if map_path is not None:
        if not names:
            raise FieldError("map", _("{key} has no provinces to draw a board of"), key=key)
        data["board"] = load_board(map_path, names)
    elif names:
        data["board"] = shipped_board(key, names)
    if prestige:
        data["prestige"] = dict(prestige)
    return Scenario.model_validate(data)


def custom_scenario(
    nations: Sequence[str],
    *,
    treasuries: Mapping[str, int] | None = None,
    land_pm: Mapping[str, int] | None = None,
    naval_pm: Mapping[str, int] | None = None,
    prestige: Mapping[str, int] | None = None,
    title: str = "Custom campaign",
    calendar: Calendar | None = None,
    economy: Economy | None = None,
) -> Scenario:
    """A campaign with the nations a user names, on the Tarentine calendar and economy.

    Each nation's starting forces are one entry (no map); winter events are the Tarentine
    table unless the calendar has no winter.
    """
    cleaned = [name.strip() for name in nations]
    if not cleaned or any(not name for name in cleaned):
        raise FieldError("nation", _("name at least one nation, each non-empty"))
    for name in cleaned:
        if len(name) > NAME_MOST:
            raise too_long("nation", name, NAME_MOST)
    base = load_scenario("tarentine")
    calendar = calendar or base.calendar
    start = [
        StartingForce(
            nation=name,
            province="",
            land_pm=(land_pm or {}).get(name, 0),
            naval_pm=(naval_pm or {}).get(name, 0),
        )
        for name in cleaned
    ]
    return Scenario(
        key="custom",
        title=title,
        nations=cleaned,
        calendar=calendar,
        economy=economy or base.economy,
        winter_events=base.winter_events if calendar.winter_turn else None,
        start=start,
        treasuries=dict(treasuries or {}),
        prestige=dict(prestige or {}),
    )


def bellum_scenario(faction: str) -> Scenario:
    """A Bellum game (seed 002) with Rome led by ``faction`` (B3: Bruti, Scipii or Julii, in
    English or the seed's Italian, any case).

    The 13 powers and the numbers of B1/B2 come from ``armylists/data/bellum.toml``; a turn is
    one game year, 20 of them from 270 BC (the data's ``[calendar]``). Raises ValueError naming
    ``faction`` for an unknown faction.
    """
    from armylists import bellum

    rules = bellum.rules()
    powers = bellum.powers()
    rome = bellum.rome_start(faction)
    data = tomllib.loads((resources.files("armylists") / "data" / "bellum.toml").read_text("utf-8"))
    return Scenario(
        key="bellum",
        title=f"Bellum (Rome: the {rome.faction})",
        nations=[power.name for power in powers],
        calendar=Calendar(
            kind="years",
            start_year_bc=int(data["calendar"]["start_year_bc"]),
            years=rules.last_year,
            turns_per_year=1,
            first_month=1,
            winter_turn=False,
        ),
        bellum=BellumSetup(rules=rules, powers=list(powers), rome=rome),
    )
