"""The command line's refusal (:class:`CliError`, one line, exit 2) and the checks the app's
own start needs, without argparse or the other commands' helpers.

``castra`` with no command opens the app at once (see ``assistant.cli.main``): this module is
all of the command line it imports on that path, so a player does not wait for the parser of
forty commands to be built before the app appears (benchmarks/startup.py).
:mod:`assistant.cli.common` re-exports everything here for the commands.
"""

from __future__ import annotations

import os
from pathlib import Path

from converters.i18n import _

__all__ = ["MOST_NAME_BYTES", "CliError", "check_file_name", "one_line", "refusal_line"]

MOST_NAME_BYTES = 255
"""The longest file name (one path component) the usual file systems store."""


class CliError(Exception):
    """Bad input: printed as one line on stderr, exit code 2.

    The message names the field (as the user typed it, e.g. ``--lost``) and what is allowed.
    """


def refusal_line(prog: str, message: str) -> str:
    """A refusal as the command line prints it, ``castra: error: …``, with "error" in the
    reader's language ("castra: errore: …"): scripts go by the exit status, 2."""
    return _("{prog}: error: {message}").format(prog=prog, message=one_line(message))


def one_line(message: str) -> str:
    """``message`` on one line: a newline or other control character typed in an argument is
    shown escaped (``\\n``), never echoed as a second line."""
    return "".join(
        character.encode("unicode_escape").decode("ascii")
        if not character.isprintable() and character != " "
        else character
        for character in message
    )


def check_file_name(path: str | os.PathLike[str], option: str) -> Path:
    """``path`` as a :class:`Path`, refused when empty or when a name in it is longer than the
    file system stores (:data:`MOST_NAME_BYTES` bytes)."""
    text = os.fspath(path)
    for part in Path(text).parts:
        size = len(os.fsencode(part))
        if size > MOST_NAME_BYTES:
            raise CliError(
                _("{option}: a file name of at most {most} bytes (got one of {size})").format(
                    option=option, most=MOST_NAME_BYTES, size=size
                )
            )
    return Path(text)
