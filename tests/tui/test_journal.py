"""The army journal: Macedon vs Persia morale (D1) and the D5 morale events, by keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from tests.tui.conftest import SEED, SIZE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def macedon_app(tmp_path: Path) -> Any:
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    yield make_app(store, seed=SEED)
    store.close()


def rows(screen: Any, table_id: str) -> list[list[str]]:
    table = screen.query_one(table_id, DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def open_journal(pilot: Any) -> Any:
    await pilot.press("j")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "JournalScreen"
    return pilot.app.screen


# The Tarentine Wars have no armies: the journal says so instead of showing empty tables.
async def test_tarentine_campaign_has_no_armies(app: Any) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_journal(pilot)
        assert "No armies" in str(screen.query_one("#journal-empty", Static).render())
        assert not screen.query_one("#journal-body").display


# D1: 8 armies a side, morale 3, the leader's 6.
async def test_D1_both_sides_armies_and_morale(macedon_app: Any) -> None:
    async with macedon_app.run_test(size=SIZE) as pilot:
        screen = await open_journal(pilot)
        for table_id in ("#armies-0", "#armies-1"):
            armies = rows(screen, table_id)
            assert len(armies) == 8
            leaders = [row for row in armies if row[0].startswith("★")]
            assert len(leaders) == 1 and leaders[0][1].endswith(" 6")
            assert all(row[1].endswith(" 3") for row in armies if not row[0].startswith("★"))


async def test_the_journal_follows_the_selected_army(macedon_app: Any) -> None:
    """``selected_army`` is reactive: the journal below shows whichever army it names, however
    it was chosen (the cursor, a refresh, a test)."""
    async with macedon_app.run_test(size=SIZE) as pilot:
        screen = await open_journal(pilot)
        other = str(screen.query_one("#armies-1", DataTable).get_row_at(1)[0]).lstrip("★ ")
        assert other != screen.selected_army
        screen.selected_army = other
        await pilot.pause()
        assert str(screen.query_one("#journal-history").border_title).startswith(
            f"Journal of {other} ("
        )
        assert {row[1] for row in rows(screen, "#journal-table")} == {other}


async def test_the_sides_read_as_the_seed_names_them_in_italian(macedon_app: Any) -> None:
    """Issue 14: the sides' panels and the journal's title say Macedonia and Persia; the
    armies are named as Italian says them ("Macedonia 2", D1, issue 25)."""
    from converters.i18n import set_language

    set_language("it")
    try:
        async with macedon_app.run_test(size=SIZE) as pilot:
            screen = await open_journal(pilot)
            sides = [
                str(screen.query_one(f"#journal-side-{index}").border_title) for index in (0, 1)
            ]
            screen.selected_army = "Macedon 2"
            await pilot.pause()
            title = str(screen.query_one("#journal-history").border_title)
    finally:
        set_language("en")
    assert sides == ["Macedonia", "Persia"]
    assert title.startswith("Diario di Macedonia 2 (Macedonia)")


# D5: a forced march costs 2 morale at once and goes into the army's journal; a tactical
# retreat is an ordinary defeat (−1). The second army of the first side starts at 3.
async def test_D5_forced_march_and_tactical_retreat_go_into_the_journal(
    macedon_app: Any, type_text: Any
) -> None:
    async with macedon_app.run_test(size=SIZE) as pilot:
        screen = await open_journal(pilot)
        await pilot.press("f5", "down")
        await pilot.pause()
        army = rows(screen, "#armies-0")[1][0]
        loyalty = screen.query_one("#journal-loyalty", Input)
        loyalty.focus()
        await type_text(pilot, "4")
        await pilot.press("f7")
        await pilot.pause()
        assert rows(screen, "#armies-0")[1][1].endswith(" 1")
        journal = rows(screen, "#journal-table")
        assert journal[-1][1:4] == [army, "3", "1"] and "D5" in journal[-1][4]
        screen.query_one("#armies-0").focus()
        await pilot.press("f8")
        await pilot.pause()
        assert rows(screen, "#armies-0")[1][1].endswith(" 0")
        assert rows(screen, "#journal-table")[-1][2:4] == ["1", "0"]


# D5: a forced march is forbidden at loyalty 2 or less: refused inline, nothing recorded.
async def test_D5_forced_march_refused_at_low_loyalty(macedon_app: Any, type_text: Any) -> None:
    """D5 under the house rule forced_march_bar = province_loyalty: the loyalty typed bars it
    (by default the army's morale does: tests/unit/test_ledger_campaign.py)."""
    from assistant.ledger.events import RuleChanged

    macedon_app.ledger.store.append(
        RuleChanged(name="forced_march_bar", value="province_loyalty", reason="the seed")
    )
    async with macedon_app.run_test(size=SIZE) as pilot:
        events = len(macedon_app.ledger.store.history())
        screen = await open_journal(pilot)
        await pilot.press("f7")
        await pilot.pause()
        assert "loyalty" in str(screen.query_one("#journal-error").render())
        screen.query_one("#journal-loyalty", Input).focus()
        await type_text(pilot, "2")
        await pilot.press("f7")
        await pilot.pause()
        assert "Nothing recorded" in str(screen.query_one("#journal-error").render())
        assert len(macedon_app.ledger.store.history()) == events


async def test_an_older_castras_journal_reads_in_italian(tmp_path: Path) -> None:
    """Issue 21: a campaign recorded before morale reasons were data (session 10's Castra,
    D2–D4 after a DBA battle) shows each journal line's reason in Italian at 80×24."""
    import shutil

    from converters.i18n import set_language

    data = Path(__file__).parents[1] / "unit" / "data" / "macedon-reasons-session10.castra"
    path = tmp_path / data.name
    shutil.copyfile(data, path)
    store = CampaignStore.open(path)
    set_language("it")
    try:
        async with make_app(store, seed=SEED).run_test(size=SIZE) as pilot:
            screen = await open_journal(pilot)
            screen.selected_army = "Persia 3"
            await pilot.pause()
            reasons = [row[4] for row in rows(screen, "#journal-table")]
    finally:
        set_language("en")
        store.close()
    assert reasons == [
        "D2 sconfitta schiacciante a Granicus; "
        "D3: uscito 2, non sopra il morale 3: l'esercito resta unito; D4 −2"
    ]
