"""Player sessions (issue 24 item 1): one nation's seat at the ledger, and its token (T7.3).

A player's session opens the campaign as its nation: the ledger takes that nation's orders
only (another nation's order, a note, a battle, an undo, a rule, a resolution are refused), and
what it reads — the state, the history, the glance, an export — holds no other nation's sealed
orders until they are carried out. Each seat's token is kept hashed with the campaign, survives
a restart, and stops opening once rotated.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    Event,
    MarchOrder,
    NoteAdded,
    OrderGiven,
    OrderWithdrawn,
    RuleChanged,
    TreasuryAdjusted,
)
from assistant.ledger.orders import resolution
from assistant.ledger.players import (
    REFEREE_SEAT,
    SESSIONS_KEY,
    issue_sessions,
    rotate_session,
    session_matches,
)
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_cli import run, run_json

CARTHAGE = "sealed order of Carthage"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A Tarentine campaign where the referee entered an order of Carthage."""
    file = tmp_path / "served.castra"
    with CampaignStore.create(file, load_scenario("tarentine")) as store:
        store.append(OrderGiven(nation="Carthage", order=MarchOrder(army="Carthage I", to="Utica")))
    return file


@pytest.fixture
def rome(path: Path) -> Iterator[CampaignStore]:
    """Rome's session on it."""
    with CampaignStore.open(path) as store:
        store.seat = "Rome"
        yield store


def march(nation: str, army: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=MarchOrder(army=army, to=to))


REFUSED = [
    pytest.param(
        march("Carthage", "Carthage I", "Utica"), "only its own orders", id="another-order"
    ),
    pytest.param(
        OrderWithdrawn(nation="Carthage", force="Carthage I"), "own orders", id="withdraw"
    ),
    pytest.param(NoteAdded(note="hello"), "referee", id="a-note"),
    pytest.param(TreasuryAdjusted(nation="Rome", pe=5), "referee", id="money"),
    pytest.param(RuleChanged(name="orders", value="immediate", reason="x"), "referee", id="a-rule"),
]


@pytest.mark.parametrize(("event", "words"), REFUSED)
def test_t7_3_a_players_session_records_its_own_orders_only(
    rome: CampaignStore, event: Event, words: str
) -> None:
    before = len(CampaignStore.open(rome.path).events())
    with pytest.raises(LedgerError) as caught:
        rome.append(event)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(LedgerError):
        rome.check(event)
    with CampaignStore.open(rome.path) as referee:
        assert len(referee.events()) == before, "nothing written"


def test_t7_3_a_player_neither_undoes_nor_resolves(rome: CampaignStore, path: Path) -> None:
    rome.append(march("Rome", "Rome I", "Corfinium"))
    with pytest.raises(LedgerError, match="withdraw an order instead"):
        rome.undo("oops")
    with CampaignStore.open(path) as referee:
        event = resolution(referee.state())
    with pytest.raises(LedgerError, match="referee records everything else"):
        rome.append(event)
    rome.append(OrderWithdrawn(nation="Rome", force="Rome I"))
    assert rome.state().orders == {}


def test_t7_3_a_players_session_reads_no_other_nations_sealed_order(
    rome: CampaignStore, path: Path
) -> None:
    rome.append(march("Rome", "Rome I", "Corfinium"))
    state = rome.state()
    assert set(state.orders) == {"Rome"}
    assert CARTHAGE not in json.dumps(state.summary().to_json())
    assert all(CARTHAGE not in entry.summary for entry in rome.history())
    assert all(
        stored.event.kind != "order_given" or stored.event.nation == "Rome"
        for stored in rome.events()
    )  # type: ignore[union-attr]
    assert CARTHAGE not in json.dumps(rome.glance().to_json())
    assert '"nation": "Carthage", "order"' not in json.dumps(rome.export_document())
    assert "Carthage I" not in json.dumps(
        [
            e["event"]
            for e in rome.export_document()["events"]
            if e["event"]["kind"] == "order_given"
        ]
    )
    with CampaignStore.open(path) as referee:
        assert set(referee.state().orders) == {"Rome", "Carthage"}, "the referee sees them all"
        assert any(CARTHAGE in entry.summary for entry in referee.history())
        referee.append(resolution(referee.state()))
    assert any(CARTHAGE in entry.summary for entry in rome.history()), "revealed once carried out"


def test_t7_3_a_seat_cannot_learn_another_order_from_a_refusal(rome: CampaignStore) -> None:
    """The ledger's check for a player runs against its own orders only (godip's lesson)."""
    with pytest.raises(LedgerError) as caught:
        rome.append(march("Rome", "Carthage I", "Utica"))
    assert "already has an order" not in str(caught.value)


# ---- tokens ------------------------------------------------------------------------------------


def test_session_tokens_are_kept_hashed_survive_a_restart_and_rotate(path: Path) -> None:
    seats = [REFEREE_SEAT, "Rome", "Carthage"]
    with CampaignStore.open(path) as store:
        tokens = issue_sessions(store, seats)
        assert set(tokens) == set(seats) and len(set(tokens.values())) == 3
        kept = store.read_meta(SESSIONS_KEY) or ""
        assert all(token not in kept for token in tokens.values()), "only hashes are kept"
    with CampaignStore.open(path) as store:
        assert issue_sessions(store, seats) == {}, "a restart keeps every address"
    for seat, token in tokens.items():
        assert session_matches(path, seat, token)
    assert not session_matches(path, "Carthage", tokens["Rome"]), "another seat's token"
    assert not session_matches(path, "Rome", None) and not session_matches(path, "Rome", "")
    assert not session_matches(path, "Rome", tokens["Rome"][:-1] + "x")
    assert not session_matches(path, "Syracuse", tokens["Rome"]), "a seat without a token"
    with CampaignStore.open(path) as store:
        fresh = rotate_session(store, "Rome")
    assert not session_matches(path, "Rome", tokens["Rome"]), "a rotated token no longer opens"
    assert session_matches(path, "Rome", fresh)
    assert session_matches(path, "Carthage", tokens["Carthage"]), "the others keep theirs"
    assert not session_matches(path.with_name("missing.castra"), "Rome", fresh)


def test_campaign_players_rotate_prints_a_new_token(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with CampaignStore.open(path) as store:
        old = issue_sessions(store, ["Rome"])["Rome"]
    shown = run_json(capsys, "campaign", "players", "--rotate", "Roma", "--file", str(path))
    assert shown["seat"] == "Rome" and shown["token"] != old
    assert session_matches(path, "Rome", shown["token"]) and not session_matches(path, "Rome", old)
    referee = run_json(capsys, "campaign", "players", "--rotate", "referee", "--file", str(path))
    assert session_matches(path, REFEREE_SEAT, referee["token"])
    code, _out, err = run(capsys, "campaign", "players", "--rotate", "Neutral", "--file", str(path))
    assert code == 2 and "Neutral has no player" in err


def test_t7_3_a_player_knows_who_handed_in_orders_names_only(
    rome: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rome.handed_in() == {"Carthage"} and set(rome.state().orders) == set()
    rome.append(march("Rome", "Rome I", "Corfinium"))
    assert rome.handed_in() == {"Carthage", "Rome"}
    shown = run_json(capsys, "campaign", "players", "--file", str(rome.path))
    handed = {row["nation"] for row in shown["players"] if row["orders_in"]}
    assert handed == {"Carthage", "Rome"}
