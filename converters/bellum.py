"""Bellum's scoreboard (docs/rules.md section B): victory at 30 centres, the year-20 ranking with
its tie-break, and Rome's faction choice.

Bellum is a 13-power Diplomacy variant; the moves are adjudicated elsewhere, but who won and
who ranks where is pure arithmetic on the supply centres each power held at the end of each
year. The powers and Rome's factions are data (:mod:`armylists.bellum`) handed in as the plain
models below.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.errors import FieldError
from converters.i18n import N_, _
from converters.said import Nation, Said, Typed, nation, said, typed

__all__ = [
    "DEFAULT_BELLUM_RULES",
    "BellumPower",
    "BellumRules",
    "PowerStanding",
    "RomeFaction",
    "RomeSetup",
    "Standings",
    "Victory",
    "check_centres",
    "rome_setup",
    "standings",
    "victory_said",
    "victory_text",
    "winner_at_30",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class BellumRules(BaseModel):
    """The numbers of section B a game may change, with the seed's defaults."""

    model_config = _FROZEN

    supply_centres: int = Field(default=90, gt=0)
    """B1: supply centres on the map (47 home + 43 neutral)."""
    victory_centres: int = Field(default=30, gt=0)
    """B1: centres that win the game."""
    last_year: int = Field(default=20, gt=0)
    """B1: the game ends after this year if nobody has won."""
    tie_break_windows: tuple[int, ...] = (5, 10, 15)
    """B2: tied powers compare the sum of their centres over the last 5, then 10, then 15
    years, then all years."""


DEFAULT_BELLUM_RULES = BellumRules()
"""The seed's numbers."""


class BellumPower(BaseModel):
    """B1: one of the 13 powers."""

    model_config = _FROZEN

    name: str = Field(min_length=1)
    """English name, e.g. ``"Carthage"``."""
    italian: str = Field(min_length=1)
    """The seed's name, e.g. ``"Cartagine"``."""
    colour: str = ""
    """The power's colour on the seed's map."""
    capital: str = Field(min_length=1)
    """The "centro capitale" (anyone may build there once they hold it)."""
    home_centres: tuple[str, ...] = ()
    """Home centres the seed's text names (the rest are only on its map image)."""


class RomeFaction(BaseModel):
    """B3: one of Rome's three factions and its two start centres."""

    model_config = _FROZEN

    name: str = Field(min_length=1)
    """English name: ``"Bruti"``, ``"Scipii"``, ``"Julii"``."""
    italian: str = Field(min_length=1)
    """The seed's name, e.g. ``"Famiglia Scipi"``."""
    leader_centre: str = Field(min_length=1)
    """The "centro del capofazione": a Roman build centre whoever picks the faction."""
    leader_unit: Literal["A", "F"]
    """The unit starting in the leader centre when the faction is chosen (Army/Fleet)."""
    second_centre: str = Field(min_length=1)
    """The faction's "secondo centro", deleted from the map if the faction is not chosen."""
    second_unit: Literal["A", "F"]
    """The unit starting in the second centre when the faction is chosen."""


class RomeSetup(BaseModel):
    """B3: what Rome's faction choice does to the map at the start."""

    model_config = _FROZEN

    faction: str
    """The faction chosen."""
    start_centres: tuple[str, ...]
    """Rome's three start centres: Roma, the faction's leader centre, its second centre."""
    start_units: tuple[str, ...]
    """Rome's start units, e.g. ``("A Roma", "F Tarentum", "F Croton")``."""
    build_centres: tuple[str, ...]
    """Where Rome may build: Roma and all three leader centres."""
    neutral_leader_centres: tuple[str, ...]
    """The other factions' leader centres: neutral and empty, but only Rome builds there."""
    deleted_centres: tuple[str, ...]
    """The other factions' second centres: removed from the map."""


