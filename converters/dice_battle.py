"""Quick resolution of a battle by dice (T3.1–T3.7, T2.7), one round at a time.

When a battle is not fought on the table, the referee rolls it out: each round both sides roll
one d6 per PM, every die at or above the target kills an enemy PM, and after each round each
side chooses to fight on or retreat. The state is an immutable model and every step is a pure
function of a state and a :class:`~converters.dice.Dice`, so the app and the command line can
show each round (and its live odds), and the ledger can store the log and replay it.

Readings made here (stated in docs/rules.md too):

* T3.4 loss order: the contingents are ranked once, by their strength at the start of the
  battle (largest first, equal sizes in listed order); losses go round that ranking one at a
  time, skipping contingents already wiped out, and the turn carries over from round to round.
* T3.5: a city defender that retreats alone suffers the pursuit roll, then its survivors are
  taken prisoner (the city falls; :func:`converters.odds.city_falls`, which the odds share).
  If both sides retreat, the defender keeps the city.
* T3.0: a side that declines battle retreats before the first round (``decide`` on a state with
  no rounds), suffering the pursuit roll; if both decline there is no battle.
* T3.5 with allies behind walls: the side keeps ``ceil(dice ÷ 2)`` PM in all; each contingent
  keeps half its dice rounded down, and the PM the rounding adds go to contingents with an odd
  number of dice, in the T3.4 order.
* T3.2: bonuses lower the target by one each; a target never goes below 2 (a 1 always misses).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, model_validator

from converters.dice import Dice, of_side, side_named
from converters.errors import FieldError
from converters.house_rules import DEFAULT_RULES, BothRetreat, HouseRules, pursue_both
from converters.i18n import N_, _, in_every_language
from converters.odds import NO_ARMY, BattleOdds, Walls, city_falls, odds_from_state, real_pm
from converters.rates import pm_for_json
from converters.said import Said, listing, nation, render, said, typed
from converters.wording import SHIPPED_NATIONS

__all__ = [
    "BASE_TARGET",
    "CAPTURE_TARGET",
    "Approach",
    "BattleResult",
    "BattleSetup",
    "BattleSide",
    "BattleState",
    "Choice",
    "Contingent",
    "ContingentResult",
    "Interception",
    "NavalCapture",
    "NavalContact",
    "Outcome",
    "Policy",
    "RoundRecord",
    "SetupProblem",
    "SideId",
    "SideResult",
    "TypedContingent",
    "battle_result",
    "capture_due",
    "check_naval_doubling",
    "decide",
    "fight_round",
    "fight_to_the_end",
    "finish_battle",
    "interception_roll",
    "live_odds",
    "naval_capture",
    "naval_contact",
    "parse_side",
    "play_step",
    "retreat_at",
    "run_battle",
    "start_battle",
]

BASE_TARGET = 5
"""T3.1: a die at or above this destroys one enemy PM."""
CAPTURE_TARGET = 4
"""T3.7: a destroyed enemy naval PM is captured on 1d6 at or above this."""

SideId = Literal["a", "b"]
"""One of the two sides of a battle."""
Choice = Literal["continue", "retreat"]
"""What a side chooses after each round (T3.3)."""
Approach = Literal["open", "mountain_road", "landing"]

APPROACH_WORDS: dict[Approach, str] = {
    "open": N_("open ground"),
    "mountain_road": N_("mountain road"),
    "landing": N_("landing"),
}
"""How an attacker came, in words (T3.2)."""
"""How the attacker came (T3.2: the defender gets +1 against a mountain road or a landing)."""
Outcome = Literal["a_wins", "b_wins", "draw", "both_withdrew"]
"""How a dice battle ended (T2.7, T3.3)."""


HalfPM = Annotated[Fraction, PlainSerializer(pm_for_json)]
"""A PM figure that may be a half (an empty city's garrison, T3.5); JSON shows 3 or 0.5."""


def _other(side: SideId) -> SideId:
    return "b" if side == "a" else "a"


class Contingent(BaseModel):
    """One nation's troops on a side (T3.4 counts losses per contingent)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nation: str = Field(min_length=1)
    """Whose troops these are, e.g. "Rome"."""
    pm: int = Field(ge=0)
    """Land (or naval) PM in the battle."""


class BattleSide(BaseModel):
    """One side of a dice battle: its name, its contingents and its unmodified target."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    """How the log names the side, e.g. "Rome" or "Pyrrhus and allies"."""
    contingents: tuple[Contingent, ...] = Field(min_length=1)
    """The contingents in listed order (T3.4 breaks ties of size by this order)."""
    base_target: int = Field(default=BASE_TARGET, ge=2, le=6)
    """The face that hits before T3.2 bonuses (5)."""

    @property
    def pm(self) -> int:
        """The side's PM at the start of the battle."""
        return sum(contingent.pm for contingent in self.contingents)


NAVAL_NO_DOUBLING = N_("fleets fight without a city's walls: no doubling (T3.5)")


def check_naval_doubling(*, naval: bool, city_assault: bool) -> None:
    """T3.5: a naval battle is fought between fleets, without a city's walls doubling anyone:
    refused in one line naming ``naval`` (the command line's set-up and the dice battle's
    form ask this one check)."""
    if naval and city_assault:
        raise FieldError("naval", _(NAVAL_NO_DOUBLING))


"""Why a naval battle cannot be a city assault, in one wording for the command line's
``--naval --city`` and the dice-battle screen's two ticks."""


class BattleSetup(BaseModel):
    """Everything the rules need to know before the first die is rolled."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a: BattleSide
    """Side A (the command line's PM_A)."""
    b: BattleSide
    """Side B."""
    defender: SideId | None = None
    """The defending side, for T3.2 and T3.5 (``None``: a meeting battle)."""
    attacker_approach: Approach = "open"
    """T3.2: a mountain road or a landing gives the defender +1."""
    pyrrhus_leads: bool = False
    """T3.2: Pyrrhus leads in person: +1 to both sides."""
    city_assault: bool = False
    """T3.5: the defender holds a city (its PM count double; 0 PM = a ½ PM garrison)."""
    naval: bool = False
    """A battle between fleets (T3.6, T3.7): no doubling, captures after the battle."""
    both_retreat: BothRetreat = "no_pursuit"
    """T3.3 house rule: when both retreat, nobody is pursued, or both are (``both_pursued``)."""

    @model_validator(mode="after")
    def _check(self) -> BattleSetup:
        if self.city_assault and self.defender is None:
            raise FieldError("defender", _("a city assault needs the defending side (a or b)"))
        if self.attacker_approach != "open" and self.defender is None:
            # T3.2's +1 goes to the attacker's opponent: without a defender nobody would get it.
            raise FieldError(
                "defender",
                _("an attacker coming by {approach} needs the defending side (a or b)"),
                approach=_(APPROACH_WORDS[self.attacker_approach]),
            )
        check_naval_doubling(naval=self.naval, city_assault=self.city_assault)
        for side in ("a", "b"):
            if self.side(side).pm == 0 and not (self.city_assault and self.defender == side):
                raise FieldError(side, _(NO_ARMY))
        return self

    def side(self, side: SideId) -> BattleSide:
        """Side ``side`` of the battle."""
        return self.a if side == "a" else self.b

    def target(self, side: SideId) -> int:
        """The face that hits for ``side`` after T3.2 bonuses (which add; never below 2)."""
        bonus = 0
        if side == self.defender and self.attacker_approach in ("mountain_road", "landing"):
            bonus += 1
        if self.pyrrhus_leads:
            bonus += 1
        return max(2, self.side(side).base_target - bonus)

    def walls(self, side: SideId) -> Walls:
        """How ``side``'s dice count as real PM (T3.5)."""
        if not (self.city_assault and side == self.defender):
            return "none"
        return "walls" if self.side(side).pm > 0 else "garrison"


class RoundRecord(BaseModel):
    """One round (or the pursuit roll) as the log shows and the ledger stores it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["round", "pursuit"]
    """A round of both sides (T3.1) or the one-sided pursuit roll (T3.3)."""
    number: int = Field(ge=0)
    """Round number from 1; a pursuit carries the number of the round it followed."""
    purpose: str
    """The rule and round the dice were rolled for, e.g. "T3.1 round 2"."""
    a_rolls: tuple[int, ...]
    """Faces side A rolled (none when A was the side pursued)."""
    b_rolls: tuple[int, ...]
    """Faces side B rolled."""
    a_hits: int = Field(ge=0)
    """Dice of A at or above its target (hits on B, some may find nobody left)."""
    b_hits: int = Field(ge=0)
    """Dice of B at or above its target."""
    a_losses: tuple[int, ...]
    """Dice (doubled figure in a city) each of A's contingents lost, in listed order."""
    b_losses: tuple[int, ...]
    """Dice each of B's contingents lost."""
    a_left: tuple[int, ...]
    """Dice each of A's contingents still rolls afterwards."""
    b_left: tuple[int, ...]
    """Dice each of B's contingents still rolls afterwards."""
    a_choice: Choice | None = None
    """What A chose after the round (``None``: the battle ended in the round)."""
    b_choice: Choice | None = None
    """What B chose after the round."""


class BattleState(BaseModel):
    """A battle between rounds; each step returns a new state."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    setup: BattleSetup
    """The battle being fought."""
    a_dice: tuple[int, ...]
    """Dice each of A's contingents still rolls (doubled figure for a city defender)."""
    b_dice: tuple[int, ...]
    """Dice each of B's contingents still rolls."""
    a_next_loss: int = 0
    """T3.4: position in A's loss order of the contingent that takes A's next loss."""
    b_next_loss: int = 0
    """T3.4: the same for B."""
    rounds: tuple[RoundRecord, ...] = ()
    """Every round and pursuit so far."""
    outcome: Outcome | None = None
    """How it ended, once it has."""

    def dice(self, side: SideId) -> tuple[int, ...]:
        """Dice per contingent of ``side``."""
        return self.a_dice if side == "a" else self.b_dice

    def total_dice(self, side: SideId) -> int:
        """All the dice ``side`` rolls next round."""
        return sum(self.dice(side))

    def pm_left(self, side: SideId) -> Fraction:
        """``side``'s real PM now (T3.5: a city defender's doubled figure halved, rounded up)."""
        return sum(self.contingent_pm_left(side), Fraction(0))

    def contingent_pm_left(self, side: SideId) -> tuple[Fraction, ...]:
        """Real PM of each of ``side``'s contingents now, in listed order (T3.4, T3.5)."""
        return _real_pm(self.dice(side), self.setup.walls(side), self.setup.side(side))

    @property
    def rounds_fought(self) -> int:
        """Rounds of T3.1 fought so far (pursuit rolls are not rounds)."""
        return sum(1 for record in self.rounds if record.kind == "round")

    @property
    def over(self) -> bool:
        """Whether the battle has ended."""
        return self.outcome is not None


def _real_pm(dice: tuple[int, ...], walls: Walls, side: BattleSide) -> tuple[Fraction, ...]:
    """Real PM per contingent. Behind walls the side keeps ``ceil(dice ÷ 2)`` in all (T3.5);
    each contingent keeps half its dice rounded down, and the PM the rounding up adds go to
    contingents with an odd figure, in the T3.4 order (largest first)."""
    if walls != "walls":
        return tuple(real_pm(figure, walls) for figure in dice)
    real = [Fraction(figure // 2) for figure in dice]
    odd = [index for index in _loss_order(side) if dice[index] % 2 == 1]
    for index in odd[: math.ceil(len(odd) / 2)]:
        real[index] += 1
    return tuple(real)


def _loss_order(side: BattleSide) -> list[int]:
    # T3.4: largest first, equal sizes in listed order (sorted() is stable).
    return sorted(range(len(side.contingents)), key=lambda i: -side.contingents[i].pm)


def start_battle(setup: BattleSetup) -> BattleState:
    """The battle before the first round: dice per contingent (T3.1, T3.5 doubling)."""

    def dice_of(side: SideId) -> tuple[int, ...]:
        contingents = setup.side(side).contingents
        walls = setup.walls(side)
        if walls == "garrison":
            # An empty city is held by a ½ PM garrison, which rolls one die.
            return (1,) + (0,) * (len(contingents) - 1)
        factor = 2 if walls == "walls" else 1
        return tuple(factor * contingent.pm for contingent in contingents)

    return BattleState(setup=setup, a_dice=dice_of("a"), b_dice=dice_of("b"))


def _apply_losses(
    dice: tuple[int, ...], hits: int, order: list[int], next_loss: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Spread ``hits`` over the contingents round the T3.4 order; returns (left, lost, next)."""
    left = list(dice)
    lost = [0] * len(dice)
    position = next_loss
    for _hit in range(hits):
        if sum(left) == 0:
            break
        while left[order[position % len(order)]] == 0:
            position += 1
        index = order[position % len(order)]
        left[index] -= 1
        lost[index] += 1
        position += 1
    return tuple(left), tuple(lost), position % len(order)


def _roll(dice: Dice, count: int, purpose: Said) -> tuple[int, ...]:
    return tuple(dice.roll(6, purpose) for _die in range(count))


def _ended(a_left: int, b_left: int) -> Outcome | None:
    # T2.7: wiped out loses; both wiped out in the same round is a draw.
    if a_left == 0 and b_left == 0:
        return "draw"
    if a_left == 0:
        return "b_wins"
    if b_left == 0:
        return "a_wins"
    return None


def fight_round(state: BattleState, dice: Dice) -> BattleState:
    """One round of T3.1: both sides roll at once, one d6 per PM (per die of the doubled
    figure in a city, T3.5), each die at or above the side's target (T3.2) kills one enemy
    PM; losses go round each side's contingents (T3.4). Ends the battle if a side is wiped
    out (T2.7)."""
    if state.over:
        raise _over()
    number = state.rounds_fought + 1
    fought = _both_roll(
        state, state.rounds, dice, "round", number, said(N_("T3.1 round {number}"), number=number)
    )
    return fought.model_copy(
        update={"outcome": _ended(fought.total_dice("a"), fought.total_dice("b"))}
    )


def _both_roll(
    state: BattleState,
    rounds: tuple[RoundRecord, ...],
    dice: Dice,
    kind: Literal["round", "pursuit"],
    number: int,
    purpose: Said,
) -> BattleState:
    """Both sides roll at once, one d6 per die they still have, and lose what the other hit
    (T3.1; with ``both_retreat = both_pursued`` also the double pursuit of T3.3)."""
    setup = state.setup
    a_rolls = _roll(dice, state.total_dice("a"), of_side(purpose, setup.a.name))
    b_rolls = _roll(dice, state.total_dice("b"), of_side(purpose, setup.b.name))
    a_hits = sum(1 for face in a_rolls if face >= setup.target("a"))
    b_hits = sum(1 for face in b_rolls if face >= setup.target("b"))
    a_left, a_lost, a_next = _apply_losses(
        state.a_dice, b_hits, _loss_order(setup.a), state.a_next_loss
    )
    b_left, b_lost, b_next = _apply_losses(
        state.b_dice, a_hits, _loss_order(setup.b), state.b_next_loss
    )
    record = RoundRecord(
        kind=kind,
        number=number,
        purpose=purpose.english(),
        a_rolls=a_rolls,
        b_rolls=b_rolls,
        a_hits=a_hits,
        b_hits=b_hits,
        a_losses=a_lost,
        b_losses=b_lost,
        a_left=a_left,
        b_left=b_left,
    )
    return state.model_copy(
        update={
            "a_dice": a_left,
            "b_dice": b_left,
            "a_next_loss": a_next,
            "b_next_loss": b_next,
            "rounds": (*rounds, record),
        }
    )


def decide(state: BattleState, a_choice: Choice, b_choice: Choice, dice: Dice) -> BattleState:
    """Both sides' secret choice after a round (T3.3), or before the first one (T3.0).

    Both continue: the next round will be fought. Both retreat: both withdraw, nobody wins.
    One retreats alone: the other rolls once more with no reply (pursuit), then the retreating
    side has lost (T2.7).
    """
    if state.over:
        raise _over()
    for field, choice in (("a_choice", a_choice), ("b_choice", b_choice)):
        if choice not in ("continue", "retreat"):
            raise FieldError(field, _("continue or retreat (got {choice!r})"), choice=choice)
    rounds = state.rounds
    if rounds:
        rounds = (
            *rounds[:-1],
            rounds[-1].model_copy(update={"a_choice": a_choice, "b_choice": b_choice}),
        )
    if a_choice == "continue" and b_choice == "continue":
        return state.model_copy(update={"rounds": rounds})
    if a_choice == "retreat" and b_choice == "retreat":
        if rounds and pursue_both(HouseRules(both_retreat=state.setup.both_retreat)):
            return _both_pursued(state, rounds, dice)
        return state.model_copy(update={"rounds": rounds, "outcome": "both_withdrew"})
    fleeing: SideId = "a" if a_choice == "retreat" else "b"
    pursuer = _other(fleeing)
    setup = state.setup
    number = state.rounds_fought
    purpose = said(N_("T3.3 pursuit") if rounds else N_("T3.0 pursuit of a side refusing battle"))
    rolls = _roll(dice, state.total_dice(pursuer), of_side(purpose, setup.side(pursuer).name))
    hits = sum(1 for face in rolls if face >= setup.target(pursuer))
    left, lost, next_loss = _apply_losses(
        state.dice(fleeing),
        hits,
        _loss_order(setup.side(fleeing)),
        state.a_next_loss if fleeing == "a" else state.b_next_loss,
    )
    untouched = state.dice(pursuer)
    no_losses = (0,) * len(untouched)
    if fleeing == "a":
        record = RoundRecord(
            kind="pursuit",
            number=number,
            purpose=purpose.english(),
            a_rolls=(),
            b_rolls=rolls,
            a_hits=0,
            b_hits=hits,
            a_losses=lost,
            b_losses=no_losses,
            a_left=left,
            b_left=untouched,
        )
        update = {"a_dice": left, "a_next_loss": next_loss, "outcome": "b_wins"}
    else:
        record = RoundRecord(
            kind="pursuit",
            number=number,
            purpose=purpose.english(),
            a_rolls=rolls,
            b_rolls=(),
            a_hits=hits,
            b_hits=0,
            a_losses=no_losses,
            b_losses=lost,
            a_left=untouched,
            b_left=left,
        )
        update = {"b_dice": left, "b_next_loss": next_loss, "outcome": "a_wins"}
    return state.model_copy(update={**update, "rounds": (*rounds, record)})


def _both_pursued(state: BattleState, rounds: tuple[RoundRecord, ...], dice: Dice) -> BattleState:
    """T3.3 with the house rule ``both_retreat = both_pursued``: each side rolls once at the
    other at the same time, with the dice it has now; both then withdraw and nobody wins."""
    purpose = said(N_("T3.3 pursuit (house rule both_retreat = both_pursued)"))
    pursued = _both_roll(state, rounds, dice, "pursuit", state.rounds_fought, purpose)
    return pursued.model_copy(update={"outcome": "both_withdrew"})


def play_step(state: BattleState, a_choice: Choice, b_choice: Choice, dice: Dice) -> BattleState:
    """One step of a battle fought at the table's pace: the sides' choices, then the next round.

    Before the first round a side may decline battle (T3.0); after a round both sides choose
    (T3.3), a lone retreat suffers the pursuit roll and ends the battle. If both fight on, the
    next round is rolled (T3.1), which may end it (T2.7). The captures of a naval win (T3.7)
    are a step of their own: see :func:`capture_due` and :func:`finish_battle`.
    """
    waiting = bool(state.rounds) and state.rounds[-1].a_choice is None
    declining = not state.rounds and "retreat" in (a_choice, b_choice)
    if waiting or declining:
        state = decide(state, a_choice, b_choice, dice)
        if state.over:
            return state
    return fight_round(state, dice)


def capture_due(state: BattleState, capture: NavalCapture | None = None) -> bool:
    """T3.7: a naval battle a side has won, whose capture roll (``capture``) is not made yet."""
    return bool(state.setup.naval and state.outcome in ("a_wins", "b_wins") and capture is None)


Policy = Callable[[BattleState, SideId], Choice]
"""How a side chooses after each round: a person asked on the terminal, or a fixed rule."""


def _over() -> ValueError:
    return ValueError(_("battle: it is already over"))


def retreat_at(threshold: int) -> Policy:
    """ "Retreat when down to ``threshold`` PM or fewer" (0: fight to the end), as in T3.8."""
    if threshold < 0:
        raise FieldError(
            "retreat_at",
            _("a retreat threshold cannot be negative (got {threshold})"),
            threshold=threshold,
        )

    def policy(state: BattleState, side: SideId) -> Choice:
        return "retreat" if state.pm_left(side) <= threshold else "continue"

    return policy


fight_to_the_end: Policy = retreat_at(0)
"""Never retreat."""


def live_odds(
    state: BattleState,
    a_retreat_at: int = 0,
    b_retreat_at: int = 0,
    *,
    a_choice: Choice = "continue",
    b_choice: Choice = "continue",
) -> BattleOdds:
    """Exact odds from here (T3.8), for the battle screen, once each side's choice for after
    this round is taken into account (T3.3; before the first round, T3.0).

    Both fight on: the thresholds decide later rounds. Both retreat: they withdraw as they
    stand. One retreats alone: the other wins, and the fleeing side's PM left are what the
    pursuit roll is expected to leave it.
    """
    setup = state.setup
    if "retreat" in (a_choice, b_choice):
        return _odds_after_retreat(state, a_choice, b_choice)
    return odds_from_state(
        state.total_dice("a"),
        state.total_dice("b"),
        setup.target("a"),
        setup.target("b"),
        a_retreat_at,
        b_retreat_at,
        a_walls=setup.walls("a"),
        b_walls=setup.walls("b"),
        both_retreat=setup.both_retreat,
    )


def _odds_after_retreat(state: BattleState, a_choice: Choice, b_choice: Choice) -> BattleOdds:
    """T3.3: the battle's end is already chosen; only the pursuit roll is still to come."""
    setup = state.setup
    a_left, b_left = float(state.pm_left("a")), float(state.pm_left("b"))
    if a_choice == "retreat" and b_choice == "retreat":
        return BattleOdds(
            a_wins=0,
            b_wins=0,
            draw=0,
            both_withdraw=1,
            a_expected_left=a_left,
            b_expected_left=b_left,
        )
    fleeing: SideId = "a" if a_choice == "retreat" else "b"
    pursuer = _other(fleeing)
    dice, fleeing_dice = state.total_dice(pursuer), state.total_dice(fleeing)
    hit = Fraction(7 - setup.target(pursuer), 6)
    pursued = sum(
        (
            math.comb(dice, hits)
            * hit**hits
            * (1 - hit) ** (dice - hits)
            * real_pm(max(fleeing_dice - hits, 0), setup.walls(fleeing))
            for hits in range(dice + 1)
        ),
        Fraction(0),
    )
    return BattleOdds(
        a_wins=1 if pursuer == "a" else 0,
        b_wins=1 if pursuer == "b" else 0,
        draw=0,
        both_withdraw=0,
        a_expected_left=float(pursued) if fleeing == "a" else a_left,
        b_expected_left=float(pursued) if fleeing == "b" else b_left,
    )


class NavalCapture(BaseModel):
    """T3.7: which of the enemy naval PM destroyed are captured instead of sunk."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rolls: tuple[int, ...]
    """One d6 per enemy naval PM destroyed."""
    captured: int = Field(ge=0)
    """PM captured (4+): they join the winner's fleet (Reading)."""
    sunk: int = Field(ge=0)
    """PM sunk: gone (T2.5)."""


def naval_capture(
    destroyed_pm: int, dice: Dice, winner: str, target: int = CAPTURE_TARGET
) -> NavalCapture:
    """T3.7: the winner rolls 1d6 per enemy naval PM destroyed; ``target``+ captures it."""
    if destroyed_pm < 0:
        raise FieldError("destroyed_pm", _("cannot be negative (got {value})"), value=destroyed_pm)
    rolls = _roll(dice, destroyed_pm, said(N_("T3.7 capture, {side}"), side=side_named(winner)))
    captured = sum(1 for face in rolls if face >= target)
    return NavalCapture(rolls=rolls, captured=captured, sunk=destroyed_pm - captured)


class Interception(BaseModel):
    """T3.6: whether a fleet that avoids battle is caught by one that seeks it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    roll: int = Field(ge=1, le=6)
    """The d6 rolled."""
    against: int = Field(ge=0)
    """Both fleets' PM plus the PM of troops the intercepted fleet carries."""
    reading: Literal["at_most", "at_least"]
    """``at_most``: caught if the roll is at most ``against`` (Reading); ``at_least``: the
    seed's literal words, a campaign option."""
    intercepted: bool
    """Whether the naval battle is fought."""


def check_interception(
    seeking_fleet_pm: int, avoiding_fleet_pm: int, troops_carried_pm: int
) -> None:
    """Refuse, as a :class:`FieldError`, fleets T3.6 cannot roll for: a fleet without naval PM,
    a negative count, more troops carried than the avoiding fleet has room for (T3.7). The
    command line and the dice-battle screen ask here before the die is rolled."""
    for field, value in (
        ("seeking_fleet_pm", seeking_fleet_pm),
        ("avoiding_fleet_pm", avoiding_fleet_pm),
        ("troops_carried_pm", troops_carried_pm),
    ):
        if value < 0:
            raise FieldError(field, _("cannot be negative (got {value})"), value=value)
    for field, value in (
        ("seeking_fleet_pm", seeking_fleet_pm),
        ("avoiding_fleet_pm", avoiding_fleet_pm),
    ):
        if value == 0:
            raise FieldError(field, _("a fleet has at least 1 naval PM (T3.6)"))
    if troops_carried_pm > avoiding_fleet_pm:
        raise FieldError(
            "troops_carried_pm",
            _("each land PM carried needs 1 naval PM (T3.7): at most {most}"),
            most=avoiding_fleet_pm,
        )


def interception_roll(
    seeking_fleet_pm: int,
    avoiding_fleet_pm: int,
    troops_carried_pm: int,
    dice: Dice,
    *,
    rules: HouseRules = DEFAULT_RULES,
) -> Interception:
    """T3.6: one fleet seeks battle, the other avoids it: 1d6 against both fleets' PM plus the
    troops the avoiding (intercepted) fleet carries. Caught if the roll is at most that sum
    (Reading: slow transports are easier to catch); the house rule ``interception =
    at_least`` reads the seed's words literally, caught if the roll is at least the sum."""
    check_interception(seeking_fleet_pm, avoiding_fleet_pm, troops_carried_pm)
    against = seeking_fleet_pm + avoiding_fleet_pm + troops_carried_pm
    roll = dice.roll(6, said(N_("T3.6 interception")))
    caught = roll >= against if rules.interception == "at_least" else roll <= against
    return Interception(roll=roll, against=against, reading=rules.interception, intercepted=caught)


def interception_line(
    roll: Interception, fleet_a_pm: int, fleet_b_pm: int, troops_pm: int, avoider: str
) -> str:
    """T3.6's roll in one line: the die, the sum it is rolled against, the reading followed
    and what became of the avoiding fleet (``avoider``: "A", "B" or its name). ``castra
    intercept`` and the dice-battle screen both show this line."""
    if roll.reading == "at_least":
        sign = "≥" if roll.intercepted else "<"
    else:
        sign = "≤" if roll.intercepted else ">"
    rule = (
        ""
        if roll.reading == DEFAULT_RULES.interception
        else HouseRules.note_for("interception", roll.reading)
    )
    verdict = _("caught: the naval battle is fought") if roll.intercepted else _("escapes")
    return _(
        "T3.6 interception: 1d6 = {roll} {sign} fleets {a} + {b} + troops carried {troops} "
        "= {against}{rule} → fleet {avoider} {verdict}"
    ).format(
        roll=roll.roll,
        sign=sign,
        a=fleet_a_pm,
        b=fleet_b_pm,
        troops=troops_pm,
        against=roll.against,
        rule=rule,
        avoider=avoider,
        verdict=verdict,
    )


class NavalContact(BaseModel):
    """T3.6: whether two enemy fleets that meet fight."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fought: bool
    """Whether the naval battle is fought."""
    interception: Interception | None = None
    """The roll, when only one fleet sought battle."""


def naval_contact(
    a_seeks: bool,
    b_seeks: bool,
    a_fleet_pm: int,
    b_fleet_pm: int,
    dice: Dice,
    *,
    a_troops_pm: int = 0,
    b_troops_pm: int = 0,
    rules: HouseRules = DEFAULT_RULES,
) -> NavalContact:
    """T3.6: both fleets seek battle → fought; neither → none; only one → the other is caught
    on an interception roll (troops carried by the avoiding fleet slow it)."""
    if a_seeks and b_seeks:
        return NavalContact(fought=True)
    if not a_seeks and not b_seeks:
        return NavalContact(fought=False)
    avoiding_troops = b_troops_pm if a_seeks else a_troops_pm
    seeking, avoiding = (a_fleet_pm, b_fleet_pm) if a_seeks else (b_fleet_pm, a_fleet_pm)
    roll = interception_roll(seeking, avoiding, avoiding_troops, dice, rules=rules)
    return NavalContact(fought=roll.intercepted, interception=roll)


class ContingentResult(BaseModel):
    """One contingent after the battle (T2.4: losses per contingent)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nation: str
    """Whose contingent."""
    pm_start: HalfPM
    """PM at the start (½ for an empty city's garrison)."""
    pm_lost: HalfPM
    """PM destroyed (land PM become decimated, T2.5; fleets are sunk or captured)."""
    prisoners: HalfPM
    """PM taken prisoner (T3.5 survivors of a city taken)."""
    pm_left: HalfPM
    """PM still free with the side."""


class SideResult(BaseModel):
    """One side after the battle."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    """The side's name."""
    pm_start: HalfPM
    """PM at the start."""
    pm_lost: HalfPM
    """PM destroyed."""
    prisoners: HalfPM
    """PM taken prisoner."""
    pm_left: HalfPM
    """PM still free."""
    dice_start: int
    """Dice rolled in the first round (the doubled figure in a city, T3.5; T4.1 uses it)."""
    dice_left: int
    """Dice left at the end (doubled figure in a city)."""
    contingents: tuple[ContingentResult, ...]
    """Per contingent, in listed order (T3.4)."""


class BattleResult(BaseModel):
    """What the battle came to (T2.7), with its log."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    outcome: Outcome
    """a_wins, b_wins, draw or both_withdrew."""
    winner: SideId | None
    """The side that won (``None`` for a draw or when both withdrew)."""
    loser: SideId | None
    """The side that retreated alone or was wiped out."""
    rounds_fought: int
    """Rounds of T3.1 fought."""
    a: SideResult
    """Side A's figures."""
    b: SideResult
    """Side B's figures."""
    rounds: tuple[RoundRecord, ...]
    """The round log, pursuit included."""
    capture: NavalCapture | None = None
    """T3.7 captures after a naval battle that someone won."""


def battle_result(state: BattleState, capture: NavalCapture | None = None) -> BattleResult:
    """The result of a finished battle (T2.7; T3.5 prisoners when a city falls)."""
    if state.outcome is None:
        raise ValueError(_("battle: it is not over yet"))
    setup = state.setup
    winner: SideId | None = {"a_wins": "a", "b_wins": "b"}.get(state.outcome)  # type: ignore[assignment]
    loser = _other(winner) if winner is not None else None
    start = start_battle(setup)

    def side_result(side: SideId) -> SideResult:
        walls = setup.walls(side)
        falls = city_falls(walls, lost=loser == side)
        contingents: list[ContingentResult] = []
        starts = _real_pm(start.dice(side), walls, setup.side(side))
        ends = state.contingent_pm_left(side)
        for contingent, pm_start, survivors in zip(
            setup.side(side).contingents, starts, ends, strict=True
        ):
            prisoners = survivors if falls else Fraction(0)
            contingents.append(
                ContingentResult(
                    nation=contingent.nation,
                    pm_start=pm_start,
                    pm_lost=pm_start - survivors,
                    prisoners=prisoners,
                    pm_left=survivors - prisoners,
                )
            )
        return SideResult(
            name=setup.side(side).name,
            pm_start=sum((c.pm_start for c in contingents), Fraction(0)),
            pm_lost=sum((c.pm_lost for c in contingents), Fraction(0)),
            prisoners=sum((c.prisoners for c in contingents), Fraction(0)),
            pm_left=sum((c.pm_left for c in contingents), Fraction(0)),
            dice_start=start.total_dice(side),
            dice_left=state.total_dice(side),
            contingents=tuple(contingents),
        )

    return BattleResult(
        outcome=state.outcome,
        winner=winner,
        loser=loser,
        rounds_fought=state.rounds_fought,
        a=side_result("a"),
        b=side_result("b"),
        rounds=state.rounds,
        capture=capture,
    )


def run_battle(
    setup: BattleSetup,
    dice: Dice,
    a_policy: Policy = fight_to_the_end,
    b_policy: Policy = fight_to_the_end,
    *,
    on_step: Callable[[BattleState], None] | None = None,
) -> BattleResult:
    """Fight a whole dice battle: rounds until a side is wiped out or someone retreats.

    ``on_step`` sees the state after each round and after each decision (to show it). After a
    naval battle that someone won, the winner rolls for captures (T3.7).
    """
    state = start_battle(setup)
    while True:
        state = fight_round(state, dice)
        if on_step is not None:
            on_step(state)
        if state.over:
            break
        state = decide(state, a_policy(state, "a"), b_policy(state, "b"), dice)
        if on_step is not None:
            on_step(state)
        if state.over:
            break
    return finish_battle(state, dice)


def finish_battle(state: BattleState, dice: Dice) -> BattleResult:
    """The result of a finished battle; after a naval battle that someone won, the winner
    first rolls for captures among the enemy PM destroyed (T3.7)."""
    setup = state.setup
    capture = None
    if capture_due(state):
        winner: SideId = "a" if state.outcome == "a_wins" else "b"
        loser = _other(winner)
        destroyed = start_battle(setup).total_dice(loser) - state.total_dice(loser)
        capture = naval_capture(destroyed, dice, setup.side(winner).name)
    return battle_result(state, capture)


TypedContingent = tuple[str, Fraction]
"""(nation, PM) of one contingent as typed."""


class SetupProblem(ValueError):
    """The set-up cannot be read: ``field`` names the input (a label of the interface's,
    marked with ``N_``), ``said`` says why as a description, worded in the reader's language
    where it is shown (:meth:`shown`); ``str()`` is its English."""

    def __init__(self, field: str, said: Said) -> None:
        super().__init__(said.english())
        self.field = field
        self.said = said

    def shown(self) -> str:
        """Why, in the reader's language ("parte A: nazione sconosciuta 'Sparta'; …")."""
        return render(self.said)


def parse_side(text: str, field: str, nations: Sequence[str]) -> list[TypedContingent]:
    """Read ``"Rome 4; Samnites 2"`` into contingents, in the order typed (T3.4 ranks them).

    Input parsing only: the PM must be a whole number (0 for an empty city's ½ PM garrison,
    T3.5); with ``nations`` given (the campaign's, by their keys), a name must be one of them,
    in any case and as either language names a shipped nation ("Roma 4" is Rome's); each
    contingent comes back with its nation's key. ``field`` is the interface's label of the
    input (marked with ``N_``), and starts every refusal.
    """
    known = {
        spelled.casefold(): key
        for key in nations
        for spelled in (in_every_language(key) if key in SHIPPED_NATIONS else (key,))
    }
    named = said(field)
    contingents: list[TypedContingent] = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        if len(words) < 2:
            raise SetupProblem(
                field, said(N_("{field}: write NATION PM, e.g. Rome 4; Samnites 2"), field=named)
            )
        name, written = " ".join(words[:-1]), words[-1]
        try:
            pm = Fraction(written)
        except (ValueError, ZeroDivisionError):
            raise SetupProblem(
                field,
                said(
                    N_("{field}: PM of {name} must be a number (got {typed!r})"),
                    field=named,
                    name=typed(name),
                    typed=typed(written),
                ),
            ) from None
        if pm < 0 or pm.denominator != 1:
            raise SetupProblem(
                field,
                said(
                    N_(
                        "{field}: PM of {name} is a whole number ≥ 0; 0 for an empty city's "
                        "½ PM garrison (got {typed!r})"
                    ),
                    field=named,
                    name=typed(name),
                    typed=typed(written),
                ),
            )
        if nations and name.casefold() not in known:
            raise SetupProblem(
                field,
                said(
                    N_("{field}: unknown nation {name!r}; one of {nations}"),
                    field=named,
                    name=typed(name),
                    nations=listing(nation(key) for key in nations),
                ),
            )
        contingents.append((known.get(name.casefold(), name), pm))
    if not contingents:
        raise SetupProblem(
            field, said(N_("{field}: at least one contingent, e.g. Rome 4"), field=named)
        )
    return contingents
