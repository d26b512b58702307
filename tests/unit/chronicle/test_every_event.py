"""The chronicle tells what the ledger says (issue 21, item 3): a recorded year with every
event kind, replayed, gives a report in which every event in force appears in the ledger's
own words (English and Italian), and whose figures at every close of turn — treasury (PE),
PM in play and prestige (PP) — are the ledger's state once the turn's end was applied,
tribute (T5.3) and siege costs (T5.4) included."""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.chronicle.export import campaign_tables, write_csv
from assistant.chronicle.render import render_report, render_story
from assistant.chronicle.report import chronicle_of
from assistant.chronicle.story import Chronicle
from assistant.ledger.events import EVENT_KINDS, TurnAdvanced
from assistant.ledger.state import replay
from assistant.ledger.store import CampaignStore, HistoryEntry
from converters.i18n import set_language
from converters.said import clauses_of, render
from tests.chronicle_year import bellum_year, macedon_season, sealed_turn, tarentine_year

CAMPAIGNS: dict[str, Callable[[Path], CampaignStore]] = {
    "tarentine": tarentine_year,
    "sealed": sealed_turn,
    "macedon": macedon_season,
    "bellum": bellum_year,
}
"""The recorded campaigns: together every event kind."""

NOT_IN_A_TURN = {"campaign_created", "undone"}
"""The creation is the report's title; an undo takes its target out of the story."""


@pytest.fixture(params=sorted(CAMPAIGNS))
def recorded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CampaignStore]:
    store = CAMPAIGNS[request.param](tmp_path / f"{request.param}.castra")
    yield store
    store.close()


def _in_force(store: CampaignStore) -> list[HistoryEntry]:
    return [
        entry
        for entry in store.history()
        if entry.undone_by is None and entry.kind not in NOT_IN_A_TURN
    ]


def test_the_recorded_campaigns_use_every_event_kind(tmp_path: Path) -> None:
    """A kind added to the ledger fails here until the year records it, so the test below
    checks that the report tells it."""
    used: set[str] = set()
    for name, build in CAMPAIGNS.items():
        with build(tmp_path / f"{name}.castra") as store:
            used |= {entry.kind for entry in store.history()}
    assert used == set(EVENT_KINDS)


def _clauses_told(entry: HistoryEntry) -> list[str]:
    """The clauses of an event's description the report shows, in the reader's language, as
    the History renders them: a turn's end without "turn N ended; now …" (its section's
    heading) and without its tribute and siege costs (said with the nations' names,
    "Tribute collected (T5.3): Roma 26 PE …", checked below); a note is its text."""
    if entry.kind == "note" or entry.said is None:
        return []
    said = clauses_of(entry.said)
    if entry.kind == "turn_advanced":
        said = said[2:]
        said = [
            c for c in said if c.key not in {"tribute {amounts}", "siege costs (T5.4) {amounts}"}
        ]
    return [render(c) for c in said]


def _words(chronicle: Chronicle, fmt: str) -> str:
    """The report's words in ``fmt``: the Chronicle screen's text (the Markdown without its
    charts, as it reads), the HTML page's text, or the PDF's, its lines joined (typst wraps
    them)."""
    if fmt == "screen":
        # As the screen's Markdown shows it: a backslash-escaped special is the character.
        return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", render_story(chronicle))
    content = render_report(chronicle, fmt, with_charts=False).content  # type: ignore[arg-type]
    if fmt == "html":
        assert isinstance(content, str)
        return html.unescape(re.sub(r"<[^>]+>", "", content))
    assert isinstance(content, bytes)
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


@pytest.mark.parametrize(
    ("language", "fmt"), [("en", "screen"), ("it", "screen"), ("en", "html"), ("en", "pdf")]
)
def test_every_event_in_force_appears_in_the_report(
    recorded: CampaignStore, language: str, fmt: str
) -> None:
    set_language(language)
    try:
        chronicle = chronicle_of(recorded, everything=True)
        text = _words(chronicle, fmt)
        # PDF lines are joined with one space, so words split across two lines still match.
        spaced = fmt == "pdf"
        missing = []
        for entry in _in_force(recorded):
            if entry.kind == "ghost_battle_finished":
                told = chronicle.ghosts and all(g.turn == entry.turn for g in chronicle.ghosts)
                if not told:
                    missing.append(f"#{entry.id} {entry.kind}")
                continue
            for clause in _clauses_told(entry):
                shown = " ".join(clause.split()) if spaced else clause
                if shown not in text:
                    missing.append(f"#{entry.id} {entry.kind}: {shown}")
            if (
                entry.note.strip()
                and entry.kind != "winter_resolved"
                and (" ".join(entry.note.split()) if spaced else entry.note) not in text
            ):
                missing.append(f"#{entry.id} {entry.kind} note: {entry.note}")
        assert missing == [], "told nowhere in the report"
        undone = [e for e in recorded.history() if e.undone_by is not None]
        assert all(e.note not in text for e in undone if e.note), "an undone event is told"
    finally:
        set_language("en")


