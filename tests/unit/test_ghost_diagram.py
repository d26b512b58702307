"""docs/ghost.md shows exactly the orders machine that runs (G3)."""

from __future__ import annotations

from pathlib import Path

from ghost.decisions import Order
from ghost.diagram import render_doc, render_mermaid
from ghost.orders import TRANSITIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "ghost.md"


def test_g3_docs_ghost_md_is_generated_from_the_machine() -> None:
    assert DOC.read_text(encoding="utf-8") == render_doc(), (
        "docs/ghost.md differs from the machine: run `python -m ghost.diagram > docs/ghost.md`"
    )


def test_g3_the_diagram_has_every_state_and_every_transition() -> None:
    mermaid = render_mermaid()
    assert mermaid.splitlines()[3] == "stateDiagram-v2"
    for order in Order:
        assert f'state "{order.value}" as {order.value}' in mermaid
    for transition in TRANSITIONS:
        sources = transition["source"]
        for source in sources if isinstance(sources, list) else [sources]:
            edge = f"{source.value} --> {transition['dest'].value}: "
            line = next(line for line in mermaid.splitlines() if edge in line)
            assert transition["trigger"] in line
