"""Helpers every ``castra`` sub-command shares: errors, JSON output and dice options."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, NoReturn

from converters.i18n import N_, _

__all__ = [
    "CastraArgumentParser",
    "CliError",
    "add_dice_options",
    "ask_on_terminal",
    "describe_validation_error",
    "dice_from_args",
    "emit",
    "parse_dice_list",
    "translate_argparse_message",
]


class CliError(Exception):
    """Bad input: printed as one line on stderr, exit code 2.

    The message names the field (as the user typed it, e.g. ``--lost``) and what is allowed.
    """


_ARGPARSE_HEADINGS = (
    ("usage: ", N_("usage: ")),
    ("\npositional arguments:\n", N_("positional arguments")),
    ("\noptions:\n", N_("options")),
    ("show this help message and exit", N_("show this help message and exit")),
)
"""argparse's own words in ``--help`` (its text as printed, the message to translate)."""

_ARGPARSE_ERRORS = (
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""argparse's error messages: argparse words them in English whatever Castra's language, so
``error`` matches the English message against these and says it in the active language."""


def _argparse_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(%(?:\((\w+)\))?[sr])", template)
    pattern, number = "", 0
    for position, part in enumerate(parts):
        if position % 3 == 0:
            pattern += re.escape(part)
        elif position % 3 == 1:
            name = parts[position + 1] or f"value{number}"
            number += 1
            pattern += f"(?P<{name}>.+?)"
    return re.compile(pattern, re.DOTALL)


def translate_argparse_message(message: str) -> str:
    """One of argparse's English error messages in the active language (unknown: unchanged)."""
    for template in _ARGPARSE_ERRORS:
        found = _argparse_pattern(template).fullmatch(message)
        if found is None:
            continue
        values = {
            name: translate_argparse_message(value) for name, value in found.groupdict().items()
        }
        # The values are already as argparse printed them (a repr for %r): put them back as is.
        translated = re.sub(r"(%(?:\(\w+\))?)r", r"\1s", _(template))
        if "%(" in template:
            return translated % values
        return translated % tuple(values.values())
    return message


class CastraArgumentParser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on stderr and exit 2, not a usage dump, and
    argparse's own words ("usage:", "options", its error messages) in the active language."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {translate_argparse_message(message)}", file=sys.stderr)
        raise SystemExit(2)

    def format_usage(self) -> str:
        return _translate_headings(super().format_usage())

    def format_help(self) -> str:
        return _translate_headings(super().format_help())


def _translate_headings(text: str) -> str:
    for english, message in _ARGPARSE_HEADINGS:
        translated = _(message)
        if english.startswith("\n"):
            translated = f"\n{translated}:\n"
        if english == "usage: ":
            if text.startswith(english):
                text = translated + text[len(english) :]
            continue
        text = text.replace(english, translated)
    return text


def describe_validation_error(error: BaseException) -> str | None:
    """One line for a pydantic ``ValidationError`` or a rules ``ValueError``; else ``None``.

    The first problem is enough for the user to fix their input; field names are shown the
    way the command line spells them (``battle_groups`` → ``--battle-groups``).
    """
    errors = getattr(error, "errors", None)
    if type(error).__name__ == "ValidationError" and callable(errors):
        first = errors()[0]
        location = ".".join(str(part) for part in first.get("loc", ()))
        field = f"--{location.replace('_', '-')}" if location else "input"
        return f"{field}: {first.get('msg', 'invalid value')}"
    if isinstance(error, ValueError | LookupError):
        return str(error)
    return None


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print ``data`` as one JSON object with ``--json``, else the readable ``text``."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(text)


def parse_dice_list(text: str, option: str = "--dice") -> list[int]:
    """``"1,5,6"`` → ``[1, 5, 6]``; anything else is a :class:`CliError` naming ``option``."""
    values: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            raise CliError(
                f"{option}: give die faces as whole numbers ≥ 1, e.g. 1,5,6 (got {part!r})"
            )
        values.append(int(part))
    if not values:
        raise CliError(f"{option}: give at least one die face, e.g. 1,5,6")
    return values


def add_dice_options(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """``--seed S`` | ``--dice 1,5,6`` | ``--physical``: where this command's dice come from."""
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--seed", type=int, help=_("roll with a seeded generator (reproducible)"))
    group.add_argument("--dice", metavar="1,5,6", help=_("use these die faces, in order"))
    group.add_argument(
        "--physical",
        action="store_true",
        help=_("physical-dice mode: ask for each die's face on the terminal"),
    )


def ask_on_terminal(prompt: str) -> str:
    """Physical dice: ask on stderr (stdout is kept for ``--json``), read one line of stdin.

    The end of the input is bad input, not a crash: one line naming stdin, exit 2.
    """
    print(prompt, end="", file=sys.stderr, flush=True)
    line = sys.stdin.readline()
    if not line:
        print(file=sys.stderr)
        raise CliError("stdin: input ended while waiting for a die's face; nothing was recorded")
    return line.rstrip("\n")


def dice_from_args(args: argparse.Namespace) -> Any:
    """The :class:`converters.dice.Dice` the options ask for (seeded when none is given)."""
    from converters.dice import AskingDice, ScriptedDice, SeededDice

    if getattr(args, "dice", None):
        return ScriptedDice(parse_dice_list(args.dice), source="--dice")
    if getattr(args, "physical", False):
        return AskingDice(ask=ask_on_terminal, tell=lambda message: print(message, file=sys.stderr))
    return SeededDice(getattr(args, "seed", None))
