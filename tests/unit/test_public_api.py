"""The public API (issue 17, item 5): every name a user needs comes from ``graphmem`` itself, lazily."""

from __future__ import annotations

import subprocess
import sys

import graphmem


def test_every_public_name_resolves_to_its_class():
    from graphmem.memory import Memory, MemorySession
    from graphmem.model import EntityCard, FactVersion, Profile
    from graphmem.recall.retriever import RecallConfig
    from graphmem.recall.types import Recalled, RelatedEntity
    from graphmem import errors

    assert graphmem.Memory is Memory and graphmem.MemorySession is MemorySession
    assert (graphmem.EntityCard, graphmem.FactVersion, graphmem.Profile) == (EntityCard, FactVersion, Profile)
    assert (graphmem.RecallConfig, graphmem.Recalled, graphmem.RelatedEntity) == (RecallConfig, Recalled, RelatedEntity)
    assert graphmem.InputError is errors.InputError and issubclass(graphmem.NotFound, graphmem.GraphmemError)
    for name in graphmem.__all__:
        assert getattr(graphmem, name) is not None, name
    assert set(graphmem.__all__) <= set(dir(graphmem))


def test_importing_graphmem_loads_neither_the_driver_nor_models():
    code = ("import sys, graphmem; print(any(m.split('.')[0] in ('neo4j', 'spacy', 'numpy') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