def test_the_turn_ends_and_the_winter_are_told_whole(tmp_path: Path) -> None:
    """T5.3, T5.4: each turn's tribute and siege costs, nation by nation; T5.6, T7.9: the
    winter event in the scenario's words, one line though its text holds a ";", and what it
    did on the map; T5.8 the VP."""
    with tarentine_year(tmp_path / "y.castra") as store:
        chronicle = chronicle_of(store, everything=True)
        events = store.events()
    turns = {turn.turn: turn for turn in chronicle.history}
    for stored in events:
        event = stored.event
        if not isinstance(event, TurnAdvanced):
            continue
        economy = turns[event.turn or 0].economy
        if not event.tribute:
            continue  # a winter's end collects nothing (T5.3)
        amounts = ", ".join(f"{n} {pe} PE" for n, pe in event.tribute.items())
        assert f"Tribute collected (T5.3): {amounts}" in economy
        if event.siege_costs:
            costs = ", ".join(f"{n} {pe} PE" for n, pe in event.siege_costs.items())
            assert f"Siege costs paid (T5.4): {costs}" in economy
    winter = turns[13].winter_lines
    coup = [line for line in winter if line.startswith("winter event 4: Coup at Rhegium")]
    assert len(coup) == 1 and coup[0].endswith("else the PM there are destroyed")
    assert "Magna Graecia II destroyed by the coup at Rhegium" in winter
    assert "Rhegium is a neutral state (T7.9)" in winter
    assert any(line.startswith("VP Rome 30, Carthage 33") for line in winter)
    # Rhegium is a neutral state after the coup: Sena, taken by Rome, is the one check.
    assert [c.split(":")[0] for c in turns[13].control_checks] == ["control check Sena"]


def test_every_close_of_turn_is_the_ledgers_state_tribute_included(
    recorded: CampaignStore, tmp_path: Path
) -> None:
    """Each nation's treasury, PM in play and PP at every close of turn equal the ledger's:
    the replay of every event up to the one that ended the turn, that one included; the turn
    still open closes on the campaign as it stands. The CSV export's nations table says the
    same."""
    events = recorded.events()
    pairs = [(stored.id, stored.event) for stored in events]
    expected: dict[int, dict[str, tuple[int, int, int]]] = {}

    def figures_of(position: int) -> dict[str, tuple[int, int, int]]:
        state = replay(pairs[: position + 1])
        return {
            name: (n.treasury, n.land_pm + n.naval_pm, n.prestige)
            for name, n in state.nations.items()
            if n.player
        }

    undone = {e.id for e in recorded.history() if e.undone_by is not None}
    for position, stored in enumerate(events):
        if isinstance(stored.event, TurnAdvanced) and stored.id not in undone:
            expected[stored.event.turn or 0] = figures_of(position)
    expected[recorded.state().turn] = figures_of(len(events) - 1)
    chronicle = chronicle_of(recorded, everything=True)
    told = {
        turn.turn: {f.nation: (f.treasury, f.pm_in_play, f.prestige) for f in turn.figures}
        for turn in chronicle.history
        if turn.figures  # a Bellum year's centres close no turn of their own (B1)
    }
    assert told == expected
    folder = tmp_path / "csv"
    write_csv(campaign_tables(events, recorded.history(), chronicle), folder)
    with (folder / "nations.csv").open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    exported = {
        (int(row["turn"]), row["nation"]): (
            int(row["treasury"]),
            int(row["land_pm"]) + int(row["naval_pm"]),
            int(row["prestige"]),
        )
        for row in rows
    }
    assert exported == {
        (turn, nation): value
        for turn, nations in expected.items()
        for nation, value in nations.items()
    }
    with (folder / "events.csv").open(encoding="utf-8") as table:
        ids = [int(row["id"]) for row in csv.DictReader(table)]
    assert ids == [stored.id for stored in events], "every event, undone ones marked"


def test_a_sack_tells_its_money(tmp_path: Path) -> None:
    """T5.3: the sack of Canova (+6 PE) is in turn 1's money, so Rome's treasury is told."""
    with tarentine_year(tmp_path / "y.castra") as store:
        first = chronicle_of(store, turn=1).turns[0]
    assert "Rome sacked Canova: +6 PE, its loyalty toward Rome −10 (T5.3)" in first.economy


@pytest.mark.parametrize("face", [1, 3, 4, 5, 6, 7, 8])
def test_t5_6_each_winter_event_is_one_line_in_the_scenarios_words(
    tmp_path: Path, face: int
) -> None:
    """The Tarentine table (seed 000), a die face each: the event's text is one line, even
    where it holds a ";" (1–2: "…Pyrrhus leaves; the second time he returns…"), and what it
    did on the map follows it on lines of their own."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.record import winter_event
    from converters.dice import ScriptedDice

    with CampaignStore.create(tmp_path / "w.castra", load_scenario("tarentine")) as store:
        while not store.state().is_winter:
            store.append(TurnAdvanced())
        state = store.state()
        annex = "Insubres" if face == 6 else None
        store.append(winter_event(state, ScriptedDice([face]), annex=annex))
        table = state.scenario.winter_events
        assert table is not None
        (spec,) = [e for e in table.events if face in e.faces]
        winter = chronicle_of(store, turn=state.turn).turns[0].winter_lines
    told = [line for line in winter if line.startswith(f"winter event {face}:")]
    assert told == [f"winter event {face}: {spec.text}"]
    assert not any(spec.text.split("; ")[-1] == line for line in winter), "not split"


def test_t7_3_a_sealed_order_is_told_only_once_its_turn_is_carried_out(tmp_path: Path) -> None:
    """A report goes to every nation: an order of a turn whose orders are still sealed is not
    in it; once they are carried out, it is."""
    from assistant.ledger.events import MarchOrder, OrderGiven
    from assistant.ledger.orders import resolution

    with sealed_turn(tmp_path / "s.castra") as store:
        store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome II", to="Canova")))
        sealed = render_story(chronicle_of(store, everything=True))
        store.append(resolution(store.state()))
        carried_out = render_story(chronicle_of(store, everything=True))
    order = "sealed order of Rome: Rome II to march to Canova"
    assert order not in sealed and "Rome I to march to Corfinium" in sealed
    assert order in carried_out
