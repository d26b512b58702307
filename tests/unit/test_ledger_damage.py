"""Damage is noticed (issue 10, item 5): an event row or the saved state changed outside
Castra is found when the file is opened, nothing more is written to it, the one-line refusal
says what is damaged and how to recover, and the recovery it names works. Files written by the
previous layout (schema 2, no checksums) keep opening."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_undo import castra

OLD_FILE = Path(__file__).parent / "data" / "tarentine-schema2.castra"
"""A Tarentine campaign written by Castra before checksums (schema 2): Rome +5 PE, a turn
advanced with Rome collecting 3 PE, a note undone, Carthage +2 PP."""


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Tarentine campaign: #2 Rome +40 PE, #3 a note, #4 Carthage +10 PE."""
    monkeypatch.setenv("CASTRA_HOME", str(tmp_path / "home"))
    path = tmp_path / "c.castra"
    for argv in (
        ("new", "tarentine"),
        ("treasury", "--nation", "Rome", "--pe", "40", "--note", "tribute"),
        ("note", "omens"),
        ("treasury", "--nation", "Carthage", "--pe", "10", "--note", "tribute"),
    ):
        code, output = castra("campaign", *argv, "--file", str(path))
        assert code == 0, output
    return path


def hand_edit(path: Path, sql: str, *parameters: object) -> None:
    """What a user with an SQLite browser does: triggers dropped, rows changed."""
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("DROP TRIGGER IF EXISTS events_are_never_changed")
        connection.execute(sql, parameters)
    connection.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def payload(path: Path, event_id: int) -> dict[str, object]:
    connection = sqlite3.connect(path)
    row = connection.execute("SELECT payload FROM events WHERE id = ?", (event_id,)).fetchone()
    connection.close()
    return dict(json.loads(row[0]))


def refused(path: Path, *argv: str) -> str:
    """Run a writing command on the damaged ``path``: refused in one line, file unchanged."""
    before = digest(path)
    code, output = castra("campaign", *argv, "--file", str(path))
    assert (code, output.count("\n")) == (2, 1), output
    assert digest(path) == before
    return output


def test_an_event_changed_outside_castra_is_found_and_nothing_more_is_written(
    campaign: Path,
) -> None:
    edited = payload(campaign, 2) | {"pe": 4000}
    hand_edit(campaign, "UPDATE events SET payload = ? WHERE id = 2", json.dumps(edited))
    output = refused(campaign, "treasury", "--nation", "Rome", "--pe", "-3000", "--note", "x")
    assert "is damaged: event #2 was changed outside Castra" in output
    assert "castra campaign export" in output and "before #2" in output
    refused(campaign, "note", "still here?")
    refused(campaign, "undo", "--reason", "x")


def test_an_unreadable_event_behind_a_current_saved_state_is_found(campaign: Path) -> None:
    hand_edit(campaign, 'UPDATE events SET payload = \'{"kind": "note", "no\' WHERE id = 3')
    output = refused(campaign, "note", "one more")
    assert "event #3 was changed outside Castra" in output


def test_a_saved_state_edited_by_hand_is_not_trusted(campaign: Path) -> None:
    """The issue's case: a treasury set to 999999 in the cached state let −999000 through."""
    connection = sqlite3.connect(campaign)
    state = json.loads(connection.execute("SELECT state FROM snapshot").fetchone()[0])
    connection.close()
    state["nations"]["Rome"]["treasury"] = 999999
    hand_edit(campaign, "UPDATE snapshot SET state = ?", json.dumps(state))
    output = refused(campaign, "treasury", "--nation", "Rome", "--pe", "-999000", "--note", "x")
    assert "its saved state was changed outside Castra" in output
    refused(campaign, "show")


def test_the_recovery_the_refusal_names_keeps_the_events_before_the_damage(
    campaign: Path, tmp_path: Path
) -> None:
    hand_edit(campaign, "UPDATE events SET payload = 'garbage' WHERE id = 3")
    good = tmp_path / "good.json"
    code, output = castra("campaign", "export", "--file", str(campaign), str(good))
    assert code == 0, output
    assert "Exported 2 events" in output and "#3 and every later event left out" in output
    rebuilt = tmp_path / "rebuilt.castra"
    code, output = castra("campaign", "import", str(good), "--file", str(rebuilt), "--json")
    assert code == 0, output
    # Rome's +40 PE (#2) is kept; Carthage's +10 (#4) came after the damage and is not.
    assert json.loads(output)["nations"]["Rome"]["treasury"] == 16 + 40
    assert json.loads(output)["nations"]["Carthage"]["treasury"] == 25
    code, output = castra("campaign", "note", "recovered", "--file", str(rebuilt))
    assert code == 0, output


