"""The one door every user-visible word passes through, so a language is a catalogue, not code.

Castra's clubs are mostly Italian (issue 14): the command line, the app and the rules'
explanations all call `_()` / `ngettext()` from here. It sits in `converters`, the lowest layer,
because the rules' own explanations ("PM lost: …") are user-visible text too. The catalogues
are gettext `.mo` files under `converters/locale/<lang>/LC_MESSAGES/castra.mo`; with none
installed every call returns the English text unchanged.

Stored events and JSON output never pass through here: they stay language-neutral so that a
campaign recorded in Italian opens in English and back.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "castra"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "it")
"""The interface languages Castra ships; English is the source text."""

_active: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def set_language(language: str) -> None:
    """Switch every later `_()` call to `language` ("en" or "it"); unknown falls back to English."""
    global _active, _language
    _language = language if language in LANGUAGES else "en"
    _active = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[_language], fallback=True
    )


def current_language() -> str:
    """The language `_()` translates into now."""
    return _language


def _(message: str) -> str:
    """Translate one user-visible message into the active language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message whose wording follows a count ("1 die" / "2 dice")."""
    return _active.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a module-level constant for extraction; translate it with `_()` where it is shown."""
    return message
