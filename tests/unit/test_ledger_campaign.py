"""Campaign fragments replayed from the seeds' numbers: battles, decimated PM, recruits,
winters (T2.5, T4.1, T5.1, T5.6, T5.8, T6) and DBA morale (D2–D5)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import custom_scenario, load_scenario
from assistant.ledger.events import (
    BattleRecorded,
    ContingentResult,
    ForcedMarch,
    ForcesAdjusted,
    PmRebuilt,
    RecruitmentOrdered,
    TacticalRetreat,
    TreasuryAdjusted,
    TurnAdvanced,
)
from assistant.ledger.record import (
    ContingentFigures,
    battle_event,
    dba_campaign_battle,
    dice_battle_event,
    winter_event,
)
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME, tarentine_meeting_at


@pytest.fixture
def tarentine(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "tarentine.castra", load_scenario("tarentine")) as store:
        yield store


@pytest.fixture
def at_heraclea(tmp_path: Path) -> Iterator[CampaignStore]:
    """T7.4: Rome's and Pyrrhus' land PM standing at Heraclea, where the battle is fought."""
    scenario = tarentine_meeting_at("Heraclea", "Rome", "Pyrrhus")
    with CampaignStore.create(tmp_path / "heraclea.castra", scenario, rules=ONE_AT_A_TIME) as store:
        yield store


@pytest.fixture
def carthage_at_roma(tmp_path: Path) -> Iterator[CampaignStore]:
    """T7.4: Carthage's land PM before Roma, where Rome's 4 PM stand."""
    scenario = tarentine_meeting_at("Roma", "Carthage")
    with CampaignStore.create(tmp_path / "roma.castra", scenario) as store:
        yield store


@pytest.fixture
def macedon(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon")) as store:
        yield store


def advance_to(store: CampaignStore, turn: int, **tribute: int) -> None:
    """Advance turn by turn, resolving winters on the way with a quiet die (8: nothing)."""
    while store.state().turn < turn:
        state = store.state()
        if state.is_winter and state.turn not in state.winters_resolved:
            store.append(winter_event(state, ScriptedDice([8])))
        store.append(TurnAdvanced(tribute=tribute))


def heraclea(store: CampaignStore) -> BattleRecorded:
    """Heraclea, 280 BC as a FOG game of the campaign: Rome 4 PM beaten by Pyrrhus 2 PM.

    Rome (loser): 12 BGs, 3 broken (6 AP), 2 fragmented (2 AP), camp 1 AP → 9 AP →
    4 × 9 / 12 = 3 PM (T2.1). Pyrrhus (winner): 8 BGs, 2 broken (4 AP), its fragmented BG not
    counted → 2 × 4 / 8 = 1 PM. Prestige: smaller side 2 PM → minor; Rome lost 3 ≥ 2 × 1 and
    3 − 1 ≥ 2 → clear → ±3 (T4.1).
    """
    return battle_event(
        store.state(),
        place="Heraclea",
        system="fog",
        winner="b",
        contingents=[
            ContingentFigures(
                side="a", nation="Rome", pm=4, battle_groups=12, broken=3, fragmented=2
            ),
            ContingentFigures(
                side="b", nation="Pyrrhus", pm=2, battle_groups=8, broken=2, fragmented=1
            ),
        ],
    )


def test_heraclea_losses_go_to_the_decimated_pool_dated_with_the_battle(
    at_heraclea: CampaignStore,
) -> None:
    advance_to(at_heraclea, 3)
    stored = at_heraclea.append(heraclea(at_heraclea))
    state = at_heraclea.state()
    rome, pyrrhus = state.nations["Rome"], state.nations["Pyrrhus"]
    assert (rome.land_pm, rome.decimated_pm) == (7 - 3, 3)
    assert (pyrrhus.land_pm, pyrrhus.decimated_pm) == (2 - 1, 1)
    batch = rome.decimated[0]
    assert (batch.turn, batch.place, batch.expires) == (3, "Heraclea", 13), "T2.5"
    assert (rome.prestige, pyrrhus.prestige) == (-3, 3), "T4.1 clear minor"
    assert stored.event.prestige_reason.startswith("T4.1 clear minor")


def test_decimated_pm_rebuilt_before_winter_and_expiring_after_it(
    at_heraclea: CampaignStore,
) -> None:
    at_heraclea.append(heraclea(at_heraclea))
    # T2.5: 20 PE a PM; Rome starts with 16 PE, so the first rebuild waits for tribute.
    with pytest.raises(LedgerError, match="costs 20 PE; Rome has 16 PE"):
        at_heraclea.append(PmRebuilt(nation="Rome", pm=1))
    advance_to(at_heraclea, 13, Rome=30)  # 12 turns of tribute: 16 + 360 PE
    assert at_heraclea.state().is_winter
    at_heraclea.append(PmRebuilt(nation="Rome", pm=1))  # still allowed on the winter turn
    rome = at_heraclea.state().nations["Rome"]
    assert (rome.land_pm, rome.decimated_pm, rome.treasury) == (5, 2, 376 - 20)
    # The winter: upkeep 12 PE per PM kept (5 land + 2 naval), and the other 2 expire.
    at_heraclea.append(winter_event(at_heraclea.state(), ScriptedDice([9])))
    rome = at_heraclea.state().nations["Rome"]
    assert rome.decimated_pm == 0
    assert rome.treasury == 356 - 7 * 12
    with pytest.raises(LedgerError, match="0 decimated PM that can still be rebuilt"):
        at_heraclea.append(PmRebuilt(nation="Rome", pm=1))


def test_recruits_arrive_four_turns_after_the_order(tarentine: CampaignStore) -> None:
    tarentine.append(TreasuryAdjusted(nation="Etruscans", pe=10, note="tribute"))
    tarentine.append(RecruitmentOrdered(nation="Etruscans", land_pm=1))
    assert tarentine.state().nations["Etruscans"].treasury == 40 - 40, "T6.1: 40 PE a land PM"
    advance_to(tarentine, 4)
    assert tarentine.state().nations["Etruscans"].land_pm == 2
    advance_to(tarentine, 5)
    assert tarentine.state().nations["Etruscans"].land_pm == 3


def test_recruits_without_money_are_refused(tarentine: CampaignStore) -> None:
    with pytest.raises(LedgerError, match="cost 30 PE; Pyrrhus has 2 PE"):
        tarentine.append(RecruitmentOrdered(nation="Pyrrhus", naval_pm=1))


# T6.2 seed examples: a PM in play pays 12 PE; one ordered on turn 10 pays 11; one built in
# the winter phase 8. Turn 9 (ready as winter comes) pays the full 12.
T6_2_UPKEEP = [(None, 12), (9, 12), (10, 11), (11, 10), (12, 9), (13, 8)]


@pytest.mark.parametrize(
    ("ordered", "upkeep"),
    T6_2_UPKEEP,
    ids=[f"T6.2-{'in-play' if o is None else f'ordered-turn-{o}'}" for o, _ in T6_2_UPKEEP],
)
def test_winter_upkeep_per_pm(tmp_path: Path, ordered: int | None, upkeep: int) -> None:
    scenario = custom_scenario(
        ["Athens"], treasuries={"Athens": 1000}, land_pm={"Athens": 1 if ordered is None else 0}
    )
    with CampaignStore.create(tmp_path / "c.castra", scenario) as store:
        if ordered is not None:
            advance_to(store, ordered)
            store.append(RecruitmentOrdered(nation="Athens", land_pm=1))
        advance_to(store, 13)
        before = store.state().nations["Athens"].treasury
        store.append(winter_event(store.state(), ScriptedDice([9])))
        assert before - store.state().nations["Athens"].treasury == upkeep


def test_recruits_finishing_in_winter_deploy_on_the_first_spring_turn(tmp_path: Path) -> None:
    scenario = custom_scenario(["Athens"], treasuries={"Athens": 1000})
    with CampaignStore.create(tmp_path / "c.castra", scenario) as store:
        advance_to(store, 10)
        store.append(RecruitmentOrdered(nation="Athens", land_pm=1))
        assert store.state().nations["Athens"].training[0].arrives == 14, "T6.1"
        advance_to(store, 13)
        assert store.state().nations["Athens"].land_pm == 0
        advance_to(store, 14)
        assert store.state().nations["Athens"].land_pm == 1


def test_unpaid_upkeep_disbands_the_pm_the_treasury_cannot_keep(tarentine: CampaignStore) -> None:
    # Senones: 3 land PM, 5 PE; 12 PE a PM (T6.2) → nothing can be paid (Reading).
    advance_to(tarentine, 13)
    tarentine.append(winter_event(tarentine.state(), ScriptedDice([9])))
    senones = tarentine.state().nations["Senones"]
    assert (senones.land_pm, senones.treasury) == (0, 5)


def test_winter_event_happens_twice_at_most(tarentine: CampaignStore) -> None:
    tarentine.append(TreasuryAdjusted(nation="Pyrrhus", pe=9_000, note="Greek pay"))
    # Rome the richest: no treasury's strategic victory (T5.8) ends the campaign.
    tarentine.append(TreasuryAdjusted(nation="Rome", pe=9_000, note="Latin gold"))
    land: list[int] = []
    for winter in (13, 26, 39):
        advance_to(tarentine, winter)
        before = tarentine.state().nations["Pyrrhus"].land_pm
        stored = tarentine.append(winter_event(tarentine.state(), ScriptedDice([3])))
        land.append(tarentine.state().nations["Pyrrhus"].land_pm - before)
        assert stored.event.rolls[0].purpose.startswith("T5.6 winter event")
    assert land == [2, 2, 0], "T5.6: Ptolemy's 2 PM twice, then nothing"


def test_storm_strikes_the_largest_fleet(tarentine: CampaignStore) -> None:
    # Carthage has most fleets (4): the storm takes 2 of them (T5.6, 7).
    advance_to(tarentine, 13)
    tarentine.append(TreasuryAdjusted(nation="Carthage", pe=500, note="tribute"))
    tarentine.append(winter_event(tarentine.state(), ScriptedDice([7])))
    assert tarentine.state().nations["Carthage"].naval_pm == 2


def test_storm_tie_must_be_named(tarentine: CampaignStore) -> None:
    tarentine.append(ForcesAdjusted(nation="Carthage", naval_pm=-2, note="fleet lost at sea"))
    for nation in ("Rome", "Carthage", "Pyrrhus"):
        tarentine.append(TreasuryAdjusted(nation=nation, pe=500, note="tribute"))
    advance_to(tarentine, 13)
    # Rome, Carthage, Magna Graecia and Pyrrhus all have 2 naval PM now, but Magna Graecia
    # (10 PE) cannot pay its upkeep and disbands ships first: the storm strikes after upkeep
    # (T7.9), so only three tie.
    with pytest.raises(LedgerError, match="storm_nation: Rome, Carthage, Pyrrhus tie"):
        tarentine.append(winter_event(tarentine.state(), ScriptedDice([7])))
    tarentine.append(winter_event(tarentine.state(), ScriptedDice([7]), storm_nation="Rome"))
    naval = {name: n.naval_pm for name, n in tarentine.state().nations.items()}
    assert (naval["Rome"], naval["Carthage"], naval["Pyrrhus"]) == (0, 2, 2)


def test_winter_victory_points_t5_8(tarentine: CampaignStore) -> None:
    advance_to(tarentine, 13, Etruscans=0)
    tarentine.append(TreasuryAdjusted(nation="Etruscans", pe=100, note="tribute"))
    tarentine.append(winter_event(tarentine.state(), ScriptedDice([9])))
    etruscans = tarentine.state().nations["Etruscans"]
    # Provinces Faesulae 5 + Cosa 4 + Tarquinii 4 + Falerii 3 + Pisae 3 = 19 PE;
    # 2 land + 1 naval PM kept (130 PE pays 36 upkeep); 0 PP.
    assert etruscans.victory_points == 19 + 3 + 0


def test_no_turn_after_an_unresolved_winter(tarentine: CampaignStore) -> None:
    advance_to(tarentine, 13)
    with pytest.raises(LedgerError, match="resolve the winter turn first"):
        tarentine.append(TurnAdvanced())


def test_a_winter_die_outside_winter_is_refused_before_rolling(tarentine: CampaignStore) -> None:
    dice = ScriptedDice([5])
    with pytest.raises(LedgerError, match="not a winter turn"):
        winter_event(tarentine.state(), dice)
    assert dice.rolls == []


def test_battle_with_more_pm_than_the_nation_has_is_refused(tarentine: CampaignStore) -> None:
    event = BattleRecorded(
        place="Tarentum",
        resolution="manual",
        winner="a",
        contingents=[
            ContingentResult(side="a", nation="Rome", pm=9),
            ContingentResult(side="b", nation="Magna Graecia", pm=3, pm_lost=1),
        ],
    )
    with pytest.raises(LedgerError, match=r"contingents\.pm: Rome has 7 land PM"):
        tarentine.append(event)


# ---- Macedon vs Persia (D) -----------------------------------------------------------------


D3_D4_BATTLES = [
    # winner, lost_a, lost_b, die, expected (army, morale after, alive)
    pytest.param(
        "a", 1, 6, [5], [("Macedon 2", 5, True), ("Persia 2", 0, False)], id="D3-crushing-5>3"
    ),
    pytest.param(
        "a", 1, 6, [3], [("Macedon 2", 5, True), ("Persia 2", 1, True)], id="D3-crushing-3-holds"
    ),
    pytest.param(
        "b", 2, 3, [], [("Macedon 2", 2, True), ("Persia 2", 4, True)], id="D4-ordinary-no-roll"
    ),
]


@pytest.mark.parametrize(("winner", "lost_a", "lost_b", "faces", "expected"), D3_D4_BATTLES)
def test_dba_battle_morale(
    macedon: CampaignStore,
    winner: str,
    lost_a: int,
    lost_b: int,
    faces: list[int],
    expected: list[tuple[str, int, bool]],
) -> None:
    dice = ScriptedDice(faces)
    event = dba_campaign_battle(
        macedon.state(),
        place="Granicus",
        army_a="Macedon 2",
        army_b="Persia 2",
        winner=winner,  # type: ignore[arg-type]
        lost_a=lost_a,
        lost_b=lost_b,
        dice=dice,
    )
    macedon.append(event)
    state = macedon.state()
    for name, morale, alive in expected:
        army = state.armies[name]
        assert army.alive == alive
        if alive:
            assert army.morale == morale
    assert [roll.value for roll in event.rolls] == faces
    assert state.armies["Macedon 2"].journal, "D1: every change goes into the journal"


def test_d5_forced_march_costs_2_and_is_forbidden_at_morale_2(macedon: CampaignStore) -> None:
    macedon.append(ForcedMarch(army="Alexander", loyalty=3))
    assert macedon.state().armies["Alexander"].morale == 4
    # D5 (house rule forced_march_bar = morale): the province's loyalty 2 does not bar it.
    macedon.append(ForcedMarch(army="Alexander", loyalty=2))
    assert macedon.state().armies["Alexander"].morale == 2
    with pytest.raises(LedgerError, match=r"^army: D5: forbidden at morale 2 or less"):
        macedon.append(ForcedMarch(army="Alexander", loyalty=6))


def test_d5_h_forced_march_barred_by_loyalty_under_the_house_rule(
    macedon: CampaignStore,
) -> None:
    from assistant.ledger.events import RuleChanged

    macedon.append(RuleChanged(name="forced_march_bar", value="province_loyalty", reason="seed"))
    with pytest.raises(LedgerError, match=r"^loyalty: D5: forbidden at loyalty 2"):
        macedon.append(ForcedMarch(army="Alexander", loyalty=2))


def test_tactical_retreat_at_morale_0_disbands(macedon: CampaignStore) -> None:
    for _ in range(3):
        macedon.append(TacticalRetreat(army="Persia 5"))
    assert macedon.state().armies["Persia 5"].morale == 0
    macedon.append(TacticalRetreat(army="Persia 5"))
    assert not macedon.state().armies["Persia 5"].alive
    with pytest.raises(LedgerError, match="no longer exists"):
        macedon.append(TacticalRetreat(army="Persia 5"))


def test_initiative_goes_to_the_side_with_more_victories(macedon: CampaignStore) -> None:
    event = dba_campaign_battle(
        macedon.state(),
        place="Issus",
        army_a="Macedon 3",
        army_b="Darius",
        winner="b",
        lost_a=2,
        lost_b=1,
        dice=ScriptedDice([]),
    )
    macedon.append(event)
    macedon.append(TurnAdvanced())
    assert macedon.state().initiative == "Persia", "D6"
    macedon.append(TurnAdvanced())
    assert macedon.state().initiative == "Macedon", "D6: no battles → the attacker"


def test_macedon_has_no_economy(macedon: CampaignStore) -> None:
    with pytest.raises(LedgerError, match="has no economy"):
        macedon.append(RecruitmentOrdered(nation="Macedon", land_pm=1))


# ---- T3.5 / T4.1: a city assault's prestige on the doubled figures ---------------------------


def city_assault_log(faces: list[int]) -> dict[str, object]:
    """The JSON `castra battle 4 3 --city --json` prints: Carthage 4 PM assault Rome's 3 PM
    behind walls, fought to the end with these faces (side A rolls first each round)."""
    from converters.dice_battle import BattleSetup, BattleSide, Contingent, run_battle

    setup = BattleSetup(
        a=BattleSide(name="Carthage", contingents=(Contingent(nation="Carthage", pm=4),)),
        b=BattleSide(name="Rome", contingents=(Contingent(nation="Rome", pm=3),)),
        defender="b",
        city_assault=True,
    )
    dice = ScriptedDice(faces)
    log = run_battle(setup, dice).model_dump(mode="json")
    log["rolls"] = [roll.model_dump(mode="json") for roll in dice.rolls]
    return log


def test_t4_1_a_city_defender_counts_its_lost_dice_not_twice_its_real_losses(
    carthage_at_roma: CampaignStore,
) -> None:
    # Round 1: Carthage 3 2 4 6 → 1 hit; Rome (6 dice) 1 1 5 1 3 5 → 2 hits.
    # Round 2: Carthage 1 5 → 1 hit; Rome (5 dice) 2 1 1 4 4 → 0.
    # Round 3: Carthage 1 2 → 0; Rome (4 dice) 1 5 4 1 → 1 hit.
    # Round 4: Carthage 5 → 1 hit; Rome (4 dice) 1 2 6 6 → 2 hits: Carthage is wiped out.
    faces = [3, 2, 4, 6, 1, 1, 5, 1, 3, 5, 1, 5, 2, 1, 1, 4, 4, 1, 2, 1, 5, 4, 1, 5, 1, 2, 6, 6]
    log = city_assault_log(faces)
    event = dice_battle_event(carthage_at_roma.state(), log, place="Roma", city_assault=True)
    carthage_at_roma.append(event)
    # Rome lost 3 of its 6 dice: ceil(3 ÷ 2) = 2 real PM left, so 1 real PM lost (T3.5),
    # decimated (T2.5); Carthage lost all 4.
    losses = {c.nation: c.pm_lost for c in event.contingents}
    assert losses == {"Carthage": 4, "Rome": 1}
    # T4.1 on the doubled figures: Rome (winner) 6 PM, 3 lost; Carthage 4 PM, 4 lost.
    # Major: both ≥ 3. Clear needs 4 ≥ 2 × 3: no → narrow major, ±3.
    # (Twice the real loss, 2 × 1 = 2, would wrongly make it clear: 4 ≥ 4 and 4 − 2 ≥ 2 → ±5.)
    assert event.prestige == {"Carthage": -3, "Rome": 3}
    assert event.prestige_reason.startswith("T4.1 narrow major victory: ±3")
    assert "defender counted as 6 PM, 3 lost" in event.prestige_reason
    state = carthage_at_roma.state()
    assert (state.nations["Rome"].land_pm, state.nations["Rome"].decimated_pm) == (7 - 1, 1)
    assert [roll.value for roll in event.rolls] == faces, "every die kept with its purpose"
    assert all(roll.purpose.startswith("T3.1 round") for roll in event.rolls)


def test_t4_1_a_city_that_falls_loses_every_die_for_prestige(tarentine: CampaignStore) -> None:
    # Round 1: Carthage 5 5 6 1 → 3 hits on Rome's 6 dice; Rome 1 2 3 4 6 1 → 1 hit.
    # Round 2: Carthage (3 dice) 5 6 5 → 3 hits: Rome's 6 dice are gone; Rome 1 1 1 → 0.
    # The city falls with no survivors: Rome lost 6 dice = 3 real PM (T3.5).
    log = city_assault_log([5, 5, 6, 1, 1, 2, 3, 4, 6, 1, 5, 6, 5, 1, 1, 1])
    event = dice_battle_event(tarentine.state(), log, place="Roma", city_assault=True)
    assert {c.nation: c.pm_lost for c in event.contingents} == {"Carthage": 1, "Rome": 3}
    # T4.1: Carthage (winner) 4 PM, 1 lost; Rome (loser) 6 doubled, 6 lost.
    # Major (4 and 6 ≥ 3); clear: 6 ≥ 2 × 1 and 6 − 1 ≥ 2 → ±5.
    assert event.prestige == {"Carthage": 5, "Rome": -5}


def test_T5_8_the_final_winter_adds_1_vp_per_40_pe(tmp_path: Path) -> None:
    # A one-year campaign: turn 13 is its last winter (T5.1). Athens: no PM, no province,
    # 0 PP, 1,000 PE and nothing to pay in upkeep → 1000 // 40 = 25 VP (T5.8).
    base = load_scenario("tarentine").calendar
    scenario = custom_scenario(
        ["Athens"], treasuries={"Athens": 1000}, calendar=base.model_copy(update={"years": 1})
    )
    with CampaignStore.create(tmp_path / "c.castra", scenario) as store:
        advance_to(store, 13)
        store.append(winter_event(store.state(), ScriptedDice([9])))
        state = store.state()
        assert state.nations["Athens"].victory_points == 25
        assert state.finished, "T5.1: the last winter ends the campaign"
        with pytest.raises(LedgerError, match="the campaign is over"):
            store.append(TurnAdvanced())
