"""A nation after a preposition or a verb takes its article in Italian (issue 25).

"superare Etruschi", "eserciti di Macedonia", "controllata da Senoni" read wrong: Italian says
"superare gli Etruschi", "della Macedonia", "dai Senoni". An Italian message marks the nation's
placeholder ``{side:art}`` and :func:`converters.i18n.with_article` takes the article from a
table (``ARTICLES``) and joins it to the preposition before it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from armylists.names import NATION_NAMES
from converters.i18n import ARTICLES, LOCALE_DIR, _, set_language, with_article

# The seeds' nations after each preposition, as Italian writes them (the whole table).
TABLE = {
    "Roma": ("di Roma", "a Roma", "da Roma", "in Roma", "su Roma", "con Roma", "Roma"),
    "Cartagine": ("di Cartagine", "a Cartagine", "da Cartagine", "in Cartagine",
                  "su Cartagine", "con Cartagine", "Cartagine"),
    "Pirro": ("di Pirro", "a Pirro", "da Pirro", "in Pirro", "su Pirro", "con Pirro", "Pirro"),
    "Siracusa": ("di Siracusa", "a Siracusa", "da Siracusa", "in Siracusa", "su Siracusa",
                 "con Siracusa", "Siracusa"),
    "Neutrale": ("di Neutrale", "a Neutrale", "da Neutrale", "in Neutrale", "su Neutrale",
                 "con Neutrale", "Neutrale"),
    "Senoni": ("dei Senoni", "ai Senoni", "dai Senoni", "nei Senoni", "sui Senoni",
               "con i Senoni", "i Senoni"),
    "Etruschi": ("degli Etruschi", "agli Etruschi", "dagli Etruschi", "negli Etruschi",
                 "sugli Etruschi", "con gli Etruschi", "gli Etruschi"),
    "Magna Grecia": ("della Magna Grecia", "alla Magna Grecia", "dalla Magna Grecia",
                     "nella Magna Grecia", "sulla Magna Grecia", "con la Magna Grecia",
                     "la Magna Grecia"),
    "Macedonia": ("della Macedonia", "alla Macedonia", "dalla Macedonia", "nella Macedonia",
                  "sulla Macedonia", "con la Macedonia", "la Macedonia"),
    "Persia": ("della Persia", "alla Persia", "dalla Persia", "nella Persia", "sulla Persia",
               "con la Persia", "la Persia"),
}  # fmt: skip
PREPOSITIONS = ("di", "a", "da", "in", "su", "con", "")

NATION_PLACEHOLDERS = frozenset(
    # The placeholders that hold a nation's name in the catalogue's messages.
    {"nation", "side", "holder", "taker", "enemy", "captor", "actor", "homeland", "attacker",
     "defender", "sacker", "controller", "owner", "occupier", "on"}
)  # fmt: skip


def test_every_shipped_nation_has_its_article_in_the_table() -> None:
    set_language("it")
    assert {_(nation) for nation in NATION_NAMES} == set(ARTICLES["it"]) == set(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_a_nation_after_each_preposition(name: str) -> None:
    set_language("it")
    assert tuple(with_article(name, p) for p in PREPOSITIONS) == TABLE[name]


def test_a_club_s_own_nation_and_english_take_no_article() -> None:
    set_language("it")
    assert with_article("Sanniti", "di") == "di Sanniti"
    set_language("en")
    assert with_article("Etruscans", "to pass") == "to pass Etruscans"


def test_the_victory_line_and_a_refusal_say_the_article() -> None:
    """T5.8 and D7, as the command line prints them."""
    set_language("it")
    assert (
        _("{n} PP more to pass {nation}").format(n=1, nation="Etruschi")
        == "1 PP in più per superare gli Etruschi"
    )
    said = _("D7: {province} feeds {limit} of {side}'s armies ({there} there already)")
    assert said.format(province="Thrace", limit=2, side="Macedonia", there=2) == (
        "D7: Thrace può rifornire 2 eserciti della Macedonia (2 già presenti)"
    )
    assert _("Held by {holder} · {status}").format_map(
        {"holder": "Senoni", "status": "fedele"}
    ) == ("Controllata dai Senoni · fedele")
    set_language("en")
    assert _("{n} PP more to pass {nation}").format(n=1, nation="Etruscans") == (
        "1 PP more to pass Etruscans"
    )


class _Value:
    """Any other placeholder's value: a figure for a number's spec, a word otherwise."""

    def __format__(self, spec: str) -> str:
        return format(1, spec) if spec else "x"


class _Values(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        return "Etruschi" if key in NATION_PLACEHOLDERS else _Value()


_WRONG = re.compile(r"(?<![\w'])(?:di|a|da|in|su|superare|contro|con|verso|e) Etruschi\b")


def test_no_italian_message_puts_a_nation_bare_after_a_preposition() -> None:
    """The whole catalogue: every message that holds a nation, said with "Etruschi", never
    reads "di Etruschi", "a Etruschi", "superare Etruschi" …"""
    with (LOCALE_DIR / "it" / "LC_MESSAGES" / "castra.po").open("rb") as file:
        catalogue = read_po(file)
    set_language("it")
    wrong = []
    for message in catalogue:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        if not msgid or not any("{" + name in msgid for name in NATION_PLACEHOLDERS):
            continue
        try:
            said = _(msgid).format_map(_Values())
        except (ValueError, IndexError, KeyError, AttributeError):
            continue  # a literal brace (a JSON example): no placeholders to fill
        if _WRONG.search(said):
            wrong.append(said)
    assert not wrong, wrong
