"""Settings shared by the whole test suite."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from converters.i18n import set_language

# Property tests run on CI's two cores next to Pilot tests: keep them deterministic and bounded.
settings.register_profile("castra", max_examples=150, deadline=None, derandomize=True)
# The long run, for a nightly job or before a release (HYPOTHESIS_PROFILE=nightly): ten times
# the examples, drawn afresh each run so that successive nights explore different inputs.
settings.register_profile("nightly", max_examples=1500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "castra"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (the key fuzz, about a minute each) start first: on two workers they
    then run beside the short ones instead of alone at the end."""
    items.sort(key=lambda item: "test_fuzz.py" not in item.nodeid)


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
