"""No file is ever lost to a command: ``--force`` renames the old campaign aside under a name
nothing has, ``export`` never writes over a campaign (nor over anything without ``--force``),
and an empty ``--file`` is refused rather than read as the default campaign (issue 10, items
2–4)."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import NoteAdded
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_undo import castra

STILL = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
"""Every replacement in these tests happens in the same second."""


@pytest.fixture(autouse=True)
def same_second(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("assistant.ledger.store._now", lambda: STILL)
    monkeypatch.setenv("CASTRA_HOME", str(tmp_path / "home"))


def notes(path: Path) -> list[str]:
    with CampaignStore.open(path) as store:
        return [stored.event.note for stored in store.events() if stored.event.kind == "note"]


def campaign_with_note(path: Path, note: str) -> None:
    code, output = castra("campaign", "new", "tarentine", "--file", str(path), "--force")
    assert code == 0, output
    code, output = castra("campaign", "note", note, "--file", str(path))
    assert code == 0, output


def test_two_forced_replacements_in_one_second_keep_both_old_campaigns(tmp_path: Path) -> None:
    path = tmp_path / "c.castra"
    for note in ("first campaign", "second campaign", "third campaign"):
        campaign_with_note(path, note)
    kept = [p for p in tmp_path.iterdir() if ".replaced-" in p.name and not p.name.endswith("-wal")]
    assert sorted(note for p in kept for note in notes(p)) == ["first campaign", "second campaign"]
    assert notes(path) == ["third campaign"]


def test_a_forced_import_says_where_the_old_file_went(tmp_path: Path) -> None:
    path = tmp_path / "c.castra"
    campaign_with_note(path, "mine")
    exported = tmp_path / "c.json"
    assert castra("campaign", "export", "--file", str(path), str(exported))[0] == 0
    code, output = castra(
        "campaign", "import", str(exported), "--file", str(path), "--force", "--json"
    )
    assert code == 0, output
    set_aside = Path(json.loads(output)["set_aside"])
    assert notes(set_aside) == ["mine"] == notes(path)
    code, output = castra("campaign", "import", str(exported), "--file", str(path), "--force")
    assert code == 0 and "The old file is kept as" in output
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("c.castra.replaced-")]) == 2


def test_the_old_campaign_keeps_the_events_still_in_its_wal(tmp_path: Path) -> None:
    """A writer killed before SQLite folded its log into the file leaves the last events in
    the ``-wal`` file: they go aside with the old campaign, not under the new one."""
    with CampaignStore.create(tmp_path / "live.castra", load_scenario("tarentine")) as store:
        store.append(NoteAdded(note="only in the WAL"))
        path = tmp_path / "c.castra"
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{store.path}{suffix}", f"{path}{suffix}")
    code, output = castra("campaign", "new", "macedon", "--file", str(path), "--force", "--json")
    assert code == 0, output
    assert notes(Path(json.loads(output)["set_aside"])) == ["only in the WAL"]
    assert notes(path) == []


@pytest.mark.parametrize("command", ["new", "import"])
def test_force_on_a_folder_is_refused_and_the_folder_left_alone(
    tmp_path: Path, command: str
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    exported = tmp_path / "x.json"
    with CampaignStore.create(tmp_path / "source.castra", load_scenario("tarentine")) as store:
        exported.write_text(json.dumps(store.export_document()))
    argv = ["new", "tarentine"] if command == "new" else ["import", str(exported)]
    code, output = castra("campaign", *argv, "--file", str(folder), "--force")
    assert (code, output.count("\n")) == (2, 1), output
    assert "saves is a folder" in output
    assert (folder / "keep.txt").read_text() == "mine"
    assert not [p for p in tmp_path.iterdir() if ".replaced-" in p.name]


def test_export_never_overwrites_the_campaign_itself(tmp_path: Path) -> None:
    path = tmp_path / "e.castra"
    campaign_with_note(path, "keep me")
    for target in (path, Path(f"{path}-wal")):
        for force in ([], ["--force"]):
            code, output = castra("campaign", "export", "--file", str(path), str(target), *force)
            assert code == 2 and "is a campaign file" in output, output
    assert notes(path) == ["keep me"]


def test_export_overwrites_another_file_only_with_force(tmp_path: Path) -> None:
    path = tmp_path / "e.castra"
    campaign_with_note(path, "exported")
    target = tmp_path / "letter.txt"
    target.write_text("a letter")
    code, output = castra("campaign", "export", "--file", str(path), str(target))
    assert code == 2 and "already exists" in output and "--force" in output, output
    assert target.read_text() == "a letter"
    code, output = castra("campaign", "export", "--file", str(path), str(target), "--force")
    assert code == 0, output
    assert json.loads(target.read_text())["events"][1]["event"]["note"] == "exported"
    code, output = castra("campaign", "export", "--file", str(path), str(tmp_path))
    assert code == 2 and "is a folder" in output, output


@pytest.mark.parametrize("command", [["show"], ["note", "lost?"], ["new", "tarentine"]])
def test_an_empty_file_name_is_refused_not_taken_for_the_default_campaign(
    tmp_path: Path, command: list[str]
) -> None:
    code, output = castra("campaign", "new", "tarentine")  # the default campaign exists
    assert code == 0, output
    default = tmp_path / "home" / "campaign.castra"
    before = default.read_bytes()
    code, output = castra("campaign", *command, "--file", "")
    assert (code, output.count("\n")) == (2, 1), output
    assert output.startswith("castra: error: --file: empty")
    assert default.read_bytes() == before


def test_an_empty_campaign_name_for_the_app_is_refused_before_it_opens(tmp_path: Path) -> None:
    code, output = castra("--campaign", "")
    assert (code, output) == (
        2,
        "castra: error: --campaign: empty; give the campaign file's path\n",
    )
    assert not (tmp_path / "home").exists(), "the default campaign was not created"
