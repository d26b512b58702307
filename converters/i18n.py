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
    "translate_recorded",
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


@functools.lru_cache(maxsize=len(LANGUAGES))
def _message_ids(language: str) -> tuple[str, ...]:
    """Every msgid of ``language``'s catalogue (a plural message by its singular), in the
    catalogue's order: what the recorded templates are sifted from (:func:`_templates`).

    gettext keeps its messages only in a private dictionary, so the ids are read from the
    compiled file's table of originals (GNU ``.mo``: after the magic number and revision, the
    count and the offset of a table of (length, offset) pairs); the words stay gettext's."""
    compiled = _compiled_catalogue(language)
    if not compiled.is_file():
        return ()
    import struct

    data = compiled.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals = struct.unpack_from(order + "8xII", data)
    table = struct.unpack_from(f"{order}{2 * count}I", data, originals)
    return tuple(
        data[offset : offset + length].split(b"\x00")[0].decode("utf-8")
        for length, offset in zip(table[::2], table[1::2], strict=True)
    )


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
# it. Where the mark is not read (a recorded sentence re-said by translate_recorded) the
# message reads as it did before, "di Macedonia".

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


_PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")
_DECIMAL = re.compile(r"([+−-]?)(\d+)\.(\d+)(%?)")
_ITEM = r"(?:[^,·;]+? [+−-]?\d+|\d+ [^,·;]+?)"
_LISTING = re.compile(_ITEM + r"(?:(?:, | · )" + _ITEM + r")+|\d+ [a-z]+")
# One "Name 4" alone is not a list: it is an army's name ("Macedon 4"), which stays as named.
"""A recorded list of names with their figures, "Rome 41, Carthage 33" or "Rome 25 · Carthage 21"
(the VP of a winter, a turn's tribute), or of figures with their words, "3 land, 1 naval" (what
an unpaid upkeep disbanded): each name or word is read on its own."""
_LISTED = re.compile(r"(, | · )")
_NAMED_FIGURE = r"(?:[^,·;\d]+? [+−-]?\d+(?: [A-Za-z]+)?)"
_NAMED_FIGURES = re.compile(
    _NAMED_FIGURE + r"(?:(?:, | · )" + _NAMED_FIGURE + r")+|[^,·;\d]+? [+−-]?\d+ [A-Za-z]+"
)
"""A recorded list of names (of one word or several) each with a signed figure and perhaps a
unit word, "Rome 25 PE, Magna Graecia 14 PE" (a turn's tribute): each item is read on its own,
so a name of several words ("Magna Graecia") is not left out by a template that reads only
its first word. One item alone is read so only with its unit word: "Macedon 4" alone is an
army's name."""


def translate_recorded(text: str) -> str:
    """Translate a sentence that was written in English because it is *recorded*.

    The rules' reasons (the ghost's "Gap +12.5% crossed …", a morale check's "D3: rolled 5 …")
    and the purposes of dice are stored in events and put in ``--json`` output, so they are
    built in English, the language-neutral form, from templates marked with `N_`. Where they are
    shown, this finds the template the sentence was made from, translates it and puts the same
    values back (each value translated the same way, so "verdict" fragments follow), with
    decimal numbers written the active language's way. A sentence no template made (a referee's
    note) is shown as it is. Old campaigns' events read in Italian too, since nothing stored
    changes.
    """
    if current_language() == "en" or not text:
        return text
    return _translate_recorded(current_language(), text)


