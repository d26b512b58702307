"""The app in Italian (issue 14): the L key, the saved choice, and no English left on screen.

The scan reads what a screen draws (its SVG screenshot) and looks for words that only the
English side of the catalogue uses: a word in a msgid that no Italian translation contains
("undo", "melee", "treasury" …). A string someone forgot to mark shows up as such a word.
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.widgets import Input, Static

from assistant.settings import load_settings
from assistant.tui.app import NAVIGATION, make_app
from converters.i18n import _, current_language, in_every_language, set_language
from tests.english_words import english_only_words, words
from tests.tui.conftest import SEED, SIZE
from tests.tui.test_snapshots_battle import a_round_at_panormus, heraclea_on_the_desk

SCANNED = {
    "a": "ANNI BUI",
    "s": "Bellum",
    "j": "Journal",
    "c": "Campaign",
    "g": "Ghost",
    "b": "Battle desk",
    "d": "Dice battle",
    "m": "Map",
    "o": "Chronicle",
    "h": "History (the ledger's summaries)",
    "f1": "Help (lists every screen's keys)",
}
"""Screens whose every word is translated (key → screen); Help, a window over the screen, last."""

SAME_IN_BOTH = {"castra", "bellum", "anni", "bui", "tras"}
"""Words the English messages use that Italian uses too (names, the seed's abbreviations)."""


def _english_nation_words() -> set[str]:
    """The shipped nations' English names where the seeds say them otherwise ("Rome", not
    "Roma"): on an Italian screen they are a name left in English (issue 25), even though an
    Italian example of ``castra odds`` types "Rome=3" and so keeps "rome" out of the words
    only English uses."""
    from armylists.names import NATION_NAMES

    set_language("it")
    try:
        return {word for nation in NATION_NAMES for word in _words(nation) - _words(_(nation))}
    finally:
        set_language("en")


def _english_only_words() -> set[str]:
    return (english_only_words() | _english_nation_words()) - SAME_IN_BOTH


def _words(text: str) -> set[str]:
    return words(text)


def _screen_text(app: Any) -> str:
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", run)) for run in runs)
    # A flag ("--faction") is the same in every language: not a word the screen says.
    return re.sub(r"--[\w-]+", " ", text.replace("\xa0", " "))


def _data_words(store: Any) -> set[str]:
    """Words of data shown on purpose: the ANNI BUI roster's column of English unit names, the
    names of those who recorded the events ("Referee", as they typed it) and their notes. The
    ghost's sample order of battle is not among them: it reads in Italian ("I Corpo (buono): 1ª
    Divisione", issue 25), nor are the shipped scenarios' titles: they read as the seeds word
    them."""
    from armylists.annibui import buildings, unit_types

    names = [unit.english for unit in unit_types()] + [work.english for work in buildings()]
    names += [entry.who for entry in store.history()]
    # What the referee typed with each event ("Pyrrhus' elephants") is shown as typed.
    names += [entry.note for entry in store.history()]
    return _words(" ".join(names))


def _army_list_words() -> set[str]:
    """The words of the army lists the desk names for the shipped nations (data, as published)."""
    import armylists

    names = []
    for nation in armylists.nations():
        for ruleset in ("fog", "dbm", "dbmm", "dba"):
            try:
                ref = armylists.army_list(nation, ruleset)
            except Exception:  # a nation without a list for that ruleset
                continue
            names += [str(ref.list), str(getattr(ref, "book", "") or "")]
    return _words(" ".join(names))


FORMS = {
    ("c", "n"): "Advance-turn form",
    ("c", "r"): "Rebuild form",
    ("c", "t"): "Recruit form",
    ("c", "u"): "Undo form",
    ("m", "v"): "March form",
    ("m", "f"): "Sail form",
    ("m", "i"): "Siege form",
    ("m", "k"): "Sack form",
}
"""The forms scanned too (keys from the screen that opens them; escape closes each)."""


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_every_scanned_screen_shows_only_italian(store: Any, size: tuple[int, int]) -> None:
    """Issue 25 "done means": every screen and form, at both sizes, with a battle and a turn
    recorded (the Campaign's events, the History, the Chronicle have something to say), shows
    no word only English uses outside the names, keys and data whitelisted above."""
    from tests.tui.conftest import settle
    from tests.tui.test_snapshots_shell import a_battle_and_a_turn

    a_battle_and_a_turn(store)
    english_only = _english_only_words() - _data_words(store)
    set_language("it")
    app = make_app(store, seed=SEED)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=size) as pilot:
        for key, screen in SCANNED.items():
            await pilot.press(key)
            await settle(pilot)
            left = _words(_screen_text(app)) & english_only
            if left:
                found[screen] = sorted(left)
            if key == "f1":
                await pilot.press("escape")
                await settle(pilot)
        for (screen_key, form_key), form in FORMS.items():
            await pilot.press(screen_key)
            await settle(pilot)
            await pilot.press(form_key)
            await settle(pilot)
            left = _words(_screen_text(app)) & english_only
            if left:
                found[form] = sorted(left)
            await pilot.press("escape")
            await settle(pilot)
    assert not found, f"at {size}, English words on screen: {found}"


