"""``castra intercept``: does a fleet that avoids battle get caught (T3.6)?

When enemy fleets meet and only one seeks battle, the referee rolls 1d6 against both fleets' PM
plus the PM of troops the avoiding fleet carries. The house rule ``interception`` chooses which
way the roll counts; this command makes the roll (or takes a real die) and says the answer.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from assistant.cli.commands._converters import add_rule_option, rules_from_args, rules_json
from assistant.cli.common import CliError, add_dice_options, dice_from_args, emit
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

__all__ = ["register"]

MOST_FLEET_PM = 1_000
"""No campaign has more naval PM than this; a larger figure is a typing mistake."""


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "intercept",
        help=_("the interception roll when only one fleet seeks battle (T3.6)"),
        description=_(
            "Fleet A seeks battle, fleet B avoids it: 1d6 against both fleets' PM plus the PM "
            "of troops B carries. Caught if the roll is at most that sum (house rule "
            "interception=at_least: at least)."
        ),
    )
    parser.add_argument(
        "fleet_a", type=int, metavar="FLEET_A_PM", help=_("the fleet seeking battle")
    )
    parser.add_argument("fleet_b", type=int, metavar="FLEET_B_PM", help=_("the fleet avoiding it"))
    parser.add_argument(
        "--carried",
        type=int,
        default=0,
        metavar="PM",
        help=_("land PM fleet B carries (default 0)"),
    )
    add_dice_options(parser)
    add_rule_option(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from assistant.cli.common import describe
    from converters.dice_battle import check_interception, interception_line, interception_roll
    from converters.errors import FieldError

    rules = rules_from_args(args)
    for option, value in (
        ("FLEET_A_PM", args.fleet_a),
        ("FLEET_B_PM", args.fleet_b),
        ("--carried", args.carried),
    ):
        if value > MOST_FLEET_PM:
            raise CliError(
                _("{option}: at most {most} PM (got {value})").format(
                    option=option, most=MOST_FLEET_PM, value=value
                )
            )
    try:
        # The rules' own check, the one the dice-battle screen makes too.
        check_interception(args.fleet_a, args.fleet_b, args.carried)
    except FieldError as error:
        raise CliError(describe(error, _OPTIONS)) from None
    dice = dice_from_args(args)
    result = interception_roll(args.fleet_a, args.fleet_b, args.carried, dice, rules=rules)
    unused = getattr(dice, "remaining", 0)
    if unused:
        raise CliError(_("--dice: the interception is one d6; give one face"))
    data = {
        "intercepted": result.intercepted,
        "sum": result.against,
        "roll": result.roll,
        "reading": result.reading,
        "rules": rules_json(rules),
    }
    emit(args, data, interception_line(result, args.fleet_a, args.fleet_b, args.carried, "B"))
    return 0


_OPTIONS = {
    "seeking_fleet_pm": "FLEET_A_PM",
    "avoiding_fleet_pm": "FLEET_B_PM",
    "troops_carried_pm": "--carried",
}
"""The rules' fields as this command spells them."""
