"""An export carries the campaign's hash chain, and an import checks it (issue 28).

``campaign import`` once accepted an export whose event ids had a gap or whose notes were
edited: the export carried no integrity. Now each exported event carries its link of a hash
chain; a document whose chain does not hold is refused in one line, and ``--trust`` imports a
hand-made history on purpose, recorded as such in its first event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import NoteAdded, TreasuryAdjusted
from assistant.ledger.store import CampaignFileError, CampaignStore
from tests.unit.test_cli_bad_input import refused
from tests.unit.test_ledger_cli import run

TRUST = "import a hand-made history on purpose with --trust"


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    with CampaignStore.create(tmp_path / "a.castra", load_scenario("tarentine")) as store:
        store.append(TreasuryAdjusted(nation="Rome", pe=-5, note="a bribe"))
        store.append(NoteAdded(note="Pyrrhus lands at Tarentum"))
        store.undo("typo")
        document: dict[str, Any] = json.loads(json.dumps(store.export_document()))
    return document


def test_every_exported_event_carries_its_link_and_the_copy_is_the_same(
    exported: dict[str, Any], tmp_path: Path
) -> None:
    links = [item["chain"] for item in exported["events"]]
    assert len(links) == len(set(links)) == 4
    assert all(len(link) == 64 for link in links)
    with CampaignStore.import_document(exported, tmp_path / "b.castra") as copy:
        assert copy.export_document() == exported
        assert copy.events()[0].event.imported_on_trust is None  # type: ignore[union-attr]


def _edited_note(document: dict[str, Any]) -> None:
    document["events"][1]["event"]["note"] = "a gift"


def _gap(document: dict[str, Any]) -> None:
    del document["events"][2]


def _reordered(document: dict[str, Any]) -> None:
    events = document["events"]
    events[1], events[2] = events[2], events[1]


def _no_chain(document: dict[str, Any]) -> None:
    for item in document["events"]:
        del item["chain"]


def _forged_link(document: dict[str, Any]) -> None:
    document["events"][3]["chain"] = "0" * 64


def _renumbered(document: dict[str, Any]) -> None:
    document["events"][3]["id"] = 7


@pytest.mark.parametrize(
    ("edit", "place", "reason"),
    [
        (_edited_note, "events[1].chain", "does not match"),
        (_gap, "events[2].id", "ids follow each other from 1 (expected 3, got 4)"),
        (_reordered, "events[1].id", "ids follow each other from 1 (expected 2, got 3)"),
        (_no_chain, "events[0].chain", "missing: this export carries no hash chain"),
        (_forged_link, "events[3].chain", "does not match"),
        (_renumbered, "events[3].id", "ids follow each other from 1 (expected 4, got 7)"),
    ],
    ids=["edited-note", "gap", "reordered", "no-chain", "forged-link", "renumbered"],
)
def test_a_broken_chain_is_refused_in_one_line_and_no_file_is_made(
    exported: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Any,
    place: str,
    reason: str,
) -> None:
    edit(exported)
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(exported), encoding="utf-8")
    target = tmp_path / "b.castra"
    line = refused(capsys, "campaign", "import", str(source), "--file", str(target))
    assert line.startswith(f"castra: error: import: {place}: {reason}")
    assert line.endswith(TRUST)
    assert not target.exists()


def test_trust_imports_a_hand_made_history_and_its_first_event_says_so(
    exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edited_note(exported)
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(exported), encoding="utf-8")
    target = tmp_path / "b.castra"
    importing = ["campaign", "import", str(source), "--trust", "--file", str(target)]
    code, _out, err = run(capsys, *importing)
    assert (code, err) == (0, "")
    code, out, _err = run(capsys, "campaign", "history", "--file", str(target))
    assert "#1 " in out and "imported on trust: no hash chain vouched for it" in out
    with CampaignStore.open(target) as copy:
        created = copy.events()[0].event
        assert created.imported_on_trust is not None  # type: ignore[union-attr]
        again = copy.export_document()
    # From then on the copy is a campaign of its own: its export's chain holds.
    with CampaignStore.import_document(again, tmp_path / "c.castra") as third:
        assert third.events()[1].event.note == "a gift"


def test_an_export_with_its_chain_intact_needs_no_trust_and_is_not_marked(
    exported: dict[str, Any], tmp_path: Path
) -> None:
    with CampaignStore.import_document(exported, tmp_path / "b.castra", trust=True) as copy:
        assert copy.events()[0].event.imported_on_trust is None  # type: ignore[union-attr]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(event=st.integers(0, 3), field=st.sampled_from(["note", "who"]), text=st.text(max_size=20))
def test_any_edit_of_any_event_is_noticed(
    exported: dict[str, Any], tmp_path: Path, event: int, field: str, text: str
) -> None:
    document = json.loads(json.dumps(exported))
    target = document["events"][event]["event"]
    if target.get(field, "") == text:
        return
    target[field] = text
    with pytest.raises(CampaignFileError, match=r"chain: does not match"):
        CampaignStore.import_document(document, tmp_path / "never.castra")
    assert not (tmp_path / "never.castra").exists()
