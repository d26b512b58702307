"""What a player's seat may do (issue 24 item 1, T7.3, T3.0), decided once in
:func:`assistant.ledger.players.seat_may` for the ledger and the app alike; a nation that has
handed in (item 2, T7.3 Reading); each side of a meeting answering for itself (T3.0).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import (
    MarchOrder,
    MeetingAnswered,
    NoOrders,
    NoteAdded,
    OrderGiven,
    OrderWithdrawn,
)
from assistant.ledger.orders import handed_in, resolution
from assistant.ledger.players import PLAYER_SCREENS, act_of, check_seat, seat_may
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore

REFEREE_ONLY = [
    "advance",
    "winter",
    "rebuild",
    "undo",
    "enter_as",
    "resolve",
    "record",
    "battle",
    "war",
    "dice",
    "ghost",
    "journal",
    "bellum",
    "open_file",
]
"""Every act and screen the app or the command line gives only the referee (T7.3)."""


@pytest.mark.parametrize(
    ("act", "player_may"),
    [
        *((act, True) for act in ("order", "withdraw", "answer", "hand_in", "read")),
        *((screen, True) for screen in ("campaign", "map", "history", "chronicle", "annibui")),
        *((act, False) for act in REFEREE_ONLY),
    ],
)
def test_t7_3_what_a_seat_may_do_and_the_referee_does_everything(
    act: str, player_may: bool
) -> None:
    assert seat_may("Rome", act) is player_may
    assert seat_may(None, act) is True


@given(act=st.text(max_size=30))
def test_t7_3_an_act_nobody_named_is_the_referees(act: str) -> None:
    """Hostile or new act names: a player may only what is listed, the referee anything."""
    listed = {"order", "withdraw", "answer", "hand_in", "read", *PLAYER_SCREENS}
    assert seat_may("Rome", act) is (act in listed)
    assert seat_may(None, act)


@pytest.mark.parametrize(
    ("event", "act"),
    [
        (OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")), "order"),
        (OrderWithdrawn(nation="Rome", force="Rome I"), "withdraw"),
        (MeetingAnswered(meeting=1, seek=[], nation="Rome"), "answer"),
        (MeetingAnswered(meeting=1, seek=["Rome"]), "record"),  # the referee's, every side
        (NoOrders(nation="Rome"), "hand_in"),
        (NoteAdded(note="a note"), "record"),
    ],
)
def test_t7_3_each_event_is_the_act_the_seat_rule_judges(event: object, act: str) -> None:
    assert act_of(event) == act  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("event", "field"),
    [
        (OrderGiven(nation="Carthage", order=MarchOrder(army="Carthage I", to="Utica")), "nation"),
        (NoOrders(nation="Carthage"), "nation"),
        (MeetingAnswered(meeting=1, seek=[], nation="Carthage"), "nation"),
        (MeetingAnswered(meeting=1, seek=["Rome"]), "kind"),
        (NoteAdded(note="a note"), "kind"),
    ],
)
def test_t7_3_a_seat_is_refused_anothers_act_or_the_referees(event: object, field: str) -> None:
    with pytest.raises(LedgerFieldError) as refused:
        check_seat("Rome", event)  # type: ignore[arg-type]
    assert refused.value.field == field


@pytest.fixture
def store(tmp_path: Path) -> CampaignStore:
    return CampaignStore.create(tmp_path / "seats.castra", load_scenario("tarentine"))


def test_t7_3_handed_in_is_an_order_in_or_no_orders_said(store: CampaignStore) -> None:
    """T7.3 (Reading): orders in, or "no orders" said; withdrawing the last order takes the
    nation out again; names only, the same for a player's store as for the referee's."""
    assert handed_in(store.state()) == set()
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(NoOrders(nation="Carthage"))
    assert store.handed_in() == {"Rome", "Carthage"}
    store.append(OrderWithdrawn(nation="Rome", force="Rome I"))
    assert store.handed_in() == {"Carthage"}
    with CampaignStore.open(store.path) as senones:
        senones.seat = "Senones"
        assert senones.handed_in() == {"Carthage"}
        senones.append(NoOrders(nation="Senones"))
        assert senones.handed_in() == {"Carthage", "Senones"}
    store.close()


@pytest.mark.parametrize(
    ("first", "then", "why"),
    [
        (None, NoOrders(nation="Rome"), "has orders in"),
        (NoOrders(nation="Rome"), NoOrders(nation="Rome"), "already said"),
    ],
)
def test_t7_3_no_orders_is_refused_with_orders_in_or_said_twice(
    store: CampaignStore, first: object, then: NoOrders, why: str
) -> None:
    if first is None:
        store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    else:
        store.append(first)  # type: ignore[arg-type]
    before = store.state().last_event_id
    with pytest.raises(LedgerError, match=why):
        store.append(then)
    assert store.state().last_event_id == before
    store.close()


def _meeting(store: CampaignStore) -> None:
    """Rome I marches out of Roma as Magna Graecia III marches in: they meet (T7.4)."""
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(
        OrderGiven(nation="Magna Graecia", order=MarchOrder(army="Magna Graecia III", to="Roma"))
    )
    store.append(resolution(store.state()))


@pytest.mark.parametrize(
    ("rome", "greeks", "seek", "settled"),
    [
        (False, False, [], True),
        (True, False, ["Rome"], False),
        (False, True, ["Magna Graecia"], False),
        (True, True, ["Magna Graecia", "Rome"], False),
    ],
)
def test_t3_0_each_side_answers_for_itself_and_the_meeting_is_answered_once_both_have(
    store: CampaignStore, rome: bool, greeks: bool, seek: list[str], settled: bool
) -> None:
    _meeting(store)
    store.append(MeetingAnswered(meeting=1, seek=["Rome"] if rome else [], nation="Rome"))
    meeting = store.state().meetings[0]
    assert meeting.seek is None and meeting.answers == {"Rome": rome}
    greek = ["Magna Graecia"] if greeks else []
    store.append(MeetingAnswered(meeting=1, seek=greek, nation="Magna Graecia"))
    meeting = store.state().meetings[0]
    assert meeting.seek == seek and meeting.settled is settled
    store.close()


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (MeetingAnswered(meeting=1, seek=["Magna Graecia"], nation="Rome"), "own side"),
        (MeetingAnswered(meeting=1, seek=[], nation="Carthage"), "not in meeting 1"),
        (MeetingAnswered(meeting=1, seek=[], nation="Rome"), "answered meeting 1 already"),
        (MeetingAnswered(meeting=2, seek=[], nation="Rome"), "no meeting 2"),
    ],
)
def test_t3_0_a_side_answers_its_own_meeting_once_for_itself_only(
    store: CampaignStore, answer: MeetingAnswered, why: str
) -> None:
    _meeting(store)
    store.append(MeetingAnswered(meeting=1, seek=[], nation="Rome"))
    before = store.state().last_event_id
    with pytest.raises(LedgerError, match=why):
        store.append(answer)
    assert store.state().last_event_id == before
    assert store.state().meetings[0].seek is None
    store.close()


def test_t3_0_a_players_store_answers_only_for_its_nation(store: CampaignStore) -> None:
    _meeting(store)
    with CampaignStore.open(store.path) as rome:
        rome.seat = "Rome"
        with pytest.raises(LedgerError):
            rome.append(MeetingAnswered(meeting=1, seek=["Rome"]))  # every side: the referee's
        with pytest.raises(LedgerError):
            rome.append(MeetingAnswered(meeting=1, seek=[], nation="Magna Graecia"))
        rome.append(MeetingAnswered(meeting=1, seek=["Rome"], nation="Rome"))
        assert rome.state().meetings[0].answers == {"Rome": True}
    store.close()


def test_t7_3_a_signed_file_of_no_orders_hands_in_by_mail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rome's player withdraws its only order in its copy and signs an empty file: imported,
    Rome has handed in (no orders) in the referee's campaign; importing it again writes
    nothing."""
    from tests.unit.test_mail_orders import copy_for, keys, ok, orders_file

    referee = str(tmp_path / "referee.castra")
    ok(capsys, "campaign", "new", "tarentine", "--file", referee)
    ok(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", referee)
    rome_key = keys(capsys, referee)["Rome"]
    copy = copy_for(capsys, referee, "Rome")
    ok(capsys, "campaign", "orders", "Rome", "--withdraw", "Rome I", "--file", copy)
    signed = orders_file(capsys, copy, rome_key)
    ok(capsys, "campaign", "orders", "import", str(signed), "--file", referee)
    with CampaignStore.open(referee) as store:
        assert "Rome" not in store.state().orders
        assert store.handed_in() == {"Rome"}
        last = store.state().last_event_id
    again = ok(capsys, "campaign", "orders", "import", str(signed), "--file", referee)
    assert "nothing written" in again
    with CampaignStore.open(referee) as store:
        assert store.state().last_event_id == last


def test_t7_3_the_command_line_says_no_orders_once_and_refuses_it_with_orders_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.unit.test_mail_orders import ok
    from tests.unit.test_mail_orders import run as castra

    path = str(tmp_path / "c.castra")
    ok(capsys, "campaign", "new", "tarentine", "--file", path)
    ok(capsys, "campaign", "orders", "Carthage", "--none", "--file", path)
    ok(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", path)
    for argv in (["Carthage", "--none"], ["Rome", "--none"], ["Rome", "--none", "--withdraw", "x"]):
        code, out, err = castra(capsys, "campaign", "orders", *argv, "--file", path)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (argv, err)
    with CampaignStore.open(path) as store:
        assert store.handed_in() == {"Carthage", "Rome"}
    # The players' list says so in words: "no orders" is handed in, not "no orders yet".
    out = ok(capsys, "campaign", "players", "--file", path)
    said = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert all(said[n].endswith("handed in") for n in ("Carthage", "Rome"))
    assert all("not handed in yet" in said[n] for n in said if n not in ("Carthage", "Rome"))


def test_t7_3_what_a_player_may_not_read_is_the_same_taken_a_few_events_at_a_time() -> None:
    """Issue 26: the events a nation may not read, worked out from the events since the last
    change (a player's session, the History), are those worked out from the whole log at any
    cut: another nation's orders of a turn not carried out, an undone carrying-out (it holds
    every order) and the undos of them."""
    from assistant.ledger.events import (
        MarchOrder,
        NoteAdded,
        OrderGiven,
        OrdersResolved,
        OrderWithdrawn,
        Undone,
    )
    from assistant.ledger.players import Unread, hidden_from

    def order(nation: str, army: str, turn: int) -> OrderGiven:
        return OrderGiven(nation=nation, turn=turn, order=MarchOrder(army=army, to="Roma"))

    events: list[tuple[int, Any]] = [
        (1, order("Carthage", "Carthage I", 1)),
        (2, order("Rome", "Rome I", 1)),
        (3, NoteAdded(note="scouts", turn=1)),
        (4, OrdersResolved(turn=1)),
        (5, order("Carthage", "Carthage II", 2)),
        (6, Undone(target=4, reason="typed too soon", turn=2)),
        (7, OrderWithdrawn(nation="Carthage", force="Carthage II", turn=2)),
        (8, Undone(target=5, reason="not meant", turn=2)),
    ]
    expected = {
        4: set(),  # turn 1 carried out: every order of it may be read
        6: {1, 4, 5, 6},  # the carrying-out undone: turn 1's orders hidden again, it too
        8: {1, 4, 5, 6, 7, 8},
    }
    for upto, hidden in expected.items():
        assert hidden_from("Rome", events[:upto]) == hidden
    assert hidden_from("Rome", events[:2]) == {1}
    for cut in range(len(events) + 1):
        taken = Unread(seat="Rome").taking(events[:cut]).taking(events[cut:])
        assert taken.hidden == hidden_from("Rome", events) and taken.last_id == 8
