"""The ledger's event families (issue 21 item 1): one dispatch table names a family for every
event kind; a family's check never changes the campaign, refused or not; no handler takes an
``apply`` flag; and undo has one meaning, the state as if the undone event had never been
recorded, whichever replay reads the log."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.dispatch import FAMILIES
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import (
    EVENT_KINDS,
    BattleRecorded,
    CampaignCreated,
    ContingentResult,
    Event,
    NoteAdded,
    TreasuryAdjusted,
    TurnAdvanced,
    Undone,
)
from assistant.ledger.state import LedgerError, initial_state, replay, replay_as_recorded
from tests.unit import test_ledger_undo as undo_tests
from tests.unit.test_ledger_undo import KINDS, SCENARIOS

LEDGER = Path(__file__).resolve().parents[2] / "assistant" / "ledger"


def test_every_event_kind_has_its_family_in_the_one_table() -> None:
    kinds = [event_type.model_fields["kind"].default for event_type in FAMILIES]
    assert sorted(kinds) == sorted(set(EVENT_KINDS) - {"campaign_created", "undone"})
    assert len(kinds) == len(set(kinds)), "each kind once"


def test_no_handler_of_the_ledger_takes_an_apply_flag() -> None:
    """Check and evolve are separate functions: no parameter or test of ``apply``."""
    found = []
    for path in sorted(LEDGER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg == "apply":
                found.append(f"{path.name}:{node.lineno} parameter apply")
            if isinstance(node, ast.Name) and node.id == "apply":
                found.append(f"{path.name}:{node.lineno} reads apply")
            if isinstance(node, ast.keyword) and node.arg == "apply":
                found.append(f"{path.name}:{node.lineno} apply=")
    assert found == []


def test_the_replay_module_is_small() -> None:
    """state.py replays and opens the door to the families; the handlers are theirs."""
    lines = (LEDGER / "state.py").read_text(encoding="utf-8").count("\n")
    assert lines < 400


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_check_changes_nothing_whether_it_refuses_or_accepts(data: st.DataObject) -> None:
    """Every kind of campaign (the Tarentine Wars, Macedon vs Persia's armies, Bellum) and
    every kind a referee records in it."""
    key = data.draw(st.sampled_from(sorted(SCENARIOS)), label="scenario")
    state = initial_state(CampaignCreated(scenario=SCENARIOS[key](), turn=1))
    kinds = st.sampled_from(["advance", "note", *KINDS[key]])
    for kind in data.draw(st.lists(kinds, min_size=1, max_size=30), label="events"):
        try:
            event = undo_tests.event_of(data, kind, state)
        except (LedgerError, ValueError):
            continue  # the converters refused to build it: nothing to check
        filled = event.model_copy(update={"turn": event.turn or state.turn})
        before = state.model_dump()
        try:
            state.check(filled)
        except (LedgerError, ValueError):
            assert state.model_dump() == before, f"a refused {filled.kind} changed the state"
            continue
        assert state.model_dump() == before, f"an accepted {filled.kind} changed the state"
        state.record(filled, state.last_event_id + 1)


def _log(*events: Event) -> list[tuple[int, Event]]:
    created = CampaignCreated(scenario=load_scenario("tarentine"), turn=1)
    return list(enumerate([created, *events], start=1))


def test_an_undo_behind_the_last_event_means_as_if_never_recorded() -> None:
    """An imported log may undo an event that is not the last in force (Castra itself
    undoes only the last): both replays give the campaign without it, and the history still
    says what each event did when it was recorded."""
    log = _log(
        TreasuryAdjusted(nation="Rome", pe=5, note="gift", turn=1),
        TreasuryAdjusted(nation="Rome", pe=3, note="loan", turn=1),
        Undone(target=2, reason="never given", turn=1),
        NoteAdded(note="after", turn=1),
    )
    start = initial_state(log[0][1]).nations["Rome"].treasury  # type: ignore[arg-type]
    state, told = replay_as_recorded(log)
    assert state.model_dump() == replay(log).model_dump()
    assert state.nations["Rome"].treasury == start + 3
    assert told[3].english() == f"Rome treasury +3 PE → {start + 8} PE", "as it was recorded"
    assert told[4].english() == "undid #2: never given"
    without = _log(TreasuryAdjusted(nation="Rome", pe=3, note="loan", turn=1))
    assert state.nations == replay(without).nations, "as if #2 had never been recorded"


def test_undoing_the_last_event_puts_back_the_state_it_found() -> None:
    log = _log(
        TreasuryAdjusted(nation="Rome", pe=5, note="gift", turn=1),
        Undone(target=2, reason="typo", turn=1),
    )
    state, told = replay_as_recorded(log)
    assert state.model_dump() == replay(log).model_dump()
    assert state.nations == replay(log[:1]).nations
    assert state.last_event_id == 3
    assert told[2].english().startswith("Rome treasury +5 PE")


@pytest.mark.parametrize(
    ("event", "field", "words"),
    [
        pytest.param(
            TreasuryAdjusted(nation="Rome", pe=20_000, note="war chest", turn=1),
            "pe",
            "no treasury holds more than 10,000 PE (T7.8)",
            id="T7.8-treasury",
        ),
        pytest.param(
            TurnAdvanced(tribute={"Rome": 20_000}, turn=1),
            "tribute",
            "no treasury holds more than 10,000 PE (T7.8)",
            id="T7.8-tribute",
        ),
        pytest.param(
            BattleRecorded(
                place="Tarentum",
                resolution="manual",
                winner="a",
                contingents=[
                    ContingentResult(side="a", nation="Rome", pm=2),
                    ContingentResult(side="b", nation="Magna Graecia", pm=1),
                ],
                turn=1,
            ),
            "contingents.pm",
            "Rome has 0 land PM standing at Tarentum (fielded 2, T7.4)",
            id="T7.4-standing",
        ),
    ],
)
def test_a_rule_younger_than_the_file_binds_new_events_only(
    event: Event, field: str, words: str
) -> None:
    """T7.8's bound and T7.4's standing PM came after campaign files were written: a new
    event is refused (check), a recorded one still replays (recheck)."""
    log = _log(event)
    start = initial_state(log[0][1])  # type: ignore[arg-type]
    with pytest.raises(LedgerFieldError) as refusal:
        start.check(event)
    assert refusal.value.fields == (field,)
    assert words in refusal.value.english
    assert replay(log).last_event_id == 2, "the recorded event replays"
