"""Tarentine years told from the map, with no typed tribute (T4.3, T5.3–T5.8, T7).

Rome marches on Tarentum after sacking Canova, the Greeks shut themselves in and throw the
assault back, the Romans fall back; the Greeks take Rhegium by assault; eleven turns of tribute
collected by ``castra campaign advance``; the winter with upkeep, a quiet die and the control
check of Canova, where Rome II stood all summer, from the map; spring forgets the sack. In turn
4 the club switches to the literal reading of T3.6 and a Roman fleet sails on Tarentum, where
the Greek fleet avoids battle and escapes the interception, recorded in the ledger with the die
the table rolled; Rome declares war on Syracuse (T7.10). On turn 10 the Greeks order a PM for
Croton: it trains through the winter, deploys there as a new army on the first spring turn and
may not march that turn (T6.1). The winter's die brings the coup at Rhegium, which really takes
the city from the Greeks (T7.9). Every figure is worked out by hand in the comments from the
provinces and start tables.

A second, shortened year: Pyrrhus lands at Arpi, is beaten and sails home aboard his fleet
(T4.3, T7.5, T3.7); Rome, at war with the Greeks, occupies Paestum all summer and takes it at
the winter's control check (T5.7, T7.7); that winter ends the campaign with the Etruscans'
strategic victory, after which a march is refused and a note still accepted (T5.8).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.chronicle.story import gather, report_scope
from assistant.ledger.events import (
    ArmyMoved,
    ArmyRetreated,
    BattleRecorded,
    CityShutIn,
    ContingentResult,
    FleetSailed,
    NoteAdded,
    RuleChanged,
)
from assistant.ledger.forces import tribute_now
from assistant.ledger.map_war import sack_event
from assistant.ledger.store import CampaignStore
from tests.battle_places import ONE_AT_A_TIME
from tests.unit.test_ledger_campaign_rules import pyrrhus_lands_at_arpi_and_loses
from tests.unit.test_ledger_cli import run, run_json
from tests.unit.test_ledger_conquest import march, to_winter, winter


def test_a_tarentine_year_on_the_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "year.castra"
    store = CampaignStore.create(path, load_scenario("tarentine"), rules=ONE_AT_A_TIME)

    def advance() -> dict[str, int]:
        data = run_json(capsys, "campaign", "advance", "--file", str(path))
        return {n: v["treasury"] for n, v in data["state"]["nations"].items()}

    # Turn 1. Rome II marches from Arpi into neutral Canova and sacks it: 3 × 2 PE = 6 PE,
    # no prestige (Canova is nobody's nation, T4.2). Rome: 16 + 6 = 22 PE.
    store.append(ArmyMoved(army="Rome II", to="Canova"))
    store.append(sack_event(store.state(), "Canova", "Rome"))
    # Tribute: Interamna 3, Firnum Picenum 2 − 1, Roma 15 − 4, Capua 4, Neapolis 4, Arpi 2
    # (Rome II left), Rhegium 2 − 1 = 26; Canova sacked pays nobody. Rome 22 + 26 = 48.
    # Magna Graecia collects its turn-1 14 PE (see test_tribute.TURN_1): 10 + 14 = 24.
    treasury = advance()
    assert (treasury["Rome"], treasury["Magna Graecia"]) == (48, 24)

    # Turn 2. Rome II before Tarentum; the Greeks shut themselves in (3 PM + the Senones' 1 in
    # their pay = 4, within Tarentum's 5 PE, T7.6).
    store.append(ArmyMoved(army="Rome II", to="Tarentum"))
    store.append(CityShutIn(province="Tarentum"))
    # Rome: 26 − 1 PE for Rome II at the siege (T5.4) → 73. Magna Graecia: Corfinium 2,
    # Tarentum 0 (besieged), Brundisium 0 (Pyrrhus' 2 PM), Croton 3, Ipponio 1, Heraclea 3,
    # Paestum 4 = 13, less 4 PE for its 4 PM shut in → 24 + 13 − 4 = 33.
    treasury = advance()
    assert (treasury["Rome"], treasury["Magna Graecia"]) == (73, 33)

    # Turn 3. The assault is thrown back (no losses); Rome II, beaten, may fall back to Canova
    # (neutral, free of enemies) or Heraclea (enemy, free), not to Brundisium (Pyrrhus' 2 PM
    # outnumber it, T4.3).
    store.append(
        BattleRecorded(
            place="Tarentum",
            resolution="manual",
            winner="b",
            city_assault=True,
            contingents=[
                ContingentResult(side="a", nation="Rome", pm=1),
                ContingentResult(side="b", nation="Magna Graecia", pm=3),
                ContingentResult(side="b", nation="Senones", pm=1),
            ],
        )
    )
    code, _, err = run(capsys, "campaign", "fall-back", "Rome II", "--to", "Brundisium",
                       "--file", str(path))  # fmt: skip
    assert code == 2 and "Canova, Heraclea (T4.3)" in err
    stored = store.append(ArmyRetreated(army="Rome II", to="Canova"))
    assert "the siege of Tarentum is over" in stored.summary, "no enemy left before the walls"
    # Magna Graecia II marches from Croton on Rhegium and takes it by assault: Rome IV's 1 PM,
    # the survivors, are prisoners with nothing typed, Rhegium passes to Magna Graecia, +3 / −3
    # PP (T7.5, T4.2).
    store.append(ArmyMoved(army="Magna Graecia II", to="Rhegium"))
    store.append(
        BattleRecorded(
            place="Rhegium",
            resolution="manual",
            winner="a",
            city_assault=True,
            city_taken=True,
            contingents=[
                ContingentResult(side="a", nation="Magna Graecia", pm=1),
                ContingentResult(side="b", nation="Rome", pm=1),
            ],
        )
    )
    state = store.state()
    assert state.control["Rhegium"] == "Magna Graecia"
    assert (state.nations["Rome"].land_pm, state.nations["Magna Graecia"].prisoners_held) == (6, 1)
    assert "Rome IV" not in state.forces, "no survivor left in the fallen city"
    # Rome: 26 − Rhegium's 1 = 25 → 98. Magna Graecia: Corfinium 2, Tarentum 5 − 4 = 1,
    # Brundisium 0, Croton 4 (empty now), Ipponio 1, Heraclea 3, Paestum 4, Rhegium 2 − 1 = 1
    # → 16; 33 + 16 = 49.
    treasury = advance()
    assert (treasury["Rome"], treasury["Magna Graecia"]) == (98, 49)

    # Turn 4. The club reads T3.6 literally from now on (house rule interception = at_least).
    # Rome fleet I (2 naval PM) sails from Roma round the toe to Tarentum, 8 stretches (T7.3),
    # where Magna Graecia fleet I (2 naval PM) lies: they meet (T7.4). Rome seeks battle, the
    # Greeks avoid it, carrying no troops: 1d6 against 2 + 2 + 0 = 4. The referee types the
    # die the table rolled, a 3: under the campaign's rule the Greeks are caught only on 4 or
    # more, so they escape and nothing is fought (under the default reading, at most 4, a 3
    # would have caught them). The roll is in the ledger with its purpose, so the history and
    # the chronicle tell it. Fleets neither collect nor lower tribute: the figures below stand.
    store.append(RuleChanged(name="interception", value="at_least", reason="T3.6 as written"))
    sailed = store.append(FleetSailed(fleet="Rome fleet I", to="Tarentum"))
    assert sailed.summary.count("→") == 8
    rolled = run_json(capsys, "campaign", "intercept", "Rome fleet I", "--target",
                      "Magna Graecia fleet I", "--dice", "3", "--file", str(path))  # fmt: skip
    assert (rolled["event"]["against"], rolled["event"]["intercepted"]) == (4, False)
    # The purpose in English and as data, said in the reader's language when shown (issue 21).
    said = {"kind": "said", "key": "T3.6 interception", "values": {}}
    assert rolled["rolls"] == [
        {"sides": 6, "value": 3, "purpose": "T3.6 interception", "said": said}
    ]
    assert "not intercepted: Magna Graecia fleet I goes on (T3.6)" in rolled["summary"]
    code, _, err = run(capsys, "campaign", "intercept", "Rome fleet I", "--target",
                       "Magna Graecia fleet I", "--dice", "5", "--file", str(path))  # fmt: skip
    assert code == 2 and "one roll (T3.6)" in err, "no second roll for the same meeting"
    history = run_json(capsys, "campaign", "history", "--file", str(path))["events"]
    assert history[-1]["kind"] == "interception_rolled"
    events = store.events()
    told = gather(events, report_scope(store.state(), events, turn=4))
    assert any("not intercepted" in line for line in told.turns[0].moves), "the chronicle"

    # Rome declares war on Syracuse (phase 2, T7.10): at war from now on; nothing else changes.
    declared = run_json(capsys, "campaign", "declare-war", "Rome", "--on", "Syracuse",
                        "--file", str(path))  # fmt: skip
    assert declared["event"]["kind"] == "war_declared"
    pairs = {(r.a, r.b): r.relation for r in store.state().summary().relations}
    assert pairs[("Rome", "Syracuse")] == "at_war"

    # Turns 4–12: nothing else moves; the same 25 and 16 PE each turn, nine times. On turn 10
    # Magna Graecia orders 1 land PM for Croton (40 PE, T6.1): 10 + 4 = 14 > 12, so it trains
    # through the winter and deploys on the first spring turn (turn 14).
    for _ in range(9):
        if store.state().turn == 10:
            ordered = run_json(capsys, "campaign", "recruit", "--nation", "Magna Graecia",
                               "--land", "1", "--province", "Croton",
                               "--file", str(path))  # fmt: skip
            assert ordered["summary"].endswith("for 40 PE, arriving turn 14")
        treasury = advance()
    assert (treasury["Rome"], treasury["Magna Graecia"]) == (98 + 9 * 25, 49 + 9 * 16 - 40)

    # Winter (turn 13). Upkeep 12 PE a PM (T6.2): Rome 6 land + 2 naval = 96 → 323 − 96 = 227;
    # Magna Graecia 5 land + 2 naval + the Senones' 1 PM in its pay at Tarentum (T5.5) = 96,
    # and 11 PE for the recruit ordered on turn 10 (T6.2's own example) → 153 − 107 = 46.
    # The die shows 4, the coup at Rhegium (T5.6, T7.9): Magna Graecia II's 1 PM there are
    # destroyed (no more than 2 PM stand there) and Rhegium is a neutral state with 2 PM.
    # Control checks (T5.7, T7.7) where a nation at war with the controller stands, read from
    # the map: Rhegium, which the Greeks took by assault, has no Roman there: no check. Rome II
    # has stood in Canova all summer, and a Neutral holder is at war with all (T7.10): Neutral
    # 0 PP + loyalty 2 = 2 against Rome −3 PP + 1 PM = −2: Canova stays Neutral.
    winter = run_json(capsys, "campaign", "winter", "--dice", "4", "--file", str(path))
    assert winter["event"]["stationed"] is None and winter["event"]["occupation"] is True
    assert "Magna Graecia II destroyed by the coup at Rhegium" in winter["summary"]
    assert "Rhegium is a neutral state (T7.9)" in winter["summary"]
    state = store.state()
    assert state.control["Rhegium"] == "Neutral" and "Magna Graecia II" not in state.forces
    assert [f.pm for f in state.forces.values() if f.province == "Rhegium"] == [2]
    assert "control check Rhegium" not in winter["summary"]
    assert "control check Canova: Neutral 2 v Rome -2, Neutral keeps it" in winter["summary"]
    nations = winter["state"]["nations"]
    assert (nations["Rome"]["treasury"], nations["Magna Graecia"]["treasury"]) == (227, 46)
    # T5.8 VP: Rome's provinces 3 + 2 + 15 + 4 + 4 + 2 = 30, + 8 PM, − 3 PP = 35 (the recruit
    # in training is not in play yet). Magna Graecia's 3 + 5 + 2 + 4 + 1 + 3 + 4 = 22 without
    # Rhegium, + 6 PM (Magna Graecia II gone), + 3 PP = 31.
    assert (nations["Rome"]["victory_points"], nations["Magna Graecia"]["victory_points"]) == (
        35,
        31,
    )

    # Spring (turn 14): the recruit deploys at Croton as a new army (the name Magna Graecia II
    # is free again), held this turn (T6.1).
    advance()
    state = store.state()
    new = [
        f for f in state.forces.values() if f.nation == "Magna Graecia" and f.province == "Croton"
    ]
    assert [(f.name, f.pm, f.held) for f in new] == [("Magna Graecia II", 1, 14)]
    code, _, err = run(capsys, "campaign", "move", "Magna Graecia II", "--to", "Ipponio",
                       "--file", str(path))  # fmt: skip
    assert code == 2 and "first spring turn (T6.1)" in err and err.count("\n") == 1, err
    # The sack is forgotten (T5.3): Rome II, still at Canova, collects there as its occupier,
    # 2 − 1 = 1 PE.
    spring = tribute_now(store.state())
    assert spring.of("Rome")["Canova"] == 1
    assert spring.nations["Rome"] == 25 + 1
    store.close()


def test_a_tarentine_year_of_conquest_a_beaten_landing_and_a_strategic_victory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second, shortened Tarentine year: Pyrrhus lands at Arpi, is beaten and sails home
    (T4.3, T7.5, T3.7); Rome, at war with the Greeks, stands in Paestum all summer and takes
    it at the winter's control check (T5.7, T7.7); that winter the Etruscans are the richest
    and win (T5.8): the campaign is over, a march is refused and a note still accepted."""
    path = tmp_path / "conquest.castra"
    store = CampaignStore.create(path, load_scenario("tarentine"), rules=ONE_AT_A_TIME)

    # Turn 1. Rome declares war on Magna Graecia (T7.10), without which Rome in Paestum would
    # be no occupier at all (see test_ledger_conquest: no war, no check).
    declared = run_json(capsys, "campaign", "declare-war", "Rome", "--on", "Magna Graecia",
                        "--file", str(path))  # fmt: skip
    assert declared["event"]["kind"] == "war_declared"

    # T4.3, T7.5, T3.7: Pyrrhus fleet I carries Pyrrhus I (2 PM) from Brundisium to Arpi and
    # lands it; Rome's 1 PM there beat it (1 PM lost). The only way out is back aboard: the
    # referee is offered Brundisium, an ally's province, aboard Pyrrhus fleet I, and the army
    # and its fleet are home together.
    pyrrhus_lands_at_arpi_and_loses(store)
    offered = run_json(capsys, "campaign", "fall-back", "Pyrrhus I", "--file", str(path))
    assert [(o["province"], o["aboard"]) for o in offered["options"]] == [
        ("Brundisium", "Pyrrhus fleet I")
    ]
    home = run_json(capsys, "campaign", "fall-back", "Pyrrhus I", "--to", "Brundisium",
                    "--file", str(path))  # fmt: skip
    assert (
        "went back aboard Pyrrhus fleet I at Arpi and sailed to Brundisium (T7.5)"
        in (home["summary"])
    )
    forces = store.state().forces
    assert forces["Pyrrhus I"].province == forces["Pyrrhus fleet I"].province == "Brundisium"
    assert forces["Pyrrhus I"].aboard is None and forces["Pyrrhus I"].pm == 1

    # T5.7, T7.7: Rome I (4 PM) marches Roma → Capua → Neapolis → Paestum, turns 1–3, and
    # stands there to the winter; no Greek nor Greek ally comes (Pyrrhus is home at Brundisium).
    march(store, "Rome I", "Capua", "Neapolis", "Paestum")
    to_winter(store)
    # T5.8: the referee filled every treasury for the upkeep; the Etruscans, with only 3 PM to
    # pay for, stay the richest (more PE than Rome and Magna Graecia, their condition), but a
    # condition met counts only when checked at a winter's end.
    assert "Etruscans" in [c.nation for c in store.state().victory_conditions() if c.met]
    assert not store.state().finished
    summary = winter(store)

    # The control check of Paestum: Magna Graecia 0 PP + loyalty 3 = 3 against Rome 0 PP +
    # 4 PM = 4: Rome takes it, and its loyalty is spent.
    assert "control check Paestum: Magna Graecia 3 v Rome 4, Rome takes it" in summary
    state = store.state()
    assert state.control["Paestum"] == "Rome" and state.loyalty("Paestum") == 0
    assert "Paestum" in state.ever_lost
    # Arpi, where Pyrrhus stood only for the battle, is not checked: he left it the same turn.
    assert "control check Arpi" not in summary

    # T5.8: the winners are announced and the campaign is over.
    assert "strategic victory (T5.8): Etruscans; the campaign is over" in summary
    assert state.finished and state.summary().winners == ("Etruscans",)
    treasury = {n: v.treasury for n, v in state.nations.items()}
    assert treasury["Etruscans"] > max(treasury["Rome"], treasury["Magna Graecia"])
    shown = run_json(capsys, "campaign", "victory", "--file", str(path))
    assert shown["winners"] == ["Etruscans"]
    # A further act is refused with one line saying why; a note is still accepted.
    before = len(store.events())
    code, _, err = run(capsys, "campaign", "move", "Rome I", "--to", "Heraclea",
                       "--file", str(path))  # fmt: skip
    assert code == 2 and "Etruscans won a strategic victory (T5.8)" in err, err
    assert err.count("\n") == 1, err
    assert len(store.events()) == before and store.state().forces["Rome I"].province == "Paestum"
    store.append(NoteAdded(note="the Etruscan bankers rule Italy"))
    assert len(store.events()) == before + 1
    store.close()
