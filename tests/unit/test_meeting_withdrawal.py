"""Settling a meeting when only one side seeks battle (T3.0, T7.4, T3.6, T4.3).

On land the avoider withdraws under one pursuit roll (T3.3) and retreats as after a defeat;
at sea it is intercepted first and the roll is recorded whatever it gives. Armies "met while
crossing" retreat from the province they started in (T4.3). Each rule id has its table.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    InterceptionRolled,
    MarchOrder,
    MeetingAnswered,
    OrderGiven,
    VoyageOrder,
    WithdrawalPursued,
)
from assistant.ledger.map_war import retreats
from assistant.ledger.naval import interception_event
from assistant.ledger.orders import resolution
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from assistant.ledger.withdrawal import withdrawal_event
from converters.dice import ScriptedDice, SeededDice
from tests.unit.test_ledger_cli import run, run_json


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "w.castra", load_scenario("tarentine")) as opened:
        yield opened


def crossing(store: CampaignStore) -> None:
    """Rome I (4 PM) Roma → Corfinium, Magna Graecia III (1 PM) Corfinium → Roma: they meet
    on the mountain road and the battle belongs to Roma (T7.4)."""
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(
        OrderGiven(nation="Magna Graecia", order=MarchOrder(army="Magna Graecia III", to="Roma"))
    )
    store.append(resolution(store.state()))


def at_sea(store: CampaignStore) -> None:
    """Rome fleet I (2 PM) and Syracuse fleet I (1 PM) sail at each other and meet."""
    store.append(OrderGiven(nation="Rome", order=VoyageOrder(fleet="Rome fleet I", to="Syracusae")))
    store.append(
        OrderGiven(nation="Syracuse", order=VoyageOrder(fleet="Syracuse fleet I", to="Roma"))
    )
    store.append(resolution(store.state()))


def refused(store: CampaignStore, build: object, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        event = build() if callable(build) else build
        store.append(event)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert len(store.events()) == before, "nothing is written"


# ---- T4.3: "met while crossing" ------------------------------------------------------------


def test_t4_3_armies_met_while_crossing_retreat_from_where_they_started(
    store: CampaignStore,
) -> None:
    crossing(store)
    state = store.state()
    held = [o.province for o in retreats(state, "Rome I")]
    assert held and set(held) <= {"Tarquinii", "Falerii", "Capua", "Interamna", "Corfinium"}, (
        "held at Roma where it started: a neighbour of Roma, as a defender"
    )
    came = [o.province for o in retreats(state, "Magna Graecia III")]
    assert "Corfinium" in came and "Roma" not in came, (
        "it started at Corfinium: back there or to a neighbour of it, never the battle's place"
    )
    assert set(came) <= {"Corfinium", "Arpi", "Interamna", "Maleventum"}


# ---- T3.0, T3.3: a withdrawal under one pursuit roll --------------------------------------


@pytest.mark.parametrize(
    ("faces", "lost"),
    [
        pytest.param([4], 0, id="T3.3-a-4-misses"),
        pytest.param([5], 1, id="T3.3-a-5-hits"),
        pytest.param([6], 1, id="T3.3-a-6-hits"),
    ],
)
def test_t3_0_the_avoider_withdraws_under_one_pursuit_roll_and_retreats(
    store: CampaignStore, faces: list[int], lost: int
) -> None:
    crossing(store)
    store.append(MeetingAnswered(meeting=1, seek=["Magna Graecia"]))
    before = store.state()
    expected = retreats(before, "Rome I", pm=4 - lost)[0].province
    event = withdrawal_event(before, 1, ScriptedDice(faces))
    assert [r.purpose for r in event.rolls] == [
        "T3.0 pursuit of a side refusing battle, Magna Graecia, hits on 5+ (T3.1, T3.2)"
    ], "one die per pursuing PM, logged with its purpose"
    store.append(event)
    after = store.state()
    rome = after.forces["Rome I"]
    assert (rome.pm, rome.province) == (4 - lost, expected)
    assert after.nations["Rome"].land_pm == before.nations["Rome"].land_pm - lost
    assert after.nations["Rome"].decimated_pm == before.nations["Rome"].decimated_pm + lost
    assert after.meetings[0].settled
    assert after.forces["Magna Graecia III"].province == "Roma", "the pursuer holds the field"


def test_t3_0_a_withdrawal_to_a_chosen_retreat_and_one_destroyed_by_the_pursuit(
    store: CampaignStore,
) -> None:
    crossing(store)
    store.append(MeetingAnswered(meeting=1, seek=["Rome"]))
    event = withdrawal_event(store.state(), 1, ScriptedDice([1, 2, 3, 6]))
    assert event.lost == {"Magna Graecia III": 1} and event.to == {}
    store.append(event)
    state = store.state()
    assert "Magna Graecia III" not in state.forces, "its one PM fell to the pursuit"
    assert state.meetings[0].settled


def test_t4_3_a_withdrawal_goes_only_where_t4_3_allows(store: CampaignStore) -> None:
    crossing(store)
    store.append(MeetingAnswered(meeting=1, seek=["Magna Graecia"]))
    state = store.state()
    refused(
        store,
        lambda: withdrawal_event(state, 1, ScriptedDice([1]), {"Rome I": "Tarentum"}),
        "Rome I may retreat to",
        "not Tarentum",
        "T4.3",
    )
    chosen = retreats(state, "Rome I")[-1].province
    store.append(withdrawal_event(state, 1, ScriptedDice([1]), {"Rome I": chosen}))
    assert store.state().forces["Rome I"].province == chosen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_t3_3_a_seeded_pursuit_is_reproducible_and_checked_on_replay(seed: int) -> None:
    """The same seed gives the same roll; the event's losses are recomputed from its dice."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.castra"
        with CampaignStore.create(path, load_scenario("tarentine")) as opened:
            crossing(opened)
            opened.append(MeetingAnswered(meeting=1, seek=["Rome"]))
            state = opened.state()
            first = withdrawal_event(state, 1, SeededDice(seed))
            assert withdrawal_event(state, 1, SeededDice(seed)) == first
            assert len(first.rolls) == 4 and all(r.sides == 6 for r in first.rolls)
            hits = sum(1 for r in first.rolls if r.value >= 5)
            assert first.lost == {"Magna Graecia III": min(1, hits)}
            forged = first.model_copy(update={"lost": {"Magna Graecia III": 1 - min(1, hits)}})
            refused(opened, forged, "the pursuit roll takes")
            opened.append(first)
            assert opened.state().meetings[0].settled


