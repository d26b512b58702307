"""The ledger's refusals: one line naming the field and what is allowed.

In a module of their own so that every part of the ledger (the state models, each event
family, the store) can refuse with them without importing the part that replays events.
"""

from __future__ import annotations

import sys
from string import Formatter
from typing import TYPE_CHECKING, Any, cast

from armylists.names import nation_name
from converters.errors import FieldError, plain_name
from converters.i18n import N_, _
from converters.wording import SHIPPED_NATIONS

if TYPE_CHECKING:
    from converters.said import Said, Value

__all__ = ["LedgerError", "LedgerFieldError"]


class LedgerError(ValueError):
    """An impossible event: one line naming the field and what is allowed. Nothing is written."""


class LedgerFieldError(FieldError, LedgerError):
    """A :class:`LedgerError` that carries its field, for each interface to name its own way.

    ``message`` is the English template, marked with ``N_``: it is translated here, for the
    interface, while :attr:`english` keeps the language-neutral line for what is recorded (a
    history summary that words why an imported event could not have been recorded)."""

    def __init__(self, field: str | tuple[str, ...], message: str, **values: Any) -> None:
        self._template = message
        self._values = values
        said = _said_type()
        if said is not None:
            # A value that is a description (a phase's rule, T5.2) is said in each language.
            english = {k: v.english() if isinstance(v, said) else v for k, v in values.items()}
        else:
            english = values
        self.english = FieldError(field, message, **english).text()
        """The refusal in English, the way the ledger records text."""
        # A nation inside the refusal reads as the interface says it ("Roma ha 0 PM …"); a
        # description (a date, a phase's rule) is said in each language ("Turno 2, aprile
        # 278 a.C. … non è un turno invernale").
        shown = {key: _shown_value(key, value) for key, value in values.items()}
        super().__init__(field, _(message), **shown)

    def said(self) -> Said:
        """The refusal as data, for a history that says why an imported event could not have
        been recorded (the fields as the ledger names them, a value as its kind reads)."""
        from converters.said import Said, typed

        names = {name for _text, name, _spec, _conv in Formatter().parse(self._template) if name}
        values: dict[str, Value] = {
            name: _said_value(name, self._values[name])
            if name in self._values
            else typed(plain_name(name))
            for name in names
        }
        reason = Said(key=self._template, values=values)
        if not self.fields:
            return reason
        return Said(
            key="{field}: {reason}",
            values={"field": typed("/".join(self.fields)), "reason": reason},
        )

    @classmethod
    def inside(cls, *, field: str, refusal: FieldError) -> LedgerFieldError:
        """``refusal`` of a place inside what ``field`` gave (a dice log's
        ``b.contingents[0].pm_lost``), as a refusal of ``field`` naming that place."""
        if not refusal.fields:
            return cls(field, N_("{reason}"), reason=refusal.reason())
        place = "/".join(refusal.fields)
        return cls(field, N_("{place}: {reason}"), place=place, reason=refusal.reason())


def _said_type() -> type[Said] | None:
    """The class of descriptions, if any was made in this process (:mod:`converters.said`
    needs pydantic, which a refusal at the first frame has not imported)."""
    module = sys.modules.get("converters.said")
    return None if module is None else cast("type[Said]", module.Said)


def _said_value(key: str, value: Any) -> Value:
    from converters.said import Number, Said, force, nation, typed

    if isinstance(value, Said):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Number(value=value)
    if isinstance(value, str) and key in _FORCE_KEYS:
        return force(value)
    if isinstance(value, str) and value in SHIPPED_NATIONS:
        return nation(value)
    return typed(str(value))


def _shown_value(key: str, value: Any) -> Any:
    if not isinstance(value, str):
        said = _said_type()
        if said is not None and isinstance(value, said):
            from converters.said import render  # loaded already: a description was made

            return render(value)
        return value
    if key == "title":
        from armylists.scenario_texts import scenario_text

        return scenario_text(value)
    if key in _FORCE_KEYS:
        return _force_shown(value)
    # A list of names ("Rome I, Carthage II", "Etruscans, Senones"): each as the reader names
    # it, a nation or a force (issue 25); a province or a number is left as it is.
    return ", ".join(_named(item) for item in value.split(", "))


def _named(item: str) -> str:
    shown = nation_name(item)
    return _force_shown(item) if shown == item else shown


_FORCE_KEYS = frozenset({"force", "army", "fleet", "target"})
"""The values of a refusal that name an army or a fleet (orders' "{force} is a force of …")."""


def _force_shown(name: str) -> str:
    """A generated force name of a shipped nation as the reader says it ("Flotta di Roma I",
    T7.2) or a Macedon vs Persia army as it says it ("Macedonia 2", D1); any other name as
    typed (a referee's "Black fleet II" is their own words)."""
    from converters.force_names import read_generated, shown_army  # it imports converters.i18n

    parts = read_generated(name)
    if parts is None:
        return shown_army(name)
    stem = parts.nation if parts.kind == "army" else f"{parts.nation} fleet"
    return parts.shown() if _(stem) != stem else name
