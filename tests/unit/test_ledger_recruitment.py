"""T6.1: recruits deploy in the province their order names — as a new army, or joined to the
army the order names — falling back to the nation's most valuable eligible province (and saying
so) only when the ordered one is no longer its own or holds enemy armies; troops out of winter
training cannot move on the first spring turn. Refusals name the rule and write nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import (
    ArmyMoved,
    Event,
    FleetSailed,
    MarchOrder,
    OrderGiven,
    RecruitmentOrdered,
    TreasuryAdjusted,
    TurnAdvanced,
)
from assistant.ledger.record import winter_event
from assistant.ledger.state import CampaignState, LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from converters.house_rules import HouseRules
from tests.battle_places import ONE_AT_A_TIME, tarentine_starting
from tests.unit.test_ledger_cli import run, run_json


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "recruits.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        opened.append(TreasuryAdjusted(nation="Rome", pe=400, note="Latin levy"))
        yield opened


def where(state: CampaignState) -> dict[str, tuple[str, int]]:
    return {f.name: (f.province, f.pm) for f in state.forces.values()}


def advance_to(store: CampaignStore, turn: int) -> None:
    """Turn by turn, winters resolved with a quiet die (8: nothing)."""
    while store.state().turn < turn:
        state = store.state()
        if state.is_winter and state.turn not in state.winters_resolved:
            store.append(winter_event(state, ScriptedDice([8])))
        store.append(TurnAdvanced())


def refused(store: CampaignStore, event: Event, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    assert len(store.events()) == before, "nothing written"


# (rule id, the order, where Rome's armies stand once it arrives)
DEPLOYED = [
    pytest.param(
        RecruitmentOrdered(nation="Rome", land_pm=2, province="Capua"),
        {"Rome I": ("Roma", 4), "Rome V": ("Capua", 2)},
        id="T6.1-a-new-army-in-the-ordered-province",
    ),
    pytest.param(
        RecruitmentOrdered(nation="Rome", land_pm=1, province="Arpi", join="Rome II"),
        {"Rome I": ("Roma", 4), "Rome II": ("Arpi", 2)},
        id="T6.1-joined-to-the-army-the-order-names",
    ),
    pytest.param(
        RecruitmentOrdered(nation="Rome", land_pm=1, join="Rome III"),
        {"Rome I": ("Roma", 4), "Rome III": ("Firnum Picenum", 2)},
        id="T6.1-the-named-army-gives-the-province",
    ),
    pytest.param(
        RecruitmentOrdered(nation="Rome", land_pm=1, province="Arpi"),
        {"Rome I": ("Roma", 4), "Rome II": ("Arpi", 1), "Rome V": ("Arpi", 1)},
        id="T6.1-a-new-army-beside-one-not-named",
    ),
]


@pytest.mark.parametrize(("order", "armies"), DEPLOYED)
def test_t6_1_recruits_deploy_where_ordered(
    store: CampaignStore, order: RecruitmentOrdered, armies: dict[str, tuple[str, int]]
) -> None:
    store.append(order)
    advance_to(store, 5)
    state = store.state()
    rome = {
        n: w
        for n, w in where(state).items()
        if state.forces[n].kind == "army" and state.forces[n].nation == "Rome"
    }
    for name, expected in armies.items():
        assert rome.get(name) == expected, rome
    assert sum(pm for _, pm in rome.values()) == state.nations["Rome"].land_pm == 7 + order.land_pm
    assert "(T6.1)" in store.history()[-1].summary


def test_t6_1_a_fleet_is_launched_in_the_ordered_maritime_province(store: CampaignStore) -> None:
    store.append(RecruitmentOrdered(nation="Rome", naval_pm=1, province="Neapolis"))
    advance_to(store, 5)
    fleets = {n: w for n, w in where(store.state()).items() if n.startswith("Rome fleet")}
    assert fleets == {"Rome fleet I": ("Roma", 2), "Rome fleet II": ("Neapolis", 1)}


def test_t6_1_ordered_province_with_enemy_armies_falls_back_and_says_so(tmp_path: Path) -> None:
    """Carthage's army stands at Capua (not allied to Rome: an enemy army, T7.10): the recruits
    go to Rome's most valuable province free of enemies, Roma, as a new army."""
    scenario = tarentine_starting(("Carthage", "Capua", 1))
    with CampaignStore.create(tmp_path / "c.castra", scenario, rules=ONE_AT_A_TIME) as store:
        store.append(TreasuryAdjusted(nation="Rome", pe=400, note="Latin levy"))
        store.append(RecruitmentOrdered(nation="Rome", land_pm=1, province="Capua"))
        advance_to(store, 5)
        state = store.state()
        assert where(state)["Rome V"] == ("Roma", 1)
        assert not any(f.nation == "Rome" and f.province == "Capua" for f in state.forces.values())
        summary = store.history()[-1].summary
        assert "recruits ordered for Capua deploy at Roma" in summary, summary


