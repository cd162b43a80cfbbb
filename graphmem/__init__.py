"""graphmem: knowledge-graph long-term memory for AI agents, on Neo4j, with zero LLM calls by default."""

from graphmem.errors import GraphmemError
from graphmem.settings import Settings

__version__ = "0.1.0"
__all__ = ["GraphmemError", "Settings", "__version__"]
