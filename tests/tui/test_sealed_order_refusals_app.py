"""Issue 22's bad input for a sealed order in the app (T7.3, T3.7): the Map's march and sail
forms refuse a voyage beyond 8 stretches, troops more than the fleet can carry and a second
order for one force inline, under the field, in one line naming the rule; nothing is written.
(Another nation's force and the wrong phase: ``test_campaign_turn.py``.)

At 80×24, the smallest terminal the app is made for, in both languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from assistant.ledger.events import MarchOrder, OrderGiven
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp
from converters.i18n import set_language

SMALL = (80, 24)


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


async def refused_in_form(
    app: CastraApp, store: CampaignStore, pilot: Any, key: str, fields: dict[str, str]
) -> str:
    """Open the Map's ``key`` form at Roma, fill ``fields``, record: the refusal it shows."""
    await pilot.press("m")
    await pilot.pause()
    app.screen.selected = "Roma"  # type: ignore[attr-defined]
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    form = app.screen
    for name, value in fields.items():
        widget = form.query_one(f"#{name}")
        if isinstance(widget, Select):
            widget.value = value
        else:
            form.query_one(f"#{name}", Input).value = value
    await pilot.pause()
    before = len(store.events())
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert len(store.events()) == before, "nothing is written"
    said = [str(line.render()).strip() for line in form.query(".field-error").results(Static)]
    return " | ".join(line for line in said if line)


@pytest.mark.parametrize(
    ("rule", "key", "fields", "field"),
    [
        pytest.param("T3.7", "f", {"fleet": "Rome fleet I", "to": "Sena"}, "to",
                     id="T3.7-beyond-8-stretches"),
        pytest.param("T7.3", "f", {"fleet": "Rome fleet I", "to": "Capua", "carry": "Rome I"},
                     "carry", id="T7.3-carrying-too-much"),
        pytest.param("T7.3", "v", {"army": "Rome I", "to": "Capua"}, "army",
                     id="T7.3-twice-for-one-force"),
    ],
)  # fmt: skip
async def test_a_bad_sealed_order_is_refused_under_its_field(
    app: CastraApp,
    store: CampaignStore,
    language: str,
    rule: str,
    key: str,
    fields: dict[str, str],
    field: str,
) -> None:
    if key == "v":  # Rome I's first order, so that the form's is its second
        store.append(OrderGiven(nation="Rome", order=MarchOrder(army="Rome I", to="Corfinium")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        said = await refused_in_form(app, store, pilot, key, fields)
        assert rule in said, said
        under = str(app.screen.query_one(f"#{field}-error", Static).render()).strip()
        assert rule in under and "\n" not in under, under
