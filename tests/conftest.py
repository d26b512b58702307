"""Settings shared by the whole test suite."""

from hypothesis import settings

# Property tests run on CI's two cores next to Pilot tests: keep them deterministic and bounded.
settings.register_profile("castra", max_examples=150, deadline=None, derandomize=True)
settings.load_profile("castra")
