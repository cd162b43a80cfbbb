"""One language pack: a folder of data files (``.txt`` word lists, ``.tsv`` tables, ``.re`` patterns, and
``templates.tsv``) plus ``rules.py`` for what must be code. Files are read once, on first use."""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cached_property, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Callable

from graphmem.errors import ConfigError

_KINDS = {".txt": "words", ".tsv": "table", ".re": "regex"}
_NEVER = r"(?!x)x"
_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")


def _lines(path: Path) -> list[str]:
    """The file's lines without comments (``#`` first) and blank lines."""
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]


class Pack:
    """The word rules of one language; see ``graphmem.lang``."""

    def __init__(self, lang: str, folder: Path, builtin: bool = False):
        self.lang, self.folder, self._builtin = lang, folder, builtin
        self._fns: dict[str, Callable] = {}

    def __repr__(self) -> str:
        return f"Pack({self.lang!r}, {str(self.folder)!r})"

    @staticmethod
    def is_pack(folder: Path) -> bool:
        return (folder / "rules.py").is_file()

    def _file(self, name: str, ext: str) -> Path:
        p = self.folder / f"{name}{ext}"
        if not p.is_file():
            raise ConfigError(f"language pack {self.lang!r} has no {p.name}")
        return p

    # -- data ---------------------------------------------------------------------------------------------------
    @lru_cache(maxsize=None)
    def seq(self, name: str) -> tuple[str, ...]:
        """``name.txt``: one entry per line, in file order."""
        return tuple(ln.strip() for ln in _lines(self._file(name, ".txt")))

    @lru_cache(maxsize=None)
    def words(self, name: str) -> frozenset[str]:
        """``name.txt`` as a set."""
        return frozenset(self.seq(name))

    @lru_cache(maxsize=None)
    def rows(self, name: str) -> tuple[tuple[str, ...], ...]:
        """``name.tsv``: tab-separated rows, cells verbatim (spaces count)."""
        return tuple(tuple(ln.split("\t")) for ln in _lines(self._file(name, ".tsv")))

    @lru_cache(maxsize=None)
    def table(self, name: str) -> dict[str, str]:
        """``name.tsv`` as first column -> second column (an empty string when there is none)."""
        return {r[0]: (r[1] if len(r) > 1 else "") for r in self.rows(name)}

    @lru_cache(maxsize=None)
    def regex(self, name: str) -> re.Pattern:
        """``name.re``: the pattern's lines joined without separators (``(?i)`` first for flags); a file with no
        pattern (the language has none) never matches."""
        return re.compile("".join(ln.strip() for ln in _lines(self._file(name, ".re"))) or _NEVER)

    @lru_cache(maxsize=None)
    def patterns(self, name: str) -> dict[str, re.Pattern]:
        """``name.tsv`` of ``key<TAB>pattern`` rows: one compiled pattern per key."""
        return {k: re.compile(v) for k, v in self.table(name).items()}

    def source(self, name: str, key: str | None = None) -> tuple[str, str]:
        """(pattern without its leading flags, the flag letters) of ``name.re``, or of row ``key`` of ``name.tsv``."""
        pat = self.regex(name) if key is None else self.patterns(name).get(key)
        if pat is None or pat.pattern == _NEVER:
            return "", ""
        m = _FLAGS.match(pat.pattern)
        return (pat.pattern[m.end():], m.group(1)) if m else (pat.pattern, "")

    def say(self, name: str, **values) -> str:
        """The row ``name`` of ``templates.tsv`` formatted with ``values``."""
        try:
            return self.table("templates")[name].format(**values)
        except KeyError as e:
            raise ConfigError(f"language pack {self.lang!r}: template {name!r} or its field {e} is missing") from e

    # -- code ---------------------------------------------------------------------------------------------------
    @cached_property
    def rules(self) -> ModuleType:
        """The pack's ``rules.py``."""
        if self._builtin:
            return importlib.import_module(f"graphmem.lang.{self.lang}.rules")
        spec = importlib.util.spec_from_file_location(f"graphmem_lang_ext_{self.lang}_rules", self.folder / "rules.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod

    def fn(self, name: str) -> Callable:
        """The function ``name`` of ``rules.py`` (its ``__all__``); found once, then read from ``_fns`` (the rules
        ask for a function per clause and rule)."""
        try:
            return self._fns[name]
        except KeyError:
            pass
        if name not in getattr(self.rules, "__all__", ()):
            raise ConfigError(f"language pack {self.lang!r}: rules.py exports no {name!r}")
        f = self._fns[name] = getattr(self.rules, name)
        return f

    def names(self) -> set[str]:
        """Everything the pack provides, as ``kind:name`` (``words:fillers``, ``say:said_so``, ``fn:...``)."""
        out = {f"{_KINDS[p.suffix]}:{p.stem}" for p in self.folder.iterdir()
               if p.suffix in _KINDS and not p.stem.startswith("_")}   # _name: private to the pack's rules.py
        if (self.folder / "templates.tsv").is_file():
            out |= {f"say:{k}" for k in self.table("templates")}
        return out | {f"fn:{n}" for n in getattr(self.rules, "__all__", ())}
