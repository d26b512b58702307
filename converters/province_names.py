"""Macedon vs Persia's provinces as the reader names them: "Tracia", "Frigia Ellespontica".

A province's name is its key, like a nation's: the board file, stored events and ``--json``
keep the one English form the shipped D9 map gives it ("Thrace", "Hellespontine Phrygia"), so
a campaign reads the same in every language (issue 25). Where a province is shown it passes
through :func:`province_name`, and the Italian catalogue gives the usual Italian forms
(docs/translating.md lists them; seed 002 writes Egitto, Giudea and Macedonia). The Tarentine
Wars' provinces are the Latin names seed 000 prints in its Italian text ("Tarentum",
"Capua"), the same in every language, so they are no entries here and are shown as written; so
is any province of a club's own board.

What a referee types is read the other way by :func:`armylists.names.find_name`, which knows
these names in every language. It sits in ``converters``, the lowest layer, because the one
renderer of what was said (:mod:`converters.wording`) names provinces through it, and it needs
nothing but the catalogue (the app's first frame renders before pydantic is imported).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from converters.i18n import N_, _, in_every_language

__all__ = ["SHIPPED_PROVINCES", "nearest_province", "province_name"]

SHIPPED_PROVINCES = frozenset(
    {
        # Macedon vs Persia's map (D9, armylists/data/scenarios/macedon/board.toml); a test
        # checks them against the board.
        N_("Macedonia"),
        N_("Thrace"),
        N_("Thessaly"),
        N_("Hellas"),
        N_("Hellespontine Phrygia"),
        N_("Lydia"),
        N_("Caria"),
        N_("Lycia"),
        N_("Greater Phrygia"),
        N_("Paphlagonia"),
        N_("Pamphylia"),
        N_("Cilicia"),
        N_("Cappadocia"),
        N_("Syria"),
        N_("Phoenicia"),
        N_("Judaea"),
        N_("Egypt"),
        N_("Armenia"),
        N_("Babylonia"),
        N_("Media"),
        N_("Persis"),
    }
)
"""Every province of the shipped boards whose name changes with the language."""


def province_name(name: str) -> str:
    """A province's name in the active language: Italian's own form for a shipped Macedon
    province ("Egitto"), the name as written for any other (Tarentum, a club's own board)."""
    return _(name) if name in SHIPPED_PROVINCES else name


def nearest_province(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` (a board's provinces) ``typed`` most likely meant, in either
    language ("Egito" → "Egypt", "Tesaglia" → "Thessaly"), for a refusal's "did you mean";
    None when nothing is close."""
    spelled = {
        said.casefold(): name
        for name in names
        for said in (in_every_language(name) if name in SHIPPED_PROVINCES else (name,))
    }
    close = difflib.get_close_matches(typed.strip().casefold(), list(spelled), n=1, cutoff=0.6)
    return spelled[close[0]] if close else None
