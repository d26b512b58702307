"""Tribute at the end of a turn, computed from where the troops stand (T5.3, T5.4,
T7.7, T7.8, T7.10).

The referee used to count every province by hand; this is the count, as a pure function of
the map: who controls each province, which land PM stand there and for whom, which cities are
besieged and which provinces were sacked. The ledger gathers those facts; this module decides.

Readings:

- only land PM stand in a province for T5.3: fleets neither occupy nor collect, and they do not
  lower a province's value (Rome's 2 naval PM at Roma leave it at 15 − 4 = 11 on turn 1, which
  gives the rules' 25 PE for Rome);
- troops are "enemy" to a nation unless they are its own, its allies', or mercenaries in its (or
  an ally's) pay (the Senones at Tarentum, T5.5); a neutral garrison is enemy to everyone;
- an enemy province where a nation's army stands is collected by that army's nation; if the
  troops standing there that are enemies of the controller are themselves at war, nobody
  collects; several allies: the one with most PM there, then most PP (T5.5);
- a province held by nobody's nation ("Neutral") with no troops, and a besieged city (T5.4) or a
  province sacked this year (T5.3), pays nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field, computed_field

from converters.i18n import N_
from converters.said import Number, Said, listing, nation, said

__all__ = [
    "ProvinceFacts",
    "ProvinceTribute",
    "TributeResult",
    "Troops",
    "at_war",
    "collected",
    "tribute",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Troops(_Frozen):
    """Land PM of one nation standing in a province."""

    nation: str
    """Whose troops."""
    pm: int = Field(ge=0)
    """Land PM."""
    paid_by: str | None = None
    """The nation whose pay they are in, when mercenaries (T5.5: Senones at Tarentum)."""

    @property
    def side(self) -> str:
        """The nation they fight for."""
        return self.paid_by or self.nation


class ProvinceFacts(_Frozen):
    """What the map says about one province at the end of the turn."""

    name: str
    """The province."""
    value: int = Field(ge=0)
    """Its economic value in PE (the provinces table)."""
    controller: str
    """Who holds it (T7.7)."""
    troops: list[Troops] = []
    """Land PM standing there, per nation."""
    besieged: bool = False
    """A besieged city: nobody collects (T5.4)."""
    sacked: bool = False
    """Sacked this year: no tribute until spring (T5.3)."""


class ProvinceTribute(_Frozen):
    """What one province pays, and to whom."""

    name: str
    """The province."""
    collector: str | None
    """The nation that collects, or None."""
    pe: int = Field(ge=0)
    """PE it pays (0 when nobody collects)."""
    told: Said = Field(exclude=True)
    """Why, citing the rule, as a description said in the reader's language where shown."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def reason(self) -> str:
        """Why, in English, e.g. "T5.3 15 − 4 PM standing" (as ``--json`` gives it)."""
        return self.told.english()


class TributeResult(_Frozen):
    """This turn's tribute: per nation and per province."""

    nations: dict[str, int]
    """PE each player nation collects (0 included)."""
    provinces: list[ProvinceTribute]
    """Every province, in the order given."""

    def of(self, nation: str) -> dict[str, int]:
        """Province → PE for the provinces ``nation`` collects from."""
        return {p.name: p.pe for p in self.provinces if p.collector == nation}


def at_war(a: str, b: str, alliances: Iterable[Iterable[str]]) -> bool:
    """T7.10: two holders are at war unless they are the same or allied."""
    if a == b:
        return False
    return not any(a in group and b in group for group in map(set, alliances))


def tribute(
    provinces: Sequence[ProvinceFacts],
    *,
    players: Sequence[str],
    alliances: Iterable[Iterable[str]] = (),
    prestige: Mapping[str, int] | None = None,
) -> TributeResult:
    """T5.3: the PE each of ``players`` collects this turn from ``provinces``.

    Each province's value drops 1 PE per land PM standing there, friend or foe (floor 0); its
    controller collects if no enemy troops stand there, else the occupier does (see the module
    docstring for the readings). Only ``players`` collect.
    """
    groups = [set(group) for group in alliances]
    pp = prestige or {}
    totals = dict.fromkeys(players, 0)
    results = []
    for province in provinces:
        collector, pe, why = _pays(province, groups, pp, totals)
        results.append(ProvinceTribute(name=province.name, collector=collector, pe=pe, told=why()))
    return TributeResult(nations=totals, provinces=results)


def collected(
    provinces: Sequence[ProvinceFacts],
    *,
    players: Sequence[str],
    alliances: Iterable[Iterable[str]] = (),
    prestige: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """T5.3: :func:`tribute`'s PE per nation alone, without the reasons: what the ledger's
    glance and the end of a turn need after every event, so no description is made there."""
    groups = [set(group) for group in alliances]
    pp = prestige or {}
    totals = dict.fromkeys(players, 0)
    for province in provinces:
        _pays(province, groups, pp, totals)
    return totals


def _pays(
    province: ProvinceFacts,
    groups: list[set[str]],
    pp: Mapping[str, int],
    totals: dict[str, int],
) -> tuple[str | None, int, Callable[[], Said]]:
    """Who collects ``province``, what it pays (added to ``totals``) and, when asked, why."""
    standing = sum(t.pm for t in province.troops)
    value = max(0, province.value - standing)
    if province.sacked:
        return None, 0, lambda: said(N_("sacked: nothing until spring (T5.3)"))
    if province.besieged:
        return None, 0, lambda: said(N_("besieged: nobody collects (T5.4)"))
    collector, why = _collector(province, groups, pp)
    if collector is None:
        return None, 0, why
    if collector not in totals:
        return (
            None,
            0,
            lambda: said(
                N_("{nation} is no player nation: nobody collects"), nation=nation(collector)
            ),
        )
    totals[collector] += value

    def reduced() -> Said:
        reduction = (
            said(N_("{value} − {standing} PM standing"), value=province.value, standing=standing)
            if standing
            else Number(value=value)
        )
        return said(N_("{reason} (T5.3 {reduction})"), reason=why(), reduction=reduction)

    return collector, value, reduced


def _collector(
    province: ProvinceFacts, groups: list[set[str]], prestige: Mapping[str, int]
) -> tuple[str | None, Callable[[], Said]]:
    sides: dict[str, int] = {}
    for troops in province.troops:
        if troops.pm:
            sides[troops.side] = sides.get(troops.side, 0) + troops.pm
    enemies = {side: pm for side, pm in sides.items() if at_war(side, province.controller, groups)}
    if not enemies:
        return province.controller, lambda: said(
            N_("held by {nation}, no enemy troops"), nation=nation(province.controller)
        )
    names = list(enemies)
    if any(at_war(a, b, groups) for a in names for b in names):
        return None, lambda: said(
            N_("contested by {nations}: nobody collects (T5.3)"),
            nations=listing(map(nation, names)),
        )
    occupier = max(names, key=lambda n: (enemies[n], prestige.get(n, 0), -names.index(n)))
    return occupier, lambda: said(N_("occupied by {nation} (T7.7)"), nation=nation(occupier))
