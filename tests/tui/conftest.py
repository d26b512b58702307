"""Fixtures for the app's Pilot and snapshot tests: a fresh campaign, a seeded app, a still clock.

Every test gets its own Tarentine Wars campaign in ``tmp_path`` and an app built the way the
command line builds it (``make_app``) with a fixed seed. The ledger's clock is frozen and the
Input cursor does not blink, so snapshots show the same thing on every run; ``CASTRA_HOME``
points into ``tmp_path`` so no test can touch a real campaign.

``async def test_…`` functions run on a fresh event loop (pytest-asyncio in auto mode, set in
pyproject.toml), so a Pilot test reads ``async with app.run_test(size=SIZE) as pilot: …``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from armylists.scenarios import load_scenario
from assistant.ledger.store import CampaignStore
from assistant.tui.app import CastraApp, make_app

SEED = 2024
"""The seed of every test app: the same rolls on every run."""
FROZEN_NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
"""What the ledger believes the time is while a test runs (shown in the History)."""
SIZE = (120, 40)
"""The terminal every Pilot and snapshot test uses."""


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text field is built with ``cursor_blink = False``: the cursor stays drawn, so a
    snapshot never catches it mid-blink."""
    build = Input.__init__

    def build_steady(self: Input, *args: Any, **kwargs: Any) -> None:
        build(self, *args, **kwargs)
        self.cursor_blink = False

    monkeypatch.setattr(Input, "__init__", build_steady)


@pytest.fixture(autouse=True)
def still_world(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Frozen ledger clock and a private CASTRA_HOME."""
    monkeypatch.setattr("assistant.ledger.store._now", lambda: FROZEN_NOW)
    monkeypatch.setenv("CASTRA_HOME", str(tmp_path / "castra-home"))


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test that asks for it runs in English, then in Italian (the app's two languages)."""
    from converters.i18n import set_language

    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    """Where the test's campaign file lives."""
    return tmp_path / "campaign.castra"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "armies_at(place, *nations, fleets=False): the test's campaign starts with these "
        "nations' PM standing at place, where its battle is fought (T7.4)",
    )
    config.addinivalue_line(
        "markers",
        "orders_immediate: the test's campaign moves one act at a time (T7.3 house rule)",
    )


@pytest.fixture
def store(campaign_path: Path, request: pytest.FixtureRequest) -> Iterator[CampaignStore]:
    """A fresh Tarentine Wars campaign (T5.5 start forces and treasuries), turn 1; a test
    marked ``armies_at`` has the nations it names standing where its battle is fought; one
    marked ``orders_immediate`` carries its moves out as they are recorded (house rule
    ``orders = immediate``, T7.3) instead of as sealed orders."""
    from converters.house_rules import HouseRules
    from tests.battle_places import ONE_AT_A_TIME, tarentine_meeting_at

    marker = request.node.get_closest_marker("armies_at")
    scenario = (
        load_scenario("tarentine")
        if marker is None
        else tarentine_meeting_at(*marker.args, **marker.kwargs)
    )
    at_once = request.node.get_closest_marker("orders_immediate") is not None
    rules = ONE_AT_A_TIME if at_once else HouseRules()
    created = CampaignStore.create(campaign_path, scenario, who="Referee", rules=rules)
    yield created
    created.close()


@pytest.fixture
def app(store: CampaignStore) -> CastraApp:
    """The app on that campaign, with seeded dice (seed :data:`SEED`)."""
    return make_app(store, seed=SEED)


_KEY_NAMES = {" ": "space", ",": "comma", ".": "full_stop", "-": "minus", ":": "colon"}


async def _type_text(pilot: object, text: str) -> None:
    keys = [_KEY_NAMES.get(character, character) for character in text]
    await pilot.press(*keys)  # type: ignore[attr-defined]


@pytest.fixture
def type_text() -> object:
    """``await type_text(pilot, "Rome 5")``: type key by key into the focused field."""
    return _type_text


async def fill(pilot: Any, input_id: str, text: str, type_text: Any) -> None:
    """Focus an input, clear it and type ``text`` key by key."""
    field = pilot.app.screen.query_one(input_id, Input)
    field.focus()
    field.value = ""
    await type_text(pilot, text)
    await pilot.pause()


def notices_of(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The notifications ``app`` shows from now on, in order (through its public ``notify``)."""
    said: list[str] = []
    notify = app.notify

    def recording(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", recording)
    return said


async def settle(pilot: Any) -> None:
    """Wait until no worker is running and the screen has handled what they posted (a worker's
    message may start another worker, e.g. a round rolled starts the odds)."""
    app = pilot.app
    for _ in range(10):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if all(worker.is_finished for worker in app.workers):
            return
