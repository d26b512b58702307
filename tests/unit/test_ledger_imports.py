"""The ledger has no import circle (issue 21 item 1).

The errors and the state models sit below every event family, the families below the
replay (:mod:`assistant.ledger.state`) and the store; no module imports one above it, not
even inside a function. The graph is read from the source with
``ast`` (every ``import``, at the top or inside a function; an import for type checking only,
under ``if TYPE_CHECKING:``, is never run and is left out), and each module is also imported
first in a fresh interpreter, where a circle would fail on a half-made module.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

LEDGER = Path(__file__).resolve().parents[2] / "assistant" / "ledger"
PACKAGE = "assistant.ledger"
MODULES = sorted(p.stem for p in LEDGER.glob("*.py") if p.stem != "__init__")
"""Every module of the ledger but the package's lazy door (``__init__`` names its
neighbours only as strings and for type checking, so that the app's first frame loads none)."""


def _imports(module: str) -> set[str]:
    """The ledger modules ``module`` imports, anywhere in its source."""
    tree = ast.parse((LEDGER / f"{module}.py").read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith(PACKAGE + "."):
                head = name.removeprefix(PACKAGE + ".").split(".")[0]
                if head in MODULES and head != module:
                    found.add(head)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph`` (its modules in order, the first repeated), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = "done"
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_ledger_import_graph_has_no_circle() -> None:
    graph = {module: _imports(module) for module in MODULES}
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    """The check above can fail: a made-up graph with a circle is caught."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_errors_and_models_import_no_event_family() -> None:
    """The bottom modules import nothing of the ledger but the events and each other (the read
    models, issue 21 item 5, nothing of it at all)."""
    assert _imports("errors") == set()
    assert _imports("read_models") == set()
    assert _imports("models") <= {"errors", "events", "read_models"}


@pytest.mark.parametrize("module", MODULES)
def test_each_ledger_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", f"import {PACKAGE}.{module}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
