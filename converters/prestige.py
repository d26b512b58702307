"""Prestige after battles and other deeds (docs/rules.md T4.1, T4.2).

Prestige points decide how fast a nation absorbs conquests and count for victory, so a referee
needs the battle table (narrow/clear × minor/major, city assaults doubled) and the fixed awards
for cities, sacks, treaties and peace, including each nation's own sacking scruples.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from converters.errors import FieldError
from converters.house_rules import SenonesCity
from converters.i18n import N_, _
from converters.rates import PM, check_half_pm, pm_for_json
from converters.rounding import as_fraction
from converters.said import Number, Said, Value, nation, said

__all__ = [
    "BattlePrestige",
    "PrestigeAward",
    "PrestigeEvent",
    "SackingPenalty",
    "Side",
    "battle_prestige",
    "battle_said",
    "prestige_award",
    "sacking_penalty",
]

Side = Literal["winner", "loser"]
"""A side of a battle already decided."""

SENONES = "Senones"
"""The Gauls, whose prestige works differently (T4.2)."""
_GREEK_SCRUPLES = frozenset({"magna graecia", "syracuse", "pyrrhus"})
_ROMAN_SCRUPLES = frozenset({"rome", "etruscans"})
CARTHAGE = "Carthage"


def _folded(nation: str) -> str:
    # Nations are matched ignoring case, as armylists matches them: "senones" is the Senones.
    return nation.strip().casefold()


# T4.1: (kind, size) → prestige won by the winner and lost by the loser.
_BATTLE_TABLE: dict[tuple[str, str], int] = {
    ("narrow", "minor"): 1,
    ("narrow", "major"): 3,
    ("clear", "minor"): 3,
    ("clear", "major"): 5,
}
_MAJOR_PM = 3
_CLEAR_RATIO = 2
_CLEAR_MARGIN = 2


class BattlePrestige(BaseModel):
    """T4.1: what a battle is worth in prestige."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["narrow", "clear"]
    """Clear when the winner inflicted at least twice the PM it lost and at least 2 PM more."""
    size: Literal["minor", "major"]
    """Major when both sides had at least 3 PM (after the city doubling)."""
    winner: int
    """Prestige the winner gains (positive)."""
    loser: int
    """Prestige the loser loses (negative)."""
    winner_pm: PM
    """The winner's PM as counted for prestige (doubled if it defended a city)."""
    loser_pm: PM
    """The loser's PM as counted for prestige (doubled if it defended a city)."""
    winner_lost: PM
    """PM the winner lost, as counted (doubled if it defended a city)."""
    loser_lost: PM
    """PM the loser lost, as counted (doubled if it defended a city)."""


def _pm(value: Fraction | int | float | str, field: str) -> Fraction:
    try:
        return check_half_pm(as_fraction(value))
    except (ValueError, ZeroDivisionError, TypeError) as error:
        raise FieldError(field, "{reason}", reason=error) from None


def battle_prestige(
    winner_pm: Fraction | int | float | str,
    loser_pm: Fraction | int | float | str,
    winner_lost: Fraction | int | float | str,
    loser_lost: Fraction | int | float | str,
    city_assault: bool = False,
    defender: Side = "loser",
) -> BattlePrestige:
    """T4.1: narrow/clear × minor/major → ±1, ±3, ±3, ±5.

    In a city assault the defender's PM and losses count double (T3.5), for the size and for
    the margin alike. ``defender`` says which side held the city: the loser when the assault
    succeeded (the default), the winner when it was thrown back.
    """
    w_pm = _pm(winner_pm, "winner_pm")
    l_pm = _pm(loser_pm, "loser_pm")
    w_lost = _pm(winner_lost, "winner_lost")
    l_lost = _pm(loser_lost, "loser_lost")
    if w_lost > w_pm:
        raise FieldError(
            "winner_lost",
            _("at most {winner_pm} ({most}), got {given}"),
            most=pm_for_json(w_pm),
            given=pm_for_json(w_lost),
        )
    if l_lost > l_pm:
        raise FieldError(
            "loser_lost",
            _("at most {loser_pm} ({most}), got {given}"),
            most=pm_for_json(l_pm),
            given=pm_for_json(l_lost),
        )
    if defender not in ("winner", "loser"):
        raise FieldError("defender", _("winner or loser (got {defender!r})"), defender=defender)
    if city_assault:
        if defender == "winner":
            w_pm, w_lost = 2 * w_pm, 2 * w_lost
        else:
            l_pm, l_lost = 2 * l_pm, 2 * l_lost
    clear = l_lost >= _CLEAR_RATIO * w_lost and l_lost - w_lost >= _CLEAR_MARGIN
    kind: Literal["narrow", "clear"] = "clear" if clear else "narrow"
    size: Literal["minor", "major"] = "major" if min(w_pm, l_pm) >= _MAJOR_PM else "minor"
    points = _BATTLE_TABLE[(kind, size)]
    return BattlePrestige(
        kind=kind,
        size=size,
        winner=points,
        loser=-points,
        winner_pm=w_pm,
        loser_pm=l_pm,
        winner_lost=w_lost,
        loser_lost=l_lost,
    )


