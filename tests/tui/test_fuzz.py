"""Thousands of random keys on every screen never crash the app.

A player at the table hits keys by accident, in forms and out of them, with physical dice on
or off. Each run is seeded (the screen's name), so a failure replays exactly; the message shows
the last keys pressed. Quitting keys are left out: quitting is not a crash.

Per screen, 150 keys without the navigation keys (so the keys land on that screen and the forms
and dialogs it opens), then one roaming run of 300 keys with navigation, and 300 keys among
allies on the battle desk: 1,800 keys in all, on every run of the suite. The long run, for a
nightly job or before a release, presses ten times as many (18,000 keys, about 20 minutes):

    CASTRA_FUZZ=long .venv/bin/python -m pytest tests/tui/test_fuzz.py
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from textual import events

from assistant.tui.app import NAVIGATION

SIZE = (120, 40)
SCALE = 10 if os.environ.get("CASTRA_FUZZ") == "long" else 1
"""The long run (``CASTRA_FUZZ=long``) presses ten times as many keys as every suite run."""
KEYS_PER_SCREEN = 150 * SCALE
ROAMING_KEYS = 300 * SCALE
ALLIES_KEYS = 300 * SCALE
"""300: the regression's own sequence (the crash it guards against came within it)."""
CHUNK = 25
BURST = 1

NAVIGATION_KEYS = [key for key, _, _ in NAVIGATION]
QUIT_KEYS = {"q", "ctrl+q", "ctrl+c"}
TYPING = [*"aeiklmorstuvwxyzAEPR0123456789", "space", "minus", "comma", "full_stop"]
MOVING = [
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "backspace",
    "delete",
    "home",
    "end",
    "pageup",
    "pagedown",
]
COMMANDS = [
    "n",
    "w",
    "r",
    "t",
    "u",
    "p",
    "f1",
    "question_mark",
    "ctrl+s",
    "ctrl+r",
    "y",
    *(f"f{number}" for number in range(2, 13)),
]
# Letters that switch screens (a, s) stay out, so the keys land on the screen under test.
SCREEN_KEYS = [key for key in TYPING if key not in NAVIGATION_KEYS] + MOVING * 2 + COMMANDS
"""Weighted so movement and Enter come often enough to open, fill and submit forms."""

assert not QUIT_KEYS & set(SCREEN_KEYS + NAVIGATION_KEYS)


_CHARACTERS = {"space": " ", "minus": "-", "comma": ",", "full_stop": ".", "question_mark": "?"}


async def _press(app: Any, pilot: Any, keys: list[str]) -> None:
    """A burst of keys posted to the app, as ``pilot.press`` does, then let the screen settle.

    ``pilot.press`` waits for the whole process to look idle after every key (about 0.1 s a
    key here). A burst of a few keys is what a fast typist sends anyway; the app still takes
    them one by one in order, and waiting for the screen's queued messages after each burst
    makes thousands of keys affordable.
    """
    for key in keys:
        character = _CHARACTERS.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, character))
    await pilot.pause(0)  # the screen's queued messages, without waiting for the CPU to idle


async def _hammer(app: Any, pilot: Any, keys: list[str]) -> None:
    pressed: list[str] = []
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        for burst in range(0, len(chunk), BURST):
            await _press(app, pilot, chunk[burst : burst + BURST])
        pressed += chunk
        assert app.is_running, f"the app stopped after: {' '.join(pressed[-40:])}"
        assert app.screen_stack, f"no screen left after: {' '.join(pressed[-40:])}"
    # A die may still be awaited in physical-dice mode: release it, as quitting would.
    app.dice.cancel_waiting()
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert app.is_running, f"the app stopped after: {' '.join(pressed[-40:])}"


@pytest.mark.parametrize("mode", [mode for _, mode, _ in NAVIGATION])
async def test_random_keys_on_one_screen_never_crash(app: Any, mode: str) -> None:
    rng = random.Random(f"fuzz-{mode}")
    keys = [rng.choice(SCREEN_KEYS) for _ in range(KEYS_PER_SCREEN)]
    async with app.run_test(size=SIZE) as pilot:
        await app.switch_mode(mode)
        await pilot.pause()
        await _hammer(app, pilot, keys)
        # Whatever happened, the campaign file still opens and replays.
        assert app.ledger.store.state().turn >= 1


async def test_random_keys_roaming_between_screens_never_crash(app: Any) -> None:
    rng = random.Random("fuzz-roaming")
    alphabet = SCREEN_KEYS + NAVIGATION_KEYS * 3
    keys = [rng.choice(alphabet) for _ in range(ROAMING_KEYS)]
    async with app.run_test(size=SIZE) as pilot:
        await _hammer(app, pilot, keys)


async def test_allies_added_and_dropped_among_random_keys_never_crash(app: Any) -> None:
    """Regression: with allies added and dropped (F2, F3, F4, T1.5) among other keys, the desk
    once read a just-added card before the fields inside its rows existed (NoMatches
    '#b14-nation' with this very sequence, '#b4-available' in an earlier run)."""
    rng = random.Random("seed-5")
    keys = [rng.choice(SCREEN_KEYS + ["f2", "f3", "f4"] * 4) for _ in range(ALLIES_KEYS)]
    async with app.run_test(size=SIZE) as pilot:
        await app.switch_mode("battle")
        await pilot.pause()
        await _hammer(app, pilot, keys)
