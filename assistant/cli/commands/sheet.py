"""``castra sheet``: one battle's sheet to print for the table (T1, T2, T3.8).

It takes the figures ``castra budget`` takes and writes one page: both sides' contingents,
budgets and army lists, the cap, the break points, what each result costs in campaign PM, the
exact odds if the battle were fought by dice, and boxes to write the result in.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli.commands.budget import add_budget_arguments, budget_from_args
from assistant.cli.commands.report import write_file
from assistant.cli.common import emit
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

__all__ = ["register"]


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "sheet",
        help=_("one battle's sheet for the table: budgets, lists, PM-lost table, odds"),
        description=_(
            "Write a one-page battle sheet: both sides' contingents with their budgets and "
            "army lists (T1), the table cap, the break points, the table turning each result "
            "into campaign PM lost (T2), the exact odds if fought by dice (T3.8) and blank "
            "boxes for the result."
        ),
    )
    add_budget_arguments(parser)
    parser.add_argument("--place", default="", help=_("where the battle is fought"))
    parser.add_argument("--when", default="", help=_("when, e.g. the campaign turn"))
    parser.add_argument(
        "--format",
        choices=("md", "html", "pdf"),
        default="html",
        help=_("md, html (default) or pdf"),
    )
    parser.add_argument(
        "--out", metavar="PATH", help=_("the file to write (default: battle-sheet.FORMAT here)")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from armylists import ruleset_name
    from assistant.chronicle.render import render_sheet
    from assistant.chronicle.sheet import battle_sheet

    budget, rates = budget_from_args(args)
    sheet = battle_sheet(
        budget,
        ruleset=ruleset_name(args.system),
        per_pm=rates.per_pm(args.system),
        place=args.place,
        when=args.when,
        city=args.city,
    )
    out = Path(args.out) if args.out else Path(f"battle-sheet.{args.format}")
    write_file(render_sheet(sheet, args.format), out)
    emit(
        args,
        {"format": args.format, "sheet": str(out), "resolution": sheet.resolution},
        _("Battle sheet written to {path}").format(path=out),
    )
    return 0
