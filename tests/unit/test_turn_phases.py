"""A turn by the book: the phases (T5.2, D6), sealed orders (T7.3) and meetings (T7.4, T3.0).

The phase machine's diagram in docs/phases.md is generated from the machine; each phase refusal
is a row of a table by rule id; sealed orders are checked when given and carried out together.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    EVENT_ADAPTER,
    ArmyMoved,
    ArmyRetreated,
    CampaignCreated,
    Event,
    MarchOrder,
    MeetingAnswered,
    NoteAdded,
    OrderGiven,
    OrderWithdrawn,
    PmRebuilt,
    RecruitmentOrdered,
    TroopsLanded,
    TurnAdvanced,
    VoyageOrder,
)
from assistant.ledger.orders import may_see, resolution
from assistant.ledger.phase_diagram import render_doc, render_mermaid
from assistant.ledger.phases import (
    MACEDON_TRANSITIONS,
    TARENTINE_TRANSITIONS,
    Phase,
)
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.house_rules import HouseRules
from tests.unit.test_ledger_cli import run, run_json

DOC = Path(__file__).resolve().parents[2] / "docs" / "phases.md"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "sealed.castra", load_scenario("tarentine")) as opened:
        yield opened


def refused(store: CampaignStore, event: Event, *words: str) -> str:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert len(store.events()) == before, "nothing is written"
    return message


def march(nation: str, army: str, to: str) -> OrderGiven:
    return OrderGiven(nation=nation, order=MarchOrder(army=army, to=to))


def voyage(nation: str, fleet: str, to: str, **more: object) -> OrderGiven:
    return OrderGiven(nation=nation, order=VoyageOrder(fleet=fleet, to=to, **more))  # type: ignore[arg-type]


# ---- the machine and its diagram ------------------------------------------------------------


def test_t5_2_docs_phases_md_is_generated_from_the_machine() -> None:
    assert DOC.read_text(encoding="utf-8") == render_doc(), (
        "docs/phases.md differs: run `python -m assistant.ledger.phase_diagram > docs/phases.md`"
    )


@pytest.mark.parametrize(
    ("kind", "transitions"),
    [("tarentine", TARENTINE_TRANSITIONS), ("macedon", MACEDON_TRANSITIONS)],
)
def test_t5_2_d6_the_diagram_has_every_transition(kind: str, transitions: list[dict]) -> None:
    mermaid = render_mermaid(kind)
    for transition in transitions:
        sources = transition["source"]
        for source in sources if isinstance(sources, list) else [sources]:
            edge = f"{source.value} --> {transition['dest'].value}: {transition['trigger']}"
            assert any(edge in line for line in mermaid.splitlines()), edge


# ---- the phase as the ledger knows it -------------------------------------------------------


def test_t5_2_the_phase_is_replayed_from_the_log(store: CampaignStore) -> None:
    assert store.state().phase is Phase.recruitment
    store.append(march("Rome", "Rome I", "Corfinium"))
    assert store.state().phase is Phase.movement
    store.append(resolution(store.state()))
    assert store.state().phase is Phase.naval_battles
    reopened = CampaignStore.open(store.path)
    with reopened:
        assert reopened.state().phase is Phase.naval_battles
    store.undo("typed too soon")
    assert store.state().phase is Phase.movement
    assert store.state().orders == {"Rome": [MarchOrder(army="Rome I", to="Corfinium")]}


def test_t5_2_campaign_show_says_the_phase_and_what_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "show.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", path)
    shown = run_json(capsys, "campaign", "show", "--file", path)
    assert shown["phase"]["key"] == "movement"
    assert shown["phase"]["rule"] == "T5.2 phase 3"
    assert shown["phase"]["orders"] == "sealed"
    assert shown["phase"]["left"] == [
        "1 sealed order(s) in; carry them out with castra campaign resolve"
    ]
    code, text, _err = run(capsys, "campaign", "show", "--file", path)
    assert code == 0
    assert "Phase: movement (T5.2 phase 3)" in text


PHASE_REFUSALS = [
    # (rule, acts first, the refused act, words of the refusal)
    pytest.param(
        "T5.2 phase 6",
        [march("Rome", "Rome I", "Corfinium")],
        TroopsLanded(army="Rome I"),
        ("phase:", "landings come after the movement (T5.2 phase 6)", "resolve"),
        id="T5.2-landings-after-the-orders-are-carried-out",
    ),
    pytest.param(
        "T5.2 phase 1",
        [march("Rome", "Rome I", "Corfinium"), "resolve", "answer-none"],
        RecruitmentOrdered(nation="Rome", land_pm=0, naval_pm=0, province="Roma"),
        (
            "recruitment belongs to recruitment and shipbuilding (T5.2 phase 1)",
            "the turn is at naval battles (T5.2 phase 4)",
        ),
        id="T5.2-recruitment-before-movement",
    ),
    pytest.param(
        "T5.2 phase 1",
        [march("Rome", "Rome I", "Corfinium"), "resolve"],
        PmRebuilt(nation="Rome", pm=1),
        ("rebuilding decimated PM belongs to recruitment and shipbuilding (T5.2 phase 1)",),
        id="T5.2-rebuilding-is-recruitment",
    ),
    pytest.param(
        "T5.2 phase 3",
        [march("Rome", "Rome I", "Corfinium"), "resolve", "answer-none"],
        march("Rome", "Rome II", "Canova"),
        ("orders belongs to movement (T5.2 phase 3)",),
        id="T5.2-no-order-after-the-orders-are-carried-out",
    ),
    pytest.param(
        "T7.4",
        [
            march("Rome", "Rome I", "Corfinium"),
            march("Magna Graecia", "Magna Graecia III", "Roma"),
            "resolve",
        ],
        ArmyRetreated(army="Rome I", to="Roma"),
        ("retreats come after the land battles (T5.2 phase 8)", "1 meeting(s)", "at Roma"),
        id="T7.4-a-meeting-holds-its-phase",
    ),
]


def _act(store: CampaignStore, act: object) -> None:
    if act == "resolve":
        store.append(resolution(store.state()))
    elif act == "answer-none":
        for meeting in store.state().meetings:
            store.append(MeetingAnswered(meeting=meeting.meeting.number, seek=[]))
    else:
        store.append(act)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rule", "acts", "event", "words"), PHASE_REFUSALS)
def test_t5_2_an_act_of_another_phase_is_refused_naming_the_phase(
    store: CampaignStore, rule: str, acts: list[object], event: Event, words: tuple[str, ...]
) -> None:
    for act in acts:
        _act(store, act)
    message = refused(store, event, *words)
    assert rule.split()[0] in message or "T7.4" in message


def test_t5_2_the_turn_cannot_end_while_a_meeting_is_unsettled(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    refused(store, TurnAdvanced(), "the turn cannot end yet (T5.2 phase 3)", "resolve")
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    store.append(resolution(store.state()))
    refused(store, TurnAdvanced(), "the turn cannot end yet", "1 meeting(s)", "Roma")
    store.append(MeetingAnswered(meeting=1, seek=[]))
    store.append(TurnAdvanced())
    state = store.state()
    assert state.turn == 2 and state.phase is Phase.recruitment and state.meetings == []


def test_t5_2_a_phase_with_nothing_to_do_passes_by_itself(store: CampaignStore) -> None:
    """No order at all: a landing-free turn goes from phase 1 to a sack (phase 11) at once."""
    store.append(TurnAdvanced())
    assert store.state().turn == 2


# ---- sealed orders (T7.3) -----------------------------------------------------------------


ORDER_REFUSALS = [
    pytest.param(
        march("Carthage", "Rome I", "Corfinium"),
        ("Rome I is a force of Rome, not of Carthage", "T7.3"),
        id="another-nations-force",
    ),
    pytest.param(
        march("Rome", "Rome I", "Tarentum"),
        ("no road joins Roma and Tarentum", "T7.3"),
        id="no-neighbour",
    ),
    pytest.param(
        voyage("Rome", "Rome fleet I", "Sena"),
        ("12 sea stretches", "at most 8", "T3.7"),
        id="beyond-8-stretches",
    ),
    pytest.param(
        voyage("Rome", "Rome fleet I", "Capua", carry=["Rome I"]),
        ("4 land PM need 4 naval PM; Rome fleet I has 2", "T7.3"),
        id="carrying-too-much",
    ),
    pytest.param(
        march("Neutral", "Neutral I", "Rhegium"),
        ("Neutral has no player", "T4.4"),
        id="no-player",
    ),
]


@pytest.mark.parametrize(("event", "words"), ORDER_REFUSALS)
def test_t7_3_an_order_breaking_a_rule_is_refused_when_given(
    store: CampaignStore, event: Event, words: tuple[str, ...]
) -> None:
    refused(store, event, *words)


def test_t7_3_one_order_per_force(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    refused(store, march("Rome", "Rome I", "Capua"), "Rome I already has an order", "T7.3")
    store.append(OrderWithdrawn(nation="Rome", force="Rome I"))
    store.append(march("Rome", "Rome I", "Capua"))
    assert store.state().orders == {"Rome": [MarchOrder(army="Rome I", to="Capua")]}


def test_t7_3_nothing_moves_until_the_orders_are_carried_out(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    assert store.state().forces["Rome I"].province == "Roma"
    refused(store, ArmyMoved(army="Rome II", to="Canova"), "sealed orders", "T7.3")
    store.append(resolution(store.state()))
    assert store.state().forces["Rome I"].province == "Corfinium"


def test_t7_3_a_nation_sees_only_its_own_orders_the_referee_all(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Carthage", "Carthage I", "Utica"))
    given = [stored.event for stored in store.events() if stored.event.kind == "order_given"]
    assert [may_see(None, e, []) for e in given] == [True, True]
    assert [may_see("Rome", e, []) for e in given] == [True, False]
    assert [may_see("Carthage", e, []) for e in given] == [False, True]
    assert [may_see("Rome", e, [1]) for e in given] == [True, True], "revealed once carried out"
    assert may_see("Rome", NoteAdded(note="x", turn=1), [])


def test_t7_3_a_campaign_made_before_the_option_moves_one_at_a_time() -> None:
    """Reading: the creation event of an older file has no `orders`: it reads `immediate`, and
    it serialises exactly as it was stored (its checksum still matches)."""
    scenario = load_scenario("tarentine")
    old = json.dumps({"kind": "campaign_created", "scenario": scenario.model_dump(mode="json")})
    created = EVENT_ADAPTER.validate_json(old)
    assert isinstance(created, CampaignCreated) and created.rules.orders == "immediate"
    assert "rules" not in json.loads(created.model_dump_json())
    chose = {**json.loads(old), "rules": {"control_tie": "owner"}}
    created = EVENT_ADAPTER.validate_python(chose)
    assert isinstance(created, CampaignCreated)
    assert created.rules.orders == "immediate" and created.rules.control_tie == "owner"
    new = CampaignCreated(scenario=scenario, rules=HouseRules())
    assert new.rules.orders == "sealed"
    again = EVENT_ADAPTER.validate_json(new.model_dump_json())
    assert isinstance(again, CampaignCreated) and again.rules.orders == "sealed"
    one = CampaignCreated(scenario=scenario, rules=HouseRules(orders="immediate"))
    assert "rules" not in json.loads(one.model_dump_json())


# ---- meetings (T7.4) ----------------------------------------------------------------------


def test_t7_4_armies_crossing_on_a_road_meet(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    store.append(resolution(store.state()))
    (meeting,) = store.state().meetings
    assert meeting.meeting.crossing == ["Corfinium", "Roma"]
    assert meeting.meeting.forces == ["Magna Graecia III", "Rome I"]
    assert meeting.meeting.arrivals == {"Magna Graecia III": "mountain", "Rome I": "mountain"}
    assert not meeting.at_sea and meeting.province == "Roma"
    forces = store.state().forces
    assert forces["Magna Graecia III"].province == forces["Rome I"].province == "Roma", (
        "met on the road: held where Magna Graecia III marched, so the battle can be fought"
    )


def test_t7_4_fleets_crossing_at_sea_meet_stretch_by_stretch_and_stop(
    store: CampaignStore,
) -> None:
    store.append(voyage("Rome", "Rome fleet I", "Syracusae"))
    store.append(voyage("Syracuse", "Syracuse fleet I", "Roma"))
    store.append(resolution(store.state()))
    (meeting,) = store.state().meetings
    assert meeting.at_sea and len(meeting.meeting.crossing) == 2
    forces = store.state().forces
    assert forces["Rome fleet I"].province not in ("Roma", "Syracusae")
    assert forces["Syracuse fleet I"].province not in ("Roma", "Syracusae")


def test_t7_4_the_meetings_command_lists_them_sea_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "m.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    for argv in (
        ["move", "Rome I", "--to", "Corfinium"],
        ["move", "Magna Graecia III", "--to", "Roma"],
        ["sail", "Rome fleet I", "--to", "Syracusae"],
        ["sail", "Syracuse fleet I", "--to", "Roma"],
    ):
        run(capsys, "campaign", *argv, "--file", path)
    resolved = run_json(capsys, "campaign", "resolve", "--file", path)
    assert resolved["kind"] == "orders_resolved"
    listed = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert [m["at_sea"] for m in listed] == [True, False]
    answered = run_json(capsys, "campaign", "answer", "2", "--file", path)
    assert "neither side seeks battle" in answered["summary"]
    assert run_json(capsys, "campaign", "meetings", "--file", path)["meetings"][1]["settled"]


def test_t3_0_a_nation_outside_the_meeting_cannot_answer_it(store: CampaignStore) -> None:
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    store.append(resolution(store.state()))
    refused(store, MeetingAnswered(meeting=1, seek=["Carthage"]), "Carthage is not in meeting 1")
    refused(store, MeetingAnswered(meeting=7, seek=[]), "no meeting 7")


def test_t5_2_a_tarentine_turn_by_the_book(store: CampaignStore) -> None:
    """Story: sealed orders from several nations, a crossing on a road, two fleets meeting at
    their landing place, a meeting both sides avoid, troops landing after the naval battles
    into a land meeting, the battle fought from it, and the turn ending once all is settled."""
    from assistant.ledger.events import ForceSplit
    from assistant.ledger.record import ContingentFigures, battle_event

    store.append(ForceSplit(force="Rome I", pm=2, name="Laevinus"))
    store.append(voyage("Rome", "Rome fleet I", "Heraclea", carry=["Laevinus"], land=True))
    store.append(voyage("Pyrrhus", "Pyrrhus fleet I", "Heraclea", carry=["Pyrrhus I"], land=True))
    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    store.append(march("Carthage", "Carthage I", "Utica"))
    store.append(resolution(store.state()))
    state = store.state()
    assert [(m.province, m.at_sea) for m in state.meetings] == [
        ("Heraclea", True),
        ("Roma", False),
    ]
    assert state.forces["Carthage I"].province == "Utica", "no enemy there: it just marches"
    assert state.forces["Laevinus"].aboard == "Rome fleet I", "landings wait for phase 6"
    refused(store, TroopsLanded(army="Laevinus"), "landings come after the naval battles")
    store.append(MeetingAnswered(meeting=1, seek=[]))
    store.append(TroopsLanded(army="Laevinus"))
    store.append(TroopsLanded(army="Pyrrhus I"))
    land = [m for m in store.state().meetings if m.province == "Heraclea" and not m.at_sea]
    assert land and land[0].meeting.arrivals == {"Laevinus": "landing", "Pyrrhus I": "landing"}
    refused(store, TurnAdvanced(), "the turn cannot end yet", "2 meeting(s)")
    figures = [
        ContingentFigures(side="a", nation="Rome", pm=2, battle_groups=12, broken=3),
        ContingentFigures(side="b", nation="Pyrrhus", pm=2, battle_groups=8, broken=2),
    ]
    store.append(
        battle_event(store.state(), place="Heraclea", system="fog", winner="b", contingents=figures)
    )
    store.append(MeetingAnswered(meeting=2, seek=[]))
    assert all(m.settled for m in store.state().meetings)
    store.append(TurnAdvanced())
    assert store.state().phase is Phase.recruitment


def test_t7_4_a_battle_is_recorded_only_where_forces_meet(store: CampaignStore) -> None:
    from assistant.ledger.record import ContingentFigures, battle_event

    store.append(march("Rome", "Rome I", "Corfinium"))
    store.append(march("Magna Graecia", "Magna Graecia III", "Roma"))
    store.append(resolution(store.state()))

    def battle(place: str, a: str, b: str) -> Event:
        return battle_event(
            store.state(),
            place=place,
            system="manual",
            winner="a",
            contingents=[
                ContingentFigures(side="a", nation=a, pm=1, pm_lost=0),
                ContingentFigures(side="b", nation=b, pm=1, pm_lost=1),
            ],
        )

    refused(store, battle("Arpi", "Rome", "Pyrrhus"), "no meeting at Arpi", "Roma (", "T7.4")
    store.append(battle("Roma", "Rome", "Magna Graecia"))
    assert store.state().meetings[0].settled


# ---- nations without a player (T4.4) ------------------------------------------------------


def test_t4_4_a_nation_without_a_player_gives_no_orders_and_recruits_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t44.castra")
    run(capsys, "campaign", "new", "tarentine", "--no-player", "Senones", "--file", path)
    shown = run_json(capsys, "campaign", "show", "--file", path)
    assert [n for n, data in shown["nations"].items() if not data["has_player"]] == [
        "Senones",
        "Neutral",
    ]
    for argv, words in (
        (["move", "Senones I", "--to", "Boii"], "Senones has no player: it gives no orders"),
        (["recruit", "--nation", "Senones", "--land", "1"], "Senones has no player: it recruits"),
        (["player", "Senones", "--none"], "Senones already has no player"),
        (["player", "Neutral"], "Neutral is no player nation"),
    ):
        code, _out, err = run(capsys, "campaign", *argv, "--file", path)
        assert code == 2 and words in err and err.count("\n") == 1, err
    back = run_json(capsys, "campaign", "player", "Senones", "--file", path)
    assert back["summary"] == "Senones has a player again (T4.4)"
    assert run_json(capsys, "campaign", "move", "Senones I", "--to", "Boii", "--file", path)
    gone = run_json(capsys, "campaign", "player", "Senones", "--none", "--file", path)
    assert "forces stand and defend" in gone["summary"]
    orders = run_json(capsys, "campaign", "orders", "Senones", "--file", path)
    assert orders["orders"] == [], "its orders go with its player"


def test_t4_4_an_unknown_nation_without_a_player_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.castra"
    code, _out, err = run(capsys, "campaign", "new", "tarentine", "--no-player", "Gauls",
                          "--file", str(path))  # fmt: skip
    assert code == 2 and "--no-player: one of Rome" in err and not path.exists()
