"""A request for a text says what that text should be, not what the user is or likes (issue 17): "帮我写一段给客户的
新春祝福短信，不要太长" is no "你不喜欢太长", "help me write an email to my landlord" no email address. In a message
that opens with such a request (every pack's ``text_request``), a preference that does not say it is the
speaker's ("不要太长", "nothing too formal") and an attribute read from the request itself are dropped; the
speaker's own words stay ("I hate long speeches", 我不喜欢太煽情的), and so do people, events and reply-style
instructions."""

from __future__ import annotations

from graphmem import lang

from .types import Statement


def about_the_user(text: str, statements: list[Statement]) -> list[Statement]:
    """``statements`` of ``text`` without the constraints of a requested text."""
    request = lang.union("text_request")
    if not statements or not request.search(text or ""):
        return statements
    return [s for s in statements if not _of_the_text(s, request)]


def _of_the_text(s: Statement, request) -> bool:
    if s.kind == "preference" and s.key != "response_style":
        return not lang.pack(lang.of_text(s.text)).fn("about_speaker")(s.text)
    return s.kind == "attribute" and not s.subject and bool(request.search(s.text or ""))
