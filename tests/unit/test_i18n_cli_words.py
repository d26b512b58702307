"""No English on an Italian command line (issue 25, review §4.1): every command's ``--help`` and
a refusal of each, read in Italian, hold no word that only the English side of the catalogue
uses, outside a short list of names, keys and abbreviations.

A word "only the English side uses" is one that some English message says and no Italian
message does ("turn", "fleet", "error"); the choice keys a command takes stay English by design
(``{fog,dbm,…}``, ``--faction julii``) and flags are the same in every language, so both are
taken out before the words are read.

Every command is taken from the parser itself (``build_parser().commands()``: the specs of
``assistant/cli/specs.py`` and each module's own parser), so a new command is swept as soon as
it is registered: its ``--help``, argparse's refusal of an unknown option, the command's own
answer when each required argument is a word it cannot take, and its text when it succeeds (the
invocations of the JSON comparison, which covers every command that has ``--json``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import get_args

import pytest

from assistant.cli import build_parser, main
from assistant.cli.common import CastraArgumentParser
from tests.english_words import english_only_words, words
from tests.unit import test_i18n

NAMES_KEYS_AND_ABBREVIATIONS = {
    # the program, the rule sets and the seeds' own names
    "castra", "bellum", "anni", "tras", "json", "markdown", "typst", "html", "http",
    # data: the shipped scenarios' keys, typed on the command line
    "tarentine", "macedon", "persia", "custom",
}  # fmt: skip
"""Words the Italian command line may show although English messages use them."""


COMMANDS = [" ".join(path) for path, _parser in build_parser().commands()]

COMMAND_WORDS = {word for command in COMMANDS for word in words(command)}
"""The commands' own names ("castra campaign record") are keys, typed as they are."""

ENGLISH_ONLY = english_only_words() - NAMES_KEYS_AND_ABBREVIATIONS - COMMAND_WORDS


def _said(text: str) -> set[str]:
    """The words a reader reads: flags (``--side-a``), choice keys (``{fog,dbm}``, ``'won'``)
    and a file name in an example are not words of the interface."""
    text = re.sub(r"--?[\w-]+|\{[^{}]*\}|'[\w-]+'|[\w.-]+\.(castra|json|md|csv|pdf)\b", " ", text)
    return words(text) & ENGLISH_ONLY


def _field_said(refusal: str) -> str:
    """The field a refusal names first ("castra: errore: forza: …" → "forza"), or "" when it
    names an option, a metavariable or none (an option is the same in every language)."""
    found = re.match(r"[\w ]+: errore: ([a-z_]+): ", refusal)
    return found.group(1) if found else ""


ITALIAN_FIELD_NAMES = {"", "provincia", "esercito", "flotta", "forza", "trattato", "testo"}
ITALIAN_FIELD_NAMES |= {"incontro", "turno", "anno", "nome", "regola", "storno"}
"""The fields a refusal may name by word on an Italian command line: the positionals as the
usage names them, and the ledger's own fields (``assistant.cli.common.FIELD_WORDS``)."""


