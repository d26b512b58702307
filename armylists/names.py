"""The shipped scenarios' nations as the interface names them, in the seeds' own Italian forms.

A nation's name is its key: the scenario files, stored events and ``--json`` output keep the
English name, so a campaign opens the same in every language (issue 14). Where the interface
shows a name it passes it through :func:`nation_name`, and the Italian catalogue gives the
seeds' forms (seed 000 writes Roma, Cartagine, Senoni, Etruschi, Magna Grecia, Pirro,
Siracusa; seed 003's sides are Macedonia and Persia). Recorded sentences ("Rome treasury +25
PE …") read the same way through ``translate_recorded``, which translates each value it finds.
A club's own nation (a custom scenario) is shown as the club typed it, even if its name happens
to be an English word the catalogue knows.
"""

from __future__ import annotations

from converters.i18n import N_, _

__all__ = ["NATION_NAMES", "nation_name"]

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
    """A nation's name in the active language: the seed's form for a shipped scenario's nation,
    the name as typed for any other."""
    return _(name) if name in NATION_NAMES else name
