"""``castra morale``: what a DBA defeat does to the losing army (D2–D4, Macedon vs Persia)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from assistant.cli.common import CliError, ask_on_terminal, emit, flag, seed_number
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "morale",
        help=_("DBA campaign: classify a defeat, check the loser's morale, update it (D2–D4)"),
        description=(
            _(
                "For the losing army: ordinary or crushing defeat (D2), the morale check (D3, a d6 "
                "above morale ends the army; morale 0 disbands after an ordinary defeat) and the "
                "new morale (D4)."
            )
        ),
    )
    parser.add_argument("--morale", type=int, required=True, metavar="M", help=_("morale 0–6"))
    parser.add_argument("--lost", type=int, metavar="N", help=_("elements it lost"))
    parser.add_argument("--enemy-lost", type=int, metavar="N", help=_("elements the winner lost"))
    parser.add_argument("--general-lost", action="store_true", help=_("it lost its general"))
    parser.add_argument("--camp-lost", action="store_true", help=_("it lost its camp"))
    parser.add_argument(
        "--elements", type=int, default=12, metavar="N", help=_("elements it fielded (default 12)")
    )
    parser.add_argument(
        "--enemy-elements",
        type=int,
        default=12,
        metavar="N",
        help=_("elements the winner fielded (default 12)"),
    )
    parser.add_argument(
        "--tactical-retreat",
        action="store_true",
        help=_("it retreated before battle: an ordinary defeat, no bonus to the attacker (D5)"),
    )
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--roll", type=int, metavar="R", help=_("the d6 you rolled for the D3 check"))
    dice.add_argument("--seed", type=seed_number, help=_("roll with a seeded generator"))
    dice.add_argument("--physical", action="store_true", help=_("ask for the die on the terminal"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def _dice(args: argparse.Namespace) -> Any:
    from converters.dice import AskingDice, ScriptedDice, SeededDice

    if args.roll is not None:
        if not 1 <= args.roll <= 6:
            raise CliError(_("--roll: a d6 shows 1 to 6 (got {roll})").format(roll=args.roll))
        return ScriptedDice([args.roll])
    if args.physical:
        return AskingDice(ask=ask_on_terminal, tell=lambda message: print(message, file=sys.stderr))
    return SeededDice(args.seed)


def run(args: argparse.Namespace) -> int:
    from converters.morale import resolve_defeat, tactical_retreat

    if args.tactical_retreat:
        # D5: no battle is fought, so there is nothing to classify and no D3 die to roll.
        for option, given in (
            ("--lost", args.lost is not None),
            ("--enemy-lost", args.enemy_lost is not None),
            ("--general-lost", args.general_lost),
            ("--camp-lost", args.camp_lost),
            ("--roll", args.roll is not None),
        ):
            if given:
                raise CliError(
                    _("{option}: not with --tactical-retreat (no battle is fought, D5)").format(
                        option=option
                    )
                )
        result = tactical_retreat(args.morale)
    else:
        for field in ("lost", "enemy_lost"):
            if getattr(args, field) is None:
                raise CliError(
                    _("{option}: required (elements lost, 0 or more)").format(option=flag(field))
                )
        result = resolve_defeat(
            args.morale,
            args.lost,
            args.enemy_lost,
            _dice(args),
            general_lost=args.general_lost,
            camp_lost=args.camp_lost,
            elements=args.elements,
            enemy_elements=args.enemy_elements,
        )
    data = {
        "defeat": result.defeat,
        "destroyed": result.destroyed,
        "morale_after": result.morale_after,
        "roll": result.check.roll,
        "winner": result.winner_result,
        "reason": result.check.reason,
    }
    defeat = (
        _("Crushing defeat (D2).") if result.defeat == "crushing" else _("Ordinary defeat (D2).")
    )
    from converters.said import render  # pydantic: only once a check is shown

    line = f"{defeat} {render(result.check.told)}"
    if not result.destroyed:
        line += "; " + _("morale {before} → {after} (D4)").format(
            before=result.morale_before, after=result.morale_after
        )
    lines = [line]
    if result.winner_result == "triumph":
        lines.append(_("The winner scores a triumph: +2 morale, counts 2 for initiative (D4, D6)"))
    elif result.winner_result == "victory":
        lines.append(_("The winner scores an ordinary victory: +1 morale (D4)"))
    else:
        lines.append(_("The attacker gets no bonus for a tactical retreat (D5)"))
    emit(args, data, "\n".join(lines))
    return 0
