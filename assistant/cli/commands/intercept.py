"""``castra intercept``: does a fleet that avoids battle get caught (T3.6)?

When enemy fleets meet and only one seeks battle, the referee rolls 1d6 against both fleets' PM
plus the PM of troops the avoiding fleet carries. The house rule ``interception`` chooses which
way the roll counts; this command makes the roll (or takes a real die) and says the answer.
"""

from __future__ import annotations

import argparse

from assistant.cli.commands._converters import add_rule_option, rules_from_args, rules_json
from assistant.cli.common import CliError, add_dice_options, dice_from_args, emit

__all__ = ["register"]

MOST_FLEET_PM = 1_000
"""No campaign has more naval PM than this; a larger figure is a typing mistake."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "intercept",
        help="the interception roll when only one fleet seeks battle (T3.6)",
        description=(
            "Fleet A seeks battle, fleet B avoids it: 1d6 against both fleets' PM plus the PM "
            "of troops B carries. Caught if the roll is at most that sum (house rule "
            "interception=at_least: at least)."
        ),
    )
    parser.add_argument("fleet_a", type=int, metavar="FLEET_A_PM", help="the fleet seeking battle")
    parser.add_argument("fleet_b", type=int, metavar="FLEET_B_PM", help="the fleet avoiding it")
    parser.add_argument(
        "--carried", type=int, default=0, metavar="PM", help="land PM fleet B carries (default 0)"
    )
    add_dice_options(parser)
    add_rule_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from converters.dice_battle import interception_roll
    from converters.i18n import _

    rules = rules_from_args(args)
    for option, value in (
        ("FLEET_A_PM", args.fleet_a),
        ("FLEET_B_PM", args.fleet_b),
        ("--carried", args.carried),
    ):
        if value < 0 or value > MOST_FLEET_PM:
            raise CliError(
                _("{option}: 0 to {most} PM (got {value})").format(
                    option=option, most=MOST_FLEET_PM, value=value
                )
            )
    if args.fleet_a == 0 or args.fleet_b == 0:
        raise CliError(_("FLEET_A_PM/FLEET_B_PM: each fleet has at least 1 naval PM"))
    if args.carried > args.fleet_b:
        raise CliError(
            _("--carried: each land PM carried needs 1 naval PM (T3.7): at most {most}").format(
                most=args.fleet_b
            )
        )
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
    way = _("at most") if result.reading == "at_most" else _("at least")
    verdict = _("caught: the naval battle is fought") if result.intercepted else _("escapes")
    text = _(
        "T3.6 interception: 1d6 = {roll} against {a} + {b} + {carried} carried = {total} "
        "(caught if {way}){note} → fleet B {verdict}"
    ).format(
        roll=result.roll,
        a=args.fleet_a,
        b=args.fleet_b,
        carried=args.carried,
        total=result.against,
        way=way,
        note=rules.note("interception"),
        verdict=verdict,
    )
    emit(args, data, text)
    return 0
