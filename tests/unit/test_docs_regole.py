"""docs/regole.md is the Italian twin of docs/rules.md (issue 25): a rule id shown on an
Italian screen (T2.1, G3.3, D10 …) can be looked up in Italian, so every id with an entry in
one page has an entry in the other, and the house rules' options are the same."""

from __future__ import annotations

import re
from pathlib import Path

from tests.unit.test_docs_rules import RULE_ID, documented_ids

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _ids(page: str) -> set[str]:
    return {word for word in documented_ids(page) if RULE_ID.fullmatch(word)}


def _options(page: str) -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+)` \|", page, re.MULTILINE))


def test_every_rule_id_has_an_entry_in_both_languages() -> None:
    english = _ids((DOCS / "rules.md").read_text(encoding="utf-8"))
    italian = _ids((DOCS / "regole.md").read_text(encoding="utf-8"))
    assert {"T2.1", "D10", "G3.3", "A4", "B2"} <= english  # the scan finds the entries
    assert english - italian == set(), "add these to docs/regole.md"
    assert italian - english == set(), "docs/regole.md names rules docs/rules.md lacks"


def test_the_house_rules_are_the_same_options() -> None:
    english = _options((DOCS / "rules.md").read_text(encoding="utf-8"))
    italian = _options((DOCS / "regole.md").read_text(encoding="utf-8"))
    assert english and english == italian


PARTS = {
    "**Reading": "**Lettura",
    "**Options:**": "**Opzioni:**",
    "**Code:**": "**Codice:**",
    "**Not yet": "**Non ancora",
}
"""The parts of an entry (docs/rules.md, "How to read an entry") and their Italian names."""


def _entries(page: str) -> dict[str, str]:
    """Each rule id's entry: the text under its heading, up to the next heading."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for line in page.splitlines():
        heading = re.match(r"#{2,4} +(\S+)", line)
        if heading and RULE_ID.fullmatch(heading[1]):
            current = heading[1]
            found[current] = []
        elif line.startswith("#"):
            current = None
        elif current is not None:
            found[current].append(line)
    return {rule: "\n".join(lines) for rule, lines in found.items()}


def test_every_entry_says_in_italian_what_the_english_one_says() -> None:
    """Issue 25: the Italian twin says each rule as fully as docs/rules.md — the same parts
    (a Reading for each Reading, the Options, the Code, what is not yet done) and not in a
    summary: at least four fifths of the English entry's words (Italian runs longer)."""
    english = _entries((DOCS / "rules.md").read_text(encoding="utf-8"))
    italian = _entries((DOCS / "regole.md").read_text(encoding="utf-8"))
    assert len(english) > 90
    short = []
    for rule, text in english.items():
        said = italian.get(rule, "")
        for part, parte in PARTS.items():
            if text.count(part) > said.count(parte):
                short.append(f"{rule}: {parte.strip('*')} ×{text.count(part)}")
        if len(said.split()) < 0.8 * len(text.split()):
            short.append(f"{rule}: {len(said.split())} words for {len(text.split())}")
    assert short == [], "docs/regole.md says less than docs/rules.md: " + "; ".join(short)
