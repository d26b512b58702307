"""Seek or avoid declared blind (issue 24, T3.0, T7.4 Reading): until every side of a meeting
has answered, a player reads its own answer only — the other side is "answered" or "not
answered yet", never what it said — in its store (its session's History and events), in its
copy by mail, on the command line against that copy, and in its turn packet and the public
report; the referee reads every answer at once, and once every side has answered all is
public."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.ledger.events import MeetingAnswered
from assistant.ledger.orders import sealed_answers
from assistant.ledger.store import CampaignStore
from tests.tui.player_campaign import met_campaign
from tests.unit.test_ledger_cli import run

ROME_SEEKS = "Rome seeks battle (T3.0)"
"""The History's words for Rome's own answer (``campaign history``)."""


@pytest.fixture
def met(tmp_path: Path) -> Iterator[Path]:
    """Rome I and Magna Graecia III swap along Roma–Corfinium and meet (T7.4); Rome has
    answered in its own session that it seeks battle, Magna Graecia not yet."""
    file = met_campaign(tmp_path)
    with CampaignStore.open(file) as store:
        store.append(MeetingAnswered(meeting=1, seek=["Rome"], nation="Rome", who="Rome"))
    yield file


def summaries(store: CampaignStore) -> str:
    return "\n".join(entry.summary for entry in store.history())


def greeks_answer(file: Path) -> None:
    with CampaignStore.open(file) as store:
        store.append(MeetingAnswered(meeting=1, nation="Magna Graecia", who="Magna Graecia"))


def test_t3_0_a_players_store_hides_the_other_sides_answer_until_every_side_has_answered(
    met: Path,
) -> None:
    with CampaignStore.open(met) as referee:
        assert sealed_answers(referee.state()) == {(1, 1)}
        assert ROME_SEEKS in summaries(referee), "the referee reads every answer at once"
    with CampaignStore.open(met) as greeks:
        greeks.seat = "Magna Graecia"
        assert ROME_SEEKS not in summaries(greeks)
        assert not any(isinstance(s.event, MeetingAnswered) for s in greeks.events())
    with CampaignStore.open(met) as romans:
        romans.seat = "Rome"
        assert ROME_SEEKS in summaries(romans), "a player reads its own answer"
    greeks_answer(met)
    with CampaignStore.open(met) as greeks:
        greeks.seat = "Magna Graecia"
        assert sealed_answers(greeks.state()) == set()
        told = summaries(greeks)
        assert ROME_SEEKS in told and "Magna Graecia avoids battle (T3.0)" in told, (
            "every side has answered: all is public"
        )


def test_t3_0_campaign_meetings_says_who_has_answered_never_what(
    met: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "campaign", "meetings", "--file", str(met), "--json")
    assert code == 0, err
    (meeting,) = json.loads(out)["meetings"]
    assert meeting["answered"] == ["Rome"] and meeting["seek"] is None
    code, out, _err = run(capsys, "campaign", "meetings", "--file", str(met))
    assert "answered by Rome, not yet by Magna Graecia" in out
    assert "sought by" not in out


def test_t3_0_the_players_copy_and_the_command_line_on_it_hold_no_other_sides_answer(
    met: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "greeks.castra"
    code, _out, err = run(
        capsys, "campaign", "export", "--for", "Magna Graecia", "--out", str(copy),
        "--file", str(met),
    )  # fmt: skip
    assert code == 0, err
    code, history, err = run(capsys, "campaign", "history", "--file", str(copy))
    assert code == 0, err
    assert ROME_SEEKS not in history and "Rome" in history, "the copy's own history, answer out"
    with CampaignStore.open(copy) as store:
        assert not any(isinstance(s.event, MeetingAnswered) for s in store.events())
    romans = tmp_path / "romans.castra"
    run(capsys, "campaign", "export", "--for", "Rome", "--out", str(romans), "--file", str(met))
    code, history, _err = run(capsys, "campaign", "history", "--file", str(romans))
    assert ROME_SEEKS in history, "Rome's copy holds Rome's own answer"


def test_t3_0_a_packet_and_the_public_report_tell_no_side_before_every_side_has_answered(
    met: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told_so_far: list[Path] = []

    def told(*extra: str) -> str:
        out = tmp_path / f"told-{len(told_so_far)}.md"
        told_so_far.append(out)
        code, _out, err = run(
            capsys, "report", "--file", str(met), "--turn", "1", "--format", "md",
            "--out", str(out), *extra,
        )  # fmt: skip
        assert code == 0, err
        return out.read_text(encoding="utf-8")

    for extra in (("--for", "Magna Graecia"), ()):
        assert "Rome seeks battle" not in told(*extra), extra
    assert "Rome seeks battle" in told("--for", "Rome"), "Rome's packet tells its own answer"
    greeks_answer(met)
    for extra in (("--for", "Magna Graecia"), ()):
        assert "Rome seeks battle" in told(*extra), extra