def test_a_hand_edited_saved_state_is_rebuilt_from_the_events(
    campaign: Path, tmp_path: Path
) -> None:
    hand_edit(
        campaign,
        "UPDATE snapshot SET state = replace(state, '\"treasury\":56', '\"treasury\":999')",
    )
    everything = tmp_path / "all.json"
    code, output = castra("campaign", "export", "--file", str(campaign), str(everything))
    assert code == 0 and "Exported 4 events" in output and "left out" not in output, output
    rebuilt = tmp_path / "rebuilt.castra"
    code, output = castra("campaign", "import", str(everything), "--file", str(rebuilt), "--json")
    assert code == 0, output
    assert json.loads(output)["nations"]["Rome"]["treasury"] == 56


def test_a_deleted_event_is_found(campaign: Path) -> None:
    hand_edit(campaign, "DROP TRIGGER events_are_never_deleted")
    hand_edit(campaign, "DELETE FROM events WHERE id = 4")
    output = refused(campaign, "note", "after the gap")
    assert "event #4 was deleted" in output


def test_a_campaign_from_the_previous_version_opens_and_is_checked_from_then_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.castra"
    shutil.copyfile(OLD_FILE, path)
    code, output = castra("campaign", "show", "--file", str(path), "--json")
    assert code == 0, output
    nations = json.loads(output)["nations"]
    # T5.5: Rome starts with 16 PE, +5 and a 3 PE tribute; Carthage +2 PP.
    assert nations["Rome"]["treasury"] == 16 + 5 + 3
    assert nations["Carthage"]["prestige"] == 2
    code, output = castra("campaign", "history", "--file", str(path), "--json")
    assert code == 0, output
    assert [entry["undone_by"] for entry in json.loads(output)["events"]][3] == 5
    code, output = castra("campaign", "note", "after the upgrade", "--file", str(path))
    assert code == 0, output
    edited = payload(path, 2) | {"pe": 500}
    hand_edit(path, "UPDATE events SET payload = ? WHERE id = 2", json.dumps(edited))
    assert "event #2 was changed" in refused(path, "note", "and now?")


def battle_export(tmp_path: Path) -> dict[str, Any]:
    """An export whose event #2 is a battle: Rome 3 PM lose 1 to Carthage's 2 PM."""
    from tests.battle_places import tarentine_meeting_at

    path = tmp_path / "battle.castra"
    # T7.4: Rome's and Carthage's armies stand at Heraclea, where the battle is fought.
    CampaignStore.create(path, tarentine_meeting_at("Heraclea", "Rome", "Carthage")).close()
    code, output = castra(
        "campaign", "record", "--file", str(path), "--place", "Heraclea", "--winner", "b",
        "--side-a", "Rome:3", "--side-b", "Carthage:2", "--pm-lost", "Rome:1",
    )  # fmt: skip
    assert code == 0, output
    with CampaignStore.open(path) as store:
        return json.loads(json.dumps(store.export_document()))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda battle: battle["contingents"][0].update(pm_lost="3"),
            "import: events[1].event.contingents.0.pm_lost: a number, as written (got '3')",
        ),
        (
            lambda battle: battle["prestige"].update(Rome=True),
            "import: events[1].event.prestige.Rome: a number, as written (got True)",
        ),
        (
            lambda battle: battle.update(bribe=100),
            "import: events[1].event.battle_recorded.bribe: not a field here (got 100)",
        ),
    ],
    ids=["number-as-text", "true-as-number", "unknown-key"],
)
def test_an_import_is_read_strictly(tmp_path: Path, change: Any, message: str) -> None:
    document = battle_export(tmp_path)
    change(document["events"][1]["event"])
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document))
    target = tmp_path / "imported.castra"
    code, output = castra("campaign", "import", str(source), "--file", str(target))
    assert (code, output) == (2, f"castra: error: {message}\n")
    assert not target.exists()


def test_damage_to_what_another_process_wrote_is_a_refused_event(campaign: Path) -> None:
    """The app keeps the file open for hours: an event another writer added, then changed by
    hand, is found when the app next writes, refused like any impossible event."""
    from assistant.ledger.events import NoteAdded
    from assistant.ledger.state import LedgerError

    with CampaignStore.open(campaign) as app_store:
        code, output = castra("campaign", "note", "from the CLI", "--file", str(campaign))
        assert code == 0, output
        edited = payload(campaign, 5) | {"note": "forged"}
        hand_edit(campaign, "UPDATE events SET payload = ? WHERE id = 5", json.dumps(edited))
        before = rows(campaign)
        with pytest.raises(LedgerError, match="event #5 was changed outside Castra"):
            app_store.append(NoteAdded(note="from the app"))
    assert rows(campaign) == before


def rows(path: Path) -> list[tuple[int, str]]:
    connection = sqlite3.connect(path)
    found = connection.execute("SELECT id, payload FROM events ORDER BY id").fetchall()
    connection.close()
    return found
