"""The ledger's words in Italian (issue 14): its summaries are recorded in English and shown in
the interface's language; ``--json`` stays the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from tests.chronicle_story import build_story


@pytest.fixture
def story(tmp_path: Path) -> Path:
    """The chronicle's story campaign: battles, a rebuild, an undo and a winter (T5.6, T5.7)."""
    store = build_story(tmp_path / "story.castra")
    store.close()
    return tmp_path / "story.castra"


def _castra(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_campaign_history_reads_in_italian(story: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _castra(capsys, "--lang", "it", "campaign", "history", "--file", str(story))
    assert code == 0
    assert "battaglia di Heraclea (turno " in out
    assert "evento invernale 8: " in out
    assert "verifica del controllo di Heraclea: " in out
    assert "Rome ha ricostruito 2 P.M. decimati per " in out
    for english in ("battle of ", "winter event ", "control check ", " rebuilt "):
        assert english not in out


def test_campaign_history_json_is_the_same_in_both_languages(
    story: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The history's summaries in ``--json`` are the recorded English, whatever the language."""
    outputs = []
    for language in ("en", "it"):
        code, out, _err = _castra(
            capsys, "--lang", language, "campaign", "history", "--file", str(story), "--json"
        )
        assert code == 0
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    summaries = [event["summary"] for event in outputs[0]["events"]]
    assert any(summary.startswith("battle of Heraclea") for summary in summaries)


def test_an_italian_report_tells_the_winter_in_italian(
    story: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15's winter lines reuse the ledger's English summaries: an Italian report shows
    them in Italian (T5.6 the winter event, T5.7 the control check, T5.8 the VP)."""
    out = tmp_path / "inverno.md"
    argv = ["report", "--file", str(story), "--turn", "13", "--format", "md", "--out", str(out)]
    code, _out, _err = _castra(capsys, "--lang", "it", *argv)
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert "evento invernale 8: " in text
    assert "verifica del controllo di Heraclea: " in text and " la riprende (lealtà ora 0" in text
    assert "PV Rome " in text
    for english in ("winter event", "control check", "takes it back", "VP Rome"):
        assert english not in text
