"""Army lists, scenario data and ruleset conversion rates, shipped as validated data files.

The numbers a campaign may change (points per PM, AP per broken BG …) live here as data,
loaded and checked by pydantic, and are handed to the pure rules in :mod:`converters`.

The loader's names are imported when first asked for, so that the light modules
(:mod:`armylists.names`, :mod:`armylists.scenario_texts`) serve the app's first frame without
loading pydantic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armylists.loader import (
        ArmyListRef,
        NationLists,
        army_list,
        contingent,
        load_rates,
        nation_lists,
        nations,
        ruleset_name,
    )

__all__ = [
    "ArmyListRef",
    "NationLists",
    "army_list",
    "contingent",
    "load_rates",
    "nation_lists",
    "nations",
    "ruleset_name",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        missing = f"module {__name__!r} has no attribute {name!r}"  # Python's own words
        raise AttributeError(missing)
    return getattr(importlib.import_module("armylists.loader"), name)
