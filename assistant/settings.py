"""The player's own settings, kept between sessions: the interface language and the player's name.

The app's `L` key switches language at once and writes the choice here, so the next `castra`
(app or command line) speaks it too. The name is what every form's "Who" field starts with:
set once, and changed on any form (issue 27: a stray key in one form's "Who" must not sign
every later event). The file lives in the user's config directory
(platformdirs), or in ``$CASTRA_HOME`` when that is set, so tests and portable installs never
touch the real one. A missing or unreadable file is no settings, never an error: losing a
preference must not stop a player from opening a campaign.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["load_settings", "save_setting", "saved_language", "saved_player", "settings_path"]


def settings_path() -> Path:
    """``$CASTRA_HOME/settings.json`` if CASTRA_HOME is set, else the user's config directory."""
    override = os.environ.get("CASTRA_HOME")
    if override:
        return Path(override).expanduser() / "settings.json"
    from platformdirs import user_config_path

    return user_config_path("castra", appauthor=False) / "settings.json"


def load_settings() -> dict[str, Any]:
    """Every saved setting; an empty dict when there are none or the file is unreadable."""
    try:
        loaded = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def saved_language() -> str | None:
    """The language the player last chose in the app, if any."""
    language = load_settings().get("language")
    return language if isinstance(language, str) else None


def saved_player() -> str:
    """The player's name as last set on a form's "Who" field ("" when never set)."""
    name = load_settings().get("player")
    return name if isinstance(name, str) else ""


def save_setting(name: str, value: Any) -> bool:
    """Keep one setting; False (and nothing raised) when the file cannot be written."""
    settings = load_settings()
    settings[name] = value
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError:
        return False
    return True
