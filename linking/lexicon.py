"""Seed word lists loaded once — each language's from its pack (``graphmem/lang/<code>/``), the cross-language
ones (type taxonomy, brands, transliterations) from ``linking/data/`` — plus the type taxonomy. Pure; no models."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from graphmem import lang

from .normalize import normalise

DATA_DIR = Path(__file__).resolve().parent / "data"


def _lines(name: str) -> list[list[str]]:
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rows.append([c.strip() for c in line.split("\t")])
    return rows


def _pack_rows(name: str) -> list[tuple[str, list[str]]]:
    """(pack code, cells) of each row of ``name`` (a ``.tsv`` or ``.txt``) in every language pack, packs in order."""
    out: list[tuple[str, list[str]]] = []
    for p in lang.packs():
        stem, ext = name.rsplit(".", 1)
        rows = [[w] for w in p.seq(stem)] if ext == "txt" else [[c.strip() for c in r] for r in p.rows(stem)]
        out += [(p.lang, r) for r in rows]
    return out


def _split(cell: str) -> list[str]:
    return [w.strip() for w in cell.split(",") if w.strip()]


# ---- types --------------------------------------------------------------------------------------------------

@lang.cached(maxsize=1)
def _types() -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """(type -> parent, pack code -> {head noun, lower case -> type})."""
    parent: dict[str, str] = {}
    nouns: dict[str, dict[str, str]] = {}
    for row in _lines("types.tsv"):
        row += [""] * (2 - len(row))
        t, p = row[:2]
        parent[t] = p if p != t else ""
    for code, (t, words, *_) in _pack_rows("type_nouns.tsv"):
        for w in _split(words):
            nouns.setdefault(code, {}).setdefault(w.lower(), t)
    return parent, nouns


def type_nouns(code: str) -> dict[str, str]:
    """A language's head nouns (lower case) and their types."""
    return _types()[1].get(code, {})


#: types too broad to say what kind of thing is meant ("what thing", "which place", "哪个人")
BROAD_TYPES = frozenset({"thing", "product", "place", "person", "plan", "event", "food"})


def type_parent(t: str) -> str:
    return _types()[0].get(t, "")


@lang.cached(maxsize=4096)
def ancestors(t: str) -> tuple[str, ...]:
    return tuple(_ancestors(t))


def _ancestors(t: str) -> list[str]:
    out, seen = [], set()
    while t and t not in seen:
        seen.add(t)
        out.append(t)
        t = type_parent(t)
    return out


def known_types() -> set[str]:
    return set(_types()[0])


@lang.cached(maxsize=65536)
def compatible(entity_type: str, *mention_types: str) -> bool:
    """True if an entity of ``entity_type`` can be what a mention of any of ``mention_types`` refers to:
    same type, ancestor or descendant. Unknown/empty/``thing`` types are compatible with everything.
    Types missing from the taxonomy only match themselves."""
    if not entity_type:
        return True
    mts = [m for m in mention_types if m]
    if not mts:
        return True
    ea = ancestors(entity_type)
    for m in mts:
        if m == "thing" or m == entity_type:
            return True
        if m in ea or entity_type in ancestors(m):
            return True
    return False


@lang.cached(maxsize=65536)
def type_of_noun(word: str, language: str = "en") -> str:
    """Coarse type of a head noun ("laptop" → laptop, "笔记本" → laptop, "sushi place" → restaurant). A word in
    another script than the default's is typed by that script's pack only; otherwise by the pack of
    ``language`` (when not the default) and then the default pack (each pack's ``noun_type``). Remembered: the
    mention rules ask about the same few words over and over (every noun chunk's last one to three words)."""
    w = word.strip()
    if not w:
        return ""
    script = lang.of_text(w)
    if script != lang.DEFAULT:
        codes = [script]
    else:
        codes = [c for c in (lang.of_label(language) if language != lang.DEFAULT else "", lang.DEFAULT) if c]
    for code in dict.fromkeys(codes):
        t = lang.pack(code).fn("noun_type")(w, type_nouns(code))
        if t:
            return t
    return ""


