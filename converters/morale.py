"""DBA campaign morale, Macedon vs Persia (docs/rules.md D2–D6).

Every army carries a morale 0–6 that battles, forced marches and retreats wear down; a bad
defeat can end an army outright. These rules turn one DBA game's result into the loser's fate,
both armies' new morale, and next turn's initiative, with every die taken from a :class:`Dice`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.dice import Dice
from converters.errors import FieldError
from converters.house_rules import ForcedMarchBar
from converters.i18n import N_, _
from converters.said import Said, said

__all__ = [
    "DBA_ELEMENTS",
    "BattleResult",
    "DefeatKind",
    "DefeatPreview",
    "DefeatResolution",
    "ForcedMarch",
    "Initiative",
    "MoraleCheck",
    "VictoryKind",
    "classify_defeat",
    "cut_off_army_dies",
    "forced_march",
    "initiative",
    "morale_after",
    "morale_check",
    "preview_defeat",
    "resolve_defeat",
    "tactical_retreat",
]

DefeatKind = Literal["ordinary", "crushing"]
"""D2: how badly the loser was beaten."""
VictoryKind = Literal["victory", "triumph"]
"""D2: the winner's side of the same coin; a crushing defeat is a triumph."""
BattleResult = Literal["victory", "triumph", "ordinary-defeat", "crushing-defeat"]
"""D4: what a battle did to one army."""

DBA_ELEMENTS = 12
"""D2: the elements of a DBA army, when the players do not say otherwise."""
MORALE_MIN = 0
MORALE_MAX = 6
_CRUSHING_LOSSES = 6
_CRUSHING_MARGIN = 4
_FORCED_MARCH_COST = 2
_FORCED_MARCH_MIN_LOYALTY = 3
_SEASON_TURNS = 3
_MORALE_CHANGE: dict[str, int] = {
    "victory": 1,
    "triumph": 2,
    "ordinary-defeat": -1,
    "crushing-defeat": -2,
}


def _morale(value: int, field: str = "morale") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, _("a whole number 0 to 6 (got {value!r})"), value=value)
    if not MORALE_MIN <= value <= MORALE_MAX:
        raise FieldError(field, _("0 to 6 (got {value})"), value=value)
    return value


def _not_a_defeat(defeat: str) -> FieldError:
    return FieldError("defeat", _("ordinary or crushing (got {defeat!r})"), defeat=defeat)


