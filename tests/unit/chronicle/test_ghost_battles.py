"""Every finished solo battle against the ghost is kept in the ledger and told by the report
with its gap chart (G2.2, G3): played in a row, exported and imported, undone."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from assistant.chronicle.render import render_report
from assistant.chronicle.report import chronicle_of
from assistant.ledger.events import GhostBattleFinished
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from ghost.battle import GhostBattle, TurnLosses
from ghost.generals import GeneralProfile


def _cautious_battle() -> GhostBattle:
    """A good prudent general who fights two turns and is still on the field."""
    battle = GhostBattle(
        GeneralProfile(side="north", quality="good", personality="prudent"), strength=60, units=10
    )
    battle.open(ScriptedDice([2]))
    battle.start_turn(TurnLosses(gr_loss=6, gf_loss=0, units_lost=0), ScriptedDice([]))
    battle.start_turn(TurnLosses(gr_loss=9, gf_loss=3, units_lost=1), ScriptedDice([]))
    return battle


def _routed_battle() -> GhostBattle:
    """A poor aggressive general whose army leaves the field in its first turn (G3.4)."""
    battle = GhostBattle(
        GeneralProfile(side="south", quality="poor", personality="aggressive"),
        strength=60,
        units=10,
    )
    battle.open(ScriptedDice([2]))
    battle.start_turn(TurnLosses(gr_loss=0, gf_loss=20, units_lost=6), ScriptedDice([1] * 4))
    assert battle.battle_over
    return battle


def _play_two_in_a_row(story: CampaignStore) -> None:
    """The first battle is put aside for a new one; the second ends with the ghost leaving the
    field, and the player then sets up a third (never opened)."""
    story.save_ghost_battle(_cautious_battle().state.model_dump_json())
    assert story.finish_ghost_battle(put_aside=True) is not None
    assert story.ghost_battle() is None
    story.save_ghost_battle(_routed_battle().state.model_dump_json())
    assert story.finish_ghost_battle(put_aside=False) is not None  # the ghost left the field
    assert story.ghost_battle() is not None, "still on the Ghost screen until ctrl+n"
    assert story.finish_ghost_battle(put_aside=True) is None, "kept once, not twice"
    assert story.ghost_battle() is None


def _kept(store: CampaignStore) -> list[GhostBattleFinished]:
    return [s.event for s in store.events() if isinstance(s.event, GhostBattleFinished)]


def test_g2_2_two_ghost_battles_in_a_row_both_appear_in_the_report(
    story: CampaignStore,
) -> None:
    _play_two_in_a_row(story)
    turn = story.state().turn
    assert [event.turn for event in _kept(story)] == [turn, turn]
    chronicle = chronicle_of(story, turn=turn)
    first, second = chronicle.ghosts
    assert first.general.startswith("good prudent") and not first.over
    assert second.general.startswith("poor aggressive") and second.over
    assert len(first.gaps) == 2 and len(second.gaps) == 1
    page = render_report(chronicle, "html").content
    assert isinstance(page, str)
    document = html5lib.parse(page, namespaceHTMLElements=False)
    headings = [h.text for h in document.iter("h3") if h.text and "general" in h.text]
    assert headings == [f"{g.general}: ended in turn {turn}" for g in (first, second)]
    figures = {f.get("id") for f in document.iter("figure")}
    assert {"figure-ghost-gap-1", "figure-ghost-gap-2"} <= figures
    markdown = render_report(chronicle, "md", image_stem="t").content
    assert isinstance(markdown, str)
    assert markdown.count(f"ended in turn {turn}") == 4  # two headings, two chart captions
    assert "(t-ghost-gap-1.svg)" in markdown and "(t-ghost-gap-2.svg)" in markdown


def test_ghost_battles_of_another_turn_are_not_told(story: CampaignStore) -> None:
    _play_two_in_a_row(story)
    assert chronicle_of(story, turn=1).ghosts == []
    assert len(chronicle_of(story, everything=True).ghosts) == 2


def test_export_and_import_keep_every_finished_ghost_battle(
    story: CampaignStore, tmp_path: Path
) -> None:
    _play_two_in_a_row(story)
    document = story.export_document()
    with CampaignStore.import_document(document, tmp_path / "copy.castra") as copy:
        assert [e.battle for e in _kept(copy)] == [e.battle for e in _kept(story)]
        told = chronicle_of(copy, everything=True).ghosts
    assert told == chronicle_of(story, everything=True).ghosts


def test_undoing_a_kept_ghost_battle_takes_it_out_of_the_report(story: CampaignStore) -> None:
    _play_two_in_a_row(story)
    state_before = story.state().model_dump(exclude={"last_event_id"})
    story.undo("the second battle was a rehearsal")
    (left,) = chronicle_of(story, everything=True).ghosts
    assert left.general.startswith("good prudent")
    assert story.state().model_dump(exclude={"last_event_id"}) == state_before, (
        "a ghost battle changes no nation"
    )


def test_the_battle_in_progress_is_told_after_the_finished_ones(story: CampaignStore) -> None:
    _play_two_in_a_row(story)
    story.save_ghost_battle(_cautious_battle().state.model_dump_json())
    *finished, in_progress = chronicle_of(story).ghosts
    assert len(finished) == 2 and in_progress.turn is None


def test_pdf_report_tells_both_ghost_battles(story: CampaignStore, tmp_path: Path) -> None:
    _play_two_in_a_row(story)
    content = render_report(chronicle_of(story), "pdf").content
    assert isinstance(content, bytes)
    path = tmp_path / "r.pdf"
    path.write_bytes(content)
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    assert "good prudent" in text and "poor aggressive" in text


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"general": {"side": "west"}}, "battle.general.side"),
        ({"not": "a battle"}, "battle.general"),
    ],
)
def test_a_record_that_is_not_a_ghost_battle_is_refused(
    story: CampaignStore, record: dict[str, object], field: str
) -> None:
    count = len(story.events())
    with pytest.raises(LedgerError, match=f"^{field}"):
        story.append(GhostBattleFinished(battle=record))
    assert len(story.events()) == count


def test_a_battle_never_opened_is_refused(story: CampaignStore) -> None:
    unopened = GhostBattle(GeneralProfile(), strength=60, units=10).state
    with pytest.raises(LedgerError, match=r"^battle: .*opening order"):
        story.append(GhostBattleFinished(battle=unopened.model_dump(mode="json")))


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=st.dictionaries(st.text(max_size=10), _JSON, max_size=5))
def test_any_record_that_is_not_a_battle_is_one_line_and_writes_nothing(
    story: CampaignStore, record: dict[str, object]
) -> None:
    count = len(story.events())
    with pytest.raises(LedgerError, match=r"^battle[.:]") as refused:
        story.append(GhostBattleFinished(battle=record))
    assert "\n" not in str(refused.value)
    assert len(story.events()) == count


def test_castra_report_writes_both_ghost_battles_and_their_gap_charts(
    story: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from assistant.cli import main

    _play_two_in_a_row(story)
    out = tmp_path / "post.md"
    assert main(["report", "--file", str(story.path), "--format", "md", "--out", str(out)]) == 0
    capsys.readouterr()
    text = out.read_text(encoding="utf-8")
    assert "good prudent" in text and "poor aggressive" in text
    assert (tmp_path / "post-ghost-gap-1.svg").exists()
    assert (tmp_path / "post-ghost-gap-2.svg").exists()