@functools.lru_cache(maxsize=4096)
def _translate_recorded(language: str, text: str) -> str:
    exact = _active().gettext(text)
    if exact is not text and exact != text:
        return exact
    force = _force_named(text)
    if force is not None:
        return force
    # Clauses that each read as a template ("Rome −2 PM, 1 prisoners") are read that way
    # first: a loose template ("{pm} PM, {province}") could fit the whole and leave "Rome" out.
    every_clause = _translate_clauses(language, text, every=True)
    if every_clause is not None:
        return every_clause
    for template in _candidates(language, text):
        found = _compiled(template).fullmatch(text)
        if found is None:
            continue
        if "; " not in template and any("; " in value for value in found.groupdict().values()):
            continue  # a value spans clauses: "turn {turn}" is not "turn 1 ended; now …"
        if _repeats_itself(template, found.groupdict()):
            continue  # a list of its sentences: "Rome 25 PE, Carthage 21 PE" is not one
        values = {name: _translate_value(value) for name, value in found.groupdict().items()}
        # A template that is mostly placeholders ("turn {turn}") would swallow any sentence
        # that happens to start like it: its own words, with the values it recognised as
        # phrases of their own (a long "{where}"; not a lone word such as "campaign"), must be
        # a fair part of the text.
        recognised = sum(
            len(value)
            for name, value in found.groupdict().items()
            if " " in value and values[name] != value
        )
        if (len(_PLACEHOLDER.sub("", template)) + recognised) * 5 < len(text):
            continue
        # The values are already written out ("+1", "'Rome'"): a spec or conversion in the
        # template ("{by:+d}", "{name!r}") would format them a second time, or fail on a str.
        return _PLACEHOLDER.sub(r"{\1}", _active().gettext(template)).format_map(values)
    return _translate_clauses(language, text) or text


def _force_named(text: str) -> str | None:
    """A generated army or fleet name of a shipped nation ("Rome fleet I", T7.2) as the active
    language says it ("Flotta di Roma I"); None for any other text."""
    if not _ROMAN_TAIL.fullmatch(text):
        # No generated name: its module (and pydantic) stays out of an Italian first frame.
        return None
    from converters.force_names import read_generated  # it imports this module

    parts = read_generated(text)
    if parts is None:
        return None
    stem = parts.nation if parts.kind == "army" else f"{parts.nation} fleet"
    # Only a nation the catalogue names: a referee's "Black fleet II" is their own words.
    return parts.shown() if _active().gettext(stem) != stem else None


_ROMAN_TAIL = re.compile(r".+ [IVXLCDM]+", re.DOTALL)
"""How every generated name ends (``converters.force_names``: a space, then its number)."""

_CLAUSE_SEPARATORS = ("; ", ", ")
"""How recorded text strings its clauses together: the ledger's history says "battle of Asculum
(…): side a won; Rome −2 PM, 1 prisoners; Carthage no PM lost", one template per clause."""


def _translate_clauses(language: str, text: str, *, every: bool = False) -> str | None:
    """A sentence read as clauses that templates made, each translated on its own; with
    ``every``, only if every clause was (else ``None``), otherwise a clause no template made
    (a referee's words) stays as it is. ``None`` when no clause was translated."""
    for separator in _CLAUSE_SEPARATORS:
        if separator in text:
            clauses = text.split(separator)
            translated = [_translate_recorded(language, clause) for clause in clauses]
            changed = [new != old for new, old in zip(translated, clauses, strict=True)]
            if all(changed) if every else any(changed):
                return separator.join(translated)
            if every:
                return None
    return None


def _repeats_itself(template: str, values: Mapping[str, str]) -> bool:
    """A value holding the words that follow it in the template ("PE" after {pe} of
    "{nation} {pe} PE", in "25 PE, Carthage 21"): the text is several sentences of that
    template, not one."""
    pieces = _PLACEHOLDER.split(template)
    for position in range(1, len(pieces) - 1, 2):
        after = pieces[position + 1].strip()
        if not any(character.isalpha() for character in after):
            continue
        if re.search(rf"(?<!\w){re.escape(after)}(?!\w)", values.get(pieces[position], "")):
            return True
    return False


def _translate_value(value: str) -> str:
    if _NAMED_FIGURES.fullmatch(value):
        return "".join(
            part if _LISTED.fullmatch(part) else _named_figure(part)
            for part in _LISTED.split(value)
        )
    translated = _translate_recorded(current_language(), value)
    if translated != value:
        return translated
    if _LISTING.fullmatch(value):
        return "".join(
            part if _LISTED.fullmatch(part) else _listed_item(part) for part in _LISTED.split(value)
        )
    number = _DECIMAL.fullmatch(value)
    if number is None:
        return value
    sign, whole, fraction, percent = number.groups()
    return sign + format_number(Decimal(f"{whole}.{fraction}")) + percent


