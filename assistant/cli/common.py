"""Helpers every ``castra`` sub-command shares: errors, JSON output and dice options."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from assistant.cli.errors import (
    MOST_NAME_BYTES,
    CliError,
    check_file_name,
    one_line,
    refusal_line,
)
from converters.i18n import N_, _, current_language

if TYPE_CHECKING:
    from typing import TypeAlias

    Subcommands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]
    """What ``add_subparsers`` returns, that each command module's ``register`` adds its
    parser to: argparse has no public name for this type, so it is spelled here once and every
    command module imports this alias (for the type checker only: the class is not generic
    at run time)."""

__all__ = [
    "MOST_DIE_FACE",
    "MOST_JSON_DEPTH",
    "MOST_NAME_BYTES",
    "MOST_WHOLE",
    "CastraArgumentParser",
    "CliError",
    "add_dice_options",
    "ask_on_terminal",
    "asking_dice",
    "check_file_name",
    "describe",
    "describe_validation_error",
    "dice_from_args",
    "emit",
    "flag",
    "one_line",
    "parse_dice_list",
    "read_json_file",
    "seed_number",
    "translate_argparse_message",
    "whole_number",
]

MOST_WHOLE = 1_000_000
"""The largest whole number any option takes: beyond any campaign's counts, and small enough
that no command turns it into unbounded work (commands that loop per unit set lower bounds)."""

MOST_DIE_FACE = 1_000
"""The largest face a typed die may show (the largest die a rule rolls is far smaller)."""

MOST_JSON_DEPTH = 32
"""How deeply a JSON file given to a command may nest (an export with a dice battle nests 9)."""


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
    argparse's own words ("usage:", "options", its error messages) in the active language.

    Every ``type=int`` option reads through :func:`whole_number`, so no command sees a number
    typed in another script (``²``) or one too large to work with.

    It also keeps what each command registered (:attr:`arguments`, :attr:`subcommands`,
    :meth:`commands`): argparse has no public way to list a parser's arguments, and the tests
    that walk every command (the fuzz, the JSON comparison) read them from here.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.arguments: list[argparse.Action] = []
        """Every argument added to this parser, in order, its groups' included."""
        self.subcommands: dict[str, CastraArgumentParser] = {}
        """The sub-commands added to this parser, by name."""
        super().__init__(*args, **kwargs)
        self.register("type", int, whole_number)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        _name_in_reader_language(action)
        self.arguments.append(action)
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return self._recording(super().add_argument_group(*args, **kwargs))

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        return self._recording(super().add_mutually_exclusive_group(**kwargs))

    def _recording(self, group: Any) -> Any:
        """``group`` whose ``add_argument`` also records the argument on this parser."""
        add = group.add_argument

        def add_and_record(*args: Any, **kwargs: Any) -> argparse.Action:
            action: argparse.Action = add(*args, **kwargs)
            _name_in_reader_language(action)
            self.arguments.append(action)
            return action

        group.add_argument = add_and_record
        return group

    def add_subparsers(self, **kwargs: Any) -> Any:
        if isinstance(kwargs.get("metavar"), str):
            kwargs["metavar"] = _(kwargs["metavar"])  # "COMANDO", listed in ARGUMENT_NAMES
        action = super().add_subparsers(**kwargs)
        add = action.add_parser

        def add_and_record(name: str, **options: Any) -> CastraArgumentParser:
            parser: CastraArgumentParser = add(name, **options)
            self.subcommands[name] = parser
            return parser

        action.add_parser = add_and_record  # type: ignore[method-assign]
        return action

    def commands(
        self, path: tuple[str, ...] = ()
    ) -> Iterator[tuple[tuple[str, ...], CastraArgumentParser]]:
        """Every runnable command under this parser, as its words and its parser (the leaves
        of the sub-command tree)."""
        if not self.subcommands:
            yield path, self
            return
        for name, parser in self.subcommands.items():
            yield from parser.commands((*path, name))

    def error(self, message: str) -> NoReturn:
        said = translate_argparse_message(message)
        if current_language() != "en":
            said = self._keys_for_english_names(said)
        print(refusal_line(self.prog, said), file=sys.stderr)
        raise SystemExit(2)

    def _keys_for_english_names(self, message: str) -> str:
        """A positional of keys named by its keys, as its usage shows it ("{fog,dbm,…}"),
        where argparse would name it by its English dest ("system")."""
        for action in self.arguments:
            if action.option_strings or action.choices is None or action.metavar is not None:
                continue
            keys = "{" + ",".join(str(choice) for choice in action.choices) + "}"
            message = re.sub(rf"\b{re.escape(action.dest)}\b", keys, message)
        return message

    def format_usage(self) -> str:
        return _translate_headings(super().format_usage())

    def format_help(self) -> str:
        return _translate_headings(super().format_help())


