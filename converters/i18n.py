"""The one door every user-visible word passes through, so a language is a catalogue, not code.

Castra's clubs are mostly Italian (issue 14): the command line, the app and the rules'
explanations all call `_()` / `ngettext()` from here. It sits in `converters`, the lowest layer,
because the rules' own explanations ("PM lost: …") are user-visible text too. The catalogues
are gettext `.mo` files under `converters/locale/<lang>/LC_MESSAGES/castra.mo`, compiled from
the `.po` next to them (docs/translating.md); English is the source text, so English needs no
catalogue.

Numbers, percentages and the campaign's dates are written the active language's way (Babel's
CLDR data: "12,5%", "aprile 278 a.C."); Babel is imported only when one is first formatted, so
start-up does not pay for it.

Stored events and JSON output never pass through here: they stay language-neutral so that a
campaign recorded in Italian opens in English and back.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import re
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = [
    "ARTICLE",
    "ARTICLES",
    "DOMAIN",
    "KEY",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "_",
    "choose_language",
    "current_language",
    "format_campaign_date",
    "format_number",
    "format_percent",
    "key_label",
    "language_of_locale",
    "ngettext",
    "set_language",
    "speaking",
    "with_article",
]

DOMAIN = "castra"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "it")
"""The interface languages Castra ships; English is the source text."""

LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}
"""Each language in its own words (what the app says when the player switches to it)."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where POSIX says the user's language is, first found wins (gettext's own order)."""

_chosen: tuple[str, _gettext.NullTranslations] = ("en", _gettext.NullTranslations())
"""The interface's language and its catalogue: what :func:`set_language` chose."""

_spoken: ContextVar[tuple[str, _gettext.NullTranslations] | None] = ContextVar(
    "castra_spoken", default=None
)
"""A language spoken for a moment by one thread only (:func:`speaking`): a worker that words a
sentence in English for the ledger must not turn the app's screen English while it does (the
Chronicle's header once read "Chronicle" in an Italian app, issue 25)."""


def _in_force() -> tuple[str, _gettext.NullTranslations]:
    return _spoken.get() or _chosen


def _active() -> _gettext.NullTranslations:
    """The catalogue `_()` reads now."""
    return _in_force()[1]


def _translations(language: str) -> tuple[str, _gettext.NullTranslations]:
    language = language if language in LANGUAGES else "en"
    if language == "en":
        return language, _gettext.NullTranslations()
    return language, _catalogue(language) or _gettext.NullTranslations()


def set_language(language: str) -> None:
    """Switch every later `_()` call to `language` ("en" or "it"); unknown falls back to English."""
    global _chosen
    _chosen = _translations(language)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """`_()` in `language` inside the block, in this thread (and task) only; every other
    thread goes on in the interface's language."""
    token = _spoken.set(_translations(language))
    try:
        yield
    finally:
        _spoken.reset(token)


def in_every_language(message: str) -> tuple[str, ...]:
    """``message`` as each shipped language says it (English first): what a reader may type for
    a name the interface shows translated ("Roma" or "Rome")."""
    said = [message]
    for language in LANGUAGES[1:]:
        catalogue = _catalogue(language)
        if catalogue is not None:
            said.append(_phrased(catalogue.gettext(message)))
    return tuple(said)


def _compiled_catalogue(language: str) -> Path:
    """Where ``language``'s compiled catalogue is shipped."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


@functools.lru_cache(maxsize=len(LANGUAGES))
def _catalogue(language: str) -> _gettext.GNUTranslations | None:
    """``language``'s catalogue, read once per process by gettext itself (None if it is not
    shipped). A reader of our own that decoded each message only when asked for bought under
    1 % of an Italian start (benchmarks/startup.py --variant, issue 26) and is gone."""
    compiled = _compiled_catalogue(language)
    if not compiled.is_file():
        return None
    with compiled.open("rb") as stream:
        return _gettext.GNUTranslations(stream)


def current_language() -> str:
    """The language `_()` translates into now."""
    return _in_force()[0]


def language_of_locale(value: str) -> str | None:
    """ "it_IT.UTF-8" → "it"; a locale of a language Castra does not ship (or "C") → None."""
    for part in value.split(":"):  # LANGUAGE may list several, best first
        code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def choose_language(flag: str | None, environ: Mapping[str, str], saved: str | None = None) -> str:
    """The interface language: ``--lang``, else ``CASTRA_LANG``, else the language the player
    last chose in the app (``saved``), else the locale (``LANG=it_IT.UTF-8`` → Italian), else
    English. A value naming no shipped language is passed over, not an error."""
    for choice in (flag, environ.get("CASTRA_LANG"), saved):
        if choice and choice.lower() in LANGUAGES:
            return choice.lower()
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            # The first variable set decides, as gettext does: LANG=it_IT with LC_ALL=C is C.
            return language_of_locale(value) or "en"
    return "en"


def _(message: str) -> str:
    """Translate one user-visible message into the active language."""
    return _phrased(_active().gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message whose wording follows a count ("1 die" / "2 dice")."""
    return _phrased(_active().ngettext(singular, plural, count))


# -- a nation after a preposition ---------------------------------------------------------------
# Italian puts an article before most nations' names and joins it to the preposition before it
# ("superare gli Etruschi", "eserciti della Macedonia", "controllata dai Senoni"), which a
# placeholder cannot carry: the English "{side}'s armies" says nothing of it. So an Italian
# message marks the placeholder "{side:art}" ("eserciti di {side:art}"): the nation's article
# comes from ARTICLES, a table, not a guess, and is joined to a preposition written just before
# it.

