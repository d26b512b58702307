"""Which campaign ``castra`` opens: the default one (created on first run) or ``--campaign``."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.cli import main
from assistant.ledger.store import CampaignFileError
from assistant.tui import open_campaign


def test_first_run_creates_a_tarentine_campaign_in_castra_home(tmp_path: Path) -> None:
    store, note = open_campaign(None)
    try:
        expected = tmp_path / "castra-home" / "campaign.castra"  # CASTRA_HOME, see conftest
        assert store.path == expected and expected.exists()
        assert note == f"New Tarentine Wars campaign created at {expected}"
        state = store.state()
        assert state.scenario.key == "tarentine" and state.turn == 1
    finally:
        store.close()
    again, note = open_campaign(None)
    again.close()
    assert note is None, "the second run opens the same campaign"


def test_campaign_path_that_does_not_exist_is_created_there(tmp_path: Path) -> None:
    path = tmp_path / "games" / "pyrrhus.castra"
    store, note = open_campaign(str(path))
    store.close()
    assert path.exists() and note is not None and str(path) in note


def test_an_existing_campaign_is_opened_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "mine.castra"
    store, _ = open_campaign(path)
    from assistant.ledger.events import TurnAdvanced

    store.append(TurnAdvanced())
    store.close()
    reopened, note = open_campaign(path)
    try:
        assert note is None and reopened.state().turn == 2
    finally:
        reopened.close()


def test_a_file_that_is_not_a_campaign_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.castra"
    path.write_text("shopping list\n")
    with pytest.raises(CampaignFileError):
        open_campaign(path)
    assert path.read_text() == "shopping list\n"


def test_castra_with_a_bad_campaign_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.castra"
    path.write_text("shopping list\n")
    assert main(["--campaign", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("castra: error: file:")
