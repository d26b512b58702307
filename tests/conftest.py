"""Settings shared by the whole test suite."""

import os

import pytest
from hypothesis import settings

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
