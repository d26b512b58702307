"""The Map screen of a Macedon vs Persia campaign (D9–D14): the board drawn like the Tarentine
one, arrow keys between provinces, the side panel, and the army orders given from it, each
recorded as the same ledger event as the command line, each refusal naming its rule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Input, Select, Static

from armylists.scenarios import load_scenario
from assistant.ledger.read_models import DbaMapSummary
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app
from assistant.tui.widgets.map_canvas import (
    army_tag,
    macedon_board,
    nearest_in_direction,
    render_map,
    short_labels,
)
from tests.tui.conftest import SEED, SIZE
from tests.tui.test_campaign_dba_map import _campaign_with_a_cut_off_army

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def macedon(tmp_path: Path) -> Iterator[CampaignStore]:
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    yield store
    store.close()


@pytest.fixture
def cut_off(tmp_path: Path) -> Iterator[CampaignStore]:
    """Turn 3: Macedon 4 cut off in Lydia (dies turn 6), Macedon 5 at sea for Caria."""
    store = _campaign_with_a_cut_off_army(tmp_path)
    yield store
    store.close()


def board(app: Any) -> Any:
    return app.screen.query_one("#map-canvas", Static).render()


def panel(app: Any) -> str:
    return str(app.screen.query_one("#map-panel", Static).render())


async def open_map(app: CastraApp, pilot: Any, province: str | None = None) -> None:
    await pilot.press("m")
    await pilot.pause()
    if province is not None:
        app.screen.selected = province  # type: ignore[attr-defined]
        app.screen.refresh_from_store()  # type: ignore[attr-defined]
        await pilot.pause()


async def order_form(app: CastraApp, pilot: Any, province: str, key: str) -> Any:
    """The order form ``key`` opens with ``province`` selected on the map."""
    await open_map(app, pilot, province)
    await pilot.press(key)
    await pilot.pause()
    return app.screen


async def test_d9_every_province_drawn_with_its_loyalty_and_armies(
    macedon: CampaignStore,
) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot)
        drawn = board(app).plain
        names = [province.name for province in load_scenario("macedon").provinces]
        for province, label in short_labels(names).items():
            shown = province if province == app.screen.selected else label  # type: ignore[attr-defined]
            assert shown in drawn, province
        # The armies with their morale: the leader at 6 (D1), Thrace's two armies at 3.
        assert "Alexander:6" in drawn and "Thrace L4 M4:3 M5:3" in drawn
        assert "◆" in drawn, "D12: a loyal province has its own marker"
        text = panel(app)
        assert text.startswith("Macedonia\n") and "Held by Macedon · loyal" in text
        assert "Neighbours: Thrace, Thessaly" in text


async def test_d13_a_cut_off_army_is_red_on_the_board_and_in_the_panel(
    cut_off: CampaignStore,
) -> None:
    app = make_app(cut_off, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot, "Lydia")
        drawn = board(app)
        red = "".join(
            drawn.plain[span.start : span.end] for span in drawn.spans if "red" in str(span.style)
        )
        assert "Macedon 4:3†6" in red, "the selected province's label, in full and in red"
        shown = app.screen.query_one("#map-panel", Static).render()
        assert "CUT OFF: dies turn 6" in shown.plain
        assert any(
            "CUT OFF" in shown.plain[span.start : span.end] and "red" in str(span.style)
            for span in shown.spans
        )
        # D12: Hellespontine Phrygia has gone over to Persia behind Macedon 4.
        await open_map(app, pilot, "Hellespontine Phrygia")
        assert "Held by Persia" in panel(app)


async def test_d13_the_selected_armys_supply_line_is_listed_and_drawn(
    macedon: CampaignStore,
) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot, "Thrace")
        assert "supply: Thrace → Macedonia" in panel(app)
        drawn = board(app)
        assert any("green" in str(span.style) for span in drawn.spans), "the line is drawn"


async def test_arrow_keys_jump_to_the_nearest_province_that_way(macedon: CampaignStore) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot)
        provinces = app.screen.provinces  # type: ignore[attr-defined]
        east = nearest_in_direction(provinces, "Macedonia", 1, 0)
        assert provinces[east]["lon"] > provinces["Macedonia"]["lon"]
        await pilot.press("right")
        await pilot.pause()
        assert panel(app).startswith(f"{east}\n")
        await pilot.press("down")
        await pilot.pause()
        south = app.screen.selected  # type: ignore[attr-defined]
        assert provinces[south]["lat"] < provinces[east]["lat"]


async def test_d10_the_move_form_records_an_invasion_and_the_map_follows(
    macedon: CampaignStore,
) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        form = await order_form(app, pilot, "Thrace", "v")
        form.query_one("#army", Select).value = "Macedon 4"
        form.query_one("#move", Select).value = "invasion"
        form.query_one("#to", Select).value = "Hellespontine Phrygia"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form
        state = macedon.state()
        assert state.dba_map is not None
        assert state.dba_map.armies["Macedon 4"].province == "Hellespontine Phrygia"
        assert macedon.events()[-1].event.kind == "dba_moved"
        await pilot.pause()
        here = panel(app).split("Armies:")[1].split("Neighbours")[0]
        assert "Macedon 4" not in here and "Macedon 5" in here, "Thrace's list follows"


async def test_d10_a_refused_move_names_its_rule_in_the_form_and_nothing_is_written(
    macedon: CampaignStore,
) -> None:
    events = len(macedon.events())
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        form = await order_form(app, pilot, "Thrace", "v")
        form.query_one("#army", Select).value = "Macedon 4"
        form.query_one("#to", Select).value = "Hellespontine Phrygia"  # redeploy, the default
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form, "the form stays open"
        said = str(form.query_one("#form-error", Static).render())
        assert said.startswith("D10: Hellespontine Phrygia is held by Persia"), said
    assert len(macedon.events()) == events


async def test_d14_the_loyalty_form_wants_a_reason_then_records_the_change(
    macedon: CampaignStore,
) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        form = await order_form(app, pilot, "Thrace", "y")
        form.query_one("#by", Input).value = "-1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "D14" in str(form.query_one("#note-error", Static).render())
        form.query_one("#note", Input).value = "Thracian raid"
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = macedon.state()
        assert state.dba_map is not None
        assert state.dba_map.provinces["Thrace"].loyalty["Macedon"] == 3
        assert "Loyalty: Macedon 3" in panel(app)


async def test_d11_action_and_mobilisation_forms_record_their_events(
    macedon: CampaignStore,
) -> None:
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot, "Thrace")
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#army", Select).value = "Macedon 5"
        await pilot.press("ctrl+s")  # works, the default
        await pilot.pause()
        await open_map(app, pilot, "Hellas")
        await pilot.press("z")
        await pilot.pause()
        app.screen.query_one("#army", Input).value = "Hellenic levy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = macedon.state()
        assert state.dba_map is not None
        assert state.dba_map.armies["Macedon 5"].special is not None
        assert state.dba_map.armies["Hellenic levy"].province == "Hellas"
        assert "Held by Macedon · devastated" in panel(app)


async def test_the_panel_in_italian_names_sides_and_statuses_as_the_seeds_do(
    macedon: CampaignStore,
) -> None:
    from converters.i18n import set_language

    set_language("it")
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot)
        text = panel(app)
        # The side with its article (issue 25): "controllata dalla Macedonia".
        assert "Controllata dalla Macedonia · fedele" in text and "Fedeltà: Macedonia 6" in text
        assert "Confinanti: Tracia, Tessaglia" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_d9_the_map_in_italian_names_every_province_in_italian(
    macedon: CampaignStore, size: tuple[int, int]
) -> None:
    """Issue 25: the board's labels, the panel and the "/" search say "Tracia", "Frigia
    Ellespontica"; a name is found as typed in Italian, and the ledger keeps its key."""
    from converters.i18n import set_language
    from tests.unit.test_province_names import ITALIAN

    set_language("it")
    app = make_app(macedon, seed=SEED)
    async with app.run_test(size=size) as pilot:
        await open_map(app, pilot)
        drawn = board(app).plain
        # The two armies in Thrace (D1) on the board, under the province's Italian name.
        assert "Tracia L4 M4:3 M5:3" in drawn and "Thrace" not in drawn
        await pilot.press("slash")
        for key in "frigia ell":
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        assert app.screen.selected == "Hellespontine Phrygia"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        text = panel(app)
        assert text.startswith("Frigia Ellespontica\n"), text
        assert "Confinanti: Tracia, Lidia, Grande Frigia, Paflagonia" in text
        # Every province in the panel's list of armies and neighbours is named in Italian.
        for key, name in ITALIAN.items():
            if key != name:
                assert key not in text and key not in board(app).plain, key


