"""The typed read models (issue 21, item 5): the campaign summary, the map and the glance are
immutable typed records built by the ledger, read by attribute, and printed by ``to_json()`` as
``--json`` always printed them; the glance the first frame reads back is the one the ledger
built, and the module needs nothing but the standard library."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.scenarios import bellum_scenario, load_scenario
from assistant.ledger import read_models
from assistant.ledger.glance import read_glance
from assistant.ledger.models import Force
from assistant.ledger.read_models import CampaignSummary, ForceOnMap, Glance
from assistant.ledger.store import CampaignStore
from tests.chronicle_story import build_story
from tests.unit.test_ledger_bellum import record, year

STAMP = ("format", "replay", "last_event", "digest")


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CampaignStore]:
    """The chronicle's story campaign (battles, a siege, rebuilding, a winter, an undo …)."""
    store = build_story(tmp_path_factory.mktemp("story") / "story.castra")
    yield store
    store.close()


@pytest.fixture
def macedon(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "m.castra", load_scenario("macedon")) as store:
        yield store


@pytest.fixture
def bellum(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(tmp_path / "b.castra", bellum_scenario("Scipii")) as store:
        record(store, year())
        yield store


def _stores(request: pytest.FixtureRequest) -> CampaignStore:
    store: CampaignStore = request.getfixturevalue(request.param)
    return store


campaigns = pytest.mark.parametrize("store", ["story", "macedon", "bellum"], indirect=True)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> CampaignStore:
    return _stores(request)


@campaigns
def test_the_glance_the_first_frame_reads_is_the_one_the_ledger_built(
    store: CampaignStore,
) -> None:
    """What the file keeps reads back into the very glance the store gives the screen, and
    prints back to the very JSON kept."""
    kept = read_glance(store.path)
    assert kept is not None
    body = {key: value for key, value in kept.items() if key not in STAMP}
    glance = store.glance()
    assert Glance.from_json(body) == glance
    assert glance.to_json() == body
    assert json.dumps(glance.to_json()) == json.dumps(body), "same keys in the same order"


@campaigns
def test_the_summary_prints_what_the_glance_keeps_for_campaign_show(store: CampaignStore) -> None:
    summary = store.state().summary()
    assert store.glance().summary == summary
    assert CampaignSummary.from_json(summary.to_json()) == summary
    assert json.loads(json.dumps(summary.to_json())) == summary.to_json(), "plain JSON"


def test_the_summary_reads_by_attribute_what_the_state_holds(story: CampaignStore) -> None:
    state = story.state()
    summary = state.summary()
    assert list(summary.nations) == list(state.nations)
    for name, nation in state.nations.items():
        shown = summary.nations[name]
        assert (shown.name, shown.treasury, shown.prestige) == (
            name,
            nation.treasury,
            nation.prestige,
        )
        assert shown.decimated == nation.decimated_pm
        assert [b.pm for b in shown.decimated_batches] == [b.pm for b in nation.decimated]
    assert summary.turn == state.turn and summary.date == state.date


def test_a_bellum_summary_carries_its_centres_and_standings(bellum: CampaignStore) -> None:
    """B1, B2: the Bellum part, typed."""
    summary = bellum.state().summary()
    assert summary.bellum is not None
    assert summary.bellum.rule == "B1" and summary.bellum.years == 1
    assert summary.bellum.next_year == 2
    assert {power: list(row) for power, row in summary.bellum.centres.items()} == (
        bellum.state().centres
    )


def test_the_map_reads_by_attribute_and_prints_every_force_field(story: CampaignStore) -> None:
    """T7.1, T7.2: every province and force; each force with every field the ledger keeps
    (a field added to the ledger's forces and not to the map's is caught here)."""
    from assistant.ledger.forces import map_summary

    state = story.state()
    board = map_summary(state)
    assert list(ForceOnMap._fields) == [*Force.model_fields, "on_map"]
    printed = board.to_json()
    for name, force in state.forces.items():
        assert printed["forces"][name] == force.model_dump() | {"on_map": board.forces[name].on_map}
    for name, province in board.provinces.items():
        assert province.controller == state.control[name]
        here = {f.nation for f in board.forces_in(name)}
        assert here == set(province.forces)


def test_the_read_models_need_only_the_standard_library() -> None:
    """The first frame reads the glance before pydantic or the ledger's models are loaded."""
    script = (
        "import sys\n"
        "import assistant.ledger.read_models\n"
        "print(sorted(n for n in sys.modules if n.startswith(('pydantic', 'assistant.ledger.'))"
        " and n != 'assistant.ledger.read_models'))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert ran.stdout.strip() == "[]", ran.stdout + ran.stderr


def test_every_read_model_is_immutable_and_typed() -> None:
    """A read model cannot be changed by whoever reads it, and says what each field holds."""
    models = [getattr(read_models, name) for name in read_models.__all__]
    for model in models:
        assert issubclass(model, tuple) and model._fields, model
        assert set(model.__annotations__) == set(model._fields), model
    glance_army = read_models.GlanceArmy("Macedon I", "Macedon", 3, True, False)
    with pytest.raises(AttributeError):
        glance_army.morale = 6  # type: ignore[misc]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_glance_of_another_shape_is_refused_in_the_ways_the_first_frame_catches(
    story: CampaignStore, data: st.DataObject
) -> None:
    """The Campaign screen's first frame catches KeyError, TypeError, ValueError and
    AttributeError from a glance whose stamp holds but whose contents do not (a hand-made file):
    any other error would be a traceback before the first frame."""
    body = story.glance().to_json()
    key = data.draw(st.sampled_from(sorted(body)), label="field")
    body[key] = data.draw(JSON_VALUES, label="value")
    with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
        Glance.from_json(body)


def test_the_meetings_print_every_field_the_ledger_keeps(macedon: CampaignStore) -> None:
    """T7.4, D8: ``campaign meetings --json`` prints each meeting as the ledger keeps it, with
    its answers and the next game, key for key in the same order as before the read model (a
    field added to the ledger's meetings and not to the summary's is caught here); the screens
    read the same record by attribute."""
    from assistant.ledger.events import DbaMoved, Meeting
    from assistant.ledger.orders import meetings_summary
    from assistant.ledger.read_models import MeetingSummary

    macedon.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
    state = macedon.state()
    fields = [*Meeting.model_fields, "seek", "settled", "pairing", "answered"]
    assert list(MeetingSummary._fields) == fields
    (found,) = meetings_summary(state)
    (kept,) = state.meetings
    before = {
        **kept.meeting.model_dump(),
        "seek": kept.seek,
        "answered": [],  # T3.0: who has answered, by name only (none yet)
        "settled": kept.settled,
        "pairing": {"pairs": [("Macedon 4", "Persia 2")], "queue": ["Persia 3"]},
    }
    assert json.dumps(found.to_json()) == json.dumps(before)
    assert found.pairing is not None and found.pairing.pairs[0] == ("Macedon 4", "Persia 2")
    assert (found.province, found.settled) == ("Hellespontine Phrygia", False)


def test_the_macedon_map_reads_by_attribute_what_the_state_holds(macedon: CampaignStore) -> None:
    """D9–D13: ``campaign map --json`` on the Macedon map prints every province and army with
    the keys, in the order, it always did; each read by attribute is what the ledger holds."""
    from assistant.ledger.dba_map import summary
    from converters import dba_campaign as rules

    state = macedon.state()
    assert state.dba_map is not None
    board = summary(state)
    printed = board.to_json()
    assert list(printed) == ["turn", "initiative", "provinces", "armies", "mobilised_this_year"]
    assert json.loads(json.dumps(printed)) == printed, "plain JSON"
    assert list(board.provinces) == [p.name for p in state.scenario.provinces]
    for name, province in board.provinces.items():
        kept = state.dba_map.provinces[name]
        assert list(printed["provinces"][name]) == [
            "controller", "loyalty", "status", "devastated_until", "maritime", "port",
            "neighbours", "armies", "lat", "lon",
        ]  # fmt: skip
        assert (province.controller, dict(province.loyalty)) == (kept.controller, kept.loyalty)
        assert province.status == rules.status(state.dba_map, name)
        assert set(province.armies) == {
            a.name for a in state.dba_map.armies.values() if a.province == name
        }
    assert set(board.armies) == set(state.dba_map.armies)
    for name, army in board.armies.items():
        kept_army = state.dba_map.armies[name]
        assert list(printed["armies"][name]) == [
            "side", "province", "morale", "action", "action_ends", "landing_at", "lands_on",
            "raised", "supplied", "supply_line", "deadline",
        ]  # fmt: skip
        assert (army.side, army.province, army.morale) == (
            kept_army.side,
            kept_army.province,
            kept_army.morale,
        )
        assert army.supply_line is None or army.supply_line[0] == army.province
