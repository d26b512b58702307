"""README.it.md says everything README.md says (issue 25, item 6): the Italian page is the one
an Italian club member reads, so a section, a command, a figure, a picture or a page the English
one gives and the Italian one leaves out is a club that never learns of it.

What can be checked without reading the prose: every English section has its Italian one
(``SECTIONS``); every ``castra`` command and each of its flags shown in the English page is shown
in the Italian one; every figure (a count, a measurement, a percentage; rule ids aside) is there
too, written the Italian way (1,2 for 1.2, 20.000 for 20,000); the same pictures in the same
order; every page linked. The Italian page may say more (it does: the Italian command line).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = (ROOT / "README.md").read_text(encoding="utf-8")
ITALIAN = (ROOT / "README.it.md").read_text(encoding="utf-8")

SECTIONS = {
    "Two commands": "Due comandi",
    "A tour of the app": "Un giro nell'applicazione",
    "Battle desk and ghost": "Tavolo di battaglia e Giocatore Fantasma",
    "Playing solo against the ghost": "Giocare da solo contro il Fantasma",
    "A turn by the book: sealed orders and meetings": (
        "Un turno secondo il regolamento: ordini sigillati e incontri"
    ),
    "Playing with others: at the club, online, by mail": (
        "Giocare con altri: al circolo, in rete, per posta"
    ),
    "The campaign map is a reading": "La mappa della campagna è una lettura",
    "Reliability": "Affidabilità",
    "Speed": "Velocità",
    "More": "Per saperne di più",
}
"""Each English heading and the Italian one that says the same."""

COMMAND_GROUPS = ("campaign", "annibui", "ghost", "losses", "bellum")
"""Commands whose next word is a sub-command (``castra campaign move``)."""


def _headings(text: str) -> list[str]:
    return re.findall(r"^#{2,3} (.+)$", text, flags=re.MULTILINE)


def _code(text: str) -> list[str]:
    """Every code span (joined across line breaks) and every line of a code block."""
    blocks = re.findall(r"```\w*\n(.*?)```", text, flags=re.DOTALL)
    rest = re.sub(r"```\w*\n.*?```", " ", text, flags=re.DOTALL)
    spans = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", rest)]
    return spans + [line for block in blocks for line in block.splitlines()]


def _commands(text: str) -> set[tuple[str, ...]]:
    """``(command,)`` and ``(command, flag)`` for each ``castra …`` shown in code."""
    found: set[tuple[str, ...]] = set()
    for code in _code(text):
        after = re.search(r"\bcastra\b(.*)", code)
        if after is None:
            continue
        words = after.group(1).split()
        options = [word.split("=")[0] for word in words if word.startswith("--")]
        command = [word for word in words if not word.startswith("-")][:1]
        if command and command[0] in COMMAND_GROUPS:
            command = [word for word in words if not word.startswith("-")][:2]
        name = " ".join(word for word in command if re.fullmatch(r"[a-z][a-z-]*", word))
        found.add((name,))
        found.update((name, option) for option in options)
    return found


def _figures(text: str) -> Counter[str]:
    """The numbers a page gives, separators read alike ("1,2" and "1.2", "20.000" and
    "20,000"), rule ids (T5.3, G4.1) left out."""
    text = re.sub(r"\b[TDGABH]\d+(\.\d+)*[a-z]?\b", " ", text)
    return Counter(
        figure.replace(",", ".")
        for figure in re.findall(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])", text)
    )


def _pictures(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)


def _pages(text: str) -> set[str]:
    return set(re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text))


@pytest.mark.parametrize("english", SECTIONS)
def test_every_english_section_has_its_italian_one(english: str) -> None:
    assert english in _headings(ENGLISH), "a section renamed: update SECTIONS"
    assert SECTIONS[english] in _headings(ITALIAN)


def test_every_english_section_is_listed() -> None:
    assert set(_headings(ENGLISH)) == set(SECTIONS)


def test_every_command_and_flag_shown_in_english_is_shown_in_italian() -> None:
    assert _commands(ENGLISH) - _commands(ITALIAN) == set()


def test_every_figure_in_english_is_in_italian() -> None:
    """The load run's, the speed table's and the reliability figures among them."""
    missing = set(_figures(ENGLISH)) - set(_figures(ITALIAN))
    assert missing == set(), sorted(missing)


def test_the_same_pictures_in_the_same_order() -> None:
    assert _pictures(ENGLISH) == _pictures(ITALIAN)


def test_every_page_linked_in_english_is_linked_in_italian() -> None:
    assert _pages(ENGLISH) - _pages(ITALIAN) == {"README.it.md"}


def test_the_checks_see_what_they_compare() -> None:
    """Each reading finds what it is for (a check that reads nothing guards nothing)."""
    assert ("campaign players", "--lang") in _commands(ENGLISH)
    assert ("report", "--all-players") in _commands(ITALIAN)
    assert _figures("452 MiB, 4.9 s, 20,000; T5.3") == Counter({"452": 1, "4.9": 1, "20.000": 1})
    assert _figures("4,9 s e 20.000") == Counter({"4.9": 1, "20.000": 1})
    assert len(_pictures(ENGLISH)) >= 5
