"""Messages in the OpenAI chat shape, turned into write-path turns. Pure: no I/O.

``[{"role": "user" | "assistant" | "system" | "tool", "content": str, "name": str (optional),
"id": str (optional)}]``:

* ``user`` without ``name``: the memory's owner; ``user`` with ``name``: a named participant (a friend in a group
  chat, another agent) — a ``participant`` turn with that speaker; ``assistant`` (``name`` kept as its speaker).
* ``system`` and ``tool`` messages are skipped: a system prompt is instructions, not something the user said,
  and tool output is transient (record it with ``Session.add_tool_result``). Their slot in the result is None.
* ``content`` is text, or a list of content parts of which the ``{"type": "text", "text": ...}`` ones are joined.

Turn ids are deterministic: the message's own ``id`` when it has one, else a hash of (role, name, text) and how
many identical messages came before it in the batch. Re-sending the same batch, or the whole conversation again
with new messages appended, stores each message once.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from graphmem.errors import InputError
from graphmem.write.sanitize import clean_id, clean_speaker, message_text

log = logging.getLogger("graphmem.messages")
ROLES = ("user", "assistant", "system", "tool")
SKIPPED = ("system", "tool")
MAX_MESSAGES = 1000


@dataclass(frozen=True)
class MessageTurn:
    """One message to store: its index in the batch, turn id, text, write-path role and speaker."""

    index: int
    turn_id: str
    text: str
    role: str
    speaker: str | None


def _text(content: Any, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):   # OpenAI content parts: keep the text ones
        parts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
        if parts and all(isinstance(p, str) for p in parts):
            return "\n".join(parts)
    raise InputError(f"{where}: 'content' must be a string or a list of text parts, got {type(content).__name__}")


def _turn_id(role: str, name: str | None, text: str, seen: dict[str, int]) -> str:
    digest = hashlib.blake2b("\x1f".join((role, name or "", text)).encode("utf-8", "surrogatepass"),
                             digest_size=8).hexdigest()
    n = seen.get(digest, 0)
    seen[digest] = n + 1
    return f"m.{digest}.{n}"


def parse(messages: Any) -> list[MessageTurn | None]:
    """The batch as turns, one slot per message (None for a skipped system/tool message). Raises InputError
    naming the index of the first bad message; nothing is returned for a batch with a bad message."""
    if isinstance(messages, (str, bytes, dict)) or not isinstance(messages, (list, tuple)):
        raise InputError(f"messages must be a list of {{'role', 'content'}} objects, got {type(messages).__name__}")
    if len(messages) > MAX_MESSAGES:
        raise InputError(f"{len(messages)} messages in one call; the limit is {MAX_MESSAGES}")
    out: list[MessageTurn | None] = []
    seen: dict[str, int] = {}
    for i, m in enumerate(messages):
        where = f"messages[{i}]"
        if not isinstance(m, dict):
            raise InputError(f"{where} must be an object with 'role' and 'content', got {type(m).__name__}")
        role = m.get("role")
        if role not in ROLES:
            raise InputError(f"{where}: 'role' must be one of {', '.join(ROLES)}, got {role!r}")
        if "content" not in m or m["content"] is None:
            if role in SKIPPED or (role == "assistant" and m.get("tool_calls")):
                out.append(None)   # a tool-calling assistant message has no content to remember
                continue
            raise InputError(f"{where}: 'content' is missing")
        if role in SKIPPED:
            out.append(None)
            continue
        text = _text(m["content"], where)
        try:
            text = message_text(text, what="'content'")
            name = clean_speaker(m.get("name"))
            mid = None if m.get("id") is None else clean_id(m["id"], "'id'")
        except InputError as e:
            raise InputError(f"{where}: {e}") from None
        if mid is None:
            turn_id = _turn_id(role, name, text, seen)
        else:   # the caller's own message id (LangChain, the Agents SDK); long ones are hashed
            turn_id = "m.id." + (mid if len(mid) <= 200 else hashlib.blake2b(mid.encode("utf-8", "surrogatepass"),
                                                                             digest_size=16).hexdigest())
        out.append(MessageTurn(i, turn_id, text, "participant" if role == "user" and name else role, name))
    return out


def times(at: Any, n: int) -> list[datetime]:
    """``n`` timestamps from ``at`` (a datetime, an ISO string, or None for now), 1 ms apart, so the batch keeps
    its order in the event log."""
    if at is None:
        base = datetime.now(timezone.utc)
    elif isinstance(at, datetime):
        base = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
    elif isinstance(at, str):
        try:
            base = datetime.fromisoformat(at)
        except ValueError:
            raise InputError(f"'at' must be an ISO 8601 time such as 2026-03-05T09:30:00+00:00, got {at!r}") from None
        base = base if base.tzinfo else base.replace(tzinfo=timezone.utc)
    else:
        raise InputError(f"'at' must be a datetime or an ISO 8601 string, got {type(at).__name__}")
    return [base + timedelta(milliseconds=i) for i in range(n)]


def record(session: Any, turns: list[MessageTurn], stamps: list[datetime]) -> dict:
    """Put turns into a short-term session's window (not written by it: the caller writes them), each once.
    Returns the session's readings of the user's messages by turn id, for the writer (read once)."""
    from graphmem.short_term.session import Session

    readings = {}
    try:
        for t in turns:
            if t.turn_id in session.message_ids:
                continue
            try:
                if t.role == "user":
                    readings[t.turn_id] = Session._add_user(session, t.text, stamps[t.index])[1]
                elif t.role == "participant":
                    Session.add_participant_message(session, t.speaker, t.text, stamps[t.index])
                else:
                    Session.add_assistant_message(session, t.text, stamps[t.index])
            except InputError as e:   # longer than the window takes: it is in long-term memory all the same
                log.warning("messages[%d] stays out of the short-term window: %s", t.index, e)
            session.message_ids.add(t.turn_id)
    finally:
        if readings:
            session._start_reading()
    return readings
