"""Refusals that carry the field they concern, so each interface words them its own way.

The rules know a field as a name (``battle_groups``), never as a command-line flag or a screen
label: the command line turns it into ``--battle-groups``, the app into "Battle groups". A
message may mention other fields as ``{name}``; the interface names those too. A pydantic
``ValidationError`` becomes a :class:`FieldError` through :func:`field_error`, so the
interfaces' ``describe()`` are the only places that turn a refusal into a line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from converters.i18n import N_, _

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["PYDANTIC_WORDS", "FieldError", "field_error", "naming_field", "plain_name"]

PYDANTIC_WORDS: dict[str, str] = {
    "int_parsing": N_("a whole number"),
    "int_type": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_parsing": N_("a number"),
    "float_type": N_("a number"),
    "bool_type": N_("yes or no"),
    "string_type": N_("text"),
    "bool_parsing": N_("yes or no"),
    "greater_than_equal": N_("at least {ge}"),
    "greater_than": N_("more than {gt}"),
    "less_than_equal": N_("at most {le}"),
    "less_than": N_("less than {lt}"),
    "string_too_short": N_("required"),
    "too_short": N_("at least {min_length}"),
    "too_long": N_("at most {max_length}"),
    "string_too_long": N_("at most {max_length} characters"),
    "missing": N_("required"),
    "extra_forbidden": N_("not a field here"),
    "string_pattern_mismatch": N_("not in the expected form"),
    "literal_error": N_("one of {expected}"),
    "enum": N_("one of {expected}"),
}
"""pydantic's error types in the words of the table; others keep pydantic's message."""


_ECHOED_MOST = 60
"""The longest text a refusal repeats back to the user ("(got 'Rome ')")."""


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
        """The field to fix first ("" for a refusal of the whole input)."""
        return self.fields[0] if self.fields else ""

    def reason(self, name: Callable[[str], str] = plain_name) -> str:
        """The message alone, other fields named by ``name``."""
        return self.message.format_map(_Naming(self.values, name))

    def text(self, name: Callable[[str], str] = plain_name) -> str:
        """``"broken/fragmented: together at most battle_groups (10)"``, each field named by
        ``name`` (a flag on the command line, a label in the app); a refusal of the whole
        input (no field) is its reason alone."""
        if not self.fields:
            return self.reason(name)
        return f"{'/'.join(name(field) for field in self.fields)}: {self.reason(name)}"


def naming_field(message: str, placeholder: str, field: str) -> str:
    """``message`` with its ``{placeholder}`` turned into the field ``field``, named by the
    interface when shown: one translated sentence serves several fields ("at most {whole}"
    → "at most {battle_groups}")."""
    return message.replace("{" + placeholder + "}", "{" + field + "}")


def field_error(
    error: ValidationError, whole: str | tuple[str, ...] = (), *, positions: bool = False
) -> FieldError:
    """pydantic's first problem as a :class:`FieldError`: the field its location names
    (``corps.quality``; with ``positions``, a place in a JSON document as it is written,
    ``generals[0].pp``; for a check of the whole model ``whole``, by default no field),
    why in the table's words in the active language ("at most 6 (got 7)"), else pydantic's
    own message. A :class:`FieldError` raised by a validator comes back as it was raised."""
    first = error.errors()[0]
    raised = (first.get("ctx") or {}).get("error")
    if isinstance(raised, FieldError):
        return raised
    location = ""
    for part in first.get("loc", ()):
        if isinstance(part, int):
            location += f"[{part}]" if positions else ""
        else:
            location += f".{part}" if location else str(part)
    field: str | tuple[str, ...] = location or whole
    template = PYDANTIC_WORDS.get(first.get("type", ""))
    pydantic_says = str(first.get("msg", "")).removeprefix("Value error, ")
    if template is None:
        return FieldError(field, "{reason}", reason=pydantic_says)
    try:
        reason = _(template).format(**(first.get("ctx") or {}))
    except (KeyError, IndexError):
        return FieldError(field, "{reason}", reason=pydantic_says)
    given = first.get("input")
    if isinstance(given, str) and len(given) > _ECHOED_MOST:
        # A text too long to read back in one line (issue 28: 5,000 characters) is not echoed.
        return FieldError(field, "{reason}", reason=reason)
    if isinstance(given, str | int) and not isinstance(given, bool):
        return FieldError(field, _("{reason} (got {given!r})"), reason=reason, given=given)
    return FieldError(field, "{reason}", reason=reason)
