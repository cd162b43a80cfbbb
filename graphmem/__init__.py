"""graphmem: knowledge-graph long-term memory for AI agents, on Neo4j, with zero LLM calls by default.

The public API: everything a user needs is importable from here, so no one imports from internal modules.

* :class:`Memory` (and the sessions it opens, :class:`MemorySession`, whose ``context()`` gives a
  :class:`Context`), :class:`Settings`, :class:`RecallConfig`;
* what reads return: :class:`Recalled`, :class:`EntityCard`, :class:`FactVersion`, :class:`Profile`,
  :class:`RelatedEntity`;
* the errors (:mod:`graphmem.errors`): :class:`GraphmemError` and its subclasses.

Heavy parts (the driver, the write path, models) load on first use of the name that needs them.
"""

from graphmem.errors import (AccessDenied, AuthError, ConfigError, GraphmemError, InputError, ModelError, NotFound,
                             QueryError, SchemaError, ServerError, StoreBusy, StoreError, StoreUnavailable)
from graphmem.settings import Settings

__version__ = "0.1.0"
_LAZY = {
    "Memory": ("graphmem.memory", "Memory"),
    "MemorySession": ("graphmem.memory", "MemorySession"),
    "Context": ("graphmem.short_term.session", "Context"),
    "RecallConfig": ("graphmem.recall.retriever", "RecallConfig"),
    "Recalled": ("graphmem.recall.types", "Recalled"),
    "RelatedEntity": ("graphmem.recall.types", "RelatedEntity"),
    "EntityCard": ("graphmem.model", "EntityCard"),
    "FactVersion": ("graphmem.model", "FactVersion"),
    "Profile": ("graphmem.model", "Profile"),
}
__all__ = ["AccessDenied", "AuthError", "ConfigError", "Context", "EntityCard", "FactVersion", "GraphmemError",
           "InputError", "Memory", "MemorySession", "ModelError", "NotFound", "Profile", "QueryError",
           "RecallConfig", "Recalled", "RelatedEntity", "SchemaError", "ServerError", "Settings", "StoreBusy",
           "StoreError", "StoreUnavailable", "__version__"]


def __getattr__(name: str):
    """The names in ``_LAZY`` are imported on first use (they pull in the driver, models or the write path)."""
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'graphmem' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
