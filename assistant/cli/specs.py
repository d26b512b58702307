"""Sub-commands said as data: each one's words, arguments and the event it records.

Forty-odd ``campaign`` commands each built a parser by hand and copied ``args.x`` into one
event (issue 21 item 6; STYLE.md, "Declarative where it repeats"). Here a command is an
immutable :class:`Command` — its name, its help, its :class:`Arg` list, and either the event
it makes (:class:`Fields`, or a function of the parsed values) or, for a command that only
reads, a small function of its own. :func:`add_command` is the one place an argument reaches
argparse; the module that owns the commands (``assistant.cli.commands.campaign``) runs every event
command through its one recording function.

Help texts are English msgids marked with ``N_``: they are said in the reader's language when
the parser is built, as the language is known only then. The module imports no ledger, so
``castra --help`` pays for none; the specs are ``NamedTuple``s, as the ledger's read models
are, since ``dataclasses`` imports ``inspect``, a twentieth of ``castra --help``. Their
annotations are evaluated, not postponed: ``typing`` compiles each postponed one anew when the
class is made, milliseconds of every start.
"""

import argparse
import builtins
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

__all__ = ["Arg", "Command", "EventMaker", "Fields", "Refusal", "add_command"]


class Arg(NamedTuple):
    """One argument of a command, as argparse takes it.

    ``name`` is ``"--nation"`` for an option, ``"army"`` for a positional. ``help`` is an
    English msgid (said with ``_()`` when the parser is built). ``repeat`` makes an option
    that may be given again (``append``) or take several values at once (``extend``), starting
    from an empty list. ``force``: the value names an army or fleet, read as the campaign's own
    name ("roma i" → "Rome I", T7.2) before the command runs.
    """

    name: str
    help: str | None = None
    type: Callable[[str], Any] | None = None
    metavar: str | None = None
    choices: Sequence[str] | None = None
    default: Any = None
    required: bool = False
    action: str | builtins.type[argparse.Action] | None = None
    repeat: Literal["append", "extend"] | None = None
    nargs: str | None = None
    dest: str | None = None
    force: bool = False

    @property
    def attribute(self) -> str:
        """The parsed value's name in the namespace (``--side-a`` → ``side_a``)."""
        if self.dest is not None:
            return self.dest
        return self.name.lstrip("-").replace("-", "_")

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        options: dict[str, Any] = {}
        if self.repeat is not None:
            options["action"] = self.repeat
            options["default"] = []
        elif self.action is not None:
            options["action"] = self.action
        if self.repeat == "extend":
            options["nargs"] = "+"
        for key, value in (
            ("nargs", self.nargs),
            ("default", self.default),
            ("type", self.type),
            ("choices", self.choices),
            ("metavar", self.metavar),
            ("dest", self.dest),
        ):
            if value is not None:
                options[key] = value
        if self.required:
            options["required"] = True
        if self.help is not None:
            options["help"] = _(self.help)
        parser.add_argument(self.name, **options)


class Fields(NamedTuple):
    """An event made field by field from the parsed values: its class in
    ``assistant.ledger.events`` (imported only when the command runs) and, for each field the
    event takes, the argument it is read from; ``who`` and ``note`` are always the command's."""

    event: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, event: str, **fields: str) -> "Fields":
        """``Fields.of("PmRebuilt", nation="nation", pm="pm")``."""
        return cls(event, tuple(fields.items()))

    def make(self, args: argparse.Namespace, who: str) -> Any:
        from assistant.ledger import events

        made = getattr(events, self.event)
        values = {name: getattr(args, attribute) for name, attribute in self.fields}
        return made(**values, who=who, note=args.note)


EventMaker = Callable[[argparse.Namespace, Any], Any]
"""A function of the parsed values and the command's open campaign (``Recording``) that makes
the event, or refuses with a :class:`~assistant.cli.errors.CliError`."""

Refusal = Callable[[argparse.Namespace, Exception, Mapping[str, str]], str]
"""A command's own wording of the ledger's refusal, where the shared one will not do: of the
parsed values, the refusal, and the options its fields are typed as (:attr:`Command.flags`)."""


class Command(NamedTuple):
    """One sub-command: what ``--help`` says of it, its arguments, and what it does.

    An event command has ``event`` (:class:`Fields` or an :data:`EventMaker`); ``flags`` maps
    an event field the ledger may refuse to the option the user typed (``imposed_by`` →
    ``--imposed-by``); ``refusal`` rewords the ledger's refusal where a command names fields
    its own way. A command that only reads, or that decides between several events and a
    listing, has ``run`` instead. ``note``: it takes ``--note`` (every command that records
    something does). ``options``: option sets shared with other commands (dice, house rules),
    added after the arguments.
    """

    name: str
    help: str
    args: tuple[Arg, ...] = ()
    event: Fields | EventMaker | None = None
    run: Callable[[argparse.Namespace], int] | None = None
    flags: Mapping[str, str] = MappingProxyType({})
    refusal: Refusal | None = None
    note: bool = True
    options: tuple[Callable[[argparse.ArgumentParser], None], ...] = ()

    @property
    def force_fields(self) -> tuple[str, ...]:
        """The arguments that name an army or fleet (:attr:`Arg.force`)."""
        return tuple(arg.attribute for arg in self.args if arg.force)


def add_command(
    commands: "Subcommands",
    spec: Command,
    *,
    common: Sequence[Arg],
    note: Arg,
    handler: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    """The sub-parser of ``spec`` under ``commands``: ``common`` (every command's options,
    e.g. ``--file``), ``note`` when the command records, its own arguments, then its shared
    option sets; ``handler`` runs it. A spec with both an event and a run, or neither, is a
    mistake of ours, refused here (a :class:`Command` is a plain tuple)."""
    if (spec.event is None) == (spec.run is None):
        raise ValueError(
            _("{name}: a command has either an event or a run, not both").format(name=spec.name)
        )
    text = _(spec.help)
    parser = commands.add_parser(spec.name, help=text, description=text)
    for arg in (*common, *((note,) if spec.note else ()), *spec.args):
        arg.add_to(parser)
    for add in spec.options:
        add(parser)
    parser.set_defaults(handler=handler, force_fields=spec.force_fields)
    return parser
