"""``castra odds``: the exact odds of a dice battle (T3.8) before anyone rolls a die.

A referee deciding whether to offer battle, or how long to hold on, wants the chances of each
ending and the PM each side can expect to keep, given both sides' retreat policies.
"""

from __future__ import annotations

import argparse
from typing import Any

from assistant.cli.commands._converters import add_rule_option, rules_from_args, rules_json
from assistant.cli.common import CliError, emit

MOST_PM = 200
"""The largest side the commands take: the exact odds grow as PM³ (200 v 200 ≈ 2 s)."""

MOST_EXACT_DICE = 16
"""The largest side ``--exact`` takes, in dice: exact fractions grow fast (16 v 16 ≈ 1 s)."""

__all__ = [
    "MOST_EXACT_DICE",
    "MOST_PM",
    "add_battle_numbers",
    "check_battle_numbers",
    "describe_odds",
    "register",
]


def add_battle_numbers(parser: argparse.ArgumentParser) -> None:
    """The options ``odds`` and ``battle`` share: both sides' PM, targets and thresholds."""
    parser.add_argument("pm_a", metavar="PM_A", type=int, help="side A's PM")
    parser.add_argument("pm_b", metavar="PM_B", type=int, help="side B's PM")
    parser.add_argument(
        "--a-target",
        type=int,
        default=5,
        metavar="T",
        help="face that hits for A, 2–6 (default 5; T3.2 bonuses lower it)",
    )
    parser.add_argument("--b-target", type=int, default=5, metavar="T", help="the same for B")
    parser.add_argument(
        "--a-retreat-at",
        type=int,
        metavar="K",
        help="A retreats when down to K PM or fewer (0: fights to the end)",
    )
    parser.add_argument("--b-retreat-at", type=int, metavar="K", help="the same for B")
    parser.add_argument(
        "--city",
        action="store_true",
        help="B defends a city (T3.5): its PM count double; PM_B 0 is a ½ PM garrison",
    )
    add_rule_option(parser)


def check_battle_numbers(args: argparse.Namespace) -> None:
    """One line naming the option for anything the rules cannot take (exit 2)."""
    for name, option in (("pm_a", "PM_A"), ("pm_b", "PM_B")):
        value = getattr(args, name)
        if value < 0:
            raise CliError(f"{option}: PM cannot be negative (got {value})")
        if value > MOST_PM:
            raise CliError(
                f"{option}: at most {MOST_PM} PM (the exact odds take seconds beyond that; "
                f"got {value})"
            )
    if args.pm_a == 0:
        raise CliError("PM_A: a side needs at least 1 PM")
    if args.pm_b == 0 and not args.city:
        raise CliError("PM_B: a side needs at least 1 PM (0 only with --city: a ½ PM garrison)")
    for name in ("a_target", "b_target"):
        value = getattr(args, name)
        if value is not None and not 2 <= value <= 6:
            raise CliError(f"--{name.replace('_', '-')}: a d6 target is 2 to 6 (got {value})")
    for name in ("a_retreat_at", "b_retreat_at"):
        value = getattr(args, name)
        if value is not None and value < 0:
            raise CliError(
                f"--{name.replace('_', '-')}: a retreat threshold is 0 or more (got {value})"
            )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact odds of a dice battle (T3.8)",
        description=(
            "Exact probabilities of a dice battle (T3.1–T3.3): A wins, B wins, draw (both wiped "
            "out in the same round), both withdraw; and each side's expected PM left, pursuit "
            "roll included. Computed, not sampled."
        ),
    )
    add_battle_numbers(parser)
    parser.add_argument(
        "--exact",
        action="store_true",
        help=f"also give exact fractions (sides up to {MOST_EXACT_DICE} dice)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def odds_json(odds: Any) -> dict[str, float]:
    """The figures, as ``--json`` prints them (prisoners: a beaten city defender, T3.5)."""
    return {
        "a_wins": odds.a_wins,
        "b_wins": odds.b_wins,
        "draw": odds.draw,
        "both_withdraw": odds.both_withdraw,
        "a_expected_left": odds.a_expected_left,
        "b_expected_left": odds.b_expected_left,
        "a_expected_prisoners": odds.a_expected_prisoners,
        "b_expected_prisoners": odds.b_expected_prisoners,
    }


def describe_odds(odds: Any, a_name: str = "A", b_name: str = "B") -> str:
    """One line of percentages and expected PM left."""
    return (
        f"{a_name} wins {100 * odds.a_wins:.1f}% · {b_name} wins {100 * odds.b_wins:.1f}% · "
        f"draw {100 * odds.draw:.1f}% · both withdraw {100 * odds.both_withdraw:.1f}% · "
        f"expected PM left {a_name} {odds.a_expected_left:.2f}, {b_name} "
        f"{odds.b_expected_left:.2f}"
    )


def _policy(threshold: int | None) -> str:
    return "fights to the end" if not threshold else f"retreats at {threshold} PM or fewer"


def run(args: argparse.Namespace) -> int:
    check_battle_numbers(args)
    rules = rules_from_args(args)
    from converters.house_rules import pursue_both
    from converters.i18n import _
    from converters.odds import battle_odds

    odds = battle_odds(
        args.pm_a,
        args.pm_b,
        args.a_target,
        args.b_target,
        args.a_retreat_at or 0,
        args.b_retreat_at or 0,
        city_defender="b" if args.city else None,
        both_retreat=rules.both_retreat,
    )
    data: dict[str, Any] = odds_json(odds)
    data["rules"] = rules_json(rules)
    exact_lines: list[str] = []
    if args.exact:
        b_dice = (2 * args.pm_b or 1) if args.city else args.pm_b
        if max(args.pm_a, b_dice) > MOST_EXACT_DICE:
            raise CliError(
                f"--exact: sides of at most {MOST_EXACT_DICE} dice "
                f"(got {args.pm_a} v {b_dice}); drop --exact for the float odds"
            )
        from converters.odds import exact_battle_odds

        exact = exact_battle_odds(
            args.pm_a,
            args.pm_b,
            args.a_target,
            args.b_target,
            args.a_retreat_at or 0,
            args.b_retreat_at or 0,
            city_defender="b" if args.city else None,
            both_retreat=rules.both_retreat,
        )
        data["exact"] = {name: str(value) for name, value in exact}
        exact_lines = ["exact:"] + [f"  {name} = {value}" for name, value in exact]
    city = " behind walls (doubled)" if args.city else ""
    text = "\n".join(
        [
            f"A: {args.pm_a} PM, hits on {args.a_target}+, {_policy(args.a_retreat_at)}",
            f"B: {args.pm_b} PM{city}, hits on {args.b_target}+, {_policy(args.b_retreat_at)}",
            f"A wins         {100 * odds.a_wins:6.2f}%",
            f"B wins         {100 * odds.b_wins:6.2f}%",
            f"draw           {100 * odds.draw:6.2f}%  (both wiped out in the same round)",
            f"both withdraw  {100 * odds.both_withdraw:6.2f}%",
            f"expected PM left: A {odds.a_expected_left:.2f}, B {odds.b_expected_left:.2f}",
            *(
                [
                    _("expected PM taken prisoner: B {pm:.2f} (T3.5)").format(
                        pm=odds.b_expected_prisoners
                    )
                ]
                if args.city
                else []
            ),
            *(
                [
                    _("both withdraw: each side suffers a pursuit roll{note}").format(
                        note=rules.note("both_retreat")
                    )
                ]
                if pursue_both(rules)
                else []
            ),
            *exact_lines,
        ]
    )
    emit(args, data, text)
    return 0
