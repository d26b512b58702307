"""The story campaign every chronicle test reads, built once per test with a frozen clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from assistant.ledger.store import CampaignStore
from tests.chronicle_story import build_story

FROZEN_NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
"""What the ledger believes the time is while the story is recorded."""


@pytest.fixture
def story(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CampaignStore]:
    """The story campaign (see :mod:`tests.chronicle_story`), open."""
    monkeypatch.setattr("assistant.ledger.store._now", lambda: FROZEN_NOW)
    store = build_story(tmp_path / "story.castra")
    yield store
    store.close()