@pytest.mark.parametrize(
    ("rule", "setup", "build", "words"),
    [
        pytest.param(
            "T3.0", "land", lambda s: withdrawal_event(s, 1, ScriptedDice([1])),
            ("say first which nations seek battle",), id="T3.0-unanswered",
        ),
        pytest.param(
            "T3.0", "both", lambda s: withdrawal_event(s, 1, ScriptedDice([1])),
            ("every side there seeks battle",), id="T3.0-both-seek",
        ),
        pytest.param(
            "T7.4", "land", lambda s: withdrawal_event(s, 9, ScriptedDice([1])),
            ("no meeting 9",), id="T7.4-no-such-meeting",
        ),
        pytest.param(
            "T3.6", "sea", lambda s: withdrawal_event(s, 1, ScriptedDice([1])),
            ("intercepted first", "T3.6"), id="T3.6-at-sea-intercept-first",
        ),
        pytest.param(
            "T3.3", "seek-mg", lambda s: WithdrawalPursued(meeting=1, lost={"Rome I": 0}),
            ("one d6 per PM of the pursuers",), id="T3.3-no-dice",
        ),
    ],
)  # fmt: skip
def test_withdrawal_refusals_by_rule(
    store: CampaignStore, rule: str, setup: str, build: object, words: tuple[str, ...]
) -> None:
    if setup == "sea":
        at_sea(store)
    else:
        crossing(store)
    if setup == "both":
        store.append(MeetingAnswered(meeting=1, seek=["Rome", "Magna Graecia"]))
    if setup == "seek-mg":
        store.append(MeetingAnswered(meeting=1, seek=["Magna Graecia"]))
    state = store.state()
    refused(store, lambda: build(state), *words)  # type: ignore[operator]
    assert rule in ("T3.0", "T3.3", "T3.6", "T7.4")


def test_t7_4_a_settled_meeting_cannot_be_withdrawn_from_twice(store: CampaignStore) -> None:
    crossing(store)
    store.append(MeetingAnswered(meeting=1, seek=["Magna Graecia"]))
    store.append(withdrawal_event(store.state(), 1, ScriptedDice([4])))
    refused(
        store,
        lambda: withdrawal_event(store.state(), 1, ScriptedDice([4])),
        "already settled",
    )


# ---- T3.6: at sea the avoider is intercepted first, the roll recorded whatever it gives ----