def head_type(name: str) -> str:
    """The type a name's own head noun gives: the last word in English ("my new car" → car), the longest known
    suffix in Chinese ("北欧风" → style); "" when it names no type."""
    if any("\u4e00" <= ch <= "\u9fff" for ch in name):
        return type_of_noun(name, "zh")
    words = name.split()
    return type_of_noun(words[-1], "en") if words else ""


def zh_type_nouns() -> dict[str, str]:
    return type_nouns("zh")


def en_type_nouns() -> dict[str, str]:
    return type_nouns("en")


# ---- kinship / roles ---------------------------------------------------------------------------------------

@lang.cached(maxsize=1)
def _roles() -> dict[str, str]:
    words: dict[str, list[str]] = {}   # role -> its words in every language, packs in order
    for _, (role, *cells) in _pack_rows("kinship.tsv"):
        words.setdefault(role, []).extend(_split(cells[0]) if cells else [])
    out: dict[str, str] = {}
    for role, ws in words.items():
        for w in ws:
            out.setdefault(normalise(w), role)
    return out


#: the roles that are family (a bare "奶奶", "mom" means the user's own)
FAMILY_ROLES = frozenset("sister brother mother father wife husband partner son daughter grandmother grandfather "
                         "aunt uncle cousin".split())


@lang.cached(maxsize=1)
def family_words() -> tuple[str, ...]:
    """Every word for one of the user's relatives ("grandma", "奶奶", "我妈")."""
    return tuple(w for w, role in _roles().items() if role in FAMILY_ROLES)


@lang.cached(maxsize=1)
def zh_kin_words() -> tuple[str, ...]:
    """Chinese words for the user's relatives (two characters or more: "奶奶", "大姑")."""
    return tuple(w for w in family_words() if len(w) >= 2 and not w.isascii() and not w.startswith("我"))


def role_words() -> dict[str, str]:
    return _roles()


@lang.cached(maxsize=1)
def _role_prefixes() -> tuple[str, ...]:
    """Every pack's possessives before a role word (``role_prefix.tsv``), in search order."""
    return tuple(r[0] for p in lang.packs() for r in p.rows("role_prefix"))


@lang.cached(maxsize=65536)
def role_of(surface: str) -> str:
    """'my sister' / '我妹妹' / '我的妹妹' / 'sister' → 'sister'; '' if the surface is not a role phrase.
    Remembered: asked of every word of a Chinese message and of most English nouns."""
    s = normalise(surface)
    for pre in _role_prefixes():
        if s.startswith(pre) and len(s) > len(pre):
            s = s[len(pre):].strip()
            break
    return _roles().get(s, "")


# ---- brands -------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def owned_types() -> frozenset[str]:
    """Types of things a person owns (``owned_types.txt``): a laptop, a car, a coffee machine."""
    return frozenset(r[0] for r in _lines("owned_types.txt"))


def ownable(word: str, language: str = "en") -> bool:
    """``word`` names a thing one owns: its head noun's type or its brand's type is in ``owned_types``."""
    w = word.strip()
    return bool(w) and (type_of_noun(w, language) in owned_types()
                        or brands().get(normalise(w), "") in owned_types())


@lang.cached(maxsize=1)
def brands() -> dict[str, str]:
    return {normalise(r[0]): r[1] for r in _lines("brands.tsv") if len(r) >= 2}


@lru_cache(maxsize=1)
def model_suffixes() -> tuple[tuple[str, bool], ...]:
    """(word, may follow another) of ``model_suffixes.tsv``, in file order: "Pro", "Max" ("15 Pro Max")."""
    return tuple((r[0], len(r) > 1 and r[1] == "again") for r in _lines("model_suffixes.tsv"))