ARGUMENT_NAMES = (
    N_("ARMY"),
    N_("ARMY=ENEMY"),
    N_("ARMY_A"),
    N_("ARMY_B"),
    N_("BY"),
    N_("CAPITALS"),
    N_("CITIES"),
    N_("DIR"),
    N_("ELEMENTS_A"),
    N_("ELEMENTS_B"),
    N_("FLED"),
    N_("FLEET"),
    N_("FLEET_A_PM"),
    N_("FLEET_B_PM"),
    N_("FORCE"),
    N_("FORCE:PM"),
    N_("INCREMENTS"),
    N_("INTO"),
    N_("KEY=N"),
    N_("KILLED"),
    N_("LOST"),
    N_("LOST_A"),
    N_("LOST_B"),
    N_("LOYALTY"),
    N_("MONEY"),
    N_("NAME"),
    N_("NAME=VALUE"),
    N_("NATION"),
    N_("NATION:N"),
    N_("NATION:PE"),
    N_("NATION:PM"),
    N_("NATION:PP"),
    N_("NATION:X"),
    N_("NATION=PM,…"),
    N_("NOTE"),
    N_("PATH"),
    N_("PLACE"),
    N_("PLAYERS"),
    N_("PORT"),
    N_("POWER"),
    N_("POWER=N"),
    N_("PROVINCE"),
    N_("PROVINCE:PM"),
    N_("REASON"),
    N_("SEED"),
    N_("SIDE"),
    N_("SPEC"),
    N_("SQUARES"),
    N_("STORM_NATION"),
    N_("TERMS"),
    N_("TURN"),
    N_("UNITS"),
    N_("VALUE"),
    N_("WHEN"),
    N_("WHO"),
    N_("YEAR"),
    N_("[NATION=]PM"),
    N_("army"),
    N_("fleet"),
    N_("force"),
    N_("province"),
    N_("text"),
    N_("treaty"),
    N_("meeting"),
    N_("COMMAND"),
    N_("ACTION"),
    N_("SUBCOMMAND"),
    N_("MODEL"),
)
"""What arguments take, as ``--help`` and refusals name them (a metavar, or the dest of an
argument without one), for :func:`_name_in_reader_language` to translate."""


FIELD_WORDS = (
    *(name for name in ARGUMENT_NAMES if name.islower()),
    N_("turn"),
    N_("year"),
    N_("name"),
    N_("rule"),
    N_("undo"),
)
"""The fields a refusal may name by a word rather than by a flag: the positionals as the usage
names them ("army", "province") and the ledger's own ("turn", "rule"), said in the reader's
language when a refusal starts with one (:func:`field_said`)."""


def field_said(message: str) -> str:
    """``message`` with the field it starts with ("force: …", "turn: …") said as the reader's
    language says it ("forza: …", "turno: …"); any other message as it is."""
    field, colon, rest = message.partition(":")
    if colon and field in FIELD_WORDS:
        return _(field) + colon + rest
    return message


def _name_in_reader_language(action: argparse.Action) -> None:
    """Show what an argument takes in the reader's language ("--side-a NAZIONE:PM", the
    positional "provincia", issue 25); its flag, its dest and its choices (keys) stay English.
    The names are listed in :data:`ARGUMENT_NAMES` for the catalogue."""
    if action.choices is not None or action.nargs == 0 or isinstance(action.metavar, tuple):
        return
    if action.metavar is not None:
        english = str(action.metavar)
    else:
        english = action.dest.upper() if action.option_strings else action.dest
    said = _(english)
    if said != english:
        action.metavar = said


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


def whole_number(text: str) -> int:
    """An argparse type for counts: ASCII digits with an optional sign, up to
    :data:`MOST_WHOLE` either way."""
    typed = text.strip()
    digits = typed.removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            _("a whole number, e.g. 3 (got {typed})").format(typed=_shown(typed))
        )
    if len(digits) > len(str(MOST_WHOLE)) or abs(int(typed)) > MOST_WHOLE:
        raise argparse.ArgumentTypeError(
            _("at most {most} (got {typed})").format(most=MOST_WHOLE, typed=_shown(typed))
        )
    return int(typed)


