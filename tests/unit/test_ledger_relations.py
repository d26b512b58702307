"""Relations between nations (T7.10): allied, at war or neither, the declaration of war, and
what they change — the sacking penalties of T4.2 and Carthage's tolerated sack. Refusals name
the rule and write nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.ledger.events import (
    ArmyMoved,
    BattleRecorded,
    ContingentResult,
    Event,
    FleetSailed,
    TreatyBroken,
    TreatyMade,
    TurnAdvanced,
    WarDeclared,
)
from assistant.ledger.map_war import sack_event
from assistant.ledger.relations import relation, relations_summary
from assistant.ledger.state import LedgerError
from assistant.ledger.store import CampaignStore
from tests.battle_places import ONE_AT_A_TIME


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "war.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        yield opened


def refused(store: CampaignStore, event: Event, *words: str) -> None:
    before = len(store.events())
    with pytest.raises(LedgerError) as caught:
        store.append(event)
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)
    assert len(store.events()) == before


def test_t7_10_at_the_start_only_pyrrhus_and_the_greek_cities_are_allied(
    store: CampaignStore,
) -> None:
    rows = relations_summary(store.state())
    players = [n for n, x in store.state().nations.items() if x.player]
    assert len(rows) == len(players) * (len(players) - 1) // 2, "every pair once"
    allied = [(r.a, r.b) for r in rows if r.relation == "allied"]
    assert allied == [("Magna Graecia", "Pyrrhus")]
    assert {r.relation for r in rows} == {"allied", "neither"}, "nobody at war at the start"
    assert list(store.state().summary().relations) == rows


@pytest.mark.parametrize(
    ("events", "a", "b", "expected"),
    [
        ([], "Rome", "Carthage", "neither"),
        ([WarDeclared(nation="Rome", on="Carthage")], "Carthage", "Rome", "at_war"),
        (
            [
                WarDeclared(nation="Rome", on="Carthage"),
                TreatyMade(parties=["Rome", "Carthage"], terms="peace", alliance=False),
            ],
            "Rome",
            "Carthage",
            "neither",
        ),
        (
            [
                WarDeclared(nation="Rome", on="Carthage"),
                TreatyMade(parties=["Rome", "Carthage"], terms="alliance against Pyrrhus"),
            ],
            "Rome",
            "Carthage",
            "allied",
        ),
        (
            [
                TreatyMade(parties=["Rome", "Carthage"], terms="alliance"),
                TreatyBroken(treaty=1, nation="Rome"),
            ],
            "Rome",
            "Carthage",
            "neither",
        ),
        (
            [
                TreatyMade(parties=["Rome", "Carthage"], terms="alliance"),
                TreatyBroken(treaty=1, nation="Carthage"),
                WarDeclared(nation="Carthage", on="Rome"),
            ],
            "Rome",
            "Carthage",
            "at_war",
        ),
        ([WarDeclared(nation="Rome", on="Carthage")], "Rome", "Syracuse", "neither"),
        ([], "Rome", "Neutral", "at_war"),
    ],
)
def test_t7_10_relations_follow_declarations_and_treaties(
    store: CampaignStore, events: list[Event], a: str, b: str, expected: str
) -> None:
    for event in events:
        store.append(event)
    assert relation(store.state(), a, b) == expected
    assert relation(store.state(), b, a) == expected


def test_t7_10_a_battle_fought_between_two_nations_sets_them_at_war(
    store: CampaignStore,
) -> None:
    store.append(ArmyMoved(army="Rome II", to="Corfinium"))
    assert relation(store.state(), "Rome", "Magna Graecia") == "neither"
    stored = store.append(
        BattleRecorded(
            place="Corfinium",
            resolution="manual",
            winner="a",
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=1),
                ContingentResult(side="b", nation="Magna Graecia", pm=1, pm_lost=1),
            ],
        )
    )
    assert relation(store.state(), "Rome", "Magna Graecia") == "at_war"
    assert relation(store.state(), "Rome", "Pyrrhus") == "neither", "only those who fought"
    assert store.undo("recorded by mistake").event.target == stored.id  # type: ignore[union-attr]
    assert relation(store.state(), "Rome", "Magna Graecia") == "neither"


@pytest.mark.parametrize(
    ("before", "event", "words"),
    [
        (
            [TreatyMade(parties=["Rome", "Carthage"], terms="alliance")],
            WarDeclared(nation="Rome", on="Carthage"),
            ("allied by treaty 1", "break it first", "T7.10"),
        ),
        (
            [],
            WarDeclared(nation="Pyrrhus", on="Magna Graecia"),
            ("allied from the start", "T5.5"),
        ),
        (
            [WarDeclared(nation="Rome", on="Carthage")],
            WarDeclared(nation="Carthage", on="Rome"),
            ("already at war", "T7.10"),
        ),
        ([], WarDeclared(nation="Rome", on="Rome"), ("itself", "T7.10")),
        ([], WarDeclared(nation="Rome", on="Neutral"), ("no nation", "T7.10")),
        ([], WarDeclared(nation="Rome", on="Gauls"), ("on:", "Gauls")),
    ],
)
def test_t7_10_declarations_of_war_the_rules_forbid_are_refused(
    store: CampaignStore, before: list[Event], event: Event, words: tuple[str, ...]
) -> None:
    for earlier in before:
        store.append(earlier)
    refused(store, event, *words)


def test_t7_10_the_declaration_is_told_in_the_record(store: CampaignStore) -> None:
    stored = store.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    assert stored.summary == "Rome declares war on Magna Graecia (T7.10)"


# ---- T4.2: the sacking penalties follow the relation ------------------------------------


@pytest.mark.parametrize(("declared", "penalty"), [(False, -1), (True, 0)])
def test_t4_2_rome_pays_the_sacking_penalty_only_when_not_at_declared_war(
    store: CampaignStore, declared: bool, penalty: int
) -> None:
    if declared:
        store.append(WarDeclared(nation="Rome", on="Magna Graecia"))
    store.append(ArmyMoved(army="Rome II", to="Corfinium"))
    event = sack_event(store.state(), "Corfinium", "Rome")
    # T4.2: +4 for the Senones only; Rome sacking a province: nothing but the penalty.
    assert event.prestige.get("Rome", 0) == penalty, event.prestige_reason
    assert ("not at war with" in event.prestige_reason) == (not declared)


def test_t4_2_carthages_tolerated_sack_is_its_first_sack_at_peace(
    store: CampaignStore,
) -> None:
    store.append(WarDeclared(nation="Carthage", on="Syracuse"))
    store.append(ArmyMoved(army="Carthage III", to="Syracusae"))
    at_war = sack_event(store.state(), "Syracusae", "Carthage")
    store.append(at_war)
    assert "not at war" not in at_war.prestige_reason
    store.append(
        FleetSailed(fleet="Carthage fleet IV", to="Rhegium", carry=["Carthage IV"], land=True)
    )
    store.append(TurnAdvanced())
    first_at_peace = sack_event(store.state(), "Rhegium", "Carthage")
    # T4.2: the sack at war was no "such" sack; this first one at peace is tolerated.
    assert "Carthage" not in first_at_peace.prestige, first_at_peace.prestige_reason
    store.append(first_at_peace)
    store.append(ArmyMoved(army="Carthage IV", to="Croton"))
    second = sack_event(store.state(), "Croton", "Carthage")
    assert second.prestige["Carthage"] == -1, "the second sack at peace costs 1 PP"


def test_t7_10_declare_war_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "c.castra")
    assert main(["campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path]) == 0
    assert main(["campaign", "declare-war", "Rome", "--on", "Carthage", "--file", path]) == 0
    capsys.readouterr()
    assert main(["campaign", "declare-war", "--file", path, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["relations"]
    assert {"a": "Rome", "b": "Carthage", "relation": "at_war"} in rows
    before = (tmp_path / "c.castra").read_bytes()
    code = main(["campaign", "declare-war", "Pyrrhus", "--on", "Magna Graecia", "--file", path])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "T5.5" in err
    assert (tmp_path / "c.castra").read_bytes() == before
