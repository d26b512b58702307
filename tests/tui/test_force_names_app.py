"""The app says generated army and fleet names in the reader's language (T7.2, issue 25):
"Roma I" and "Flotta di Roma I" on the Map screen in Italian, never "Rome I"; a name a referee
typed ("Legio Prima") as typed; the forms offer the names the same way and record the stored
name."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from textual.widgets import Select, Static

from assistant.ledger.events import ForceRenamed
from assistant.ledger.store import CampaignStore
from assistant.tui.app import make_app
from converters.i18n import set_language
from tests.tui.conftest import SEED, SIZE

pytestmark = pytest.mark.orders_immediate


def _screen_text(app: Any) -> str:
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", run)) for run in runs).replace("\xa0", " ")


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
async def test_the_map_in_italian_says_roma_i_never_rome_i(
    store: CampaignStore, size: tuple[int, int]
) -> None:
    store.append(ForceRenamed(force="Rome fleet I", name="Legio Prima", who="referee"))
    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")
        await pilot.pause()
        panel = str(app.screen.query_one("#map-panel", Static).render())
        assert "Roma I 4⚔" in panel and "Legio Prima 2⚓" in panel
        shown = _screen_text(app)
        assert "Roma I" in shown and "Rome I" not in shown and "Rome fleet" not in shown


async def test_the_march_form_offers_roma_i_and_records_rome_i(store: CampaignStore) -> None:
    from tests.tui.test_battle_desk import offered_choices

    set_language("it")
    app = make_app(store, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        form = app.screen
        assert await offered_choices(pilot, "#army") == ["scegli un esercito", "Roma I (4 PM)"]
        form.query_one("#army", Select).value = "Rome I"
        form.query_one("#to", Select).value = "Capua"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert store.state().forces["Rome I"].province == "Capua"
