"""Every description key Castra can say, found in its source, reads in English and Italian
(issue 21 item 2, "every key, not a sample").

tests/unit/test_said.py checks the keys a recorded year of every event kind happens to say; a
key said only on another path (a phase's heading, a refusal of the map, the ghost's) would go
unchecked there. So the source of ``assistant/ converters/ ghost/ armylists/`` is read here:
every template given to ``said(…)``/``sd.said(…)`` or as ``Said(key=…)`` — written there, or
an ``N_`` constant, a table of them or a choice between them that the call names — is a key.
Each is rendered with sample values of the kinds its call sites give its placeholders (a
nation, a province, a number …): it has its Italian in the catalogue with the same
placeholders, it renders in both languages, and its Italian has no word only English uses
other than the sample names.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import pytest

from converters import said as sd
from converters.i18n import _catalogue
from converters.wording import SHIPPED_NATIONS
from tests.english_words import english_only_words, words

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("assistant", "converters", "ghost", "armylists")

MAKERS = {"said"}
"""The calls whose first argument is a description's key."""

KIND_OF_MAKER = {
    "nation": "nation",
    "nation_value": "nation",
    "Nation": "nation",
    "side_named": "nation",
    "province": "province",
    "Province": "province",
    "force": "force",
    "Force": "force",
    "typed": "typed",
    "as_typed": "typed",
    "Typed": "typed",
    "Number": "number",
    "Signed": "signed",
    "signed": "signed",
    "Rule": "rule",
    "rule": "rule",
    "listing": "listing",
    "Listing": "listing",
    "pe_list": "listing",
    "said": "said",
    "Said": "said",
    "clauses": "said",
}
"""What a value's maker makes (``sd.nation(…)`` a nation …), for the sample to give."""


def _words_of(annotation: object) -> set[str]:
    """The strings a ``Literal`` (or a union with one) allows."""
    if isinstance(annotation, str):
        return {annotation}
    return {word for part in get_args(annotation) for word in _words_of(part)}


def _data_keys() -> dict[tuple[str, str], set[str]]:
    """Keys said from a value of the game (a defeat's kind, a D12 status, the ghost's order):
    (module, the expression) → every value it can take, read from the types that allow them."""
    from assistant.ledger.battles import RESOLUTION_NAMES
    from assistant.ledger.events import BattleRecorded, SpecialActionOrdered
    from assistant.ledger.naval import WAYS
    from assistant.ledger.winter import DISBANDED_WORDS
    from assistant.tui.screens.dice_battle import DICE_LABELS
    from converters.dba_campaign import Status
    from ghost.decisions import Order
    from ghost.generals import Personality, Quality, Side

    def field(model: Any, name: str) -> set[str]:
        return _words_of(model.model_fields[name].annotation)

    sides = {"side A", "side B"}  # the dice battle's labels of its two sides (parse_side)
    return {
        ("assistant/ledger/battles.py", "defeat"): field(BattleRecorded, "defeat"),
        ("assistant/ledger/record.py", "resolution.defeat"): field(BattleRecorded, "defeat"),
        ("assistant/ledger/battles.py", "event.resolution"): field(BattleRecorded, "resolution")
        - set(RESOLUTION_NAMES),
        # a break-off has a line of its own ("… breaks off: no effect (D11)")
        ("assistant/ledger/dba_map.py", "event.action"): field(SpecialActionOrdered, "action")
        - {"break-off"},
        ("assistant/ledger/dba_map.py", "loyal.status"): _words_of(Status),
        ("assistant/ledger/naval.py", "rolled.way"): set(WAYS.values()),
        ("assistant/ledger/winter.py", "kind"): set(DISBANDED_WORDS),
        ("assistant/ledger/solo.py", "general.quality.value"): {q.value for q in Quality},
        ("assistant/ledger/solo.py", "general.personality.value"): {p.value for p in Personality},
        ("assistant/ledger/solo.py", "general.side"): _words_of(Side),
        ("assistant/ledger/solo.py", "battle.order.value"): {o.value for o in Order},
        ("assistant/tui/screens/dice_battle.py", "field"): set(DICE_LABELS.values()),
        ("converters/dice_battle.py", "field"): sides,
    }


OTHERWISE_CHECKED = {
    # A seed's own words (the campaign's title, a winter event's text, the map's note), whose
    # Italian the seeds' catalogue test checks (armylists.scenario_texts).
    ("assistant/ledger/state.py", "title"),
    ("assistant/ledger/state.py", "state.map_note"),
    ("assistant/ledger/winter.py", "text"),
    # The templates an older Castra wrote, checked by tests/unit/test_said.py.
    ("converters/upcast.py", "template"),
    ("converters/upcast.py", "part"),
    # A ledger refusal's message, checked with the refusals (tests/tui/test_error_words.py).
    ("assistant/ledger/errors.py", "self._template"),
    # converters.said's own maker.
    ("converters/said.py", "template"),
}
"""Keys that are data checked elsewhere: (module, the expression)."""


