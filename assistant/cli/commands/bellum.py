"""``castra bellum``: the Bellum scoreboard (docs/rules.md section B) on the command line.

The game master of a Bellum game keeps a table of the supply centres each power held at the
end of each year; ``standings`` ranks the powers from it (victory at 30, the year-20 ranking
and its tie-break), and ``powers`` shows the 13 powers and Rome's faction choice.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from assistant.cli.common import CliError, emit, read_json_file
from converters.i18n import _, ngettext

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands
    from converters.bellum import Standings


def _read_table(path: str) -> dict[str, Any]:
    """The centres file: ``{"Rome": [3, 4, …], …}`` or ``{"centres": {…}}``, year 1 first."""
    data = read_json_file(path, "FILE")
    if isinstance(data, dict) and isinstance(data.get("centres"), dict):
        data = data["centres"]
    if not isinstance(data, dict):
        raise CliError(
            _("FILE: {path} must hold an object of centres per year, e.g. {example}").format(
                path=path, example='{"Rome": [3, 4, 6]}'
            )
        )
    return data


def _window_heading(window: str) -> str:
    """A tie-break column's heading: "last 5 years" → "5 years", "all years" as it is (B2)."""
    years = window.removeprefix("last ").removesuffix(" years")
    if years.isdigit():
        return ngettext("{years} year", "{years} years", int(years)).format(years=years)
    return _(window)  # "all years": B2's own words


def standings_table(result: Standings) -> list[str]:
    """B2's table: a heading, then rank, power, centres, each tie-break sum and what decided
    the place (``castra bellum standings`` and ``castra campaign show`` print the same)."""
    windows = list(result.rows[0].sums) if result.rows else []
    # Each sum as wide as its heading in the reader's words ("tutti gli anni"), 10 at least.
    widths = {w: max(10, len(_window_heading(w)) + 1) for w in windows}
    heading = "{:>4}  {:<13}{:>8}".format(_("rank"), _("power"), _("centres")) + "".join(
        f"{_window_heading(w):>{widths[w]}}" for w in windows
    )
    from converters.said import render  # pydantic: the standings are made already
    from converters.wording import shown_nation

    lines = [heading + "  " + _("decided by")]
    for row in result.rows:
        sums = "".join(f"{row.sums[w]:>{widths[w]}}" for w in windows)
        note = "" if row.survived else " " + _("(eliminated)")
        decided = render(row.decided)
        power = shown_nation(row.power)
        lines.append(f"{row.rank:>4}  {power:<13}{row.centres:>8}{sums}  {decided}{note}")
    return lines


def _standings(args: argparse.Namespace) -> int:
    from armylists.bellum import power, power_names, rules
    from converters.bellum import standings, victory_said
    from converters.said import render

    table: dict[str, Any] = {}
    for name, row in _read_table(args.file).items():
        try:
            canonical = power(name).name
        except ValueError:
            raise CliError(
                _("FILE: unknown power {name!r}; the powers are {powers}").format(
                    name=name, powers=", ".join(power_names())
                )
            ) from None
        if canonical in table:
            raise CliError(
                _("FILE: {power} appears twice (as {name!r} too)").format(
                    power=canonical, name=name
                )
            )
        table[canonical] = row
    sovereign = None
    if args.sovereign is not None:
        try:
            sovereign = power(args.sovereign).name
        except ValueError as error:
            raise CliError(f"--sovereign: {str(error).removeprefix('power: ')}") from None
    try:
        result = standings(table, rules(), powers=power_names(), sovereign=sovereign)
    except ValueError as error:
        message = str(error)
        if message.startswith("sovereign: "):
            raise CliError(f"--{message}") from None
        raise CliError(f"FILE: {message.removeprefix('centres: ')}") from None
    lines = []
    if result.victory is not None:
        lines.append(render(victory_said(result.victory)))
    elif result.status == "ended":
        lines.append(
            _("year {year} played: the game is over, final ranking (B2)").format(year=result.years)
        )
    else:
        lines.append(
            _("after year {year}: the game goes on; ranking so far (B2)").format(year=result.years)
        )
    lines += standings_table(result)
    from converters.wording import shown_nation

    for group in result.draws:
        powers = ", ".join(shown_nation(power) for power in group)
        lines.append(_("draw: {powers} are level through every tie-break").format(powers=powers))
    emit(args, result.model_dump(mode="json"), "\n".join(lines))
    return 0