def test_macedon_map_at_80x24(snap_compare: Any, cut_off: CampaignStore) -> None:
    """The board scrolls inside 50 columns, the panel on Lydia with the cut-off army."""

    async def select(pilot: Any) -> None:
        await open_map(pilot.app, pilot, "Lydia")

    app = make_app(cut_off, seed=SEED)
    assert snap_compare(app, terminal_size=(80, 24), run_before=select)


def test_macedon_map_at_120x40(snap_compare: Any, cut_off: CampaignStore) -> None:
    """The whole board at 120×40, every province labelled, Thessaly selected with its two
    armies, their supply line to Macedonia drawn in green."""

    async def select(pilot: Any) -> None:
        await open_map(pilot.app, pilot, "Thessaly")

    app = make_app(cut_off, seed=SEED)
    assert snap_compare(app, terminal_size=(120, 40), run_before=select)


# ---- the board's drawing, without the app ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "morale", "deadline", "short", "tag"),
    [
        ("Alexander", 6, None, False, "Alexander:6"),
        ("Alexander", 6, None, True, "Alex.:6"),
        ("Macedon 4", 3, 6, True, "M4:3†6"),
        ("Macedon 4", 3, 6, False, "Macedon 4:3†6"),
    ],
)
def test_d1_d13_an_army_on_the_board_names_its_morale_and_deadline(
    name: str, morale: int, deadline: int | None, short: bool, tag: str
) -> None:
    assert army_tag(name, morale, deadline, short=short) == tag


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(min_value=-5, max_value=140),
    height=st.integers(min_value=-5, max_value=50),
    selected=st.sampled_from(sorted(p.name for p in load_scenario("macedon").provinces)),
)
def test_d9_the_board_fills_exactly_its_size_with_every_marker(
    width: int, height: int, selected: str
) -> None:
    """Any canvas size (a terminal resized to nothing included): exactly ``height`` lines of
    ``width`` cells, and every one of the 21 provinces keeps its marker (labels never cover
    one)."""
    data = _MACEDON_SUMMARY
    board_data, labels, alerts, line = macedon_board(data, selected)
    drawn = render_map(board_data, width, height, selected, labels=labels, alerts=alerts, line=line)
    width, height = max(width, 4), max(height, 2)
    assert len(drawn) == height and all(row.cell_len == width for row in drawn)
    if width >= 60 and height >= 20:
        marks = sum(row.plain.count(m) for row in drawn for m in "◆●○×!")
        assert marks == len(data.provinces)


def _summary() -> DbaMapSummary:
    import tempfile

    from assistant.ledger.dba_map import summary

    with tempfile.TemporaryDirectory() as folder:
        store = CampaignStore.create(Path(folder) / "m.castra", load_scenario("macedon"))
        found = summary(store.state())
        store.close()
    return found


_MACEDON_SUMMARY = _summary()