@dataclass
class Key:
    """One key found in the source: where it is made, and what kinds each placeholder got."""

    template: str
    places: set[str] = field(default_factory=set)
    kinds: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


class _Module:
    """One module's assignments, to follow a key given by name to the templates it holds."""

    def __init__(self, path: Path, tree: ast.Module) -> None:
        self.path = path
        self.tree = tree
        self.assigned: dict[str, list[ast.expr]] = defaultdict(list)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.assigned[target.id].append(node.value)
            elif (
                isinstance(node, ast.AnnAssign)
                and node.value is not None
                and isinstance(node.target, ast.Name)
            ):
                self.assigned[node.target.id].append(node.value)


def _modules() -> list[_Module]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found.append(_Module(path, tree))
    return found


class _Resolver:
    """The templates an expression may hold: a literal, ``N_(…)``, a name bound to either (in
    its module first, else a module-level constant of another module), a table or a choice
    of them."""

    def __init__(self, modules: list[_Module]) -> None:
        self.modules = modules
        self.constants: dict[str, list[ast.expr]] = defaultdict(list)
        for module in modules:
            for node in module.tree.body:
                if isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        if isinstance(target, ast.Name) and node.value is not None:
                            self.constants[target.id].append(node.value)

    def templates(
        self, node: ast.expr, module: _Module, seen: frozenset[str] = frozenset()
    ) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.JoinedStr | ast.BinOp):
            return set()  # built at run time: no template of the source
        if isinstance(node, ast.Call):
            maker = _name(node.func)
            if maker == "N_" and node.args:
                return self.templates(node.args[0], module, seen)
            return set()
        if isinstance(node, ast.IfExp):
            return self.templates(node.body, module, seen) | self.templates(
                node.orelse, module, seen
            )
        if isinstance(node, ast.Subscript):
            return self.templates(node.value, module, seen)
        if isinstance(node, ast.Dict):
            return {t for value in node.values for t in self.templates(value, module, seen)}
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return {t for value in node.elts for t in self.templates(value, module, seen)}
        name = _name(node)
        if not name or name in seen:
            return set()
        bound = module.assigned.get(name) or self.constants.get(name, [])
        return {t for value in bound for t in self.templates(value, module, seen | {name})}


def _kind(value: ast.expr) -> str | None:
    if isinstance(value, ast.Constant) and isinstance(value.value, int):
        return "number"
    if isinstance(value, ast.UnaryOp) and isinstance(value.operand, ast.Constant):
        return "number"
    if isinstance(value, ast.Call):
        return KIND_OF_MAKER.get(_name(value.func))
    return None


def scan() -> tuple[dict[str, Key], list[str]]:
    """Every key of the source, and the key expressions no template was found for."""
    modules = _modules()
    resolver = _Resolver(modules)
    data = _data_keys()
    keys: dict[str, Key] = {}
    unresolved: list[str] = []
    for module in modules:
        relative = module.path.relative_to(ROOT).as_posix()
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Call):
                continue
            maker = _name(node.func)
            given: ast.expr | None = None
            values: list[tuple[str, ast.expr]] = []
            if maker in MAKERS and node.args:
                if maker == "said" and not _is_said_maker(node.func):
                    continue
                given = node.args[0]
                values = [(k.arg, k.value) for k in node.keywords if k.arg is not None]
            elif maker == "Said":
                for keyword in node.keywords:
                    if keyword.arg == "key":
                        given = keyword.value
                    elif keyword.arg == "values" and isinstance(keyword.value, ast.Dict):
                        values = [
                            (k.value, v)
                            for k, v in zip(keyword.value.keys, keyword.value.values, strict=True)
                            if isinstance(k, ast.Constant) and isinstance(k.value, str)
                        ]
            if given is None:
                continue
            found = resolver.templates(given, module)
            where = (relative, ast.unparse(given))
            found |= data.get(where, set())
            if not found:
                if where not in OTHERWISE_CHECKED:
                    unresolved.append(f"{relative}:{node.lineno} {ast.unparse(given)}")
                continue
            for template in found:
                key = keys.setdefault(template, Key(template))
                key.places.add(f"{relative}:{node.lineno}")
                for name, value in values:
                    kind = _kind(value)
                    if kind is not None:
                        key.kinds[name].add(kind)
    return keys, unresolved


