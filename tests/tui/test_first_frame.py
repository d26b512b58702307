from __future__ import annotations
import threading
from pathlib import Path
import pytest
import assistant.tui as tui
from assistant.tui.app import make_app

async def test_first_frame_looks_like_the_open_campaign(campaign_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(campaign_path=campaign_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.ledger.loaded()
        await pilot.pause()
        await app.workers.wait_for_complete()
    release = threading.Event()
    opening = tui.open_campaign
    def held(path):
        release.wait(10)
        return opening(path)
    monkeypatch.setattr(tui, "open_campaign", held)
    app = make_app(campaign_path=campaign_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.export_screenshot()
        release.set()
        assert await app.ledger.loaded()
        await pilot.pause()
        await pilot.pause()
        after = app.export_screenshot()
    Path("/tmp/prof/before.svg").write_text(before); Path("/tmp/prof/after.svg").write_text(after)
    import re
    norm = lambda t: re.sub(r"terminal-\d+", "terminal", t)
    assert norm(before) == norm(after)
