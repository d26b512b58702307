"""``castra bellum``: the Bellum scoreboard (docs/rules.md section B) on the command line.

The game master of a Bellum game keeps a table of the supply centres each power held at the
end of each year; ``standings`` ranks the powers from it (victory at 30, the year-20 ranking
and its tie-break), and ``powers`` shows the 13 powers and Rome's faction choice.
"""

from __future__ import annotations

import argparse
from typing import Any

from assistant.cli.common import CliError, emit, read_json_file


def _read_table(path: str) -> dict[str, Any]:
    """The centres file: ``{"Rome": [3, 4, …], …}`` or ``{"centres": {…}}``, year 1 first."""
    data = read_json_file(path, "FILE")
    if isinstance(data, dict) and isinstance(data.get("centres"), dict):
        data = data["centres"]
    if not isinstance(data, dict):
        raise CliError(
            f'FILE: {path} must hold an object of centres per year, e.g. {{"Rome": [3, 4, 6]}}'
        )
    return data


def _standings(args: argparse.Namespace) -> int:
    from armylists.bellum import power, power_names, rules
    from converters.bellum import standings, victory_text

    table: dict[str, Any] = {}
    for name, row in _read_table(args.file).items():
        try:
            canonical = power(name).name
        except ValueError:
            raise CliError(
                f"FILE: unknown power {name!r}; the powers are {', '.join(power_names())}"
            ) from None
        if canonical in table:
            raise CliError(f"FILE: {canonical} appears twice (as {name!r} too)")
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
        lines.append(victory_text(result.victory))
    elif result.status == "ended":
        lines.append(f"year {result.years} played: the game is over, final ranking (B2)")
    else:
        lines.append(f"after year {result.years}: the game goes on; ranking so far (B2)")
    windows = list(result.rows[0].sums) if result.rows else []
    heading = f"{'rank':>4}  {'power':<13}{'centres':>8}" + "".join(
        f"{w.removeprefix('last '):>10}" for w in windows
    )
    lines.append(heading + "  decided by")
    for row in result.rows:
        sums = "".join(f"{row.sums[w]:>10}" for w in windows)
        note = "" if row.survived else " (eliminated)"
        lines.append(
            f"{row.rank:>4}  {row.power:<13}{row.centres:>8}{sums}  {row.decided_by}{note}"
        )
    for group in result.draws:
        lines.append(f"draw: {', '.join(group)} are level through every tie-break")
    emit(args, result.model_dump(mode="json"), "\n".join(lines))
    return 0


def _powers(args: argparse.Namespace) -> int:
    from armylists.bellum import powers, rome_factions, rome_start, rules

    data: dict[str, Any] = {
        "rule": "B1",
        "rules": rules().model_dump(mode="json"),
        "powers": [p.model_dump(mode="json") for p in powers()],
        "rome_factions": [f.model_dump(mode="json") for f in rome_factions()],
    }
    lines = [f"{'power':<14}{'Italian':<15}capital"]
    lines += [f"{p.name:<14}{p.italian:<15}{p.capital}" for p in powers()]
    if args.faction is not None:
        try:
            setup = rome_start(args.faction)
        except ValueError as error:
            raise CliError(f"--faction: {str(error).removeprefix('faction: ')}") from None
        data["rome_setup"] = setup.model_dump(mode="json")
        lines += [
            "",
            f"Rome chooses the {setup.faction} (B3):",
            f"  start centres: {', '.join(setup.start_centres)}",
            f"  start units: {', '.join(setup.start_units)}",
            f"  Rome builds in: {', '.join(setup.build_centres)}",
            f"  neutral, Rome-only builds: {', '.join(setup.neutral_leader_centres)}",
            f"  deleted from the map: {', '.join(setup.deleted_centres)}",
        ]
    else:
        lines += ["", "Rome's factions (B3, choose with --faction):"]
        lines += [
            f"  {f.name:<7} {f.leader_unit} {f.leader_centre} / {f.second_unit} {f.second_centre}"
            for f in rome_factions()
        ]
    emit(args, data, "\n".join(lines))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``castra bellum`` and its sub-commands."""
    parser = subparsers.add_parser(
        "bellum",
        help="Bellum (13-power Diplomacy variant): standings and Rome's factions",
        description="The Bellum scoreboard (docs/rules.md section B).",
    )
    commands = parser.add_subparsers(dest="bellum_command", metavar="COMMAND", required=True)

    ranking = commands.add_parser(
        "standings",
        help="rank the powers from a JSON file of centres held at the end of each year (B1, B2)",
        description=(
            "Rank the powers from FILE, a JSON object of centres held at the end of each year, "
            'year 1 first: {"Rome": [3, 4, 6], "Carthage": [4, 5, 5], ...}. Powers in English '
            "or Italian."
        ),
    )
    ranking.add_argument("file", metavar="FILE", help="JSON file of centres per power per year")
    ranking.add_argument(
        "--sovereign",
        metavar="POWER",
        help="every surviving player proclaimed POWER sovereign at the end of the last year (B1)",
    )
    ranking.add_argument("--json", action="store_true", help="print one JSON object")
    ranking.set_defaults(handler=_standings)

    roster = commands.add_parser(
        "powers",
        help="the 13 powers, their capitals and Rome's faction choice (B1, B3)",
        description="The 13 powers, their capitals and Rome's faction choice (B1, B3).",
    )
    roster.add_argument(
        "--faction",
        metavar="NAME",
        help="show Rome's start with this faction: Bruti, Scipii, Julii",
    )
    roster.add_argument("--json", action="store_true", help="print one JSON object")
    roster.set_defaults(handler=_powers)