def _is_said_maker(func: ast.expr) -> bool:
    """``said(…)``, ``sd.said(…)``: converters.said's maker, not a local named alike."""
    return isinstance(func, ast.Name) or (
        isinstance(func, ast.Attribute) and _name(func.value) in {"sd", "said"}
    )


SAMPLES: dict[str, sd.Value] = {
    "nation": sd.nation("Magna Graecia"),
    "province": sd.province("Thrace"),
    "force": sd.force("Rome fleet II", "Rome", "fleet"),
    "number": sd.Number(value=3),
    "signed": sd.Signed(value=-2),
    "rule": sd.Rule(id="T4.2"),
    "typed": sd.typed("Quintus"),
    "listing": sd.listing([sd.nation("Rome"), sd.nation("Carthage")]),
    "said": sd.said("Quintus"),
}
"""A value of each kind, its words names only (so the Italian rendering's English is the
key's own)."""

NAMES = {"nation", "side", "winner", "holder", "homeland", "first", "other", "loser"}
"""Placeholder names that are a nation where no call site says which kind."""


def sample(key: Key) -> sd.Said:
    """``key`` with a sample value for each placeholder: of a kind a call site gives it, else
    a nation for a nation's name, a province for a place's, a number otherwise."""
    values: dict[str, sd.Value] = {}
    for name in sd.placeholders(key.template):
        kinds = key.kinds.get(name, set())
        if kinds:
            kind = sorted(kinds)[0]
        elif name in NAMES or name.endswith("nation"):
            kind = "nation"
        elif name in {"province", "place", "where", "to", "origin"}:
            kind = "province"
        elif name in {"force", "army", "fleet"}:
            kind = "force"
        else:
            kind = "typed"
        values[name] = SAMPLES[kind]
    return sd.Said(key=key.template, values=values)


@pytest.fixture(scope="module")
def found() -> tuple[dict[str, Key], list[str]]:
    return scan()


def _has_words(template: str) -> bool:
    return any(character.isalpha() for character in sd.PLACEHOLDER.sub("", template))


def test_every_key_of_the_source_is_found(found: tuple[dict[str, Key], list[str]]) -> None:
    """No key is given by an expression the scan cannot follow (it would go unchecked): the
    keys that are data (a seed's text) are listed in KEYS_FROM_DATA; and the phases' keys,
    said only on the Campaign screen's phase line, are among those found."""
    keys, unresolved = found
    assert unresolved == []
    assert len(keys) > 300
    assert {"{rule} phase {number}", "Phase: {name} ({rule})", "control check {province}: "
            "{homeland} {homeland_score} v {holder} {holder_score}, {outcome} (loyalty now 0, "
            "T5.7)"} <= set(keys)  # fmt: skip


def test_every_key_has_its_italian_with_the_same_placeholders(
    found: tuple[dict[str, Key], list[str]],
) -> None:
    catalogue = _catalogue("it")
    assert catalogue is not None
    english = english_only_words()
    missing, changed = [], []
    for template, key in sorted(found[0].items()):
        if not _has_words(template) or template in SHIPPED_NATIONS:
            continue  # "{nation} {pp}": no words of its own to translate
        italian = catalogue.gettext(template)
        if italian == template and words(sd.PLACEHOLDER.sub(" ", template)) & english:
            missing.append(f"{template!r} ({sorted(key.places)[0]})")
        if sd.placeholders(italian) != sd.placeholders(template):
            changed.append(template)
    assert missing == [], "keys with no Italian"
    assert changed == [], "Italian with other placeholders"


def test_every_key_renders_in_both_languages_with_no_english_word_in_italian(
    found: tuple[dict[str, Key], list[str]],
) -> None:
    """Each key with sample values: English is the template filled in; Italian has no word
    only English uses, beyond the sample names (and the rule ids)."""
    english_words = english_only_words()
    names = {w for value in SAMPLES.values() for lang in ("en", "it")
             for w in words(sd.render(sd.said("{v}", v=value), lang))}  # fmt: skip
    left: list[str] = []
    for template, key in sorted(found[0].items()):
        described = sample(key)
        english = sd.render(described, "en")
        italian = sd.render(described, "it")
        assert not sd.PLACEHOLDER.search(english), template
        assert not sd.PLACEHOLDER.search(italian), template
        if template in SHIPPED_NATIONS:
            continue
        english_left = words(italian) & english_words - names
        if english_left:
            left.append(f"{italian!r} keeps {sorted(english_left)} ({sorted(key.places)[0]})")
    assert left == []
