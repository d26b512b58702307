"""Which words only the English side of the catalogue uses, for the tests that look for English
left on an Italian screen or command line (issues 14 and 25).

A word "only the English side uses" is in some msgid and in no Italian translation ("undo",
"melee", "treasury" …): a string someone forgot to mark, or a name left in English, shows up
as one. A placeholder's name ("{turn}") or a flag ("--turn") is no Italian word, so neither
counts on the Italian side (else "Turn" on screen would pass as Italian).
"""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from converters.i18n import LOCALE_DIR


def words(text: str) -> set[str]:
    """The words of ``text`` long enough to tell a language by (four letters or more)."""
    return {word.lower() for word in re.findall(r"[A-Za-zÀ-ÿ]{4,}", text)}


def english_only_words() -> set[str]:
    with (LOCALE_DIR / "it" / "LC_MESSAGES" / "castra.po").open("rb") as handle:
        catalogue = read_po(handle, locale="it")
    english: set[str] = set()
    italian: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in ids:
            english |= words(re.sub(r"\{[^{}]*\}|%\(\w+\)\w", " ", text))
        for text in strings:
            italian |= words(re.sub(r"\{[^{}]*\}|%\(\w+\)\w|--?[\w-]+", " ", text))
    return english - italian
