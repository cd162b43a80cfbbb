"""The user's relatives named by their role ("my sister's wedding", "my son turned out to be allergic",
"我姐姐在成都当护士", "我老婆下周要去北京"): the user —SISTER→ that person, even when no name is said (issue 17,
statement recall). Family roles only (``lexicon.FAMILY_ROLES``): "my doctor" or "my friend" say less."""

from __future__ import annotations

from graphmem.lang import packs

from . import lexicon as lx
from .types import Statement


def relatives(text: str, lang: str, said: list[Statement]) -> list[Statement]:
    """One relation statement per role the text names with the user's possessive, unless ``said`` already holds
    one for that role ("my sister Lily", "我老公叫王磊")."""
    roles = {s.key for s in said if s.kind == "relation"}
    out: list[Statement] = []
    found = [x for p in packs() for x in p.fn("kin_mentions")(text or "")]   # (surface, role), pack by pack
    for surface, role in found:
        if role in lx.FAMILY_ROLES and role not in roles:
            roles.add(role)
            out.append(Statement("relation", surface, role, surface, language=lang, text=surface))
    return out
