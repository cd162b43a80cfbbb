"""graphmem: knowledge-graph long-term memory for AI agents, on Neo4j, with zero LLM calls by default."""

from graphmem.errors import GraphmemError
from graphmem.settings import Settings

__version__ = "0.1.0"
__all__ = ["GraphmemError", "Memory", "Settings", "__version__"]


def __getattr__(name: str):
    """``graphmem.Memory`` is imported lazily (it pulls in the driver and the write path)."""
    if name == "Memory":
        from graphmem.memory import Memory
        return Memory
    raise AttributeError(f"module 'graphmem' has no attribute {name!r}")
