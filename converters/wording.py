"""The one renderer of what was said (:mod:`converters.said`), over its plain JSON form.

A description is rendered where it is shown, in the reader's language; the app's first frame
shows the latest events from the glance before pydantic is imported (the ledger keeps them there
as JSON), so the renderer reads the plain form — ``{"kind": "said", "key", "values"}`` — with
the standard library and the catalogue alone, and the frozen models render through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from converters import i18n
from converters.province_names import province_name

__all__ = ["SHIPPED_NATIONS", "render_data"]

SHIPPED_NATIONS = frozenset(
    {
        # The shipped scenarios' nations, which the catalogue names (a test checks them against
        # armylists.names.NATION_NAMES); a club's own nation is shown as typed, even an English
        # word.
        "Rome",
        "Carthage",
        "Senones",
        "Etruscans",
        "Magna Graecia",
        "Pyrrhus",
        "Syracuse",
        "Neutral",
        "Macedon",
        "Persia",
    }
)

_ITALIAN_SEPARATORS = str.maketrans({".": ",", ",": "."})


def render_data(value: Mapping[str, Any], language: str | None = None) -> str:
    """A description (or one of its values) in its plain form, in ``language`` (the active
    one when None); in English, the sentence as Castra recorded it."""
    if language is None or language == i18n.current_language():
        return _shown(value)
    # In this thread only: the ledger words its English summaries in workers too (the
    # Chronicle is told in one) while the screen goes on being drawn in the reader's language.
    with i18n.speaking(language):
        return _shown(value)


def _shown(value: Mapping[str, Any]) -> str:
    kind = value["kind"]
    if kind == "said":
        key: str = value["key"]
        template = i18n._(key)
        values: Mapping[str, Mapping[str, Any]] = value.get("values") or {}
        if not values:
            return template
        words = {name: _shown(each) for name, each in values.items()}
        try:
            return template.format_map(words)
        except (KeyError, IndexError, ValueError):
            # A translation that lost a placeholder (a test keeps the shipped ones whole):
            # the English, rather than nothing.
            return key.format_map(words)
    if kind == "nation":
        name: str = value["name"]
        return i18n._(name) if name in SHIPPED_NATIONS else name
    if kind == "province":
        return province_name(str(value["name"]))
    if kind == "force":
        from converters.force_names import shown_name  # pydantic: only when a force is shown

        return shown_name(value["name"], value.get("nation"), value.get("force"))
    if kind == "number":
        text = format(value["value"], value.get("spec", ""))
        # Italian writes 12,5 and 1.234: the separators change places.
        return text.translate(_ITALIAN_SEPARATORS) if i18n.current_language() == "it" else text
    if kind == "signed":
        text = f"{value['value']:+d}"
        minus = value.get("minus", "-")
        return text.replace("-", minus) if minus != "-" else text
    if kind == "rule":
        return str(value["id"])
    if kind == "typed":
        return str(value["text"])
    if kind == "listing":
        return str(value.get("separator", ", ")).join(_shown(item) for item in value["items"])
    raise ValueError(i18n.N_("no such kind of value: {kind!r}").format(kind=kind))
