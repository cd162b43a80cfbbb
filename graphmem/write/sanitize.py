"""Input checks for the caller's thread: cheap, pure, and every refusal is an ``InputError`` with a clear
message. Text that can be repaired is repaired (lone surrogates → U+FFFD, control characters → space)."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.errors import InputError

MAX_CHARS = 100_000          # a fact's text, value or subject longer than this is refused
MAX_MESSAGE_CHARS = 32_000   # a message longer than this is refused at every entry point (a paste is not a memory)
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


def validate_message(text: object, max_chars: int = MAX_MESSAGE_CHARS, *, what: str = "message") -> str:
    """The one rule for a message at every entry point (``Memory.add``, sessions, ``add_messages``, the writer,
    ``graphmem ingest``): InputError for binary (bytes), non-text, empty, oversized (``MAX_MESSAGE_CHARS``), NUL,
    mostly control characters, or lone surrogates. Returns the text unchanged otherwise."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise InputError(f"{what} is binary (bytes); decode it to text first")
    if not isinstance(text, str):
        raise InputError(f"{what} must be text, got {type(text).__name__}")
    if not text.strip():
        raise InputError(f"{what} is empty")
    if len(text) > max_chars:
        raise InputError(f"{what} has {len(text)} characters; the limit is {max_chars}")
    if "\x00" in text:
        raise InputError(f"{what} contains NUL bytes; it looks binary")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\r\t")
    if controls > max(2, len(text) // 20):
        raise InputError(f"{what} is mostly control characters; it looks binary")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{what} is malformed (lone surrogate characters)") from None
    return text


def message_text(text: object, *, what: str = "message") -> str:
    """A message as it is journaled: checked by ``validate_message``, then stripped, a stray control character
    (a few are allowed) read as a space."""
    return clean_text(validate_message(text, what=what), what=what)


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
