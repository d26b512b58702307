"""``castra campaign``'s commands are built from their specs (issue 21 item 6).

Each campaign command is one frozen :class:`assistant.cli.specs.Command`; the parser is built
from it by one function. These tests check that every sub-command the user can type comes from
a spec, that its ``--help`` (in both languages) lists what the spec declares, and that the
arguments a referee types are still the ones the campaign commands always took.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from assistant.cli import build_parser, main
from assistant.cli.commands import campaign
from assistant.cli.common import CastraArgumentParser
from assistant.cli.specs import Arg, Command, Fields, add_command
from converters.i18n import set_language

EXPECTED_ARGUMENTS = {
    "action": "army what",
    "advance": "--tribute --full-tribute",
    "answer": "meeting --seek",
    "break": "treaty --nation",
    "centres": "--year --centres --centres-file --sovereign",
    "control": "",
    "declare-war": "nation --on",
    "done": "side",
    "export": "target --force --format --out --for",
    "fall-back": "army --to --surrender",
    "forces": "--nation --land --naval",
    "history": "",
    "import": "source --force --trust",
    "intercept": "fleet --target --seed --dice --physical",
    "land": "army",
    "lift": "province",
    "loyalty": "province --side --by --roll",
    "map": "",
    "march": "--army --loyalty",
    "meetings": "--battle",
    "merge": "force --into",
    "mobilise": "province --side --army",
    "move": "army --to --how --via --nation",
    "new": "scenario --faction --nation --treasury --land --naval --prestige --force --map "
    "--no-player --rule",
    "note": "text",
    "orders": "nation orders_file --withdraw --none --out --key",
    "pairing": "province --pick",
    "player": "nation --none",
    "players": "nation --keys --lang --rotate",
    "prestige": "--nation --pp",
    "rebuild": "--nation --pm",
    "record": "--place --meeting --system --winner --side-a --side-b --turn --city-assault "
    "--city-taken --battle-groups --broken --fragmented --attrition --total-eleq --eliminated "
    "--demoralised --elements --lost --bases --killed --broken-bases --pm-lost --prisoners "
    "--fleet --naval-lost --captured --camp-sacked --dice-log --army-a --army-b --lost-a "
    "--lost-b --elements-a --elements-b --general-lost --camp-lost --retreat-to --seed --dice "
    "--physical",
    "recruit": "--nation --land --naval --province --join",
    "rename": "force --name",
    "resolve": "",
    "retreat": "--army",
    "rule": "name value --reason",
    "rules": "",
    "sack": "province --nation",
    "sail": "fleet --to --via --carry --land --nation",
    "show": "",
    "siege": "province",
    "split": "force --pm --name",
    "take": "--province --nation",
    "treasury": "--nation --pe",
    "treaty": "--party --terms --nation --not-alliance --imposed-by --pp",
    "tribute": "",
    "undo": "--reason",
    "victory": "",
    "winter": "--storm-nation --annex --stationed --disband --seed --dice --physical",
    "withdraw": "meeting --to --pyrrhus/--no-pyrrhus --seed --dice --physical",
}
"""What a referee types after ``castra campaign ACTION`` besides ``--file``, ``--json``,
``--who`` and ``--note``: each command's options and positionals as they were before the
commands became specs (issue 21 item 6: nothing a user sees changes)."""

COMMON = ("--file", "--json", "--who")


def _campaign(language: str) -> CastraArgumentParser:
    set_language(language)
    try:
        return build_parser("campaign").subcommands["campaign"]
    finally:
        set_language("en")


def _typed(action: argparse.Action) -> str:
    """An argument as the user types it: its option strings, or a positional's name."""
    return "/".join(action.option_strings) if action.option_strings else action.dest


def _own(parser: CastraArgumentParser) -> list[str]:
    return [
        _typed(action)
        for action in parser.arguments
        if not set(action.option_strings) & {*COMMON, "--note", "--help"}
    ]


def _positional(action: argparse.Action) -> str:
    """A positional as ``--help`` names it: its metavar, its choices, or its name."""
    if action.metavar is not None:
        return str(action.metavar)
    if action.choices is not None:
        return "{" + ",".join(map(str, action.choices)) + "}"
    return action.dest


def test_every_campaign_command_is_built_from_a_spec_in_the_order_help_lists_them() -> None:
    parser = _campaign("en")
    assert list(parser.subcommands) == [spec.name for spec in campaign.COMMANDS]
    assert all(isinstance(spec, Command) for spec in campaign.COMMANDS)
    assert len({spec.name for spec in campaign.COMMANDS}) == len(campaign.COMMANDS)