def rome_setup(
    factions: Sequence[RomeFaction],
    choice: str,
    *,
    capital: str = "Roma",
) -> RomeSetup:
    """B3: Rome picks one faction; it starts with Roma (and its army) plus the faction's two
    centres; the other leader centres stay neutral but Roman build centres; the other second
    centres are deleted. ``choice`` matches a faction's English or Italian name, any case."""
    wanted = choice.strip().casefold()
    chosen = next(
        (
            f
            for f in factions
            if wanted in (f.name.casefold(), f.italian.casefold(), f.italian.split()[-1].casefold())
        ),
        None,
    )
    if chosen is None:
        allowed = ", ".join(f.name for f in factions)
        raise FieldError(
            "faction", _("one of {allowed} (got {choice!r})"), allowed=allowed, choice=choice
        )
    others = [f for f in factions if f is not chosen]
    return RomeSetup(
        faction=chosen.name,
        start_centres=(capital, chosen.leader_centre, chosen.second_centre),
        start_units=(
            f"A {capital}",
            f"{chosen.leader_unit} {chosen.leader_centre}",
            f"{chosen.second_unit} {chosen.second_centre}",
        ),
        build_centres=(capital, *(f.leader_centre for f in factions)),
        neutral_leader_centres=tuple(f.leader_centre for f in others),
        deleted_centres=tuple(f.second_centre for f in others),
    )


def check_centres(
    centres_by_year: Mapping[str, Sequence[int]],
    rules: BellumRules = DEFAULT_BELLUM_RULES,
    powers: Collection[str] | None = None,
) -> dict[str, tuple[int, ...]]:
    """Validate a table of centres held at the end of each year (year 1 first).

    Every power has one whole number per year, the same number of years, 1 to
    ``rules.last_year``; nobody holds more than the map's 90 centres and no year's total
    exceeds them. With ``powers``, every name must be one of them.
    """
    if not centres_by_year:
        raise FieldError("centres", _("give at least one power with its centres per year"))
    table: dict[str, tuple[int, ...]] = {}
    years: int | None = None
    for power, row in centres_by_year.items():
        if powers is not None and power not in powers:
            raise FieldError(
                "power",
                _("one of {allowed} (got {power!r})"),
                allowed=", ".join(powers),
                power=power,
            )
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise FieldError(
                "centres",
                _("{power} needs a list of centres per year (got {row!r})"),
                power=power,
                row=row,
            )
        values = tuple(row)
        if not 1 <= len(values) <= rules.last_year:
            raise FieldError(
                "centres",
                _(
                    "{power} has {years} years; give 1 to {last} (one figure per year, year 1 "
                    "first)"
                ),
                power=power,
                years=len(values),
                last=rules.last_year,
            )
        if years is not None and len(values) != years:
            first = next(iter(table))
            raise FieldError(
                "centres",
                _(
                    "{power} has {years} years but {first} has {first_years}; give every power "
                    "one figure per year"
                ),
                power=power,
                years=len(values),
                first=first,
                first_years=years,
            )
        years = len(values)
        for year, held in enumerate(values, start=1):
            if isinstance(held, bool) or not isinstance(held, int):
                raise FieldError(
                    "centres",
                    _("{power} year {year} must be a whole number (got {held!r})"),
                    power=power,
                    year=year,
                    held=held,
                )
            if not 0 <= held <= rules.supply_centres:
                raise FieldError(
                    "centres",
                    _("{power} year {year} = {held}; a power holds 0 to {most} centres"),
                    power=power,
                    year=year,
                    held=held,
                    most=rules.supply_centres,
                )
        table[power] = values
    assert years is not None
    for year in range(years):
        total = sum(row[year] for row in table.values())
        if total > rules.supply_centres:
            raise FieldError(
                "centres",
                _("year {year} adds up to {total}, more than the map's {most} supply centres"),
                year=year + 1,
                total=total,
                most=rules.supply_centres,
            )
    return table


class Victory(BaseModel):
    """B1: how the game was won: the first year-end at which a power held the victory centres,
    or every surviving player proclaiming one power sovereign."""

    model_config = _FROZEN

    year: int
    """The year the game was won (and ended)."""
    by: Literal["centres", "sovereign"] = "centres"
    """B1: ``centres`` (30 supply centres) or ``sovereign`` (proclaimed "Sovrano Assoluto" by
    every surviving player)."""
    powers: tuple[str, ...]
    """The winner; several only if powers reached 30 the same year and stayed level through
    every B2 tie-break — then they share it, as a draw."""
    centres: int
    """The winner's centres that year."""

    @property
    def power(self) -> str | None:
        """The single winner, or ``None`` for a shared victory."""
        return self.powers[0] if len(self.powers) == 1 else None