def _powers(args: argparse.Namespace) -> int:
    from armylists.bellum import faction_name, powers, rome_factions, rome_start, rules

    data: dict[str, Any] = {
        "rule": "B1",
        "rules": rules().model_dump(mode="json"),
        "powers": [p.model_dump(mode="json") for p in powers()],
        "rome_factions": [f.model_dump(mode="json") for f in rome_factions()],
    }
    lines = ["{:<14}{:<15}{}".format(_("power"), _("Italian"), _("capital"))]
    lines += [f"{p.name:<14}{p.italian:<15}{p.capital}" for p in powers()]
    if args.faction is not None:
        try:
            setup = rome_start(args.faction)
        except ValueError as error:
            raise CliError(f"--faction: {str(error).removeprefix('faction: ')}") from None
        data["rome_setup"] = setup.model_dump(mode="json")
        lines += [
            "",
            _("Rome chooses the {faction} (B3):").format(faction=faction_name(setup.faction)),
            "  " + _("start centres: {centres}").format(centres=", ".join(setup.start_centres)),
            "  " + _("start units: {units}").format(units=", ".join(setup.start_units)),
            "  " + _("Rome builds in: {centres}").format(centres=", ".join(setup.build_centres)),
            "  "
            + _("neutral, Rome-only builds: {centres}").format(
                centres=", ".join(setup.neutral_leader_centres)
            ),
            "  "
            + _("deleted from the map: {centres}").format(centres=", ".join(setup.deleted_centres)),
        ]
    else:
        lines += ["", _("Rome's factions (B3, choose with --faction):")]
        lines += [
            f"  {_faction_label(f.name):<7} {f.leader_unit} {f.leader_centre} / "
            f"{f.second_unit} {f.second_centre}"
            for f in rome_factions()
        ]
    emit(args, data, "\n".join(lines))
    return 0


def register(subparsers: Subcommands) -> None:
    """Add ``castra bellum`` and its sub-commands."""
    parser = subparsers.add_parser(
        "bellum",
        help=_("Bellum (13-power Diplomacy variant): standings and Rome's factions"),
        description=_("The Bellum scoreboard (docs/rules.md section B)."),
    )
    commands = parser.add_subparsers(dest="bellum_command", metavar="COMMAND", required=True)

    ranking = commands.add_parser(
        "standings",
        help=_("rank the powers from a JSON file of centres held at the end of each year (B1, B2)"),
        description=(
            _(
                "Rank the powers from FILE, a JSON object of centres held at the end of each year, "
                'year 1 first: {"Rome": [3, 4, 6], "Carthage": [4, 5, 5], ...}. Powers in English '
                "or Italian."
            )
        ),
    )
    ranking.add_argument("file", metavar="FILE", help=_("JSON file of centres per power per year"))
    ranking.add_argument(
        "--sovereign",
        metavar="POWER",
        help=_(
            "every surviving player proclaimed POWER sovereign at the end of the last year (B1)"
        ),
    )
    ranking.add_argument("--json", action="store_true", help=_("print one JSON object"))
    ranking.set_defaults(handler=_standings)

    roster = commands.add_parser(
        "powers",
        help=_("the 13 powers, their capitals and Rome's faction choice (B1, B3)"),
        description=_("The 13 powers, their capitals and Rome's faction choice (B1, B3)."),
    )
    roster.add_argument(
        "--faction",
        metavar="NAME",
        help=_("show Rome's start with this faction: Bruti, Scipii, Julii"),
    )
    roster.add_argument("--json", action="store_true", help=_("print one JSON object"))
    roster.set_defaults(handler=_powers)


def _faction_label(name: str) -> str:
    """The key ``--faction`` takes, with the seed's Italian name beside it in Italian
    ("scipii = Famiglia Scipi", B3)."""
    from armylists.bellum import faction_name

    shown = faction_name(name)
    return name if shown == name else f"{name.lower()} = {shown}"