def _named_figure(item: str) -> str:
    """ "Magna Graecia 14 PE" as the active language says it: the item's own template if it
    has one, else the name (and the unit word) translated, the figure as it is."""
    translated = _translate_recorded(current_language(), item)
    if translated != item:
        return translated
    found = re.fullmatch(r"(.+?) ([+−-]?\d+)(?: ([A-Za-z]+))?", item)
    if found is None:
        return item
    name, figure, unit = found.groups()
    said = f"{_active().gettext(name)} {figure}"
    return f"{said} {_active().gettext(unit)}" if unit else said


def _listed_item(item: str) -> str:
    figure, _space, word = item.partition(" ")
    if figure.isdigit():
        return f"{figure} {_active().gettext(word)}"
    name, _space, figure = item.rpartition(" ")
    return f"{_active().gettext(name)} {figure}"


@functools.lru_cache(maxsize=len(LANGUAGES))
def _templates(language: str) -> tuple[tuple[str, str, str], ...]:
    """Every catalogue message with a brace, in catalogue order, with the words before its
    first brace and after its last: a test cheap enough to run on every message for every
    sentence (the exact one, :func:`_shape`, is made only for the messages that pass it)."""
    found: list[tuple[str, str, str]] = []
    for key in _message_ids(language):
        first, last = key.find("{"), key.rfind("}")
        if first < 0:
            continue  # only its plural had one
        found.append((key, key[:first], key[last + 1 :] if last >= 0 else ""))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _shape(template: str) -> tuple[int, str, str, tuple[str, ...]] | None:
    """(length of its own words, words before its first placeholder, after its last, between
    them) of a template; None for one with no letters of its own ("{a} + {b}" would swallow
    anything)."""
    literal = _PLACEHOLDER.sub("", template)
    if not any(character.isalpha() for character in literal):
        return None
    pieces = _PLACEHOLDER.split(template)
    # split() keeps the placeholders' names at odd positions; the words are at even ones.
    middle = tuple(piece for piece in pieces[2:-1:2] if piece)
    return len(literal), pieces[0], pieces[-1], middle


def _candidates(language: str, text: str) -> list[str]:
    """The templates ``text`` could have been made from: those whose words it has, where they
    would be, in order; the most specific (most words of its own) first, so "Gap {gap} is
    {where}: …" is tried before a shorter template it could also fit (an Italian screen's
    first sentence would otherwise compile a hundred patterns that cannot fit)."""
    fitting: list[tuple[int, int, str]] = []
    for order, (template, head, tail) in enumerate(_templates(language)):
        if not (text.startswith(head) and text.endswith(tail)):
            continue
        shape = _shape(template)
        if shape is None:
            continue
        length, head, tail, middle = shape
        if text.startswith(head) and text.endswith(tail) and _in_order(text, middle):
            fitting.append((-length, order, template))
    fitting.sort()
    return [template for _length, _order, template in fitting]


def _in_order(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``words`` occur in ``text`` one after the other (as any match of a template
    whose words between placeholders they are must have them)."""
    position = 0
    for word in words:
        found = text.find(word, position)
        if found < 0:
            return False
        position = found + len(word)
    return True


@functools.lru_cache(maxsize=1024)
def _compiled(template: str) -> re.Pattern[str]:
    return _pattern(template)


def _pattern(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    seen: set[str] = set()
    position = 0
    for placeholder in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[position : placeholder.start()]))
        name = placeholder.group(1)
        if name in seen:
            parts.append(f"(?P={name})")
        elif name.endswith("_score"):
            # "{homeland} {homeland_score} v …": a score is a number, so "Magna Graecia 10"
            # splits after the name, not after its first word.
            parts.append(f"(?P<{name}>[+−-]?\\d+)")
        else:
            parts.append(f"(?P<{name}>.+?)")
        seen.add(name)
        position = placeholder.end()
    parts.append(re.escape(template[position:]))
    return re.compile("".join(parts), re.DOTALL)
