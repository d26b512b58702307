"""A battle fought from a meeting, with its place, sides and approach (T7.4, T3.2), and only
between forces that meet there (T7.4; D6 on the Macedon vs Persia map).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.events import MarchOrder, OrderGiven, VoyageOrder
from assistant.ledger.meeting_battle import meeting_prefill
from assistant.ledger.orders import resolution
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_cli import run, run_json


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "b.castra", load_scenario("tarentine")) as opened:
        yield opened


def orders(store: CampaignStore, *given: tuple[str, MarchOrder | VoyageOrder]) -> None:
    for nation, order in given:
        store.append(OrderGiven(nation=nation, order=order))
    store.append(resolution(store.state()))


@pytest.mark.parametrize(
    ("rule", "given", "place", "a", "b", "approach"),
    [
        pytest.param(
            "T3.2", [("Rome", MarchOrder(army="Rome I", to="Corfinium"))],
            "Corfinium", [("Rome", 4)], [("Magna Graecia", 1)], "mountain_road",
            id="T3.2-march-by-the-mountain-road-onto-an-army-standing",
        ),
        pytest.param(
            "T4.3", [("Rome", MarchOrder(army="Rome I", to="Corfinium")),
                     ("Magna Graecia", MarchOrder(army="Magna Graecia III", to="Roma"))],
            "Roma", [("Magna Graecia", 1)], [("Rome", 4)], "mountain_road",
            id="T4.3-met-while-crossing-the-held-army-defends",
        ),
        pytest.param(
            "T3.2", [("Pyrrhus", VoyageOrder(fleet="Pyrrhus fleet I", to="Arpi",
                                             carry=["Pyrrhus I"], land=True))],
            "Arpi", [("Pyrrhus", 2)], [("Rome", 1)], "landing",
            id="T3.2-a-landing-onto-an-army-standing",
        ),
        pytest.param(
            "T3.6", [("Rome", VoyageOrder(fleet="Rome fleet I", to="Syracusae")),
                     ("Syracuse", VoyageOrder(fleet="Syracuse fleet I", to="Roma"))],
            None, None, None, "open",
            id="T3.6-fleets-meet-on-open-sea",
        ),
    ],
)  # fmt: skip
def test_t7_4_a_meeting_opens_its_battle_with_place_sides_and_approach(
    store: CampaignStore,
    rule: str,
    given: list[tuple[str, MarchOrder | VoyageOrder]],
    place: str | None,
    a: list[tuple[str, int]] | None,
    b: list[tuple[str, int]] | None,
    approach: str,
) -> None:
    orders(store, *given)
    state = store.state()
    found = meeting_prefill(state, state.meetings[0].meeting.number)
    assert found.approach == approach, rule
    assert found.defender == (None if approach == "open" else "b"), "T3.2's +1 goes to B"
    if place is not None:
        assert (found.place, found.side_a, found.side_b) == (place, a, b)
    else:
        assert found.naval and found.place == state.meetings[0].province
        assert {n for n, _pm in found.side_a + found.side_b} == {"Rome", "Syracuse"}
    every = set(found.forces_a) | set(found.forces_b)
    assert every == {n for n in state.meetings[0].forces if state.forces[n].kind != "army"} or (
        every == {n for n in state.meetings[0].forces if state.forces[n].kind == "army"}
    ), "the meeting's own forces, nobody else"


def test_t3_2_the_dice_battle_of_a_meeting_starts_from_its_approach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's case: the dice battle at Corfinium after Rome I's march by the mountain
    road gives Magna Graecia, defending, T3.2's +1 — not open ground."""
    path = str(tmp_path / "c.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", path)
    run(capsys, "campaign", "resolve", "--file", path)
    shown = run_json(capsys, "campaign", "meetings", "--battle", "1", "--file", path)
    assert (shown["place"], shown["approach"], shown["defender"]) == (
        "Corfinium",
        "mountain_road",
        "b",
    )
    argv = shlex.split(shown["dice_battle"])[1:]
    code, out, err = run(capsys, *argv, "--a-retreat-at", "0", "--b-retreat-at", "0", "--seed", "1")
    assert code == 0 and "B: 1 PM, hits on 4+" in out + err, out + err
    opened = run_json(capsys, "odds", "4", "1", "--b-target", "4")
    plain = run_json(capsys, "odds", "4", "1")
    assert opened["a_wins"] < plain["a_wins"], "the defender's +1 lowers A's chances"
    run(capsys, "campaign", "answer", "1", "--seek", "Rome", "--file", path)
    recorded = run_json(
        capsys, "campaign", "record", "--meeting", "1", "--winner", "a",
        "--pm-lost", "Magna Graecia:1", "--file", path,
    )  # fmt: skip
    assert "battle of Corfinium" in recorded["summary"]
    assert run_json(capsys, "campaign", "meetings", "--file", path)["meetings"][0]["settled"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        pytest.param(["record", "--meeting", "9", "--winner", "a"], "--meeting: no meeting 9",
                     id="T7.4-no-such-meeting"),
        pytest.param(["record", "--meeting", "1", "--place", "Arpi", "--winner", "a"],
                     "--place: meeting 1 is at Corfinium (T7.4)", id="T7.4-another-place"),
        pytest.param(["record", "--winner", "a"], "--place: where the battle was fought",
                     id="T7.4-no-place"),
        pytest.param(["record", "--place", "Arpi", "--winner", "a", "--side-a", "Rome:1",
                      "--side-b", "Pyrrhus:1"], "no meeting at Arpi this turn",
                     id="T7.4-forces-that-do-not-meet-there"),
        pytest.param(["meetings", "--battle", "4"], "--battle: no meeting 4",
                     id="T7.4-no-such-meeting-to-open"),
    ],
)  # fmt: skip
def test_t7_4_battles_from_meetings_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    path = str(tmp_path / "r.castra")
    run(capsys, "campaign", "new", "tarentine", "--file", path)
    run(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", path)
    run(capsys, "campaign", "resolve", "--file", path)
    before = run_json(capsys, "campaign", "history", "--file", path)["events"]
    code, _out, err = run(capsys, "campaign", *argv, "--file", path)
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert run_json(capsys, "campaign", "history", "--file", path)["events"] == before


@pytest.mark.parametrize(
    ("army_a", "army_b", "place", "refused"),
    [
        pytest.param("Macedon 6", "Persia 8", "Egypt", "Macedon 6 stands at Thessaly",
                     id="D6-the-attacker-is-elsewhere"),
        pytest.param("Macedon 4", "Persia 2", "Thrace", "Persia 2 stands at",
                     id="D6-the-defender-is-elsewhere"),
        pytest.param("Alexander", "Darius", "Granicus", None,
                     id="D6-a-battlefield-off-the-map-is-not-checked"),
    ],
)  # fmt: skip
def test_d6_a_battle_only_between_armies_standing_in_its_province(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    army_a: str,
    army_b: str,
    place: str,
    refused: str | None,
) -> None:
    path = str(tmp_path / "m.castra")
    run(capsys, "campaign", "new", "macedon", "--file", path)
    code, _out, err = run(
        capsys, "campaign", "record", "--place", place, "--army-a", army_a, "--army-b", army_b,
        "--winner", "a", "--lost-b", "2", "--seed", "1", "--file", path,
    )  # fmt: skip
    if refused is None:
        assert code == 0, err
        return
    assert code == 2 and refused in err and "(D6)" in err and err.count("\n") == 1, err
    assert "--army-" in err, "named by the option the army was typed with"


def test_d8_equal_numbers_the_attackers_pick_makes_the_game_the_pairing_command_gives(
    tmp_path: Path,
) -> None:
    """D8: two armies a side, the desk's game comes from the attacker's pick (the app's pick
    form), checked as ``campaign pairing --pick`` checks it; one army against two needs none."""
    from assistant.ledger.dba_map import pairing
    from assistant.ledger.errors import LedgerError
    from assistant.ledger.meeting_battle import opponents_to_pick
    from tests.tui.test_campaign_turn_macedon import INVASION, equal_numbers

    one = CampaignStore.create(tmp_path / "one.castra", load_scenario("macedon"))
    one.append(INVASION)
    assert opponents_to_pick(one.state(), 1) is None, "1 against 2: the winner fights the next"
    one.close()
    two = CampaignStore.create(tmp_path / "two.castra", load_scenario("macedon"))
    equal_numbers(two)
    state = two.state()
    assert opponents_to_pick(state, 1) == (["Macedon 4", "Macedon 5"], ["Persia 2", "Persia 3"])
    chosen = {"Macedon 4": "Persia 3", "Macedon 5": "Persia 2"}
    found = meeting_prefill(state, 1, chosen)
    assert (found.army_a, found.army_b) == pairing(state, found.place, chosen).pairs[0]
    assert (found.army_a, found.army_b) == ("Macedon 4", "Persia 3")
    with pytest.raises(LedgerError, match="D8"):
        meeting_prefill(state, 1, {"Macedon 4": "Persia 3", "Macedon 5": "Persia 3"})
    with pytest.raises(LedgerError, match="D8"):
        meeting_prefill(state, 1)
    two.close()
