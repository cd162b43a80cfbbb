"""The user's relatives named by their role ("my sister's wedding", "my son turned out to be allergic",
"我姐姐在成都当护士", "我老婆下周要去北京"): the user —SISTER→ that person, even when no name is said (issue 17,
statement recall). Family roles only (``lexicon.FAMILY_ROLES``): "my doctor" or "my friend" say less."""

from __future__ import annotations

from graphmem.lang import packs

from . import lexicon as lx
from .types import Statement


def named_roles(text: str) -> list[tuple[str, str]]:
    """(surface, role) of each relative the text names with the user's possessive ("my little girl", "我闺女"),
    pack by pack (the packs' ``kin_mentions``); a possessive with no known role is left out."""
    return [(s, role) for p in packs() for s, role in p.fn("kin_mentions")(text or "") if role]


def relatives(text: str, lang: str, said: list[Statement]) -> list[Statement]:
    """One relation statement per role the text names with the user's possessive, unless ``said`` already holds
    one for that role ("my sister Lily", "我老公叫王磊")."""
    roles = {s.key for s in said if s.kind == "relation"}
    out: list[Statement] = []
    for surface, role in named_roles(text):
        if role in lx.FAMILY_ROLES and role not in roles:
            roles.add(role)
            out.append(Statement("relation", surface, role, surface, language=lang, text=surface))
    return out
