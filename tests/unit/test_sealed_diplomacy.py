"""Sealed treaties and declarations of war (T7.3, T7.10, T5.2 phase 2): under house rule
``orders = sealed`` they are orders like the marches, shown and withdrawn with ``campaign
orders``, hidden from the other nations, and carried out by ``campaign resolve`` before the
movement — so a treaty handed in this turn already keeps its parties from meeting (T7.4).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import MarchOrder, OrderGiven, TreatyOrder, VoyageOrder, WarOrder
from assistant.ledger.orders import resolution
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_cli import run, run_json

TREATY = ["treaty", "--party", "Rome", "--party", "Magna Graecia", "--terms", "peace in Italy"]
WAR = ["declare-war", "Rome", "--on", "Carthage"]


@pytest.fixture
def path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    made = str(tmp_path / "d.castra")
    assert run(capsys, "campaign", "new", "tarentine", "--file", made)[0] == 0
    return made


def relation(capsys: pytest.CaptureFixture[str], path: str, a: str, b: str) -> str:
    rows = run_json(capsys, "campaign", "declare-war", "--file", path)["relations"]
    found: str = next(r["relation"] for r in rows if {r["a"], r["b"]} == {a, b})
    return found


def test_t7_3_a_treaty_and_a_war_are_orders_carried_out_together(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    given = run_json(capsys, "campaign", *TREATY, "--file", path)
    assert given["kind"] == "order_given"
    assert given["summary"] == "sealed order of Rome: a treaty with Magna Graecia"
    assert run_json(capsys, "campaign", *WAR, "--file", path)["kind"] == "order_given"
    for argv in (["move", "Rome I", "--to", "Corfinium"], ["move", "Magna Graecia III", "--to",
                                                            "Roma"]):  # fmt: skip
        run(capsys, "campaign", *argv, "--file", path)
    assert relation(capsys, path, "Rome", "Carthage") == "neither", "nothing before resolve"
    assert relation(capsys, path, "Rome", "Magna Graecia") == "neither"
    rome = run_json(capsys, "campaign", "orders", "Rome", "--file", path)["orders"]
    assert [o["kind"] for o in rome] == ["treaty", "war", "march"]
    carthage = run_json(capsys, "campaign", "orders", "Carthage", "--file", path)["orders"]
    assert carthage == [], "no nation sees another's orders"
    done = run_json(capsys, "campaign", "resolve", "--file", path)
    assert "treaty 1 (alliance): Rome, Magna Graecia" in done["summary"]
    assert "Rome declares war on Carthage (T7.10)" in done["summary"]
    assert relation(capsys, path, "Rome", "Carthage") == "at_war"
    assert relation(capsys, path, "Rome", "Magna Graecia") == "allied"
    meetings = run_json(capsys, "campaign", "meetings", "--file", path)["meetings"]
    assert meetings == [], "allied by this turn's treaty, the crossing armies do not meet (T7.4)"


def test_t7_3_a_war_order_is_withdrawn_by_its_name(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    run(capsys, "campaign", *WAR, "--file", path)
    back = run_json(capsys, "campaign", "orders", "Rome", "--withdraw", "war:Carthage",
                    "--file", path)  # fmt: skip
    assert back["summary"] == "Rome withdrew its order for war:Carthage"
    run(capsys, "campaign", "resolve", "--file", path)
    assert relation(capsys, path, "Rome", "Carthage") == "neither"


@pytest.mark.parametrize(
    ("first", "argv", "words"),
    [
        pytest.param([WAR], WAR, "--on: war:Carthage is already ordered this turn",
                     id="T7.3-twice"),
        pytest.param([], ["declare-war", "Pyrrhus", "--on", "Magna Graecia"],
                     "allied from the start (T5.5)", id="T7.10-on-an-ally"),
        pytest.param([], ["declare-war", "Rome", "--on", "Rome"],
                     "does not declare war on itself (T7.10)", id="T7.10-on-itself"),
        pytest.param([], [*TREATY, "--nation", "Carthage"],
                     "--nation: Carthage is no party to the treaty", id="T7.3-not-a-party"),
        pytest.param([["resolve"]], WAR, "belongs to movement (T5.2 phase 3)",
                     id="T5.2-after-the-orders-are-carried-out"),
    ],
)  # fmt: skip
def test_t7_3_sealed_diplomacy_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], path: str, first: list[list[str]], argv: list[str],
    words: str,
) -> None:  # fmt: skip
    for act in first:
        assert run(capsys, "campaign", *act, "--file", path)[0] == 0
    before = run_json(capsys, "campaign", "history", "--file", path)["events"]
    code, _out, err = run(capsys, "campaign", *argv, "--file", path)
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert run_json(capsys, "campaign", "history", "--file", path)["events"] == before


def test_t7_3_one_at_a_time_they_are_recorded_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "i.castra")
    run(capsys, "campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path)
    assert run_json(capsys, "campaign", *WAR, "--file", path)["kind"] == "war_declared"
    code, _out, err = run(capsys, "campaign", *TREATY, "--nation", "Rome", "--file", path)
    assert code == 2 and "--nation: only for sealed orders" in err


POOL = [
    ("Rome", MarchOrder(army="Rome I", to="Corfinium")),
    ("Magna Graecia", MarchOrder(army="Magna Graecia III", to="Roma")),
    ("Rome", VoyageOrder(fleet="Rome fleet I", to="Syracusae")),
    ("Syracuse", VoyageOrder(fleet="Syracuse fleet I", to="Roma")),
    ("Senones", MarchOrder(army="Senones II", to="Firnum Picenum")),
    ("Rome", TreatyOrder(parties=["Rome", "Magna Graecia"], terms="peace in Italy")),
    ("Syracuse", TreatyOrder(parties=["Syracuse", "Rome"], terms="the straits")),
    ("Rome", WarOrder(on="Carthage")),
]
"""Orders of several nations, phase 2 and 3 together, any subset of which can be given."""


@settings(max_examples=15, deadline=None)
@given(picked=st.lists(st.sampled_from(range(len(POOL))), unique=True), data=st.data())
def test_t7_3_carrying_out_does_not_depend_on_the_order_the_orders_came_in(
    picked: list[int], data: st.DataObject
) -> None:
    """T7.3 ("Le mosse sono contemporanee"): the same orders entered in another order give the
    same moves, meetings and relations — treaties and declarations of war included."""
    import tempfile

    shuffled = data.draw(st.permutations(picked))
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for number, order in enumerate((picked, shuffled)):
            path = Path(folder) / f"{number}.castra"
            with CampaignStore.create(path, load_scenario("tarentine")) as store:
                for index in order:
                    nation, given_order = POOL[index]
                    store.append(OrderGiven(nation=nation, order=given_order))
                event = resolution(store.state())
                store.append(event)
                state = store.state()
                results.append(
                    (
                        event.moves,
                        event.meetings,
                        sorted(map(tuple, state.wars)),
                        sorted(tuple(t.parties) for t in state.treaties),
                    )
                )
    assert results[0] == results[1]
