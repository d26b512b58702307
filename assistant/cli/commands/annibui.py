"""``castra annibui``: the ANNI BUI referee's sums (docs/rules.md section A) on the command line.

A play-by-mail referee answers each player's mail with costs, volleys, melees, discipline
checks and income; these sub-commands do those sums from what the mail says. Groups of units
are written the way a creation order reads: ``COUNT:TYPE[:INCREMENTS]``, e.g.
``5:spadaccini:ACF+1,RES+2``.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from assistant.cli.common import CliError, describe, emit
from converters.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

# Converter messages start with their own field name; the user typed an option.
_OPTION_FOR_FIELD = {
    "increments": "--unit",
    "unit": "--unit",
    "ability": "--unit",
    "buildings": "--building",
    "building": "--building",
    "treasury": "--treasury",
    "shooters": "--shooters",
    "engines": "--shooters",
    "targets": "--targets",
    "attackers": "--attackers",
    "defenders": "--defenders",
    "distance": "--distance",
    "units": "--units",
    "lost": "--lost",
    "dis": "--dis",
    "captain": "--captain",
    "cities": "--cities",
    "capitals": "--capitals",
    "killed": "--killed",
    "fled": "--fled",
    "players": "--players",
}


def _as_cli_error(error: ValueError, option: str | None = None) -> CliError:
    message = str(error)
    field, _colon, rest = message.partition(": ")
    flag = option or _OPTION_FOR_FIELD.get(field)
    if flag and rest:
        return CliError(f"{flag}: {rest}")
    return CliError(message)


def _whole(minimum: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("a whole number (got {text!r})").format(text=text)
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                _("at least {minimum} (got {value})").format(minimum=minimum, value=value)
            )
        return value

    return parse


def _parse_increments(text: str, option: str, *, building: bool = False) -> dict[Any, int]:
    """``"ACF+1,RES+2"`` → ``{"acf": 1, "res": 2}``; for a building only RES, ATT and DIS."""
    from converters.annibui import parse_increments

    try:
        return parse_increments(text, option, building=building)
    except ValueError as error:
        raise CliError(describe(error)) from None


MOST_UNITS = 999_999
"""The longest count a creation order's line is read with (six digits)."""


def _split_spec(text: str, option: str, what: str) -> tuple[int, str, str]:
    """``"5:spadaccini:ACF+1"`` → ``(5, "spadaccini", "ACF+1")``; the count may be left out."""
    parts = [part.strip() for part in text.split(":")]
    count = 1
    # Only ASCII digits are a count ("²" is a digit to str.isdigit, not to int); a count too
    # long to be one is refused before int() meets Python's 4,300-digit limit.
    if parts and parts[0].isascii() and parts[0].isdigit():
        if len(parts[0]) > len(str(MOST_UNITS)):
            raise CliError(
                _("{option}: the count is at most {most}").format(option=option, most=MOST_UNITS)
            )
        count = int(parts.pop(0))
    if not parts or not parts[0] or len(parts) > 2:
        raise CliError(
            _(
                "{option}: write COUNT:{what}[:INCREMENTS], e.g. 5:spadaccini:ACF+1 (got {text!r})"
            ).format(option=option, what=what, text=text)
        )
    if count < 1:
        raise CliError(
            _("{option}: the count is at least 1 (got {text!r})").format(option=option, text=text)
        )
    return count, parts[0], parts[1] if len(parts) == 2 else ""


def _unit_with_increments(text: str, option: str) -> tuple[Any, int, dict[str, int]]:
    from armylists.annibui import unit_type

    count, name, increments_text = _split_spec(text, option, "TYPE")
    try:
        unit = unit_type(name)
    except ValueError as error:
        raise _as_cli_error(error, option) from None
    return unit, count, _parse_increments(increments_text, option)


def _troops(specs: list[str], option: str) -> list[Any]:
    from converters.annibui import Troop

    troops = []
    for spec in specs:
        unit, count, increments = _unit_with_increments(spec, option)
        try:
            troops.append(Troop(unit=unit.with_increments(increments), count=count))
        except ValueError as error:
            raise _as_cli_error(error, option) from None
    return troops


def _ability_heading(name: str) -> str:
    return name.upper().replace("_", " ")


def _stat(value: int | None) -> str:
    return "-" if value is None else str(value)


