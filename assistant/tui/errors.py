"""How the app words a refusal: one line naming each field by the label its screen shows.

The rules and the ledger raise errors that carry their field (:class:`converters.errors.
FieldError`, or a pydantic ``ValidationError`` with its location); the command line names a
field by its flag, the app by its label. Every screen passes its own labels to :func:`describe`,
so the player reads "broken/frag: together at most BGs (10)", never ``--battle-groups`` or
pydantic's "Input should be less than or equal to 6".
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import ValidationError

from converters.errors import FieldError, field_error
from converters.i18n import _

__all__ = ["WIDEST", "describe", "field_of", "number_refusal", "whole_number"]

WIDEST = 7
"""The most digits a whole number typed on a screen takes (the command line's bound, 1 000 000,
has 7)."""

_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*")
"""A field as the rules name it, alone or as a place in an event (``contingents.pm``)."""

_FLAG = re.compile(r"--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")
"""A command-line flag left in an older rule's message (``--winner-pm``)."""


def field_of(error: BaseException) -> str | None:
    """The field a refusal is about (the one to fix first), or ``None``."""
    if isinstance(error, FieldError):
        return error.field
    if isinstance(error, ValidationError):
        raised = (error.errors()[0].get("ctx") or {}).get("error")
        if isinstance(raised, FieldError):  # a model's own check (a name's bound, issue 28)
            return raised.field
        parts = [
            str(part) for part in error.errors()[0].get("loc", ()) if not isinstance(part, int)
        ]
        return parts[-1] if parts else None
    head, colon, _rest = str(error).partition(":")
    if not colon or " " in head.strip() or not head.strip():
        return None
    return head.strip().removeprefix("--").replace("-", "_").rsplit(".", 1)[-1]


def describe(error: BaseException, labels: Mapping[str, str] | None = None) -> str:
    """One line for ``error``, each field named by its label on the screen.

    ``labels`` maps a field (``battle_groups``, or a place in an event, ``contingents.pm``)
    to what the screen shows; a field without a label is shown in words (``army b``).
    """
    known = labels or {}

    def name(field: str) -> str:
        last = field.rsplit(".", 1)[-1]
        label = known.get(field) or known.get(last)
        return _(label) if label else last.replace("_", " ")

    if isinstance(error, FieldError):
        # A refusal raised with an English template (marked with N_, its values apart) is said
        # here in the player's language; one raised already translated reads as it is.
        values = {
            # "" would fetch the catalogue's header: only words are translated.
            key: _(value) if isinstance(value, str) and value.strip() else value
            for key, value in error.values.items()
        }
        said = FieldError(error.fields, _(error.message), **values)
        return said.text(name)
    if isinstance(error, ValidationError):
        return field_error(error).text(name)
    # A refusal not yet carrying its field ("pm: …", "--winner-pm: …"): its leading field and
    # any flag it mentions are named as the screen names them.
    text = _FLAG.sub(lambda match: name(match[1].replace("-", "_")), str(error))
    head, colon, rest = text.partition(":")
    field = head.strip()
    if colon and _IDENTIFIER.fullmatch(field):
        last = field.rsplit(".", 1)[-1]
        if field in known or last in known:
            return f"{name(field)}:{rest}"
    return text


def number_refusal(typed: str, field: str, *, widest: int = WIDEST) -> FieldError | None:
    """Why ``typed`` is not a whole number, as a refusal under ``field`` (None when it is one,
    or empty). Every number field of the app keeps what was typed and asks this: "1.5" is not
    15, "abc" is not nothing, "0.1" is not 1 (issue 27)."""
    text = typed.strip()
    digits = text.removeprefix("-").removeprefix("+")
    if not text or (digits.isascii() and digits.isdigit() and len(digits) <= widest):
        return None
    return FieldError(field, _("a whole number (got {typed!r})"), typed=text)


def whole_number(typed: str, field: str, *, widest: int = WIDEST) -> int | None:
    """``typed`` as a whole number (None when empty); the refusal of :func:`number_refusal`
    raised when it is not one."""
    refusal = number_refusal(typed, field, widest=widest)
    if refusal is not None:
        raise refusal
    text = typed.strip()
    return int(text) if text else None