def test_each_command_takes_the_arguments_it_always_took() -> None:
    parser = _campaign("en")
    typed = {name: " ".join(_own(command)) for name, command in parser.subcommands.items()}
    assert typed == EXPECTED_ARGUMENTS


@pytest.mark.parametrize("language", ["en", "it"])
def test_each_command_parser_is_its_spec_and_its_help_lists_every_argument(
    language: str,
) -> None:
    parser = _campaign(language)
    for spec in campaign.COMMANDS:
        command = parser.subcommands[spec.name]
        names = [
            action.option_strings[0] if action.option_strings else action.dest
            for action in command.arguments
            if "--help" not in action.option_strings
        ]
        declared = [*COMMON, *(["--note"] if spec.note else []), *(a.name for a in spec.args)]
        # The shared option sets (dice, house rules) come after the spec's own arguments.
        assert names[: len(declared)] == declared, spec.name
        text = command.format_help()
        for action in command.arguments:
            shown = action.option_strings or [_positional(action)]
            for word in shown:
                assert word in text, (language, spec.name, word)
            if action.help:
                first = action.help.split()[0]
                assert first in text, (language, spec.name, action.help)


def test_every_command_that_records_takes_a_note_and_every_reading_one_does_not() -> None:
    """An event keeps the referee's ``--note``; a command that writes nothing has none."""
    reading = {"show", "control", "history", "export", "import", "map", "tribute", "pairing"}
    reading |= {"rules", "meetings", "victory", "players", "note", "undo"}
    for spec in campaign.COMMANDS:
        assert spec.note == (spec.name not in reading), spec.name


def test_a_force_name_is_read_as_the_campaigns_own_for_the_arguments_the_spec_marks() -> None:
    marked = {spec.name: spec.force_fields for spec in campaign.COMMANDS if spec.force_fields}
    assert marked == {
        "record": ("army_a", "army_b"),
        "move": ("army",),
        "action": ("army",),
        "sail": ("fleet", "carry"),
        "orders": ("withdraw",),
        "land": ("army",),
        "rename": ("force",),
        "split": ("force",),
        "merge": ("force", "into"),
        "fall-back": ("army",),
        "intercept": ("fleet", "target"),
    }


def test_a_spec_has_an_event_or_a_run_never_both_nor_neither() -> None:
    commands = CastraArgumentParser(prog="castra").add_subparsers()
    for wrong in (
        Command(name="x", help="x"),
        Command(name="x", help="x", event=Fields("NoteAdded"), run=lambda args: 0),
    ):
        with pytest.raises(ValueError, match="either an event or a run"):
            add_command(commands, wrong, common=(), note=campaign._NOTE, handler=lambda a: 0)
    with pytest.raises(AttributeError):
        campaign.COMMANDS[0].name = "other"  # type: ignore[misc]


def test_a_repeatable_option_starts_empty_in_every_run() -> None:
    """``repeat``: each parse starts from its own empty list, not one shared between runs."""
    parser = argparse.ArgumentParser()
    Arg(name="--party", repeat="append").add_to(parser)
    assert parser.parse_args(["--party", "Rome"]).party == ["Rome"]
    assert parser.parse_args([]).party == []
    assert parser.parse_args(["--party", "Carthage"]).party == ["Carthage"]


def test_the_private_argparse_type_is_named_once() -> None:
    """argparse has no public name for what ``add_subparsers`` returns: one alias says it."""
    package = Path(campaign.__file__).parents[2]
    spelled = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if "_SubParsersAction" in path.read_text(encoding="utf-8")
    )
    assert spelled == ["cli/common.py"]


def test_a_command_from_a_spec_records_and_refuses_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """T2.5: ``rebuild`` records its event; a refusal is one line naming the option, exit 2,
    and the file is unchanged."""
    path = str(tmp_path / "c.castra")
    assert main(["campaign", "new", "tarentine", "--file", path]) == 0
    capsys.readouterr()
    before = Path(path).read_bytes()
    assert main(["campaign", "rebuild", "--file", path, "--nation", "Rome", "--pm", "1"]) == 2
    refusal = capsys.readouterr().err
    assert refusal.count("\n") == 1 and "Traceback" not in refusal
    assert Path(path).read_bytes() == before
    assert (
        main(
            [
                "campaign",
                "treasury",
                "--file",
                path,
                "--nation",
                "Rome",
                "--pe",
                "5",
                "--note",
                "gift",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.startswith("#2 ")
