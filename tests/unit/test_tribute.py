"""T5.3, T5.4, T7.7, T7.8, T7.10: tribute computed from the map, never typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import ArmyMoved, TurnAdvanced
from assistant.ledger.forces import tribute_now
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from converters.tribute import ProvinceFacts, Troops, collected, tribute
from tests.battle_places import ONE_AT_A_TIME
from tests.unit.test_ledger_cli import run, run_json

PLAYERS = ["Rome", "Pyrrhus", "Magna Graecia", "Senones", "Carthage"]
ALLIANCES = [["Pyrrhus", "Magna Graecia"]]


def troops(*entries: tuple[str, int] | tuple[str, int, str]) -> list[Troops]:
    return [
        Troops(nation=e[0], pm=e[1], paid_by=e[2] if len(e) == 3 else None)  # type: ignore[misc]
        for e in entries
    ]


# (value, controller, troops, besieged, sacked) → (collector, PE)
T5_3_TRIBUTE = [
    pytest.param(5, "Rome", [], False, False, "Rome", 5, id="T5.3-controller-collects-full"),
    pytest.param(
        15, "Rome", troops(("Rome", 4)), False, False, "Rome", 11, id="T5.3-own-pm-lower-it"
    ),
    pytest.param(2, "Rome", troops(("Rome", 3)), False, False, "Rome", 0, id="T5.3-floor-0"),
    pytest.param(
        3,
        "Magna Graecia",
        troops(("Pyrrhus", 2)),
        False,
        False,
        "Magna Graecia",
        1,
        id="T7.10-an-ally-is-no-enemy-but-lowers-the-value",
    ),
    pytest.param(
        5,
        "Magna Graecia",
        troops(("Magna Graecia", 3), ("Senones", 1, "Magna Graecia")),
        False,
        False,
        "Magna Graecia",
        1,
        id="T5.5-senones-at-tarentum-in-greek-pay",
    ),
    pytest.param(
        4,
        "Rome",
        troops(("Pyrrhus", 2)),
        False,
        False,
        "Pyrrhus",
        2,
        id="T5.3-occupier-collects-an-enemy-province",
    ),
    pytest.param(
        4,
        "Rome",
        troops(("Pyrrhus", 2), ("Magna Graecia", 1)),
        False,
        False,
        "Pyrrhus",
        1,
        id="T5.5-allies-the-one-with-more-pm-collects",
    ),
    pytest.param(
        4,
        "Rome",
        troops(("Pyrrhus", 1), ("Carthage", 1)),
        False,
        False,
        None,
        0,
        id="T5.3-occupiers-at-war-with-each-other-nobody",
    ),
    pytest.param(
        4,
        "Rome",
        troops(("Rome", 2), ("Pyrrhus", 1)),
        False,
        False,
        "Pyrrhus",
        1,
        id="T5.3-not-free-of-enemy-troops-controller-collects-nothing",
    ),
    pytest.param(
        3, "Neutral", troops(("Neutral", 1)), False, False, None, 0, id="T5.3-neutral-pays-nobody"
    ),
    pytest.param(
        3,
        "Neutral",
        troops(("Rome", 1)),
        False,
        False,
        "Rome",
        2,
        id="T7.7-army-in-a-neutral-province",
    ),
    pytest.param(
        3,
        "Rome",
        troops(("Neutral", 2)),
        False,
        False,
        None,
        0,
        id="T7.9-raiders-collect-for-nobody",
    ),
    pytest.param(
        5, "Rome", troops(("Rome", 1)), True, False, None, 0, id="T5.4-besieged-pays-nobody"
    ),
    pytest.param(5, "Rome", [], False, True, None, 0, id="T5.3-sacked-nothing-until-spring"),
]


@pytest.mark.parametrize(
    ("value", "controller", "standing", "besieged", "sacked", "collector", "pe"), T5_3_TRIBUTE
)
def test_t5_3_who_collects_what(
    value: int,
    controller: str,
    standing: list[Troops],
    besieged: bool,
    sacked: bool,
    collector: str | None,
    pe: int,
) -> None:
    province = ProvinceFacts(
        name="X",
        value=value,
        controller=controller,
        troops=standing,
        besieged=besieged,
        sacked=sacked,
    )
    result = tribute([province], players=PLAYERS, alliances=ALLIANCES)
    assert (result.provinces[0].collector, result.provinces[0].pe) == (collector, pe)
    assert sum(result.nations.values()) == pe


@given(
    st.lists(
        st.tuples(
            st.integers(0, 20),
            st.sampled_from([*PLAYERS, "Neutral"]),
            st.lists(st.tuples(st.sampled_from([*PLAYERS, "Neutral"]), st.integers(0, 6))),
        ),
        max_size=12,
    )
)
def test_t5_3_no_province_pays_more_than_its_value_nor_twice(
    rows: list[tuple[int, str, list[tuple[str, int]]]],
) -> None:
    provinces = [
        ProvinceFacts(
            name=f"P{i}",
            value=value,
            controller=controller,
            troops=[Troops(nation=n, pm=pm) for n, pm in standing],
        )
        for i, (value, controller, standing) in enumerate(rows)
    ]
    result = tribute(provinces, players=PLAYERS, alliances=ALLIANCES)
    assert sum(result.nations.values()) == sum(p.pe for p in result.provinces)
    for fact, paid in zip(provinces, result.provinces, strict=True):
        assert 0 <= paid.pe <= fact.value
        assert paid.collector in (None, *PLAYERS)
        assert paid.reason  # every province says why, in --json too
    # What the glance and the turn's end collect is the same count, without the reasons.
    assert collected(provinces, players=PLAYERS, alliances=ALLIANCES) == result.nations


# ---- turn 1 from the start positions ------------------------------------------------------

# Worked out by hand from tarentine_provinces.csv and tarentine_start.csv (land PM only lower a
# province's value; fleets neither occupy nor collect):
# Rome: Interamna 3 + Firnum Picenum (2 − 1) + Roma (15 − 4) + Capua 4 + Neapolis 4
#       + Arpi (2 − 1) + Rhegium (2 − 1) = 3 + 1 + 11 + 4 + 4 + 1 + 1 = 25
#       (the full value would be 32: the bug of --full-tribute).
# Carthage: Aleria, Comus, Carales, Uselis, Turris 1 each = 5; Lilybaeum 3 − 1 = 2;
#       Agrigentum 4 − 1 = 3; Henna 2; Panormus 2; Cartago 5 − 1 = 4; Thabraca 2;
#       Utica 2 − 1 = 1 → 5 + 2 + 3 + 2 + 2 + 4 + 2 + 1 = 21.
# Senones: Mutina 1 − 1 = 0; Arminia 1; Sena 2 − 1 = 1 → 2 (Tarentum is not theirs).
# Etruscans: Faesulae 5 − 1 = 4; Cosa 4 (a fleet only); Tarquinii 4 − 1 = 3; Falerii 3;
#       Pisae 3 → 17.
# Magna Graecia: Corfinium 3 − 1 = 2; Tarentum 5 − 3 − 1 (Senones in its pay) = 1;
#       Brundisium 2 − 2 (Pyrrhus, an ally: no enemy, but PM standing) = 0; Croton 4 − 1 = 3;
#       Ipponio 1; Heraclea 3; Paestum 4 → 14.
# Pyrrhus holds no province: 0. Syracuse: Syracusae 8 − 3 = 5.
TURN_1 = {
    "Rome": 25,
    "Carthage": 21,
    "Senones": 2,
    "Etruscans": 17,
    "Magna Graecia": 14,
    "Pyrrhus": 0,
    "Syracuse": 5,
}


def test_t5_3_turn_1_tribute_from_the_start_positions(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "t.castra", load_scenario("tarentine")) as store:
        assert tribute_now(store.state()).nations == TURN_1


def test_t5_3_advance_collects_the_computed_tribute(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--file", path)
    shown = run_json(capsys, "campaign", "tribute", "--file", path)
    assert {n: v["pe"] for n, v in shown["nations"].items()} == TURN_1
    assert shown["nations"]["Rome"]["provinces"]["Roma"] == 11
    after = run_json(capsys, "campaign", "advance", "--file", path)
    assert after["event"]["tribute"] == TURN_1
    assert after["state"]["nations"]["Rome"]["treasury"] == 16 + 25


def test_full_tribute_no_longer_gives_rome_32_on_turn_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--file", path)
    after = run_json(capsys, "campaign", "advance", "--full-tribute", "--file", path)
    assert after["event"]["tribute"]["Rome"] == 25


def test_typed_tribute_in_a_map_campaign_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--file", path)
    code, _out, err = run(capsys, "campaign", "advance", "--tribute", "Rome:5", "--file", path)
    assert code == 2 and err.count("\n") == 1 and "--tribute" in err and "T7.8" in err
    assert run_json(capsys, "campaign", "show", "--file", path)["turn"] == 1


def test_t7_8_a_tribute_of_99_999_999_999_999_pe_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "c.castra")
    run_json(capsys, "campaign", "new", "custom", "--nation", "Rome", "--file", path)
    code, _out, err = run(
        capsys, "campaign", "advance", "--tribute", "Rome:99999999999999", "--file", path
    )
    assert code == 2 and err.count("\n") == 1
    assert "10,000 PE (T7.8)" in err
    assert run_json(capsys, "campaign", "show", "--file", path)["turn"] == 1


def test_t7_8_a_referee_correction_is_its_own_bounded_event_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--file", path)
    code, _o, err = run(
        capsys, "campaign", "treasury", "--nation", "Rome", "--pe", "3", "--file", path
    )
    assert code == 2 and "note" in err, "a correction needs its reason"
    code, _o, err = run(
        capsys, "campaign", "treasury", "--nation", "Rome", "--pe", "10000", "--note", "x",
        "--file", path,
    )  # fmt: skip
    assert code == 2 and "T7.8" in err
    fixed = run_json(
        capsys, "campaign", "treasury", "--nation", "Rome", "--pe", "2",
        "--note", "Arpi's legion had marched out before the turn ended", "--file", path,
    )  # fmt: skip
    assert fixed["state"]["nations"]["Rome"]["treasury"] == 18


def test_t5_3_an_army_in_an_enemy_province_collects_there(tmp_path: Path) -> None:
    path = tmp_path / "t.castra"
    with CampaignStore.create(path, load_scenario("tarentine"), rules=ONE_AT_A_TIME) as store:
        store.append(ArmyMoved(army="Pyrrhus I", to="Canova"))
        store.append(TurnAdvanced())
        store.append(ArmyMoved(army="Pyrrhus I", to="Arpi"))
        result = tribute_now(store.state())
        # Arpi (Rome's, 2 PE) with Rome II (1 PM) and Pyrrhus I (2 PM): 2 − 3 → 0, Pyrrhus
        # occupies it and Rome, not free of enemies, collects nothing there.
        assert result.of("Pyrrhus") == {"Arpi": 0}
        assert "Arpi" not in result.of("Rome")
        assert result.nations["Rome"] == 25 - 1


def test_t7_8_the_ledger_itself_refuses_a_tribute_beyond_the_bound(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "t.castra", load_scenario("tarentine")) as store:
        with pytest.raises(LedgerError, match=r"T7\.8"):
            store.append(TurnAdvanced(tribute={"Rome": 99_999_999_999_999}))
        assert len(store.events()) == 1
