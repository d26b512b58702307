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
