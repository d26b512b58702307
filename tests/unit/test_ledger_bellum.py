"""A Bellum game in the ledger (docs/rules.md section B): Rome's faction (B3), the centres held at
the end of each year, victory at 30 (B1), the year-20 ranking with its tie-break or a draw (B2),
refusals that write nothing, undo, export/import and the command line."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.bellum import power_names
from armylists.scenarios import bellum_scenario, load_scenario
from assistant.cli import main
from assistant.ledger.events import CampaignCreated, CentresRecorded, Event, NoteAdded
from assistant.ledger.record import centres_event
from assistant.ledger.state import LedgerError, replay
from assistant.ledger.store import SCHEMA_VERSION, CampaignStore

POWERS = power_names()
OTHERS = [p for p in POWERS if p not in ("Rome", "Carthage")]


def year(base: int = 2, **held: int) -> dict[str, int]:
    """One year-end: every power at ``base`` centres except those named (underscores for
    spaces: ``Greek_Cities=4``)."""
    centres = dict.fromkeys(POWERS, base)
    centres.update({name.replace("_", " "): n for name, n in held.items()})
    return centres


def record(store: CampaignStore, *years: dict[str, int]) -> None:
    for centres in years:
        state = store.state()
        store.append(centres_event(state, state.bellum_years + 1, centres))


def blocks(first: int, second: int, third: int, fourth: int, last: int) -> list[int]:
    """20 years: 5 years at each of four values, then year 20 replaced by ``last``."""
    row = [first] * 5 + [second] * 5 + [third] * 5 + [fourth] * 5
    row[-1] = last
    return row


def game(rome: Sequence[int], carthage: Sequence[int]) -> list[dict[str, int]]:
    """Years where Rome and Carthage hold the given centres and the 11 others 2 each."""
    return [year(Rome=r, Carthage=c) for r, c in zip(rome, carthage, strict=True)]


@pytest.fixture
def bellum(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "bellum.castra", bellum_scenario("Scipii")) as store:
        yield store


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---- B3: Rome's faction and its start centres ----------------------------------------------

B3_FACTIONS = [
    # The seed: Bruti F Tarentum/F Croton, Giuli F Arretium/A Umbria, Scipi F Messana/F Capua;
    # Rome always holds Roma; the factions not chosen lose their "second centre".
    pytest.param(
        "bruti", "Bruti", ("Roma", "Tarentum", "Croton"), ("Capua", "Umbria"), id="B3-bruti"
    ),
    pytest.param(
        "Famiglia Scipi",
        "Scipii",
        ("Roma", "Messana", "Capua"),
        ("Croton", "Umbria"),
        id="B3-scipii-italian-name",
    ),
    pytest.param(
        "giuli", "Julii", ("Roma", "Arretium", "Umbria"), ("Croton", "Capua"), id="B3-julii"
    ),
]


@pytest.mark.parametrize(("typed", "faction", "start", "deleted"), B3_FACTIONS)
def test_B3_rome_starts_with_its_faction_centres(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    typed: str,
    faction: str,
    start: tuple[str, ...],
    deleted: tuple[str, ...],
) -> None:
    path = str(tmp_path / "b.castra")
    code, out, err = run(capsys, "campaign", "new", "bellum", "--faction", typed, "--file", path)
    assert code == 0, err
    assert f"Rome: the {faction} (B3), started with {', '.join(start)}" in out
    code, out, _ = run(capsys, "campaign", "show", "--file", path, "--json")
    shown = json.loads(out)
    assert shown["bellum"]["faction"] == faction
    assert tuple(shown["bellum"]["rome_setup"]["start_centres"]) == start
    assert tuple(shown["bellum"]["rome_setup"]["deleted_centres"]) == deleted
    # B1: 13 powers; nothing recorded yet, year 1 (270 BC) is the next.
    assert len(shown["nations"]) == 13 and shown["date"] == "Year 1, 270 BC"
    assert shown["bellum"]["standings"] is None and shown["bellum"]["next_year"] == 1


# ---- B1: 30 centres win and end the game ---------------------------------------------------

B1_VICTORY = [
    # (years recorded, expected winner or None, the year it was won)
    pytest.param([year(Rome=29)], None, None, id="B1-29-centres-is-not-yet-victory"),
    pytest.param([year(), year(Rome=30)], ("Rome",), 2, id="B1-exactly-30-wins"),
    pytest.param(
        [year(), year(), year(Egypt=31)], ("Egypt",), 3, id="B1-30-or-more-wins-that-year"
    ),
    # Reading (the seed is silent): two powers past 30 the same year — more centres wins.
    pytest.param([year(Rome=30, Carthage=32)], ("Carthage",), 1, id="B1-two-at-30-most-wins"),
]


@pytest.mark.parametrize(("years", "winner", "won_in"), B1_VICTORY)
def test_B1_a_power_reaching_30_centres_ends_the_game(
    bellum: CampaignStore,
    years: list[dict[str, int]],
    winner: tuple[str, ...] | None,
    won_in: int | None,
) -> None:
    record(bellum, *years)
    state = bellum.state()
    result = state.bellum_standings()
    assert result is not None
    if winner is None:
        assert result.victory is None and result.status == "in progress"
        assert not state.finished and state.turn == len(years) + 1
        return
    assert result.victory is not None and result.victory.powers == winner
    assert result.victory.year == won_in and result.status == "won"
    assert state.finished and result.rows[0].power == winner[0]
    before = bellum.export_document()
    with pytest.raises(LedgerError, match=f"game is over: {winner[0]} won in year {won_in}"):
        bellum.append(CentresRecorded(year=len(years) + 1, centres=year()))
    assert bellum.export_document() == before
    bellum.append(NoteAdded(note="the Senate celebrates"))  # notes are still welcome


def test_B1_a_power_proclaimed_sovereign_wins_and_ends_the_game(bellum: CampaignStore) -> None:
    state = bellum.state()
    bellum.append(centres_event(state, 1, year(Egypt=9), sovereign="egitto"))
    result = bellum.state().bellum_standings()
    assert result is not None and result.victory is not None
    assert result.victory.by == "sovereign" and result.victory.powers == ("Egypt",)
    assert result.rows[0].power == "Egypt" and bellum.state().finished


def test_B1_only_a_surviving_power_can_be_proclaimed_sovereign(bellum: CampaignStore) -> None:
    with pytest.raises(LedgerError, match="sovereign: Parthians holds no centres"):
        centres_event(bellum.state(), 1, year(Parthians=0), sovereign="Parthians")
    assert len(bellum.events()) == 1


# ---- B2: the ranking after year 20 and its tie-break ---------------------------------------

B2_TIE_BREAK = [
    # Rome and Carthage hold the same 12 centres at the end of year 20 unless said otherwise;
    # (Rome's 20 years, Carthage's 20 years, first, what separated them).
    pytest.param(
        blocks(8, 8, 8, 10, 12),  # last 5 years: 10×4 + 12 = 52
        blocks(8, 8, 8, 9, 12),  # last 5 years: 9×4 + 12 = 48
        "Rome",
        "last 5 years",
        id="B2-tie-broken-over-the-last-5-years",
    ),
    pytest.param(
        blocks(8, 8, 8, 9, 12),  # last 5: 48 (level); last 10: 48 + 40 = 88
        blocks(8, 8, 10, 9, 12),  # last 5: 48; last 10: 48 + 50 = 98
        "Carthage",
        "last 10 years",
        id="B2-level-over-5-broken-over-the-last-10",
    ),
    pytest.param(
        blocks(8, 10, 9, 9, 12),  # level over 5 and 10; last 15: +50 against +45
        blocks(8, 9, 9, 9, 12),
        "Rome",
        "last 15 years",
        id="B2-broken-over-the-last-15",
    ),
    pytest.param(
        blocks(9, 9, 9, 9, 12),  # level over 5, 10, 15; all years: 45 less than Carthage's 50
        blocks(10, 9, 9, 9, 12),
        "Carthage",
        "all years",
        id="B2-broken-over-all-years",
    ),
    pytest.param(
        blocks(5, 5, 5, 5, 13),  # 13 centres beat 12 whatever the years before
        blocks(20, 20, 20, 20, 12),
        "Rome",
        "centres",
        id="B2-centres-first-the-years-only-break-ties",
    ),
]


@pytest.mark.parametrize(("rome", "carthage", "first", "decided_by"), B2_TIE_BREAK)
def test_B2_the_year_20_ranking_breaks_ties_over_the_last_years(
    bellum: CampaignStore,
    rome: list[int],
    carthage: list[int],
    first: str,
    decided_by: str,
) -> None:
    record(bellum, *game(rome, carthage))
    state = bellum.state()
    assert state.finished and state.bellum_years == 20
    result = state.bellum_standings()
    assert result is not None and result.status == "ended" and result.victory is None
    top = result.rows[:2]
    assert [row.power for row in top] == [first, "Rome" if first == "Carthage" else "Carthage"]
    assert [row.rank for row in top] == [1, 2]
    assert top[0].decided_by == decided_by
    assert [row.rank for row in result.rows[2:]] == [3] * 11  # the 11 others level on 2
    with pytest.raises(LedgerError, match="year 20 was the last"):
        bellum.append(CentresRecorded(year=21, centres=year()))


def test_B2_level_through_every_tie_break_is_a_draw(
    bellum: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    same = blocks(7, 9, 11, 10, 12)
    record(bellum, *game(same, same))
    result = bellum.state().bellum_standings()
    assert result is not None and result.status == "ended"
    assert [(row.power, row.rank, row.decided_by) for row in result.rows[:2]] == [
        ("Carthage", 1, "draw"),
        ("Rome", 1, "draw"),
    ]
    assert ("Carthage", "Rome") in result.draws
    code, out, _ = run(capsys, "campaign", "show", "--file", str(bellum.path))
    assert code == 0
    assert "Year 20 played: the game is over, final ranking (B2)" in out
    assert "Draw: Carthage, Rome are level through every tie-break (B2)" in out


# ---- refusals: one line naming the field, nothing written ----------------------------------

B1_REFUSALS = [
    pytest.param(
        ["--year", "3"], "year: the next year to record is 2 (got 3)", id="B1-a-year-skipped"
    ),
    pytest.param(
        ["--year", "1"], "year: the next year to record is 2 (got 1)", id="B1-a-year-twice"
    ),
    pytest.param(
        ["--year", "2", "--centres", "Atlantis=3"],
        "centres: unknown power 'Atlantis'; the powers are Greek Cities, Carthage",
        id="B1-13-powers-only",
    ),
    pytest.param(
        ["--year", "2", "--centres", "Rome=-1"],
        "centres: Rome = -1; a power holds 0 centres or more",
        id="B1-no-negative-centres",
    ),
    pytest.param(
        ["--year", "2", "--centres", "Rome=3"],
        "centres: give every power's centres at the end of year 2; missing Greek Cities",
        id="B1-every-surviving-power-given",
    ),
    pytest.param(
        ["--year", "2", "--centres", *(f"{p}=7" for p in POWERS)],
        "centres: year 2 adds up to 91, more than the map's 90 supply centres (B1)",
        id="B1-at-most-90-centres",
    ),
    pytest.param(
        ["--year", "2", "--centres", "Rome=x"],
        "--centres: Rome: not a whole number ('x')",
        id="B1-whole-numbers",
    ),
]


@pytest.mark.parametrize(("argv", "message"), B1_REFUSALS)
def test_B1_impossible_centres_are_refused_and_nothing_is_written(
    bellum: CampaignStore, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    record(bellum, year(Parthians=0))  # 12 × 2 = 24 centres; the Parthians are out
    before = bellum.export_document()
    if "--centres" not in argv:
        argv = [*argv, "--centres", *(f"{p}=2" for p in POWERS)]
    code, _, err = run(capsys, "campaign", "centres", "--file", str(bellum.path), *argv)
    assert code == 2
    assert err.count("\n") == 1 and message in err
    assert bellum.export_document() == before


def test_B1_exactly_90_centres_and_an_eliminated_power_left_out_are_accepted(
    bellum: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    record(bellum, year(Parthians=0))
    # 11 powers × 7 + Rome 13 = 90; the Parthians, at 0 since year 1, are not named.
    held = [f"{p}=7" for p in POWERS if p not in ("Rome", "Parthians")] + ["Rome=13"]
    code, out, err = run(
        capsys, "campaign", "centres", "--file", str(bellum.path), "--year", "2", "--centres", *held
    )
    assert code == 0, err
    assert bellum.state().centres["Parthians"] == [0, 0]
    assert sum(row[-1] for row in bellum.state().centres.values()) == 90
    assert re.search(r"^\s+1\s+Rome\s+13\s", out, re.MULTILINE)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["bellum"], "--faction: Rome picks one of Bruti, Scipii, Julii", id="B3"),
        pytest.param(
            ["bellum", "--faction", "Claudii"],
            "--faction: one of Bruti, Scipii, Julii (got 'Claudii')",
            id="B3-unknown-faction",
        ),
        pytest.param(
            ["tarentine", "--faction", "julii"],
            "--faction: only for a Bellum game",
            id="B3-faction-only-for-bellum",
        ),
    ],
)
def test_B3_a_bellum_game_needs_rome_s_faction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = tmp_path / "b.castra"
    code, _, err = run(capsys, "campaign", "new", *argv, "--file", str(path))
    assert code == 2 and message in err
    assert not path.exists()


def test_a_bellum_game_refuses_turns_and_other_games_refuse_centres(
    bellum: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "campaign", "advance", "--file", str(bellum.path))
    # The refusal names no field the user never typed (issue 28: not "kind: …").
    assert code == 2 and err.startswith("castra: error: a Bellum game records the supply centres")
    assert len(bellum.events()) == 1
    with CampaignStore.create(tmp_path / "t.castra", load_scenario("tarentine")) as tarentine:
        with pytest.raises(LedgerError, match="only in a Bellum game"):
            tarentine.append(CentresRecorded(year=1, centres={"Rome": 3}))
        assert len(tarentine.events()) == 1


# ---- undo, history, export/import ----------------------------------------------------------


def test_undo_of_a_year_takes_it_back_and_reopens_a_won_game(bellum: CampaignStore) -> None:
    record(bellum, year(Rome=5), year(Rome=30))
    assert bellum.state().finished
    bellum.undo("Rome's count included Capua twice")
    state = bellum.state()
    assert not state.finished and state.bellum_years == 1 and state.turn == 2
    assert state.centres["Rome"] == [5]
    record(bellum, year(Rome=29))  # year 2 again, with the right count
    assert bellum.state().centres["Rome"] == [5, 29] and not bellum.state().finished
    history = bellum.history()
    assert [h.kind for h in history] == [
        "campaign_created",
        "centres_recorded",
        "centres_recorded",
        "undone",
        "centres_recorded",
    ]
    assert history[2].undone_by == 4
    assert "Rome won in year 2 with 30 centres (B1)" in history[2].summary


def test_export_import_round_trips_a_bellum_game(
    bellum: CampaignStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(bellum, year(Rome=4), year(Rome=6), year(Rome=9))
    bellum.undo("year 3 was miscounted")
    bellum.append(NoteAdded(note="Scipio lands at Carthago"))
    target = tmp_path / "export.json"
    assert run(capsys, "campaign", "export", str(target), "--file", str(bellum.path))[0] == 0
    copy = tmp_path / "copy.castra"
    code, _, err = run(capsys, "campaign", "import", str(target), "--file", str(copy))
    assert code == 0, err
    with CampaignStore.open(copy) as imported:
        assert imported.export_document() == bellum.export_document()
        assert imported.state().model_dump() == bellum.state().model_dump()
        assert imported.state().centres["Rome"] == [4, 6]
        assert [h.summary for h in imported.history()] == [h.summary for h in bellum.history()]


def test_a_version_1_file_is_migrated_when_opened(bellum: CampaignStore) -> None:
    record(bellum, year())
    path = bellum.path
    bellum.close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    with CampaignStore.open(path) as reopened:
        assert reopened.state().bellum_years == 1
    with sqlite3.connect(path) as connection:
        version = connection.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone()[0]
    assert version == str(SCHEMA_VERSION)


def test_show_json_has_the_standings_and_the_centres_per_year(
    bellum: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    record(bellum, year(Rome=4, Carthage=5), year(Rome=6, Carthage=5))
    code, out, _ = run(capsys, "campaign", "show", "--file", str(bellum.path), "--json")
    assert code == 0
    shown: dict[str, Any] = json.loads(out)["bellum"]
    assert shown["centres"]["Rome"] == [4, 6] and shown["next_year"] == 3
    rows = shown["standings"]["rows"]
    assert [(r["rank"], r["power"], r["centres"]) for r in rows[:2]] == [
        (1, "Rome", 6),
        (2, "Carthage", 5),
    ]
    assert shown["standings"]["status"] == "in progress"


# ---- properties ----------------------------------------------------------------------------

year_tables = st.lists(
    st.lists(st.integers(min_value=0, max_value=6), min_size=13, max_size=13),
    min_size=1,
    max_size=20,
)


@given(year_tables)
def test_B2_the_ranking_never_puts_fewer_centres_above_more(rows: list[list[int]]) -> None:
    scenario = bellum_scenario("Julii")
    events: list[tuple[int, Event]] = [(1, CampaignCreated(scenario=scenario, turn=1))]
    for number, row in enumerate(rows, start=1):
        centres = dict(zip(POWERS, row, strict=True))
        events.append((number + 1, CentresRecorded(year=number, centres=centres, turn=number)))
    state = replay(events)
    result = state.bellum_standings()
    assert result is not None and result.years == len(rows)
    held = [row.centres for row in result.rows]
    assert held == sorted(held, reverse=True)
    assert [row.rank for row in result.rows] == sorted(row.rank for row in result.rows)
    assert {row.power: row.centres for row in result.rows} == dict(
        zip(POWERS, rows[-1], strict=True)
    )
    # Nobody holds more than 6, so nobody wins at 30: the game ends after year 20 (B1).
    assert state.finished == (len(rows) == 20)
