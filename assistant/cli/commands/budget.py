"""``castra budget``: what each side fields on the table for the PM that meet (docs/rules.md T1)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from armylists.names import army_list_name, nation_key
from assistant.cli.commands._converters import (
    add_rate_option,
    add_rule_option,
    check_half_pm_use,
    pm_value,
    rates_from_args,
    rules_from_args,
    rules_json,
    show_pm,
)
from assistant.cli.common import CliError, emit
from converters.i18n import N_, _, format_number, ngettext

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands
    from converters.budgets import BattleBudget, ContingentStrength, SideBudget
    from converters.rates import ConversionRates

_UNITS = {"fog": N_("points"), "dbm": N_("AP"), "dbmm": N_("AP"), "dba": N_("elements")}


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "budget",
        help=_("campaign PM → FOG points, DBM AP or DBA elements for both sides (T1)"),
        description=(
            _(
                "Turn both sides' PM into table budgets (T1.1–T1.5), scale them under a table cap "
                "(T1.7) and say whether to fight on the table or by dice (T1.8)."
            )
        ),
    )
    add_budget_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """The battle's figures: rules, both sides' PM, nations, allies, cap, T1.8 circumstances,
    rate overrides and house rules (``castra budget`` and ``castra sheet`` take the same)."""
    parser.add_argument("system", choices=("fog", "dbm", "dbmm", "dba"), help=_("the table rules"))
    parser.add_argument("pm_a", type=pm_value, metavar="PM_A", help=_("side A's PM (whole)"))
    parser.add_argument(
        "pm_b",
        type=pm_value,
        metavar="PM_B",
        help=_("side B's PM (0.5 with --city: an empty city)"),
    )
    parser.add_argument(
        "--cap", type=int, metavar="N", help=_("table cap in points/AP/elements (T1.7)")
    )
    parser.add_argument(
        "--nation-a",
        metavar="NAME",
        type=nation_key,
        help=_("side A's nation: names its army list"),
    )
    parser.add_argument(
        "--nation-b",
        metavar="NAME",
        type=nation_key,
        help=_("side B's nation: names its army list"),
    )
    parser.add_argument(
        "--ally-a",
        action="append",
        default=[],
        metavar="[NATION=]PM",
        help=_("an allied contingent on side A with its own budget (T1.5); repeatable"),
    )
    parser.add_argument(
        "--ally-b",
        action="append",
        default=[],
        metavar="[NATION=]PM",
        help=_("an allied contingent on side B (T1.5); repeatable"),
    )
    advice = parser.add_argument_group(_("T1.8 dice-or-table advice"))
    advice.add_argument("--terrain", action="store_true", help=_("special terrain rules apply"))
    advice.add_argument("--city", action="store_true", help=_("the battle is for a city"))
    advice.add_argument("--landing", action="store_true", help=_("the attacker lands from the sea"))
    advice.add_argument(
        "--agree-dice", action="store_true", help=_("the players agree to settle it by dice")
    )
    add_rate_option(parser)
    add_rule_option(parser)


def _contingent(nation: str | None, pm: Any, system: str, field: str) -> ContingentStrength:
    from armylists import army_list
    from converters.budgets import ContingentStrength

    listed: str | None = None
    if nation is not None:
        try:
            ref = army_list(nation, system)  # type: ignore[arg-type]
        except ValueError as error:
            raise CliError(f"{field}: {str(error).removeprefix('nation: ')}") from None
        nation, listed = ref.nation, ref.label
    return ContingentStrength(pm=pm, nation=nation, army_list=listed)


def _allies(items: list[str], system: str, field: str) -> list[ContingentStrength]:
    allies = []
    for item in items:
        nation, sep, figure = item.rpartition("=")
        if sep and not nation.strip():
            raise CliError(
                _("{field}: give NATION=PM or just PM, e.g. Senones=1 (got {item!r})").format(
                    field=field, item=item
                )
            )
        try:
            pm = pm_value(figure)
        except argparse.ArgumentTypeError as error:
            raise CliError(f"{field}: {error}") from None
        _check_fielded(pm, f"{field} {item}")
        check_half_pm_use(pm, f"{field} {item}", garrison=False)
        allies.append(_contingent(nation.strip() if sep else None, pm, system, field))
    return allies


def _check_fielded(pm: Any, field: str) -> None:
    # A contingent that fields nothing is no contingent; an empty city still has ½ PM (T1.4).
    if pm == 0:
        raise CliError(
            _("{field}: more than 0 PM (0.5 for an empty city's garrison, T1.4)").format(
                field=field
            )
        )


def _side_json(side: SideBudget, system: str) -> dict[str, Any]:
    main = side.contingents[0]
    data: dict[str, Any] = {"pm": side.model_dump(mode="json")["pm"], "budget": side.budget}
    if system == "dba":
        data["commands"] = side.commands
    if main.nation is not None:
        data["nation"] = main.nation
    if main.army_list is not None:
        data["list"] = main.army_list
    data["full_budget"] = side.full_budget
    if len(side.contingents) > 1:
        data["contingents"] = [
            c.model_dump(mode="json", exclude={"system"}) for c in side.contingents
        ]
    return data


def _unit_words(system: str, count: int) -> str:
    """The table's unit after a count: "points" (FOG), "AP" (DBM), "elements" (DBA)."""
    if system == "fog":
        return ngettext("point", "points", count)
    if system == "dbm":
        return _("AP")
    return ngettext("element", "elements", count)


