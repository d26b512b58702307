"""T6.2 (T5.5, T7.9): a nation that cannot pay its winter upkeep chooses which PM are
disbanded — `castra campaign winter --disband FORCE:PM` — and without a choice loses them in the
order docs/rules.md states. A choice that is not exactly what must go is refused in one line
naming the rule, before any die is rolled, and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import TreasuryAdjusted, TurnAdvanced
from assistant.ledger.record import winter_event
from assistant.ledger.state import CampaignState, LedgerError
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME
from tests.unit.test_ledger_cli import run, run_json

QUIET = 8
"""The winter die's "nothing" (T5.6, 8–10)."""


def pyrrhus_short_of_two_pm(store: CampaignStore) -> None:
    """To the first winter; Pyrrhus (Pyrrhus I 2 PM at Brundisium, Pyrrhus fleet I 2 naval PM)
    then holds 24 PE: the upkeep of 2 of his 4 PM (12 PE each, T6.2)."""
    while store.state().turn < 13:
        store.append(TurnAdvanced())
    treasury = store.state().nations["Pyrrhus"].treasury
    store.append(TreasuryAdjusted(nation="Pyrrhus", pe=24 - treasury, note="Greek pay spent"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "upkeep.castra", load_scenario("tarentine"), rules=ONE_AT_A_TIME
    ) as opened:
        pyrrhus_short_of_two_pm(opened)
        yield opened


def pyrrhus_forces(state: CampaignState) -> dict[str, int]:
    return {f.name: f.pm for f in state.forces.values() if f.nation == "Pyrrhus"}


# (rule id, the choice, Pyrrhus' forces after the winter)
CHOICES = [
    pytest.param(
        {},
        {"Pyrrhus I": 2},
        id="T6.2-no-choice-fleets-before-armies",
    ),
    pytest.param(
        {"Pyrrhus I": 2},
        {"Pyrrhus fleet I": 2},
        id="T6.2-the-army-given-up-the-fleet-kept",
    ),
    pytest.param(
        {"Pyrrhus I": 1, "Pyrrhus fleet I": 1},
        {"Pyrrhus I": 1, "Pyrrhus fleet I": 1},
        id="T6.2-one-of-each",
    ),
]


@pytest.mark.parametrize(("choice", "after"), CHOICES)
def test_t6_2_the_nation_chooses_which_pm_are_disbanded(
    store: CampaignStore, choice: dict[str, int], after: dict[str, int]
) -> None:
    store.append(winter_event(store.state(), ScriptedDice([QUIET]), disband=choice))
    state = store.state()
    assert pyrrhus_forces(state) == after
    pyrrhus = state.nations["Pyrrhus"]
    assert (pyrrhus.land_pm, pyrrhus.naval_pm) == (
        sum(pm for name, pm in after.items() if "fleet" not in name),
        sum(pm for name, pm in after.items() if "fleet" in name),
    )
    assert pyrrhus.treasury == 0, "the 24 PE paid for the 2 PM kept"
    summary = store.history()[-1].summary
    assert "Pyrrhus upkeep 24 PE (unpaid, disbanded:" in summary
    for name, pm in choice.items():
        assert f"{name} −{pm} PM at Brundisium (disbanded by choice, T6.2)" in summary


REFUSED = [
    pytest.param({"Rome I": 1}, "Rome pays its whole upkeep", id="T6.2-a-force-of-another-nation"),
    pytest.param({"Pyrrhus I": 3}, "Pyrrhus I has 2 PM", id="T6.2-more-pm-than-it-has"),
    pytest.param(
        {"Pyrrhus I": 1},
        "must disband exactly 2 (the choice disbands 1",
        id="T6.2-a-total-short-of-what-must-go",
    ),
    pytest.param(
        {"Pyrrhus I": 2, "Pyrrhus fleet I": 1},
        "must disband exactly 2 (the choice disbands 3",
        id="T6.2-a-total-beyond-what-must-go",
    ),
    pytest.param({"Pyrrhus II": 1}, "no army or fleet called 'Pyrrhus II'", id="T6.2-no-such"),
    pytest.param(
        {"Senones III": 1}, "in Magna Graecia's pay", id="T5.5-mercenaries-are-not-chosen"
    ),
]


@pytest.mark.parametrize(("choice", "words"), REFUSED)
def test_t6_2_a_wrong_choice_is_refused_before_the_die(
    store: CampaignStore, choice: dict[str, int], words: str
) -> None:
    store.append(TreasuryAdjusted(nation="Rome", pe=500, note="Latin levy"))
    before = len(store.events())
    dice = ScriptedDice([QUIET])
    with pytest.raises(LedgerError) as caught:
        store.append(winter_event(store.state(), dice, disband=choice))
    message = str(caught.value)
    assert message.startswith("disband:") and words in message and "T" in message, message
    assert "\n" not in message
    assert dice.rolls == [], "refused before the die is rolled"
    assert len(store.events()) == before, "nothing written"


def test_t6_2_the_choice_is_checked_by_the_ledger_too(store: CampaignStore) -> None:
    """An event built by hand (an import, another interface) is refused the same way."""
    event = winter_event(store.state(), ScriptedDice([QUIET])).model_copy(
        update={"disband": {"Pyrrhus I": 1}}
    )
    with pytest.raises(LedgerError, match="must disband exactly 2"):
        store.append(event)


def test_t6_2_disband_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cli.castra"
    with CampaignStore.create(path, load_scenario("tarentine"), rules=ONE_AT_A_TIME) as store:
        pyrrhus_short_of_two_pm(store)
    code, _out, err = run(capsys, "campaign", "winter", "--file", str(path), "--dice", "8",
                          "--disband", "Pyrrhus I:3")  # fmt: skip
    assert code == 2 and err.startswith("castra: error: --disband: Pyrrhus I has 2 PM"), err
    assert err.count("\n") == 1
    code, _out, err = run(capsys, "campaign", "winter", "--file", str(path), "--dice", "8",
                          "--disband", "Pyrrhus I")  # fmt: skip
    assert code == 2 and "--disband: give FORCE:PM" in err, err
    done = run_json(capsys, "campaign", "winter", "--file", str(path), "--dice", "8",
                    "--disband", "Pyrrhus I:2")  # fmt: skip
    assert "Pyrrhus I −2 PM at Brundisium (disbanded by choice, T6.2)" in done["summary"]
    shown = run_json(capsys, "campaign", "map", "--file", str(path))
    assert "Pyrrhus I" not in shown["forces"] and "Pyrrhus fleet I" in shown["forces"]
