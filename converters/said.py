"""What was said, kept as data: a stable key and typed values, worded only when it is shown.

The ledger used to keep what each event did as an English sentence and the Italian interface
found, by matching templates, the sentence it came from (issue 21): a referee's note "March"
came out "marzo", and a reworded template left old sentences English for ever. As Wagtail keeps
a log entry as an action and its data and renders it with gettext when it is shown, a
:class:`Said` is the key of what was said — the English template, which is also the catalogue's
msgid, so the key needs no table of its own — and its values, each of a kind that says how it
reads in the reader's language:

- a nation (:class:`Nation`: a shipped nation in the seeds' form, "Roma"; a club's own as typed),
- a province (:class:`Province`: the board's name, the same in every language),
- an army or fleet (:class:`Force`: a generated name said from its parts, "Flotta di Roma I"),
- a number (:class:`Number`) or a change (:class:`Signed`, "+2", "−1"),
- a rule id (:class:`Rule`, "T4.2"),
- a nested description (a :class:`Said` inside a :class:`Said`: "draw", the turn's date),
- several of these in a row (:class:`Listing`: "Rome +1, Carthage −1"),
- and text a person typed (:class:`Typed`), which is never translated: "March" stays "March".

:func:`render` says it in a language at the moment it is shown (through the one renderer,
:mod:`converters.wording`); in English it is, byte for byte, the sentence Castra recorded
before (the tests' English expectations hold). It sits in
``converters``, the lowest layer, because the ledger and the ghost both say things this way.
A description is a frozen model, so ``--json`` carries it as ``{"kind": "said", "key",
"values"}`` beside the English text and reads it back unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from converters.force_names import ForceKind
from converters.wording import render_data

__all__ = [
    "CLAUSES",
    "PLACEHOLDER",
    "Force",
    "Listing",
    "Nation",
    "Number",
    "Province",
    "Rule",
    "Said",
    "Signed",
    "Typed",
    "Value",
    "clauses",
    "clauses_of",
    "force",
    "listing",
    "nation",
    "placeholders",
    "province",
    "render",
    "said",
    "shown",
    "typed",
]


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Nation(_Value):
    """A nation, by its key ("Rome")."""

    kind: Literal["nation"] = "nation"
    name: str


class Province(_Value):
    """A province or place of the board, by its name (the same in every language)."""

    kind: Literal["province"] = "province"
    name: str


class Force(_Value):
    """An army or fleet, by its stored name ("Rome I", "Legio Prima")."""

    kind: Literal["force"] = "force"
    name: str
    nation: str | None = None
    """Whose it is, when the ledger knows: a generated name is read as that nation's only."""
    force: ForceKind | None = None


class Number(_Value):
    """A count or a figure; ``spec`` formats it as Python's :func:`format` does (".1f")."""

    kind: Literal["number"] = "number"
    value: int | float
    spec: str = ""


class Signed(_Value):
    """A change: "+2", "0", "-1" (or "−1" with ``minus`` "−", as the summaries of issue 27)."""

    kind: Literal["signed"] = "signed"
    value: int
    minus: Literal["-", "−"] = "-"


class Rule(_Value):
    """A rule id of docs/rules.md ("T4.2", "D11"), the same in every language."""

    kind: Literal["rule"] = "rule"
    id: str


class Typed(_Value):
    """Text a person typed (a note, a reason, a treaty's terms): shown exactly as typed."""

    kind: Literal["typed"] = "typed"
    text: str


class Listing(_Value):
    """Several values in a row, "Rome 25 PE, Carthage 21 PE": each said in its own way."""

    kind: Literal["listing"] = "listing"
    items: tuple[Value, ...]
    separator: str = ", "


class Said(_Value):
    """What was said: its key (the English template, the catalogue's msgid) and its values,
    one for each of the key's placeholders."""

    kind: Literal["said"] = "said"
    key: str
    values: dict[str, Value] = {}

    def english(self) -> str:
        """The sentence in English (what the history recorded before descriptions)."""
        return render_data(self.model_dump(), "en")


Value = Annotated[
    Nation | Province | Force | Number | Signed | Rule | Typed | Listing | Said,
    Field(discriminator="kind"),
]
"""One value of a description, by its kind."""

Listing.model_rebuild()
Said.model_rebuild()


def render(description: Said, language: str | None = None) -> str:
    """``description`` in ``language`` (the active one when None), worded now from the
    catalogue (:func:`converters.wording.render_data`); in English, the sentence as Castra
    recorded it."""
    return render_data(description.model_dump(), language)


def shown(description: Said | None, english: str) -> str:
    """What was said, in the active language; ``english`` (as recorded) for an entry that
    has no description (none is missing from what this Castra records)."""
    return english if description is None else render(description)


def said(template: str, **values: Value | int) -> Said:
    """A description of ``template`` with its ``values`` (a bare int is a :class:`Number`)."""
    return Said(
        key=template,
        values={
            name: Number(value=value) if isinstance(value, int) else value
            for name, value in values.items()
        },
    )


def nation(name: str) -> Nation:
    """A nation's value."""
    return Nation(name=name)


def province(name: str) -> Province:
    """A province's value."""
    return Province(name=name)


def force(name: str, nation: str | None = None, kind: ForceKind | None = None) -> Force:
    """An army's or fleet's value."""
    return Force(name=name, nation=nation, force=kind)


def typed(text: str) -> Typed:
    """Text a person typed, never translated."""
    return Typed(text=text)


def listing(items: Iterable[Value], separator: str = ", ") -> Listing:
    """Values in a row, joined by ``separator``."""
    return Listing(items=tuple(items), separator=separator)


CLAUSES = "{clauses}"
"""The key of several descriptions said one after the other, "battle of …; prestige …": it has
no words of its own, so the catalogue needs no entry for it."""


def clauses(*parts: Said) -> Said:
    """``parts`` one after the other, "; " between them (one part alone is itself)."""
    if len(parts) == 1:
        return parts[0]
    return Said(key=CLAUSES, values={"clauses": Listing(items=parts, separator="; ")})


def clauses_of(description: Said) -> list[Said]:
    """The clauses of ``description`` one after the other, each said on its own ("battle of
    …", "prestige …"): what a report lists line by line (a description of one clause is
    itself)."""
    if description.key != CLAUSES:
        return [description]
    listing = description.values["clauses"]
    assert isinstance(listing, Listing)  # clauses() builds it so
    return [part for item in listing.items if isinstance(item, Said) for part in clauses_of(item)]


PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?(?::\w+)?\}")


def placeholders(template: str) -> set[str]:
    """The names of ``template``'s placeholders ("{nation} won" → {"nation"})."""
    return set(PLACEHOLDER.findall(template))
