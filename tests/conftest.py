"""Settings shared by the whole test suite."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from converters.i18n import set_language

# Property tests run on CI's two cores next to Pilot tests: keep them deterministic and bounded.
settings.register_profile("castra", max_examples=150, deadline=None, derandomize=True)
settings.load_profile("castra")


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale or the language chosen in
    the app (CASTRA_HOME keeps the settings file private), and leaves English behind: the
    language is process-wide, so a test that switches to Italian must not leak it."""
    monkeypatch.setenv("CASTRA_HOME", str(tmp_path / "castra-home"))
    for variable in ("CASTRA_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")