VICTORY = N_("T4.1 {kind} {size} victory: ±{points}")
"""What a battle was worth (T4.1), as the ledger records it beside the prestige."""
CITY_VICTORY = N_(
    "T4.1 {kind} {size} victory: ±{points} "
    "(T3.5 city: the defender counted as {pm} PM, {lost} lost)"
)
"""The same for a city assault, with the defender's doubled figures (T3.5)."""
KINDS = {"narrow": N_("narrow"), "clear": N_("clear")}
"""T4.1's kinds of victory, each a catalogue entry of its own."""
SIZES = {"minor": N_("minor"), "major": N_("major")}
"""T4.1's sizes of battle."""


def battle_said(outcome: BattlePrestige, city_defender: Side | None = None) -> Said:
    """Why a battle gave the prestige it did (T4.1): its kind, size and points; for a city
    assault (``city_defender`` the side that held the city) the defender's PM and losses as
    T3.5 counted them, doubled."""
    values: dict[str, Value] = {
        "kind": said(KINDS[outcome.kind]),
        "size": said(SIZES[outcome.size]),
        "points": Number(value=outcome.winner),
    }
    if city_defender is None:
        return said(VICTORY, **values)
    held, held_lost = (
        (outcome.winner_pm, outcome.winner_lost)
        if city_defender == "winner"
        else (outcome.loser_pm, outcome.loser_lost)
    )
    return said(
        CITY_VICTORY,
        **values,
        pm=Number(value=pm_for_json(held)),
        lost=Number(value=pm_for_json(held_lost)),
    )


class PrestigeEvent(StrEnum):
    """The deeds of T4.2 that change prestige outside battles."""

    CITY_TAKEN = "city-taken"
    """A city taken: +3 to the taker, −3 to the loser (not for the Senones)."""
    CITY_SACKED = "city-sacked"
    """A city sacked: +8 to the Senones (only they gain), −3 to the sacked."""
    PROVINCE_SACKED = "province-sacked"
    """A province sacked: +4 to the Senones (only they gain), −1 to the sacked."""
    TREATY_BROKEN = "treaty-broken"
    """A public treaty broken: −5 to the breaker."""
    PEACE_IMPOSED = "peace-imposed"
    """A peace imposed on a nation that declares itself beaten: +X / −X as agreed."""
    PEACE_AGREED = "peace-agreed"
    """A peace made or revoked by agreement: no prestige."""


