"""The glance the ledger keeps with every event (assistant.ledger.glance): read by the app's
first frame with the standard library alone, so it must never be stale, never raise for a bad
file, never travel in an export, and be rebuilt for a file from before it was kept."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import GhostBattleFinished, NoteAdded, TreasuryAdjusted
from assistant.ledger.glance import BUILT_FOR_REPLAY, GLANCE_KEY, forget_glance, read_glance
from assistant.ledger.read_models import Glance
from assistant.ledger.state import REPLAY_VERSION
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from ghost.battle import GhostBattle
from ghost.generals import GeneralProfile

STAMP = ("format", "replay", "last_event", "digest")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "c.castra", load_scenario("tarentine"), who="ref") as s:
        yield s


def _body(glance: Glance | dict[str, object] | None) -> dict[str, object]:
    """The glance's contents, its stamp aside (the store's typed glance as the file keeps it)."""
    assert glance is not None
    kept = glance.to_json() if isinstance(glance, Glance) else glance
    return {key: value for key, value in kept.items() if key not in STAMP}


def _rome_treasury(glance: Glance | dict[str, object] | None) -> object:
    assert glance is not None
    if isinstance(glance, Glance):
        return next(nation.treasury for nation in glance.nations if nation.name == "Rome")
    nations = glance["nations"]
    assert isinstance(nations, list)
    return next(nation["treasury"] for nation in nations if nation["name"] == "Rome")


def test_a_new_campaign_has_a_current_glance(store: CampaignStore) -> None:
    glance = read_glance(store.path)
    assert glance is not None
    assert glance["title"] == store.state().scenario.title and glance["turn"] == 1
    assert _rome_treasury(glance) == 16  # T5.5: Rome's treasury at the start
    assert [entry["id"] for entry in glance["recent"]] == [1]


def test_a_write_through_a_second_store_keeps_it_current(store: CampaignStore) -> None:
    """Another process (the command line, another app) appends: the file's glance follows."""
    with CampaignStore.open(store.path) as other:
        other.append(TreasuryAdjusted(nation="Rome", pe=10, note="gift"))
    assert _rome_treasury(read_glance(store.path)) == 26
    store.undo("typed twice")  # this store catches up inside its own transaction
    glance = read_glance(store.path)
    assert _rome_treasury(glance) == 16
    assert glance is not None
    assert [(entry["id"], entry["undone"]) for entry in glance["recent"]] == [
        (1, False),
        (2, True),
        (3, False),
    ]
    assert glance["recent"][-1]["summary"] == store.history()[-1].summary


def test_the_latest_events_stay_whole_when_two_stores_take_turns(store: CampaignStore) -> None:
    """A store adds its record to the latest events it last wrote into the glance only while
    the file is as it left it (issue 21: it no longer reads the glance back on every record):
    a note another session recorded meanwhile stays in the list, in its place, and a refused
    record leaves the list as it was."""
    store.append(NoteAdded(note="first, here"))
    with CampaignStore.open(store.path) as other:
        other.append(NoteAdded(note="second, elsewhere"))
    store.append(NoteAdded(note="third, here"))
    with pytest.raises(ValueError):
        store.append(TreasuryAdjusted(nation="Nobody", pe=1, note="refused"))
    store.append(NoteAdded(note="fourth, here"))
    glance = read_glance(store.path)
    assert glance is not None
    assert [entry["id"] for entry in glance["recent"]] == [1, 2, 3, 4, 5]
    assert [entry["summary"] for entry in glance["recent"]] == [
        entry.summary for entry in store.history()
    ]
    assert store.glance() == Glance.from_json(glance)


def test_an_old_file_gets_its_glance_on_first_open(store: CampaignStore) -> None:
    store.append(NoteAdded(note="rain"))
    kept = read_glance(store.path)
    with contextlib.closing(sqlite3.connect(store.path)) as connection, connection:
        forget_glance(connection)
    assert read_glance(store.path) is None
    with CampaignStore.open(store.path) as reopened:
        assert _body(reopened.glance()) == _body(kept)
    assert read_glance(store.path) == kept


def test_a_read_only_file_gets_a_glance_without_being_written(store: CampaignStore) -> None:
    with contextlib.closing(sqlite3.connect(store.path)) as connection, connection:
        forget_glance(connection)
    store.close()
    before = store.path.read_bytes()
    store.path.chmod(stat.S_IRUSR)
    try:
        if os.access(store.path, os.W_OK):
            pytest.skip("running as a user who may write any file")
        with CampaignStore.open(store.path) as reopened:
            assert _rome_treasury(reopened.glance()) == 16
        assert store.path.read_bytes() == before and read_glance(store.path) is None
    finally:
        store.path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_finished_solo_battle_is_in_the_glance(store: CampaignStore) -> None:
    battle = GhostBattle(
        GeneralProfile(side="north", quality="good", personality="aggressive"),
        strength=60,
        units=10,
    )
    battle.open(ScriptedDice([2]))
    store.save_ghost_battle(battle.state.model_dump_json())
    stored = store.finish_ghost_battle(put_aside=True)
    assert stored is not None and isinstance(stored.event, GhostBattleFinished)
    glance = read_glance(store.path)
    assert glance is not None and glance["recent"][-1]["id"] == stored.id


