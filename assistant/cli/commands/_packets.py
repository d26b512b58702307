"""``castra report --for NATION`` and ``--all-players``: each player's turn packet (T7.3).

The packet is gathered by :mod:`assistant.chronicle.packet` and laid out by the report's own
templates; this module picks the nations, each one's language (``--lang``, else the one kept
with the campaign by ``castra campaign players NATION --lang``, else the interface's) and where
each file goes.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from armylists.names import nation_name
from assistant.cli.common import CliError, check_file_name, emit
from converters.i18n import _, current_language, set_language

__all__ = ["packet_path", "run_packets"]


def packet_path(folder: Path, stem: str, turn: int, nation: str, fmt: str) -> Path:
    """Where a packet goes: ``heraclea-turn-3-rome.html`` (a nation's name made a file name)."""
    slug = re.sub(r"[^a-z0-9]+", "-", nation.casefold()).strip("-") or "nation"
    return folder / f"{stem}-turn-{turn}-{slug}.{fmt}"


def run_packets(args: argparse.Namespace) -> int:
    from assistant.chronicle.packet import packet_of, players_of
    from assistant.chronicle.render import render_report
    from assistant.chronicle.story import ChronicleError
    from assistant.cli.commands.campaign import _open
    from assistant.cli.commands.report import write_file
    from assistant.ledger.players import languages
    from assistant.ledger.state import LedgerError

    if args.year is not None or args.all:
        raise CliError(_("--for: a turn packet tells one turn: give --turn N"))
    if args.all_players and not args.out:
        raise CliError(_("--out: the folder the packets go into (--all-players)"))
    if args.out:
        check_file_name(args.out, "--out")
    chosen = getattr(args, "lang", None)
    interface = current_language()
    written: list[dict[str, Any]] = []
    with _open(args) as store:
        if store.seat is not None and args.for_nation != store.seat:
            raise CliError(
                _("--for: this is {seat}'s copy: only its own packet").format(
                    seat=nation_name(store.seat)
                )
            )
        try:
            nations = (
                players_of(store)
                if args.all_players
                else [store.state().nation(args.for_nation, "for").name]
            )
        except LedgerError as error:
            from assistant.cli.common import describe

            raise CliError(describe(error)) from None
        kept = languages(store)
        if args.all_players:
            folder = Path(args.out)
            if folder.exists() and not folder.is_dir():
                raise CliError(_("--out: {path} is not a folder").format(path=folder))
            folder.mkdir(parents=True, exist_ok=True)
        try:
            for nation in nations:
                language = chosen or kept.get(nation) or interface
                set_language(language)
                try:
                    chronicle = packet_of(store, nation, args.turn)
                except ChronicleError as error:
                    field, _sep, rest = str(error).partition(": ")
                    raise CliError(f"--{field}: {rest}") from None
                turn = chronicle.scope.first_turn
                if args.all_players:
                    out = packet_path(folder, store.path.stem, turn, nation, args.format)
                elif args.out:
                    out = Path(args.out)
                else:
                    out = packet_path(store.path.parent, store.path.stem, turn, nation, args.format)
                document = render_report(chronicle, args.format, image_stem=out.stem)
                files = write_file(document, out)
                written.append(
                    {
                        "nation": nation,
                        "lang": language,
                        "report": str(out),
                        "files": [str(path) for path in files],
                        "turn": turn,
                    }
                )
        finally:
            set_language(interface)
    lines = [
        _("Turn packet of {nation} ({lang}) written to {path}").format(
            nation=nation_name(entry["nation"]), lang=entry["lang"], path=entry["report"]
        )
        for entry in written
    ]
    emit(args, {"format": args.format, "packets": written}, "\n".join(lines))
    return 0
