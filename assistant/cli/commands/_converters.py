"""Option parsing the converter commands share: PM figures and a campaign's rate overrides.

Kept free of heavy imports so building the parser stays fast; the converters and armylists
are imported only when a command runs.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from assistant.cli.common import CliError
from converters.i18n import _

if TYPE_CHECKING:
    from fractions import Fraction

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
        message = str(error) if "PM" in str(error) else f"a whole or half PM (got {text!r})"
        raise argparse.ArgumentTypeError(message) from None
    if value > MOST_PM:
        raise argparse.ArgumentTypeError(f"at most {MOST_PM} PM (got {text.strip()!r})")
    return value


def check_not_huge(text: str, option: str) -> None:
    """Refuse a number typed as text beyond :data:`MOST_COUNT`; anything that does not parse
    is left to the rules, which name what is allowed."""
    from converters.rounding import as_fraction

    try:
        value = as_fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return
    if abs(value) > MOST_COUNT:
        raise CliError(f"{option}: at most {MOST_COUNT} (got {text.strip()!r})")


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
            raise CliError(f"--rate: give KEY=N, e.g. fog_points_per_pm=500 (got {item!r})")
        try:
            overrides[key] = int(value)
        except ValueError:
            raise CliError(f"--rate {key}: a whole number (got {value!r})") from None
        if abs(overrides[key]) > MOST_COUNT:
            raise CliError(f"--rate {key}: at most {MOST_COUNT} (got {value.strip()!r})")
    try:
        return load_rates(system, overrides)  # type: ignore[arg-type]
    except ValueError as error:
        raise CliError(f"--rate {error}") from None


def show_pm(value: Any) -> str:
    """``3`` or ``0.5``, as a referee writes PM."""
    from converters.rates import pm_for_json

    return str(pm_for_json(value))
