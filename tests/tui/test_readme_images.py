"""The README's screenshots are the snapshot tests' images, so they show what the app draws now.

When a snapshot is updated on purpose (``pytest --snapshot-update``), this test names the
README image to copy it over.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = Path(__file__).resolve().parent / "__snapshots__"

README_IMAGES = {
    "campaign.svg": "test_snapshots_shell/test_campaign_screen_with_decimated_pm.svg",
    "history.svg": "test_snapshots_shell/test_history_after_an_undo.svg",
    "battle_desk.svg": "test_snapshots_battle/test_battle_desk_snapshot.svg",
    "ghost.svg": "test_snapshots_battle/test_ghost_screen_snapshot.svg",
    "dice_battle.svg": "test_snapshots_battle/test_dice_battle_snapshot.svg",
    "journal.svg": "test_snapshots_battle/test_journal_snapshot.svg",
    "chronicle.svg": "test_chronicle_screen/test_snapshot_chronicle_at_120x40.svg",
}

BROWSER_IMAGES = {"report.png", "sheet.png"}
"""Pictures of the HTML report and battle sheet taken by headless Chromium
(``CASTRA_README_IMAGES=1 pytest tests/unit/chronicle/test_browser.py``): a browser's pixels
differ between versions, so they are checked to exist, not compared byte for byte."""


def test_every_readme_image_is_one_of_the_snapshots() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = {
        line.split("(docs/img/")[1].split(")")[0]
        for line in readme.splitlines()
        if "](docs/img/" in line
    }
    assert shown == set(README_IMAGES) | BROWSER_IMAGES
    for image in BROWSER_IMAGES:
        assert (ROOT / "docs" / "img" / image).read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("image", "snapshot"), sorted(README_IMAGES.items()))
def test_readme_image_matches_its_snapshot(image: str, snapshot: str) -> None:
    readme_image = ROOT / "docs" / "img" / image
    assert readme_image.read_bytes() == (SNAPSHOTS / snapshot).read_bytes(), (
        f"docs/img/{image} is out of date: copy tests/tui/__snapshots__/{snapshot} over it"
    )
