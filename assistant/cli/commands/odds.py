"""``castra odds``: the exact odds of a dice battle (T3.8) before anyone rolls a die.

A referee deciding whether to offer battle, or how long to hold on, wants the chances of each
ending and the PM each side can expect to keep, given both sides' retreat policies.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from assistant.cli.commands._converters import add_rule_option, rules_from_args, rules_json
from assistant.cli.common import CliError, emit
from converters.i18n import _, current_language

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

MOST_PM = 200
"""The largest side ``odds`` and ``battle`` take, a bound on what may be typed. T3.8's odds
stop sooner, at :data:`converters.odds.MOST_ODDS_DICE`, for every interface alike."""

MOST_EXACT_DICE = 16
"""The largest side ``--exact`` takes, in dice: exact fractions grow fast (16 v 16 ≈ 1 s)."""

__all__ = [
    "MOST_EXACT_DICE",
    "MOST_PM",
    "add_battle_numbers",
    "check_battle_numbers",
    "describe_odds",
    "odds_refusal",
    "register",
]


def add_battle_numbers(parser: argparse.ArgumentParser) -> None:
    """The options ``odds`` and ``battle`` share: both sides' PM, targets and thresholds."""
    parser.add_argument("pm_a", metavar="PM_A", type=int, help=_("side A's PM"))
    parser.add_argument("pm_b", metavar="PM_B", type=int, help=_("side B's PM"))
    parser.add_argument(
        "--a-target",
        type=int,
        default=5,
        metavar="T",
        help=_("face that hits for A, 2–6 (default 5; T3.2 bonuses lower it)"),
    )
    parser.add_argument("--b-target", type=int, default=5, metavar="T", help=_("the same for B"))
    parser.add_argument(
        "--a-retreat-at",
        type=int,
        metavar="K",
        help=_("A retreats when down to K PM or fewer (0: fights to the end)"),
    )
    parser.add_argument("--b-retreat-at", type=int, metavar="K", help=_("the same for B"))
    parser.add_argument(
        "--city",
        action="store_true",
        help=_("B defends a city (T3.5): its PM count double; PM_B 0 is a ½ PM garrison"),
    )
    add_rule_option(parser)


def check_battle_numbers(args: argparse.Namespace) -> None:
    """One line naming the option for anything the rules cannot take (exit 2): the bound on
    what may be typed here, then :func:`converters.odds.check_battle`, the rules' own check."""
    from converters.errors import FieldError
    from converters.odds import check_battle

    for name, option in (("pm_a", "PM_A"), ("pm_b", "PM_B")):
        value = getattr(args, name)
        if value > MOST_PM:
            raise CliError(
                _("{option}: at most {most} PM (got {value})").format(
                    option=option, most=MOST_PM, value=value
                )
            )
    try:
        check_battle(
            args.pm_a,
            args.pm_b,
            args.a_target,
            args.b_target,
            args.a_retreat_at or 0,
            args.b_retreat_at or 0,
            city_defender="b" if args.city else None,
        )
    except FieldError as error:
        raise odds_refusal(error) from None


def odds_refusal(error: Exception) -> CliError:
    """A refusal of the odds or of a dice battle, its field named as the command spells it."""
    from assistant.cli.common import describe

    return CliError(describe(error, {"pm_a": "PM_A", "pm_b": "PM_B", "a": "PM_A", "b": "PM_B"}))


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "odds",
        help=_("exact odds of a dice battle (T3.8)"),
        description=(
            _(
                "Exact probabilities of a dice battle (T3.1–T3.3): A wins, B wins, draw (both "
                "wiped out in the same round), both withdraw; and each side's expected PM left, "
                "pursuit roll included. Computed, not sampled."
            )
        ),
    )
    add_battle_numbers(parser)
    parser.add_argument(
        "--exact",
        action="store_true",
        help=_("also give exact fractions (sides up to {most} dice)").format(most=MOST_EXACT_DICE),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
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
    return _(
        "{a} wins {a_wins}% · {b} wins {b_wins}% · draw {draw}% · both withdraw {withdraw}% · "
        "expected PM left {a} {a_left}, {b} {b_left}"
    ).format(
        a=a_name,
        b=b_name,
        a_wins=fixed(100 * odds.a_wins, 1),
        b_wins=fixed(100 * odds.b_wins, 1),
        draw=fixed(100 * odds.draw, 1),
        withdraw=fixed(100 * odds.both_withdraw, 1),
        a_left=fixed(odds.a_expected_left),
        b_left=fixed(odds.b_expected_left),
    )


def fixed(value: float, decimals: int = 2) -> str:
    """``value`` with exactly ``decimals`` digits after the separator, as the active language
    writes them ("40.00" / "40,00"): the odds' columns keep their width in every language."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="0." + "0" * decimals, locale=current_language())


def _policy(threshold: int | None) -> str:
    if not threshold:
        return _("fights to the end")
    return _("retreats at {pm} PM or fewer").format(pm=threshold)


def run(args: argparse.Namespace) -> int:
    check_battle_numbers(args)
    rules = rules_from_args(args)
    from converters.errors import FieldError
    from converters.odds import battle_odds

    try:
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
    except FieldError as error:
        raise odds_refusal(error) from None
    data: dict[str, Any] = odds_json(odds)
    data["rules"] = rules_json(rules)
    exact_lines: list[str] = []
    if args.exact:
        from converters.odds import dice_of

        _a_dice, b_dice = dice_of(args.pm_a, args.pm_b, city_defender="b" if args.city else None)
        if max(args.pm_a, b_dice) > MOST_EXACT_DICE:
            raise CliError(
                _(
                    "--exact: sides of at most {most} dice (got {a} v {b}); drop --exact for "
                    "the float odds"
                ).format(most=MOST_EXACT_DICE, a=args.pm_a, b=b_dice)
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
        exact_lines = [_("exact:")] + [f"  {name} = {value}" for name, value in exact]

    emit(args, data, lambda: odds_text(args, odds, rules, exact_lines))
    return 0


def odds_text(args: argparse.Namespace, odds: Any, rules: Any, exact_lines: list[str]) -> str:
    """The odds as the reader reads them: made only when shown, not for ``--json`` (Babel
    writes its numbers, which costs ``odds --json`` more than the odds themselves)."""
    from converters.house_rules import pursue_both

    city = " " + _("behind walls (doubled)") if args.city else ""
    rows = (
        (_("A wins"), odds.a_wins, ""),
        (_("B wins"), odds.b_wins, ""),
        (_("draw"), odds.draw, "  " + _("(both wiped out in the same round)")),
        (_("both withdraw"), odds.both_withdraw, ""),
    )
    return "\n".join(
        [
            _("A: {pm} PM, hits on {target}+, {policy}").format(
                pm=args.pm_a, target=args.a_target, policy=_policy(args.a_retreat_at)
            ),
            _("B: {pm} PM{city}, hits on {target}+, {policy}").format(
                pm=args.pm_b, city=city, target=args.b_target, policy=_policy(args.b_retreat_at)
            ),
            *(f"{label:<15}{fixed(100 * ratio):>6}%{after}" for label, ratio, after in rows),
            _("expected PM left: A {a}, B {b}").format(
                a=fixed(odds.a_expected_left), b=fixed(odds.b_expected_left)
            ),
            *(
                [
                    _("expected PM taken prisoner: B {pm} (T3.5)").format(
                        pm=fixed(odds.b_expected_prisoners)
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