def test_every_command_is_checked() -> None:
    assert len(COMMANDS) > 40
    assert "campaign record" in COMMANDS and "annibui discipline" in COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_help_in_italian_says_no_english_word(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "it", *command.split(), "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("uso: castra ")
    assert _said(out) == set(), out


@pytest.mark.parametrize("command", COMMANDS)
def test_a_refusal_in_italian_says_no_english_word(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flag no command has is refused in one Italian line (exit 2), before anything runs."""
    with pytest.raises(SystemExit) as refused:
        main(["--lang", "it", *command.split(), "--nessuna-opzione"])
    out, err = capsys.readouterr()
    assert (refused.value.code, out) == (2, "")
    assert err.count("\n") == 1 and ": errore: " in err, err
    assert _said(err) == set(), err


def test_the_check_finds_english() -> None:
    """The check would catch an English sentence (it guards something)."""
    assert _said("the enemy retreats after the storm") != set()


# ---- what a campaign's commands print, read in Italian (issue 25, the last sweep) ------------

ENGLISH_KEYS = re.compile(
    r"\b(Rome|Carthage|Senones|Etruscans|Magna Graecia|Pyrrhus|Syracuse|Neutral|Macedon"
    r"|Alexander|Darius)\b"
)
"""A shipped nation's key or a Macedon army's stored name, shown where the reader's word
belongs (Roma, Macedonia, Alessandro …)."""

SWEEP = [
    # (campaign, command line): printed text and refusals, on a fresh campaign
    ("tarentine", ["campaign", "show"]),
    ("tarentine", ["campaign", "map"]),
    ("tarentine", ["campaign", "control"]),
    ("tarentine", ["campaign", "tribute"]),
    ("tarentine", ["campaign", "victory"]),
    ("tarentine", ["campaign", "players"]),
    ("tarentine", ["campaign", "orders", "Rome"]),
    ("tarentine", ["campaign", "merge", "Rome I", "--into", "Carthage I"]),
    ("tarentine", ["campaign", "sack", "Roma", "--nation", "Rome"]),
    ("tarentine", ["campaign", "withdraw", "1", "--dice", "5"]),
    ("macedon", ["campaign", "show"]),
    ("macedon", ["campaign", "map"]),
    ("macedon", ["campaign", "players"]),
    ("macedon", ["campaign", "orders", "Macedon"]),
    ("macedon", ["campaign", "pairing", "Macedonia"]),
    ("macedon", ["campaign", "recruit", "--nation", "Macedon", "--land", "1"]),
    ("macedon", ["campaign", "move", "Macedon 4", "--to", "Macedonia"]),
    ("macedon", ["campaign", "action", "Alexander", "break-off"]),
    ("macedon", ["campaign", "loyalty", "Thrace", "--side", "Persia", "--by", "1", "--note", "x"]),
    ("macedon", ["campaign", "mobilise", "Lydia", "--side", "Macedon", "--army", "Macedon 9"]),
    # what is recorded, said back: a D1 army by its Italian name ("Macedonia 4", D11, D5)
    ("macedon", ["campaign", "action", "Macedon 4", "works"]),
    ("macedon", ["campaign", "march", "--army", "Macedon 4", "--loyalty", "4"]),
    ("macedon", ["campaign", "retreat", "--army", "Macedon 4"]),
    ("macedon", ["campaign", "mobilise", "Thrace", "--side", "Macedon", "--army", "Macedon 9"]),
]


@pytest.mark.parametrize(("scenario", "argv"), SWEEP, ids=[" ".join(a) for _s, a in SWEEP])
def test_a_campaign_command_in_italian_says_no_english_word_nor_an_english_name(
    scenario: str, argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its text or its refusal: no English word, no nation or army under its English key
    (issue 25: "di Rome", "eserciti di Macedon", "phase:", "Macedon 2")."""
    path = str(tmp_path / f"{scenario}.castra")
    assert main(["campaign", "new", scenario, "--file", path]) == 0
    capsys.readouterr()
    code = main(["--lang", "it", *argv, "--file", path])
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    text = out + err
    assert _said(text) == set(), text
    assert not ENGLISH_KEYS.findall(re.sub(r"'[^']*'", " ", text)), text


# ---- each command's own answer to a wrong word, read in Italian (issue 25) --------------------

WRONG = "zzz"
"""What every required argument is given: no nation, province, number, file or key is called
so, so each command refuses it in its own words (or argparse in its words, for a number or a
choice), and quotes it back."""


def _house_rule_keys() -> set[str]:
    """The house rules' names and choices (docs/rules.md H), typed as ``--rule NAME=VALUE``."""
    from converters.house_rules import HouseRules, option_names

    choices = {
        str(choice)
        for field in HouseRules.model_fields.values()
        for choice in get_args(field.annotation)
    }
    return {*option_names(), *choices}


def _bellum_keys() -> set[str]:
    """Bellum's powers as typed (the key beside its Italian name) and their capitals as seed B
    names them (Carthago, Syria)."""
    from armylists.bellum import powers

    return {name for power in powers() for name in (power.name, power.capital)}


KEYS_LISTED = {
    "campaign rules": _house_rule_keys(),
    "campaign rule": _house_rule_keys(),
    "bellum powers": _bellum_keys(),
}
"""Commands that list keys on purpose, and the keys."""

NOT_RUN = {"serve": "it has no required argument, so nothing refuses and it would start serving"}
"""Commands the sweep leaves out, and why."""


def _wrongly_filled(parser: CastraArgumentParser) -> list[str]:
    """The command line that gives each required argument of ``parser`` :data:`WRONG`."""
    argv: list[str] = []
    for action in parser.arguments:
        if not action.option_strings and action.nargs not in ("?", "*"):
            argv.append(WRONG)
        elif action.required:
            argv += [action.option_strings[0], WRONG]
    return argv


def _takes_a_file(parser: CastraArgumentParser) -> bool:
    return any("--file" in action.option_strings for action in parser.arguments)


WRONGLY_FILLED = {
    " ".join(path): [
        *path,
        *_wrongly_filled(parser),
        *(("--file", "{campaign}") if _takes_a_file(parser) else ()),
    ]
    for path, parser in build_parser().commands()
    if " ".join(path) not in NOT_RUN
}
"""Every command of the parser (a new one is swept as soon as it is registered), as run."""


@pytest.fixture(scope="module")
def fresh_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "tarentine.castra"
    assert main(["campaign", "new", "tarentine", "--file", str(path)]) == 0
    return path


def test_every_command_is_swept_but_those_said_why() -> None:
    assert set(WRONGLY_FILLED) | set(NOT_RUN) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(WRONGLY_FILLED))
def test_a_command_s_own_answer_in_italian_says_no_english_word(
    command: str,
    fresh_campaign: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each command, given a word it cannot take where it needs one (on a fresh campaign, for
    a campaign command), answers in Italian: one refusal line and exit 2, or its text when it
    needs nothing; no English word, no nation under its English key, never a traceback."""
    monkeypatch.chdir(tmp_path)
    campaign = tmp_path / "campaign.castra"
    shutil.copy(fresh_campaign, campaign)
    argv = [str(campaign) if word == "{campaign}" else word for word in WRONGLY_FILLED[command]]
    try:
        code = main(["--lang", "it", *argv])
    except SystemExit as refused:
        code = refused.code
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 2:
        assert (out, err.count("\n")) == ("", 1) and ": errore: " in err, err
    text = re.sub(r"\S*/\S*", " ", out + err)  # a path is the file system's, not a word of ours
    for key in sorted(KEYS_LISTED.get(command, ()), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(key)}(?![\w-])", " ", text)
    assert _said(text) == set(), text
    assert not ENGLISH_KEYS.findall(re.sub(r"'[^']*'", " ", text)), text
    assert _field_said(err) in ITALIAN_FIELD_NAMES, err


# ---- each command's text when it succeeds, read in Italian (issue 25) ------------------------

NOT_TEXT = {"campaign export": "it prints the campaign's JSON, the same in every language"}
"""Commands whose output is data, not words."""

STILL_ENGLISH: dict[str, str] = {}
"""What is known to be English still, and where it is being done."""


def _succeeding() -> dict[str, tuple[str, list[list[str]], list[str]]]:
    """Every command, run as it succeeds: the invocations the JSON comparison uses (its scene
    and its words, tests/unit/test_i18n.py), which the parser keeps complete."""
    return {
        **{command: ("", [], argv) for command, argv in test_i18n.JSON_COMMANDS.items()},
        **test_i18n.CAMPAIGN_JSON_COMMANDS,
    }


SUCCEEDING = _succeeding()

shared_templates = test_i18n.campaign_templates
"""The JSON comparison's campaigns (the fixture ``campaign_templates``), made once."""


@pytest.mark.parametrize("command", sorted(set(SUCCEEDING) - set(NOT_TEXT)))
def test_a_command_s_text_in_italian_says_no_english_word_nor_an_english_name(
    command: str,
    shared_templates: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What each command prints when it does its work, read in Italian: no English word, no
    nation or army under its English key (the refusals are checked above)."""
    if command in STILL_ENGLISH:
        pytest.skip(STILL_ENGLISH[command])
    monkeypatch.chdir(tmp_path)
    template, scene, argv = SUCCEEDING[command]
    campaign = tmp_path / "campaign.castra"
    if template:
        shutil.copy(shared_templates / template, campaign)
    files = {
        "{centres}": test_i18n._centres_file(tmp_path),
        "{battle}": str(test_i18n.ROOT / "docs" / "examples" / "ghost-battle.json"),
        "{pp}": str(test_i18n.ROOT / "docs" / "examples" / "ghost-pp.json"),
        "{sheet}": str(tmp_path / "sheet.md"),
        "{export}": str(shared_templates / "export.json"),
    }
    argv = [files.get(word, word) for word in argv]
    on_file = ["--file", str(campaign)] if command.startswith("campaign ") or template else []
    for typed in scene:
        assert main([*typed, *on_file]) == 0
    capsys.readouterr()
    code = main(["--lang", "it", *argv, *on_file])
    out, err = capsys.readouterr()
    assert code == 0, err
    text = re.sub(r"\S*/\S*", " ", out + err)  # a path is the file system's, not a word of ours
    for key in sorted(KEYS_LISTED.get(command, ()), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(key)}(?![\w-])", " ", text)
    assert _said(text) == set(), text
    assert not ENGLISH_KEYS.findall(re.sub(r"'[^']*'", " ", text)), text