def victory_said(victory: Victory) -> Said:
    """B1: how the game was won, in one line, as data (the app, the command line and the
    ledger's history all say it this way)."""
    if victory.by == "sovereign":
        return said(
            N_(
                "{power} was proclaimed sovereign by every surviving player in year {year} "
                "and wins (B1)"
            ),
            power=nation(victory.powers[0]),
            year=victory.year,
        )
    return said(
        N_("{powers} won in year {year} with {centres} centres (B1)"),
        powers=_powers(victory.powers),
        year=victory.year,
        centres=victory.centres,
    )


def _powers(powers: Sequence[str]) -> Said | Nation | Typed:
    """ "Rome and Carthage and Egypt": the powers that share a victory."""
    if not powers:
        return typed("")
    if len(powers) == 1:
        return nation(powers[0])
    return said(N_("{first} and {rest}"), first=nation(powers[0]), rest=_powers(powers[1:]))


def victory_text(victory: Victory) -> str:
    """B1: :func:`victory_said` in English."""
    return victory_said(victory).english()


def _criteria(rules: BellumRules, years: int) -> list[tuple[Said, int]]:
    """B2's comparisons, each with how many of the last years it sums (0 = the final year)."""
    criteria: list[tuple[Said, int]] = [(said(N_("centres")), 0)]
    criteria += [(said(N_("last {w} years"), w=w), w) for w in rules.tie_break_windows]
    criteria.append((said(N_("all years")), years))
    return criteria


def _key(row: Sequence[int], criteria: list[tuple[Said, int]]) -> tuple[int, ...]:
    return tuple(row[-1] if span == 0 else sum(row[-span:]) for _criterion, span in criteria)


def winner_at_30(
    centres_by_year: Mapping[str, Sequence[int]],
    rules: BellumRules = DEFAULT_BELLUM_RULES,
    powers: Collection[str] | None = None,
) -> Victory | None:
    """B1: the first year a power ends with at least 30 centres, else ``None``.

    **Reading** (the seed is silent): if several powers reach 30 the same year, the one with
    more centres wins, ties broken as in B2 over the years so far.
    """
    table = check_centres(centres_by_year, rules, powers)
    years = len(next(iter(table.values())))
    for year in range(1, years + 1):
        reached = [p for p, row in table.items() if row[year - 1] >= rules.victory_centres]
        if not reached:
            continue
        criteria = _criteria(rules, year)
        keys = {p: _key(table[p][:year], criteria) for p in reached}
        best = max(keys.values())
        winners = tuple(sorted(p for p in reached if keys[p] == best))
        return Victory(year=year, powers=winners, centres=best[0])
    return None


class PowerStanding(BaseModel):
    """B2: one power's line in the final (or current) ranking."""

    model_config = _FROZEN

    rank: int
    """1 for the first; powers in a draw share a rank (1, 2, 2, 4 …)."""
    power: str
    """The power."""
    centres: int
    """Centres held at the end of the last year recorded."""
    sums: dict[str, int]
    """Centres summed over the tie-break windows: ``"last 5 years"`` … ``"all years"``."""
    decided_by: str
    """What separated the power from those level with it on centres: ``"centres"`` (nobody
    level), ``"last 5 years"`` … ``"all years"``, ``"draw"``, or ``"sovereign"`` for a power
    proclaimed sovereign (B1), who ranks first whatever his centres."""
    decided: Said = Field(exclude=True)
    """The same as a description, said in the reader's language where shown (not in
    ``--json``: :attr:`decided_by` is)."""
    survived: bool
    """False for a power with no centres left (the seed ranks the survivors)."""


class Standings(BaseModel):
    """B1/B2: the ranking from a table of centres per year."""

    model_config = _FROZEN

    years: int
    """Years recorded."""
    status: Literal["won", "ended", "in progress"]
    """``won`` (a power reached 30 or was proclaimed sovereign), ``ended`` (year 20 played) or
    ``in progress``."""
    victory: Victory | None
    """Who won at 30 centres, and when."""
    rows: tuple[PowerStanding, ...]
    """Every power, best first."""
    draws: tuple[tuple[str, ...], ...]
    """Groups of powers level through every tie-break (the seed declares them a draw)."""
    rule: str = "B2"
    """Rule id."""


