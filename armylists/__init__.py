"""Army lists, scenario data and ruleset conversion rates, shipped as validated data files.

The numbers a campaign may change (points per PM, AP per broken BG …) live here as data,
loaded and checked by pydantic, and are handed to the pure rules in :mod:`converters`.
"""

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