def seed_number(text: str) -> int:
    """An argparse type for ``--seed``: a whole number up to 19 digits (any 64-bit seed)."""
    typed = text.strip()
    if not (typed.isascii() and typed.isdigit()) or len(typed.lstrip("0")) > 19:
        raise argparse.ArgumentTypeError(
            _("a whole number of at most 19 digits, e.g. 7 (got {typed})").format(
                typed=_shown(typed)
            )
        )
    return int(typed)


def _shown(text: str, most: int = 40) -> str:
    """What the user typed, quoted and cut short, for an error line."""
    return repr(text if len(text) <= most else text[:most] + "…")


def read_json_file(path: str, option: str) -> Any:
    """The JSON document in ``path``; any problem (missing, not UTF-8, not JSON, nested deeper
    than :data:`MOST_JSON_DEPTH`) is one :class:`CliError` naming ``option``."""
    from converters.system_errors import os_reason, system_reason

    check_file_name(path, option)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(
            _("{option}: cannot read {path} ({reason})").format(
                option=option, path=path, reason=os_reason(error)
            )
        ) from None
    except UnicodeDecodeError as error:
        raise CliError(
            _("{option}: {path} is not UTF-8 text ({reason})").format(
                option=option, path=path, reason=_("byte {offset}").format(offset=error.start + 1)
            )
        ) from None
    too_deep = CliError(
        _("{option}: {path} nests deeper than {most} levels").format(
            option=option, path=path, most=MOST_JSON_DEPTH
        )
    )
    try:
        document = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except ValueError as error:
        where = system_reason(error)
        raise CliError(
            _("{option}: {path} is not JSON ({where})").format(
                option=option, path=path, where=where
            )
        ) from None
    if json_depth(document) > MOST_JSON_DEPTH:
        raise too_deep
    return document