# -- units ------------------------------------------------------------------------------------


def _units(args: argparse.Namespace) -> int:
    from armylists.annibui import buildings, unit_types
    from converters.annibui import ABILITIES, UNIT_CLASS_NAMES

    units = unit_types()
    works = buildings()
    heading = "{:<14}{:<10}".format(_("unit"), _("class")) + "".join(
        f"{_ability_heading(a):>6}" for a in ABILITIES
    )
    lines = [
        _("ANNI BUI units (A1; '-' = the unit has no such ability)"),
        heading + "{:>6}".format(_("COST")),
    ]
    for unit in units:
        values = "".join(f"{_stat(unit.ability(a)):>6}" for a in ABILITIES)
        unit_class = _(UNIT_CLASS_NAMES[unit.unit_class])
        lines.append(f"{unit.name:<14}{unit_class:<10}{values}{unit.cost:>6}")
    lines += [
        "",
        _("Buildings (DIS = attack distance)"),
        "{:<16}   RES   ATT   DIS{:>6}".format(_("building"), _("COST")),
    ]
    for work in works:
        lines.append(
            f"{work.name:<16}{work.res:>6}{_stat(work.att):>6}{_stat(work.dis):>6}{work.cost:>6}"
        )
    data = {
        "rule": "A1",
        "units": [unit.model_dump(mode="json") for unit in units],
        "buildings": [work.model_dump(mode="json") for work in works],
    }
    emit(args, data, "\n".join(lines))
    return 0


# -- cost -------------------------------------------------------------------------------------


def _cost(args: argparse.Namespace) -> int:
    from armylists.annibui import building, rates
    from converters.annibui import BuildingOrder, UnitOrder, army_budget, budget_lines

    if not args.unit and not args.building:
        raise CliError(_("--unit: give at least one --unit or --building to price"))
    unit_orders = []
    for spec in args.unit or []:
        unit, count, increments = _unit_with_increments(spec, "--unit")
        unit_orders.append(UnitOrder(unit=unit, count=count, increments=increments))
    building_orders = []
    for spec in args.building or []:
        count, name, increments_text = _split_spec(spec, "--building", "BUILDING")
        try:
            work = building(name)
        except ValueError as error:
            raise _as_cli_error(error, "--building") from None
        increments = _parse_increments(increments_text, "--building", building=True)
        building_orders.append(BuildingOrder(building=work, count=count, **increments))
    army = _parse_increments(args.army_increments or "", "--army-increments")
    try:
        budget = army_budget(
            unit_orders,
            building_orders,
            army_increments=army if args.army_increments is not None else None,
            treasury=args.treasury,
            rates=rates(),
        )
    except ValueError as error:
        raise _as_cli_error(error) from None
    emit(args, budget.model_dump(mode="json"), "\n".join(budget_lines(budget)))
    return 0


# -- fire and melee ---------------------------------------------------------------------------


def _fire(args: argparse.Namespace) -> int:
    from armylists.annibui import rates
    from converters.annibui import casualty_lines, engine_fire, ranged_fire

    shooters = _troops(args.shooters, "--shooters")
    targets = _troops(args.targets, "--targets")
    kinds = {troop.unit.fire for troop in shooters}
    try:
        if kinds == {"engine"}:
            if args.walls:
                raise CliError(_("--walls: only ranged shooters (archers …) get the wall bonus"))
            result = engine_fire(shooters, targets, distance=args.distance)
        elif kinds == {"ranged"} or None in kinds:
            result = ranged_fire(
                shooters, targets, on_walls=args.walls, distance=args.distance, rates=rates()
            )
        else:
            raise CliError(
                _(
                    "--shooters: ranged units and engines shoot with different sums (A2); "
                    "give them in two separate commands"
                )
            )
    except ValueError as error:
        raise _as_cli_error(error) from None
    hits = ngettext("{hits} hit", "{hits} hits", result.hits).format(hits=result.hits)
    if result.kind == "ranged":
        line = _(
            "ranged fire (A2): AB × shooters {attack} − DB × targets {defence} = {hits}"
        ).format(attack=result.attack, defence=result.defence, hits=hits)
    else:
        line = _("engine fire (A2): AB × engines {attack} = {hits}").format(
            attack=result.attack, hits=hits
        )
    lines = [line]
    if result.out_of_range:
        lines.append(
            "  "
            + _("out of range, not shooting: {units}").format(units=", ".join(result.out_of_range))
        )
    lines += casualty_lines(result)
    emit(args, result.model_dump(mode="json"), "\n".join(lines))
    return 0