MACEDON_NAMES = {"macedon", "alexander", "darius"}
"""Macedon vs Persia's side and its leaders' armies under their stored English names (the
Italian screens say Macedonia, Alessandro, Dario; D1, issue 25)."""


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_macedon_campaign_s_screens_name_its_armies_in_italian(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    """The Campaign, Map, Journal and battle desk of Macedon vs Persia, at both sizes: no word
    only English uses, and no army or side under its English name ("Macedon 2" → "Macedonia
    2", "Alexander" → "Alessandro")."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.store import CampaignStore
    from tests.tui.conftest import settle

    english_only = _english_only_words() | MACEDON_NAMES
    with CampaignStore.create(tmp_path / "campagna.castra", load_scenario("macedon")) as store:
        english_only -= _data_words(store)
        set_language("it")
        app = make_app(store, seed=SEED)
        found: dict[str, list[str]] = {}
        async with app.run_test(size=size) as pilot:
            for key in ("c", "m", "j", "b"):
                await pilot.press(key)
                await settle(pilot)
                shown = _screen_text(app)
                left = _words(shown) & english_only
                if left:
                    found[key] = sorted(left)
                if key == "c":
                    assert "Alessandro" in shown and "Macedonia 2" in shown, shown
    assert not found, f"at {size}, English on screen: {found}"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_the_macedon_maps_order_forms_show_only_italian(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    """The Map's D10–D14 forms (move, action, mobilisation, loyalty) opened on Thrace, at both
    sizes: no word only English uses, no province or army under its English name (issue 25:
    "Tracia", "Frigia Ellespontica", "Macedonia 4")."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.store import CampaignStore
    from converters.province_names import SHIPPED_PROVINCES
    from tests.tui.conftest import settle

    english_provinces = {
        word
        for name in SHIPPED_PROVINCES
        for word in _words(name) - _words(" ".join(in_every_language(name)[1:]))
    }
    english_only = _english_only_words() | MACEDON_NAMES | english_provinces
    with CampaignStore.create(tmp_path / "campagna.castra", load_scenario("macedon")) as store:
        set_language("it")
        app = make_app(store, seed=SEED)
        found: dict[str, list[str]] = {}
        async with app.run_test(size=size) as pilot:
            await pilot.press("m")
            await settle(pilot)
            app.screen.selected = "Thrace"  # type: ignore[attr-defined]
            await settle(pilot)
            for key in ("v", "a", "z", "y"):
                await pilot.press(key)
                await settle(pilot)
                shown = _screen_text(app)
                assert "Tracia" in shown, key
                # The board behind the form labels Macedonia "Macedon." (cut, as "Corfini.").
                left = _words(shown.replace("Macedon.", " ")) & english_only
                if left:
                    found[key] = sorted(left)
                await pilot.press("escape")
                await settle(pilot)
    assert english_provinces >= {"thrace", "hellespontine", "egypt"}
    assert not found, f"at {size}, English on screen: {found}"


async def test_the_campaign_heading_names_the_scenario_as_seed_000_does(store: Any) -> None:
    """Issue 14: the title the ledger keeps in English reads "Le Guerre Tarantine" in Italian,
    in the heading and in the creation event among the recent events."""
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        shown = _screen_text(app)
    assert "Le Guerre Tarantine, 278–273 a.C. — Turno 1" in shown
    assert "campagna creata: Le Guerre Tarantine" in shown
    assert "Tarentine Wars" not in shown
    assert store.state().scenario.title == "The Tarentine Wars, 278–273 BC"


async def test_l_switches_language_at_once_and_keeps_the_choice(store: Any) -> None:
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert "Army cost (A1)" in _screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        shown = _screen_text(app)
        assert current_language() == "it"
        assert "Costo dell'armata (A1)" in shown
        assert "Army cost (A1)" not in shown
        assert load_settings()["language"] == "it"
        await pilot.press("s")  # another screen, built after the switch, is Italian too
        await pilot.pause()
        assert "Classifica di Bellum" in _screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert "Bellum standings" in _screen_text(app)
        assert load_settings()["language"] == "en"


@pytest.mark.parametrize(
    "use",
    [
        pytest.param(
            heraclea_on_the_desk, marks=pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
        ),
        pytest.param(
            a_round_at_panormus, marks=pytest.mark.armies_at("Panormus", "Rome", "Carthage")
        ),
    ],
    ids=["desk", "dice-battle"],
)
async def test_the_desk_and_the_dice_battle_in_use_show_only_italian(
    store: Any, use: Callable[[Any], Awaitable[None]]
) -> None:
    """Beyond the empty forms: the desk's budgets, advice, preview and prestige after Heraclea,
    and the dice battle's sides, odds and round log after a round, all in Italian."""
    english_only = _english_only_words() - _data_words(store)
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await use(pilot)
        # What the player typed is data, shown as typed ("Carthage 4" in the set-up), and so are
        # the army lists' names and books ("Mid-Republican Roman (Rise of Rome)").
        typed = " ".join(field.value for field in app.screen.query(Input))
        left = _words(_screen_text(app)) & english_only - _words(typed) - _army_list_words()
        assert not left, f"{use.__name__} shows English words: {sorted(left)}"


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
async def test_the_desk_refuses_a_record_in_italian(store: Any) -> None:
    """ctrl+r with no place: the refusal under the Record line is Italian, and so is the one
    for a count the rules refuse (broken BGs beyond those fielded, T2.1)."""
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await heraclea_on_the_desk(pilot)
        app.screen.query_one("#place", Input).value = ""
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        refusal = str(app.screen.query_one("#record-error", Static).render())
        assert refusal.startswith("luogo: scrivi dove si è combattuta la battaglia")
        app.screen.query_one("#b1-broken", Input).value = "11"
        await pilot.pause()
        card = str(app.screen.query_one("#b1-error", Static).render())
        assert card == "rotti/framm.: insieme al massimo GB (10), ricevuto 11 + 2", card


# -- snapshots in Italian (issue 14): Campaign, Battle desk, Dice battle, Ghost --


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_campaign_screen_in_italian(snap_compare: Any, store: Any, size: tuple[int, int]) -> None:
    """Heraclea and the turn's tribute, in Italian: "aprile 278 a.C.", PM, PE, PP"""
    from tests.tui.test_snapshots_shell import a_battle_and_a_turn

    a_battle_and_a_turn(store)
    set_language("it")
    assert snap_compare(make_app(store, seed=SEED), terminal_size=size)


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize("key", [key for key, _mode, _title in NAVIGATION] + ["m", "o", "f1"])
def test_each_screen_in_italian_at_80x24(snap_compare: Any, store: Any, key: str) -> None:
    """Issue 25 (review §4.2): every screen, Help included, in Italian at 80×24, the table's
    terminal: look at each picture for a cut label or an English word."""
    from tests.tui.conftest import settle
    from tests.tui.test_snapshots_shell import a_battle_and_a_turn

    a_battle_and_a_turn(store)
    set_language("it")

    async def open_and_settle(pilot: Any) -> None:
        await pilot.press(key)
        await settle(pilot)

    assert snap_compare(
        make_app(store, seed=SEED), terminal_size=(80, 24), run_before=open_and_settle
    )


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_ghost_screen_in_italian(snap_compare: Any, store: Any, size: tuple[int, int]) -> None:
    """The opening order in Italian: its banner, reason, dice and what it allows (G3.1, G3.5)."""
    set_language("it")
    assert snap_compare(make_app(store, seed=SEED), terminal_size=size, press=["g", "f6"])


@pytest.mark.armies_at("Heraclea", "Rome", "Pyrrhus")
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_battle_desk_in_italian(snap_compare: Any, store: Any, size: tuple[int, int]) -> None:
    """Heraclea on the desk in Italian: PM, budgets in punti, the advice (T1.8), GB and punti
    attrito, the preview's working (T2.1) and the prestige (T4.1)."""
    set_language("it")
    app = make_app(store, seed=SEED)
    assert snap_compare(app, terminal_size=size, run_before=heraclea_on_the_desk)


@pytest.mark.armies_at("Panormus", "Rome", "Carthage")
def test_dice_battle_in_italian_at_80x24(snap_compare: Any, store: Any) -> None:
    """A round at Panormus in Italian at 80×24: the set-up whole, sides, odds, round log."""
    set_language("it")
    app = make_app(store, seed=SEED)
    assert snap_compare(app, terminal_size=(80, 24), run_before=a_round_at_panormus)


async def test_the_dice_battle_takes_the_nations_italian_names(store: Any) -> None:
    """An Italian player types "Roma 5; Cartagine 4" as the seed writes them: the battle starts
    and its contingents are the campaign's own nations (the ledger's keys, Rome and Carthage)."""
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#dice-side-a", Input).value = "Roma 5"
        app.screen.query_one("#dice-side-b", Input).value = "Cartagine 4"
        await pilot.pause()
        app.screen.query_one("#dice-rounds").focus()
        await pilot.press("f5")
        await pilot.pause()
        battle = app.screen.battle  # type: ignore[attr-defined]
        assert battle is not None
        assert [c.nation for c in battle.setup.a.contingents] == ["Rome"]
        assert [c.nation for c in battle.setup.b.contingents] == ["Carthage"]