def _side_text(name: str, side: SideBudget, system: str) -> list[str]:
    from armylists.names import nation_name

    lines = []
    for number, c in enumerate(side.contingents):
        label = name if number == 0 else " +"
        who = nation_name(c.nation) if c.nation else (_("ally") if number else "")
        budget = f"{c.budget} {_unit_words(system, c.budget)}"
        if c.budget != c.full_budget:
            budget += " " + _("(from {full})").format(full=c.full_budget)
        if c.commands is not None:
            budget += ", " + ngettext("{count} command", "{count} commands", c.commands).format(
                count=c.commands
            )
        listed = (
            "  " + _("list: {name}").format(name=army_list_name(c.army_list)) if c.army_list else ""
        )
        lines.append(
            "{:<3}{:<14}{:>4} {} → {}{}".format(label, who, show_pm(c.pm), _("PM"), budget, listed)
        )
    if len(side.contingents) > 1:
        total = f"{side.budget} {_unit_words(system, side.budget)}"
        lines.append("   {:<14}{:>4} {} → {}".format(_("total"), show_pm(side.pm), _("PM"), total))
    return lines


def _text(result: BattleBudget, ruleset: str, per_pm: int) -> str:
    system = result.system
    lines = [
        _("{ruleset}: {per_pm} {unit} per PM").format(
            ruleset=ruleset, per_pm=per_pm, unit=_unit_words(system, per_pm)
        )
    ]
    lines += _side_text("A", result.a, system)
    lines += _side_text("B", result.b, system)
    if result.cap is not None:
        unit = _unit_words(system, result.cap)
        if result.scale == 1:
            lines.append(
                _("Cap {cap} {unit}: both sides fit, no scaling").format(cap=result.cap, unit=unit)
            )
        else:
            lines.append(
                _(
                    "Cap {cap} {unit}: both sides scaled by {scale} ({decimal}), "
                    "rounded down (T1.7)"
                ).format(
                    cap=result.cap,
                    unit=unit,
                    scale=result.scale,
                    decimal=format_number(round(float(result.scale), 3)),
                )
            )
    if result.resolution == "table":
        lines.append(_("Resolve on the table:"))
    else:
        lines.append(_("Resolve by dice (T3):"))
    from converters.said import render  # pydantic: the budget is worked out already

    lines += [f"  - {render(reason)}" for reason in result.told]
    return "\n".join(lines)


def budget_from_args(args: argparse.Namespace) -> tuple[BattleBudget, ConversionRates]:
    """The battle budget the figures of :func:`add_budget_arguments` ask for, and the rates."""
    from converters.budgets import BattleCircumstances, battle_budget

    rates = rates_from_args(args, args.system)
    rules = rules_from_args(args)
    _check_fielded(args.pm_a, "PM_A")
    _check_fielded(args.pm_b, "PM_B")
    check_half_pm_use(args.pm_a, "PM_A", garrison=False)
    check_half_pm_use(args.pm_b, "PM_B", garrison=args.city)
    if args.cap is not None and args.cap < 1:
        raise CliError(
            _("--cap: a positive number of {units} (got {cap})").format(
                units=_(_UNITS[args.system]), cap=args.cap
            )
        )
    side_a = [_contingent(args.nation_a, args.pm_a, args.system, "--nation-a")]
    side_a += _allies(args.ally_a, args.system, "--ally-a")
    side_b = [_contingent(args.nation_b, args.pm_b, args.system, "--nation-b")]
    side_b += _allies(args.ally_b, args.system, "--ally-b")
    circumstances = BattleCircumstances(
        special_terrain=args.terrain,
        city=args.city,
        landing=args.landing,
        players_agree_dice=args.agree_dice,
    )
    result = battle_budget(
        args.system, side_a, side_b, rates, args.cap, circumstances, rules.small_battle
    )
    return result, rates


def run(args: argparse.Namespace) -> int:
    from armylists import ruleset_name

    result, rates = budget_from_args(args)
    rules = rules_from_args(args)
    data = {
        "system": result.system,
        "a": _side_json(result.a, result.system),
        "b": _side_json(result.b, result.system),
        "cap": result.cap,
        "scale": float(result.scale),
        "resolution": result.resolution,
        "reasons": list(result.reasons),
        "rules": rules_json(rules),
    }
    text = _text(result, ruleset_name(args.system), rates.per_pm(args.system))
    emit(args, data, text)
    return 0
