"""``castra report``: the campaign chronicle of a turn, a year or the whole campaign, to publish.

A referee publishes a report after every turn: battles, money, the winter and charts, from the
ledger alone, as Markdown for a forum post (charts as SVG files beside it), one standalone HTML
file, or a PDF. The chronicle's libraries (Jinja2, pygal, typst) are imported only when the
command runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armylists.names import nation_key
from assistant.cli.common import CliError, emit, not_written
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.chronicle.render import Document
    from assistant.cli.common import Subcommands

__all__ = ["register", "write_file"]

_FORMATS = ("md", "html", "pdf")


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "report",
        help=_("the campaign chronicle of a turn, a year or all of it: Markdown, HTML or PDF"),
        description=_(
            "Write the campaign's chronicle from the ledger: battles (place, sides, rules, "
            "casualties, decimated PM, prestige, dice), recruitment, rebuilding, tribute and "
            "treasuries, the winter and its control checks, the army journal or the Bellum "
            "standings, the ghost's battle, and charts. Undone events are left out. Without "
            "--turn, --year or --all: the last turn something was recorded in."
        ),
    )
    parser.add_argument(
        "--file", metavar="PATH", help=_("the campaign file (default: your default campaign)")
    )
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--turn", type=int, metavar="N", help=_("the report of turn N"))
    scope.add_argument(
        "--year",
        type=int,
        metavar="Y",
        help=_("the report of campaign year Y (1, 2 …, or the year BC, e.g. 278)"),
    )
    scope.add_argument("--all", action="store_true", help=_("the whole campaign"))
    parser.add_argument(
        "--format", choices=_FORMATS, default="html", help=_("md, html (default) or pdf")
    )
    parser.add_argument(
        "--out",
        metavar="PATH",
        help=_(
            "the file to write (default: beside the campaign file, e.g. campaign-turn-3.html); "
            "a Markdown report's charts are written beside it"
        ),
    )
    players = parser.add_mutually_exclusive_group()
    players.add_argument(
        "--for",
        dest="for_nation",
        metavar="NATION",
        type=nation_key,
        help=_(
            "NATION's turn packet: the turn from its side (its orders and what became of "
            "them, its meetings, battles, money and prestige), in its language"
        ),
    )
    players.add_argument(
        "--all-players",
        action="store_true",
        help=_("a turn packet for every nation with a player, into the folder --out DIR"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


_FLAGS = {"turn": "--turn", "year": "--year"}


def run(args: argparse.Namespace) -> int:
    if args.for_nation is not None or args.all_players:
        from assistant.cli.commands._packets import run_packets

        return run_packets(args)
    from assistant.chronicle.report import chronicle_of, default_report_path
    from assistant.chronicle.story import ChronicleError

    # The ledger's file options are the campaign command's: one way to find a campaign.
    from assistant.cli.commands.campaign import _open

    with _open(args) as store:
        try:
            chronicle = chronicle_of(store, turn=args.turn, year=args.year, everything=args.all)
        except ChronicleError as error:
            field, _sep, rest = str(error).partition(": ")
            raise CliError(f"{_FLAGS.get(field, field)}: {rest}") from None
        out = (
            Path(args.out)
            if args.out
            else default_report_path(store.path, chronicle.scope, args.format)
        )
    from assistant.chronicle.render import render_report

    written = write_file(render_report(chronicle, args.format, image_stem=out.stem), out)
    data: dict[str, Any] = {
        "format": args.format,
        "scope": chronicle.scope.model_dump(mode="json"),
        "report": str(out),
        "files": [str(path) for path in written],
        "battles": len(chronicle.battles),
    }
    text = _("Report ({label}) written to {path}").format(label=chronicle.scope.shown(), path=out)
    if len(written) > 1:
        text += "\n" + _("Charts beside it: {names}").format(
            names=", ".join(path.name for path in written[:-1])
        )
    emit(args, data, text)
    return 0


def write_file(document: Document, out: Path) -> list[Path]:
    """Write a rendered report or sheet to ``out`` (images beside it); every file written, the
    document last. A folder or an unwritable place is one line naming ``--out``."""
    from assistant.chronicle.render import write_document

    if out.is_dir():
        raise CliError(_("--out: {path} is a folder; give a file name").format(path=out))
    written: list[Path] = []
    try:
        write_document(document, out, announce=written.append)
    except OSError as error:
        raise not_written("--out", out, error) from None
    return written