def test_t3_6_a_failed_interception_is_recorded_and_settles_the_meeting(
    store: CampaignStore,
) -> None:
    at_sea(store)
    state = store.state()
    refused(
        store,
        lambda: interception_event(state, "Rome fleet I", "Syracuse fleet I", ScriptedDice([6])),
        "say first which nations seek battle",
    )
    store.append(MeetingAnswered(meeting=1, seek=["Rome"]))
    state = store.state()
    refused(
        store,
        lambda: interception_event(state, "Syracuse fleet I", "Rome fleet I", ScriptedDice([1])),
        "only when Syracuse fleet I's side seeks battle",
    )
    event = interception_event(state, "Rome fleet I", "Syracuse fleet I", ScriptedDice([6]))
    assert not event.intercepted, "6 against 2 + 1: not at most 3 (T3.6)"
    store.append(event)
    kinds = [stored.event.kind for stored in store.events()]
    assert kinds[-1] == "interception_rolled", "an interception with no battle is in the log"
    assert store.state().meetings[0].settled


def test_t3_6_a_caught_fleet_leaves_the_meeting_to_its_naval_battle(store: CampaignStore) -> None:
    at_sea(store)
    store.append(MeetingAnswered(meeting=1, seek=["Rome"]))
    event = interception_event(store.state(), "Rome fleet I", "Syracuse fleet I", ScriptedDice([2]))
    assert isinstance(event, InterceptionRolled) and event.intercepted
    store.append(event)
    assert not store.state().meetings[0].settled, "the naval battle is still to be fought"


# ---- the command line ----------------------------------------------------------------------


def test_t3_0_campaign_withdraw_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "cli.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    for argv in (
        ["move", "Rome I", "--to", "Corfinium"],
        ["move", "Magna Graecia III", "--to", "Roma"],
        ["resolve"],
    ):
        run(capsys, "campaign", *argv, "--file", path)
    before = run_json(capsys, "campaign", "history", "--file", path)
    for argv, words in (
        (["withdraw", "1", "--dice", "5"], "say first which nations seek battle"),
        (["withdraw", "1", "--to", "Rome I"], "--to: ARMY=PROVINCE"),
    ):
        code, _out, err = run(capsys, "campaign", *argv, "--file", path)
        assert code == 2 and words in err and err.count("\n") == 1, err
    run(capsys, "campaign", "answer", "1", "--seek", "Magna Graecia", "--file", path)
    for argv, words in (
        (["withdraw", "1", "--dice", "5,5"], "--dice: the pursuit is one d6 per PM"),
        (["withdraw", "1", "--dice", "5", "--to", "Rome I=Tarentum"], "--to: Rome I may retreat"),
    ):
        code, _out, err = run(capsys, "campaign", *argv, "--file", path)
        assert code == 2 and words in err and err.count("\n") == 1, err
    after_refusals = run_json(capsys, "campaign", "history", "--file", path)
    assert len(after_refusals["events"]) == len(before["events"]) + 1, "only the answer"
    done = run_json(
        capsys, "campaign", "withdraw", "1", "--dice", "6", "--to", "Rome I=Capua", "--file", path
    )
    assert "Rome I lost 1 PM to the pursuit and withdrew from Roma to Capua" in done["summary"]
    assert run_json(capsys, "campaign", "meetings", "--file", path)["meetings"][0]["settled"]


def test_t3_6_a_naval_battle_follows_only_an_interception_that_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "sea.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "sail", "Rome fleet I", "--to", "Syracusae", "--file", path)
    run(capsys, "campaign", "sail", "Syracuse fleet I", "--to", "Roma", "--file", path)
    run(capsys, "campaign", "resolve", "--file", path)
    run(capsys, "campaign", "answer", "1", "--seek", "Rome", "--file", path)
    record = ["record", "--meeting", "1", "--system", "naval", "--winner", "a",
              "--naval-lost", "Syracuse:1"]  # fmt: skip
    code, _out, err = run(capsys, "campaign", *record, "--file", path)
    assert code == 2 and "only an interception that caught" in err and "T3.6" in err, err
    caught = ["intercept", "Rome fleet I", "--target", "Syracuse fleet I", "--dice", "2"]
    assert run_json(capsys, "campaign", *caught, "--file", path)["kind"] == "interception_rolled"
    fought = run_json(capsys, "campaign", *record, "--file", path)
    assert fought["kind"] == "battle_recorded"
    assert run_json(capsys, "campaign", "meetings", "--file", path)["meetings"][0]["settled"]


# ---- T3.2: Pyrrhus leading in person gives the pursuers +1 ------------------------------------


