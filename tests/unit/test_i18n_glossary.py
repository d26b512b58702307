"""The clubs' glossary (issue 25): one Italian word per concept, the rulebooks' own.

docs/translating.md ("Glossary") lists the word Castra uses for each term and the form it
rejects; this test reads every Italian message of the catalogue and fails on a rejected form,
so a new message cannot bring back *lealtà* for the seed's *fedeltà* (seed T), *armata* for a
Tarentine, DBA or ghost army (ANNI BUI alone says *armata*), two ways of writing PM, or "Annulla"
for Undo next to "Annulla" for Cancel on the same form.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "converters" / "locale" / "it" / "LC_MESSAGES" / "castra.po"

ANNI_BUI_MODULES = (
    "converters/annibui.py",
    "assistant/tui/screens/annibui.py",
    "assistant/cli/commands/annibui.py",
)
"""ANNI BUI's own words: seed A calls an army *armata*, so its messages may."""


class Term(NamedTuple):
    concept: str
    rejected: str
    """A regular expression for the form the glossary rejects, in an Italian message."""
    only_for: str = ""
    """A regular expression on the English message: the rule holds only where it matches
    (the same Italian word is right for another English one, e.g. *rotta* for a route)."""


GLOSSARY = (
    Term("fedeltà (loyalty, seed T)", r"\b[Ll]ealtà\b|\bleal[ei]\b"),
    Term("madrepatria (homeland, seed T)", r"\bpatria\b", r"(?i)homeland"),
    Term("ricostituire (rebuild, T2.5)", r"\b[Rr]icostru(?!iscilo)"),
    Term(
        "trattato violato (treaty broken, T4.2)", r"\b(rott[oi]|romp\w*)\b", r"(?i)treat|breaks it"
    ),
    Term("parte (a battle's side)", r"\blat[oi]\b"),
    Term(
        "centri di approvvigionamento (supply centres, seed B)", r"rifornimento", r"supply centre"
    ),
    Term("basette equivalenti (element equivalents, T2.2)", r"elementi equivalenti"),
    Term("intercettamento (interception, T3.6)", r"intercettazion"),
    Term("caratteristica (a ghost general's personality, G1)", r"[Pp]ersonalità"),
    Term(
        "Storna (undo), Annulla only for cancel",
        r"(?i)annull",
        r"(?i)\bundo\b|\bundone\b|\bundid\b",
    ),
    Term("PM, PE, PP, PV undotted", r"\bP\.[MEPV]\.?"),
    Term("tira di nuovo / rilancia (re-roll)", r"\britira\b", r"(?i)roll again|re-roll"),
    Term("valore per colpire (a d6 target number, T3.1)", r"bersaglio", r"(?i)target (hits|is)"),
    Term("Esci dall'inserimento (leave a text field)", r"\bcampo\b", r"^Leave field$"),
    Term("Destinazione (a march's destination)", r"^A\b", r"^To\b"),
    Term("turno invernale (winter turn)", r"turno d'inverno"),
    Term("dadi virtuali (the app rolls)", r"dadi tirati", r"^rolled dice"),
    Term("dirigibili (airships, seed A)", r"aeronav"),
    Term("abilità (ANNI BUI abilities, seed A)", r"\b[Cc]apacità\b|CAPACITÀ", r"(?i)abilit"),
    Term("lascia il campo con il N% (leaves the field at, G1)", r"lascia il campo al\b"),
    Term("ricevuto (a refusal's got)", r"\((scritto|dato) \{", r"\bgot\b"),
    Term(
        "controllata da, chi la controlla (held by, seed T)",
        r"chi la tiene|chi teneva|tenut[ae] da",
    ),
    Term("BE (element equivalents, short)", r"\bElEq\b"),
    Term("concordare i dadi (agree on dice, T1.8)", r"d'accordo", r"(?i)\bagree"),
    Term(
        "territorio (sacked land, T4.2)",
        r"\bterr[ae]\b",
        r"(?i)\bland\b.*\bsack|\bsack\w*\b.*\bland\b",
    ),
)


def _catalogue() -> Any:
    with PO.open("rb") as handle:
        return read_po(handle, locale="it")


def _anni_bui_messages() -> set[str]:
    """Every literal ANNI BUI's modules mark for translation."""
    found: set[str] = set()
    for module in ANNI_BUI_MODULES:
        for node in ast.walk(ast.parse((ROOT / module).read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"_", "N_", "NP_", "ngettext"}
            ):
                found.update(
                    argument.value
                    for argument in node.args
                    if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                )
    return found


def _italian() -> list[tuple[str, str]]:
    """(English message, each Italian form of it) for the whole catalogue."""
    pairs = []
    for message in _catalogue():
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs.extend((english, form) for form in forms)
    return pairs


@pytest.mark.parametrize("term", GLOSSARY, ids=[term.concept for term in GLOSSARY])
def test_no_italian_message_uses_a_rejected_form(term: Term) -> None:
    offending = [
        (english, italian)
        for english, italian in _italian()
        if (not term.only_for or re.search(term.only_for, english))
        and re.search(term.rejected, italian)
    ]
    assert offending == [], f"{term.concept}: use the glossary's word (docs/translating.md)"


def test_armata_is_anni_bui_s_word_alone() -> None:
    """I1: *esercito* for a Tarentine, DBA or ghost army; *armata* only in ANNI BUI (seed A),
    besides the ghost seed's *generale d'armata* and DBM's *punti armata*."""
    anni_bui = _anni_bui_messages()
    offending = [
        (english, italian)
        for english, italian in _italian()
        if english not in anni_bui
        and re.search(r"(?<!generale d')(?<!punti )\b[Aa]rmat[ae]\b", italian)
    ]
    assert offending == []


@pytest.mark.parametrize(
    ("rejected", "text"),
    [
        (r"\b[Ll]ealtà\b|\bleal[ei]\b", "la lealtà resta 0"),
        (r"\bP\.[MEPV]\.?", "Roma ha 4 P.M."),
        (r"(?i)annull", "Annulla l'ultimo evento"),
        (r"d'accordo", "T1.8: i giocatori sono d'accordo sui dadi"),
        (r"\bterr[ae]\b", "la terra saccheggiata è in Gallia"),
    ],
)
def test_the_check_would_catch_the_old_wording(rejected: str, text: str) -> None:
    """The patterns find what the review found (a pattern that matches nothing guards nothing)."""
    assert re.search(rejected, text)


ITALIAN_DOCS = ("README.it.md", "docs/regole.md")


@pytest.mark.parametrize("page", ITALIAN_DOCS)
def test_the_italian_pages_use_the_glossary_s_words(page: str) -> None:
    """README.it.md and docs/regole.md say what the screens say: no rejected form of a term
    that has one whatever the English (a term bound to an English message is checked above)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    offending = [
        (term.concept, found.group(0))
        for term in GLOSSARY
        if not term.only_for
        for found in re.finditer(term.rejected, text)
    ]
    assert offending == []
