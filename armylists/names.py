"""The shipped scenarios' nations as the interface names them, in the seeds' own Italian forms.

A nation's name is its key: the scenario files, stored events and ``--json`` output keep the
English name, so a campaign opens the same in every language (issue 14). Where the interface
shows a name it passes it through :func:`nation_name`, and the Italian catalogue gives the
seeds' forms (seed 000 writes Roma, Cartagine, Senoni, Etruschi, Magna Grecia, Pirro,
Siracusa; seed 003's sides are Macedonia and Persia). What the ledger recorded ("Rome treasury
+25 PE …") reads the same way: it is a description whose nations are values of their own
(:mod:`converters.said`), each said through the catalogue when it is shown.
A club's own nation (a custom scenario) is shown as the club typed it, even if its name happens
to be an English word the catalogue knows.

Generated army and fleet names ("Rome I", "Rome fleet I") are said per language by
:mod:`converters.force_names`; :func:`find_name` reads them in either language.

What a referee types is read the other way round (issue 25): :func:`nation_key` takes a shipped
nation in either language and any case ("roma", "Magna Grecia") and gives its key, so the
command line stores "Rome" whether it was given ``--side-a Roma:4`` or ``--side-a Rome:4``,
and ``--json`` is the same in both languages.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from converters.i18n import N_, _, in_every_language

__all__ = [
    "ARMY_LISTS",
    "NATION_NAMES",
    "army_list_name",
    "find_name",
    "first_starting",
    "nation_key",
    "nation_name",
    "nearest_name",
    "nearest_nation",
    "province_key",
]

NATION_NAMES = frozenset(
    {
        # The Tarentine Wars (seed 000): the players' nations and the neutral holder.
        N_("Rome"),
        N_("Carthage"),
        N_("Senones"),
        N_("Etruscans"),
        N_("Magna Graecia"),
        N_("Pyrrhus"),
        N_("Syracuse"),
        N_("Neutral"),
        # Macedon vs Persia (seed 003).
        N_("Macedon"),
        N_("Persia"),
    }
)
"""Every nation and holder of the shipped scenarios (a test checks it against their files)."""


def nation_name(name: str) -> str:
    """A nation's name in the active language: the seed's form for a shipped scenario's nation
    (a Bellum power's as the seed names it, "Città Greche", B1: the catalogue has them, see
    ``converters.wording.BELLUM_POWERS``), the name as typed for any other."""
    if name in NATION_NAMES:
        return _(name)
    # Only here: `castra --help` (which names no power) imports no more of converters.
    from converters.wording import BELLUM_POWERS

    return _(name) if name in BELLUM_POWERS else name


# -- a name as a player types it ----------------------------------------------------------------
# One place both interfaces read typed names through (issue 27): the app's forms and the Map's
# "/" as the command line does, in any case and, for a nation, in either language.


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def find_name(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` (keys: a province, a nation) that ``typed`` names, in any case and
    spacing, or as the interface shows it in the other language ("Cartagine" → "Carthage");
    None when none is named."""
    wanted = _folded(typed)
    if not wanted:
        return None
    for name in names:
        if wanted in _every_spelling(name):
            return name
    return None


def _every_spelling(name: str) -> set[str]:
    """``name`` as written and as every language shows it, casefolded."""
    return {_folded(name), *(_folded(said) for said in _spellings(name))}


def first_starting(typed: str, names: Iterable[str]) -> str | None:
    """For type-ahead: the first of ``names`` (in their order) that starts with ``typed``, in
    any case and either language ("Trac" → "Thrace"), else the first that holds it; None when
    none does."""
    wanted = _folded(typed)
    said = {name: _every_spelling(name) for name in names}
    if not wanted:
        return None
    for found in (
        [n for n, spelt in said.items() if any(s.startswith(wanted) for s in spelt)],
        [n for n, spelt in said.items() if any(wanted in s for s in spelt)],
    ):
        if found:
            return found[0]
    return None


def nearest_name(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` closest to ``typed`` (a typing slip: "Capau" → "Capua"), for a
    refusal's "did you mean …?", in either language ("Egito" → "Egypt"); None when nothing
    is close."""
    by_folded = {spelt: name for name in names for spelt in sorted(_every_spelling(name))}
    close = difflib.get_close_matches(_folded(typed), list(by_folded), n=1, cutoff=0.6)
    return by_folded[close[0]] if close else None


def _spellings(key: str) -> set[str]:
    """How a reader may write ``key``, casefolded: a shipped nation, a Macedon province
    ("Egypt" or "Egitto"), or a generated army or fleet name ("Rome I" or "Roma I", T7.2), in
    every language."""
    from converters.province_names import SHIPPED_PROVINCES  # not at the CLI's start

    if key in SHIPPED_PROVINCES:
        return {said.casefold() for said in in_every_language(key)}
    if key not in NATION_NAMES:
        from converters.force_names import spellings  # pydantic: not at the CLI's start

        return {_folded(said) for said in spellings(key)}
    return {said.casefold() for said in in_every_language(key)}


def nation_key(typed: str) -> str:
    """The key of a shipped scenario's nation typed in English or Italian, in any case ("roma",
    "CARTAGINE", "Magna Grecia" → "Magna Graecia"); any other name as typed (a club's own
    nation, checked against its campaign where it is used)."""
    wanted = typed.strip().casefold()
    for key in sorted(NATION_NAMES):
        if wanted in _spellings(key):
            return key
    return typed


def province_key(typed: str) -> str:
    """The key of a shipped board's province typed in English or Italian, in any case
    ("tracia", "Frigia Ellespontica" → "Hellespontine Phrygia"); any other name as typed (a
    Tarentine province, a club's own board: checked against the campaign's map where used)."""
    from converters.province_names import SHIPPED_PROVINCES  # not at the CLI's start

    wanted = _folded(typed)
    for key in sorted(SHIPPED_PROVINCES):
        if wanted in _spellings(key):
            return key
    return typed


def nearest_nation(typed: str, keys: list[str]) -> str | None:
    """The nation among ``keys`` that ``typed`` most likely meant ("Cartagne" → "Carthage"),
    matched against each key's name in every language; None when nothing is close."""
    spelled = {spelling: key for key in keys for spelling in _spellings(key)}
    close = difflib.get_close_matches(typed.strip().casefold(), list(spelled), n=1, cutoff=0.75)
    return spelled[close[0]] if close else None


ARMY_LISTS = frozenset(
    {
        # The FoG lists of the Tarentine Wars (seed 000, T1.6), as army_lists.toml names them.
        N_("Pyrrhic"),
        N_("Classical Greek cities"),
        N_("Lucanian / Campanian"),
        N_("Mid-Republican Roman"),
        N_("Gallic"),
        N_("Carthaginian"),
        N_("Etruscan (club house list)"),
    }
)
"""The shipped army lists, shown as the seed words them in Italian ("Romani della Media
Repubblica da Rise of Rome", T1.6); a test checks them against the data."""

_FROM_BOOK = re.compile(r"(?P<list>.+) \((?P<book>[^()]+)\)")


def army_list_name(label: str) -> str:
    """An army list as the reader names it: a shipped FoG list in the seed's words with its
    book kept ("Cartaginesi da Rise of Rome"), a DBM/DBA number or a club's list as stored."""
    if label in ARMY_LISTS:
        return _(label)
    found = _FROM_BOOK.fullmatch(label)
    if found is None or found["list"] not in ARMY_LISTS:
        return label
    return _("{army_list} ({book})").format(army_list=_(found["list"]), book=found["book"])
