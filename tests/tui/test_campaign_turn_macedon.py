"""Macedon vs Persia's turn in the app (issue 22, item 4): whose initiative it is and who is
still to move (D6), the `D` key that says a side is done (D6 phase 2), the invasions into enemy
armies listed with D8's pairing and marked on the Map, the battle desk opened from one with
the game to play now, and the end of the turn refused inline while one is unfought (D6).

Each test runs at 80×24 and 120×40, in English and Italian; what the screen says is checked
against the ledger's own answers (``campaign meetings``' pairing, ``campaign done``'s event).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Select, Static

from armylists.names import nation_name
from armylists.scenarios import load_scenario
from assistant.ledger.events import DbaMoved, SideDone
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app
from converters.i18n import set_language
from converters.province_names import province_name
from converters.said import shown
from tests.tui.conftest import SEED

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
"""The smallest terminal the app is made for, and the usual one."""

INVASION = DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia")
"""Macedon 4 (Thrace) into Hellespontine Phrygia, where Persia 2 and Persia 3 stand (D10)."""


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.fixture
def macedon(tmp_path: Path) -> Iterator[CampaignStore]:
    store = CampaignStore.create(tmp_path / "macedon.castra", load_scenario("macedon"))
    yield store
    store.close()


def app_on(store: CampaignStore) -> CastraApp:
    return make_app(store, seed=SEED)


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def offered(app: Any, key: str) -> bool:
    return bool(app.screen.active_bindings.get(key))


def meeting_rows(app: Any) -> list[list[str]]:
    table = app.screen.query_one("#meetings", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def unwrapped(cell: str) -> str:
    """A cell the panel breaks after each comma, as one line again."""
    return cell.replace(",\n", ", ")


# ---- who moves (D6) ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_d6_the_campaign_screen_says_the_initiative_and_who_moves_then_d_says_done(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """D6 phase 2: Macedon (the initiative) moves first, then Persia, as the phase says
    (``campaign show``'s words); `D` records ``campaign done``'s event for the side moving now,
    and once both are done the key goes."""
    from assistant.ledger.phases import phase_summary

    macedon_word, persia_word = nation_name("Macedon"), nation_name("Persia")
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()

        def status() -> str:
            return " ".join(text_of(app, "#campaign-status").split())

        def left() -> list[str]:
            phase = phase_summary(macedon.state())
            assert phase is not None
            # What is left, as the ledger says it (issue 21 item 4), in the reader's language.
            _heading, *items = phase.lines()
            return [" ".join(item.split()) for item in items]

        (moves,) = left()
        assert moves in status(), "who moves, as campaign show says it"
        assert moves.index(macedon_word) < moves.index(persia_word), "the initiative side first"
        assert "D6" in moves and offered(app, "D")
        await pilot.press("D")
        await pilot.pause()
        (first,) = [s.event for s in macedon.events() if isinstance(s.event, SideDone)]
        assert first.side == "Macedon"
        entry = macedon.history()[-1]
        assert text_of(app, "#turn-said") == shown(entry.said, entry.summary)
        (moves,) = left()
        assert moves in status() and persia_word in moves and macedon_word in moves, moves
        await pilot.press("D")
        await pilot.pause()
        sides = [s.event.side for s in macedon.events() if isinstance(s.event, SideDone)]
        assert sides == ["Macedon", "Persia"]
        assert macedon.state().phase.value == "battles"
        assert left() == [], "both sides have moved: the battles follow"
        assert not offered(app, "D"), "both sides are done: nothing left to say"


@pytest.mark.parametrize("size", SIZES)
async def test_d6_a_side_out_of_its_turn_is_refused_inline_and_nothing_is_written(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """Refusal (D6): Persia at the keyboard says it is done while Macedon, the initiative,
    still moves: the ledger's one line naming the rule, under the turn, nothing written."""
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.ledger.enter_as("Persia")
        await pilot.pause()
        before = len(macedon.events())
        await pilot.press("D")
        await pilot.pause()
        said = app.screen.query_one("#turn-said", Static)
        words = str(said.render())
        assert "D6" in words and nation_name("Macedon") in words and "\n" not in words.strip()
        assert said.has_class("error")
        assert len(macedon.events()) == before


async def test_d6_the_done_key_is_macedons_only(app: CastraApp) -> None:
    """The Tarentine turn has no sides moving in turn (T5.2): no `D` there."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not offered(app, "D")


@pytest.mark.parametrize("size", SIZES)
async def test_t5_5_a_macedon_campaign_offers_no_winter_turn(
    macedon: CampaignStore, app: CastraApp, language: str, size: tuple[int, int]
) -> None:
    """T5.5's winter turn is the Tarentine year's; D6's turns have none, so Macedon's Campaign
    screen neither shows `w` nor opens the winter form on it, while the Tarentine screen does."""
    macedonian = app_on(macedon)
    async with macedonian.run_test(size=size) as pilot:
        await pilot.pause()
        assert not offered(macedonian, "w")
        await pilot.press("w")
        await pilot.pause()
        assert type(macedonian.screen).__name__ != "WinterTurnForm"
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert offered(app, "w"), "the Tarentine campaign keeps its winter turn"


# ---- the invasions (D8, D10) and the Map's marks -----------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_d8_an_invasion_is_listed_with_its_pairing_and_marked_on_the_map(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    from assistant.ledger.orders import meetings_summary
    from assistant.ledger.sealed_view import pairing_words
    from assistant.tui.widgets.map_canvas import MEETING_MARK

    macedon.append(INVASION)
    (meeting,) = meetings_summary(macedon.state())
    pairing = meeting.pairing
    assert pairing is not None
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        ((number, where, game, armies),) = meeting_rows(app)
        # The province in the reader's language (issue 25): "Frigia Ellespontica".
        assert (number, where) == ("1", province_name("Hellespontine Phrygia"))
        assert unwrapped(game) == pairing_words(pairing.pairs[0], pairing.queue), (
            "the pairing campaign meetings offers: Macedon 4 against Persia 2, then Persia 3"
        )
        from converters.force_names import shown_army

        for army in ("Macedon 4", "Persia 2", "Persia 3"):
            assert shown_army(army) in armies, "each army as the reader names it (D1)"
        assert offered(app, "f") and not offered(app, "y") and not offered(app, "i"), (
            "an invasion is fought (D10): no seek or avoid, and no T3 dice battle (D2)"
        )
        await pilot.press("m")
        await pilot.pause()
        board = str(app.screen.query_one("#map-canvas", Static).render())
        assert board.count(MEETING_MARK) == 1, board
        app.screen.selected = "Hellespontine Phrygia"  # type: ignore[attr-defined]
        await pilot.pause()
        panel = str(app.screen.query_one("#map-panel", Static).render())
        assert ("Meeting 1" if language == "en" else "Incontro 1") in panel
        assert "D8" in panel


@pytest.mark.parametrize("size", SIZES)
async def test_d8_f_opens_the_desk_with_each_game_of_the_meeting_in_turn(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """D8: `f` opens the battle desk on the meeting's province with the game to play now;
    recorded, the winner fights the next army, and `f` opens that game."""
    from assistant.ledger.record import dba_campaign_battle
    from converters.dice import ScriptedDice

    macedon.append(INVASION)
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        desk = app.screen
        assert type(desk).__name__ == "BattleDeskScreen"
        assert desk.query_one("#place", Input).value == province_name("Hellespontine Phrygia")
        assert desk.query_one("#army-a", Select).value == "Macedon 4"
        assert desk.query_one("#army-b", Select).value == "Persia 2"
        game = dba_campaign_battle(
            macedon.state(),
            place="Hellespontine Phrygia",
            army_a="Macedon 4",
            army_b="Persia 2",
            winner="a",
            lost_a=0,
            lost_b=3,
            dice=ScriptedDice([6]),
        )
        app.ledger.record(game)
        await pilot.press("c")
        await pilot.pause()
        assert not macedon.state().meetings[0].settled, "the winner fights the next army"
        await pilot.press("f")
        await pilot.pause()
        assert app.screen.query_one("#army-a", Select).value == "Macedon 4"
        assert app.screen.query_one("#army-b", Select).value == "Persia 3"


@pytest.mark.parametrize("size", SIZES)
async def test_d6_the_turn_cannot_end_while_an_invasion_is_unfought_inline(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """Refusal (D6 Reading): `n` on the Campaign screen says, in the form, that the turn
    cannot end while the invaders and the defenders stand together; nothing is written."""
    macedon.append(INVASION)
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        before = len(macedon.events())
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        said = " ".join(str(line.render()) for line in form.query(".field-error").results(Static))
        # The rule's number as the ledger cites it (its words in Italian are issue 25's).
        assert "(D6 " in said and province_name("Hellespontine Phrygia") in said, said
        assert "turn:" not in said, "the field is named as the form names the turn"
        assert len(macedon.events()) == before


@pytest.mark.parametrize("size", SIZES)
async def test_d8_b_on_the_maps_marked_province_opens_the_same_desk(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """The Map's `b` on an invasion's province is the Campaign screen's `f`; `d` (the T3 dice
    battle) is not offered on Macedon's map (D2), and `b` elsewhere says nobody meets."""
    macedon.append(INVASION)
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        active = app.screen.active_bindings
        assert active["b"].binding.action == "battle('desk')"
        assert active["d"].binding.action != "battle('dice')", "d stays the Dice battle screen"
        app.screen.selected = "Thrace"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert type(app.screen).__name__ == "MapScreen", "no invasion at Thrace"
        app.screen.selected = "Hellespontine Phrygia"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        desk = app.screen
        assert type(desk).__name__ == "BattleDeskScreen"
        assert desk.query_one("#place", Input).value == province_name("Hellespontine Phrygia")
        assert desk.query_one("#army-a", Select).value == "Macedon 4"
        assert desk.query_one("#army-b", Select).value == "Persia 2"


