"""The campaign file never loses or half-writes an event: refusals, undo, export/import,
newer and damaged files, a writer killed mid-write, two writers at once, and replay."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    BattleRecorded,
    CampaignCreated,
    ContingentResult,
    Event,
    NoteAdded,
    PmRebuilt,
    RecruitmentOrdered,
    TreasuryAdjusted,
    TurnAdvanced,
    WinterResolved,
)
from assistant.ledger.state import CampaignState, LedgerError, initial_state, replay
from assistant.ledger.store import CampaignFileError, CampaignStore
from converters.dice import Roll


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "c.castra", load_scenario("tarentine"), who="ref") as s:
        yield s


def event_count(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def test_a_copy_to_evolve_shares_only_the_frozen_scenario(store: CampaignStore) -> None:
    """A copy of the state (what each record and each live check of a form works on) shares
    the scenario, which is frozen, and nothing else: what is done to the copy leaves the
    campaign as it was (issue 21: copying the scenario was most of every record)."""
    state = store.state()
    work = state.model_copy(deep=True)
    assert work.scenario is state.scenario
    assert work == state
    work.nations["Rome"].treasury += 5
    work.control["Tarentum"] = "Rome"
    work.record(TreasuryAdjusted(nation="Carthage", pe=3, note="on the copy"), 99)
    assert store.state() == state
    assert state.nations["Rome"].treasury == 16
    assert state.nations["Carthage"].treasury == work.nations["Carthage"].treasury - 3
    with pytest.raises(ValueError):
        state.scenario.title = "changed"  # type: ignore[misc]


def test_a_refused_event_writes_nothing(store: CampaignStore) -> None:
    store.append(TreasuryAdjusted(nation="Rome", pe=4, note="tribute"))
    before = store.export_document()
    with pytest.raises(LedgerError, match="pe: Rome has 20 PE; cannot take 50"):
        store.append(TreasuryAdjusted(nation="Rome", pe=-50, note="bribe"))
    with pytest.raises(LedgerError, match="nation: one of Rome, Carthage"):
        store.append(TreasuryAdjusted(nation="Atlantis", pe=5, note="?"))
    assert store.export_document() == before
    assert event_count(store.path) == 2
    with CampaignStore.open(store.path) as again:
        assert again.state().nations["Rome"].treasury == 20


def test_undo_cancels_the_last_event_and_keeps_it_in_the_history(store: CampaignStore) -> None:
    store.append(TreasuryAdjusted(nation="Rome", pe=40, note="tribute", who="Marcus"))
    store.append(RecruitmentOrdered(nation="Rome", land_pm=1, who="Marcus"))
    assert store.state().nations["Rome"].treasury == 16
    undo = store.undo("meant Carthage", who="referee")
    assert store.state().nations["Rome"].treasury == 56
    assert store.state().nations["Rome"].training == []
    history = store.history()
    assert [entry.kind for entry in history] == [
        "campaign_created",
        "treasury_adjusted",
        "recruitment_ordered",
        "undone",
    ]
    assert history[2].undone_by == undo.id
    assert history[2].undo_reason == "meant Carthage"
    assert history[1].who == "Marcus" and history[1].when is not None
    # A second undo goes one further back, never undoing an undo.
    store.undo("tribute was next turn")
    assert store.state().nations["Rome"].treasury == 16
    with pytest.raises(LedgerError, match="nothing left to undo"):
        store.undo("again")
    with CampaignStore.open(store.path) as again:
        assert again.state().nations["Rome"].treasury == 16


def test_export_import_round_trips_exactly(store: CampaignStore, tmp_path: Path) -> None:
    store.append(TreasuryAdjusted(nation="Rome", pe=40, note="tribute"))
    store.append(NoteAdded(note="Pyrrhus's envoy Cineas speaks in the Senate"))
    store.undo("wrong turn")
    document = store.export_document()
    text = json.dumps(document)
    with CampaignStore.import_document(json.loads(text), tmp_path / "copy.castra") as copy:
        assert copy.export_document() == document
        assert copy.state().model_dump() == store.state().model_dump()
        assert [h.model_dump() for h in copy.history()] == [h.model_dump() for h in store.history()]


def test_import_of_an_impossible_document_leaves_no_file(
    store: CampaignStore, tmp_path: Path
) -> None:
    document = store.export_document()
    document["events"].append(
        {
            "id": 2,
            "event": TreasuryAdjusted(nation="Rome", pe=-500, note="x", turn=1).model_dump(
                mode="json"
            ),
        }
    )
    target = tmp_path / "bad.castra"
    with pytest.raises(CampaignFileError, match="Rome has 16 PE"):
        CampaignStore.import_document(document, target, trust=True)  # hand-made: no chain
    assert not target.exists()
    # Only the open campaign (and its own WAL files) remain: no temporary ".new" file either.
    assert {p.name for p in tmp_path.iterdir()} <= {"c.castra", "c.castra-wal", "c.castra-shm"}


def test_create_refuses_an_existing_file_and_force_keeps_it_aside(
    store: CampaignStore, tmp_path: Path
) -> None:
    store.append(NoteAdded(note="first campaign"))
    old = digest(store.path)
    with pytest.raises(CampaignFileError, match="already exists"):
        CampaignStore.create(store.path, load_scenario("macedon"))
    assert digest(store.path) == old
    store.close()
    with CampaignStore.create(store.path, load_scenario("macedon"), force=True) as fresh:
        assert fresh.state().scenario.key == "macedon"
    kept = [p for p in tmp_path.iterdir() if ".replaced-" in p.name]
    assert len(kept) == 1
    with CampaignStore.open(kept[0]) as old_store:
        assert old_store.state().scenario.key == "tarentine"


def test_a_newer_file_is_refused_and_left_unchanged(store: CampaignStore) -> None:
    path = store.path
    store.close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    before = digest(path)
    with pytest.raises(CampaignFileError, match="newer Castra \\(schema 99"):
        CampaignStore.open(path)
    assert digest(path) == before


@pytest.mark.parametrize("damage", ["garbage-page", "truncated", "not-sqlite"])
def test_a_damaged_file_is_refused_and_left_unchanged(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "c.castra"
    with CampaignStore.create(path, load_scenario("tarentine")) as store:
        for turn in range(30):
            store.append(NoteAdded(note=f"a long note to fill pages {turn} " * 40))
    data = bytearray(path.read_bytes())
    if damage == "garbage-page":
        data[4096 * 2 : 4096 * 4] = os.urandom(4096 * 2)
    elif damage == "truncated":
        data = data[: len(data) // 3]
    else:
        data[:16] = b"not a database!!"
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(CampaignFileError, match="damaged"):
        CampaignStore.open(path)
    assert digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["c.castra"], "no WAL or shm left beside it"


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CampaignFileError, match="no campaign at"):
        CampaignStore.open(tmp_path / "nowhere.castra")
    assert not (tmp_path / "nowhere.castra").exists()


WRITER = """
import sys
from assistant.ledger.events import TreasuryAdjusted
from assistant.ledger.store import CampaignStore
path, mode, total, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
with CampaignStore.open(path) as store:
    written = 0
    while (written if mode == "count" else store.state().last_event_id) < total:
        written += 1
        stored = store.append(TreasuryAdjusted(nation="Rome", pe=1, note=tag + " " + "x" * 200))
        print(stored.id, flush=True)