ARTICLES: dict[str, dict[str, str]] = {
    "it": {
        # Seed 000's nations and seed 003's sides as the seeds write them: a city or a man has
        # none ("di Roma", "a Pirro"), a people or a land has its own.
        "Roma": "",
        "Cartagine": "",
        "Pirro": "",
        "Siracusa": "",
        "Neutrale": "",
        "Senoni": "i",
        "Etruschi": "gli",
        "Magna Grecia": "la",
        "Macedonia": "la",
        "Persia": "la",
    },
}
"""Each shipped nation's article, by its name in each language that has articles (a test checks
every shipped nation is listed); a club's own nation takes none."""

ARTICLE = "art"
"""The format spec that asks for a nation's article ("{nation:art}"; "{nation:Art}" at the start
of a sentence)."""

_JOINED = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
"""The prepositions Italian writes as one word with the article (di + gli → degli)."""

_ARTICLE_ENDINGS = {"il": "l", "lo": "llo", "la": "lla", "l'": "ll'", "i": "i", "gli": "gli",
                    "le": "lle"}  # fmt: skip

_SPECIFIED = re.compile(r"\{\w+:art\}", re.IGNORECASE)
_MARKED = re.compile(r"(?:(?<![\w'])(di|a|da|in|su) )?\x00([^\x01]*)\x01")


def with_article(name: str, preposition: str = "") -> str:
    """``name`` with its article in the active language, joined to ``preposition`` when given:
    "gli Etruschi", "degli Etruschi", "di Roma"."""
    article = ARTICLES.get(current_language(), {}).get(name, "")
    lead = f"{preposition} " if preposition else ""
    return _MARKED.sub(_joined, f"{lead}\x00{article}\x01{name}")


def _joined(found: re.Match[str]) -> str:
    preposition, article = found[1], found[2]
    capital = article[:1].isupper()
    article = article.lower()
    if not article:
        return f"{preposition} " if preposition else ""
    space = "" if article.endswith("'") else " "
    if preposition in _JOINED:
        said = _JOINED[preposition] + _ARTICLE_ENDINGS[article]
    elif preposition:
        said = f"{preposition} {article}"
    else:
        said = article
    return (said[:1].upper() + said[1:] if capital else said) + space


class _Phrasing(string.Formatter):
    """``str.format`` that also reads ``{nation:art}``: the article marked, joined later."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.lower() == ARTICLE:
            name = str(value)
            article = ARTICLES.get(current_language(), {}).get(name, "")
            if format_spec[0].isupper():
                article = article[:1].upper() + article[1:]
            return f"\x00{article}\x01{name}"
        return super().format_field(value, format_spec)


_PHRASING = _Phrasing()


class _PhrasedMessage(str):
    """A translated message that marks a nation's article: ``format`` and ``format_map`` put it
    in (every other message stays a plain str)."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        return _MARKED.sub(_joined, _PHRASING.vformat(self, args, kwargs))

    def format_map(self, mapping: Any) -> str:  # str types it as any __getitem__
        return _MARKED.sub(_joined, _PHRASING.vformat(self, (), mapping))


def _phrased(message: str) -> str:
    if ":" in message and _SPECIFIED.search(message):
        return _PhrasedMessage(message)
    return message


def N_(message: str) -> str:
    """Mark a module-level constant for extraction; translate it with `_()` where it is shown."""
    return message


KEY = "key"
"""The context of a key's label (a binding's description), where a word can be a verb: "March"
on the Map screen marches an army, while "March" alone is the month of a recorded date."""


def NP_(context: str, message: str) -> str:
    """Mark a module-level constant with its context for extraction, e.g. a key's label
    ``NP_("key", "March")`` (the context must be a literal: Babel reads it from the source);
    translate it where it is shown (a key's label with :func:`key_label`)."""
    del context  # read by Babel's extractor (babel.cfg), not at run time
    return message


def key_label(description: str) -> str:
    """A key's label in the active language: its translation in the :data:`KEY` context when
    the catalogue has one (a verb that is also a month's name), else its plain translation."""
    in_context = _active().pgettext(KEY, description)
    return in_context if in_context != description else _active().gettext(description)


def format_number(
    value: int | float | Fraction | Decimal, *, signed: bool = False, decimals: int | None = None
) -> str:
    """A number as the active language writes it: "1,234.5" in English, "1.234,5" in Italian;
    ``signed`` puts "+" before zero and positive numbers, as ``{:+g}`` does; ``decimals``
    writes exactly that many digits after the separator ("2.60"), for figures in a column."""
    from babel.numbers import format_decimal

    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    text = format_decimal(value, format=pattern, locale=current_language())
    return "+" + text if signed and value >= 0 else text


def format_percent(ratio: float | Fraction | Decimal, decimals: int = 1) -> str:
    """``0.125`` → "12.5%" / "12,5%" (at most ``decimals`` digits after the separator)."""
    from babel.numbers import format_percent as babel_percent

    if isinstance(ratio, Fraction):
        ratio = Decimal(ratio.numerator) / Decimal(ratio.denominator)
    pattern = "#,##0" + ("." + "#" * decimals if decimals > 0 else "") + "%"
    return babel_percent(ratio, format=pattern, locale=current_language())


def format_campaign_date(year_bc: int, month: int, day: int | None = None) -> str:
    """A campaign date before Christ: "April 278 BC" / "aprile 278 a.C." (with ``day``:
    "15 April 278 BC" / "15 aprile 278 a.C."). The month's name is CLDR's, in the active
    language; the era is the catalogue's."""
    from babel.dates import get_month_names

    month_name = get_month_names("wide", "format", locale=current_language())[month]
    if day is None:
        return _("{month} {year} BC").format(month=month_name, year=year_bc)
    return _("{day} {month} {year} BC").format(day=day, month=month_name, year=year_bc)
