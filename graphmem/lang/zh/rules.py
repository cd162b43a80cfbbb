"""Chinese word rules that must be code: second-person rewriting and how a name is said to its owner.
Their words are this folder's data files."""

from __future__ import annotations

from graphmem import lang

__all__ = ["possessive", "role_name", "split_owner", "subject", "to_second_person"]


def _p():
    return lang.pack("zh")


def split_owner(name: str) -> tuple[str, str] | None:
    """我的笔记本 -> ("我的", "笔记本"); None when the name does not open with the speaker's possessive."""
    m = _p().regex("my").match(name)
    return (m.group(0), name[m.end():]) if m else None


def subject(name: str | None, is_self: bool, capital: bool = True) -> str:
    """The entity as the user hears it: 我的笔记本 -> 你的笔记本, 我妹妹 -> 你妹妹; the user -> 你."""
    if is_self or not name:
        return "你"
    if own := split_owner(name):
        return ("你的" if own[0] == "我的" else "你") + own[1]
    for other in lang.others("zh"):   # "my laptop" -> 你的laptop
        if found := other.fn("split_owner")(name):
            return "你的" + found[1]
    return name


def possessive(name: str | None, is_self: bool) -> str:
    """Whose a fact is: 你的, 你妹妹的."""
    return "你的" if is_self else subject(name, False) + "的"


def role_name(role: str) -> str:
    """What someone is to the user (sister -> 妹妹); unknown roles as stored."""
    return _p().table("role_names").get(role, role)


def to_second_person(text: str) -> str | None:
    """我妹妹推荐了我们这家店 -> 你妹妹推荐了你们这家店; None when the text addresses someone (你, 您)."""
    p = _p()
    if p.regex("_addressee").search(text) or not p.regex("_speaker").search(text):
        return None
    for mine, yours in p.table("_second_person").items():
        text = text.replace(mine, yours)
    return text