def _proclaimed(
    table: Mapping[str, tuple[int, ...]], sovereign: str, victory: Victory | None
) -> Victory:
    """B1: ``sovereign`` proclaimed by every surviving player at the end of the last year."""
    if sovereign not in table:
        raise FieldError(
            "sovereign",
            _("one of the powers in the table, {allowed} (got {sovereign!r})"),
            allowed=", ".join(table),
            sovereign=sovereign,
        )
    held = table[sovereign][-1]
    if held == 0:
        raise FieldError(
            "sovereign",
            _("{sovereign} holds no centres; only a survivor is proclaimed"),
            sovereign=sovereign,
        )
    if victory is not None and victory.powers == (sovereign,):
        return victory  # he had already won at 30 centres
    if victory is not None:
        raise FieldError(
            "sovereign",
            _("{powers} already won with {centres} centres in year {year}"),
            powers=", ".join(victory.powers),
            centres=victory.centres,
            year=victory.year,
        )
    return Victory(year=len(table[sovereign]), powers=(sovereign,), centres=held, by="sovereign")


def standings(
    centres_by_year: Mapping[str, Sequence[int]],
    rules: BellumRules = DEFAULT_BELLUM_RULES,
    powers: Collection[str] | None = None,
    *,
    sovereign: str | None = None,
) -> Standings:
    """B1, B2: rank the powers by the centres held at the end of the last year.

    Powers level on centres are separated by the sum of the centres they held at the end of
    each of the last 5 years, then the last 10, the last 15, then all years; still level, they
    draw and share a rank. A game won at 30 centres ends that year, so a table going on after
    it is refused. Works on a game in progress too (the ranking so far).

    ``sovereign``: B1's other victory — every surviving player proclaimed that power
    "Sovrano Assoluto" at the end of the last year recorded. It wins and ranks first; the
    others are ranked by centres as above (the seed: "la classifica finale per gli altri").
    """
    table = check_centres(centres_by_year, rules, powers)
    years = len(next(iter(table.values())))
    victory = winner_at_30(table, rules)
    if victory is not None and victory.year < years:
        raise FieldError(
            "centres",
            _(
                "{powers} won in year {year} with {centres} centres, so the game ended; the "
                "table goes on to year {years}"
            ),
            powers=", ".join(victory.powers),
            year=victory.year,
            centres=victory.centres,
            years=years,
        )
    if sovereign is not None:
        victory = _proclaimed(table, sovereign, victory)
    criteria = _criteria(rules, years)
    keys = {power: _key(row, criteria) for power, row in table.items()}
    first = victory.powers[0] if victory is not None and victory.by == "sovereign" else None
    order = sorted(table, key=lambda p: (p != first, tuple(-k for k in keys[p]), p))
    rows: list[PowerStanding] = []
    draws: list[tuple[str, ...]] = []
    for position, power in enumerate(order):
        key = keys[power]
        level = [p for p in order if p not in (power, first) and keys[p][0] == key[0]]
        if power == first:
            decided = said(N_("sovereign"))
        elif not level:
            decided = said(N_("centres"))
        elif any(keys[p] == key for p in level):
            decided = said(N_("draw"))
        else:
            deepest = max(
                next(i for i, (a, b) in enumerate(zip(key, keys[p], strict=True)) if a != b)
                for p in level
            )
            decided = criteria[deepest][0]
        rank = position + 1
        if rows and rows[-1].power != first and keys[rows[-1].power] == key:
            rank = rows[-1].rank
        rows.append(
            PowerStanding(
                rank=rank,
                power=power,
                centres=key[0],
                sums={
                    name.english(): value
                    for (name, _span), value in zip(criteria[1:], key[1:], strict=True)
                },
                decided_by=decided.english(),
                decided=decided,
                survived=key[0] > 0,
            )
        )
    for row in rows:
        group = tuple(p for p in order if p != first and keys[p] == keys[row.power])
        if len(group) > 1 and group not in draws:
            draws.append(group)
    status: Literal["won", "ended", "in progress"]
    if victory is not None:
        status = "won"
    elif years >= rules.last_year:
        status = "ended"
    else:
        status = "in progress"
    return Standings(
        years=years, status=status, victory=victory, rows=tuple(rows), draws=tuple(draws)
    )
