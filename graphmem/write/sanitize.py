"""Input checks for the caller's thread: cheap, pure, and every refusal is an ``InputError`` with a clear
message. Text that can be repaired is repaired (lone surrogates → U+FFFD, control characters → space)."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.errors import InputError

MAX_CHARS = 100_000          # a turn longer than this is refused (a 1 MB paste is not a memory)
MAX_ID_CHARS = 256
MAX_SPEAKER_CHARS = 200
MAX_NAME_CHARS = 1000        # an entity named on a read
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_NAME_BAD = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")   # a name has no control characters at all
_OWNER_BAD = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


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


def owner_id(value: object, what: str) -> str:
    """A user id or tenant exactly as it is stored and looked up: one rule for reads and writes, nothing
    repaired (two different ids never land on one owner). Integers become their text. InputError for an id
    that is empty, too long, starts or ends with whitespace, or holds control characters (NUL, tab, newline,
    line separators) or lone surrogates."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InputError(f"{what} must be a string, got {type(value).__name__}")
    text = str(value)
    shown = repr(text[:60]) + ("…" if len(text) > 60 else "")
    if not text:
        raise InputError(f"{what} is empty")
    if len(text) > MAX_ID_CHARS:
        raise InputError(f"{what} is {len(text)} characters; the limit is {MAX_ID_CHARS}")
    if _OWNER_BAD.search(text):
        raise InputError(f"{what} {shown} holds control characters (NUL, tab, newline, ...) or lone surrogates")
    if text != text.strip():
        raise InputError(f"{what} {shown} starts or ends with whitespace")
    return text


def entity_ref(value: object, what: str = "entity") -> str:
    """An entity (name, alias, id or "me") or an attribute as a caller names it, exactly as given, or InputError
    (not text, too long, lone surrogates or control characters)."""
    if not isinstance(value, str):
        raise InputError(f"{what} must be text (a name, alias or id), got {type(value).__name__}")
    if len(value) > MAX_NAME_CHARS:
        raise InputError(f"{what} is {len(value)} characters; the limit is {MAX_NAME_CHARS}")
    if _NAME_BAD.search(value):
        raise InputError(f"{what} must not contain control characters or lone surrogates")
    return value


def moment(value: object, what: str) -> datetime | None:
    """A point in time: a datetime, an ISO 8601 string, or None; InputError otherwise (0, a float, "yesterday")."""
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass
    raise InputError(f"{what} must be a datetime or an ISO 8601 string, got {value!r:.60}")


def repair(value: object, *, what: str, limit: int = MAX_CHARS) -> object:
    """Strings repaired like ``clean_text`` (may end up empty); other values returned unchanged."""
    if not isinstance(value, str):
        return value
    if len(value) > limit:
        raise InputError(f"{what} is {len(value)} characters; the limit is {limit}")
    return _CONTROL.sub(" ", _SURROGATE.sub("\ufffd", value)).strip()


def clean_speaker(value: object) -> str | None:
    """A speaker's display name ("Melanie"), or None; InputError if it is not a short one-line name."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f"speaker must be a string, got {type(value).__name__}")
    if _NAME_BAD.search(value):
        raise InputError("speaker must not contain control characters (newlines, tabs, NUL, ...)")
    name = " ".join(value.split())
    if not name:
        raise InputError("speaker is empty; leave it out (None) for the memory's owner")
    if len(name) > MAX_SPEAKER_CHARS:
        raise InputError(f"speaker is {len(name)} characters; the limit is {MAX_SPEAKER_CHARS}")
    return name
