"""What a statement says of its subject's type (issue 17: entities with no type): the subject of a role relation is
a person ("my cousin Priya"; a pet for "my dog Rex"), what has a species is a pet (一只柯基叫豆包), a liked or
disliked food is food (coffee, 咖啡; the packs' ``foods.txt``); the value of where someone works or studies is an
organization (在阿里上班), of where they live a place (搬到Lyon). The write path gives an entity with no type the
type its statement says."""

from __future__ import annotations

from dataclasses import replace

from graphmem import lang

from . import lexicon as lx
from .types import Statement

_PETS = ("dog", "cat")
#: attribute keys whose value names an entity of a type
VALUE_TYPES = {"employer": "organization", "school": "organization", "location": "geo", "hometown": "geo",
               "home_city": "geo", "work_city": "geo"}


def typed(statements: list[Statement]) -> list[Statement]:
    """``statements`` with ``subject_type`` filled where the statement itself says it."""
    return [replace(s, subject_type=t) if not s.subject_type and (t := _type(s)) else s for s in statements]


def _type(s: Statement) -> str:
    if not s.subject:
        return ""
    if s.kind == "relation" and (not s.value or s.value == s.subject) and lx.role_of(s.key or ""):
        return "pet" if s.key in _PETS else "person"
    if s.kind == "attribute" and s.key == "species":
        return "pet"
    if s.kind in ("preference", "goal") and is_food(s.subject):
        return "food"
    return ""


def value_type(s: Statement) -> str:
    """The type of the entity an attribute's value names ("employer" = 阿里: an organization), or ""."""
    return VALUE_TYPES.get(s.key or "", "") if s.kind == "attribute" and isinstance(s.value, str) else ""


def is_food(name: str) -> bool:
    """A food or drink of any pack's list: the last English word (plural or not), or a Chinese name ending in one."""
    n = " ".join(str(name).lower().split())
    for p in lang.packs():
        foods = p.words("foods")
        if n in foods or any(n.endswith(f) for f in foods if not f.isascii() and len(n) <= len(f) + 3):
            return True
        last = n.split(" ")[-1] if n.isascii() and n else ""
        if last and (last in foods or last.rstrip("s") in foods or last[:-2] in foods and last.endswith("es")
                     or " ".join(n.split(" ")[-2:]) in foods):
            return True
    return False
