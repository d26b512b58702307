"""A player's small gaps (issue 24, item 4), each at 80×24 in English and Italian: under house
rule ``orders = immediate`` a player's session offers no key the ledger would refuse it (the
Map's march and sail, recruiting, withdrawing, "no orders": T7.3), neither in the footer nor
in F1; a player's Help names where the house rules' numbers are but not how to change them (the
referee's); the Chronicle's F3 Packet is in the footer beside the turn keys, each with its
word."""

from __future__ import annotations

from pathlib import Path

import pytest

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app
from assistant.tui.screens.help import key_sections
from assistant.tui.widgets.footer import CastraFooter
from converters.i18n import _
from tests.battle_places import ONE_AT_A_TIME
from tests.tui.conftest import SEED, settle
from tests.tui.player_campaign import seat_app, served_campaign

SIZE = (80, 24)

PLAYER_ORDER_KEYS = {"campaign": {"t", "x", "N"}, "map": {"v", "f"}}
"""A player's keys of the sealed orders (T7.3), by screen: recruit, withdraw, no orders; march,
sail."""


@pytest.fixture
def immediate(tmp_path: Path) -> Path:
    """A Tarentine campaign whose moves are carried out as they are recorded (T7.3 house rule)."""
    file = tmp_path / "immediate.castra"
    CampaignStore.create(file, load_scenario("tarentine"), rules=ONE_AT_A_TIME).close()
    return file


def offered(app: CastraApp) -> set[str]:
    return {key for key, binding in app.screen.active_bindings.items() if binding.enabled}


def helped(app: CastraApp, title: str) -> set[str]:
    return {keys for section, rows in key_sections(app) if section == _(title) for keys, _s in rows}


async def test_t7_3_under_orders_immediate_a_player_is_offered_no_order_key(
    immediate: Path, language: str
) -> None:
    app, store = seat_app(immediate)
    with store:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert not offered(app) & PLAYER_ORDER_KEYS["campaign"], offered(app)
            assert not helped(app, "Campaign") & PLAYER_ORDER_KEYS["campaign"]
            assert not helped(app, "Map") & PLAYER_ORDER_KEYS["map"]
            await pilot.press("m")
            await settle(pilot)
            app.screen.selected = "Roma"  # type: ignore[attr-defined]
            await settle(pilot)
            assert not offered(app) & PLAYER_ORDER_KEYS["map"], offered(app)
            before = store.state().last_event_id
            for key in ("v", "f"):
                await pilot.press(key)
                await settle(pilot)
                assert len(app.screen_stack) == 1, f"{key}: no form opened"
            assert store.state().last_event_id == before
    with CampaignStore.open(immediate) as referee_store:
        referee = make_app(referee_store, seed=SEED)
        async with referee.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert helped(referee, "Map") >= PLAYER_ORDER_KEYS["map"], "the referee's keys stay"


async def test_t7_3_under_sealed_orders_a_player_keeps_its_order_keys(
    tmp_path: Path, language: str
) -> None:
    app, store = seat_app(served_campaign(tmp_path))
    with store:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert helped(app, "Map") >= PLAYER_ORDER_KEYS["map"]
            assert "t" in offered(app) and "N" in offered(app)


def house_rules_text(app: CastraApp) -> str:
    from textual.widgets import Static

    return "\n".join(
        str(widget.render()) for widget in app.screen.query(".help-keys").results(Static)
    )


async def test_t7_3_a_players_help_shows_no_hint_to_change_a_rule(
    tmp_path: Path, language: str
) -> None:
    path = served_campaign(tmp_path)
    change = "castra campaign rule NAME" if language == "en" else "castra campaign rule NOME"
    app, store = seat_app(path)
    with store:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("f1")
            await settle(pilot)
            text = house_rules_text(app)
            assert "castra campaign rules" in text, "where the numbers are is said"
            assert change not in text
    with CampaignStore.open(path) as referee_store:
        referee = make_app(referee_store, seed=SEED)
        async with referee.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("f1")
            await settle(pilot)
            assert change in house_rules_text(referee), "the referee is told how"


async def test_t7_3_the_chronicles_packet_key_is_in_the_footer_with_the_turn_keys(
    tmp_path: Path, language: str
) -> None:
    with CampaignStore.open(served_campaign(tmp_path)) as store:
        app = make_app(store, seed=SEED)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("o")
            await settle(pilot)
            footer = app.screen.query_one(CastraFooter)
            drawn = footer.render().plain
            shown, _separator = footer.fitted()
            words = {key: entry.description for entry in shown for key, _s, _e in entry.keys}
            for key in ("f4", "f5", "f6", "f7", "f3"):
                assert words.get(key), f"{key} with its word at 80 columns: {drawn!r}"
                assert f"{key} {words[key]}" in drawn, drawn


async def test_t7_3_a_players_session_signs_with_its_nation_as_the_player_reads_it(
    tmp_path: Path, language: str
) -> None:
    """A player's "no orders" is signed by its nation in the player's language ("Roma" in an
    Italian seat), so the History's "Who" column shows the player's own word, not the file's
    English key; what the file keeps as the nation stays the key."""
    from armylists.names import nation_name
    from assistant.ledger.events import NoOrders

    app, store = seat_app(served_campaign(tmp_path))
    with store:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("N")
            await settle(pilot)
        (said,) = [s.event for s in store.events() if isinstance(s.event, NoOrders)]
    assert said.nation == "Rome"
    assert said.who == nation_name("Rome") == ("Roma" if language == "it" else "Rome")
