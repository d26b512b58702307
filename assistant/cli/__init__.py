"""The ``castra`` command line: a referee's scripting interface and the app's launcher.

Each sub-command lives in its own module under :mod:`assistant.cli.commands` and registers
itself; this module only parses, dispatches and turns every user mistake into one line on
stderr with exit code 2. It must not import Textual unless it opens the app, so a ``--json``
call stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from assistant.cli.common import CastraArgumentParser, CliError, describe_validation_error
from converters.i18n import LANGUAGES, _, choose_language, set_language

__all__ = ["build_parser", "interface_language", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The full parser, with every command module under ``assistant.cli.commands``."""
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

    for module_info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def interface_language(arguments: Sequence[str]) -> str:
    """The language of this run: ``--lang``, ``CASTRA_LANG``, the app's saved choice, the
    locale, English (:func:`converters.i18n.choose_language`). Read before the parser is built,
    since every help text is translated as it is registered."""
    from assistant.settings import saved_language

    flag: str | None = None
    for position, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and position + 1 < len(arguments):
            flag = arguments[position + 1]
        elif argument.startswith("--lang="):
            flag = argument.partition("=")[2]
    # The settings file is read only when no explicit choice makes it moot.
    saved = None if flag or os.environ.get("CASTRA_LANG") else saved_language()
    return choose_language(flag, os.environ, saved)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``castra``; return the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    set_language(interface_language(arguments))
    parser = build_parser()
    try:
        args = parser.parse_args(arguments)
        handler = getattr(args, "handler", None)
        if handler is None:
            from assistant.cli.commands._app import open_app

            return open_app(args)
        return int(handler(args) or 0)
    except CliError as error:
        print(f"castra: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # `castra ... --json | head` closed the pipe early: not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as error:  # a rules validation error is bad input, not a crash
        line = describe_validation_error(error)
        if line is None:
            raise
        print(f"castra: error: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("castra: interrupted", file=sys.stderr)
        return 130