@pytest.mark.parametrize(
    ("order", "words"),
    [
        pytest.param(
            RecruitmentOrdered(nation="Rome", land_pm=1, join="Carthage I"),
            ("join:", "Rome has no army called 'Carthage I'", "T6.1"),
            id="T6.1-join-another-nations-army",
        ),
        pytest.param(
            RecruitmentOrdered(nation="Rome", land_pm=1, province="Capua", join="Rome I"),
            ("join:", "Rome I stands in Roma, not in Capua", "T6.1"),
            id="T6.1-join-an-army-elsewhere",
        ),
        pytest.param(
            RecruitmentOrdered(nation="Rome", land_pm=1, join="Rome fleet I"),
            ("join:", "no army called 'Rome fleet I'"),
            id="T6.1-join-a-fleet",
        ),
    ],
)
def test_t6_1_bad_join_is_refused(
    store: CampaignStore, order: RecruitmentOrdered, words: tuple[str, ...]
) -> None:
    treasury = store.state().nations["Rome"].treasury
    refused(store, order, *words)
    assert store.state().nations["Rome"].treasury == treasury


def test_t6_1_out_of_winter_training_they_cannot_move_on_the_first_spring_turn(
    store: CampaignStore,
) -> None:
    advance_to(store, 10)
    store.append(RecruitmentOrdered(nation="Rome", land_pm=1, naval_pm=1, province="Neapolis"))
    advance_to(store, 14)  # the first spring turn of 277 BC
    state = store.state()
    assert where(state)["Rome V"] == ("Neapolis", 1)
    assert where(state)["Rome fleet II"] == ("Neapolis", 1)
    assert "out of winter training" in store.history()[-1].summary
    refused(store, ArmyMoved(army="Rome V", to="Capua"), "army:", "Rome V", "T6.1")
    refused(store, FleetSailed(fleet="Rome fleet II", to="Roma"), "fleet:", "T6.1")
    store.append(ArmyMoved(army="Rome I", to="Capua"))  # the others move as usual
    advance_to(store, 15)
    store.append(ArmyMoved(army="Rome V", to="Capua"))
    assert where(store.state())["Rome V"] == ("Capua", 1)


def test_t6_1_troops_that_trained_in_summer_move_on_their_first_turn(store: CampaignStore) -> None:
    store.append(RecruitmentOrdered(nation="Rome", land_pm=1, province="Capua"))
    advance_to(store, 5)
    store.append(ArmyMoved(army="Rome V", to="Roma"))
    assert where(store.state())["Rome V"] == ("Roma", 1)


def test_t6_1_an_army_joined_by_winter_recruits_is_held_with_them(
    store: CampaignStore,
) -> None:
    advance_to(store, 13)
    store.append(RecruitmentOrdered(nation="Rome", land_pm=1, join="Rome I"))
    advance_to(store, 14)
    assert where(store.state())["Rome I"] == ("Roma", 5)
    refused(store, ArmyMoved(army="Rome I", to="Capua"), "Rome I", "winter training", "T6.1")


