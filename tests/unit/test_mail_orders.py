"""Orders by mail (T7.3, issue 24 item 2): a player's copy, its signed orders file, the import.

The referee receives every order (T7.3): a player's copy of the campaign holds nothing of
another nation's sealed orders, offers only the player's own orders, and the orders file it
writes is sealed in the true campaign only when its signature, campaign, turn and every order
check out — anything else is refused in one line with nothing written.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.ledger import mail
from assistant.ledger.store import CampaignStore
from tests.unit.test_ledger_cli import run, run_json

CARTHAGE_ORDER = '"nation":"Carthage","order"'
"""How a sealed order of Carthage reads in a campaign file (an event's payload)."""


def castra(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run(capsys, *argv)


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def refused(capsys: pytest.CaptureFixture[str], referee: str, *argv: str) -> str:
    """``argv`` exits 2 with one line, and the referee's campaign is unchanged."""
    before = _events(referee)
    code, _out, err = run(capsys, *argv)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert _events(referee) == before, "nothing written"
    return err


def _events(path: str) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as connection:
        return list(connection.execute("SELECT id, payload FROM events ORDER BY id"))


def _bytes(path: Path) -> bytes:
    """Every byte of a campaign file and of its side files."""
    return b"".join(p.read_bytes() for p in sorted(path.parent.glob(path.name + "*")))


@pytest.fixture
def referee(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A Tarentine campaign (sealed orders) where Rome and Carthage have each given one."""
    path = str(tmp_path / "referee.castra")
    ok(capsys, "campaign", "new", "tarentine", "--file", path)
    ok(capsys, "campaign", "move", "Rome I", "--to", "Corfinium", "--file", path)
    ok(capsys, "campaign", "move", "Carthage I", "--to", "Utica", "--file", path)
    return path


def keys(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, str]:
    shown = run_json(capsys, "campaign", "players", "--keys", "--file", path)
    return {row["nation"]: row["key"] for row in shown["players"]}


def copy_for(capsys: pytest.CaptureFixture[str], referee: str, nation: str) -> str:
    target = str(Path(referee).with_name(f"{nation.lower()}.castra"))
    ok(capsys, "campaign", "export", "--for", nation, "--out", target, "--file", referee)
    return target


def orders_file(
    capsys: pytest.CaptureFixture[str], copy: str, key: str, name: str = "orders.json"
) -> Path:
    target = Path(copy).with_name(name)
    ok(capsys, "campaign", "orders", "export", "--out", str(target), "--key", key, "--file", copy)
    return target


def test_t7_3_mail_round_trip_export_enter_sign_import(
    referee: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Story: the referee sends Rome its copy and key; Rome's player withdraws one order and
    gives two, signs them; the referee imports the file: Rome's orders are exactly the file's,
    Carthage's untouched."""
    rome_key = keys(capsys, referee)["Rome"]
    copy = copy_for(capsys, referee, "Rome")
    ok(capsys, "campaign", "orders", "Rome", "--withdraw", "Rome I", "--file", copy)
    ok(capsys, "campaign", "move", "Rome I", "--to", "Capua", "--file", copy)
    ok(capsys, "campaign", "move", "Rome II", "--to", "Canova", "--file", copy)
    signed = orders_file(capsys, copy, rome_key.lower().replace("-", ""))
    document = json.loads(signed.read_text())
    assert document["nation"] == "Rome" and document["turn"] == 1
    imported = run_json(capsys, "campaign", "orders", "import", str(signed), "--file", referee)
    assert imported["nation"] == "Rome"
    with CampaignStore.open(referee) as store:
        state = store.state()
    assert [o.model_dump() for o in state.orders["Rome"]] == document["orders"]
    assert [o.to for o in state.orders["Carthage"]] == ["Utica"], "another nation's untouched"
    again = ok(capsys, "campaign", "orders", "import", str(signed), "--file", referee)
    assert "nothing written" in again


def test_t7_3_a_players_copy_holds_no_other_nations_sealed_orders(
    referee: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert CARTHAGE_ORDER.encode() in _bytes(Path(referee)), "the referee's file has it"
    copy = Path(copy_for(capsys, referee, "Rome"))
    assert CARTHAGE_ORDER.encode() not in _bytes(copy)
    with CampaignStore.open(copy) as store, CampaignStore.open(referee) as true:
        state, whole = store.state(), true.state()
        assert store.seat == "Rome" and store.campaign_id() == true.campaign_id()
        history = " ".join(entry.summary for entry in store.history())
    assert set(state.orders) == {"Rome"}
    assert "Carthage" not in history.split("sealed order of")[-1]
    assert {n: f.province for n, f in state.forces.items()} == {
        n: f.province for n, f in whole.forces.items()
    }
    assert state.summary().nations == whole.summary().nations, "the public board is whole"
    code, _out, err = castra(capsys, "campaign", "orders", "Carthage", "--file", str(copy))
    assert code == 2 and "sealed" in err


def test_t7_3_an_undone_resolution_leaves_no_order_in_the_copy(
    referee: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An undone resolution carried every nation's orders: the copy leaves it out whole."""
    ok(capsys, "campaign", "resolve", "--file", referee)
    ok(capsys, "campaign", "undo", "--reason", "too early", "--file", referee)
    copy = Path(copy_for(capsys, referee, "Rome"))
    assert b"Utica" not in _bytes(copy).split(b"orders_resolved")[-1] or (
        b"orders_resolved" not in _bytes(copy)
    )
    assert CARTHAGE_ORDER.encode() not in _bytes(copy)
    with CampaignStore.open(copy) as store:
        kinds = [stored.event.kind for stored in store.events()]
    assert "orders_resolved" not in kinds and "undone" not in kinds
    assert kinds.count("order_given") == 1


def test_t7_3_after_resolution_the_copy_shows_every_order_revealed(
    referee: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "campaign", "resolve", "--file", referee)
    copy = Path(copy_for(capsys, referee, "Rome"))
    assert CARTHAGE_ORDER.encode() in _bytes(copy), "revealed once carried out (T7.3)"


REFUSED_IN_A_COPY = [
    pytest.param(("campaign", "note", "hello"), "referee", id="record-a-note"),
    pytest.param(("campaign", "undo", "--reason", "x"), "undo", id="undo"),
    pytest.param(("campaign", "resolve"), "referee", id="resolve"),
    pytest.param(
        ("campaign", "rule", "orders", "immediate", "--reason", "x"), "referee", id="change-a-rule"
    ),
    pytest.param(("campaign", "treasury", "--nation", "Rome", "--pe", "5"), "referee", id="money"),
    pytest.param(
        ("campaign", "move", "Carthage I", "--to", "Utica", "--nation", "Carthage"),
        "only its own orders",
        id="another-nations-order",
    ),
    pytest.param(
        ("campaign", "orders", "Carthage", "--withdraw", "Carthage I"),
        "own orders",
        id="withdraw-another-nations-order",
    ),
    pytest.param(
        ("campaign", "export", "--for", "Carthage", "--out", "x.castra"), "copy", id="copy"
    ),
    pytest.param(("campaign", "players", "--keys"), "keys", id="the-keys"),
    pytest.param(("campaign", "orders", "import", "orders.json"), "copy", id="import"),
]


@pytest.mark.parametrize(("argv", "words"), REFUSED_IN_A_COPY)
def test_t7_3_a_players_copy_offers_only_the_players_orders(
    referee: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    words: str,
) -> None:
    copy = copy_for(capsys, referee, "Rome")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "orders.json").write_text("{}")
    err = refused(capsys, copy, *argv, "--file", copy)
    assert words in err


def test_t7_3_keys_are_kept_one_per_nation_and_campaign(
    referee: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = keys(capsys, referee)
    assert keys(capsys, referee) == first, "printed again, the same"
    assert len(set(first.values())) == len(first) == 7
    assert all(mail.normal_key(key) == key for key in first.values())
    other = str(tmp_path / "other.castra")
    ok(capsys, "campaign", "new", "tarentine", "--file", other)
    assert set(keys(capsys, other).values()).isdisjoint(first.values())
    exported = ok(capsys, "campaign", "export", "-", "--file", referee)
    assert all(key not in exported for key in first.values()), "never in an export"


def test_t7_3_a_mistyped_key_is_told_in_the_copy(
    referee: str, capsys: pytest.CaptureFixture[str]
) -> None:
    carthage_key = keys(capsys, referee)["Carthage"]
    copy = copy_for(capsys, referee, "Rome")
    target = str(Path(copy).with_name("o.json"))
    for key in (carthage_key, "nonsense", "A" * 24):
        err = refused(
            capsys,
            copy,
            "campaign",
            "orders",
            "export",
            "--out",
            target,
            "--key",
            key,
            "--file",
            copy,
        )
        assert "not Rome's key" in err
    assert not Path(target).exists()


def test_t4_4_no_copy_for_a_nation_without_a_player(
    referee: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = str(tmp_path / "n.castra")
    err = refused(
        capsys, referee, "campaign", "export", "--for", "Neutral", "--out", out, "--file", referee
    )
    assert "Neutral has no player" in err
    err = refused(
        capsys, referee, "campaign", "export", "--for", "Atlantis", "--out", out, "--file", referee
    )
    assert "--for" in err and "Atlantis" in err
    assert not Path(out).exists()


# ---- every tampered or hostile file is refused, nothing written ------------------------------


def _signed(document: dict[str, Any], key: str) -> dict[str, Any]:
    document = {k: v for k, v in document.items() if k != "signature"}
    document["signature"] = mail._signature(document, key)
    return document


def _quiet(*argv: str) -> str:
    """Run castra in-process outside a test's capture (for a module's fixture)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, tuple[bytes, str]]]:
    """A referee's campaign, and each way an orders file for it can be wrong → (its bytes,
    what the refusal says). Every refusal writes nothing, so the tests share the campaign."""
    folder = tmp_path_factory.mktemp("mail")
    referee = str(folder / "referee.castra")
    _quiet("campaign", "new", "tarentine", "--file", referee)
    _quiet("campaign", "move", "Rome I", "--to", "Corfinium", "--file", referee)
    _quiet("campaign", "move", "Carthage I", "--to", "Utica", "--file", referee)

    def keys_of(path: str) -> dict[str, str]:
        shown = json.loads(_quiet("campaign", "players", "--keys", "--json", "--file", path))
        return {row["nation"]: row["key"] for row in shown["players"]}

    def signed_by(copy: str, key: str, name: str) -> dict[str, Any]:
        target = folder / name
        _quiet("campaign", "orders", "export", "--out", str(target), "--key", key, "--file", copy)
        return dict(json.loads(target.read_text()))

    all_keys = keys_of(referee)
    copy = str(folder / "rome.castra")
    _quiet("campaign", "export", "--for", "Rome", "--out", copy, "--file", referee)
    _quiet("campaign", "move", "Rome II", "--to", "Canova", "--file", copy)
    good = signed_by(copy, all_keys["Rome"], "good.json")
    other = str(folder / "other.castra")
    _quiet("campaign", "new", "tarentine", "--file", other)
    elsewhere_key = keys_of(other)["Rome"]
    elsewhere_copy = str(folder / "elsewhere-rome.castra")
    _quiet("campaign", "export", "--for", "Rome", "--out", elsewhere_copy, "--file", other)
    elsewhere = signed_by(elsewhere_copy, elsewhere_key, "e.json")

    def doc(document: dict[str, Any]) -> bytes:
        return json.dumps(document).encode()

    changed = json.loads(json.dumps(good))
    changed["orders"][0]["to"] = "Capua"
    as_carthage = {**good, "nation": "Carthage"}
    rome = all_keys["Rome"]

    def signed(*orders: dict[str, Any]) -> bytes:
        return doc(_signed({**good, "orders": list(orders)}, rome))

    march = {"kind": "march", "army": "Rome I", "to": "Roma"}
    return referee, {
        "an-order-changed": (doc(changed), "signature"),
        "an-order-added": (
            doc({**good, "orders": [*good["orders"], {**march, "army": "Rome III"}]}),
            "signature",
        ),
        "another-nations-key": (doc(_signed(good, all_keys["Carthage"])), "signature"),
        "the-nation-changed": (doc(as_carthage), "signature"),
        "as-carthage-with-romes-key": (doc(_signed(as_carthage, rome)), "signature"),
        "another-turn": (doc(_signed({**good, "turn": 2}, rome)), "turn 2"),
        "another-campaign": (doc(elsewhere), "another campaign"),
        "truncated": (doc(good)[: len(doc(good)) // 2], "not JSON"),
        "empty": (b"", "not JSON"),
        "not-utf8": (b"\xff\xfe{", "not JSON"),
        "a-list": (b"[1, 2]", "not a Castra orders file"),
        "nested-deep": (b"[" * 100_000 + b"]" * 100_000, "64 KiB"),
        "nested-deep-small": (b"[" * 30_000, "orders file"),
        "huge": (doc({**good, "pad": "x" * (mail.MOST_ORDERS_BYTES + 1)}), "64 KiB"),
        "an-extra-field": (doc({**good, "who": "me"}), "who"),
        "a-field-missing": (doc({k: v for k, v in good.items() if k != "turn"}), "turn"),
        "turn-as-text": (doc({**good, "turn": "1"}), "turn"),
        "orders-as-object": (doc({**good, "orders": {}}), "orders"),
        "signature-as-number": (doc({**good, "signature": 5}), "signature"),
        "version-2": (doc({**good, "version": 2}), "version"),
        "signed-order-with-an-extra-field": (
            signed({**good["orders"][0], "pm": 9}),
            "orders[0]",
        ),
        "signed-order-breaking-a-rule": (
            signed({**march, "to": "Tarentum"}),
            "orders[0]: to: no road",
        ),
        "signed-order-for-carthages-army": (
            signed({**march, "army": "Carthage I", "to": "Utica"}),
            "a force of Carthage",
        ),
        "signed-two-orders-for-one-army": (
            signed(good["orders"][0], {**good["orders"][0], "to": "Capua"}),
            "orders[1]",
        ),
        "signed-a-name-too-long": (
            signed({**march, "army": "R" * 5000}),
            "orders[0]",
        ),
        "too-many-orders": (
            signed(*[good["orders"][0]] * (mail.MOST_ORDERS + 1)),
            "more than",
        ),
    }


CASES = [
    "an-order-changed",
    "an-order-added",
    "another-nations-key",
    "the-nation-changed",
    "as-carthage-with-romes-key",
    "another-turn",
    "another-campaign",
    "truncated",
    "empty",
    "not-utf8",
    "a-list",
    "nested-deep",
    "nested-deep-small",
    "huge",
    "an-extra-field",
    "a-field-missing",
    "turn-as-text",
    "orders-as-object",
    "signature-as-number",
    "version-2",
    "signed-order-with-an-extra-field",
    "signed-order-breaking-a-rule",
    "signed-order-for-carthages-army",
    "signed-two-orders-for-one-army",
    "signed-a-name-too-long",
    "too-many-orders",
]


@pytest.mark.parametrize("case", CASES)
def test_t7_3_a_wrong_orders_file_is_refused_in_one_line_nothing_written(
    world: tuple[str, dict[str, tuple[bytes, str]]], capsys: pytest.CaptureFixture[str], case: str
) -> None:
    referee, cases = world
    assert set(cases) == set(CASES)
    data, words = cases[case]
    bad = Path(referee).with_name("bad.json")
    bad.write_bytes(data)
    err = refused(capsys, referee, "campaign", "orders", "import", str(bad), "--file", referee)
    assert err.startswith("castra: error: ORDERS: ") and words in err, err


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    extra=st.dictionaries(
        st.sampled_from(["format", "version", "campaign", "nation", "turn", "orders", "signature"]),
        JSON,
        max_size=7,
    )
)
def test_hostile_orders_files_never_pass_nor_crash(
    world: tuple[str, dict[str, tuple[bytes, str]]],
    capsys: pytest.CaptureFixture[str],
    extra: dict[str, Any],
) -> None:
    """Any JSON in any field of an orders file: refused in one line, nothing written."""
    referee = world[0]
    document = {
        "format": "castra-orders",
        "version": 1,
        "campaign": "x",
        "nation": "Rome",
        "turn": 1,
        "orders": [],
        "signature": "0" * 64,
        **extra,
    }
    bad = Path(referee).with_name("hostile.json")
    bad.write_text(json.dumps(document))
    refused(capsys, referee, "campaign", "orders", "import", str(bad), "--file", referee)


MOVES = [
    ("Rome", "Rome I", "Corfinium"),
    ("Rome", "Rome II", "Canova"),
    ("Carthage", "Carthage I", "Utica"),
    ("Magna Graecia", "Magna Graecia III", "Roma"),
]
"""Orders the ledger accepts at the start of a Tarentine campaign."""


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["give", "withdraw"]), st.sampled_from(MOVES)), max_size=8
    ),
    resolve=st.booleans(),
    nation=st.sampled_from(["Rome", "Carthage", "Magna Graecia", "Syracuse"]),
)
def test_t7_3_no_copy_ever_holds_another_nations_sealed_order(
    tmp_path_factory: pytest.TempPathFactory,
    steps: list[tuple[str, tuple[str, str, str]]],
    resolve: bool,
    nation: str,
) -> None:
    """Whatever orders were given and withdrawn, and whether they were carried out, the copy of
    any nation replays to the same board and holds no other nation's unrevealed order."""
    from assistant.ledger.events import MarchOrder, OrderGiven, OrderWithdrawn
    from assistant.ledger.orders import resolution
    from assistant.ledger.state import LedgerError

    folder = tmp_path_factory.mktemp("copies")
    with CampaignStore.create(folder / "r.castra", load_scenario("tarentine")) as store:
        for step, (owner, army, to) in steps:
            event = (
                OrderGiven(nation=owner, order=MarchOrder(army=army, to=to))
                if step == "give"
                else OrderWithdrawn(nation=owner, force=army)
            )
            with contextlib.suppress(LedgerError):  # an order the rules refuse is not given
                store.append(event)
        if resolve:
            store.append(resolution(store.state()))
        whole = store.state()
        meta = mail.copy_meta(store, nation)
        copy_events = mail.player_events(store.events(), nation)
    with CampaignStore.build_copy(folder / "c.castra", copy_events, meta) as copy:
        state = copy.state()
        payloads = _bytes(copy.path)
    # Every order another nation gave, withdrawn or not, is sealed until carried out.
    others = set() if resolve else {owner for _step, (owner, _a, _t) in steps if owner != nation}
    assert set(state.orders) <= {nation}
    for other in others:
        assert f'"nation":"{other}","order"'.encode() not in payloads
    assert {n: f.province for n, f in state.forces.items()} == {
        n: f.province for n, f in whole.forces.items()
    }
