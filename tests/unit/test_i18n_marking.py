"""No user-visible English literal slips past the translation door (issue 14).

An AST check of the modules already converted: string literals passed to widgets (Static,
Label, Button, Checkbox, TabPane, Input placeholders, Select prompts, titles, tooltips), to
``notify``, to argparse's ``help``/``description``, in ``BINDINGS`` and screen titles, and in
raised errors must go through ``_()`` (or ``N_()`` for class-level constants). Every module is
checked: the lists of modules not yet converted emptied and were removed (issue 25).
``armylists`` holds data (scenario titles, names), which keeps its own names, so its widget
text is not checked; its raised errors are.

Two mistakes are checked everywhere: ``_`` bound as a throwaway variable in a module that
translates with it (the call then fails at run time), and ``_()`` inside an f-string (Babel
cannot extract it on Python 3.11, so the message would silently stay English).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WIDGETS_FIRST_ARGUMENT = {"Static", "Label", "Button", "Checkbox", "TabPane", "notify"}
TEXT_KEYWORDS = {"placeholder", "prompt", "title", "tooltip", "help", "description", "label"}
CLASS_TEXT = {"TITLE", "SUB_TITLE", "FORM_TITLE"}
MARKERS = {"_", "N_", "NP_", "ngettext"}
PROPER_NAMES = {"Castra"}
"""Names that are the same in every language."""


def _modules() -> list[str]:
    found = []
    for package in ("converters", "armylists", "ghost", "assistant"):
        for path in sorted((ROOT / package).rglob("*.py")):
            found.append(path.relative_to(ROOT).as_posix())
    return found


NOT_WORDS = re.compile(r"--?[a-z][a-z0-9-]*|\b[A-Z][A-Z0-9_]+\b")
"""A command-line flag (``--rate``) or a metavar (``FILE``, ``PM_A``): the same in every
language, so a refusal built only of them and another message has nothing left to translate."""


def _has_words(node: ast.AST) -> bool:
    """A str literal (or f-string) with letters in it: text someone reads (a template of
    placeholders alone, ``"{reason}"``, has none)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if node.value in PROPER_NAMES:
            return False
        text = re.sub(r"\{\w*\}", "", node.value)
        return any(character.isalpha() for character in NOT_WORDS.sub("", text))
    if isinstance(node, ast.JoinedStr):
        return any(_has_words(part) for part in node.values if isinstance(part, ast.Constant))
    return False


def _name(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def _unmarked_text(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node)
            if name in MARKERS:
                continue
            candidates = [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
            if name in WIDGETS_FIRST_ARGUMENT and node.args:
                candidates.append(node.args[0])
            if name == "Binding":
                candidates = node.args[2:3] + [
                    k.value for k in node.keywords if k.arg in ("description", "tooltip")
                ]
            found += [
                (c.lineno, f"{name}(…{ast.unparse(c)[:60]})") for c in candidates if _has_words(c)
            ]
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and any(
                        isinstance(t, ast.Name) and t.id in CLASS_TEXT for t in statement.targets
                    )
                    and _has_words(statement.value)
                    and ast.literal_eval(statement.value) not in PROPER_NAMES
                ):
                    found.append((statement.lineno, ast.unparse(statement)[:70]))
    return found


FIELD_FIRST = {
    "FieldError",
    "LedgerFieldError",
    "ArmyProblem",
    "SetupProblem",
    "ImportRefusal",
    "refused",
    "too_long",
}
"""Errors whose first argument is the field a refusal is about: a language-neutral key
(``battle_groups``) that each interface names its own way, never translated."""


def _unmarked_errors(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        words = node.exc.args[1:] if _name(node.exc) in FIELD_FIRST else node.exc.args
        if any(_has_words(argument) for argument in words):
            found.append((node.lineno, ast.unparse(node.exc)[:70]))
    return found


def _parsed(module: str) -> ast.Module:
    return ast.parse((ROOT / module).read_text(encoding="utf-8"))


@pytest.mark.parametrize("module", [m for m in _modules() if not m.startswith("armylists/")])
def test_widget_help_and_notification_text_is_marked(module: str) -> None:
    assert _unmarked_text(_parsed(module)) == []


@pytest.mark.parametrize("module", _modules())
def test_raised_errors_are_marked(module: str) -> None:
    assert _unmarked_errors(_parsed(module)) == []


def _imports_translation(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "converters.i18n"
        and any(alias.name == "_" for alias in node.names)
        for node in tree.body
    )


@pytest.mark.parametrize("module", _modules())
def test_underscore_is_never_a_throwaway_where_it_translates(module: str) -> None:
    tree = _parsed(module)
    if not _imports_translation(tree):
        return
    bound = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
    ]
    assert bound == [], f"`_` is assigned at lines {bound}: name the value instead"


@pytest.mark.parametrize("module", _modules())
def test_no_translation_inside_an_f_string(module: str) -> None:
    calls = [
        node.lineno
        for fstring in ast.walk(_parsed(module))
        if isinstance(fstring, ast.JoinedStr)
        for node in ast.walk(fstring)
        if isinstance(node, ast.Call)
        and _name(node) in MARKERS
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ]
    assert calls == [], f"_() inside an f-string at lines {calls}: Babel cannot extract it"
