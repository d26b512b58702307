"""Every value inside a description, for the tests that look at what it names or was typed."""

from __future__ import annotations

from collections.abc import Iterator

from converters import said as sd


def every_value(value: sd.Value) -> Iterator[sd.Value]:
    """``value`` first, then each value inside it (a description's, a listing's), depth first."""
    yield value
    if isinstance(value, sd.Said):
        for each in value.values.values():
            yield from every_value(each)
    elif isinstance(value, sd.Listing):
        for item in value.items:
            yield from every_value(item)