def pyrrhus_crossing(tmp_path: Path) -> CampaignStore:
    """Pyrrhus I (2 PM) Corfinium → Roma while Rome I (4 PM) marches Roma → Corfinium: they
    meet on the mountain road, at Roma (T7.4)."""
    from tests.battle_places import tarentine_starting

    store = CampaignStore.create(
        tmp_path / "p.castra", tarentine_starting(("Pyrrhus", "Corfinium", 2))
    )
    store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    store.append(OrderGiven(nation="Pyrrhus", order=MarchOrder(army="Pyrrhus I", to="Roma")))
    store.append(resolution(store.state()))
    return store


@pytest.mark.parametrize(
    ("rule", "seek", "leads", "faces", "target", "lost"),
    [
        pytest.param("T3.2", "Pyrrhus", None, [4, 3], 4, {"Rome I": 1},
                     id="T3.2-pyrrhus-pursues-a-4-hits"),
        pytest.param("T3.2", "Pyrrhus", False, [4, 3], 5, {"Rome I": 0},
                     id="T3.2-the-referee-says-he-is-not-there-a-4-misses"),
        pytest.param("T3.2", "Rome", None, [4, 4, 3, 3], 4, {"Pyrrhus I": 2},
                     id="T3.2-pyrrhus-withdraws-+1-for-both-sides-the-pursuer-too"),
        pytest.param("T3.2", "Rome", False, [4, 4, 3, 5], 5, {"Pyrrhus I": 1},
                     id="T3.2-without-pyrrhus-rome-hits-on-5"),
    ],
)  # fmt: skip
def test_t3_2_pyrrhus_in_person_gives_the_pursuit_roll_its_plus_one(
    tmp_path: Path,
    rule: str,
    seek: str,
    leads: bool | None,
    faces: list[int],
    target: int,
    lost: dict[str, int],
) -> None:
    """T3.2 "+1 for both sides when Pyrrhus leads in person": the pursuers hit on 4+ whichever
    side he leads (only they roll), each die's logged purpose says so, and the recorded event
    replays to the same losses."""
    with pyrrhus_crossing(tmp_path) as store:
        store.append(MeetingAnswered(meeting=1, seek=[seek]))
        event = withdrawal_event(store.state(), 1, ScriptedDice(faces), pyrrhus_leads=leads)
        assert event.pyrrhus_leads is (leads is not False)
        assert event.lost == lost
        assert len(event.rolls) == len(faces), "one die per pursuing PM"
        for roll in event.rolls:
            assert roll.purpose.endswith(f"hits on {target}+ (T3.1, T3.2)"), roll.purpose
        store.append(event)
        assert store.state().meetings[0].settled
    assert rule == "T3.2"


def test_t3_2_a_recorded_pursuit_must_use_its_own_target(tmp_path: Path) -> None:
    """Refusal (T3.3): the same faces recorded with Pyrrhus' +1 but the losses of a 5+ roll are
    not what the roll takes; nothing is written."""
    with pyrrhus_crossing(tmp_path) as store:
        store.append(MeetingAnswered(meeting=1, seek=["Pyrrhus"]))
        event = withdrawal_event(store.state(), 1, ScriptedDice([4, 3]), pyrrhus_leads=False)
        forged = event.model_copy(update={"pyrrhus_leads": True})
        refused(store, forged, "lost:", "Rome I 1", "T3.3")


def test_t3_2_campaign_withdraw_takes_pyrrhus_in_person_from_the_meeting_or_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for flags, lost in (([], 1), (["--no-pyrrhus"], 0)):
        folder = tmp_path / str(lost)
        folder.mkdir()
        pyrrhus_crossing(folder).close()
        path = str(folder / "p.castra")
        assert run(capsys, "campaign", "answer", "1", "--seek", "Pyrrhus", "--file", path)[0] == 0
        done = run_json(
            capsys, "campaign", "withdraw", "1", "--dice", "4,3", *flags, "--file", path
        )
        assert done["event"]["pyrrhus_leads"] is (lost == 1)
        assert done["event"]["lost"] == {"Rome I": lost}


def test_t3_2_the_battle_opened_from_the_meeting_has_pyrrhus_leading_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """T3.2, T7.4: the same reading for the meeting's dice battle: `--pyrrhus` in its line."""
    pyrrhus_crossing(tmp_path).close()
    path = str(tmp_path / "p.castra")
    opened = run_json(capsys, "campaign", "meetings", "--battle", "1", "--file", path)
    assert opened["pyrrhus_leads"] is True
    assert opened["dice_battle"].split()[-1] == "--pyrrhus"
