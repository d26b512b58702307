"""The ``castra`` command line: a referee's scripting interface and the app's launcher.

Each sub-command lives in its own module under :mod:`assistant.cli.commands` and registers
itself; this module only parses, dispatches and turns every user mistake into one line on
stderr with exit code 2. It must not import Textual unless it opens the app, so a ``--json``
call stays fast.
"""

from __future__ import annotations

import errno
import importlib
import os
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli.errors import CliError, refusal_line
from converters.i18n import LANGUAGES, _, choose_language, set_language

if TYPE_CHECKING:
    from assistant.cli.common import CastraArgumentParser

# Start-up: `castra` alone opens the app, and imports nothing of the commands (their helpers
# in assistant.cli.common, argparse's parser of every command): see `_app_arguments`.

__all__ = ["build_parser", "interface_language", "main"]


def build_parser(command: str | None = None) -> CastraArgumentParser:
    """The parser, with every command module under ``assistant.cli.commands``, or only
    ``command``'s module when one is named (see :func:`command_of`): the other modules'
    imports and help texts are not paid for by a command that does not use them."""
    from assistant.cli.common import CastraArgumentParser

    parser = CastraArgumentParser(
        prog="castra",
        description=_(
            "Castra: campaign ↔ table converters, a campaign ledger and a solo ghost general "
            "for historical miniatures wargames. Run without a command to open the app."
        ),
    )
    parser.add_argument(
        "--campaign",
        metavar="PATH",
        help=_("campaign file the app opens (default: your default campaign)"),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_(
            "interface language, it or en (default: CASTRA_LANG, else the language last "
            "chosen in the app, else the locale, else English); --json output is the same "
            "in every language"
        ),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    from assistant.cli import commands

    names = [command] if command else sorted(_command_modules())
    for name in names:
        module = importlib.import_module(f"{commands.__name__}.{name}")
        module.register(subparsers)
    return parser


def _command_modules() -> set[str]:
    """Each command's module under ``assistant.cli.commands``, named as the command is."""
    from assistant.cli import commands

    # The folder's own listing: pkgutil.iter_modules imports `inspect` to name each file, a
    # twentieth of `castra odds --json` (benchmarks/table.py).
    return {
        found.stem
        for folder in commands.__path__
        for found in Path(folder).iterdir()
        if found.suffix == ".py" and not found.name.startswith("_")
    }


_TOP_OPTIONS = ("--lang", "--campaign")
"""The options ``castra`` takes before a command, each with a value."""


def command_of(arguments: Sequence[str]) -> str | None:
    """The command ``arguments`` run (``odds`` in ``castra --lang it odds 2 2``), when it is
    one; None for ``castra --help``, the app, or a word that is no command (which the whole
    parser then refuses, listing the commands)."""
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in _TOP_OPTIONS:
            index += 2
            continue
        if argument.startswith(tuple(f"{option}=" for option in _TOP_OPTIONS)):
            index += 1
            continue
        if argument.startswith("-"):
            return None  # --help, or an option the whole parser refuses
        return argument if argument in _command_modules() else None
    return None


_APP_OPTIONS = (*_TOP_OPTIONS, "--seat")
"""The options ``castra`` itself takes, before any command, each with a value (``--seat`` is
the app's, for a player's session)."""


def _own_language(arguments: Sequence[str]) -> str | None:
    """``castra``'s own ``--lang``: the last one given before the command. A command's own
    ``--lang`` after it (``castra campaign players Rome --lang it``, the language kept for
    Rome's seat, T7.3) is that command's value, never the interface's."""
    flag: str | None = None
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        name, equals, value = argument.partition("=")
        if argument == "--" or not argument.startswith("-"):
            break  # the command (or the app's end of options): what follows is its own
        if name in _APP_OPTIONS and not equals:
            value = arguments[index + 1] if index + 1 < len(arguments) else ""
            index += 1
        if name == "--lang":
            flag = value or None
        index += 1
    return flag


def interface_language(arguments: Sequence[str]) -> str:
    """The language of this run: ``--lang``, ``CASTRA_LANG``, the app's saved choice, the
    locale, English (:func:`converters.i18n.choose_language`). Read before the parser is built,
    since every help text is translated as it is registered."""
    from assistant.settings import saved_language

    flag = _own_language(arguments)
    # The settings file is read only when no explicit choice makes it moot.
    saved = None if flag or os.environ.get("CASTRA_LANG") else saved_language()
    return choose_language(flag, os.environ, saved)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``castra``; return the process exit code.

    Every refusal is one line on stderr and exit 2 (issue 10): the command's own
    :class:`CliError`, a rules or validation error, and the few ways the system itself can
    refuse (a name the file system cannot store, a file locked by another program, a full
    disk) — never a traceback.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    set_language(interface_language(arguments))
    try:
        _check_text(arguments)
        app_only = _app_arguments(arguments)
        if app_only is not None:
            from assistant.cli.commands._app import open_app

            return open_app(app_only.get("--campaign"), app_only.get("--seat"))
        parser = build_parser(command_of(arguments))
        args = parser.parse_args(arguments)
        handler = getattr(args, "handler", None)
        if handler is None:
            from assistant.cli.commands._app import open_app

            return open_app(args.campaign)
        return int(handler(args) or 0)
    except CliError as error:
        return _refuse(str(error))
    except BrokenPipeError:
        from assistant.cli.common import drop_stdout

        # `castra ... --json | head` closed the pipe early: not an error of ours.
        drop_stdout()
        return 0
    except sqlite3.Error as error:  # e.g. the disk filled up mid-transaction: rolled back
        if "full" in str(error):
            return _refuse(
                _("file: the disk is full: nothing was recorded; free some space and try again")
            )
        from converters.system_errors import sqlite_reason

        return _refuse(
            _("file: the campaign could not be written ({reason}); nothing was recorded").format(
                reason=sqlite_reason(error)
            )
        )
    except RecursionError:
        return _refuse(_("input: nested too deeply to read"))
    except OSError as error:
        where = error.filename if error.filename is not None else _("output")
        if error.errno == errno.ENOSPC:
            return _refuse(
                _("{where}: the disk is full: nothing was written; free some space").format(
                    where=where
                )
            )
        from converters.system_errors import os_reason

        return _refuse(f"{where}: {os_reason(error)}")
    except Exception as error:  # a rules validation error is bad input, not a crash
        from assistant.cli.common import describe_validation_error

        line = describe_validation_error(error)
        if line is None:
            raise
        return _refuse(line)
    except KeyboardInterrupt:
        print("castra: " + _("interrupted"), file=sys.stderr)
        return 130


def _app_arguments(arguments: list[str]) -> dict[str, str] | None:
    """``castra [--campaign PATH] [--lang it|en] [--seat NATION]`` (the app, nothing else; the
    seat is a player's session, ``castra serve --players``): those options by
    flag, read without building the full parser; None for anything else, which the full parser
    reads.

    Building the parser imports every command module (pydantic, the converters), about 0.1 s
    that a player opening the app between moves would wait for the app to appear
    (benchmarks/startup.py); anything unusual (a command, ``--help``, a bad or repeated value)
    goes the long way, so its refusal or help reads exactly as before.
    """
    values: dict[str, str] = {}
    position = 0
    while position < len(arguments):
        argument = arguments[position]
        name, equals, value = argument.partition("=")
        if name not in ("--campaign", "--lang", "--seat") or name in values:
            return None
        if not equals:
            position += 1
            if position == len(arguments) or arguments[position].startswith("-"):
                return None
            value = arguments[position]
        values[name] = value
        position += 1
    if values.get("--lang", LANGUAGES[0]) not in LANGUAGES:
        return None
    return values


def _refuse(message: str) -> int:
    from assistant.cli.common import field_said

    # "kind: …" names the event's kind, which is the command the user typed, not a field of
    # it (issue 28): every refusal, however a command passed it on, drops it. Any other field
    # named by a word is said in the reader's language ("forza:", "turno:", issue 25).
    said = field_said(message.removeprefix("kind: "))
    print(refusal_line("castra", said), file=sys.stderr)
    return 2


def _check_text(arguments: list[str]) -> None:
    """Refuse an argument that is not UTF-8 text (Python carries its bytes as surrogates,
    which no file, JSON or terminal can take)."""
    for position, argument in enumerate(arguments, start=1):
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            raise CliError(
                _("argument {position} is not UTF-8 text ({shown})").format(
                    position=position, shown=ascii(argument)[:60]
                )
            ) from None
