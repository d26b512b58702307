"""A dice-battle log brought with ``--dice-log`` is read strictly and checked against its own
rounds (issue 10, item 6): an edited winner, loss or capture, a number typed as text or an
unknown key is refused with one line naming the field, and nothing is recorded."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.record import dice_battle_event
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice, SeededDice
from converters.dice_battle import (
    BattleSetup,
    BattleSide,
    Contingent,
    naval_capture,
    retreat_at,
    run_battle,
)
from tests.battle_places import tarentine_meeting_at
from tests.unit.test_ledger_undo import castra


def battle_log(
    a_pm: int, b_pm: int, dice: Any, *, b_retreat_at: int = 0, city: bool = False
) -> dict[str, Any]:
    """The JSON ``castra battle A B --json`` prints: Rome (a) against Carthage (b)."""
    setup = BattleSetup(
        a=BattleSide(name="Rome", contingents=(Contingent(nation="Rome", pm=a_pm),)),
        b=BattleSide(name="Carthage", contingents=(Contingent(nation="Carthage", pm=b_pm),)),
        defender="b" if city else None,
        city_assault=city,
    )
    result = run_battle(setup, dice, b_policy=retreat_at(b_retreat_at))
    log: dict[str, Any] = result.model_dump(mode="json")
    log["rolls"] = [roll.model_dump(mode="json") for roll in dice.rolls]
    return log


# Rome 3 PM v Carthage 2 PM. Round 1: Rome 5 6 1 → 2 hits: Carthage is wiped out; Carthage
# 1 1 → no hit. Rome wins, losing nothing (T2.7).
ROME_WINS = [5, 6, 1, 1, 1]


@pytest.fixture
def tarentine(tmp_path: Path) -> CampaignStore:
    """T7.4: Rome's and Carthage's land PM stand at Heraclea, where the battles are fought."""
    scenario = tarentine_meeting_at("Heraclea", "Rome", "Carthage")
    return CampaignStore.create(tmp_path / "c.castra", scenario)


def record(store: CampaignStore, log: dict[str, Any], tmp_path: Path) -> tuple[int, str]:
    """``castra campaign record --system dice --dice-log FILE``."""
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(log))
    return castra(
        "campaign", "record", "--file", str(store.path), "--place", "Heraclea",
        "--system", "dice", "--dice-log", str(path),
    )  # fmt: skip


def edited(log: dict[str, Any], change: Any) -> dict[str, Any]:
    copied = copy.deepcopy(log)
    change(copied)
    return copied


def flip_winner(log: dict[str, Any]) -> None:
    log.update(outcome="b_wins", winner="b", loser="a")


def string_loss(log: dict[str, Any]) -> None:
    log["b"]["contingents"][0]["pm_lost"] = "2"


def unknown_key(log: dict[str, Any]) -> None:
    log["b"]["contingents"][0]["bribed"] = True


def smaller_loss(log: dict[str, Any]) -> None:
    carthage = log["b"]["contingents"][0]
    carthage.update(pm_lost=1, pm_left=1)
    log["b"].update(pm_lost=1, pm_left=1)


def fewer_dice_lost(log: dict[str, Any]) -> None:
    log["rounds"][0]["b_losses"] = [1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (flip_winner, "--dice-log: winner: the log says b but its rounds give a (T2.7)"),
        (string_loss, "--dice-log: b.contingents[0].pm_lost: a number (got '2')"),
        (unknown_key, "--dice-log: b.contingents[0].bribed: not a field here"),
        (smaller_loss, "--dice-log: b.contingents[0].pm_lost: the rounds say 2 PM lost (got 1)"),
        (
            fewer_dice_lost,
            "--dice-log: rounds[0].b_left: 1 dice at the start, but b.dice_start is 2",
        ),
    ],
    ids=["flipped-winner", "number-as-text", "unknown-key", "smaller-loss", "fewer-dice-lost"],
)
def test_an_edited_dice_log_is_refused_naming_the_field_and_nothing_is_recorded(
    tarentine: CampaignStore, tmp_path: Path, change: Any, message: str
) -> None:
    log = battle_log(3, 2, ScriptedDice(ROME_WINS))
    code, output = record(tarentine, edited(log, change), tmp_path)
    assert (code, output.count("\n")) == (2, 1), output
    assert output.startswith(f"castra: error: {message}")
    assert len(tarentine.events()) == 1
    code, output = record(tarentine, log, tmp_path)
    assert code == 0, output
    prestige = tarentine.state().nations
    assert prestige["Rome"].prestige > 0 > prestige["Carthage"].prestige


def test_an_edited_naval_capture_is_refused(tarentine: CampaignStore) -> None:
    log = battle_log(3, 2, ScriptedDice(ROME_WINS))
    capture = naval_capture(2, ScriptedDice([4, 1]), "Rome")
    log["capture"] = capture.model_dump(mode="json") | {"captured": 2, "sunk": 0}
    with pytest.raises(LedgerError, match=r"capture.captured: the dice capture 1 on 4\+"):
        dice_battle_event(tarentine.state(), log, place="Ecnomus", naval=True)


@settings(max_examples=40)
@given(
    a_pm=st.integers(1, 6),
    b_pm=st.integers(1, 6),
    seed=st.integers(0, 10_000),
    b_retreat_at=st.integers(0, 3),
    city=st.booleans(),
)
def test_every_log_castra_battle_prints_is_accepted_as_it_is(
    a_pm: int, b_pm: int, seed: int, b_retreat_at: int, city: bool
) -> None:
    """The checks refuse only what the battle could not have printed."""
    from assistant.ledger.events import CampaignCreated
    from assistant.ledger.state import initial_state

    log = battle_log(a_pm, b_pm, SeededDice(seed), b_retreat_at=b_retreat_at, city=city)
    state = initial_state(CampaignCreated(scenario=load_scenario("tarentine"), turn=1))
    event = dice_battle_event(state, log, place="Heraclea", city_assault=city)
    assert event.winner == (log["winner"] or "draw")
    assert [c.pm_lost for c in event.contingents if not city] == (
        [] if city else [log["a"]["pm_lost"], log["b"]["pm_lost"]]
    )
