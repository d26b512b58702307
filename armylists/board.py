"""Reading a campaign board from TOML: the shipped Tarentine board or a club's own (T7.1).

The board is data (``armylists/data/scenarios/<key>/board.toml``) because it is a reading of a
board the seed does not print; a club that draws it otherwise brings its own file to
``castra campaign new tarentine --map FILE``. Either way it is validated here against the
provinces table before a campaign can start from it, then travels inside the campaign.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources

from pydantic import ValidationError

from converters.campaign_map import Board
from converters.i18n import _
from converters.system_errors import system_reason

__all__ = ["load_board", "parse_board", "shipped_board"]


def parse_board(text: str, provinces: Iterable[str]) -> Board:
    """The board written in ``text`` (TOML: ``places`` and ``links``), checked against the
    ``provinces`` table: ValueError with one line naming the field for anything wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(
            _("map: not a TOML board ({error})").format(error=system_reason(error))
        ) from None
    try:
        board = Board.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "map"
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ValueError(f"{where}: {message}") from None
    board.check_names(provinces)
    return board


def shipped_board(key: str, provinces: Iterable[str]) -> Board | None:
    """The board shipped with scenario ``key``, or None when it has none."""
    source = resources.files("armylists") / "data" / "scenarios" / key / "board.toml"
    if not source.is_file():
        return None
    return parse_board(source.read_text("utf-8"), provinces)


def load_board(path: str, provinces: Iterable[str]) -> Board:
    """A club's board from the file at ``path`` (``--map FILE``)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(
            _("map: cannot read {path}: {error}").format(path=path, error=system_reason(error))
        ) from None
    return parse_board(text, provinces)