def test_export_leaves_it_out_and_import_builds_its_own(
    store: CampaignStore, tmp_path: Path
) -> None:
    store.append(TreasuryAdjusted(nation="Rome", pe=10, note="gift"))
    document = store.export_document()
    assert "glance" not in json.dumps(document)
    lie = {**read_glance(store.path), "turn": 40}  # type: ignore[dict-item]
    with CampaignStore.import_document(
        {**document, GLANCE_KEY: lie}, tmp_path / "copy.castra"
    ) as copy:
        assert _body(read_glance(copy.path)) == _body(read_glance(store.path))
        assert copy.glance().turn == 1


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda path: None, id="missing"),
        pytest.param(lambda path: path.mkdir(), id="a folder"),
        pytest.param(lambda path: path.write_text("shopping list\n"), id="not sqlite"),
        pytest.param(
            lambda path: sqlite3.connect(path).execute("CREATE TABLE meta (key, value)"),
            id="no events table",
        ),
    ],
)
def test_a_file_that_is_no_campaign_has_no_glance(tmp_path: Path, make: object) -> None:
    path = tmp_path / "x.castra"
    make(path)  # type: ignore[operator]
    assert read_glance(path) is None


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200) | st.from_regex(r"\{.*\}", fullmatch=True))
def test_any_glance_row_that_castra_did_not_write_reads_as_none(tmp_path: Path, text: str) -> None:
    path = tmp_path / "c.castra"
    if not path.exists():
        CampaignStore.create(path, load_scenario("tarentine")).close()
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (GLANCE_KEY, text)
        )
    assert read_glance(path) is None


def _rewrite_glance(path: Path, change: object) -> None:
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        (text,) = connection.execute(
            "SELECT value FROM meta WHERE key = ?", (GLANCE_KEY,)
        ).fetchone()
        connection.execute(
            "UPDATE meta SET value = ? WHERE key = ?",
            (change(text), GLANCE_KEY),  # type: ignore[operator]
        )


def test_the_glance_knows_which_replay_built_it() -> None:
    """Its reader cannot import the ledger's models: its copy of REPLAY_VERSION must follow."""
    assert BUILT_FOR_REPLAY == REPLAY_VERSION


def test_a_glance_from_a_castra_that_replayed_differently_is_rebuilt(store: CampaignStore) -> None:
    """After an upgrade that changes what replay gives, the kept glance is not shown: the
    app would show the old figures for a whole session."""
    kept = read_glance(store.path)
    assert kept is not None
    older = {**kept, "replay": BUILT_FOR_REPLAY - 1}
    _rewrite_glance(store.path, lambda _text: json.dumps(older))
    assert read_glance(store.path) is None
    with CampaignStore.open(store.path) as reopened:
        assert _body(reopened.glance()) == _body(kept)
    assert read_glance(store.path) == kept


def test_a_glance_nested_beyond_reading_is_none_and_the_next_event_is_recorded(
    store: CampaignStore,
) -> None:
    _rewrite_glance(store.path, lambda _text: "[" * 100_000)
    assert read_glance(store.path) is None
    store.append(NoteAdded(note="rain"))
    assert read_glance(store.path) is not None


def test_a_glance_lacking_any_of_its_keys_is_rebuilt_not_read(store: CampaignStore) -> None:
    """A glance kept by a Castra whose glance had one key fewer (a development Castra kept the
    date's description, ``date_said``, under the same format for a while) is not read: the app
    sat at "Loading campaign…" over a KeyError. Every key the glance keeps is tried."""
    store.append(NoteAdded(note="rain"))
    kept = read_glance(store.path)
    assert kept is not None
    keys = [key for key in kept if key not in STAMP]
    assert "date_said" in keys and "nations" in keys
    for key in keys:
        lacking = {name: value for name, value in kept.items() if name != key}
        _rewrite_glance(store.path, lambda _text, lacking=lacking: json.dumps(lacking))
        assert read_glance(store.path) is None, key
        with CampaignStore.open(store.path) as reopened:
            assert _body(reopened.glance()) == _body(kept), key
        assert read_glance(store.path) == kept, key