# ---- equal numbers: the attacker picks (D8) ----------------------------------------------------


def equal_numbers(store: CampaignStore) -> None:
    """Macedon 4 and Macedon 5 (Thrace) both invade Hellespontine Phrygia, where Persia 2 and
    Persia 3 stand: two armies a side (D8). Macedon's loyalty there was raised the turn before,
    so the province feeds both (D7)."""
    from assistant.ledger.events import LoyaltyChanged, TurnAdvanced

    store.append(SideDone(side="Macedon"))
    store.append(SideDone(side="Persia"))
    store.append(
        LoyaltyChanged(
            province="Hellespontine Phrygia", side="Macedon", by=4, note="the satrap wavers"
        )
    )
    store.append(TurnAdvanced())
    store.append(INVASION)
    store.append(DbaMoved(army="Macedon 5", move="invasion", to="Hellespontine Phrygia"))


def pick_fields(app: Any) -> list[Select[str]]:
    return [field for field in app.screen.query(Select) if (field.id or "").startswith("army-")]


@pytest.mark.parametrize("size", SIZES)
async def test_d8_equal_numbers_f_asks_the_attackers_pick_and_opens_its_first_game(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """D8: two armies a side: `f` asks each attacking army's opponent (the choice ``castra
    campaign pairing --pick`` takes), by keyboard; the desk opens with the first picked game;
    nothing is written."""
    from assistant.ledger.dba_map import pairing
    from converters.force_names import shown_army

    equal_numbers(macedon)
    before = len(macedon.events())
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        assert type(form).__name__ == "PairingForm"
        labels = " ".join(str(label.render()) for label in form.query(".field-label"))
        assert shown_army("Macedon 4") in labels and shown_army("Macedon 5") in labels
        first, second = pick_fields(app)
        assert first.region.bottom <= size[1] and second.region.bottom <= size[1], (
            "both picks in sight"
        )
        # Macedon 4 against Persia 3, by keys: the first field has the focus.
        assert first.has_focus
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert first.value == "Persia 3"
        second.value = "Persia 2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        desk = app.screen
        assert type(desk).__name__ == "BattleDeskScreen"
        picked = pairing(
            macedon.state(),
            "Hellespontine Phrygia",
            {"Macedon 4": "Persia 3", "Macedon 5": "Persia 2"},
        )
        assert (
            desk.query_one("#army-a", Select).value,
            desk.query_one("#army-b", Select).value,
        ) == picked.pairs[0]
        # The place as the reader names it (issue 25, D9): "Frigia Ellespontica" in Italian.
        assert desk.query_one("#place", Input).value == province_name("Hellespontine Phrygia")
    assert len(macedon.events()) == before


@pytest.mark.parametrize("size", SIZES)
async def test_d8_the_same_enemy_twice_is_refused_inline_as_the_cli_refuses_it(
    macedon: CampaignStore, language: str, size: tuple[int, int]
) -> None:
    """Refusal (D8): both attackers on one enemy is refused under the form in the ledger's
    words (``campaign pairing --pick``'s); the form stays open, nothing is written; Escape
    closes it."""
    from assistant.ledger.dba_map import pairing
    from assistant.ledger.errors import LedgerError

    equal_numbers(macedon)
    before = len(macedon.events())
    try:
        pairing(
            macedon.state(),
            "Hellespontine Phrygia",
            {"Macedon 4": "Persia 2", "Macedon 5": "Persia 2"},
        )
    except LedgerError as error:
        refusal = str(error)
    app = app_on(macedon)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        app.screen.selected = "Hellespontine Phrygia"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert type(app.screen).__name__ == "PairingForm", "the Map's b asks the same pick"
        for field in pick_fields(app):
            field.value = "Persia 2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        assert type(form).__name__ == "PairingForm"
        said = str(form.query_one("#form-error", Static).render())
        assert said == refusal, said
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "MapScreen"
    assert len(macedon.events()) == before