def _melee(args: argparse.Namespace) -> int:
    from converters.annibui import casualty_lines, melee

    attackers = _troops(args.attackers, "--attackers")
    defenders = _troops(args.defenders, "--defenders")
    try:
        result = melee(attackers, defenders, versus=args.versus, counterattack=args.counterattack)
    except ValueError as error:
        raise _as_cli_error(error) from None
    value = "ACC" if result.versus == "cavalry" else "ACF"
    against = (
        _("melee (A3) against cavalry")
        if result.versus == "cavalry"
        else _("melee (A3) against foot")
    )
    hits = ngettext("{hits} hit", "{hits} hits", result.hits).format(hits=result.hits)
    lines = [
        f"{against}: Σ {value} {result.attack} − Σ RES {result.defence} = {hits}",
        *casualty_lines(result),
    ]
    emit(args, result.model_dump(mode="json"), "\n".join(lines))
    return 0


# -- discipline, income, maps -----------------------------------------------------------------


def _discipline(args: argparse.Namespace) -> int:
    from armylists.annibui import rates
    from converters.annibui import discipline_check, discipline_lines

    try:
        check = discipline_check(
            args.units,
            args.lost,
            args.dis,
            captain=args.captain,
            withdrawal=args.withdrawal,
            rates=rates(),
        )
    except ValueError as error:
        raise _as_cli_error(error) from None
    emit(args, check.model_dump(mode="json"), "\n".join(discipline_lines(check)))
    return 0


def _income(args: argparse.Namespace) -> int:
    from armylists.annibui import rates
    from converters.annibui import turn_income

    income = turn_income(
        cities=args.cities,
        capitals=args.capitals,
        killed=args.killed,
        fled=args.fled,
        rates=rates(),
    )
    lines = [
        "{:<10}{:>4} → {:>6}".format(_("cities"), income.cities, income.from_cities),
        "{:<10}{:>4} → {:>6}".format(_("capitals"), income.capitals, income.from_capitals),
        "{:<10}{:>4} → {:>6}".format(_("killed"), income.killed, income.from_killed),
        "{:<10}{:>4} → {:>6}".format(_("fled"), income.fled, income.from_fled),
        _("income this turn (A5): {total}").format(total=income.total),
    ]
    emit(args, income.model_dump(mode="json"), "\n".join(lines))
    return 0


def _map(args: argparse.Namespace) -> int:
    from armylists.annibui import rates
    from converters.annibui import battle_map, world_map_side

    if args.players is None and args.units is None:
        raise CliError(_("--players: give --players N (world map) and/or --units M (battle map)"))
    current = rates()
    data: dict[str, Any] = {"rule": "A5"}
    lines = []
    try:
        if args.players is not None:
            side = world_map_side(args.players, current)
            data["world"] = {"players": args.players, "side": side, "squares": side * side}
            lines.append(
                _("world map for {players} players: {side} × {side} = {squares}").format(
                    players=args.players, side=side, squares=side * side
                )
            )
        if args.units is not None:
            battle = battle_map(args.units, current)
            data["battle"] = battle.model_dump(mode="json")
            lines.append(
                _(
                    "battle map for {units} units in contact: {side} × {side}, "
                    "deployment square {deployment} × {deployment}, "
                    "{battle_units} battle units deployed"
                ).format(
                    units=battle.units,
                    side=battle.side,
                    deployment=battle.deployment_side,
                    battle_units=battle.battle_units,
                )
            )
    except ValueError as error:
        raise _as_cli_error(error) from None
    emit(args, data, "\n".join(lines))
    return 0


# -- registration -----------------------------------------------------------------------------

_GROUP_HELP = N_("COUNT:TYPE[:INCREMENTS], e.g. 5:arcieri or 3:cav-pes:ACF+1 (repeatable)")


