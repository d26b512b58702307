"""Refusals that carry the field they concern, so each interface words them its own way.

The rules know a field as a name (``battle_groups``), never as a command-line flag or a screen
label: the command line turns it into ``--battle-groups``, the app into "Battle groups". A
message may mention other fields as ``{name}``; the interface names those too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from converters.i18n import N_, _

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["FieldError", "plain_name", "pydantic_reason", "refusal_of"]


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


_FRIENDLY: dict[str, str] = {
    "int_parsing": N_("a whole number"),
    "int_type": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_parsing": N_("a number"),
    "float_type": N_("a number"),
    "bool_parsing": N_("yes or no"),
    "bool_type": N_("yes or no"),
    "string_type": N_("text"),
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
    "literal_error": N_("one of {expected}"),
    "enum": N_("one of {expected}"),
    "union_tag_invalid": N_("one of {expected_tags}"),
}
"""pydantic's error types in the words of the table (translated); others keep pydantic's."""

_NO_VALUE = {"extra_forbidden", "missing"}
"""Refusals whose value says nothing: a key that is not a field, a field left out."""


def refusal_of(
    error: ValidationError,
    field: str | None = None,
    *,
    within: str = "",
    kind: type[FieldError] = FieldError,
) -> FieldError:
    """The first problem pydantic found, as a refusal naming its field: the place pydantic
    found it (``contingents.0.pm``), or ``field`` with that place in its message (a file given
    by one flag, ``dice_log``: "b.contingents.0.pm_lost: a number"). The reason is worded as
    the table says it ("at most 6", "a whole number"), in the interface's language; ``kind``
    is the caller's own :class:`FieldError` class, so its callers' ``except`` clauses hold;
    ``within`` is where the validated value sits in a larger document (``events[1].event``).
    """
    first = error.errors()[0]
    place = ""
    for part in first.get("loc", ()):
        place += f"[{part}]" if isinstance(part, int) else f".{part}" if place else str(part)
    if within:
        place = f"{within}.{place}" if place else within
    reason = pydantic_reason(first)
    if field is None:
        return kind(place or "value", "{reason}", reason=reason)
    if not place:
        return kind(field, "{reason}", reason=reason)
    return kind(field, "{place}: {reason}", place=place, reason=reason)


def pydantic_reason(problem: Mapping[str, Any]) -> str:
    """Why pydantic refused a value (one of ``ValidationError.errors()``), in the table's
    words and the interface's language: "at most 6 (got 9)", not "Input should be less than
    or equal to 6"."""
    template = _FRIENDLY.get(problem.get("type", ""))
    try:
        reason = _(template).format(**(problem.get("ctx") or {})) if template else None
    except (KeyError, IndexError):
        reason = None
    if reason is None:
        reason = str(problem.get("msg", _("not allowed")))
    reason = reason.removeprefix("Value error, ")
    given = problem.get("input")
    if (
        template
        and problem.get("type") not in _NO_VALUE
        and isinstance(given, str | int)
        and not isinstance(given, bool)
    ):
        reason += _(" (got {given!r})").format(given=given)
    return reason
