"""Input checks for the caller's thread: cheap, pure, and every refusal is an ``InputError`` with a clear
message. Text that can be repaired is repaired (lone surrogates → U+FFFD, control characters → space)."""

from __future__ import annotations

import re

from graphmem.errors import InputError

MAX_CHARS = 100_000          # a turn longer than this is refused (a 1 MB paste is not a memory)
MAX_ID_CHARS = 256
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_text(text: object, *, what: str = "message", limit: int = MAX_CHARS) -> str:
    """The message as storable text, or InputError (empty, too large, not text, not UTF-8)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"{what} is not valid UTF-8 (byte {e.start}); send text") from None
    if not isinstance(text, str):
        raise InputError(f"{what} must be text, got {type(text).__name__}")
    if len(text) > limit:
        raise InputError(f"{what} is {len(text)} characters; the limit is {limit}")
    text = _SURROGATE.sub("\ufffd", text)
    text = _CONTROL.sub(" ", text).strip()
    if not text:
        raise InputError(f"{what} is empty")
    return text


def clean_id(value: object, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InputError(f"{what} must be a string or an integer, got {type(value).__name__}")
    return clean_text(str(value), what=what, limit=MAX_ID_CHARS)


def repair(value: object, *, what: str, limit: int = MAX_CHARS) -> object:
    """Strings repaired like ``clean_text`` (may end up empty); other values returned unchanged."""
    if not isinstance(value, str):
        return value
    if len(value) > limit:
        raise InputError(f"{what} is {len(value)} characters; the limit is {limit}")
    return _CONTROL.sub(" ", _SURROGATE.sub("\ufffd", value)).strip()