def test_t6_1_a_sealed_march_order_for_them_is_refused_when_given(tmp_path: Path) -> None:
    with CampaignStore.create(
        tmp_path / "sealed.castra", load_scenario("tarentine"), rules=HouseRules()
    ) as store:
        store.append(TreasuryAdjusted(nation="Rome", pe=400, note="Latin levy"))
        advance_to(store, 13)
        store.append(RecruitmentOrdered(nation="Rome", land_pm=1, province="Capua"))
        advance_to(store, 14)
        order = OrderGiven(nation="Rome", order=MarchOrder(army="Rome V", to="Roma"))
        refused(store, order, "Rome V", "first spring turn", "T6.1")


# ---- T5.2 phase 1, T7.3: under house rule orders = sealed, recruitment is a sealed order ------


def test_t5_2_sealed_recruitment_is_an_order_paid_when_the_orders_are_carried_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "sealed.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "treasury", "--nation", "Rome", "--pe", "100", "--note", "levy",
        "--file", path)  # fmt: skip
    given = run_json(capsys, "campaign", "recruit", "--nation", "Rome", "--land", "2",
                     "--province", "Capua", "--file", path)  # fmt: skip
    assert given["summary"] == "sealed order of Rome: 2 land and 0 naval PM to recruit (T6.1)"
    rome = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Rome"]
    assert rome["treasury"] == 116 and rome["training"] == [], "nothing paid before resolve"
    orders = run_json(capsys, "campaign", "orders", "Rome", "--file", path)
    assert orders["orders"] == [
        {"kind": "recruit", "land_pm": 2, "naval_pm": 0, "province": "Capua", "join": ""}
    ]
    code, out, _err = run(capsys, "campaign", "orders", "Rome", "--file", path)
    assert code == 0 and "recruits 2 land and 0 naval PM at Capua" in out
    # Other nations do not see it (T7.3): Carthage's orders are its own.
    assert run_json(capsys, "campaign", "orders", "Carthage", "--file", path)["orders"] == []
    # A second order beyond the treasury: 116 − 80 leaves 36, a land PM costs 40.
    code, _out, err = run(capsys, "campaign", "recruit", "--nation", "Rome", "--land", "1",
                          "--file", path)  # fmt: skip
    assert code == 2 and "Rome has 36 PE (T6.1)" in err and err.count("\n") == 1, err
    done = run_json(capsys, "campaign", "resolve", "--file", path)
    assert "Rome ordered 2 land and 0 naval PM for 80 PE, arriving turn 5" in done["summary"]
    rome = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Rome"]
    assert rome["treasury"] == 36
    assert run_json(capsys, "campaign", "orders", "Rome", "--file", path)["orders"] == []


def test_t5_2_a_sealed_recruitment_is_withdrawn_and_nothing_is_paid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "sealed.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "recruit", "--nation", "Etruscans", "--naval", "1",
        "--province", "Cosa", "--file", path)  # fmt: skip
    back = run_json(capsys, "campaign", "orders", "Etruscans", "--withdraw", "recruits",
                    "--file", path)  # fmt: skip
    assert back["summary"] == "Etruscans withdrew its order for recruits"
    before = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Etruscans"]
    run(capsys, "campaign", "resolve", "--file", path)
    after = run_json(capsys, "campaign", "show", "--file", path)["nations"]["Etruscans"]
    assert after["treasury"] == before["treasury"] and after["training"] == []


def test_t5_2_with_orders_immediate_recruitment_is_paid_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "now.castra")
    run(capsys, "campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path)
    done = run_json(capsys, "campaign", "recruit", "--nation", "Etruscans", "--naval", "1",
                    "--file", path)  # fmt: skip
    assert done["summary"].startswith("Etruscans ordered 0 land and 1 naval PM for 30 PE")


def test_t4_4_a_nation_without_a_player_gives_no_sealed_recruitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t44.castra")
    run(capsys, "campaign", "new", "tarentine", "--no-player", "Carthage", "--file", path)
    code, _out, err = run(capsys, "campaign", "recruit", "--nation", "Carthage", "--naval", "1",
                          "--file", path)  # fmt: skip
    assert code == 2 and "Carthage has no player: it recruits nothing (T4.4)" in err, err
    assert run_json(capsys, "campaign", "orders", "Carthage", "--file", path)["orders"] == []
