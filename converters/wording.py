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

__all__ = ["BELLUM_POWERS", "SHIPPED_NATIONS", "render_data", "shown_nation"]

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

BELLUM_POWERS = frozenset(
    {
        # Bellum's powers (seed B) besides Rome and Carthage, named in the catalogue as the
        # seed names them (Città Greche, Galli …); a test checks them against bellum.toml.
        i18n.N_("Greek Cities"),
        i18n.N_("Gauls"),
        i18n.N_("Germans"),
        i18n.N_("Seleucids"),
        i18n.N_("Egypt"),
        i18n.N_("Iberians"),
        i18n.N_("Britons"),
        i18n.N_("Numidians"),
        i18n.N_("Macedonians"),
        i18n.N_("Scythians"),
        i18n.N_("Parthians"),
    }
)


def shown_nation(name: str) -> str:
    """A nation or Bellum power in the active language: a shipped one as the seeds name it,
    a club's own as typed."""
    return i18n._(name) if name in SHIPPED_NATIONS or name in BELLUM_POWERS else name


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
        return shown_nation(str(value["name"]))
    if kind == "province":
        return province_name(str(value["name"]))
    if kind == "force":
        # Imported when a force is first shown (its names read the catalogue at import).
        from converters.force_names import shown_army, shown_name

        stored: str = value["name"]
        shown = shown_name(stored, value.get("nation"), value.get("force"))
        # Not a Tarentine generated name: a Macedon vs Persia army's ("Macedon 4", D1), or
        # the referee's own, which shown_army leaves as typed.
        return shown if shown != stored else shown_army(stored, value.get("nation"))
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