def _count(value: int, field: str, most: int, most_name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FieldError(field, _("a whole number 0 or more (got {value!r})"), value=value)
    if value > most:
        raise FieldError(
            field,
            _("at most {most_name} ({most}), got {value}"),
            most_name=_(most_name),
            most=most,
            value=value,
        )
    return value


def classify_defeat(
    lost: int,
    enemy_lost: int,
    *,
    general_lost: bool = False,
    camp_lost: bool = False,
    elements: int = DBA_ELEMENTS,
    enemy_elements: int = DBA_ELEMENTS,
) -> DefeatKind:
    """D2: crushing if the loser lost its general, 6 or more elements, or its camp, or the
    winner has 4 or more elements more on the table; otherwise ordinary.

    ``lost``/``elements`` are the loser's, ``enemy_lost``/``enemy_elements`` the winner's.
    """
    for field, fielded in (("elements", elements), ("enemy_elements", enemy_elements)):
        if isinstance(fielded, bool) or not isinstance(fielded, int) or fielded < 1:
            raise FieldError(
                field, _("an army fields at least 1 element (got {fielded!r})"), fielded=fielded
            )
    _count(lost, "lost", elements, N_("the elements fielded"))
    _count(enemy_lost, "enemy_lost", enemy_elements, N_("the enemy's elements fielded"))
    on_table_margin = (enemy_elements - enemy_lost) - (elements - lost)
    crushing = (
        general_lost or camp_lost or lost >= _CRUSHING_LOSSES or on_table_margin >= _CRUSHING_MARGIN
    )
    return "crushing" if crushing else "ordinary"


class MoraleCheck(BaseModel):
    """D3: whether a beaten army survives."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    defeat: DefeatKind
    """The kind of defeat checked."""
    morale: int = Field(ge=0, le=6)
    """The army's morale before the battle's change (D4 says the check uses it)."""
    roll: int | None = None
    """The d6 of a crushing defeat; None for an ordinary defeat (no roll)."""
    destroyed: bool
    """True when the army ceases to exist (roll above morale) or disbands (morale 0)."""
    said: Said
    """Why, as data: rendered in the reader's language where it is shown."""

    @property
    def reason(self) -> str:
        """Why, in the rule's words in English (what the ledger and ``--json`` record)."""
        return self.said.english()


def morale_check(morale: int, defeat: DefeatKind, dice: Dice) -> MoraleCheck:
    """D3: after a crushing defeat roll 1d6; above the current morale, the army ceases to
    exist. After an ordinary defeat an army already at morale 0 disbands (no roll)."""
    _morale(morale)
    if defeat == "crushing":
        roll = dice.roll(
            6, said(N_("D3 morale check after a crushing defeat (morale {morale})"), morale=morale)
        )
        if roll > morale:
            told = said(
                N_("D3: rolled {roll}, above morale {morale}: the army ceases to exist"),
                roll=roll,
                morale=morale,
            )
        else:
            told = said(
                N_("D3: rolled {roll}, not above morale {morale}: the army holds together"),
                roll=roll,
                morale=morale,
            )
        return MoraleCheck(
            defeat=defeat,
            morale=morale,
            roll=roll,
            destroyed=roll > morale,
            said=told,
        )
    if defeat != "ordinary":
        raise _not_a_defeat(defeat)
    if morale == 0:
        told = said(N_("D3: ordinary defeat with morale already 0: the army disbands"))
    else:
        told = said(N_("D3: ordinary defeat, morale {morale}: no check needed"), morale=morale)
    return MoraleCheck(defeat=defeat, morale=morale, destroyed=morale == 0, said=told)


def morale_after(morale: int, result: BattleResult) -> int:
    """D4: winner +1 (victory) or +2 (triumph); loser −1 (ordinary) or −2 (crushing);
    clamped to 0–6."""
    _morale(morale)
    if result not in _MORALE_CHANGE:
        raise FieldError(
            "result",
            _("one of {allowed} (got {result!r})"),
            allowed=", ".join(_MORALE_CHANGE),
            result=result,
        )
    return max(MORALE_MIN, min(MORALE_MAX, morale + _MORALE_CHANGE[result]))


class DefeatResolution(BaseModel):
    """D2–D4 for the losing army: the defeat, its check and its new morale."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    defeat: DefeatKind
    """D2's classification."""
    winner_result: VictoryKind | None
    """What the winner scores for D4 and D6 (a crushing defeat is a triumph); None for a
    tactical retreat, which gives the attacker no bonus (D5)."""
    check: MoraleCheck
    """D3's check."""
    morale_before: int = Field(ge=0, le=6)
    """The loser's morale before the battle."""
    destroyed: bool
    """The loser ceased to exist or disbanded."""
    morale_after: int | None = Field(default=None, ge=0, le=6)
    """The loser's morale after D4, or None when it no longer exists."""


def resolve_defeat(
    morale: int,
    lost: int,
    enemy_lost: int,
    dice: Dice,
    *,
    general_lost: bool = False,
    camp_lost: bool = False,
    elements: int = DBA_ELEMENTS,
    enemy_elements: int = DBA_ELEMENTS,
) -> DefeatResolution:
    """D2 classify, D3 check (on the morale before the change), D4 change, for the loser."""
    _morale(morale)
    defeat = classify_defeat(
        lost,
        enemy_lost,
        general_lost=general_lost,
        camp_lost=camp_lost,
        elements=elements,
        enemy_elements=enemy_elements,
    )
    check = morale_check(morale, defeat, dice)
    result: BattleResult = "crushing-defeat" if defeat == "crushing" else "ordinary-defeat"
    return DefeatResolution(
        defeat=defeat,
        winner_result="triumph" if defeat == "crushing" else "victory",
        check=check,
        morale_before=morale,
        destroyed=check.destroyed,
        morale_after=None if check.destroyed else morale_after(morale, result),
    )


class DefeatPreview(BaseModel):
    """D2–D4 as the players type a result, before D3's die: what the battle does to both
    armies, and whether the loser still has to roll for its life."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    defeat: DefeatKind
    """D2's classification of the loser's defeat."""
    winner_result: VictoryKind
    """The winner's side of it (a crushing defeat is a triumph)."""
    winner_morale_before: int = Field(ge=0, le=6)
    winner_morale_after: int = Field(ge=0, le=6)
    """D4: the winner's morale, +1 or +2."""
    loser_morale_before: int = Field(ge=0, le=6)
    loser_morale_after: int | None = Field(ge=0, le=6)
    """D4: the loser's morale if it survives, −1 or −2; None when it surely disbands."""
    check_due: bool
    """D3: a crushing defeat: the loser rolls 1d6 when the battle is recorded and ceases to
    exist above ``loser_morale_before``."""
    disbands: bool
    """D3: an ordinary defeat at morale 0: the loser disbands, no roll."""


def preview_defeat(winner_morale: int, loser_morale: int, defeat: DefeatKind) -> DefeatPreview:
    """D4's change for both armies after D2's ``defeat`` (see :func:`classify_defeat`), with
    D3's die left for the record: the same figures as :func:`resolve_defeat`, which rolls."""
    _morale(winner_morale, "winner morale")
    _morale(loser_morale, "loser morale")
    if defeat not in ("ordinary", "crushing"):
        raise _not_a_defeat(defeat)
    crushing = defeat == "crushing"
    disbands = not crushing and loser_morale == 0
    return DefeatPreview(
        defeat=defeat,
        winner_result="triumph" if crushing else "victory",
        winner_morale_before=winner_morale,
        winner_morale_after=morale_after(winner_morale, "triumph" if crushing else "victory"),
        loser_morale_before=loser_morale,
        loser_morale_after=None
        if disbands
        else morale_after(loser_morale, "crushing-defeat" if crushing else "ordinary-defeat"),
        check_due=crushing,
        disbands=disbands,
    )


def tactical_retreat(morale: int) -> DefeatResolution:
    """D5: a tactical retreat is an ordinary defeat for the retreating army (−1 morale; at
    morale 0 it disbands) but gives the attacker no bonus."""
    _morale(morale)
    disbands = morale == 0
    told = said(
        N_("D5: tactical retreat with morale already 0: the army disbands")
        if disbands
        else N_("D5: tactical retreat counts as an ordinary defeat")
    )
    return DefeatResolution(
        defeat="ordinary",
        winner_result=None,
        check=MoraleCheck(
            defeat="ordinary",
            morale=morale,
            destroyed=disbands,
            said=told,
        ),
        morale_before=morale,
        destroyed=disbands,
        morale_after=None if disbands else morale_after(morale, "ordinary-defeat"),
    )


class ForcedMarch(BaseModel):
    """D5: whether an army may march two provinces this turn, and what it costs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    allowed: bool
    """False at loyalty 2 or less, or when the march would end in an invasion."""
    morale_after: int = Field(ge=0, le=6)
    """Morale after the march (−2 at once, not below 0); unchanged when not allowed."""
    said: Said
    """Why, as data: rendered in the reader's language where it is shown."""

    @property
    def reason(self) -> str:
        """Why, in the rule's words in English (what the army journal records)."""
        return self.said.english()


def _march(allowed: bool, morale_after: int, told: Said) -> ForcedMarch:
    return ForcedMarch(allowed=allowed, morale_after=morale_after, said=told)


def forced_march(
    morale: int,
    loyalty: int,
    *,
    ends_in_invasion: bool = False,
    bar: ForcedMarchBar = "morale",
) -> ForcedMarch:
    """D5: a forced march costs 2 morale at once, cannot end in an invasion and is forbidden
    to an army whose current morale is 2 or less (Reading: armies have morale, not loyalty;
    house rule ``forced_march_bar = province_loyalty``: where the province's ``loyalty`` to
    its side is 2 or less, the seed's words)."""
    _morale(morale)
    if isinstance(loyalty, bool) or not isinstance(loyalty, int) or loyalty < 0:
        raise FieldError(
            "loyalty", _("a whole number 0 or more (got {loyalty!r})"), loyalty=loyalty
        )
    if bar == "morale" and morale < _FORCED_MARCH_MIN_LOYALTY:
        return _march(
            False,
            morale,
            said(N_("D5: forbidden at morale 2 or less (morale {morale})"), morale=morale),
        )
    if bar == "province_loyalty" and loyalty < _FORCED_MARCH_MIN_LOYALTY:
        return _march(
            False,
            morale,
            said(N_("D5: forbidden at loyalty 2 or less (loyalty {loyalty})"), loyalty=loyalty),
        )
    if ends_in_invasion:
        return _march(False, morale, said(N_("D5: a forced march cannot end in an invasion")))
    return _march(
        True,
        max(MORALE_MIN, morale - _FORCED_MARCH_COST),
        said(N_("D5: forced march, −2 morale at once")),
    )


def cut_off_army_dies(turns_cut_off: int) -> bool:
    """D5: an army cut off from supply, or standing in a rebel province, dies after one
    season (3 turns)."""
    if turns_cut_off < 0:
        raise FieldError(
            "turns_cut_off", _("cannot be negative (got {value})"), value=turns_cut_off
        )
    return turns_cut_off >= _SEASON_TURNS


class Initiative(BaseModel):
    """D6: who moves first next turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: str
    """The side with the initiative."""
    scores: dict[str, int]
    """Each side's victories this turn, a triumph counting 2."""
    said: Said
    """Why, as data: rendered in the reader's language where it is shown."""

    @property
    def reason(self) -> str:
        """Why, in the rule's words in English."""
        return self.said.english()


def initiative(
    victories: Iterable[tuple[str, VictoryKind]],
    *,
    sides: tuple[str, str] = ("Macedon", "Persia"),
    attacker: str = "Macedon",
) -> Initiative:
    """D6: the side with more victories this turn (a triumph counts 2) has the initiative;
    equal, or no battles, the attacking side (Macedon)."""
    if attacker not in sides:
        raise FieldError(
            "attacker",
            _("one of {allowed} (got {attacker!r})"),
            allowed=", ".join(sides),
            attacker=attacker,
        )
    scores = dict.fromkeys(sides, 0)
    for side, kind in victories:
        if side not in scores:
            raise FieldError(
                "side", _("one of {allowed} (got {side!r})"), allowed=", ".join(sides), side=side
            )
        if kind not in ("victory", "triumph"):
            raise FieldError("victory", _("victory or triumph (got {kind!r})"), kind=kind)
        scores[side] += 2 if kind == "triumph" else 1
    first, second = sides
    tally = {"first": scores[first], "second": scores[second]}
    if scores[first] == scores[second]:
        return Initiative(
            side=attacker,
            scores=scores,
            said=said(N_("D6: equal victories ({first}–{second}): the attacker"), **tally),
        )
    leader = first if scores[first] > scores[second] else second
    return Initiative(
        side=leader,
        scores=scores,
        said=said(N_("D6: more victories this turn ({first}–{second})"), **tally),
    )
