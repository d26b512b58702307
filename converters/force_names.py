"""Generated army and fleet names (T7.2) kept as their parts and said in the reader's language.

T7.2 names a nation's armies "Rome I", "Rome II" … and its fleets "Rome fleet I" …. The ledger
keeps that one English form (in its events, its state and ``--json``), which is the parts of the
name — the nation's key, army or fleet, the number — written in one fixed grammar: a campaign
reads the same in every language, and a file written before this module opens unchanged, since
a name that is exactly a generated name of its own nation is read back as its parts. Where a
name is shown, :func:`shown_name` says the parts the reader's way ("Roma I", "Flotta di Roma I",
issue 25); a name a referee typed ("Legio Prima") is no generated name and is shown as typed.
What a referee types is read the other way by :func:`spellings`: every language's form of a
generated name, so ``--army "Roma I"`` and ``--army "rome i"`` both name "Rome I".

Macedon vs Persia's armies (D1) are the scenario's own: its leaders' armies ("Alexander",
"Darius") and the others numbered by side ("Macedon 2" … "Persia 8"). They are kept the same
way — the scenario's one English form, in the ledger and ``--json`` — and :func:`shown_army`
says them the reader's way ("Alessandro", "Macedonia 2"): a numbered name is its side and its
number, so an army mobilised later as "Persia 9" reads "Persia 9" like its fellows; any other
name a referee gave is shown as typed. :func:`spellings` reads them in either language too.

It sits in ``converters`` because what the ledger recorded ("1 PM of Rome I became Rome V at
Roma") names its forces as values of a description (:class:`converters.said.Force`), said here
by the one renderer, :mod:`converters.wording`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from typing import Literal

from converters.i18n import N_, _, in_every_language
from converters.wording import SHIPPED_NATIONS

__all__ = [
    "FLEETS",
    "LEADERS",
    "ForceKind",
    "ForceName",
    "generated_name",
    "read_generated",
    "roman",
    "shown_army",
    "shown_name",
    "spellings",
]

ForceKind = Literal["army", "fleet"]
"""Land PM march in armies, naval PM sail in fleets."""

FLEETS = (
    # Each shipped nation's fleet as Italian says it ("Flotta dei Senoni", not "di Senoni");
    # a test checks every nation of the shipped scenarios is here.
    N_("Rome fleet"),
    N_("Carthage fleet"),
    N_("Senones fleet"),
    N_("Etruscans fleet"),
    N_("Magna Graecia fleet"),
    N_("Pyrrhus fleet"),
    N_("Syracuse fleet"),
    N_("Neutral fleet"),
    N_("Macedon fleet"),
    N_("Persia fleet"),
)
"""A shipped nation's fleet, whole, so each language can give it its own article."""

LEADERS = (
    # Macedon vs Persia's leaders' armies (D1), as the scenario names them.
    N_("Alexander"),
    N_("Darius"),
)
"""The shipped scenarios' armies named for their leader, said the reader's way ("Alessandro");
a test checks them against the scenario files."""

_FLEET_OF = N_("{nation} fleet")
"""Any other nation's fleet (a club's own board)."""

_NUMERALS = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip

_GENERATED = re.compile(r"(?P<stem>.+) (?P<number>[IVXLCDM]+)", re.DOTALL)
_NUMBERED = re.compile(r"(?P<side>.+) (?P<number>[1-9][0-9]{0,5})", re.DOTALL)
"""A D1 army numbered by its side ("Macedon 2"): ASCII digits, no leading zero."""


def roman(number: int) -> str:
    """``number`` (1 or more) in Roman numerals: 4 → "IV", 1999 → "MCMXCIX"."""
    text = ""
    for value, letters in _NUMERALS:
        while number >= value:
            text += letters
            number -= value
    return text


def _number(numeral: str) -> int | None:
    """The number a Roman numeral stands for, only in its one right form ("IV", not "IIII")."""
    total, rest = 0, numeral
    for value, letters in _NUMERALS:
        while rest.startswith(letters):
            total += value
            rest = rest[len(letters) :]
    if rest or not total or roman(total) != numeral:
        return None
    return total


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ForceName:
    """A generated name's parts (T7.2): whose force, army or fleet, and its number.

    A frozen dataclass, not a pydantic model: it is never read from a file or typed (it is
    made here from a name the ledger keeps), and the app's first frame says the recent
    events' forces before pydantic is imported (:mod:`converters.wording`; issue 21, the
    app's launch)."""

    nation: str
    """The nation's key ("Rome"), as the scenario and the ledger name it."""
    kind: ForceKind
    number: int
    """1 or more: there is no army nought."""

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(
                N_("a generated name's number is 1 or more, not {number}").format(
                    number=self.number
                )
            )

    @property
    def stored(self) -> str:
        """The name as the ledger keeps it: "Rome I", "Rome fleet I"."""
        stem = self.nation if self.kind == "army" else f"{self.nation} fleet"
        return f"{stem} {roman(self.number)}"

    def shown(self) -> str:
        """The name in the active language: "Roma I", "Flotta di Roma I"."""
        return _said(self, _, _(_FLEET_OF))

    def every_spelling(self) -> set[str]:
        """The name as every shipped language says it (the stored form among them)."""
        said = {self.stored}
        templates = in_every_language(_FLEET_OF)
        nations = in_every_language(self.nation)
        fleets = in_every_language(f"{self.nation} fleet")
        for nation, fleet, template in zip(nations, fleets, templates, strict=True):
            words = {self.nation: nation, f"{self.nation} fleet": fleet}
            said.add(_said(self, functools.partial(_looked_up, words), template))
        return said


