"""``castra campaign export --format csv --out DIR``: the campaign as spreadsheet tables.

Not a command of its own (the leading underscore keeps it out of the command discovery): the
campaign command hands a CSV export here so that its module stays about the ledger's JSON.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli.common import CliError, emit, not_written
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.ledger.store import CampaignStore

__all__ = ["export_csv"]


def export_csv(args: argparse.Namespace, store: CampaignStore) -> int:
    """Write battles.csv, events.csv and nations.csv into ``--out``."""
    from assistant.chronicle.export import campaign_tables, write_csv
    from assistant.chronicle.report import chronicle_of

    with store:
        if args.out is None:
            raise CliError(_("--out: the folder to write the CSV files into"))
        if args.out.strip() == "-":
            raise CliError(
                _("--out: a CSV export is three files and cannot go to the screen; give a folder")
            )
        if args.target is not None:
            raise CliError(_("FILE: a CSV export writes a folder of files; give it with --out DIR"))
        tables = campaign_tables(
            store.events(), store.history(), chronicle_of(store, everything=True)
        )
    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        raise CliError(_("--out: {path} is a file, not a folder").format(path=folder))
    try:
        written = write_csv(tables, folder)
    except OSError as error:
        raise not_written("--out", folder, error) from None
    emit(
        args,
        {"format": "csv", "folder": str(folder), "files": [str(path) for path in written]},
        _("Exported {files} to {folder}").format(
            files=", ".join(path.name for path in written), folder=folder
        ),
    )
    return 0
