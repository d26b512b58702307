"""Refusals that carry the field they concern, so each interface words them its own way.

The rules know a field as a name (``battle_groups``), never as a command-line flag or a screen
label: the command line turns it into ``--battle-groups``, the app into "Battle groups". A
message may mention other fields as ``{name}``; the interface names those too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["FieldError", "plain_name"]


def plain_name(field: str) -> str:
    """A field as the rules call it, for logs and for callers with no naming of their own."""
    return field


class _Naming(dict[str, Any]):
    """Values for a message's placeholders; a placeholder with no value is a field's name."""

    def __init__(self, values: dict[str, Any], name: Callable[[str], str]) -> None:
        super().__init__(values)
        self.name = name

    def __missing__(self, key: str) -> str:
        return self.name(key)


class FieldError(ValueError):
    """A value the rules refuse: which field(s), and why.

    ``FieldError(("broken", "fragmented"), "together at most {battle_groups} ({most})",
    most=10)``: ``{most}`` is a value, ``{battle_groups}`` another field, named by whoever
    shows the error (:meth:`text`).
    """

    def __init__(self, field: str | tuple[str, ...], message: str, **values: Any) -> None:
        self.fields: tuple[str, ...] = (field,) if isinstance(field, str) else field
        """The fields the refusal is about, the first being the one to fix."""
        self.message = message
        """Why, with ``{name}`` for values and for other fields."""
        self.values = values
        super().__init__(self.text(plain_name))

    @property
    def field(self) -> str:
        """The field to fix first."""
        return self.fields[0]

    def reason(self, name: Callable[[str], str] = plain_name) -> str:
        """The message alone, other fields named by ``name``."""
        return self.message.format_map(_Naming(self.values, name))

    def text(self, name: Callable[[str], str] = plain_name) -> str:
        """``"broken/fragmented: together at most battle_groups (10)"``, each field named by
        ``name`` (a flag on the command line, a label in the app)."""
        return f"{'/'.join(name(field) for field in self.fields)}: {self.reason(name)}"
