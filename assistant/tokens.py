"""Secrets a browser shows Castra (``castra serve``'s token; the player sessions to come):
made, compared and kept out of every log in one place.

A token compared with ``==`` tells an attacker, by how long the comparison takes, how much of
a guess was right; a token written to an access log or left in a browser's address bar is read
by whoever reads the log or looks over a shoulder (issue 28).
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets

__all__ = ["MASK", "MaskTokens", "mask_tokens", "new_token", "tokens_match"]

MASK = "…"
"""What a log shows instead of a token's value."""

_IN_TEXT = re.compile(r"(token=)[^&\s\"';]+", re.IGNORECASE)
"""``token=VALUE`` in a query string, a Referer or a cookie header."""


def new_token() -> str:
    """A fresh random token (192 bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def tokens_match(given: str | None, expected: str) -> bool:
    """Whether ``given`` is ``expected``, in a time that does not depend on how much of it is
    right (``hmac.compare_digest``); a missing token never matches."""
    if not given:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def mask_tokens(text: str) -> str:
    """``text`` with the value of every ``token=…`` replaced by :data:`MASK`."""
    return _IN_TEXT.sub(lambda match: match[1] + MASK, text)


class MaskTokens(logging.Filter):
    """A logging filter that masks tokens in every record it passes (the access log writes
    the request line and the Referer, both of which may carry ``?token=``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True