"""


def test_a_writer_killed_at_random_points_loses_no_committed_event(tmp_path: Path) -> None:
    """SIGKILL lands while events are being recorded, at kill points spread over the 1,000.

    The kill points are counted in events, not seconds: each writer is killed a few
    milliseconds after it reports event ``k`` committed, so a slow start on a busy machine
    cannot make every kill fall before the first event (which once failed this test).
    """
    path = tmp_path / "c.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    committed: set[int] = set()
    chance = random.Random(4)  # deterministic kill points
    kill_points = sorted(chance.sample(range(20, 980), 8))
    for kill_at in kill_points:
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), "until", "1000", "crash"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        last = 0
        while last < kill_at:
            line = writer.stdout.readline()
            if not line:
                pytest.fail(f"the writer stopped before event {kill_at}: {writer.stderr.read()}")
            last = int(line)
            committed.add(last)
        # A random instant inside the next appends (each takes a few milliseconds).
        time.sleep(chance.uniform(0, 0.02))
        assert writer.poll() is None, "the kill falls while the writer is still recording"
        writer.send_signal(signal.SIGKILL)
        out, _ = writer.communicate()
        assert writer.returncode == -signal.SIGKILL
        committed.update(int(line) for line in out.split())
        with CampaignStore.open(path) as store:
            events = store.events()
            ids = [stored.id for stored in events]
            assert committed <= set(ids), "an event reported committed is missing"
            assert ids == list(range(1, len(ids) + 1)), "no gap"
            assert all(s.event.note == "crash " + "x" * 200 for s in events[1:]), (
                "none half-written"
            )
            assert store.state().nations["Rome"].treasury == 16 + len(ids) - 1
    # Finish the 1,000 events without being killed: the file is still good to write.
    subprocess.run(
        [sys.executable, "-c", WRITER, str(path), "until", "1000", "end"],
        check=True,
        capture_output=True,
    )
    with CampaignStore.open(path) as store:
        assert store.state().last_event_id == 1000
        assert store.state().nations["Rome"].treasury == 16 + 999
        assert len(store.events()) == 1000


def test_two_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.castra"
    CampaignStore.create(path, load_scenario("tarentine")).close()
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), "count", "150", tag],
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag in ("first", "second")
    ]
    outputs = [writer.communicate()[0] for writer in writers]
    assert all(writer.returncode == 0 for writer in writers)
    ids = [int(line) for out in outputs for line in out.split()]
    assert sorted(ids) == list(range(2, 302)), "each id written once, by one writer"
    with CampaignStore.open(path) as store:
        notes = [s.event.note.split()[0] for s in store.events()[1:]]
        assert notes.count("first") + notes.count("second") == 300
        assert store.state().nations["Rome"].treasury == 16 + 300


# ---- properties ----------------------------------------------------------------------------

NATIONS = ["Rome", "Carthage", "Pyrrhus", "Senones"]


def _event(draw: st.DrawFn, state: CampaignState) -> Event:
    nation = draw(st.sampled_from(NATIONS))
    kind = draw(st.sampled_from(["treasury", "recruit", "rebuild", "battle", "advance", "winter"]))
    if kind == "treasury":
        return TreasuryAdjusted(nation=nation, pe=draw(st.integers(-60, 80)), note="referee")
    if kind == "recruit":
        return RecruitmentOrdered(
            nation=nation, land_pm=draw(st.integers(0, 2)), naval_pm=draw(st.integers(0, 1))
        )
    if kind == "rebuild":
        return PmRebuilt(nation=nation, pm=draw(st.integers(1, 2)))
    if kind == "battle":
        other = draw(st.sampled_from([n for n in NATIONS if n != nation]))
        pm_a = draw(st.integers(0, 3))
        pm_b = draw(st.integers(0, 3))
        return BattleRecorded(
            place="Heraclea",
            resolution="manual",
            winner=draw(st.sampled_from(["a", "b", "draw"])),
            contingents=[
                ContingentResult(
                    side="a", nation=nation, pm=pm_a, pm_lost=draw(st.integers(0, pm_a))
                ),
                ContingentResult(
                    side="b", nation=other, pm=pm_b, pm_lost=draw(st.integers(0, pm_b))
                ),
            ],
        )
    if kind == "winter":
        face = draw(st.integers(1, 10))
        return WinterResolved(rolls=[Roll(sides=10, value=face, purpose="T5.6 winter event")])
    return TurnAdvanced(tribute={nation: draw(st.integers(0, 30))})


@st.composite
def campaigns(draw: st.DrawFn) -> tuple[list[tuple[int, Event]], list[CampaignState]]:
    """A random sequence of valid events (refused ones dropped) and the states after each."""
    created = CampaignCreated(scenario=load_scenario("tarentine"), turn=1)
    state = initial_state(created)
    events: list[tuple[int, Event]] = [(1, created)]
    states = [state.model_copy(deep=True)]
    for _ in range(draw(st.integers(1, 60))):
        event = _event(draw, state)
        filled = event.model_copy(update={"turn": event.turn or state.turn})
        try:
            state.check(filled)
        except (LedgerError, ValueError):
            continue
        event_id = len(events) + 1
        state.apply(filled, event_id)
        events.append((event_id, filled))
        states.append(state.model_copy(deep=True))
    return events, states


@given(campaigns())
def test_treasury_never_goes_negative(
    campaign: tuple[list[tuple[int, Event]], list[CampaignState]],
) -> None:
    _, states = campaign
    for state in states:
        for nation in state.nations.values():
            assert nation.treasury >= 0
            assert nation.land_pm >= 0 and nation.naval_pm >= 0
            assert all(batch.pm > 0 for batch in nation.decimated)


@given(campaigns())
def test_replay_is_deterministic(
    campaign: tuple[list[tuple[int, Event]], list[CampaignState]],
) -> None:
    events, states = campaign
    first = replay(events)
    assert first.model_dump() == replay(events).model_dump()
    assert first.model_dump() == states[-1].model_dump()


def test_an_older_file_is_migrated_when_opened(
    store: CampaignStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant.ledger import store as store_module

    store.append(NoteAdded(note="before the upgrade"))
    path = store.path
    store.close()

    def add_table(connection: sqlite3.Connection) -> None:
        connection.execute("CREATE TABLE maps (name TEXT)")

    current = store_module.SCHEMA_VERSION
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(store_module.MIGRATIONS, current, add_table)
    with CampaignStore.open(path) as upgraded:
        assert upgraded.events()[-1].event.note == "before the upgrade"
    with sqlite3.connect(path) as connection:
        version = connection.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone()[0]
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert version == str(current + 1) and "maps" in tables


@settings(max_examples=20, deadline=None)  # each example writes two campaign files
@given(campaign=campaigns())
def test_export_import_round_trips_any_campaign(
    tmp_path_factory: pytest.TempPathFactory,
    campaign: tuple[list[tuple[int, Event]], list[CampaignState]],
) -> None:
    events, states = campaign
    folder = tmp_path_factory.mktemp("round-trip")
    created = events[0][1]
    assert isinstance(created, CampaignCreated)
    with CampaignStore.create(folder / "a.castra", created.scenario) as store:
        for _, event in events[1:]:
            store.append(event)
        if len(events) > 1:
            store.undo("property test")
        document = json.loads(json.dumps(store.export_document()))
        with CampaignStore.import_document(document, folder / "b.castra") as copy:
            assert copy.export_document() == store.export_document()
            assert copy.state().model_dump() == store.state().model_dump()
            assert copy.history() == store.history()
        if len(events) > 1:
            # The undo took the last event back: the state is the one before it.
            assert store.state().nations == states[-2].nations


def fog_contingent(most_pm: int) -> st.SearchStrategy[dict[str, int]]:
    """FOG figures (T2.1) of a contingent of at most ``most_pm`` PM."""
    return st.fixed_dictionaries(
        {
            "pm": st.integers(1, most_pm),
            "battle_groups": st.integers(1, 14),
            "broken": st.integers(0, 14),
            "fragmented": st.integers(0, 14),
            "camp_sacked": st.booleans(),
        }
    ).filter(lambda c: c["broken"] + c["fragmented"] <= c["battle_groups"])


# Rome starts with 7 land PM, Magna Graecia with 5 (T5.5).
@given(a=fog_contingent(7), b=fog_contingent(5), winner=st.sampled_from(["a", "b", "draw"]))
def test_T2_1_T4_1_losses_never_exceed_strength_and_prestige_is_zero_sum(
    a: dict[str, int], b: dict[str, int], winner: str
) -> None:
    from assistant.ledger.record import ContingentFigures, battle_event
    from tests.battle_places import tarentine_meeting_at

    # T7.4: both nations' land PM stand at Heraclea, where the battle is fought.
    scenario = tarentine_meeting_at("Heraclea", "Rome", "Magna Graecia")
    state = initial_state(CampaignCreated(scenario=scenario, turn=1))
    event = battle_event(
        state,
        place="Heraclea",
        system="fog",
        winner=winner,  # type: ignore[arg-type]
        contingents=[
            ContingentFigures(side="a", nation="Rome", **a),  # type: ignore[arg-type]
            ContingentFigures(side="b", nation="Magna Graecia", **b),  # type: ignore[arg-type]
        ],
    )
    for contingent in event.contingents:
        assert 0 <= contingent.pm_lost <= contingent.pm
    if winner == "draw":
        assert event.prestige == {}
    else:
        assert sum(event.prestige.values()) == 0
        winner_nation = "Rome" if winner == "a" else "Magna Graecia"
        assert event.prestige[winner_nation] in (1, 3, 5)
    state.check(event)  # what the converters computed is always a recordable battle


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(st.sampled_from(["note", "undo", "elsewhere", "read"]), max_size=12))
def test_the_history_kept_between_writes_is_the_history_read_afresh(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    """Issue 26: the store extends the history it read with its own appends and undos (and
    reads it afresh after another process wrote); whatever the order, it says exactly what a
    store opened on the file afterwards says."""
    path = tmp_path_factory.mktemp("kept") / "c.castra"
    with CampaignStore.create(path, load_scenario("tarentine")) as kept:
        kept.history()
        for number, step in enumerate(steps):
            if step == "note":
                kept.append(NoteAdded(note=f"note {number}"))
            elif step == "undo":
                with contextlib.suppress(ValueError):  # nothing left to undo
                    kept.undo(f"undo {number}")
            elif step == "elsewhere":
                with CampaignStore.open(path) as other:
                    other.append(NoteAdded(note=f"elsewhere {number}"))
            else:
                kept.history()
        seen = kept.history()
        with CampaignStore.open(path) as fresh:
            assert seen == fresh.history()


def test_a_file_saved_by_another_replay_is_replayed_once_not_on_every_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file last written by an older Castra (its saved state from another replay version)
    is replayed whole when opened, and the state so replayed is kept: the next open reads it,
    as the README promises ("takes longer, once"), instead of replaying every event again on
    every open until the next event is recorded."""
    from assistant.ledger import store as store_module
    from assistant.ledger.state import REPLAY_VERSION

    path = tmp_path / "older.castra"
    with CampaignStore.create(path, load_scenario("tarentine"), who="ref") as store:
        for pe in range(1, 6):
            store.append(TreasuryAdjusted(nation="Rome", pe=pe, note="tax"))
        expected = store.state().model_dump()
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE snapshot SET replay_version = ?", (REPLAY_VERSION - 1,))
    replays: list[int] = []
    whole = store_module._replay_checked

    def counted(*args: object, **kwargs: object) -> CampaignState:
        replays.append(1)
        return whole(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module, "_replay_checked", counted)
    for _ in range(3):
        with CampaignStore.open(path) as reopened:
            assert reopened.state().model_dump() == expected
    assert len(replays) == 1
    with contextlib.closing(sqlite3.connect(path)) as connection:
        (version,) = connection.execute("SELECT replay_version FROM snapshot").fetchone()
    assert version == REPLAY_VERSION
