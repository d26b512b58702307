"""A ghost solo battle in progress is kept in the campaign file (issue: "saved with the
campaign so a solo battle can be resumed"), outside the event log so undo never rewinds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignFileError, CampaignStore
from converters.dice import ScriptedDice
from ghost.battle import BattleState, GhostBattle, TurnLosses
from ghost.generals import GeneralProfile


def _battle_after_one_turn() -> GhostBattle:
    battle = GhostBattle(
        GeneralProfile(side="north", quality="good", personality="aggressive"),
        strength=60,
        units=10,
    )
    battle.open(ScriptedDice([2]))
    battle.start_turn(TurnLosses(gr_loss=6, gf_loss=0, units_lost=0), ScriptedDice([]))
    return battle


def test_the_solo_battle_survives_closing_and_reopening_the_campaign(tmp_path: Path) -> None:
    path = tmp_path / "solo.castra"
    battle = _battle_after_one_turn()
    with CampaignStore.create(path, load_scenario("tarentine")) as store:
        assert store.ghost_battle() is None
        store.save_ghost_battle(battle.state.model_dump_json())
    with CampaignStore.open(path) as reopened:
        text = reopened.ghost_battle()
    assert text is not None
    resumed = GhostBattle.from_state(BattleState.model_validate_json(text))
    assert resumed.turn == battle.turn == 1
    assert resumed.order == battle.order


def test_undo_never_touches_the_solo_battle_and_putting_it_aside_clears_it(
    tmp_path: Path,
) -> None:
    with CampaignStore.create(tmp_path / "c.castra", load_scenario("tarentine")) as store:
        store.save_ghost_battle('{"kept": true}')
        history_before = len(store.history())
        with pytest.raises(ValueError, match="nothing left to undo"):
            store.undo("no campaign event to cancel")
        assert store.ghost_battle() == '{"kept": true}'
        assert len(store.history()) == history_before  # not an event
        store.save_ghost_battle(None)
        assert store.ghost_battle() is None


def test_export_and_import_carry_the_solo_battle(tmp_path: Path) -> None:
    text = _battle_after_one_turn().state.model_dump_json()
    with CampaignStore.create(tmp_path / "a.castra", load_scenario("tarentine")) as store:
        store.save_ghost_battle(text)
        document = store.export_document()
    with CampaignStore.import_document(document, tmp_path / "b.castra") as copy:
        assert copy.ghost_battle() == text
        assert copy.export_document() == document


def test_an_import_whose_solo_battle_is_not_text_is_refused_and_leaves_no_file(
    tmp_path: Path,
) -> None:
    with CampaignStore.create(tmp_path / "a.castra", load_scenario("tarentine")) as store:
        document = store.export_document()
    document["ghost_battle"] = {"not": "a string"}
    with pytest.raises(CampaignFileError, match="ghost_battle"):
        CampaignStore.import_document(document, tmp_path / "b.castra")
    assert not (tmp_path / "b.castra").exists()
