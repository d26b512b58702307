"""The shipped scenarios' own words (titles, winter events) as the interface shows them.

A scenario file says its title and its winter events' texts in English, and a campaign's ledger
keeps them so in its creation event, so a campaign reads the same in every language and its
``--json`` never changes (issue 14). Where the interface shows one it passes it through
:func:`scenario_text`, and the Italian catalogue gives the seeds' wording (seed 000: "Campagna
sulle Guerre Tarantine" and its table of winter events, T5.6). A club's own scenario's title
or event is shown as the club typed it. Nations are :mod:`armylists.names`' business.
"""

from __future__ import annotations

from converters.i18n import N_, _

__all__ = ["SCENARIO_TEXTS", "scenario_text"]

SCENARIO_TEXTS = frozenset(
    {
        # The Tarentine Wars (seed 000): the title and the winter events (T5.6, T7.9).
        N_("The Tarentine Wars, 278–273 BC"),
        N_(
            "Barbarians invade Greece: Pyrrhus leaves; the second time he returns after that war "
            "with the troops he left with and +5 PP"
        ),
        N_("Ptolemy sends Pyrrhus 2 PM, landing at Tarentum"),
        N_(
            "Coup at Rhegium (the second time at Messana): a neutral state defended by 2 PM; "
            "ignored if more than 2 PM stand there, else the PM there are destroyed"
        ),
        N_(
            "Ligurian invasion: 2 PM raiders down the Tyrrhenian coast, restored to 2 PM after "
            "each battle they win, gone at their first defeat"
        ),
        N_("The Senones annex a Cisalpine province of their choice"),
        N_("Storm: the nation with most naval PM loses 2"),
        N_("Nothing happens"),
        # Macedon vs Persia (seed 003).
        N_("Macedon vs Persia (DBA campaign)"),
        # Bellum (seed 002): its title names the Roman faction that leads Rome (B3).
        N_("Bellum (Rome: the Bruti)"),
        N_("Bellum (Rome: the Scipii)"),
        N_("Bellum (Rome: the Julii)"),
    }
)
"""Every title and winter event text of the shipped scenarios (a test checks it against their
files)."""


def scenario_text(text: str) -> str:
    """A scenario's title or event text in the active language: the seed's wording for a
    shipped scenario's, the text as typed for any other."""
    return _(text) if text in SCENARIO_TEXTS else text
