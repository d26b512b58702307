"""Battles on the map: what a side may field where it fights (T7.4), where a beaten fleet goes
(T3.7, T7.5) and a naval interception recorded as its own event (T3.6). Each refusal names the
rule and the field, and writes nothing."""

from __future__ import annotations

import json

import pytest

from assistant.ledger.events import (
    ArmyMoved,
    BattleRecorded,
    ContingentResult,
    Event,
    FleetRetreated,
    FleetSailed,
    ForceSplit,
    InterceptionRolled,
    RuleChanged,
    TurnAdvanced,
)
from assistant.ledger.naval import fleet_retreats, interception_event
from assistant.ledger.store import CampaignStore
from converters.dice import Roll, ScriptedDice
from tests.unit import test_ledger_map_war as war
from tests.unit.test_ledger_cli import run
from tests.unit.test_ledger_map_war import refused

store = war.store
"""A fresh Tarentine campaign, as the map war tests make it."""


def rome_before_tarentum(store: CampaignStore) -> None:
    """Turn 1: Rome II marches to Canova and Rome fleet I (2 naval PM) sails round the toe to
    Tarentum; turn 2: Rome II before Tarentum. There stand Rome 1 land PM and 2 naval PM,
    Magna Graecia 3 land and 2 naval, the Senones' 1 in Greek pay (T5.5)."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(FleetSailed(fleet="Rome fleet I", to="Tarentum"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))


def battle(*contingents: ContingentResult, place: str = "Tarentum", **fields: object) -> Event:
    return BattleRecorded(
        place=place,
        resolution="naval" if any(c.naval_pm for c in contingents) else "manual",
        winner="b",
        contingents=list(contingents),
        **fields,  # type: ignore[arg-type]
    )


def land(side: str, nation: str, pm: int) -> ContingentResult:
    return ContingentResult(side=side, nation=nation, pm=pm)  # type: ignore[arg-type]


def naval(side: str, nation: str, pm: int) -> ContingentResult:
    return ContingentResult(side=side, nation=nation, pm=0, naval_pm=pm)  # type: ignore[arg-type]


# ---- T7.4: a side fields what stands at the battle's province ------------------------------


@pytest.mark.parametrize(
    ("contingents", "words"),
    [
        pytest.param(
            (land("a", "Rome", 2), land("b", "Magna Graecia", 3)),
            ("contingents.pm:", "Rome has 1 land PM standing at Tarentum (fielded 2, T7.4)"),
            id="attacker-beyond-its-army",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 4)),
            ("Magna Graecia has 3 land PM standing at Tarentum (fielded 4",),
            id="defender-beyond-its-army",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 2), land("b", "Magna Graecia", 2)),
            ("Magna Graecia has 3 land PM standing at Tarentum (fielded 4",),
            id="one-nations-contingents-added-up",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 3), land("b", "Senones", 2)),
            ("Senones has 1 land PM standing at Tarentum (fielded 2",),
            id="mercenaries-against-their-own-nation",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Pyrrhus", 2)),
            ("Pyrrhus has 0 land PM standing at Tarentum (fielded 2",),
            id="an-ally-not-there",
        ),
        pytest.param(
            (naval("a", "Rome", 2), naval("b", "Magna Graecia", 2), naval("b", "Pyrrhus", 2)),
            ("contingents.naval_pm:", "Pyrrhus has 0 naval PM standing at Tarentum (fielded 2"),
            id="an-allied-fleet-elsewhere",
        ),
        pytest.param(
            (land("a", "Rome", 1), land("b", "Magna Graecia", 3)),
            ("place:", "Asculum is no province of the map", "T7.4"),
            id="no-province-of-the-map",
        ),
    ],
)
def test_t7_4_a_battle_fields_no_more_than_stands_at_its_province(
    store: CampaignStore, contingents: tuple[ContingentResult, ...], words: tuple[str, ...]
) -> None:
    rome_before_tarentum(store)
    place = "Asculum" if "place:" in words else "Tarentum"
    refused(store, battle(*contingents, place=place), *words)


def test_t7_4_what_stands_there_fights_mercenaries_with_their_paymasters(
    store: CampaignStore,
) -> None:
    rome_before_tarentum(store)
    stored = store.append(
        battle(land("a", "Rome", 1), land("b", "Magna Graecia", 3), land("b", "Senones", 1))
    )
    assert stored.summary.startswith("battle of Tarentum")
    fleets = store.append(battle(naval("a", "Rome", 2), naval("b", "Magna Graecia", 2)))
    assert fleets.summary.startswith("battle of Tarentum")


def test_t7_4_a_battle_of_an_earlier_turn_is_checked_for_its_place_only(
    store: CampaignStore,
) -> None:
    """Reading (docs/rules.md T7.4): the forces have moved since, so the PM in play bound it."""
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(ArmyMoved(army="Pyrrhus I", to="Canova"))
    store.append(TurnAdvanced())
    store.append(ArmyMoved(army="Pyrrhus I", to="Tarentum"))
    refused(store, battle(land("a", "Rome", 1), land("b", "Pyrrhus", 2), place="Canova"), "T7.4")
    stored = store.append(
        battle(land("a", "Rome", 1), land("b", "Pyrrhus", 2), place="Canova", turn=1)
    )
    assert stored.summary.startswith("battle of Canova (turn 1")


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ("--side-a", "Rome:2", "--side-b", "Magna Graecia:3"),
            "--side-a: Rome has 1 land PM standing at Tarentum (fielded 2, T7.4)",
        ),
        (
            ("--side-a", "Rome:1", "--side-b", "Magna Graecia:3", "--side-b", "Pyrrhus:1"),
            "--side-b: Pyrrhus has 0 land PM standing at Tarentum (fielded 1, T7.4)",
        ),
        (
            (
                *("--system", "naval", "--side-a", "Rome:0", "--side-b", "Magna Graecia:0"),
                *("--side-b", "Pyrrhus:0", "--fleet", "Rome:2", "--fleet", "Pyrrhus:1"),
            ),
            "--fleet: Pyrrhus has 0 naval PM standing at Tarentum (fielded 1, T7.4)",
        ),
    ],
)
def test_t7_4_the_command_line_names_the_flag_and_writes_nothing(
    store: CampaignStore,
    capsys: pytest.CaptureFixture[str],
    flags: tuple[str, ...],
    message: str,
) -> None:
    rome_before_tarentum(store)
    before = len(store.events())
    code, out, err = run(
        capsys, "campaign", "record", "--file", str(store.path), "--place", "Tarentum",
        "--winner", "b", *flags,
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err == f"castra: error: {message}\n"
    assert len(store.events()) == before


def test_t7_4_a_place_off_the_map_is_refused_by_its_flag(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(
        capsys, "campaign", "record", "--file", str(store.path), "--place", "Asculum",
        "--winner", "b", "--side-a", "Rome:1", "--side-b", "Magna Graecia:1",
    )  # fmt: skip
    assert code == 2
    assert err.startswith("castra: error: --place: Asculum is no province of the map")
    assert err.count("\n") == 1


# ---- T3.6: an interception is an event of its own -----------------------------------------


def romans_sail_on_tarentum(store: CampaignStore, *, carrying: bool = False) -> None:
    """Turn 1: Rome fleet I (2 naval PM) sails from Roma to Tarentum, where Magna Graecia
    fleet I (2 naval PM) lies; ``carrying``: with Rome V (2 land PM, split from Rome I) aboard."""
    if carrying:
        store.append(ForceSplit(force="Rome I", pm=2, name="Rome V"))
    store.append(
        FleetSailed(fleet="Rome fleet I", to="Tarentum", carry=["Rome V"] if carrying else [])
    )


@pytest.mark.parametrize(
    ("rule", "die", "carrying", "against", "caught"),
    [
        # at_most (the Reading): caught on 4 or less against 2 + 2.
        ("at_most", 4, False, 4, True),
        ("at_most", 5, False, 4, False),
        # at_least (the seed's words): caught on 4 or more.
        ("at_least", 3, False, 4, False),
        ("at_least", 4, False, 4, True),
        # The troops the target carries weigh it down: 2 + 2 + Rome V's 2 = 6.
        ("at_most", 6, True, 6, True),
    ],
)
def test_t3_6_the_interception_roll_is_recorded_with_its_die(
    store: CampaignStore, rule: str, die: int, carrying: bool, against: int, caught: bool
) -> None:
    if rule != "at_most":
        store.append(RuleChanged(name="interception", value=rule, reason="T3.6 as written"))
    romans_sail_on_tarentum(store, carrying=carrying)
    event = interception_event(
        store.state(), "Magna Graecia fleet I", "Rome fleet I", ScriptedDice([die])
    )
    stored = store.append(event)
    assert (stored.event.against, stored.event.intercepted) == (against, caught)
    assert [(r.sides, r.value, r.purpose) for r in stored.event.rolls] == [
        (6, die, "T3.6 interception")
    ]
    verdict = "intercepted: a naval battle follows" if caught else "not intercepted: Rome fleet I"
    assert verdict in stored.summary
    assert store.state().forces["Rome fleet I"].province == "Tarentum", "nothing moves"


def tampered(**change: object) -> InterceptionRolled:
    """The roll a referee might type by hand: 2 + 2 at Tarentum, a 5, not caught (at_most)."""
    fields: dict[str, object] = {
        "fleet": "Magna Graecia fleet I",
        "target": "Rome fleet I",
        "province": "Tarentum",
        "against": 4,
        "intercepted": False,
        "rolls": [Roll(sides=6, value=5, purpose="T3.6 interception")],
    }
    return InterceptionRolled(**(fields | change))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (tampered(intercepted=True), ("intercepted:", "not caught", "at_most")),
        (tampered(against=5), ("against:", "add up to 4, not 5", "T3.6")),
        (tampered(rolls=[]), ("rolls:", "one d6", "T3.6")),
        (tampered(province="Heraclea"), ("province:", "meet at Tarentum, not Heraclea")),
        (tampered(target="Magna Graecia fleet I"), ("target:", "the enemy fleet")),
        (tampered(target="Pyrrhus fleet I"), ("target:", "Pyrrhus fleet I is at Brundisium")),
        (tampered(target="Rome I"), ("target:", "no fleet called 'Rome I'")),
        (tampered(fleet="Pyrrhus fleet I"), ("target:", "is at Tarentum, not with")),
    ],
)
def test_t3_6_an_interception_that_could_not_be_is_refused(
    store: CampaignStore, event: InterceptionRolled, words: tuple[str, ...]
) -> None:
    romans_sail_on_tarentum(store)
    refused(store, event, *words)


def test_t3_6_allies_never_intercept_each_other(store: CampaignStore) -> None:
    store.append(FleetSailed(fleet="Pyrrhus fleet I", to="Tarentum"))
    refused(
        store,
        tampered(fleet="Pyrrhus fleet I", target="Magna Graecia fleet I"),
        "not at war",
        "T7.10",
    )


def test_t3_6_one_roll_per_meeting_until_it_is_undone(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    romans_sail_on_tarentum(store)
    path = str(store.path)
    first = run(capsys, "campaign", "intercept", "Magna Graecia fleet I", "--target",
                "Rome fleet I", "--seed", "7", "--file", path, "--json")  # fmt: skip
    assert first[0] == 0, first[2]
    code, out, err = run(capsys, "campaign", "intercept", "Magna Graecia fleet I", "--target",
                         "Rome fleet I", "--dice", "1", "--file", path)  # fmt: skip
    assert (code, out) == (2, "")
    assert err.startswith("castra: error: --target: Magna Graecia fleet I already tried")
    assert run(capsys, "campaign", "undo", "--reason", "wrong fleet", "--file", path)[0] == 0
    code, out, _err = run(capsys, "campaign", "intercept", "Magna Graecia fleet I", "--target",
                          "Rome fleet I", "--dice", "5", "--file", path)  # fmt: skip
    assert code == 0 and "1d6 = 5 against 4 (caught if at most) → not intercepted" in out
    assert "d6=5 (T3.6 interception)" in out


def test_t3_6_the_command_line_takes_one_typed_die(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    romans_sail_on_tarentum(store)
    before = len(store.events())
    code, _out, err = run(capsys, "campaign", "intercept", "Magna Graecia fleet I", "--target",
                          "Rome fleet I", "--dice", "3,4", "--file", str(store.path))  # fmt: skip
    assert code == 2 and "--dice: the interception is one d6" in err
    assert len(store.events()) == before


# ---- T3.7: a beaten fleet's retreat ---------------------------------------------------------


def test_t3_7_an_attacking_fleet_goes_back_where_it_sailed_from(store: CampaignStore) -> None:
    romans_sail_on_tarentum(store)
    assert fleet_retreats(store.state(), "Rome fleet I") == ["Roma"]
    refused(store, FleetRetreated(fleet="Rome fleet I", to="Heraclea"), "to:", "Roma", "T3.7")
    refused(store, FleetRetreated(fleet="Rome fleet I"), "may still retreat to Roma", "T3.7")
    stored = store.append(FleetRetreated(fleet="Rome fleet I", to="Roma"))
    assert stored.summary == "Rome fleet I (2 naval PM) retreated from Tarentum to Roma (T3.7)"
    assert store.state().forces["Rome fleet I"].province == "Roma"


def test_t3_7_troops_aboard_go_with_their_fleet(store: CampaignStore) -> None:
    romans_sail_on_tarentum(store, carrying=True)
    store.append(FleetRetreated(fleet="Rome fleet I", to="Roma"))
    army = store.state().forces["Rome V"]
    assert (army.province, army.aboard) == ("Roma", "Rome fleet I")


def test_t3_7_a_defending_fleet_goes_to_its_nearest_own_or_allied_province_free_of_enemies(
    store: CampaignStore,
) -> None:
    romans_sail_on_tarentum(store)
    # Magna Graecia fleet I did not sail: its starting province is the battle's. One stretch
    # away: Heraclea (its own) and Brundisium (its own, Pyrrhus' allied army there is no
    # enemy), in the board's order.
    assert fleet_retreats(store.state(), "Magna Graecia fleet I") == ["Brundisium", "Heraclea"]
    refused(store, FleetRetreated(fleet="Magna Graecia fleet I", to="Croton"), "Brundisium")
    store.append(FleetRetreated(fleet="Magna Graecia fleet I", to="Heraclea"))


def test_t3_7_a_fleet_with_nowhere_to_go_surrenders_to_the_winner(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    # Carthage fleet III sails on Syracusae; Syracuse holds no other province: its beaten
    # fleet has no harbour and surrenders, its ship joining Carthage fleet III (T3.7 Reading).
    store.append(FleetSailed(fleet="Carthage fleet III", to="Syracusae"))
    path = str(store.path)
    listed = run(capsys, "campaign", "fall-back", "Syracuse fleet I", "--file", path)
    assert listed[0] == 0 and "nowhere: it surrenders (--surrender)" in listed[1]
    code, _out, err = run(capsys, "campaign", "fall-back", "Syracuse fleet I", "--to", "Messana",
                          "--file", path)  # fmt: skip
    assert code == 2 and err.startswith("castra: error: --to: Syracuse fleet I may retreat to ")
    code, _out, err = run(capsys, "campaign", "fall-back", "Syracuse fleet I", "--surrender",
                         "--file", path, "--json")  # fmt: skip
    assert code == 0, err
    state = store.state()
    assert "Syracuse fleet I" not in state.forces
    assert state.forces["Carthage fleet III"].pm == 2
    assert (state.nations["Syracuse"].naval_pm, state.nations["Carthage"].naval_pm) == (0, 5)


def test_t3_7_the_command_line_lists_a_fleets_retreats_in_order(
    store: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    romans_sail_on_tarentum(store)
    code, out, _err = run(capsys, "campaign", "fall-back", "Magna Graecia fleet I", "--json",
                          "--file", str(store.path))  # fmt: skip
    assert code == 0
    assert json.loads(out) == {
        "fleet": "Magna Graecia fleet I",
        "options": ["Brundisium", "Heraclea"],
    }