def _looked_up(words: dict[str, str], text: str) -> str:
    return words.get(text, text)


def _said(name: ForceName, say: Callable[[str], str], fleet_of: str) -> str:
    if name.kind == "army":
        stem = say(name.nation)
    else:
        whole = f"{name.nation} fleet"
        stem = say(whole)
        if stem == whole:
            # No word of the catalogue for this nation's fleet: the general form.
            stem = fleet_of.format(nation=say(name.nation))
    return f"{stem} {roman(name.number)}"


def generated_name(nation: str, kind: ForceKind, number: int) -> str:
    """T7.2: the stored form of ``nation``'s ``number``-th army or fleet ("Rome II")."""
    return ForceName(nation=nation, kind=kind, number=number).stored


def read_generated(
    name: str, nation: str | None = None, kind: ForceKind | None = None
) -> ForceName | None:
    """``name`` read as a generated name's parts: of ``nation`` (and ``kind``) when given, as
    the ledger knows whose the force is, else of whichever nation its words say; None for a
    name that is not exactly a generated one ("Legio Prima", "Rome IIII", "Rome  I")."""
    if nation is not None:
        kinds: tuple[ForceKind, ...] = (kind,) if kind is not None else ("army", "fleet")
        for each in kinds:
            stem = nation if each == "army" else f"{nation} fleet"
            number = _number(name.removeprefix(f"{stem} ")) if name.startswith(stem) else None
            if number is not None and name == f"{stem} {roman(number)}":
                return ForceName(nation=nation, kind=each, number=number)
        return None
    found = _GENERATED.fullmatch(name)
    if found is None or (number := _number(found["number"])) is None:
        return None
    stem = found["stem"]
    read = (
        ForceName(nation=stem.removesuffix(" fleet"), kind="fleet", number=number)
        if stem.endswith(" fleet")
        else ForceName(nation=stem, kind="army", number=number)
    )
    return read if kind is None or read.kind == kind else None


def shown_name(name: str, nation: str | None = None, kind: ForceKind | None = None) -> str:
    """An army's or fleet's name in the active language: a generated one of ``nation`` (and
    ``kind``) said from its parts ("Roma I"), a D1 army of side ``nation`` as :func:`shown_army`
    says it ("Macedonia 4", in the meeting the turn panel asks to settle, D8), any other as
    typed ("Legio Prima")."""
    parts = read_generated(name, nation, kind)
    if parts is not None:
        if nation is None and parts.nation not in SHIPPED_NATIONS:
            # Whose it is unknown: only a shipped nation's generated name reads as one; a
            # referee's "Black fleet II" is their own words.
            return name
        return parts.shown()
    return shown_army(name, nation) if kind is None else name


def _numbered(name: str, side: str | None) -> tuple[str, str] | None:
    """A D1 army's side and number ("Macedon 2" → Macedon, "2"), of ``side`` when given; None
    unless the side is one the catalogue names (a club's "Black 2" is its own words)."""
    found = _NUMBERED.fullmatch(name)
    if found is None or (side is not None and found["side"] != side):
        return None
    if all(said == found["side"] for said in in_every_language(found["side"])):
        return None
    return found["side"], found["number"]


def shown_army(name: str, side: str | None = None) -> str:
    """A Macedon vs Persia army's name (D1) in the active language: a leader's army
    ("Alessandro") or one numbered by ``side`` ("Macedonia 2") said from its parts, any other as
    typed."""
    if name in LEADERS:
        return _(name)
    parts = _numbered(name, side)
    return name if parts is None else f"{_(parts[0])} {parts[1]}"


def spellings(name: str) -> set[str]:
    """Every way a reader may write the force stored as ``name``: a generated name (T7.2) or a
    D1 army's in each language, any other as typed."""
    parts = read_generated(name)
    if parts is not None:
        return parts.every_spelling()
    if name in LEADERS:
        return {name, *in_every_language(name)}
    numbered = _numbered(name, None)
    if numbered is None:
        return {name}
    return {f"{side} {numbered[1]}" for side in in_every_language(numbered[0])}