# ---- gate ---------------------------------------------------------------------------------------------------

@lang.cached(maxsize=1)
def transliterations() -> dict[str, tuple[str, ...]]:
    """normalised name → the same name in other languages (``transliterations.tsv``), both ways."""
    out: dict[str, set[str]] = {}
    for r in _lines("transliterations.tsv"):
        if len(r) < 2:
            continue
        names = [normalise(r[0])] + [normalise(x) for x in r[1].split(",") if x.strip()]
        for n in names:
            out.setdefault(n, set()).update(x for x in names if x != n)
    return {k: tuple(sorted(v)) for k, v in out.items()}


@lang.cached(maxsize=1)
def gate_phrases() -> dict[str, str]:
    """normalised phrase → label (greeting / smalltalk / chitchat)."""
    out: dict[str, str] = {}
    for _, row in _pack_rows("gate_phrases.tsv"):
        if len(row) >= 2:
            out.setdefault(_gate_norm(row[1]), row[0])
    return out


@lang.cached(maxsize=1)
def advice_cues() -> tuple[str, ...]:
    """Every pack's cues with which an assistant recommends or concludes something, in search order."""
    return tuple(c for p in lang.packs() for c in p.seq("advice_cues"))


def _gate_norm(s: str) -> str:
    s = normalise(s.replace("'", "").replace("’", ""))
    return s


@lang.cached(maxsize=1)
def fillers() -> frozenset[str]:
    return frozenset(normalise(r[0]) for _, r in _pack_rows("fillers.txt"))


@lang.cached(maxsize=1)
def occupations() -> tuple[str, ...]:
    """Occupation head nouns, longest first ("product manager" before "manager")."""
    return tuple(sorted((r[0] for _, r in _pack_rows("occupations.txt")), key=len, reverse=True))


@lang.cached(maxsize=1)
def _stop_aliases() -> frozenset[str]:
    return frozenset(normalise(r[0]).replace(" ", "") for _, r in _pack_rows("stop_aliases.txt"))


def is_stop_alias(key: str) -> bool:
    return key in _stop_aliases()


# ---- statements ---------------------------------------------------------------------------------------------

@lang.cached(maxsize=1)
def statement_cues() -> dict[tuple[str, str], list[str]]:
    """(category, lang) → phrases, longest first."""
    out: dict[tuple[str, str], list[str]] = {}
    for code, row in _pack_rows("statement_cues.tsv"):
        if len(row) >= 2:
            out.setdefault((row[0], code), []).append(row[1])
    for k in out:
        out[k].sort(key=len, reverse=True)
    return out


@lang.cached(maxsize=None)
def attribute_cues(code: str) -> dict[str, str]:
    """Cue → attribute key, from the pack ``code``'s ``attribute_cues.tsv``."""
    return dict(lang.pack(code).table("attribute_cues"))


# ---- closed-class markers -----------------------------------------------------------------------------------

@lang.cached(maxsize=1)
def _markers() -> dict[str, tuple[str, ...]]:
    """Every pack's ``markers.tsv`` rows, a category's words from all of them (a pack added later adds to a
    category another pack also fills; it does not replace it)."""
    out: dict[str, dict[str, None]] = {}
    for _, row in _pack_rows("markers.tsv"):
        if len(row) >= 2:
            out.setdefault(row[0], {}).update(dict.fromkeys(_split(row[1])))
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}


def markers(category: str) -> tuple[str, ...]:
    """Closed-class words of a category, longest first (``zh_classifier``, ``en_recall_verb``, ...)."""
    return _markers().get(category, ())


@lang.cached(maxsize=None)
def marker_set(category: str) -> frozenset[str]:
    return frozenset(w.lower() for w in markers(category))


@lang.cached(maxsize=1)
def surnames() -> frozenset[str]:
    return frozenset(r[0] for _, r in _pack_rows("surnames.txt"))