def register(subparsers: Subcommands) -> None:
    """Add ``castra annibui`` and its sub-commands."""
    parser = subparsers.add_parser(
        "annibui",
        help=_("ANNI BUI referee: unit roster, costs, fire, melee, discipline, income"),
        description=_("The ANNI BUI play-by-mail referee's sums (docs/rules.md section A)."),
    )
    commands = parser.add_subparsers(dest="annibui_command", metavar="COMMAND", required=True)

    def command(name: str, help_text: str, handler: Any) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--json", action="store_true", help=_("print one JSON object"))
        sub.set_defaults(handler=handler)
        return sub

    command(
        "units", _("the unit roster and buildings table with base stats and costs (A1)"), _units
    )

    cost = command("cost", _("price a creation order; refuse it as the referee must (A1)"), _cost)
    cost.add_argument(
        "--unit",
        action="append",
        metavar="SPEC",
        help=_("units to create: COUNT:TYPE[:ABILITY+N,...], e.g. 5:spadaccini:ACF+1,RES+2"),
    )
    cost.add_argument(
        "--building",
        action="append",
        metavar="SPEC",
        help=_("buildings: [COUNT:]NAME[:RES+N,ATT+N,DIS+N], e.g. torre:RES+5"),
    )
    cost.add_argument(
        "--army-increments",
        metavar="INCREMENTS",
        help=_("the units join this existing army's increments, e.g. ACF+1,RES+2 ('' for none)"),
    )
    cost.add_argument("--treasury", type=_whole(0), metavar="MONEY", help=_("money available"))

    fire = command("fire", _("ranged or engine fire: hits and kills (A2)"), _fire)
    fire.add_argument(
        "--shooters", action="append", required=True, metavar="SPEC", help=_(_GROUP_HELP)
    )
    fire.add_argument(
        "--targets",
        action="append",
        required=True,
        metavar="SPEC",
        help=_("the target group, front line first; {spec}").format(spec=_(_GROUP_HELP)),
    )
    fire.add_argument(
        "--walls", action="store_true", help=_("the shooters stand on walls (+1 AB, +1 TB)")
    )
    fire.add_argument(
        "--distance",
        type=_whole(1),
        metavar="SQUARES",
        help=_("squares to the target (range check)"),
    )

    fight = command("melee", _("melee after crossing paths: hits and kills (A3)"), _melee)
    fight.add_argument(
        "--attackers", action="append", required=True, metavar="SPEC", help=_(_GROUP_HELP)
    )
    fight.add_argument(
        "--defenders",
        action="append",
        required=True,
        metavar="SPEC",
        help=_("the defending group, front line first; {spec}").format(spec=_(_GROUP_HELP)),
    )
    fight.add_argument(
        "--versus",
        choices=("foot", "cavalry"),
        help=_("count ACF (foot) or ACC (cavalry); default: by the defenders' front line"),
    )
    fight.add_argument(
        "--counterattack",
        action="store_true",
        help=_("the defenders are gliders that dived on the attackers last turn"),
    )

    discipline = command(
        "discipline", _("does an army that took losses hold or flee? (A4)"), _discipline
    )
    discipline.add_argument(
        "--units", type=_whole(1), required=True, help=_("units before the losses")
    )
    discipline.add_argument("--lost", type=_whole(0), required=True, help=_("units lost"))
    discipline.add_argument("--dis", type=_whole(0), required=True, help=_("the army's DIS"))
    discipline.add_argument(
        "--captain", action="store_true", help=_("the captain is with the army (+1)")
    )
    discipline.add_argument(
        "--withdrawal",
        choices=("none", "army", "captain"),
        default="none",
        help=_("voluntary withdrawal: part of the army (−1 DIS) or with the captain (−2)"),
    )

    income = command("income", _("a player's money for the turn (A5)"), _income)
    income.add_argument(
        "--cities", type=_whole(0), default=0, help=_("cities held, not the capital")
    )
    income.add_argument(
        "--capitals", type=_whole(0), default=1, help=_("capitals held (default 1)")
    )
    income.add_argument("--killed", type=_whole(0), default=0, help=_("enemy units killed"))
    income.add_argument("--fled", type=_whole(0), default=0, help=_("enemy units that fled"))

    maps = command("map", _("world and battle map sizes (A5)"), _map)
    maps.add_argument("--players", type=_whole(1), help=_("players in the game"))
    maps.add_argument("--units", type=_whole(2), help=_("world-map units in contact, both sides"))
