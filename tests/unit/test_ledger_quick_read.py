"""``castra campaign show --json`` reads a sound file's standings from its glance, without the
ledger's models (issue 26, item 4): the same JSON as the replayed state's summary, after every
kind of event and an undo; and whenever the file is not sound or its glance not current, the
command opens the campaign as before (damage refused in the same words, a stale glance rebuilt).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from assistant.ledger import quick_read, store
from assistant.ledger.glance import GLANCE_KEY, forget_glance
from assistant.ledger.store import CampaignStore
from tests.chronicle_story import build_story
from tests.unit import test_ledger_damage
from tests.unit.test_ledger_damage import hand_edit, payload
from tests.unit.test_ledger_undo import castra

campaign = test_ledger_damage.campaign
"""A Tarentine campaign of four events, as the damage tests make it."""

SHOW = "import sys; from assistant.cli import main; code = main(); print(sorted(sys.modules)); "


def _show(path: Path) -> tuple[dict[str, object], set[str]]:
    """``castra campaign show --json`` in a fresh interpreter: its JSON and what it imported."""
    done = subprocess.run(
        [
            *(sys.executable, "-c", SHOW + "sys.exit(code)"),
            *("campaign", "show", "--json", "--file", str(path)),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    shown, modules = done.stdout.strip().splitlines()
    return json.loads(shown), set(eval(modules))


@pytest.fixture
def story(tmp_path: Path) -> Path:
    """The chronicle's story campaign (battles, a siege, rebuilding, a winter, an undo …)."""
    build_story(tmp_path / "story.castra").close()
    return tmp_path / "story.castra"


def _replayed(path: Path) -> dict[str, object]:
    with CampaignStore.open(path) as opened:
        return {"file": str(path), **opened.state().summary().to_json()}


def test_show_json_reads_the_glance_without_the_event_models(story: Path) -> None:
    shown, modules = _show(story)
    assert shown == _replayed(story)
    assert "assistant.ledger.events" not in modules
    assert "assistant.ledger.state" not in modules and "assistant.ledger.store" not in modules


def test_every_event_of_a_campaign_keeps_the_glance_s_summary_the_state_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After each event of the story and each undo, the summary kept is the one replayed."""
    checked: list[str] = []

    def keeping(write: Any) -> Any:
        def written(self: CampaignStore, *args: Any, **kwargs: Any) -> Any:
            done = write(self, *args, **kwargs)
            kept = quick_read.sound_summary(self.path)
            assert kept == self.state().summary().to_json(), f"after {write.__name__}"
            checked.append(write.__name__)
            return done

        return written

    monkeypatch.setattr(CampaignStore, "append", keeping(CampaignStore.append))
    monkeypatch.setattr(CampaignStore, "undo", keeping(CampaignStore.undo))
    build_story(tmp_path / "story.castra").close()
    assert len(checked) > 10 and "undo" in checked


def test_a_stale_glance_is_not_read_and_the_next_show_keeps_a_current_one(story: Path) -> None:
    connection = sqlite3.connect(story)
    forget_glance(connection)
    connection.commit()
    connection.close()
    assert quick_read.sound_summary(story) is None
    shown, modules = _show(story)  # the slow way, which keeps the glance again
    assert shown == _replayed(story) and "assistant.ledger.events" in modules
    assert quick_read.sound_summary(story) is not None
    shown, modules = _show(story)
    assert shown == _replayed(story) and "assistant.ledger.events" not in modules


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("event", "event #2 was changed outside Castra"),
        ("deleted", "event #4 was deleted"),
        ("snapshot", "its saved state was changed outside Castra"),
        ("glance", None),
    ],
)
def test_a_damaged_file_is_refused_by_show_json_as_by_any_open(
    campaign: Path, damage: str, words: str | None
) -> None:
    path = campaign
    if damage == "event":
        edited = payload(path, 2) | {"pe": 4000}
        hand_edit(path, "UPDATE events SET payload = ? WHERE id = 2", json.dumps(edited))
    elif damage == "deleted":
        hand_edit(path, "DROP TRIGGER events_are_never_deleted")
        hand_edit(path, "DELETE FROM events WHERE id = 4")
    elif damage == "snapshot":
        connection = sqlite3.connect(path)
        state = json.loads(connection.execute("SELECT state FROM snapshot").fetchone()[0])
        connection.close()
        state["nations"]["Rome"]["treasury"] = 999999
        hand_edit(path, "UPDATE snapshot SET state = ?", json.dumps(state))
    else:  # the glance's figures changed by hand: not read, the state is
        connection = sqlite3.connect(path)
        query = "SELECT value FROM meta WHERE key = ?"
        glance = json.loads(connection.execute(query, (GLANCE_KEY,)).fetchone()[0])
        connection.close()
        glance["summary"]["nations"]["Rome"]["treasury"] = 999999
        hand_edit(path, "UPDATE meta SET value = ? WHERE key = ?", json.dumps(glance), GLANCE_KEY)
    assert quick_read.sound_summary(path) is None
    code, output = castra("campaign", "show", "--json", "--file", str(path))
    if words is None:
        assert code == 0 and json.loads(output) == _replayed(path)
    else:
        assert code == 2 and words in output and output.count("\n") == 1, output


def test_the_reader_knows_the_store_s_file_format() -> None:
    assert quick_read.APPLICATION == store.APPLICATION
    assert quick_read.SCHEMA_VERSION == store.SCHEMA_VERSION
