"""``castra campaign export --format csv``: the tables read back equal the ledger."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.ledger.events import BattleRecorded
from assistant.ledger.store import CampaignStore


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def _export(story: CampaignStore, folder: Path) -> dict[str, list[dict[str, str]]]:
    code = main(
        ["campaign", "export", "--file", str(story.path), "--format", "csv", "--out", str(folder)]
    )
    assert code == 0
    return {name: _read(folder / f"{name}.csv") for name in ("battles", "events", "nations")}


def test_battles_are_one_row_per_contingent_of_every_battle_in_force(
    story: CampaignStore, tmp_path: Path
) -> None:
    tables = _export(story, tmp_path / "csv")
    expected = [
        (str(stored.id), stored.event.place, c.side, c.nation, str(c.pm_lost), str(c.prisoners))
        for stored in story.events()
        if isinstance(stored.event, BattleRecorded)
        for c in stored.event.contingents
    ]
    rows = [
        (
            row["event_id"],
            row["place"],
            row["side"],
            row["nation"],
            row["pm_lost"],
            row["prisoners"],
        )
        for row in tables["battles"]
    ]
    assert rows == expected
    assert {row["prestige_reason"][:4] for row in tables["battles"]} == {"T4.1"}


def test_events_are_the_history_with_undone_ones_marked(
    story: CampaignStore, tmp_path: Path
) -> None:
    tables = _export(story, tmp_path / "csv")
    history = story.history()
    assert [row["id"] for row in tables["events"]] == [str(entry.id) for entry in history]
    assert [row["summary"] for row in tables["events"]] == [entry.summary for entry in history]
    undone = [row for row in tables["events"] if row["undone_by"]]
    assert [row["note"] for row in undone] == ["typed by mistake"]
    assert undone[0]["undo_reason"] == "wrong nation"


def test_nations_per_turn_end_with_the_campaign_as_it_stands(
    story: CampaignStore, tmp_path: Path
) -> None:
    tables = _export(story, tmp_path / "csv")
    state = story.state()
    players = [name for name, nation in state.nations.items() if nation.player]
    assert len(tables["nations"]) == state.turn * len(players)
    last = {row["nation"]: row for row in tables["nations"] if row["turn"] == str(state.turn)}
    for name in players:
        nation = state.nations[name]
        row = last[name]
        assert (row["land_pm"], row["treasury"], row["prestige"]) == (
            str(nation.land_pm),
            str(nation.treasury),
            str(nation.prestige),
        )


def test_a_csv_export_needs_a_folder(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campaign", "export", "--file", str(story.path), "--format", "csv"]) == 2
    assert capsys.readouterr().err.strip() == (
        "castra: error: --out: the folder to write the CSV files into"
    )
    a_file = tmp_path / "taken"
    a_file.write_text("x")
    args = [
        "campaign",
        "export",
        "--file",
        str(story.path),
        "--format",
        "csv",
        "--out",
        str(a_file),
    ]
    assert main(args) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_the_json_export_still_needs_its_file(
    story: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campaign", "export", "--file", str(story.path)]) == 2
    assert capsys.readouterr().err.startswith("castra: error: FILE:")


def test_t7_4_battles_on_the_board_name_the_armies_and_fleets_that_fought(
    tmp_path: Path,
) -> None:
    """Issue 27, item 14: the ``army`` column of a battle on the board names the forces of each
    nation that stood where it was fought, as the map had them before the battle."""
    from tests.chronicle_year import tarentine_year

    with tarentine_year(tmp_path / "year.castra") as store:
        tables = _export(store, tmp_path / "csv")
    fought = [(row["place"], row["nation"], row["army"]) for row in tables["battles"]]
    assert fought == [
        ("Tarentum", "Rome", "Rome II"),
        ("Tarentum", "Magna Graecia", "Magna Graecia I"),
        ("Tarentum", "Senones", "Senones III"),
        ("Rhegium", "Magna Graecia", "Magna Graecia II"),
        ("Rhegium", "Rome", "Rome IV"),
        ("Tarentum", "Rome", "Rome fleet I"),
        ("Tarentum", "Magna Graecia", "Magna Graecia fleet I"),
    ]
