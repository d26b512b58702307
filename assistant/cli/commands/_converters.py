"""Option parsing the converter commands share: PM figures and a campaign's rate overrides.

Kept free of heavy imports so building the parser stays fast; the converters and armylists
are imported only when a command runs.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from assistant.cli.common import CliError
from converters.i18n import _

if TYPE_CHECKING:
    from converters.house_rules import HouseRules
    from converters.rates import ConversionRates


MOST_PM = 1_000_000
"""The largest PM figure the converter commands take: far beyond any campaign, and small
enough that every figure derived from it prints (Python refuses to print huge integers)."""

MOST_COUNT = 1_000_000
"""The same guard for other figures typed as text (ElEq)."""


def pm_value(text: str) -> Fraction:
    """An argparse type for PM: ``3``, ``0.5`` or ``1/2`` (whole or half, T1.4)."""
    from converters.rates import check_half_pm
    from converters.rounding import as_fraction

    try:
        value = check_half_pm(as_fraction(text.strip()))
    except (ValueError, ZeroDivisionError) as error:
        message = (
            str(error)
            if "PM" in str(error)
            else _("a whole or half PM (got {text!r})").format(text=text)
        )
        raise argparse.ArgumentTypeError(message) from None
    if value > MOST_PM:
        raise argparse.ArgumentTypeError(
            _("at most {most} PM (got {text!r})").format(most=MOST_PM, text=text.strip())
        )
    return value


def check_half_pm_use(value: Fraction, option: str, *, garrison: bool) -> None:
    """T1.4, T3.5: a half PM is only the garrison of an empty city (``garrison``: this figure
    is a city's defender); anywhere else PM are whole. One line naming ``option`` otherwise."""
    if value.denominator == 1:
        return
    if garrison:
        if value != Fraction(1, 2):
            raise CliError(
                _(
                    "{option}: a city's defenders are whole PM, or 0.5 for an empty city (got {pm})"
                ).format(option=option, pm=float(value))
            )
        return
    raise CliError(
        _(
            "{option}: whole PM here; a half PM is only the garrison of an empty city, "
            "on the defending side of a city assault (T1.4, T3.5)"
        ).format(option=option)
    )


def check_not_huge(text: str, option: str) -> None:
    """Refuse a number typed as text beyond :data:`MOST_COUNT`; anything that does not parse
    is left to the rules, which name what is allowed."""
    from converters.rounding import as_fraction

    try:
        value = as_fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return
    if abs(value) > MOST_COUNT:
        raise CliError(
            _("{option}: at most {most} (got {text!r})").format(
                option=option, most=MOST_COUNT, text=text.strip()
            )
        )


def add_rate_option(parser: argparse.ArgumentParser) -> None:
    """``--rate KEY=N`` (repeatable): a campaign's change to a conversion rate."""
    parser.add_argument(
        "--rate",
        action="append",
        default=[],
        metavar="KEY=N",
        help=_("override a conversion rate for this campaign, e.g. fog_points_per_pm=500"),
    )


def rates_from_args(args: argparse.Namespace, system: str | None = None) -> ConversionRates:
    """The shipped rates for ``system`` with the user's ``--rate`` overrides, validated."""
    from armylists import load_rates

    overrides: dict[str, Any] = {}
    for item in args.rate:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(
                _("--rate: give KEY=N, e.g. fog_points_per_pm=500 (got {item!r})").format(item=item)
            )
        try:
            overrides[key] = int(value)
        except ValueError:
            raise CliError(
                _("--rate {key}: a whole number (got {value!r})").format(key=key, value=value)
            ) from None
        if abs(overrides[key]) > MOST_COUNT:
            raise CliError(
                _("--rate {key}: at most {most} (got {value!r})").format(
                    key=key, most=MOST_COUNT, value=value.strip()
                )
            )
    try:
        rates = load_rates(system, overrides)  # type: ignore[arg-type]
    except ValueError as error:
        raise CliError(f"--rate {error}") from None
    # The configurable numbers are house rules too (docs/rules.md H): ``--rule NAME=N``.
    return rules_from_args(args).rates(rates) if getattr(args, "rule", None) else rates


def add_rule_option(parser: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE`` (repeatable): a house rule of docs/rules.md H for this command."""
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_(
            "a house rule (docs/rules.md H), e.g. both_retreat=both_pursued; `castra campaign "
            "rules` lists them"
        ),
    )


def rules_from_args(args: argparse.Namespace, base: HouseRules | None = None) -> HouseRules:
    """The house rules the command runs with: ``base`` (the defaults, or a script's) with the
    user's ``--rule`` items; an unknown name or value is one line listing the valid ones."""
    from converters.house_rules import DEFAULT_RULES, parse_rule_items

    try:
        return parse_rule_items(getattr(args, "rule", []), base or DEFAULT_RULES)
    except ValueError as error:
        raise CliError(f"--{error}") from None


def rules_json(rules: HouseRules) -> dict[str, Any]:
    """The options and numbers that differ from the defaults, as ``--json`` shows them."""
    return rules.changed()


def show_pm(value: Any) -> str:
    """``3`` or ``0.5``, as a referee writes PM."""
    from converters.rates import pm_for_json

    return str(pm_for_json(value))
