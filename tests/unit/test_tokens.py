"""Tokens a browser shows Castra: compared in constant time, masked in every log (issue 28).

``castra serve`` uses these helpers today; the player sessions to come use the same ones.
"""

from __future__ import annotations

import hmac
import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.tokens import MASK, MaskTokens, mask_tokens, new_token, tokens_match

URL_SAFE = st.text(
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
    min_size=1,
    max_size=40,
)


@given(expected=URL_SAFE, given_token=st.one_of(st.none(), st.text(max_size=40)))
def test_a_token_matches_only_itself(expected: str, given_token: str | None) -> None:
    assert tokens_match(given_token, expected) is (given_token == expected)
    assert tokens_match(expected, expected)


def test_the_comparison_is_hmacs_constant_time_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer comes from ``hmac.compare_digest``, whose time does not depend on how much
    of a guess is right (``==`` stops at the first wrong character)."""
    asked: list[tuple[bytes, bytes]] = []

    def spy(a: bytes, b: bytes) -> bool:
        asked.append((a, b))
        return False

    monkeypatch.setattr(hmac, "compare_digest", spy)
    token = new_token()
    assert tokens_match(token, token) is False, "the spy decided"
    assert asked == [(token.encode(), token.encode())]


def test_new_tokens_are_long_and_different() -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(token) >= 32 for token in tokens)


@given(prefix=st.text(max_size=30), suffix=st.sampled_from(["", " HTTP/1.1", "&x=1", '"', ";"]))
def test_every_token_in_a_line_is_masked(prefix: str, suffix: str) -> None:
    token = new_token()
    line = f'{prefix}GET /?token={token}{suffix} "http://h/?fontsize=9&token={token}"'
    masked = mask_tokens(line)
    assert token not in masked
    assert masked.count(f"token={MASK}") == 2


def test_the_log_filter_masks_a_record_with_arguments() -> None:
    token = new_token()
    record = logging.LogRecord(
        "aiohttp.access", logging.INFO, __file__, 1, '%s "%s"', ("GET", f"/?token={token}"), None
    )
    assert MaskTokens().filter(record)
    assert record.getMessage() == f'GET "/?token={MASK}"'
