"""A dice battle's log brought from a file (``castra battle --json``), read strictly and checked
against its own rounds before the ledger records it.

The file is the referee's, and a file can be edited: a winner flipped, a loss made smaller, a
number typed as text. Every field is validated strictly (no ``"3"`` for 3, no unknown keys),
and what the rounds decide is worked out again from them — the dice each contingent lost, who
won (T2.7, T3.3), the T3.7 captures — so a log that contradicts itself is refused with one line
naming the field, instead of being believed.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.ledger.errors import LedgerError, LedgerFieldError
from converters.dice import Roll
from converters.dice_battle import CAPTURE_TARGET, NavalCapture
from converters.errors import field_error
from converters.i18n import _

__all__ = ["DiceLog", "read_dice_log"]

Figure = float
"""A PM figure: whole, or ½ for an empty city's garrison (T3.5); a number, never text."""

Side = Literal["a", "b"]


class _Logged(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class LoggedContingent(_Logged):
    """One contingent's figures in the log (T3.4)."""

    nation: str = Field(min_length=1)
    """The nation."""
    pm_start: Figure = Field(ge=0)
    """PM at the start."""
    pm_lost: Figure = Field(ge=0)
    """PM lost (T3.4)."""
    prisoners: Figure = Field(ge=0)
    """PM taken prisoner when its city fell (T3.5)."""
    pm_left: Figure = Field(ge=0)
    """PM left."""


class LoggedSide(_Logged):
    """One side's figures in the log."""

    name: str
    """How the log names the side."""
    pm_start: Figure = Field(ge=0)
    """PM at the start."""
    pm_lost: Figure = Field(ge=0)
    """PM lost."""
    prisoners: Figure = Field(ge=0)
    """PM taken prisoner."""
    pm_left: Figure = Field(ge=0)
    """PM left."""
    dice_start: int = Field(ge=0)
    """Dice rolled in the first round (doubled behind walls, T3.5)."""
    dice_left: int = Field(ge=0)
    """Dice left at the end."""
    contingents: list[LoggedContingent] = Field(min_length=1)
    """Its contingents in listed order."""


class LoggedRound(_Logged):
    """One round or pursuit roll, as :class:`converters.dice_battle.RoundRecord` writes it."""

    kind: Literal["round", "pursuit"]
    """A round of both sides (T3.1) or the pursuit roll (T3.3)."""
    number: int = Field(ge=0)
    """Round number."""
    purpose: str
    """What the dice were rolled for."""
    a_rolls: list[int]
    """Faces side a rolled."""
    b_rolls: list[int]
    """Faces side b rolled."""
    a_hits: int = Field(ge=0)
    """Hits side a scored."""
    b_hits: int = Field(ge=0)
    """Hits side b scored."""
    a_losses: list[int]
    """Dice each of side a's contingents lost."""
    b_losses: list[int]
    """Dice each of side b's contingents lost."""
    a_left: list[int]
    """Dice each of side a's contingents has left."""
    b_left: list[int]
    """Dice each of side b's contingents has left."""
    a_choice: Literal["continue", "retreat"] | None = None
    """What side a chose after the round."""
    b_choice: Literal["continue", "retreat"] | None = None
    """What side b chose after the round."""


class DiceLog(_Logged):
    """The JSON ``castra battle --json`` prints, read strictly."""

    outcome: Literal["a_wins", "b_wins", "draw", "both_withdrew"]
    """How it ended."""
    winner: Side | None
    """Who won; None for a draw or when both withdrew."""
    loser: Side | None
    """Who lost."""
    rounds_fought: int = Field(ge=0)
    """Rounds of T3.1 fought."""
    a: LoggedSide
    """Side a."""
    b: LoggedSide
    """Side b."""
    rounds: list[LoggedRound]
    """The round log, pursuit included."""
    capture: NavalCapture | None = None
    """T3.7 captures after a naval battle."""
    rolls: list[Roll] = []
    """Every die rolled, with its purpose."""
    rules: dict[str, str | int] = {}
    """The house rules that differ from the defaults (docs/rules.md H), as ``--rule`` gave
    them: the rounds are checked as they were fought (T3.3 both_pursued ends in a pursuit that
    both sides roll)."""

    def side(self, side: Side) -> LoggedSide:
        """Side ``side``."""
        return self.a if side == "a" else self.b


def read_dice_log(data: Any) -> DiceLog:
    """``data`` (the parsed file) as a :class:`DiceLog` whose figures agree with its rounds;
    :class:`LedgerError` naming the first field that does not, as ``--dice-log: FIELD: …``."""
    if not isinstance(data, dict) or not {"a", "b", "rounds"} <= data.keys():
        raise LedgerError(
            _("--dice-log: not a dice-battle result (the JSON of `castra battle --json`)")
        )
    try:
        # JSON mode: strict about types, yet reads arrays into the models' tuples.
        log = DiceLog.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as error:
        raise LedgerFieldError.inside(
            field="dice_log", refusal=field_error(error, positions=True)
        ) from None
    dice_lost = {side: _check_rounds(log, side) for side in ("a", "b")}
    winner = _winner(log)
    said = {"a_wins": "a", "b_wins": "b"}.get(log.outcome)
    if log.winner != said or winner != said:
        nobody = _("nobody")
        raise LedgerError(
            _("--dice-log: winner: the log says {said} but its rounds give {found} (T2.7)").format(
                said=log.winner or nobody, found=winner or nobody
            )
        )
    for side in ("a", "b"):
        _check_pm(log, side, dice_lost[side])
    _check_capture(log)
    return log


def _check_rounds(log: DiceLog, side: Side) -> list[int]:
    """Walk ``side``'s dice through the rounds; the dice each contingent lost in all."""
    figures = log.side(side)
    count = len(figures.contingents)
    other = "b" if side == "a" else "a"
    lost = [0] * count
    left: list[int] | None = None
    for index, record in enumerate(log.rounds):
        where = f"--dice-log: rounds[{index}]"
        losses, after = getattr(record, f"{side}_losses"), getattr(record, f"{side}_left")
        if len(losses) != count or len(after) != count:
            raise LedgerError(
                _("{where}.{side}_left: one figure per contingent ({count})").format(
                    where=where, side=side, count=count
                )
            )
        before = left if left is not None else [x + y for x, y in zip(after, losses, strict=True)]
        if left is None and sum(before) != figures.dice_start:
            raise LedgerError(
                _(
                    "{where}.{side}_left: {dice} dice at the start, "
                    "but {side}.dice_start is {start}"
                ).format(where=where, side=side, dice=sum(before), start=figures.dice_start)
            )
        if any(x < 0 for x in (*losses, *after)) or [
            x - y for x, y in zip(before, losses, strict=True)
        ] != list(after):
            raise LedgerError(
                _("{where}.{side}_left: the dice left after the losses do not add up").format(
                    where=where, side=side
                )
            )
        hits = getattr(record, f"{other}_hits")
        if sum(losses) != min(hits, sum(before)):
            raise LedgerError(
                _("{where}.{side}_losses: {lost} lost to {hits} hits (T3.1, T3.4)").format(
                    where=where, side=side, lost=sum(losses), hits=hits
                )
            )
        lost = [x + y for x, y in zip(lost, losses, strict=True)]
        left = list(after)
    end = sum(left) if left is not None else figures.dice_start
    if figures.dice_left != end:
        raise LedgerError(
            _("--dice-log: {side}.dice_left: the rounds leave {end} (got {left})").format(
                side=side, end=end, left=figures.dice_left
            )
        )
    return lost


def _winner(log: DiceLog) -> Side | None:
    """Who the rounds say won: the side left standing (T2.7), or the pursuer of a side that
    retreated alone (T3.3); None when both were wiped out or both withdrew (with the house
    rule ``both_retreat`` = both_pursued, both rolled the last pursuit)."""
    if not log.rounds:
        return None
    last = log.rounds[-1]
    if last.kind == "pursuit" and last.a_rolls and last.b_rolls:
        return None  # T3.3 both_pursued: both retreated, each pursued; nobody wins
    if last.kind == "pursuit":
        return "a" if last.a_rolls else "b"  # only the pursuer rolls
    a_left, b_left = sum(last.a_left), sum(last.b_left)
    if a_left == 0 or b_left == 0:
        return None if a_left == b_left else ("a" if b_left == 0 else "b")
    if last.a_choice == last.b_choice == "retreat":
        return None
    raise LedgerError(_("--dice-log: rounds: the battle is not over in its last round"))


def _check_pm(log: DiceLog, side: Side, dice_lost: list[int]) -> None:
    """PM lost per contingent: one die is one PM, except behind walls (T3.5), where the
    figures must at least add up."""
    figures = log.side(side)
    one_die_one_pm = figures.dice_start == figures.pm_start
    for index, (contingent, lost) in enumerate(zip(figures.contingents, dice_lost, strict=True)):
        where = f"--dice-log: {side}.contingents[{index}]"
        if contingent.pm_lost + contingent.prisoners + contingent.pm_left != contingent.pm_start:
            raise LedgerError(
                _("{where}.pm_lost: lost, prisoners and left do not add up to pm_start").format(
                    where=where
                )
            )
        if one_die_one_pm and contingent.pm_lost != lost:
            raise LedgerError(
                _("{where}.pm_lost: the rounds say {lost} PM lost (got {got})").format(
                    where=where, lost=lost, got=_shown(contingent.pm_lost)
                )
            )


def _check_capture(log: DiceLog) -> None:
    capture = log.capture
    if capture is None:
        return
    captured = sum(1 for face in capture.rolls if face >= CAPTURE_TARGET)
    if (capture.captured, capture.sunk) != (captured, len(capture.rolls) - captured):
        raise LedgerError(
            _(
                "--dice-log: capture.captured: the dice capture {captured} on {target}+ "
                "(T3.7; got {got})"
            ).format(captured=captured, target=CAPTURE_TARGET, got=capture.captured)
        )


def _shown(figure: float) -> str:
    """A PM figure as the referee typed it: 3, not 3.0."""
    return str(int(figure)) if figure == int(figure) else str(figure)
