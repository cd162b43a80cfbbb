"""Language packs (issue 17): every word rule and lexicon of a language lives in one folder, loaded by name.

    from graphmem.lang import pack
    p = pack("zh")
    p.words("fillers")          # frozenset from zh/fillers.txt   (p.seq(...) keeps the file's order)
    p.table("role_names")       # dict from zh/role_names.tsv     (first column -> second)
    p.regex("my")               # compiled pattern from zh/my.re
    p.say("said_so", a="3月")    # a row of zh/templates.tsv, formatted
    p.fn("to_second_person")    # a function of zh/rules.py (its ``__all__``)

A pack is a folder named by its language code (``graphmem/lang/<code>/``); ``add_path(dir)`` registers a folder
holding more packs. Every pack provides the same names (``check``). Unknown codes get the default pack (English).
See ``graphmem/lang/README.md``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from graphmem.errors import ConfigError
from graphmem.lang.pack import Pack

DEFAULT = "en"
_BUILTIN = Path(__file__).resolve().parent
_paths: list[Path] = [_BUILTIN]


def add_path(folder: str | Path) -> None:
    """Look for packs in ``folder`` too (after the built-in ones): ``folder/<code>/`` is the pack for ``<code>``."""
    p = Path(folder).resolve()
    if p not in _paths:
        _paths.append(p)
        _clear()


def remove_path(folder: str | Path) -> None:
    """Undo ``add_path``."""
    p = Path(folder).resolve()
    if p != _BUILTIN and p in _paths:
        _paths.remove(p)
        _clear()


def _clear() -> None:
    for f in (_load, _codes, pack, _packs, union, *_built):
        f.cache_clear()


_built: list = []


def cached(fn=None, *, maxsize: int | None = None):
    """``lru_cache`` for what is built from the packs (a combined table, a compiled grammar, a text's reading):
    cleared with the registry's caches when a pack folder is added or removed, so a pack added later counts.
    ``@cached`` or ``@cached(maxsize=n)``."""
    def wrap(f):
        c = lru_cache(maxsize=maxsize)(f)
        _built.append(c)
        return c
    return wrap(fn) if fn is not None else wrap


def languages() -> list[str]:
    """The codes of every pack found on the search path."""
    return list(_codes())


@lru_cache(maxsize=1)
def _codes() -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for base in _paths:
        for d in sorted(base.iterdir()) if base.is_dir() else ():
            if d.is_dir() and Pack.is_pack(d):
                seen.setdefault(d.name, None)
    return tuple(seen)


def has(lang: str | None) -> bool:
    return bool(lang) and lang in _codes()


@lru_cache(maxsize=256)   # asked per clause and rule: the cache is the function itself (one call, not two)
def pack(lang: str | None = None) -> Pack:
    """The pack for ``lang``; the default (English) pack when no folder has that code."""
    return _load(lang if has(lang) else DEFAULT)


@lru_cache(maxsize=None)
def _load(lang: str) -> Pack:
    for base in _paths:
        d = base / lang
        if d.is_dir() and Pack.is_pack(d):
            return Pack(lang, d, builtin=base == _BUILTIN)
    raise ConfigError(f"no language pack {lang!r} on {[str(p) for p in _paths]}")


def of_text(text: str) -> str:
    """The code of the first non-default pack whose script (``script.re``) occurs in ``text``, else the default."""
    for code in languages():
        if code != DEFAULT and pack(code).regex("script").search(text or ""):
            return code
    return DEFAULT


def packs() -> tuple[Pack, ...]:
    """Every pack, in search order (the default's folder first among the built-in ones: ``en``, ``zh``); one tuple,
    built once (the rules ask for it per clause)."""
    return _packs()


@lru_cache(maxsize=1)
def _packs() -> tuple[Pack, ...]:
    return tuple(pack(c) for c in languages())


@cached(maxsize=16)
def table_keys(name: str) -> tuple[str, ...]:
    """The keys (first cells) of every pack's ``name.tsv``, in pack order, each once."""
    return tuple(dict.fromkeys(r[0] for p in packs() for r in p.rows(name)))


@lru_cache(maxsize=None)
def union(name: str, key: str | None = None) -> re.Pattern:
    """One pattern matching what any pack's ``name.re`` (or row ``key`` of ``name.tsv``) matches, the packs'
    alternatives in search order, each keeping its own flags. Capturing groups are numbered across packs."""
    parts = []
    for p in packs():
        body, flags = p.source(name, key)
        if body:
            parts.append(f"(?{flags}:{body})" if flags else f"(?:{body})")
    return re.compile("|".join(parts) or r"(?!x)x")


def of_label(label: str | None) -> str:
    """A detector's label as a pack code: a pack's code as it is; "mixed" (text in two scripts) the first
    non-default pack, whose script is in it; anything else the default."""
    if has(label):
        return label
    if label == "mixed":
        return next((c for c in languages() if c != DEFAULT), DEFAULT)
    return DEFAULT


def others(lang: str) -> list[Pack]:
    """Every pack but ``lang``'s, in search order (for names that carry another language's words)."""
    return [pack(c) for c in languages() if c != pack(lang).lang]


@cached
def self_names(addressed: bool = False) -> frozenset[str]:
    """The names the user's own node answers to in every pack (``self_names.txt``: me, my, 我 …) and "" (no
    subject); with ``addressed``, also what a memory's text calls the user when it speaks to them
    (``self_addressed.txt``: you, your)."""
    names = {""}
    for p in packs():
        names |= {w.casefold() for w in p.words("self_names") | (p.words("self_addressed") if addressed else frozenset())}
    return frozenset(names)


def check(lang: str) -> None:
    """Raise ConfigError unless ``lang``'s pack provides exactly the names the default pack does."""
    want, got = _load(DEFAULT).names(), _load(lang).names()
    if want != got:
        raise ConfigError(f"language pack {lang!r}: missing {sorted(want - got)}, extra {sorted(got - want)}")


__all__ = ["DEFAULT", "Pack", "add_path", "cached", "check", "has", "languages", "of_label", "of_text", "others", "pack", "packs", "remove_path", "self_names", "union"]