def json_depth(document: Any) -> int:
    """How deeply lists and objects nest in ``document`` (counted without recursion)."""
    deepest = 0
    waiting: list[tuple[Any, int]] = [(document, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            waiting.extend((child, depth + 1) for child in children)
    return deepest


LEDGER_FIELDS = {
    "land_pm": "--land",
    "naval_pm": "--naval",
    "parties": "--party",
    **{field: field for field in ("contingents", "defender_dice", "events", "kind", "rolls")},
    **{field: field for field in ("siege_costs", "target", "undo")},
    **{field: field for field in ("phase", "orders", "meeting", "army", "fleet", "force")},
}
"""The ledger's fields the command line spells its own way (``land_pm`` is ``--land``) or has
no option for (an event's ``kind``, the ``undo`` itself): these are shown as they are."""


_WORDED_FIELDS = frozenset(
    # Positionals, named as the usage line names them (ARGUMENT_NAMES), and fields no option
    # stands for: words in the reader's language ("esercito", "incontro", "fase").
    {"army", "fleet", "force", "meeting", N_("phase"), "orders"}
)


def flag(field: str) -> str:
    """A rules field as the command line spells it: ``battle_groups`` → ``--battle-groups``;
    a place inside an event (``contingents.pm``) is shown as it is."""
    if field in _WORDED_FIELDS:
        return _(field)
    if field in LEDGER_FIELDS:
        return LEDGER_FIELDS[field]
    return field if "." in field else "--" + field.replace("_", "-")


def describe(
    error: BaseException, flags: Mapping[str, str] | None = None, *, in_document: bool = False
) -> str:
    """The command line's one line for a refusal, each field named by its flag.

    A :class:`converters.errors.FieldError` names its fields; a pydantic ``ValidationError``
    becomes one through :func:`converters.errors.field_error` (the same words as the app's);
    ``flags`` maps a field to a command's own flag where it is not simply :func:`flag`
    (``side`` → ``--winner``). ``in_document``: the fields are keys of a JSON document the user
    wrote (a ghost script), named as written (``generals[0].pp``), never as flags.
    """
    from pydantic import ValidationError

    from converters.errors import FieldError, field_error

    known = flags or {}

    def name(field: str) -> str:
        if field in known:
            return known[field]
        # A place inside a JSON document (generals[0].pp) is shown as it is.
        return field if in_document or not field.isidentifier() else flag(field)

    if isinstance(error, ValidationError):
        error = field_error(error, positions=True)
    if isinstance(error, FieldError):
        if error.fields == ("kind",):
            # The event's kind is the command the user typed, not a field of it: the reason
            # alone (a custom campaign's "has no economy", not "kind: … has no economy").
            return error.reason(name)
        return error.text(name)
    # An older refusal worded with the event's kind as its field ("kind: … has no map"): the
    # command the user typed is that kind, so the reason alone.
    return str(error).removeprefix("kind: ")


def describe_validation_error(error: BaseException) -> str | None:
    """:func:`describe` for a rules or validation error (bad input); ``None`` for anything
    else (a bug, which must not pass for bad input)."""
    is_validation = type(error).__name__ == "ValidationError"
    if is_validation or isinstance(error, ValueError | LookupError):
        return describe(error)
    return None


def not_written(option: str, path: object, error: OSError) -> CliError:
    """The one line for a file ``option`` names that could not be written: a full disk says
    so (issue 28), anything else says the system's reason."""
    import errno

    from converters.system_errors import os_reason

    if error.errno == errno.ENOSPC:
        return CliError(
            _("{option}: the disk is full: {path} was not written; free some space").format(
                option=option, path=path
            )
        )
    return CliError(
        _("{option}: cannot write {path}: {reason}").format(
            option=option, path=path, reason=os_reason(error)
        )
    )


def emit(
    args: argparse.Namespace,
    data: dict[str, Any],
    text: str | Callable[[], str],
    *,
    recorded: str | None = None,
) -> None:
    """Print ``data`` as one JSON object with ``--json``, else the readable ``text`` (or what
    ``text()`` words: a command whose wording costs more than its answer, as the odds' numbers
    written the reader's way through Babel, words it only when it is read).

    ``recorded`` names what this command already wrote to the campaign (``#5 in FILE``): when
    the output cannot be written (a full disk, a closed pipe), the error line says it was
    recorded, so the user does not record it twice.
    """
    try:
        if getattr(args, "json", False):
            print(json.dumps(data, ensure_ascii=False))
        else:
            print(text if isinstance(text, str) else text())
        sys.stdout.flush()
    except OSError as error:
        if recorded is None:
            raise
        from converters.system_errors import os_reason

        drop_stdout()
        raise CliError(
            _("{what} was recorded, but its summary could not be printed ({reason})").format(
                what=recorded, reason=os_reason(error)
            )
        ) from None


def drop_stdout() -> None:
    """Send what is left of stdout to the null device: after a write failed, Python's own
    flush at exit would fail again and print a second message."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def parse_dice_list(text: str, option: str = "--dice") -> list[int]:
    """``"1,5,6"`` → ``[1, 5, 6]``; anything else is a :class:`CliError` naming ``option``."""
    values: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or not part.strip("0"):
            raise CliError(
                _("{option}: give die faces as whole numbers ≥ 1, e.g. 1,5,6 (got {part})").format(
                    option=option, part=_shown(part)
                )
            )
        if len(part.lstrip("0")) > len(str(MOST_DIE_FACE)) or int(part) > MOST_DIE_FACE:
            raise CliError(
                _("{option}: a die face is at most {most} (got {part})").format(
                    option=option, most=MOST_DIE_FACE, part=_shown(part)
                )
            )
        values.append(int(part))
    if not values:
        raise CliError(_("{option}: give at least one die face, e.g. 1,5,6").format(option=option))
    return values


def add_dice_options(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """``--seed S`` | ``--dice 1,5,6`` | ``--physical``: where this command's dice come from."""
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument(
        "--seed", type=seed_number, help=_("roll with a seeded generator (reproducible)")
    )
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
        raise CliError(_("stdin: input ended while waiting for a die's face; nothing was recorded"))
    return line.rstrip("\n")


def dice_from_args(args: argparse.Namespace) -> Any:
    """The :class:`converters.dice.Dice` the options ask for (seeded when none is given)."""
    from converters.dice import ScriptedDice, SeededDice

    if getattr(args, "dice", None):
        return ScriptedDice(parse_dice_list(args.dice), source="--dice")
    if getattr(args, "physical", False):
        return asking_dice()
    return SeededDice(getattr(args, "seed", None))


def asking_dice() -> Any:
    """Physical dice asked on the terminal (:func:`ask_on_terminal`); messages on stderr, so
    ``--json`` output on stdout stays one object."""
    from converters.dice import AskingDice

    return AskingDice(ask=ask_on_terminal, tell=lambda message: print(message, file=sys.stderr))
