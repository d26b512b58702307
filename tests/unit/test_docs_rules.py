"""The repo stands alone: every rule id the code and tests cite is explained in docs/rules.md.

Docstrings and test tables name rules by id (T2.1, G3.3, D10 …) so a reader can look the rule
up; that only works if docs/rules.md has an entry for each, and if nothing reaches outside the
repository for the rules, the rulebooks or their data.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES_DOC = ROOT / "docs" / "rules.md"
CITING_DIRS = ("converters", "armylists", "ghost", "assistant", "tests")
PURE_PACKAGES = ("converters", "armylists", "ghost")
THIS_FILE = Path(__file__).resolve()

RULE_ID = re.compile(r"\b(?:[TDGAB]\d{1,2}(?:\.\d{1,2})?[a-z]?|H\d{1,2}(?:\.\d{1,2})?)\b")
"""A rule id as the code cites it: family letter, number, optional sub-number and letter."""

HOUSE_RULE = re.compile(r"(?:house rule `{1,2}|--rule[ =])([a-z][a-z_]*)")
"""A house-rule option cited by name: "house rule `interception`" or "--rule interception=…"."""

HEADING = re.compile(r"^#{1,4} (\S+)", re.MULTILINE)

OUTSIDE_THE_REPO = re.compile(
    r"\.\./shared|/work/shared|[\"']shared[\"']\s*[/,)]|RULES\.md|[\"'/]seeds[/\"']"
)
"""How a file would reach the shared rulebooks, their data or the normative text outside."""


def _citing_files() -> list[Path]:
    files: list[Path] = []
    for folder in CITING_DIRS:
        for pattern in ("*.py", "*.toml"):
            files.extend(p for p in (ROOT / folder).rglob(pattern) if p.resolve() != THIS_FILE)
    return sorted(files)


def cited_ids(texts: Iterable[str]) -> set[str]:
    """Every rule id named in ``texts``."""
    return {match for text in texts for match in RULE_ID.findall(text)}


def documented_ids(doc: str) -> set[str]:
    """The ids docs/rules.md has an entry for: the first word of each heading."""
    return {word.rstrip(".:") for word in HEADING.findall(doc)}


def house_rule_options(doc: str) -> set[str]:
    """The option names of the house-rules table (section H) of docs/rules.md."""
    section = doc[doc.index("# H — House rules") :]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))


def missing_entries(doc: str, cited: set[str]) -> set[str]:
    """Cited ids with no entry in ``doc``."""
    return cited - documented_ids(doc)


@pytest.fixture(scope="module")
def doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in _citing_files()}


def test_every_rule_id_cited_in_code_and_tests_has_an_entry(
    doc: str, sources: dict[Path, str]
) -> None:
    cited = cited_ids(sources.values())
    assert {"T2.1", "G3.3", "D2", "A4", "B2"} <= cited  # the scan does find citations
    missing = missing_entries(doc, cited)
    where = {
        rule: sorted(str(p.relative_to(ROOT)) for p, text in sources.items() if rule in text)[:3]
        for rule in missing
    }
    assert not missing, f"rule ids cited but not in docs/rules.md: {where}"


def test_removing_an_entry_is_caught(doc: str, sources: dict[Path, str]) -> None:
    cited = cited_ids(sources.values())
    entry = re.search(r"^### T2\.1 .*?(?=^#)", doc, re.MULTILINE | re.DOTALL)
    assert entry is not None
    without = doc.replace(entry.group(0), "")
    assert missing_entries(without, cited) == {"T2.1"}


@pytest.mark.parametrize(
    ("rule", "heading"),
    [
        ("T2.2b", "### T2.2b DBMM"),  # DBMM losses, written before the code cites it
        ("T7.1", "### T7.1 "),  # the map
        ("D10", "### D10 "),  # DBA campaign moves
        ("D14", "### D14 "),
    ],
)
def test_rules_not_yet_cited_already_have_entries(doc: str, rule: str, heading: str) -> None:
    assert heading in doc, f"{rule}: no entry"


def test_house_rules_cited_by_name_are_in_the_h_table(doc: str, sources: dict[Path, str]) -> None:
    options = house_rule_options(doc)
    assert options == {
        "interception",
        "both_retreat",
        "senones_city",
        "control_tie",
        "small_battle",
        "losses",
        "order_change",
        "orders",
        "mercenary_upkeep",
        "forced_march_bar",
    }
    cited = {name for text in sources.values() for name in HOUSE_RULE.findall(text)}
    assert cited <= options, f"house rules cited but not in docs/rules.md H: {cited - options}"


def test_no_python_file_reaches_outside_the_repo_for_rules_or_data(
    sources: dict[Path, str],
) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, text in sources.items()
        if path.suffix == ".py"
        for number, line in enumerate(text.splitlines(), 1)
        if OUTSIDE_THE_REPO.search(line)
    ]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize(
    "line",
    [
        'SHARED = Path(__file__).parents[3] / "shared" / "data"',
        'open("../shared/data/tarentine_start.csv")',
        '"""Prestige (RULES.md T4.1)."""',
        'Path("/work/shared/seeds/000.pdf")',
    ],
)
def test_the_outside_check_recognises_a_reach_outside(line: str) -> None:
    assert OUTSIDE_THE_REPO.search(line)


def test_ordinary_words_are_not_taken_for_a_reach_outside() -> None:
    assert not OUTSIDE_THE_REPO.search('"""G4.1: the army\'s PP, shared among its generals."""')


def test_code_named_in_docs_rules_exists_in_the_pure_packages(doc: str) -> None:
    named = set(re.findall(rf"`((?:{'|'.join(PURE_PACKAGES)})\.[A-Za-z_][\w.]*)`", doc))
    assert len(named) > 30
    absent = []
    for dotted in sorted(named):
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            try:
                for attribute in parts[cut:]:
                    found = getattr(found, attribute)
            except AttributeError:
                absent.append(dotted)
            break
        else:
            absent.append(dotted)
    assert not absent, f"docs/rules.md names code that does not exist: {absent}"