class PrestigeAward(BaseModel):
    """T4.2: the prestige an event gives the nation that did it and the one it was done to."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event: PrestigeEvent
    """What happened."""
    actor: int
    """Change for the nation that did it (taker, sacker, breaker, imposer)."""
    other: int
    """Change for the nation it was done to (0 when there is none)."""


def prestige_award(
    event: PrestigeEvent | str,
    actor_nation: str,
    *,
    peace_value: int | None = None,
    senones_city: SenonesCity = "no_change",
) -> PrestigeAward:
    """T4.2's fixed awards.

    Reading: "taking a city … (not for the Senones)" means the row does not apply at all when
    the Senones take a city (they gain by sacking instead), so neither side changes. The house
    rule ``senones_city = owner_loses`` reads it as "the Senones gain nothing": the city's
    owner still loses 3.
    """
    try:
        kind = PrestigeEvent(event)
    except ValueError:
        allowed = ", ".join(e.value for e in PrestigeEvent)
        raise FieldError(
            "event", _("one of {allowed} (got {event!r})"), allowed=allowed, event=event
        ) from None
    senones = _folded(actor_nation) == _folded(SENONES)
    if kind is PrestigeEvent.CITY_TAKEN:
        if not senones:
            return PrestigeAward(event=kind, actor=3, other=-3)
        return PrestigeAward(event=kind, actor=0, other=-3 if senones_city == "owner_loses" else 0)
    if kind is PrestigeEvent.CITY_SACKED:
        return PrestigeAward(event=kind, actor=8 if senones else 0, other=-3)
    if kind is PrestigeEvent.PROVINCE_SACKED:
        return PrestigeAward(event=kind, actor=4 if senones else 0, other=-1)
    if kind is PrestigeEvent.TREATY_BROKEN:
        return PrestigeAward(event=kind, actor=-5, other=0)
    if kind is PrestigeEvent.PEACE_IMPOSED:
        if peace_value is None or peace_value < 0:
            raise FieldError(
                "peace_value",
                _("the agreed X, 0 or more (got {given}) for an imposed peace"),
                given=peace_value,
            )
        return PrestigeAward(event=kind, actor=peace_value, other=-peace_value)
    return PrestigeAward(event=kind, actor=0, other=0)


class SackingPenalty(BaseModel):
    """T4.2: the prestige a sacking nation loses by its own people's standards."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pp: int
    """0 or −1."""
    told: Said
    """Which clause applied, or why none did, said in the reader's language where shown."""

    @property
    def reason(self) -> str:
        """Which clause applied, in English (what the ledger records)."""
        return self.told.english()


def sacking_penalty(
    sacker: str,
    *,
    in_gaul_or_liguria: bool,
    at_war_with_owner: bool,
    started_greek_or_syracusan: bool = False,
    earlier_sacks_at_peace: int = 0,
) -> SackingPenalty:
    """T4.2 sacking penalties, −1 PP each.

    Greeks (Magna Graecia), Syracuse and Pyrrhus: sacking civilian land (not Gaul or Liguria)
    of a nation they are not formally at war with, or any land that started Greek or
    Syracusan. Rome and the Etruscans: the first clause only. Carthage: the first clause, but
    its first such sack is tolerated (``earlier_sacks_at_peace`` counts its earlier ones).
    Senones: sacking in Gaul or Liguria. Others: none.
    """
    if earlier_sacks_at_peace < 0:
        raise FieldError(
            "earlier_sacks_at_peace",
            _("cannot be negative (got {value})"),
            value=earlier_sacks_at_peace,
        )
    civilian_at_peace = not in_gaul_or_liguria and not at_war_with_owner
    folded = _folded(sacker)
    if folded == _folded(SENONES):
        if in_gaul_or_liguria:
            return SackingPenalty(
                pp=-1, told=said(N_("T4.2: the Senones sacked land in Gaul or Liguria"))
            )
        return SackingPenalty(
            pp=0, told=said(N_("T4.2: the Senones may sack outside Gaul and Liguria"))
        )
    if folded in _GREEK_SCRUPLES and started_greek_or_syracusan:
        return SackingPenalty(
            pp=-1, told=said(N_("T4.2: sacked land that started Greek or Syracusan"))
        )
    carthage = folded == _folded(CARTHAGE)
    if (folded in _GREEK_SCRUPLES | _ROMAN_SCRUPLES or carthage) and civilian_at_peace:
        if carthage and earlier_sacks_at_peace == 0:
            return SackingPenalty(
                pp=0, told=said(N_("T4.2: Carthage's first such sack is tolerated"))
            )
        return SackingPenalty(
            pp=-1, told=said(N_("T4.2: sacked civilian land of a nation it is not at war with"))
        )
    return SackingPenalty(
        pp=0, told=said(N_("T4.2: no sacking penalty applies to {sacker}"), sacker=nation(sacker))
    )
