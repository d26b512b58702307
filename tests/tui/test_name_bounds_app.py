"""The app meets the ledger's bounds on names and notes inline, as the command line does
(issue 28): a refusal under the field, in the field's own label, nothing written."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Static

from assistant.tui.screens.campaign_forms import AdvanceTurnForm
from converters.bounds import NAME_MOST, TEXT_MOST

SIZE = (80, 24)


@pytest.mark.parametrize(
    ("field", "typed", "shown"),
    [
        ("who", "W" * (NAME_MOST + 1), f"at most {NAME_MOST} characters (got {NAME_MOST + 1})"),
        ("note", "N" * 5000, f"at most {TEXT_MOST} characters (got 5000)"),
    ],
    ids=["who", "note"],
)
async def test_a_name_or_note_past_its_bound_is_refused_under_its_field(
    app: Any, field: str, typed: str, shown: str
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        events = len(app.ledger.store.events())
        await pilot.press("n")
        assert isinstance(app.screen, AdvanceTurnForm)
        app.screen.query_one(f"#{field}", Input).value = typed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, AdvanceTurnForm), "the form stays open"
        error = str(app.screen.query_one(f"#{field}-error", Static).content)
        assert shown in error and "\n" not in error
        assert len(app.ledger.store.events()) == events, "nothing written"
