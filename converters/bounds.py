"""How long a name or a note a user types may be, in one place every interface reads.

A name is printed in chart legends, table cells, the Map screen's labels and a PDF's columns;
an unbounded one stalled the report's charts and grew memory without end (issue 28). The
bounds are checked where the value enters a model (the ledger's events, a scenario's nations),
so the command line, the app and an imported file meet the same refusal, in the table's words
("at most 60 characters"), naming the field the user typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Annotated, Any

from pydantic import BaseModel, StringConstraints

from converters.errors import FieldError
from converters.i18n import ngettext

__all__ = [
    "NAME_MOST",
    "TEXT_MOST",
    "Name",
    "Text",
    "check_lengths",
    "too_long",
]

NAME_MOST = 60
"""Characters in a name: a nation, an army or fleet, a province or place, who entered an event,
a rule's name or value. Room for "Magna Graecia (Tarentum and allies)" with some to spare."""

TEXT_MOST = 2000
"""Characters in free text: a note, a treaty's terms, an undo's or a rule change's reason."""

Name = Annotated[str, StringConstraints(max_length=NAME_MOST)]
"""A name a user types, at most :data:`NAME_MOST` characters."""

Text = Annotated[str, StringConstraints(max_length=TEXT_MOST)]
"""Free text a user types, at most :data:`TEXT_MOST` characters."""


def too_long(field: str, text: str, most: int) -> FieldError:
    """The refusal of ``text`` typed in ``field``: how many characters it may have and how
    many it has (the text itself is not repeated: it may be thousands of characters)."""
    return FieldError(
        field,
        ngettext(
            "at most {most} character (got {length})",
            "at most {most} characters (got {length})",
            most,
        ),
        most=most,
        length=len(text),
    )


def _texts(value: Any) -> Iterator[str]:
    """Every string a field's value holds: itself, its items, its keys (a nation in
    ``{"Rome": 3}``); a nested model checks its own fields."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key in value:
            yield from _texts(key)
    elif isinstance(value, Iterable) and not isinstance(value, BaseModel | bytes):
        for item in value:
            yield from _texts(item)


def check_lengths(model: BaseModel, *, texts: Iterable[str] = (), skip: Iterable[str] = ()) -> None:
    """Refuse ``model`` when a string it holds is longer than its bound: :data:`TEXT_MOST` for
    the fields named in ``texts``, :data:`NAME_MOST` for every other one except ``skip`` (data
    the program wrote itself, such as a finished ghost battle's record)."""
    free_text, left_out = set(texts), set(skip)
    for field, value in model:
        if field in left_out:
            continue
        most = TEXT_MOST if field in free_text else NAME_MOST
        for text in _texts(value):
            if len(text) > most:
                raise too_long(field, text, most)
